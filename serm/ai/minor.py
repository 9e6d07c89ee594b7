"""Candidates for the smaller decisions: React (R18), stop point (R19), end facing (R14) and the
Gunner's next target (R22)."""

from __future__ import annotations

from dataclasses import replace
from functools import partial

from serm.core import queries as q
from serm.core.actions import Face, React, Shoot, Stop
from serm.core.fmath import plain_sum
from serm.core.geometry import point_along
from serm.core.state import Soldier

from . import odds
from .evaluate import VALUES, replace_in
from .plans import Candidate, Planner, Scorer


def react_candidates(pl: Planner) -> list[Candidate]:
    """A failed React costs nothing, so every option is scored by its chance to stop the Move
    (and, on a tie, by what the reactor could shoot); declining scores lowest.

    With ``Config.react_value`` (hard) the chance is weighed by what a success is worth: the
    enemy cards the Move would ram, plus the activation the reactor then takes (R19), with the
    mover stopped where it first came into the reactor's sight. A Gunner's React is often worth
    more than a likelier one, since its activation can be a volley at every enemy it sees (R22).
    """
    p = pl.state.pending
    assert p is not None
    out = [Candidate(React(None), lambda: -1.0)]
    if not pl.cfg.careful and pl.rng.random() < 0.5:
        return out  # easy lets a Move go half the time
    for card in p.options:
        r = pl.state.soldier(pl.me, card)
        chance = q.react_chance(pl.state, r)
        if pl.cfg.react_value:
            out.append(Candidate(React(card), partial(react_worth, pl, r, chance)))
            continue
        bonus = 0.01 * max(
            (odds.kill(card, e.card) * VALUES[e.card] for e, _ in pl.enemies()), default=0.0
        )
        out.append(Candidate(React(card), constant(chance + bonus)))
    return out


def react_worth(pl: Planner, r: Soldier, chance: float) -> float:
    mv = pl.state.move
    assert mv is not None
    mover = pl.state.soldier(pl.them, mv.card)
    entry = 0.0
    if r.card in mv.reactors:
        entry = mv.entries[mv.reactors.index(r.card)]
    pos = point_along(mv.path, min(entry, mv.halt)) if mv.path else mover.pos
    board = replace_in(pl.board, mover, replace(mover, x=pos.x, y=pos.y, facing=mv.facing))
    saved = plain_sum(VALUES[c] for c in mv.rams)
    gain = pl.ev.activation(r, pl.enemies(board))
    return chance * (0.3 + saved + gain)


def stop_candidates(pl: Planner) -> list[Candidate]:
    """Stop points along the mover's path short of any ram (R19); the reactor acts next."""
    mv = pl.state.move
    assert mv is not None
    s = pl.state.soldier(pl.them, mv.card)
    halt = mv.halt
    limit = halt - 1e-6 if mv.rams else halt
    n = max(pl.cfg.stops, 2)
    dists = {0.0, max(limit, 0.0)} | {max(limit, 0.0) * i / (n - 1) for i in range(n)}
    dists |= {min(e, max(limit, 0.0)) for e in mv.entries}
    out = []
    for d in sorted(dists):

        def score(d: float = d) -> float:
            pos = point_along(mv.path, d)
            moved = replace(s, x=pos.x, y=pos.y, facing=mv.facing)
            return pl.score(replace_in(pl.board, s, moved), to_act=pl.me)

        out.append(Candidate(Stop(d), score))
    return out


def face_candidates(pl: Planner) -> list[Candidate]:
    """End facings (R14); if a Shoot is still to come, what the new facing sees counts."""
    a, mv = pl.state.activation, pl.state.move
    assert a is not None and mv is not None
    s = pl.state.soldier(pl.me, mv.card)
    may_shoot = (
        not a.shot
        and not s.type.moves_or_shoots
        and s.type.shoot > 0
        and not q.opening_holds(pl.state, s)  # R5, Opening: the activation ends after the Move
    )
    out = [Candidate(Face(None), lambda: face_score(pl, s, s.facing, may_shoot))]
    for f in pl.facings(s, s.pos):
        f %= 360.0
        if q.facing_problem(pl.state, s, f) is not None:
            continue
        out.append(Candidate(Face(f), partial(face_score, pl, s, f, may_shoot)))
    return out


def face_score(pl: Planner, s: Soldier, facing: float, may_shoot: bool) -> float:
    t = replace(s, facing=facing)
    board = replace_in(pl.board, s, t)
    if may_shoot:
        board = pl.after_shot(board, t, free_turn=False)
    return pl.score(board)


def target_candidates(pl: Planner) -> list[Candidate]:
    """The Gunner's next target (R22): the order hardly matters; the likeliest kill first."""
    p, shot = pl.state.pending, pl.state.shot
    assert p is not None and shot is not None
    out = []
    for card in p.options:
        chance = odds.kill(shot.shooter, card) * VALUES[card]
        out.append(Candidate(Shoot(shot.shooter, card), constant(chance)))
    return out


def constant(value: float) -> Scorer:
    return lambda: value
