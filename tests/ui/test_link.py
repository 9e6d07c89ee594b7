"""Replay links: a record in a URL fragment, and every way a link can be bad."""

from __future__ import annotations

import base64
import json
import zlib
from pathlib import Path

import pytest

from serm.core.record import Record, loads
from serm.ui.link import MAX_JSON_BYTES, MAX_LINK_CHARS, PREFIX, LinkError, fragment, is_link, read

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "complete-game.json"
SAFE = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_=.")


@pytest.fixture(scope="module")
def record() -> Record:
    return loads(EXAMPLE.read_text())


def _pack(data: bytes) -> str:
    return PREFIX + base64.urlsafe_b64encode(zlib.compress(data)).decode().rstrip("=")


def _refused(text: str) -> str:
    with pytest.raises(LinkError) as caught:
        read(text)
    message = str(caught.value)
    assert "Error" not in message and "Traceback" not in message and "actions[" not in message
    return message


def test_round_trip(record: Record) -> None:
    text = fragment(record)
    assert text.startswith(PREFIX) and set(text) <= SAFE
    assert is_link("#" + text)
    back = read("#" + text)
    assert back.to_dict() == record.to_dict()
    assert len(text) < len(EXAMPLE.read_text())  # compressed


def test_wrong_prefix() -> None:
    assert "not a replay link" in _refused("section-2")
    assert "another version" in _refused("watch=s9." + fragment_body())
    garbage = _refused("watch=%%%garbage<>!!éé")  # not any version's link: damaged
    assert "damaged" in garbage and "another version" not in garbage


def fragment_body() -> str:
    return base64.urlsafe_b64encode(zlib.compress(b"{}")).decode()


def test_damaged_and_truncated(record: Record) -> None:
    text = fragment(record)
    assert "cut short" in _refused(text[: len(text) // 2])
    assert "cut short" in _refused(text[:-1]) or "damaged" in _refused(text[:-1])
    assert "damaged" in _refused(text[:-3] + "!!!")
    flipped = text[: len(PREFIX) + 20] + ("A" if text[len(PREFIX) + 20] != "A" else "B")
    assert "damaged" in _refused(flipped + text[len(PREFIX) + 21 :])
    assert "damaged" in _refused(PREFIX)
    assert "extra text" in _refused(_pack(record.to_json().encode()) + "AAAA")


def test_too_long_link() -> None:
    assert "too long" in _refused(PREFIX + "A" * (MAX_LINK_CHARS + 1))


def test_zip_bomb_stops_at_the_bound() -> None:
    bomb = _pack(b" " * (50 * MAX_JSON_BYTES))  # 50 MB of spaces: a few tens of kB packed
    assert len(bomb) < MAX_LINK_CHARS
    assert "more than a game record" in _refused(bomb)


def test_hostile_json_is_checked_as_a_record(record: Record) -> None:
    assert "not text" in _refused(_pack(b"\xff\xfe{"))
    assert "cannot be read" in _refused(_pack(b"[" * 100_000))
    assert "cannot be read" in _refused(_pack(b'{"format": "serm-record", "version": 99}'))
    hostile = record.to_dict()
    hostile["players"]["1"]["name"] = "<script>alert(1)</script>" * 3
    assert "cannot be read" in _refused(_pack(json.dumps(hostile).encode()))
    hostile = record.to_dict()
    hostile["actions"][3] = {"type": "shoot", "player": 1, "shooter": "x" * 5000}
    assert "cannot be read" in _refused(_pack(json.dumps(hostile).encode()))
    assert "cannot be read" in _refused(_pack(b"1e999999"))
