"""A small drawing of a table for the start screen's table picker (R2, R3): the table, both
deployment zones and the terrain, tall pieces dark, low ones light. Pure: scenario in, SVG
markup out; every string in it is escaped here.
"""

from __future__ import annotations

import svg

from serm.core.scenario import Scenario

from .common import (
    LOW,
    LOW_EDGE,
    SCALE,
    SIDE,
    TABLE,
    TABLE_EDGE,
    TALL,
    TALL_EDGE,
    ZONE,
    esc,
    pts,
    rounded,
)


def table_thumbnail(scenario: Scenario, size: int = 96, title: str | None = None) -> str:
    """``<svg>`` markup, ``size`` px on its longer side, of the table ``scenario`` seen from
    player 1's side (zone 1 at the bottom). ``title`` (default: the scenario's name) becomes the
    drawing's accessible name."""
    w, h = rounded(scenario.width * SCALE), rounded(scenario.height * SCALE)
    longer = max(w, h)
    label = esc(title if title is not None else scenario.name)
    elements: list[svg.Element] = [
        svg.Title(text=label),
        svg.Rect(x=0, y=0, width=w, height=h, fill=TABLE, stroke=TABLE_EDGE, stroke_width=8),
    ]
    for player in (1, 2):
        z = scenario.zone(player)
        elements.append(
            svg.Rect(
                x=rounded(z.x0 * SCALE),
                y=rounded(z.y0 * SCALE),
                width=rounded((z.x1 - z.x0) * SCALE),
                height=rounded((z.y1 - z.y0) * SCALE),
                fill=ZONE,
                fill_opacity=0.55,
                stroke=SIDE[player],
                stroke_width=10,
            )
        )
    for t in scenario.terrain:
        elements.append(
            svg.Polygon(
                points=pts(t.points),
                fill=TALL if t.tall else LOW,
                stroke=TALL_EDGE if t.tall else LOW_EDGE,
                stroke_width=6,
                stroke_linejoin="round",
            )
        )
    drawing = svg.SVG(
        width=round(size * w / longer),
        height=round(size * h / longer),
        viewBox=svg.ViewBoxSpec(0, 0, w, h),
        class_=["table-thumbnail"],
        extra={"role": "img", "aria-label": label},
        data={"table": esc(scenario.name)},
        elements=elements,
    )
    return str(drawing)
