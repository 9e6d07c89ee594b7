"""Deployment (R5, R6): which card to place next, where, and facing which way.

Cards go down in a fixed order that keeps the Gunner, whose facing matters most (R22), for last.
Spots are sampled in the zone; each is scored on the board so far (the side that may shoot first
under the opening counts first, R5: ``Planner.order``) plus a prior on how much of the enemy zone
could see a card there (``sight.could_see`` from six points of it): exposure hurts the side that
shoots second and helps the one that shoots first.

Normal and hard also weigh where an enemy Gunner still in hand could stand and look, exactly for a
grid of its poses (``exposure``; hard's grid is finer): the volley it would fire from the best of
them at the cards placed so far and this one counts against the spot, fully when the enemy Gunner
may shoot before mine (``queries.first_shot``), less when mine may shoot first. Hard also aims its
own Gunner, at each spot, the way that sees the most enemy value. Easy places its cards in a
random order.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

from serm.core import queries as q
from serm.core.actions import Place
from serm.core.cards import CARDS, other
from serm.core.fmath import plain_sum
from serm.core.geometry import Vec
from serm.core.state import Soldier

from . import odds, sight
from .deploy_cover import ZoneSight, bits, poses_for, zone_sight
from .evaluate import VALUES, Board
from .plans import VOLLEY, Candidate, Planner, toward, volley_soldier

ORDER = ("armored", "assault", "ranger", "brawler", "gunner")
"""The order the careful computer places its cards in (strategy, not a rule)."""
ALL_ROUND = CARDS[VOLLEY].sees_all_round
"""Whether the ``VOLLEY`` card sees all round (R13): its sight tests here depend on it."""
MARGIN = 0.55


def next_card(pl: Planner) -> str:
    placed = {s.card for s in pl.state.alive(pl.me) if s.placed}
    left = [c for c in ORDER if c not in placed]
    if not pl.cfg.careful:
        return pl.rng.choice(left)
    return left[0]


def enemy_points(pl: Planner) -> list[Vec]:
    z = pl.state.scenario.zone(pl.them)
    return [Vec(z.x0 + (z.x1 - z.x0) * (i + 0.5) / 6, (z.y0 + z.y1) / 2) for i in range(6)]


def place_candidates(pl: Planner) -> list[Candidate]:
    """The spots to score for the next card (see ``place_steps``)."""
    return [c for c in place_steps(pl) if c is not None]


def place_steps(pl: Planner) -> Iterator[Candidate | None]:
    """``place_candidates`` one at a time, with a ``None`` after each spot: aiming a Gunner at a
    spot is a sight test per facing and per enemy, so the thinking can pause between spots. The
    random draws are the same whether or not it pauses."""
    looking = sight_of(pl)
    if looking is not None:
        yield from looking[0].extend(looking[1])
    card = next_card(pl)
    z = pl.state.scenario.zone(pl.me)
    ahead = toward(Vec(0, (z.y0 + z.y1) / 2), Vec(0, pl.state.scenario.height / 2))
    made = tries = 0
    while made < pl.cfg.placements and tries < pl.cfg.placements * 8:
        tries += 1
        x = pl.rng.uniform(z.x0 + MARGIN, z.x1 - MARGIN)
        y = pl.rng.uniform(z.y0 + MARGIN, z.y1 - MARGIN)
        f = (ahead + pl.rng.choice((0.0, 0.0, -30.0, 30.0, -60.0, 60.0))) % 360.0
        if CARDS[card].shoots_all_seen and pl.cfg.aim:
            f = aim(pl, Vec(x, y), ahead, f)
            yield None
        if q.placement_problem(pl.state, pl.me, card, x, y, f) is not None:
            continue
        made += 1
        yield Candidate(Place(card, x, y, f), partial(spot_score, pl, card, x, y, f))


def aim(pl: Planner, pos: Vec, ahead: float, f: float) -> float:
    """The facing at ``pos`` that sees the most enemy value on the table (ties: ``f``)."""
    foes = [e for e, _ in pl.enemies()]
    if not foes:
        return f
    options = [f, ahead, ahead - 25.0, ahead + 25.0, ahead - 45.0, ahead + 45.0]
    options += [toward(pos, e.pos) for e in foes if e.type.shoots_all_seen]
    best, best_value = f, -1.0
    for g in options:
        value = plain_sum(
            odds.kill(VOLLEY, e.card) * VALUES[e.card]
            for e in foes
            if sight.sees_poly(pos, g, ALL_ROUND, e.polygon(), pl.tall)
        )
        if value > best_value + 1e-9:
            best, best_value = g % 360.0, value
    return best


def sight_of(pl: Planner) -> tuple[ZoneSight, int] | None:
    """The enemy Gunner's poses and how many of them this placement weighs (``exposure``), while
    that Gunner is still in hand; None when it is placed or the strength does not look."""
    if pl.cfg.cover is None or volley_soldier(pl.state, pl.them).placed:
        return None
    zs = zone_sight(pl.state.scenario, pl.me, pl.cfg.cover)
    placed = sum(1 for s in pl.state.alive(pl.me) if s.placed)
    return zs, poses_for(len(zs.poses), placed, len(CARDS))


def pose_threat(pl: Planner, board: Board, zs: ZoneSight, count: int) -> float:
    """What the enemy Gunner would shoot at from its best pose (R22): the most, over the poses
    weighed that it may still take (clear of the cards on the table, R4), of kill chance times
    value of my soldiers that pose sees."""
    free = zs.clear(tuple((s.pos, s.facing) for s in pl.state.on_table()))
    totals = [0.0] * count
    for s, w in board:
        if s.player != pl.me or w < 1e-6:
            continue
        key = (s.x, s.y, s.facing)
        mask = pl.masks.get(key)
        if mask is None:
            mask = pl.masks[key] = zs.mask(s.polygon(), count)
        v = odds.kill(VOLLEY, s.card) * VALUES[s.card] * w
        for i in bits(mask & free):
            totals[i] += v
    return max(totals, default=0.0)


def spot_score(pl: Planner, card: str, x: float, y: float, f: float) -> float:
    s = Soldier(pl.me, card, x, y, f, True)
    board = [(t, w) for t, w in pl.board if (t.player, t.card) != (pl.me, card)] + [(s, 1.0)]
    first = other(pl.state.first_placer)
    lead, _ = pl.order(first)
    points = enemy_points(pl)
    poly = s.polygon()
    exposed = sum(sight.could_see(p, poly, pl.tall) for p in points) / len(points)
    sign = 0.25 if lead == pl.me else -0.5
    prior = sign * exposed * VALUES[card]
    looking = sight_of(pl)
    if looking is not None:
        prior -= gunner_weight(pl) * pose_threat(pl, board, *looking)
    if CARDS[card].shoots_all_seen:
        cone = plain_sum(
            sight.sees_poly(
                s.pos, f, ALL_ROUND, Soldier(pl.them, "armored", p.x, p.y).polygon(), pl.tall
            )
            for p in points
        ) / len(points)
        prior += 0.6 * cone
        if pl.cfg.aim:
            prior += duel(pl, s)
    return pl.score(board, to_act=first) + prior


def gunner_weight(pl: Planner) -> float:
    """How much the enemy Gunner's best volley counts against a spot: fully when it may shoot
    before my Gunner under the opening (R5, Opening), less when mine may shoot first."""
    theirs = q.first_shot(pl.state, pl.them, VOLLEY)
    return 1.0 if theirs < q.first_shot(pl.state, pl.me, VOLLEY) else 0.45


def duel(pl: Planner, mine: Soldier) -> float:
    """The Gunner duel decides most games: seeing the enemy Gunner, and staying out of its sight,
    count beyond the material they stand for."""
    theirs = volley_soldier(pl.state, pl.them)
    if not theirs.on_table:
        return 0.0
    bonus = 0.0
    if sight.sees(mine, theirs, pl.tall):
        bonus += 0.5
    if not sight.sees(theirs, mine, pl.tall):
        bonus += 0.5
    return bonus
