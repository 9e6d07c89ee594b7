"""LOS regions for the overlay (R11, R13), with the shadows of tall terrain (R12, approximate).

The region is exact (``serm.core.los.region_polygon``); the shadows are a drawing aid only.
APPROXIMATE: a shadow is the part of the table hidden from *every* corner of the viewer's
sight-line edge (the top edge's two corners; the Ranger's four card corners) by one tall piece.
Because a convex piece hides a point from a whole segment exactly when it hides it from both
ends, this is the area no sight line can reach from that edge -- but R12 also lets a target be
seen through any of its sample points, and two pieces together can hide more than each alone,
so a card partly in shadow may still be seen, and the true hidden area may be a little larger.
The rules (``serm.core.los.sees``) decide; this picture only guides the eye.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache

import svg

from serm.core.geometry import EPS, Polygon, Vec, card_polygon, polygons_overlap
from serm.core.los import region_polygon
from serm.core.scenario import Scenario
from serm.core.state import Soldier, State

from .common import SCALE, SHADOW, SIDE, SIDE_DASH, Markup, esc, find, n, pts
from .model import SoldierKey, ViewModel

CLIP = "url(#table-clip)"


Pt = tuple[float, float]
Poly = tuple[Pt, ...]

# Plain-float convex geometry (the same maths as serm.core.geometry, on bare tuples: this runs
# on every pointer move, and Vec arithmetic costs several times more).


def _clip(poly: Poly, nx: float, ny: float, off: float) -> Poly:
    """Keep the part of convex ``poly`` where nx*x + ny*y <= off (Sutherland-Hodgman)."""
    out: list[Pt] = []
    k = len(poly)
    for i in range(k):
        cx, cy = poly[i]
        qx, qy = poly[(i + 1) % k]
        dc = nx * cx + ny * cy - off
        dn = nx * qx + ny * qy - off
        if dc <= EPS:
            out.append((cx, cy))
        if (dc < -EPS and dn > EPS) or (dc > EPS and dn < -EPS):
            t = dc / (dc - dn)
            out.append((cx + (qx - cx) * t, cy + (qy - cy) * t))
    return tuple(out)


def _intersect(a: Poly, b: Poly) -> Poly:
    """The intersection of two convex polygons (empty tuple when it has no area)."""
    k = len(b)
    area2 = sum(b[i][0] * b[(i + 1) % k][1] - b[(i + 1) % k][0] * b[i][1] for i in range(k))
    sign = 1.0 if area2 > 0 else -1.0
    for i in range(k):
        x0, y0 = b[i]
        x1, y1 = b[(i + 1) % k]
        ex, ey = x1 - x0, y1 - y0
        ln = math.hypot(ex, ey)
        if ln <= EPS:
            continue
        nx, ny = sign * ey / ln, -sign * ex / ln
        a = _clip(a, nx, ny, nx * x0 + ny * y0)
        if len(a) < 3:
            return ()
    return a


def _hull(points: list[Pt]) -> Poly:
    """Convex hull (monotone chain), without collinear corners."""
    ps = sorted(set(points))
    if len(ps) <= 2:
        return tuple(ps)

    def half(seq: list[Pt]) -> list[Pt]:
        h: list[Pt] = []
        for p in seq:
            while len(h) >= 2:
                (ax, ay), (bx, by) = h[-2], h[-1]
                if (bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax) > EPS:
                    break
                h.pop()
            h.append(p)
        return h

    return tuple(half(ps)[:-1] + half(ps[::-1])[:-1])


def _shadow_from(origin: Pt, piece: Poly, far: float) -> Poly:
    """The piece and the area behind it as seen from ``origin`` (cut off ``far`` L away)."""
    ox, oy = origin
    out = list(piece)
    for px, py in piece:
        dx, dy = px - ox, py - oy
        ln = math.hypot(dx, dy)
        if ln <= EPS:
            return ()
        out.append((px + dx * far / ln, py + dy * far / ln))
    return _hull(out)


def shadow(origins: Sequence[Pt], piece: Poly, far: float) -> Poly:
    """Approximate umbra of ``piece``: the area hidden from every one of ``origins``."""
    region: Poly = ()
    for o in origins:
        sh = _shadow_from(o, piece, far)
        if len(sh) < 3:
            return ()
        region = sh if not region else _intersect(region, sh)
        if not region:
            return ()
    return region


class _Ring(svg.PathData):
    """A closed sub-path through a polygon's corners, formatted once (svg.py's own path
    commands go through ``dataclasses.astuple``, which is slow for the pointer-move path)."""

    def __init__(self, poly: Poly) -> None:
        self.d = "M" + "L".join(f"{n(x * SCALE)} {n(y * SCALE)}" for x, y in poly) + "Z"

    def __str__(self) -> str:
        return self.d


def _ring(poly: Poly) -> list[svg.PathData]:
    return [_Ring(poly)]


@lru_cache(maxsize=128)
def region_markup(scenario: Scenario, s: Soldier, weight: float = 1.0) -> str:
    """``region_group`` as markup, kept per (table, soldier, weight): hovering back and forth
    over the same cards redraws the same regions."""
    return str(region_group(scenario, s, weight))


def region_group(scenario: Scenario, s: Soldier, weight: float = 1.0) -> svg.G:
    """The LOS region of ``s``, tinted in its side colour, with tall-terrain shadows.

    ``weight`` (0..1] thins the tint and shadows when several regions are drawn at once, so
    overlaps read as "seen by several" instead of turning the table black.
    """
    sc_ = scenario
    w, h = sc_.width, sc_.height
    reach = math.hypot(w, h) + 2.0
    table: Polygon = (Vec(0.0, 0.0), Vec(w, 0.0), Vec(w, h), Vec(0.0, h))
    ranger = s.type.sees_all_round
    corners = card_polygon(s.pos, s.facing)
    if ranger:
        region, origins = table, list(corners)
    else:
        region = region_polygon((s.pos, s.facing, False), reach)
        origins = [corners[0], corners[1]]
    colour = SIDE.get(s.player, "#000")
    elements: list[svg.Element] = [
        svg.Polygon(
            points=pts(region),
            fill=colour,
            fill_opacity=n((0.08 if ranger else 0.16) * weight, 3),
            stroke=colour,
            stroke_width=3 if weight >= 1 else 2,
            stroke_opacity=0.9 if weight >= 1 else 0.6,
            stroke_dasharray=SIDE_DASH.get(s.player, "none"),  # type: ignore[arg-type]
            stroke_linejoin="round",
        )
    ]
    for t in sc_.terrain:
        # A piece outside the (convex) region cannot block a sight line that stays inside it.
        if not t.tall or (not ranger and not polygons_overlap(t.points, region)):
            continue
        sh = shadow(origins, t.points, reach)
        sh = _intersect(sh, region) if sh else ()
        if sh:
            # Cut the piece itself out (even-odd) so it and its label stay readable.
            piece = _intersect(t.points, region)
            elements.append(
                svg.Path(
                    d=_ring(sh) + (_ring(piece) if piece else []),
                    fill=SHADOW,
                    fill_opacity=n(0.38 * weight, 3),
                    fill_rule="evenodd",
                    class_=["shadow"],
                )
            )
    return svg.G(
        class_=["los", f"los-p{s.player}"],
        clip_path=CLIP,
        data={"player": s.player, "card": esc(s.card)},
        elements=elements,
    )


def los_viewers(state: State, view: ViewModel) -> list[Soldier]:
    """Whose regions to draw: selected, hovered, then (optionally) every enemy on the table."""
    keys: list[SoldierKey] = [k for k in (view.selected, view.hovered) if k is not None]
    if view.show_all_los:
        keys += [(s.player, s.card) for s in state.on_table() if s.player != view.perspective]
    out: list[Soldier] = []
    for k in dict.fromkeys(keys):
        s = find(state, k)
        if s is not None and s.on_table:
            out.append(s)
    return out


def los_elements(state: State, view: ViewModel) -> list[svg.Element]:
    viewers = los_viewers(state, view)
    if view.facing_handle is not None:  # a soldier being turned: show the sight it would have
        key, facing = view.facing_handle
        viewers = [replace(s, facing=facing) if (s.player, s.card) == key else s for s in viewers]
    weight = 1.0 if len(viewers) <= 2 else 2.0 / len(viewers)
    return [Markup(markup=region_markup(state.scenario, s, weight)) for s in viewers]
