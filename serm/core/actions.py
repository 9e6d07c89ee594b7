"""The actions a game is made of, and their JSON form (ruling R24).

Each action is a small frozen value. ``Roll`` supplies the faces of a pending dice pool (a chance
step); every other action is a player's decision. ``to_dict``/``from_dict`` give the record form
described in docs/record-format.md. Bearings are degrees clockwise from screen-up (R1); positions
and distances are in card lengths.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from .dice import Faces


class ActionFormatError(ValueError):
    """A JSON action that is not one of the action shapes (names the bad field)."""


@dataclass(frozen=True)
class Roll:
    """Faces for the pending pool, one chain per die (R10)."""

    faces: Faces


@dataclass(frozen=True)
class Place:
    """Deploy ``card`` with its centre at (x, y), facing ``facing`` (R5, R6)."""

    card: str
    x: float
    y: float
    facing: float


@dataclass(frozen=True)
class Move:
    """Declare a Move (R14, R15, R17): turn to ``facing`` (None keeps it), then travel.

    ``direction`` is the declared bearing of travel; the Brawler declares none (None) and traces
    its path with ``Path`` after the roll.
    """

    card: str
    direction: float | None
    facing: float | None = None


@dataclass(frozen=True)
class Turn:
    """Turn in place: a Move of length 0 with no roll that triggers no React (R14)."""

    card: str
    facing: float


@dataclass(frozen=True)
class Path:
    """The Brawler's traced path after its roll: corners after its start, in order (R17)."""

    points: tuple[tuple[float, float], ...]


@dataclass(frozen=True)
class React:
    """Declare a React attempt with ``card``, or decline with ``card=None`` (R18)."""

    card: str | None


@dataclass(frozen=True)
class Stop:
    """Where a reacted-to mover stops: ``distance`` L along its path (R19)."""

    distance: float


@dataclass(frozen=True)
class Face:
    """The mover's facing at the end of its Move (R14); None keeps the current facing."""

    facing: float | None


@dataclass(frozen=True)
class Shoot:
    """``card`` shoots at the enemy ``target`` (R21, R22)."""

    card: str
    target: str


@dataclass(frozen=True)
class End:
    """End the current activation; with nothing done it is a pass (R7)."""


@dataclass(frozen=True)
class Concede:
    """``player`` concedes the game (R8)."""

    player: int


Action = Roll | Place | Move | Turn | Path | React | Stop | Face | Shoot | End | Concede

_TYPES: dict[str, type] = {
    "roll": Roll,
    "place": Place,
    "move": Move,
    "turn": Turn,
    "path": Path,
    "react": React,
    "stop": Stop,
    "face": Face,
    "shoot": Shoot,
    "end": End,
    "concede": Concede,
}
_NAMES = {cls: name for name, cls in _TYPES.items()}


def to_dict(action: Action) -> dict[str, Any]:
    """The record form of ``action``: ``{"type": ..., fields...}`` with lists for tuples."""
    out: dict[str, Any] = {"type": _NAMES[type(action)]}
    for key, value in action.__dict__.items():
        if isinstance(value, tuple):
            value = [list(v) if isinstance(v, tuple) else v for v in value]
        out[key] = value
    return out


def _num(d: dict[str, Any], key: str, optional: bool = False) -> float | None:
    value = d.get(key)
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ActionFormatError(f"field {key!r} must be a number, got {value!r}")
    if value != value or value in (float("inf"), float("-inf")):
        raise ActionFormatError(f"field {key!r} must be finite")
    return float(value)


def _str(d: dict[str, Any], key: str, optional: bool = False) -> str | None:
    value = d.get(key)
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise ActionFormatError(f"field {key!r} must be a string, got {value!r}")
    return value


def _faces(d: dict[str, Any]) -> Faces:
    value = d.get("faces")
    if not isinstance(value, list) or not all(isinstance(c, list) for c in value):
        raise ActionFormatError("field 'faces' must be a list of lists of die faces")
    for chain in value:
        for f in chain:
            if isinstance(f, bool) or not isinstance(f, int):
                raise ActionFormatError(f"field 'faces' holds {f!r}, not a whole number")
    return tuple(tuple(c) for c in value)


def _points(d: dict[str, Any]) -> tuple[tuple[float, float], ...]:
    value = d.get("points")
    if not isinstance(value, list) or not value:
        raise ActionFormatError("field 'points' must be a non-empty list of [x, y]")
    out = []
    for i, p in enumerate(value):
        if not isinstance(p, list) or len(p) != 2:
            raise ActionFormatError(f"points[{i}] must be [x, y]")
        x = _num({"x": p[0]}, "x")
        y = _num({"y": p[1]}, "y")
        assert x is not None and y is not None
        out.append((x, y))
    return tuple(out)


def from_dict(d: Any) -> Action:
    """Parse the record form of an action; raises ``ActionFormatError`` naming the bad field."""
    if not isinstance(d, dict):
        raise ActionFormatError(f"an action must be an object, got {type(d).__name__}")
    kind = d.get("type")
    if kind not in _TYPES:
        raise ActionFormatError(f"unknown action type {kind!r}")
    allowed = {"type"} | {f.name for f in fields(_TYPES[kind])}
    extra = set(d) - allowed
    if extra:
        raise ActionFormatError(f"unexpected field(s) {sorted(extra)} in a {kind!r} action")
    return _parse(kind, d)


def _parse(kind: str, d: dict[str, Any]) -> Action:
    if kind == "roll":
        return Roll(_faces(d))
    if kind == "place":
        return Place(_req_str(d, "card"), _req(d, "x"), _req(d, "y"), _req(d, "facing"))
    if kind == "move":
        return Move(_req_str(d, "card"), _num(d, "direction", True), _num(d, "facing", True))
    if kind == "turn":
        return Turn(_req_str(d, "card"), _req(d, "facing"))
    if kind == "path":
        return Path(_points(d))
    if kind == "react":
        return React(_str(d, "card", True))
    if kind == "stop":
        return Stop(_req(d, "distance"))
    if kind == "face":
        return Face(_num(d, "facing", True))
    if kind == "shoot":
        return Shoot(_req_str(d, "card"), _req_str(d, "target"))
    if kind == "end":
        return End()
    player = d.get("player")
    if player not in (1, 2) or isinstance(player, bool):
        raise ActionFormatError(f"field 'player' must be 1 or 2, got {player!r}")
    return Concede(int(player))


def _req(d: dict[str, Any], key: str) -> float:
    value = _num(d, key)
    assert value is not None
    return value


def _req_str(d: dict[str, Any], key: str) -> str:
    value = _str(d, key)
    assert value is not None
    return value
