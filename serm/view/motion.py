"""Where cards went between two states, for the browser to slide them there (R15, R17)."""

from __future__ import annotations

from ..core.geometry import EPS
from ..core.state import State
from .model import SoldierKey

Motion = tuple[SoldierKey, tuple[tuple[float, float, float], ...]]
"""A card that just moved: its key and the (x, y, facing) corners it passed, first to last."""


def motions(before: State, after: State) -> list[Motion]:
    """Cards whose place or facing changed between two states, with the path each took (R15).

    A mover follows its move's path (the Brawler's corners too) up to where it ended.
    """
    out: list[Motion] = []
    for old, new in zip(before.soldiers, after.soldiers, strict=True):
        if not (old.on_table and new.on_table) or (old.pos, old.facing) == (new.pos, new.facing):
            continue
        corners = [(old.x, old.y, old.facing)]
        mv = before.move
        if mv is not None and mv.card == old.card and before.activation is not None:
            if before.activation.player == old.player and len(mv.path) > 2:
                end = new.pos
                for p in mv.path[1:-1]:
                    if (p - end).length() < EPS:
                        break
                    corners.append((p.x, p.y, old.facing))
        turn = (new.facing - old.facing + 180.0) % 360.0 - 180.0  # the short way round
        corners.append((new.x, new.y, old.facing + turn))
        out.append(((new.player, new.card), tuple(corners)))
    return out
