"""Dice pools: rolling, checking recorded faces, totals and exact odds (rulings R9, R10).

A pool of N dice is recorded per die as the chain of faces rolled (R10): ``((6, 2), (4,))`` is two
dice, the first a six re-rolled into a 2, total 12. In an exploding pool every six is re-rolled and
added, again and again (Shoot and Endure, R9); a plain pool rolls each die once (Move and React,
unless the scenario option ``explode_all`` is on).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from .fmath import plain_sum

Faces = tuple[tuple[int, ...], ...]

TAIL = 1e-15
"""Exploding distributions are summed until the probability left over is below this."""


class DiceError(ValueError):
    """Recorded faces that the pending pool could not have rolled (R10)."""


@dataclass(frozen=True)
class Pool:
    """A dice pool: ``dice`` six-sided dice, re-rolling sixes when ``exploding`` (R9)."""

    dice: int
    exploding: bool

    def roll(self, rng: random.Random) -> Faces:
        """Roll the pool with ``rng``; returns the faces as recorded (R10)."""
        chains = []
        for _ in range(self.dice):
            chain = [rng.randint(1, 6)]
            while self.exploding and chain[-1] == 6:
                chain.append(rng.randint(1, 6))
            chains.append(tuple(chain))
        return tuple(chains)

    def check(self, faces: Faces) -> None:
        """Raise ``DiceError`` unless ``faces`` is a roll this pool can produce (R9, R10)."""
        if len(faces) != self.dice:
            raise DiceError(f"expected {self.dice} dice, got {len(faces)}")
        for i, chain in enumerate(faces):
            if not chain:
                raise DiceError(f"die {i + 1} has no face")
            for face in chain:
                if not isinstance(face, int) or isinstance(face, bool) or not 1 <= face <= 6:
                    raise DiceError(f"die {i + 1}: {face!r} is not a face of a d6")
            if not self.exploding and len(chain) != 1:
                raise DiceError(f"die {i + 1}: a plain pool rolls each die once (R9)")
            if self.exploding:
                if any(f != 6 for f in chain[:-1]):
                    raise DiceError(f"die {i + 1}: only a six is re-rolled (R9)")
                if chain[-1] == 6:
                    raise DiceError(f"die {i + 1}: a six must be re-rolled (R9)")

    def distribution(self) -> dict[int, float]:
        """Exact probability of each total (exploding tails cut below ``TAIL``)."""
        return dict(_pool_distribution(self.dice, self.exploding))


def total(faces: Faces) -> int:
    """Sum of every face of every die."""
    return sum(sum(chain) for chain in faces)


def rolled_on(faces: Faces) -> tuple[tuple[tuple[int, bool], ...], ...]:
    """Each die's chain of faces, each face with whether its die was rolled again after it: a
    six of an exploding pool (R9), never a six of a plain pool (Move, React), which counts once
    and is the die's last face (R10)."""
    return tuple(tuple((f, k < len(chain) - 1) for k, f in enumerate(chain)) for chain in faces)


@lru_cache(maxsize=2)
def _die_distribution(exploding: bool) -> tuple[tuple[int, float], ...]:
    if not exploding:
        return tuple((f, 1 / 6) for f in range(1, 7))
    out: list[tuple[int, float]] = []
    base, p = 0, 1.0
    while p > TAIL:
        out.extend((base + f, p / 6) for f in range(1, 6))
        base, p = base + 6, p / 6
    return tuple(out)


@lru_cache(maxsize=128)
def _pool_distribution(dice: int, exploding: bool) -> tuple[tuple[int, float], ...]:
    dist: dict[int, float] = {0: 1.0}
    for _ in range(dice):
        nxt: dict[int, float] = {}
        for t, p in dist.items():
            for f, q in _die_distribution(exploding):
                nxt[t + f] = nxt.get(t + f, 0.0) + p * q
        dist = {t: p for t, p in nxt.items() if p > TAIL}
    return tuple(sorted(dist.items()))


def prob_greater(a: Pool, b: Pool) -> float:
    """Probability that pool ``a`` totals strictly more than pool ``b`` (a Shoot kills, R21)."""
    if b.dice == 0:
        return 1.0 if a.dice > 0 else 0.0  # every die shows at least 1: exact, no cut-off tail
    acc = 0.0
    dist_b = _pool_distribution(b.dice, b.exploding)
    out = 0.0
    idx = 0
    for t, p in _pool_distribution(a.dice, a.exploding):
        while idx < len(dist_b) and dist_b[idx][0] < t:
            acc += dist_b[idx][1]
            idx += 1
        out += p * acc
    return out


def prob_beats(pool: Pool, target: int) -> float:
    """Probability that ``pool`` totals strictly more than the fixed number ``target`` (R19)."""
    return plain_sum(p for t, p in _pool_distribution(pool.dice, pool.exploding) if t > target)
