"""The Brawler's path being traced after its roll (R17): corners, the length left, the action.

The length left counts only what the Brawler can still use: once the corners traced so far
halt its slide (R16: terrain, a card or the table edge), the rest of its roll goes nowhere, so
the path is complete and is sent straight on with that rest (R17 asks for the whole length)."""

from __future__ import annotations

from dataclasses import replace

from ..core.actions import Path
from ..core.geometry import EPS, Vec, bearing_of, point_along, unit
from ..core.movement import Halt, halt_along, rammed
from ..core.rules import MAX_PATH_CORNERS
from ..core.state import State
from ..core.written import hundredths, hundredths_text, length_text
from ..view.model import PathTrace
from . import words
from .last import kept
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


def unspent(state: State, trace: Trace) -> float:
    """How much of the rolled length (L) the corners so far leave to trace."""
    assert state.move is not None and state.move.total is not None
    pts = points(state, trace)
    done = sum((pts[i + 1] - pts[i]).length() for i in range(len(pts) - 1))
    return max(state.move.total - done, 0.0)


_last_halt: list[tuple[State, tuple[Vec, ...], Halt | None]] = kept([])
"""The last paths swept (``KEPT_HALTS``) and where each halts: the prompt's key, the prompt,
the board's preview and the outlook ask it of the corners so far and of the path on to the
pointer on each pointer move."""
KEPT_HALTS = 2


def halt(state: State, pts: list[Vec]) -> Halt | None:
    """Where the Brawler sliding along ``pts`` first touches something (R16), or None."""
    if len(pts) < 2 or state.move is None or state.activation is None:
        return None
    key = tuple(pts)
    for kept_state, kept_key, found in _last_halt:
        if kept_state is state and kept_key == key:
            return found
    mover = state.soldier(state.activation.player, state.move.card)
    stop = halt_along(state, mover, state.move.facing, key)
    found = stop if stop.blocked else None
    _last_halt[:] = [(state, key, found), *_last_halt[: KEPT_HALTS - 1]]
    return found


def remaining(state: State, trace: Trace) -> float:
    """How much length (L) the Brawler can still use: what the corners so far leave to trace,
    or none once they halt it (R16)."""
    if halt(state, points(state, trace)) is not None:
        return 0.0
    return unspent(state, trace)


def halted(state: State, trace: Trace) -> bool:
    """Whether the corners traced so far halt the Brawler (R16)."""
    return halt(state, points(state, trace)) is not None


def sent_halts(state: State, trace: Trace) -> bool:
    """Whether the path ``finished`` would send halts the Brawler before its end (R16)."""
    sent = [Vec(x, y) for x, y in finished(state, trace).points]
    return halt(state, [points(state, trace)[0], *sent]) is not None


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
    left = unspent(state, trace)
    corners = list(trace.corners)
    if left > EPS:
        if trace.cursor is not None and (trace.cursor - pts[-1]).length() > EPS:
            d = trace.cursor - pts[-1]
        else:
            d = _ahead(state, pts)
        corners.append(pts[-1] + d * (left / d.length()))
    return Path(tuple((p.x, p.y) for p in corners))


def _ahead(state: State, pts: list[Vec]) -> Vec:
    """Straight on from the last corner: along the last leg, or the way the Brawler faces."""
    if len(pts) > 1:
        return pts[-1] - pts[-2]
    return unit(state.move.facing if state.move else 0.0)


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


def cursor_leg(state: State, trace: Trace) -> Vec | None:
    """The end of the leg from the last corner toward the cursor, cut at the length left; with
    no cursor (the pointer off the board), the rest straight on (``_ahead``), as Straight on
    sends it once a corner is placed."""
    pts, left = points(state, trace), remaining(state, trace)
    if trace.cursor is None:
        if not trace.corners or left <= EPS:
            return None
        d = _ahead(state, pts)
        return pts[-1] + d * (left / d.length())
    d = trace.cursor - pts[-1]
    if d.length() > left:
        d = d * (left / d.length())
    return pts[-1] + d


def halt_ahead(state: State, trace: Trace) -> Halt | None:
    """Where the path so far, and on to the cursor, halts the Brawler (R16), or None."""
    cursor = cursor_leg(state, trace)
    return halt(state, points(state, trace) + ([cursor] if cursor is not None else []))


def lost_hundredths(state: State, stop: Halt) -> int:
    """How much of the rolled length a path halting at ``stop`` cannot use (R16), as written, in
    hundredths of L: the roll less how far along the path it halts as written, so the two add
    up to the roll however the path was traced."""
    assert state.move is not None and state.move.total is not None
    return max(state.move.total * 100 - hundredths(stop.distance), 0)


def halt_words(state: State, stop: Halt, trace: Trace) -> str:
    """What halts the Brawler at ``stop`` on the path ``trace`` (and on toward its pointer),
    how far along, and how much of its roll is lost: "halts against the Wall after 2.91 L: the
    rest of its roll, 9.09 L, is lost" (R16). Past a corner, on the leg toward the pointer, how
    far is counted from the last corner, as the length left is: "1.20 L past its last corner"
    (that and the length lost make the length left)."""
    assert state.activation is not None
    what = words.against(state.activation.player, stop)
    verb = "rams" if rammed(stop, state.activation.player) else "halts against"
    return (
        f"{verb} {what} {_how_far(state, stop, trace)}: the rest of its roll, "
        f"{hundredths_text(lost_hundredths(state, stop))} L, is lost"
    )


def _how_far(state: State, stop: Halt, trace: Trace) -> str:
    """How far along its path ``stop`` halts the Brawler, as written: past its last corner when
    the leg toward the pointer halts it (the length left as written, less the length lost),
    else from its start."""
    if trace.corners and not halted(state, trace):
        past = hundredths(unspent(state, trace)) - lost_hundredths(state, stop)
        return f"{hundredths_text(past)} L past its last corner"
    return f"after {length_text(stop.distance)} L"


def preview(state: State, trace: Trace) -> PathTrace:
    """What the board draws: corners, length left, the cursor's leg and where, how far along it
    and against what it would halt."""
    pts = points(state, trace)
    cursor = cursor_leg(state, trace)
    full = pts + ([cursor] if cursor is not None else [])
    at: tuple[float, float] | None = None
    rams: tuple[str, ...] = ()
    stopper = ""
    wasted = 0.0
    along: float | None = None
    stop = halt(state, full)
    if stop is not None and state.activation is not None:
        h = point_along(tuple(full), stop.distance)
        at, rams = (h.x, h.y), rammed(stop, state.activation.player)
        stopper = words.against(state.activation.player, stop)
        wasted = lost_hundredths(state, stop) / 100
        along = stop.distance
    return PathTrace(
        tuple((v.x, v.y) for v in pts),
        remaining(state, trace),
        (cursor.x, cursor.y) if cursor is not None else None,
        at,
        rams,
        stopper,
        wasted,
        halt_along=along,
    )
