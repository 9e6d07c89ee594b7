"""Line of sight (rulings R11, R12, R13, R18), decided exactly.

R11: in a card's own frame a point is in its LOS region when it lies strictly beyond the top edge
and its sideways distance from the centre line is at most half the card's width plus its distance
beyond the top edge (rays at 45° outward from the top corners; points on the rays count).

R12: the *visible part* of a target is its card clipped to the viewer's LOS region, less the
top-edge line itself (points within ``EPS`` of it do not count). The viewer sees the target when
some straight sight line from its top edge (R13, the Ranger: from anywhere on its card, whose
region is the whole table) to the visible part passes clear of the interior of every tall piece;
grazing a corner or running along an edge is clear. ``sight_line`` finds such a line or proves
there is none (``sightline.sight_segment`` gives the argument: a finite set of critical lines,
through two corners each, decides), so the answer is exact up to the tolerance ``EPS``; the
sampled test the engine used before (5 points of the edge to 9 points of the part) survives only
as one of its cheap first attempts.

R18: ``first_sighting`` finds exactly where a sliding card first comes into sight, by cutting the
area it sweeps into cells wholly seen or wholly hidden (``visibility.partition``); positions along
the way are not sampled. ``sight_partition`` gives the same cells for any convex area (the view
draws its LOS shadows from them).

The work is counted (``serm.core.work``; the shape code of ``convex``, ``sightline`` and
``visibility`` spends a unit or two per corner clipped, hulled or tested and four per critical line
tried, about a microsecond each on CPython), so that a replay, and a live game, stay within their
rules version's budget (``serm.core.ruleset``, C20).
"""

from __future__ import annotations

from functools import lru_cache

from .convex import Piece, Poly, Pt, clip, hull, intersect, prepare
from .fmath import sin_cos
from .geometry import CARD_LENGTH, CARD_WIDTH, EPS, Polygon, Vec, card_polygon, unit
from .scenario import Terrain
from .sightline import sight_segment
from .visibility import Partition, first_meet, partition

Viewer = tuple[Vec, float, bool]
"""(centre, facing in degrees, is_ranger): all LOS needs to know about a viewing card."""


def visible_part(viewer: Viewer, target: Polygon) -> Polygon:
    """The part of ``target`` inside the viewer's LOS region (R11, R13); empty if none.

    Empty too when the part reaches no further than ``EPS`` beyond the top-edge line.
    """
    if viewer[2]:
        return target
    return tuple(Vec(x, y) for x, y in _visible(_Frame.of(viewer), _floats(target)))


class _Frame:
    """A non-Ranger viewer's frame on bare floats: forward (fx, fy), right (rx, ry), the top-edge
    line fx*x + fy*y = top, and its centre's sideways coordinate ``side`` (R1, R11)."""

    __slots__ = ("fx", "fy", "rx", "ry", "side", "top")

    def __init__(self, cx: float, cy: float, facing: float) -> None:
        sin, cos = sin_cos(facing)
        self.fx, self.fy = sin, -cos  # geometry.unit(facing)
        self.rx, self.ry = cos, sin  # geometry.unit(facing + 90)
        self.top = cx * sin - cy * cos + CARD_LENGTH / 2
        self.side = cx * cos + cy * sin

    @staticmethod
    def of(viewer: Viewer) -> _Frame:
        return _Frame(viewer[0].x, viewer[0].y, viewer[1])

    def edge(self) -> Poly:
        """The top edge's two corners (left, right), as ``card_polygon`` gives them."""
        half = CARD_WIDTH / 2
        mx, my = self.rx * self.side + self.fx * self.top, self.ry * self.side + self.fy * self.top
        return (mx - self.rx * half, my - self.ry * half), (
            mx + self.rx * half,
            my + self.ry * half,
        )


def _visible(fr: _Frame, pts: Poly) -> Poly:
    """``visible_part`` on bare floats for a non-Ranger."""
    fx, fy, rx, ry, top = fr.fx, fr.fy, fr.rx, fr.ry, fr.top
    half = CARD_WIDTH / 2
    part = clip(pts, -fx, -fy, -top)  # beyond the top-edge line
    # |sideways| <= half + beyond:  (s - side) - (f - top) <= half, -(s - side) - (f - top) <= half
    part = clip(part, rx - fx, ry - fy, half + fr.side - top)
    part = clip(part, -rx - fx, -ry - fy, half - fr.side - top)
    if not part or max(x * fx + y * fy for x, y in part) <= top + EPS:
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
    fr = _Frame.of(viewer)
    return fr.fx, fr.fy, fr.top


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
    pts = _floats(target)
    if viewer[2]:
        src = _floats(sight_source(viewer))
    else:
        fr = _Frame.of(viewer)
        pts = _visible(fr, pts)
        if not pts:
            return None
        # less the points within EPS of the top-edge line (R11)
        cut = clip(pts, -fr.fx, -fr.fy, -(fr.top + 2 * EPS))
        pts = cut or (max(pts, key=lambda p: p[0] * fr.fx + p[1] * fr.fy),)
        src = fr.edge()
    seg = sight_segment(src, pts, _pieces(tall))
    if seg is None:
        return None
    return Vec(*seg[0]), Vec(*seg[1])


def sees(viewer: Viewer, target: Polygon, tall: tuple[Terrain, ...]) -> bool:
    """True when the viewer sees any part of ``target`` (R12, exact); ``tall`` is the tall
    terrain. See ``sight_line`` for the sight line itself."""
    if not tall:
        return bool(visible_part(viewer, target))
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

    The mover keeps ``facing`` while it slides (C1). Exact, with no sampling of positions: the
    area the card sweeps is cut into cells the viewer sees whole or not at all
    (``sight_partition``), and the answer is the least distance at which the sliding card
    touches a seen cell or a seam (``visibility.first_meet``). The cheap common case comes
    first: if the card is seen where it first touches the LOS region, that is the answer (it
    cannot be seen before it reaches the region). Where the card comes into sight across the
    top-edge line itself (R11: the line does not count), the answer is the distance where it
    reaches the line: it is seen at every distance just beyond it.
    """
    legs = _legs(path, halt)
    if not legs:
        return None
    corners = [p for a, b, _, _ in legs for c in (a, b) for p in card_polygon(c, facing)]
    swept = tuple(Vec(*p) for p in hull([(p.x, p.y) for p in corners]))
    if len(swept) < 3 or not visible_part(viewer, swept):
        return None
    entered = _first_in_region(viewer, facing, legs)
    if entered is None:
        return None
    leg, at = entered
    a, b, length, done = legs[leg]
    if sees(viewer, card_polygon(a + (b - a) * (at / length) if length > EPS else a, facing), tall):
        return done + at  # in plain sight as soon as it is in the region: nothing earlier can be
    cells = _seen_cells(sight_partition(viewer, swept, tall))
    for a, b, length, done in legs:
        d = b - a
        ux, uy = (d.x / length, d.y / length) if length > EPS else (0.0, 0.0)
        card = _floats(card_polygon(a, facing))
        hits = [t for t in (first_meet(card, ux, uy, length, c) for c in cells) if t is not None]
        if hits:
            return done + min(hits)
    return None


def _first_in_region(
    viewer: Viewer, facing: float, legs: list[tuple[Vec, Vec, float, float]]
) -> tuple[int, float] | None:
    """(stretch, distance along it) where the sliding card first meets the LOS region, the
    whole table for the Ranger (R11, R13); None when it never does."""
    if viewer[2]:
        return 0, 0.0
    far = max((c - viewer[0]).length() for a, b, _, _ in legs for c in (a, b)) + 2 * CARD_LENGTH
    fx, fy, top = _ahead(viewer)
    region = clip(_floats(region_polygon(viewer, far)), -fx, -fy, -(top + 2 * EPS))
    for k, (a, b, length, _) in enumerate(legs):
        d = b - a
        ux, uy = (d.x / length, d.y / length) if length > EPS else (0.0, 0.0)
        t = first_meet(_floats(card_polygon(a, facing)), ux, uy, length, region)
        if t is not None:
            return k, t
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
