"""Exact line of sight on bare floats (rulings R11-R13, R18): the sight-line search and the
visibility partition behind ``serm.core.los``.

Units are card lengths (L). Shapes are convex and given as tuples of (x, y) corners, either
winding; a *source* is where sight lines may start (a top edge: 2 corners; the Ranger's card: 4),
a *part* is what they may end in (a card clipped to the LOS region: 1 to 7 corners, so possibly a
segment or a single point), and a *piece* is a tall terrain piece (``prepare``). A sight line is
*clear* when it does not pass through the interior of any piece: grazing a corner or running
along an edge is clear (R12; ``geometry.crosses_prepared`` decides it, with the one tolerance
``EPS``).

``sight_segment`` decides exactly whether some clear sight line joins a source and a part, and
returns one (the witness); ``partition`` cuts a convex area into convex cells that are wholly
visible or wholly hidden from a source, exactly; ``first_meet`` finds where a sliding card first
touches such a cell (R18). Why each is exact is argued in its docstring.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from .geometry import EPS, Prepared, crosses_prepared

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


# --- small convex helpers ------------------------------------------------------------------------


def _area2(poly: Sequence[Pt]) -> float:
    """Twice the signed area (positive when the corners run clockwise on screen, y down)."""
    k = len(poly)
    return sum(
        poly[i][0] * poly[(i + 1) % k][1] - poly[(i + 1) % k][0] * poly[i][1] for i in range(k)
    )


def edges_of(poly: Sequence[Pt]) -> tuple[Edge, ...]:
    """(corner, unit outward normal) per edge of a convex polygon of either winding; edges shorter
    than ``EPS`` are left out (the same as ``geometry.outward_edges``)."""
    sign = -1.0 if _area2(poly) > 0 else 1.0
    out = []
    k = len(poly)
    for i in range(k):
        (ax, ay), (bx, by) = poly[i], poly[(i + 1) % k]
        nx, ny = -(by - ay) * sign, (bx - ax) * sign
        ln = math.hypot(nx, ny)
        if ln > EPS:
            out.append((ax, ay, nx / ln, ny / ln))
    return tuple(out)


def _prepared(poly: Poly) -> Prepared:
    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    return min(xs), min(ys), max(xs), max(ys), edges_of(poly)


def hull(points: Sequence[Pt]) -> Poly:
    """Convex hull (monotone chain); 1 or 2 points for flat input.

    Points closer than ``SNAP`` are merged first, and a corner within ``EPS`` of the line of its
    neighbours is dropped: otherwise two nearly equal points could hide a real corner.
    """
    ps = sorted(_merge(points))
    if len(ps) <= 2:
        return tuple(ps)

    def half(seq: list[Pt]) -> list[Pt]:
        h: list[Pt] = []
        for p in seq:
            while len(h) >= 2:
                (ax, ay), (bx, by) = h[-2], h[-1]
                turn = (bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax)
                if turn > EPS * math.hypot(bx - ax, by - ay):
                    break
                h.pop()
            h.append(p)
        return h

    out = tuple(half(ps)[:-1] + half(ps[::-1])[:-1])
    return out if len(out) >= 2 else (ps[0], ps[-1])


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
    return sum(p[0] for p in poly) / k, sum(p[1] for p in poly) / k


def clip(poly: Poly, nx: float, ny: float, off: float) -> Poly:
    """Keep the part of a convex polygon where nx*x + ny*y <= off (Sutherland-Hodgman)."""
    if not poly:
        return ()
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
    ax, ay = a
    bx, by = b
    return not any(crosses_prepared(ax, ay, bx, by, pc.prep) for pc in pieces)


def near_pieces(area: Sequence[Pt], pieces: Sequence[Piece]) -> list[Piece]:
    """The pieces whose interior meets the convex ``area``: no others can cut a segment in it."""
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


# --- the sight-line search -----------------------------------------------------------------------


Shape = tuple[Poly, tuple[Edge, ...] | None]
"""A convex shape ready for line clipping: its corners (for a flat shape: its two ends, or one
point), and its edges when it has area."""


def _shape(poly: Poly) -> Shape:
    if len(poly) >= 3 and abs(_area2(poly)) > EPS:
        return poly, edges_of(poly)
    a, b = _extremes(poly)
    return ((a,) if abs(a[0] - b[0]) + abs(a[1] - b[1]) < EPS else (a, b)), None


def _interval(
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


def _extremes(pts: Poly) -> tuple[Pt, Pt]:
    """The two ends of a flat shape (its corners all on one line)."""
    a = pts[0]
    b = max(pts, key=lambda p: (p[0] - a[0]) ** 2 + (p[1] - a[1]) ** 2)
    c = max(pts, key=lambda p: (p[0] - b[0]) ** 2 + (p[1] - b[1]) ** 2)
    return b, c


def _gap(u: Pt, w: Pt, src: Shape, part: Shape) -> Segment | None:
    """On the line through ``u`` and ``w``: the shortest segment from the source to the part
    (a single point when they meet on it), or None when the line misses either."""
    ux, uy = u
    dx, dy = w[0] - ux, w[1] - uy
    ln = math.hypot(dx, dy)
    if ln <= EPS:
        return None
    dx, dy = dx / ln, dy / ln
    s = _interval(ux, uy, dx, dy, src)
    if s is None:
        return None
    v = _interval(ux, uy, dx, dy, part)
    if v is None:
        return None
    if s[1] < v[0]:
        a, b = s[1], v[0]
    elif v[1] < s[0]:
        a, b = s[0], v[1]
    else:
        a = b = max(s[0], v[0])
    return (ux + dx * a, uy + dy * a), (ux + dx * b, uy + dy * b)


def _samples(poly: Poly) -> list[Pt]:
    """Corners, edge midpoints and centre of a shape (the old sampled test's points)."""
    if len(poly) == 2:
        (ax, ay), (bx, by) = poly
        return [(ax + (bx - ax) * i / 4, ay + (by - ay) * i / 4) for i in range(5)]
    k = len(poly)
    mids = [
        ((poly[i][0] + poly[(i + 1) % k][0]) / 2, (poly[i][1] + poly[(i + 1) % k][1]) / 2)
        for i in range(k)
    ]
    return [*poly, *mids, centroid(poly)] if k > 1 else list(poly)


def sight_segment(src: Poly, part: Poly, pieces: Sequence[Piece]) -> Segment | None:
    """A clear sight line from the source to the part, or None when there is none (exact, R12).

    Returns (start on the source, end in the part), both within ``EPS``; a single point when the
    two shapes touch. The answer is exact, by this argument. Suppose some clear segment [e, p] joins
    the source S to the part V, and let g(l) be the shortest segment from S to V along a line l
    (a point if they meet on l). On the line of [e, p], g lies inside [e, p], so it is clear.
    Slide the line sideways as long as it meets both shapes and g stays clear; passing through
    an interior is an open condition, so the last line still has a clear g. What stops it is a
    corner: the line is about to leave S or V (it passes through one of their corners), or a
    corner of a tall piece reaches g (a piece may touch S or V, never overlap them, so an end of
    g meeting a piece also happens at a corner). Then turn the line about that corner until a
    second corner stops it the same way. So some line through two corners -- of S, of V or of a
    tall piece -- has a clear g, and testing g on each of those finitely many lines decides.
    Only pieces that meet the hull of S and V can cut a segment between them (``near_pieces``);
    for a single-point part only the lines through that point are needed; and a corner only
    stops the line where the line touches its shape there (``_pins``).

    Cheap answers come first: no piece in the way (yes); one piece that cuts every segment
    between a corner of S and a corner of V hides all of V from all of S, since the points of S
    hidden from a point by a convex piece form a convex set (no); then the old sample lines
    (5 or 9 points of S to the corners, edge midpoints and centre of V; a clear one is a witness).
    """
    pts = src + part
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    boxed = [
        pc
        for pc in pieces
        if pc.prep[2] > x0 + EPS and pc.prep[0] < x1 - EPS
        if pc.prep[3] > y0 + EPS and pc.prep[1] < y1 - EPS
    ]
    return search(src, part, boxed)


def search(src: Poly, part: Poly, near: Sequence[Piece]) -> Segment | None:
    """``sight_segment`` given the pieces that can stand in the way (all that meet the hull of
    the source and the part, or more: those whose box meets theirs will do)."""
    if not near:
        return centroid(src), centroid(part)
    for pc in near:
        if all(not clear(a, b, (pc,)) for a in src for b in part):
            return None
    for a in _samples(src):
        for b in _samples(part):
            if clear(a, b, near):
                return a, b
    near = near_pieces(hull(src + part), near)
    src_s, part_s = _shape(src), _shape(part)
    pins = _pins(src, part, near)
    if len(part) == 1:
        lines = [(pins[0], q) for q in pins[1:]]
    else:
        lines = list(combinations(pins, 2))
    for (u, nu), (w, nw) in lines:
        if not (_touches(u, nu, w) and _touches(w, nw, u)):
            continue
        seg = _gap(u, w, src_s, part_s)
        if seg is not None and clear(seg[0], seg[1], near):
            return seg
    return None


Pin = tuple[Pt, tuple[Pt, Pt] | None]
"""A corner that may pin a critical line, and its two neighbours on its shape (None when any
line through it may do)."""


def _pins(src: Poly, part: Poly, near: Sequence[Piece]) -> list[Pin]:
    """The corners of the part (first), the source and the near pieces, each once.

    A corner pins a critical line only where that line touches its own shape there (the shape
    on one side): else the line would leave the shape, or cut the piece, just beside it. A
    corner shared with another shape, or lying on one, is exempt: where a piece touches the
    source or the part, g can end on it (see ``sight_segment``).
    """
    shapes: list[tuple[Poly, bool]] = [(part, True), (src, len(src) >= 3)]
    shapes += [(pc.points, True) for pc in near]
    edges = [edges_of(q) if len(q) >= 3 else () for q, _ in shapes]
    out: list[Pin] = []
    seen: list[Pt] = []
    for k, (poly, filtered) in enumerate(shapes):
        n = len(poly)
        for i, p in enumerate(poly):
            if any(abs(p[0] - q[0]) <= EPS and abs(p[1] - q[1]) <= EPS for q in seen):
                continue
            seen.append(p)
            on_other = any(j != k and e and inside(p, e, -EPS) for j, e in enumerate(edges))
            keep = filtered and n >= 3 and not on_other
            out.append((p, (poly[i - 1], poly[(i + 1) % n]) if keep else None))
    return out


def _touches(p: Pt, around: tuple[Pt, Pt] | None, other: Pt) -> bool:
    """True when the line from corner ``p`` toward ``other`` leaves both neighbours of ``p`` on
    one side (within ``EPS``): it touches p's shape there, not cutting it (None: any line)."""
    if around is None:
        return True
    dx, dy = other[0] - p[0], other[1] - p[1]
    ln = math.hypot(dx, dy)
    if ln <= EPS:
        return False
    (ax, ay), (bx, by) = around
    sa = (dx * (ay - p[1]) - dy * (ax - p[0])) / ln
    sb = (dx * (by - p[1]) - dy * (bx - p[0])) / ln
    return not ((sa > EPS and sb < -EPS) or (sa < -EPS and sb > EPS))


# --- the visibility partition --------------------------------------------------------------------


@dataclass(frozen=True)
class Partition:
    """A convex area cut into convex cells, each wholly seen or wholly hidden from a source.

    ``seen``: the closed cells whose points are all visible; ``hidden``: the open cells whose
    points are all hidden (their edges may be visible); ``inside``: cells inside a tall piece;
    ``seams``: visible segments lying between hidden cells (a sight line through a gap exactly
    one line wide). The visible part of the area is the union of ``seen`` and ``seams``.
    """

    seen: tuple[Poly, ...]
    hidden: tuple[Poly, ...]
    inside: tuple[Poly, ...]
    seams: tuple[Segment, ...]


def _ahead_part(poly: Poly, ahead: tuple[float, float, float] | None) -> Poly:
    """A piece cut to the side of the top-edge line where sight lines run (all of it if None)."""
    if ahead is None:
        return poly
    fx, fy, top = ahead
    part = clip(poly, -fx, -fy, -top)
    return part if len(part) >= 3 and abs(_area2(part)) > EPS else ()


def _tangent_corners(a: Pt, poly: Poly) -> list[Pt]:
    """The corners ``w`` of ``poly`` whose line from ``a`` leaves all of ``poly`` on one side."""
    out = []
    for w in poly:
        dx, dy = w[0] - a[0], w[1] - a[1]
        ln = math.hypot(dx, dy)
        if ln <= EPS:
            continue
        sides = [(dx * (p[1] - a[1]) - dy * (p[0] - a[0])) / ln for p in poly]
        if min(sides) >= -EPS or max(sides) <= EPS:
            out.append(w)
    return out


def _ray(start: Pt, dx: float, dy: float, far: float) -> Segment:
    ln = math.hypot(dx, dy)
    return start, (start[0] + dx / ln * far, start[1] + dy / ln * far)


Cut = tuple[Segment, tuple[int, ...]]
"""A segment that cuts cells, and the pieces it comes from (indices into the near pieces)."""


def _events(src: Poly, parts: list[tuple[int, Poly]], far: float) -> list[Cut]:
    """Where visibility from the source can change (see ``partition``).

    For each source corner and piece: the rays beyond the piece on the lines from the corner
    that touch the piece. For each pair of pieces: on a line that touches both, with one on
    either side, and meets the source, the ray beyond both pieces away from the source.
    """
    out: list[Cut] = []
    for i, poly in parts:
        for a in src:
            for w in _tangent_corners(a, poly):
                out.append((_ray(w, w[0] - a[0], w[1] - a[1], far), (i,)))
    src_s = _shape(src)
    for (i, pa), (j, pb) in combinations(parts, 2):
        for wa in pa:
            for wb in _tangent_corners(wa, pb):
                if not _separates(wa, wb, pa, pb):
                    continue
                ray = _away_from(src_s, wa, wb, far)
                if ray is not None:
                    out.append((ray, (i, j)))
    return out


def _stop_at_pieces(seg: Segment, pieces: Sequence[Piece]) -> Segment:
    """An event ray cut where it first enters a piece's interior: past that point the direction
    it follows (toward the source) is hidden by that piece, so arc ends meeting there change
    nothing."""
    (ax, ay), (bx, by) = seg
    dx, dy = bx - ax, by - ay
    stop = 1.0
    for pc in pieces:
        if not crosses_prepared(ax, ay, ax + dx * stop, ay + dy * stop, pc.prep):
            continue
        t0 = 0.0
        for qx, qy, nx, ny in pc.prep[4]:
            den = nx * dx + ny * dy
            if den < -1e-15:
                t0 = max(t0, -(nx * (ax - qx) + ny * (ay - qy)) / den)
        stop = min(stop, t0)
    return seg if stop >= 1.0 else ((ax, ay), (ax + dx * stop, ay + dy * stop))


def _separates(wa: Pt, wb: Pt, pa: Poly, pb: Poly) -> bool:
    """True when the line through wa and wb leaves all of pa on one side and all of pb on the
    other (either may touch it)."""
    dx, dy = wb[0] - wa[0], wb[1] - wa[1]
    ln = math.hypot(dx, dy)
    sa = [(dx * (p[1] - wa[1]) - dy * (p[0] - wa[0])) / ln for p in pa]
    sb = [(dx * (p[1] - wa[1]) - dy * (p[0] - wa[0])) / ln for p in pb]
    return (min(sa) >= -EPS and max(sb) <= EPS) or (max(sa) <= EPS and min(sb) >= -EPS)


def _away_from(src: Shape, wa: Pt, wb: Pt, far: float) -> Segment | None:
    """On the line through wa and wb, if it meets the source: the ray that starts at the one of
    them further from the source and leads away from it; else None."""
    ux, uy = wa
    dx, dy = wb[0] - ux, wb[1] - uy
    ln = math.hypot(dx, dy)
    if ln <= EPS:
        return None
    dx, dy = dx / ln, dy / ln
    span = _interval(ux, uy, dx, dy, src)
    if span is None:
        return None
    if span[1] <= 0.0:  # the source lies behind wa, so the ray leaves beyond wb
        return (wb, (wb[0] + dx * far, wb[1] + dy * far))
    if span[0] >= ln:  # the source lies beyond wb
        return (wa, (ux - dx * far, uy - dy * far))
    return None  # the source lies between the two corners


def _clip_segment(seg: Segment, edges: Sequence[Edge]) -> Segment | None:
    """The part of a segment inside the convex shape with these edges (None when shorter than
    ``EPS``)."""
    (ax, ay), (bx, by) = seg
    dx, dy = bx - ax, by - ay
    t0, t1 = 0.0, 1.0
    for qx, qy, nx, ny in edges:
        num = nx * (ax - qx) + ny * (ay - qy)
        den = nx * dx + ny * dy
        if -1e-15 < den < 1e-15:
            if num > 0:
                return None
            continue
        t = -num / den
        if den > 0:
            t1 = min(t1, t)
        else:
            t0 = max(t0, t)
        if t0 >= t1:
            return None
    if (t1 - t0) * math.hypot(dx, dy) <= EPS:
        return None
    return (ax + dx * t0, ay + dy * t0), (ax + dx * t1, ay + dy * t1)


def partition(
    src: Poly,
    area: Poly,
    pieces: Sequence[Piece],
    ahead: tuple[float, float, float] | None = None,
) -> Partition:
    """Cut the convex ``area`` into cells seen or hidden from the source ``src`` (exact, R12).

    ``ahead`` = (fx, fy, top) says that every point of ``area`` lies where fx*x + fy*y > top and
    the source on that line (a top edge, R11); None for the Ranger, whose source is its card
    (then the card's own edges cut cells too).

    Why it is exact: from a point p, the directions toward the source form a closed arc, and
    each piece hides an open sub-arc of it (only a piece's part beyond the top-edge line counts,
    as every sight line runs there; for the Ranger, a piece behind the card hides nothing).
    p is hidden when those open arcs cover the closed arc. As p moves, the cover can only change
    where two arc ends pass each other in a direction toward the source: an end of the source's
    arc with an end of a piece's arc (p on a line through a source corner that touches the
    piece, beyond the piece), or the closing end of one piece's arc with the opening end of
    another's (p on a line that touches both pieces with one on either side, meets the source,
    beyond both). Where two pieces touch, their arcs can meet without overlapping over a whole
    area (a gap of no width, seen through); a third piece's arc end crosses that meeting point
    on a line through the touching corner that leaves the two pieces on either side, so it has
    a piece on either side and is one of these rays too. A ray stops where it first enters a
    piece: beyond, the direction it follows is hidden by that piece, so nothing changes across
    it. These rays (``_events``), and the pieces' own edges, cut the area; inside a cell that
    none of them cuts every point is seen or every point is hidden, so testing one point
    decides the cell (``search``). The visible set is closed, so a seen cell's edges are seen;
    a hidden cell's edge may be seen only where arc ends meet in threes or more, that is where
    two of the rays overlap on one line: those stretches are tested on their own (``seams``).

    Shortcuts, all exact: when no two pieces' penumbrae meet in the area, each piece's umbra
    settles it without any cutting (``_apart``); a cell is cut only by the rays of pieces that
    meet the hull of the
    source and the cell (no other piece can hide any of its points, so its arc is empty there);
    a cell that no piece can hide is seen; where only one piece can, the cell is hidden exactly
    on that piece's umbra (the points it hides from every corner of the source, hence from all
    of it); a cell that no piece enters and that one piece hides from every corner of the
    source at every corner of the cell is hidden (the points hidden by one convex piece from
    one point form a convex set).
    """
    near = near_pieces(hull(src + area), pieces)
    if not near:
        return Partition((area,), (), (), ())
    parts = [(i, q) for i, q in enumerate(_ahead_part(pc.points, ahead) for pc in near) if q]
    xs = [p[0] for p in area + src]
    ys = [p[1] for p in area + src]
    far = 2.0 * math.hypot(max(xs) - min(xs), max(ys) - min(ys)) + 1.0
    cuts: list[Cut] = []  # the pieces' (and the Ranger's) own edges first: fewer cells
    if ahead is None:
        cuts += [((src[k], src[(k + 1) % len(src)]), ()) for k in range(len(src))]
    for i, pc in enumerate(near):
        q = pc.points
        cuts += [((q[k], q[(k + 1) % len(q)]), (i,)) for k in range(len(q))]
    cuts += [(_stop_at_pieces(seg, near), ids) for seg, ids in _events(src, parts, far)]
    out: tuple[list[Poly], list[Poly], list[Poly]] = ([], [], [])
    if _apart(src, area, near, parts, far, out):
        seen, hidden, inner = out
        return Partition(tuple(seen), tuple(hidden), tuple(inner), ())
    area_edges = edges_of(area)
    events = [(c, ids) for c, ids in ((_clip_segment(s, area_edges), ids) for s, ids in cuts) if c]
    _split(src, area, near, events, out)
    seen, hidden, inner = out
    seams = _seams(src, [c for c, _ in events], near, hidden) if hidden else ()
    return Partition(tuple(seen), tuple(hidden), tuple(inner), seams)


def _apart(
    src: Poly,
    area: Poly,
    near: Sequence[Piece],
    parts: list[tuple[int, Poly]],
    far: float,
    out: tuple[list[Poly], list[Poly], list[Poly]],
) -> bool:
    """The common case settled at once: when no two pieces' penumbrae (the points each hides
    from some point of the source) meet inside the area, no point is hidden by two pieces
    together, so each piece's umbra alone says what is hidden. Fills ``out``, or returns False
    and leaves it empty."""
    if len(parts) != len(near):
        return False
    umbrae = [_umbra(src, pc.points) for pc in near]
    if not all(umbrae):
        return False
    pens = [intersect(area, _penumbra(src, q, far)) for _, q in parts]
    for i, j in combinations(range(len(pens)), 2):
        if len(pens[i]) >= 3 and len(pens[j]) >= 3 and len(intersect(pens[i], pens[j])) >= 3:
            if abs(_area2(intersect(pens[i], pens[j]))) > SNAP:
                return False
    seen, hidden, inner = out
    cells = [area]
    for pc, umbra in zip(near, umbrae, strict=True):
        rest: list[Poly] = []
        for cell in cells:
            _settle(cell, pc, umbra, (rest, hidden, inner))
        cells = rest
    seen += cells
    return True


def _penumbra(src: Poly, piece: Poly, far: float) -> Poly:
    """The points ``piece`` hides from at least one point of the source, with the piece: the
    hull of its shadows from the source's corners (the union of the shadows from all points of
    a convex source is that hull)."""
    pts = list(piece)
    for ax, ay in src:
        for wx, wy in piece:
            dx, dy = wx - ax, wy - ay
            ln = math.hypot(dx, dy)
            if ln > EPS:
                pts.append((wx + dx / ln * far, wy + dy / ln * far))
    return hull(pts)


def _split(
    src: Poly,
    area: Poly,
    near: Sequence[Piece],
    events: list[Cut],
    out: tuple[list[Poly], list[Poly], list[Poly]],
) -> None:
    """The cell-cutting loop of ``partition``: fills (seen, hidden, inside)."""
    seen, hidden, inner = out
    umbrae = [_umbra(src, pc.points) for pc in near]
    stack: list[tuple[Poly, list[Cut], tuple[int, ...]]] = [(area, events, tuple(range(len(near))))]
    while stack:
        cell, evs, live = stack.pop()
        live = _live(src, cell, near, live)
        if not live:
            seen.append(cell)
            continue
        pcs = [near[i] for i in live]
        if len(live) == 1 and umbrae[live[0]]:
            _settle(cell, pcs[0], umbrae[live[0]], out)
            continue
        if _one_hides(src, cell, pcs):
            hidden.append(cell)
            continue
        keep = set(live)
        evs = [e for e in evs if all(i in keep for i in e[1])]
        prep = _prepared(cell)
        for k, (((ax, ay), (bx, by)), _) in enumerate(evs):
            if crosses_prepared(ax, ay, bx, by, prep):
                nx, ny = -(by - ay), bx - ax
                ln = math.hypot(nx, ny)
                nx, ny = nx / ln, ny / ln
                off = nx * ax + ny * ay
                rest = evs[k + 1 :]
                for half in (clip(cell, nx, ny, off), clip(cell, -nx, -ny, -off)):
                    if len(half) >= 3:
                        stack.append((half, rest, live))
                break
        else:
            c = centroid(cell)
            if any(inside(c, pc.prep[4]) for pc in pcs):
                inner.append(cell)
            elif search(src, (c,), pcs) is not None:
                seen.append(cell)
            else:
                hidden.append(cell)


def _live(src: Poly, cell: Poly, near: Sequence[Piece], live: tuple[int, ...]) -> tuple[int, ...]:
    """The pieces (of ``live``) that meet the hull of the source and the cell."""
    reach = hull(src + cell)
    xs = [p[0] for p in reach]
    ys = [p[1] for p in reach]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    reach_edges: tuple[Edge, ...] | None = None
    out = []
    for i in live:
        px0, py0, px1, py1, edges = near[i].prep
        if px1 <= x0 + EPS or px0 >= x1 - EPS or py1 <= y0 + EPS or py0 >= y1 - EPS:
            continue
        if reach_edges is None:
            reach_edges = edges_of(reach)
        if overlaps(near[i].points, reach, edges, reach_edges):
            out.append(i)
    return tuple(out)


def _umbra(src: Poly, piece: Poly) -> Poly:
    """The points hidden by ``piece`` from every corner of the source, with the piece itself
    (cut off far away); () when a source corner touches the piece (no shortcut then)."""
    xs = [p[0] for p in src + piece]
    ys = [p[1] for p in src + piece]
    far = 4.0 * (max(xs) - min(xs) + max(ys) - min(ys)) + 100.0
    out: Poly = ()
    for ax, ay in src:
        shadow = list(piece)
        for wx, wy in piece:
            dx, dy = wx - ax, wy - ay
            ln = math.hypot(dx, dy)
            if ln <= SNAP or inside((ax, ay), edges_of(piece), -SNAP):
                return ()
            shadow.append((wx + dx / ln * far, wy + dy / ln * far))
        sh = hull(shadow)
        out = sh if not out else intersect(out, sh)
        if len(out) < 3:
            return ()
    return out


def _settle(cell: Poly, piece: Piece, umbra: Poly, out: tuple[list[Poly], ...]) -> None:
    """A cell where only ``piece`` can stand in the way: hidden exactly on its umbra, less the
    piece itself; seen elsewhere."""
    seen, hidden, inner = out
    seen += subtract(cell, umbra)
    shade = intersect(cell, umbra)
    if len(shade) >= 3:
        hidden += subtract(shade, piece.points)
        core = intersect(shade, piece.points)
        if len(core) >= 3:
            inner.append(core)


def subtract(poly: Poly, hole: Poly) -> list[Poly]:
    """Convex ``poly`` less convex ``hole`` (at least 3 corners), as convex pieces."""
    out = []
    for qx, qy, nx, ny in edges_of(hole):
        off = nx * qx + ny * qy
        outside = clip(poly, -nx, -ny, -off)
        if len(outside) >= 3 and abs(_area2(outside)) > SNAP:
            out.append(outside)
        poly = clip(poly, nx, ny, off)
        if len(poly) < 3:
            break
    return out


def _one_hides(src: Poly, cell: Poly, pcs: Sequence[Piece]) -> bool:
    """True when one piece hides the whole cell from the whole source and no piece enters it."""
    for pc in pcs:
        if all(not clear(a, b, (pc,)) for a in src for b in cell):
            cell_edges = edges_of(cell)
            return not any(overlaps(q.points, cell, q.prep[4], cell_edges) for q in pcs)
    return False


def _seams(
    src: Poly, events: list[Segment], near: Sequence[Piece], hidden: list[Poly]
) -> tuple[Segment, ...]:
    """Visible stretches where two event segments overlap on one line (the only places where a
    point between hidden cells can be seen; see ``partition``)."""
    lines: dict[tuple[float, float, float], list[Segment]] = {}
    for seg in events:
        (ax, ay), (bx, by) = seg
        nx, ny = -(by - ay), bx - ax
        ln = math.hypot(nx, ny)
        nx, ny = nx / ln, ny / ln
        if nx < -EPS or (abs(nx) <= EPS and ny < 0):
            nx, ny = -nx, -ny
        key = (round(nx, 7), round(ny, 7), round(nx * ax + ny * ay, 7))
        lines.setdefault(key, []).append(seg)
    boxes = [(_prepared(h), h) for h in hidden]
    out: list[Segment] = []
    for segs in lines.values():
        if len(segs) < 2:
            continue
        for seg in _doubled(segs):
            out += _visible_stretches(src, seg, events, near, boxes)
    return tuple(out)


def _doubled(segs: list[Segment]) -> list[Segment]:
    """The stretches of a line covered by two or more of these collinear segments."""
    (ax, ay), (bx, by) = segs[0]
    dx, dy = bx - ax, by - ay
    ln = math.hypot(dx, dy)
    dx, dy = dx / ln, dy / ln
    spans = []
    for (px, py), (qx, qy) in segs:
        t0 = (px - ax) * dx + (py - ay) * dy
        t1 = (qx - ax) * dx + (qy - ay) * dy
        spans.append((min(t0, t1), max(t0, t1)))
    ends = sorted({t for span in spans for t in span})
    out: list[Segment] = []
    for t0, t1 in zip(ends, ends[1:], strict=False):
        m = (t0 + t1) / 2
        if t1 - t0 > EPS and sum(lo <= m <= hi for lo, hi in spans) >= 2:
            out.append(((ax + dx * t0, ay + dy * t0), (ax + dx * t1, ay + dy * t1)))
    return out


def _visible_stretches(
    src: Poly,
    seg: Segment,
    events: list[Segment],
    near: Sequence[Piece],
    hidden: list[tuple[Prepared, Poly]],
) -> list[Segment]:
    """The pieces of ``seg``, cut where other events cross it, that are seen and lie on the edge
    of a hidden cell (a seen cell's own edges need no seam)."""
    (ax, ay), (bx, by) = seg
    dx, dy = bx - ax, by - ay
    ts = {0.0, 1.0}
    for (cx, cy), (ex, ey) in events:
        fx, fy = ex - cx, ey - cy
        den = dx * fy - dy * fx
        if abs(den) < 1e-12:
            continue
        t = ((cx - ax) * fy - (cy - ay) * fx) / den
        u = ((cx - ax) * dy - (cy - ay) * dx) / den
        if 0.0 < t < 1.0 and -EPS <= u <= 1.0 + EPS:
            ts.add(t)
    cuts = sorted(ts)
    out = []
    for t0, t1 in zip(cuts, cuts[1:], strict=False):
        if (t1 - t0) * math.hypot(dx, dy) <= EPS:
            continue
        m = (ax + dx * (t0 + t1) / 2, ay + dy * (t0 + t1) / 2)
        if not any(_in_box(m, prep) and inside(m, prep[4], -EPS) for prep, _ in hidden):
            continue
        if sight_segment(src, (m,), near) is not None:
            out.append(((ax + dx * t0, ay + dy * t0), (ax + dx * t1, ay + dy * t1)))
    return out


def _in_box(p: Pt, prep: Prepared) -> bool:
    x0, y0, x1, y1, _ = prep
    return x0 - EPS <= p[0] <= x1 + EPS and y0 - EPS <= p[1] <= y1 + EPS


# --- a sliding card meeting a cell (R18) ---------------------------------------------------------


def first_meet(card: Poly, dx: float, dy: float, length: float, cell: Sequence[Pt]) -> float | None:
    """The least t in [0, length] at which ``card`` moved by t*(dx, dy) (a unit vector) meets the
    closed convex ``cell`` (which may be a segment), or None. Exact: the card meets the cell
    exactly when the shift lies in the convex set cell - card (a Minkowski sum), so the answer is
    where the ray of shifts enters that polygon."""
    diff = hull([(c[0] - k[0], c[1] - k[1]) for c in cell for k in card])
    if len(diff) < 3:
        return None
    edges = edges_of(diff)
    if length <= EPS:
        return 0.0 if inside((0.0, 0.0), edges, -EPS) else None
    for tol in (0.0, EPS):
        span = _enter(dx, dy, edges, tol)
        if span is not None and span[1] >= -tol and span[0] <= length + tol:
            return min(max(span[0], 0.0), length)
    return None


def _enter(dx: float, dy: float, edges: Sequence[Edge], tol: float) -> tuple[float, float] | None:
    """Where the ray t*(dx, dy) crosses the convex shape grown by ``tol``: [t0, t1] or None.

    Tried with no tolerance first, so that a card entering a cell is placed where it enters,
    not ``EPS`` before; with ``EPS`` for a card that only grazes the cell."""
    t0, t1 = -math.inf, math.inf
    for qx, qy, nx, ny in edges:
        num = -(nx * qx + ny * qy) - tol
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
