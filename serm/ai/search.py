"""Look-ahead for the strongest computer player: its best few candidates played out through the
engine, every roll a chance node weighted by its exact odds, the opponent's best few replies
answering each.

The static planner (``plans``) ranks the candidates of a decision; the ``Search.width`` best are
searched, best first, passing over a Move that would halt where it starts whatever it rolls
(``goes_nowhere``; the best candidate is always searched). A searched candidate is applied with
``serm.core.rules.apply`` and played on to the next activation boundary:

* a roll is a chance node. A Move total (R15) is grouped: the totals that reach the halt (R16)
  are one outcome, the shorter ones ``Search.groups`` runs of equal probability, each played with
  its middle total. A React (R19) beats the Move total or not; a Shoot against its Endure (R21)
  kills or not, one outcome per Gunner attack (R22). Each outcome is weighted by the engine's
  exact distributions (``serm.core.dice``), and the faces played are ones the pool can roll;
* a smaller decision inside the activation (a React, a stop point, an end facing, a Brawler's
  path, a Gunner's next target, the rest of the activation) is mine as the opponent model
  (``Search.model``, a ``Config``) would take it; the opponent's is its ``Search.inner`` best as
  the model ranks them, each played on, and it takes the one worst for me;
* once the opponent has the initiative, its ``Search.replies`` best activations, as the model
  ranks them, are each played out the same way, and the opponent takes the one worst for me;
* at the boundary after that reply the position is scored (``evaluate``), with a finished game
  worth ``WIN`` either way, a draw nothing.

The work is counted, not timed: every board scored and every rule applied costs units, and
once a decision has spent ``Search.budget`` units the positions still to search are scored as
they stand (one inside an activation with the side after it to act, ``next_to_act``) and the
candidates not reached are not searched. So a game replays from its seed on any interpreter;
the clock (``Search.seconds``) is only a safety cap. The search yields between steps, so a page
runs it a slice at a time.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Generator
from dataclasses import replace
from typing import Any, TypeVar

from serm.core import queries as q
from serm.core.actions import Action, End, Move, Roll
from serm.core.cards import other
from serm.core.dice import Faces, Pool
from serm.core.errors import IllegalActionError
from serm.core.fmath import plain_sum
from serm.core.geometry import EPS
from serm.core.rules import apply
from serm.core.ruleset import ruleset
from serm.core.state import PendingKind, Purpose, State, Status
from serm.core.work import work_limit

from . import odds
from .config import Config, Search
from .evaluate import VALUES, Evaluator, Weights, travel_on
from .plans import Candidate, Planner
from .travel import goal_key

WIN = 100.0
"""The value of a won game (``Evaluator.score`` of a board with one side left)."""

Steps = Generator[None, None, float]
"""A search step: yields ``None`` between slices of work, returns a value."""


EVAL = 40
"""Work units of one board scored, beside the sight work it does."""
APPLY = 40
"""Work units of one ``apply``, beside the sight work it does."""
UNMETERED = 10**15
"""The sight-work limit the look-ahead sets only to count its work (``serm.core.work``)."""

Ranked = list[tuple[float, int, Candidate]]


T = TypeVar("T")


def direct(f: Callable[[], T]) -> T:
    return f()


def ranked_steps(
    pl: Planner, cap: int, run: Callable[[Callable[[], Any]], Any] = direct
) -> Generator[None, None, Ranked]:
    """The candidates of the planner's decision, best first with their scores (ties: the order
    built); scoring stops at ``cap`` boards scored plus candidates (``Config.max_evals``).
    ``run`` runs each step of building and scoring (the look-ahead counts their work)."""
    from .player import candidate_steps  # the player module imports this one

    built: list[Candidate] = []
    steps = candidate_steps(pl)
    done = object()
    while (step := run(lambda: next(steps, done))) is not done:
        if step is not None:
            built.append(step)
        yield None  # building a candidate may be long (a placement's checks): a slice each
    scored: Ranked = []
    start = pl.ev.evaluations
    for i, cand in enumerate(built):
        if scored and pl.ev.evaluations - start + len(scored) >= cap:
            break
        value = run(cand.score)
        if pl.cfg.noise:
            value += noise(pl.rng, pl.cfg.noise)
        scored.append((value, i, cand))
        yield None
    scored.sort(key=lambda x: (-x[0], x[1]))
    return scored


def noise(rng: random.Random, sd: float) -> float:
    """Noise of mean 0 and standard deviation ``sd``, nearly normal: twelve uniform draws less six
    (Irwin-Hall). Arithmetic alone, so the same on every platform (``random.gauss`` takes a
    logarithm and a cosine from the C library, whose last bits differ between platforms)."""
    return (plain_sum(rng.random() for _ in range(12)) - 6.0) * sd


def legal(state: State, action: Action) -> bool:
    try:
        apply(state, action)
    except IllegalActionError:
        return False
    return True


def goes_nowhere(state: State, action: Action) -> bool:
    """Whether ``action`` is a Move in a straight line that halts where it starts whatever it
    rolls (R16), its card facing as before: it changes nothing an End would not, and searching
    it would take the place of a candidate that does something."""
    if not isinstance(action, Move) or action.direction is None or state.pending is None:
        return False
    s = state.soldier(state.pending.player, action.card)
    if s.type.traces_path or (action.facing is not None and action.facing != s.facing):
        return False
    return q.straight_reach(state, s, action.direction, s.facing)[1].distance <= EPS


def pressing(state: State, me: int, search: Search) -> float:
    """``Search.press`` times my lead in soldier values on the table times the share of the
    draw's run of quiet activations already gone (R8), when I lead (else 0): the more a draw
    would cost me and the nearer it is, the more getting where my soldiers can attack is worth
    (``Weights.sight``)."""
    limit = ruleset(state.rules_version).draw_after
    if not search.press or not limit:
        return 0.0
    table = state.on_table()
    lead = plain_sum(VALUES[s.card] if s.player == me else -VALUES[s.card] for s in table)
    if lead <= 0:
        return 0.0
    return search.press * lead * min(1.0, state.quiet_activations / limit)


class LookAhead:
    """One decision's look-ahead for ``state.pending.player``."""

    def __init__(self, state: State, cfg: Config, search: Search, rng: random.Random) -> None:
        assert state.pending is not None
        self.root = state
        self.cfg = cfg
        self.s = search
        self.rng = rng
        self.me = state.pending.player
        self.them = other(self.me)
        self.used = 0
        """Work units spent so far."""
        self.ranking = 0
        """Work units the root's ranking spent."""
        self.deadline = time.perf_counter() + search.seconds
        self._evaluators: dict[Weights, Evaluator] = {}
        self.press = pressing(state, self.me, search)
        """The weight of my scores' ``Weights.sight`` (``Search.press``)."""
        self.anchor = {(s.player, s.card): s.pos for s in state.on_table() if s.player != self.me}
        """Where each enemy stood when the look-ahead began: my closing in is measured toward
        it (``Evaluator.anchor``)."""

    # --- work ---------------------------------------------------------------------------------

    def spent(self) -> bool:
        """Whether the look-ahead has spent its budget (the root's ranking not counted)."""
        searched = self.used - self.ranking
        return searched >= self.s.budget or time.perf_counter() > self.deadline

    def planner(self, state: State, cfg: Config) -> Planner:
        """A planner for ``state``'s pending decision, its pair terms shared across the search."""
        pl = Planner(state, cfg, self.rng)
        w = pl.ev.w
        if cfg is self.cfg:  # my scores close in (``Search.approach``, ``Search.press``)
            w = replace(w, approach=max(w.approach, self.s.approach), sight=self.press)
        ev = self._evaluators.get(w)
        if ev is None:
            ev = self._evaluators[w] = Evaluator(pl.ev.terrain, pl.ev.explode_all, w, pl.ev.size)
            ev.anchor = self.anchor
        pl.ev = ev
        return pl

    def run(self, f: Callable[[], T]) -> T:
        """``f()``, its sight work counted (``serm.core.work``)."""
        with work_limit(UNMETERED) as meter:
            out = f()
        self.used += meter.used
        return out

    def nowhere(self, action: Action) -> bool:
        """``goes_nowhere`` at the root, its work counted."""
        return self.run(lambda: goes_nowhere(self.root, action))

    def apply(self, state: State, action: Action) -> State:
        self.used += APPLY
        return self.run(lambda: apply(state, action))

    def ranked(self, state: State, cfg: Config) -> Generator[None, None, Ranked]:
        pl = self.planner(state, cfg)
        before = pl.ev.evaluations
        out = yield from ranked_steps(pl, cfg.max_evals, self.run)
        self.used += EVAL * (pl.ev.evaluations - before + len(out))
        return out

    def static(self, state: State) -> float:
        """The position scored for me as it stands (the side pending acts next)."""
        if state.status == Status.FINISHED or state.pending is None:
            if state.winner is None:
                return 0.0
            return WIN if state.winner == self.me else -WIN
        pl = self.planner_for_me(state)
        self.used += EVAL
        to_act, reacting = next_to_act(state)
        return self.run(lambda: pl.score(pl.board, to_act=to_act, reacting=reacting))

    def planner_for_me(self, state: State) -> Planner:
        """A planner that scores boards for me, whoever is pending in ``state``."""
        p = state.pending
        assert p is not None
        if p.player == self.me:
            return self.planner(state, self.cfg)
        pl = self.planner(state, self.cfg)
        pl.me, pl.them = self.me, self.them
        pl._orders = {}
        return pl

    # --- the decision -------------------------------------------------------------------------

    def choose(self) -> Generator[None, None, Action | None]:
        """The best searched candidate of the root decision (None: no legal candidate).

        Inside the opponent's activation (a React, a stop point) the look-ahead ends at the next
        boundary; inside mine, after the opponent's reply."""
        yield from self.sight_goals()
        order = yield from self.ranked(self.root, self.cfg)
        self.ranking = self.used
        options: list[tuple[Action, State]] = []
        for _, _, cand in order:
            if len(options) >= self.s.width:
                break
            if options and self.nowhere(cand.action):
                continue
            try:
                options.append((cand.action, self.apply(self.root, cand.action)))
            except IllegalActionError:
                continue
        if len(options) <= 1:
            return options[0][0] if options else None
        a = self.root.activation
        replied = a is not None and a.player != self.me
        best: tuple[float, Action] | None = None
        for action, after in options:
            if best is not None and self.spent():
                break
            value = yield from self.value(after, replied)
            if best is None or value > best[0] + 1e-9:
                best = (value, action)
        assert best is not None
        return best[1]

    def sight_goals(self) -> Generator[None, None, None]:
        """When my scores weigh ``Weights.sight``, find the spots that see each enemy
        (``Travel.seen_from``) one enemy a slice before the search needs them: each takes a few
        milliseconds, and all of them inside one step of the search would hold a page's main
        thread too long. The answers are cached, so the search's choices are the same."""
        sc = self.root.scenario
        if not self.press or sc.width <= 0.0:
            return
        way = travel_on(sc.terrain, sc.width, sc.height)
        tall = tuple(t for t in sc.terrain if t.tall)
        for g in sorted(goal_key(p) for p in self.anchor.values()):
            way.seen_from(g, tall)
            yield None

    def value(self, state: State, replied: bool) -> Steps:
        """Expected value for me of ``state``, played on to the boundary after the reply."""
        yield None
        if state.status == Status.FINISHED or state.pending is None:
            return self.static(state)
        p = state.pending
        if p.kind == PendingKind.ROLL:
            total = 0.0
            for prob, faces in self.outcomes(state):
                total += prob * (yield from self.value(self.apply(state, Roll(faces)), replied))
            return total
        if self.spent():
            return self.static(state)
        boundary = p.kind == PendingKind.ACT and state.activation is None
        if boundary and (replied or p.player == self.me):
            return self.static(state)
        if boundary:
            return (yield from self.reply(state))
        if p.player == self.them and self.s.inner > 1:
            return (yield from self.their_choice(state, replied))
        action = yield from self.model_choice(state)
        return (yield from self.value(self.apply(state, action), replied))

    def their_choice(self, state: State, replied: bool) -> Steps:
        """A decision of the opponent's inside an activation (a React or none, a stop point, the
        rest of its activation, an end facing): its ``Search.inner`` best as the model ranks
        them, and ending the activation wherever the model lists it (R7; first, as it costs the
        least to search), each played on, the one worst for me taken. The model's best alone
        would let the look-ahead count on the opponent's mistakes: a soldier that shot walking
        on into a React, say, when ending its activation was open to it."""
        order = yield from self.ranked(state, self.s.model)
        ranked = [cand.action for _, _, cand in order]
        end = End()
        options = ([end] if end in ranked else []) + [a for a in ranked[: self.s.inner] if a != end]
        worst = yield from self.worst_of(state, options, len(options), replied)
        if worst is None:
            action = yield from self.model_choice(state)
            return (yield from self.value(self.apply(state, action), replied))
        return worst

    def reply(self, state: State) -> Steps:
        """The opponent's best reply for it, among the model's best few: the worst for me."""
        order = yield from self.ranked(state, self.s.model)
        actions = [cand.action for _, _, cand in order]
        worst = yield from self.worst_of(state, actions, self.s.replies, replied=True)
        return self.static(state) if worst is None else worst

    def worst_of(
        self, state: State, actions: list[Action], most: int, replied: bool
    ) -> Generator[None, None, float | None]:
        """The least value for me of the first ``most`` of ``actions`` the engine takes, each
        played on (one refused is passed over); past the budget, no more once one is valued.
        None when none was played."""
        worst: float | None = None
        tried = 0
        for action in actions:
            if tried >= most or (worst is not None and self.spent()):
                break
            try:
                after = self.apply(state, action)
            except IllegalActionError:
                continue
            tried += 1
            v = yield from self.value(after, replied)
            worst = v if worst is None else min(worst, v)
        return worst

    def model_choice(self, state: State) -> Generator[None, None, Action]:
        """The decision inside an activation as the opponent model takes it (either side)."""
        from .fallback import safe_action

        order = yield from self.ranked(state, self.s.model)
        for _, _, cand in order:
            if legal(state, cand.action):
                return cand.action
        return safe_action(state, self.rng)

    # --- chance -------------------------------------------------------------------------------

    def outcomes(self, state: State) -> list[tuple[float, Faces]]:
        """The chance outcomes of the pending roll: (probability, faces played)."""
        p = state.pending
        assert p is not None and p.pool is not None
        if p.purpose == Purpose.MOVE:
            return self.move_outcomes(state, p.pool)
        if p.purpose == Purpose.REACT:
            mv = state.move
            assert mv is not None and mv.total is not None
            pool, n = p.pool, mv.total
            return two(odds.beats(pool, n), lambda: above(pool, n), lambda: lowest(pool))
        if p.purpose == Purpose.SHOOT:
            return self.shoot_outcomes(state, p.pool)
        assert p.purpose == Purpose.ENDURE
        return [(1.0, endure_faces(p.pool, state))]

    def move_outcomes(self, state: State, pool: Pool) -> list[tuple[float, Faces]]:
        mv = state.move
        assert mv is not None and state.activation is not None
        dist = odds.distribution(pool)
        reach = float("inf")
        if mv.direction is not None:
            s = state.soldier(state.activation.player, mv.card)
            reach = q.straight_reach(state, s, mv.direction, mv.facing)[1].distance
        short = [(t, p) for t, p in dist if t < reach - EPS]
        full = [(t, p) for t, p in dist if t >= reach - EPS]
        runs = odds.groups(short, self.s.groups) + ([full] if full else [])
        out = []
        for run in runs:
            mass = plain_sum(p for _, p in run)
            mean = plain_sum(t * p for t, p in run) / mass
            t = run[0][0] if run is full else min(run, key=lambda o: abs(o[0] - mean))[0]
            out.append((mass, faces_for(pool, t)))
        return out

    def shoot_outcomes(self, state: State, pool: Pool) -> list[tuple[float, Faces]]:
        """Kill or miss (R21): a miss is played as the pool's least Shoot total, which the Endure
        then matches (``endure_faces``); a kill as a greater one that beats the least Endure."""
        shot, a = state.shot, state.activation
        assert shot is not None and a is not None
        target = state.soldier(other(a.player), shot.target)
        endure = q.endure_pool(target)
        kill = odds.kill(shot.shooter, target.card)
        least_kill = max(endure.dice + 1, pool.dice + 1)
        return two(kill, lambda: faces_for(pool, feasible(pool, least_kill)), lambda: lowest(pool))


def next_to_act(state: State) -> tuple[int, bool]:
    """(the side that acts next, whether its soldier is reacting) once the step pending in
    ``state`` is taken as it stands: at an activation's boundary the pending player (R7); inside
    an activation, the side after it (the rest of the activation taken as ended), unless a React
    has just succeeded and its stop point is pending: then the reacting soldier, at once (R19)."""
    p, a = state.pending, state.activation
    assert p is not None
    if p.kind == PendingKind.STOP:
        return p.player, True
    if a is None:
        return p.player, False
    return other(a.player), False


def two(p: float, yes: Callable[[], Faces], no: Callable[[], Faces]) -> list[tuple[float, Faces]]:
    """Two outcomes (faces made only for one that can happen)."""
    return [(w, f()) for w, f in ((p, yes), (1.0 - p, no)) if w > 1e-12]


def lowest(pool: Pool) -> Faces:
    return tuple((1,) for _ in range(pool.dice))


def above(pool: Pool, n: int) -> Faces:
    """Faces of the least total above ``n`` the pool can roll (its dice all ones if more)."""
    return faces_for(pool, feasible(pool, max(n + 1, pool.dice)))


def endure_faces(pool: Pool, state: State) -> Faces:
    """The Endure of the outcome the Shoot roll was played for (``shoot_outcomes``): its least
    total after a kill's Shoot, one that matches the Shoot total after a miss's (R21)."""
    shot, a = state.shot, state.activation
    assert shot is not None and shot.shoot_total is not None and a is not None
    shooter = state.soldier(a.player, shot.shooter)
    if shot.shoot_total > q.shoot_pool(shooter).dice:
        return lowest(pool)
    return faces_for(pool, feasible(pool, max(shot.shoot_total, pool.dice)))


def feasible(pool: Pool, n: int) -> int:
    """The least total of at least ``n`` that ``pool`` can roll (one exists: a plain pool's
    outcomes asked for are ones its distribution gives)."""
    n = max(n, pool.dice)
    for t in range(n, n + 7):
        if can_total(pool, t):
            return t
    raise ValueError(f"{pool} cannot total {n} or a little more")


def can_total(pool: Pool, n: int) -> bool:
    if n < pool.dice:
        return False
    if not pool.exploding:
        return n <= 6 * pool.dice
    return pool.dice >= 2 or n % 6 != 0


def faces_for(pool: Pool, n: int) -> Faces:
    """Faces of ``pool`` that total ``n`` (R10: a six re-rolled as a chain when exploding)."""
    d = pool.dice
    assert can_total(pool, n), (pool, n)
    if not pool.exploding:
        totals = []
        left = n
        for i in range(d):
            t = min(6, left - (d - i - 1))
            totals.append(t)
            left -= t
        return tuple((t,) for t in totals)
    totals = [1] * (d - 1) + [n - (d - 1)]
    if totals[-1] % 6 == 0:
        totals[0] += 1
        totals[-1] -= 1
    return tuple(chain(t) for t in totals)


def chain(t: int) -> tuple[int, ...]:
    """The faces of one exploding die totalling ``t`` (not a multiple of six)."""
    return (6,) * (t // 6) + (t % 6,)
