"""Which clear sight line a shot is drawn along (R11-R13, R21): of the lines the engine finds
clear to the target's card and to each part of it, the one that crosses the least of the other
cards, so it hides as little of their names and numbers as it can."""

from __future__ import annotations

from ..core import queries as q
from ..core.geometry import Vec
from ..core.los import sight_line
from ..core.state import Soldier, State

PARTS = 4
"""The target's card is also tried in ``PARTS`` x ``PARTS`` parts: a line to each part it sees
is as clear a sight line to the card."""


def span(card: tuple[Vec, ...], a: Vec, b: Vec) -> tuple[float, float] | None:
    """The stretch (fractions from ``a`` toward ``b``) of the segment that lies on the convex
    polygon ``card``, or None when it misses it."""
    d = b - a
    mid = sum(card, Vec(0.0, 0.0)) * (1 / len(card))
    lo, hi = 0.0, 1.0
    for p, r in zip(card, (*card[1:], card[0]), strict=True):
        e = r - p
        side = 1.0 if e.cross(mid - p) > 0 else -1.0  # inside the edge: this sign of the cross
        f0, f1 = side * e.cross(a - p), side * e.cross(d)
        if abs(f1) < 1e-12:
            if f0 < -1e-6:
                return None
            continue
        t = -f0 / f1
        lo, hi = (max(lo, t), hi) if f1 > 0 else (lo, min(hi, t))
    return (lo, hi) if hi > lo + 1e-9 else None


def crossed(a: Vec, b: Vec, cards: list[tuple[Vec, ...]]) -> float:
    """How much (L) of the segment from ``a`` to ``b`` lies on ``cards``."""
    length = (b - a).length()
    found = [span(card, a, b) for card in cards]
    return sum((s[1] - s[0]) * length for s in found if s is not None)


def parts(card: tuple[Vec, ...]) -> list[tuple[Vec, ...]]:
    """The card's rectangle cut into ``PARTS`` x ``PARTS`` parts."""
    o, u, v = card[0], (card[1] - card[0]) * (1 / PARTS), (card[3] - card[0]) * (1 / PARTS)
    out: list[tuple[Vec, ...]] = []
    for i in range(PARTS):
        for j in range(PARTS):
            a = o + u * float(i) + v * float(j)
            out.append((a, a + u, a + u + v, a + v))
    return out


def clearest(state: State, shooter: Soldier, target: Soldier) -> tuple[Vec, Vec] | None:
    """A clear sight line from ``shooter`` to ``target`` (``los.sight_line``, R11-R13): the
    engine's line to the whole card unless a line to a part of it crosses less of the other
    cards on the table; None when it sees no part of it."""
    viewer, tall = q.viewer(shooter), q.tall_terrain(state)
    card = target.polygon()
    others = [
        s.polygon()
        for s in state.on_table()
        if (s.player, s.card) not in ((shooter.player, shooter.card), (target.player, target.card))
    ]
    best: tuple[float, tuple[Vec, Vec]] | None = None
    for piece in (card, *parts(card)):
        seen = sight_line(viewer, piece, tall)
        if seen is None:
            continue
        cost = crossed(seen[0], seen[1], others)
        if best is None or cost < best[0] - 1e-9:
            best = (cost, seen)
        if cost == 0.0:
            break
    return None if best is None else best[1]
