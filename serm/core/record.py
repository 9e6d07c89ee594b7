"""Game records: the versioned JSON form of a game and its replay (ruling R24).

A record holds the scenario, the players, the seed of the game's RNG and every action in order,
with each dice result inline as a ``roll`` action (R10). ``replay`` rebuilds the state from the
actions alone, with no RNG. The format is documented in docs/record-format.md.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any

from . import actions as act
from .actions import show
from .errors import IllegalActionError, WorkLimitError
from .geometry import Vec, convex_hull
from .jsontext import TextError
from .jsontext import loads as read_json
from .opening import OPENINGS
from .pact import Pact
from .pact import from_dict as pact_from_dict
from .rules import apply
from .ruleset import LATEST, RULES_VERSION, RULESETS, ruleset
from .scenario import Scenario, ScenarioError, Terrain, Zone
from .state import State, new_game

FORMAT = "serm-record"
VERSION = 2
"""The version written for a game on one device; versions 1 to 3 are read (1: actions name no
player, rules version 1)."""
LINK_VERSION = 3
"""The version written for a game played by link (``link``: its pact, ``serm.core.pact``, whose
joint seed rolls its dice)."""
MAX_ACTIONS = 20000
"""A record longer than this is refused (a real game has a few hundred actions)."""
MAX_CHARS = 5_000_000
"""Longest record text read (a long game's record is well under 200 kB)."""
MAX_PIECES = 24
"""Most terrain pieces on a table."""
MAX_PIECE_CORNERS = 32
"""Most corners of one terrain piece."""
MAX_TERRAIN_CORNERS = 128
"""Most corners of all terrain pieces together (sight and movement work grows with them)."""
MIN_CORNER_GAP = 0.01
"""Least distance (L) between neighbouring corners of a terrain piece: a side shorter than this
is no side a person could place, only rounding, and exact sight (R12) is argued on pieces whose
sides a line can tell apart (a sliver 1e-8 L wide was seen by one test and not the other)."""

_FIELDS = {"format", "version", "scenario", "players", "seed", "actions"}

KIND_WORDS = {
    "roll": "a dice roll",
    "place": "placing a card",
    "move": "a Move",
    "turn": "a turn in place",
    "path": "a Brawler path",
    "react": "a React",
    "stop": "a stop point",
    "face": "an end facing",
    "shoot": "a Shoot",
    "end": "ending an activation",
    "concede": "a concession",
}
"""Each action type in words, for messages people read."""


class RecordError(ValueError):
    """A record that cannot be loaded or replayed; the message says what is wrong and where.

    ``where`` names the place (``scenario.width``, ``actions[3] (shoot)``), ``detail`` what is
    wrong there, ``index`` the action's index when an action is at fault. ``str()`` is
    "where: detail", for the command line; ``for_people()`` says it without field names.
    """

    def __init__(self, where: str, message: str, index: int | None = None) -> None:
        super().__init__(f"{where}: {message}")
        self.where = where
        self.detail = message
        self.index = index
        self.reason: str | None = None
        """For an action the rules refuse: the rules' reason, in words (with its rule id)."""
        self.people: str | None = None
        """The whole message for people, where the general form does not fit."""

    def for_people(self) -> str:
        """What is wrong, in words a player reads on the page (no field names or card ids)."""
        where = self.where
        if self.people is not None:
            return self.people
        if where == "file":
            return self.detail
        if self.index is not None:
            kind = where.partition("(")[2].rstrip(")")
            number = f"action {self.index + 1}"
            if self.reason is not None:
                return (
                    f"{number} ({KIND_WORDS.get(kind, 'an action')}) is not allowed: {self.reason}"
                )
            return f"{number} is damaged or not a game action"
        if where == "version":
            return self.detail
        if where == "rules":
            return "it was played under rules this version of the game does not know"
        head = where.split(".")[0].split("[")[0]
        part = {
            "scenario": "its table",
            "players": "its players",
            "seed": "its dice seed",
            "link": "its shared dice seed",
            "actions": "its list of actions",
        }.get(head)
        if part is None:
            return "it is not a serm game record"
        return (
            f"{part} is not valid ({self.detail})" if head == "actions" else f"{part} is not valid"
        )


@dataclass
class Record:
    """A game's record: scenario, player names and kinds, RNG seed, every action in order, and
    the version of the rules it is played under (``serm.core.ruleset``)."""

    scenario: Scenario
    players: dict[int, dict[str, str]] = field(
        default_factory=lambda: {
            1: {"name": "Player 1", "kind": "human"},
            2: {"name": "Player 2", "kind": "human"},
        }
    )
    seed: int | None = None
    actions: list[act.Action] = field(default_factory=list)
    rules_version: int = RULES_VERSION
    link: Pact | None = None
    """The pact of a game played by link (its dice come from the pact, not from ``seed``)."""

    def to_dict(self) -> dict[str, Any]:
        """The record form: version ``VERSION``, or ``LINK_VERSION`` for a game by link. Actions
        read from a version 1 record name no player; they get it by a replay here (raises
        ``RecordError`` if it does not replay)."""
        out = {
            "format": FORMAT,
            "version": VERSION if self.link is None else LINK_VERSION,
            "rules": self.rules_version,
            "scenario": self.scenario.to_dict(),
            "players": {str(k): dict(v) for k, v in sorted(self.players.items())},
            "seed": self.seed,
            "actions": [act.to_dict(a) for a in named_actions(self)],
        }
        if self.link is not None:
            out["link"] = self.link.to_dict()
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1)


def loads(text: str) -> Record:
    """Parse and check a record's JSON text; raises ``RecordError`` naming the bad part.

    Size, nesting and number literals are checked before the text is parsed (``jsontext``).
    """
    try:
        data = read_json(text, MAX_CHARS, "the record")
    except TextError as exc:
        raise RecordError("file", str(exc)) from exc
    return from_dict(data)


def from_dict(data: Any) -> Record:
    """Check a decoded record (format, version, rules, scenario, players, seed, actions).

    Version 1 (no ``rules``, actions without ``player``) is read as rules version 1. The
    scenario's opening must be one its rules version plays (R5, Opening: ``Ruleset.settle``).
    """
    if not isinstance(data, dict):
        raise RecordError("record", "must be a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError("format", f"expected {FORMAT!r}, got {show(data.get('format'))}")
    version = data.get("version")
    if type(version) is not int or not 1 <= version <= LINK_VERSION:
        newer = type(version) is int and version > LINK_VERSION
        why = " (made by a newer version of the game)" if newer else ""
        raise RecordError(
            "version",
            f"this game reads record versions 1 to {LINK_VERSION}, got {show(version)}{why}",
        )
    allowed = _FIELDS | ({"rules"} if version >= 2 else set())
    allowed |= {"link"} if version == LINK_VERSION else set()
    extra = set(data) - allowed
    if extra:
        raise RecordError("record", f"unexpected field(s) {_names(extra)}")
    rules_version = _rules(data.get("rules")) if version >= 2 else 1
    scenario = scenario_from_dict(data.get("scenario"))
    try:
        ruleset(rules_version).settle(scenario)
    except ScenarioError as exc:
        raise RecordError("scenario.opening", str(exc)) from exc
    players = _players(data.get("players"))
    seed = data.get("seed")
    if seed is not None and type(seed) is not int:
        raise RecordError("seed", "must be a whole number or null")
    raw = data.get("actions")
    if not isinstance(raw, list):
        raise RecordError("actions", "must be a list")
    if len(raw) > MAX_ACTIONS:
        raise RecordError("actions", f"{len(raw)} actions is more than the {MAX_ACTIONS} allowed")
    actions = []
    for i, item in enumerate(raw):
        try:
            actions.append(act.from_dict(item, need_player=version >= 2))
        except act.ActionFormatError as exc:
            raise RecordError(f"actions[{i}]", str(exc), i) from exc
    link = _link(data.get("link")) if version == LINK_VERSION else None
    return Record(scenario, players, seed, actions, rules_version, link)


def _link(raw: Any) -> Pact:
    """The ``link`` field of a version 3 record: the pact of a game by link."""
    try:
        return pact_from_dict(raw)
    except ValueError as exc:
        raise RecordError("link", str(exc)) from exc


def _names(keys: set[Any]) -> str:
    names = ", ".join(show(k, 20) for k in sorted(keys, key=str)[:3])
    return names + (f" and {len(keys) - 3} more" if len(keys) > 3 else "")


def _rules(raw: Any) -> int:
    """The ``rules`` field: a rules version this engine plays (``serm.core.ruleset``)."""
    known = f"1 to {LATEST}"
    if type(raw) is not int:
        raise RecordError("rules", f"must be a rules version ({known}), got {show(raw)}")
    if raw not in RULESETS:
        newer = " (made by a newer version of the game)" if raw > LATEST else ""
        raise RecordError(
            "rules", f"rules version {raw} is unknown: this game plays {known}{newer}"
        )
    return raw


def _players(raw: Any) -> dict[int, dict[str, str]]:
    if not isinstance(raw, dict) or set(raw) != {"1", "2"}:
        raise RecordError("players", 'must be an object with keys "1" and "2"')
    out = {}
    for key, value in raw.items():
        if not isinstance(value, dict):
            raise RecordError(f"players.{key}", "must be an object")
        name, kind = value.get("name"), value.get("kind", "human")
        extra = set(value) - {"name", "kind"}
        if extra:
            raise RecordError(f"players.{key}", f"unexpected field(s) {_names(extra)}")
        if not isinstance(name, str) or not 0 < len(name) <= 40:
            raise RecordError(f"players.{key}.name", "must be a string of 1 to 40 characters")
        if not isinstance(kind, str) or len(kind) > 40:
            raise RecordError(f"players.{key}.kind", "must be a short string")
        out[int(key)] = {"name": name, "kind": kind}
    return out


def _number(value: Any, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
        raise RecordError(where, f"must be a number, got {show(value)}")
    if abs(value) > 1e6:
        raise RecordError(where, "is out of range")
    return float(value)


def scenario_from_dict(raw: Any) -> Scenario:
    """Check and build a scenario from its record form (R2, R3; R5, Opening: ``opening``, when
    present, names one of ``serm.core.opening.OPENINGS``)."""
    if not isinstance(raw, dict):
        raise RecordError("scenario", "must be an object")
    name = raw.get("name")
    if not isinstance(name, str) or not 0 < len(name) <= 60:
        raise RecordError("scenario.name", "must be a string of 1 to 60 characters")
    width = _number(raw.get("width"), "scenario.width")
    height = _number(raw.get("height"), "scenario.height")
    if not (3 <= width <= 100 and 3 <= height <= 100):
        raise RecordError("scenario", "the table must be 3 to 100 L on each side")
    zones_raw = raw.get("zones")
    if not isinstance(zones_raw, list) or len(zones_raw) != 2:
        raise RecordError("scenario.zones", "must list two zones [x0, y0, x1, y1]")
    zones = []
    for i, z in enumerate(zones_raw):
        if not isinstance(z, list) or len(z) != 4:
            raise RecordError(f"scenario.zones[{i}]", "must be [x0, y0, x1, y1]")
        x0, y0, x1, y1 = (_number(v, f"scenario.zones[{i}]") for v in z)
        if not (0 <= x0 < x1 <= width and 0 <= y0 < y1 <= height):
            raise RecordError(f"scenario.zones[{i}]", "must be a rectangle on the table")
        zones.append(Zone(x0, y0, x1, y1))
    terrain = _terrain(raw.get("terrain"))
    explode_all = raw.get("explode_all", False)
    if not isinstance(explode_all, bool):
        raise RecordError("scenario.explode_all", "must be true or false")
    seed = raw.get("seed")
    if seed is not None and type(seed) is not int:
        raise RecordError("scenario.seed", "must be a whole number or null")
    opening = raw.get("opening")
    if opening is not None and (not isinstance(opening, str) or opening not in OPENINGS):
        raise RecordError(
            "scenario.opening", f"must be one of {', '.join(OPENINGS)}, got {show(opening)}"
        )
    fields = {"name", "width", "height", "zones", "terrain", "explode_all", "seed", "opening"}
    extra = set(raw) - fields
    if extra:
        raise RecordError("scenario", f"unexpected field(s) {_names(extra)}")
    zone_pair = (zones[0], zones[1])
    return Scenario(name, width, height, zone_pair, terrain, explode_all, seed, opening)


def _terrain(raw: Any) -> tuple[Terrain, ...]:
    if not isinstance(raw, list) or len(raw) > MAX_PIECES:
        raise RecordError("scenario.terrain", f"must be a list of at most {MAX_PIECES} pieces")
    corners = sum(
        len(t["points"]) for t in raw if isinstance(t, dict) and isinstance(t.get("points"), list)
    )
    if corners > MAX_TERRAIN_CORNERS:
        raise RecordError(
            "scenario.terrain",
            f"has {corners} corners in all; a table has at most {MAX_TERRAIN_CORNERS}",
        )
    out = []
    for i, t in enumerate(raw):
        where = f"scenario.terrain[{i}]"
        if not isinstance(t, dict):
            raise RecordError(where, "must be an object")
        name, tall, pts = t.get("name"), t.get("tall"), t.get("points")
        if not isinstance(name, str) or not 0 < len(name) <= 40:
            raise RecordError(f"{where}.name", "must be a string of 1 to 40 characters")
        if not isinstance(tall, bool):
            raise RecordError(f"{where}.tall", "must be true or false")
        if not isinstance(pts, list) or not 3 <= len(pts) <= MAX_PIECE_CORNERS:
            raise RecordError(f"{where}.points", f"must list 3 to {MAX_PIECE_CORNERS} corners")
        extra = set(t) - {"name", "tall", "points"}
        if extra:
            raise RecordError(where, f"unexpected field(s) {_names(extra)}")
        poly = []
        for j, p in enumerate(pts):
            if not isinstance(p, list) or len(p) != 2:
                raise RecordError(f"{where}.points[{j}]", "must be [x, y]")
            poly.append(
                Vec(_number(p[0], f"{where}.points[{j}]"), _number(p[1], f"{where}.points[{j}]"))
            )
        if not _is_convex_outline(poly):
            raise RecordError(f"{where}.points", "must be the corners of a convex polygon (R3)")
        if short_side(poly):
            too_close = f"has two neighbouring corners less than {MIN_CORNER_GAP} L apart"
            raise RecordError(f"{where}.points", too_close)
        out.append(Terrain(name, tuple(poly), tall))
    return tuple(out)


def short_side(poly: Sequence[Vec]) -> bool:
    """True when two neighbouring corners of ``poly`` are less than ``MIN_CORNER_GAP`` L apart."""
    return any((poly[i] - poly[i - 1]).length() < MIN_CORNER_GAP for i in range(len(poly)))


def _is_convex_outline(poly: list[Vec]) -> bool:
    """True when ``poly`` lists the corners of its convex hull in order, either way round."""
    hull = list(convex_hull(poly))
    if len(hull) != len(poly):
        return False
    start = hull.index(poly[0])
    turned = hull[start:] + hull[:start]
    return poly == turned or poly == turned[:1] + turned[1:][::-1]


def replay_steps(
    record: Record, upto: int | None = None, *, begin: int = 0, after: State | None = None
) -> Iterator[tuple[act.Action, State]]:
    """Each of the record's first ``upto`` actions with the state after it, in order (R24),
    under the record's rules version; no RNG. An action that names no player (a record of
    record version 1) is yielded naming the player the game waited for at that point. With
    ``begin`` and ``after`` (the state after the first ``begin`` actions, already known), the
    walk starts there.

    The one replay loop: ``replay``, ``named_actions`` and ``Game.from_record`` all walk it,
    within the work budget of the record's rules version for its length (``bounded``). Raises
    ``RecordError`` naming the action index and the rule it breaks, or the action at which the
    replay ran out of its budget.
    """
    state = after if after is not None else new_game(record.scenario, record.rules_version)
    with bounded(record) as step:
        for i, action in enumerate(record.actions[begin:upto], begin):
            step(i, action)
            pending = state.pending
            if action.player is None and pending is not None:
                action = replace(action, player=pending.player)
            try:
                state = apply(state, action)
            except IllegalActionError as exc:
                raise refused(i, action, exc) from exc
            yield action, state


def replay(record: Record, upto: int | None = None) -> State:
    """Rebuild the state by applying the record's actions in order (R24), under the record's
    rules version; no RNG is used.

    Raises ``RecordError`` naming the action index and the rule it breaks, or saying that the
    record asks for more work than its length allows (``serm.core.ruleset``).

    >>> from serm.core import Place, Roll
    >>> from serm.core.scenario import default
    >>> record = Record(default(), seed=1)
    >>> record.actions = [Roll(((5,), (2,)), player=0), Place("gunner", 5.0, 8.5, 0.0, player=1)]
    >>> state = replay(record)
    >>> state.soldier(1, "gunner").placed, state.pending.player
    (True, 2)
    >>> replay(record, upto=1).soldier(1, "gunner").placed
    False
    >>> record.actions.append(Place("gunner", 5.0, 8.5, 0.0, player=2))  # in player 1's zone
    >>> try:
    ...     replay(record)
    ... except RecordError as refused:
    ...     print(refused)
    actions[2] (place): illegal: cannot place: must lie wholly inside your deployment zone (R6)
    """
    last = deque(replay_steps(record, upto), maxlen=1)
    return last[0][1] if last else new_game(record.scenario, record.rules_version)


@contextmanager
def bounded(record: Record) -> Iterator[Callable[[int, act.Action], None]]:
    """The context a replay of ``record`` runs in: its rules version's work budget for the
    record's length. Call the function it yields with each action's index before applying the
    action; if the budget runs out, ``RecordError`` names that action."""
    where: list[tuple[int, act.Action]] = []

    def step(index: int, action: act.Action) -> None:
        where[:] = [(index, action)]

    try:
        with ruleset(record.rules_version).budget(len(record.actions)):
            yield step
    except WorkLimitError as exc:
        index, action = where[0] if where else (0, record.actions[0])
        raise too_costly(record, index, action) from exc


def too_costly(record: Record, index: int, action: act.Action) -> RecordError:
    """The ``RecordError`` for a replay that ran out of its work budget at action ``index``."""
    kind = act.to_dict(action)["type"]
    error = RecordError(
        f"actions[{index}] ({kind})",
        f"replaying {len(record.actions)} actions under rules version {record.rules_version} "
        "takes more line-of-sight work than a record of that length may ask for",
        index,
    )
    older_sight = ruleset(record.rules_version).sees is not ruleset(RULES_VERSION).sees
    error.people = (
        "it was saved under older rules, and replaying it under them would take too long: "
        "this version of the game cannot open it"
        if older_sight  # its sight rules are not today's: C20 bounds today's
        else "it asks for more line-of-sight checks than a game of that length may (C20), so "
        "replaying it would take too long: the game cannot open it"
    )
    return error


def refused(index: int, action: act.Action, exc: IllegalActionError) -> RecordError:
    """The ``RecordError`` for action ``index``, which the rules refuse with ``exc``."""
    kind = act.to_dict(action)["type"]
    error = RecordError(f"actions[{index}] ({kind})", f"illegal: {exc}", index)
    error.reason = str(exc)
    return error


def named_actions(record: Record) -> list[act.Action]:
    """The record's actions, each naming its player: an action that names none (a record of
    record version 1) gets the player the game waits for at that point, found by replaying."""
    if all(a.player is not None for a in record.actions):
        return record.actions
    return [action for action, _ in replay_steps(record)]
