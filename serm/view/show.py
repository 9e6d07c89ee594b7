"""Beats on the board (issue 11): the markup of ``#layer-show`` and the animations that play it.

``show`` turns beats (``serm.ui.beats``) into markup (ghosts of cards eliminated, sight lines,
dice pools, announcements) and a list of ``Anim``: Web Animations the browser layer starts on
elements of the board as they are (``selector``), one after another by ``delay``. Pure: the
browser only inserts the markup and calls ``element.animate(frames, {duration, delay, easing,
fill: "both"})`` for each. ``trail`` is the "what just happened" highlight of a turn's beats.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from serm.core.state import State
from serm.ui.beats import Beat

Keyframe = tuple[tuple[str, str], ...]
"""One keyframe: CSS property and value pairs, e.g. (("opacity", "0"),)."""


@dataclass(frozen=True)
class Anim:
    """One Web Animation: on the element ``selector`` finds in ``#board-view``, ``frames`` over
    ``ms`` after ``delay`` (ms from the show's start), with ``easing``; it fills both ways, so an
    element holds its first keyframe until its beat."""

    selector: str
    frames: tuple[Keyframe, ...]
    ms: float
    delay: float
    easing: str = "ease-in-out"


@dataclass(frozen=True)
class Show:
    """What the browser plays: ``markup`` for ``#layer-show``, ``anims``, and ``ms``, how long
    the whole show lasts (the last animation's end)."""

    markup: str
    anims: tuple[Anim, ...]
    ms: float


def show(
    beats: Sequence[Beat], before: State, after: State, factor: float, motion: bool = True
) -> Show:
    """The show of ``beats`` played from ``before`` to ``after`` at ``factor`` times the normal
    length (``serm.ui.beats.speed_factor``); with ``motion`` False (``prefers-reduced-motion``)
    every beat still takes its time but jumps to its end (no sliding, turning, rolling or
    fading)."""
    raise NotImplementedError  # built on branch beats


def trail(beats: Sequence[Beat]) -> str:
    """The highlight of a turn: each mover's path and each shooter's sight lines, drawn still
    (markup for ``#layer-show``); empty for no beats."""
    raise NotImplementedError  # built on branch beats
