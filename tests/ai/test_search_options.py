"""The look-ahead's candidates: a Move that goes nowhere is not searched (R16)."""

from __future__ import annotations

from dataclasses import replace

from serm.ai.search import goes_nowhere
from serm.core.actions import Move
from serm.core.state import State
from tests.ai.test_ai import first_activation


def against_the_wall(card: str) -> State:
    """The first activation, with the pending player's ``card`` touching the default table's
    lower tall wall (3.0-7.0 by 2.9-3.3) from below, facing it (bearing 0 is toward y = 0)."""
    st = first_activation(3)
    assert st.pending is not None
    p = st.pending.player
    moved = tuple(
        replace(s, x=5.0, y=3.8, facing=0.0) if (s.player, s.card) == (p, card) else s
        for s in st.soldiers
    )
    return replace(st, soldiers=moved)


def test_a_move_into_the_wall_it_touches_goes_nowhere() -> None:
    st = against_the_wall("ranger")
    assert goes_nowhere(st, Move("ranger", 0.0, None))
    assert goes_nowhere(st, Move("ranger", 0.0, 0.0))


def test_a_move_that_travels_or_turns_the_card_is_searched() -> None:
    st = against_the_wall("ranger")
    assert not goes_nowhere(st, Move("ranger", 90.0, None))
    assert not goes_nowhere(st, Move("ranger", 0.0, 90.0))  # a turn at the start (R14)


def test_a_brawlers_move_traces_its_path_after_the_roll() -> None:
    st = against_the_wall("brawler")
    assert not goes_nowhere(st, Move("brawler", None))
