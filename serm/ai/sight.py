"""Fast, approximate line of sight for the computer opponent's estimates (R11-R13, R18).

The engine's ``serm.core.los`` is exact and is what the rules use; these helpers trade a little
accuracy for speed so that hundreds of candidate positions can be scored per decision: fewer sight
lines through tall terrain, and a coarser step along a Move's path. Nothing here decides legality.
"""

from __future__ import annotations

import math

from serm.core.geometry import (
    CARD_LENGTH,
    EPS,
    Polygon,
    Vec,
    card_polygon,
    centroid,
    convex_hull,
    outward_normals,
    unit,
)
from serm.core.los import visible_part
from serm.core.scenario import Terrain
from serm.core.state import Soldier

Tall = tuple[Terrain, ...]
STEP = 0.25
"""Step (L) along a Move's path when estimating where an enemy first sees the mover."""


class Shape:
    """A convex piece prepared for fast segment tests: bounding box and edge normals."""

    __slots__ = ("x0", "y0", "x1", "y1", "edges")

    def __init__(self, points: Polygon) -> None:
        self.x0 = min(p.x for p in points)
        self.y0 = min(p.y for p in points)
        self.x1 = max(p.x for p in points)
        self.y1 = max(p.y for p in points)
        self.edges = [(q.x, q.y, n.x, n.y) for q, n in outward_normals(points)]

    def crosses(self, a: Vec, b: Vec) -> bool:
        """As ``geometry.segment_crosses_interior``: the segment enters the interior."""
        if max(a.x, b.x) <= self.x0 or min(a.x, b.x) >= self.x1:
            return False
        if max(a.y, b.y) <= self.y0 or min(a.y, b.y) >= self.y1:
            return False
        dx, dy = b.x - a.x, b.y - a.y
        t0, t1 = 0.0, 1.0
        for qx, qy, nx, ny in self.edges:
            num = nx * (a.x - qx) + ny * (a.y - qy) + EPS
            den = nx * dx + ny * dy
            if -1e-15 < den < 1e-15:
                if num >= 0:
                    return False
                continue
            t = -num / den
            if den < 0:
                t0 = max(t0, t)
            else:
                t1 = min(t1, t)
            if t0 >= t1:
                return False
        return (t1 - t0) * math.hypot(dx, dy) > EPS


_SHAPES: dict[int, tuple[Polygon, Shape]] = {}


def shape(t: Terrain) -> Shape:
    got = _SHAPES.get(id(t))
    if got is None or got[0] is not t.points:
        got = _SHAPES[id(t)] = (t.points, Shape(t.points))
    return got[1]


def blocked(a: Vec, b: Vec, tall: Tall) -> bool:
    """True when the segment a-b passes through tall terrain."""
    return any(shape(t).crosses(a, b) for t in tall)


def clear(a: Vec, b: Vec, tall: Tall) -> bool:
    """True when a card at ``a`` could see a card at ``b`` by turning toward it (R12, R14).

    Tests the centre line and two parallels a third of a card width to either side.
    """
    if not tall or not blocked(a, b, tall):
        return True
    d = b - a
    n = d.length()
    if n < 1e-9:
        return True
    side = Vec(-d.y / n, d.x / n) * 0.24
    return not blocked(a + side, b + side, tall) or not blocked(a - side, b - side, tall)


def _origins(pos: Vec, facing: float, ranger: bool) -> list[Vec]:
    if ranger:
        return [pos]
    top = pos + unit(facing) * (CARD_LENGTH / 2)
    across = unit(facing + 90.0) * 0.3
    return [top, top + across, top - across]


def sees_poly(pos: Vec, facing: float, ranger: bool, target: Polygon, tall: Tall) -> bool:
    """Approximately ``serm.core.los.sees`` for a viewer at ``pos``/``facing`` (R11-R13)."""
    part = visible_part((pos, facing, ranger), target)
    if not part:
        return False
    if not tall:
        return True
    samples = [centroid(part), *part]
    for a in _origins(pos, facing, ranger):
        for b in samples:
            if not blocked(a, b, tall):
                return True
    return False


def sees(a: Soldier, b: Soldier, tall: Tall) -> bool:
    """Approximately: soldier ``a`` sees soldier ``b`` with their current facings."""
    return sees_poly(a.pos, a.facing, a.card == "ranger", b.polygon(), tall)


def entry(
    viewer: Soldier, start: Vec, facing: float, direction: float, reach: float, tall: Tall
) -> float | None:
    """Where, within ``reach`` L along a straight Move, ``viewer`` first sees the mover (R18)."""
    v = (viewer.pos, viewer.facing, viewer.card == "ranger")
    step = unit(direction)
    end = start + step * reach
    swept = convex_hull(list(card_polygon(start, facing)) + list(card_polygon(end, facing)))
    if not visible_part(v, swept):
        return None
    d = 0.0
    while True:
        poly = card_polygon(start + step * d, facing)
        if sees_poly(viewer.pos, viewer.facing, v[2], poly, tall):
            return d
        if d >= reach:
            return None
        d = min(d + STEP, reach)


def path_entry(
    viewer: Soldier, path: tuple[Vec, ...], facing: float, halt: float, tall: Tall
) -> float | None:
    """``entry`` along a polyline (a Brawler's path), up to ``halt`` L along it."""
    done = 0.0
    for a, b in zip(path, path[1:], strict=False):
        seg = (b - a).length()
        if seg < 1e-9:
            continue
        reach = min(seg, halt - done)
        if reach < 0:
            break
        from serm.core.geometry import bearing_of

        e = entry(viewer, a, facing, bearing_of(b - a), reach, tall)
        if e is not None:
            return done + e
        done += seg
    return None
