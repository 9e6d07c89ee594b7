"""The visibility partition (rulings R11-R13, R18): a convex area cut into cells wholly seen or
wholly hidden from a source, exactly, and where a sliding card first touches one.

``partition`` serves the React check along a Move (``los.first_sighting`` with ``first_meet``) and
the LOS shadows the view draws (``los.sight_partition``). Shapes are on bare floats
(``serm.core.convex``); why the cells are exact is argued in ``partition``'s docstring.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from .convex import (
    SNAP,
    Edge,
    Piece,
    Poly,
    Pt,
    Segment,
    Shape,
    area2,
    as_shape,
    centroid,
    clear,
    clip,
    edges_of,
    hull,
    inside,
    intersect,
    line_span,
    near_pieces,
    overlaps,
    prepared_floats,
    subtract,
    width,
)
from .geometry import EPS, Prepared, crosses_prepared
from .sightline import search, sight_segment
from .work import spend


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
    return part if len(part) >= 3 and abs(area2(part)) > EPS else ()


def _tangent_corners(a: Pt, poly: Poly) -> list[Pt]:
    """The corners ``w`` of ``poly`` whose line from ``a`` leaves all of ``poly`` on one side."""
    spend(2 * len(poly) * len(poly))
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
    src_s = as_shape(src)
    for (i, pa), (j, pb) in combinations(parts, 2):
        spend(2 * len(pa) * len(pb))
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
    spend(2 * len(pieces))
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
    span = line_span(ux, uy, dx, dy, src)
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
    decides the cell (``sightline.search``). The visible set is closed, so a seen cell's edges
    are seen; a hidden cell's edge may be seen only where arc ends meet in threes or more, that
    is where two of the rays overlap on one line: those stretches are tested on their own
    (``seams``).

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
    box = _box(area + src + tuple(p for pc in near for p in pc.points))
    cuts: list[Cut] = []  # the pieces' (and the Ranger's) own edges first: fewer cells
    if ahead is None:
        cuts += [((src[k], src[(k + 1) % len(src)]), ()) for k in range(len(src))]
    for i, pc in enumerate(near):
        q = pc.points
        cuts += [((q[k], q[(k + 1) % len(q)]), (i,)) for k in range(len(q))]
    cuts += [(_stop_at_pieces(seg, near), ids) for seg, ids in _events(src, parts, far)]
    out: tuple[list[Poly], list[Poly], list[Poly]] = ([], [], [])
    if _apart(src, area, near, parts, box, out):
        seen, hidden, inner = out
        return Partition(tuple(seen), tuple(hidden), tuple(inner), ())
    area_edges = edges_of(area)
    events = [(c, ids) for c, ids in ((_clip_segment(s, area_edges), ids) for s, ids in cuts) if c]
    _split(src, area, near, events, box, out)
    seen, hidden, inner = out
    seams = _seams(src, [c for c, _ in events], near, hidden) if hidden else ()
    return Partition(tuple(seen), tuple(hidden), tuple(inner), seams)


def _apart(
    src: Poly,
    area: Poly,
    near: Sequence[Piece],
    parts: list[tuple[int, Poly]],
    box: Poly,
    out: tuple[list[Poly], list[Poly], list[Poly]],
) -> bool:
    """The common case settled at once: when no two pieces' penumbrae (the points each hides
    from some point of the source) meet inside the area, no point is hidden by two pieces
    together, so each piece's umbra alone says what is hidden. Fills ``out``, or returns False
    and leaves it empty."""
    if len(parts) != len(near):
        return False
    umbrae = [_umbra(src, pc.points, box) for pc in near]
    if not all(umbrae):
        return False
    pens = [intersect(area, _penumbra(src, q, box)) for _, q in parts]
    for i, j in combinations(range(len(pens)), 2):
        if len(pens[i]) >= 3 and len(pens[j]) >= 3 and width(intersect(pens[i], pens[j])) > SNAP:
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


def _box(pts: Sequence[Pt]) -> Poly:
    """A rectangle holding the points with a margin of 1 L: shadows are cut to it (all that is
    asked of them is where they meet the area)."""
    x0, x1 = min(p[0] for p in pts) - 1.0, max(p[0] for p in pts) + 1.0
    y0, y1 = min(p[1] for p in pts) - 1.0, max(p[1] for p in pts) + 1.0
    return (x0, y0), (x1, y0), (x1, y1), (x0, y1)


def _shadow(a: Pt, piece: Poly, box: Poly) -> Poly:
    """The points of ``box`` that ``piece`` hides from the point ``a`` (outside it), with the
    piece: the cone from ``a`` over the piece, beyond the edges that face ``a``.

    Half-planes, not far-off corners: a piece that spans nearly 180 degrees from ``a`` (a wall
    just in front of a top edge's corner) casts a shadow that the hull of points any fixed
    distance out would cut short close to ``a``."""
    spend(2 * len(piece) * len(piece))
    ax, ay = a
    out = box
    for qx, qy, nx, ny in edges_of(piece):
        if nx * (ax - qx) + ny * (ay - qy) > 0.0:  # an edge facing a: the shadow is behind it
            out = clip(out, nx, ny, nx * qx + ny * qy)
    for wx, wy in piece:  # the cone's two sides: lines from a with the whole piece on one side
        nx, ny = wy - ay, ax - wx
        sides = [nx * (x - ax) + ny * (y - ay) for x, y in piece]
        if max(sides) <= EPS * math.hypot(nx, ny):
            out = clip(out, nx, ny, nx * ax + ny * ay)
        elif min(sides) >= -EPS * math.hypot(nx, ny):
            out = clip(out, -nx, -ny, -(nx * ax + ny * ay))
    return out


def _penumbra(src: Poly, piece: Poly, box: Poly) -> Poly:
    """The points of ``box`` that ``piece`` hides from at least one point of the source, with
    the piece (or more): the hull of its shadows from the source's corners, which holds the
    shadow from every point of the source (a point of the shadow from a mix of two corners is
    the same mix of points of their shadows)."""
    return hull([p for a in src for p in _shadow(a, piece, box)] + list(piece))


def _split(
    src: Poly,
    area: Poly,
    near: Sequence[Piece],
    events: list[Cut],
    box: Poly,
    out: tuple[list[Poly], list[Poly], list[Poly]],
) -> None:
    """The cell-cutting loop of ``partition``: fills (seen, hidden, inside)."""
    seen, hidden, inner = out
    umbrae = [_umbra(src, pc.points, box) for pc in near]
    stack: list[tuple[Poly, list[Cut], tuple[int, ...]]] = [(area, events, tuple(range(len(near))))]
    while stack:
        cell, evs, live = stack.pop()
        spend(2 * (len(evs) + len(live)))
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
        prep = prepared_floats(cell)
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


def _umbra(src: Poly, piece: Poly, box: Poly) -> Poly:
    """The points of ``box`` hidden by ``piece`` from every corner of the source, with the piece
    itself; () when a source corner touches the piece (no shortcut then)."""
    edges = edges_of(piece)
    out = box
    for a in src:
        if inside(a, edges, -SNAP) or any(
            math.hypot(w[0] - a[0], w[1] - a[1]) <= SNAP for w in piece
        ):
            return ()
        out = _shadow(a, piece, out)
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
    boxes = [(prepared_floats(h), h) for h in hidden]
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
    spend(2 * len(events))
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
