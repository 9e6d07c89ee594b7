"""Shared pieces of the SVG view: scale, palette, escaping, number formatting, small shapes.

Every string that reaches the markup goes through ``esc`` (svg.py inserts text and attribute
values as they are). Coordinates are in scaled units: ``SCALE`` user units per card length.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import svg

from serm.core.geometry import CARD_WIDTH, Vec
from serm.core.state import Soldier, State

from .escape import escape
from .labels import Box, Spots, box_at

HANDLE_DISTANCE = 1.25
"""How far (L) beyond the card centre the rotation handle sits: 0.75 L clear of the card's
edge (23 CSS px on a fitted 360 px board), so its hit disc (22 CSS px round it) leaves the
card free."""
HANDLE_RADIUS = 0.18

SCALE = 100
"""SVG user units per card length (L): the table's (x, y) in L is (x * SCALE, y * SCALE)."""

MARGIN = 0.5
"""Frame around the table, in L, on every side (room for handles, labels and the dice strip)."""

CARD_L = float(SCALE)
CARD_W = CARD_WIDTH * SCALE
HALF_L = CARD_L / 2
HALF_W = CARD_W / 2

FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"

# Palette. Sides: blue / orange (never the only cue: borders and badges differ too).
SIDE = {1: "#1f5fbf", 2: "#c8580a"}
SIDE_LIGHT = {1: "#dbe6f7", 2: "#f9e3d3"}
SIDE_DASH: dict[int, str] = {1: "none", 2: "9 5"}
FRAME = "#232a26"
TABLE = "#4b5a50"
TABLE_EDGE = "#1b211d"
ZONE = "#dcc894"
ZONE_TEXT = "#4a3b17"
TALL = "#5f584e"
TALL_EDGE = "#2e2a24"
TALL_HATCH = "#3f3a33"
LOW = "#bdb29b"
LOW_EDGE = "#7c7261"
INK = "#1c1c1c"
MUTED = "#8a8a8a"
WHITE = "#ffffff"
SELECT = "#ffbf00"
TARGET = "#e03131"
REACTOR = "#da77f2"
CHOSEN = "#12b886"
ELIGIBLE = "#fffdf2"
GOOD = "#37b24d"
BAD = "#e03131"
SEEN = "#b35c00"
"""A card being placed where it may go but the enemy zone sees it (a warning, not a refusal)."""
REACH = "#ffd43b"
SHADOW = "#0b0d0c"


def esc(s: object) -> str:
    """``s`` as text safe inside SVG/HTML element content and quoted attribute values."""
    return escape(s)


def counted(n: int, noun: str, plural: str = "") -> str:
    """``n`` and ``noun`` in agreement: "1 card", "2 cards" (``plural`` when not noun + "s")."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def rounded(v: float, digits: int = 2) -> float | int:
    """``v`` rounded to ``digits`` decimals, as an int when whole (keeps the markup short)."""
    r = round(v, digits)
    i = int(r)
    return i if r == i else r


def scaled(v: float) -> float | int:
    """A length in L as rounded scaled units."""
    return rounded(v * SCALE)


def pts(points: tuple[Vec, ...] | list[Vec]) -> list[svg.Point]:
    """Table points (L) as scaled, rounded svg points."""
    return [svg.Point(rounded(p.x * SCALE), rounded(p.y * SCALE)) for p in points]


def text(
    x: float,
    y: float,
    s: str,
    size: float,
    fill: str,
    *,
    bold: bool = False,
    anchor: str = "middle",
    halo: str | None = None,
    transform: list[svg.Transform] | None = None,
) -> svg.Text:
    """A text element centred vertically on (x, y) in scaled units; ``s`` is escaped here."""
    return svg.Text(
        x=rounded(x),
        y=rounded(y),
        text=esc(s),
        font_size=size,
        font_weight="bold" if bold else None,
        text_anchor=anchor,  # type: ignore[arg-type]
        dominant_baseline="central",
        fill=fill,
        stroke=halo or "none",
        stroke_width=max(2.0, size / 5) if halo else None,
        stroke_linejoin="round" if halo else None,
        paint_order="stroke" if halo else None,
        transform=transform,
    )


def text_width(s: str, size: float, bold: bool = True) -> float:
    """A rough width estimate of ``s`` at font ``size`` (no font metrics in pure Python)."""
    return len(s) * size * (0.64 if bold else 0.56)


def board_box(state: State) -> Box:
    """The board as drawn at fit (scaled units): the table and its ``MARGIN`` all round."""
    m = MARGIN * SCALE
    return (-m, -m, state.scenario.width * SCALE + m, state.scenario.height * SCALE + m)


def pill(
    x: float,
    y: float,
    s: str,
    size: float,
    bg: str,
    fg: str,
    *,
    border: str | None = None,
    spots: Spots | None = None,
    own: Box | None = None,
) -> svg.G:
    """A rounded label centred on (x, y) in scaled units, or where the board's placement rule
    puts it (``spots``: inside the board, clear of cards, the handle and other labels; words
    too long for a line there go on two at their " · " or spaces, and so do words that find
    no clear spot on one line but do broken at each " · "); the label of the card whose box is
    ``own`` lies no nearer another card or label than it (``Spots.find``)."""
    lines = [s]
    if spots is not None:
        lines, (x, y) = _fitted(x, y, s, size, spots, own)
    w, h = pill_size(lines, size)
    top = y - h / 2
    return svg.G(
        elements=[
            svg.Rect(
                x=rounded(x - w / 2),
                y=rounded(y - h / 2),
                width=rounded(w),
                height=rounded(h),
                rx=rounded(size * 0.8),
                fill=bg,
                stroke=border or "none",
                stroke_width=2 if border else None,
            ),
            *(
                text(x, top + size * (0.8 + 1.2 * i), line, size, fg, bold=True)
                for i, line in enumerate(lines)
            ),
        ]
    )


def pill_size(lines: list[str], size: float) -> tuple[float, float]:
    """The width and height (scaled units) of a pill holding ``lines`` in ``size`` type."""
    return max(text_width(line, size) for line in lines) + size, size * (0.4 + 1.2 * len(lines))


def _fitted(
    x: float, y: float, s: str, size: float, spots: Spots, own: Box | None = None
) -> tuple[list[str], tuple[float, float]]:
    """The lines of a pill of words ``s`` wanted at (x, y) and where it goes (its box taken):
    on lines no wider than ``LINE_SHARE`` of the board, or, where no clear spot is found for
    them, on a line for each part between " · " when a clear spot is found for those. A clear
    spot no nearer another card or label than ``own`` is taken first; then such a spot covering
    only names (``Spots.lenient``); then any clear spot (covering a card would hide more)."""
    lines = wrapped(s, size, LINE_SHARE * _width(spots.board))
    w, h = pill_size(lines, size)
    parts = s.split(" · ")
    broken = wrapped(s, size, max(text_width(part, size) for part in parts))
    shapes = [(lines, w, h)]
    if len(parts) > len(lines):
        shapes.append((broken, *pill_size(broken, size)))
    tries = [(spots.find, own), (spots.lenient, own), (spots.find, None)]
    for way, mine in tries:
        for shape, sw, sh in shapes:
            spot = way(x, y, sw, sh, mine)
            if spot is not None:
                spots.take(box_at(spot[0], spot[1], sw, sh), mark=True)
                return shape, spot
    spot = spots.least(x, y, w, h)
    spots.take(box_at(spot[0], spot[1], w, h), mark=True)
    return lines, spot


def word_label(
    x: float, y: float, s: str, size: float, fill: str, *, spots: Spots | None = None
) -> svg.Text:
    """Bold words with a dark halo centred on (x, y) in scaled units, or where the board's
    placement rule puts them (``spots``)."""
    if spots is not None:
        halo = max(2.0, size / 5)  # the halo's stroke, as ``text`` draws it
        x, y = spots.place(x, y, text_width(s, size) + halo, size * 1.2 + halo)
    return text(x, y, s, size, fill, bold=True, halo=INK)


LINE_SHARE = 0.6
"""The widest a label's line may be, as a share of the board's width: longer words wrap."""


def _width(box: Box) -> float:
    return box[2] - box[0]


def wrapped(s: str, size: float, width: float) -> list[str]:
    """``s`` in lines no wider than ``width`` (estimated), broken at " · " where it can be,
    else between words; a single word too long stays whole."""
    if text_width(s, size) <= width:
        return [s]

    def words(part: str) -> list[str]:
        return _joined(part.split(" "), " ", size, width, lambda word: [word])

    return _joined(s.split(" · "), " · ", size, width, words)


def _joined(
    parts: list[str], sep: str, size: float, width: float, broken: Callable[[str], list[str]]
) -> list[str]:
    """``parts`` joined by ``sep`` into lines no wider than ``width``: a part that does not fit
    on the line before starts the next, in the lines ``broken`` makes of it."""
    lines: list[str] = []
    for part in parts:
        joined = f"{lines[-1]}{sep}{part}" if lines else part
        if lines and text_width(joined, size) <= width:
            lines[-1] = joined
        else:
            lines += broken(part)
    return lines


def card_rect(inflate: float = 0.0, **kw: object) -> svg.Rect:
    """The card's outline in its own frame (centre at 0,0, top edge at -y), grown by ``inflate``."""
    return svg.Rect(
        x=rounded(-HALF_W - inflate),
        y=rounded(-HALF_L - inflate),
        width=rounded(CARD_W + 2 * inflate),
        height=rounded(CARD_L + 2 * inflate),
        rx=rounded(7 + inflate),
        **kw,  # type: ignore[arg-type]
    )


def facing_arrow(fill: str, stroke: str = WHITE) -> svg.Polygon:
    """The chevron on the card's top edge pointing along its facing (card frame)."""
    top = -HALF_L
    return svg.Polygon(
        points=[
            svg.Point(-15, rounded(top + 1)),
            svg.Point(0, rounded(top - 17)),
            svg.Point(15, rounded(top + 1)),
            svg.Point(0, rounded(top - 5)),
        ],
        fill=fill,
        stroke=stroke,
        stroke_width=2,
        stroke_linejoin="round",
    )


def place(x: float, y: float, facing: float) -> list[svg.Transform]:
    """The transform putting a card frame at table position (x, y) L with ``facing``."""
    return [svg.Translate(scaled(x), scaled(y)), svg.Rotate(rounded(facing))]


def card_outline(
    x: float,
    y: float,
    facing: float,
    colour: str,
    *,
    label: str | None = None,
    fill_opacity: float = 0.18,
    dash: str = "10 6",
) -> svg.G:
    """A faint card silhouette (previews: ghost, halt point, stop point) with its facing arrow."""
    elements: list[svg.Element] = [
        card_rect(
            fill=colour,
            fill_opacity=fill_opacity,
            stroke=colour,
            stroke_width=4,
            stroke_dasharray=dash,
        ),
        facing_arrow(colour),
    ]
    if label:
        flip = 90.0 < facing % 360.0 < 270.0
        elements.append(
            text(
                0,
                0,
                label,
                17,
                WHITE,
                bold=True,
                halo=INK,
                transform=[svg.Rotate(180, 0, 0)] if flip else None,
            )
        )
    return svg.G(transform=place(x, y, facing), elements=elements)


def screen_extent(facing: float) -> tuple[float, float]:
    """Half width and half height (scaled units) of a card's screen bounding box at ``facing``."""
    rad = math.radians(facing)
    c, s = abs(math.cos(rad)), abs(math.sin(rad))
    return HALF_W * c + HALF_L * s, HALF_L * c + HALF_W * s


def join(elements: list[svg.Element]) -> str:
    return "".join(str(e) for e in elements)


@dataclass
class Markup(svg.Element):
    """Markup already serialized (and escaped) by this view, inserted as it is.

    svg.py serializes every element anew on each ``str()``, which is most of a redraw's cost in
    the page; the view keeps the text of subtrees that did not change (the ground, each card in
    a given state) and puts it back into the tree with this.
    """

    markup: str = ""

    def __str__(self) -> str:
        return self.markup


def find(state: State, key: tuple[int, str]) -> Soldier | None:
    """The soldier ``key`` = (player, card), or None when there is no such soldier."""
    for s in state.soldiers:
        if s.player == key[0] and s.card == key[1]:
            return s
    return None
