"""The computer opponent (pure Python: uses only ``serm.core``'s public modules).

``make_player(kind, seed)`` gives a player for "easy", "normal", "hard" or the benchmark baselines
"greedy" and "random". A player's ``think(state)`` is a generator that yields ``None`` between
slices of work and finally the chosen action, so a browser can run it a slice at a time;
``decide(state)`` runs it to the end. ``seated_players(seats, seed)`` makes the players of a
game's computer seats.
"""

from __future__ import annotations

from .config import STRENGTHS, Config
from .player import (
    KINDS,
    GreedyPlayer,
    Player,
    RandomPlayer,
    SearchPlayer,
    make_player,
    seated_players,
)

__all__ = [
    "KINDS",
    "STRENGTHS",
    "Config",
    "GreedyPlayer",
    "Player",
    "RandomPlayer",
    "SearchPlayer",
    "make_player",
    "seated_players",
]
