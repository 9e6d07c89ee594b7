"""References for exact line of sight (R11-R13): a dense brute-force test, the old sampled test,
a witness checker and the layouts they are compared on.

None of this is used by the game, so it lives here and not in serm. ``sampled_sees`` is the
sampled test the engine used before sight became exact (5 points of the top edge to 9 points of
the visible part), kept only so that the tests (tests/sight) can check that exact sight sees all
it saw and so that ``python -m serm bench engine`` can time the two side by side.
"""

from __future__ import annotations

import math
import random

from serm.core.geometry import (
    CARD_LENGTH,
    CARD_WIDTH,
    Polygon,
    Vec,
    card_polygon,
    centroid,
    convex_hull,
    polygons_overlap,
    segment_crosses_interior,
    unit,
)
from serm.core.los import Viewer, sight_source, visible_part
from serm.core.scenario import Terrain

Tall = tuple[Terrain, ...]
Layout = tuple[Viewer, Polygon, Tall]
"""A viewer, a target card and the tall terrain."""

TOL = 1e-7
"""How far (L) a witness line's ends may lie off the shapes they belong to."""


def wall(x0: float, y0: float, x1: float, y1: float) -> Terrain:
    """A tall rectangle [x0, x1] x [y0, y1]."""
    return Terrain("Wall", (Vec(x0, y0), Vec(x1, y0), Vec(x1, y1), Vec(x0, y1)), True)


def blocked(a: Vec, b: Vec, tall: Tall) -> bool:
    return any(segment_crosses_interior(a, b, t.points) for t in tall)


# --- the old sampled test ------------------------------------------------------------------------


def _samples(part: Polygon) -> list[Vec]:
    pts = list(part)
    pts += [(part[i] + part[(i + 1) % len(part)]) * 0.5 for i in range(len(part))]
    pts.append(centroid(part))
    return pts


def sampled_sees(viewer: Viewer, target: Polygon, tall: Tall) -> bool:
    """The old sampled R12 test: a clear line from one of 5 points of the top edge (the Ranger:
    its corners, edge midpoints and centre) to a corner, edge midpoint or the centre of the
    visible part."""
    part = visible_part(viewer, target)
    if not part:
        return False
    if not tall:
        return True
    centre, facing, ranger = viewer
    corners = card_polygon(centre, facing)
    if ranger:
        origins = _samples(corners)
    else:
        origins = [corners[0] + (corners[1] - corners[0]) * (i / 4) for i in range(5)]
    return any(not blocked(a, b, tall) for a in origins for b in _samples(part))


# --- the dense reference --------------------------------------------------------------------------


def _ahead(viewer: Viewer) -> tuple[Vec, float]:
    centre, facing, _ = viewer
    fwd = unit(facing)
    return fwd, centre.dot(fwd) + CARD_LENGTH / 2


def _edge_points(viewer: Viewer, n: int) -> list[Vec]:
    src = sight_source(viewer)
    if len(src) == 2:
        return [src[0] + (src[1] - src[0]) * (i / (n - 1)) for i in range(n)]
    out = []
    for i in range(4):
        a, b = src[i], src[(i + 1) % 4]
        out += [a + (b - a) * (j / n) for j in range(n)]
    return out


def _part_points(part: Polygon, n: int) -> list[Vec]:
    pts = list(part)
    if len(part) == 2:
        pts += [part[0] + (part[1] - part[0]) * (i / (4 * n)) for i in range(4 * n + 1)]
    for i in range(1, len(part) - 1):  # a triangular grid on each triangle of a fan
        a, b, c = part[0], part[i], part[i + 1]
        pts += [
            a + (b - a) * (u / n) + (c - a) * (v / n)
            for u in range(n + 1)
            for v in range(n + 1 - u)
        ]
    return pts


def reference_sees(
    viewer: Viewer, target: Polygon, tall: Tall, edge: int = 33, grid: int = 12
) -> bool:
    """Dense brute force: ``edge`` points along the top edge (the Ranger: per side of its card)
    against a triangular grid of the visible part; points on the top-edge line do not count."""
    part = visible_part(viewer, target)
    if not part:
        return False
    fwd, top = _ahead(viewer)
    ps = _part_points(part, grid)
    if not viewer[2]:
        ps = [p for p in ps if p.dot(fwd) > top + 1e-9]
    return any(not blocked(e, p, tall) for e in _edge_points(viewer, edge) for p in ps)


def witness_problem(
    viewer: Viewer, target: Polygon, tall: Tall, line: tuple[Vec, Vec]
) -> str | None:
    """Why a witness sight line is not one (None when it is): it must be clear, start on the top
    edge (the Ranger: on its card) and end in the target's visible part, off the top-edge line."""
    e, p = line
    if blocked(e, p, tall):
        return "the line passes through tall terrain"
    src = sight_source(viewer)
    if len(src) == 2:
        a, b = src
        t = max(0.0, min(1.0, (e - a).dot(b - a) / (b - a).dot(b - a)))
        if (a + (b - a) * t - e).length() > TOL:
            return "the line does not start on the top edge"
    elif not _within(e, src):
        return "the line does not start on the Ranger's card"
    if not _within(p, target):
        return "the line does not end on the target"
    if not viewer[2]:
        fwd, top = _ahead(viewer)
        beyond = p.dot(fwd) - top
        side = abs((p - viewer[0]).dot(unit(viewer[1] + 90.0)))
        if beyond <= 0.0 or side > CARD_WIDTH / 2 + beyond + TOL:
            return "the line does not end in the LOS region"
    return None


def _within(p: Vec, poly: Polygon) -> bool:
    """p in the closed convex polygon, within ``TOL``."""
    k = len(poly)
    sign = 0.0
    for i in range(k):
        a, b = poly[i], poly[(i + 1) % k]
        c = (b - a).cross(p - a) / (b - a).length()
        if abs(c) <= TOL:
            continue
        if sign == 0.0:
            sign = c
        elif c * sign < 0:
            return False
    return True


# --- layouts --------------------------------------------------------------------------------------


def _fits(poly: Polygon, tall: Tall, others: tuple[Polygon, ...] = ()) -> bool:
    return not any(polygons_overlap(poly, t.points) for t in tall) and not any(
        polygons_overlap(poly, o) for o in others
    )


def random_layout(rng: random.Random) -> Layout | None:
    """Up to six random convex tall pieces on a 10 L table, a viewer (a Ranger one time in five)
    and a target card; None when the cards would overlap terrain or each other (R4)."""
    tall = []
    for _ in range(rng.randint(1, 6)):
        cx, cy, r = rng.uniform(1, 9), rng.uniform(1, 9), rng.uniform(0.2, 1.3)
        angles = sorted(rng.uniform(0, 2 * math.pi) for _ in range(rng.randint(3, 6)))
        pts = [Vec(cx + r * math.cos(a), cy + r * math.sin(a)) for a in angles]
        hull = convex_hull(pts)
        if len(hull) >= 3:
            tall.append(Terrain("Ruin", hull, True))
    viewer = (Vec(rng.uniform(1, 9), rng.uniform(1, 9)), rng.uniform(0, 360), rng.random() < 0.2)
    target = card_polygon(Vec(rng.uniform(0.5, 9.5), rng.uniform(0.5, 9.5)), rng.uniform(0, 360))
    me = card_polygon(viewer[0], viewer[1])
    if not _fits(me, tuple(tall)) or not _fits(target, tuple(tall), (me,)):
        return None
    return viewer, target, tuple(tall)


GAPS = (0.02, 0.05, 0.1, 0.15, 0.25)
SECOND_GAPS = (0.05, 0.1, 0.2, 0.4)


def narrow_gap_layout(rng: random.Random) -> Layout | None:
    """A viewer near the bottom of a 10 L table looking up through a row of two tall walls with a
    narrow gap between them (0.02 to 0.25 L wide), half the time a second such row further on,
    and a target card beyond, off to either side. None when it does not fit (R4) or the target
    lies outside the viewer's LOS region (R11)."""
    vx, vy = rng.uniform(3, 7), rng.uniform(7.5, 9)
    viewer = (Vec(vx, vy), rng.uniform(-20, 20), False)
    y, thick = rng.uniform(4.5, 6.5), rng.uniform(0.1, 0.5)
    gx, g = vx + rng.uniform(-1.2, 1.2), rng.choice(GAPS)
    walls = [wall(0.2, y, gx - g / 2, y + thick), wall(gx + g / 2, y, 9.8, y + thick)]
    if rng.random() < 0.5:
        y2, gx2, g2 = (
            y - rng.uniform(0.8, 2.0),
            gx + rng.uniform(-0.8, 0.8),
            rng.choice(SECOND_GAPS),
        )
        walls += [wall(0.2, y2, gx2 - g2 / 2, y2 + thick), wall(gx2 + g2 / 2, y2, 9.8, y2 + thick)]
    tall = tuple(walls)
    top = min(t.points[0].y for t in tall)
    target = card_polygon(
        Vec(vx + rng.uniform(-3, 3), rng.uniform(0.5, top - 0.6)), rng.uniform(0, 360)
    )
    me = card_polygon(viewer[0], viewer[1])
    if not _fits(me, tall) or not _fits(target, tall) or not visible_part(viewer, target):
        return None
    return viewer, target, tall


def layouts(kind: str, n: int, seed: int = 0) -> list[Layout]:
    """``n`` layouts of a kind ("random" or "narrow"), the same for the same seed everywhere."""
    rng = random.Random(f"sightref/{kind}/{seed}")
    make = random_layout if kind == "random" else narrow_gap_layout
    out: list[Layout] = []
    while len(out) < n:
        lay = make(rng)
        if lay is not None:
            out.append(lay)
    return out


PATH_STEP = 0.05
"""The old R18 sampling step (L)."""


def sampled_first_sighting(
    viewer: Viewer, facing: float, path: tuple[Vec, ...], halt: float, tall: Tall
) -> float | None:
    """The old R18 check (the sampled C7): the sliding card tested with ``sampled_sees``
    every ``PATH_STEP`` L along each straight stretch and at the halt, kept for the bench."""
    travelled = 0.0
    for a, b in zip(path, path[1:], strict=False):
        seg = (b - a).length()
        end = max(min(seg, halt - travelled), 0.0)
        hull = convex_hull(
            [*card_polygon(a, facing), *card_polygon(a + (b - a) * (end / seg), facing)]
        )
        if seg > 0 and visible_part(viewer, hull):
            steps = [k * PATH_STEP for k in range(int(end / PATH_STEP) + 1) if k * PATH_STEP < end]
            for d in [*steps, end]:
                if sampled_sees(viewer, card_polygon(a + (b - a) * (d / seg), facing), tall):
                    return travelled + d
        travelled += seg
        if travelled >= halt - 1e-9:
            break
    return None
