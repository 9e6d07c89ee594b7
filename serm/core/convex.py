"""Convex shapes on bare floats for exact line of sight (rulings R11-R13): clipping, hulls,
intersections, and where a line meets a shape.

Units are card lengths (L). A shape is a tuple of (x, y) corners, convex, either winding; it may
be flat (a segment or a point) where the docstrings say so. Everything here runs on plain tuples,
not ``geometry.Vec``: the sight tests call it many thousand times per decision. The one
tolerance is ``geometry.EPS``; ``SNAP`` merges corners that cutting made nearly equal.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from .fmath import plain_sum
from .geometry import EPS, Prepared, crosses_prepared
from .work import spend

Pt = tuple[float, float]
Poly = tuple[Pt, ...]
Segment = tuple[Pt, Pt]
Edge = tuple[float, float, float, float]
"""A corner (qx, qy) of a convex shape and the unit outward normal (nx, ny) of the edge after it."""


SNAP = 10 * EPS
"""Corners closer than this merge (after a cut, in a hull): an edge shorter than that has no
reliable direction (its normal would come from rounding noise)."""


@dataclass(frozen=True)
class Piece:
    """A tall terrain piece: its corners and its ``prepared`` form for segment tests."""

    points: Poly
    prep: Prepared


@lru_cache(maxsize=64)
def prepare(polygons: tuple[Poly, ...]) -> tuple[Piece, ...]:
    """The pieces for a tuple of tall-terrain polygons (cached: a table's terrain never changes)."""
    return tuple(Piece(p, _prepared(p)) for p in polygons if len(p) >= 3)


def area2(poly: Sequence[Pt]) -> float:
    """Twice the signed area (positive when the corners run clockwise on screen, y down)."""
    k = len(poly)
    return plain_sum(
        poly[i][0] * poly[(i + 1) % k][1] - poly[(i + 1) % k][0] * poly[i][1] for i in range(k)
    )


def width(poly: Sequence[Pt]) -> float:
    """How thin a convex shape is: the least distance between two parallel lines with the shape
    between them (0 for a point or a segment). For a convex polygon one of the two lines runs
    along an edge, so it is the least, over the edges, of how far the farthest corner lies from
    that edge's line. Tolerances on shapes are lengths (``EPS``, ``SNAP``): this, not the area,
    is what to compare with them."""
    if len(poly) < 3:
        return 0.0
    edges = _edges(poly)
    if not edges:
        return 0.0
    return max(
        0.0, min(max(nx * (qx - x) + ny * (qy - y) for x, y in poly) for qx, qy, nx, ny in edges)
    )


def edges_of(poly: Sequence[Pt]) -> tuple[Edge, ...]:
    """(corner, unit outward normal) per edge of a convex polygon of either winding; edges shorter
    than ``EPS`` are left out (the same as ``geometry.outward_edges``)."""
    spend(2 * len(poly))
    return _edges(poly)


def _edges(poly: Sequence[Pt]) -> tuple[Edge, ...]:
    k = len(poly)
    sign = -1.0 if area2(poly) > 0 else 1.0
    out = []
    for i in range(k):
        (ax, ay), (bx, by) = poly[i], poly[(i + 1) % k]
        nx, ny = -(by - ay) * sign, (bx - ax) * sign
        ln = math.hypot(nx, ny)
        if ln > EPS:
            out.append((ax, ay, nx / ln, ny / ln))
    return tuple(out)


def prepared_floats(poly: Poly) -> Prepared:
    """``geometry.prepared`` for a shape on bare floats."""
    spend(2 * len(poly))
    return _prepared(poly)


def _prepared(poly: Poly) -> Prepared:
    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    return min(xs), min(ys), max(xs), max(ys), _edges(poly)


def hull(points: Sequence[Pt]) -> Poly:
    """Convex hull (monotone chain); 1 or 2 points for flat input.

    Points closer than ``SNAP`` are merged first. The chain keeps every corner that turns the
    right way, however slightly; then a corner within ``EPS`` of the segment between its two
    neighbours is dropped (otherwise two nearly equal points could hide a real corner). Dropping
    such corners during the chain instead would be wrong: where points share an x to within
    rounding, the sort can put a corner that lies in line with two others beyond them, and the
    chain would drop that true corner (a whole edge of the hull lost).
    """
    spend(2 * len(points))
    ps = sorted(_merge(points))
    if len(ps) <= 2:
        return tuple(ps)

    def half(seq: list[Pt]) -> list[Pt]:
        h: list[Pt] = []
        for p in seq:
            while len(h) >= 2 and _turn(h[-2], h[-1], p) <= 0.0:
                h.pop()
            h.append(p)
        return h

    out = _drop_flat(half(ps)[:-1] + half(ps[::-1])[:-1])
    return tuple(out) if len(out) >= 2 else (ps[0], ps[-1])


def _turn(a: Pt, b: Pt, c: Pt) -> float:
    """Twice the signed area of a, b, c: > 0 for a left turn at b (y up)."""
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def _drop_flat(poly: list[Pt]) -> list[Pt]:
    """``poly`` less every corner within ``EPS`` of the segment joining its neighbours."""
    i = 0
    while len(poly) > 2 and i < len(poly):
        a, b, c = poly[i - 1], poly[i], poly[(i + 1) % len(poly)]
        ax, ay = c[0] - a[0], c[1] - a[1]
        span = ax * ax + ay * ay
        along = (b[0] - a[0]) * ax + (b[1] - a[1]) * ay
        if abs(_turn(a, b, c)) <= EPS * math.sqrt(span) and 0.0 <= along <= span:
            del poly[i]
            i = max(i - 1, 0)
        else:
            i += 1
    return poly


def _merge(points: Sequence[Pt]) -> list[Pt]:
    """The points, less any within ``SNAP`` of one kept before it."""
    out: list[Pt] = []
    for p in points:
        px, py = p
        for qx, qy in out:
            if -SNAP <= px - qx <= SNAP and -SNAP <= py - qy <= SNAP:
                break
        else:
            out.append(p)
    return out


def centroid(poly: Sequence[Pt]) -> Pt:
    """Mean of the corners: a point inside a convex shape (on it, for a segment or a point)."""
    k = len(poly)
    return plain_sum(p[0] for p in poly) / k, plain_sum(p[1] for p in poly) / k


def clip(poly: Poly, nx: float, ny: float, off: float) -> Poly:
    """Keep the part of a convex polygon where nx*x + ny*y <= off (Sutherland-Hodgman)."""
    if not poly:
        return ()
    spend(2 * len(poly))
    ds = [nx * x + ny * y - off for x, y in poly]
    if max(ds) <= EPS:
        return tuple(poly)  # wholly inside (the common case): nothing to cut
    if min(ds) > EPS:
        return ()
    out: list[Pt] = []
    k = len(poly)
    for i in range(k):
        cx, cy = poly[i]
        dc, dn = ds[i], ds[(i + 1) % k]
        if dc <= EPS:
            out.append((cx, cy))
        if (dc < -EPS and dn > EPS) or (dc > EPS and dn < -EPS):
            qx, qy = poly[(i + 1) % k]
            t = dc / (dc - dn)
            out.append((cx + (qx - cx) * t, cy + (qy - cy) * t))
    return _tidy(out)


def _tidy(pts: list[Pt]) -> Poly:
    out: list[Pt] = []
    for p in pts:
        if not out or abs(p[0] - out[-1][0]) > SNAP or abs(p[1] - out[-1][1]) > SNAP:
            out.append(p)
    while (
        len(out) > 1 and abs(out[0][0] - out[-1][0]) <= SNAP and abs(out[0][1] - out[-1][1]) <= SNAP
    ):
        out.pop()
    return tuple(out)


def intersect(a: Poly, b: Poly) -> Poly:
    """The intersection of two convex polygons (b with at least 3 corners); may be flat or empty."""
    for qx, qy, nx, ny in edges_of(b):
        a = clip(a, nx, ny, nx * qx + ny * qy)
        if not a:
            return ()
    return a


def overlaps(
    a: Sequence[Pt],
    b: Sequence[Pt],
    a_edges: Sequence[Edge] | None = None,
    b_edges: Sequence[Edge] | None = None,
) -> bool:
    """True when two convex shapes (any may be flat: a segment or a point) share interior, or a
    flat one passes through the other's interior; touching within ``EPS`` is not overlapping.
    Their ``edges_of`` may be passed in when already known."""
    spend(2 * (len(a) + len(b)))
    for edges in (a_edges or edges_of(a), b_edges or edges_of(b)):
        for _, _, nx, ny in edges:
            lo_a = hi_a = nx * a[0][0] + ny * a[0][1]
            for x, y in a:
                v = nx * x + ny * y
                if v < lo_a:
                    lo_a = v
                elif v > hi_a:
                    hi_a = v
            lo_b = hi_b = nx * b[0][0] + ny * b[0][1]
            for x, y in b:
                v = nx * x + ny * y
                if v < lo_b:
                    lo_b = v
                elif v > hi_b:
                    hi_b = v
            if hi_a <= lo_b + EPS or hi_b <= lo_a + EPS:
                return False
    return True


def inside(p: Pt, edges: Sequence[Edge], margin: float = 0.0) -> bool:
    """True when ``p`` lies in the convex shape with these edges, at least ``margin`` inside."""
    x, y = p
    return all(nx * (x - qx) + ny * (y - qy) <= -margin for qx, qy, nx, ny in edges)


def clear(a: Pt, b: Pt, pieces: Sequence[Piece]) -> bool:
    """True when the segment a-b passes through the interior of none of ``pieces`` (R12)."""
    spend(2 * len(pieces))
    ax, ay = a
    bx, by = b
    return not any(crosses_prepared(ax, ay, bx, by, pc.prep) for pc in pieces)


def near_pieces(area: Sequence[Pt], pieces: Sequence[Piece]) -> list[Piece]:
    """The pieces whose interior meets the convex ``area``: no others can cut a segment in it."""
    spend(2 * len(pieces))
    xs = [p[0] for p in area]
    ys = [p[1] for p in area]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    out = []
    area_edges: tuple[Edge, ...] | None = None
    for pc in pieces:
        px0, py0, px1, py1, edges = pc.prep
        if px1 <= x0 + EPS or px0 >= x1 - EPS or py1 <= y0 + EPS or py0 >= y1 - EPS:
            continue
        if area_edges is None:
            area_edges = edges_of(area)
        if overlaps(pc.points, area, edges, area_edges):
            out.append(pc)
    return out


# --- a line through a shape ----------------------------------------------------------------------


Shape = tuple[Poly, tuple[Edge, ...] | None]
"""A convex shape ready for line clipping: its corners (for a flat shape: its two ends, or one
point), and its edges when it has area."""


def as_shape(poly: Poly) -> Shape:
    """``poly`` ready for ``line_span`` (a flat one reduced to its ends, or to one point)."""
    if len(poly) >= 3 and abs(area2(poly)) > EPS:
        return poly, edges_of(poly)
    a, b = extremes(poly)
    return ((a,) if abs(a[0] - b[0]) + abs(a[1] - b[1]) < EPS else (a, b)), None


def line_span(
    ux: float, uy: float, dx: float, dy: float, shape: Shape
) -> tuple[float, float] | None:
    """Where the line u + t*d (d a unit vector) meets the shape: [t0, t1], or None (``EPS``)."""
    pts, edges = shape
    if edges is None:
        if len(pts) == 1:
            px, py = pts[0]
            if abs(dx * (py - uy) - dy * (px - ux)) > EPS:
                return None
            t = (px - ux) * dx + (py - uy) * dy
            return t, t
        (ax, ay), (bx, by) = pts
        sa = dx * (ay - uy) - dy * (ax - ux)
        sb = dx * (by - uy) - dy * (bx - ux)
        if (sa > EPS and sb > EPS) or (sa < -EPS and sb < -EPS):
            return None
        ta = (ax - ux) * dx + (ay - uy) * dy
        tb = (bx - ux) * dx + (by - uy) * dy
        if abs(sa) <= EPS and abs(sb) <= EPS:
            return min(ta, tb), max(ta, tb)
        if abs(sa) <= EPS or abs(sb) <= EPS:
            t = ta if abs(sa) <= abs(sb) else tb
            return t, t
        t = ta + (tb - ta) * sa / (sa - sb)
        return t, t
    t0, t1 = -math.inf, math.inf
    for qx, qy, nx, ny in edges:
        num = nx * (ux - qx) + ny * (uy - qy) - EPS  # inside while num + t * den <= 0
        den = nx * dx + ny * dy
        if -1e-12 < den < 1e-12:
            if num > 0:
                return None
            continue
        t = -num / den
        if den > 0:
            t1 = min(t1, t)
        else:
            t0 = max(t0, t)
        if t0 > t1:
            return None
    return t0, t1


def extremes(pts: Poly) -> tuple[Pt, Pt]:
    """The two ends of a flat shape (its corners all on one line)."""
    a = pts[0]
    b = max(pts, key=lambda p: (p[0] - a[0]) ** 2 + (p[1] - a[1]) ** 2)
    c = max(pts, key=lambda p: (p[0] - b[0]) ** 2 + (p[1] - b[1]) ** 2)
    return b, c


def subtract(poly: Poly, hole: Poly) -> list[Poly]:
    """Convex ``poly`` less convex ``hole`` (at least 3 corners), as convex pieces.

    A piece no wider than ``SNAP`` is left out: it is what cutting leaves where the hole only
    touches ``poly``. A piece is kept however small its area, as a sliver beside a corner of
    the hole can be a few millionths of a card length across and still be there.
    """
    out = []
    for qx, qy, nx, ny in edges_of(hole):
        off = nx * qx + ny * qy
        outside = clip(poly, -nx, -ny, -off)
        if width(outside) > SNAP:
            out.append(outside)
        poly = clip(poly, nx, ny, off)
        if len(poly) < 3:
            break
    return out
