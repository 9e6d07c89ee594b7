"""Candidate decisions and their expected scores, one pending kind at a time.

Every candidate is an (action, scorer) pair; the scorer returns the expected score of the action
for the deciding player (see ``evaluate``), averaging over the dice that follow it: the Move total
(R15) and where it halts and rams (R16), the React it may meet (R18, R19) and the Shoot rolls
(R21, R22). Scorers are called one at a time so the work can be split into slices.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace

from serm.core import queries as q
from serm.core.actions import Action
from serm.core.cards import CARD_NAMES, CARDS, other
from serm.core.fmath import plain_sum
from serm.core.geometry import EPS, Vec, bearing_of, unit
from serm.core.rules import DRAW_AFTER
from serm.core.state import PendingKind, Soldier, State, Status

from . import odds, sight
from .config import Config
from .evaluate import VALUES, Board, Evaluator, Held, Weights, board_of, replace_in, scale

Scorer = Callable[[], float]


@dataclass(frozen=True)
class Candidate:
    action: Action
    score: Scorer


STANDOFF = DRAW_AFTER - 10
"""Activations in a row with no elimination after which a game counts as a stand-off: the
players press in before R8 ends it in a draw (``State.quiet_activations``)."""
AGGRESSIVE = Weights(after_top=0.8, approach=0.05)


def toward(a: Vec, b: Vec) -> float:
    return bearing_of(b - a)


VOLLEY = next(c.name for c in CARDS.values() if c.shoots_all_seen)
"""The card whose one Shoot attacks every enemy it sees (the Gunner, R22); the plans of the
deployment and of the opening are built around it."""


def volley_soldier(state: State, player: int) -> Soldier:
    """``player``'s ``VOLLEY`` soldier (placed or not, alive or not)."""
    return state.soldier(player, VOLLEY)


class Planner:
    """Builds candidates for the decision pending in ``state`` (for ``state.pending.player``)."""

    def __init__(
        self, state: State, cfg: Config, rng: random.Random, weights: Weights | None = None
    ) -> None:
        assert state.pending is not None
        self.state = state
        self.cfg = cfg
        self.rng = rng
        self.me = state.pending.player
        self.them = other(self.me)
        sc = state.scenario
        if weights is None:
            weights = Weights() if state.quiet_activations < STANDOFF else AGGRESSIVE
            if cfg.reply:
                # The reply already discounts the second side's threat: count it more fully.
                weights = replace(weights, reply=True, after_top=max(weights.after_top, 0.6))
        self.ev = Evaluator(sc.terrain, sc.explode_all, weights, (sc.width, sc.height))
        self.tall = self.ev.tall
        self.board: Board = board_of(state.soldiers)
        self.masks: dict[tuple[float, float, float], int] = {}
        """Which enemy Gunner poses see a card at (x, y, facing) (``exposure``), kept for the
        decision's candidate spots."""
        self._orders: dict[tuple[int, bool], tuple[int, Held]] = {}

    # --- shared pieces ------------------------------------------------------------------------

    def enemies(self, board: Board | None = None) -> list[tuple[Soldier, float]]:
        return [(s, w) for s, w in (board or self.board) if s.player == self.them]

    def score(self, board: Board, to_act: int | None = None, reacting: bool = False) -> float:
        """The value of ``board`` for me when ``to_act`` (default: the opponent) acts next, as
        the opening lets each side shoot (``order``); ``reacting``: ``to_act``'s next
        activation is a reacting soldier's (R19)."""
        lead, held = self.order(self.them if to_act is None else to_act, reacting)
        return self.ev.score(board, self.me, lead, held=held)

    def order(self, to_act: int, reacting: bool = False) -> tuple[int, Held]:
        """The two activations a score weighs when ``to_act`` acts next (R5, Opening): the side
        of the first of them, and the soldiers the opening forbids to Shoot in them.

        The coming activations alternate from ``to_act``'s, numbered on from the one under way
        (a React's activation, R19, comes first and is never restricted; during deployment the
        side acting first has activation 1). An activation in which the opening forbids every
        Shoot is skipped, so the side that may shoot first is the one that counts first: the
        score never fears a shot that cannot come. With ``reacting`` the first is a reacting
        soldier's activation, which the opening never restricts (R19): a Move stopped by a React
        in the opening meets a soldier that may Shoot at once, a Gunner's volley included."""
        key = (to_act, reacting)
        got = self._orders.get(key)
        if got is not None:
            return got
        st = self.state
        opening = q.opening_of(st)
        n: int | None = st.activation_number + 1
        p = st.pending
        react_pending = p is not None and p.kind in (PendingKind.REACT, PendingKind.STOP)
        if reacting or (react_pending and to_act == self.me):
            n = None  # the reactor acts at once (R19)
        elif st.status != Status.PLAYING:
            n = 1
        seq: list[tuple[int, int | None]] = []
        side = to_act
        for _ in range(4):
            seq.append((side, n))
            n = (st.activation_number if n is None else n) + 1
            side = other(side)
        while len(seq) > 2 and seq[0][1] is not None and not opening.may_shoot(seq[0][1]):
            seq.pop(0)
        held = frozenset(
            (side, card)
            for side, k in seq[:2]
            if k is not None
            for card in CARD_NAMES
            if not opening.may_shoot(k, card)
        )
        got = self._orders[key] = (seq[0][0], held)
        return got

    def best_facing(self, s: Soldier, pos: Vec) -> float:
        """A facing at ``pos``: the Gunner looks at the enemies' weighted centre, others at the
        nearest enemy."""
        foes = self.enemies()
        if not foes:
            return s.facing
        if s.type.shoots_all_seen:
            total = plain_sum(VALUES[e.card] for e, _ in foes)
            cx = plain_sum(e.x * VALUES[e.card] for e, _ in foes) / total
            cy = plain_sum(e.y * VALUES[e.card] for e, _ in foes) / total
            return toward(pos, Vec(cx, cy))
        near = min(foes, key=lambda f: (f[0].pos - pos).length())[0]
        return toward(pos, near.pos)

    def after_shot(self, board: Board, s: Soldier, free_turn: bool) -> Board:
        """``board`` after ``s`` shoots: the Gunner at all it sees, others at the best target."""
        if s.type.shoot == 0:
            return board
        seen = []
        for e, w in self.enemies(board):
            if free_turn:
                ok = sight.could_see(s.pos, e.polygon(), self.tall, s.type.sees_all_round)
            else:
                ok = sight.sees(s, e, self.tall)
            if ok and w > 1e-6:
                seen.append((e, w))
        if not seen:
            return board
        if s.type.shoots_all_seen:
            for e, _ in seen:
                board = scale(board, e.player, e.card, 1.0 - odds.kill(s.card, e.card))
            return board
        e, _ = max(seen, key=lambda f: odds.kill(s.card, f[0].card) * VALUES[f[0].card] * f[1])
        return scale(board, e.player, e.card, 1.0 - odds.kill(s.card, e.card))

    def directions(self, s: Soldier) -> list[float]:
        n = self.cfg.directions
        base = self.rng.uniform(0.0, 360.0 / n)
        dirs = [base + i * 360.0 / n for i in range(n)]
        reach = s.type.move * 6 + 1.0
        for e, _ in self.enemies():
            if (e.pos - s.pos).length() < reach:
                dirs.append(toward(s.pos, e.pos))
        return dirs

    def facings(self, s: Soldier, pos: Vec) -> list[float]:
        n = self.cfg.facings
        base = self.rng.uniform(0.0, 360.0 / n)
        out = [base + i * 360.0 / n for i in range(n)]
        out += [toward(pos, e.pos) for e, _ in self.enemies()]
        out.append(self.best_facing(s, pos))
        return out

    # --- a straight Move as a chance node ----------------------------------------------------

    def reactors_along(self, s: Soldier, direction: float, reach: float) -> list[tuple[str, float]]:
        """(card, entry distance) of each enemy able to React that would see this Move (R18)."""
        out = []
        for e, w in self.enemies():
            if e.type.react < 1 or w < 0.5:
                continue
            d = sight.entry(e, s.pos, s.facing, direction, reach, self.tall)
            if d is not None:
                out.append((e.card, d))
        return out

    def move_score(self, s: Soldier, direction: float, may_shoot_after: bool) -> float:
        """Expected score of a straight Move: each Move total, its halt, rams and React risk."""
        _, halt = q.straight_reach(self.state, s, direction, s.facing)
        reach = halt.distance
        rams = [c for p, c in halt.cards if p != self.me] if halt.blocked else []
        reactors = self.reactors_along(s, direction, reach)
        explode = self.state.scenario.explode_all
        dist = odds.distribution(q.move_pool(self.state, s))
        short = [(t, p) for t, p in dist if t < reach - EPS]
        full = [(t, p) for t, p in dist if t >= reach - EPS]
        total = 0.0
        step = unit(direction)
        groups = odds.groups(short, max(self.cfg.groups - 1, 1)) + ([full] if full else [])
        for group in groups:
            mass = plain_sum(p for _, p in group)
            d = plain_sum(min(t, reach) * p for t, p in group) / mass
            at_halt = group is full
            stop, entry = 0.0, None
            for t, p in group:
                able = [c for c, e in reactors if e <= min(t, reach) + EPS]
                stop += p * odds.stop_chance(able, t, explode) / mass
                if able and entry is None:
                    entry = min(e for c, e in reactors if c in able)
            go = self.end_value(s, s.pos + step * d, rams if at_halt else [], may_shoot_after)
            value = go
            if stop > 1e-9 and entry is not None:
                stopped = self.end_value(s, s.pos + step * entry, [], False, stopped=True)
                value = (1.0 - stop) * go + stop * stopped
            total += mass * value
        return total

    def end_value(
        self, s: Soldier, pos: Vec, rams: list[str], may_shoot: bool, stopped: bool = False
    ) -> float:
        """The score with ``s`` ended at ``pos``, facing the best way; ``stopped``: halted there by
        a React (R19), keeping its facing, with the reacting soldier to act first."""
        facing = s.facing if stopped else self.best_facing(s, pos)
        moved = replace(s, x=pos.x, y=pos.y, facing=facing)
        board = replace_in(self.board, s, moved)
        for card in rams:
            board = scale(board, self.them, card, 0.0)
        if may_shoot:
            board = self.after_shot(board, moved, free_turn=True)
        return self.score(board, reacting=stopped)
