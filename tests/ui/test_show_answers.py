"""A question the player may answer while what was played is shown: its buttons act at once.

During a show (the other side's turn played, or Replay last turn) the question under it is live:
a press of one of its buttons ends the show and does what the button says (a press on the board
or a key only skips, ``serm.web.pace``), and the hint that says so sits under the question's
buttons, never above the question."""

from __future__ import annotations

from serm.core.state import PendingKind
from serm.ui.events import Command
from tests.ui.player import Screen
from tests.ui.test_reduce import other_side_to_decide


def replaying() -> Screen:
    """The other side decides its activation at this screen while Replay last turn plays the
    first side's Shoot again."""
    s = other_side_to_decide()
    assert s.state.pending is not None and s.state.pending.kind == PendingKind.ACT
    s.press(Command.REPLAY_LAST)
    assert s.ui.playback.playing
    return s


def test_a_soldiers_button_pressed_during_the_replay_ends_it_and_selects_the_soldier() -> None:
    s = replaying()
    p = s.state.pending
    assert p is not None
    card = next(x for x in s.state.on_table() if x.player == p.player).card
    s.press(Command.SELECT, card)
    assert not s.ui.playback.playing
    assert s.ui.choice.soldier == (p.player, card)


def test_the_hint_during_the_replay_sits_under_the_question_and_says_a_button_acts() -> None:
    html = replaying().prompt()
    question = html.index("one of your soldiers to activate it")
    hint = html.index('class="skip-hint"')
    assert hint > html.index('<div class="foot">') > question
    assert "</span> to skip it; a button here acts at once." in html
    assert "</span> the board to skip; buttons act now." in html  # a phone's short words
    assert 'class="recent"' not in html  # what was played is told once it has been shown
