"""Playing whole games between computer players (for the benchmark and the tests)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from serm.core.game import Game
from serm.core.scenario import Scenario
from serm.core.state import Status

from .player import BasePlayer, make_player

ACTIVATION_CAP = 200
"""Activations after which a game is stopped and counted as a draw."""


@dataclass
class Result:
    """One game: the winner (None for a draw at the activation cap), the number of
    activations played (``State.activation_number`` at the end) and each player's think times."""

    winner: int | None
    activations: int
    times: dict[int, list[float]] = field(default_factory=lambda: {1: [], 2: []})


def play(
    scenario: Scenario, kinds: tuple[str, str], seed: int, activation_cap: int = ACTIVATION_CAP
) -> Result:
    """Play ``kinds[0]`` (player 1) against ``kinds[1]`` (player 2) with dice from ``seed``."""
    players: dict[int, BasePlayer] = {
        1: make_player(kinds[0], seed * 2 + 1),
        2: make_player(kinds[1], seed * 2 + 2),
    }
    game = Game(scenario, seed)
    game.roll_pending()
    result = Result(None, 0)
    while game.state.status != Status.FINISHED and game.state.activation_number <= activation_cap:
        p = game.state.pending
        assert p is not None
        start = time.perf_counter()
        action = players[p.player].decide(game.state)
        result.times[p.player].append(time.perf_counter() - start)
        game.play(action)
    result.winner = game.state.winner
    result.activations = game.state.activation_number
    return result
