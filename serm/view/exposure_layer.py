"""The Exposure view during deployment (R5, R22): the zone shaded by how many enemy Gunner poses
would see a card there, and the worst enemy Gunner pose for the cards placed so far, with its
sight lines to the cards it sees and the count ("the enemy Gunner could see 4 of your cards
from here"; once it stands on the table, its poses are its turns where it stands).
"""

from __future__ import annotations

from functools import lru_cache

import svg

from serm.core.geometry import Vec, card_polygon
from serm.core.los import sight_line
from serm.core.state import State

from .board import card_box
from .common import (
    BAD,
    GOOD,
    INK,
    SIDE,
    WHITE,
    Markup,
    card_outline,
    esc,
    find,
    pill,
    rounded,
    scaled,
)
from .labels import Spots
from .model import ExposureView


def words(ev: ExposureView) -> str:
    """The count in words, as the board's label and the panel say it. A Gunner standing on the
    table is spoken of as it may turn where it stands (its Move, R14) before it shoots."""
    k = len(ev.seen)
    if ev.standing:
        sees = "could not see" if ev.placed == 1 and not k else "could see"
        return f"Turning where it stands, the enemy Gunner {sees} {_of_yours(k, ev.placed)}"
    if ev.worst is None:
        return "The enemy Gunner could see none of your cards from anywhere"
    sees = "could not see" if ev.placed == 1 and not k else "could see"  # not "none of your 1"
    return f"The enemy Gunner {sees} {_of_yours(k, ev.placed)} from here"


def _stands_so(state: State, ev: ExposureView) -> bool:
    """True when the worst pose is the enemy Gunner's card as it stands now."""
    if not ev.standing:
        return False
    gunner = next((s for s in state.enemies(ev.player) if s.type.shoots_all_seen), None)
    return gunner is not None and ev.worst == (gunner.x, gunner.y, gunner.facing)


def _of_yours(k: int, placed: int) -> str:
    """``k`` of the ``placed`` cards in words, in agreement: "your card", "none of your 2 cards"."""
    if placed == 1:
        return "your card"
    return f"{k or 'none'} of your {placed} cards"


def exposure_elements(state: State, ev: ExposureView, spots: Spots) -> list[svg.Element]:
    """The shading (once complete), then the worst pose, its sight lines and its label."""
    out: list[svg.Element] = []
    if ev.shade_done:
        out.append(_shade(ev))
    if ev.worst is not None:
        out.append(_worst(state, ev, spots))
    return out


def _shade(ev: ExposureView) -> Markup:
    """The shading as markup, kept per shading: it stays the same while cards are placed."""
    return Markup(markup=shade_markup(ev.player, ev.shade, ev.spacing))


@lru_cache(maxsize=8)
def shade_markup(player: int, shade: tuple[tuple[float, float, float], ...], spacing: float) -> str:
    """A square per spot: clear green where no pose of the shading sees a card, red, deeper the
    more poses would (relative to the most seen spot)."""
    top = max((share for _, _, share in shade), default=0.0) or 1.0
    half = spacing / 2
    cells: list[svg.Element] = []
    for x, y, share in shade:
        colour, alpha = (GOOD, 0.45) if share <= 0 else (BAD, 0.12 + 0.5 * share / top)
        cells.append(
            svg.Rect(
                x=scaled(x - half),
                y=scaled(y - half),
                width=scaled(spacing),
                height=scaled(spacing),
                fill=colour,
                fill_opacity=rounded(alpha),
            )
        )
    return str(svg.G(class_=["exposure-shade"], data={"player": player}, elements=cells))


def _worst(state: State, ev: ExposureView, spots: Spots) -> svg.G:
    assert ev.worst is not None
    x, y, facing = ev.worst
    enemy = 3 - ev.player
    tall = tuple(t for t in state.scenario.terrain if t.tall)
    viewer = (Vec(x, y), facing, False)
    elements: list[svg.Element] = []
    for card in ev.seen:
        s = find(state, (ev.player, card))
        if s is None:
            continue
        seg = sight_line(viewer, card_polygon(s.pos, s.facing), tall)
        if seg is None:
            continue
        a, b = seg
        elements.append(
            svg.Line(
                x1=scaled(a.x),
                y1=scaled(a.y),
                x2=scaled(b.x),
                y2=scaled(b.y),
                stroke=BAD,
                stroke_width=4,
                stroke_dasharray=[10, 6],
                class_=["exposure-sight"],
                data={"card": esc(card)},
            )
        )
    own = card_box(x, y, facing)
    if not _stands_so(state, ev):  # a pose it could still take: the real card is not there
        colour = SIDE.get(enemy, INK)
        elements.append(card_outline(x, y, facing, colour, label="Gunner?", dash="6 5"))
        spots.take(own, mark=True)
    label = words(ev)
    ly = scaled(y) + (75 if y < state.scenario.height / 2 else -75)
    elements.append(pill(scaled(x), ly, label, 18, INK, WHITE, border=BAD, spots=spots, own=own))
    return svg.G(
        class_=["exposure-worst"],
        data={
            "x": rounded(x, 4),
            "y": rounded(y, 4),
            "facing": rounded(facing, 2),
            "seen": len(ev.seen),
            "cards": esc(" ".join(ev.seen)),
            "standing": int(ev.standing),
        },
        elements=elements,
    )
