"""One soldier card as an SVG group: body, title, stats, facing chevron, side badge, highlights.

The card is drawn in its own frame (centre at 0,0; facing 0 puts the top edge at -y) and placed
with ``translate(x, y) rotate(facing)``. Text rotates with the card but is turned half a turn when
the card faces down the screen, so it is never upside down.
"""

from __future__ import annotations

from functools import lru_cache

import svg

from serm.core.state import Soldier

from .common import (
    CARD_W,
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
    n,
    place,
    text,
)

BAND = 25.0
"""Height of the title band along the top (facing) edge, in scaled units."""

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
            svg.M(n(x0), n(bottom)),
            svg.V(n(top + r)),
            svg.Arc(r, r, 0, False, True, n(x0 + r), n(top)),
            svg.H(n(x1 - r)),
            svg.Arc(r, r, 0, False, True, n(x1), n(top + r)),
            svg.V(n(bottom)),
            svg.Z(),
        ],
        fill=fill,
    )


def _badge(player: int) -> list[svg.Element]:
    """Player 1: "1" in a circle; player 2: "2" in a diamond (shape, not colour alone)."""
    cy = 34.0
    colour = SIDE.get(player, INK)
    shape: svg.Element
    if player == 1:
        shape = svg.Circle(cx=0, cy=n(cy), r=11, fill=colour, stroke=WHITE, stroke_width=2)
    else:
        shape = svg.Polygon(
            points=[
                svg.Point(0, n(cy - 14)),
                svg.Point(14, n(cy)),
                svg.Point(0, n(cy + 14)),
                svg.Point(-14, n(cy)),
            ],
            fill=colour,
            stroke=WHITE,
            stroke_width=2,
            stroke_linejoin="round",
        )
    return [
        svg.G(class_=["badge"], elements=[shape, text(0, cy, str(player), 14, WHITE, bold=True)])
    ]


def _stats(s: Soldier) -> list[svg.Element]:
    t = s.type
    cells = (
        ("S", t.shoot, -16, -4),
        ("E", t.endure, 16, -4),
        ("R", t.react, -16, 15),
        ("M", t.move, 16, 15),
    )
    return [text(x, y, f"{k}{v}", 15, INK if v else MUTED, bold=True) for k, v, x, y in cells]


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
def _card_text(s: Soldier, selected: bool, role: str | None) -> str:
    return str(card_group(s, selected=selected, role=role))


def card_markup(s: Soldier, *, selected: bool = False, role: str | None = None) -> Markup:
    """``card_group``'s markup, kept per (soldier, selected, role): most cards do not change
    between two redraws."""
    return Markup(markup=_card_text(s, selected, role))


def card_group(s: Soldier, *, selected: bool = False, role: str | None = None) -> svg.G:
    """The ``<g class="card pN ...">`` of a soldier on the table."""
    p = s.player
    colour, light = SIDE.get(p, INK), SIDE_LIGHT.get(p, WHITE)
    classes = ["card", f"p{p}"]
    if selected:
        classes.append("selected")
    if role in ROLES:
        classes.append(f"hl-{role}")
    flip = 90.0 < s.facing % 360.0 < 270.0
    body_mid = (-HALF_L + BAND + HALF_L) / 2
    elements: list[svg.Element] = [svg.Title(text=esc(card_title(s)))]
    if role == "eligible":
        hl = _highlight(role, p)
        assert hl is not None
        elements.append(hl)
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
        text(
            0,
            -HALF_L + BAND / 2 + 0.5,
            s.type.title,
            min(16.0, (CARD_W - 8) / max(1, len(s.type.title)) / 0.6),
            WHITE,
            bold=True,
            transform=[svg.Rotate(180, 0, n(-HALF_L + BAND / 2 + 0.5))] if flip else None,
        ),
        svg.G(
            transform=[svg.Rotate(180, 0, n(body_mid))] if flip else None,
            elements=_stats(s) + _badge(p),
        ),
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
            "x": n(s.x, 4),
            "y": n(s.y, 4),
            "facing": n(s.facing, 2),
        },
        elements=elements,
    )
