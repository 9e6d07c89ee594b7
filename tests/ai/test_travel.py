"""Closing in the way round the terrain (R16), and pressing harder as a draw nears (R8)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from serm.ai import STRENGTHS
from serm.ai.evaluate import Evaluator, Weights, travel_on
from serm.ai.search import LookAhead, pressing
from serm.ai.travel import FIELDS_KEPT, STEP, Travel
from serm.core.game import Game
from serm.core.geometry import Vec
from serm.core.scenario import Terrain, by_name
from serm.core.state import Soldier
from tests.ai.test_ai import first_activation

WALL = Terrain("wall", (Vec(3.0, 4.9), Vec(7.0, 4.9), Vec(7.0, 5.1), Vec(3.0, 5.1)), True)
HARD = STRENGTHS["hard"]
assert HARD.search is not None


def test_on_an_open_table_the_way_is_the_straight_line() -> None:
    way = Travel((), 10.0, 10.0)
    field = way.field([Vec(5.0, 2.0)])
    assert way.read(field, Vec(5.0, 8.0)) == pytest.approx(6.0, abs=2 * STEP)
    assert way.read(field, Vec(1.0, 2.0)) == pytest.approx(4.0, abs=2 * STEP)


def test_a_wall_between_makes_the_way_round_longer_than_the_line() -> None:
    way = Travel((WALL,), 10.0, 10.0)
    field = way.field([Vec(5.0, 3.0)])
    behind_middle = way.read(field, Vec(5.0, 7.0))
    # Round either end of the wall (x = 3 or 7): at least 2 + 2 each way, far more than 4.
    assert behind_middle > 4.0 + 1.0
    past_the_end = way.read(field, Vec(2.5, 6.0))
    assert past_the_end < behind_middle


def test_the_fields_kept_are_bounded() -> None:
    way = Travel((WALL,), 10.0, 10.0)
    for i in range(FIELDS_KEPT + 10):
        way.field([Vec(0.5 + i * 0.1, 1.0)])
    assert len(way._fields) == FIELDS_KEPT
    assert way.field([Vec(0.5, 1.0)]) == way._build([Vec(0.5, 1.0)])  # the oldest, made again


def test_a_point_hard_by_the_terrain_still_has_a_distance() -> None:
    way = Travel((WALL,), 10.0, 10.0)
    field = way.field([Vec(5.0, 3.0)])
    touching = way.read(field, Vec(5.0, 5.2))  # closer to the wall than a card's centre can come
    assert touching < 10.0


def soldier(player: int, card: str, x: float, y: float) -> Soldier:
    return Soldier(player, card, x, y, 0.0, True)


def test_closing_in_scores_the_spot_past_the_walls_end_over_the_one_behind_it() -> None:
    """Straight lines call the spot right behind the wall nearer the enemy than the spot past its
    end; the way round says the opposite, and closing in means going round."""
    ev = Evaluator((WALL,), False, Weights(approach=1.0), (10.0, 10.0))
    enemy = [(soldier(2, "armored", 5.0, 3.0), 1.0)]
    behind = [(soldier(1, "ranger", 5.0, 6.0), 1.0)]
    round_the_end = [(soldier(1, "ranger", 2.2, 6.0), 1.0)]
    assert (Vec(5.0, 6.0) - Vec(5.0, 3.0)).length() < (Vec(2.2, 6.0) - Vec(5.0, 3.0)).length()
    assert ev.gap(round_the_end, enemy) < ev.gap(behind, enemy)


def test_the_look_ahead_presses_harder_the_nearer_the_draw_when_ahead() -> None:
    """R8: the side ahead loses its lead to a draw after a run of quiet activations; its
    weight of getting where its soldiers can attack (``Weights.sight``) grows with its lead and
    the run gone, and is nothing when it is not ahead."""
    game = Game(by_name("default", 0), 1)
    st = game.state
    soldiers = []
    for i, s in enumerate(st.soldiers):
        alive = s.player == 1 or s.card in ("armored",)
        soldiers.append(
            replace(s, x=1.0 + i * 0.8, y=3.0 if s.player == 1 else 7.0, placed=True, alive=alive)
        )
    st = replace(st, soldiers=tuple(soldiers))
    look = HARD.search
    assert look is not None
    base = pressing(replace(st, quiet_activations=0), 1, look)
    mid = pressing(replace(st, quiet_activations=20), 1, look)
    late = pressing(replace(st, quiet_activations=36), 1, look)
    assert base == 0.0
    assert base < mid < late
    behind = pressing(replace(st, quiet_activations=36), 2, look)
    assert behind == 0.0


def test_the_look_ahead_measures_closing_in_toward_where_each_enemy_stood() -> None:
    """An enemy that runs away in a reply does not make my Move look worse: the look-ahead's
    approach term (``Evaluator.anchor``) measures toward where each enemy stood when the
    look-ahead began; a plain evaluator measures toward where it stands."""
    st = first_activation(3)
    look = LookAhead(st, HARD, HARD.search, random.Random(0))  # type: ignore[arg-type]
    ev = look.planner(st, HARD).ev
    mine = [(s, 1.0) for s in st.on_table() if s.player == look.me]
    theirs = [(s, 1.0) for s in st.on_table() if s.player != look.me]
    fled = [(replace(s, y=10.0 - s.y), 1.0) for s, _ in theirs]
    assert ev.gap(mine, fled) == ev.gap(mine, theirs)
    plain = Evaluator(ev.terrain, ev.explode_all, ev.w, ev.size)
    assert plain.gap(mine, theirs) == ev.gap(mine, theirs)
    assert plain.gap(mine, fled) != plain.gap(mine, theirs)


def test_pressing_sends_a_shooter_toward_a_spot_that_sees_the_enemy_not_its_centre() -> None:
    """A soldier that shoots needs only to see its target (R11-R14): past the wall's end it sees
    the enemy hiding behind the wall, while hard against the wall's end it does not, though the
    way round to the enemy's centre is shorter from there. ``gap`` with ``sight`` measures the
    first; a Brawler, which must touch its target (R16), still measures to the enemy itself."""
    table = by_name("default", 1)
    ev = Evaluator(table.terrain, False, Weights(sight=1.0), (table.width, table.height))
    hiding = [(soldier(2, "armored", 5.0, 2.4), 1.0)]
    at_the_end, past_it = Vec(7.0, 3.8), Vec(9.5, 3.8)

    def gap(card: str, at: Vec, sight: bool) -> float:
        return ev.gap([(soldier(1, card, *at), 1.0)], hiding, sight)

    assert gap("ranger", past_it, True) < STEP * 2 < gap("ranger", at_the_end, True)
    assert gap("ranger", at_the_end, False) < gap("ranger", past_it, False)
    assert gap("brawler", at_the_end, True) < gap("brawler", past_it, True)
    assert ev.score(hiding + [(soldier(1, "ranger", *past_it), 1.0)], 1, 1) > ev.score(
        hiding + [(soldier(1, "ranger", *at_the_end), 1.0)], 1, 1
    )


def test_the_spots_that_see_an_enemy_are_kept_bounded() -> None:
    table = by_name("default", 1)
    way = Travel(table.terrain, table.width, table.height)
    tall = [t for t in table.terrain if t.tall]
    for i in range(FIELDS_KEPT + 5):
        way.sight_field([Vec(1.0 + i * 0.05, 1.0)], tall)
    assert len(way._sight_fields) == FIELDS_KEPT
    assert len(way._seen) == FIELDS_KEPT


def test_the_spots_that_see_each_enemy_are_found_one_enemy_a_slice() -> None:
    """While hard presses (``Weights.sight``), the cells that see each enemy are worked out one
    enemy per step of the look-ahead, never two in one step: each costs a few milliseconds, and a
    page runs the look-ahead a step at a time between frames."""
    st = first_activation(3)
    me = st.pending.player if st.pending else 1
    keep = {"gunner", "armored"}
    soldiers = tuple(
        s if s.player == me or s.card in keep else replace(s, alive=False) for s in st.soldiers
    )
    st = replace(st, soldiers=soldiers, quiet_activations=30)
    look = LookAhead(st, HARD, HARD.search, random.Random(0))  # type: ignore[arg-type]
    assert look.press > 0
    sc = st.scenario
    way = travel_on(sc.terrain, sc.width, sc.height)
    way._seen.clear()
    way._sight_fields.clear()
    found = []
    steps = look.choose()
    while True:
        before = len(way._seen)
        try:
            next(steps)
        except StopIteration:
            break
        found.append(len(way._seen) - before)
    assert max(found) == 1 and sum(found) == len(keep)
