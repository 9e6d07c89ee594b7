"""Refusals in words (serm.ui.words): every refusal a player can meet is a sentence with the
cards' titles and the terrain's names, never a card's record key or a bare rule id; the rule
follows in small print."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from serm.core import queries as q
from serm.core.actions import Place, React, Shoot
from serm.core.cards import CARDS, other
from serm.core.state import PendingKind
from serm.ui import words
from serm.ui.events import Command, Hit, Refused
from serm.ui.panel import notice_html
from serm.ui.reduce import reduce
from tests.ui.player import Screen, deploy_all
from tests.ui.rule_links import unlinked

RAW_ID = re.compile(r"\b(" + "|".join(CARDS) + r")\b")
"""A card's record key as a word of its own ("gunner"): never in a message."""
BARE_RULE = re.compile(r"^\s*[CR]\d+|\([CR]\d+\)")
"""A rule id as the message, or in brackets in it: rules go in small print instead."""


def plain(text: str) -> str:
    """``text``, checked to be a plain sentence: no raw card id, no bare rule id."""
    assert text, "a refusal must say something"
    assert not RAW_ID.search(text), text
    assert not BARE_RULE.search(text), text
    assert text[0].isupper() and text.endswith("."), text
    return text


def screen(scenario: str = "default") -> Screen:
    s = Screen.new(scenario, 3)
    deploy_all(s)
    return s


ENEMY_ROW = [(x, 9.5) for x in (0.4, 1.1, 1.8, 2.5, 7.5, 8.2, 8.9, 9.6)]
"""Where the enemy waits in the tests (player 1's side): behind a soldier at y 8.5 facing up."""
OWN_ROW = [(0.4, 8.4), (1.1, 8.4), (8.9, 8.4), (9.6, 8.4), (8.2, 8.4)]


def arrange(s: Screen, mine: dict[str, tuple[float, float, float]]) -> None:
    """Put the deciding player's ``mine`` cards at (x, y, facing) as seen from player 1's side
    (mirrored for player 2); the other cards stand out of the way, the enemy's behind them."""
    p = s.state.pending
    assert p is not None
    flip = p.player == 2
    state = s.state
    enemy, own = iter(ENEMY_ROW), iter(OWN_ROW)
    for x in state.on_table():
        if x.player == p.player and x.card in mine:
            px, py, f = mine[x.card]
        else:
            px, py = next(own if x.player == p.player else enemy)
            f = 0.0
        if flip:
            py, f = 10.0 - py, (f + 180.0) % 360.0
        state = state.with_soldier(replace(x, x=px, y=py, facing=f))
    s.game.state = state


def enemy_at(s: Screen, card: str, x: float, y: float, facing: float = 0.0) -> None:
    """Put the enemy's ``card`` at (x, y, facing) as seen from player 1's side."""
    p = s.state.pending
    assert p is not None
    e = s.state.soldier(other(p.player), card)
    if p.player == 2:
        y, facing = 10.0 - y, (facing + 180.0) % 360.0
    s.game.state = s.state.with_soldier(replace(e, x=x, y=y, facing=facing))


def test_a_target_behind_the_wall_is_refused_naming_the_wall() -> None:
    s = screen()
    arrange(s, {"gunner": (5.0, 8.5, 0.0)})
    enemy_at(s, "ranger", 5.0, 5.0)  # straight ahead, behind the Wall (3-7, 6.7-7.1)
    enemy_at(s, "assault", 6.0, 7.5, 90.0)  # in sight past the Wall's end
    s.press(Command.SELECT, "gunner")
    s.press(Command.SHOOT)
    assert s.ui.choice.mode.value == "shoot"
    e = s.state.soldier(other(s.state.pending.player), "ranger")  # type: ignore[union-attr]
    s.down(e.x, e.y, Hit(e.player, e.card))
    said = plain(s.message)
    assert said == "The Wall blocks the Gunner's view of the enemy Ranger."
    assert s.ui.feedback.rule == "R12" and s.ui.choice.pick == "assault"  # its one target
    assert s.view().selected == (s.state.pending.player, "gunner")  # type: ignore[union-attr]
    assert '<small class="rule">(rule R12)</small>' in unlinked(s.prompt())


def test_a_shoot_with_one_enemy_in_sight_asks_only_its_confirmation() -> None:
    """With one enemy in sight there is no target to pick (R21): Shoot goes straight to
    "Shoot the Assault" with its odds, and Back leaves the Shoot (no list of one to go back
    to); with two in sight the target is picked first, and Back goes back to the list."""
    s = screen()
    arrange(s, {"gunner": (5.0, 8.5, 0.0)})
    enemy_at(s, "ranger", 5.0, 5.0)  # behind the Wall (3-7, 6.7-7.1)
    enemy_at(s, "assault", 6.0, 7.5, 90.0)  # in sight past the Wall's end
    s.press(Command.SELECT, "gunner")
    s.press(Command.SHOOT)
    assert s.ui.choice.mode.value == "shoot" and s.ui.choice.pick == "assault"
    assert "Shoot the Assault" in s.prompt() and "Pick a target" not in s.prompt()
    s.press(Command.CANCEL)
    assert s.ui.choice.mode.value == "menu" and s.ui.choice.pick is None

    enemy_at(s, "ranger", 4.0, 7.5, 270.0)  # a second enemy in sight, past the Wall's other end
    s.press(Command.SHOOT)
    assert s.ui.choice.mode.value == "shoot" and s.ui.choice.pick is None
    assert "Pick a target" in s.prompt()
    s.press(Command.TARGET, "ranger")
    assert s.ui.choice.pick == "ranger"
    s.press(Command.CANCEL)
    assert s.ui.choice.mode.value == "shoot" and s.ui.choice.pick is None


def test_a_target_behind_the_front_edge_is_refused_in_words() -> None:
    s = screen("open")
    arrange(s, {"gunner": (5.0, 8.5, 0.0)})
    enemy_at(s, "assault", 5.0, 5.0)
    enemy_at(s, "ranger", 4.0, 9.5)  # behind the Gunner's top edge
    s.press(Command.SELECT, "gunner")
    s.press(Command.SHOOT)
    e = s.state.soldier(other(s.state.pending.player), "ranger")  # type: ignore[union-attr]
    s.down(e.x, e.y, Hit(e.player, e.card))
    assert "behind the Gunner's front edge" in plain(s.message)
    assert s.ui.feedback.rule == "R11"


def test_shoot_with_no_enemy_in_sight_says_so() -> None:
    s = screen()
    arrange(s, {"gunner": (5.0, 8.5, 0.0)})  # every enemy in the row behind it
    s.press(Command.SELECT, "gunner")
    assert "No enemy is in the Gunner's sight" in s.prompt()  # the menu says why no Shoot
    s.press(Command.SHOOT)
    assert plain(s.message).startswith("No enemy is in the Gunner's sight")
    # The enemy Ranger sees all round (R13): it sees the Gunner, so the words say why (R11).
    assert "though the enemy Ranger sees it" in plain(s.message)
    assert s.ui.choice.mode.value == "menu" and s.ui.feedback.rule == "R11"


def test_the_engine_refusing_a_shot_out_of_sight_names_the_terrain() -> None:
    s = screen()
    arrange(s, {"gunner": (5.0, 8.5, 0.0)})
    enemy_at(s, "ranger", 5.0, 5.0)
    enemy_at(s, "assault", 6.0, 7.5, 90.0)
    p = s.state.pending
    assert p is not None
    said = words.refusal(s.state, "R21", "does not see", Shoot("gunner", "ranger", player=p.player))
    assert plain(said.text) == "The Wall blocks the Gunner's view of the enemy Ranger."


def test_a_soldier_that_cannot_act_says_why() -> None:
    s = screen("open")
    arrange(s, {"gunner": (5.0, 8.5, 0.0), "ranger": (2.0, 7.0, 0.0)})
    s.press(Command.SELECT, "gunner")
    s.press(Command.TURN)
    s.key("e")
    s.key("Enter")  # a turn is the Gunner's Move: its activation is over (R22)
    assert s.ui.feedback.news and s.ui.feedback.rule == "R22"
    assert "moves or shoots, never both" in plain(s.message)
    assert 'class="message news" role="status"' in s.prompt()


def test_selecting_another_soldier_mid_activation_is_refused_in_words() -> None:
    s = screen("open")
    arrange(s, {"assault": (5.0, 8.5, 0.0), "ranger": (2.0, 7.0, 0.0)})
    enemy_at(s, "armored", 5.0, 3.0)
    s.press(Command.SELECT, "assault")
    s.press(Command.TURN)
    s.key("e")
    s.key("Enter")  # turned: the Assault may still shoot, the activation goes on
    assert s.waiting(PendingKind.ACT) and s.state.activation is not None
    s.press(Command.SELECT, "ranger")
    assert plain(s.message) == "This activation belongs to your Assault."
    assert s.ui.feedback.rule == "R7"


def test_an_activation_ended_with_no_enemy_in_sight_is_news_with_the_region() -> None:
    s = screen("open")
    arrange(s, {"assault": (5.0, 8.5, 0.0)})
    s.press(Command.SELECT, "assault")
    s.press(Command.TURN)
    s.key("e")
    s.key("Enter")
    said = plain(s.message)
    assert said.startswith("No enemy is in the Assault's sight after its Move")
    assert s.ui.feedback.news and s.ui.feedback.rule == "R7"
    mover = [x for x in s.state.on_table() if x.card == "assault"]
    assert s.ui.pointer.hover in [(x.player, x.card) for x in mover]


def test_a_placement_refusal_names_what_is_in_the_way() -> None:
    s = Screen.new("default", 3)
    p = s.state.pending
    assert p is not None and p.kind == PendingKind.PLACE
    card = s.ui.ghost.card if s.ui.ghost else "gunner"
    outside = Place(card, 5.0, 5.0, 0.0, player=p.player)
    said = words.refusal(s.state, "R6", "cannot place: must lie ...", outside)
    assert "deployment zone" in plain(said.text) and said.rule == "R6"
    ui, _ = reduce(s.ui, s.state, Refused("R6", "cannot place: x (R6)", outside))
    assert ui.feedback.message == said.text and ui.feedback.rule == "R6"


def test_a_facing_refusal_names_the_terrain() -> None:
    s = screen()
    arrange(s, {"assault": (2.6, 7.2, 0.0)})  # beside the Wall's end (x 3.0)
    s.press(Command.SELECT, "assault")
    s.press(Command.TURN)
    a = s.state.soldier(s.state.pending.player, "assault")  # type: ignore[union-attr]
    problem = q.facing_problem(s.state, a, 90.0)
    assert problem is not None
    said = words.facing(a, problem)
    assert plain(said.text) == "The Assault cannot face that way: it would overlap the Wall."
    assert said.rule == "R4"


def test_react_refusals_say_why() -> None:
    s = screen("open")
    p = s.state.pending
    assert p is not None
    never = words.refusal(s.state, "R23", "your Armored cannot react", React("armored", player=1))
    assert plain(never.text) == "Your Armored never reacts." and never.rule == "R23"
    blind = words.refusal(s.state, "R18", "x", React("ranger", player=1))
    assert "does not see this Move" in plain(blind.text)


def test_acting_out_of_turn_is_said_in_words() -> None:
    s = screen("open")
    p = s.state.pending
    assert p is not None
    said = words.refusal(s.state, "C18", "this is player 1's action", Shoot("gunner", "ranger"))
    assert plain(said.text).startswith("It is not your turn") and said.rule == "C18"


@pytest.mark.parametrize(
    ("rule", "text"),
    [
        ("R8", "the game is over"),
        ("R17", "the path is 3.200 L long; it must be exactly 4 L (R17)"),
        ("C19", "a path lists at most 64 points; this one lists 70"),
        ("R9", "bad dice for the shoot roll: six faces"),
        ("R5", "your Gunner is already placed"),
    ],
)
def test_other_engine_refusals_become_sentences_with_the_rule_apart(rule: str, text: str) -> None:
    s = screen("open")
    said = words.refusal(s.state, rule, text)
    assert plain(said.text) and said.rule == rule


def test_the_rule_is_small_print_and_everything_is_escaped() -> None:
    html = unlinked(words.message_html("The <b> blocks.", "R12"))
    assert html == (
        '<p class="message" role="alert">The &lt;b&gt; blocks. '
        '<small class="rule">(rule R12)</small></p>'
    )
    assert 'role="status"' in words.message_html("Done.", "", news=True)
    assert words.message_html("", "R1") == ""


def test_a_good_import_is_news_and_a_failed_one_a_warning() -> None:
    good = "Imported a game on the default table (12 actions, playing)."
    bad = "Import failed: not JSON. Nothing was changed."
    html = notice_html([good, bad])
    assert '<div role="status"><ul class="notice news"><li>Imported' in html
    assert '<div role="alert"><ul class="notice"><li>Import failed' in html
    assert 'role="alert"' not in notice_html([good])


def test_every_message_of_a_whole_game_is_a_plain_sentence() -> None:
    from tests.ui.test_reduce import _step, deployed

    s = deployed(seed=11)
    said: set[str] = set()
    for _ in range(1500):
        if s.state.status.value == "finished":
            break
        before = len(s.game.record.actions)
        _step(s)
        if s.message:
            said.add(s.message)
        if len(s.game.record.actions) == before and s.message:
            s.key("Escape")
            s.key("p")
    assert said, "the game said nothing: the test plays no refusal and no news"
    for text in said:
        plain(text)


def test_a_move_says_which_rolls_end_it_where_it_cannot_turn_every_way() -> None:
    """A Move aimed up the open table from its middle halts against the top edge from a roll
    of 5 on (2d6: 83%); 0.5 L from that edge, some facings stick out over it (R4), so the
    outlook warns before the roll that those rolls leave it unable to turn every way (R14);
    aimed straight at the near left edge, every roll ends so; across the table, from 9 on."""
    from helpers import arrange as placed

    state = placed(
        {(1, "assault"): (5.0, 5.0, 0.0), (2, "armored"): (9.0, 9.0, 180.0)}, others=False
    )
    s = state.soldier(1, "assault")

    def said(aim: float, at: tuple[float, float] = (5.0, 5.0)) -> str | None:
        mover = replace(s, x=at[0], y=at[1])
        moved = state.with_soldier(mover)
        halt = q.straight_reach(moved, mover, aim, 0.0)[1]
        found = words.cramped(moved, mover, aim, 0.0, halt)
        return None if found is None else found.text

    up = said(0.0)
    assert up is not None and up.startswith("A roll of 5 or more ends it where it cannot turn")
    assert up.endswith("(83%).")
    left = said(270.0, (2.0, 6.0))
    assert left is not None and left.startswith("Whatever it rolls, it ends")
    right = said(90.0, (1.0, 2.0))  # 8 L ends 1 L from the right edge: every facing fits
    assert right is not None and right.startswith("A roll of 9 or more") and "(28%)" in right
