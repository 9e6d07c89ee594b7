"""The replay viewer on the page: draws ``serm.ui.replay``'s viewer.

``Watch`` holds one open viewer: the record's frames (replayed by the core), the viewer value
(changed only by ``serm.ui.replay.step``), the link made by Share, and the Play timer. It draws
the board with the board view (``serm.view.render``), the bar with ``serm.ui.replay_bar`` and the
log up to the position. The app sends it the viewer's buttons, the slider and keys, and closes it.
"""

from __future__ import annotations

from typing import Any

import js
from pyodide.ffi import create_proxy, to_js

from serm.ui import link, replay_bar
from serm.ui.panel import log_entry_html
from serm.ui.replay import (
    STEP_MS,
    Frames,
    Go,
    GoTo,
    Move,
    SetSpeed,
    Speed,
    Tick,
    ViewerEvent,
    next_speed,
    open_at_start,
    step,
)
from serm.view.model import ViewModel
from serm.view.render import render
from serm.web.dom import el, guard, null
from serm.web.paint import newest_news

KEYS: dict[str, Move] = {
    "ArrowLeft": Move.BACK,
    "ArrowRight": Move.FORWARD,
    "Home": Move.FIRST,
    "End": Move.LAST,
}
"""The keys the viewer answers (besides Space: play or pause, and Escape: close)."""


class Watch:
    """One open replay viewer; see the module docstring."""

    def __init__(
        self, frames: Frames, names: tuple[str, str], at_end: bool = False, speed: str = ""
    ) -> None:
        """The viewer on ``frames``, at the first action (or the last, ``at_end``), playing at
        the player's kept ``speed`` (``serm.view.beats.SPEEDS``; instant plays fast)."""
        self.frames = frames
        self.names = names
        viewer = open_at_start(frames)
        kept = Speed.FAST.value if speed == "instant" else speed
        if kept in set(Speed):
            viewer = step(viewer, SetSpeed(Speed(kept)))
        self.viewer = step(viewer, Go(Move.LAST)) if at_end else viewer
        self.link = ""
        self.note = ""
        self._timer: Any = None
        self._tick = create_proxy(guard(self._on_tick))
        self._shared = create_proxy(guard(lambda *_: self._said("Copied")))
        self._not_shared = create_proxy(guard(lambda *_: None))

    def close(self) -> None:
        """Stop playing and let go of the page's callbacks."""
        self._stop_timer()
        for proxy in (self._tick, self._shared, self._not_shared):
            proxy.destroy()

    # --- drawing --------------------------------------------------------------------------------

    def draw(self) -> None:
        """The whole viewer: board, bar and log at the viewer's position."""
        i = self.viewer.index
        el("card-info").hidden = True
        el("board-view").innerHTML = render(self.frames.state(i), ViewModel())
        el("status").innerHTML = replay_bar.status_html(self.frames, self.names)
        el("prompt").innerHTML = replay_bar.prompt_html(
            self.frames, self.viewer, self.link, self.note
        )
        el("log").innerHTML = "".join(log_entry_html(e) for e in self.frames.log(i))
        newest_news()

    def _draw_position(self) -> None:
        """All but the slider (a finger may be dragging it): board, step lines, controls, log."""
        i = self.viewer.index
        el("board-view").innerHTML = render(self.frames.state(i), ViewModel())
        box, controls, pos = el("replay-step-box"), el("replay-controls"), el("replay-pos")
        slider = el("replay-slider")
        if box is None or controls is None or pos is None or slider is None:
            self.draw()
            return
        if str(slider.value) != str(i):
            slider.value = str(i)  # a step of Play: the slider follows
        box.parentElement.dataset.index = str(i)
        box.innerHTML = replay_bar.step_html(self.frames, self.viewer)
        controls.innerHTML = replay_bar.controls_html(self.viewer)
        pos.textContent = f"{i} / {self.viewer.last}"
        el("log").innerHTML = "".join(log_entry_html(e) for e in self.frames.log(i))
        newest_news()  # the step's outcome, its last line, in view

    # --- input ----------------------------------------------------------------------------------

    def go(self, event: ViewerEvent) -> None:
        before = self.viewer
        self.viewer = step(before, event)
        if self.viewer != before:
            self.draw()
        self._schedule()

    def press(self, arg: str) -> None:
        """A control button (``data-arg``: a ``Move``)."""
        if arg in {m.value for m in Move}:
            self.go(Go(Move(arg)))

    def seek(self, value: str) -> None:
        """The slider moved to ``value``."""
        if not value.isdigit():
            return
        before = self.viewer
        self.viewer = step(before, GoTo(int(value)))
        if self.viewer != before:
            self._draw_position()
        self._schedule()

    def speed(self) -> None:
        self.go(SetSpeed(next_speed(self.viewer.speed)))

    def key(self, key: str) -> bool:
        """A key pressed while the viewer is open; True if it answered it."""
        if key == " ":
            self.go(Go(Move.PAUSE if self.viewer.playing else Move.PLAY))
            return True
        if key in KEYS:
            self.go(Go(KEYS[key]))
            return True
        return False

    # --- play -----------------------------------------------------------------------------------

    def _schedule(self) -> None:
        self._stop_timer()
        if self.viewer.playing:
            self._timer = js.setTimeout(self._tick, STEP_MS[self.viewer.speed])

    def _stop_timer(self) -> None:
        if self._timer is not None:
            js.clearTimeout(self._timer)
            self._timer = None

    def _on_tick(self) -> None:
        self._timer = None
        self.viewer = step(self.viewer, Tick())
        self._draw_position()
        if not self.viewer.playing:
            self.draw()  # Play becomes Play again, the last controls are turned off
        self._schedule()

    # --- share ----------------------------------------------------------------------------------

    def share(self) -> None:
        """Make the link (this page's address with the record in its fragment), hand it to the
        device's share sheet or else the clipboard, and show it to be copied by hand."""
        location = js.window.location
        self.link = f"{location.origin}{location.pathname}#{link.fragment(self.frames.record)}"
        self.note = ""
        nav = js.navigator
        if hasattr(nav, "share") and not null(getattr(nav, "share", None)):
            data = {"title": "A game of S.E.R.M.", "url": self.link}
            promise = nav.share(to_js(data, dict_converter=js.Object.fromEntries))
            promise.then(self._not_shared, self._not_shared)
        elif hasattr(nav, "clipboard") and not null(getattr(nav, "clipboard", None)):
            nav.clipboard.writeText(self.link).then(self._shared, self._not_shared)
        self.draw()
        self._show_link()

    def _said(self, note: str) -> None:
        self.note = note
        self.draw()
        self._show_link()

    @staticmethod
    def _show_link() -> None:
        """Scroll the bar so the link is in view (a phone's bar is short)."""
        box = el("replay-link")
        if box is not None:
            box.scrollIntoView(to_js({"block": "nearest"}, dict_converter=js.Object.fromEntries))
