"""One roll of dice as escaped HTML (``dice_html``).

A die is recorded as the chain of faces it rolled (R10): ``(6, 2)`` is a six re-rolled into a 2,
shown as "6→2".
"""

from __future__ import annotations

from .common import esc

Faces = tuple[tuple[int, ...], ...]

ARROW = "\u2192"


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
