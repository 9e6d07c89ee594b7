"""The board layer: frame, table, deployment zones, terrain and soldier cards; and the room the
overlay's labels have over it (``board_spots``), with the chance labels on the cards
(``chance_labels``)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import NamedTuple

import svg

from serm.core.geometry import Vec, card_polygon, centroid, unit
from serm.core.scenario import Scenario, Terrain
from serm.core.state import PendingKind, Soldier, State, Status

from .cards import card_text, halos_markup
from .common import (
    FRAME,
    HALF_L,
    HANDLE_DISTANCE,
    HANDLE_RADIUS,
    INK,
    LOW,
    LOW_EDGE,
    MARGIN,
    REACTOR,
    SCALE,
    SIDE,
    TABLE,
    TABLE_EDGE,
    TALL,
    TALL_EDGE,
    TARGET,
    WHITE,
    ZONE,
    ZONE_TEXT,
    Markup,
    board_box,
    esc,
    find,
    join,
    pill,
    pts,
    rounded,
    scaled,
    screen_extent,
    text,
    text_width,
)
from .labels import Box, Shape, Spots, overlap
from .model import SoldierKey, ViewModel

HATCH_ID = "hatch-tall"


def percent(p: float) -> str:
    """A chance as a short label: "62%", never "0%" or "100%" for what may still go either way."""
    v = round(p * 100)
    if v <= 0 and p > 0:
        return "<1%"
    if v >= 100 and p < 1:
        return ">99%"
    return f"{max(0, min(100, v))}%"


def _frame_and_table(state: State) -> list[svg.Element]:
    sc_ = state.scenario
    m = MARGIN * SCALE
    return [
        svg.Rect(
            x=rounded(-m),
            y=rounded(-m),
            width=scaled(sc_.width) + 2 * m,
            height=scaled(sc_.height) + 2 * m,
            fill=FRAME,
            data={"role": "frame"},
        ),
        svg.Rect(
            x=0,
            y=0,
            width=scaled(sc_.width),
            height=scaled(sc_.height),
            rx=4,
            fill=TABLE,
            stroke=TABLE_EDGE,
            stroke_width=6,
            data={"role": "table"},
        ),
    ]


ZONE_LABEL = 22.0
"""Font size (scaled units) of a zone's name."""


def zone_label_spot(sc: Scenario, player: int) -> tuple[float, float, str, str]:
    """Where ``player``'s zone name goes: (x, y, text anchor, colour) in scaled units. In the
    frame beside the table edge the zone touches (never under a card), else inside the zone."""
    z = sc.zone(player)
    m = MARGIN * SCALE
    if z.y1 >= sc.height - 1e-9:
        return scaled(z.x1), scaled(sc.height) + m / 2, "end", ZONE
    if z.y0 <= 1e-9:
        return scaled(z.x1), -m / 2, "end", ZONE
    return scaled(z.x0) + 14, scaled(z.y0) + 22, "start", ZONE_TEXT


def _zone_label_box(sc: Scenario, player: int) -> Box:
    x, y, anchor, _ = zone_label_spot(sc, player)
    w = text_width(f"Player {player} zone", ZONE_LABEL)
    left = x - w if anchor == "end" else x
    return (left, y - ZONE_LABEL * 0.6, left + w, y + ZONE_LABEL * 0.6)


CARD_ROOM = 12.0
"""How far (scaled units) what a card draws round its outline reaches: the rings of a target,
a reactor, a card that may act, the selection (``serm.view.cards``: 9 to 12 out, and their
strokes)."""
ARROW_TIP = HALF_L + 18.0
"""How far (scaled units) the tip of a card's facing chevron lies from its centre."""


@lru_cache(maxsize=256)
def card_box(x: float, y: float, facing: float) -> Box:
    """The screen box (scaled units) of all a card at (x, y) L turned to ``facing`` draws: its
    outline with its rings round it (``CARD_ROOM``) and the chevron past its top edge (its name
    and the chevron are what a label laid against the bare outline covered). Kept by pose: each
    redraw of a Move's aim keeps its labels off every card on the table."""
    hw, hh = screen_extent(facing)
    cx, cy = scaled(x), scaled(y)
    tip = unit(facing) * ARROW_TIP
    return (
        min(cx - hw - CARD_ROOM, cx + tip.x),
        min(cy - hh - CARD_ROOM, cy + tip.y),
        max(cx + hw + CARD_ROOM, cx + tip.x),
        max(cy + hh + CARD_ROOM, cy + tip.y),
    )


def card_shape(x: float, y: float, facing: float) -> Shape:
    """The true outline (scaled units) of a card at (x, y) L turned to ``facing``: its corners
    with its chevron's tip past its top edge, what the eye measures a label's distance to
    (its box, ``card_box``, holds the empty corners a turned card leaves)."""
    tl, tr, br, bl = card_polygon(Vec(x, y), facing)
    tip = Vec(scaled(x), scaled(y)) + unit(facing) * ARROW_TIP
    return (
        (scaled(tl.x), scaled(tl.y)),
        (tip.x, tip.y),
        *((scaled(p.x), scaled(p.y)) for p in (tr, br, bl)),
    )


def card_marks(poses: Iterable[tuple[float, float, float]]) -> tuple[list[Box], dict[Box, Shape]]:
    """The boxes of cards standing at ``poses`` ((x, y, facing), L) and their true outlines."""
    shapes = {card_box(x, y, f): card_shape(x, y, f) for x, y, f in poses}
    return list(shapes), shapes


def handle_boxes(view: ViewModel, state: State) -> list[Box]:
    """The screen boxes (scaled units) of the turning handle ``view`` shows (``knob_boxes``)."""
    if view.facing_handle is None:
        return []
    key, facing = view.facing_handle
    g = view.ghost
    s = find(state, key)
    if g is not None and (g.player, g.card) == key:
        c = Vec(g.x, g.y)
    elif s is not None and s.on_table:
        c = s.pos
    else:
        return []
    return knob_boxes(c, facing, handle_reach(state, key, c, facing))


HANDLE_REACHES = (HANDLE_DISTANCE, 1.0, 1.5, 1.75, 2.0, 2.25, 2.5)
"""How far (L) from its card's centre the turning handle may stand, the first that keeps its
knob off the other cards (``handle_reach``): nearest the usual reach first."""


def handle_reach(state: State, key: SoldierKey, c: Vec, facing: float) -> float:
    """How far from the centre ``c`` of the card ``key`` its turning handle stands along
    ``facing``: the first of ``HANDLE_REACHES`` whose knob lies on the board and off every
    other card on the table (a knob on a card hides it and takes the presses meant for it),
    else ``HANDLE_DISTANCE``."""
    others = [_outline(s.x, s.y, s.facing) for s in state.on_table() if (s.player, s.card) != key]
    left, top, right, bottom = board_box(state)
    r = HANDLE_RADIUS * SCALE
    for d in HANDLE_REACHES:
        h = c + unit(facing) * d
        knob = (scaled(h.x) - r, scaled(h.y) - r, scaled(h.x) + r, scaled(h.y) + r)
        inside = left <= knob[0] and top <= knob[1] and knob[2] <= right and knob[3] <= bottom
        if inside and not any(overlap(knob, box) > 0.0 for box in others):
            return d
    return HANDLE_DISTANCE


def _outline(x: float, y: float, facing: float) -> Box:
    """The screen box (scaled units) of a card's bare outline at (x, y) L turned to ``facing``."""
    hw, hh = screen_extent(facing)
    return (scaled(x) - hw, scaled(y) - hh, scaled(x) + hw, scaled(y) + hh)


def knob_boxes(c: Vec, facing: float, reach: float = HANDLE_DISTANCE) -> list[Box]:
    """The screen boxes (scaled units) of the turning handle of a card at ``c`` L turned to
    ``facing``, its knob ``reach`` L out: the knob with a little room round it, and its stem
    from the card's edge."""
    u = unit(facing)
    h = c + u * reach
    r = HANDLE_RADIUS * SCALE + 8
    out = [(scaled(h.x) - r, scaled(h.y) - r, scaled(h.x) + r, scaled(h.y) + r)]
    for k in range(int((reach - 0.85) / 0.2 + 1e-9) + 1):  # 0.6 L out, every 0.2 L to the knob
        p = c + u * (0.6 + 0.2 * k)
        out.append((scaled(p.x) - 6, scaled(p.y) - 6, scaled(p.x) + 6, scaled(p.y) + 6))
    return out


def board_spots(state: State, view: ViewModel) -> Spots:
    """The room for the overlay's labels: the board less its cards, zone names and terrain
    names, what the page's controls cover and the turning handle (``serm.view.labels``)."""
    spots = _ground_spots(state, view.covered)
    for box in handle_boxes(view, state):
        spots.take(box)
    return spots


def chance_labels(state: State, view: ViewModel, spots: Spots) -> list[svg.Element]:
    """The chance on each soldier of ``view.chances`` (to be shot, to React), placed above it
    by the board's rule (``spots``: the marks drawn over the board have taken their room)."""
    return _chance_labels(state, view, _roles(view), spots)


def _ground_spots(state: State, covered: tuple[Box, ...] = ()) -> Spots:
    """The board less its cards, zone names and terrain names, and less what the page's
    controls cover (``covered``, in L: ``ViewModel.covered``)."""
    cards, shapes = card_marks((s.x, s.y, s.facing) for s in state.on_table())
    over = [(scaled(x0), scaled(y0), scaled(x1), scaled(y1)) for x0, y0, x1, y1 in covered]
    return Spots(board_box(state), _names(state.scenario), over, cards, shapes)


def pose_spots(state: State, poses: Iterable[tuple[float, float, float]]) -> Spots:
    """The board's room for what a show draws over it: the board less the zones' and the
    terrain's names and the boxes of cards standing at ``poses`` ((x, y, facing), L): where
    they stand at that moment of the show, not where the game leaves them."""
    cards, shapes = card_marks(poses)
    return Spots(board_box(state), _names(state.scenario), marks=cards, shapes=shapes)


@lru_cache(maxsize=16)
def _names(sc: Scenario) -> tuple[Box, ...]:
    """The boxes of the zones' names and of the terrain's names and kinds, kept by table."""
    zones = [_zone_label_box(sc, p) for p in (1, 2)]
    return (*zones, *(box for t in sc.terrain for box in _terrain_label_boxes(t)))


NAME, KIND = 19, 15
"""Font sizes of a terrain's name and of its kind (tall or low), drawn at its centroid."""
NAME_DY, KIND_DY = -11, 12
"""Where they sit above and below the centroid (scaled units)."""


def _terrain_label_boxes(t: Terrain) -> list[Box]:
    """The boxes of a terrain's name and kind (``_terrain``), with the dark halo tall terrain
    draws round them: a label over them would hide what the ground is."""
    c = centroid(t.points)
    x, y = scaled(c.x), scaled(c.y)
    out: list[Box] = []
    for words, size, dy, bold in ((t.name, NAME, NAME_DY, True), (_kind(t), KIND, KIND_DY, False)):
        w = text_width(words, size, bold=bold)
        halo = max(2.0, size / 5) / 2 if t.tall else 0.0  # half the halo's stroke (``text``)
        out.append(
            (
                x - w / 2 - halo,
                y + dy - size * 0.6 - halo,
                x + w / 2 + halo,
                y + dy + size * 0.6 + halo,
            )
        )
    return out


def _kind(t: Terrain) -> str:
    return "tall" if t.tall else "low"


def _zones(state: State) -> list[svg.Element]:
    deploying = state.status in (Status.DEPLOYMENT, Status.SETUP)
    out: list[svg.Element] = []
    for player in (1, 2):
        z = state.scenario.zone(player)
        x0, y0, w, h = scaled(z.x0), scaled(z.y0), scaled(z.x1 - z.x0), scaled(z.y1 - z.y0)
        placing = (
            state.pending is not None
            and state.pending.kind == PendingKind.PLACE
            and state.pending.player == player
        )
        x, y, anchor, fill = zone_label_spot(state.scenario, player)
        where = text(x, y, f"Player {player} zone", ZONE_LABEL, fill, bold=True, anchor=anchor)
        out.append(
            svg.G(
                class_=["zone", f"zone-p{player}"],
                data={"role": "zone", "player": player},
                opacity=1.0 if deploying else 0.45,
                elements=[
                    svg.Title(text=esc(f"Player {player}'s deployment zone")),
                    svg.Rect(
                        x=x0,
                        y=y0,
                        width=w,
                        height=h,
                        fill=ZONE,
                        fill_opacity=0.8 if deploying else 0.3,
                        stroke=SIDE[player] if deploying else "none",
                        stroke_width=5 if placing else 3,
                        stroke_dasharray=[14, 8] if player == 2 else None,
                    ),
                    where,
                ],
            )
        )
    return out


def _terrain(t: Terrain) -> svg.G:
    c = centroid(t.points)
    kind = _kind(t)
    what = "blocks movement and line of sight" if t.tall else "blocks movement only"
    fg = WHITE if t.tall else INK
    elements: list[svg.Element] = [
        svg.Title(text=esc(f"{t.name} \u2014 {kind} terrain: {what}")),
        svg.Polygon(
            points=pts(t.points),
            fill=TALL if t.tall else LOW,
            stroke=TALL_EDGE if t.tall else LOW_EDGE,
            stroke_width=4,
            stroke_linejoin="round",
        ),
    ]
    if t.tall:
        elements.append(svg.Polygon(points=pts(t.points), fill=f"url(#{HATCH_ID})"))
    halo = TALL_EDGE if t.tall else None
    elements += [
        text(scaled(c.x), scaled(c.y) + NAME_DY, t.name, NAME, fg, bold=True, halo=halo),
        text(scaled(c.x), scaled(c.y) + KIND_DY, kind, KIND, fg, halo=halo),
    ]
    return svg.G(class_=["terrain", kind], data={"role": "terrain"}, elements=elements)


def _chance_labels(
    state: State, view: ViewModel, roles: dict[SoldierKey, str], spots: Spots
) -> list[svg.Element]:
    """The chance on each soldier of ``view.chances``, placed above it by the board's rule."""
    out: list[svg.Element] = []
    for key, p in view.chances:
        s = find(state, key)
        if s is None or not s.on_table:
            continue
        role = roles.get(key)
        label = percent(p)
        bg = TARGET if role == "target" else REACTOR if role == "reactor" else INK
        if role == "reactor":
            label = f"React {label}"
        _, hh = screen_extent(s.facing)
        x, y = scaled(s.x), scaled(s.y) - hh - 20
        out.append(
            svg.G(
                class_=["chance"],
                data={"player": s.player, "card": esc(s.card)},
                elements=[pill(x, y, label, 18, bg, WHITE, border=WHITE, spots=spots)],
            )
        )
    return out


GroundKey = tuple[Scenario, bool, int | None]
_GROUND: dict[GroundKey, str] = {}
"""Markup of the frame, table, zones and terrain by what it depends on (a handful of keys)."""


def _ground(state: State) -> Markup:
    """Frame, table, zones and terrain: they change only with the scenario and the deployment."""
    p = state.pending
    placing = p.player if p is not None and p.kind == PendingKind.PLACE else None
    key = (state.scenario, state.status in (Status.DEPLOYMENT, Status.SETUP), placing)
    markup = _GROUND.get(key)
    if markup is None:
        if len(_GROUND) >= 16:
            _GROUND.clear()
        ground = _frame_and_table(state) + _zones(state)
        markup = _GROUND[key] = join(ground + [_terrain(t) for t in state.scenario.terrain])
    return Markup(markup=markup)


class BoardParts(NamedTuple):
    """The markup of ``<g id="layer-board">`` in parts, so that a click that changes some cards
    redraws only those: the ground (frame, table, zones, terrain) and each card on the table
    keyed by (player, card) in drawing order. Their chance labels are the overlay's
    (``chance_labels``)."""

    ground: str
    cards: tuple[tuple[SoldierKey, str], ...]
    halos: str = '<g class="halos"></g>'
    """The halos of the soldiers that may be chosen, drawn between the ground and every card
    (``serm.view.cards.halos_markup``)."""


def card_parts(state: State, view: ViewModel) -> BoardParts:
    """``board_elements``' markup in parts: joined in order (ground, halos, cards), they are
    the layer's markup."""
    roles = _roles(view)
    cards: list[tuple[SoldierKey, str]] = []
    eligible: list[Soldier] = []
    for s in state.soldiers:
        if s.on_table:
            key = (s.player, s.card)
            cards.append((key, card_text(s, key == view.selected, roles.get(key))))
            if roles.get(key) == "eligible":
                eligible.append(s)
    return BoardParts(_ground(state).markup, tuple(cards), halos_markup(eligible))


def _roles(view: ViewModel) -> dict[SoldierKey, str]:
    """Each highlighted soldier's first role."""
    roles: dict[SoldierKey, str] = {}
    for key, role in view.highlights:
        roles.setdefault(key, role)
    return roles


def board_elements(
    state: State, view: ViewModel, parts: BoardParts | None = None
) -> list[svg.Element]:
    """The children of ``<g id="layer-board">`` (``parts``: ``card_parts(state, view)`` when
    the caller has it already)."""
    ground, cards, halos = parts if parts is not None else card_parts(state, view)
    return [Markup(markup=m) for m in (ground, halos, *(m for _, m in cards)) if m]
