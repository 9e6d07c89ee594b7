"""Playing a show on the board: ``#layer-show``'s markup and its Web Animations.

The board is already drawn in the state after the actions; a show (``serm.view.show``) plays
them over it: its markup goes into ``#layer-show`` and each ``Anim`` runs on the element it
names, in the show's order (later ones composite on top), each with its own fill: an element
holds its first keyframe until its beat. When the show
has played its length the stage says so (``ended``, with the show's number); stopping it
cancels every animation, so the board is left as drawn: the state after.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import create_proxy, to_js

from serm.view.show import Anim, Show
from serm.web.dom import el, guard, null

GRACE_MS = 120.0
"""How long after a show's length it is said to have ended: its animations begin on the next
frame, which a busy page shows late; the last fade still reaches its end."""


def reduced_motion() -> bool:
    """The player asked the system for less motion (``prefers-reduced-motion: reduce``)."""
    return bool(js.window.matchMedia("(prefers-reduced-motion: reduce)").matches)


def _specs(anims: tuple[Anim, ...]) -> Any:
    """Every animation's keyframes and options as one JS array of ``[frames, options]`` pairs:
    one conversion for the whole show rather than two per animation (the show's first frame
    waits for them)."""
    specs = [
        (
            [dict(frame) for frame in a.frames],
            {"duration": a.ms, "delay": a.delay, "easing": a.easing, "fill": a.fill},
        )
        for a in anims
    ]
    return to_js(specs, dict_converter=js.Object.fromEntries)


class Stage:
    """The show on the board, if any, and the still markup (a trail) when none plays."""

    def __init__(self, ended: Callable[[int], object]) -> None:
        self.started = 0
        """The number of the last show started (``Playback.shows``), 0 for none."""
        self.playing = False
        self.markup = ""
        """What ``#layer-show`` holds now."""
        self._anims: list[Any] = []
        self._timer: Any = None
        self._ended = ended
        self._proxy = create_proxy(guard(self._on_timer))

    def start(self, number: int, show: Show) -> None:
        """Play ``show`` (numbered ``number``) over the board as it is drawn now."""
        self.stop()
        self.started, self.playing = number, True
        self._set(show.markup)
        board = el("board-view")
        specs = _specs(show.anims)
        for i, anim in enumerate(show.anims):
            node = None if board is None else board.querySelector(anim.selector)
            if node is not None and not null(node):
                spec = specs[i]
                self._anims.append(node.animate(spec[0], spec[1]))
        self._timer = js.setTimeout(self._proxy, show.ms + GRACE_MS, number)

    def stop(self) -> None:
        """End the show now: every animation cancelled, the board as drawn."""
        if self._timer is not None:
            js.clearTimeout(self._timer)
            self._timer = None
        for anim in self._anims:
            anim.cancel()
        self._anims.clear()
        self.playing = False

    def still(self, markup: str) -> None:
        """Show ``markup`` still in ``#layer-show`` (no show playing)."""
        if markup != self.markup:
            self._set(markup)

    def lost(self) -> None:
        """The board was drawn anew: the layer is empty, its animations gone with their nodes
        (a show under way still ends when its time is up: the computer waits for that)."""
        for anim in self._anims:
            anim.cancel()
        self._anims.clear()
        self.markup = ""

    def forget(self) -> None:
        """A new game or the start screen: no show was started on this board."""
        self.stop()
        self.markup = ""
        self.started = 0

    def _set(self, markup: str) -> None:
        layer = el("layer-show")
        if layer is not None:
            layer.innerHTML = markup
        self.markup = markup

    def _on_timer(self, number: int) -> None:
        self._timer = None
        if self.playing and number == self.started:
            self._ended(number)
