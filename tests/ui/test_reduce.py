"""The reducer driven as a player would: keys, pointer presses, drags and buttons, to the end.

Every event kind, command, activation mode and drag is exercised here on CPython (a static check
at the end keeps it so). Dice are typed in (referee mode, R24) where a test needs an outcome.
"""

from __future__ import annotations

import ast
import math
import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import get_args

import pytest

from serm.ai import seated_players
from serm.core import queries as q
from serm.core.actions import Face, Move, React, Shoot, Stop
from serm.core.actions import Path as Traced
from serm.core.cards import CARDS
from serm.core.forecast import straight_move
from serm.core.geometry import Vec, bearing_of
from serm.core.rules import MAX_PATH_CORNERS
from serm.core.state import EventKind, Pending, PendingKind, Soldier, State, Status
from serm.ui import deploy, details, driver, exposure, outlook, path, playback, screen, words
from serm.ui.details import card_html
from serm.ui.events import (
    Command,
    Dice,
    Event,
    Hit,
    Key,
    PointerCancel,
    PointerDown,
    PointerLeft,
    PointerMove,
    PointerUp,
    Press,
    Refused,
    Rest,
    Settled,
    ShowEnded,
    Shown,
    Skip,
    Speed,
    Wheel,
    ZoomAt,
)
from serm.ui.help import HELP_HTML
from serm.ui.keys import KEYMAP, badge, binding
from serm.ui.model import UI, ActMode, Choice, Drag, Trace
from serm.ui.panel import prompt_html, status_html
from serm.ui.reduce import reduce
from serm.ui.screen import choices, chosen, computer_to_decide, prompt_key, question_key
from serm.view import frame
from serm.view.beats import BeatKind
from serm.view.board import percent
from serm.view.model import Viewport
from serm.view.motion import motions
from serm.view.render import render
from tests.ui.player import Screen, deploy_all
from tests.ui.rule_links import unlinked


def typed(s: Screen, high: bool) -> str:
    """Faces for the pending pool: all ones, or all sixes (each re-rolled into a 1 if it must)."""
    p = s.state.pending
    assert p is not None and p.kind == PendingKind.ROLL and p.pool is not None
    face = ("6 1" if p.pool.exploding else "6") if high else "1"
    return "|".join([face] * p.pool.dice)


def deployed(seed: int = 3, referee: bool = False, scenario: str = "open") -> Screen:
    s = Screen.new(scenario, seed, referee=referee)
    if referee:
        s.dice("5|2")  # player 1 wins the roll-off and places first
    deploy_all(s)
    return s


def missed_volley(s: Screen) -> Iterator[Pending]:
    """The Gunner's volley under way with every shot missed (the Shoot typed low, the Endure
    high, R21): each target question in turn, until anything else is pending. The caller
    answers each one (or stops)."""
    while True:
        p = s.state.pending
        assert p is not None
        if p.kind == PendingKind.ROLL:
            s.dice(typed(s, high=p.purpose == "endure"))
        elif p.kind == PendingKind.TARGET:
            yield p
        else:
            return


def mine(s: Screen, card: str) -> Soldier:
    p = s.state.pending
    assert p is not None
    return s.state.soldier(p.player, card)


def hit(x: Soldier) -> Hit:
    return Hit(x.player, x.card)


# --- deployment ---------------------------------------------------------------------------------


def test_deployment_by_keys_places_ten_cards_in_turn() -> None:
    s = deployed(scenario="default")
    assert s.state.status == Status.PLAYING
    assert all(x.placed for x in s.state.soldiers)
    assert s.state.initiative == 3 - s.state.first_placer


def test_a_ghost_outside_the_zone_is_refused_with_its_reason() -> None:
    s = Screen.new()
    p, g = s.state.pending, s.ui.ghost
    assert g is not None
    s.down(g.x, g.y)
    s.move(5.0, 5.0)  # mid-table: outside both zones
    assert s.ui.pointer.drag == Drag.GHOST
    assert s.ui.ghost is not None and s.ui.ghost.problem is not None
    assert s.ui.ghost.problem.rule == "R6"
    s.up(5.0, 5.0)
    assert s.ui.pointer.drag == Drag.NONE
    s.key("Enter")
    assert s.ui.feedback.rule == "R6" and "deployment zone" in s.message
    assert s.state.pending == p  # nothing placed
    assert "cannot be placed here" in s.prompt() and 'class="message"' not in s.prompt()


def test_a_placement_refused_is_no_longer_said_once_the_card_is_placed_anew() -> None:
    """A refusal tells why the last attempt was refused: "Place card" with the card over one
    already placed is refused (R4); the card then put elsewhere (a tap, a drag, an arrow key,
    the wheel) or another card picked is a new attempt, and the refusal is gone from above the
    question (the placement's own problem line tells of the new spot, R6)."""
    free = (6.25, 9.3)
    ways: dict[str, tuple[Event, ...]] = {
        "tap": (PointerDown(*free, touch=True), PointerUp(*free, touch=True)),
        "drag": (PointerDown(5.6, 9.0), PointerMove(*free), PointerUp(*free)),
        "arrow key": (Key("ArrowRight"),),
        "wheel": (Wheel(100),),
        "another card": (Press(Command.CARD, "armored"),),
    }
    for way, events in ways.items():
        s = Screen.new()
        s.key("Enter")
        s.key("Enter")  # one card each: the first player places its second
        first = s.state.on_table()[0]
        s.down(first.x + 0.6, first.y)  # beside it, overlapping it
        s.up(first.x + 0.6, first.y)
        s.send(Rest())  # what is worked out about the spot is no new attempt
        s.key("Enter")
        assert s.message == "The Gunner cannot be placed here: it would overlap your Ranger."
        s.send(Rest())
        assert s.message
        for event in events:
            s.send(event)
        assert s.message == "" and 'class="message"' not in s.prompt(), way
        assert s.state.pending is not None and s.state.pending.player == first.player, way


def test_a_refusal_in_an_activation_goes_with_the_next_attempt_not_with_the_pointer() -> None:
    """The same in an activation: the Brawler's Shoot is refused (Shoot 0, R21), or the
    engine refuses the Assault's Move; a pointer that only moves, or an aim that only follows
    it, is no new attempt and the refusal stays; a Turn begun, or the Move's aim set by a drag
    (R15), is one, and the refusal goes."""
    s = deployed()
    brawler = mine(s, "brawler")
    s.press(Command.SELECT, "brawler")
    s.press(Command.SHOOT)
    assert s.message == "Your Brawler cannot shoot."
    s.move(brawler.x + 1.0, brawler.y - 2.0)
    assert s.message == "Your Brawler cannot shoot."
    s.press(Command.TURN)
    assert s.message == "" and 'class="message"' not in s.prompt()

    s = deployed()
    me = mine(s, "assault")
    s.press(Command.SELECT, "assault")
    s.press(Command.MOVE)
    s.send(Refused("R15", "the Move is refused (R15)", Move("assault", 0.0, me.facing)))
    assert s.message == "The Move is refused."
    aim = s.ui.choice.aim
    s.move(me.x + 1.0, me.y - 2.0)  # the aim follows the pointer
    assert s.ui.choice.aim != aim and s.message == "The Move is refused."
    s.drag((me.x + 1.0, me.y - 2.0), (me.x - 1.0, me.y - 2.0))
    assert s.ui.choice.aim_locked
    assert s.message == "" and 'class="message"' not in s.prompt()


def test_rotation_by_wheel_keys_and_handle() -> None:
    s = Screen.new()
    g = s.ui.ghost
    assert g is not None
    start = g.facing
    s.wheel(100)
    assert s.ui.ghost is not None and s.ui.ghost.facing == (start + 15) % 360
    s.key("q")
    assert s.ui.ghost.facing == start % 360
    s.key("]")
    s.key("[")
    assert s.ui.ghost.facing == start % 360
    s.down(g.x + 1.0, g.y, Hit(handle=True))  # the handle dragged to the right: face 90
    assert s.ui.pointer.drag == Drag.ROTATE
    assert abs(s.ui.ghost.facing - 90.0) < 0.5
    s.up(g.x + 1.0, g.y)


def test_arrow_keys_nudge_the_card_being_placed_and_shift_nudges_further() -> None:
    s = Screen.new()
    g = s.ui.ghost
    assert g is not None
    s.key("ArrowRight")
    s.key("ArrowUp", shift=True)
    s.key("ArrowDown")
    s.key("ArrowLeft")
    moved = s.ui.ghost
    assert moved is not None
    assert (round(moved.x - g.x, 6), round(moved.y - g.y, 6)) == (0.0, -0.4)


def test_number_keys_and_card_buttons_choose_the_card_to_place() -> None:
    s = Screen.new()
    s.key("3")
    assert s.ui.ghost is not None and s.ui.ghost.card == "armored"
    s.press(Command.CARD, "brawler")
    assert s.ui.ghost.card == "brawler"
    s.press(Command.CARD, "nonsense")
    assert s.ui.ghost.card == "brawler"
    s.key("Enter")
    assert s.state.soldier(s.state.first_placer, "brawler").placed


def test_the_cards_to_place_and_place_card_stay_together_at_the_bar_s_foot() -> None:
    """On a phone the foot flows as one row of compact buttons kept in view: the
    cards to pick and Place card are in it; why the card may not stand is said above it."""
    s = Screen.new()
    s.down(5.0, 5.0)  # a tap mid-table, outside both zones, puts the card there
    s.up(5.0, 5.0)
    prompt = s.prompt()
    foot = prompt[prompt.index('<div class="foot">') :]
    assert foot.count('data-action="card"') == 5
    assert 'data-action="confirm"' in foot and 'data-action="exposure"' in foot
    assert 'class="problem"' in prompt and 'class="problem"' not in foot


def test_deployment_tells_each_side_who_shoots_first() -> None:
    """The roll-off's winner places first and the other side, placing last, acts first (R5):
    each side reads who acts first with why, so "won the roll-off" beside "You act first" is
    no contradiction."""
    s = Screen.new("default")
    assert "won the roll-off" in s.prompt()
    assert "Your opponent places last, so they act first" in s.prompt()
    s.key("Enter")
    assert "You place last, so you act first" in s.prompt()


# --- choosing and aiming ------------------------------------------------------------------------


def test_number_keys_follow_the_listed_soldiers_after_a_death() -> None:
    s = deployed()
    p = s.state.pending
    assert p is not None
    gunner = s.state.soldier(p.player, "gunner")
    s.game.state = s.state.with_soldier(replace(gunner, alive=False))
    listed = [x.card for x in s.state.alive(p.player)]
    s.key("2")
    assert s.ui.choice.soldier == (p.player, listed[1])


def test_a_press_on_an_own_card_selects_it_and_escape_puts_it_back() -> None:
    s = deployed()
    a = mine(s, "assault")
    s.down(a.x, a.y, hit(a))
    assert s.ui.choice.soldier == (a.player, "assault")
    assert s.ui.choice.mode == ActMode.MENU
    assert "Move" in s.prompt() and "<kbd>M</kbd>" in s.prompt()
    s.key("Escape")
    assert s.ui.choice.soldier is None


def test_aiming_follows_the_pointer_until_a_drag_sets_it() -> None:
    s = deployed()
    s.key("4")
    s.key("m")
    c = s.ui.choice
    assert c.mode == ActMode.AIM and c.aim == c.facing
    me = mine(s, "assault")
    s.move(me.x + 2.0, me.y)
    assert s.ui.choice.aim == 90.0  # the pointer swings the aim
    view = s.view()
    assert view.move_preview is not None and view.move_preview.direction == 90.0
    s.down(me.x, me.y - 2.0)
    assert s.ui.pointer.drag == Drag.AIM and s.ui.choice.aim == 0.0
    s.up(me.x, me.y - 2.0)
    assert s.ui.choice.aim_locked
    s.move(me.x - 2.0, me.y)
    assert s.ui.choice.aim == 0.0  # set: the pointer no longer swings it
    s.key("ArrowRight")
    assert s.ui.choice.aim == 5.0
    s.key("Escape")
    assert s.ui.choice.mode == ActMode.MENU and s.ui.choice.aim is None


def test_confirm_rolls_the_aimed_move_with_its_start_facing() -> None:
    s = deployed()
    s.key("4")
    s.press(Command.MOVE)
    s.key("e")  # the start facing turns by its handle or Q/E (R14)
    facing, aim = s.ui.choice.facing, s.ui.choice.aim
    assert facing is not None and aim is not None and facing != aim
    before = len(s.game.record.actions)
    who = pending_player(s)
    s.press(Command.CONFIRM)
    assert s.game.record.actions[before] == Move(
        "assault", round(aim, 2), round(facing, 2), player=who
    )


def test_a_drag_from_the_handle_before_aiming_points_the_move_the_way_the_card_turns() -> None:
    """The handle sits where the aim line begins: a drag that starts on it turns the card and,
    until the Move is aimed on purpose, the Move with it; once aimed, it turns only the card."""
    s = deployed()
    s.key("4")
    s.press(Command.MOVE)
    me = chosen(s.state, s.ui)
    assert me is not None and s.ui.choice.aim == me.facing
    s.down(me.x, me.y - 0.9, Hit(handle=True))
    s.move(me.x + 1.0, me.y)
    s.up(me.x + 1.0, me.y)
    assert (s.ui.choice.facing, s.ui.choice.aim) == (90.0, 90.0)
    s.down(me.x - 2.0, me.y)  # aimed on purpose: west
    s.up(me.x - 2.0, me.y)
    assert s.ui.choice.aim == 270.0
    s.down(me.x + 0.9, me.y, Hit(handle=True))
    s.move(me.x, me.y + 1.0)
    s.up(me.x, me.y + 1.0)
    assert (s.ui.choice.facing, s.ui.choice.aim) == (180.0, 270.0)


def first_player(s: Screen) -> int:
    return 3 - s.state.first_placer


def pending_player(s: Screen) -> int:
    """The player the game waits for: the one an action sent now is recorded for (C18)."""
    p = s.state.pending
    assert p is not None
    return p.player


def test_turning_in_place_is_a_turn_action() -> None:
    s = deployed()
    s.key("4")
    s.key("t")
    assert s.ui.choice.mode == ActMode.TURN
    me = mine(s, "assault")
    s.drag((me.x, me.y), (me.x + 1.0, me.y))
    assert s.ui.choice.facing == 90.0
    assert s.view().facing_handle == ((me.player, "assault"), 90.0)
    s.key("Enter")
    assert s.state.soldier(me.player, "assault").facing == 90.0


def test_a_facing_that_overlaps_is_shown_once_and_not_sent() -> None:
    s = deployed(scenario="default")
    p = s.state.pending
    assert p is not None
    # put the Ranger right next to the Gunner, then turn it into it
    g = s.state.soldier(p.player, "gunner")
    r = s.state.soldier(p.player, "ranger")
    s.game.state = s.state.with_soldier(replace(r, x=g.x + 0.72, y=g.y, facing=0.0))
    s.press(Command.SELECT, "ranger")
    s.key("t")
    s.key("e")
    s.key("e")
    s.key("e")
    s.key("e")
    s.key("e")
    s.key("e")  # 90: its long side now overlaps the Gunner
    assert "cannot face that way" in s.prompt()
    assert s.view().facing_refused  # the board draws no sight for it
    s.key("Enter")  # sends nothing: the prompt already says why, with its rule
    assert s.message == "" and s.prompt().count("would overlap your Gunner") == 1
    assert "R4" in s.prompt() and s.state.pending == p


# --- shooting -----------------------------------------------------------------------------------


def test_shooting_a_target_by_press_and_by_number() -> None:
    s = deployed(referee=True)
    me = mine(s, "assault")
    s.down(me.x, me.y, hit(me))
    s.key("s")
    assert s.ui.choice.mode == ActMode.SHOOT
    seen = q.visible_enemies(s.state, me)
    assert seen and "to kill" in s.prompt()
    assert any(role == "target" for _, role in s.view().highlights)
    t = seen[0]
    before = len(s.game.record.actions)
    s.down(t.x, t.y, hit(t))  # picked: nothing is rolled before it is confirmed
    assert s.ui.choice.pick == t.card and len(s.game.record.actions) == before
    assert ((t.player, t.card), "chosen") in s.view().highlights
    assert "Shoot the enemy" in s.prompt() and "to kill" in s.prompt()
    s.key("Escape")  # back to the list of targets, still shooting
    assert s.ui.choice.pick is None and s.ui.choice.mode == ActMode.SHOOT
    s.key("1")
    assert s.ui.choice.pick == t.card and len(s.game.record.actions) == before
    s.key("Enter")
    shot = s.state.shot
    assert shot is not None and (shot.shooter, shot.target) == ("assault", t.card)
    assert s.game.record.actions[before:] == [Shoot("assault", t.card, player=me.player)]


def test_the_gunners_last_target_is_a_default_shown_and_switched_off() -> None:
    for auto in (True, False):
        s = deployed(referee=True)
        s.key("2")
        s.key("s")
        assert "last target is shot without asking" in s.prompt()
        if not auto:
            s.key("a")
            assert "You pick the last target too." in s.prompt()
        seen = q.visible_enemies(s.state, mine(s, "gunner"))
        assert len(seen) >= 2
        s.key("1")
        s.key("Enter")
        for asked in missed_volley(s):
            if len(asked.options) <= 1:
                break
            assert "Pick its next target" in s.prompt()
            s.press(Command.TARGET, asked.options[0])
            assert s.waiting(PendingKind.TARGET) and "Shoot the enemy" in s.prompt()
            s.press(Command.CONFIRM)
        shoots = [a for a in s.game.record.actions if isinstance(a, Shoot)]
        if auto:
            assert len(shoots) == len(seen)  # the last one was shot by the default
            p = s.state.pending
            assert p is not None and p.kind == PendingKind.ACT  # the activation is over
        else:
            assert len(shoots) == len(seen) - 1
            p = s.state.pending
            assert p is not None and p.kind == PendingKind.TARGET and len(p.options) == 1
            assert "auto-target" not in s.prompt()  # with one left, the switch changes nothing
            s.key("1")
            s.key("Enter")
            assert len([a for a in s.game.record.actions if isinstance(a, Shoot)]) == len(seen)


def test_the_last_target_setting_is_a_sentence_and_its_switch_says_what_it_turns_on() -> None:
    """With the default on and off, the Gunner's Shoot question says what happens to its last
    target in a sentence of its own before the rules it follows, and the switch is a toggle
    named for what it turns on (asking before the last shot), pressed while it is on."""
    s = deployed(referee=True)
    s.key("2")
    s.key("s")
    said = {
        True: ("The last target is shot without asking.", "off", "false"),
        False: ("You pick the last target too.", "on", "true"),
    }
    for auto in (True, False):
        assert s.ui.settings.auto_last_target is auto
        html = s.prompt()
        sentence, state, pressed = said[auto]
        question = re.sub(r"<[^>]+>", "", html.split('<div class="foot">', 1)[0])
        assert f"it sees. {sentence} (rules R21, R22)" in question, question
        switch = (
            f'<button type="button" data-action="auto-target" aria-pressed="{pressed}">'
            f"Ask before the last shot: {state} <kbd>A</kbd></button>"
        )
        assert switch in html, html
        s.key("a")


# --- React, stop point, end facing --------------------------------------------------------------


def to_react(referee: bool = True) -> Screen:
    """The Assault of whoever acts first moves 2 L straight at the enemy line: React is asked."""
    s = deployed(referee=referee)
    s.key("4")
    s.key("m")
    s.key("Enter")
    s.dice("1|1")
    assert s.waiting(PendingKind.REACT), s.prompt()
    return s


def test_the_react_question_has_fewer_words_for_a_phone_and_one_row_of_buttons() -> None:
    """A phone's short bar shows the React question in fewer words (``.phone-words``), the
    Reacts in one row of cards with Let it move beside them (static/css/serm.css)."""
    html = to_react().prompt()
    html = html[html.index("<h2") :]  # the question, after what just happened
    short = re.search(r'<span class="phone-words">([^<]*)</span>', html)
    full = re.search(r'<span class="wide-words">([^<]*)</span>', html)
    assert short and full and len(short.group(1)) < 0.7 * len(full.group(1))
    assert "React above 2 to stop it and act; then the enemy plays." in short.group(1)
    assert '<div class="choices cards reacts">' in html


def test_react_by_press_then_the_stop_point_by_drag_and_keys() -> None:
    s = to_react()
    p = s.state.pending
    assert p is not None
    assert all(role == "reactor" for _, role in s.view().highlights)
    reactor = s.state.soldier(p.player, p.options[0])
    before = len(s.game.record.actions)
    s.down(reactor.x, reactor.y, hit(reactor))  # picked: its React waits for the confirmation
    assert s.ui.choice.pick == reactor.card and len(s.game.record.actions) == before
    assert "React with your" in s.prompt()
    s.press(Command.CONFIRM)
    assert s.game.record.actions[before:] == [React(reactor.card, player=p.player)]
    s.dice(typed(s, high=True))
    assert s.waiting(PendingKind.STOP)
    mv = s.state.move
    assert mv is not None and s.ui.stop_at is not None and s.ui.stop_at <= mv.halt
    assert s.view().stop_at == s.ui.stop_at
    start = mv.path[0]
    s.down(start.x, start.y)
    assert s.ui.pointer.drag == Drag.STOP and s.ui.stop_at == 0.0
    s.up(start.x, start.y)
    s.key("ArrowRight")
    assert s.ui.stop_at == pytest.approx(0.1)
    who = pending_player(s)
    s.key("Enter")
    assert s.game.record.actions[-1] == Stop(0.1, player=who)
    a = s.state.activation
    assert a is not None and a.reaction and a.card == reactor.card
    assert s.ui.choice.soldier == (reactor.player, reactor.card)


def to_stop() -> Screen:
    """A React that beat the Move (R19): its player picks where the mover stops."""
    s = to_react()
    p = s.state.pending
    assert p is not None
    s.press(Command.REACT, p.options[0])
    s.press(Command.CONFIRM)
    s.dice(typed(s, high=True))
    assert s.waiting(PendingKind.STOP)
    return s


def test_home_and_end_put_the_stop_point_at_the_paths_start_and_its_halt() -> None:
    """Home and End move the stop marker to the two ends of its range, 0 L and the halt, as
    the arrow keys slide it within it (R19, C15); End then Enter stops the mover there."""
    s = to_stop()
    mv = s.state.move
    assert mv is not None and s.ui.stop_at is not None and 0.0 < mv.halt
    s.key("Home")
    assert s.ui.stop_at == 0.0 and s.view().stop_at == 0.0
    s.key("End")
    assert s.ui.stop_at == mv.halt
    who = pending_player(s)
    s.key("Enter")
    assert s.game.record.actions[-1] == Stop(mv.halt, player=who)


def test_declining_a_react_then_the_end_facing_by_handle_and_keep() -> None:
    s = to_react()
    who = pending_player(s)
    s.key("n")
    assert s.game.record.actions[-1] == React(None, player=who)
    assert s.waiting(PendingKind.FACE)
    me = s.state.soldier(first_player(s), "assault")
    assert s.ui.choice.facing == me.facing and s.view().facing_handle is not None
    s.drag((me.x + 0.9, me.y), (me.x - 1.0, me.y), Hit(handle=True))
    assert s.ui.choice.facing == 270.0
    who = pending_player(s)
    s.key("k")
    assert s.game.record.actions[-1] == Face(None, player=who)


def test_end_facing_confirmed() -> None:
    s = to_react()
    s.press(Command.REACT)
    me = s.state.soldier(first_player(s), "assault")
    s.wheel(-1)
    who = pending_player(s)
    s.key("Enter")
    assert s.game.record.actions[-1] == Face(round((me.facing - 15.0) % 360, 2), player=who)


def test_results_of_an_action_head_the_prompt_until_the_next_decision() -> None:
    s = deployed()
    start = s.ui.feedback.recent_from
    assert start == len(s.game.events) - 1 or start <= len(s.game.events)
    s.key("4")
    s.key("m")
    before = len(s.game.events)
    s.key("Enter")
    assert s.ui.feedback.recent_from == before
    recent = s.game.events[s.ui.feedback.recent_from :]
    assert any(e.kind == EventKind.ROLL for e in recent)
    assert 'class="recent"' in s.prompt()


def test_a_move_reports_the_path_the_card_slid_along() -> None:
    s = deployed()
    p = s.state.pending
    assert p is not None
    s.key("4")
    s.key("m")
    states = s.key("Enter")
    while s.waiting(PendingKind.REACT):
        states += s.key("n")[1:]
    moved = [m for a, b in zip(states, states[1:], strict=False) for m in motions(a, b)]
    corners = next(c for key, c in moved if key == (p.player, "assault"))
    me = s.state.soldier(p.player, "assault")
    assert corners[-1][:2] == (me.x, me.y) and len(corners) >= 2


# --- the Brawler's path -------------------------------------------------------------------------


def to_path(total: str = "1|1|1") -> Screen:
    s = deployed(referee=True)
    s.key("5")
    s.key("m")
    s.key("Enter")  # the Brawler rolls first (R17)
    s.dice(total)
    assert s.waiting(PendingKind.PATH), s.prompt()
    return s


def test_brawler_path_corners_undo_and_finish_by_pointer() -> None:
    s = to_path()
    me = s.state.soldier(first_player(s), "brawler")  # its path runs down into the open
    s.down(me.x, me.y + 1.5)
    assert s.ui.trace.corners == (Vec(me.x, me.y + 1.5),)
    assert "1.50 L left" in s.prompt()
    s.down(me.x, me.y + 1.51)  # too close to the last corner: none added
    assert len(s.ui.trace.corners) == 1
    s.press(Command.UNDO_CORNER)
    assert s.ui.trace.corners == ()
    s.down(me.x - 1.0, me.y + 1.5)
    s.key("u")
    s.key("u")
    assert s.ui.trace.corners == ()
    s.down(me.x, me.y + 1.5)
    s.key("Escape")  # restart the path
    assert s.ui.trace.corners == ()
    s.down(me.x, me.y + 1.5)
    s.move(me.x + 3.0, me.y + 1.5)
    trace = s.view().path_trace
    assert trace is not None and trace.cursor == (me.x + 1.5, me.y + 1.5)
    s.press(Command.STRAIGHT)
    assert not s.waiting(PendingKind.PATH)
    path = s.game.record.actions[-1]
    assert path == Traced(((me.x, me.y + 1.5), (me.x + 1.5, me.y + 1.5)), player=me.player)


def test_a_traced_path_stops_at_64_points() -> None:
    """C19: the 63rd corner a player adds ends the path, straight on with the length left (here
    that runs into something, so it waits for Finish path, R16); a stored trace longer than
    that restores its first 63 corners only."""
    s = to_path("3|3|3")  # 9 L: room for 63 zigzag legs of 0.1 L
    me = s.state.soldier(first_player(s), "brawler")
    corners = 0
    while len(s.ui.trace.corners) < MAX_PATH_CORNERS - 1:
        assert corners < 200 and s.waiting(PendingKind.PATH)
        s.down(me.x + (0.1 if corners % 2 == 0 else 0.0), me.y)
        corners += 1
    assert corners == MAX_PATH_CORNERS - 1
    assert s.waiting(PendingKind.PATH)
    s.down(me.x, me.y + 1.0)  # no corner past the last one a path may have
    assert len(s.ui.trace.corners) == MAX_PATH_CORNERS - 1
    s.press(Command.STRAIGHT)
    sent = s.game.record.actions[-1]
    assert isinstance(sent, Traced) and len(sent.points) == MAX_PATH_CORNERS
    t = to_path("3|3|3")
    me = t.state.soldier(first_player(t), "brawler")
    zigzag = [[me.x + (0.1 if i % 2 == 0 else 0.0), me.y] for i in range(100)]
    restored = driver.open_ui(t.game, {"trace": zigzag})
    assert len(restored.trace.corners) == MAX_PATH_CORNERS - 1


def test_brawler_path_by_keyboard() -> None:
    s = to_path()
    me = s.state.soldier(first_player(s), "brawler")
    s.key("ArrowLeft")  # a cursor one L ahead, turned 5°
    cursor = s.ui.trace.cursor
    assert cursor is not None and round(bearing_of(cursor - me.pos)) == round(me.facing - 5) % 360
    s.key(" ")
    assert len(s.ui.trace.corners) == 1
    s.key("Enter")
    assert not s.waiting(PendingKind.PATH)


def test_a_last_corner_that_uses_up_the_roll_sends_the_path() -> None:
    s = to_path()
    me = s.state.soldier(first_player(s), "brawler")
    s.down(me.x, me.y + 5.0)  # farther than 3 L: cut at 3 L, and the path is complete
    assert not s.waiting(PendingKind.PATH)


# --- referee mode, cancels, the computer, hover ---------------------------------------------------


def test_referee_mode_takes_typed_in_faces_and_refuses_bad_ones() -> None:
    s = Screen.new(referee=True)
    p = s.state.pending
    assert p is not None and p.kind == PendingKind.ROLL and p.purpose == "rolloff"
    assert "Enter dice" in s.prompt()
    s.dice("5|2")
    assert s.state.status == Status.DEPLOYMENT and s.state.first_placer == 1
    deploy_all(s)
    s.key("4")
    s.key("m")
    s.key("Enter")
    before = s.state
    s.dice("6 2")  # a plain Move pool never re-rolls a six (R9)
    assert s.state == before and s.ui.feedback.rule == "R9" and "dice" in s.message
    s.dice("x")
    assert s.state == before and "numbers" in s.message
    s.dice("3|1")
    assert s.state.move is None or s.state.move.total == 4
    assert s.ui.seats.referee


def test_typed_dice_are_ignored_when_no_dice_are_pending() -> None:
    s = deployed()
    ui = s.ui
    assert reduce(ui, s.state, Dice("3")) == (ui, None)


def test_pointer_cancel_mid_drag_leaves_the_screen_as_before_the_drag() -> None:
    s = Screen.new()
    before, g = s.ui, s.ui.ghost
    assert g is not None
    s.down(g.x, g.y)
    s.move(5.5, 5.5)
    assert s.ui.ghost is not None and s.ui.ghost.problem is not None
    s.cancel()
    assert s.ui == before  # the card is back where it was, legal, not half dragged
    s.down(g.x + 1.0, g.y, Hit(handle=True))
    s.cancel()
    assert s.ui == before
    s.cancel()  # no drag: nothing to undo (capture is also lost after every release)
    assert s.ui == before


def test_pointer_cancel_mid_aim_and_mid_stop_drag() -> None:
    s = deployed()
    s.key("4")
    s.key("m")
    before = s.ui
    me = mine(s, "assault")
    s.down(me.x + 2.0, me.y)
    s.move(me.x + 2.0, me.y + 1.0)
    s.cancel()
    assert s.ui == before and not s.ui.choice.aim_locked
    r = to_react()
    r.key("1")
    r.key("Enter")
    r.dice(typed(r, high=True))
    stop = r.ui
    mv = r.state.move
    assert mv is not None
    r.down(mv.path[0].x, mv.path[0].y)
    r.cancel()
    assert r.ui == stop


def test_the_los_toggle_by_key_and_button_even_while_the_computer_decides() -> None:
    s = Screen.new(computer={1: "easy", 2: "easy"})
    assert computer_to_decide(s.state, s.ui)
    s.key("l")
    assert s.ui.settings.show_all_los and s.view().show_all_los
    s.press(Command.LOS)
    assert not s.ui.settings.show_all_los


def test_the_exposure_toggle_by_key_and_button_even_while_the_computer_decides() -> None:
    s = Screen.new(computer={1: "easy", 2: "easy"})
    assert computer_to_decide(s.state, s.ui) and not s.ui.settings.exposure
    s.key("x")
    assert s.ui.settings.exposure
    s.press(Command.EXPOSURE)
    assert not s.ui.settings.exposure


def test_a_computer_decision_takes_no_input_and_shows_no_handle() -> None:
    s = Screen.new(computer={1: "easy", 2: "easy"})
    ui = s.ui
    for event in (Key("Enter"), Wheel(1), Press(Command.CONFIRM)):
        assert reduce(ui, s.state, event) == (ui, None)
    pressed, action = reduce(ui, s.state, PointerDown(5, 9))  # it only pans the view
    assert action is None and pressed.pointer.drag == Drag.PAN
    assert replace(pressed, pointer=ui.pointer) == ui
    v = s.view()
    assert v.ghost is None and v.facing_handle is None
    assert 'data-computer="1"' in s.prompt() and "Thinking" in s.prompt()


def test_computer_players_come_from_the_record() -> None:
    s = Screen.new(computer={2: "easy"})
    players = seated_players(driver.computer_seats(s.game.record), s.game.record.seed)
    assert set(players) == {2} and players[2].name == "easy"
    assert driver.computer_seats(s.game.record) == {2: "easy"}
    assert s.ui.seats.computers == {2} and s.ui.seats.names[1] == "Computer (easy)"


def test_strength_names_match_the_computer_players() -> None:
    from serm.ai import STRENGTHS

    assert set(driver.STRENGTHS) == set(STRENGTHS)


def test_concede_speaks_for_the_person_in_a_solo_game() -> None:
    s = Screen.new(computer={2: "easy"})
    assert driver.conceding_player(s.state, s.ui) == 1
    hot = Screen.new()
    p = hot.state.pending
    assert p is not None and driver.conceding_player(hot.state, hot.ui) == p.player


def test_a_finger_leaves_no_hover_behind() -> None:
    """Touch has no hover: a card dragged or an own card touched does not keep its LOS drawn,
    an enemy card tapped on purpose does until the bare table is tapped."""
    s = deployed()
    p = s.state.pending
    assert p is not None
    me = s.state.alive(p.player)[0]
    foe = s.state.alive(3 - p.player)[0]
    s.move(me.x, me.y, hit(me))
    assert s.ui.pointer.hover == (me.player, me.card)
    s.up(me.x, me.y, touch=True)
    assert s.ui.pointer.hover is None
    s.down(foe.x, foe.y, hit(foe))
    s.up(foe.x, foe.y, hit(foe), touch=True)
    assert s.view().hovered == (foe.player, foe.card)
    s.down(0.2, 5.0)
    assert s.ui.pointer.hover is None


def test_an_event_that_changes_nothing_returns_the_same_ui() -> None:
    s = deployed()
    ui = s.ui
    assert reduce(ui, s.state, PointerMove(5.0, 5.0, Hit()))[0] is ui
    assert reduce(ui, s.state, PointerUp(5.0, 5.0, Hit()))[0] is ui
    assert reduce(ui, s.state, PointerCancel())[0] is ui
    assert reduce(ui, s.state, Key("z"))[0] is ui
    assert reduce(ui, s.state, Press(Command.CHOOSE, "8"))[0] is ui


def test_a_refusal_is_said_with_its_rule_and_changes_nothing_else() -> None:
    s = deployed()
    ui, action = reduce(s.ui, s.state, Refused("R4", "cannot turn: overlaps terrain (R4)"))
    assert action is None and ui.feedback.message == "Cannot turn: overlaps terrain."
    html = unlinked(prompt_html(s.state, ui))
    assert ui.feedback.rule == "R4" and '<small class="rule">(rule R4)</small>' in html
    assert replace(ui, feedback=s.ui.feedback) == s.ui


def test_settled_keeps_the_recent_results_of_a_computer_and_clears_the_choice() -> None:
    s = deployed()
    s.key("4")
    s.key("m")
    ui, _ = reduce(s.ui, s.state, Settled())
    assert ui.feedback.recent_from == s.ui.feedback.recent_from
    assert ui.choice.soldier is None and ui.choice.mode == ActMode.MENU
    ui, _ = reduce(s.ui, s.state, Settled(7))
    assert ui.feedback.recent_from == 7


# --- whole games --------------------------------------------------------------------------------


def _step(s: Screen) -> None:
    st, p = s.state, s.state.pending
    assert p is not None
    if p.kind == PendingKind.ACT:
        own = [x for x in st.alive(p.player) if x.on_table and any(q.can_act(st, x))]
        shooters = [x for x in own if q.can_act(st, x)[1] and q.visible_enemies(st, x)]
        if shooters:
            me = shooters[0]
            s.down(me.x, me.y, hit(me))
            s.key("s")
            t = q.visible_enemies(st, me)[0]
            s.down(t.x, t.y, hit(t))
            s.key("Enter")
            return
        if s.ui.choice.soldier is None:
            if not own:
                s.key("p")
                return
            s.key("1")
        me = st.soldier(*(s.ui.choice.soldier or (p.player, own[0].card)))
        if not q.can_act(st, me)[0]:
            s.key("p")
            return
        s.key("m")
        if me.type.traces_path:
            s.key("Enter")
            return
        enemy = min(st.enemies(p.player), key=lambda e: (e.pos - me.pos).length())
        s.move(enemy.x, enemy.y)
        s.down(enemy.x, enemy.y)
        s.up(enemy.x, enemy.y)
        assert s.view().move_preview is not None
        s.key("Enter")
    elif p.kind == PendingKind.PATH:
        me = st.soldier(*(s.ui.choice.soldier or (0, "")))
        enemy = min(st.enemies(p.player), key=lambda e: (e.pos - me.pos).length())
        s.move(enemy.x, enemy.y)
        s.key("Enter")
    elif p.kind in (PendingKind.REACT, PendingKind.TARGET):
        s.key("1")
        s.key("Enter")
        if s.waiting(PendingKind.REACT):
            s.key("n")  # no reactor can beat the roll
    elif p.kind == PendingKind.STOP:
        s.key("ArrowRight")
        s.key("Enter")
    elif p.kind == PendingKind.FACE:
        s.key("e")
        s.key("Enter")
        if s.message:
            s.key("k")


def test_a_whole_game_by_events_reaches_victory() -> None:
    s = deployed(seed=11)
    seen = set()
    for _ in range(1500):
        if s.state.status == Status.FINISHED:
            break
        p = s.state.pending
        assert p is not None
        seen.add(p.kind)
        assert s.prompt() and status_html(s.state, s.ui.seats.names)
        before = len(s.game.record.actions)
        _step(s)
        if len(s.game.record.actions) == before and s.message:
            s.key("Escape")
            s.key("p")
    assert s.state.status == Status.FINISHED, s.game.events[-5:]
    assert s.state.winner in (1, 2)
    assert "Rematch" in s.prompt()
    assert {PendingKind.ACT, PendingKind.FACE} <= seen


# --- the key map and the panel ------------------------------------------------------------------

KBD = re.compile(r'data-action="([^"]+)"(?: data-arg="([^"]*)")?>[^<]*<kbd>([^<]+)</kbd>')


def _screens() -> list[Screen]:
    """Screens at many moments of a game (every pending kind a person answers)."""
    out = [Screen.new(), to_react(), to_path()]
    s = deployed()
    out.append(s)
    for moves in (["4"], ["4", "m"], ["4", "t"], ["4", "s"]):
        t = deployed()
        for k in moves:
            t.key(k)
        out.append(t)
    r = to_react()
    r.key("1")
    out.append(to_react())
    out[-1].key("1")  # a reactor picked, waiting for its confirmation
    r.key("Enter")
    r.dice(typed(r, high=True))
    out.append(r)
    f = to_react()
    f.key("n")
    out.append(f)
    g = deployed(referee=True)
    for k in ("2", "s", "1"):
        g.key(k)
    out.append(deployed(referee=True))
    for k in ("2", "s", "1"):
        out[-1].key(k)  # a target picked, waiting for its confirmation
    g.key("Enter")
    g.dice("1|1")
    g.dice("6 1")
    out.append(g)
    return out


def test_every_key_badge_does_what_its_button_does() -> None:
    """The panel's badges and the reducer read one key map: pressing the key a button shows
    gives the same screen and the same action as clicking the button."""
    checked = 0
    for s in _screens():
        html = s.prompt()
        for action, arg, label in KBD.findall(html):
            found = [b for b in KEYMAP if b.badge == label]
            assert found, label
            by_key = reduce(s.ui, s.state, Key(found[0].keys[0]))
            by_button = reduce(s.ui, s.state, Press(Command(action), arg))
            assert by_key == by_button, (action, arg, label)
            checked += 1
    assert checked > 30


def test_the_key_map_names_each_key_once() -> None:
    keys = [k for b in KEYMAP for k in b.keys]
    assert len(keys) == len(set(keys))
    assert binding("M") == binding("m") and badge(Command.CONFIRM) == "Enter"
    assert binding("z") is None


def test_prompts_speak_plain_words_with_rules_only_in_small_print() -> None:
    """No rule code such as "(R16)" among a prompt's words: the rules follow in small print."""
    for s in _screens():
        words = re.sub(r'<small class="rule">[^<]*</small>', "", unlinked(s.prompt()))
        assert not re.search(r"\bR\d", words), words


def test_card_texts_speak_plain_words_with_rules_only_in_small_print() -> None:
    """Each card's special rule, in its activation menu and in its details, reads plain words
    ("Never reacts (React 0).") with its rule codes in small print after them."""
    assert unlinked(words.special_html(CARDS["armored"])) == (
        'Never reacts (React 0). <small class="rule">(rule R23)</small>'
    )
    for n in range(1, 6):
        s = deployed()
        s.key(str(n))
        me = chosen(s.state, s.ui)
        assert me is not None
        details = card_html(s.state, replace(s.ui, inspect=(me.player, me.card)))
        for html in (s.prompt(), details):
            plain = re.sub(r'<small class="rule">[^<]*</small>', "", unlinked(html))
            assert not re.search(r"\bR\d", plain), plain
            assert '<small class="rule">' in html or me.card == "assault", html


def test_equal_prompt_keys_give_equal_prompts() -> None:
    """The browser repaints the panel only when ``prompt_key`` changes: the pointer's hover, an
    aim, a cursor or a drag never change what the prompt says."""
    for s in _screens():
        html = s.prompt()
        me = s.state.soldiers[0]
        for event in (
            PointerMove(me.x + 0.5, me.y + 0.4, Hit(me.player, me.card)),
            PointerMove(3.0, 4.0, Hit()),
            PointerUp(3.0, 4.0, Hit(), touch=True),
        ):
            ui, _ = reduce(s.ui, s.state, event)
            if prompt_key(s.state, ui) == prompt_key(s.state, s.ui):
                recent = s.game.events[ui.feedback.recent_from :]
                assert prompt_html(s.state, ui, recent) == html


def test_a_hover_an_aim_or_a_drag_is_no_new_question() -> None:
    """The bar scrolls back to its top for a new question (``question_key``), never for the
    pointer's hover, an aim or a drag; placing a card asks anew."""
    for s in _screens():
        me = s.state.soldiers[0]
        for event in (
            PointerMove(me.x + 0.5, me.y + 0.4, Hit(me.player, me.card)),
            PointerMove(3.0, 4.0, Hit()),
        ):
            ui, _ = reduce(s.ui, s.state, event)
            assert question_key(s.state, ui) == question_key(s.state, s.ui)
    s = Screen.new("open", 3)
    before = question_key(s.state, s.ui)
    s.press(Command.CONFIRM)
    assert question_key(s.state, s.ui) != before


def test_the_help_lists_every_bound_command() -> None:
    from serm.ui.help import HELP_HTML, KEY_HELP

    listed = {c for commands, _ in KEY_HELP for c in commands}
    assert {b.command for b in KEYMAP} == listed
    assert "<kbd>Esc</kbd> back" in HELP_HTML


def test_every_event_command_mode_and_drag_is_tested_here() -> None:
    """Static check: each event type, command, activation mode and drag appears in this file."""
    source = Path(__file__).read_text(encoding="utf-8")
    names = {n.id for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Name)}
    attrs = {n.attr for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Attribute)}
    assert {t.__name__ for t in get_args(Event)} <= names
    keys = {k for b in KEYMAP for k in b.keys}
    used = set(re.findall(r'(?:key|Key)\("([^"]+)"', source))
    for c in Command:
        bound = {k for b in KEYMAP if b.command == c for k in b.keys}
        assert c.name in attrs or bound & used, c
    assert keys & used
    assert {m.name for m in ActMode} <= attrs
    assert {d.name for d in Drag} <= attrs


def test_the_draw_count_shows_from_30_and_the_draw_has_its_own_end_screen() -> None:
    """R8 in the panel: the count of quiet activations from 30 on, then the draw screen."""
    from serm.core.rules import DRAW_AFTER
    from serm.ui.panel import DRAW_WARNING

    s = deployed()
    while s.state.quiet_activations < DRAW_WARNING - 1:
        s.key("p")
    assert "draw-count" not in status_html(s.state)
    s.press(Command.END)
    assert f"No elimination for {DRAW_WARNING} activations" in status_html(s.state)
    while s.state.status != Status.FINISHED:
        s.key("p")
    assert s.state.winner is None and s.state.quiet_activations == DRAW_AFTER
    assert "draw" in status_html(s.state)
    assert "A draw" in s.prompt() and "Rematch" in s.prompt()


def test_the_pointer_only_hovers_while_a_computer_decides() -> None:
    s = to_path()  # a Brawler's path to trace, here handed to a computer player
    ui = replace(s.ui, seats=replace(s.ui.seats, computers=frozenset({1, 2})))
    foe = s.state.soldiers[0]
    moved, _ = reduce(ui, s.state, PointerMove(5.0, 5.0, Hit(foe.player, foe.card)))
    assert moved.pointer.hover == (foe.player, foe.card)
    assert moved.trace == ui.trace  # no leg drawn toward the person's pointer
    assert reduce(s.ui, s.state, PointerMove(5.0, 5.0))[0].trace.cursor == Vec(5.0, 5.0)


def test_a_facing_problem_is_said_when_the_handle_is_let_go() -> None:
    """The check is not made on every pointer move of a drag, only when it ends."""
    s = deployed(scenario="default")
    p = s.state.pending
    assert p is not None
    g = s.state.soldier(p.player, "gunner")
    r = s.state.soldier(p.player, "ranger")
    s.game.state = s.state.with_soldier(replace(r, x=g.x + 0.72, y=g.y, facing=0.0))
    s.press(Command.SELECT, "ranger")
    s.key("t")
    s.down(g.x + 0.72, g.y - 0.9, Hit(handle=True))
    s.move(g.x + 1.72, g.y)  # turned to 90: overlaps the Gunner
    assert s.ui.choice.facing == 90.0 and "cannot face that way" not in s.prompt()
    s.up(g.x + 1.72, g.y)
    assert "cannot face that way" in s.prompt()


def test_the_facing_problem_is_worked_out_once_per_state_and_facing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The prompt's key and the prompt ask for the facing problem on every paint (a pointer
    move that aims among them): the check runs once for a state, soldier and facing."""
    s = deployed(scenario="default")
    p = s.state.pending
    assert p is not None
    g = s.state.soldier(p.player, "gunner")
    r = s.state.soldier(p.player, "ranger")
    s.game.state = s.state.with_soldier(replace(r, x=g.x + 0.72, y=g.y, facing=0.0))
    s.press(Command.SELECT, "ranger")
    s.key("t")
    calls: list[float] = []
    check = q.facing_problem

    def counted(state: object, soldier: Soldier, facing: float) -> object:
        calls.append(facing)
        return check(state, soldier, facing)  # type: ignore[arg-type]

    monkeypatch.setattr(q, "facing_problem", counted)
    s.key("e")
    first = screen.facing_problem(s.state, s.ui)
    for _ in range(3):
        prompt_key(s.state, s.ui)
        assert screen.facing_problem(s.state, s.ui) == first
    assert len(calls) == 1
    for _ in range(5):
        s.key("e")  # to 90: its long side now overlaps the Gunner
    assert "cannot face that way" in s.prompt() and s.ui.choice.facing == 90.0
    assert screen.facing_problem(s.state, s.ui) == check(
        s.state, s.state.soldier(p.player, "ranger"), 90.0
    )
    assert calls[-1] == 90.0 and calls.count(90.0) == 1


# --- decisions a player can weigh: the Move's outlook, confirmations, the React question -------


def test_the_outlook_of_an_aimed_move_is_worked_out_once_the_aim_rests() -> None:
    """Who could React and the chance the Move is stopped (R18, R19), exactly as
    ``forecast.straight_move`` says, one enemy per ``Rest``; a new aim starts again."""
    s = deployed()
    s.key("4")
    s.key("m")
    me = mine(s, "assault")
    foe = min(s.state.enemies(me.player), key=lambda e: abs(e.x - me.x))
    s.move(foe.x, foe.y)
    assert outlook.wanted(s.state, s.ui) and "Hold the aim still" in s.prompt()
    mp = s.view().move_preview
    assert mp is not None and mp.stop_chance is None and mp.watchers == ()
    steps = s.rest()
    assert steps == len([e for e in s.state.enemies(me.player) if e.type.react >= 1])
    c = s.ui.choice
    assert c.aim is not None and c.facing is not None
    expected = straight_move(s.state, me, c.aim, c.facing)
    assert outlook.current(s.state, s.ui) == expected and expected.watchers
    mp = s.view().move_preview
    assert mp is not None and mp.stop_chance == expected.stop_chance
    assert [(k[1], d) for k, d, _ in mp.watchers] == [(w.card, w.entry) for w in expected.watchers]
    assert ((foe.player, expected.watchers[0].card), "reactor") in s.view().highlights
    html = unlinked(s.prompt())
    assert "Chance this Move is stopped: " + percent(expected.stop_chance) in html
    assert "Could React: " in html and "(rules R16, R18, R19, C15)</small>" in html
    assert re.search(r"A roll of \d+ or more takes your Assault into the enemy \w+ after", html)
    assert "(R1" not in html  # rules in small print, not among the words
    done = s.ui
    assert reduce(done, s.state, Rest())[0] is done  # nothing left to work out
    s.key("ArrowLeft")  # a new aim: the old outlook no longer speaks for it
    assert outlook.current(s.state, s.ui) is None and "Hold the aim still" in s.prompt()
    s.rest()
    assert outlook.current(s.state, s.ui) is not None
    s.key("Escape")
    ui = s.ui
    assert reduce(ui, s.state, Rest())[0] is ui  # nothing aimed: a rest changes nothing


def test_a_move_aimed_into_the_table_edge_is_said_to_go_nowhere_before_the_roll() -> None:
    """A card placed against its table edge, aimed back at it, would halt at 0 L (R16): the
    aim prompt says so in words; aimed ahead it says nothing of the kind."""
    s = Screen.new()
    g = s.ui.ghost
    assert g is not None
    me, card = g.player, g.card
    back = 180.0 if me == 1 else 0.0
    y = s.state.scenario.height - 0.5 if me == 1 else 0.5  # its back edge on the table edge
    s.drag((g.x, g.y), (g.x, y))
    assert s.ui.ghost is not None and s.ui.ghost.problem is None
    s.key("Enter")
    deploy_all(s)
    if pending_player(s) != me:
        s.press(Command.END)  # the other side passes
    soldier = s.state.soldier(me, card)
    s.down(soldier.x, soldier.y, hit(soldier))
    s.press(Command.MOVE)
    assert "the table edge" not in s.prompt()  # aimed ahead, away from the edge
    s.move(soldier.x, soldier.y + (2.0 if me == 1 else -2.0))
    assert s.ui.choice.aim == back
    said = unlinked(s.prompt())
    assert f"the {soldier.type.title} halts at once: it already touches the table edge" in said
    assert '<small class="rule">(rule R16)</small>' in said


def test_an_aim_no_enemy_can_see_says_nothing_can_stop_it() -> None:
    s = deployed()
    s.key("4")
    s.key("m")
    me = mine(s, "assault")
    s.key("Escape")
    s.key("t")  # turn it away from the enemy first: a Move backward along the zone
    s.key("Escape")
    s.key("m")
    down = 180.0 if me.player == 1 else 0.0
    s.move(me.x + 3.0 * math.sin(math.radians(down)), me.y - 3.0 * math.cos(math.radians(down)))
    assert s.ui.choice.aim == down
    s.rest()
    f = outlook.current(s.state, s.ui)
    assert f is not None
    if not f.watchers:
        assert "nothing can stop this Move" in s.prompt() and f.stop_chance == 0.0


def test_the_brawler_asks_for_the_same_confirmation_before_its_roll() -> None:
    s = deployed(referee=True)
    before = len(s.game.record.actions)
    s.key("5")
    s.key("m")
    assert s.ui.choice.mode == ActMode.AIM and len(s.game.record.actions) == before
    said = unlinked(s.prompt())
    assert "rolls 3d6 first" in said and '<small class="rule">(rules R14, R16, R17, R18' in said
    assert "(R1" not in said  # rules in small print, not among the words
    assert "any number of times. An enemy" in said  # each sentence ends before the next
    me = mine(s, "brawler")
    s.move(me.x + 2.0, me.y)
    s.down(me.x + 2.0, me.y)
    s.up(me.x + 2.0, me.y)
    assert s.ui.choice.aim is None and s.view().move_preview is None  # no direction (R17)
    assert not outlook.wanted(s.state, s.ui)
    s.key("e")  # its start facing may still be set (R14)
    s.key("Enter")
    assert s.game.record.actions[before:] == [
        Move("brawler", None, round((me.facing + 15) % 360, 2), player=me.player)
    ]
    assert s.waiting(PendingKind.ROLL)


def test_the_react_question_says_where_the_mover_halts() -> None:
    """ "Rolled 11 and will halt after 5.96 L", not "moves 11 L" (R16), and who it rams."""
    s = deployed(referee=True)
    s.key("4")
    s.key("m")
    s.key("Enter")
    s.dice("5|6")  # 11: a React of two dice may beat it, so React is asked
    assert s.waiting(PendingKind.REACT), s.prompt()
    mv = s.state.move
    assert mv is not None and mv.total == 11 and mv.halt < 11
    html = s.prompt()
    assert f"rolled 11 and will halt after {mv.halt:.2f} L" in html and "moves 11 L" not in html
    for card in mv.rams:
        assert "ramming your " + s.state.soldier(1, card).type.title in html


def test_react_choices_that_cannot_win_are_shown_as_such() -> None:
    """React 1d6 cannot beat a Move of 6 (R19): shown as "0% — cannot beat 6", disabled, with no
    number key; the others are numbered, likeliest first, and need a confirmation."""
    s = deployed(referee=True)
    s.key("4")
    s.key("m")
    s.key("Enter")
    s.dice("3|3")
    p = s.state.pending
    assert p is not None and p.kind == PendingKind.REACT, s.prompt()
    hopeless = [c for c in p.options if s.state.soldier(p.player, c).type.react == 1]
    able = [c for c in p.options if c not in hopeless]
    assert hopeless and able
    html = s.prompt()
    for card in hopeless:
        title = s.state.soldier(p.player, card).type.title
        assert f'class="hopeless" disabled>{title} — 0%: cannot beat 6</button>' in html
        before = s.ui
        s.press(Command.REACT, card)
        assert s.ui.choice.pick is None and "cannot beat the Move roll of 6" in s.message
        assert s.ui.choice == before.choice
    assert [c for _, c in choices(s.state, s.ui)] == able
    assert all(k[1] in able for k, role in s.view().highlights if role == "reactor")
    s.key("1")
    assert s.ui.choice.pick == able[0] and s.waiting(PendingKind.REACT)
    s.key("Escape")
    assert s.ui.choice.pick is None
    s.key("n")  # declining needs no confirmation: no dice are rolled
    assert s.game.record.actions[-1] == React(None, player=p.player)


# --- zoom and pan (serm.ui.zoom) ----------------------------------------------------------------


def bare(s: Screen) -> Vec:
    """A point of the table no card covers (the middle of the open table after deployment)."""
    at = Vec(5.0, 5.0)
    assert all((x.pos - at).length() > 1.0 for x in s.state.on_table())
    return at


def test_the_zoom_buttons_and_keys_zoom_about_the_middle_and_fit_again() -> None:
    s = deployed()
    s.press(Command.ZOOM_IN)
    assert s.ui.viewport.zoom == pytest.approx(frame.STEP)
    s.key("+")
    assert s.ui.viewport.zoom == pytest.approx(frame.STEP**2)
    assert frame.centre(s.state.scenario, s.ui.viewport) == Vec(5.0, 5.0)
    s.key("-")
    assert s.ui.viewport.zoom == pytest.approx(frame.STEP)
    s.press(Command.ZOOM_OUT)
    assert s.ui.viewport == Viewport()
    s.key("=")
    s.press(Command.ZOOM_FIT)
    assert s.ui.viewport == Viewport()
    s.key("+")
    s.key("0")
    assert s.ui.viewport == Viewport()
    assert s.view().viewport == s.ui.viewport


def test_ctrl_wheel_zooms_about_the_pointer_even_while_the_computer_decides() -> None:
    s = Screen.new(computer={1: "easy", 2: "easy"})
    at = Vec(2.0, 8.0)
    s.send(ZoomAt(at.x, at.y, 2.0))
    vp = s.ui.viewport
    assert vp.zoom == pytest.approx(2.0)
    c = frame.centre(s.state.scenario, vp)
    assert (at - c) * 2.0 == (at - Vec(5.0, 5.0))  # the point stays where it was on screen
    s.press(Command.ZOOM_FIT)
    assert s.ui.viewport == Viewport()


def test_one_finger_on_bare_table_pans_where_the_step_uses_no_board_drag() -> None:
    s = deployed()
    s.press(Command.ZOOM_IN)
    s.press(Command.ZOOM_IN)
    at = bare(s)
    s.send(PointerDown(at.x, at.y, id=7))
    assert s.ui.pointer.drag == Drag.PAN
    s.send(PointerMove(at.x - 1.0, at.y + 0.5, id=7))
    c = frame.centre(s.state.scenario, s.ui.viewport)
    assert (c.x, c.y) == (pytest.approx(6.0), pytest.approx(4.5))
    # The finger's table point is the one it pressed on: the table follows the finger.
    assert s.ui.pointer.fingers == ((7, pytest.approx(at)),)
    s.send(PointerUp(at.x - 1.0, at.y + 0.5, touch=True, id=7))
    assert s.ui.pointer.drag == Drag.NONE and s.ui.pointer.fingers == ()
    assert s.state.pending is not None and s.state.pending.kind == PendingKind.ACT


def test_a_press_on_a_card_never_pans_and_a_drag_step_never_pans_with_one_finger() -> None:
    s = deployed()
    s.press(Command.ZOOM_IN)
    view = s.ui.viewport
    me = mine(s, "assault")
    s.send(PointerDown(me.x, me.y, hit(me), id=1))
    s.send(PointerMove(me.x + 1.0, me.y, id=1))
    s.send(PointerUp(me.x + 1.0, me.y, id=1))
    assert s.ui.viewport == view and s.ui.choice.soldier == (me.player, me.card)
    s.key("m")  # aiming a Move: one finger aims, it does not pan
    at = bare(s)
    s.send(PointerDown(at.x, at.y, id=1))
    assert s.ui.pointer.drag == Drag.AIM
    s.send(PointerMove(at.x + 1.0, at.y, id=1))
    assert s.ui.viewport == view
    s.send(PointerUp(at.x + 1.0, at.y, id=1))
    # The middle button (or Space held) pans whatever the step.
    s.send(PointerDown(at.x, at.y, id=1, pan=True))
    s.send(PointerMove(at.x + 0.5, at.y, id=1))
    assert s.ui.viewport != view and s.ui.pointer.drag == Drag.PAN
    s.send(PointerUp(at.x + 0.5, at.y, id=1))
    assert s.ui.choice.mode == ActMode.AIM


def test_two_fingers_pinch_and_the_drag_the_first_one_began_never_happened() -> None:
    s = Screen.new()
    before = s.ui
    assert before.ghost is not None
    s.send(PointerDown(before.ghost.x, before.ghost.y, id=1))  # the first finger grips the card
    assert s.ui.pointer.drag == Drag.GHOST
    g = Vec(before.ghost.x, before.ghost.y)
    s.send(PointerDown(g.x + 2.0, g.y, id=2))
    assert s.ui.pointer.drag == Drag.PINCH and s.ui.ghost == before.ghost
    s.send(PointerMove(g.x - 1.0, g.y, id=1))  # the fingers spread from 2 L apart to 3
    assert s.ui.viewport.zoom == pytest.approx(1.5)
    s.send(PointerMove(g.x + 3.0, g.y, id=2))  # and once more, in the view zoomed by then
    assert s.ui.viewport.zoom == pytest.approx(2.25)
    fingers = dict(s.ui.pointer.fingers)
    assert (fingers[1] - g).length() < 1e-9  # the points pressed on stay under them
    assert (fingers[2] - (g + Vec(2.0, 0.0))).length() < 1e-9
    s.send(PointerUp(g.x + 3.0, g.y, touch=True, id=2))
    assert s.ui.pointer.drag == Drag.PAN  # the last finger pans on, never drags the card
    s.send(PointerCancel(id=2))  # capture lost after the release: nothing
    s.send(PointerCancel(id=1))
    assert s.ui.pointer.drag == Drag.NONE and s.ui.pointer.fingers == ()
    assert s.ui.ghost == before.ghost and s.ui.viewport.zoom == pytest.approx(2.25)
    s.down(g.x, g.y)  # the next press on the card grips it at once
    assert s.ui.pointer.drag == Drag.GHOST


def test_a_computer_action_mid_pinch_keeps_the_pinch() -> None:
    s = deployed()
    s.send(PointerDown(4.0, 5.0, id=1))
    s.send(PointerDown(6.0, 5.0, id=2))
    s.send(Settled())
    assert s.ui.pointer.drag == Drag.PINCH and len(s.ui.pointer.fingers) == 2


def test_a_pinch_begun_on_a_card_does_not_choose_it() -> None:
    s = deployed()
    me = mine(s, "assault")
    before = s.ui
    s.send(PointerDown(me.x, me.y, hit(me), id=1))
    assert s.ui.choice.soldier == (me.player, me.card)
    s.send(PointerDown(me.x + 2, me.y, id=2))
    assert s.ui.choice == before.choice and s.ui.pointer.drag == Drag.PINCH


# --- the card's details (serm.ui.details) -------------------------------------------------------


def test_the_stats_button_is_at_the_bars_foot_with_the_activations_buttons() -> None:
    """A chosen soldier's Stats button is among the buttons kept at the bar's foot (its
    ``.foot``), after them: the words above it scroll under the foot, however tall what just
    happened is, and the button stays in view (it sat in the words about the soldier)."""
    s = deployed()
    me = mine(s, "gunner")
    s.send(PointerDown(me.x, me.y, hit(me), touch=True))
    s.up(me.x, me.y, hit(me), touch=True)
    html = s.prompt()
    foot = html[html.index('<div class="foot">') :]
    assert re.search(r'data-action="details"[^>]*>Stats\b', foot), html
    assert 'data-action="details"' not in html[: html.index('<div class="foot">')]


def test_details_show_a_soldier_with_the_odds_of_now() -> None:
    """A tap on one of your cards chooses it; its Details button shows its details; a tap on
    an enemy card (which chooses nothing) shows the enemy's."""
    s = deployed()
    me = mine(s, "gunner")
    s.send(PointerDown(me.x, me.y, hit(me), touch=True))
    s.up(me.x, me.y, hit(me), touch=True)
    assert s.ui.inspect is None and s.ui.choice.soldier == (me.player, me.card)
    assert 'data-action="details"' in s.prompt()
    s.press(Command.DETAILS)
    assert s.ui.inspect == (me.player, me.card)
    html = card_html(s.state, s.ui)
    assert "Gunner" in html and "<dt>Shoot</dt><dd>2</dd>" in html.replace("\n", "")
    assert "shoots once at every enemy it sees" in html
    # R9: only Shoot and Endure dice roll their sixes again (unless the table makes every roll so).
    assert "On Shoot and Endure dice, sixes count and roll again" in html
    assert "Move and React dice do not roll again" in html
    everywhere = replace(s.state, scenario=replace(s.state.scenario, explode_all=True))
    assert "on every die of this table, sixes count and roll again" in card_html(everywhere, s.ui)
    s.press(Command.CLOSE_CARD)
    assert s.ui.inspect is None and card_html(s.state, s.ui) == ""
    enemy = next(x for x in s.state.on_table() if x.player != me.player)
    s.down(enemy.x, enemy.y, hit(enemy))  # a mouse: no details (it hovers)
    assert s.ui.inspect is None
    s.up(enemy.x, enemy.y, hit(enemy))
    s.send(PointerDown(enemy.x, enemy.y, hit(enemy), touch=True))
    assert s.ui.inspect == (enemy.player, enemy.card)
    assert (
        f"Your Gunner {'sees' if enemy in q.visible_enemies(s.state, me) else 'does not see'}"
        in (card_html(s.state, s.ui))
    )
    s.key("Escape")  # closes the details and puts the chosen soldier back
    assert s.ui.inspect is None and s.ui.choice.soldier is None
    s.send(PointerDown(enemy.x, enemy.y, hit(enemy), touch=True))
    s.up(enemy.x, enemy.y, hit(enemy), touch=True)
    s.send(PointerDown(*bare(s), touch=True))  # a tap on bare table closes them
    assert s.ui.inspect is None


def test_a_card_tapped_while_placing_shows_its_details_and_moves_nothing() -> None:
    """How to play says "Tap a card to see its stats": during deployment too. A press on a card
    already on the table (a finger's or a mouse's) leaves the card being placed where it is."""
    s = Screen.new()
    s.key("Enter")  # one card placed: the other player places next
    s.key("Enter")
    placed = s.state.on_table()[0]
    ghost = s.ui.ghost
    assert ghost is not None
    s.send(PointerDown(placed.x, placed.y, hit(placed), touch=True))
    assert s.ui.inspect == (placed.player, placed.card)
    s.up(placed.x, placed.y, hit(placed), touch=True)
    assert s.ui.ghost == ghost and s.ui.inspect == (placed.player, placed.card)
    s.down(placed.x, placed.y, hit(placed))  # a mouse
    s.up(placed.x, placed.y, hit(placed))
    assert s.ui.ghost == ghost
    s.down(placed.x, placed.y, hit(placed))  # a drag moves only what it starts on: nothing
    s.move(8.0, 9.5)
    s.up(8.0, 9.5)
    assert s.ui.ghost == ghost
    s.send(PointerDown(2.0, 9.5, touch=True))  # a finger's tap on bare table: the card goes there
    assert s.ui.inspect is None
    s.up(2.0, 9.5, touch=True)
    assert at(s) == (2.0, 9.5)


def test_a_press_on_the_card_being_placed_grips_it_over_a_card_already_placed() -> None:
    """The card being placed is drawn over the cards already placed: pressed where it lies, it
    is gripped and follows the drag, even where a placed card lies under it."""
    s = Screen.new()
    s.key("Enter")
    s.key("Enter")  # one card each: the first player's second card is shown beside its first
    first, ghost = s.state.on_table()[0], s.ui.ghost
    assert ghost is not None and first.player == ghost.player
    s.down(ghost.x, ghost.y, Hit())
    s.send(PointerMove(first.x, first.y, hit(first)))
    s.up(first.x, first.y, hit(first))  # dragged over the first card: not placeable there
    ghost = s.ui.ghost
    assert ghost is not None and ghost.problem is not None
    s.down(ghost.x, ghost.y, hit(first))  # pressed again where both lie
    s.send(PointerMove(ghost.x - 2.0, ghost.y, Hit()))
    s.up(ghost.x - 2.0, ghost.y, Hit())
    moved = s.ui.ghost
    assert moved is not None and math.isclose(moved.x, ghost.x - 2.0) and s.ui.inspect is None


def test_a_finger_on_the_board_closes_the_details_whatever_it_starts() -> None:
    """The details give way to the board: a press that aims a Move closes them too."""
    s = deployed()
    me = mine(s, "assault")
    enemy = next(x for x in s.state.on_table() if x.player != me.player)
    s.press(Command.SELECT, me.card)
    s.key("m")
    s.send(PointerDown(enemy.x, enemy.y, hit(enemy), touch=True))
    assert s.ui.inspect is None and s.ui.pointer.drag == Drag.AIM


def test_choosing_a_soldier_opens_no_details_and_a_move_turn_or_shoot_closes_them() -> None:
    """On a phone the details cover half the board: a tap that chooses (your soldier to
    activate, a target, a reactor) does not open them, and they close when a Move, a Turn or a
    Shoot starts to be set up, by key or button. Details (or I) opens them for the soldier
    chosen."""
    s = deployed()
    me = mine(s, "assault")
    s.send(PointerDown(me.x, me.y, hit(me), touch=True))
    s.up(me.x, me.y, hit(me), touch=True)
    assert s.ui.choice.soldier == (me.player, me.card) and s.ui.inspect is None
    for start in ("m", "t", "s"):
        s.key("i")
        assert s.ui.inspect == (me.player, me.card)
        s.key(start)
        assert s.ui.choice.mode != ActMode.MENU and s.ui.inspect is None, start
        if start == "s":
            target = q.visible_enemies(s.state, me)[0]
            s.send(PointerDown(target.x, target.y, hit(target), touch=True))
            assert s.ui.choice.pick == target.card and s.ui.inspect is None
        while s.ui.choice.mode != ActMode.MENU:
            s.key("Escape")
        assert s.ui.choice == Choice(soldier=(me.player, me.card)), start


def test_the_details_give_the_kill_chance_of_a_target() -> None:
    s = deployed()
    shooter = (
        next(x for x in s.state.alive(s.state.pending.player) if q.visible_enemies(s.state, x))
        if s.state.pending
        else None
    )
    assert shooter is not None
    s.press(Command.SELECT, shooter.card)
    s.key("s")
    target = q.visible_enemies(s.state, shooter)[0]
    s.send(PointerDown(target.x, target.y, Hit(target.player, target.card), pan=True, touch=True))
    assert s.ui.inspect is None  # a press that only pans shows nothing
    s.send(PointerUp(target.x, target.y))
    s.press(Command.CLOSE_CARD)
    ui = replace(s.ui, inspect=(target.player, target.card))
    chance = percent(q.kill_chance(shooter, target))
    assert f"Chance that one shot kills it now: {chance}." in card_html(s.state, ui)


def at(s: Screen) -> tuple[float, float]:
    """Where the card being placed is."""
    assert s.ui.ghost is not None
    return s.ui.ghost.x, s.ui.ghost.y


def test_a_tap_on_bare_table_puts_the_card_being_placed_there_and_a_drag_moves_nothing() -> None:
    """While placing, a drag moves only what it starts on: from bare table it pans a zoomed
    view and moves no card; a tap or a click (let go where it pressed) puts the card there."""
    for touch in (True, False):
        s = Screen.new()
        ghost = s.ui.ghost
        s.send(PointerDown(8.0, 9.5, touch=touch))
        assert s.ui.ghost == ghost  # nothing jumps at the press
        s.up(8.02, 9.5, touch=touch)
        assert at(s) == (8.0, 9.5)
        placed = s.ui.ghost
        s.send(PointerDown(3.0, 9.5, touch=touch))  # a drag from bare table at the fitted view
        s.send(PointerMove(4.0, 9.5, touch=touch))
        s.up(4.0, 9.5, touch=touch)
        assert s.ui.ghost == placed and s.ui.viewport == Viewport()
        s.press(Command.ZOOM_IN)
        view = s.ui.viewport
        s.send(PointerDown(3.0, 8.0, touch=touch))  # zoomed in: the same drag pans
        assert s.ui.pointer.drag == Drag.PAN
        s.send(PointerMove(3.5, 8.0, touch=touch))
        s.up(3.5, 8.0, touch=touch)
        assert s.ui.ghost == placed and s.ui.viewport != view
        s.send(PointerDown(3.0, 8.0, touch=touch))  # a tap in the panned view
        s.up(3.0, 8.0, touch=touch)
        assert at(s) == (3.0, 8.0)


def test_a_tap_inside_the_card_being_placed_puts_it_there_unless_on_a_placed_card() -> None:
    """The card being placed is not placed yet (R6): a tap or a click inside its outline puts
    its centre there like a tap anywhere else, even if the finger slid a little; one where a
    card already placed lies under it moves nothing."""
    for touch in (True, False):
        s = Screen.new()
        g = s.ui.ghost
        assert g is not None
        s.send(PointerDown(g.x - 0.25, g.y - 0.2, touch=touch))
        assert at(s) == (g.x, g.y)  # gripped: nothing jumps at the press
        s.send(PointerMove(g.x - 0.23, g.y - 0.2, touch=touch))
        s.up(g.x - 0.23, g.y - 0.2, touch=touch)
        assert at(s) == (pytest.approx(g.x - 0.25), pytest.approx(g.y - 0.2)), touch
        s.key("Enter")
        s.key("Enter")  # one card each: the first player places its second
        first = s.state.on_table()[0]
        g = s.ui.ghost
        assert g is not None and g.player == first.player
        g = deploy.moved(s.state, g, first.x + 0.5, first.y, first.facing)  # over its edge
        s.ui = replace(s.ui, ghost=g)
        s.send(PointerDown(first.x + 0.3, first.y, touch=touch))  # inside both outlines
        s.up(first.x + 0.3, first.y, touch=touch)
        assert s.ui.ghost == g, touch


def test_the_card_being_placed_knows_when_the_enemy_gunner_could_see_it_once_it_rests() -> None:
    """With the Exposure view on and worked out, its board label warns (``Ghost.seen``): the
    first spot of the Ruins is in the open, that of Two walls behind a wall; while it is dragged
    nothing is worked out, and with the view off nothing is said."""
    s = Screen.new("ruins", 3)
    off = s.view().ghost
    assert off is not None and not off.seen
    s.press(Command.EXPOSURE)
    while exposure.wanted(s.state, s.ui):
        s.send(Rest())
    ghost = s.view().ghost
    assert ghost is not None and ghost.seen
    assert "the enemy Gunner could see it here" in render(s.state, s.view())
    s.send(PointerDown(ghost.x, ghost.y, touch=True))
    dragged = s.view().ghost
    assert dragged is not None and not dragged.seen
    walls = Screen.new("default", 3)
    walls.press(Command.EXPOSURE)
    while exposure.wanted(walls.state, walls.ui):
        walls.send(Rest())
    behind = walls.view().ghost
    assert behind is not None and not behind.seen


def test_the_card_being_placed_follows_a_drag_from_where_it_was_gripped() -> None:
    for touch in (True, False):
        s = Screen.new()
        g = s.ui.ghost
        assert g is not None
        s.send(PointerDown(g.x + 0.1, g.y + 0.2, touch=touch))  # gripped: it does not jump
        assert at(s) == (g.x, g.y) and s.ui.pointer.drag == Drag.GHOST
        s.send(PointerMove(g.x - 0.9, g.y + 0.2, touch=touch))
        assert at(s) == (pytest.approx(g.x - 1.0), pytest.approx(g.y))
        s.up(g.x - 0.9, g.y + 0.2, touch=touch)
        assert at(s) == (pytest.approx(g.x - 1.0), pytest.approx(g.y))


# --- showing what was played ----------------------------------------------------------------------


def shot_at_once(speed: str = "normal") -> tuple[Screen, int]:
    """A game (dice rolled by the screen) where the first player's Assault has just shot at
    ``speed``, its show (if any) still playing."""
    s = deployed()
    s.shows_end = False
    s.ui, _ = reduce(s.ui, s.state, Speed(speed))
    assert s.ui.playback.speed == speed
    assert reduce(s.ui, s.state, Speed("warp"))[0] is s.ui  # not a speed: nothing changes
    me = mine(s, "assault")
    s.down(me.x, me.y, hit(me))
    s.key("s")
    t = q.visible_enemies(s.state, me)[0]
    s.down(t.x, t.y, hit(t))
    s.key("Enter")
    return s, me.player


def test_a_decision_is_shown_then_skipped_or_ended_and_never_restarted() -> None:
    """``Shown`` starts a show of the decision's beats; ``Skip`` ends it; ``ShowEnded`` of an
    older show changes nothing; a person's own card placing is not shown again."""
    s = deployed()
    assert not s.ui.playback.playing and s.ui.playback.shows == 0  # own placings: no show
    s, me = shot_at_once()
    pb = s.ui.playback
    assert pb.playing and pb.shows >= 1 and pb.by == me and pb.show_from is not None
    kinds = [b.kind for b in pb.show]
    assert kinds[:2] == [BeatKind.AIM, BeatKind.ROLL] and BeatKind.ROLL in kinds[2:]
    ui, _ = reduce(s.ui, s.state, ShowEnded(pb.shows - 1))
    assert ui is s.ui  # a show no longer on screen
    ui, action = reduce(s.ui, s.state, Skip())
    assert not ui.playback.playing and action is None and ui.playback.last == pb.last
    assert reduce(ui, s.state, Skip())[0] is ui
    ended, _ = reduce(s.ui, s.state, ShowEnded(pb.shows))
    assert not ended.playback.playing
    assert 'class="recent"' not in s.prompt()  # the results wait until the show told them
    s.send(Skip())
    assert 'class="recent"' in s.prompt() and "to skip" not in s.prompt()


def test_instant_speed_shows_nothing_but_keeps_the_last_turn() -> None:
    s, me = shot_at_once("instant")
    assert not s.ui.playback.playing and s.ui.playback.shows == 0
    assert s.ui.playback.last and s.ui.playback.by == me


def other_side_to_decide() -> Screen:
    """``shot_at_once``'s side ends its activation (a target left, or a Turn: Pass ends it too)
    and the other side is to decide, the last turn's shows seen."""
    s, me = shot_at_once()
    s.send(Skip())
    for _ in range(5):
        p = s.state.pending
        if p is None or p.player != me:
            break
        s.key("p")
        s.send(Skip())
    p = s.state.pending
    assert p is not None and p.player != me
    return s


def test_the_other_sides_last_turn_is_replayed_while_this_side_decides() -> None:
    """The beats since one player began deciding make the last turn; while the other side
    decides at this screen, Replay last turn (its button, ``Command.REPLAY_LAST``) plays them
    again, once at a time, from the state before them."""
    s = other_side_to_decide()
    pb = s.ui.playback
    assert playback.to_replay(s.ui, s.state) and "Replay last turn" in s.prompt()
    s.press(Command.REPLAY_LAST)
    again = s.ui.playback
    assert again.playing and again.show == pb.last and again.show_from is pb.since
    assert again.shows == pb.shows + 1 and "or press a key</span> to skip" in s.prompt()
    assert "Replay last turn" not in s.prompt()
    s.press(Command.REPLAY_LAST)
    assert s.ui.playback == again  # not while it plays


def test_a_run_of_beats_belongs_to_one_player() -> None:
    """``Shown`` by the player of the run adds to it; by the other player it starts a new one
    (even with nothing to show, which starts no show)."""
    s, me = shot_at_once()
    run = s.ui.playback.last
    ui, _ = reduce(s.ui, s.state, Shown(run[:1], me, s.state))
    assert ui.playback.last == run + run[:1] and ui.playback.since is s.ui.playback.since
    ui, _ = reduce(ui, s.state, Skip())
    ui, _ = reduce(ui, s.state, Shown((), 3 - me, s.state))
    assert ui.playback.last == () and ui.playback.by == 3 - me and not ui.playback.playing


def test_the_last_target_switch_sits_in_the_foot_and_only_while_it_changes_something() -> None:
    """The switch is in the foot's action row (kept in view, under no other button), offered
    while two or more targets are left to pick; with one left it changes nothing and is gone."""
    s = deployed(referee=True)
    s.key("2")
    s.key("s")
    assert len(q.visible_enemies(s.state, mine(s, "gunner"))) >= 2
    html = s.prompt()
    words_part, foot_part = html.split('<div class="foot">', 1)
    assert 'data-action="auto-target"' in foot_part and "auto-target" not in words_part
    s.key("a")  # ask for every target, so the last one left is a question of its own
    s.key("1")
    s.key("Enter")
    for p in missed_volley(s):
        if s.ui.choice.pick is not None:
            break
        html = s.prompt()
        offered = 'data-action="auto-target"' in html
        assert offered == (len(p.options) >= 2), html
        assert ("You pick the last target too." in html) == offered
        s.press(Command.TARGET, p.options[0])
        s.press(Command.CONFIRM)
        if len(p.options) == 1:
            break
    assert not offered, "no question with a single target left was asked"


def test_the_dice_are_told_in_one_wording_wherever_they_are_described() -> None:
    """A six counts and rolls again (R9, R10): the target step, the shot's confirmation, the
    referee's dice, How to play and a card's details say it in the same words, never "re-rolled"
    (which reads as the six being thrown away)."""
    s = deployed(referee=True)
    me = mine(s, "assault")
    s.down(me.x, me.y, hit(me))
    s.key("s")
    said = [s.prompt()]
    t = q.visible_enemies(s.state, me)[0]
    s.down(t.x, t.y, hit(t))
    said.append(s.prompt())
    s.key("Enter")
    assert s.state.pending is not None and s.state.pending.pool is not None
    said += [
        s.prompt(),
        HELP_HTML,
        card_html(s.state, replace(s.ui, inspect=(me.player, "ranger"))),
    ]
    everywhere = replace(s.state, scenario=replace(s.state.scenario, explode_all=True))
    said.append(details.dice_note(everywhere))
    r = to_react()
    p = r.state.pending
    assert p is not None
    r.press(Command.REACT, p.options[0])
    assert "React with your" in r.prompt() and words.SIXES not in r.prompt()  # plain dice (R9)
    everywhere = replace(r.state, scenario=replace(r.state.scenario, explode_all=True))
    said.append(prompt_html(everywhere, r.ui))
    for text in said:
        assert "sixes count and roll again" in text.lower(), text
        assert "re-roll" not in text and "rolled again" not in text, text


def test_no_stop_marker_is_drawn_while_a_computer_picks_where_the_mover_stops() -> None:
    """A person's stop point is drawn where it would stop the mover (R19); while a computer
    picks it, the board draws none: a marker there would show a stop the computer may not
    choose (its choice is shown once played)."""
    s = to_stop()
    p = s.state.pending
    assert p is not None
    assert s.ui.stop_at is not None and s.view().stop_at == s.ui.stop_at
    assert s.view().stop_seen is not None
    s.ui = replace(s.ui, seats=replace(s.ui.seats, computers=frozenset({p.player})))
    assert s.view().stop_at is None and s.view().stop_seen is None


def _rested(ui: UI, state: State) -> UI:
    """``ui`` after the pointer rested: the outlook of what it points at, worked out."""
    for _ in range(20):
        ui, _ = reduce(ui, state, Rest())
    assert ui.outlook is not None and ui.outlook.forecast is not None
    return ui


def test_a_path_sent_after_the_pointer_left_the_board_goes_where_it_last_rested() -> None:
    """With a mouse the pointer is never on the board when Straight on is clicked: it crosses
    the board's edge on its way there, never resting. The rest of the path is then drawn, and
    sent, toward where the pointer last rested on the board (R17), the way the panel's words
    ("This way it rams …", who could React) were worked out for: before the first corner
    and after one alike."""
    from tests.ui.test_screen_truth import brawler_rolled

    state = brawler_rolled(4)
    for corners, target in (((), Vec(6.4, 7.0)), ((Vec(8.4, 6.6),), Vec(6.4, 6.6))):
        ui = _rested(UI(trace=Trace(corners=corners, cursor=target)), state)
        crossing = replace(ui, trace=replace(ui.trace, cursor=Vec(9.9, 3.0)))  # on its way out
        left, _ = reduce(crossing, state, PointerLeft())
        _, sent = reduce(left, state, Press(Command.STRAIGHT))
        assert isinstance(sent, Traced)
        full = [Vec(8.4, 7.0), *(Vec(*p) for p in sent.points)]  # from the Brawler's centre
        assert abs(full[-1].y - target.y) < 1e-9 and full[-1].x < full[-2].x, full
        assert path.preview(state, left.trace) == path.preview(state, ui.trace)  # as drawn


def test_a_pointer_that_leaves_the_board_leaves_the_brawlers_last_leg_straight_on() -> None:
    """A mouse on its way to Straight on crosses the board: the leg toward the pointer swung
    toward the panel, and the button sent the Brawler that way, not the way it was drawn when
    the player looked (R17). Once the pointer leaves the board, the rest is drawn, and sent,
    along the last leg; with the pointer on the board, toward it, as drawn."""
    from tests.ui.test_screen_truth import brawler_rolled

    state = brawler_rolled(4)
    corners = (Vec(7.4, 7.0), Vec(7.4, 6.0))  # the last leg heads up the table
    ui = UI(trace=Trace(corners=corners, cursor=Vec(9.9, 6.0)))  # where the pointer left
    _, toward = reduce(ui, state, Press(Command.STRAIGHT))
    assert isinstance(toward, Traced) and abs(toward.points[-1][1] - 6.0) < 1e-9
    alone = UI(trace=Trace(corners=(), cursor=Vec(9.9, 6.0)))  # no corner: no leg to follow
    assert reduce(alone, state, PointerLeft())[0].trace.cursor == Vec(9.9, 6.0)
    left, _ = reduce(ui, state, PointerLeft())
    assert left.trace.cursor is None
    drawn = path.preview(state, left.trace)
    _, sent = reduce(left, state, Press(Command.STRAIGHT))
    assert isinstance(sent, Traced)
    end = Vec(*sent.points[-1])
    assert abs(end.x - 7.4) < 1e-9 and end.y < 6.0, end  # straight on up the table
    assert drawn.cursor is not None and abs(drawn.cursor[0] - 7.4) < 1e-9, drawn  # drawn so
