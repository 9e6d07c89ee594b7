"""The exact sight-line search (ruling R12): is there a clear segment from a source to a part?

A *source* is where sight lines may start (a top edge: 2 corners; the Ranger's card: 4, R13), a
*part* is what they may end in (a card clipped to the LOS region: 1 to 7 corners, so possibly a
segment or a single point), and a *piece* is a tall terrain piece (``convex.prepare``). A sight
line is *clear* when it does not pass through the interior of any piece: grazing a corner or
running along an edge is clear (``geometry.crosses_prepared`` decides it, with the one tolerance
``EPS``). ``sight_segment`` answers exactly and returns a witness line; its docstring argues why.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import combinations

from .convex import (
    Piece,
    Poly,
    Pt,
    Segment,
    Shape,
    as_shape,
    centroid,
    clear,
    edges_of,
    hull,
    inside,
    line_span,
    near_pieces,
)
from .geometry import EPS
from .work import spend


def _gap(u: Pt, w: Pt, src: Shape, part: Shape) -> Segment | None:
    """On the line through ``u`` and ``w``: the shortest segment from the source to the part
    (a single point when they meet on it), or None when the line misses either."""
    ux, uy = u
    dx, dy = w[0] - ux, w[1] - uy
    ln = math.hypot(dx, dy)
    if ln <= EPS:
        return None
    dx, dy = dx / ln, dy / ln
    s = line_span(ux, uy, dx, dy, src)
    if s is None:
        return None
    v = line_span(ux, uy, dx, dy, part)
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
    src_s, part_s = as_shape(src), as_shape(part)
    pins = _pins(src, part, near)
    if len(part) == 1:
        lines = [(pins[0], q) for q in pins[1:]]
    else:
        lines = list(combinations(pins, 2))
    tried = 0
    for (u, nu), (w, nw) in lines:
        tried += 1
        if not (_touches(u, nu, w) and _touches(w, nw, u)):
            continue
        seg = _gap(u, w, src_s, part_s)
        if seg is not None and clear(seg[0], seg[1], near):
            spend(4 * tried)
            return seg
    spend(4 * tried)
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
    spend(2 * len(shapes) * sum(len(q) for q, _ in shapes))
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
