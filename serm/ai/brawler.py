"""The Brawler (R17): it declares no direction, rolls, then traces a path that may turn.

At declaration the score averages over the Move total: for each total, the best of ramming an
enemy within reach along a clear line (less the React risk), going to a spot it reaches
(``Config.brawler_spots``: out of an enemy's sight, say; less the React risk) and staying put.
After the roll, the path is chosen among straight and two-leg rams and end points reached with
a fold at the end.
"""

from __future__ import annotations

from collections.abc import Generator

from serm.core.actions import Move, Path
from serm.core.geometry import EPS, Vec, point_along, unit
from serm.core.movement import halt_along
from serm.core.state import Soldier

from . import odds, sight
from .evaluate import replace_in, scale
from .plans import Candidate, Planner, toward

LONG = 18.0
"""Longest Brawler Move without explosions (3 dice)."""


def ram_lines(pl: Planner, s: Soldier) -> list[tuple[str, float, Vec]]:
    """(enemy, contact distance, contact point) for each enemy a straight path would ram."""
    out = []
    for e, w in pl.enemies():
        if w < 1e-6:
            continue
        d = unit(toward(s.pos, e.pos))
        halt = halt_along(pl.state, s, s.facing, (s.pos, s.pos + d * LONG))
        if halt.blocked and (e.player, e.card) in halt.cards:
            out.append((e.card, halt.distance, s.pos + d * halt.distance))
    return out


Spot = tuple[float, float, list[str]]
"""(length needed, value there, enemies that may React on the way): a spot the Brawler's
declaration weighs going to (``spot_steps``)."""


def declare_candidates(pl: Planner, s: Soldier, spots: list[Spot] | None = None) -> list[Candidate]:
    """The Brawler's one declaration (R17), scored with ``spots`` (``spot_steps``; None: rams
    and staying put only)."""

    def score() -> float:
        return declare_score(pl, s, spots)

    return [Candidate(Move(s.card, None), score)]


def declare_score(pl: Planner, s: Soldier, spots: list[Spot] | None = None) -> float:
    """The declaration's expected score: for each Move total, the best of its rams, the
    ``spots`` it reaches and staying put."""
    spots = spots or []
    lines = ram_lines(pl, s)
    stay = pl.score(pl.board)
    dist = odds.distribution(odds.move_pool(s.card, pl.state.scenario.explode_all))
    options = []
    for card, reach, point in lines:
        moved = replace_in(pl.board, s, Soldier(s.player, s.card, point.x, point.y, s.facing, True))
        options.append(
            (
                reach,
                card,
                pl.score(scale(moved, pl.them, card, 0.0)),
                reactors(pl, s, (s.pos, point), reach),
            )
        )
    stayed = pl.score(pl.board, reacting=True) if options or spots else stay
    explode = pl.state.scenario.explode_all
    total = 0.0
    for t, p in dist:
        best = stay
        for reach, _, value, able in options:
            if t >= reach - EPS:
                stop = odds.stop_chance(able, t, explode)
                best = max(best, (1 - stop) * value + stop * (stayed - 0.3))
        for reach, value, able in spots:
            if t >= reach - EPS:
                stop = odds.stop_chance(able, t, explode)
                best = max(best, (1 - stop) * value + stop * stayed)
        total += p * best
    return total


SPOT_LENGTHS = (3.0, 6.0)
"""How far (L) the Brawler's declaration weighs going in each of its spot directions: the least
Move of three dice, and a little more than half the likeliest (R17: the path may fold at its
end, so any total at least this long gets there)."""


def spot_steps(pl: Planner, s: Soldier) -> Generator[None, None, list[Spot]]:
    """The spots the Brawler could go to without ramming, ``Config.brawler_spots`` directions
    each at ``SPOT_LENGTHS`` (where it would halt first, the halt), its path straight then
    folded (R17); a pause after each direction, whose sight work is a slice of its own in the
    page."""
    n = pl.cfg.brawler_spots
    out: list[Spot] = []
    if n <= 0:
        return out
    base = pl.rng.uniform(0.0, 360.0 / n)
    for i in range(n):
        step = unit(base + i * 360.0 / n)
        for length in SPOT_LENGTHS:
            halt = halt_along(pl.state, s, s.facing, (s.pos, s.pos + step * length))
            if halt.distance < 0.5 or any(p != pl.me for p, _ in halt.cards):
                break  # nowhere, or a ram: the rams are weighed on their own
            end = s.pos + step * halt.distance
            value = pl.end_value(s, end, [], False)
            out.append((halt.distance, value, reactors(pl, s, (s.pos, end), halt.distance)))
            if halt.blocked:
                break
        yield None
    return out


def reactors(pl: Planner, s: Soldier, path: tuple[Vec, ...], halt: float) -> list[str]:
    out = []
    for e, w in pl.enemies():
        if e.type.react >= 1 and w > 0.5:
            if sight.path_entry(e, path, s.facing, halt, pl.tall) is not None:
                out.append(e.card)
    return out


def path_candidates(pl: Planner) -> list[Candidate]:
    """Paths of exactly the rolled length (R17) toward enemies and end points."""
    mv = pl.state.move
    assert mv is not None and mv.total is not None
    s = pl.state.soldier(pl.me, mv.card)
    t = float(mv.total)
    paths: list[tuple[Vec, ...]] = []
    for e, w in pl.enemies():
        if w > 1e-6:
            paths.append(straight(s.pos, e.pos, t))
            paths += detours(s.pos, e.pos, t)
    n = pl.cfg.path_points
    for _ in range(n):
        ang = pl.rng.uniform(0, 360)
        r = pl.rng.uniform(0.3, t)
        paths.append(folded(s.pos, s.pos + unit(ang) * r, t))
    paths.append(folded(s.pos, s.pos + unit(s.facing + 180) * 0.01, t))
    out = []
    for path in paths:

        def score(path: tuple[Vec, ...] = path) -> float:
            return path_score(pl, s, path, int(t))

        out.append(Candidate(Path(tuple((p.x, p.y) for p in path[1:])), score))
    return out


def straight(a: Vec, b: Vec, length: float) -> tuple[Vec, ...]:
    return (a, a + unit(toward(a, b)) * length)


def detours(a: Vec, b: Vec, length: float) -> list[tuple[Vec, ...]]:
    """Two-leg paths that go around something between ``a`` and ``b``."""
    out: list[tuple[Vec, ...]] = []
    mid = (a + b) * 0.5
    side = unit(toward(a, b) + 90.0)
    for off in (-2.0, -1.2, 1.2, 2.0):
        w = mid + side * off
        leg = (w - a).length()
        if leg < length - 0.5:
            out.append((a, w, w + unit(toward(w, b)) * (length - leg)))
    return out


def folded(a: Vec, end: Vec, length: float) -> tuple[Vec, ...]:
    """A path to ``end`` that spends the rest of ``length`` going back and forth at the end."""
    leg = (end - a).length()
    if leg >= length:
        return (a, a + unit(toward(a, end)) * length)
    back = end + unit(toward(end, a)) * ((length - leg) / 2)
    return (a, end, back, end)


def path_score(pl: Planner, s: Soldier, path: tuple[Vec, ...], total: int) -> float:
    halt = halt_along(pl.state, s, s.facing, path)
    rams = [c for p, c in halt.cards if p != pl.me] if halt.blocked else []
    able = []
    entry = None
    for e, w in pl.enemies():
        if e.type.react >= 1 and w > 0.5:
            d = sight.path_entry(e, path, s.facing, halt.distance, pl.tall)
            if d is not None:
                able.append(e.card)
                entry = d if entry is None else min(entry, d)
    end = point_along(path, halt.distance)
    go = pl.end_value(s, end, rams, False)
    stop = odds.stop_chance(able, total, pl.state.scenario.explode_all)
    if stop < 1e-9 or entry is None:
        return go
    stopped = pl.end_value(s, point_along(path, entry), [], False, stopped=True)
    return (1 - stop) * go + stop * stopped
