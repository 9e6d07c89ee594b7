"""Line of sight as it was decided under rules version 1: sampled sight lines (C13 of that version).

A game of rules version 1 is replayed and continued with the test it was played under, kept
here; ``serm.core.ruleset`` picks it by the state's rules version. Newer games use the exact
test of ``serm.core.los``.

R11: in a card's own frame a point is in its LOS region when it lies strictly beyond the top edge
and its sideways distance from the centre line is at most half the card's width plus its distance
beyond the top edge (rays at 45° outward from the top corners; points on the rays count).

R12 as sampled in version 1: the *visible part* of a target is its card clipped to the viewer's
LOS region. With no tall terrain, the viewer sees the target when the visible part reaches strictly
beyond the viewer's top edge (by more than ``EPS``). With tall terrain, it also needs one clear
sight line: from one of 5 evenly spaced points on the viewer's top edge (corners included) to one
of the visible part's corners, edge midpoints or centre, that does not pass through the interior
of any tall piece. R13: the Ranger's region is the whole table and its sight lines leave from its 4
corners, 4 edge midpoints and centre. R18 (C7 of version 1): a Move's footprint is tested every
``PATH_STEP`` L along its path and where it halts.

The answers are those of the version 1 code, bit for bit (``tests/core/test_los_sampled.py``
compares them with a verbatim copy of it); only the work is less: pieces whose bounding box no
sight line can reach are skipped, the piece that blocked the last line is tried first, and the
segment test runs on bare floats. The work is also counted, so that a replay can be bounded
(``work_limit``): the sampled test costs a few thousand operations per card position, and a
record could otherwise ask for millions of positions.
"""

from __future__ import annotations

import math

from .fmath import plain_sum
from .geometry import (
    CARD_LENGTH,
    CARD_WIDTH,
    EPS,
    Polygon,
    Vec,
    card_polygon,
    clip_halfplane,
    convex_hull,
    prepared,
    unit,
)
from .scenario import Terrain
from .work import spend as _spend
from .work import work_limit as work_limit

PATH_STEP = 0.05
"""R18 sampling: a Move's footprint is checked every this many L along its path, and at its end."""

COARSE = 5
"""Fine positions per coarse step when scanning a stretch for the LOS region."""

Viewer = tuple[Vec, float, bool]
"""(centre, facing in degrees, is_ranger): all LOS needs to know about a viewing card."""

Point = tuple[float, float]
Prepared = tuple[float, float, float, float, tuple[tuple[float, float, float, float], ...]]

# --- counting the work ---------------------------------------------------------------------------

POSITION_WORK = 50
"""Work units charged for each card position tested (its polygon and its visible part); a unit is
about one edge of one segment test, some 0.5 microseconds."""
STRETCH_WORK = 150
"""Work units charged for each straight stretch of a path checked (two card polygons, their hull
and its visible part)."""
CROSS_WORK = 3
"""Work units charged for each segment test, besides one per edge it takes."""
LINES_WORK = 60
"""Work units charged for setting up the sight lines to one visible part (origins, samples)."""


# --- the test ------------------------------------------------------------------------------------


def visible_part(viewer: Viewer, target: Polygon) -> Polygon:
    """The part of ``target`` inside the viewer's LOS region (R11, R13); empty if none."""
    centre, facing, ranger = viewer
    if ranger:
        return target
    fwd, right = unit(facing), unit(facing + 90.0)
    top = centre.dot(fwd) + CARD_LENGTH / 2
    half = CARD_WIDTH / 2
    part = clip_halfplane(target, fwd * -1.0, -top)  # beyond the top-edge line
    # |sideways| <= half + beyond:  (s - c.r) - (f - top) <= half, -(s - c.r) - (f - top) <= half
    cr = centre.dot(right)
    part = clip_halfplane(part, right - fwd, half + cr - top)
    part = clip_halfplane(part, right * -1.0 - fwd, half - cr - top)
    if not part or max(p.dot(fwd) for p in part) <= top + EPS:
        return ()
    return part


def _samples(part: Polygon) -> list[Point]:
    """Corners, edge midpoints and centre of ``part``, computed as version 1 did."""
    n = len(part)
    pts = [(p.x, p.y) for p in part]
    for i in range(n):
        a, b = part[i], part[(i + 1) % n]
        pts.append(((a.x + b.x) * 0.5, (a.y + b.y) * 0.5))
    pts.append((plain_sum(p.x for p in part) / n, plain_sum(p.y for p in part) / n))
    return pts


def _origins(viewer: Viewer) -> list[Point]:
    centre, facing, ranger = viewer
    corners = card_polygon(centre, facing)
    if ranger:
        return _samples(corners)
    left, right = corners[0], corners[1]
    dx, dy = right.x - left.x, right.y - left.y
    return [(left.x + dx * (i / 4), left.y + dy * (i / 4)) for i in range(5)]


def _crosses(
    ax: float, ay: float, bx: float, by: float, prep: Prepared, margin: float = EPS
) -> int:
    """``geometry.segment_crosses_interior`` as version 1 computed it, on floats: 0 when the
    segment stays clear of the piece's interior, else the number of edges it took (1 or more).
    ``margin`` is how far the piece is shrunk first (``EPS``, as version 1 did)."""
    x0, y0, x1, y1, edges = prep
    if max(ax, bx) <= x0 or min(ax, bx) >= x1 or max(ay, by) <= y0 or min(ay, by) >= y1:
        return 0
    dx, dy = bx - ax, by - ay
    t0, t1 = 0.0, 1.0
    for qx, qy, nx, ny in edges:
        num = nx * (ax - qx) + ny * (ay - qy) + margin
        den = nx * dx + ny * dy
        if -1e-15 < den < 1e-15:
            if num >= 0:
                return 0
            continue
        t = -num / den
        if den < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 >= t1:
            return 0
    return len(edges) if (t1 - t0) * math.hypot(dx, dy) > EPS else 0


SHADOW_MARGIN = 1e-6
"""How far inside a piece (L) the shadow test of ``_hidden`` asks its lines to pass: a thousand
times ``EPS``, so that rounding can never turn a line it proves blocked into a clear one."""


def _hidden(origins: list[Point], corners: list[Point], pieces: list[Prepared], tries: int) -> bool:
    """True when one of the first ``tries`` pieces blocks every line from every origin to every
    point of the convex hull of ``corners`` (so every sampled line to any point in that hull is
    blocked: version 1 would find no clear line there).

    Why it is exact: for a point o and an open convex set T, the points b for which the segment
    o-b meets T form a convex set (if o-b1 meets T at q1 and o-b2 at q2, the segment from o to any
    point between b1 and b2 crosses the segment q1-q2, which lies in T). So the lines to the
    corners decide for the whole hull. They are tested against the piece shrunk by
    ``SHADOW_MARGIN``: a line through that smaller piece, from an origin outside the piece, runs
    at least ``SHADOW_MARGIN - EPS`` inside the piece shrunk by ``EPS`` — a crossing far longer
    than the ``EPS`` version 1 asks for, whatever the rounding. A piece with an origin inside it
    is not used (version 1 then counts a line of no length, from the origin to itself, as clear).
    """
    work = 0
    try:
        for prep in pieces[:tries]:
            work += CROSS_WORK + len(prep[4])
            if not all(_outside(ax, ay, prep) for ax, ay in origins):
                continue
            if all(
                _crosses(ax, ay, bx, by, prep, SHADOW_MARGIN)
                for ax, ay in origins
                for bx, by in corners
            ):
                work += len(origins) * len(corners) * (CROSS_WORK + len(prep[4]))
                return True
        return False
    finally:
        _spend(work)


def _outside(x: float, y: float, prep: Prepared) -> bool:
    """True when (x, y) lies outside the piece or on its edge (beyond some edge's line)."""
    return any(nx * (x - qx) + ny * (y - qy) >= 0.0 for qx, qy, nx, ny in prep[4])


def sees(viewer: Viewer, target: Polygon, tall: tuple[Terrain, ...]) -> bool:
    """True when the viewer sees any part of ``target`` (R12 as sampled in version 1)."""
    _spend(POSITION_WORK)
    part = visible_part(viewer, target)
    if not part:
        return False
    return _sees_part(viewer, part, tall)


def _pieces(origins: list[Point], points: list[Point], tall: tuple[Terrain, ...]) -> list[Prepared]:
    """The tall pieces a line from an origin to one of ``points`` (or any point of their hull) can
    block: a piece whose box no such line's box reaches is skipped by the segment test's first
    step anyway."""
    xs = [p[0] for p in origins] + [p[0] for p in points]
    ys = [p[1] for p in origins] + [p[1] for p in points]
    lo_x, hi_x, lo_y, hi_y = min(xs), max(xs), min(ys), max(ys)
    out = []
    for t in tall:
        prep = prepared(t.points)
        if not (hi_x <= prep[0] or lo_x >= prep[2] or hi_y <= prep[1] or lo_y >= prep[3]):
            out.append(prep)
    return out


def _sees_part(
    viewer: Viewer, part: Polygon, tall: tuple[Terrain, ...], hint: list[Prepared] | None = None
) -> bool:
    """One clear sampled sight line to the (non-empty) visible part ``part``? ``hint`` holds the
    piece that blocked last (tried first; updated here)."""
    if not tall:
        return True
    _spend(LINES_WORK + len(tall))
    origins, samples = _origins(viewer), _samples(part)
    pieces = _pieces(origins, samples, tall)
    if not pieces:
        return True
    if hint and hint[0] in pieces:
        pieces.insert(0, pieces.pop(pieces.index(hint[0])))
    if _hidden(origins, [(p.x, p.y) for p in part], pieces, 2):
        return False
    work = 0
    try:
        for ax, ay in origins:
            for bx, by in samples:
                for i, prep in enumerate(pieces):
                    took = _crosses(ax, ay, bx, by, prep)
                    work += CROSS_WORK + took
                    if took:
                        if i:  # try the piece that blocked this line first on the next one
                            pieces.insert(0, pieces.pop(i))
                        break
                else:
                    return True
        return False
    finally:
        _spend(work)
        if hint is not None:
            hint[:] = pieces[:1]


def first_sighting(
    viewer: Viewer, facing: float, path: tuple[Vec, ...], halt: float, tall: tuple[Terrain, ...]
) -> float | None:
    """The first distance along ``path`` (up to ``halt``) where the viewer sees the mover (R18).

    The mover keeps ``facing`` while it slides. Positions are checked every ``PATH_STEP`` L along
    each straight stretch and at ``halt``. Along a straight stretch the positions whose card meets
    the LOS region form one interval (both shapes are convex), so a coarse scan finds it and only
    the fine positions from its start are tested; a stretch whose whole swept footprint misses the
    region is skipped at once.
    """
    travelled = 0.0
    for i in range(len(path) - 1):
        a, b = path[i], path[i + 1]
        seg = (b - a).length()
        end = max(min(seg, halt - travelled), 0.0)
        found = _first_on_stretch(viewer, facing, a, b, seg, end, tall)
        if found is not None:
            return travelled + found
        travelled += seg
        if travelled >= halt - EPS:
            break
    return None


def _first_on_stretch(
    viewer: Viewer,
    facing: float,
    a: Vec,
    b: Vec,
    seg: float,
    end: float,
    tall: tuple[Terrain, ...],
) -> float | None:
    def part_at(d: float) -> Polygon:
        _spend(POSITION_WORK)
        return visible_part(viewer, _card_at(a, b, seg, d, facing))

    _spend(STRETCH_WORK)
    hull = convex_hull(
        list(_card_at(a, b, seg, 0.0, facing)) + list(_card_at(a, b, seg, end, facing))
    )
    if not visible_part(viewer, hull):
        return None
    hint: list[Prepared] = []
    if tall:  # one piece hiding the whole swept area from every origin: no position is seen
        _spend(LINES_WORK + len(tall))
        origins, corners = _origins(viewer), [(p.x, p.y) for p in hull]
        pieces = _pieces(origins, corners, tall)
        if pieces and _hidden(origins, corners, pieces, len(pieces)):
            return None
    grid = [k * PATH_STEP for k in range(int(end / PATH_STEP) + 1) if k * PATH_STEP < end]
    grid.append(end)
    first = None
    for k in range(0, len(grid), COARSE):
        if part_at(grid[k]):
            first = k
            break
    start = max((first or 0) - COARSE + 1, 0) if first is not None else 0
    for k in range(start, len(grid)):
        part = part_at(grid[k])
        if part and _sees_part(viewer, part, tall, hint):
            return grid[k]
        if first is not None and k > first and not part:
            return None  # past the interval where the card meets the region
    return None


def _card_at(a: Vec, b: Vec, seg: float, d: float, facing: float) -> Polygon:
    """The mover's card ``d`` L along the stretch a-b (of length ``seg``), as version 1 put it."""
    return card_polygon(a + (b - a) * (d / seg) if seg > 0 else a, facing)
