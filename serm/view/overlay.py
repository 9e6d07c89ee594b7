"""The overlay layer: LOS regions, chance labels on the cards, deployment ghost, move previews,
Brawler path, stop point and facing handle. Recomputed on every pointer move, so it stays small.
"""

from __future__ import annotations

import math
from functools import lru_cache

import svg

from serm.core.cards import CARDS
from serm.core.geometry import Vec, card_polygon, unit
from serm.core.state import State

from .board import board_spots, card_box, chance_labels, handle_reach, knob_boxes
from .common import (
    BAD,
    GOOD,
    HANDLE_DISTANCE,
    HANDLE_RADIUS,
    INK,
    MARGIN,
    SCALE,
    SEEN,
    SIDE,
    WHITE,
    Markup,
    card_outline,
    counted,
    esc,
    find,
    join,
    pill,
    rounded,
    scaled,
    screen_extent,
)
from .exposure_layer import exposure_elements
from .labels import Box, Spots
from .model import Ghost, ViewModel
from .moves import halt_marks, line, move_preview, path_trace, pending_move
from .sight import los_elements

GHOST_LABEL = 24.0
"""Font size (scaled units) of the label over a card being placed: 7.5 CSS px on a fitted
360 px board, larger when zoomed in."""


def _label_above(state: State, x: float, y: float, facing: float, s: str, size: float) -> Vec:
    """Where a label about a card at (x, y) L goes so a finger on the card does not hide it:
    well above the card, or below it at the table's top edge."""
    m = MARGIN * SCALE
    _, hh = screen_extent(facing)
    ly = scaled(y) - hh - 2.2 * size
    if ly < -m + size:
        ly = scaled(y) + hh + 2.2 * size
    return Vec(scaled(x), ly)


def _why(g: Ghost) -> str:
    """The ghost's problem in a few words for its label on the board, without the rule id (the
    panel gives the sentence and the rule, ``serm.ui.words``)."""
    p = g.problem
    assert p is not None
    if p.owner:
        return f"overlaps {'your' if p.owner == g.player else 'the enemy'} {p.thing}"
    return f"overlaps {p.thing}" if p.thing else p.text


SEEN_WORDS = "the enemy Gunner could see it here"
"""The Exposure view counts the card being placed as seen (``Ghost.seen``), said with a subject:
where its label breaks onto two lines at a " · ", each line still reads as a sentence."""


GLIMPSED_WORDS = "the enemy Gunner could see it from a few spots"
"""The Exposure view's shading counts the card being placed as seen from few spots or none, and
a few of the enemy Gunner's spots do see it (``Ghost.glimpsed``)."""


def _sees_words(state: State, g: Ghost, title: str) -> str:
    """How many of the enemy cards already placed the card being placed (a Gunner, R22) would
    see from here, and whose count it is ("your Gunner would see 1 of the 2 enemy cards
    placed")."""
    placed = counted(len(state.enemies(g.player)), "enemy card")
    return f"your {title} would see {len(g.sees or ())} of the {placed} placed"


def _ghost(state: State, g: Ghost, spots: Spots) -> svg.G:
    ok = g.problem is None
    colour = (SEEN if g.seen else GOOD) if ok else BAD
    ctype = CARDS.get(g.card)
    title = ctype.title if ctype else g.card
    elements: list[svg.Element] = [
        card_outline(
            g.x,
            g.y,
            g.facing,
            colour,
            label=title,
            fill_opacity=0.35,
            dash="12 5" if ok else "5 5",
        )
    ]
    words = f"Cannot place here: {_why(g)}" if g.problem is not None else "Can go here"
    if g.problem is None and g.sees is not None:
        words += f" · {_sees_words(state, g, title)}"
    if ok and g.seen:  # said on the card, where the player looks, not only in the bar
        words += f" · {SEEN_WORDS}"
    elif ok and g.glimpsed:
        words += f" · {GLIMPSED_WORDS}"
    where = _label_above(state, g.x, g.y, g.facing, words, GHOST_LABEL)
    own = card_box(g.x, g.y, g.facing)
    spots.take(own, mark=True)
    reach = handle_reach(state, (g.player, g.card), Vec(g.x, g.y), g.facing)
    for box in knob_boxes(Vec(g.x, g.y), g.facing, reach):  # the card being placed turns by it
        spots.take(box)
    elements.append(
        pill(
            where.x, where.y, words, GHOST_LABEL, colour, WHITE, border=WHITE, spots=spots, own=own
        )
    )
    return svg.G(
        class_=["ghost", "ok" if ok else "bad"],
        data={
            "player": g.player,
            "card": esc(g.card),
            "x": rounded(g.x, 4),
            "y": rounded(g.y, 4),
            "facing": rounded(g.facing, 2),
        }
        | ({} if g.sees is None else {"sees": esc(" ".join(g.sees))}),
        elements=elements,
    )


HANDLE_HIT_L = 0.7
"""The radius (L) of the handle's hit disc when the page says nothing about the screen; the
stylesheet sets it to 22 CSS px at every zoom instead (``.handle-hit``, from the ``--unit``
the browser layer keeps on the board: user units per CSS px)."""


def handle_slop(c: Vec, facing: float, h: Vec) -> float:
    """The radius (L) round the handle's knob at ``h`` within which a press takes the handle,
    for its card at ``c`` turned to ``facing``: the knob and half the room between it and the
    card's edge, so a press between the two, nearer the card, aims (the Move) or takes the
    card, never the handle (a turn at the start of a Move, R14)."""
    corners = list(card_polygon(c, facing))
    edge = min(
        _to_segment(h, a, b) for a, b in zip(corners, corners[1:] + corners[:1], strict=True)
    )
    return HANDLE_RADIUS + max(0.0, edge - HANDLE_RADIUS) / 2


def _to_segment(p: Vec, a: Vec, b: Vec) -> float:
    """The distance (L) from ``p`` to the segment from ``a`` to ``b``."""
    ab, ap = b - a, p - a
    t = max(0.0, min(1.0, (ap.x * ab.x + ap.y * ab.y) / (ab.x * ab.x + ab.y * ab.y or 1.0)))
    return math.hypot(ap.x - t * ab.x, ap.y - t * ab.y)


def _handle_hit(c: Vec, facing: float, h: Vec, player: int, card: str) -> list[svg.Element]:
    """An unpainted disc around the handle that takes presses, as easy to press as a button
    (44 CSS px across) whatever the zoom, clipped to its slop (``handle_slop``) so it never
    reaches the card (at ``c``, turned to ``facing``)."""
    return [
        svg.ClipPath(
            id=HANDLE_CLIP_ID,
            clipPathUnits="userSpaceOnUse",
            elements=[
                svg.Circle(
                    cx=scaled(h.x), cy=scaled(h.y), r=rounded(scaled(handle_slop(c, facing, h)))
                )
            ],
        ),
        svg.Circle(
            cx=scaled(h.x),
            cy=scaled(h.y),
            r=scaled(HANDLE_HIT_L),
            fill="none",
            pointer_events="all",
            clip_path=f"url(#{HANDLE_CLIP_ID})",
            class_=["handle-hit"],
            data={"handle": "rotate-area", "player": player, "card": esc(card)},
            extra={"cursor": "grab"},
        ),
    ]


HANDLE_CLIP_ID = "handle-clip"


def _facing_handle(state: State, view: ViewModel) -> list[svg.Element]:
    if view.facing_handle is None:
        return []
    key, facing = view.facing_handle
    s = find(state, key)
    g = view.ghost
    if g is not None and (g.player, g.card) == key:
        c = Vec(g.x, g.y)  # the card being placed turns by its handle too
    elif s is not None and s.on_table:
        c = s.pos
    else:
        return []
    was = s.facing if s is not None and s.on_table else None
    reach = handle_reach(state, key, c, facing)
    return [Markup(markup=handle_markup(c.x, c.y, facing, key[0], key[1], was, reach))]


@lru_cache(maxsize=64)
def handle_markup(
    x: float,
    y: float,
    facing: float,
    player: int,
    card: str,
    was: float | None,
    reach: float = HANDLE_DISTANCE,
) -> str:
    """The facing handle of the card ``(player, card)`` at (x, y) L turned to ``facing``, its
    knob ``reach`` L out (``serm.view.board.handle_reach``), with the card's outline at
    ``facing`` when it is on the table facing ``was`` (another way). Kept as text by pose:
    aiming a Move redraws the live group on every pointer move, the handle with it."""
    c = Vec(x, y)
    h = c + unit(facing) * reach
    colour = SIDE.get(player, INK)
    turned: list[svg.Element] = []
    if was is not None and abs((facing - was + 180) % 360 - 180) > 0.5:
        turned.append(card_outline(c.x, c.y, facing, colour, fill_opacity=0.35, dash="none"))
    return join(
        turned
        + [
            svg.G(
                class_=["facing-handle"],
                elements=[
                    svg.Circle(
                        cx=scaled(c.x),
                        cy=scaled(c.y),
                        r=scaled(reach),
                        fill="none",
                        stroke=WHITE,
                        stroke_opacity=0.45,
                        stroke_width=3,
                        stroke_dasharray=[4, 8],
                    ),
                    line(c, h, WHITE, 5, stroke_linecap="round"),
                    svg.Circle(
                        cx=scaled(h.x),
                        cy=scaled(h.y),
                        r=scaled(HANDLE_RADIUS),
                        fill=WHITE,
                        fill_opacity=0.95,
                        stroke=colour,
                        stroke_width=6,
                        pointer_events="all",
                        data={"handle": "rotate", "player": player, "card": esc(card)},
                        extra={"cursor": "grab"},
                        elements=[svg.Title(text="Drag to turn")],
                    ),
                    svg.Circle(
                        cx=scaled(h.x), cy=scaled(h.y), r=5, fill=colour, pointer_events="none"
                    ),
                    *_handle_hit(c, facing, h, player, card),
                ],
            )
        ]
    )


def sight_elements(state: State, view: ViewModel) -> tuple[list[svg.Element], tuple[Box, ...]]:
    """The children of ``<g id="layer-sight">``: what changes with the state, the selection, the
    hovered card or a turning facing -- the Exposure view, LOS regions and the pending move --
    and the boxes its labels and marks cover (``live_elements`` keeps its labels off them)."""
    out: list[svg.Element] = []
    spots = board_spots(state, view)
    ground = len(spots.taken)
    if view.exposure is not None:
        out += exposure_elements(state, view.exposure, spots)
    out += los_elements(state, view)
    out += pending_move(state, view, spots)
    return out, tuple(spots.taken[ground:])


def live_elements(state: State, view: ViewModel, placed: tuple[Box, ...] = ()) -> list[svg.Element]:
    """The children of ``<g id="layer-live">``: what follows the pointer while aiming, tracing,
    placing or turning -- move preview, Brawler path, deployment ghost, facing handle -- and
    over them the chance labels on the cards. Its labels keep clear of ``placed``, what the
    sight group's labels and marks cover (``sight_elements``): the sight group is drawn first
    and kept while the pointer moves, so the live group gives way. The chance labels are
    placed before the previews' words, once the previews' halt markers have taken their room
    (``halt_marks``): no chance lies under a mark, and each stays by its card."""
    out: list[svg.Element] = []
    spots = board_spots(state, view)
    for box in (*placed, *halt_marks(state, view)):
        spots.take(box)
    chances = chance_labels(state, view, spots)
    if view.move_preview is not None:
        out += move_preview(state, view.move_preview, spots)
    if view.path_trace is not None:
        out += path_trace(state, view.path_trace, spots)
    if view.ghost is not None:
        out.append(_ghost(state, view.ghost, spots))
    out += _facing_handle(state, view)
    return out + chances  # over the sight's tints and the previews' lines
