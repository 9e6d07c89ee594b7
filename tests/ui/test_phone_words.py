"""A phone's short words (``panel.two_ways``) keep what a player needs to decide: a rule's
consequence (a Turn cannot be reacted to; a React that works takes the side's next activation)
and whose soldier a Move rams."""

from __future__ import annotations

from helpers import R, arrange, play

from serm.core.actions import Move
from serm.core.state import PendingKind
from serm.ui.model import UI
from serm.ui.panel import prompt_html
from serm.ui.reduce import settle
from tests.ui.test_reduce import deployed
from tests.ui.two_screens import phone_text, wide_text


def test_a_turn_says_it_cannot_be_reacted_to() -> None:
    s = deployed()
    s.key("4")
    s.key("t")
    assert "Turning in place is its Move (no roll, no React)." in wide_text(s.prompt())
    assert "drag the round handle (its Move: no roll, no React)." in phone_text(s.prompt())


def test_a_moves_aim_says_on_the_phone_that_the_round_handle_turns_it_first() -> None:
    """A drag on the handle turns the soldier before it sets off (R14): the phone's short aim
    says so, as the wide one does, so a player aiming knows the handle is not the aim."""
    s = deployed()
    s.key("4")
    s.key("m")
    assert "The round handle turns it before it sets off" in wide_text(s.prompt())
    assert "drag on the board. It goes 2d6 L. The round handle turns it first." in phone_text(
        s.prompt()
    )


def test_the_react_question_names_the_soldier_rammed_and_the_next_activation() -> None:
    """Player 1's Gunner moves right along y = 8.5 into player 2's Armored; player 2's Brawler
    may React: a phone's question says the Move rams the Armored and what follows a React that
    works (player 2's soldier acts, then the enemy plays, R19), as a wide screen's does."""
    state = arrange(
        {
            (1, "gunner"): (2.0, 8.5, 90.0),
            (2, "armored"): (5.5, 8.5, 0.0),
            (2, "brawler"): (7.0, 6.0, 180.0),
        },
        others=False,
    )
    asking = play(state, Move("gunner", 90.0, 90.0), R(3))
    assert asking.pending is not None and asking.pending.kind == PendingKind.REACT
    html = prompt_html(asking, settle(UI(), asking)[0])
    assert "ramming your Armored" in wide_text(html)
    assert "a React that works is your next activation" in wide_text(html)
    said = phone_text(html)
    assert (
        "The enemy Gunner rolled 3, ramming your Armored: React above 3 to stop it and act; "
        "then the enemy plays."
    ) in said, said
