"""The browser layer's composition root: one page's app, made of the parts that bind the page.

``Play`` (serm/web/play.py) has the game on screen and draws it; ``Computer`` its computer's
turns, a slice at a time; ``Slots`` the storage and the saves; ``Viewer`` the replay viewer;
``Input`` every listener. What happens around the game is an ``AppState`` value changed only by
``serm.ui.app_state.step``: the app sends it events and carries out the effects it returns (a
method named after each effect), whose outcomes come back as events. Every question is a dialog
in the page (``#leave``, ``#ask``), never the browser's own confirm() or prompt().
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js
from pyscript import document, window

from serm._build import BUILD_ID
from serm.core.actions import Concede
from serm.core.scenario import BUILT_IN, by_name
from serm.core.state import Status
from serm.ui import app_state as a
from serm.ui import driver, panel
from serm.ui.app_state import AppState
from serm.ui.events import Command, Press
from serm.ui.help import HELP_HTML
from serm.ui.saves import Loaded
from serm.web import metrics
from serm.web.computer import Computer
from serm.web.course import CourseRunner
from serm.web.dom import el, null, query
from serm.web.friendplay import FriendPlay
from serm.web.input import Input
from serm.web.play import Play, game_buttons
from serm.web.questions import show_question
from serm.web.sheet import CLOSES, close_sheet, expanded, open_sheet
from serm.web.slots import Slots
from serm.web.viewer import (
    Viewer,
    Watch,
)

COMMANDS = frozenset(c.value for c in Command)
Outcomes = list[a.AppEvent]


class App:
    """One page's app; see the module docstring."""

    computer: Computer

    def __init__(self) -> None:
        params = js.URLSearchParams.new(window.location.search)
        seed, table = (params.get(k) for k in ("seed", "scenario"))
        seed, table = ("" if null(v) else str(v) for v in (seed, table))
        self.state = AppState(
            table=table if table in BUILT_IN else "default",
            seed=int(seed) if seed.isdigit() else None,
        )
        self.viewer = Viewer(self)
        covered = lambda: self.viewer.watch is not None  # noqa: E731 - the viewer has the board
        busy = lambda: self.computer.thinking is not None  # noqa: E731
        self.play = Play(covered, lambda: self.friend.drawn(), self.autosave, busy)
        self.computer = Computer(self.play, covered)
        self.slots = Slots(self)
        self.course = CourseRunner(self)
        """The course "Learn in 3 minutes", shown over the start screen."""
        self.input = Input(self)
        self.friend = FriendPlay(self)  # games by link: the friend's seat, links sent, opened

    def dispatch(self, event: a.AppEvent) -> None:
        """Step the app's state, carry out what it asks, then show its notices and dialog."""
        self.state, effects = a.step(self.state, event)
        self._carry_out(effects)

    def _carry_out(self, effects: tuple[a.Effect, ...]) -> None:
        handlers = {**self._effects(), **self.slots.effects(), **self.viewer.effects()}
        for effect in effects:
            for outcome in handlers[type(effect)](effect) or ():
                self.dispatch(outcome)
        for problem in self.slots.problems():  # what the storage refused meanwhile
            self.state, _ = a.step(self.state, a.Refused(problem))
        self._show_state()

    def _effects(self) -> dict[type, Callable[[Any], Outcomes | None]]:
        return {
            a.NewGame: self._NewGame,
            a.ShowWelcome: self._ShowWelcome,
            a.ConcedeGame: self._ConcedeGame,
        }

    def _show_state(self) -> None:
        box = el("notice")
        box.innerHTML = panel.notice_html(list(self.state.notices), self.play.game is not None)
        box.hidden = not self.state.notices
        show_question(self.state.dialog)

    def answered(self) -> None:
        """A dialog closed (Escape, or after its answer): no answer yet means no."""
        if self.state.dialog is not None:
            self.dispatch(a.Answer(False))

    def act(self, action: str, arg: str, btn: Any = None) -> None:
        """A button of the page: an app event, a part of the page, or a command for the game."""
        if action in CLOSES:
            close_sheet()  # on a phone: back to the board (a question shows over it)
        events = self._events(arg)
        pages: dict[str, Callable[[], Any]] = {
            "dice": self.play.enter_dice,
            "saves": lambda: self.slots.toggle(self.play.game is not None),
            "help": _toggle_help,
            "menu": open_sheet,
            "close-menu": close_sheet,
            "replay": lambda: self.in_viewer(lambda w: w.press(arg)),
            "replay-speed": lambda: self.in_viewer(Watch.speed),
            "replay-share": lambda: self.in_viewer(Watch.share),
            "replay-ask": lambda: self.in_viewer(lambda w: w.press("ask")),
            **self.friend.actions(),
        }
        if action in events:
            self.dispatch(events[action]())
        elif action in pages:
            pages[action]()
            self._carry_out(())  # what the storage refused meanwhile (the Saves box read it)
        elif action.startswith("course"):
            self.course.act(action, btn)
        elif action in COMMANDS:
            self.play.handle(Press(Command(action), arg))

    def _events(self, arg: str) -> dict[str, Callable[[], a.AppEvent]]:
        """The buttons that are events around the game (``data-arg``: ``arg``)."""
        return {
            "new": a.AskNew, "leave": lambda: a.Answer(True), "stay": lambda: a.Answer(False),
            "answer-yes": lambda: a.Answer(True, _field("ask-name")),
            "answer-no": lambda: a.Answer(False), "start": self._start, "continue": a.Continue,
            "slot-save": lambda: a.SaveAs(_field("save-name")), "slot-load": lambda: a.Load(arg),
            "slot-rename": lambda: a.Rename(arg, self.slots.name_of(arg)),
            "slot-delete": lambda: a.Delete(arg, self.slots.name_of(arg)),
            "dismiss": a.Dismiss, "rematch": a.Rematch, "download": a.Export,
            "concede": self._concede, "open-newer": a.OpenNewer, "save-copy": self._copy,
            "slot-watch": lambda: a.WatchSave(arg), "watch-game": a.WatchGame,
            "share-game": lambda: a.WatchGame(share=True),
            "replay-continue": lambda: a.PlayOn(arg), "replay-close": a.CloseViewer,
        }  # fmt: skip

    def in_viewer(self, fn: Callable[[Watch], None]) -> None:
        if self.viewer.watch is not None:
            fn(self.viewer.watch)

    def _start(self) -> a.AppEvent:
        """Start, with the table and seats picked on the start screen."""
        picked = query("#prompt input[name=scenario]:checked")
        table = self.state.table if picked is None else str(picked.value)
        seats = {p: el(f"player-{p}") for p in (1, 2)}
        kinds = {p: "human" if f is None else str(f.value) for p, f in seats.items()}
        computer = tuple((p, kind) for p, kind in kinds.items() if kind != "human")
        return a.Start(table, computer, bool(el("referee").checked))

    def _concede(self) -> a.AppEvent:
        game, ui = self.play.game, self.play.ui
        if game is None:
            return a.Concede(1, ui.seats.name(1))
        return a.Concede(*driver.conceding(game.state, ui))

    def _copy(self) -> a.AppEvent:
        game = self.play.game
        table = game.record.scenario.name if game is not None else "this"
        return a.KeepCopy(self.slots.store.new_slot_key(), f"{table} game kept from another tab")

    # --- effects: games ---------------------------------------------------------------------------

    def _NewGame(self, e: a.NewGame) -> Outcomes:
        first = self.slots.first()
        game = driver.new_game(by_name(e.table, e.seed or 0), e.seed, dict(e.computer), e.referee)
        self.slots.hide()  # a new game starts with the board and its prompt in view
        return self.use(Loaded(game, {}), first=first, computer=e.computer)

    def use(self, loaded: Loaded, first: bool = False, claim: bool = True, **kw: Any) -> Outcomes:
        """Show ``loaded``'s game and make it the autosave: a new game, an import or a named
        save replaces what is there (``claim``: the player chose it; another tab playing that
        game is told); ``first``: no game was played in this browser before."""
        self.show(loaded, first)
        game = loaded.game
        table = game.record.scenario.name.split("-")[0]
        self.state, _ = a.step(self.state, a.Opened(game.state.status, table, **kw))
        self.autosave(claim=claim)
        return []

    def show(self, loaded: Loaded, first: bool = False) -> None:
        self.viewer.drop()  # a game opened from the menu replaces the viewer
        close_sheet()  # the board and the bar, wherever the button was
        self.play.show(loaded, first)
        self.computer.seat(loaded.game.record)
        self.friend.adopt(loaded.game)  # a game by link: the friend's seat
        self.play.draw()

    def _ShowWelcome(self, e: a.ShowWelcome) -> Outcomes:
        self.viewer.drop()
        self.slots.hide()  # its buttons need a game
        close_sheet()  # the start screen is in the bar
        waiting = self.slots.waiting()
        playing = waiting is not None and waiting.status != Status.FINISHED
        resume = panel.resume_text(waiting) if waiting is not None and playing else ""
        self.course.course = None
        seats, offer = dict(self.state.computer), self.course.offer()
        self.play.welcome(self.state.table, seats, resume, e.fresh_board, offer)
        self.friend.after_draw()  # no game: no link to send
        return [a.Welcomed()]

    def show_welcome(self, fresh_board: bool = False) -> None:
        """The start screen (the course leaves it and comes back to it)."""
        self._carry_out((a.ShowWelcome(fresh_board),))

    def start(self, table: str, computer: dict[int, str], referee: bool) -> None:
        """A new game (the course's first real game)."""
        self.dispatch(a.Start(table, tuple(sorted(computer.items())), referee))

    def exposure_on(self) -> None:
        """Turn the Exposure view on for the game shown (a first game after the course)."""
        if self.play.game is not None and not self.play.ui.settings.exposure:
            self.play.handle(Press(Command.EXPOSURE))

    def welcome(self) -> Outcomes:
        return self._ShowWelcome(a.ShowWelcome())

    def _ConcedeGame(self, e: a.ConcedeGame) -> None:
        self.play.play(Concede(e.player), human=True)

    def autosave(self, claim: bool = False) -> None:
        """Save the game on screen where this tab saves it (``Slots.autosave``)."""
        game, s = self.play.game, self.state
        if game is None:
            return
        if s.game is not None and game.state.status != s.game:
            self.state, _ = a.step(s, a.Played(game.state.status))
        problem = self.slots.autosave(game, self.play.ui, s.save_key, s.save_name, claim)
        if problem is not None:
            self.dispatch(a.Refused(problem))

    def on_leave(self, event: Any) -> None:
        """The page is hidden or left (tab closed, app switched): save what is not saved yet."""
        if str(document.visibilityState) == "hidden" or str(event.type) == "pagehide":
            self.autosave()

    def on_storage(self, event: Any) -> None:
        """Another tab of this site wrote to the storage: the one this tab saves to, or all."""
        game, key = self.play.game, self.state.save_key
        if game is not None and null(event.key):  # localStorage.clear() in another tab
            self.dispatch(a.StorageCleared())
        elif game is not None and str(event.key) == key:
            self.dispatch(a.OtherTabSaved(self.slots.store.behind(key, game)))

    def retire(self) -> list[Any]:
        """Leave this app with nothing to act on (a test's fresh page); its listeners."""
        self.computer.stop()
        self.play.game = None
        self.viewer.watch = None
        self.play.stop_resting()
        self.input.resize_observer.disconnect()
        self.play.painter.clear()
        return self.input.proxies


def _field(id_: str) -> str:
    field = el(id_)
    return "" if field is None else str(field.value)


def _toggle_help() -> None:
    box = el("help")
    if not box.innerHTML:
        box.innerHTML = HELP_HTML
    box.hidden = not box.hidden
    expanded("btn-help", box)


def main() -> App:
    metrics.expose()
    app = App()
    app._carry_out((a.ShowWelcome(),))
    app.friend.open_link()  # a link (#watch=..., #play=...) opens over the start screen
    for button in document.querySelectorAll("#controls button, #btn-menu"):
        button.disabled = False
    game_buttons(False)
    el("loading").hidden = True
    el("game").removeAttribute("aria-busy")
    document.documentElement.dataset.build = BUILD_ID  # the tests match it to <meta serm-build>
    window.performance.mark("serm:interactive")
    return app
