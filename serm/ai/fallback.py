"""Simple players and safe defaults: the uniformly random legal player, the one-ply greedy
baseline, and an always-legal action for any pending decision."""

from __future__ import annotations

import random

from serm.core import queries as q
from serm.core.actions import Action, End, Face, Move, Path, Place, React, Shoot, Stop, Turn
from serm.core.fmath import plain_sum
from serm.core.geometry import bearing_of, unit
from serm.core.state import PendingKind, Soldier, State

from . import odds
from .evaluate import VALUES


def safe_action(state: State, rng: random.Random) -> Action:
    """An action that is legal for any pending decision."""
    p = state.pending
    assert p is not None
    if p.kind == PendingKind.PLACE:
        return random_place(state, rng, None)
    if p.kind == PendingKind.PATH:
        return straight_path(state, rng.uniform(0.0, 360.0))
    if p.kind == PendingKind.REACT:
        return React(None)
    if p.kind == PendingKind.STOP:
        return Stop(0.0)
    if p.kind == PendingKind.FACE:
        return Face(None)
    if p.kind == PendingKind.TARGET:
        assert state.shot is not None
        return Shoot(state.shot.shooter, p.options[0])
    return End()


def random_place(state: State, rng: random.Random, facing: float | None) -> Place:
    p = state.pending
    assert p is not None
    cards = [s.card for s in state.alive(p.player) if not s.placed]
    card = rng.choice(cards)
    z = state.scenario.zone(p.player)
    for _ in range(2000):
        x, y = rng.uniform(z.x0, z.x1), rng.uniform(z.y0, z.y1)
        f = rng.uniform(0.0, 360.0) if facing is None else facing
        if q.placement_problem(state, p.player, card, x, y, f) is None:
            return Place(card, x, y, f)
    raise RuntimeError("no room to deploy")


def straight_path(state: State, direction: float) -> Path:
    mv = state.move
    assert mv is not None and mv.total is not None and state.activation is not None
    s = state.soldier(state.activation.player, mv.card)
    end = s.pos + unit(direction) * float(mv.total)
    return Path(((end.x, end.y),))


def random_action(state: State, rng: random.Random) -> Action:
    """A uniformly random choice among the kinds of legal action pending."""
    p = state.pending
    assert p is not None
    if p.kind == PendingKind.ACT:
        return rng.choice(act_options(state, rng))
    if p.kind == PendingKind.REACT:
        return React(rng.choice((None, *p.options)))
    if p.kind == PendingKind.STOP:
        assert state.move is not None
        return Stop(rng.uniform(0.0, state.move.halt))
    if p.kind == PendingKind.FACE:
        f = rng.uniform(0.0, 360.0)
        s = mover(state)
        return Face(f if q.facing_problem(state, s, f) is None else None)
    if p.kind == PendingKind.TARGET:
        assert state.shot is not None
        return Shoot(state.shot.shooter, rng.choice(p.options))
    return safe_action(state, rng)


def mover(state: State) -> Soldier:
    assert state.move is not None and state.activation is not None
    return state.soldier(state.activation.player, state.move.card)


def act_options(state: State, rng: random.Random) -> list[Action]:
    p = state.pending
    assert p is not None
    out: list[Action] = [End()]
    for s in state.alive(p.player):
        may_move, may_shoot = q.can_act(state, s)
        if may_shoot:
            out += [Shoot(s.card, e.card) for e in q.visible_enemies(state, s)]
        if may_move:
            out.append(Move(s.card, None if s.type.traces_path else rng.uniform(0.0, 360.0)))
            f = rng.uniform(0.0, 360.0)
            if q.facing_problem(state, s, f) is None:
                out.append(Turn(s.card, f))
    return out


# --- the greedy baseline ------------------------------------------------------------------------


def greedy_action(state: State, rng: random.Random) -> Action:
    p = state.pending
    assert p is not None
    if p.kind == PendingKind.PLACE:
        z = state.scenario.zone(p.player)
        return random_place(state, rng, 0.0 if z.y0 > state.scenario.height / 2 else 180.0)
    if p.kind == PendingKind.ACT:
        return greedy_act(state, rng)
    if p.kind == PendingKind.PATH:
        s = mover(state)
        return straight_path(state, bearing_of(nearest(state, s).pos - s.pos))
    if p.kind == PendingKind.REACT:
        player = p.player
        return React(max(p.options, key=lambda c: q.react_chance(state, state.soldier(player, c))))
    if p.kind == PendingKind.FACE:
        s = mover(state)
        f = bearing_of(nearest(state, s).pos - s.pos)
        return Face(f if q.facing_problem(state, s, f) is None else None)
    return safe_action(state, rng)


def nearest(state: State, s: Soldier) -> Soldier:
    return min(state.enemies(s.player), key=lambda e: (e.pos - s.pos).length())


def greedy_act(state: State, rng: random.Random) -> Action:
    """The action with the best immediate expected kill value; else close in on the enemy."""
    p = state.pending
    assert p is not None
    best: tuple[float, Action] = (0.0, End())
    for s in state.alive(p.player):
        may_move, may_shoot = q.can_act(state, s)
        if may_shoot:
            seen = q.visible_enemies(state, s)
            gains = [odds.kill(s.card, e.card) * VALUES[e.card] for e in seen]
            if gains:
                gain = plain_sum(gains) if s.type.shoots_all_seen else max(gains)
                target = seen[gains.index(max(gains))].card
                best = max(best, (gain, Shoot(s.card, target)), key=lambda b: b[0])
        if may_move:
            best = max(best, best_ram_or_turn(state, s, may_shoot), key=lambda b: b[0])
    if best[0] > 0:
        return best[1]
    a = state.activation
    if a is not None and a.card is not None:
        return End()
    return close_in(state, rng)


def best_ram_or_turn(state: State, s: Soldier, may_shoot: bool) -> tuple[float, Action]:
    best: tuple[float, Action] = (0.0, End())
    for e in state.enemies(s.player):
        d = bearing_of(e.pos - s.pos)
        v = VALUES[e.card]
        if not s.type.traces_path:
            _, halt = q.straight_reach(state, s, d, s.facing)
            if halt.blocked and (e.player, e.card) in halt.cards:
                gain = odds.at_least(q.move_pool(state, s), halt.distance) * v
                best = max(best, (gain, Move(s.card, d)), key=lambda b: b[0])
        if may_shoot and not s.type.moves_or_shoots and q.facing_problem(state, s, d) is None:
            turned = state.with_soldier(Soldier(s.player, s.card, s.x, s.y, d, True))
            if q.sees_soldier(turned, turned.soldier(s.player, s.card), e):
                gain = odds.kill(s.card, e.card) * v * 0.99
                best = max(best, (gain, Turn(s.card, d)), key=lambda b: b[0])
    return best


def close_in(state: State, rng: random.Random) -> Action:
    p = state.pending
    assert p is not None
    mine = [s for s in state.alive(p.player) if s.on_table and not s.type.moves_or_shoots]
    if not mine:
        return End()
    s = min(mine, key=lambda m: (nearest(state, m).pos - m.pos).length())
    if s.type.traces_path:
        return Move(s.card, None)
    return Move(s.card, bearing_of(nearest(state, s).pos - s.pos))
