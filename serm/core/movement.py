"""Moves along straight lines and Brawler paths: halting and rams (rulings R3, R4, R15-R17).

The card keeps the facing it had when it set off while it slides; only its centre travels along the
path. It halts at the first contact with another card on the table, terrain or the table edge.
"""

from __future__ import annotations

from dataclasses import dataclass

from .geometry import (
    EPS,
    Vec,
    card_polygon,
    edge_contact,
    point_along,
    sweep_contact,
)
from .state import Soldier, State


@dataclass(frozen=True)
class Halt:
    """Where a path's slide stops: ``distance`` L along it, and what was touched there.

    ``cards`` are (player, card) pairs touched at the halt; ``blocked`` is True when anything
    (card, terrain or edge) stopped the move before the path's end.
    """

    distance: float
    cards: tuple[tuple[int, str], ...]
    blocked: bool


def halt_along(state: State, mover: Soldier, facing: float, path: tuple[Vec, ...]) -> Halt:
    """First contact of ``mover`` (at ``facing``) sliding along ``path`` (R16).

    Cards touched within ``EPS`` of the first contact all count as touched.
    """
    others = [s for s in state.on_table() if (s.player, s.card) != (mover.player, mover.card)]
    travelled = 0.0
    for i in range(len(path) - 1):
        a, b = path[i], path[i + 1]
        seg = (b - a).length()
        if seg <= EPS:
            continue
        d = (b - a) * (1.0 / seg)
        poly = card_polygon(a, facing)
        first: float | None = None
        touched: list[tuple[int, str]] = []
        for s in others:
            t = sweep_contact(poly, d, s.polygon())
            if t is None or t > seg + EPS:
                continue
            if first is None or t < first - EPS:
                first, touched = t, [(s.player, s.card)]
            elif abs(t - first) <= EPS:
                touched.append((s.player, s.card))
        for terrain in state.scenario.terrain:
            t = sweep_contact(poly, d, terrain.points)
            if t is not None and t <= seg + EPS and (first is None or t < first - EPS):
                first, touched = t, []
        sc = state.scenario
        t = edge_contact(poly, d, sc.width, sc.height)
        if t is not None and t <= seg + EPS and (first is None or t < first - EPS):
            first, touched = t, []
        if first is not None:
            return Halt(travelled + min(first, seg), tuple(touched), True)
        travelled += seg
    return Halt(travelled, (), False)


def position_at(path: tuple[Vec, ...], distance: float) -> Vec:
    """The mover's centre ``distance`` L along its path."""
    return point_along(path, distance)
