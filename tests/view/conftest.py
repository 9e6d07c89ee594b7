"""Game states for the view tests, built by applying real actions to a fresh default game."""

from __future__ import annotations

from dataclasses import replace

import pytest

from harness.deployments import P1, P2
from serm.core import Move, Place, React, Roll, Shoot, State, apply, new_game
from serm.core import queries as q
from serm.core.opening import NONE
from serm.core.scenario import by_name


def fresh_game() -> State:
    """A default game after the roll-off (player 1 rolled 5, player 2 rolled 2), with no opening
    (R5): the view's states shoot from the first activation."""
    table = replace(by_name("default"), opening=NONE)
    return apply(new_game(table), Roll(((5,), (2,))))


def deploy(state: State, count: int = 5) -> State:
    """Alternate placements (player 1 first) of the first ``count`` cards of each side."""
    for a, b in list(zip(P1, P2, strict=True))[:count]:
        state = apply(state, Place(*a))
        state = apply(state, Place(*b))
    return state


@pytest.fixture
def deploying() -> State:
    """Deployment under way: two cards each placed, player 1 to place."""
    return deploy(fresh_game(), 2)


@pytest.fixture
def deployed() -> State:
    """All ten cards placed; player 2 has the initiative."""
    state = deploy(fresh_game())
    assert state.status == "playing" and state.pending is not None
    assert state.pending.player == 2
    return state


@pytest.fixture
def after_kill(deployed: State) -> tuple[State, str]:
    """Player 2's Ranger has shot and eliminated a player 1 soldier; returns (state, victim)."""
    ranger = deployed.soldier(2, "ranger")
    victim = q.visible_enemies(deployed, ranger)[0].card
    state = apply(deployed, Shoot("ranger", victim))
    state = apply(state, Roll(((6, 4),)))  # Shoot 10
    endure = state.pending
    assert endure is not None and endure.pool is not None
    state = apply(state, Roll(tuple((1,) for _ in range(endure.pool.dice))))
    assert not state.soldier(1, victim).alive
    return state, victim


@pytest.fixture
def react_pending(deployed: State) -> State:
    """Player 2's Assault moves 5 L down the table; player 1 decides a React."""
    state = apply(deployed, Move("assault", 180.0, 180.0))
    state = apply(state, Roll(((3,), (2,))))
    assert state.pending is not None and state.pending.kind == "react"
    return state


@pytest.fixture
def stop_pending(react_pending: State) -> State:
    """Player 1's React beat the Move: player 1 picks where the Assault stops."""
    assert react_pending.move is not None
    state = apply(react_pending, React(react_pending.move.reactors[0]))
    assert state.pending is not None and state.pending.pool is not None
    dice = state.pending.pool.dice
    state = apply(state, Roll(tuple((6,) for _ in range(dice))))
    assert state.pending is not None and state.pending.kind == "stop"
    return state


@pytest.fixture
def path_pending(deployed: State) -> State:
    """Player 2's Brawler has rolled 6 and must trace its path."""
    state = apply(deployed, Move("brawler", None))
    state = apply(state, Roll(((3,), (2,), (1,))))
    assert state.pending is not None and state.pending.kind == "path"
    return state
