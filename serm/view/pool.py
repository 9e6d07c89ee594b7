"""A dice pool rolling on the board (R10), for ``serm.view.show``: the markup of one ROLL beat's
``g.pool`` near the roller's card, and the animations that roll each die into its face.

Each chain's dice sit in a row, a re-rolled six (``g.die.sixes``) followed by the die rolled
for it; then the total in words. A die is ``DIE`` units square with its face in ``FACE_SIZE``
type: 17 x 17 CSS px and 11 px digits when the default 11 L wide board fills a 360 px screen.
"""

from __future__ import annotations

import svg

from ..core.dice import rolled_on
from .beats import Beat
from .board import card_box
from .common import INK, SCALE, SELECT, SHADOW, WHITE, esc, rounded, scaled, text
from .labels import Spots
from .timing import Anim, Keyframe, Slot, tween

DIE = 56.0
"""A die's side, in scaled units."""
FACE_SIZE = 36.0
"""A die's face number, in scaled units."""
GAP = 10.0
SIX_FILL = "#ffe08a"
"""A re-rolled six's die: the gold the log marks re-rolled sixes with (``.die.six`` in
serm.css)."""
TOTAL_SIZE = 30.0
EDGE = 5.0
"""The widest stroke round a die (a re-rolled six's), counted once round the row's height."""
ABOVE = 100.0
"""How far above the roller's centre the dice row sits (below it near the table's top)."""


def _dice(b: Beat) -> list[tuple[int, bool, int]]:
    """(face, re-rolled six, place in its chain) of every die rolled, in order."""
    return [(f, again, k) for chain in rolled_on(b.faces) for k, (f, again) in enumerate(chain)]


def _origin(
    b: Beat, count: int, label: str, width: float, spots: Spots | None
) -> tuple[float, float]:
    """The left end and the centre line of the row: above the roller (below it near the
    table's top), kept on the table's width, or where the board's placement rule puts it
    next to the roller's card (``Spots.next_to``; ``spots``: clear of the cards as they
    stand, the names and the pools before it)."""
    x, y, facing = b.poses[0]
    row = count * (DIE + GAP) + len(label) * TOTAL_SIZE * 0.6
    if spots is not None:
        cx, cy = spots.next_to(card_box(x, y, facing), row, DIE + EDGE)
        return cx - row / 2, cy
    left = min(max(scaled(x) - row / 2, -SCALE * 0.4), width * SCALE + SCALE * 0.4 - row)
    cy = scaled(y) - ABOVE if y * SCALE - ABOVE - DIE / 2 > -SCALE * 0.4 else scaled(y) + ABOVE
    return left, cy


def _tumbles(face: int) -> tuple[int, int]:
    return (face + 2) % 6 + 1, (face + 4) % 6 + 1


def _die(i: int, face: int, six: bool, left: float) -> svg.G:
    def number(value: int, cls: str, opacity: float, k: int = 0) -> svg.Text:
        return svg.Text(
            x=0,
            y=0,
            class_=[cls],
            data={"n": k} if cls == "tumble" else None,
            text_anchor="middle",
            dominant_baseline="central",
            font_size=FACE_SIZE,
            font_weight="bold",
            fill=INK,
            opacity=opacity,
            text=str(value),
        )

    square = svg.Rect(
        x=rounded(-DIE / 2),
        y=rounded(-DIE / 2),
        width=DIE,
        height=DIE,
        rx=9,
        fill=SIX_FILL if six else WHITE,
        stroke=SELECT if six else INK,
        stroke_width=5 if six else 3,
    )
    a, b = _tumbles(face)
    spin = svg.G(
        class_=["spin"],
        elements=[
            square,
            number(a, "tumble", 0, 0),
            number(b, "tumble", 0, 1),
            number(face, "face", 1),
        ],
    )
    return svg.G(
        class_=["die", "sixes"] if six else ["die"],
        data={"index": i, "face": face},
        transform=[svg.Translate(rounded(left + i * (DIE + GAP) + DIE / 2), 0)],
        elements=[spin],
    )


def pool_markup(b: Beat, index: int, width: float, spots: Spots | None = None) -> str:
    """The ``g.pool[data-beat=index]`` of ROLL beat ``b``; ``width``: the table's, in L;
    ``spots``: the board's room as the cards stand at the roll (``_origin``)."""
    dice = _dice(b)
    label = b.words or str(b.total)
    left, cy = _origin(b, len(dice), label, width, spots)
    total = text(
        len(dice) * (DIE + GAP), 0, label, TOTAL_SIZE, WHITE, bold=True, anchor="start", halo=SHADOW
    )
    total.class_ = ["total"]
    row = [_die(i, f, six, 0) for i, (f, six, _) in enumerate(dice)]
    return str(
        svg.G(
            class_=["pool"],
            data={"beat": index, "purpose": esc(b.purpose)},
            transform=[svg.Translate(rounded(left), rounded(cy))],
            elements=[*row, total],
        )
    )


def _o(v: str) -> Keyframe:
    return (("opacity", v),)


def _lands(k: int) -> float:
    """When the ``k``-th die of a chain lands, as a fraction of the roll's beat: the first at
    0.55, each die rolled for a six after it, so a six visibly lands before its re-roll."""
    return round(1 - 0.45 * 0.5**k, 4)


def _held(frames: tuple[Keyframe, ...], at: float) -> tuple[Keyframe, ...]:
    """``frames`` kept at the first one until ``at`` (a fraction of the animation)."""
    if at <= 0:
        return frames
    first = frames[0]
    return ((*first, ("offset", "0")), (*first, ("offset", f"{at:g}")), *frames[1:])


def pool_anims(b: Beat, slot: Slot, fade: Slot | None, motion: bool) -> list[Anim]:
    """Each die tumbling into its face (the die rolled for a six only once the six has landed),
    then the total; the pool fades in ``fade`` (the shot's result, or the next beat)."""
    pool = f'#layer-show g.pool[data-beat="{slot.index}"]'
    out: list[Anim] = []
    for i, (_, _, k) in enumerate(_dice(b)):
        die = f'{pool} g.die[data-index="{i}"]'
        lands = Slot(slot.index, slot.start, round(slot.ms * _lands(k), 1))
        at = round(_lands(k - 1) / _lands(k), 3) if k else 0.0
        turns = tuple(
            (("opacity", o), ("transform", f"rotate({r}deg)"))
            for o, r in (("0", -200), ("1", -120), ("1", -40), ("1", 0))
        )
        out.append(tween(f"{die} g.spin", _held(turns, at), lands, motion))
        if motion:
            for sel, frames in (
                (f'{die} text.tumble[data-n="0"]', (_o("1"), _o("0"), _o("0"))),
                (f'{die} text.tumble[data-n="1"]', (_o("0"), _o("1"), _o("0"))),
                (f"{die} text.face", (_o("0"), _o("0"), _o("1"))),
            ):
                out.append(tween(sel, _held(frames, at), lands, motion))
    out.append(tween(f"{pool} text.total", (_o("0"), _o("0"), _o("1")), slot, motion))
    if fade is not None:
        out.append(tween(pool, (_o("1"), _o("0")), fade, motion))
    return out
