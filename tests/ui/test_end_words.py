"""The end screen's words, told from the side of the person who reads them."""

from __future__ import annotations

from dataclasses import replace

from serm.core.state import Status
from serm.ui.panel import own_seat, prompt_html, status_html

from .player import Screen


def _ended(s: Screen, winner: int, conceded_by: int | None = None) -> str:
    state = replace(
        s.state, status=Status.FINISHED, winner=winner, pending=None, conceded_by=conceded_by
    )
    return prompt_html(state, s.ui)


def test_the_loser_against_the_computer_reads_that_their_soldiers_are_eliminated() -> None:
    s = Screen.new(computer={2: "hard"})
    lost = _ended(s, winner=2)
    assert "You lose" in lost and "All your soldiers are eliminated." in lost
    assert "Every enemy" not in lost
    won = _ended(s, winner=1)
    assert "You win" in won and "Every enemy soldier is eliminated." in won


def test_hot_seat_names_the_winning_side_and_the_eliminated_one() -> None:
    s = Screen.new()
    text = _ended(s, winner=1)
    assert "Player 1</strong> wins!" in text
    assert "Every soldier of Player 2 is eliminated." in text
    assert "You " not in text


def test_a_concession_says_who_conceded() -> None:
    s = Screen.new(computer={2: "easy"})
    assert "You conceded." in _ended(s, winner=2, conceded_by=1)
    assert "conceded." in _ended(Screen.new(), winner=1, conceded_by=2)


def test_a_game_by_link_tells_each_device_its_own_win_or_loss() -> None:
    """In a game by link the friend's seat is played from its links (a computer's seat here) and
    this device's side is named "(you)": the loser reads that it lost and who won, in the end
    screen's heading and in the status line that heads it on a phone; the winner that it won."""
    s = Screen.new(computer={2: "hard"})
    s.ui = replace(s.ui, seats=replace(s.ui.seats, names=("Ann (you)", "Bo"), by_link=True))
    lost = _ended(s, winner=2)
    assert 'You lose: <span class="badge p2" aria-hidden="true">◆</span>' in lost
    assert "All your soldiers are eliminated." in lost
    won = _ended(s, winner=1)
    assert "<h2>You win!</h2>" in won and "Every enemy soldier is eliminated." in won
    over = replace(s.state, status=Status.FINISHED, winner=2, pending=None)
    own = own_seat(s.ui.seats)
    assert own == 1
    assert status_html(over, s.ui.seats.names, own) == (
        '<p class="status">You lose: <span class="badge p2" aria-hidden="true">◆</span>'
        '<strong class="p2">Bo</strong> has won.</p>'
    )
    assert "You have won." in status_html(replace(over, winner=1), s.ui.seats.names, own)
