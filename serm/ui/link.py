"""A game record in a link's fragment ("watch from a link").

``fragment(record)`` is ``PREFIX`` followed by the record's compact JSON, deflated (zlib) and
written in URL-safe base64 without padding. The fragment never leaves the browser (it is not sent
to a server). ``read(fragment)`` undoes it with every size bounded before any work: the link's
length (``MAX_LINK_CHARS``), the compressed bytes, and the inflated text (``MAX_JSON_BYTES``,
read with ``decompressobj``'s ``max_length`` so a zip bomb stops there); the text is then checked
as any record is (``serm.core.record.loads``). Every refusal is a ``LinkError`` whose message is
plain words for the page.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib

from ..core.record import Record, RecordError, loads

KEY = "watch="
"""What every replay link's fragment starts with, whatever the version of its encoding."""
PREFIX = KEY + "s1."
"""What a replay link's fragment of this encoding starts with (``KEY`` and its version)."""
OTHER_VERSION = re.compile(re.escape(KEY) + r"s[0-9]+\.")
"""How a link of any version of the encoding begins (``watch=s2.``)."""
MAX_JSON_BYTES = 1_000_000
"""The most record text a link may inflate to (a long game's record is well under 200 kB)."""
MAX_LINK_CHARS = 400_000
"""The longest fragment read (the compressed record of a long game is a few tens of kB)."""


class LinkError(ValueError):
    """A replay link that cannot be watched; ``str()`` says why in words for players."""


def fragment(record: Record) -> str:
    """The fragment (without ``#``) that holds ``record``."""
    text = json.dumps(record.to_dict(), separators=(",", ":"))
    packed = zlib.compress(text.encode("utf-8"), 9)
    return PREFIX + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def is_link(fragment_text: str) -> bool:
    """True when a page's fragment (with or without ``#``) is meant as a replay link."""
    return fragment_text.lstrip("#").startswith(KEY)


def read(fragment_text: str) -> Record:
    """The record a fragment holds (with or without its ``#``); raises ``LinkError``."""
    text = fragment_text.lstrip("#")
    if len(text) > MAX_LINK_CHARS:
        raise LinkError("This replay link is too long to be one of this game's links.")
    if not text.startswith(PREFIX):
        if OTHER_VERSION.match(text):
            raise LinkError(
                "This replay link was made by another version of the game, which this one "
                "cannot read."
            )
        if is_link(text):
            raise LinkError(_damaged("it has letters a link of this game never has"))
        raise LinkError("This is not a replay link of this game.")
    packed = _unbase64(text[len(PREFIX) :])
    raw = _inflate(packed)
    try:
        body = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise LinkError(_damaged("its game record is not text")) from exc
    try:
        return loads(body)
    except RecordError as exc:
        raise LinkError(_damaged(f"its game record cannot be read: {exc.for_people()}")) from exc


def _damaged(why: str) -> str:
    return f"This replay link is damaged ({why}). Ask for the link again, or copy all of it."


def _unbase64(body: str) -> bytes:
    if not body or any(not (c.isascii() and (c.isalnum() or c in "-_")) for c in body):
        raise LinkError(_damaged("it has letters a link of this game never has"))
    if len(body) % 4 == 1:
        raise LinkError(_damaged("it is cut short"))
    try:
        return base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError) as exc:
        raise LinkError(_damaged("it is cut short")) from exc


def _inflate(packed: bytes) -> bytes:
    """The inflated bytes, never more than ``MAX_JSON_BYTES`` of them."""
    inflater = zlib.decompressobj()
    try:
        out = inflater.decompress(packed, MAX_JSON_BYTES + 1)
    except zlib.error as exc:
        raise LinkError(_damaged("its contents are scrambled")) from exc
    if len(out) > MAX_JSON_BYTES or inflater.unconsumed_tail:
        raise LinkError(
            "This replay link holds more than a game record of this game can be, so it was "
            "not opened."
        )
    if not inflater.eof:
        raise LinkError(_damaged("it is cut short"))
    if inflater.unused_data:
        raise LinkError(_damaged("it has extra text after the game record"))
    return out
