"""serm.view.beats: the beats read off real state sequences."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import R, arrange, rolloff_for

from serm.core import apply
from serm.core.actions import Action, End, Face, Move, Place, React, Shoot, Stop, Turn
from serm.core.actions import Path as PathAction
from serm.core.record import loads, replay_steps
from serm.core.scenario import open_field
from serm.core.state import State, new_game
from serm.view.beats import BASE_MS, SPEEDS, Beat, BeatKind, beats, speed_factor
from serm.view.show import show

ROOT = Path(__file__).resolve().parents[2]


def run(state: State, *actions: Action) -> tuple[Beat, ...]:
    """The beats of ``actions`` played from ``state``."""
    states = [state]
    for action in actions:
        states.append(apply(states[-1], action))
    return beats(states, actions)


def duel() -> State:
    """Player 1's Assault facing player 2's Armored across the table; player 2's Gunner aside."""
    return arrange(
        {(1, "assault"): (5, 7, 0), (2, "armored"): (4, 2, 180), (2, "gunner"): (9, 1, 0)},
        others=False,
    )


def react_layout() -> State:
    """Player 1's Assault (2, 6) will move right along y = 6, seen by player 2's Brawler."""
    return arrange(
        {
            (1, "assault"): (2, 6, 90),
            (2, "brawler"): (8, 2, 180),
            (2, "armored"): (5, 2, 180),
            (2, "gunner"): (1, 2, 0),
        },
        others=False,
    )


def complete_game() -> tuple[list[State], list[Action]]:
    record = loads((ROOT / "examples" / "complete-game.json").read_text(encoding="utf-8"))
    states, actions = [new_game(record.scenario, record.rules_version)], []
    for action, state in replay_steps(record):
        actions.append(action)
        states.append(state)
    return states, actions


def kinds(bs: tuple[Beat, ...]) -> list[str]:
    return [b.kind.value for b in bs]


def test_a_shot_that_kills_is_aim_shoot_roll_endure_roll_kill() -> None:
    bs = run(duel(), Shoot("assault", "armored"), R((6, 6, 3)), R(1, 1))
    assert kinds(bs) == ["aim", "roll", "roll", "kill"]
    aim, shoot, endure, kill = bs
    assert aim.card == (1, "assault") and aim.other == (2, "armored")
    assert aim.poses == ((5, 7, 0),) and aim.other_pose == (4, 2, 180)
    assert shoot.card == (1, "assault") and shoot.purpose == "shoot"
    assert shoot.faces == ((6, 6, 3),) and shoot.total == 15 and shoot.words == "Shoot 15"
    assert endure.card == (2, "armored") and endure.purpose == "endure"
    assert endure.faces == ((1,), (1,)) and endure.total == 2
    assert kill.card == (2, "armored") and kill.poses == ((4, 2, 180),)
    assert "eliminated" in kill.words


def test_a_shot_that_fails_spares_the_target() -> None:
    bs = run(duel(), Shoot("assault", "armored"), R(1), R(3, 4))
    assert kinds(bs) == ["aim", "roll", "roll", "spare"]
    assert bs[-1].card == (2, "armored") and "survives" in bs[-1].words


def test_a_move_slides_through_its_path() -> None:
    bs = run(duel(), Move("assault", 90), R(1, 1), Face(None))
    assert kinds(bs) == ["roll", "move"]
    roll, move = bs
    assert roll.card == (1, "assault") and roll.purpose == "move" and roll.total == 2
    assert move.card == (1, "assault")
    assert move.poses[0] == (5, 7, 0) and move.poses[-1] == pytest.approx((7, 7, 0))


def test_a_move_declared_with_a_new_facing_turns_first() -> None:
    bs = run(duel(), Move("assault", 90, 90), R(1, 1), Face(None))
    assert kinds(bs) == ["turn", "roll", "move"]
    assert bs[0].poses == ((5, 7, 0), (5, 7, 90))


def test_a_react_then_the_stop() -> None:
    state = react_layout()
    bs = run(state, Move("assault", 90), R(2, 2), React("brawler"), R(3, 2), Stop(2.5))
    assert kinds(bs) == ["roll", "react", "roll", "move"]
    assert bs[1].card == (2, "brawler") and bs[1].words == "Brawler reacts"
    assert bs[2].card == (2, "brawler") and bs[2].purpose == "react" and bs[2].total == 5
    assert bs[3].card == (1, "assault") and bs[3].poses[-1][:2] == pytest.approx((4.5, 6))


def test_a_react_declined_lets_it_move() -> None:
    bs = run(react_layout(), Move("assault", 90), R(2, 2), React(None))
    assert kinds(bs)[:2] == ["roll", "decline"]
    assert bs[1].card == (1, "assault")


def test_placing_gives_place_and_the_rolloff_gives_nothing() -> None:
    state = new_game(open_field())
    placer = apply(state, rolloff_for(2)).pending
    assert placer is not None
    bs = run(state, rolloff_for(2), Place("ranger", 1, 9, 0))
    assert kinds(bs) == ["place"]
    assert bs[0].card == (placer.player, "ranger") and bs[0].poses == ((1, 9, 0),)


def test_a_pass_is_a_beat_and_an_end_after_acting_gives_nothing() -> None:
    """Every activation leaves something to show: a pass (an End with nothing done, R7) is
    announced mid-table; a Turn to the facing the card already has still shows a turn."""
    start = duel()
    (passed,) = run(start, End())
    assert passed.kind == BeatKind.PASS and passed.words == "Player 1 passes"
    assert passed.poses == ((start.scenario.width / 2, start.scenario.height / 2, 0.0),)
    shown = show((passed,), start, apply(start, End()), 1.0)  # names no card: none looked up
    assert "Player 1 passes" in shown.markup and shown.ms == BASE_MS[BeatKind.PASS]
    turned = apply(start, Turn("assault", 0.0))
    (same,) = run(start, Turn("assault", 0.0))
    assert same.kind == BeatKind.TURN and same.poses == ((5, 7, 0), (5, 7, 0))
    assert run(turned, End()) == ()


def test_states_and_actions_must_match() -> None:
    with pytest.raises(ValueError):
        beats([duel()], [End()])


def test_the_whole_example_game() -> None:
    states, actions = complete_game()
    bs = beats(states, actions)
    assert kinds(bs).count("place") == 10
    assert kinds(bs).count("kill") == sum(1 for s in states[-1].soldiers if not s.alive)
    assert {"aim", "roll", "move", "react", "spare"} <= set(kinds(bs))
    for i in range(len(actions)):  # one action at a time, as the browser may ask
        beats(states[i : i + 2], actions[i : i + 1])


def test_speeds() -> None:
    assert speed_factor("fast") == SPEEDS["fast"] and speed_factor("??") == 1.0
    assert all(ms > 0 for ms in BASE_MS.values()) and set(BASE_MS) == set(BeatKind)


def test_a_gunner_volley_is_one_shot_after_another() -> None:
    state = arrange(
        {(1, "gunner"): (5, 7, 0), (2, "armored"): (4, 2, 180), (2, "assault"): (6.5, 2, 180)},
        others=False,
    )
    shots = (Shoot("gunner", "armored"), R(5, 5), R(5, 5), Shoot("gunner", "assault"))
    bs = run(state, *shots, R(5, 5), R(5))
    assert kinds(bs) == ["aim", "roll", "roll", "spare", "aim", "roll", "roll", "kill"]
    assert [b.other for b in bs if b.kind == BeatKind.AIM] == [(2, "armored"), (2, "assault")]
    assert [b.card for b in bs if b.purpose == "endure"] == [(2, "armored"), (2, "assault")]


def test_a_play_keeps_the_states_it_went_through() -> None:
    """``Game.passed``: the state after the action, then after each roll the game made itself
    (auto dice), matching the actions at the record's end; the driver reads beats off them."""
    from serm.core.game import Game

    record = loads((ROOT / "examples" / "complete-game.json").read_text(encoding="utf-8"))
    shots = [i for i, a in enumerate(record.actions) if isinstance(a, Shoot)]
    i = next(i for i in shots if getattr(record.actions[i], "target", "") == "brawler")
    shot = record.actions[i]
    assert isinstance(shot, Shoot)
    record.actions = record.actions[:i]
    game = Game.from_record(record)
    n, before = len(game.record.actions), game.state
    game.play(shot)
    added = game.record.actions[n:]
    assert added[0] == shot and len(added) == len(game.passed) == 2  # the shot and its roll
    # (the Brawler it shoots has no Endure dice to roll: R21)
    assert game.passed[-1] is game.state
    kinds = [b.kind for b in beats([before, *game.passed], added)]
    assert kinds == [BeatKind.AIM, BeatKind.ROLL, BeatKind.KILL]


def brawler_ram_layout(watched: bool) -> State:
    """Player 1's Brawler (2, 8) and player 2's Armored (3, 4) in the way of its path; with
    ``watched``, player 2's Ranger sees the path, so a React is asked on it (R18)."""
    seen = {(2, "ranger"): (7, 6, 270)} if watched else {(2, "gunner"): (9, 1, 0)}
    return arrange(
        {(1, "brawler"): (2, 8, 0), (2, "armored"): (3, 4, 0), **seen},
        others=False,
    )


@pytest.mark.parametrize("watched", [False, True])
def test_a_brawler_path_slides_through_its_corners_up_to_its_halt_and_no_further(
    watched: bool,
) -> None:
    """R16, R17: the Brawler rams the Armored at (3, 5) on the leg from (3, 8) toward (3, 3.5):
    the slide passes the corner (3, 8) and stops there, not at the path's later corner (whether
    the path was sent with no React to ask or a React was declined on it)."""
    path = PathAction(((3, 8), (3, 3.5), (3.5, 3.5)))
    actions: list[Action] = [Move("brawler", None), R(2, 2, 2), path]
    if watched:
        actions.append(React(None))
    move = next(b for b in run(brawler_ram_layout(watched), *actions) if b.kind == "move")
    assert move.poses == ((2, 8, 0), (3, 8, 0), pytest.approx((3, 5, 0)))
