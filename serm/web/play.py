"""The game on screen: the game, its screen (``UI``), the drawing, the shows' pace and the work
done while the page rests.

An event goes to ``serm.ui.driver.step`` (the pure reducer, then the engine for any action it
asks for); ``serm.web.paint`` then repaints what differs between the new ``(State, UI)`` and what
is on screen. The app tells ``Play`` when the viewer covers the board (``covered``), what to do
after each drawing (``drawn``: let the computer think) and after each change (``changed``: save).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import create_proxy
from pyscript import document, window

from serm.core.actions import Action
from serm.core.game import Game
from serm.core.scenario import by_name
from serm.core.state import new_game
from serm.ui import driver, rest
from serm.ui.events import REST_MS, REST_TASK_MS, Dice, Event, Rest, ShowEnded, Skip, Speed
from serm.ui.model import UI
from serm.ui.reduce import reduce
from serm.ui.saves import Loaded
from serm.ui.welcome import welcome_screen
from serm.view.beats import SPEEDS
from serm.view.model import ViewModel
from serm.view.render import render
from serm.web import board_snapshot
from serm.web.dom import el, guard, null
from serm.web.pace import Skipper, store_speed, stored_speed
from serm.web.paint import Painter
from serm.web.warm import WARMERS, Warmer

GAME_BUTTONS = ("btn-los", "btn-concede", "btn-zoom-in", "btn-zoom-out", "btn-zoom-fit")
"""The controls that need a game on screen."""


class Play:
    """The game on screen and everything that draws it; see the module docstring."""

    def __init__(
        self,
        covered: Callable[[], bool],
        drawn: Callable[[], None],
        changed: Callable[[], None],
        busy: Callable[[], bool],
    ) -> None:
        self.game: Game | None = None
        self.ui = UI()
        self.painter = Painter(lambda show: self.handle(ShowEnded(show), save=False))
        self.speed = stored_speed()
        """The speed actions are shown at (``serm.view.beats.SPEEDS``), kept in this browser."""
        el("speed").value = self.speed
        self.skipper = Skipper(lambda: self.ui.playback.playing, lambda: self.handle(Skip()))
        self.warmer = Warmer(lambda: busy() or self.ui.playback.playing)
        WARMERS[:] = [self.warmer]
        PLAYS[:] = [self]
        self._rest_proxy = create_proxy(guard(self._on_rest))
        self.rest_timer: Any = None
        self.covered, self.drawn, self.changed = covered, drawn, changed

    def welcome(
        self, table: str, computer: dict[int, str], resume: str, fresh: bool, course: str
    ) -> None:
        """The start screen (no game); ``fresh``: draw its board even over a waiting game's
        board drawn before Python ran; ``course``: how the course is offered."""
        self.game = None
        # The same markup as the page drawn before Python ran (serm.ui.welcome): nothing moves.
        screen = welcome_screen(table, computer, resume, course=course)
        el("status").innerHTML = screen.status
        el("prompt").innerHTML = screen.prompt
        if fresh or not (resume and board_snapshot.shown_first()):  # else: it stays
            el("board-view").innerHTML = screen.board
        self.painter.clear()
        game_buttons(False)

    @staticmethod
    def preview(table: str) -> None:
        """The start screen's board shows the table picked."""
        el("board-view").innerHTML = render(new_game(by_name(table, 0)), ViewModel())

    def show(self, loaded: Loaded, first: bool = False) -> None:
        """Show ``loaded``'s game with the screen it was saved with (``driver.open_ui``)."""
        game = loaded.game
        self.game = game
        self.ui = driver.open_ui(game, loaded.ui or None, first)
        self.ui, _ = reduce(self.ui, game.state, Speed(self.speed))
        self.painter.clear()
        game_buttons(True)

    def handle(self, event: Event, save: bool = True) -> bool:
        """Send ``event`` through the reducer and the engine, then draw; True if anything
        changed (the caller then keeps the browser from acting on the event too)."""
        game = self.game
        if game is None or self.covered():
            return False
        before = self.ui
        stepped = driver.step(game, before, event)
        self.ui = stepped.ui
        changed = len(stepped.states) > 1 or stepped.ui != before
        if changed:
            self.draw()
            if save:
                self.changed()
        if changed or self.rest_timer is None:
            self._rest_later(now=isinstance(event, Rest))
        return changed

    def apply(self, action: Action, human: bool) -> None:
        """Play ``action`` (the computer's, or a Concede); drawing and saving are the caller's."""
        assert self.game is not None
        self.ui = driver.play(self.game, self.ui, action, human=human).ui

    def play(self, action: Action, human: bool) -> None:
        """Play ``action``, draw, then save."""
        self.apply(action, human)
        self.draw()
        self.changed()

    def draw(self) -> None:
        """Repaint what changed (``Painter.paint``, which starts or stops the show of what was
        just played), then let a computer think if it decides and no show plays, and arm the
        resting work (the Exposure view) for whatever the screen now shows: after the
        computer's move no input comes to arm it (``handle``)."""
        if self.game is None or self.covered():
            return  # the viewer has the board; closing it paints the game again
        self.painter.paint(self.game, self.ui)
        self.drawn()
        self.warmer.schedule(self.game.state)
        if self.rest_timer is None:
            self._rest_later(now=False)

    def redraw(self) -> None:
        """Draw the whole game again (the viewer had the board)."""
        self.painter.clear()
        self.draw()

    def _rest_later(self, now: bool) -> None:
        """While work waits for a free page (``serm.ui.rest.wanted``: an aimed Move's outlook,
        the Exposure view): send ``Rest`` once the input has rested ``REST_MS``, or, after a
        task of steps (``_on_rest``), as soon as the page is free."""
        self.stop_resting()
        game = self.game
        if game is not None and rest.wanted(game.state, self.ui):
            self.rest_timer = js.setTimeout(self._rest_proxy, 0 if now else REST_MS)

    def stop_resting(self) -> None:
        if self.rest_timer is not None:
            js.clearTimeout(self.rest_timer)
            self.rest_timer = None

    def resting(self) -> bool:
        """True while work waits for a free page (``serm.ui.rest.wanted``)."""
        game = self.game
        return game is not None and not self.covered() and rest.wanted(game.state, self.ui)

    def _on_rest(self) -> None:
        """Steps of the resting work (``Rest``, each small) for up to ``REST_TASK_MS``, then
        one drawing: a task of the page stays short, the drawing is paid once per task."""
        self.rest_timer = None
        game = self.game
        if game is None:
            return
        now = window.performance.now
        started = float(now())
        before = ui = self.ui
        while True:
            ui = driver.step(game, ui, Rest()).ui  # a Rest never plays an action
            if float(now()) - started >= REST_TASK_MS or not rest.wanted(game.state, ui):
                break
        self.ui = ui
        if ui != before:
            self.draw()
        self._rest_later(now=True)

    def enter_dice(self) -> None:
        boxes = document.querySelectorAll("#prompt input.die-input")
        text = "|".join(str(boxes.item(i).value) for i in range(boxes.length))
        self.handle(Dice(text))
        first = document.querySelector("#prompt input.die-input")
        if not null(first):
            first.focus()

    def set_speed(self, name: str) -> None:
        """The speed actions are shown at, picked in the menu: kept for every game here."""
        if name not in SPEEDS:
            return
        self.speed = name
        store_speed(name)
        if self.game is not None:
            self.handle(Speed(name), save=False)


PLAYS: list[Play] = []
"""The page's game on screen (one), for ``window.__serm_metrics("rest")``."""


def game_buttons(on: bool) -> None:
    """The controls that need a game, on or off."""
    for id_ in GAME_BUTTONS:
        el(id_).disabled = not on
