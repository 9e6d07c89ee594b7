"""Moves along straight lines and Brawler paths: halting and rams (rulings R3, R4, R15-R17).

The card keeps the facing it had when it set off while it slides; only its centre travels along the
path. It halts at the first contact with another card on the table, terrain or the table edge.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .fmath import plain_sum
from .geometry import (
    EPS,
    Polygon,
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
    (card, terrain or edge) stopped the move before the path's end; ``terrain`` names the
    terrain touched first when no card is, and ``edge`` is True when the table edge is.
    """

    distance: float
    cards: tuple[tuple[int, str], ...]
    blocked: bool
    terrain: str = ""
    edge: bool = False


def halt_along(state: State, mover: Soldier, facing: float, path: tuple[Vec, ...]) -> Halt:
    """First contact of ``mover`` (at ``facing``) sliding along ``path`` (R16).

    Cards touched within ``EPS`` of the first contact all count as touched. Each straight
    stretch first sets aside, on bare floats, the shapes it cannot reach: apart from the card
    across its line of travel (the first test of ``geometry.sweep_contact``, computed the same
    way) or wholly beyond the stretch's end; the answer is that of testing every shape.
    """
    others = [s for s in state.on_table() if (s.player, s.card) != (mover.player, mover.card)]
    shapes = [_shape((s.player, s.card), s.polygon()) for s in others]
    shapes += [_shape(t.name, t.points) for t in state.scenario.terrain]
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
        terrain = ""
        for key, shape in _within_reach(poly, d, seg, shapes):
            t = sweep_contact(poly, d, shape)
            if t is None or t > seg + EPS:
                continue
            if isinstance(key, str):  # terrain, by its name
                if first is None or t < first - EPS:
                    first, touched, terrain = t, [], key
            elif first is None or t < first - EPS:
                first, touched, terrain = t, [key], ""
            elif abs(t - first) <= EPS:
                touched.append(key)
        sc = state.scenario
        t = edge_contact(poly, d, sc.width, sc.height, seg)
        edge = False
        if t is not None and t <= seg + EPS and (first is None or t < first - EPS):
            first, touched, terrain, edge = t, [], "", True
        if first is not None:
            return Halt(travelled + min(first, seg), tuple(touched), True, terrain, edge)
        travelled += seg
    return Halt(travelled, (), False)


def rammed(halt: Halt, player: int) -> tuple[str, ...]:
    """The enemy cards of ``player``'s mover touched at ``halt``: each is rammed (R16, C2)."""
    return tuple(card for owner, card in halt.cards if owner != player)


Key = tuple[int, str] | str
"""A card's (player, card), or a terrain's name."""
Shape = tuple[Key, Polygon, list[tuple[float, float]], float, float, float]
"""(card key or terrain name, polygon, its corners as floats, centre x, y, radius)."""

SLACK = 1e-9
"""How much further than the exact tests the circle around a shape must clear (rounding)."""


def _shape(key: Key, poly: Polygon) -> Shape:
    pts = [(p.x, p.y) for p in poly]
    cx = plain_sum(x for x, _ in pts) / len(pts)
    cy = plain_sum(y for _, y in pts) / len(pts)
    r = max(math.sqrt((x - cx) * (x - cx) + (y - cy) * (y - cy)) for x, y in pts)
    return key, poly, pts, cx, cy, r


def _within_reach(
    poly: Polygon, d: Vec, seg: float, shapes: list[Shape]
) -> list[tuple[Key, Polygon]]:
    """The shapes, in order, that ``poly`` sliding ``seg`` L along unit ``d`` might touch.

    Left out: shapes apart from it across the line of travel or wholly behind it (for those
    ``sweep_contact`` finds no contact, by the same computation), and shapes whose nearest point
    along ``d`` lies further than the stretch's end (contact would come after ``seg``: the card's
    front must first reach that point). The circle round each shape decides first where it is
    clear by ``SLACK``; the corners decide otherwise."""
    dx, dy = d.x, d.y
    side_m = [p.x * -dy + p.y * dx for p in poly]
    lo_m, hi_m = min(side_m), max(side_m)
    back = min(p.x * dx + p.y * dy for p in poly)
    front = max(p.x * dx + p.y * dy for p in poly)
    out = []
    for key, shape, pts, cx, cy, r in shapes:
        side_c, ahead_c = cx * -dy + cy * dx, cx * dx + cy * dy
        if (
            side_c - r >= hi_m - EPS + SLACK
            or side_c + r <= lo_m + EPS - SLACK
            or ahead_c + r <= back + EPS - SLACK
            or ahead_c - r - front > seg + 4 * EPS + SLACK
        ):
            continue
        side_o = [x * -dy + y * dx for x, y in pts]
        if hi_m <= min(side_o) + EPS or max(side_o) <= lo_m + EPS:
            continue
        ahead_o = [x * dx + y * dy for x, y in pts]
        if max(ahead_o) <= back + EPS or min(ahead_o) - front > seg + 4 * EPS:
            continue
        out.append((key, shape))
    return out


def position_at(path: tuple[Vec, ...], distance: float) -> Vec:
    """The mover's centre ``distance`` L along its path."""
    return point_along(path, distance)
