"""The sampled sight test as rules version 1 played it: serm/core/los.py of main 8385125, verbatim.

The reference for ``tests/core/test_los_sampled.py``: ``serm.core.los_sampled`` must give the same
answers, bit for bit. Do not edit: below are that module and the ``segment_crosses_interior`` of
that version's geometry, as they were (imports aside; ``region_polygon`` left out).
"""

from __future__ import annotations

import math

from serm.core.geometry import (
    CARD_LENGTH,
    CARD_WIDTH,
    EPS,
    Polygon,
    Vec,
    card_polygon,
    centroid,
    clip_halfplane,
    convex_hull,
    prepared,
    unit,
)
from serm.core.scenario import Terrain


def segment_crosses_interior(a: Vec, b: Vec, poly: Polygon) -> bool:
    """True when the segment a-b passes through the interior of the convex polygon.

    A segment that only grazes a corner or runs along an edge stays clear (Cyrus-Beck clipping
    against the polygon shrunk by ``EPS``).
    """
    x0, y0, x1, y1, edges = prepared(poly)
    if max(a.x, b.x) <= x0 or min(a.x, b.x) >= x1 or max(a.y, b.y) <= y0 or min(a.y, b.y) >= y1:
        return False  # the segment's box misses the polygon's box
    dx, dy = b.x - a.x, b.y - a.y
    t0, t1 = 0.0, 1.0
    for qx, qy, nx, ny in edges:
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


PATH_STEP = 0.05
"""R18 sampling: a Move's footprint is checked every this many L along its path, and at its end."""

Viewer = tuple[Vec, float, bool]
"""(centre, facing in degrees, is_ranger): all LOS needs to know about a viewing card."""


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


def _samples(part: Polygon) -> list[Vec]:
    pts = list(part)
    pts += [(part[i] + part[(i + 1) % len(part)]) * 0.5 for i in range(len(part))]
    pts.append(centroid(part))
    return pts


def _origins(viewer: Viewer) -> list[Vec]:
    centre, facing, ranger = viewer
    corners = card_polygon(centre, facing)
    if ranger:
        return _samples(corners)
    left, right = corners[0], corners[1]
    return [left + (right - left) * (i / 4) for i in range(5)]


def sees(viewer: Viewer, target: Polygon, tall: tuple[Terrain, ...]) -> bool:
    """True when the viewer sees any part of ``target`` (R12); ``tall`` is the tall terrain."""
    part = visible_part(viewer, target)
    if not part:
        return False
    if not tall:
        return True
    for a in _origins(viewer):
        for b in _samples(part):
            if not any(segment_crosses_interior(a, b, t.points) for t in tall):
                return True
    return False


def first_sighting(
    viewer: Viewer, facing: float, path: tuple[Vec, ...], halt: float, tall: tuple[Terrain, ...]
) -> float | None:
    """The first distance along ``path`` (up to ``halt``) where the viewer sees the mover (R18).

    The mover keeps ``facing`` while it slides. Positions are checked every ``PATH_STEP`` L along
    each straight stretch and at ``halt``. Along a straight stretch the positions whose card meets
    the LOS region form one interval (both shapes are convex), so a coarse scan finds it and only
    the fine positions from its start are tested; a stretch whose whole swept footprint misses the
    region is skipped at once. The answer is the same as testing every fine position in turn.
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


COARSE = 5
"""Fine positions per coarse step when scanning a stretch for the LOS region."""


def _first_on_stretch(
    viewer: Viewer,
    facing: float,
    a: Vec,
    b: Vec,
    seg: float,
    end: float,
    tall: tuple[Terrain, ...],
) -> float | None:
    def at(d: float) -> Polygon:
        return card_polygon(a + (b - a) * (d / seg) if seg > 0 else a, facing)

    hull = convex_hull(list(at(0.0)) + list(at(end)))
    if not visible_part(viewer, hull):
        return None
    grid = [k * PATH_STEP for k in range(int(end / PATH_STEP) + 1) if k * PATH_STEP < end]
    grid.append(end)
    meets = [False] * len(grid)
    first = None
    for k in range(0, len(grid), COARSE):
        if visible_part(viewer, at(grid[k])):
            first = k
            break
    start = max((first or 0) - COARSE + 1, 0) if first is not None else 0
    for k in range(start, len(grid)):
        meets[k] = bool(visible_part(viewer, at(grid[k])))
        if meets[k] and (not tall or sees(viewer, at(grid[k]), tall)):
            return grid[k]
        if first is not None and k > first and not meets[k]:
            return None  # past the interval where the card meets the region
    return None
