"""The welcome screen's markup (serm.ui.welcome): one function for the page before and after Python.

Its board shows the waiting game when it is given one, or a new game on the chosen table; the
start box says what ``resume`` says.  The browser tests compare the page drawn at build time with
the live page.
"""

from __future__ import annotations

from pathlib import Path

from serm.core.record import loads, replay
from serm.core.scenario import by_name
from serm.core.state import new_game
from serm.ui.help import welcome_html
from serm.ui.welcome import STATUS_HTML, welcome_screen
from serm.view.model import ViewModel
from serm.view.render import render

RECORD = Path(__file__).resolve().parents[2] / "examples" / "complete-game.json"


def test_a_new_player_sees_the_chosen_table_before_deployment() -> None:
    screen = welcome_screen("open")
    assert screen.status == STATUS_HTML
    assert screen.prompt == welcome_html("open", "", None)
    assert screen.board == render(new_game(by_name("open", 0)), ViewModel())
    assert 'data-action="continue"' not in screen.prompt


def test_a_waiting_game_is_offered_and_drawn() -> None:
    record = loads(RECORD.read_text())
    state = replay(record, 12)
    resume = "A game on the default table is waiting (activation 2)."
    screen = welcome_screen("default", {2: "easy"}, resume, state)
    assert screen.prompt == welcome_html("default", resume, {2: "easy"})
    assert "is waiting (activation 2)." in screen.prompt
    assert 'data-action="continue"' in screen.prompt
    assert screen.board == render(state, ViewModel())
    assert screen.board != welcome_screen("default").board
