"""A phone's short words (``panel.two_ways``) keep what a player needs to decide: a rule's
consequence (a Turn cannot be reacted to; a React that works takes the side's next activation)
and whose soldier a Move rams."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

from helpers import R, arrange, play

from serm.core import record
from serm.core.actions import Move, Stop
from serm.core.game import Game
from serm.core.state import PendingKind
from serm.ui import driver
from serm.ui.events import ShowEnded
from serm.ui.model import UI, Choice
from serm.ui.panel import prompt_html
from serm.ui.reduce import settle
from tests.ui.player import Screen
from tests.ui.rule_links import unlinked
from tests.ui.test_reduce import deployed
from tests.ui.two_screens import phone_text, wide_text

ROOT = Path(__file__).resolve().parents[2]


def test_a_turn_says_it_cannot_be_reacted_to() -> None:
    s = deployed()
    s.key("4")
    s.key("t")
    assert "Turning in place is its Move (no roll, no React)." in wide_text(s.prompt())
    said = "drag toward where it should face, anywhere on the board (its Move: no roll, no React)."
    assert said in phone_text(s.prompt())  # a press anywhere turns it, as on a wide screen


def test_a_moves_aim_says_on_the_phone_that_the_round_handle_turns_it_first() -> None:
    """A drag on the handle turns the soldier before it sets off (R14): the phone's short aim
    says so, as the wide one does, so a player aiming knows the handle is not the aim."""
    s = deployed()
    s.key("4")
    s.key("m")
    assert "The round handle turns it before it sets off" in wide_text(s.prompt())
    assert "(2d6 L); its round handle turns it." in phone_text(s.prompt())


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


def stopped_by_a_react() -> Screen:
    """The example game's first 15 actions (two people): player 1's Armored Moves, player 2's
    Assault Reacts; player 2 stops the Armored 0.40 L along its way (R19) and its Assault
    acts at once, three enemies in its sight."""
    data = json.loads((ROOT / "examples" / "complete-game.json").read_text())
    data["actions"] = data["actions"][:15]
    s = Screen(Game.from_record(record.from_dict(data)))
    assert s.waiting(PendingKind.STOP)
    s.ui = driver.play(s.game, s.ui, Stop(0.4, player=2), True).ui
    s.send(ShowEnded(s.ui.playback.shows))  # watched to its end
    assert s.waiting(PendingKind.ACT)
    return s


def test_the_activations_buttons_say_shoot_in_fewer_words_on_a_phone() -> None:
    """The menu's Shoot says how many enemies are in sight: "Shoot (3 in sight)" on a wide
    screen, "Shoot (3)" on a phone (so Move, Turn, Shoot and Pass keep one row at 360 px),
    its full words staying the button's name and title."""
    html = stopped_by_a_react().prompt()
    shoot = re.search(r'<button[^>]*data-action="shoot"[^>]*>.*?</button>', html)
    assert shoot is not None
    assert wide_text(shoot[0]) == "Shoot (3 in sight) S"
    assert phone_text(shoot[0]) == "Shoot (3)"
    assert 'aria-label="Shoot (3 in sight)"' in shoot[0]
    assert 'title="Shoot (3 in sight)"' in shoot[0]


def test_news_that_only_repeats_the_news_above_it_is_left_out_on_a_phone() -> None:
    """A React stopped player 1's Armored: what just happened says "The Armored is stopped
    after 0.40 L." and the status line who plays next, so a phone's short bar leaves out the
    news that its activation is over (R19), which a wide screen says under them."""
    html = stopped_by_a_react().prompt()
    told = "The React stopped the Armored: its activation is over."
    assert "The Armored is stopped after 0.40 L." in phone_text(html)
    assert told in wide_text(html)
    assert told not in phone_text(html) and "R19" not in phone_text(html)


def test_news_of_a_rule_is_one_short_line_on_a_phone() -> None:
    """Player 2's Gunner turns, which ends its activation (R22): what just happened says it
    turned; the news under it says on a phone only what that does not (the Gunner moves or
    shoots, never both) with its rule, and all of it on a wide screen."""
    s = deployed()
    s.key("2")  # the Gunner
    s.key("t")
    s.key("e")
    s.key("Enter")
    html = s.prompt()
    wide = "The Gunner has moved, and it moves or shoots, never both: its activation is over."
    assert wide in wide_text(html) and wide not in phone_text(html)
    assert "Player 2: The Gunner moves or shoots, never both. (rule R22)" in phone_text(html)


def test_a_rule_tag_stays_apart_from_the_sentence_after_it() -> None:
    """A rule tag in small print ends its sentence in brackets, so a sentence that follows it
    on the same line ("Moves or shoots, …") does not read as one phrase with it ("rule R21
    Moves"): the activated Gunner with nothing in sight, on a phone and on a wide screen."""
    layout = {(1, "gunner"): (5.0, 8.5, 180.0), (2, "armored"): (5.0, 2.0, 0.0)}
    state = arrange(layout, others=False)
    ui = settle(UI(), state)[0]
    ui = replace(ui, choice=Choice(soldier=(1, "gunner")))
    html = unlinked(prompt_html(state, ui))
    said = "it has nothing to shoot at. (rule R21) Moves or shoots, never both"
    assert said in phone_text(html) and said in wide_text(html)
    for tag in re.findall(r'<small class="rule">([^<]*)</small>', html):
        assert tag.startswith("(") and tag.endswith(")"), tag
