"""Game records: the versioned JSON form of a game and its replay (ruling R24).

A record holds the scenario, the players, the seed of the game's RNG and every action in order,
with each dice result inline as a ``roll`` action (R10). ``replay`` rebuilds the state from the
actions alone, with no RNG. The format is documented in docs/record-format.md.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from . import actions as act
from .errors import IllegalActionError
from .geometry import Vec, convex_hull
from .rules import apply
from .scenario import Scenario, Terrain, Zone
from .state import State, new_game

FORMAT = "serm-record"
VERSION = 1
MAX_ACTIONS = 20000
"""A record longer than this is refused (a real game has a few hundred actions)."""


class RecordError(ValueError):
    """A record that cannot be loaded or replayed; the message says what is wrong and where."""

    def __init__(self, where: str, message: str, index: int | None = None) -> None:
        super().__init__(f"{where}: {message}")
        self.where = where
        self.index = index


@dataclass
class Record:
    """A game's record: scenario, player names and kinds, RNG seed, and every action in order."""

    scenario: Scenario
    players: dict[int, dict[str, str]] = field(
        default_factory=lambda: {
            1: {"name": "Player 1", "kind": "human"},
            2: {"name": "Player 2", "kind": "human"},
        }
    )
    seed: int | None = None
    actions: list[act.Action] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "scenario": self.scenario.to_dict(),
            "players": {str(k): dict(v) for k, v in sorted(self.players.items())},
            "seed": self.seed,
            "actions": [act.to_dict(a) for a in self.actions],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1)


def loads(text: str) -> Record:
    """Parse and check a record's JSON text; raises ``RecordError`` naming the bad part."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError("file", f"not valid JSON ({exc.msg} at line {exc.lineno})") from exc
    return from_dict(data)


def from_dict(data: Any) -> Record:
    """Check a decoded record (format, version, scenario, players, seed, actions)."""
    if not isinstance(data, dict):
        raise RecordError("record", "must be a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError("format", f"expected {FORMAT!r}, got {data.get('format')!r}")
    if data.get("version") != VERSION:
        raise RecordError(
            "version", f"this game reads version {VERSION}, got {data.get('version')!r}"
        )
    extra = set(data) - {"format", "version", "scenario", "players", "seed", "actions"}
    if extra:
        raise RecordError("record", f"unexpected field(s) {sorted(extra)}")
    scenario = scenario_from_dict(data.get("scenario"))
    players = _players(data.get("players"))
    seed = data.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise RecordError("seed", "must be a whole number or null")
    raw = data.get("actions")
    if not isinstance(raw, list):
        raise RecordError("actions", "must be a list")
    if len(raw) > MAX_ACTIONS:
        raise RecordError("actions", f"{len(raw)} actions is more than the {MAX_ACTIONS} allowed")
    actions = []
    for i, item in enumerate(raw):
        try:
            actions.append(act.from_dict(item))
        except act.ActionFormatError as exc:
            raise RecordError(f"actions[{i}]", str(exc), i) from exc
    return Record(scenario, players, seed, actions)


def _players(raw: Any) -> dict[int, dict[str, str]]:
    if not isinstance(raw, dict) or set(raw) != {"1", "2"}:
        raise RecordError("players", 'must be an object with keys "1" and "2"')
    out = {}
    for key, value in raw.items():
        if not isinstance(value, dict):
            raise RecordError(f"players.{key}", "must be an object")
        name, kind = value.get("name"), value.get("kind", "human")
        if not isinstance(name, str) or not 0 < len(name) <= 40:
            raise RecordError(f"players.{key}.name", "must be a string of 1 to 40 characters")
        if not isinstance(kind, str) or len(kind) > 40:
            raise RecordError(f"players.{key}.kind", "must be a short string")
        out[int(key)] = {"name": name, "kind": kind}
    return out


def _number(value: Any, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
        raise RecordError(where, f"must be a number, got {value!r}")
    if abs(value) > 1e6:
        raise RecordError(where, "is out of range")
    return float(value)


def scenario_from_dict(raw: Any) -> Scenario:
    """Check and build a scenario from its record form (R2, R3)."""
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
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise RecordError("scenario.seed", "must be a whole number or null")
    return Scenario(name, width, height, (zones[0], zones[1]), terrain, explode_all, seed)


def _terrain(raw: Any) -> tuple[Terrain, ...]:
    if not isinstance(raw, list) or len(raw) > 50:
        raise RecordError("scenario.terrain", "must be a list of at most 50 pieces")
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
        if not isinstance(pts, list) or not 3 <= len(pts) <= 32:
            raise RecordError(f"{where}.points", "must list 3 to 32 corners")
        poly = []
        for j, p in enumerate(pts):
            if not isinstance(p, list) or len(p) != 2:
                raise RecordError(f"{where}.points[{j}]", "must be [x, y]")
            poly.append(
                Vec(_number(p[0], f"{where}.points[{j}]"), _number(p[1], f"{where}.points[{j}]"))
            )
        if not _is_convex_outline(poly):
            raise RecordError(f"{where}.points", "must be the corners of a convex polygon (R3)")
        out.append(Terrain(name, tuple(poly), tall))
    return tuple(out)


def _is_convex_outline(poly: list[Vec]) -> bool:
    """True when ``poly`` lists the corners of its convex hull in order, either way round."""
    hull = list(convex_hull(poly))
    if len(hull) != len(poly):
        return False
    start = hull.index(poly[0])
    turned = hull[start:] + hull[:start]
    return poly == turned or poly == turned[:1] + turned[1:][::-1]


def replay_steps(record: Record, upto: int | None = None) -> Iterator[State]:
    """The state after each of the record's first ``upto`` actions, in order (R24); no RNG.

    The one replay loop: ``replay`` and ``Game.from_record`` both walk it. Raises ``RecordError``
    naming the action index and the rule it breaks.
    """
    state = new_game(record.scenario)
    for i, action in enumerate(record.actions[:upto]):
        try:
            state = apply(state, action)
        except IllegalActionError as exc:
            kind = act.to_dict(action)["type"]
            raise RecordError(f"actions[{i}] ({kind})", f"illegal: {exc}", i) from exc
        yield state


def replay(record: Record, upto: int | None = None) -> State:
    """Rebuild the state by applying the record's actions in order (R24); no RNG is used.

    Raises ``RecordError`` naming the action index and the rule it breaks.
    """
    last = deque(replay_steps(record, upto), maxlen=1)
    return last[0] if last else new_game(record.scenario)
