"""The roll-off's result is told on the screen where the deployment begins, in one short line
among what just happened, not only in the log and to screen readers (R5)."""

from __future__ import annotations

import re

import pytest

from serm.ai.player import make_player
from serm.core.state import EventKind, Status
from serm.ui import driver
from serm.ui.events import ShowEnded
from tests.ui.player import Screen


def _recent(html: str) -> str:
    box = re.search(r'<ul class="recent"[^>]*>(.*?)</ul>', html)
    return re.sub(r"<[^>]+>", " ", box.group(1)) if box else ""


def _told(s: Screen) -> str:
    winner = s.state.first_placer
    rolled = next(e.faces for e in s.game.events if e.kind == EventKind.ROLL)
    a, b = rolled[0][0], rolled[1][0]
    return f"{s.ui.seats.names[winner - 1]} won the roll-off {max(a, b)}–{min(a, b)}."


def test_the_roll_off_is_told_through_the_whole_deployment() -> None:
    """At every placement, the first to the last, the one line among what just happened says
    who won the roll-off (it was told at the first placement only); once the last card is
    placed, it is told no more."""
    s = Screen.new("default", 3)
    assert s.state.status == Status.DEPLOYMENT
    told = _told(s)
    placed = 0
    while s.state.status == Status.DEPLOYMENT:
        assert _recent(s.prompt()).strip() == told, (placed, _recent(s.prompt()))
        s.key("Enter")
        placed += 1
    assert placed == 10 and "roll-off" not in _recent(s.prompt())


@pytest.mark.parametrize("seat", [1, 2])
def test_the_roll_off_is_told_while_the_computer_places_too(seat: int) -> None:
    """The computer holds seat ``seat`` (placing first or second): at each of the person's
    placements and while the computer places, the roll-off's line stays."""
    s = Screen.new("default", 3, computer={seat: "easy"})
    told = _told(s)
    turns = 0
    while s.state.status == Status.DEPLOYMENT:
        assert _recent(s.prompt()).strip() == told, (turns, _recent(s.prompt()))
        p = s.state.pending
        assert p is not None
        if p.player == seat:
            action = make_player("easy").decide(s.state)
            s.ui = driver.play(s.game, s.ui, action, human=False).ui
            s.ui = driver.step(s.game, s.ui, ShowEnded(s.ui.playback.shows)).ui
        else:
            s.key("Enter")
        turns += 1
    assert turns == 10


def test_a_game_opened_during_the_deployment_tells_the_roll_off() -> None:
    """A game opened again with cards already placed tells the roll-off too; one opened after
    the deployment has nothing to tell."""
    s = Screen.new("default", 3)
    s.key("Enter")
    told = _told(s)
    assert _recent(Screen(s.game).prompt()).strip() == told
    while s.state.status == Status.DEPLOYMENT:
        s.key("Enter")
    assert driver.news_from(s.game) == len(s.game.events)
    assert "roll-off" not in _recent(Screen(s.game).prompt())
