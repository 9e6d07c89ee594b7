"""Where the look-ahead spends its work: the opponent's replies ranked once per root candidate,
and the tempo of a side that must close in (R8, R19)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Generator
from dataclasses import replace

from serm.ai import STRENGTHS
from serm.ai.config import Config
from serm.ai.evaluate import Evaluator, Weights
from serm.ai.search import LookAhead, Ranked, deeper
from serm.core.state import State
from tests.ai.test_ai import first_activation

HARD = STRENGTHS["hard"]
assert HARD.search is not None
SEARCH = HARD.search


def run(steps: Generator[None, None, object]) -> object:
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def test_a_deeper_look_ahead_passes_the_opponents_turn_and_ranks_my_next_once() -> None:
    """Searching on through my next activation, the opponent's activation between is taken as
    a pass (R7): no reply is searched. My next activation is ranked once per root candidate
    and set of soldiers on the table, and every chance outcome of the candidate (R15: a Move
    total) plays it."""
    st = ahead(20)
    look = LookAhead(st, HARD, HARD.search, random.Random(0))  # type: ignore[arg-type]
    assert look.deeper
    ranked, again, reply = LookAhead.ranked, LookAhead.again, LookAhead.reply
    ranked_mine: Counter[tuple[int, frozenset[tuple[int, str]]]] = Counter()
    played: list[State] = []
    replies: list[State] = []

    def spy(
        self: LookAhead, state: State, cfg: Config, mine: bool | None = None
    ) -> Generator[None, None, Ranked]:
        if mine:
            ranked_mine[(self.option, frozenset((s.player, s.card) for s in state.on_table()))] += 1
        return (yield from ranked(self, state, cfg, mine))

    def spy_again(self: LookAhead, state: State) -> Generator[None, None, float]:
        played.append(state)
        return (yield from again(self, state))

    def spy_reply(self: LookAhead, state: State) -> Generator[None, None, float]:
        replies.append(state)
        return (yield from reply(self, state))

    look.ranked = spy.__get__(look)  # type: ignore[method-assign]
    look.again = spy_again.__get__(look)  # type: ignore[method-assign]
    look.reply = spy_reply.__get__(look)  # type: ignore[method-assign]
    run(look.choose())
    assert replies == []
    assert len(played) > len(ranked_mine) > 0  # a candidate had several outcomes to play on
    assert set(ranked_mine.values()) == {1}


def test_my_next_activation_is_worth_closing_in_by_the_tempo() -> None:
    """With ``Weights.tempo``, a board scored with me to act next is worth ``approach`` times
    the tempo, split over my soldiers, more than with the enemy to act (a successful React
    spends my side's next activation, R19); without it, only the threats differ."""
    st = first_activation(3)
    me = 1
    board = [(s, 1.0) for s in st.on_table()]
    mine = sum(1 for s, _ in board if s.player == me)
    size = (st.scenario.width, st.scenario.height)
    terrain, explode = st.scenario.terrain, st.scenario.explode_all
    plain = Weights(approach=0.5)
    base = Evaluator(terrain, explode, plain, size)
    fast = Evaluator(terrain, explode, replace(plain, tempo=3.5), size)
    base_gain = base.score(board, me, to_act=me) - base.score(board, me, to_act=2)
    fast_gain = fast.score(board, me, to_act=me) - fast.score(board, me, to_act=2)
    assert abs(fast_gain - base_gain - 0.5 * 3.5 / mine) < 1e-9


def test_the_look_ahead_scores_my_boards_with_its_tempo() -> None:
    st = first_activation(3)
    look = LookAhead(st, HARD, HARD.search, random.Random(0))  # type: ignore[arg-type]
    assert HARD.search is not None and HARD.search.tempo > 0
    assert look.planner(st, HARD).ev.w.tempo == HARD.search.tempo
    assert look.planner(st, HARD.search.model).ev.w.tempo == 0.0


def ahead(quiet: int, enemies_left: int = 1) -> State:
    """The first activation, the enemy (the side not pending) down to its first
    ``enemies_left`` soldiers, after ``quiet`` activations without an elimination (R8)."""
    st = first_activation(3)
    assert st.pending is not None
    me = st.pending.player
    kept: list[str] = []
    soldiers = []
    for s in st.soldiers:
        if s.player != me and len(kept) >= enemies_left:
            s = replace(s, alive=False)
        elif s.player != me:
            kept.append(s.card)
        soldiers.append(s)
    return replace(st, soldiers=tuple(soldiers), quiet_activations=quiet)


def test_a_side_ahead_searches_two_activations_of_its_own_once_a_draw_nears() -> None:
    """R8: 40 quiet activations draw the game. Past ``Search.deep`` of that run, a side ahead
    searches its activation on through its next one (rounding a wall's end takes two straight
    Moves, R15); level, or early in the run, it stops after the reply."""
    assert HARD.search is not None and HARD.search.deep == 0.25
    assert not deeper(first_activation(3), 1, HARD.search)
    st = ahead(0)
    assert st.pending is not None
    me = st.pending.player
    assert not deeper(st, me, HARD.search)
    assert not deeper(ahead(9), me, HARD.search)
    assert deeper(ahead(10), me, HARD.search)
    assert not deeper(ahead(10), 3 - me, HARD.search)  # the side behind
    assert not deeper(ahead(10), me, replace(HARD.search, deep=0.0))


def test_the_look_ahead_plays_my_next_activation_when_it_searches_deeper() -> None:
    st = ahead(20)
    played: list[State] = []
    again = LookAhead.again

    def spy(self: LookAhead, state: State) -> Generator[None, None, float]:
        played.append(state)
        return (yield from again(self, state))

    look = LookAhead(st, HARD, HARD.search, random.Random(0))  # type: ignore[arg-type]
    look.again = spy.__get__(look)  # type: ignore[method-assign]
    run(look.choose())
    assert played and all(s.pending is not None for s in played)
    assert {s.pending.player for s in played if s.pending} == {look.me}
    look = LookAhead(st, HARD, replace(SEARCH, deep=0.0), random.Random(0))
    played.clear()
    look.again = spy.__get__(look)  # type: ignore[method-assign]
    run(look.choose())
    assert played == []


def test_the_enemys_last_soldier_is_worth_the_game_to_my_threat() -> None:
    """Eliminating the enemy's last soldier wins (R8): with ``Weights.last`` my threat on it
    counts that worth instead of its card's value; while it has two soldiers, nothing
    changes."""
    size = (10.0, 10.0)
    for left, changes in ((1, True), (2, False)):
        st = ahead(0, left)
        assert st.pending is not None
        me = st.pending.player
        enemy = [s for s in st.on_table() if s.player != me]
        mine = []
        for s in st.on_table():  # my Ranger sees all round (R13), beside the first enemy
            if s.player == me and s.card == "ranger":
                s = replace(s, x=enemy[0].x + 1.5, y=enemy[0].y)
            mine.append(s)
        board = [(s, 1.0) for s in mine if s.player == me] + [(s, 1.0) for s in enemy]
        terrain, explode = st.scenario.terrain, st.scenario.explode_all
        plain = Evaluator(terrain, explode, Weights(), size)
        rich = Evaluator(terrain, explode, Weights(last=20.0), size)
        gain = rich.score(board, me, to_act=me) - plain.score(board, me, to_act=me)
        assert (gain > 1.0) is changes and (gain == 0.0) is not changes
