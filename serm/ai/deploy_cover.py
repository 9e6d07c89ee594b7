"""Cover at deployment (R2, R5, R6, R12, R22): where an enemy Gunner not yet placed could stand,
and which of them would see a card placed here.

The roll-off loser places the last card and acts first (R5), so its Gunner may take whichever pose
in its zone sees the most of the other side, then shoot at everything it sees (R22). Under an
opening that holds its first shot back (R5, Opening) it may still turn in place first (its Move,
R14), so the poses it may shoot from are the same; how much they count follows the rule
(``deploy.gunner_weight``). The computer
weighs that by a grid of the enemy Gunner's poses (``Grid``: centres over its zone, facings toward
the other zone) and, per pose, the part of its own zone that pose sees, exactly: the zone cut into
cells seen whole or hidden whole (``los.sight_partition``, R12). A card's *mask* then has bit ``i``
set when pose ``i`` sees some of it: a few overlap tests per pose, not a sight-line search.

Only the poses clear of the cards already on the table count (``ZoneSight.clear``, R4): the
enemy Gunner cannot stand on one of its own cards.

The cells of a table are kept (``zone_sight``) so the five placements of a deployment, and later
games on the same table, reuse them. They are computed pose by pose when first needed
(``ZoneSight.extend`` yields between poses, so a page stays responsive). Which poses a decision
weighs depends only on the state (``poses_for``), never on what an earlier game left in the cache,
so a game between computer players still replays from its seed.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from serm.core.convex import Edge, edges_of, overlaps
from serm.core.cover import Poses, clear_mask
from serm.core.fmath import sin_cos
from serm.core.geometry import CARD_LENGTH, CARD_WIDTH, Polygon, Vec, card_polygon, inside_rect
from serm.core.geometry import polygons_overlap as _overlap
from serm.core.los import Viewer, sight_partition
from serm.core.scenario import Scenario, Terrain


@dataclass(frozen=True)
class Grid:
    """Enemy Gunner poses: centres about ``step`` L apart over its zone (``rows`` depths), facings
    every ``facing_step`` degrees up to ``arc`` degrees either side of straight ahead."""

    step: float
    rows: int
    facing_step: float
    arc: float


Box = tuple[float, float, float, float]
Cell = tuple[tuple[tuple[float, float], ...], tuple[Edge, ...], Box]
"""A seen cell: corners, ``edges_of`` and bounding box (x0, y0, x1, y1)."""


def _box(pts: tuple[tuple[float, float], ...]) -> Box:
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    return min(xs), min(ys), max(xs), max(ys)


def _half_extents(facing: float) -> tuple[float, float]:
    s, c = sin_cos(facing)
    s, c = abs(s), abs(c)
    return s * CARD_LENGTH / 2 + c * CARD_WIDTH / 2, c * CARD_LENGTH / 2 + s * CARD_WIDTH / 2


def _spread(n: float, count: int) -> list[float]:
    """``count`` values spread over [0, n]: the ends and evenly between (one: the middle)."""
    if count <= 1 or n <= 0:
        return [n / 2]
    return [n * i / (count - 1) for i in range(count)]


def _bounds(poly: Polygon) -> tuple[float, float, float, float]:
    xs = [p.x for p in poly]
    ys = [p.y for p in poly]
    return min(xs), min(ys), max(xs), max(ys)


def _boxes_meet(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    """Whether two bounding boxes meet (touching counts: the exact test decides then)."""
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def grid_poses(scenario: Scenario, player: int, grid: Grid) -> tuple[Viewer, ...]:
    """``player``'s Gunner poses on ``grid`` that fit its zone and miss terrain (R4, R6), in an
    order where every prefix is spread over the whole zone (every fifth pose first, and so on)."""
    z = scenario.zone(player)
    other = scenario.zone(3 - player)
    ahead = 180.0 if (other.y0 + other.y1) > (z.y0 + z.y1) else 0.0
    k = int(grid.arc // grid.facing_step)
    out = []
    near = [(t.points, _bounds(t.points)) for t in scenario.terrain]
    for j in range(-k, k + 1):
        f = (ahead + j * grid.facing_step) % 360.0
        hx, hy = _half_extents(f)
        width = z.x1 - z.x0 - 2 * hx
        xs = [z.x0 + hx + d for d in _spread(width, max(2, round(width / grid.step) + 1))]
        ys = [z.y0 + hy + d for d in _spread(z.y1 - z.y0 - 2 * hy, grid.rows)]
        for y in ys:
            for x in xs:
                poly = card_polygon(Vec(x, y), f)
                box = _bounds(poly)
                if inside_rect(poly, z.x0, z.y0, z.x1, z.y1) and not any(
                    _boxes_meet(box, b) and _overlap(poly, pts) for pts, b in near
                ):
                    out.append((Vec(x, y), f, False))
    return tuple(out[i] for s in range(5) for i in range(s, len(out), 5))


class ZoneSight:
    """The poses of the enemy of ``player`` (``grid_poses``) and, per pose computed so far, the
    cells of ``player``'s zone it sees (R11-R12)."""

    def __init__(self, scenario: Scenario, player: int, grid: Grid) -> None:
        self.poses = grid_poses(scenario, 3 - player, grid)
        self.tall: tuple[Terrain, ...] = tuple(t for t in scenario.terrain if t.tall)
        z = scenario.zone(player)
        self.zone: Polygon = (Vec(z.x0, z.y0), Vec(z.x1, z.y0), Vec(z.x1, z.y1), Vec(z.x0, z.y1))
        self.cells: list[tuple[Cell, ...]] = []
        self._frames: Poses | None = None
        self._clear: tuple[tuple[tuple[Vec, float], ...], int] | None = None

    def clear(self, cards: tuple[tuple[Vec, float], ...]) -> int:
        """Bit ``i`` set for each pose the enemy Gunner may still take: its card clear of the
        cards standing at ``cards`` (R4). The last answer is kept: a placement asks it per spot."""
        if self._clear is None or self._clear[0] != cards:
            if self._frames is None:
                self._frames = Poses.of(self.poses)
            self._clear = (cards, clear_mask(self._frames, cards))
        return self._clear[1]

    def extend(self, count: int) -> Iterator[None]:
        """Compute the cells of the first ``count`` poses, yielding after each new one."""
        while len(self.cells) < min(count, len(self.poses)):
            part = sight_partition(self.poses[len(self.cells)], self.zone, self.tall)
            cells = [(c, edges_of(c), _box(c)) for c in part.seen]
            cells += [(s, edges_of(s), _box(s)) for s in part.seams]
            self.cells.append(tuple(cells))
            yield None

    def mask(self, card: Polygon, count: int) -> int:
        """Bit ``i`` set for each of the first ``count`` poses that sees some of ``card`` (cells
        computed first with ``extend``)."""
        pts = tuple((p.x, p.y) for p in card)
        edges = edges_of(pts)
        x0, y0, x1, y1 = _box(pts)
        mask = 0
        for i, cells in enumerate(self.cells[:count]):
            for c, c_edges, (cx0, cy0, cx1, cy1) in cells:
                if cx1 < x0 or cx0 > x1 or cy1 < y0 or cy0 > y1:
                    continue
                if overlaps(pts, c, edges, c_edges):
                    mask |= 1 << i
                    break
        return mask


@lru_cache(maxsize=8)
def zone_sight(scenario: Scenario, player: int, grid: Grid) -> ZoneSight:
    """The ``ZoneSight`` of a table, kept: its cells are filled in as decisions need them."""
    return ZoneSight(scenario, player, grid)


def poses_for(total: int, placed: int, cards: int) -> int:
    """How many poses (a prefix of ``grid_poses``) a placement weighs once ``placed`` of a side's
    ``cards`` are down: a fifth more with each card, all of them for the last. The work of the
    cells is so spread over the deployment instead of falling on its first decision."""
    return max(1, math.ceil(total * min(placed + 1, cards) / cards))


def bits(mask: int) -> Iterator[int]:
    """The indices of the bits set in ``mask``."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low
