"""Hard's look-ahead: chance nodes weighted by the engine's exact odds, the opponent's replies,
and a budget of counted work that makes a decision replay whatever the clock says."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Generator
from dataclasses import replace
from functools import cache
from typing import TypeVar

import pytest

from serm.ai import STRENGTHS, make_player, odds, search
from serm.ai.search import LookAhead, can_total, faces_for
from serm.core import apply
from serm.core.actions import Action, End, Move, Roll, Shoot
from serm.core.dice import Pool, total
from serm.core.game import Game
from serm.core.scenario import by_name
from serm.core.state import PendingKind, Purpose, State, Status

HARD = STRENGTHS["hard"]
assert HARD.search is not None
LOOK = HARD.search


@cache
def opening_position(seed: int = 3, activation: int = 3) -> State:
    """The start of an activation of a game between two normal players (default table)."""
    game = Game(by_name("default", 0), seed)
    game.roll_pending()
    players = {1: make_player("normal", 7), 2: make_player("normal", 8)}
    st = game.state
    while not (
        st.pending is not None
        and st.pending.kind == PendingKind.ACT
        and st.activation is None
        and st.activation_number >= activation
    ):
        assert st.pending is not None and st.status != Status.FINISHED
        game.play(players[st.pending.player].decide(st))
        st = game.state
    return st


def look(state: State, budget: int = LOOK.budget) -> LookAhead:
    return LookAhead(state, HARD, replace(LOOK, budget=budget), random.Random(5))


T = TypeVar("T")


def run(gen: Generator[None, None, T]) -> T:
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value


@pytest.mark.parametrize(("dice", "exploding"), list(itertools.product(range(1, 6), (False, True))))
def test_every_total_of_a_pool_is_played_with_faces_it_can_roll(dice: int, exploding: bool) -> None:
    pool = Pool(dice, exploding)
    for t, _ in odds.distribution(pool)[:40]:
        assert can_total(pool, t)
        faces = faces_for(pool, t)
        pool.check(faces)
        assert total(faces) == t


def shooting_position() -> tuple[State, str, str]:
    """A state where the side to act has a soldier seeing an enemy it may Shoot."""
    for seed in range(3, 30):
        st = opening_position(seed, 5)
        assert st.pending is not None
        for s in st.alive(st.pending.player):
            from serm.core import queries as q

            if s.type.shoots_all_seen or not q.can_act(st, s)[1]:
                continue
            seen = q.visible_enemies(st, s)
            if seen:
                return st, s.card, seen[0].card
    raise AssertionError("no position with a Shoot")


def test_a_shoot_is_a_chance_node_weighted_by_the_exact_kill_odds() -> None:
    st, shooter, target = shooting_position()
    declared = apply(st, Shoot(shooter, target))
    la = look(declared)
    outs = la.outcomes(declared)
    assert [p for p, _ in outs] == pytest.approx(
        [odds.kill(shooter, target), 1 - odds.kill(shooter, target)]
    )
    rolled = [la.apply(declared, Roll(f)) for _, f in outs]
    for i, after in enumerate(rolled):
        while after.pending is not None and after.pending.kind == PendingKind.ROLL:
            assert after.pending.purpose == Purpose.ENDURE
            after = la.apply(after, Roll(la.outcomes(after)[0][1]))
        rolled[i] = after
    killed, missed = rolled
    enemy = declared.soldier(3 - declared.pending.player, target)  # type: ignore[union-attr]
    assert not killed.soldier(enemy.player, target).alive
    assert missed.soldier(enemy.player, target).alive
    # The node's value is the two outcomes' values weighted by those odds.
    p = odds.kill(shooter, target)
    value: float = run(la.value(declared, replied=True))
    again = look(declared)  # the same draws for the opponent model's sampling, in the same order
    parts = [run(again.value(again.apply(declared, Roll(f)), replied=True)) for _, f in outs]
    assert value == pytest.approx(p * parts[0] + (1 - p) * parts[1])


def test_a_move_total_is_a_chance_node_over_the_whole_distribution() -> None:
    st = opening_position()
    assert st.pending is not None
    from serm.core import queries as q

    # the longest straight reach of a soldier that may turn to face its way (R4, R14)
    mover, way = max(
        (
            (s, d)
            for s in st.alive(st.pending.player)
            if not s.type.traces_path
            for d in range(0, 360, 15)
            if q.facing_problem(st, s, float(d)) is None
        ),
        key=lambda m: q.straight_reach(st, m[0], m[1], m[1])[1].distance,
    )
    assert q.straight_reach(st, mover, way, way)[1].distance > 4  # the totals short of it count
    declared = apply(st, Move(mover.card, float(way), float(way)))
    assert declared.pending is not None and declared.pending.kind == PendingKind.ROLL
    outs = look(declared).outcomes(declared)
    assert 2 <= len(outs) <= LOOK.groups + 1
    assert sum(p for p, _ in outs) == pytest.approx(1.0)
    for _, faces in outs:
        declared.pending.pool.check(faces)  # type: ignore[union-attr]


def test_hard_searches_its_activation_and_replays_whatever_the_clock() -> None:
    """The decision is the same from the same seed, and the clock (below its cap) changes
    nothing: the work is counted, not timed. The look-ahead searched more than one candidate,
    the opponent's replies included, within its budget."""
    st = opening_position()
    seen: list[int] = []
    original = LookAhead.choose

    def counted(self: LookAhead) -> Generator[None, None, Action | None]:
        out = yield from original(self)
        seen.append(self.used - self.ranking)
        return out

    clock = itertools.count()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(LookAhead, "choose", counted)
        first = make_player("hard", 11).decide(st)
        mp.setattr(search, "time", replace_clock(lambda: next(clock) * 1e-3))
        again = make_player("hard", 11).decide(st)
    assert first == again
    assert seen[0] == seen[1]
    assert LOOK.budget <= seen[0] < LOOK.budget * 2  # past it, the node under way finishes


class replace_clock:
    """A stand-in for the ``time`` module whose clock runs as told."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.perf_counter = clock


def test_the_budget_bounds_the_search() -> None:
    """With no budget the planner's best candidate is searched alone and chosen; with a budget
    more of them are weighed, and the work stays near it."""
    st = opening_position()
    none = look(st, budget=0)
    best = run(none.choose())
    ranked: search.Ranked = run(look(st).ranked(st, HARD))
    assert best == ranked[0][2].action
    small = look(st, budget=20_000)
    run(small.choose())
    full = look(st)
    run(full.choose())
    assert none.used < small.used < full.used


def test_a_leaf_inside_an_activation_is_scored_with_the_side_after_it_to_act() -> None:
    """A position the budget leaves inside an activation is scored with the side that acts after
    that activation to act (R7), not the side whose step is pending: once player 1's Armored has
    moved and only its end facing is left, player 2 acts next; once a React has stopped the Move,
    the reacting soldier acts at once (R19), an activation no opening holds back."""
    from helpers import R, arrange, play

    from serm.core.actions import Face, React

    state = arrange(
        {(1, "armored"): (5.0, 6.0, 0.0), (2, "gunner"): (5.0, 1.5, 180.0)}, others=False
    )
    assert search.next_to_act(state) == (1, False)
    rolled = play(state, Move("armored", 90.0, 90.0), R(2))
    assert rolled.pending is not None and rolled.pending.kind == PendingKind.REACT
    assert search.next_to_act(rolled) == (2, False)
    facing = play(rolled, React(None))
    assert facing.pending is not None and facing.pending.kind == PendingKind.FACE
    assert facing.pending.player == 1
    assert search.next_to_act(facing) == (2, False)
    after = play(facing, Face(None))
    assert after.pending is not None and after.activation is None
    assert search.next_to_act(after) == (2, False)
    stopped = play(rolled, React("gunner"), R(6))
    assert stopped.pending is not None and stopped.pending.kind == PendingKind.STOP
    assert search.next_to_act(stopped) == (2, True)
    # The leaf's score is the board's with player 2 to act, from player 1's side.
    la = look(facing)
    pl = la.planner(facing, HARD)
    pl.me, pl.them = 1, 2
    assert la.static(facing) == pytest.approx(pl.score(pl.board, to_act=2))
    assert la.static(facing) != pytest.approx(pl.score(pl.board, to_act=1))


def after_a_miss() -> tuple[State, list[Action]] | None:
    """A position inside an activation, after its soldier shot and missed (R21), where that
    side's model would go on (a Move, a turn) rather than end the activation, with the ranked
    rest of the activation; None if the opening positions searched have none."""
    for seed in range(3, 30):
        st = opening_position(seed, 5)
        assert st.pending is not None
        for s in st.alive(st.pending.player):
            from serm.core import queries as q

            if s.type.shoots_all_seen or not all(q.can_act(st, s)):
                continue
            for target in q.visible_enemies(st, s):
                mid = apply(st, Shoot(s.card, target.card))
                la = look(mid, budget=0)
                while mid.pending is not None and mid.pending.kind == PendingKind.ROLL:
                    mid = la.apply(mid, Roll(la.outcomes(mid)[-1][1]))  # the miss
                if mid.pending is None or mid.pending.kind != PendingKind.ACT:
                    continue
                ranked = [c.action for _, _, c in run(la.ranked(mid, LOOK.model))]
                if ranked and ranked[0] != End() and End() in ranked:
                    return mid, ranked
    return None


def test_the_opponents_choice_inside_its_activation_is_the_worst_for_me_of_its_options() -> None:
    """The opponent's decisions inside its activation are choice nodes of their own: ending the
    activation (R7) and the model's ``Search.inner`` best, each played on, the one worst for me
    taken; the look-ahead does not count on the opponent walking on where ending was open."""
    found = after_a_miss()
    assert found is not None
    mid, ranked = found
    them = mid.pending.player  # type: ignore[union-attr]
    budget = 30_000

    def mine(state: State) -> LookAhead:
        """A look-ahead scoring for the other side, ``them`` deciding in ``state``."""
        la = look(state, budget)
        la.me, la.them = la.them, la.me
        return la

    options = [End(), *[a for a in ranked[: LOOK.inner] if a != End()]]
    values = [run(mine(mid).value(apply(mid, a), replied=True)) for a in options]
    value = run(mine(mid).value(mid, replied=True))
    assert min(values) < values[1]  # the model's best alone would be better for me than ending
    assert value == pytest.approx(min(values))
    assert them != mine(mid).me
