"""The end screen's words, told from the side of the person who reads them."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from serm.ai import seated_players
from serm.core.actions import Concede, End
from serm.core.game import Game
from serm.core.record import loads
from serm.core.scenario import by_name
from serm.core.state import Status
from serm.ui import driver
from serm.ui.events import Command, ShowEnded
from serm.ui.panel import (
    board_label,
    log_entry_html,
    log_html,
    own_seat,
    prompt_html,
    status_html,
    status_line,
)
from serm.ui.words import named

from .player import Screen, deploy_all


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
        '<p class="status"><span class="phone-words">You lose: '
        '<span class="badge p2" aria-hidden="true">◆</span><strong class="p2">Bo</strong> has '
        'won.</span><span class="wide-words">The game is over.</span></p>'
    )
    assert "You have won." in status_html(replace(over, winner=1), s.ui.seats.names, own)


def test_a_concession_in_hot_seat_says_who_won_once() -> None:
    """Player 2 concedes: the end screen says once that Player 1 wins (its heading) and once
    that Player 2 conceded; the log's line of it is not repeated above, and on a wide screen
    the status line only says the game is over (on a phone, where the heading is not shown,
    it is the line that says who won)."""
    s = Screen.new()
    s.game.play(Concede(2))
    text = re.sub(r"<[^>]+>", "", prompt_html(s.state, s.ui, s.game.events))
    assert text.count("wins") == 1 and "Player 1 wins!" in text, text
    assert text.count("conce") == 1 and "Player 2 conceded." in text, text
    status = status_html(s.state, s.ui.seats.names, own_seat(s.ui.seats))
    wide = re.search(r'<span class="wide-words">(.*?)</span>', status)
    assert wide is not None and wide.group(1) == "The game is over."
    assert "Player 1</strong> has won." in status


def test_the_status_line_tells_the_end_once_the_last_play_is_shown() -> None:
    """Against the computer, the action that ends the game is shown on the board: while it
    plays, the status line still tells the activation it started in (no win, no loss, no "game
    over" before the last shot's dice are seen), and the prompt only offers to skip the show;
    once it has been shown, the status line tells who won. The board's label for screen readers
    tells the same moment, each side by its name."""
    game = driver.new_game(by_name("open", 4), 4, {2: "easy"})
    ui = driver.open_ui(game)
    players = seated_players({1: "easy", 2: "easy"}, 4)
    while (p := game.state.pending) is not None and len(game.record.actions) < 400:
        ui = driver.play(game, ui, players[p.player].decide(game.state), human=p.player == 1).ui
        if game.state.pending is not None:
            ui = driver.step(game, ui, ShowEnded(ui.playback.shows)).ui
    assert game.state.status == Status.FINISHED and game.state.winner in (1, 2)
    assert ui.playback.playing, "the last action is shown"
    during = status_line(game.state, ui)
    assert "Activation" in during, during
    assert not any(w in during for w in ("won", "lose", "over", "draw")), during
    assert "victory" not in prompt_html(game.state, ui)
    label = board_label(game.state, ui)
    assert "won" not in label and "draw" not in label and "Computer (easy) has" in label, label
    ui = driver.step(game, ui, ShowEnded(ui.playback.shows)).ui
    after = status_line(game.state, ui)
    assert "You have won." in after or "You lose: " in after, after
    label = board_label(game.state, ui)
    assert label.endswith((" Player 1 has won.", " Computer (easy) has won.")), label


def test_one_name_for_each_side_in_the_log_the_status_and_the_end_screen() -> None:
    """Against the computer, the log, what just happened, the status line and the end screen
    call player 2 by one name, "Computer (hard)"; a pass shown on the board too. A game by
    link's log leaves out the "(you)" of one device; in hot seat the log keeps the engine's
    "Player 2"."""
    s = Screen.new(computer={2: "hard"})
    names = s.ui.seats.names
    assert names == ("Player 1", "Computer (hard)")
    s.game.play(Concede(1))
    log = log_html(s.game.events, s.game.event_actions, names)
    assert "Player 1 concedes. Computer (hard) wins." in log and "Player 2" not in log, log
    status = status_line(s.state, s.ui)
    end = prompt_html(s.state, s.ui, s.game.events)
    assert "Computer (hard)" in status and "Computer (hard)" in end and "Player 2" not in end
    assert "Computer (hard) rolls" in log_entry_html(s.game.events[0], names=names)
    passed = Screen.new("open", 3)
    deploy_all(passed)
    seats = replace(passed.ui.seats, names=names, computers=frozenset({2}))
    passed.ui = replace(passed.ui, seats=seats)
    if passed.state.pending is not None and passed.state.pending.player == 1:
        passed.press(Command.END)  # the person passes first
    ui = driver.play(passed.game, passed.ui, End(), human=False).ui
    assert "Computer (hard) passes" in [b.words for b in ui.playback.last], ui.playback.last
    link = ("Ann (you)", "Bo")  # a game by link logs alike on both devices
    assert named("Player 1 concedes. Player 2 wins.", link) == "Ann concedes. Bo wins."
    hot = Screen.new()
    hot.game.play(Concede(1))
    assert "Player 2 wins." in log_html(hot.game.events, hot.game.event_actions, hot.ui.seats.names)


EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "complete-game.json"


def test_every_log_line_calls_each_side_by_one_name_in_any_case() -> None:
    """The engine's log says "player 1's Brawler" mid-sentence and "Player 1 passes." first: each
    side is called by its one name in every line ("Roll-off: Player 1 rolls 2, Computer (hard)
    rolls 1."), the hot seat's "Player 1" too."""
    game = Game.from_record(loads(EXAMPLE.read_text()))
    solo = log_html(game.events, game.event_actions, ("Player 1", "Computer (hard)"))
    assert re.search(r"(?i)\bplayer 2\b", solo) is None
    assert re.search(r"\bplayer [12]\b", solo) is None, "the name, not a lower-case role"
    assert re.search(r"Roll-off: Player 1 rolls \d, Computer \(hard\) rolls \d", solo), solo[:300]
    assert "Computer (hard)&#x27;s" in solo and "Player 1&#x27;s" in solo
    hot = log_html(game.events, game.event_actions)
    assert re.search(r"\bplayer [12]\b", hot) is None and "Player 2&#x27;s" in hot
    assert named("React 8 beats Move 3: player 1 picks where the mover stops.", ("Ann", "Bo")) == (
        "React 8 beats Move 3: Ann picks where the mover stops."
    )
