"""The odds the computer opponent reasons with: exact pool distributions from ``serm.core.dice``.

Every figure here comes from the engine's exact distributions (R9): Shoot vs Endure (R21), React vs
a Move total (R19) and the Move total itself (R15). Results are cached, each cache bounded (a
page plays game after game).
"""

from __future__ import annotations

from functools import lru_cache

from serm.core.cards import CARDS
from serm.core.dice import Pool, prob_beats, prob_greater
from serm.core.fmath import plain_sum


@lru_cache(maxsize=256)
def distribution(pool: Pool) -> tuple[tuple[int, float], ...]:
    """(total, probability) pairs of ``pool``, sorted by total (exact, R9)."""
    return tuple(sorted(pool.distribution().items()))


@lru_cache(maxsize=4096)  # keyed by a distance: one entry per Move length asked
def at_least(pool: Pool, n: float) -> float:
    """Probability that ``pool`` totals at least ``n`` (a Move that reaches ``n`` L, R15)."""
    return plain_sum(p for t, p in distribution(pool) if t >= n - 1e-9)


@lru_cache(maxsize=1024)
def beats(pool: Pool, n: int) -> float:
    """Probability that ``pool`` totals strictly more than ``n`` (a React stops a Move, R19)."""
    return prob_beats(pool, n)


@lru_cache(maxsize=64)
def kill(shooter: str, target: str) -> float:
    """Exact chance that one Shoot by card ``shooter`` eliminates card ``target`` (R21)."""
    a, b = CARDS[shooter], CARDS[target]
    if a.shoot == 0:
        return 0.0
    return prob_greater(Pool(a.shoot, True), Pool(b.endure, True))


def react_pool(card: str, explode_all: bool) -> Pool:
    return Pool(CARDS[card].react, explode_all)


def move_pool(card: str, explode_all: bool) -> Pool:
    return Pool(CARDS[card].move, explode_all)


def stop_chance(reactors: list[str], move_total: int, explode_all: bool) -> float:
    """Chance that the best of ``reactors`` (cards able to React) stops a Move of ``move_total``."""
    best = 0.0
    for card in reactors:
        best = max(best, beats(react_pool(card, explode_all), move_total))
    return best


def groups(outcomes: list[tuple[int, float]], count: int) -> list[list[tuple[int, float]]]:
    """Split (total, probability) outcomes, sorted by total, into at most ``count`` runs of about
    equal probability. Keeps the number of chance outcomes evaluated per candidate bounded."""
    outcomes = [(t, p) for t, p in outcomes if p > 1e-7]
    if len(outcomes) <= count:
        return [[o] for o in outcomes]
    mass = plain_sum(p for _, p in outcomes)
    out: list[list[tuple[int, float]]] = [[]]
    acc = 0.0
    for t, p in outcomes:
        if acc >= mass * len(out) / count and len(out) < count:
            out.append([])
        out[-1].append((t, p))
        acc += p
    return [g for g in out if g]
