"""One soldier card as an SVG group: body, facing band and chevron, face text, highlights.

The card is drawn in its own frame (centre at 0,0; facing 0 puts the top edge at -y) and placed
with ``translate(x, y) rotate(facing)``. The shape (body, the band along the facing edge, the
chevron) turns with the card; its face text (side mark, name and the four stats) is turned back
by the facing so it reads from the bottom of the screen whatever way the card faces.

The stats are sized to read on a phone: a stat's number is ``STAT_SIZE`` units, 9.4 CSS px when
the default 11 L wide board is fitted to a 360 px screen (0.31 px a unit). Their letters are
smaller: on a board that small each card also carries a compact face (the first two letters of
its name and its four numbers, every glyph ``COMPACT_SIZE``), which the stylesheet shows in
place of the full face where ``serm.web.paint`` marks the board ``data-faces="compact"``
(``compact_faces``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import svg

from serm.core.state import Soldier

from .common import (
    CHOSEN,
    ELIGIBLE,
    HALF_L,
    HALF_W,
    INK,
    MUTED,
    REACTOR,
    SELECT,
    SIDE,
    SIDE_DASH,
    SIDE_LIGHT,
    TARGET,
    WHITE,
    Markup,
    card_rect,
    esc,
    facing_arrow,
    place,
    rounded,
)

BAND = 25.0
"""Height of the band along the top (facing) edge, in scaled units."""
STAT_SIZE = 30.0
"""Font size of a stat's number, in scaled units (its letter is ``LETTER_SIZE``)."""
LETTER_SIZE = 19.0
NAME_SIZE = 13.0
MIN_TEXT_PX = 9.0
"""The smallest stat letter a card shows, in CSS px: on a board too small for its letters to be
this large, the compact face replaces the full one (``compact_faces``)."""
COMPACT_SIZE = 31.0
"""Font size of every glyph of the compact face, in scaled units: 9.6 CSS px on the default
table fitted to a 360 px screen."""
MARK = {1: "\u25cf", 2: "\u25c6"}
"""The side's mark before a card's name: player 1 a disc, player 2 a diamond (shape, not colour
alone)."""

ROLES = ("target", "reactor", "eligible", "chosen")

# No inline style: the page's Content-Security-Policy allows no style attributes, and the card's
# shapes set their own fill and stroke, so the stylesheet's side classes change nothing here.


def card_title(s: Soldier) -> str:
    t = s.type
    return (
        f"Player {s.player} {t.title} \u2014 Shoot {t.shoot}, Endure {t.endure}, "
        f"React {t.react}, Move {t.move}"
    )


def _band(fill: str) -> svg.Path:
    """The title band: the top of the card with its rounded corners."""
    x0, x1, top, r = -HALF_W, HALF_W, -HALF_L, 7.0
    bottom = top + BAND
    return svg.Path(
        d=[
            svg.M(rounded(x0), rounded(bottom)),
            svg.V(rounded(top + r)),
            svg.Arc(r, r, 0, False, True, rounded(x0 + r), rounded(top)),
            svg.H(rounded(x1 - r)),
            svg.Arc(r, r, 0, False, True, rounded(x1), rounded(top + r)),
            svg.V(rounded(bottom)),
            svg.Z(),
        ],
        fill=fill,
    )


def _stat(letter: str, value: int, x: float, y: float) -> svg.Text:
    """One stat: its letter, small, then its number, large; centred on (x, y)."""
    return _centred(
        x,
        y,
        INK if value else MUTED,
        class_=["stat"],
        elements=[
            svg.TSpan(text=letter, font_size=LETTER_SIZE),
            svg.TSpan(text=str(value), font_size=STAT_SIZE),
        ],
    )


def _centred(x: float, y: float, fill: str, **more: Any) -> svg.Text:
    """Bold text centred on (x, y), as every line of a card's face is."""
    return svg.Text(
        x=rounded(x),
        y=rounded(y),
        text_anchor="middle",
        dominant_baseline="central",
        font_weight="bold",
        fill=fill,
        **more,
    )


def _face(s: Soldier) -> svg.G:
    """The card's text, upright for the person looking: side mark and name, then the stats."""
    t = s.type
    name = svg.Text(
        x=0,
        y=-30,
        text_anchor="middle",
        dominant_baseline="central",
        font_weight="bold",
        font_size=NAME_SIZE,
        fill=INK,
        class_=["name"],
        elements=[
            svg.TSpan(text=MARK.get(s.player, ""), fill=SIDE.get(s.player, INK)),
            svg.TSpan(text=" " + esc(t.title)),
        ],
    )
    cells = (("S", t.shoot, -18, -3), ("E", t.endure, 18, -3), ("R", t.react, -18, 25))
    stats = [_stat(k, v, x, y) for k, v, x, y in (*cells, ("M", t.move, 18, 25))]
    light = SIDE_LIGHT.get(s.player, WHITE)
    for t_ in (name, *stats):  # a halo of the card's colour: readable over the band too
        t_.stroke, t_.stroke_width, t_.stroke_linejoin, t_.paint_order = light, 4, "round", "stroke"
    return svg.G(
        class_=["face"],
        transform=[svg.Rotate(rounded(-s.facing))] if rounded(s.facing) else None,
        elements=[name, *stats],
    )


def compact_faces(unit: float) -> bool:
    """True when a board drawn at ``unit`` user units per CSS px shows the compact faces: the
    full face's stat letters would be under ``MIN_TEXT_PX``."""
    return LETTER_SIZE / unit < MIN_TEXT_PX


def short_name(title: str) -> str:
    """A card type's name in the compact face: its first two letters (Ra, Gu, Ar, As, Br)."""
    return title[:2]


def _compact_face(s: Soldier) -> svg.G:
    """The card's text for a small board, upright for the person looking: the first two
    letters of its name, then its four numbers where the full face has them (Shoot and Endure,
    then React and Move), with no letters; the card's details spell them out."""
    t = s.type

    def text(value: str, x: float, y: float, fill: str) -> svg.Text:
        return _centred(x, y, fill, font_size=COMPACT_SIZE, text=value)

    cells = ((t.shoot, -17, 3), (t.endure, 17, 3), (t.react, -17, 31), (t.move, 17, 31))
    texts = [text(esc(short_name(t.title)), 0, -26, INK)]
    texts += [text(str(v), x, y, INK if v else MUTED) for v, x, y in cells]
    light = SIDE_LIGHT.get(s.player, WHITE)
    for t_ in texts:  # the same halo as the full face's
        t_.stroke, t_.stroke_width, t_.stroke_linejoin, t_.paint_order = light, 4, "round", "stroke"
    return svg.G(
        class_=["face-compact"],
        transform=[svg.Rotate(rounded(-s.facing))] if rounded(s.facing) else None,
        elements=list[svg.Element](texts),
    )


def _highlight(role: str, player: int) -> svg.Element | None:
    if role == "eligible":
        return svg.G(
            elements=[
                card_rect(12, fill="none", stroke=INK, stroke_width=1.5, stroke_opacity=0.6),
                card_rect(6, fill="none", stroke=ELIGIBLE, stroke_width=11, stroke_opacity=0.8),
            ]
        )
    if role == "target":
        return card_rect(
            9,
            fill="none",
            stroke=TARGET,
            stroke_width=5,
            stroke_dasharray=[14, 6],
        )
    if role == "reactor":
        return card_rect(
            9,
            fill="none",
            stroke=REACTOR,
            stroke_width=5,
            stroke_dasharray=[4, 5],
        )
    if role == "chosen":
        return card_rect(9, fill="none", stroke=CHOSEN, stroke_width=7)
    return None


@lru_cache(maxsize=256)
def card_text(s: Soldier, selected: bool = False, role: str | None = None) -> str:
    """``card_group``'s markup, kept per (soldier, selected, role): most cards do not change
    between two redraws."""
    return str(card_group(s, selected=selected, role=role))


def card_markup(s: Soldier, *, selected: bool = False, role: str | None = None) -> Markup:
    """``card_text`` in a tree."""
    return Markup(markup=card_text(s, selected, role))


@lru_cache(maxsize=256)
def halo_text(s: Soldier) -> str:
    """The light halo round a soldier that may be chosen (role "eligible"), in its own group
    placed as the card is: the board draws every halo under every card (``halos_markup``), so
    a halo never covers the edge of a card beside it. A press on it is a press on its card
    (it carries the card's ``data-player`` and ``data-card``)."""
    hl = _highlight("eligible", s.player)
    assert hl is not None
    return str(
        svg.G(
            class_=["halo"],
            transform=place(s.x, s.y, s.facing),
            data={"player": s.player, "card": esc(s.card)},
            elements=[hl],
        )
    )


def halos_markup(soldiers: list[Soldier]) -> str:
    """The ``<g class="halos">`` of the halos of ``soldiers`` (``halo_text``), drawn before
    every card; there, empty, when none may be chosen, so a redraw finds it."""
    return f'<g class="halos">{"".join(halo_text(s) for s in soldiers)}</g>'


def card_group(s: Soldier, *, selected: bool = False, role: str | None = None) -> svg.G:
    """The ``<g class="card pN ...">`` of a soldier on the table (an eligible one's halo is
    drawn apart, under every card: ``halo_text``)."""
    p = s.player
    colour, light = SIDE.get(p, INK), SIDE_LIGHT.get(p, WHITE)
    classes = ["card", f"p{p}"]
    if selected:
        classes.append("selected")
    if role in ROLES:
        classes.append(f"hl-{role}")
    elements: list[svg.Element] = [svg.Title(text=esc(card_title(s)))]
    elements += [
        card_rect(
            class_=["body"],
            fill=light,
            stroke=colour,
            stroke_width=4,
            stroke_dasharray=SIDE_DASH.get(p, "none"),
        ),
        _band(colour),
        facing_arrow(colour),
        _face(s),
        _compact_face(s),
    ]
    if role is not None and role != "eligible":
        hl = _highlight(role, p)
        if hl is not None:
            elements.append(hl)
    if selected:
        elements.append(card_rect(4, fill="none", stroke=SELECT, stroke_width=7))
    return svg.G(
        class_=classes,
        transform=place(s.x, s.y, s.facing),
        data={
            "player": p,
            "card": esc(s.card),
            "x": rounded(s.x, 4),
            "y": rounded(s.y, 4),
            "facing": rounded(s.facing, 2),
        },
        elements=elements,
    )
