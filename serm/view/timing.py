"""Web Animations as data, for the shows of ``serm.view.show``: one ``Anim`` per element and
property, the time slot of each beat, and the two shapes every beat's animation takes (a tween
from one value to another through any between, and a pop in then out)."""

from __future__ import annotations

from dataclasses import dataclass, replace

Keyframe = tuple[tuple[str, str], ...]
"""One keyframe: CSS property (camelCase, as WAAPI takes it) and value pairs, e.g.
(("opacity", "0"),)."""

STEP = "steps(1, end)"
"""The easing of every animation shown without motion: it jumps to its end when its beat ends."""


@dataclass(frozen=True)
class Anim:
    """One Web Animation: on the element ``selector`` finds in ``#board-view``, ``frames`` over
    ``ms`` after ``delay`` (ms from the show's start), with ``easing`` and ``fill``. ``fill`` is
    "both" for the first animation of an element's property, so the element holds its first
    keyframe until its beat; "forwards" for a later one on the same element and property (a card
    that moves twice), so it does not hide the earlier one before it starts. ``beat``: the index
    of the beat it shows."""

    selector: str
    frames: tuple[Keyframe, ...]
    ms: float
    delay: float
    easing: str = "ease-in-out"
    fill: str = "both"
    beat: int = -1


@dataclass(frozen=True)
class Slot:
    """Beat ``index``'s time: from ``start`` for ``ms`` (ms from the show's start)."""

    index: int
    start: float
    ms: float

    @property
    def end(self) -> float:
        return round(self.start + self.ms, 1)


def tween(selector: str, frames: tuple[Keyframe, ...], slot: Slot, motion: bool) -> Anim:
    """``frames`` over ``slot``; without motion only the first and last, jumping at the end."""
    if not motion:
        return Anim(selector, (frames[0], frames[-1]), slot.ms, slot.start, STEP, beat=slot.index)
    return Anim(selector, frames, slot.ms, slot.start, beat=slot.index)


def pop(selector: str, prop: str, rest: str, shown: str, slot: Slot, motion: bool) -> list[Anim]:
    """``prop`` from ``rest`` to ``shown`` and back within ``slot``; without motion, two jumps:
    to ``shown`` as the slot starts (after 1 ms), back to ``rest`` as it ends."""
    a, b = ((prop, rest),), ((prop, shown),)
    if motion:
        return [Anim(selector, (a, b, b, a), slot.ms, slot.start, beat=slot.index)]
    return [
        Anim(selector, (a, b), min(1.0, slot.ms), slot.start, STEP, beat=slot.index),
        Anim(selector, (b, a), slot.ms, slot.start, STEP, beat=slot.index),
    ]


def fills(anims: list[Anim]) -> tuple[Anim, ...]:
    """``anims`` with ``fill`` set: "both" for the first on each element and set of properties,
    "forwards" for the later ones."""
    seen: set[tuple[str, frozenset[str]]] = set()
    out = []
    for a in anims:
        key = (a.selector, frozenset(p for frame in a.frames for p, _ in frame))
        out.append(replace(a, fill="forwards" if key in seen else "both"))
        seen.add(key)
    return tuple(out)
