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
from .model import ViewModel

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
def region_markup(scenario: Scenario, s: Soldier) -> str:
    """``region_group`` as markup, kept per (table, soldier): hovering back and forth over the
    same cards redraws the same regions."""
    return str(region_group(scenario, s))


@lru_cache(maxsize=64)
def partition(scenario: Scenario, pos: Vec, facing: float, ranger: bool) -> Partition:
    """The table cut into cells the soldier sees whole or not at all, kept per pose: its own
    region and its side's shape share it."""
    w, h = scenario.width, scenario.height
    table = (Vec(0.0, 0.0), Vec(w, 0.0), Vec(w, h), Vec(0.0, h))
    tall = tuple(t for t in scenario.terrain if t.tall)
    return sight_partition((pos, facing, ranger), table, tall)


def region_group(scenario: Scenario, s: Soldier) -> svg.G:
    """The LOS region of ``s``, tinted in its side colour, with tall-terrain shadows."""
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
            fill_opacity=0.08 if ranger else 0.16,
            stroke=colour,
            stroke_width=3,
            stroke_opacity=0.9,
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
                fill_opacity=0.38,
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
    """Whose own regions to draw: the selected soldier's, then the hovered one's, unless the
    show on screen moves it (``ViewModel.moving``)."""
    keys = [k for k in (view.selected, view.hovered) if k is not None and k not in view.moving]
    out: list[Soldier] = []
    for k in dict.fromkeys(keys):
        s = find(state, k)
        if s is not None and s.on_table:
            out.append(s)
    return out


def los_elements(state: State, view: ViewModel) -> list[svg.Element]:
    """The sight drawn: with every soldier's shown (``show_all_los``), what each side sees as
    one filled shape (the enemy's first), then the selected and hovered soldiers' own regions
    on top; otherwise those regions alone. A soldier being turned has the sight it would have
    facing the way shown, and none for a facing it may not take (``ViewModel.facing_refused``,
    R4, C10)."""
    viewers = los_viewers(state, view)
    if view.facing_handle is not None:
        key, facing = view.facing_handle
        viewers = [
            replace(s, facing=facing) if (s.player, s.card) == key else s
            for s in viewers
            if not (view.facing_refused and (s.player, s.card) == key)
        ]
    out: list[svg.Element] = []
    if view.show_all_los:
        enemy = 2 if view.perspective == 1 else 1
        for player in (enemy, 3 - enemy):
            poses = tuple(
                (s.pos, s.facing, s.type.sees_all_round)
                for s in state.on_table()
                if s.player == player
            )
            out.append(Markup(markup=side_markup(state.scenario, player, poses)))
    out += [Markup(markup=region_markup(state.scenario, s)) for s in viewers]
    if view.show_all_los:
        out.append(Markup(markup=sight_key(state.scenario.width, view.perspective)))
    return out


Pose = tuple[Vec, float, bool]


@lru_cache(maxsize=8)
def side_markup(scenario: Scenario, player: int, poses: tuple[Pose, ...]) -> str:
    """What ``player``'s soldiers at ``poses`` see, together: the union of the cells one of them
    sees (R11-R13, exact) filled once in the side's colour, with one light outline round it in
    the side's stroke, and the sight lines through gaps of no width as thin strokes. One shape
    per side stays readable on a phone where ten regions, each with its own outline and
    shadows, cross into a tangle of lines."""
    seen: list[svg.PathData] = []
    seams: list[svg.PathData] = []
    for pos, facing, ranger in poses:
        cells = partition(scenario, pos, facing, ranger)
        seen += [_Ring(_one_winding(c)) for c in cells.seen]
        seams += [_Ring(seam, closed=False) for seam in cells.seams]
    colour = SIDE.get(player, "#000")
    elements = _filled_shape(scenario, player, seen, colour) if seen else []
    if seams:
        elements.append(
            svg.Path(
                d=seams,
                fill="none",
                stroke=colour,
                stroke_width=1.5,
                stroke_opacity=0.9,
                class_=["seam"],
            )
        )
    return str(
        svg.G(
            class_=["los-side", f"los-p{player}"],
            clip_path=CLIP,
            data={"player": player},
            elements=elements,
        )
    )


def _filled_shape(
    scenario: Scenario, player: int, cells: list[svg.PathData], colour: str
) -> list[svg.Element]:
    """The union of ``cells`` filled once, and the outer half of a stroke round it: a mask hides
    the stroke wherever it lies inside the union (its inner half, the cells' shared edges)."""
    mask_id = f"sight-outside-p{player}"
    m, w, h = MARGIN * SCALE, scenario.width * SCALE, scenario.height * SCALE
    outside = svg.Mask(
        id=mask_id,
        maskUnits="userSpaceOnUse",
        elements=[
            svg.Rect(x=-m, y=-m, width=w + 2 * m, height=h + 2 * m, fill="#fff"),
            svg.Path(d=cells, fill="#000"),
        ],
    )
    outline = svg.Path(
        d=cells,
        fill="none",
        stroke=colour,
        stroke_width=8,
        stroke_opacity=0.8,
        stroke_dasharray=SIDE_DASH.get(player, "none"),  # type: ignore[arg-type]
        stroke_linejoin="round",
        mask=f"url(#{mask_id})",
        class_=["outline"],
    )
    fill = svg.Path(d=cells, fill=colour, fill_opacity=0.22, class_=["seen"])
    return [outside, fill, outline]


def _one_winding(poly: Poly) -> Poly:
    """``poly`` with a positive shoelace area: the cells of several soldiers, all wound the same
    way, fill their union once in one path under the nonzero rule."""
    twice = sum(poly[i - 1][0] * poly[i][1] - poly[i][0] * poly[i - 1][1] for i in range(len(poly)))
    return poly if twice >= 0 else poly[::-1]


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
