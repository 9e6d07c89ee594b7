"""The replay viewer on the page: draws ``serm.ui.replay``'s viewer.

``Watch`` holds one open viewer: the record's frames (replayed by the core), the viewer value
(changed only by ``serm.ui.replay.step``), the link made by Share, and the Play timer. It draws
the board with the board view (``serm.view.render``), the bar with ``serm.ui.replay_bar`` and the
log up to the position. The app sends it the viewer's buttons, the slider and keys, and closes it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import js
from pyodide.ffi import create_proxy, to_js
from pyscript import window

from serm.core.game import Game
from serm.core.record import Record, RecordError
from serm.ui import app_state as a
from serm.ui import link, replay_bar
from serm.ui.panel import log_html
from serm.ui.replay import (
    STEP_MS,
    Frames,
    Go,
    GoTo,
    Move,
    SetSpeed,
    Shared,
    Speed,
    Tick,
    ViewerEvent,
    computer_seat,
    continued,
    next_speed,
    open_at_start,
    step,
)
from serm.ui.saves import Loaded, SaveError, decode
from serm.view.model import Overlaid
from serm.web.dom import el, guard, null
from serm.web.paint import newest_news, overlaid
from serm.web.sheet import close_sheet

if TYPE_CHECKING:
    from serm.web.app import App

Outcomes = list[a.AppEvent]

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
        self.over = Overlaid()
        """The controls over the board as last measured: its labels keep off them."""
        self._timer: Any = None
        self._tick = create_proxy(guard(self._on_tick))
        self._shared = create_proxy(guard(lambda *_: self._copied()))
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
        el("board-view").innerHTML = replay_bar.board_html(self.frames, i, self.over)
        el("status").innerHTML = replay_bar.status_html(self.frames, self.names)
        el("prompt").innerHTML = replay_bar.prompt_html(
            self.frames, self.viewer, self.link, self.names
        )
        el("log").innerHTML = log_html(self.frames.log(i), self.frames.log_actions(i), self.names)
        newest_news()

    def _draw_position(self) -> None:
        """All but the slider (a finger may be dragging it): board, step lines, controls, the
        row of speed, Share, Play on and Close, log."""
        i = self.viewer.index
        el("board-view").innerHTML = replay_bar.board_html(self.frames, i, self.over)
        box, controls, pos = el("replay-step-box"), el("replay-controls"), el("replay-pos")
        slider, more = el("replay-slider"), el("replay-more")
        if box is None or controls is None or pos is None or slider is None or more is None:
            self.draw()
            return
        if str(slider.value) != str(i):
            slider.value = str(i)  # a step of Play: the slider follows
        box.parentElement.dataset.index = str(i)
        box.innerHTML = replay_bar.step_html(self.frames, self.viewer, self.names)
        controls.innerHTML = replay_bar.controls_html(self.viewer)
        more.innerHTML = replay_bar.more_html(self.frames, self.viewer)
        pos.textContent = f"{i} / {self.viewer.last}"
        el("log").innerHTML = log_html(self.frames.log(i), self.frames.log_actions(i), self.names)
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
        self.viewer = step(self.viewer, Shared(copied=False))
        nav = js.navigator
        if hasattr(nav, "share") and not null(getattr(nav, "share", None)):
            data = {"title": "A game of S.E.R.M.", "url": self.link}
            promise = nav.share(to_js(data, dict_converter=js.Object.fromEntries))
            promise.then(self._not_shared, self._not_shared)
        elif hasattr(nav, "clipboard") and not null(getattr(nav, "clipboard", None)):
            nav.clipboard.writeText(self.link).then(self._shared, self._not_shared)
        self.draw()
        self._show_link()

    def _copied(self) -> None:
        """The link is on the clipboard: Share says "Copied" until the viewer's next event."""
        self.viewer = step(self.viewer, Shared())
        self.draw()
        self._show_link()

    @staticmethod
    def _show_link() -> None:
        """Scroll the bar so the link is in view (a phone's bar is short)."""
        box = el("replay-link")
        if box is not None:
            box.scrollIntoView(to_js({"block": "nearest"}, dict_converter=js.Object.fromEntries))


# --- the viewer over the page -------------------------------------------------------------------


class Viewer:
    """The replay viewer over the game or the start screen: the one open, if any; and the
    app's effects on it."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.watch: Watch | None = None

    def effects(self) -> dict[type, Callable[[Any], Outcomes | None]]:
        """The handler of each effect on the viewer."""
        return {
            a.ViewSave: self._ViewSave,
            a.ViewGame: self._ViewGame,
            a.LeaveViewer: self._LeaveViewer,
            a.PlayOnGame: self._PlayOnGame,
        }

    def _watch(self, found: Watchable | str | None, at_end: bool = False) -> Outcomes:
        if isinstance(found, str):
            return [a.WatchFailed(found)]
        if found is not None:
            self.open(*found, at_end, self.app.play.speed)
        return [a.Watching()] if found is not None else []

    def _ViewSave(self, e: a.ViewSave) -> Outcomes:
        loaded = self.app.slots.open(e.key)  # the save is only read
        if loaded is None:
            return self.app.slots.refresh()
        return self._watch(watchable(loaded.game.record))

    def _ViewGame(self, e: a.ViewGame) -> Outcomes:
        assert self.app.play.game is not None
        frames = Frames.of(self.app.play.game.record)
        watching = self._watch((frames, self.app.play.ui.seats.names), at_end=True)
        self.app.in_viewer(Watch.share) if e.share else None
        return watching

    def _LeaveViewer(self, _e: a.LeaveViewer) -> None:
        self.close()
        self.app.play.redraw()

    def _PlayOnGame(self, e: a.PlayOnGame) -> Outcomes:
        watch = self.drop()
        if watch is None:
            return []
        game, computer = played_on(watch, e.how)
        forget_link()
        return self.app.use(Loaded(game, {}), computer=tuple(sorted(computer.items())))

    def watch_text(self, text: str) -> None:
        """Watch a game file (a save or an exported record); it is not imported."""
        for outcome in self._watch(watchable_text(text)):
            self.app.dispatch(outcome)

    def open_link(self) -> None:
        """Open the viewer on the record in the page's link (``#watch=...``), if it has one; a
        link that cannot be watched is told in words, and no saved game is touched."""
        for outcome in self._watch(watchable_link(str(window.location.hash or ""))):
            self.app.dispatch(outcome)

    def key(self, key: str, event: Any) -> None:
        """A key while the viewer is open: Escape closes it, others step it."""
        if key == "Escape":
            self.app.dispatch(a.CloseViewer())
        elif self.watch is not None and self.watch.key(key):
            event.preventDefault()

    def open(self, frames: Frames, names: tuple[str, str], at_end: bool, speed: str) -> None:
        """Open the viewer on ``frames`` over what is shown (the game stays as it is)."""
        self.drop()
        close_sheet()
        el("saves").hidden = True
        self.watch = Watch(frames, names, at_end, speed)
        el("card-info").hidden = True  # measured without the game's card details
        self.watch.over = overlaid()
        self.watch.draw()

    def remeasured(self) -> None:
        """The board's box changed: its labels placed anew when the controls over it cover
        another part of it."""
        watch = self.watch
        if watch is not None and (over := overlaid()) != watch.over:
            watch.over = over
            watch.draw()

    def drop(self) -> Watch | None:
        """Close the viewer without drawing what is under it; the one closed, if any."""
        watch, self.watch = self.watch, None
        if watch is not None:
            watch.close()
        return watch

    def close(self) -> None:
        """Close the viewer, and take a link that opened it out of the address."""
        self.drop()
        forget_link()


def forget_link() -> None:
    """The page's address without its replay link, once read."""
    if window.location.hash and link.is_link(str(window.location.hash)):
        window.history.replaceState(None, "", window.location.pathname)


Watchable = tuple[Frames, tuple[str, str]]
"""A record's frames and its players' names, ready for the viewer."""


def names_of(players: dict[int, dict[str, str]]) -> tuple[str, str]:
    """The two players' names in a record."""
    one, two = (players.get(p, {}).get("name", f"Player {p}") for p in (1, 2))
    return one, two


def watchable(record: Record) -> Watchable:
    return Frames.of(record), names_of(record.players)


def watchable_text(text: str) -> Watchable | str:
    """A game file (a save or an exported record) to watch, or why it cannot be watched."""
    try:
        record = decode(text).record
        frames = Frames.of(record)
    except SaveError as exc:
        return f"Cannot watch that file: {exc}. Nothing was changed."
    except RecordError as exc:
        why = f"the game does not replay: {exc.for_people()}"
        return f"Cannot watch that file: {why}. Nothing was changed."
    return frames, names_of(record.players)


def watchable_link(fragment: str) -> Watchable | str | None:
    """The record in a page's link (``#watch=...``) to watch, why it cannot be watched, or None
    for an address with no replay link."""
    if not link.is_link(fragment):
        return None
    try:
        record = link.read(fragment)
        frames = Frames.of(record)
    except link.LinkError as exc:
        return f"{exc} Nothing was changed."
    except RecordError as exc:
        return (
            f"This replay link's game does not replay ({exc.for_people()}). "
            "Ask for the link again. Nothing was changed."
        )
    return frames, names_of(record.players)


def played_on(watch: Watch, how: str) -> tuple[Game, dict[int, str]]:
    """A new game from the viewer's position (hot-seat, or ``how`` "computer": the computer
    takes the side not to move), with fresh dice; the record watched is left as it is."""
    frames, index = watch.frames, watch.viewer.index
    computer = {computer_seat(frames, index): "normal"} if how == "computer" else {}
    seed = int(js.Math.floor(js.Math.random() * 2**31))
    return continued(frames, index, seed, computer), computer
