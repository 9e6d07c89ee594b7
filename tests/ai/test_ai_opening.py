"""The computer opponent under an opening (R5, Opening): it plans and plays with the legal
actions the engine lists, so it never shoots where the opening forbids it."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from serm.ai import STRENGTHS, act, make_player
from serm.ai.plans import Planner
from serm.core.actions import Shoot
from serm.core.game import Game
from serm.core.queries import opening_holds, opening_of
from serm.core.ruleset import OPENING_VERSION
from serm.core.scenario import by_name
from serm.core.state import PendingKind, State, Status

RESTRICTED = ("gunner-holds", "no-first-shot", "opening-moves")


def held_shots(state: State, actions: list[object]) -> list[Shoot]:
    """The Shoot actions among ``actions`` that the opening forbids in ``state``."""
    assert state.pending is not None and state.pending.kind == PendingKind.ACT
    return [
        a
        for a in actions
        if isinstance(a, Shoot)
        and opening_holds(state, state.soldier(state.pending.player, a.card))
    ]


@pytest.mark.parametrize("kind", ["easy", "normal", "hard", "greedy", "random"])
@pytest.mark.parametrize("opening", RESTRICTED)
def test_computer_players_hold_their_fire_while_the_opening_holds(kind: str, opening: str) -> None:
    """On the open field, where the first activation's Gunner sees most of the enemy, each
    strength plays through the restricted activations and one more: no candidate it scores and
    no action it picks is a Shoot the opening forbids (``Game.play`` would refuse one), though
    without the opening it would weigh one."""
    scenario = replace(by_name("open"), opening=opening)
    game = Game(scenario, seed=4, rules_version=OPENING_VERSION)
    game.roll_pending()
    players = {1: make_player(kind, 1), 2: make_player(kind, 2)}
    last = opening_of(game.state).activations + 1
    tempted = 0  # restricted activations in which, without the opening, it would weigh a Shoot
    while game.state.status != Status.FINISHED and game.state.activation_number <= last:
        state = game.state
        assert state.pending is not None
        action = players[state.pending.player].decide(state)
        if state.pending.kind == PendingKind.ACT:
            assert not held_shots(state, [action])
            if kind in STRENGTHS and 1 <= state.activation_number < last:
                planner = Planner(state, STRENGTHS[kind], random.Random(1))
                assert not held_shots(state, [c.action for c in act.candidates(planner)])
                free = replace(state, scenario=replace(state.scenario, opening="none"))
                unheld = act.candidates(Planner(free, STRENGTHS[kind], random.Random(1)))
                tempted += bool(held_shots(state, [c.action for c in unheld]))
        game.play(action)
    assert kind not in STRENGTHS or tempted >= 1
