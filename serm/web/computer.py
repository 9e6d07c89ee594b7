"""The computer's turns in the page: its players, and its thinking run a slice at a time between
frames (``SLICE_MS`` each), so the page never freezes."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import js
from pyodide.ffi import create_proxy
from pyscript import window

from serm.core.record import Record
from serm.ui.screen import computer_to_decide
from serm.web.dom import guard
from serm.web.play import Play
from serm.web.thinking import SLICE_MS, Thinking, computer_players

if TYPE_CHECKING:
    from serm.ai import Player


class Computer:
    """The computer players of the game on screen and the decision in progress, if any.
    ``covered``: the viewer covers the board (thinking waits until it is closed)."""

    def __init__(self, play: Play, covered: Callable[[], bool]) -> None:
        self.play = play
        self.covered = covered
        self.players: dict[int, Player] = {}
        self.thinking: Thinking | None = None
        self.thoughts = 0
        """How many decisions the computer has started thinking about (names each one's slices)."""
        self._slice_proxy = create_proxy(guard(self._think_slice))
        self._show_proxy = create_proxy(guard(self._show))

    def seat(self, record: Record) -> None:
        """The players of a game just shown; any decision in progress is given up."""
        self.players = computer_players(record)
        self.thinking = None

    def stop(self) -> None:
        """Give up the decision in progress: a slice still due finds nothing to do."""
        self.thoughts += 1
        self.thinking = None

    def maybe_think(self) -> None:
        game, ui = self.play.game, self.play.ui
        if self.covered() or game is None or self.thinking is not None:
            return
        if ui.playback.playing:
            return  # the computer's next step waits until its last one has been seen
        if not computer_to_decide(game.state, ui):
            return
        p = game.state.pending
        assert p is not None
        player = self.players[p.player]
        if not getattr(player, "ready", True):
            return  # a friend by link decides on their own device
        strength = str(getattr(player, "name", "computer"))
        self.thoughts += 1
        self.thinking = Thinking(game, iter(player.think(game.state)), strength, p.kind)
        js.setTimeout(self._slice_proxy, 60, self.thoughts)  # let the board show the last move

    def _current(self, thought: int) -> Thinking | None:
        """The decision in progress when ``thought`` is still it and it may go on; else None,
        and a decision that may not go on is given up (conceded, or the viewer covers the
        board: it is thought again once the viewer is closed)."""
        th, game = self.thinking, self.play.game
        if th is None or thought != self.thoughts:
            return None  # a step of a decision given up (a new game was started)
        if (
            game is None
            or th.game is not game
            or not computer_to_decide(game.state, self.play.ui)
            or self.covered()
        ):
            self.thinking = None
            return None
        return th

    def _think_slice(self, thought: int) -> None:
        th = self._current(thought)
        if th is None:
            return
        now = window.performance.now
        started = float(now())
        if th.started is None:
            th.started = started
        while float(now()) - started < SLICE_MS:
            action = next(th.steps, None)
            if action is None and _exhausted(th.steps):
                raise RuntimeError("the computer player stopped without an action")
            if action is not None:
                th.choose(action, started, float(now()))
                js.setTimeout(self._show_proxy, 0, thought)
                return
        th.end_slice(float(now()) - started)
        js.setTimeout(self._slice_proxy, 0, thought)

    def _show(self, thought: int) -> None:
        """Play the action chosen and show it, in a task of its own: the thinking's tasks stay
        a slice long, and showing the computer's move costs what showing a player's does."""
        th = self._current(thought)
        if th is None or th.action is None:
            return
        self.thinking = None
        now = window.performance.now
        self.play.apply(th.action, human=False)
        applied = float(now())
        self.play.draw()
        th.log(applied, float(now()))
        self.play.changed()


def _exhausted(steps: Any) -> bool:
    return getattr(steps, "gi_frame", True) is None  # a finished generator has no frame
