"""Line of sight (rulings R11, R12, R13, R18), decided exactly.

R11: in a card's own frame a point is in its LOS region when it lies strictly beyond the top edge
and its sideways distance from the centre line is at most half the card's width plus its distance
beyond the top edge (rays at 45° outward from the top corners; points on the rays count).

R12: the *visible part* of a target is its card clipped to the viewer's LOS region, less the
top-edge line itself (points within ``EPS`` of it do not count). The viewer sees the target when
some straight sight line from its top edge (R13, the Ranger: from anywhere on its card, whose
region is the whole table) to the visible part passes clear of the interior of every tall piece;
grazing a corner or running along an edge is clear. ``sight_line`` finds such a line or proves
there is none (``visibility.sight_segment`` gives the argument: a finite set of critical lines,
through two corners each, decides), so the answer is exact up to the tolerance ``EPS``; the old
sampled test (5 points of the edge to 9 points of the part) is only its first, cheap attempt.

R18: ``first_sighting`` finds exactly where a sliding card first comes into sight, by cutting the
area it sweeps into cells wholly seen or wholly hidden (``visibility.partition``).
"""

from __future__ import annotations

from functools import lru_cache

from .geometry import CARD_LENGTH, CARD_WIDTH, EPS, Polygon, Vec, card_polygon, clip_halfplane, unit
from .scenario import Terrain
from .visibility import (
    Partition,
    Piece,
    Poly,
    Pt,
    clip,
    first_meet,
    hull,
    intersect,
    partition,
    prepare,
    sight_segment,
)

Viewer = tuple[Vec, float, bool]
"""(centre, facing in degrees, is_ranger): all LOS needs to know about a viewing card."""


def visible_part(viewer: Viewer, target: Polygon) -> Polygon:
    """The part of ``target`` inside the viewer's LOS region (R11, R13); empty if none.

    Empty too when the part reaches no further than ``EPS`` beyond the top-edge line.
    """
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


def sight_source(viewer: Viewer) -> Polygon:
    """Where the viewer's sight lines start: its top edge (left, right corner), or for the Ranger
    its whole card (four corners, R13)."""
    centre, facing, ranger = viewer
    corners = card_polygon(centre, facing)
    return corners if ranger else corners[:2]


def _ahead(viewer: Viewer) -> tuple[float, float, float]:
    """(fx, fy, top): the top-edge line is fx*x + fy*y = top, the LOS region beyond it (R11)."""
    centre, facing, _ = viewer
    fwd = unit(facing)
    return fwd.x, fwd.y, centre.dot(fwd) + CARD_LENGTH / 2


def _strictly_ahead(viewer: Viewer, part: Polygon) -> Polygon:
    """The visible part less the points within ``EPS`` of the top-edge line (R11)."""
    fx, fy, top = _ahead(viewer)
    cut = clip_halfplane(part, Vec(-fx, -fy), -(top + 2 * EPS))
    return cut or (max(part, key=lambda p: p.x * fx + p.y * fy),)


@lru_cache(maxsize=64)
def _pieces(tall: tuple[Terrain, ...]) -> tuple[Piece, ...]:
    return prepare(tuple(tuple((p.x, p.y) for p in t.points) for t in tall))


def _floats(poly: Polygon) -> Poly:
    return tuple((p.x, p.y) for p in poly)


def sight_line(
    viewer: Viewer, target: Polygon, tall: tuple[Terrain, ...]
) -> tuple[Vec, Vec] | None:
    """A clear sight line (start on the viewer's top edge or Ranger's card, end in the target's
    visible part) when the viewer sees ``target``, else None (R11-R13, exact).

    ``tall`` is the tall terrain. The line's ends lie on those shapes within ``EPS``; it is a
    single point when a Ranger's card touches the target.
    """
    part = visible_part(viewer, target)
    if not part:
        return None
    if not viewer[2]:
        part = _strictly_ahead(viewer, part)
    seg = sight_segment(_floats(sight_source(viewer)), _floats(part), _pieces(tall))
    if seg is None:
        return None
    return Vec(*seg[0]), Vec(*seg[1])


def sees(viewer: Viewer, target: Polygon, tall: tuple[Terrain, ...]) -> bool:
    """True when the viewer sees any part of ``target`` (R12, exact); ``tall`` is the tall
    terrain. See ``sight_line`` for the sight line itself."""
    return sight_line(viewer, target, tall) is not None


def region_polygon(viewer: Viewer, reach: float) -> Polygon:
    """The LOS region cut off ``reach`` L beyond the top edge, for drawing (R11)."""
    centre, facing, ranger = viewer
    if ranger:
        return ()
    fwd, right = unit(facing), unit(facing + 90.0)
    top_c = centre + fwd * (CARD_LENGTH / 2)
    half = CARD_WIDTH / 2
    far = top_c + fwd * reach
    return (
        top_c - right * half,
        top_c + right * half,
        far + right * (half + reach),
        far - right * (half + reach),
    )


def sight_partition(viewer: Viewer, area: Polygon, tall: tuple[Terrain, ...]) -> Partition:
    """The convex ``area`` cut into cells the viewer sees whole or not at all (R11-R13, exact).

    For a non-Ranger the area is first cut to the LOS region (strictly beyond the top edge, by
    ``EPS``); cells outside it are not returned. See ``visibility.partition``.
    """
    src = _floats(sight_source(viewer))
    if viewer[2]:
        return partition(src, _floats(area), _pieces(tall))
    fx, fy, top = _ahead(viewer)
    reach = max((p - viewer[0]).length() for p in area) + CARD_LENGTH
    cut = intersect(_floats(area), _floats(region_polygon(viewer, reach)))
    cut = clip(cut, -fx, -fy, -(top + 2 * EPS)) if cut else ()
    if len(cut) < 3:
        return Partition((), (), (), ())
    return partition(src, cut, _pieces(tall), (fx, fy, top))


def first_sighting(
    viewer: Viewer, facing: float, path: tuple[Vec, ...], halt: float, tall: tuple[Terrain, ...]
) -> float | None:
    """The first distance along ``path`` (up to ``halt``) where the viewer sees the mover (R18).

    The mover keeps ``facing`` while it slides (C1). Exact: the area the card sweeps is cut into
    cells the viewer sees whole or not at all (``sight_partition``), and the answer is the least
    distance at which the sliding card touches a seen cell (``visibility.first_meet``). Where the
    card comes into sight across the top-edge line itself (R11: the line does not count), this
    is the distance where it reaches the line: it is seen at every distance just beyond it.
    """
    legs = _legs(path, halt)
    if not legs:
        return None
    corners = [p for a, b, _, _ in legs for c in (a, b) for p in card_polygon(c, facing)]
    swept = tuple(Vec(*p) for p in hull([(p.x, p.y) for p in corners]))
    if len(swept) < 3 or not visible_part(viewer, swept):
        return None
    cells = _seen_cells(sight_partition(viewer, swept, tall))
    for a, b, length, done in legs:
        d = b - a
        ux, uy = (d.x / length, d.y / length) if length > EPS else (0.0, 0.0)
        card = _floats(card_polygon(a, facing))
        hits = [t for t in (first_meet(card, ux, uy, length, c) for c in cells) if t is not None]
        if hits:
            return done + min(hits)
    return None


def _seen_cells(part: Partition) -> list[tuple[Pt, ...]]:
    return [*part.seen, *part.seams]


def _legs(path: tuple[Vec, ...], halt: float) -> list[tuple[Vec, Vec, float, float]]:
    """(start, end, length, distance before it) per straight stretch, cut at ``halt``."""
    out = []
    done = 0.0
    for a, b in zip(path, path[1:], strict=False):
        seg = (b - a).length()
        end = max(min(seg, halt - done), 0.0)
        out.append((a, a + (b - a) * (end / seg) if seg > 0 else a, end, done))
        done += seg
        if done >= halt - EPS:
            break
    if not out and path:
        out.append((path[0], path[0], 0.0, 0.0))
    return out


__all__ = [
    "Viewer",
    "first_sighting",
    "region_polygon",
    "sees",
    "sight_line",
    "sight_partition",
    "sight_source",
    "visible_part",
]
