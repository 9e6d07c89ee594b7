"""What a straight Move could lead to before its roll: who could React along it, and the chance
that it is stopped (rulings R9, R15, R16, R18, R19).

Exact, with the engine's own steps: for every total the Move pool can roll (R9) the card would
slide that far along the declared direction (R15) unless it halts first (R16,
``movement.halt_along``); an enemy soldier with React 1 or more is offered a React when it sees
the card somewhere along the way up to the halt (R18, ``los.first_sighting``); and a React stops
the Move when its total beats the Move's (R19). The paths of the smaller totals are the first
stretches of the longest one, so one ``first_sighting`` per enemy along the longest path, up to
its halt, says where each enemy first sees the card; an enemy is offered a React for a total when
that point comes no later than the halt for that total.

The chance that the Move is stopped assumes the opponent reacts with the soldier most likely to
beat the roll (among those offered a React for it); nothing here is sampled.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from . import queries as q
from .dice import prob_beats
from .fmath import plain_sum
from .geometry import EPS, Vec, unit
from .los import first_sighting
from .movement import Halt, halt_along, rammed
from .ruleset import ruleset
from .state import Soldier, State

Path = tuple[Vec, ...]


@dataclass(frozen=True)
class Watcher:
    """An enemy soldier that could React to the Move (R18).

    ``entry``: L along the declared direction where it first sees the card (R18); ``chance``: the
    probability that the roll lets it React (the card gets that far) and its React beats the
    Move total (R19).
    """

    card: str
    entry: float
    chance: float


@dataclass(frozen=True)
class Forecast:
    """A straight Move before its roll (R15-R19).

    ``watchers``: the enemies that could React, nearest entry first; ``stop_chance``: the chance
    that the Move is stopped when the opponent reacts with its best soldier for the roll;
    ``react_chance``: the chance that any React is offered at all.
    """

    watchers: tuple[Watcher, ...]
    stop_chance: float
    react_chance: float


def straight_move(state: State, s: Soldier, direction: float, facing: float) -> Forecast:
    """The forecast of a Move of ``s`` toward ``direction`` (degrees, R1) with the card turned to
    ``facing`` as it sets off (R14), over the whole distribution of its Move pool (R9, R15).

    The same as ``summary`` of every ``sighting`` (a caller that must not block for long calls
    them one enemy at a time)."""
    found = [(e.card, sighting(state, s, direction, facing, e)) for e in watchful(state, s)]
    return summary(state, s, direction, facing, found)


def watchful(state: State, s: Soldier) -> tuple[Soldier, ...]:
    """The enemies of ``s`` that can React at all (R18; React 0 never does, R23)."""
    return tuple(e for e in state.enemies(s.player) if e.type.react >= 1)


def reach(state: State, s: Soldier, direction: float, facing: float) -> tuple[Path, float]:
    """The longest path the Move pool can roll along ``direction`` (R9, R15), and how far along
    it the card can slide before its first contact (R16), in L."""
    path, halt = _longest(state, s, direction, facing)
    return path, halt.distance


def _longest(state: State, s: Soldier, direction: float, facing: float) -> tuple[Path, Halt]:
    longest = float(max(q.move_pool(state, s).distribution()))
    path = (s.pos, s.pos + unit(direction) * longest)
    return path, halt_along(state, s, facing, path)


@dataclass(frozen=True)
class Landing:
    """Where a straight Move would end, before its roll (R15, R16): ``longest``, the most its
    Move pool can roll (L); ``halt``, the first contact of its slide that far; ``rams``, the
    enemy cards touched there, which a roll that gets there rams (R16, C2); ``ram_chance``, the
    chance the roll gets there (C3: contact at the very end of the roll counts), 0 when nothing
    would be rammed. A React may still stop the Move short of it (R19, ``Forecast``)."""

    longest: float
    halt: Halt
    rams: tuple[str, ...]
    ram_chance: float


def landing(state: State, s: Soldier, direction: float, facing: float) -> Landing:
    """The ``Landing`` of a Move of ``s`` toward ``direction`` with the card turned to
    ``facing``, found as the engine finds it after the roll (``movement.halt_along`` along the
    rolled length, ``movement.rammed``): a shorter roll slides along the first stretch of the
    longest one and touches what the longest touches when that contact lies within it."""
    _, halt = _longest(state, s, direction, facing)
    rams = rammed(halt, s.player) if halt.blocked else ()
    dist = q.move_pool(state, s).distribution()
    chance = plain_sum(p for t, p in dist.items() if t >= halt.distance - EPS) if rams else 0.0
    return Landing(float(max(dist)), halt, rams, chance)


def sighting(state: State, s: Soldier, direction: float, facing: float, e: Soldier) -> float | None:
    """Where along the Move (L) the enemy ``e`` first sees the card, up to the longest roll's
    halt (R18, ``los.first_sighting``); None if it never does."""
    path, far = reach(state, s, direction, facing)
    return first_sighting(q.viewer(e), facing, path, far, q.tall_terrain(state))


def summary(
    state: State,
    s: Soldier,
    direction: float,
    facing: float,
    found: Sequence[tuple[str, float | None]],
) -> Forecast:
    """The forecast from each enemy's ``sighting`` (card, distance or None), over every total
    the Move pool can roll (R9): an enemy may React to a total when it sees the card no later
    than that total's halt (R16, R18), and stops it when its React beats the total (R19)."""
    _, far = reach(state, s, direction, facing)
    seen = [(state.soldier(3 - s.player, card), d) for card, d in found if d is not None]
    chances = {e.card: 0.0 for e, _ in seen}
    stop = offered = 0.0
    for total, p in sorted(q.move_pool(state, s).distribution().items()):
        halt = min(float(total), far)  # a shorter roll slides along the first stretch (R16)
        best = 0.0
        able = [e for e, d in seen if d <= halt + EPS]
        for e in able:
            beat = prob_beats(q.react_pool(state, e), total)
            chances[e.card] += p * beat
            best = max(best, beat)
        stop += p * best
        offered += p if able else 0.0
    watchers = tuple(
        Watcher(e.card, d, chances[e.card]) for e, d in sorted(seen, key=lambda x: x[1])
    )
    return Forecast(watchers, stop, offered)


def path_sighting(state: State, e: Soldier, path: Path, facing: float, halt: float) -> float | None:
    """Where along the Brawler's ``path`` (R17, the card turned to ``facing``) the enemy ``e``
    first sees it, up to ``halt`` L along it (R16, R18), as the engine finds it once the path is
    sent (C7, the rules version's own ``first_sighting``); None if it never does."""
    sight = ruleset(state.rules_version).first_sighting
    return sight(q.viewer(e), facing, path, halt, q.tall_terrain(state))


def path_summary(
    state: State, s: Soldier, total: int, found: Sequence[tuple[str, float | None]]
) -> Forecast:
    """The forecast of a Brawler's path whose roll is known (R17) from each enemy's
    ``path_sighting`` (card, distance or None): an enemy that sees it may React, and stops it
    when its React beats ``total`` (R18, R19); the chance it is stopped is the best of those."""
    seen = sorted(((c, d) for c, d in found if d is not None), key=lambda x: x[1])
    watchers = tuple(
        Watcher(c, d, prob_beats(q.react_pool(state, state.soldier(3 - s.player, c)), total))
        for c, d in seen
    )
    best = max((w.chance for w in watchers), default=0.0)
    return Forecast(watchers, best, 1.0 if watchers else 0.0)
