"""Playing a friend by link: the letters two devices pass and how a device takes one in
(docs/link-play.md).

A letter is a link's fragment: ``PREFIX`` and its JSON, deflated and in URL-safe base64, as a
replay link (``serm.ui.link``). Four kinds, each naming its game (``g``) and the side that sent
it (``s``):

- ``invite``: the table, the players, the rules, the inviter's side, commitment and standing
  React order;
- ``answer``: the friend's secret and standing order;
- ``play``: the actions the other device lacks, from action ``f`` on, with the hash of the
  record before them (``h``) and, in the inviter's first, its secret (``r``);
- ``game``: the whole game (for a device that lost its copy).

``receive`` takes a letter into the game this device holds (or none) and returns the game after
it, or raises ``Refused`` in plain words, the held game unchanged: a letter that does not follow
the game held, whose secret does not match its commitment, whose dice are not the joint seed's,
whose decisions are not its sender's or whose standing orders differ.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from dataclasses import dataclass, replace
from typing import Any

from ..core import pact as pacts
from ..core.actions import Action, Roll
from ..core.game import Game
from ..core.jsontext import TextError
from ..core.jsontext import loads as read_json
from ..core.pact import Pact, PactError
from ..core.record import (
    LINK_VERSION,
    Record,
    RecordError,
    from_dict,
    replay,
    replay_steps,
)
from ..core.scenario import Scenario
from ..core.state import State, Status, new_game
from . import compact
from .model import YOU, Seats

KEY = "play="
"""What every friend link's fragment starts with, whatever the version of its encoding."""
PREFIX = KEY + "f1."
"""What a friend link of this encoding starts with."""
MAX_LINK_CHARS = 200_000
"""The longest fragment read (a whole long game is a few thousand characters)."""
MAX_JSON_BYTES = 1_000_000
"""The most text a link may inflate to."""
HASH_HEX = 16
"""Hex digits of the record's hash a ``play`` letter carries (64 bits)."""
KINDS = ("invite", "answer", "play", "game")
FILE_PAST = 8_000
"""Past this many characters the page offers a file beside the link (messengers cut long
links)."""


class Refused(ValueError):
    """A friend link this device does not take in; ``str()`` says why for players."""


@dataclass(frozen=True)
class Held:
    """A game by link as one device holds it: its record (whose pact holds the secrets known
    here), the side this device plays and how many actions the friend's device is known to hold
    (``peer_has``: those of the last letter it sent, or 0)."""

    record: Record
    me: int
    peer_has: int = 0

    @property
    def pact(self) -> Pact:
        assert self.record.link is not None
        return self.record.link

    @property
    def friend(self) -> int:
        return 3 - self.me


@dataclass(frozen=True)
class Received:
    """A letter taken in: the game after it, the number of actions held before it (the page
    shows those after it) and words for the page when nothing new came (else None)."""

    held: Held
    since: int
    note: str | None = None
    decisions: tuple[Action, ...] = ()
    """The friend's decisions among the new actions, in order (not the rolls or the Reacts a
    standing order decided, which a game by link makes itself): played in turn, they take the
    game held before to the game after."""


def seated(held: Held, seats: Seats) -> Seats:
    """The seats at this screen for a game by link: the friend's side plays from its links (a
    computer's seat here, whose decisions the links carry) and this device's side is named as
    "you" ("Player 1 (you)"), since both devices show the same names otherwise."""
    one, two = (
        seats.name(p) + ("" if p != held.me or seats.name(p).endswith(YOU) else YOU) for p in (1, 2)
    )
    return replace(seats, names=(one, two), computers=frozenset({held.friend}))


# -- Making letters ---------------------------------------------------------------------------


def start(
    scenario: Scenario,
    side: int,
    players: dict[int, dict[str, str]],
    order: int | None = None,
    secret: str | None = None,
    game_id: str | None = None,
) -> Held:
    """A new game by link that this device, playing ``side``, invites a friend to (``secret``
    and ``game_id``: as ``serm.core.pact.invite``)."""
    pact, _ = pacts.invite(side, order, secret, game_id)
    game = Game(scenario, link=pact)
    game.record.players = {k: dict(v) for k, v in players.items()}
    return Held(game.record, side)


def outgoing(held: Held) -> str:
    """The fragment to send the friend now: the invitation until the friend answered, the
    answer until the inviter revealed, else the actions the friend lacks."""
    pact = held.pact
    if not pact.sealed and held.me == pact.inviter:
        return pack(_invite(held))
    if not pact.sealed:
        return pack(_answer(held))
    return pack(_play(held))


def whole(held: Held) -> str:
    """The fragment of the whole game, for a device that lost its copy (once both secrets are
    known; before that, ``outgoing``)."""
    if not held.pact.sealed:
        return outgoing(held)
    record = held.record
    letter = _head(held, "game")
    letter.update(
        i=held.pact.inviter,
        c=held.pact.commit,
        x=list(held.pact.secrets),
        o=list(held.pact.orders),
        rules=record.rules_version,
        sc=record.scenario.to_dict(),
        pl={str(k): v for k, v in sorted(record.players.items())},
        a=[compact.encode(a) for a in record.actions],
    )
    return pack(letter)


def waiting_on_friend(held: Held) -> bool:
    """True when the game waits on the friend's device: its answer, the inviter's reveal, or
    the friend's decision."""
    pact = held.pact
    if not pact.sealed:
        return True
    state = replay_state(held.record)
    if state.status == Status.FINISHED:
        return False
    return state.pending is not None and state.pending.player == held.friend


def replay_state(record: Record) -> State:
    return replay(record)


def _head(held: Held, kind: str) -> dict[str, Any]:
    return {"k": kind, "g": held.pact.game, "s": held.me}


def _invite(held: Held) -> dict[str, Any]:
    record, pact = held.record, held.pact
    letter = _head(held, "invite")
    letter.update(
        c=pact.commit,
        o=pact.order(held.me),
        rules=record.rules_version,
        sc=record.scenario.to_dict(),
        pl={str(k): v for k, v in sorted(record.players.items())},
    )
    return letter


def _answer(held: Held) -> dict[str, Any]:
    letter = _head(held, "answer")
    letter.update(b=held.pact.secret(held.me), o=held.pact.order(held.me))
    return letter


def _play(held: Held) -> dict[str, Any]:
    actions = held.record.actions
    start_at = min(held.peer_has, len(actions))
    letter = _head(held, "play")
    letter.update(
        f=start_at,
        h=pacts.chain_at(held.pact, actions[:start_at])[:HASH_HEX],
        a=[compact.encode(a) for a in actions[start_at:]],
    )
    if held.me == held.pact.inviter and start_at == 0:
        letter["r"] = held.pact.secret(held.me)
    return letter


def pack(letter: dict[str, Any]) -> str:
    text = json.dumps(letter, separators=(",", ":"))
    packed = zlib.compress(text.encode("utf-8"), 9)
    return PREFIX + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


# -- Reading letters --------------------------------------------------------------------------


def is_link(fragment_text: str) -> bool:
    """True when a page's fragment (with or without ``#``) is meant as a friend link."""
    return fragment_text.lstrip("#").startswith(KEY)


def read(fragment_text: str) -> dict[str, Any]:
    """The letter a fragment holds, its shape checked (not yet its game); raises ``Refused``."""
    text = fragment_text.lstrip("#")
    if len(text) > MAX_LINK_CHARS:
        raise Refused("This link is too long to be one of this game's links, so it was not opened.")
    if not text.startswith(PREFIX):
        if text.startswith(KEY) and text[len(KEY) : len(KEY) + 1] == "f":
            raise Refused(
                "This link was made by a newer version of the game. Reload the page (it updates "
                "itself), then open the link again."
            )
        raise Refused(_damaged("it does not start as a link to play a friend does"))
    body = text[len(PREFIX) :]
    if not body or any(not (c.isascii() and (c.isalnum() or c in "-_")) for c in body):
        raise Refused(_damaged("it has letters a link of this game never has"))
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError) as exc:
        raise Refused(_damaged("it is cut short")) from exc
    letter = _parse(_inflate(packed))
    if letter.get("k") not in KINDS:
        raise Refused(_damaged("it is not one of this game's links"))
    if not pacts.is_hex(letter.get("g"), pacts.GAME_HEX) or letter.get("s") not in (1, 2):
        raise Refused(_damaged("it does not say which game and which side sent it"))
    return letter


def _parse(raw: bytes) -> dict[str, Any]:
    try:
        letter = read_json(raw.decode("utf-8"), MAX_JSON_BYTES, "the link")
    except (UnicodeDecodeError, TextError) as exc:
        raise Refused(_damaged("its contents are not a game's")) from exc
    if not isinstance(letter, dict):
        raise Refused(_damaged("its contents are not a game's"))
    return letter


def _inflate(packed: bytes) -> bytes:
    inflater = zlib.decompressobj()
    try:
        out = inflater.decompress(packed, MAX_JSON_BYTES + 1)
    except zlib.error as exc:
        raise Refused(_damaged("its contents are scrambled")) from exc
    if len(out) > MAX_JSON_BYTES or inflater.unconsumed_tail:
        raise Refused("This link holds more than a game of this game can be, so it was not opened.")
    if not inflater.eof:
        raise Refused(_damaged("it is cut short"))
    if inflater.unused_data:
        raise Refused(_damaged("it has extra text after the game"))
    return out


def _damaged(why: str) -> str:
    return f"This link is damaged ({why}). Ask your friend to send it again, or copy all of it."


def receive(
    letter: dict[str, Any],
    held: Held | None,
    order: int | None = None,
    secret: str | None = None,
) -> Received:
    """Take ``letter`` into ``held`` (the game of the letter's id this device holds, or None).

    ``order`` is this device's standing React order when the letter is an invitation (the
    friend sets it when answering), ``secret`` its secret (default: drawn at random).
    Raises ``Refused`` saying why; nothing is changed then.
    """
    kind = letter["k"]
    if held is not None and letter["s"] == held.me:
        raise Refused(
            "This is the link your own device made. Send it to your friend; opening it here "
            "changes nothing."
        )
    if kind == "invite":
        return _take_invite(letter, held, order, secret or pacts.new_secret())
    if held is None and kind != "game":
        raise Refused(
            "This link continues a game this device does not hold. Ask your friend to send the "
            "whole game (Send the whole game)."
        )
    if kind == "answer":
        assert held is not None
        return _take_answer(letter, held)
    if kind == "game":
        return _take_game(letter, held)
    assert held is not None
    return _take_play(letter, held)


def _take_invite(
    letter: dict[str, Any], held: Held | None, order: int | None, secret: str
) -> Received:
    if held is not None:
        return Received(held, len(held.record.actions), "You have already opened this invitation.")
    commit = letter.get("c")
    sender = letter["s"]
    link = {
        "game": letter["g"],
        "inviter": sender,
        "commit": commit,
        "secrets": [None, None],
        "orders": [letter.get("o"), None] if sender == 1 else [None, letter.get("o")],
    }
    record = _record(letter, link, [])
    me = 3 - sender
    pact = record.link
    assert pact is not None
    if not pacts.is_hex(secret, pacts.SECRET_HEX):
        raise ValueError("a secret is 32 hex digits")
    pact = pact.with_secret(me, secret).with_order(me, order)
    return Received(Held(replace(record, link=pact), me), 0)


def _record(letter: dict[str, Any], link: dict[str, Any], actions: list[Any]) -> Record:
    """The record a letter's table, players and pact describe, checked as any record is."""
    data = {
        "format": "serm-record",
        "version": LINK_VERSION,
        "rules": letter.get("rules"),
        "scenario": letter.get("sc"),
        "players": letter.get("pl"),
        "seed": None,
        "actions": actions,
        "link": link,
    }
    try:
        return from_dict(data)
    except RecordError as exc:
        if exc.where in ("rules", "version"):
            raise Refused(
                "This link was made by a newer version of the game. Reload the page (it "
                "updates itself), then open the link again."
            ) from exc
        raise Refused(_damaged(f"its game cannot be read: {exc.for_people()}")) from exc


def _take_answer(letter: dict[str, Any], held: Held) -> Received:
    pact = held.pact
    secret, order = letter.get("b"), letter.get("o")
    if not pacts.is_hex(secret, pacts.SECRET_HEX) or not (order is None or pacts.is_order(order)):
        raise Refused(_damaged("its secret or standing order is not one this game makes"))
    known = pact.secret(held.friend)
    assert isinstance(secret, str)
    if known is not None:
        if known == secret and order == pact.order(held.friend):
            return Received(held, len(held.record.actions), "You have already opened this answer.")
        raise Refused(
            "This answer differs from the one your friend's device already sent, so it was "
            "not taken: the game goes on with the first."
        )
    sealed = pact.with_secret(held.friend, secret).with_order(held.friend, order)
    game = Game.from_record(replace(held.record, link=sealed))
    game.roll_pending()
    return Received(replace(held, record=game.record), 0)


def _take_play(letter: dict[str, Any], held: Held) -> Received:
    start_at, mark, items = letter.get("f"), letter.get("h"), letter.get("a")
    if type(start_at) is not int or start_at < 0 or not isinstance(items, list):
        raise Refused(_damaged("it does not say where its moves begin"))
    if not isinstance(mark, str):
        raise Refused(_damaged("it does not say which game position it follows"))
    mine = held.record.actions
    if start_at > len(mine):
        raise Refused(
            "This link follows another link from your friend that you have not opened yet. "
            "Open that one first (or ask your friend to send the whole game)."
        )
    pact = held.pact
    if pacts.chain_at(pact, mine[:start_at])[:HASH_HEX] != mark:
        raise Refused(
            "This link does not follow the game on this device: the moves before it differ. "
            "Ask your friend to send the whole game."
        )
    reveal = letter.get("r")
    if reveal is not None:
        pact = _revealed(pact, reveal)
    if not pact.sealed:
        raise Refused(_damaged("it does not reveal your friend's secret"))
    actions = mine[:start_at] + _decoded(items)
    return _extend(held, pact, actions)


def _revealed(pact: Pact, reveal: Any) -> Pact:
    if not pacts.is_hex(reveal, pacts.SECRET_HEX):
        raise Refused(_damaged("its secret is not one this game makes"))
    known = pact.secret(pact.inviter)
    if known is not None:
        if known != reveal:
            raise Refused(_tampered("its secret is not the one your friend revealed before"))
        return pact
    try:
        return pact.with_secret(pact.inviter, reveal)
    except PactError as exc:
        raise Refused(_tampered(str(exc))) from exc


def _take_game(letter: dict[str, Any], held: Held | None) -> Received:
    secrets, orders = letter.get("x"), letter.get("o")
    link = {
        "game": letter["g"],
        "inviter": letter.get("i"),
        "commit": letter.get("c"),
        "secrets": secrets,
        "orders": orders,
    }
    items = letter.get("a")
    if not isinstance(items, list):
        raise Refused(_damaged("it does not list the game's moves"))
    record = _record(letter, link, [])
    pact = record.link
    assert pact is not None
    if not pact.sealed:
        raise Refused(_damaged("it does not hold both players' secrets"))
    actions = _decoded(items)
    if held is None:
        me = 3 - letter["s"]
        fresh = Held(replace(record, actions=[]), me)
        return _extend(fresh, pact, actions, friend_only=False)
    ours = held.pact
    if (pact.inviter, pact.commit, pact.orders) != (ours.inviter, ours.commit, ours.orders):
        raise Refused(_tampered("its players' commitments or standing React orders differ"))
    if record.scenario != held.record.scenario or record.players != held.record.players:
        raise Refused(_tampered("its table or players differ from the game on this device"))
    for side in (1, 2):
        if ours.secret(side) not in (None, pact.secret(side)):
            raise Refused(_tampered("its secrets are not the ones agreed"))
    return _extend(held, pact, actions)


def _decoded(items: list[Any]) -> list[Action]:
    out = []
    for i, item in enumerate(items):
        try:
            out.append(compact.decode(item))
        except ValueError as exc:
            raise Refused(_damaged(f"move {i + 1} cannot be read: {exc}")) from exc
    return out


def _tampered(why: str) -> str:
    return (
        f"This link was not opened: {why}. It may have been changed on the way, or made by "
        "another game. The game on this device is unchanged."
    )


def _extend(held: Held, pact: Pact, actions: list[Action], friend_only: bool = True) -> Received:
    """``held`` taken on to ``actions`` (which must begin with the actions held), every die
    and standing order re-checked and (``friend_only``) every decision after those held the
    friend's."""
    mine = held.record.actions
    record = replace(held.record, link=pact, actions=actions)
    known = _known(pact, mine) if len(actions) > len(mine) else None
    if known is None:
        begin, state, link = 0, new_game(record.scenario, record.rules_version), None
    else:
        begin, (state, link) = len(mine), known
    sender = held.friend if friend_only else None
    at = None if link is None else (begin, link)
    steps: list[tuple[Action, State]] = []
    try:
        steps.extend(replay_steps(record, begin=begin, after=state))
    except RecordError as exc:
        _check(pact, steps, state, len(mine), sender, at)  # a changed die says so first
        raise Refused(_tampered(f"its moves break the rules: {exc.for_people()}")) from exc
    named = mine[:begin] + [a for a, _ in steps]
    both = min(len(named), len(mine))
    if [pacts.canonical(a) for a in named[:both]] != [pacts.canonical(a) for a in mine[:both]]:
        raise Refused(
            "This link does not follow the game on this device: the moves before it differ. "
            "Ask your friend to send the whole game."
        )
    if len(named) <= len(mine):
        words = (
            "You have already opened this link: nothing new."
            if len(named) == len(mine)
            else "This link is older than the game on this device: nothing new."
        )
        return Received(held, len(mine), words)
    _check(pact, steps, state, len(mine), sender, at)
    done = replace(record, actions=named)
    _remember(pact, named, steps[-1][1])
    befores = [state] + [after for _, after in steps[:-1]]
    decisions = tuple(
        action
        for i, ((action, _), before) in enumerate(zip(steps, befores, strict=True), begin)
        if i >= len(mine) and not isinstance(action, Roll) and pacts.standing(pact, before) is None
    )
    return Received(replace(held, record=done, peer_has=len(named)), len(mine), None, decisions)


def _check(
    pact: Pact,
    steps: list[tuple[Action, State]],
    start: State,
    since: int,
    sender: int | None,
    at: tuple[int, str] | None,
) -> None:
    """``serm.core.pact.check`` over ``steps``, a mismatch refused in words."""
    try:
        pacts.check(pact, iter(steps), start, since=since, sender=sender, at=at)
    except PactError as exc:
        raise Refused(_tampered(str(exc))) from exc


_STATES: dict[tuple[str, str], State] = {}
"""The state after the actions of a game by link this device took in last, by game id and the
record's hash: the next letter of that game is replayed from there, not from the start."""
_KEEP = 8


def _known(pact: Pact, actions: list[Action]) -> tuple[State, str] | None:
    link = pacts.chain_at(pact, actions)
    state = _STATES.get((pact.game, link))
    return None if state is None else (state, link)


def _remember(pact: Pact, actions: list[Action], state: State) -> None:
    if len(_STATES) >= _KEEP:
        _STATES.pop(next(iter(_STATES)))
    _STATES[(pact.game, pacts.chain_at(pact, actions))] = state


def remember(held: Held, state: State) -> None:
    """Note that ``state`` is the state after ``held``'s record (the page's game after its own
    moves), so the friend's next letter is replayed from there."""
    _remember(held.pact, held.record.actions, state)
