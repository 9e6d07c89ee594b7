"""The actions a game is made of, and their JSON form (ruling R24).

Each action is a small frozen value. ``Roll`` supplies the faces of a pending dice pool (a chance
step); every other action is a player's decision. Every action may name its ``player`` (keyword
only): the player the game waits for when it is played (for a ``Roll``, the pending roll's player,
0 for the roll-off); ``None`` means "whoever the game waits for", and ``Game`` fills it in before it
records the action. ``Concede`` always names the player who concedes. ``to_dict``/``from_dict``
give the record form described in docs/record-format.md. Bearings are degrees clockwise from
screen-up (R1); positions and distances are in card lengths.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field, fields, replace
from typing import Any

from .cards import CARD_NAMES
from .dice import Faces


class ActionFormatError(ValueError):
    """A JSON action that is not one of the action shapes (names the bad field)."""


@dataclass(frozen=True)
class Roll:
    """Faces for the pending pool, one chain per die (R10)."""

    faces: Faces
    player: int | None = field(default=None, kw_only=True)


@dataclass(frozen=True)
class Place:
    """Deploy ``card`` with its centre at (x, y), facing ``facing`` (R5, R6)."""

    card: str
    x: float
    y: float
    facing: float
    player: int | None = field(default=None, kw_only=True)


@dataclass(frozen=True)
class Move:
    """Declare a Move (R14, R15, R17): turn to ``facing`` (None keeps it), then travel.

    ``direction`` is the declared bearing of travel; the Brawler declares none (None) and traces
    its path with ``Path`` after the roll.
    """

    card: str
    direction: float | None
    facing: float | None = None
    player: int | None = field(default=None, kw_only=True)


@dataclass(frozen=True)
class Turn:
    """Turn in place: a Move of length 0 with no roll that triggers no React (R14)."""

    card: str
    facing: float
    player: int | None = field(default=None, kw_only=True)


@dataclass(frozen=True)
class Path:
    """The Brawler's traced path after its roll: corners after its start, in order (R17)."""

    points: tuple[tuple[float, float], ...]
    player: int | None = field(default=None, kw_only=True)


@dataclass(frozen=True)
class React:
    """Declare a React attempt with ``card``, or decline with ``card=None`` (R18)."""

    card: str | None
    player: int | None = field(default=None, kw_only=True)


@dataclass(frozen=True)
class Stop:
    """Where a reacted-to mover stops: ``distance`` L along its path (R19)."""

    distance: float
    player: int | None = field(default=None, kw_only=True)


@dataclass(frozen=True)
class Face:
    """The mover's facing at the end of its Move (R14); None keeps the current facing."""

    facing: float | None
    player: int | None = field(default=None, kw_only=True)


@dataclass(frozen=True)
class Shoot:
    """``card`` shoots at the enemy ``target`` (R21, R22)."""

    card: str
    target: str
    player: int | None = field(default=None, kw_only=True)


@dataclass(frozen=True)
class End:
    """End the current activation; with nothing done it is a pass (R7)."""

    player: int | None = field(default=None, kw_only=True)


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
    """The record form of ``action``: ``{"type": ..., "player": ..., fields...}``, lists for tuples.

    ``player`` is left out when the action does not name one (``None``).
    """
    out: dict[str, Any] = {"type": _NAMES[type(action)]}
    if action.player is not None:
        out["player"] = action.player
    for key, value in action.__dict__.items():
        if key == "player":
            continue
        if isinstance(value, tuple):
            value = [list(v) if isinstance(v, tuple) else v for v in value]
        out[key] = value
    return out


def show(value: Any, limit: int = 40) -> str:
    """``value`` as JSON text (``true``, ``1.0``, ``"left"``), cut to ``limit`` characters: for
    messages about values read from a file, which must stay one short line."""
    try:
        text = json.dumps(value, ensure_ascii=True)
    except (TypeError, ValueError, RecursionError):
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _num(d: dict[str, Any], key: str, optional: bool = False) -> float | None:
    value = d.get(key)
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ActionFormatError(f"field {key!r} must be a number, got {show(value)}")
    try:
        number = float(value)
    except OverflowError:
        raise ActionFormatError(f"field {key!r} is out of range") from None
    if not math.isfinite(number):
        raise ActionFormatError(f"field {key!r} must be finite")
    return number


def _str(d: dict[str, Any], key: str, optional: bool = False) -> str | None:
    value = d.get(key)
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise ActionFormatError(f"field {key!r} must be a string, got {show(value)}")
    return value


def _card(d: dict[str, Any], key: str, optional: bool = False) -> str | None:
    value = _str(d, key, optional)
    if value is not None and value not in CARD_NAMES:
        raise ActionFormatError(
            f"field {key!r} must be a card name ({', '.join(CARD_NAMES)}), got {show(value)}"
        )
    return value


def _faces(d: dict[str, Any]) -> Faces:
    value = d.get("faces")
    if not isinstance(value, list) or not all(isinstance(c, list) for c in value):
        raise ActionFormatError("field 'faces' must be a list of lists of die faces")
    for chain in value:
        for f in chain:
            if type(f) is not int:
                raise ActionFormatError(f"field 'faces' holds {show(f)}, not a whole number")
    return tuple(tuple(c) for c in value)


def _points(d: dict[str, Any]) -> tuple[tuple[float, float], ...]:
    value = d.get("points")
    if not isinstance(value, list) or not value:
        raise ActionFormatError("field 'points' must be a non-empty list of [x, y]")
    out = []
    for i, p in enumerate(value):
        if not isinstance(p, list) or len(p) != 2:
            raise ActionFormatError(f"points[{i}] must be [x, y]")
        x = _num({f"points[{i}]": p[0]}, f"points[{i}]")
        y = _num({f"points[{i}]": p[1]}, f"points[{i}]")
        assert x is not None and y is not None
        out.append((x, y))
    return tuple(out)


def _player(d: dict[str, Any], kind: str, required: bool) -> int | None:
    """The ``player`` field: who decides the action (1 or 2; for a roll, the pending roll's
    player: 0 for the roll-off, which is rolled for both)."""
    value = d.get("player")
    if value is None and not required and "player" not in d:
        return None
    allowed = (0, 1, 2) if kind == "roll" else (1, 2)
    if type(value) is not int or value not in allowed:
        names = " or ".join(str(p) for p in allowed)
        raise ActionFormatError(f"field 'player' must be {names}, got {show(value)}")
    return value


def from_dict(d: Any, need_player: bool = True) -> Action:
    """Parse the record form of an action; raises ``ActionFormatError`` naming the bad field.

    ``need_player`` (record version 2 on): the action must name its ``player``; without it
    (version 1) the field may be left out and the action is the pending player's.
    """
    if not isinstance(d, dict):
        raise ActionFormatError(f"an action must be an object, got {type(d).__name__}")
    kind = d.get("type")
    if not isinstance(kind, str) or kind not in _TYPES:
        raise ActionFormatError(f"unknown action type {show(kind)}")
    allowed = {"type", "player"} | {f.name for f in fields(_TYPES[kind])}
    extra = set(d) - allowed
    if extra:
        names = ", ".join(show(k, 20) for k in sorted(extra)[:3])
        more = f" and {len(extra) - 3} more" if len(extra) > 3 else ""
        raise ActionFormatError(f"unexpected field(s) {names}{more} in a {kind!r} action")
    player = _player(d, kind, need_player or kind == "concede")
    action = _parse(kind, d)
    if player is None or isinstance(action, Concede):
        return action
    return replace(action, player=player)


def _parse(kind: str, d: dict[str, Any]) -> Action:
    if kind == "roll":
        return Roll(_faces(d))
    if kind == "place":
        return Place(_req_card(d, "card"), _req(d, "x"), _req(d, "y"), _req(d, "facing"))
    if kind == "move":
        return Move(_req_card(d, "card"), _num(d, "direction", True), _num(d, "facing", True))
    if kind == "turn":
        return Turn(_req_card(d, "card"), _req(d, "facing"))
    if kind == "path":
        return Path(_points(d))
    if kind == "react":
        return React(_card(d, "card", True))
    if kind == "stop":
        return Stop(_req(d, "distance"))
    if kind == "face":
        return Face(_num(d, "facing", True))
    if kind == "shoot":
        return Shoot(_req_card(d, "card"), _req_card(d, "target"))
    if kind == "end":
        return End()
    player = d["player"]
    return Concede(player)


def _req(d: dict[str, Any], key: str) -> float:
    value = _num(d, key)
    assert value is not None
    return value


def _req_card(d: dict[str, Any], key: str) -> str:
    value = _card(d, key)
    assert value is not None
    return value
