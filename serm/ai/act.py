"""Candidates for an activation (R7): Shoot, turn then Shoot, Move, turn in place, or End."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from serm.core import queries as q
from serm.core.actions import End, Move, Shoot, Turn
from serm.core.state import Soldier

from . import brawler, odds
from .evaluate import VALUES, scale
from .plans import Candidate, Planner, toward, volley_soldier


def candidates(pl: Planner) -> list[Candidate]:
    """Every candidate of the pending activation step, End included."""
    return [c for c in candidate_steps(pl) if c is not None]


def candidate_steps(pl: Planner) -> Iterator[Candidate | None]:
    """The candidates of ``candidates``, with ``None`` after each soldier's are built (each
    soldier's sight and reach work is a slice of its own in the page)."""
    state = pl.state
    a = state.activation
    volley = gunner_volley(pl)
    if volley:
        yield from volley
        return
    out = [Candidate(End(), lambda: pl.score(pl.board))]
    moves: list[Candidate] = []
    for s in state.alive(pl.me):
        if not s.on_table or (a is not None and a.card is not None and a.card != s.card):
            continue
        may_move, may_shoot = q.can_act(state, s)
        if may_shoot:
            out += shoot_candidates(pl, s)
        if may_move:
            spots = (yield from brawler.spot_steps(pl, s)) if s.type.traces_path else None
            moves += move_candidates(pl, s, may_shoot, spots)
        yield None
    # Shoots first, then the moves interleaved soldier by soldier, so that the work cap
    # (``Config.max_evals``) trims every soldier's sampled moves alike.
    yield from out + interleave(moves)


def gunner_volley(pl: Planner) -> list[Candidate]:
    """Shoot first: at the start of an activation, a Gunner free to shoot that sees three enemies
    (or all that are left) fires; nothing else in one activation comes close, and the opening
    decision, the costliest to search, is settled at once."""
    state = pl.state
    if state.activation is not None and state.activation.card is not None:
        return []
    g = volley_soldier(state, pl.me)
    if not g.on_table or not q.can_act(state, g)[1]:
        return []
    seen = q.visible_enemies(state, g)
    left = len(state.enemies(pl.me))
    if len(seen) < min(3, left):
        return []
    return shoot_candidates(pl, g)


def interleave(cands: list[Candidate]) -> list[Candidate]:
    by_card: dict[str, list[Candidate]] = {}
    for c in cands:
        by_card.setdefault(getattr(c.action, "card", ""), []).append(c)
    lists = list(by_card.values())
    out: list[Candidate] = []
    for i in range(max((len(x) for x in lists), default=0)):
        out += [x[i] for x in lists if i < len(x)]
    return out


def shoot_candidates(pl: Planner, s: Soldier) -> list[Candidate]:
    """Shoot now (exact targets, R21, R22)."""
    seen = q.visible_enemies(pl.state, s)
    if not seen:
        return []
    if s.type.shoots_all_seen:

        def gunner() -> float:
            board = pl.board
            for e in seen:
                board = scale(board, e.player, e.card, 1.0 - odds.kill(s.card, e.card))
            return pl.score(board)

        best = max(seen, key=lambda e: odds.kill(s.card, e.card) * VALUES[e.card])
        return [Candidate(Shoot(s.card, best.card), gunner)]
    out = []
    for e in seen:

        def one(e: Soldier = e) -> float:
            return pl.score(scale(pl.board, e.player, e.card, 1.0 - odds.kill(s.card, e.card)))

        out.append(Candidate(Shoot(s.card, e.card), one))
    return out


def move_candidates(
    pl: Planner, s: Soldier, may_shoot: bool, spots: list[brawler.Spot] | None = None
) -> list[Candidate]:
    """Turns in place, and straight Moves in the sampled directions (the Brawler: its
    declaration, weighing ``spots``)."""
    out = turn_candidates(pl, s, may_shoot)
    if s.type.traces_path:
        return out + brawler.declare_candidates(pl, s, spots)
    shoot_after = may_shoot and not s.type.moves_or_shoots
    for d in pl.directions(s):
        d %= 360.0
        # Travel lengthwise (R14: a turn at the start of the Move): the card is narrowest that
        # way, so it slips past terrain and friends it would catch on sideways.
        start = d if q.facing_problem(pl.state, s, d) is None else None
        mover = s if start is None else replace(s, facing=start)

        def go(d: float = d, mover: Soldier = mover) -> float:
            return pl.move_score(mover, d, shoot_after)

        out.append(Candidate(Move(s.card, d, start), go))
    return out


def turn_candidates(pl: Planner, s: Soldier, may_shoot: bool) -> list[Candidate]:
    """Turning in place (R14): to shoot an enemy not yet seen, or to face a new way."""
    out = []
    facings = [toward(s.pos, e.pos) for e, _ in pl.enemies()]
    if s.type.moves_or_shoots or not may_shoot or s.type.shoot == 0:
        facings = pl.facings(s, s.pos)
    for f in facings:
        if q.facing_problem(pl.state, s, f % 360.0) is not None:
            continue

        def turned(f: float = f) -> float:
            t = replace(s, facing=f % 360.0)
            board = [(t if x is s else x, w) for x, w in pl.board]
            if may_shoot and not s.type.moves_or_shoots:
                board = pl.after_shot(board, t, free_turn=False)
            return pl.score(board)

        out.append(Candidate(Turn(s.card, f % 360.0), turned))
    return out
