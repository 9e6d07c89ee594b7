"""The roll-off's result is told on the screen where the deployment begins, in one short line
among what just happened, not only in the log and to screen readers (R5)."""

from __future__ import annotations

import re

from serm.core.state import Status
from serm.ui import driver
from tests.ui.player import Screen


def _recent(html: str) -> str:
    box = re.search(r'<ul class="recent"[^>]*>(.*?)</ul>', html)
    return re.sub(r"<[^>]+>", " ", box.group(1)) if box else ""


def test_the_first_placement_tells_the_roll_off() -> None:
    s = Screen.new("default", 3)
    assert s.state.status == Status.DEPLOYMENT
    said = _recent(s.prompt())
    winner = s.state.first_placer
    rolled = s.game.events[-1].faces
    a, b = rolled[0][0], rolled[1][0]
    told = f"Player {winner} won the roll-off {max(a, b)}–{min(a, b)}."
    assert said.strip() == told, said
    s.key("Enter")  # the first card placed: the next prompt tells that, not the roll-off again
    assert "roll-off" not in _recent(s.prompt())


def test_a_game_opened_later_starts_with_nothing_to_tell() -> None:
    s = Screen.new("default", 3)
    s.key("Enter")
    assert driver.news_from(s.game) == len(s.game.events)
    assert "roll-off" not in _recent(Screen(s.game).prompt())
