"""Deployment (R5, R6): which card to place next, where, and facing which way.

Cards go down in a fixed order that keeps the Gunner, whose facing matters most (R22), for last.
Spots are sampled in the zone; each is scored on the board so far (who takes the first initiative
acts next) plus a prior on how much of the enemy zone has a clear line to the spot: exposure hurts
a side that acts second and helps one that acts first.
"""

from __future__ import annotations

from functools import partial

from serm.core import queries as q
from serm.core.actions import Place
from serm.core.cards import other
from serm.core.geometry import Vec
from serm.core.state import Soldier

from . import sight
from .evaluate import VALUES
from .plans import Candidate, Planner, toward

ORDER = ("armored", "assault", "ranger", "brawler", "gunner")
MARGIN = 0.55


def next_card(pl: Planner) -> str:
    placed = {s.card for s in pl.state.alive(pl.me) if s.placed}
    return next(c for c in ORDER if c not in placed)


def enemy_points(pl: Planner) -> list[Vec]:
    z = pl.state.scenario.zone(pl.them)
    return [Vec(z.x0 + (z.x1 - z.x0) * (i + 0.5) / 6, (z.y0 + z.y1) / 2) for i in range(6)]


def place_candidates(pl: Planner) -> list[Candidate]:
    card = next_card(pl)
    z = pl.state.scenario.zone(pl.me)
    ahead = toward(Vec(0, (z.y0 + z.y1) / 2), Vec(0, pl.state.scenario.height / 2))
    out: list[Candidate] = []
    tries = 0
    while len(out) < pl.cfg.placements and tries < pl.cfg.placements * 8:
        tries += 1
        x = pl.rng.uniform(z.x0 + MARGIN, z.x1 - MARGIN)
        y = pl.rng.uniform(z.y0 + MARGIN, z.y1 - MARGIN)
        f = (ahead + pl.rng.choice((0.0, 0.0, -30.0, 30.0, -60.0, 60.0))) % 360.0
        if q.placement_problem(pl.state, pl.me, card, x, y, f) is not None:
            continue
        out.append(Candidate(Place(card, x, y, f), partial(spot_score, pl, card, x, y, f)))
    return out


def spot_score(pl: Planner, card: str, x: float, y: float, f: float) -> float:
    s = Soldier(pl.me, card, x, y, f, True)
    board = [(t, w) for t, w in pl.board if (t.player, t.card) != (pl.me, card)] + [(s, 1.0)]
    first = other(pl.state.first_placer)
    points = enemy_points(pl)
    exposed = sum(sight.clear(s.pos, p, pl.tall) for p in points) / len(points)
    sign = 0.25 if first == pl.me else -0.5
    prior = sign * exposed * VALUES[card]
    if card == "gunner":
        cone = sum(
            sight.sees_poly(
                s.pos, f, False, Soldier(pl.them, "armored", p.x, p.y).polygon(), pl.tall
            )
            for p in points
        ) / len(points)
        prior += 0.6 * cone
    return pl.score(board, to_act=first) + prior
