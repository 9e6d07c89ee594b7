"""A question the player may answer while what was played is shown: its buttons act at once.

During a show (the other side's turn played, or Replay last turn) a question the shown play asks
is live: a press of one of its buttons ends the show and does what the button says (a press on
the board or a key only skips, ``serm.web.pace``), and the hint that says so sits under the
question's buttons, never above the question. The choice of the next activation's soldier waits
for the show's end: its buttons would tell what the show has not shown yet."""

from __future__ import annotations

from serm.core.state import PendingKind
from serm.ui.events import Command, Skip
from serm.ui.model import ActMode
from tests.ui.player import Screen
from tests.ui.test_reduce import other_side_to_decide, shot_at_once


def replaying() -> Screen:
    """The other side decides its activation at this screen while Replay last turn plays the
    first side's Shoot again."""
    s = other_side_to_decide()
    assert s.state.pending is not None and s.state.pending.kind == PendingKind.ACT
    s.press(Command.REPLAY_LAST)
    assert s.ui.playback.playing
    return s


def test_the_next_activations_soldiers_are_offered_once_the_show_ends() -> None:
    s = replaying()
    html = s.prompt()
    assert 'data-action="select"' not in html and 'data-action="end"' not in html
    assert "one of your soldiers to activate it" not in html
    assert 'class="skip-hint"' in html and 'class="decider' in html
    s.send(Skip())
    html = s.prompt()
    assert 'data-action="select"' in html and "one of your soldiers to activate it" in html


def test_a_button_of_the_shown_activation_pressed_during_its_show_ends_it_and_acts() -> None:
    s, me = shot_at_once()
    assert s.ui.playback.playing and 'data-action="move"' in s.prompt()
    s.press(Command.MOVE)
    assert not s.ui.playback.playing
    assert s.ui.choice.soldier == (me, "assault") and s.ui.choice.mode == ActMode.AIM


def test_the_hint_during_the_show_sits_under_the_question_and_says_a_button_acts() -> None:
    s, _ = shot_at_once()
    html = s.prompt()
    question = html.index("is activated")
    hint = html.index('class="skip-hint"')
    assert hint > html.index('<div class="foot">') > question
    assert "</span> to skip it; a button here acts at once." in html
    assert "</span> the board to skip; buttons act now." in html  # a phone's short words
    assert 'class="recent"' not in html  # what was played is told once it has been shown
