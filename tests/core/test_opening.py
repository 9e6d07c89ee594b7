"""R5, Opening: the start of the game restricts shooting, by the scenario's ``opening``, with
hand-set dice. Rules version 3 plays the openings; versions 1 and 2 play none.

Openings: ``gunner-holds`` (the Gunner may not Shoot in the game's first activation),
``no-first-shot`` (the first activation may not Shoot), ``opening-moves`` (neither of the first
two activations may Shoot), ``none``. A reacting soldier's activation (R19) is never restricted;
a Move, a turn in place and a pass always are allowed.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from helpers import R, Spot, arrange, at, pending, play, refused

from serm.core import (
    Action,
    End,
    Face,
    Game,
    Move,
    Place,
    React,
    Record,
    RecordError,
    Shoot,
    Stop,
    Turn,
    apply,
    new_game,
    replay,
)
from serm.core.geometry import Vec
from serm.core.opening import OPENINGS
from serm.core.queries import can_act, opening_holds, opening_of
from serm.core.record import from_dict, loads
from serm.core.ruleset import DEFAULT_OPENING, OPENING_VERSION, RULES_VERSION, ruleset
from serm.core.scenario import ScenarioError, open_field
from serm.core.state import Activation, PendingKind, State

RESTRICTED = ("gunner-holds", "no-first-shot", "opening-moves")
LAST_HELD = {"gunner-holds": 1, "no-first-shot": 1, "opening-moves": 2}
"""The last activation each opening restricts."""


def lines(opening: str) -> State:
    """Rules version 3 on the open field under ``opening``; player 1 acts first.

    Player 1's Gunner (5, 6) and Assault (2, 7) face up and see player 2's Armored (3, 3) and
    Assault (7, 3), which face down and see them back.
    """
    layout: dict[tuple[int, str], Spot] = {
        (1, "gunner"): (5, 6, 0),
        (1, "assault"): (2, 7, 0),
        (2, "armored"): (3, 3, 180),
        (2, "assault"): (7, 3, 180),
    }
    return arrange(
        layout,
        scenario=replace(open_field(), opening=opening),
        others=False,
        rules_version=OPENING_VERSION,
    )


def react_lines(opening: str) -> State:
    """Player 1's Assault (2, 6) will move right along y = 6, in sight of player 2's Gunner
    (3, 2) facing down; player 1's Armored stands out of its sight (9.3, 2.5)."""
    layout: dict[tuple[int, str], Spot] = {
        (1, "assault"): (2, 6, 90),
        (1, "armored"): (9.3, 2.5, 0),
        (2, "gunner"): (3, 2, 180),
    }
    return arrange(
        layout,
        scenario=replace(open_field(), opening=opening),
        others=False,
        rules_version=OPENING_VERSION,
    )


# --- the setting ---------------------------------------------------------------------------------


def test_r5_opening_each_value_names_its_rule() -> None:
    assert set(OPENINGS) == {"none", *RESTRICTED}
    for key in OPENINGS:
        state = lines(key)
        assert opening_of(state).key == key and state.rules_version == 3


def test_r5_opening_new_games_play_the_opening_of_the_rules_of_new_games() -> None:
    game = Game(open_field(), seed=1)
    rules = ruleset(RULES_VERSION)
    assert game.state.rules_version == RULES_VERSION
    assert opening_of(game.state).key == rules.opening
    if rules.openings == ("none",):  # versions 1 and 2: the record names no opening
        assert "opening" not in game.record.to_dict()["scenario"]
    else:
        assert game.record.to_dict()["scenario"]["opening"] == rules.opening


def test_r5_opening_version_3_takes_the_default_when_the_scenario_names_none() -> None:
    game = Game(open_field(), seed=1, rules_version=3)
    assert game.record.scenario.opening == DEFAULT_OPENING
    assert game.state.scenario.opening == DEFAULT_OPENING
    assert game.record.to_dict()["scenario"]["opening"] == DEFAULT_OPENING
    assert new_game(open_field(), 3).scenario.opening == DEFAULT_OPENING


@pytest.mark.parametrize("version", [1, 2])
def test_r5_opening_older_rules_play_no_opening(version: int) -> None:
    with pytest.raises(ScenarioError, match=r"rules version \d has no opening"):
        new_game(replace(open_field(), opening="no-first-shot"), version)
    state = new_game(replace(open_field(), opening="none"), version)
    assert opening_of(state).key == "none"


# --- the first activations -----------------------------------------------------------------------


@pytest.mark.parametrize("opening", RESTRICTED)
def test_r5_opening_no_shot_in_a_restricted_activation(opening: str) -> None:
    state = lines(opening)
    gunner, assault = state.soldier(1, "gunner"), state.soldier(1, "assault")
    error = refused(state, Shoot("gunner", "armored"), "R5")
    assert str(error) == f"no shooting yet: {OPENINGS[opening].words} (R5)"
    assert can_act(state, gunner) == (True, False)
    if opening == "gunner-holds":  # the other cards may shoot
        assert can_act(state, assault) == (True, True)
        state = play(state, Shoot("assault", "armored"), R(1), R(1, 1))
        assert pending(state) == (PendingKind.ACT, 1)  # and Move after it (R7)
    else:
        assert can_act(state, assault) == (True, False)
        refused(state, Shoot("assault", "armored"), "R5")


@pytest.mark.parametrize("opening", ["no-first-shot", "opening-moves"])
def test_r5_opening_shoot_then_move_refused_move_alone_ends_the_activation(opening: str) -> None:
    state = lines(opening)
    refused(state, Shoot("assault", "armored"), "R5")
    state = play(state, Move("assault", 90), R(1, 1))
    assert pending(state) == (PendingKind.REACT, 2)  # the enemy sees it move
    state = play(state, React(None), Face(None))
    # Move then Shoot is no way round it: it sees the Armored, yet its activation is over
    assert pending(state) == (PendingKind.ACT, 2) and state.activation_number == 2


@pytest.mark.parametrize("opening", RESTRICTED)
def test_r5_opening_a_gunner_may_turn_in_place(opening: str) -> None:
    state = apply(lines(opening), Turn("gunner", 10))  # its Move (R14, R22)
    assert state.soldier(1, "gunner").facing == 10
    assert pending(state) == (PendingKind.ACT, 2) and state.activation_number == 2


@pytest.mark.parametrize("opening", RESTRICTED)
def test_r5_opening_a_pass_is_allowed(opening: str) -> None:
    state = apply(lines(opening), End())
    assert any("passes" in e.text for e in state.events)
    assert pending(state) == (PendingKind.ACT, 2) and state.activation_number == 2


@pytest.mark.parametrize("opening", RESTRICTED)
def test_r5_opening_the_restriction_ends_after_its_activations(opening: str) -> None:
    state = apply(lines(opening), End())  # activation 1
    armored = state.soldier(2, "armored")
    held = LAST_HELD[opening] >= 2
    assert state.activation_number == 2 and opening_holds(state, armored) is held
    assert can_act(state, armored) == (True, not held)
    if held:
        refused(state, Shoot("armored", "assault"), "R5")
        state = apply(state, End())  # activation 2
    player = state.initiative
    duel = {1: ("assault", "armored", R(1, 1)), 2: ("armored", "assault", R(1))}
    shooter, target, endure = duel[player]
    assert can_act(state, state.soldier(player, shooter)) == (True, True)
    assert state.activation_number == LAST_HELD[opening] + 1
    # from here on, Shoot then Move as R7 allows
    state = play(state, Shoot(shooter, target), R(1), endure)
    assert pending(state) == (PendingKind.ACT, player)
    state = apply(state, Move(shooter, 90))
    assert pending(state) == (PendingKind.ROLL, player)


@pytest.mark.parametrize("opening", RESTRICTED)
def test_r5_opening_a_reaction_inside_a_restricted_activation_may_shoot(opening: str) -> None:
    state = play(react_lines(opening), Move("assault", 90), R(1, 1), React("gunner"))
    state = play(state, R(3))  # React 3 beats Move 2
    state = apply(state, Stop(1.0))
    assert at(state, 1, "assault") == Vec(3, 6)
    assert state.activation == Activation(2, "gunner", reaction=True)
    assert state.activation_number == 1  # inside the first activation
    gunner = state.soldier(2, "gunner")
    assert not opening_holds(state, gunner) and can_act(state, gunner) == (True, True)
    state = play(state, Shoot("gunner", "assault"), R(5, 5), R(1))
    assert not state.soldier(1, "assault").alive
    assert pending(state) == (PendingKind.ACT, 1) and state.activation_number == 2
    # the activation after it is the game's second, its mover's side again (R19, R7)
    armored = state.soldier(1, "armored")
    assert opening_holds(state, armored) is (opening == "opening-moves")


def test_r5_opening_moves_a_react_in_the_first_activation_holds_the_movers_side_twice() -> None:
    """RULES.md, R5 Opening: the reaction does not count as one of the game's activations, so
    the mover's side takes the second as well and may not Shoot in it; the reacting side's
    next activation, the third, may (hand-set dice: Move 2, React 3)."""
    state = play(react_lines("opening-moves"), Move("assault", 90), R(1, 1), React("gunner"))
    state = play(state, R(3), Stop(1.0), End())  # the reacting Gunner acts, shooting nothing
    assert pending(state) == (PendingKind.ACT, 1) and state.activation_number == 2
    refused(state, Shoot("assault", "gunner"), "R5")  # held again
    state = apply(state, End())
    assert pending(state) == (PendingKind.ACT, 2) and state.activation_number == 3
    assert can_act(state, state.soldier(2, "gunner")) == (True, True)


def test_r5_opening_none_lets_the_first_activation_shoot() -> None:
    state = lines("none")
    assert can_act(state, state.soldier(1, "gunner")) == (True, True)
    state = apply(state, Shoot("gunner", "armored"))
    assert pending(state) == (PendingKind.ROLL, 1)


# --- records -------------------------------------------------------------------------------------


CARDS = ("assault", "ranger", "gunner", "armored", "brawler")
SPOTS = {
    1: [(5.0, 8.6, 0.0), (1.0, 9.0, 180.0), (3.0, 9.0, 180.0), (7.0, 9.0, 180.0), (9, 9, 180)],
    2: [(7.0, 1.0, 0.0), (1.0, 1.0, 0.0), (3.0, 1.0, 0.0), (5.0, 1.4, 180.0), (9, 1, 0)],
}
"""A deployment on the open field in which player 1's Assault (5, 8.6) faces player 2's Armored
(5, 1.4) across the table; the other cards face away."""


def deployment() -> list[Action]:
    """The roll-off (player 2 places first, player 1 acts first) and the ten placements."""
    actions: list[Action] = [R(1, 6)]
    for card, mine, theirs in zip(CARDS, SPOTS[1], SPOTS[2], strict=True):
        actions += [Place(card, *theirs), Place(card, *mine)]
    return actions


def hand_game(opening: str) -> Game:
    """A rules-version-3 game under ``opening``, by hand: the deployment, then player 1's Gunner
    turns in place, player 2 passes, and player 1's Assault shoots the Armored (activation 3,
    which no opening restricts) and moves; player 2's Ranger, which sees all round, does
    not react."""
    game = Game(replace(open_field(), opening=opening), seed=11, auto_dice=False, rules_version=3)
    for action in deployment():
        game.play(action)
    for action in (Turn("gunner", 20), End(), Shoot("assault", "armored"), R(5), R(1, 1)):
        game.play(action)
    for action in (Move("assault", 90), R(1, 1), React(None), Face(None)):
        game.play(action)
    assert game.state.activation_number == 4 and not game.state.soldier(2, "armored").alive
    return game


@pytest.mark.parametrize("opening", list(OPENINGS))
def test_r5_r24_a_version_3_record_with_each_opening_replays(opening: str) -> None:
    game = hand_game(opening)
    data = json.loads(game.record.to_json())
    assert data["rules"] == 3 and data["scenario"]["opening"] == opening
    record = loads(json.dumps(data))
    assert record.rules_version == 3 and record.scenario.opening == opening
    state = replay(record)
    assert state == game.state
    assert Game.from_record(record).state == game.state


def test_r5_r24_a_record_names_a_known_opening_its_rules_play() -> None:
    data = json.loads(hand_game("no-first-shot").record.to_json())
    data["scenario"]["opening"] = "first-blood"
    with pytest.raises(RecordError, match="scenario.opening: must be one of none, gunner-holds"):
        from_dict(data)
    data["scenario"]["opening"] = 3
    with pytest.raises(RecordError, match="scenario.opening"):
        from_dict(data)
    data["scenario"]["opening"] = "no-first-shot"
    data["rules"] = 2
    with pytest.raises(RecordError, match=r"rules version 2 has no opening 'no-first-shot' \(R5\)"):
        from_dict(data)


def test_r5_r24_a_version_3_record_that_shoots_in_a_restricted_activation_is_refused() -> None:
    actions = deployment() + [Shoot("assault", "armored"), R(5), R(1, 1)]  # activation 1 shoots
    record = Record(replace(open_field(), opening="none"), actions=actions, rules_version=3)
    assert not replay(record).soldier(2, "armored").alive
    for opening in RESTRICTED:
        if opening == "gunner-holds":
            continue  # only the Gunner holds its fire
        record.scenario = replace(record.scenario, opening=opening)
        with pytest.raises(RecordError) as info:
            replay(record)
        assert info.value.index == 11 and info.value.reason is not None
        assert info.value.reason == f"no shooting yet: {OPENINGS[opening].words} (R5)"
