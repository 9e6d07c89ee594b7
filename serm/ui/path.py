"""The Brawler's path being traced after its roll (R17): corners, the length left, the action."""

from __future__ import annotations

from dataclasses import replace

from ..core.actions import Path
from ..core.geometry import EPS, Vec, bearing_of, point_along, unit
from ..core.movement import halt_along, rammed
from ..core.rules import MAX_PATH_CORNERS
from ..core.state import State
from ..view.model import PathTrace
from .model import Trace

SHORTEST_LEG = 0.05
"""A press closer than this (L) to the last corner adds no corner."""
DONE = 1e-6
"""Length left (L) below which the path is complete and is sent."""


def points(state: State, trace: Trace) -> list[Vec]:
    """The mover's centre, then the corners traced so far."""
    assert state.move is not None and state.activation is not None
    start = state.soldier(state.activation.player, state.move.card).pos
    return [start, *trace.corners]


def remaining(state: State, trace: Trace) -> float:
    """How much of the rolled length (L) the corners so far leave to trace."""
    assert state.move is not None and state.move.total is not None
    pts = points(state, trace)
    done = sum((pts[i + 1] - pts[i]).length() for i in range(len(pts) - 1))
    return max(state.move.total - done, 0.0)


def add_corner(state: State, trace: Trace, toward: Vec) -> Trace | None:
    """``trace`` with a corner toward ``toward``, cut at the length left; None if too short."""
    pts = points(state, trace)
    last, left = pts[-1], remaining(state, trace)
    d = toward - last
    ln = d.length()
    if ln < SHORTEST_LEG:
        return None
    return replace(trace, corners=(*trace.corners, last + d * (min(ln, left) / ln)))


def complete(state: State, trace: Trace) -> bool:
    return remaining(state, trace) <= DONE


def at_limit(trace: Trace) -> bool:
    """C19: the corners so far leave room for one more point only, the path's end (a path
    lists at most ``MAX_PATH_CORNERS`` points)."""
    return len(trace.corners) >= MAX_PATH_CORNERS - 1


def finished(state: State, trace: Trace) -> Path:
    """The ``Path`` action: the corners, then the rest of the length straight on toward the
    cursor (or along the last leg, or ahead)."""
    pts = points(state, trace)
    left = remaining(state, trace)
    corners = list(trace.corners)
    if left > EPS:
        if trace.cursor is not None and (trace.cursor - pts[-1]).length() > EPS:
            d = trace.cursor - pts[-1]
        elif len(pts) > 1:
            d = pts[-1] - pts[-2]
        else:
            d = unit(state.move.facing if state.move else 0.0)
        corners.append(pts[-1] + d * (left / d.length()))
    return Path(tuple((p.x, p.y) for p in corners))


def steer(state: State, trace: Trace, degrees: float) -> Trace:
    """The keyboard cursor turned by ``degrees`` around the last corner, one L ahead of it (or
    what is left): the next corner's direction, added with Space."""
    pts = points(state, trace)
    if trace.cursor is not None and (trace.cursor - pts[-1]).length() > 0.01:
        heading = bearing_of(trace.cursor - pts[-1])
    elif len(pts) > 1:
        heading = bearing_of(pts[-1] - pts[-2])  # carry on along the last leg
    else:
        heading = state.move.facing if state.move else 0.0
    heading += degrees
    cursor = pts[-1] + unit(heading) * min(1.0, remaining(state, trace))
    return replace(trace, cursor=cursor)


def preview(state: State, trace: Trace) -> PathTrace:
    """What the board draws: corners, length left, the cursor's leg and where it would halt."""
    pts = points(state, trace)
    left = remaining(state, trace)
    cursor = None
    if trace.cursor is not None:
        d = trace.cursor - pts[-1]
        if d.length() > left > 0:
            d = d * (left / d.length())
        cursor = pts[-1] + d
    full = tuple(pts + ([cursor] if cursor is not None else []))
    halt: tuple[float, float] | None = None
    rams: tuple[str, ...] = ()
    if len(full) > 1 and state.move is not None and state.activation is not None:
        mover = state.soldier(state.activation.player, state.move.card)
        stop = halt_along(state, mover, state.move.facing, full)
        if stop.blocked:
            h = point_along(full, stop.distance)
            halt, rams = (h.x, h.y), rammed(stop, mover.player)
    return PathTrace(
        tuple((v.x, v.y) for v in pts),
        left,
        (cursor.x, cursor.y) if cursor is not None else None,
        halt,
        rams,
    )
