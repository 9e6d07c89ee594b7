"""Playing whole games between computer players (for the benchmark and the tests)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace

from serm.core.cards import CARD_NAMES, other
from serm.core.game import Game
from serm.core.rules import DRAW_AFTER
from serm.core.ruleset import OPENING_VERSION
from serm.core.scenario import Scenario
from serm.core.state import Status

from .player import BasePlayer, make_player

ACTIVATION_CAP = 2 * len(CARD_NAMES) * DRAW_AFTER
"""A safety net only: R8 ends every game first. A game has at most ``2 * len(CARD_NAMES) - 1``
eliminations before its last, and at most ``DRAW_AFTER`` activations between two of them, so it
cannot reach this many activations; a game stopped here (``Result.capped``) is a bug."""


@dataclass
class Result:
    """One game: the winner (None for a draw, R8), the number of activations played
    (``State.activation_number`` at the end), the player who held the first initiative (R5: the
    roll-off loser; 0 if the game never got that far), whether the safety cap stopped it,
    each player's think times (s, wall clock), the CPU seconds the whole game took in this
    process (``time.process_time``: the players' thinking and the engine's rules) and the
    opening it was played under (R5, Opening; "none" for rules without one)."""

    winner: int | None
    activations: int
    first: int = 0
    capped: bool = False
    times: dict[int, list[float]] = field(default_factory=lambda: {1: [], 2: []})
    cpu: float = 0.0
    opening: str = "none"


def play(
    scenario: Scenario,
    kinds: tuple[str, str],
    seed: int,
    activation_cap: int = ACTIVATION_CAP,
    player_seeds: tuple[int, int] | None = None,
    opening: str | None = None,
) -> Result:
    """Play ``kinds[0]`` (player 1) against ``kinds[1]`` (player 2) with dice from ``seed``.

    ``player_seeds`` seeds each player's own choices (default ``seed * 2 + 1`` and ``+ 2``).
    ``opening`` plays the game under that opening (R5, Opening: a key of
    ``serm.core.opening.OPENINGS``) and the first rules version with openings; None plays it
    under the rules of new games.
    """
    cpu = time.process_time()
    ps = player_seeds or (seed * 2 + 1, seed * 2 + 2)
    players: dict[int, BasePlayer] = {
        1: make_player(kinds[0], ps[0]),
        2: make_player(kinds[1], ps[1]),
    }
    if opening is None:
        game = Game(scenario, seed)
    else:
        game = Game(replace(scenario, opening=opening), seed, rules_version=OPENING_VERSION)
    game.roll_pending()
    result = Result(None, 0)
    while game.state.status != Status.FINISHED and game.state.activation_number <= activation_cap:
        p = game.state.pending
        assert p is not None
        start = time.perf_counter()
        action = players[p.player].decide(game.state)
        result.times[p.player].append(time.perf_counter() - start)
        game.play(action)
    st = game.state
    result.winner = st.winner
    result.activations = st.activation_number
    result.first = other(st.first_placer) if st.first_placer else 0
    result.capped = st.status != Status.FINISHED
    result.cpu = time.process_time() - cpu
    result.opening = st.scenario.opening or "none"
    return result
