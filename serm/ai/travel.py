"""How far a card must travel to reach a point, around the terrain (R16: terrain halts a Move).

The straight-line distance to an enemy misleads a side that wants to close in: a wall between
them makes the nearest spot a dead end. ``Travel`` measures the way round instead, on a grid of
``STEP`` card lengths over the table: cells whose centre lies within ``CLEARANCE`` of any terrain
(tall or low, both halt a Move) are closed, and distances run through open cells in the eight
grid directions. A distance field is built once per set of goals (the enemy cards' centres) and
then read in constant time; a point in a closed cell reads its nearest open neighbour's
distance plus the step.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence

from serm.core.geometry import Polygon, Vec, point_in_polygon
from serm.core.scenario import Terrain

STEP = 0.25
"""The grid's cell size, in card lengths."""
CLEARANCE = 0.3
"""How near terrain a card's centre can come (half the narrow side of a card, a little less)."""

_DIAG = math.sqrt(2.0)
_MOVES = ((1, 0, 1.0), (-1, 0, 1.0), (0, 1, 1.0), (0, -1, 1.0)) + tuple(
    (dx, dy, _DIAG) for dx in (1, -1) for dy in (1, -1)
)


def _distance_to(p: Vec, poly: Polygon) -> float:
    """The distance from ``p`` to the convex polygon ``poly`` (0 inside it)."""
    if point_in_polygon(p, poly):
        return 0.0
    best = math.inf
    for i, a in enumerate(poly):
        b = poly[(i + 1) % len(poly)]
        d = b - a
        n = d.x * d.x + d.y * d.y
        t = 0.0 if n < 1e-12 else max(0.0, min(1.0, ((p.x - a.x) * d.x + (p.y - a.y) * d.y) / n))
        best = min(best, math.hypot(p.x - a.x - d.x * t, p.y - a.y - d.y * t))
    return best


class Travel:
    """Travel distances around ``terrain`` on a ``width`` by ``height`` table."""

    def __init__(self, terrain: Sequence[Terrain], width: float, height: float) -> None:
        self.nx = max(1, math.ceil(width / STEP))
        self.ny = max(1, math.ceil(height / STEP))
        self.open = [
            all(_distance_to(self.centre(i, j), t.points) >= CLEARANCE for t in terrain)
            for j in range(self.ny)
            for i in range(self.nx)
        ]
        self._fields: dict[tuple[tuple[float, float], ...], list[float]] = {}

    def centre(self, i: int, j: int) -> Vec:
        return Vec((i + 0.5) * STEP, (j + 0.5) * STEP)

    def cell(self, p: Vec) -> tuple[int, int]:
        i = min(self.nx - 1, max(0, int(p.x / STEP)))
        j = min(self.ny - 1, max(0, int(p.y / STEP)))
        return i, j

    def field(self, goals: Sequence[Vec]) -> list[float]:
        """Each cell's travel distance to the nearest of ``goals`` (cached by the goals)."""
        key = tuple(sorted((round(g.x, 3), round(g.y, 3)) for g in goals))
        got = self._fields.get(key)
        if got is None:
            got = self._fields[key] = self._build(goals)
        return got

    def _build(self, goals: Sequence[Vec]) -> list[float]:
        dist = [math.inf] * (self.nx * self.ny)
        heap: list[tuple[float, int]] = []
        for g in goals:
            i, j = self.cell(g)
            k = j * self.nx + i
            d = (self.centre(i, j) - g).length()
            if d < dist[k]:
                dist[k] = d
                heapq.heappush(heap, (d, k))
        while heap:
            d, k = heapq.heappop(heap)
            if d > dist[k]:
                continue
            i, j = k % self.nx, k // self.nx
            for dx, dy, w in _MOVES:
                a, b = i + dx, j + dy
                if not (0 <= a < self.nx and 0 <= b < self.ny):
                    continue
                n = b * self.nx + a
                if not self.open[n]:
                    continue
                nd = d + w * STEP
                if nd < dist[n]:
                    dist[n] = nd
                    heapq.heappush(heap, (nd, n))
        return dist

    def read(self, field: list[float], p: Vec) -> float:
        """The travel distance from ``p`` in ``field``: its cell's, else its nearest open
        neighbour's plus the way there; the straight-line fallback is the caller's."""
        i, j = self.cell(p)
        here = field[j * self.nx + i]
        if here < math.inf:
            return here
        best = math.inf
        for r in (1, 2):
            for a in range(i - r, i + r + 1):
                for b in range(j - r, j + r + 1):
                    if 0 <= a < self.nx and 0 <= b < self.ny:
                        v = field[b * self.nx + a]
                        if v < math.inf:
                            best = min(best, v + (self.centre(a, b) - p).length())
            if best < math.inf:
                return best
        return best
