"""Random legal games (hypothesis): the engine keeps R4, R15, R16 and R24 whatever the players do.

A random player picks placements, directions, Brawler paths, facings, React choices, stop points and
targets, and hypothesis draws every choice and every die, so a failing game shrinks to a short one.
The player only makes legal choices (checked with serm.core.queries); where it tries a choice that
may be illegal on purpose, the engine must refuse it with ``IllegalActionError`` exactly when the
query says it is illegal.
"""

from __future__ import annotations

import json
import math
from dataclasses import replace
from typing import Any

import pytest
from helpers import assert_legal_layout
from hypothesis import given, settings
from hypothesis import strategies as st

from serm.core import (
    Concede,
    End,
    Face,
    IllegalActionError,
    Move,
    Path,
    Place,
    React,
    Record,
    Roll,
    Shoot,
    Stop,
    Turn,
    apply,
    new_game,
    replay,
)
from serm.core.actions import Action
from serm.core.cards import CARD_NAMES, other
from serm.core.dice import Pool, total
from serm.core.geometry import Polygon, Vec, card_polygon, polygons_overlap, unit
from serm.core.movement import position_at
from serm.core.queries import (
    can_act,
    facing_problem,
    footprint_problem,
    placement_problem,
    visible_enemies,
)
from serm.core.record import loads, named_actions
from serm.core.rules import DRAW_AFTER
from serm.core.scenario import Scenario, default, open_field, random_layout
from serm.core.state import MoveInProgress, State, Status
from tests.random_cases import GAMES, RANDOM_LAYOUTS

MAX_ACTIONS = 400
TOUCH = 1e-7
"""How close (L) a halted card must be to what halted it."""


SCENARIOS = st.one_of(
    st.just(open_field()),
    st.just(default()),
    st.integers(0, 50).map(random_layout),
)
BEARINGS = st.one_of(
    st.sampled_from([0.0, 45.0, 90.0, 180.0, 270.0]),
    st.floats(0.0, 360.0, allow_nan=False, allow_infinity=False),
)


# --- independent geometry for the checks ---------------------------------------------------------


def _point_segment(p: Vec, a: Vec, b: Vec) -> float:
    ab = b - a
    ln2 = ab.dot(ab)
    t = 0.0 if ln2 == 0 else max(0.0, min(1.0, (p - a).dot(ab) / ln2))
    return (p - (a + ab * t)).length()


def gap(a: Polygon, b: Polygon) -> float:
    """Distance between two convex polygons that do not overlap (0 when they touch)."""
    best = math.inf
    for p, q in ((a, b), (b, a)):
        for v in p:
            for i in range(len(q)):
                best = min(best, _point_segment(v, q[i], q[(i + 1) % len(q)]))
    return best


def edge_gap(poly: Polygon, sc: Scenario) -> float:
    return min(min(p.x, p.y, sc.width - p.x, sc.height - p.y) for p in poly)


def _near_path(poly: Polygon, path: tuple[Vec, ...]) -> bool:
    """Cheap filter: the polygon's box comes within a card's reach of the path's box."""
    reach = 0.7
    return not (
        min(p.x for p in poly) > max(p.x for p in path) + reach
        or max(p.x for p in poly) < min(p.x for p in path) - reach
        or min(p.y for p in poly) > max(p.y for p in path) + reach
        or max(p.y for p in poly) < min(p.y for p in path) - reach
    )


def obstacles(state: State, player: int, card: str) -> list[Polygon]:
    out = [s.polygon() for s in state.on_table() if (s.player, s.card) != (player, card)]
    return out + [t.points for t in state.scenario.terrain]


# --- the random player ---------------------------------------------------------------------------


def draw_faces(data: st.DataObject, pool: Pool) -> Roll:
    chains = []
    for _ in range(pool.dice):
        chain = [data.draw(st.integers(1, 6))]
        while pool.exploding and chain[-1] == 6:
            chain.append(data.draw(st.integers(1, 6 if len(chain) < 3 else 5)))
        chains.append(tuple(chain))
    return Roll(tuple(chains))


def draw_place(data: st.DataObject, state: State, player: int) -> Action:
    card = data.draw(st.sampled_from([s.card for s in state.alive(player) if not s.placed]))
    z = state.scenario.zone(player)
    for _ in range(3):
        x = data.draw(st.floats(z.x0, z.x1))
        y = data.draw(st.floats(z.y0, z.y1))
        facing = data.draw(BEARINGS)
        if placement_problem(state, player, card, x, y, facing) is None:
            return Place(card, x, y, facing)
    for y in (z.y0 + 1.0, z.y1 - 1.0, (z.y0 + z.y1) / 2):  # a free spot always exists
        for i in range(int(z.x1 - z.x0) * 2):
            x = z.x0 + 0.5 + 0.5 * i
            if placement_problem(state, player, card, x, y, 0.0) is None:
                return Place(card, x, y, 0.0)
    raise AssertionError("no room left in the zone")


def draw_path(data: st.DataObject, state: State) -> Action:
    mv = state.move
    assert mv is not None and mv.total is not None and state.activation is not None
    start = state.soldier(state.activation.player, mv.card).pos
    legs = data.draw(st.integers(1, 3))
    weights = [data.draw(st.integers(1, 8)) for _ in range(legs)]
    points = []
    here = start
    for w in weights:
        here = here + unit(data.draw(BEARINGS)) * (mv.total * w / sum(weights))
        points.append((here.x, here.y))
    return Path(tuple(points))


def draw_act(data: st.DataObject, state: State, player: int) -> Action:
    choices: list[tuple[str, Any]] = [("end", None)]
    for s in state.on_table():
        if s.player != player:
            continue
        may_move, may_shoot = can_act(state, s)
        if may_move:
            choices += [("move", s)] * 3 + [("turn", s)]
        if may_shoot:
            seen = visible_enemies(state, s)
            if seen:
                choices += [("shoot", (s, seen))] * 3
    kind, what = data.draw(st.sampled_from(choices))
    if kind == "end":
        return End()
    if kind == "shoot":
        s, seen = what
        return Shoot(s.card, data.draw(st.sampled_from([e.card for e in seen])))
    s = what
    facing = data.draw(st.one_of(st.none(), BEARINGS))
    if facing is not None and facing_problem(state, s, facing) is not None:
        facing = None
    if kind == "turn":
        return Turn(s.card, s.facing if facing is None else facing)
    direction = None if s.card == "brawler" else data.draw(BEARINGS)
    return Move(s.card, direction, facing)


def draw_action(data: st.DataObject, state: State) -> Action:
    p = state.pending
    assert p is not None
    if p.kind == "roll":
        assert p.pool is not None
        return draw_faces(data, p.pool)
    if p.kind == "place":
        return draw_place(data, state, p.player)
    if p.kind == "act":
        return draw_act(data, state, p.player)
    if p.kind == "path":
        return draw_path(data, state)
    if p.kind == "react":
        return React(data.draw(st.sampled_from([None, *p.options])))
    if p.kind == "stop":
        mv = state.move
        assert mv is not None
        entries = [e for c, e in zip(mv.reactors, mv.entries, strict=True) if c == mv.reactor]
        return Stop(
            data.draw(st.one_of(st.sampled_from([0.0, mv.halt, *entries]), st.floats(0.0, mv.halt)))
        )
    if p.kind == "face":
        s = state.soldier(p.player, state.move.card)  # type: ignore[union-attr]
        facing = data.draw(st.one_of(st.none(), BEARINGS))
        if facing is not None and facing_problem(state, s, facing) is not None:
            facing = None
        return Face(facing)
    assert p.kind == "target" and state.shot is not None
    return Shoot(state.shot.shooter, data.draw(st.sampled_from(p.options)))


# --- the checks ----------------------------------------------------------------------------------


def check_slide(before: State, after: State, mv: MoveInProgress, travelled: float) -> None:
    """A Move that just slid ``travelled`` L: exact length unless halted, a halt touches something,
    nothing passed through, and only enemies touched at the halt point were rammed."""
    assert mv.total is not None and before.activation is not None
    player = before.activation.player
    mover = after.soldier(player, mv.card)
    assert mover.facing == mv.facing  # C1: it slid without turning
    assert mv.halt <= mv.total + 1e-9 and 0.0 <= travelled <= mv.halt
    end = position_at(mv.path, travelled)
    assert abs(mover.x - end.x) < 1e-9 and abs(mover.y - end.y) < 1e-9
    start = mv.path[0]
    if mv.direction is not None:  # R15: a straight line along the declared direction
        assert abs((mover.pos - start).length() - travelled) < 1e-9
        assert abs((mover.pos - start).cross(unit(mv.direction))) < 1e-9
    walls = obstacles(before, player, mv.card)
    poly = card_polygon(mover.pos, mv.facing)
    if travelled == mv.halt and mv.halt < mv.total - 1e-9:  # R16: halted by a contact
        touching = [w for w in walls if gap(poly, w) <= TOUCH]
        assert touching or edge_gap(poly, before.scenario) <= TOUCH, "halted without contact"
    # no pass-through: every footprint along the way stays clear of what stood there (R4);
    # a step of 0.1 L cannot jump over anything (cards and terrain are wider than that)
    near = [w for w in walls if _near_path(w, mv.path)]
    steps = max(1, math.ceil(travelled / 0.1))
    for i in range(steps + 1):
        here = card_polygon(position_at(mv.path, travelled * i / steps), mv.facing)
        for w in near:
            assert not polygons_overlap(here, w), f"passed through something at {i}/{steps}"
    # rams: only enemies touched where it halted, and only if it got there (C5)
    dead = {s.card for s in before.enemies(player)} - {s.card for s in after.enemies(player)}
    assert set(mv.rams) <= {s.card for s in before.enemies(player)}
    if travelled < mv.halt - 1e-9:
        assert not dead
    for card in dead:
        assert gap(poly, before.soldier(other(player), card).polygon()) <= TOUCH
        assert card in mv.rams


def slide_of(before: State, action: Action, after: State) -> tuple[MoveInProgress, float] | None:
    """(the move, how far it went) when ``action`` made a card slide, else None."""
    mv = before.move if before.move is not None else None
    if isinstance(action, Stop):
        assert mv is not None
        return mv, min(max(action.distance, 0.0), mv.halt)
    p, q = after.pending, before.pending
    if p is not None and p.kind == "face" and (q is None or q.kind != "face"):
        assert after.move is not None
        return after.move, after.move.halt
    if after.status == Status.FINISHED and after.move is not None and after.move.total is not None:
        return after.move, after.move.halt  # a ram that won the game
    return None


def check_state(before: State, state: State) -> None:
    for old, new in zip(before.soldiers, state.soldiers, strict=True):
        if new != old and new.on_table:  # R4: a card that moved, turned or was placed
            problem = footprint_problem(state, new.polygon(), new)
            assert problem is None, f"player {new.player}'s {new.card}: {problem}"
    p = state.pending
    if state.status == Status.FINISHED:
        assert p is None and state.winner in (1, 2, None)
        if state.winner is None:  # R8: a draw comes only after DRAW_AFTER quiet activations
            assert state.quiet_activations == DRAW_AFTER and state.conceded_by is None
        return
    assert p is not None
    if p.kind == "react":
        for card in p.options:
            assert state.soldier(p.player, card).type.react >= 1  # R18, R23
    if p.kind == "roll" and p.pool is not None:
        assert p.pool.dice >= 1


@GAMES
@given(data=st.data(), scenario=SCENARIOS)
def test_random_legal_games(data: st.DataObject, scenario: Scenario) -> None:
    state = new_game(scenario)
    actions: list[Action] = []
    slides = 0
    for _ in range(MAX_ACTIONS):
        if state.status == Status.FINISHED:
            break
        action = draw_action(data, state)
        after = apply(state, action)  # any exception fails: every choice was legal
        actions.append(action)
        slide = slide_of(state, action, after)
        if slide is not None:
            check_slide(state, after, *slide)
            slides += 1
        if isinstance(action, Roll):
            assert after.events and total(action.faces) >= 0
        check_state(state, after)
        state = after
    record = Record(scenario, seed=None, actions=actions)
    again = loads(json.dumps(record.to_dict()))  # R24: through JSON and back, then replayed
    unnamed = [a if isinstance(a, Concede) else replace(a, player=None) for a in again.actions]
    assert unnamed == actions
    assert again.actions == named_actions(record) and again.scenario == scenario
    assert replay(again) == state


@GAMES
@given(data=st.data(), scenario=SCENARIOS)
def test_engine_agrees_with_the_queries_on_legality(
    data: st.DataObject, scenario: Scenario
) -> None:
    """Placements and turns picked anywhere: refused (IllegalActionError) iff a query objects."""
    state = new_game(scenario)
    state = apply(state, Roll(((6,), (1,))))
    for _ in range(60):
        p = state.pending
        assert p is not None
        if p.kind != "place":
            break
        card = data.draw(st.sampled_from(CARD_NAMES))
        x = data.draw(st.floats(-1.0, 11.0))
        y = data.draw(st.floats(-1.0, 11.0))
        facing = data.draw(BEARINGS)
        s = state.soldier(p.player, card)
        problem = "placed" if s.placed else placement_problem(state, p.player, card, x, y, facing)
        try:
            after = apply(state, Place(card, x, y, facing))
        except IllegalActionError as exc:
            assert problem is not None, f"refused without a problem: {exc}"
            assert exc.rule in ("R4", "R5", "R6")
            continue
        assert problem is None
        state = after
        if data.draw(st.booleans()):
            state = apply(state, draw_place(data, state, state.pending.player))  # type: ignore
    while state.pending is not None and state.pending.kind == "place":
        state = apply(state, draw_place(data, state, state.pending.player))
    for _ in range(20):
        p = state.pending
        assert p is not None and p.kind == "act"
        s = data.draw(st.sampled_from([s for s in state.on_table() if s.player == p.player]))
        facing = data.draw(BEARINGS)
        problem = facing_problem(state, s, facing)
        try:
            after = apply(state, Turn(s.card, facing))
        except IllegalActionError as exc:
            assert problem is not None and exc.rule == "R4"
            state = apply(state, End())
            continue
        assert problem is None
        assert after.soldier(s.player, s.card).facing == facing % 360.0
        state = after
        if state.pending is not None and state.pending.kind == "act" and state.activation:
            state = apply(state, End())
        assert_legal_layout(state)


@pytest.mark.parametrize("kept", [GAMES, RANDOM_LAYOUTS], ids=["games", "sight-layouts"])
def test_a_failing_random_case_prints_the_line_that_replays_it(kept: settings) -> None:
    """The random games and the random sight layouts print the ``@reproduce_failure`` line that
    replays a failure from the log alone."""

    @settings(kept, max_examples=5, database=None)
    @given(st.integers(0, 10))
    def fails(n: int) -> None:
        assert n < 0

    with pytest.raises(AssertionError) as err:
        fails()
    assert any("@reproduce_failure(" in note for note in getattr(err.value, "__notes__", []))
