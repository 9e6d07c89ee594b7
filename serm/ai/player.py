"""Computer players: ``Player.think(state)`` yields ``None`` between slices of work, then the
chosen action; ``decide`` runs it to the end.

``SearchPlayer`` scores sampled candidates with expected values over the dice (``plans``);
``GreedyPlayer`` and ``RandomPlayer`` are the benchmark's baselines. Each player owns a seeded
``random.Random``, so a game between computer players replays from its seed.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Protocol

from serm.core.actions import Action
from serm.core.state import PendingKind, State

from . import act, brawler, deploy, fallback, minor
from .config import STRENGTHS, Config
from .plans import Candidate, Planner
from .search import LookAhead, legal, ranked_steps


class Player(Protocol):
    """Anything that decides the pending step of a state (never a ROLL)."""

    name: str

    def think(self, state: State) -> Iterator[Action | None]: ...

    def decide(self, state: State) -> Action: ...


class BasePlayer:
    name = "base"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(f"serm-ai/{self.name}/{seed}")

    def think(self, state: State) -> Iterator[Action | None]:
        yield self.choose(state)

    def choose(self, state: State) -> Action:
        raise NotImplementedError

    def decide(self, state: State) -> Action:
        """Run ``think`` to the end and return its action."""
        for step in self.think(state):
            if step is not None:
                return step
        raise AssertionError("think() ended without an action")


def candidates(pl: Planner) -> list[Candidate]:
    """The candidates of the decision pending in the planner's state."""
    return [c for c in candidate_steps(pl) if c is not None]


def candidate_steps(pl: Planner) -> Iterator[Candidate | None]:
    """The candidates, with ``None`` where building them may pause (between placement spots)."""
    p = pl.state.pending
    assert p is not None and p.kind != PendingKind.ROLL
    kind = p.kind
    if kind == PendingKind.PLACE:
        return deploy.place_steps(pl)
    if kind == PendingKind.ACT:
        return act.candidate_steps(pl)
    if kind == PendingKind.PATH:
        return iter(brawler.path_candidates(pl))
    if kind == PendingKind.REACT:
        return iter(minor.react_candidates(pl))
    if kind == PendingKind.STOP:
        return iter(minor.stop_candidates(pl))
    if kind == PendingKind.FACE:
        return iter(minor.face_candidates(pl))
    assert kind == PendingKind.TARGET
    return iter(minor.target_candidates(pl))


class SearchPlayer(BasePlayer):
    """Expectimax over sampled candidates, at one of the strengths in ``config.STRENGTHS``."""

    def __init__(self, strength: str = "normal", seed: int = 0) -> None:
        self.name = strength
        self.cfg: Config = STRENGTHS[strength]
        super().__init__(seed)

    def think(self, state: State) -> Iterator[Action | None]:
        p = state.pending
        assert p is not None
        look = self.cfg.search
        if look is not None and searched(state):
            # Each decision's look-ahead draws from its own generator, seeded from the player's.
            rng = random.Random(self.rng.getrandbits(64))
            choice = yield from LookAhead(state, self.cfg, look, rng).choose()
            yield choice if choice is not None else fallback.safe_action(state, self.rng)
            return
        pl = Planner(state, self.cfg, self.rng)
        scored = yield from ranked_steps(pl, self.cfg.max_evals)
        for _, _, cand in scored:
            if legal(state, cand.action):
                yield cand.action
                return
        yield fallback.safe_action(state, self.rng)


def searched(state: State) -> bool:
    """Whether a look-ahead decides the pending step: the choice of an activation (R7), a React
    (R18) and a stop point (R19). The rest of an activation, deployment and a Gunner's next
    target are taken as the planner scores them."""
    p = state.pending
    assert p is not None
    if p.kind == PendingKind.ACT:
        return state.activation is None or state.activation.card is None
    return p.kind in (PendingKind.REACT, PendingKind.STOP)


class RandomPlayer(BasePlayer):
    """A uniformly random legal player (a benchmark baseline)."""

    name = "random"

    def choose(self, state: State) -> Action:
        return fallback.random_action(state, self.rng)


class GreedyPlayer(BasePlayer):
    """One ply: the best immediate expected kill, else a Move toward the nearest enemy."""

    name = "greedy"

    def choose(self, state: State) -> Action:
        return fallback.greedy_action(state, self.rng)


def make_player(kind: str, seed: int = 0) -> BasePlayer:
    """A player by name: "easy", "normal", "hard", "greedy" or "random"."""
    if kind == "random":
        return RandomPlayer(seed)
    if kind == "greedy":
        return GreedyPlayer(seed)
    if kind in STRENGTHS:
        return SearchPlayer(kind, seed)
    raise ValueError(f"unknown player {kind!r}; choose one of {', '.join(KINDS)}")


def seated_players(seats: Mapping[int, str], seed: int | None) -> dict[int, BasePlayer]:
    """A computer player for each seat of ``seats`` (player -> strength), each seeded by the
    game's ``seed`` plus its player number, so a game replays with the same players."""
    return {p: make_player(s, (seed or 0) + p) for p, s in seats.items()}


KINDS = ("easy", "normal", "hard", "greedy", "random")
