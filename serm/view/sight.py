"""LOS regions for the overlay (R11, R13), with the shadows of tall terrain (R12), exact.

The region is ``serm.core.los.region_polygon`` (the whole table for the Ranger); the shadows are
the hidden cells of ``serm.core.los.sight_partition``, the same exact geometry the rules use: a
point of the table in the tinted region is seen by the soldier exactly when it is outside the
shadows, up to the drawing's rounding (0.0001 L). A gap of no width (two pieces that touch, or
edges in line) can let a single sight line through a shadow; such lines are drawn as thin
strokes (``seam``). The pieces themselves are left out of the shadows, so they and their labels
stay readable.
"""

from __future__ import annotations

import math
from dataclasses import replace
from functools import lru_cache

import svg

from serm.core.geometry import Polygon, Vec
from serm.core.los import region_polygon, sight_partition
from serm.core.scenario import Scenario
from serm.core.state import Soldier, State
from serm.core.visibility import Partition

from .common import (
    INK,
    MARGIN,
    SCALE,
    SHADOW,
    SIDE,
    SIDE_DASH,
    WHITE,
    Markup,
    esc,
    find,
    pts,
    rounded,
    text,
    text_width,
)
from .model import SoldierKey, ViewModel

CLIP = "url(#table-clip)"


Pt = tuple[float, float]
Poly = tuple[Pt, ...]


class _Ring(svg.PathData):
    """A closed sub-path through a polygon's corners, formatted once (svg.py's own path
    commands go through ``dataclasses.astuple``, which is slow for the pointer-move path)."""

    def __init__(self, poly: Poly, closed: bool = True) -> None:
        ring = "L".join(f"{rounded(x * SCALE)} {rounded(y * SCALE)}" for x, y in poly)
        self.d = "M" + ring + ("Z" if closed else "")

    def __str__(self) -> str:
        return self.d


@lru_cache(maxsize=128)
def region_markup(scenario: Scenario, s: Soldier, weight: float = 1.0) -> str:
    """``region_group`` as markup, kept per (table, soldier, weight): hovering back and forth
    over the same cards redraws the same regions."""
    return str(region_group(scenario, s, weight))


@lru_cache(maxsize=64)
def partition(scenario: Scenario, pos: Vec, facing: float, ranger: bool) -> Partition:
    """The table cut into cells the soldier sees whole or not at all, kept per pose: the
    regions drawn for one pose at several weights share it."""
    w, h = scenario.width, scenario.height
    table = (Vec(0.0, 0.0), Vec(w, 0.0), Vec(w, h), Vec(0.0, h))
    tall = tuple(t for t in scenario.terrain if t.tall)
    return sight_partition((pos, facing, ranger), table, tall)


def region_group(scenario: Scenario, s: Soldier, weight: float = 1.0) -> svg.G:
    """The LOS region of ``s``, tinted in its side colour, with tall-terrain shadows.

    ``weight`` (0..1] thins the tint and shadows when several regions are drawn at once, so
    overlaps read as "seen by several" instead of turning the table black.
    """
    w, h = scenario.width, scenario.height
    ranger = s.type.sees_all_round
    region: Polygon
    if ranger:
        region = (Vec(0.0, 0.0), Vec(w, 0.0), Vec(w, h), Vec(0.0, h))
    else:
        region = region_polygon((s.pos, s.facing, False), math.hypot(w, h) + 2.0)
    colour = SIDE.get(s.player, "#000")
    elements: list[svg.Element] = [
        svg.Polygon(
            points=pts(region),
            fill=colour,
            fill_opacity=rounded((0.08 if ranger else 0.16) * weight, 3),
            stroke=colour,
            stroke_width=3 if weight >= 1 else 2,
            stroke_opacity=0.9 if weight >= 1 else 0.6,
            stroke_dasharray=SIDE_DASH.get(s.player, "none"),  # type: ignore[arg-type]
            stroke_linejoin="round",
        )
    ]
    cells = partition(scenario, s.pos, s.facing, ranger)
    if cells.hidden:
        # One path for every hidden cell: they share one winding, so the union fills once.
        elements.append(
            svg.Path(
                d=[_Ring(c) for c in cells.hidden],
                fill=SHADOW,
                fill_opacity=rounded(0.38 * weight, 3),
                class_=["shadow"],
            )
        )
    if cells.seams:
        elements.append(
            svg.Path(
                d=[_Ring(seam, closed=False) for seam in cells.seams],
                fill="none",
                stroke=colour,
                stroke_width=1.5,
                stroke_opacity=0.9,
                class_=["seam"],
            )
        )
    return svg.G(
        class_=["los", f"los-p{s.player}"],
        clip_path=CLIP,
        data={"player": s.player, "card": esc(s.card)},
        elements=elements,
    )


def los_viewers(state: State, view: ViewModel) -> list[Soldier]:
    """Whose regions to draw: selected, hovered, then (optionally) every soldier on the table,
    the enemies of ``perspective`` first: sight is one-way (R11), so both sides' are shown."""
    keys: list[SoldierKey] = [k for k in (view.selected, view.hovered) if k is not None]
    if view.show_all_los:
        on = state.on_table()
        keys += [(s.player, s.card) for s in on if s.player != view.perspective]
        keys += [(s.player, s.card) for s in on if s.player == view.perspective]
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
    most = max((sum(1 for s in viewers if s.player == p) for p in (1, 2)), default=0)
    weight = 1.0 if len(viewers) <= 2 else 2.0 / max(most, 2)
    out: list[svg.Element] = [
        Markup(markup=region_markup(state.scenario, s, weight)) for s in viewers
    ]
    if view.show_all_los:
        out.append(Markup(markup=sight_key(state.scenario.width, view.perspective)))
    return out


@lru_cache(maxsize=4)
def sight_key(width: float, perspective: int) -> str:
    """What tells the two sides' regions apart while every soldier's sight is drawn: a line in
    the table's top margin with each side's colour and stroke ("your sight", "enemy sight")."""
    enemy = 2 if perspective == 1 else 1
    y, m = -MARGIN * SCALE / 2, MARGIN * SCALE
    items: list[svg.Element] = []
    x = 10.0 - m
    for player, said in ((perspective, "your sight"), (enemy, "enemy sight")):
        colour = SIDE.get(player, "#000")
        items.append(
            svg.Line(
                x1=rounded(x),
                y1=rounded(y),
                x2=rounded(x + 36),
                y2=rounded(y),
                stroke=colour,
                stroke_width=6,
                stroke_dasharray=SIDE_DASH.get(player, "none"),  # type: ignore[arg-type]
            )
        )
        items.append(text(x + 44, y, said, 18, WHITE, anchor="start", bold=True, halo=INK))
        x += 44 + text_width(said, 18) + 28
    return str(
        svg.G(
            class_=["sight-key"],
            data={"perspective": perspective},
            elements=[svg.Title(text=esc("; ".join(_KEY_WORDS))), *items],
        )
    )


_KEY_WORDS = (
    "Each side's sight in its colour",
    "a soldier sees only ahead of its top edge, so one may see another that cannot see it (R11)",
)
