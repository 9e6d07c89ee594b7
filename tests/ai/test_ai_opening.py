"""The computer opponent under an opening (R5, Opening): it plans and plays with the legal
actions the engine lists, so it never shoots where the opening forbids it."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from helpers import arrange, rolloff_for

from serm.ai import STRENGTHS, act, deploy, make_player, odds
from serm.ai.evaluate import VALUES
from serm.ai.plans import Planner
from serm.core import apply
from serm.core import queries as q
from serm.core.actions import Shoot
from serm.core.game import Game
from serm.core.opening import OPENINGS
from serm.core.queries import opening_holds, opening_of
from serm.core.ruleset import OPENING_VERSION
from serm.core.scenario import by_name, open_field
from serm.core.state import PendingKind, State, Status, new_game

RESTRICTED = ("gunner-holds", "no-first-shot", "opening-moves")
HARD = STRENGTHS["hard"]


def RNG() -> random.Random:
    return random.Random(1)


def held_shots(state: State, actions: list[object]) -> list[Shoot]:
    """The Shoot actions among ``actions`` that the opening forbids in ``state``."""
    assert state.pending is not None and state.pending.kind == PendingKind.ACT
    return [
        a
        for a in actions
        if isinstance(a, Shoot)
        and opening_holds(state, state.soldier(state.pending.player, a.card))
    ]


@pytest.mark.parametrize("kind", ["easy", "normal", "hard", "greedy", "random"])
@pytest.mark.parametrize("opening", RESTRICTED)
def test_computer_players_hold_their_fire_while_the_opening_holds(kind: str, opening: str) -> None:
    """On the open field, where the first activation's Gunner sees most of the enemy, each
    strength plays through the restricted activations and one more: no candidate it scores and
    no action it picks is a Shoot the opening forbids (``Game.play`` would refuse one), though
    without the opening it would weigh one (the game's seed is one where each strength is so
    tempted under every opening)."""
    scenario = replace(by_name("open"), opening=opening)
    game = Game(scenario, seed=5 if kind == "easy" else 4, rules_version=OPENING_VERSION)
    game.roll_pending()
    players = {1: make_player(kind, 1), 2: make_player(kind, 2)}
    last = opening_of(game.state).activations + 1
    tempted = 0  # restricted activations in which, without the opening, it would weigh a Shoot
    while game.state.status != Status.FINISHED and game.state.activation_number <= last:
        state = game.state
        assert state.pending is not None
        action = players[state.pending.player].decide(state)
        if state.pending.kind == PendingKind.ACT:
            assert not held_shots(state, [action])
            if kind in STRENGTHS and 1 <= state.activation_number < last:
                planner = Planner(state, STRENGTHS[kind], random.Random(1))
                assert not held_shots(state, [c.action for c in act.candidates(planner)])
                free = replace(state, scenario=replace(state.scenario, opening="none"))
                unheld = act.candidates(Planner(free, STRENGTHS[kind], random.Random(1)))
                tempted += bool(held_shots(state, [c.action for c in unheld]))
        game.play(action)
    assert kind not in STRENGTHS or tempted >= 1


# --- the threat model follows the opening (R5, Opening) ------------------------------------


def placing(opening: str, first: int) -> Planner:
    """A hard planner for the first placement of a game under ``opening`` in which ``first``
    takes the first initiative (the roll-off loser, R5)."""
    scenario = replace(by_name("default"), opening=opening)
    state = apply(new_game(scenario, OPENING_VERSION), rolloff_for(first))
    assert state.pending is not None and state.pending.kind == PendingKind.PLACE
    return Planner(state, STRENGTHS["hard"], random.Random(1))


DEPLOY_ORDER = {
    # opening: (the side counted first, held soldiers) when player 1 acts first
    "none": (1, frozenset()),
    "gunner-holds": (1, frozenset({(1, "gunner")})),
    "no-first-shot": (2, frozenset()),
    "opening-moves": (1, frozenset()),
}


@pytest.mark.parametrize("opening", OPENINGS)
def test_deployment_counts_first_the_side_that_may_shoot_first(opening: str) -> None:
    """Deployment scores a spot against the side that will shoot first: under no-first-shot
    the side acting second (its activation 2 is the game's first that may shoot); under
    opening-moves both restricted activations are only moves, so the first side still shoots
    first; under gunner-holds the first side acts first without its Gunner's shot. The enemy
    Gunner's volley counts fully against whoever's Gunner may shoot second."""
    for me in (1, 2):
        pl = placing(opening, first=1)
        assert pl.state.pending is not None
        pl.me, pl.them = me, 3 - me  # the same position, planned for either side
        assert pl.order(1) == DEPLOY_ORDER[opening]
        gunners = {p: q.first_shot(pl.state, p, "gunner") for p in (1, 2)}
        want = {
            "none": {1: 1, 2: 2},
            "gunner-holds": {1: 3, 2: 2},
            "no-first-shot": {1: 3, 2: 2},
            "opening-moves": {1: 3, 2: 4},
        }[opening]
        assert gunners == want
        assert deploy.gunner_weight(pl) == (1.0 if want[3 - me] < want[me] else 0.45)


def exposed_board(opening: str) -> State:
    """Activation 1, player 1 to act: player 2's Gunner faces player 1's Armored and Assault
    across the open field; nothing of player 1 sees player 2."""
    scenario = replace(open_field(), opening=opening)
    return arrange(
        {
            (1, "armored"): (4.0, 6.0, 180.0),
            (1, "assault"): (6.0, 6.0, 180.0),
            (2, "gunner"): (5.0, 1.5, 180.0),
        },
        scenario=scenario,
        initiative=1,
        rules_version=OPENING_VERSION,
    )


@pytest.mark.parametrize("opening", OPENINGS)
def test_the_evaluation_fears_only_a_shot_that_can_come(opening: str) -> None:
    """Player 1 weighs a board in activation 1 where player 2's Gunner would volley at two of
    its cards. Player 2 shoots next unless the opening forbids its activation 2
    (opening-moves): then player 1 counts first and player 2's volley comes after."""
    state = exposed_board(opening)
    assert state.activation_number == 1 and state.initiative == 1
    pl = Planner(state, STRENGTHS["hard"], random.Random(1))
    lead, held = pl.order(2)
    assert lead == (1 if opening == "opening-moves" else 2)
    assert held == frozenset()
    unrestricted = replace(state, scenario=replace(state.scenario, opening="none"))
    free = Planner(unrestricted, STRENGTHS["hard"], random.Random(1))
    if opening == "opening-moves":
        assert pl.score(pl.board) > free.score(free.board)
    else:
        assert pl.score(pl.board) == free.score(free.board)


def test_a_held_soldier_threatens_only_by_ramming() -> None:
    """A soldier the opening holds (``held``) adds no shot to its side's threat: the board
    where player 2's Gunner may not shoot scores better for player 1."""
    state = exposed_board("gunner-holds")
    pl = Planner(state, STRENGTHS["hard"], random.Random(1))
    g, hold = state.soldier(2, "gunner"), frozenset({(2, "gunner")})
    targets = [(s, 1.0) for s in state.alive(1)]
    rams = max(pl.ev.ram(g, t) * VALUES[t.card] for t, _ in targets)
    assert pl.ev.activation(g, targets) > rams
    assert pl.ev.activation(g, targets, hold) == rams
    assert pl.ev.score(pl.board, 1, 2, held=hold) > pl.ev.score(pl.board, 1, 2)


@pytest.mark.parametrize("opening", RESTRICTED)
def test_a_reaction_is_never_held(opening: str) -> None:
    """A reacting soldier's activation (R19) comes first and is never restricted, even inside
    a restricted activation; the mover's side follows with the next activation's number."""
    state = exposed_board(opening)
    p = state.pending
    assert p is not None
    reacting = replace(state, pending=replace(p, kind=PendingKind.STOP, player=2))
    pl = Planner(reacting, STRENGTHS["hard"], random.Random(1))
    assert pl.me == 2
    lead, held = pl.order(2)
    assert lead == 2
    assert not any(side == 2 for side, _ in held)


@pytest.mark.parametrize("opening", RESTRICTED)
def test_a_move_a_react_may_stop_meets_a_soldier_that_may_shoot(opening: str) -> None:
    """The mover weighs the React its Move may meet as a reacting soldier's activation, never
    restricted (R19), even in activation 1. Under opening-moves, stopped where it stands,
    player 1's Armored faces player 2's Gunner's volley at once, which the opening does not hold
    back: that outcome scores well below the same board with player 2 to take its held
    activation 2 (the other openings let player 2 shoot in activation 2 anyway)."""
    state = exposed_board(opening)
    pl = Planner(state, HARD, RNG())
    lead, held = pl.order(2, reacting=True)
    assert lead == 2 and not any(side == 2 for side, _ in held)
    armored = state.soldier(1, "armored")
    stopped = pl.end_value(armored, armored.pos, [], False, stopped=True)
    volley = sum(odds.kill("gunner", c) * VALUES[c] for c in ("armored", "assault"))
    if opening == "opening-moves":
        assert stopped < pl.score(pl.board) - 0.5 * volley
    else:
        assert stopped == pytest.approx(pl.score(pl.board), abs=0.5 * volley)
