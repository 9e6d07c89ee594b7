"""Where cards went between two states, for the browser to slide them there (R15, R17)."""

from __future__ import annotations

from ..core.geometry import EPS, Vec
from ..core.state import MoveInProgress, Soldier, State
from .model import SoldierKey

Motion = tuple[SoldierKey, tuple[tuple[float, float, float], ...]]
"""A card that just moved: its key and the (x, y, facing) corners it passed, first to last."""

ON_PATH = 1e-6
"""How near (L) a card's end must lie to a leg of its path to have ended on that leg."""


def motions(before: State, after: State) -> list[Motion]:
    """Cards whose place or facing changed between two states, with the path each took (R15).

    A mover follows its move's path (the Brawler's corners too, R17) up to where it ended: the
    corners it passed before the leg it halted or was stopped on (R16, R19), none past it.
    """
    out: list[Motion] = []
    for old, new in zip(before.soldiers, after.soldiers, strict=True):
        if not (old.on_table and new.on_table) or (old.pos, old.facing) == (new.pos, new.facing):
            continue
        corners = [(old.x, old.y, old.facing)]
        moved = (new.pos - old.pos).length() > EPS
        path = _path_of(before, after, old) if moved else ()
        corners += [(p.x, p.y, old.facing) for p in passed(path, new.pos)]
        turn = (new.facing - old.facing + 180.0) % 360.0 - 180.0  # the short way round
        corners.append((new.x, new.y, old.facing + turn))
        out.append(((new.player, new.card), tuple(corners)))
    return out


def _path_of(before: State, after: State, s: Soldier) -> tuple[Vec, ...]:
    """The path of the Move ``s`` made between the states: known before the step when a React
    was asked on it (R18), else set by the step itself (a path sent with no React to ask)."""
    act = before.activation
    if act is None or act.player != s.player:
        return ()
    for mv in (before.move, after.move):
        if _moves(mv, s) and mv is not None and len(mv.path) > 1:
            return mv.path
    return ()


def _moves(mv: MoveInProgress | None, s: Soldier) -> bool:
    return mv is not None and mv.card == s.card


def passed(path: tuple[Vec, ...], end: Vec) -> list[Vec]:
    """The inner corners of ``path`` a card passed to stop at ``end``: those before the first
    leg ``end`` lies on (all of them when it lies on none)."""
    inner = list(path[1:-1])
    for i in range(len(path) - 1):
        if _on_leg(end, path[i], path[i + 1]):
            inner = list(path[1 : i + 1])
            break
    return [p for p in inner if (p - end).length() >= EPS]


def _on_leg(p: Vec, a: Vec, b: Vec) -> bool:
    """Whether ``p`` lies on the segment from ``a`` to ``b`` (within ``ON_PATH``)."""
    d = b - a
    ln2 = d.dot(d)
    t = 0.0 if ln2 == 0 else max(0.0, min(1.0, (p - a).dot(d) / ln2))
    return (a + d * t - p).length() <= ON_PATH
