"""Dice as HTML for the side panel (``dice_html``) and as a small SVG strip under the table.

A die is recorded as the chain of faces it rolled (R10): ``(6, 2)`` is a six re-rolled into a 2,
shown as "6→2".
"""

from __future__ import annotations

import svg

from .common import INK, MARGIN, SCALE, WHITE, esc, n, text, text_width

Faces = tuple[tuple[int, ...], ...]

ARROW = "\u2192"
SIX = "#ffe066"


def _face(f: object) -> str:
    return str(int(f)) if isinstance(f, int) else str(f)


def dice_html(label: str, faces: Faces) -> str:
    """One roll as escaped HTML: the label, each die (chained re-rolls joined by an arrow), total.

    Classes for styling: ``dice-roll``, ``dice-label``, ``die-chain``, ``die`` (``die six`` for a
    six that was re-rolled), ``reroll``, ``dice-total``.
    """
    chains = []
    spoken = []
    total = 0
    for chain in faces:
        parts = []
        for i, f in enumerate(chain):
            if i:
                parts.append(f'<span class="reroll" aria-hidden="true">{ARROW}</span>')
            six = " six" if i < len(chain) - 1 else ""
            parts.append(f'<span class="die{six}">{esc(_face(f))}</span>')
            total += int(f) if isinstance(f, int) else 0
        chains.append(f'<span class="die-chain">{"".join(parts)}</span>')
        spoken.append(" then ".join(_face(f) for f in chain))
    aria = esc(f"{label}: {', '.join(spoken)}; total {total}")
    return (
        f'<div class="dice-roll" role="group" aria-label="{aria}">'
        f'<span class="dice-label">{esc(label)}</span> '
        f"{' '.join(chains)} "
        f'<span class="dice-total">= {total}</span></div>'
    )


def dice_strip(
    rolls: tuple[tuple[str, Faces], ...], table_width: float, table_height: float
) -> list[svg.Element]:
    """The latest rolls as dice squares in the frame under the table (left to right)."""
    if not rolls:
        return []
    size = 0.3 * SCALE
    y = table_height * SCALE + MARGIN * SCALE / 2
    x = 0.0
    right = table_width * SCALE
    out: list[svg.Element] = []
    for label, faces in rolls:
        if x > right - 2 * size:
            break
        out.append(text(x, y, label, 18, WHITE, bold=True, anchor="start"))
        x += text_width(label, 18) + 10
        for chain in faces:
            for i, f in enumerate(chain):
                if i:
                    out.append(text(x + 8, y, ARROW, 18, WHITE))
                    x += 16
                re_rolled = i < len(chain) - 1
                out += [
                    svg.Rect(
                        x=n(x),
                        y=n(y - size / 2),
                        width=n(size),
                        height=n(size),
                        rx=5,
                        fill=SIX if re_rolled else WHITE,
                        stroke=INK,
                        stroke_width=2,
                    ),
                    text(x + size / 2, y, _face(f), 18, INK, bold=True),
                ]
                x += size + 2
            x += 8
        total = sum(int(f) for chain in faces for f in chain if isinstance(f, int))
        out.append(text(x, y, f"= {total}", 18, WHITE, bold=True, anchor="start"))
        x += text_width(f"= {total}", 18) + 30
    return [
        svg.G(
            class_=["dice-strip"],
            data={"role": "dice"},
            elements=out,
        )
    ]
