"""One or more tests per ruling R1-R24 (RULES.md), with hand-set dice.

Positions come from real actions (``deploy``) or are set by hand mid-table (``arrange``); from there
every step is a real action and every die is an explicit ``Roll``. The engine clarifications
(C1-C17 in RULES.md) are tested here too, next to the ruling they refine.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from helpers import (
    Key,
    R,
    Spot,
    approx_vec,
    arrange,
    at,
    deploy,
    pending,
    play,
    put,
    refused,
    rolloff_for,
)

from serm.core import (
    Action,
    Concede,
    End,
    Face,
    Game,
    IllegalActionError,
    Move,
    Path,
    Place,
    React,
    Shoot,
    Stop,
    Turn,
    apply,
    new_game,
    replay,
)
from serm.core.cards import CARD_NAMES, CARDS
from serm.core.dice import Pool, prob_beats, prob_greater, total
from serm.core.geometry import CARD_WIDTH, Vec, polygons_overlap, unit
from serm.core.queries import can_act, visible_enemies
from serm.core.record import loads
from serm.core.rules import DRAW_AFTER
from serm.core.scenario import (
    BUILT_IN,
    LIBRARY,
    Scenario,
    ScenarioError,
    Terrain,
    by_name,
    default,
    open_field,
    random_layout,
    table_info,
)
from serm.core.state import Activation, EventKind, PendingKind, State, Status

HW = CARD_WIDTH / 2


def with_terrain(*pieces: Terrain, explode_all: bool = False) -> Scenario:
    base = open_field()
    return replace(base, terrain=pieces, explode_all=explode_all)


def box(x0: float, y0: float, x1: float, y1: float, tall: bool = False) -> Terrain:
    pts = (Vec(x0, y0), Vec(x1, y0), Vec(x1, y1), Vec(x0, y1))
    return Terrain("Ruin" if tall else "Crates", pts, tall)


# --- R1 units and axes ---------------------------------------------------------------------------


def test_r1_bearing_90_moves_along_plus_x_and_0_toward_the_top() -> None:
    state = arrange({(1, "assault"): (3, 5, 0), (2, "armored"): (9, 1, 0)}, others=False)
    state = play(state, Move("assault", 90), R(1, 2))
    assert approx_vec(at(state, 1, "assault"), Vec(6, 5))
    state = arrange({(1, "assault"): (3, 7, 0), (2, "armored"): (9, 1, 0)}, others=False)
    state = play(state, Move("assault", 0), R(1, 2))
    assert approx_vec(at(state, 1, "assault"), Vec(3, 4))


def test_r1_card_is_one_length_by_a_poker_card_width_and_top_edge_faces_forward() -> None:
    state = deploy({(1, "ranger"): (5, 9, 0)})
    poly = state.soldier(1, "ranger").polygon()
    assert min(p.y for p in poly) == pytest.approx(8.5)  # top edge toward y decreasing
    assert max(p.x for p in poly) - min(p.x for p in poly) == pytest.approx(63 / 88)


def test_r1_facings_are_normalized_bearings() -> None:
    state = deploy({(1, "ranger"): (5, 9, -90)})
    assert state.soldier(1, "ranger").facing == 270


# --- R2 table and scenarios ----------------------------------------------------------------------


def test_r2_default_table_and_zones() -> None:
    for sc in (default(), open_field(), random_layout(3), *(by_name(t.name) for t in LIBRARY)):
        assert (sc.width, sc.height) == (10, 10)
        z1, z2 = sc.zone(1), sc.zone(2)
        assert (z1.x0, z1.y0, z1.x1, z1.y1) == (0, 8, 10, 10)
        assert (z2.x0, z2.y0, z2.x1, z2.y1) == (0, 0, 10, 2)


def _mirrored(points: tuple[Vec, ...]) -> set[tuple[float, float]]:
    return {(round(p.x, 9), round(10 - p.y, 9)) for p in points}


def _as_set(points: tuple[Vec, ...]) -> set[tuple[float, float]]:
    return {(round(p.x, 9), round(p.y, 9)) for p in points}


def _is_mirror_symmetric(sc: Scenario) -> bool:
    """Each piece has a twin (itself, if it lies across the middle) reflected across the line
    between the zones, of the same height: the table looks the same from either zone (R2)."""
    shapes = [(_as_set(t.points), t.tall) for t in sc.terrain]
    return all((_mirrored(t.points), t.tall) in shapes for t in sc.terrain)


def test_r2_built_in_scenarios() -> None:
    d = default()
    assert any(t.tall for t in d.terrain) and any(not t.tall for t in d.terrain)
    for info in LIBRARY:
        sc = by_name(info.name, 5)
        assert _is_mirror_symmetric(sc), info.name
        assert sc == by_name(info.name, 5)
    assert open_field().terrain == ()
    assert by_name("open") == open_field() and by_name("default") == default()
    assert by_name("random", 7) == random_layout(7)
    for sc in (random_layout(7), *(by_name(t.name) for t in LIBRARY)):
        assert by_name(sc.name) == sc  # a record's table name brings back its table
    with pytest.raises(ValueError):
        by_name("moon")


def test_r2_the_library_describes_its_tables() -> None:
    """Keys without a dash (a random table is named ``random-SEED``), one line each, and the
    open field the only deadly one."""
    assert BUILT_IN == tuple(t.name for t in LIBRARY)
    assert {"default", "open", "random"} <= set(BUILT_IN) and len(BUILT_IN) >= 6
    for t in LIBRARY:
        assert "-" not in t.name and t.title and "\n" not in t.description
        assert 10 < len(t.description) <= 80
        assert table_info(t.name) == t
    assert [t.name for t in LIBRARY if t.deadly] == ["open"]
    assert [t.name for t in LIBRARY if t.seeded] == ["random"]
    assert table_info("random-12").name == "random"
    for name in ("random-", "random-x", "default-1", "moon"):
        with pytest.raises(ScenarioError):
            table_info(name)


@pytest.mark.parametrize("seed", range(12))
def test_r2_random_layout_is_seeded_symmetric_and_clear_of_the_zones(seed: int) -> None:
    sc = random_layout(seed)
    assert sc == random_layout(seed)
    assert sc.seed == seed and sc.name == f"random-{seed}"
    assert sum(t.tall for t in sc.terrain) >= 2
    assert _is_mirror_symmetric(sc)
    for i, t in enumerate(sc.terrain):
        assert all(0 <= p.x <= 10 and 2 < p.y < 8 for p in t.points)
        for u in sc.terrain[i + 1 :]:
            assert not polygons_overlap(t.points, u.points)


RANDOM_0 = [
    ("Wall", True, [(2.95, 7.1), (7.45, 6.9), (7.45, 7.4), (2.95, 7.6)]),
    ("Wall", True, [(2.95, 2.4), (7.45, 2.6), (7.45, 3.1), (2.95, 2.9)]),
    ("Crates", False, [(5.7, 5.2), (6.3, 5.2), (6.3, 5.8), (5.7, 5.8)]),
    ("Crates", False, [(5.7, 4.2), (6.3, 4.2), (6.3, 4.8), (5.7, 4.8)]),
]
"""Seed 0's random table as ``random_layout`` builds it, pinned: a change to
the layout code shows here."""


def test_r2_the_same_seed_gives_the_same_table_everywhere() -> None:
    """Seed 0's random table, corner by corner: this suite also runs in Pyodide, so the pinned
    numbers hold there too."""
    assert [(t.name, t.tall, [tuple(p) for p in t.points]) for t in random_layout(0).terrain] == (
        RANDOM_0
    )


# --- R3 terrain ----------------------------------------------------------------------------------


@pytest.mark.parametrize("tall", [False, True])
def test_r3_all_terrain_stops_movement(tall: bool) -> None:
    sc = with_terrain(box(4, 2, 6, 3, tall))
    state = arrange(
        {(1, "assault"): (5, 6, 0), (2, "armored"): (9, 1, 0)}, scenario=sc, others=False
    )
    state = play(state, Move("assault", 0), R(2, 2))
    assert approx_vec(at(state, 1, "assault"), Vec(5, 3.5))  # top edge on the crate's edge
    assert pending(state) == (PendingKind.FACE, 1)


def test_r3_table_edge_stops_movement() -> None:
    state = arrange({(1, "assault"): (5, 6, 0), (2, "armored"): (9, 9, 0)}, others=False)
    state = play(state, Move("assault", 0), R(6, 6))
    assert approx_vec(at(state, 1, "assault"), Vec(5, 0.5))
    state = arrange({(1, "assault"): (5, 6, 0), (2, "armored"): (9, 9, 0)}, others=False)
    state = play(state, Move("assault", 270), R(6, 6))
    assert approx_vec(at(state, 1, "assault"), Vec(HW, 6))


def test_r3_only_tall_terrain_blocks_line_of_sight() -> None:
    layout = {(1, "assault"): (5, 6, 0), (2, "armored"): (5, 1, 0)}
    low = arrange(layout, scenario=with_terrain(box(3, 3, 7, 3.5)), others=False)
    tall = arrange(layout, scenario=with_terrain(box(3, 3, 7, 3.5, True)), others=False)
    assert visible_enemies(low, low.soldier(1, "assault"))
    assert not visible_enemies(tall, tall.soldier(1, "assault"))


# --- R4 no overlap -------------------------------------------------------------------------------


def test_r4_placing_over_another_card_is_refused() -> None:
    state = apply(new_game(open_field()), rolloff_for(2))  # player 1 places first
    state = apply(state, Place("ranger", 5, 9, 0))
    state = apply(state, Place("ranger", 5, 1, 0))
    refused(state, Place("gunner", 5.5, 9, 0), "R4")
    # touching is not overlapping
    state = apply(state, Place("gunner", 5 + 2 * HW, 9, 0))
    assert state.soldier(1, "gunner").placed


def test_r4_placing_on_terrain_is_refused() -> None:
    sc = with_terrain(box(4, 8.2, 6, 9.8))
    state = apply(new_game(sc), rolloff_for(2))
    refused(state, Place("ranger", 5, 9, 0), "R4")
    refused(state, Place("ranger", 4, 9, 0), "R4")
    state = apply(state, Place("ranger", 4 - HW, 9, 0))  # touching the crate is fine
    assert state.soldier(1, "ranger").placed


def test_r4_c10_turns_must_not_overlap() -> None:
    """C10: turning in place, at the start and at the end of a Move must leave no overlap."""
    layout = {
        (1, "assault"): (5, 6, 0),
        (1, "armored"): (5 + 2 * HW + 0.05, 6, 0),
        (2, "armored"): (9, 1, 0),
    }
    state = arrange(layout, others=False)
    refused(state, Turn("assault", 90), "R4")
    refused(state, Move("assault", 180, facing=90), "R4")
    state = play(state, Move("assault", 180), R(1, 1))  # slides down, clear of the friend
    assert pending(state) == (PendingKind.FACE, 1)
    state = put(state, {(1, "armored"): (5 + 2 * HW + 0.05, 8, 0)})
    refused(state, Face(90), "R4")
    after = apply(state, Face(None))
    assert after.soldier(1, "assault").facing == 0


def test_r4_moves_never_end_overlapping() -> None:
    state = arrange(
        {(1, "assault"): (5, 6, 0), (2, "armored"): (5.3, 2, 180), (2, "gunner"): (9, 1, 0)},
        others=False,
    )
    state = play(state, Move("assault", 0), R(6, 6))
    mover = state.soldier(1, "assault").polygon()
    for s in state.on_table():
        if s.card != "assault" or s.player != 1:
            assert not polygons_overlap(mover, s.polygon())


# --- R5 roll-off ---------------------------------------------------------------------------------


def test_r5_tie_rerolls_and_the_loser_takes_the_first_initiative() -> None:
    state = new_game(open_field())
    assert state.status == Status.SETUP and pending(state) == (PendingKind.ROLL, 0)
    state = apply(state, R(3, 3))
    assert state.status == Status.SETUP and pending(state) == (PendingKind.ROLL, 0)  # roll again
    assert "roll again" in state.events[-1].text
    state = apply(state, R(2, 5))  # C11: first die is player 1's
    assert state.status == Status.DEPLOYMENT and state.first_placer == 2
    assert pending(state) == (PendingKind.PLACE, 2)


def test_r5_players_alternate_and_all_ten_are_placed() -> None:
    state = apply(new_game(open_field()), R(2, 5))
    placers = []
    for i in range(10):
        player = state.pending.player  # type: ignore[union-attr]
        placers.append(player)
        y = 9.0 if player == 1 else 1.0
        state = apply(state, Place(CARD_NAMES[i // 2], 1 + 2 * (i // 2), y, 0))
    assert placers == [2, 1] * 5
    assert state.status == Status.PLAYING
    assert state.initiative == 1 and pending(state) == (PendingKind.ACT, 1)  # the roll-off loser


def test_r5_a_card_is_placed_once() -> None:
    state = apply(new_game(open_field()), rolloff_for(2))
    state = play(state, Place("ranger", 1, 9, 0), Place("ranger", 1, 1, 0))
    refused(state, Place("ranger", 5, 9, 0), "R5")


def test_r5_c11_rolloff_is_one_roll_of_two_plain_dice() -> None:
    state = new_game(open_field())
    assert state.pending is not None and state.pending.pool == Pool(2, False)
    refused(state, R(4), "R9")
    refused(state, R((6, 2), 3), "R9")


# --- R6 deployment -------------------------------------------------------------------------------


def test_r6_placement_outside_the_zone_is_refused() -> None:
    state = apply(new_game(open_field()), rolloff_for(2))
    err = refused(state, Place("ranger", 5, 5, 0), "R6")
    assert "zone" in err.message
    refused(state, Place("ranger", 5, 8.4, 0), "R6")  # centre inside, footprint sticks out
    refused(state, Place("ranger", 5, 1, 0), "R6")  # the enemy's zone
    refused(state, Place("ranger", 10, 9, 0), "R6")  # off the side of the table
    refused(state, Place("sniper", 5, 9, 0), "R6")


def test_r6_whole_footprint_inside_at_any_facing() -> None:
    state = apply(new_game(open_field()), rolloff_for(2))
    state = apply(state, Place("ranger", 5, 9, 45))
    assert state.soldier(1, "ranger").facing == 45
    state = apply(state, Place("ranger", 5, 2 - HW, 90))  # touching the zone line is inside
    assert state.soldier(2, "ranger").placed


# --- R7 activation -------------------------------------------------------------------------------


def duel(initiative: int = 1) -> State:
    """Player 1's Assault facing player 2's Armored across the table; player 2's Gunner aside."""
    return arrange(
        {(1, "assault"): (5, 7, 0), (2, "armored"): (4, 2, 180), (2, "gunner"): (9, 1, 0)},
        others=False,
        initiative=initiative,
    )


def test_r7_move_then_shoot() -> None:
    state = play(duel(), Move("assault", 0), R(1, 1), Face(None))
    assert pending(state) == (PendingKind.ACT, 1)  # still its activation: it may shoot
    state = play(state, Shoot("assault", "armored"), R(1), R(1, 1))
    assert (
        state.activation is None
        and pending(state) == (PendingKind.ACT, 2)
        and state.initiative == 2
    )


def test_r7_shoot_then_move() -> None:
    state = play(duel(), Shoot("assault", "armored"), R(1), R(1, 1))
    assert pending(state) == (PendingKind.ACT, 1)
    state = play(state, Move("assault", 90), R(1, 1))
    assert pending(state) == (PendingKind.FACE, 1)
    state = apply(state, Face(None))
    assert pending(state) == (PendingKind.ACT, 2)


def test_r7_either_part_may_be_skipped() -> None:
    state = play(duel(), Shoot("assault", "armored"), R(1), R(1, 1), End())
    assert pending(state) == (PendingKind.ACT, 2)


def test_r7_pass_and_initiative_alternates() -> None:
    state = duel()
    state = apply(state, End())
    assert pending(state) == (PendingKind.ACT, 2) and state.initiative == 2
    assert any("passes" in e.text for e in state.events)
    state = apply(state, End())
    assert pending(state) == (PendingKind.ACT, 1) and state.activation_number == 3


def test_r7_the_same_soldier_may_activate_again() -> None:
    state = play(duel(), Shoot("assault", "armored"), R(1), R(1, 1), End(), End())
    state = play(state, Shoot("assault", "armored"), R(1), R(1, 1))
    assert pending(state) == (PendingKind.ACT, 1)


def test_r7_one_soldier_per_activation_and_one_of_each_part() -> None:
    state = play(duel(), Shoot("assault", "armored"), R(1), R(1, 1))
    refused(state, Shoot("assault", "armored"), "R7")
    state = arrange(
        {(1, "assault"): (5, 7, 0), (1, "armored"): (2, 7, 0), (2, "armored"): (4, 2, 180)},
        others=False,
    )
    state = play(state, Shoot("assault", "armored"), R(1), R(1, 1))
    refused(state, Move("armored", 0), "R7")
    state = play(state, Move("assault", 90), R(1, 1))
    state = apply(state, Face(None))
    assert pending(state) == (PendingKind.ACT, 2)


def test_r7_actions_must_answer_what_is_pending() -> None:
    state = duel()
    refused(state, R(3), "R7")
    refused(state, Place("ranger", 5, 9, 0), "R7")
    state = apply(state, Move("assault", 0))
    refused(state, End(), "R7")
    refused(new_game(open_field()), Place("ranger", 5, 9, 0), "R7")


def test_r7_cards_off_the_table_cannot_act() -> None:
    state = duel()  # player 1 has only its Assault left
    refused(state, Move("ranger", 0), "R7")
    refused(state, Shoot("armored", "armored"), "R7")
    refused(state, Move("tank", 0), "R7")


# --- R8 victory ----------------------------------------------------------------------------------


def test_r8_eliminating_the_last_soldier_wins() -> None:
    state = arrange({(1, "assault"): (5, 6, 0), (2, "armored"): (5, 3, 0)}, others=False)
    state = play(state, Move("assault", 0), R(1, 2))  # rams it: the last one
    assert state.status == Status.FINISHED and state.winner == 1 and state.pending is None
    assert not state.soldier(2, "armored").alive
    refused(state, End(), "R8")
    refused(state, Concede(2), "R8")


def test_r8_last_soldier_shot() -> None:
    state = arrange({(1, "assault"): (5, 6, 0), (2, "brawler"): (5, 3, 0)}, others=False)
    state = play(state, Shoot("assault", "brawler"), R(1))  # Endure 0 totals 0 (R9)
    assert state.status == Status.FINISHED and state.winner == 1


def test_r8_a_player_may_concede_at_any_time() -> None:
    state = apply(new_game(open_field()), Concede(1))
    assert state.status == Status.FINISHED and state.winner == 2 and state.conceded_by == 1
    mid_move = apply(duel(), Move("assault", 0))
    state = apply(mid_move, Concede(1))
    assert state.winner == 2 and state.pending is None


def passes(state: State, n: int) -> State:
    """``n`` activations in a row that do nothing: each player passes in turn (R7)."""
    for _ in range(n):
        state = apply(state, End())
    return state


def test_r8_forty_quiet_activations_end_the_game_in_a_draw() -> None:
    state = passes(deploy(), DRAW_AFTER - 1)
    assert state.status == Status.PLAYING and state.quiet_activations == DRAW_AFTER - 1
    state = apply(state, End())
    assert state.status == Status.FINISHED and state.winner is None and state.pending is None
    assert state.events[-1].kind == EventKind.END and "draw" in state.events[-1].text
    refused(state, End(), "R8")
    refused(state, Concede(1), "R8")


def test_r8_an_elimination_starts_the_count_again() -> None:
    layout = {(1, "assault"): (5, 6, 0), (2, "brawler"): (5, 3, 0)}
    state = passes(arrange(layout), DRAW_AFTER - 2)
    assert state.initiative == 1 and state.quiet_activations == DRAW_AFTER - 2
    state = play(state, Shoot("assault", "brawler"), R(1))  # Endure 0 totals 0: eliminated
    assert not state.soldier(2, "brawler").alive
    assert state.quiet_activations == DRAW_AFTER - 2  # the activation has not ended yet
    state = apply(state, End())
    assert state.quiet_activations == 0  # it saw an elimination: not a quiet one
    state = passes(state, DRAW_AFTER - 1)
    assert state.status == Status.PLAYING
    assert apply(state, End()).status == Status.FINISHED


def test_r8_a_react_chain_is_two_activations_and_turning_counts() -> None:
    state = react_layout()
    state = play(state, Move("assault", 90), R(2, 2), React("brawler"), R(3, 2), Stop(2.5))
    assert state.quiet_activations == 1  # the mover's activation ended at the stop (R19)
    state = apply(state, End())  # the reacting Brawler's own activation
    assert state.quiet_activations == 2 and state.initiative == 1
    state = apply(state, Turn("assault", 45.0))  # turning in place is a Move (R14) ...
    assert state.activation is not None and state.quiet_activations == 2  # ... it may still shoot
    state = apply(state, End())
    assert state.quiet_activations == 3 and state.initiative == 2
    state = play(state, End(), Turn("assault", 180.0))  # sees no one now: the activation ends
    assert state.activation is None and state.quiet_activations == 5 and state.initiative == 2


def test_r8_the_mover_s_cut_short_activation_can_be_the_fortieth() -> None:
    state = react_layout()
    state = replace(state, quiet_activations=DRAW_AFTER - 1)
    state = play(state, Move("assault", 90), R(2, 2), React("brawler"), R(3, 2), Stop(2.5))
    assert state.status == Status.FINISHED and state.winner is None
    assert state.activation is None and state.move is None  # no reaction activation follows


def test_r8_a_reactor_rammed_at_the_stop_point_adds_no_activation() -> None:
    layout = {
        (1, "assault"): (2, 6, 90),
        (2, "brawler"): (7, 6, 270),
        (2, "armored"): (9, 1, 0),
    }
    state = play(arrange(layout, others=False), Move("assault", 90), R(3, 3))
    assert state.move is not None
    state = play(state, React("brawler"), R(4, 3), Stop(state.move.halt))
    assert not state.soldier(2, "brawler").alive and state.quiet_activations == 0


# --- R9 pools ------------------------------------------------------------------------------------


def test_r9_plain_pool_refuses_a_chain() -> None:
    state = apply(duel(), Move("assault", 0))
    refused(state, R((6, 2), 3), "R9")
    refused(state, R(3), "R9")  # Move 2 is two dice
    refused(state, R(3, 7), "R9")
    refused(state, R(3, 0), "R9")
    state = apply(state, R(6, 6))
    assert state.move is not None and state.move.total == 12


def test_r9_exploding_pool_rerolls_every_six() -> None:
    state = apply(duel(), Shoot("assault", "armored"))
    refused(state, R(6), "R9")  # a six must be re-rolled
    refused(state, R((6, 6)), "R9")  # ... again and again
    refused(state, R((5, 3)), "R9")  # only a six is re-rolled
    refused(state, R(()), "R9")  # a die with no face
    state = apply(state, R((6, 6, 2)))
    assert state.shot is not None and state.shot.shoot_total == 14
    assert pending(state) == (PendingKind.ROLL, 2) and state.pending.purpose == "endure"  # type: ignore
    assert state.pending.pool == Pool(2, True)  # type: ignore[union-attr]


def test_r9_option_all_pools_explode() -> None:
    sc = with_terrain(explode_all=True)
    state = arrange(
        {(1, "assault"): (5, 7, 0), (2, "armored"): (9, 1, 0)}, scenario=sc, others=False
    )
    state = apply(state, Move("assault", 0))
    refused(state, R(6, 1), "R9")
    state = apply(state, R((6, 1), 1))
    assert state.move is not None and state.move.total == 8


def test_r9_a_zero_stat_totals_zero_without_a_roll() -> None:
    state = arrange(
        {(1, "assault"): (5, 6, 0), (2, "brawler"): (5, 3, 0), (2, "gunner"): (9, 1, 0)},
        others=False,
    )
    state = play(state, Shoot("assault", "brawler"), R(1))
    assert not state.soldier(2, "brawler").alive  # 1 > 0, no Endure roll was asked for


def test_r9_pool_odds() -> None:
    for pool in (Pool(1, False), Pool(3, False), Pool(2, True), Pool(0, True)):
        assert sum(pool.distribution().values()) == pytest.approx(1.0, abs=1e-9)
    assert Pool(0, True).distribution() == {0: 1.0}
    assert prob_beats(Pool(1, False), 3) == pytest.approx(0.5)
    assert prob_beats(Pool(1, True), 6) == pytest.approx(1 / 6)  # only a six goes past 6
    a, b = Pool(2, True).distribution(), Pool(1, True).distribution()
    brute = sum(p * q for x, p in a.items() for y, q in b.items() if x > y)
    assert prob_greater(Pool(2, True), Pool(1, True)) == pytest.approx(brute)
    # Shoot 1 against Endure 0 always kills; Shoot 1 vs Endure 1: ties survive
    assert prob_greater(Pool(1, True), Pool(0, True)) == pytest.approx(1.0)
    assert prob_greater(Pool(1, True), Pool(1, True)) < 0.5


# --- R10 records of dice -------------------------------------------------------------------------


def test_r10_faces_are_recorded_per_die_as_chains() -> None:
    assert total(((6, 2), (4,))) == 12
    game = Game(open_field(), seed=1, auto_dice=False)
    game.play(rolloff_for(1))
    assert game.record.actions[-1] == R(1, 6, player=0)  # C18: the roll-off is player 0's
    state = play(duel(), Shoot("assault", "armored"))
    state = apply(state, R((6, 2)))
    shot_event = state.events[-1]
    assert shot_event.faces == ((6, 2),) and "8" in shot_event.text
    state = apply(state, R((6, 1), 4))
    assert state.events[0].faces == ((6, 1), (4,))
    assert state.soldier(2, "armored").alive  # 8 does not beat 11


def test_r10_auto_dice_are_recorded_like_typed_ones() -> None:
    game = Game(open_field(), seed=42)
    game.roll_pending()  # a new Game waits for its driver to roll the roll-off
    assert game.state.pending is not None and game.state.pending.kind == PendingKind.PLACE
    roll = game.record.actions[0]
    assert [len(chain) for chain in roll.faces] == [1, 1]  # type: ignore[union-attr]
    assert roll.faces[0] != roll.faces[1]  # type: ignore[union-attr]


# --- R11-R13 line of sight through the rules -----------------------------------------------------


def test_r11_a_target_on_the_ray_may_be_shot_one_just_off_it_not() -> None:
    # the target's top-left corner lies exactly on the viewer's right ray; the rest is outside
    beyond = 2.0
    corner = Vec(5 + HW + beyond, 4.5 - beyond)
    on_ray = (corner.x + HW, corner.y + 0.5, 0.0)
    state = arrange(
        {(1, "assault"): (5, 5, 0), (2, "armored"): on_ray, (2, "gunner"): (9, 9, 0)}, others=False
    )
    assert [e.card for e in visible_enemies(state, state.soldier(1, "assault"))] == ["armored"]
    apply(state, Shoot("assault", "armored"))
    off = (corner.x + HW + 1e-6, corner.y + 0.5, 0.0)
    state = put(state, {(2, "armored"): off})
    refused(state, Shoot("assault", "armored"), "R21")


def test_r11_nothing_is_seen_beside_or_behind() -> None:
    state = arrange(
        {(1, "assault"): (5, 5, 0), (2, "armored"): (5, 7, 0), (2, "gunner"): (8, 5, 0)},
        others=False,
    )
    assert visible_enemies(state, state.soldier(1, "assault")) == ()
    refused(state, Shoot("assault", "gunner"), "R21")


def test_r12_tall_terrain_between_blocks_a_shot() -> None:
    sc = with_terrain(box(2, 3, 8, 3.5, True))
    state = arrange(
        {(1, "assault"): (5, 6, 0), (2, "armored"): (5, 1, 0)}, scenario=sc, others=False
    )
    refused(state, Shoot("assault", "armored"), "R21")
    sc = with_terrain(box(2, 3, 5, 3.5, True))  # half hidden: still seen
    state = arrange(
        {(1, "assault"): (5, 6, 0), (2, "armored"): (5, 1, 0)}, scenario=sc, others=False
    )
    assert apply(state, Shoot("assault", "armored")).pending.kind == PendingKind.ROLL  # type: ignore


def test_r13_ranger_shoots_behind_itself_but_not_through_tall_terrain() -> None:
    layout = {(1, "ranger"): (5, 5, 0), (2, "armored"): (5, 8.5, 0)}
    state = arrange(layout, others=False)
    state = play(state, Shoot("ranger", "armored"), R(5), R(1, 1))
    assert not state.soldier(2, "armored").alive
    sc = with_terrain(box(2, 6.5, 8, 7, True))
    state = arrange(layout, scenario=sc, others=False)
    refused(state, Shoot("ranger", "armored"), "R21")


# --- R14 turning ---------------------------------------------------------------------------------


def test_r14_turn_in_place_has_no_roll_and_no_react() -> None:
    # player 2's Brawler (React 2) watches the Assault the whole time
    state = arrange(
        {(1, "assault"): (5, 6, 90), (2, "brawler"): (5, 2, 180), (2, "gunner"): (9, 1, 0)},
        others=False,
    )
    state = apply(state, Turn("assault", 0))
    assert state.soldier(1, "assault").facing == 0
    assert state.soldier(1, "assault").pos == Vec(5, 6)
    assert pending(state) == (PendingKind.ACT, 1)  # no roll, no React; it now sees the Brawler
    assert state.activation is not None and state.activation.moved
    refused(state, Move("assault", 0), "R7")  # the turn was its Move
    state = play(state, Shoot("assault", "brawler"), R(2))
    assert not state.soldier(2, "brawler").alive


def test_r14_turn_that_leaves_nothing_to_do_ends_the_activation() -> None:
    state = arrange({(1, "assault"): (5, 6, 0), (2, "armored"): (9, 1, 0)}, others=False)
    state = apply(state, Turn("assault", 180))
    assert pending(state) == (PendingKind.ACT, 2)  # C6


def test_r14_facing_set_at_start_and_end_of_a_move() -> None:
    state = arrange({(1, "assault"): (3, 6, 0), (2, "armored"): (9, 1, 0)}, others=False)
    state = apply(state, Move("assault", 90, facing=45))
    assert state.soldier(1, "assault").facing == 45
    state = apply(state, R(1, 1))
    s = state.soldier(1, "assault")
    assert s.facing == 45 and approx_vec(s.pos, Vec(5, 6))  # C1: it slid without turning
    state = apply(state, Face(200))
    assert state.soldier(1, "assault").facing == 200


def test_r1_c17_the_log_writes_bearings_from_0_to_359() -> None:
    """A bearing a hair short of 360 points to the top (R1, C17): the log writes it as 0°,
    never 360°, when the card turns on the spot, declares a Move and turns at its end."""
    state = arrange({(1, "assault"): (5, 6, 90), (2, "armored"): (9, 1, 0)}, others=False)
    turned = apply(state, Turn("assault", 359.7))
    assert turned.events[-1].text == "Player 1's Assault turns to face 0°."
    declared = apply(state, Move("assault", 359.6, facing=90))
    assert declared.events[-1].text == "Player 1's Assault declares a Move toward 0°."
    faced = play(declared, R(1, 1), Face(359.8))
    assert "The Assault turns to face 0°." in [e.text for e in faced.events]


# --- R15 declared move ---------------------------------------------------------------------------


def test_r15_the_card_travels_exactly_the_roll_along_the_direction() -> None:
    state = arrange({(1, "assault"): (3, 7, 0), (2, "armored"): (9, 1, 0)}, others=False)
    state = play(state, Move("assault", 45), R(2, 1))
    expected = Vec(3, 7) + unit(45) * 3.0
    assert approx_vec(at(state, 1, "assault"), expected)
    assert state.move is not None and state.move.halt == pytest.approx(3.0)


def test_r15_direction_must_be_declared_before_the_roll() -> None:
    state = duel()
    refused(state, Move("assault", None), "R15")
    state = apply(state, Move("assault", 10))
    assert pending(state) == (PendingKind.ROLL, 1) and state.pending.purpose == "move"  # type: ignore
    assert state.move is not None and state.move.direction == 10
    assert state.soldier(1, "assault").pos == Vec(5, 7)  # nothing slides before the roll


@pytest.mark.parametrize("bad", [float("nan"), float("inf")])
def test_r15_non_finite_directions_and_paths_are_refused(bad: float) -> None:
    with pytest.raises(IllegalActionError):
        play(duel(), Move("assault", bad), R(1, 1))
    brawler = play(brawler_layout(), Move("brawler", None), R(1, 1, 1))
    with pytest.raises(IllegalActionError):
        apply(brawler, Path(((bad, 3.0),)))


# --- R16 halting and rams ------------------------------------------------------------------------


def test_r16_a_friendly_card_just_stops_the_move() -> None:
    state = arrange(
        {(1, "assault"): (5, 6, 0), (1, "armored"): (5, 3, 0), (2, "gunner"): (9, 1, 0)},
        others=False,
    )
    state = play(state, Move("assault", 0), R(2, 2))
    assert approx_vec(at(state, 1, "assault"), Vec(5, 4))
    assert state.soldier(1, "armored").alive


def test_r16_touching_an_enemy_rams_it() -> None:
    state = arrange(
        {(1, "assault"): (5, 6, 0), (2, "armored"): (5.5, 3, 45), (2, "gunner"): (9, 1, 0)},
        others=False,
    )
    state = play(state, Move("assault", 0), R(3, 3))
    assert not state.soldier(2, "armored").alive
    assert any(e.kind == "kill" for e in state.events)
    mover = state.soldier(1, "assault")
    assert mover.y > 3  # halted where it touched, short of the full 6 L
    assert pending(state) == (PendingKind.FACE, 1)


def test_r16_the_log_tells_the_move_then_the_ram_then_the_win() -> None:
    """The log tells events in the order they happen: the slide, the ram at its end, the win."""
    state = arrange({(1, "assault"): (5, 6, 0), (2, "armored"): (5, 3, 0)}, others=False)
    state = play(state, Move("assault", 0), R(1, 2))
    kinds = [e.kind for e in state.events]
    assert kinds == [EventKind.ROLL, EventKind.REACT, EventKind.MOVE, EventKind.KILL, EventKind.END]
    assert state.events[2].text == "The Assault moves 2.00 L and halts against player 2's Armored."


def test_r16_r19_a_move_stopped_where_it_rams_is_told_before_the_ram() -> None:
    state = arrange(
        {(1, "assault"): (5, 6, 0), (2, "armored"): (5, 3, 0), (2, "ranger"): (8, 5, 0)},
        others=False,
    )
    state = play(state, Move("assault", 0), R(1, 2), React("ranger"), R(6, 6), Stop(2.0))
    texts = [e.text for e in state.events]
    assert texts[:2] == [
        "The Assault is stopped after 2.00 L.",
        "Player 1's Assault rams player 2's Armored: eliminated!",
    ]


def test_r16_c3_contact_exactly_at_the_end_of_the_roll_is_a_ram() -> None:
    layout: dict[Key, Spot] = {
        (1, "assault"): (5, 6, 0),
        (2, "armored"): (5, 3, 0),
        (2, "gunner"): (9, 1, 0),
    }
    state = play(arrange(layout, others=False), Move("assault", 0), R(1, 1))
    assert approx_vec(at(state, 1, "assault"), Vec(5, 4))
    assert not state.soldier(2, "armored").alive
    layout[(2, "armored")] = (5, 2.99, 0)  # 0.01 L short: no contact
    state = play(arrange(layout, others=False), Move("assault", 0), R(1, 1))
    assert state.soldier(2, "armored").alive


def test_r16_c2_every_enemy_touched_at_the_same_instant_is_rammed() -> None:
    state = arrange(
        {
            (1, "assault"): (5, 6, 0),
            (2, "armored"): (4.6, 3, 0),
            (2, "assault"): (5.4, 3, 0),
            (2, "gunner"): (9, 1, 0),
        },
        others=False,
    )
    state = play(state, Move("assault", 0), R(2, 1))
    assert not state.soldier(2, "armored").alive and not state.soldier(2, "assault").alive
    assert approx_vec(at(state, 1, "assault"), Vec(5, 4))


def test_r16_moving_away_from_a_touching_card_is_free() -> None:
    state = arrange(
        {(1, "assault"): (5, 6, 0), (2, "armored"): (5, 7, 0), (2, "gunner"): (9, 1, 0)},
        others=False,
    )
    state = play(state, Move("assault", 0), R(1, 1))
    assert approx_vec(at(state, 1, "assault"), Vec(5, 4))
    assert state.soldier(2, "armored").alive
    state = arrange(
        {(1, "assault"): (5, 6, 0), (2, "armored"): (5, 7, 0), (2, "gunner"): (9, 1, 0)},
        others=False,
    )
    state = play(state, Move("assault", 180), R(1, 1))  # pressing into it: a ram at once
    assert not state.soldier(2, "armored").alive
    assert approx_vec(at(state, 1, "assault"), Vec(5, 6))


# --- R17 Brawler ---------------------------------------------------------------------------------


def brawler_layout() -> State:
    return arrange(
        {(1, "brawler"): (2, 6, 0), (2, "armored"): (4, 5, 0), (2, "gunner"): (9, 1, 0)},
        others=False,
    )


def test_r17_brawler_declares_no_direction() -> None:
    refused(brawler_layout(), Move("brawler", 90), "R17")
    state = apply(brawler_layout(), Move("brawler", None))
    assert state.pending is not None and state.pending.pool == Pool(3, False)
    state = apply(state, R(1, 1, 1))
    assert pending(state) == (PendingKind.PATH, 1)


def test_r17_path_of_the_wrong_length_is_refused() -> None:
    state = play(brawler_layout(), Move("brawler", None), R(1, 1, 1))
    refused(state, Path(((2, 5),)), "R17")
    refused(state, Path(((2, 5), (2, 1))), "R17")
    refused(state, Path(((2, 3 - 2e-6),)), "R17")
    ok = apply(state, Path(((2, 3 - 0.5e-6),)))  # C12: within 1e-6 L
    assert pending(ok) == (PendingKind.FACE, 1)


def _zigzag(points: int, length: float) -> Path:
    step = length / points
    return Path(tuple((2.0, 6.0 - step if k % 2 else 6.0) for k in range(1, points + 1)))


def test_c19_a_path_lists_at_most_64_points() -> None:
    state = play(brawler_layout(), Move("brawler", None), R(1, 1, 1))
    refused(state, _zigzag(65, 3.0), "C19")
    refused(state, _zigzag(100_000, 3.0), "C19")
    ok = apply(state, _zigzag(64, 3.0))
    assert pending(ok) == (PendingKind.FACE, 1)
    assert approx_vec(ok.soldier(1, "brawler").pos, Vec(2, 6))


def test_c18_an_action_naming_the_player_not_on_move_is_refused() -> None:
    state = brawler_layout()
    assert pending(state) == (PendingKind.ACT, 1)
    refused(state, End(player=2), "C18")
    refused(state, Move("brawler", None, player=2), "C18")
    state = apply(state, Move("brawler", None, player=1))
    refused(state, R(1, 1, 1, player=2), "C18")
    refused(state, R(1, 1, 1, player=0), "C18")
    state = apply(state, R(1, 1, 1, player=1))
    assert pending(state) == (PendingKind.PATH, 1)
    assert apply(state, Concede(2)).winner == 1  # C16: either player concedes at any time


def test_r17_path_may_turn_and_rams_along_the_way() -> None:
    state = play(brawler_layout(), Move("brawler", None), R(1, 1, 1))
    state = apply(state, Path(((2, 5), (4, 5))))
    # first leg up 1 L, then right: its right edge (2 + HW + d) meets the Armored's left edge
    assert not state.soldier(2, "armored").alive
    s = state.soldier(1, "brawler")
    assert approx_vec(s.pos, Vec(4 - 2 * HW, 5))
    assert s.facing == 0  # C1: the Brawler too keeps its facing while it slides


def test_r17_brawler_path_without_obstacles_ends_at_its_last_corner() -> None:
    state = arrange({(1, "brawler"): (2, 6, 0), (2, "armored"): (9, 1, 0)}, others=False)
    state = play(state, Move("brawler", None, facing=90), R(2, 2, 2))
    state = apply(state, Path(((2, 4), (5, 4), (5, 4.5), (5, 4))))
    assert approx_vec(at(state, 1, "brawler"), Vec(5, 4))
    assert state.soldier(1, "brawler").facing == 90


def at_the_left_edge(card: str) -> State:
    """Player 1's ``card`` touching the left table edge, facing up, at y = 9."""
    return arrange({(1, card): (HW, 9, 0), (2, "gunner"): (9, 1, 0)}, others=False)


def test_r16_a_path_along_the_edge_that_leans_off_the_table_halts() -> None:
    """A path 8 L up the left edge leaning 4e-9 L out over its length (a direction 5e-10 off
    the edge's line): the Brawler presses into the edge at once and halts there; a lean of
    0.5e-9 L keeps it on the table (C14) and it slides the whole way (R4, R16, R17)."""
    state = play(at_the_left_edge("brawler"), Move("brawler", None), R(3, 3, 2))
    halted = apply(state, Path(((HW - 4e-9, 1.0),))).soldier(1, "brawler")
    assert min(p.x for p in halted.polygon()) >= -1e-9  # on the table (R4)
    assert approx_vec(halted.pos, Vec(HW, 9))
    slid = apply(state, Path(((HW - 0.5e-9, 1.0),))).soldier(1, "brawler")
    assert approx_vec(slid.pos, Vec(HW, 1))


def test_r16_a_straight_move_nearly_along_the_edge_halts_at_it() -> None:
    """From touching the left edge, the Assault moves 8 L at 359.99999999 degrees, a direction
    1.7e-10 off the edge's line that would carry it 1.4e-9 L off the table: it presses into the
    edge at once and halts (R4, R15, R16)."""
    state = play(at_the_left_edge("assault"), Move("assault", 359.99999999), R(4, 4))
    s = state.soldier(1, "assault")
    assert min(p.x for p in s.polygon()) >= -1e-9  # on the table (R4)
    assert approx_vec(s.pos, Vec(HW, 9))


# --- R18-R20 React -------------------------------------------------------------------------------


def react_layout() -> State:
    """Player 1's Assault (2, 6) will move right along y = 6.

    Player 2: Brawler (React 2) at (8, 2) facing down sees the path from about 2 L on; Armored
    (React 0) at (5, 2) facing down sees it from the start; Gunner (React 1) at (1, 2) faces away.
    """
    return arrange(
        {
            (1, "assault"): (2, 6, 90),
            (2, "brawler"): (8, 2, 180),
            (2, "armored"): (5, 2, 180),
            (2, "gunner"): (1, 2, 0),
        },
        others=False,
    )


def test_r18_react_offered_only_to_enemies_with_react_who_see_the_path() -> None:
    state = play(react_layout(), Move("assault", 90), R(2, 2))
    assert pending(state) == (PendingKind.REACT, 2)
    assert state.pending.options == ("brawler",)  # type: ignore[union-attr]
    mv = state.move
    assert mv is not None and mv.reactors == ("brawler",)
    # first seen when its right edge (2.5 + d) meets the left ray at its far side (y = 6 + HW)
    entry = 8 - HW - (6 + HW - 2.5) - 2.5
    assert entry - 1e-9 <= mv.entries[0] <= entry + 0.05 + 1e-9
    assert state.soldier(1, "assault").pos == Vec(2, 6)  # before the card slides


def test_r18_r23_armored_and_unseeing_soldiers_cannot_react() -> None:
    state = play(react_layout(), Move("assault", 90), R(2, 2))
    refused(state, React("armored"), "R23")
    refused(state, React("gunner"), "R18")
    refused(state, React("ranger"), "R18")


def test_r18_no_one_sees_the_move_no_react_step() -> None:
    state = play(react_layout(), Move("assault", 270), R(1, 1))  # away from the watchers
    assert pending(state) == (PendingKind.FACE, 1)


def test_r18_a_move_no_one_sees_is_logged_with_why() -> None:
    """A Move that asks no React says why in the log, as a React not worth asking does (R19):
    here the only soldiers that can react do not see it (R18); the Armored never reacts (R23)."""
    state = play(react_layout(), Move("assault", 270), R(1, 1))
    texts = [e.text for e in state.events]
    why = "No React: none of player 2's soldiers that can react sees the Assault on its way."
    assert texts[-2:] == [why, "The Assault moves 1.50 L and halts against the table edge."]


def test_r18_a_ram_from_behind_is_logged_with_why_no_react_was_asked() -> None:
    """A ram by a Move that no soldier of the victim's side sees tells why none could React
    (R18), before the slide and the ram (R16)."""
    layout = {(1, "assault"): (5, 6, 0), (2, "brawler"): (5, 3, 0), (2, "gunner"): (9, 1, 0)}
    state = play(arrange(layout, others=False), Move("assault", 0), R(3, 3))
    assert not state.soldier(2, "brawler").alive
    texts = [e.text for e in state.events]
    assert texts[-3:] == [
        "No React: none of player 2's soldiers sees the Assault on its way.",
        "The Assault moves 2.00 L and halts against player 2's Brawler.",
        "Player 1's Assault rams player 2's Brawler: eliminated!",
    ]


def test_r19_a_react_no_one_offered_can_win_names_only_the_soldiers_that_see_the_move() -> None:
    """Only the soldiers that see the mover are offered a React (R18): when none of them can
    beat the Move total (R19) but a soldier that does not see it could have, the log says the
    soldiers that see it could not, not that every soldier could not."""
    layout = {(1, "assault"): (2, 6, 0), (2, "brawler"): (9, 3, 0), (2, "gunner"): (2, 1, 180)}
    state = play(arrange(layout, others=False), Move("assault", 0), R(6, 6))
    assert state.pending is not None and state.pending.options == ("gunner",)
    state = play(state, React(None))
    why = "No React: none of player 2's soldiers that see it can beat Move 12."
    assert why in [e.text for e in state.events]
    # With the Brawler gone, the Gunner is every soldier that could react.
    del layout[(2, "brawler")]
    state = play(arrange(layout, others=False), Move("assault", 0), R(6, 6), React(None))
    why = "No React: none of player 2's soldiers can beat Move 12."
    assert why in [e.text for e in state.events]


def test_r23_a_move_against_a_side_that_cannot_react_says_so() -> None:
    state = arrange({(1, "assault"): (5, 6, 0), (2, "armored"): (8, 2, 270)}, others=False)
    state = play(state, Move("assault", 0), R(1, 1))
    assert "No React: none of player 2's soldiers can react." in [e.text for e in state.events]


def test_r18_the_path_only_counts_up_to_the_halt() -> None:
    layout = {
        (1, "assault"): (2, 6, 90),
        (1, "armored"): (3.6, 6, 0),
        (2, "brawler"): (8, 2, 180),
        (2, "gunner"): (1, 2, 0),
    }
    state = play(arrange(layout, others=False), Move("assault", 90), R(3, 3))
    assert pending(state) == (
        PendingKind.FACE,
        1,
    )  # blocked by the friend before the Brawler sees it


def test_r18_declining_lets_the_move_complete() -> None:
    state = play(react_layout(), Move("assault", 90), R(2, 2), React(None))
    assert approx_vec(at(state, 1, "assault"), Vec(6, 6))
    assert pending(state) == (PendingKind.FACE, 1)


def test_r19_react_success_stop_point_and_immediate_activation() -> None:
    state = play(react_layout(), Move("assault", 90), R(2, 2), React("brawler"))
    assert pending(state) == (PendingKind.ROLL, 2) and state.pending.purpose == "react"  # type: ignore
    state = apply(state, R(3, 2))  # 5 > 4
    assert pending(state) == (PendingKind.STOP, 2)
    refused(state, Stop(-0.5), "R19")
    refused(state, Stop(4.5), "R19")
    state = apply(state, Stop(2.5))
    assert approx_vec(at(state, 1, "assault"), Vec(4.5, 6))
    # C4: no end-of-move facing for the mover; the Brawler activates at once (R19)
    assert pending(state) == (PendingKind.ACT, 2)
    assert state.activation == Activation(2, "brawler", reaction=True)
    assert can_act(state, state.soldier(1, "assault")) == (False, False)  # its Shoot is lost
    refused(state, Move("gunner", 0), "R7")  # only the reacting soldier activates
    state = apply(state, End())
    assert (
        pending(state) == (PendingKind.ACT, 1)
        and state.initiative == 1
        and state.activation is None
    )


def test_r19_c15_the_stop_point_may_come_before_the_mover_was_seen() -> None:
    state = play(react_layout(), Move("assault", 90), R(2, 2), React("brawler"), R(3, 3))
    assert state.move is not None and state.move.entries[0] > 1.0
    state = apply(state, Stop(0.0))
    assert approx_vec(at(state, 1, "assault"), Vec(2, 6))
    assert pending(state) == (PendingKind.ACT, 2)


def test_r18_c7_a_mover_in_sight_when_it_sets_off_may_be_reacted_to() -> None:
    layout = {(1, "assault"): (2, 6, 90), (2, "assault"): (4, 2, 180), (2, "gunner"): (9, 1, 0)}
    state = play(arrange(layout, others=False), Move("assault", 180), R(1, 1))  # away from it
    assert pending(state) == (PendingKind.REACT, 2)
    assert state.move is not None and state.move.entries == (0.0,)


def test_r19_react_tie_fails_and_the_move_completes() -> None:
    state = play(react_layout(), Move("assault", 90), R(2, 2), React("brawler"), R(2, 2))
    assert approx_vec(at(state, 1, "assault"), Vec(6, 6))
    assert pending(state) == (PendingKind.FACE, 1)
    state = apply(state, Face(None))
    assert pending(state) == (PendingKind.ACT, 2)  # it sees nothing to shoot now (C6)


def test_r19_no_ram_past_the_stop_point_c5_ram_at_the_halt_point() -> None:
    layout = {
        (1, "assault"): (2, 6, 90),
        (2, "brawler"): (8, 2, 180),
        (2, "assault"): (7.2, 6, 0),  # in the way at the end of the path, facing away
        (2, "gunner"): (1, 2, 0),
    }
    state = play(arrange(layout, others=False), Move("assault", 90), R(3, 3))
    mv = state.move
    assert mv is not None and mv.rams == ("assault",)
    halt = 7.2 - HW - 2.5
    assert mv.halt == pytest.approx(halt)
    assert state.pending.options == ("brawler",)  # type: ignore[union-attr]
    state = play(state, React("brawler"), R(4, 3))  # 7 > 6
    early = apply(state, Stop(3.0))
    assert early.soldier(2, "assault").alive
    at_halt = apply(state, Stop(mv.halt))
    assert not at_halt.soldier(2, "assault").alive
    assert pending(at_halt) == (PendingKind.ACT, 2)


def test_r19_c9_a_reactor_rammed_at_the_stop_point_loses_its_activation() -> None:
    layout = {
        (1, "assault"): (2, 6, 90),
        (2, "brawler"): (7, 6, 270),  # faces the mover, right in its way
        (2, "armored"): (9, 1, 0),
    }
    state = play(arrange(layout, others=False), Move("assault", 90), R(3, 3))
    assert state.move is not None and state.move.rams == ("brawler",)
    state = play(state, React("brawler"), R(4, 3), Stop(state.move.halt))
    assert not state.soldier(2, "brawler").alive
    assert pending(state) == (PendingKind.ACT, 1) and state.activation is None


def test_r19_a_react_after_a_shot_costs_nothing_more() -> None:
    """Shoot then Move: the React stops the Move; the reactor activates, then player 1 again."""
    layout = {
        (1, "assault"): (2, 6, 0),
        (2, "brawler"): (8, 2, 180),
        (2, "armored"): (2.5, 3, 180),
        (2, "gunner"): (1, 1, 0),
    }
    state = arrange(layout, others=False)
    state = play(state, Shoot("assault", "armored"), R(1), R(2, 2))
    state = play(state, Move("assault", 90), R(2, 2), React("brawler"), R(6, 6), Stop(1.0))
    assert pending(state) == (PendingKind.ACT, 2) and state.activation is not None
    state = apply(state, End())
    assert pending(state) == (PendingKind.ACT, 1)


def test_r20_a_move_in_a_reaction_activation_can_be_reacted_to() -> None:
    state = play(react_layout(), Move("assault", 90), R(2, 2), React("brawler"), R(3, 3))
    state = apply(state, Stop(3.0))  # the Assault stops at (5, 6), facing right
    assert pending(state) == (PendingKind.ACT, 2)
    state = play(state, Move("brawler", None), R(1, 1, 1))
    state = apply(state, Path(((8, 5),)))  # straight down the right side of the table
    assert pending(state) == (PendingKind.REACT, 1)
    assert state.pending.options == ("assault",)  # type: ignore[union-attr]
    state = play(state, React("assault"), R(5))  # 5 > 3
    assert pending(state) == (PendingKind.STOP, 1)
    state = apply(state, Stop(1.5))
    assert approx_vec(at(state, 2, "brawler"), Vec(8, 3.5))
    assert pending(state) == (PendingKind.ACT, 1)
    assert state.activation == Activation(1, "assault", reaction=True)
    state = apply(state, End())
    assert pending(state) == (PendingKind.ACT, 2)  # initiative passes to the reactor's opponent


# --- R21 shooting --------------------------------------------------------------------------------


def shooting_layout() -> State:
    return arrange(
        {
            (1, "assault"): (5, 6, 0),
            (1, "brawler"): (8, 6, 0),
            (2, "armored"): (5, 3, 180),
            (2, "gunner"): (9, 9, 0),
        },
        others=False,
    )


def test_r21_strictly_greater_kills() -> None:
    state = play(shooting_layout(), Shoot("assault", "armored"), R(5), R(2, 2))
    assert not state.soldier(2, "armored").alive


def test_r21_a_tie_survives() -> None:
    state = play(shooting_layout(), Shoot("assault", "armored"), R(4), R(2, 2))
    assert state.soldier(2, "armored").alive
    assert any(e.kind == "miss" for e in state.events)


def test_r21_exploding_totals_compare() -> None:
    state = play(shooting_layout(), Shoot("assault", "armored"), R((6, 6, 1)), R((6, 5), 1))
    assert not state.soldier(2, "armored").alive  # 13 > 12


def test_r21_shoot_zero_cannot_shoot_and_only_seen_enemies() -> None:
    state = shooting_layout()
    refused(state, Shoot("brawler", "armored"), "R21")
    refused(state, Shoot("assault", "gunner"), "R21")  # not in sight
    refused(state, Shoot("assault", "ranger"), "R21")  # not on the table


# --- R22 Gunner ----------------------------------------------------------------------------------


def gunner_layout() -> State:
    return arrange(
        {
            (1, "gunner"): (5, 6, 0),
            (2, "ranger"): (5, 2, 0),
            (2, "armored"): (3, 3, 0),
            (2, "assault"): (7, 3, 0),
            (2, "brawler"): (5, 8.5, 0),  # behind the Gunner: not a target
        },
        others=False,
    )


def test_r22_gunner_attacks_every_enemy_it_sees_in_the_chosen_order() -> None:
    state = apply(gunner_layout(), Shoot("gunner", "assault"))
    assert state.shot is not None and state.shot.remaining == ("ranger", "armored")
    assert state.pending.pool == Pool(2, True)  # type: ignore[union-attr]
    state = play(state, R(5, 5), R(1))  # 10 > 1: the Assault falls
    assert not state.soldier(2, "assault").alive
    assert pending(state) == (PendingKind.TARGET, 1)
    assert state.pending.options == ("ranger", "armored")  # type: ignore[union-attr]
    refused(state, Shoot("gunner", "assault"), "R22")
    refused(state, Shoot("gunner", "brawler"), "R22")
    state = play(state, Shoot("gunner", "armored"), R(1, 1), R(3, 3))  # 2 vs 6: survives
    assert state.soldier(2, "armored").alive
    assert state.pending.options == ("ranger",)  # type: ignore[union-attr]
    state = play(state, Shoot("gunner", "ranger"), R(2, 1), R(2))
    assert not state.soldier(2, "ranger").alive
    assert pending(state) == (PendingKind.ACT, 2)  # C6: a Gunner's activation ends after its Shoot


def test_r22_gunner_cannot_shoot_after_moving_or_turning() -> None:
    state = apply(gunner_layout(), Turn("gunner", 10))  # turning counts as a Move
    assert pending(state) == (PendingKind.ACT, 2)
    state = play(gunner_layout(), Move("gunner", 90), R(1), React(None), Face(None))
    assert pending(state) == (PendingKind.ACT, 2)
    # and if its activation were still open, the rules would refuse the Shoot
    held = replace(gunner_layout(), activation=Activation(1, "gunner", moved=True))
    refused(held, Shoot("gunner", "ranger"), "R22")


def test_r22_gunner_cannot_move_after_shooting() -> None:
    state = play(
        gunner_layout(),
        Shoot("gunner", "ranger"),
        R(1, 1),
        R(3),
        Shoot("gunner", "armored"),
        R(1, 1),
        R(3, 3),
        Shoot("gunner", "assault"),
        R(1, 1),
        R(3),
    )
    assert pending(state) == (PendingKind.ACT, 2)
    held = replace(gunner_layout(), activation=Activation(1, "gunner", shot=True))
    refused(held, Move("gunner", 0), "R22")
    refused(held, Turn("gunner", 10), "R22")


def test_r22_c8_targets_are_fixed_when_the_first_attack_is_declared() -> None:
    state = apply(gunner_layout(), Shoot("gunner", "ranger"))
    assert state.shot is not None
    assert state.shot.remaining == ("armored", "assault")
    # even if an enemy steps into view now, it is not added
    moved_in = put(state, {(2, "brawler"): (5, 4.5, 0)})
    moved_in = play(moved_in, R(1, 1), R(5))
    assert moved_in.pending.options == ("armored", "assault")  # type: ignore[union-attr]


# --- R23 Armored ---------------------------------------------------------------------------------


def test_r23_armored_has_react_zero() -> None:
    assert CARDS["armored"].react == 0
    state = arrange({(1, "assault"): (2, 6, 90), (2, "armored"): (5, 2, 180)}, others=False)
    state = play(state, Move("assault", 90), R(1, 1))
    assert pending(state) == (PendingKind.FACE, 1)  # it saw the whole move, but it never reacts


# --- R24 records ---------------------------------------------------------------------------------


SCRIPT: list[Action] = [
    R(3, 3),  # roll-off tie: again (R5)
    R(4, 2),  # player 1 places first; player 2 takes the first initiative
    *[
        Place(card, 1 + 2 * i, y, facing)
        for i, card in enumerate(CARD_NAMES)
        for y, facing in ((9.0, 0.0), (1.0, 180.0))
    ],
    Move("assault", 180),  # player 2's Assault charges down the table
    R(2, 2),
    React("ranger"),  # player 1's Ranger reacts ...
    R(6, 1),  # ... 7 beats 4
    Stop(1.0),
    Shoot("ranger", "assault"),  # the Ranger's own activation at once
    R((6, 3)),
    R(2),
    End(),
]


def scripted_game() -> Game:
    game = Game(open_field(), seed=5, auto_dice=False)
    for action in SCRIPT:
        game.play(action)
    return game


def test_r24_the_script_plays_as_expected() -> None:
    state = scripted_game().state
    assert not state.soldier(2, "assault").alive
    assert pending(state) == (PendingKind.ACT, 2)


def test_r24_replay_rebuilds_the_same_state() -> None:
    game = scripted_game()
    assert replay(game.record) == game.state
    assert replay(game.record, upto=2).status == Status.DEPLOYMENT
    state = new_game(open_field())
    for action in SCRIPT:
        state = apply(state, action)
    assert state == game.state


def test_r24_record_round_trips_through_json() -> None:
    game = scripted_game()
    text = game.record.to_json()
    again = loads(text)
    assert again.to_dict() == game.record.to_dict()
    assert again.actions == game.record.actions  # each naming its player (C18)
    assert [
        a if isinstance(a, Concede) else replace(a, player=None) for a in again.actions
    ] == SCRIPT
    assert json.loads(again.to_json()) == json.loads(text)
    assert replay(again) == game.state


def _placed_by_seed(seed: int) -> Game:
    game = Game(open_field(), seed=seed)
    game.roll_pending()
    while game.state.pending is not None and game.state.pending.kind == PendingKind.PLACE:
        player = game.state.pending.player
        i, card = next(
            (i, c) for i, c in enumerate(CARD_NAMES) if not game.state.soldier(player, c).placed
        )
        game.play(Place(card, 1 + 2 * i, 9.0 if player == 1 else 1.0, 0))
    game.play(Move("assault", 90))
    return game


def test_r24_seeded_dice_are_the_same_every_time_and_after_reloading() -> None:
    a, b = _placed_by_seed(99), _placed_by_seed(99)
    assert a.record.to_dict() == b.record.to_dict() and a.state == b.state
    assert a.state.status == Status.PLAYING
    reloaded = Game.from_record(loads(a.record.to_json()))
    assert reloaded.state == a.state
    assert reloaded.record.seed == 99


def test_r24_referee_mode_takes_typed_dice() -> None:
    game = Game(open_field(), seed=1, auto_dice=False)
    assert pending(game.state) == (PendingKind.ROLL, 0)
    with pytest.raises(IllegalActionError):
        game.play(R(1, 7))
    assert game.record.actions == []  # a refused action is not recorded
    game.play(R(1, 6))
    assert pending(game.state) == (PendingKind.PLACE, 2)
    with pytest.raises(ValueError):
        game.dice_for_next()


def test_every_ruling_has_a_test_here() -> None:
    names = [n for n in globals() if n.startswith("test_r")]
    for n in range(1, 25):
        assert any(f"_r{n}_" in name for name in names), f"no test for R{n}"


def test_r14_a_turn_at_the_start_of_a_move_is_logged_with_its_declaration() -> None:
    """A Move declared with a new facing turns the card at its start (R14): the log says so,
    so the end's "keeps its facing" is read against the facing it slid with; a Move declared
    facing as the card stood says no turn."""
    state = arrange({(1, "assault"): (5, 6, 90), (2, "armored"): (9, 1, 0)}, others=False)
    declared = apply(state, Move("assault", 10.0, facing=10.0))
    assert declared.events[-1].text == (
        "Player 1's Assault turns to face 10° and declares a Move toward 10°."
    )
    kept = play(declared, R(1, 1), Face(None))
    assert kept.events[-1].text == "The Assault keeps its facing."
    assert kept.soldier(1, "assault").facing == 10.0
    straight = apply(state, Move("assault", 10.0, facing=90.0))
    assert straight.events[-1].text == "Player 1's Assault declares a Move toward 10°."
