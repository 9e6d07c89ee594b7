"""The pure view: (State, ViewModel) -> SVG markup, built with svg.py.

``render`` gives the whole ``<svg id="board-svg">``. Its overlay holds two groups, so that a pointer
move repaints only what follows the pointer: ``<g id="layer-sight">`` (LOS regions, pending move)
and ``<g id="layer-live">`` (previews, ghost, handle) above it. ``overlay_parts`` gives the inner
markup of both; the browser replaces a group's markup only when it changed.

Coordinates: one card length is ``SCALE`` user units and the table's top-left corner is (0, 0),
so a pointer at user (u, v) is at table (u / SCALE, v / SCALE) L. The viewBox adds a ``MARGIN`` L
frame on every side. svg.py does not escape anything: every string passes ``common.esc``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple

import svg

from serm.core.state import State, Status

from . import frame
from .board import HATCH_ID, BoardParts, board_elements, card_parts
from .common import (
    FONT,
    MARGIN,
    SCALE,
    TALL_HATCH,
    WHITE,
    Markup,
    counted,
    esc,
    join,
    rounded,
    scaled,
)
from .labels import Box
from .model import ViewModel, Viewport
from .moves import ARROW_ID
from .overlay import live_elements, sight_elements

TABLE_CLIP_ID = "table-clip"

__all__ = [
    "MARGIN",
    "SCALE",
    "BoardParts",
    "card_parts",
    "describe",
    "OverlayParts",
    "board_layer",
    "defs",
    "overlay_layer",
    "overlay_parts",
    "live_markup",
    "sight_inputs",
    "sight_markup",
    "sight_part",
    "render",
    "view_box",
]


def board_layer(state: State, view: ViewModel, parts: BoardParts | None = None) -> str:
    """Inner markup of ``<g id="layer-board">``: table, zones, terrain, cards, chance labels
    (``parts``: ``card_parts(state, view)`` when the caller has it already)."""
    return join(board_elements(state, view, parts))


class OverlayParts(NamedTuple):
    """Inner markup of ``<g id="layer-sight">`` and of ``<g id="layer-live">``, and the boxes
    the sight group's labels and marks cover (the live group's labels keep off them)."""

    sight: str
    live: str
    placed: tuple[Box, ...] = ()


def sight_inputs(view: ViewModel) -> ViewModel:
    """The part of ``view`` that the sight group depends on (everything but the previews that
    follow the pointer): equal inputs with the same state give equal ``sight_markup``."""
    return replace(view, move_preview=None, path_trace=None, ghost=None)


def sight_part(state: State, view: ViewModel) -> tuple[str, tuple[Box, ...]]:
    """Inner markup of ``<g id="layer-sight">`` and the boxes its labels and marks cover."""
    elements, placed = sight_elements(state, view)
    return join(elements), placed


def sight_markup(state: State, view: ViewModel) -> str:
    """Inner markup of ``<g id="layer-sight">``."""
    return sight_part(state, view)[0]


def live_markup(state: State, view: ViewModel, placed: tuple[Box, ...] = ()) -> str:
    """Inner markup of ``<g id="layer-live">``, its labels clear of ``placed`` (what the sight
    group's labels cover, ``sight_part``)."""
    return join(live_elements(state, view, placed))


def overlay_parts(state: State, view: ViewModel) -> OverlayParts:
    """The overlay's two groups as markup (what a pointer move redraws)."""
    sight, placed = sight_part(state, view)
    return OverlayParts(sight, live_markup(state, view, placed), placed)


def overlay_layer(state: State, view: ViewModel) -> str:
    """The overlay's content, sight then live, without the two wrapping groups."""
    parts = overlay_parts(state, view)
    return parts.sight + parts.live


def defs(state: State) -> svg.Defs:
    """Shared definitions: the tall-terrain hatching, the table clip path, the arrow marker."""
    sc_ = state.scenario
    return svg.Defs(
        elements=[
            svg.Pattern(
                id=HATCH_ID,
                patternUnits="userSpaceOnUse",
                width=18,
                height=18,
                patternTransform=[svg.Rotate(45)],
                elements=[svg.Line(x1=0, y1=0, x2=0, y2=18, stroke=TALL_HATCH, stroke_width=7)],
            ),
            svg.ClipPath(
                id=TABLE_CLIP_ID,
                elements=[svg.Rect(x=0, y=0, width=scaled(sc_.width), height=scaled(sc_.height))],
            ),
            svg.Marker(
                id=ARROW_ID,
                viewBox=svg.ViewBoxSpec(0, 0, 10, 10),
                refX=5,
                refY=5,
                markerWidth=4,
                markerHeight=4,
                orient="auto-start-reverse",
                elements=[
                    svg.Path(d=[svg.M(0, 0), svg.L(10, 5), svg.L(0, 10), svg.Z()], fill=WHITE)
                ],
            ),
        ]
    )


def describe(state: State) -> str:
    """A one-line description of the board for screen readers (the root's aria-label)."""
    sc_ = state.scenario
    counts = [sum(1 for s in state.on_table() if s.player == p) for p in (1, 2)]
    words = (
        f"S.E.R.M. table, scenario {sc_.name}, "
        f"{rounded(sc_.width)} by {rounded(sc_.height)} card lengths: "
        f"player 1 has {counted(counts[0], 'soldier')} on the table, player 2 has {counts[1]}."
    )
    if state.status == Status.FINISHED:
        words += f" Player {state.winner} has won." if state.winner else " The game is a draw."
    return words


def view_box(state: State, viewport: Viewport) -> svg.ViewBoxSpec:
    """The part of the table (in user units) that ``viewport`` shows."""
    x, y, w, h = frame.box(state.scenario, viewport)
    return svg.ViewBoxSpec(
        rounded(x * SCALE), rounded(y * SCALE), rounded(w * SCALE), rounded(h * SCALE)
    )


def render(
    state: State,
    view: ViewModel,
    overlay: OverlayParts | None = None,
    board: BoardParts | None = None,
    still: str = "",
) -> str:
    """The whole ``<svg id="board-svg">`` element for ``state`` as seen through ``view``.

    ``overlay``: ``overlay_parts(state, view)``, ``board``: ``card_parts(state, view)``, when the
    caller has them already (the browser keeps them to compare the next paint's parts with).
    ``still``: markup drawn still in ``#layer-show`` (a lesson's trail of what its choice did,
    ``serm.view.show.trail``); a game's shows fill that layer from the page instead.
    """
    parts = overlay if overlay is not None else overlay_parts(state, view)
    label = esc(describe(state))
    root = svg.SVG(
        id="board-svg",
        viewBox=view_box(state, view.viewport),
        preserveAspectRatio=svg.PreserveAspectRatio("xMidYMid", "meet"),
        extra={"role": "img", "aria-label": label, "font-family": esc(FONT)},
        elements=[
            svg.Title(text=label),
            defs(state),
            svg.G(id="layer-board", elements=board_elements(state, view, board)),
            svg.G(
                id="layer-overlay",
                pointer_events="none",
                elements=[
                    svg.G(id="layer-sight", elements=[Markup(markup=parts.sight)]),
                    svg.G(id="layer-live", elements=[Markup(markup=parts.live)]),
                ],
            ),
            svg.G(
                id="layer-show",
                pointer_events="none",
                elements=[Markup(markup=still)] if still else None,
            ),
        ],
    )
    return str(root)
