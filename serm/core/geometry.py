"""Exact plane geometry for the gridless table (rulings R1, R3, R4, R11, R16).

Units are card lengths (L). Axes follow R1: the origin is the table's top-left corner, x grows to
the right, y grows downward. A *bearing* is in degrees, clockwise, 0 = toward the top of the screen
(y decreasing), so bearing 90 points along +x.

Polygons are tuples of ``Vec`` corners in order around the shape; every polygon used here is convex.
One tolerance, ``EPS``, decides every near-equality: shapes closer than ``EPS`` touch, they do not
overlap.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import NamedTuple

from .fmath import bearing, plain_sum, sin_cos

EPS = 1e-9
"""The one tolerance (card lengths) for every geometric comparison in the engine."""

CARD_LENGTH = 1.0
CARD_WIDTH = 63 / 88
"""A card is a poker card: 1 L long (along its facing) and 63/88 L wide (R1)."""


class Vec(NamedTuple):
    """A point or vector on the table, in card lengths."""

    x: float
    y: float

    def __add__(self, other: object) -> Vec:
        assert isinstance(other, Vec)
        return Vec(self.x + other.x, self.y + other.y)

    def __sub__(self, other: Vec) -> Vec:
        return Vec(self.x - other.x, self.y - other.y)

    def __mul__(self, k: object) -> Vec:
        assert isinstance(k, (int, float))
        return Vec(self.x * k, self.y * k)

    def dot(self, other: Vec) -> float:
        return self.x * other.x + self.y * other.y

    def cross(self, other: Vec) -> float:
        return self.x * other.y - self.y * other.x

    def length(self) -> float:
        return math.hypot(self.x, self.y)


Polygon = tuple[Vec, ...]

Prepared = tuple[float, float, float, float, tuple[tuple[float, float, float, float], ...]]
"""A convex polygon ready for segment tests: its box (x0, y0, x1, y1) and, per edge, a corner and
the unit outward normal (qx, qy, nx, ny); see ``prepared``."""


def unit(bearing: float) -> Vec:
    """Unit vector pointing along ``bearing`` (degrees clockwise from screen-up, R1)."""
    s, c = sin_cos(bearing)
    return Vec(s, -c)


def bearing_of(v: Vec) -> float:
    """Bearing in degrees [0, 360) of the vector ``v``; 0 for the zero vector."""
    if abs(v.x) < EPS and abs(v.y) < EPS:
        return 0.0
    return bearing(v.x, v.y)


def normalize_bearing(bearing: float) -> float:
    """Bring a bearing into [0, 360)."""
    return bearing % 360.0


def card_polygon(centre: Vec, facing: float) -> Polygon:
    """The four corners of a card centred at ``centre`` facing ``facing`` degrees.

    Order: top-left, top-right, bottom-right, bottom-left (clockwise on screen); the top edge is the
    edge in the facing direction (R1).
    """
    s, c = sin_cos(facing)
    fwd = Vec(s, -c) * (CARD_LENGTH / 2)
    right = Vec(c, s) * (CARD_WIDTH / 2)  # unit(facing + 90)
    return (
        centre + fwd - right,
        centre + fwd + right,
        centre - fwd + right,
        centre - fwd - right,
    )


def translate(poly: Polygon, offset: Vec) -> Polygon:
    return tuple(p + offset for p in poly)


def _edges(poly: Polygon) -> list[tuple[Vec, Vec]]:
    return [(poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly))]


def _orientation(poly: Polygon) -> float:
    """Twice the signed area; positive when the corners run clockwise on screen (y down)."""
    return plain_sum(a.cross(b) for a, b in _edges(poly))


def outward_edges(poly: Polygon) -> list[tuple[Vec, Vec, Vec]]:
    """(edge start, edge end, unit outward normal) per edge of a convex polygon, either winding.

    Zero-length edges are skipped.
    """
    sign = -1.0 if _orientation(poly) > 0 else 1.0
    out = []
    for a, b in _edges(poly):
        e = b - a
        n = Vec(-e.y, e.x) * sign
        ln = n.length()
        if ln > EPS:
            out.append((a, b, Vec(n.x / ln, n.y / ln)))
    return out


def outward_normals(poly: Polygon) -> list[tuple[Vec, Vec]]:
    """(edge start, unit outward normal) for each edge of a convex polygon."""
    return [(a, n) for a, _, n in outward_edges(poly)]


def _project(poly: Polygon, axis: Vec) -> tuple[float, float]:
    vals = [p.dot(axis) for p in poly]
    return min(vals), max(vals)


def polygons_overlap(a: Polygon, b: Polygon) -> bool:
    """True when two convex polygons share interior (separating axis test, R4).

    Polygons that only touch along an edge or at a corner, within ``EPS``, do not overlap.
    """
    for poly in (a, b):
        for _, n in outward_normals(poly):
            lo_a, hi_a = _project(a, n)
            lo_b, hi_b = _project(b, n)
            if hi_a <= lo_b + EPS or hi_b <= lo_a + EPS:
                return False
    return True


def inside_rect(poly: Polygon, x0: float, y0: float, x1: float, y1: float) -> bool:
    """True when every corner lies in the closed rectangle [x0, x1] x [y0, y1] (within ``EPS``)."""
    return all(x0 - EPS <= p.x <= x1 + EPS and y0 - EPS <= p.y <= y1 + EPS for p in poly)


def point_in_polygon(p: Vec, poly: Polygon) -> bool:
    """True when ``p`` lies in the closed convex polygon (within ``EPS``)."""
    return all((p - a).dot(n) <= EPS for a, n in outward_normals(poly))


def sweep_contact(moving: Polygon, direction: Vec, obstacle: Polygon) -> float | None:
    """Distance along unit ``direction`` at which ``moving`` first touches ``obstacle`` (R16).

    Both polygons are convex and start apart (or touching). Returns ``None`` when sliding forever
    never brings them into contact, ``0.0`` when they touch now and the move presses into the
    obstacle. Sliding along a shared edge is not contact. Exact: the first contact of two
    translating convex polygons is a corner of one meeting an edge of the other.
    """
    if _never_meet(moving, direction, obstacle):
        return None
    candidates: list[float] = []
    for poly_a, poly_b, d in ((moving, obstacle, direction), (obstacle, moving, direction * -1.0)):
        for q, e_end, n in outward_edges(poly_b):
            approach = d.dot(n)
            if approach >= -EPS:
                continue
            edge = e_end - q
            edge_len2 = edge.dot(edge)
            for p in poly_a:
                gap = n.dot(p - q)  # how far the corner lies outside this edge's line
                if gap < -EPS:  # tested on distance: a slow approach must not stretch EPS
                    continue
                t = max(gap, 0.0) / -approach
                s = (p + d * t - q).dot(edge) / edge_len2
                if -EPS <= s <= 1.0 + EPS:
                    candidates.append(t)
    for t in sorted(candidates):
        # A corner meeting a corner may only graze; contact means the next step would overlap.
        if _presses(translate(moving, direction * t), direction, obstacle):
            return t
    return None


def _never_meet(moving: Polygon, direction: Vec, obstacle: Polygon) -> bool:
    """A quick exact rejection: apart across the line of travel, or the obstacle is behind."""
    dx, dy = direction.x, direction.y
    side_m = [p.x * -dy + p.y * dx for p in moving]
    side_o = [p.x * -dy + p.y * dx for p in obstacle]
    if max(side_m) <= min(side_o) + EPS or max(side_o) <= min(side_m) + EPS:
        return True
    ahead_m = min(p.x * dx + p.y * dy for p in moving)
    return max(p.x * dx + p.y * dy for p in obstacle) <= ahead_m + EPS


def _presses(moving: Polygon, direction: Vec, obstacle: Polygon) -> bool:
    """True when ``moving``, touching ``obstacle``, overlaps it after any step along ``direction``.

    Exact for convex polygons: they stay apart only if, along some edge normal of either, they are
    apart or touching and the step does not close the gap (a closing rate up to ``EPS`` per L counts
    as sliding). Unlike a probe a fixed distance ahead, this also sees a shallow approach.
    """
    for poly in (moving, obstacle):
        for _, n in outward_normals(poly):
            lo_a, hi_a = _project(moving, n)
            lo_b, hi_b = _project(obstacle, n)
            rate = direction.dot(n)
            if hi_a <= lo_b + EPS and (hi_a < lo_b - EPS or rate <= EPS):
                return False
            if hi_b <= lo_a + EPS and (hi_b < lo_a - EPS or rate >= -EPS):
                return False
    return True


def edge_contact(
    moving: Polygon, direction: Vec, width: float, height: float, reach: float | None = None
) -> float | None:
    """Distance along unit ``direction`` at which ``moving`` meets the table edge (R3), or None.

    A direction within ``EPS`` of running along an edge (the rounding of a bearing along it, or a
    slight lean) meets that edge only when the card, sliding ``reach`` L, would hang off the
    table by more than ``EPS`` (R4, C14): a lean of 1e-10 carries a corner that touches the edge
    2e-9 L off the table over 20 L. Without ``reach`` such a direction never meets that edge.
    """
    best: float | None = None
    for p in moving:
        for comp, pos, limit in ((direction.x, p.x, width), (direction.y, p.y, height)):
            end = None if reach is None else pos + comp * reach
            if comp > EPS or (comp > 0.0 and end is not None and end > limit + EPS):
                t = (limit - pos) / comp
            elif comp < -EPS or (comp < 0.0 and end is not None and end < -EPS):
                t = -pos / comp
            else:
                continue
            t = t if t > 0.0 else 0.0
            if best is None or t < best:
                best = t
    return best


def clip_halfplane(poly: Polygon, normal: Vec, offset: float) -> Polygon:
    """Keep the part of ``poly`` where ``normal . p <= offset`` (Sutherland-Hodgman).

    May return a degenerate polygon (a segment or a point) or an empty tuple.
    """
    out: list[Vec] = []
    n = len(poly)
    for i in range(n):
        cur, nxt = poly[i], poly[(i + 1) % n]
        dc, dn = normal.dot(cur) - offset, normal.dot(nxt) - offset
        if dc <= EPS:
            out.append(cur)
        if (dc < -EPS and dn > EPS) or (dc > EPS and dn < -EPS):
            t = dc / (dc - dn)
            out.append(cur + (nxt - cur) * t)
    return tuple(out)


def segment_crosses_interior(a: Vec, b: Vec, poly: Polygon) -> bool:
    """True when the segment a-b passes through the interior of the convex polygon.

    A segment that only grazes a corner or runs along an edge stays clear (Cyrus-Beck clipping
    against the polygon shrunk by ``EPS``; the crossing must also be longer than ``EPS``).
    """
    return crosses_prepared(a.x, a.y, b.x, b.y, prepared(poly))


def crosses_prepared(
    ax: float,
    ay: float,
    bx: float,
    by: float,
    prep: Prepared,
) -> bool:
    """``segment_crosses_interior`` on bare floats and a ``prepared`` polygon (the LOS hot loop)."""
    x0, y0, x1, y1, edges = prep
    lo, hi = (ax, bx) if ax < bx else (bx, ax)
    if hi <= x0 or lo >= x1:
        return False  # the segment's box misses the polygon's box
    lo, hi = (ay, by) if ay < by else (by, ay)
    if hi <= y0 or lo >= y1:
        return False
    dx, dy = bx - ax, by - ay
    t0, t1 = 0.0, 1.0
    for qx, qy, nx, ny in edges:
        num = nx * (ax - qx) + ny * (ay - qy) + EPS
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


@lru_cache(maxsize=512)
def prepared(poly: Polygon) -> Prepared:
    """A polygon's bounding box and (corner x, y, outward normal x, y) per edge, computed once.

    Terrain is tested against many sight lines; its shape never changes, so this is cached.
    """
    edges = tuple((q.x, q.y, n.x, n.y) for q, n in outward_normals(poly))
    xs, ys = [p.x for p in poly], [p.y for p in poly]
    return min(xs), min(ys), max(xs), max(ys), edges


def convex_hull(points: list[Vec]) -> Polygon:
    """Convex hull (monotone chain) of the given points, without collinear corners."""
    pts = sorted(set(points))
    if len(pts) <= 2:
        return tuple(pts)
    lower: list[Vec] = []
    upper: list[Vec] = []
    for p in pts:
        while len(lower) >= 2 and (lower[-1] - lower[-2]).cross(p - lower[-2]) <= EPS:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and (upper[-1] - upper[-2]).cross(p - upper[-2]) <= EPS:
            upper.pop()
        upper.append(p)
    return tuple(lower[:-1] + upper[:-1])


def centroid(poly: Polygon) -> Vec:
    """Mean of the corners (enough for sample points inside a convex shape)."""
    n = len(poly)
    return Vec(plain_sum(p.x for p in poly) / n, plain_sum(p.y for p in poly) / n)


def polyline_length(points: tuple[Vec, ...]) -> float:
    return plain_sum((points[i + 1] - points[i]).length() for i in range(len(points) - 1))


def point_along(points: tuple[Vec, ...], distance: float) -> Vec:
    """The point ``distance`` L along the polyline (clamped to its ends)."""
    remaining = max(distance, 0.0)
    for i in range(len(points) - 1):
        seg = points[i + 1] - points[i]
        ln = seg.length()
        if remaining <= ln:
            return points[i] + seg * (remaining / ln if ln > 0 else 0.0)
        remaining -= ln
    return points[-1]


def truncate_polyline(points: tuple[Vec, ...], distance: float) -> tuple[Vec, ...]:
    """The first ``distance`` L of the polyline, ending exactly at that distance."""
    out = [points[0]]
    remaining = max(distance, 0.0)
    for i in range(len(points) - 1):
        seg = points[i + 1] - points[i]
        ln = seg.length()
        if remaining <= ln + EPS:
            if remaining > EPS:
                out.append(points[i] + seg * (min(remaining, ln) / ln))
            return tuple(out)
        out.append(points[i + 1])
        remaining -= ln
    return tuple(out)
