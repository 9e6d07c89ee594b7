"""How far a card must travel to reach a point, around the terrain (R16: terrain halts a Move).

The straight-line distance to an enemy misleads a side that wants to close in: a wall between
them makes the nearest spot a dead end. ``Travel`` measures the way round instead, on a grid of
``STEP`` card lengths over the table: cells whose centre lies within ``CLEARANCE`` of any terrain
(tall or low, both halt a Move) are closed, and distances run through open cells in the eight
grid directions. A distance field is built once per set of goals (the enemy cards' centres) and
then read in constant time; a point in a closed cell reads its nearest open neighbour's
distance plus the step.

A soldier that shoots does not need to reach an enemy, only to see it (R11-R14): ``sight_field``
measures the way to the nearest open cell from which a card could see an enemy past the tall
terrain. Its goal cells are found with straight lines from the cell's centre to the enemy card's
centre and to four points ``REACH`` from it, one each way: a cheap stand-in for the exact sight
test, which may miss a line that slips through a narrow gap.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Sequence
from typing import TypeVar

from serm.core.geometry import Polygon, Vec, crosses_prepared, prepared
from serm.core.scenario import Terrain

STEP = 0.25
"""The grid's cell size, in card lengths."""
CLEARANCE = 0.3
"""How near terrain a card's centre can come (half the narrow side of a card, a little less)."""
FIELDS_KEPT = 64
"""Distance fields kept per table (the oldest goes first): a game's page must not grow."""
REACH = 0.3
"""How far from an enemy card's centre the sight goals look (about half its narrow side)."""

_DIAG = math.sqrt(2.0)
_MOVES = ((1, 0, 1.0), (-1, 0, 1.0), (0, 1, 1.0), (0, -1, 1.0)) + tuple(
    (dx, dy, _DIAG) for dx in (1, -1) for dy in (1, -1)
)


def _distance_to(px: float, py: float, pts: Sequence[tuple[float, float]]) -> float:
    """The distance from (``px``, ``py``) to the convex polygon of ``pts`` (0 inside it)."""
    best = math.inf
    sign = 0.0
    inside = True
    n = len(pts)
    for k in range(n):
        ax, ay = pts[k]
        bx, by = pts[(k + 1) % n]
        dx, dy = bx - ax, by - ay
        cross = dx * (py - ay) - dy * (px - ax)
        if cross != 0.0:
            if sign == 0.0:
                sign = cross
            elif (cross > 0.0) != (sign > 0.0):
                inside = False
        m = dx * dx + dy * dy
        t = 0.0 if m < 1e-12 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / m))
        best = min(best, math.hypot(px - ax - dx * t, py - ay - dy * t))
    return 0.0 if inside else best


K = TypeVar("K")
V = TypeVar("V")


def kept(cache: dict[K, V], key: K, make: Callable[[], V]) -> V:
    """``cache[key]``, made by ``make`` when missing; past ``FIELDS_KEPT`` entries the oldest
    goes first, so a game's page does not grow."""
    got = cache.get(key)
    if got is None:
        if len(cache) >= FIELDS_KEPT:
            del cache[next(iter(cache))]
        got = cache[key] = make()
    return got


def goal_key(p: Vec) -> tuple[float, float]:
    """A goal as the caches key it: its centre rounded to 0.001 L."""
    return (round(p.x, 3), round(p.y, 3))


class Travel:
    """Travel distances around ``terrain`` on a ``width`` by ``height`` table."""

    def __init__(self, terrain: Sequence[Terrain], width: float, height: float) -> None:
        self.nx = max(1, math.ceil(width / STEP))
        self.ny = max(1, math.ceil(height / STEP))
        self.open = [True] * (self.nx * self.ny)
        for t in terrain:
            self._close_near(t.points)
        self._fields: dict[tuple[tuple[float, float], ...], list[float]] = {}
        self._sight_fields: dict[tuple[tuple[float, float], ...], list[float]] = {}
        self._seen: dict[tuple[float, float], list[int]] = {}

    def _close_near(self, poly: Polygon) -> None:
        """Close the cells within ``CLEARANCE`` of ``poly`` (only those of its widened box)."""
        xs = [p.x for p in poly]
        ys = [p.y for p in poly]
        x0, y0, x1, y1 = min(xs), min(ys), max(xs), max(ys)
        i0, j0 = self.cell(Vec(x0 - CLEARANCE, y0 - CLEARANCE))
        i1, j1 = self.cell(Vec(x1 + CLEARANCE, y1 + CLEARANCE))
        pts = [(p.x, p.y) for p in poly]
        boxed = len(poly) == 4 and all(
            a.x == b.x or a.y == b.y for a, b in zip(poly, poly[1:] + poly[:1], strict=True)
        )
        for j in range(j0, j1 + 1):
            cy = (j + 0.5) * STEP
            for i in range(i0, i1 + 1):
                cx = (i + 0.5) * STEP
                if boxed:  # an upright rectangle: the distance to its box
                    d = math.hypot(max(x0 - cx, 0.0, cx - x1), max(y0 - cy, 0.0, cy - y1))
                else:
                    d = _distance_to(cx, cy, pts)
                if d < CLEARANCE:
                    self.open[j * self.nx + i] = False

    def centre(self, i: int, j: int) -> Vec:
        return Vec((i + 0.5) * STEP, (j + 0.5) * STEP)

    def cell(self, p: Vec) -> tuple[int, int]:
        i = min(self.nx - 1, max(0, int(p.x / STEP)))
        j = min(self.ny - 1, max(0, int(p.y / STEP)))
        return i, j

    def field(self, goals: Sequence[Vec]) -> list[float]:
        """Each cell's travel distance to the nearest of ``goals`` (cached by the goals)."""
        key = tuple(sorted(goal_key(g) for g in goals))
        return kept(self._fields, key, lambda: self._build(goals))

    def sight_field(self, goals: Sequence[Vec], tall: Sequence[Terrain]) -> list[float]:
        """Each cell's travel distance to the nearest open cell that sees a card centred on one
        of ``goals`` past ``tall`` terrain (cached by the goals; see the module's docstring)."""
        key = tuple(sorted(goal_key(g) for g in goals))

        def make() -> list[float]:
            return self._spread([(0.0, k) for g in key for k in self.seen_from(g, tall)])

        return kept(self._sight_fields, key, make)

    def seen_from(self, goal: tuple[float, float], tall: Sequence[Terrain]) -> list[int]:
        """The open cells from whose centre a straight line reaches the card at ``goal`` (a
        ``goal_key``; cached)."""
        return kept(self._seen, goal, lambda: self._seen_cells(goal, tall))

    def _seen_cells(self, goal: tuple[float, float], tall: Sequence[Terrain]) -> list[int]:
        gx, gy = goal
        points = [(gx, gy), (gx + REACH, gy), (gx - REACH, gy), (gx, gy + REACH), (gx, gy - REACH)]
        preps = [prepared(t.points) for t in tall]
        cells = []
        for k, free in enumerate(self.open):
            if not free:
                continue
            cx, cy = (k % self.nx + 0.5) * STEP, (k // self.nx + 0.5) * STEP
            for px, py in points:
                if not any(crosses_prepared(cx, cy, px, py, p) for p in preps):
                    cells.append(k)
                    break
        return cells

    def _build(self, goals: Sequence[Vec]) -> list[float]:
        seeds = []
        for g in goals:
            i, j = self.cell(g)
            seeds.append(((self.centre(i, j) - g).length(), j * self.nx + i))
        return self._spread(seeds)

    def _spread(self, seeds: Sequence[tuple[float, int]]) -> list[float]:
        """Distances through open cells from ``seeds`` (distance, cell) outward (Dijkstra)."""
        dist = [math.inf] * (self.nx * self.ny)
        heap: list[tuple[float, int]] = []
        for d, k in seeds:
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
