"""Builders for engine tests: hand-set dice, a full deployment, positions set by hand.

Everything here goes through the real rules (``apply``) except ``arrange``/``put``, which move
cards directly on a deployed state (allowed for LOS and movement tests: soldiers mid-table).

Default spots keep every card out of the way: player 1's cards stand on the bottom row facing the
bottom edge (180), player 2's on the top row facing the top edge (0), so no card sees another
across the table, except the Rangers, which see all round (R13). Remove them with ``others=False``
when they must not interfere.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace

import pytest

from serm.core import apply
from serm.core.actions import Action, Place, Roll
from serm.core.cards import CARD_NAMES, other
from serm.core.errors import IllegalActionError
from serm.core.geometry import Vec, polygons_overlap
from serm.core.opening import NONE
from serm.core.queries import footprint_problem, placement_problem
from serm.core.ruleset import RULES_VERSION, ruleset
from serm.core.scenario import Scenario, open_field
from serm.core.state import PendingKind, State, Status, new_game

Key = tuple[int, str]
Spot = tuple[float, float, float]

DEFAULT_FACING = {1: 180.0, 2: 0.0}
"""Default facings: away from the enemy, so default cards see nothing across the table."""

_ROWS = {1: (9.0, 8.6, 9.4), 2: (1.0, 1.4, 0.6)}
_COLUMNS = (1.0, 3.0, 5.0, 7.0, 9.0, 2.0, 4.0, 6.0, 8.0, 0.5, 9.5)


def R(*dice: int | tuple[int, ...], player: int | None = None) -> Roll:  # reads like dice
    """A Roll with hand-set faces: ``R(3, 4)`` is two dice, ``R((6, 2), 4)`` an exploded first;
    ``player`` names the roll's player (C18), else it is whoever's roll is pending."""
    return Roll(tuple((d,) if isinstance(d, int) else tuple(d) for d in dice), player=player)


def play(state: State, *actions: Action) -> State:
    """Apply ``actions`` in order."""
    for action in actions:
        state = apply(state, action)
    return state


def rolloff_for(initiative: int) -> Roll:
    """Roll-off faces that make ``initiative`` the loser (first initiative, R5)."""
    return R(1, 6) if initiative == 1 else R(6, 1)


def _default_spot(state: State, player: int, card: str) -> Spot:
    facing = DEFAULT_FACING[player]
    for y in _ROWS[player]:
        for x in _COLUMNS:
            if placement_problem(state, player, card, x, y, facing) is None:
                return (x, y, facing)
    raise AssertionError(f"no free default spot for player {player}'s {card}")


def deploy(
    positions: Mapping[Key, Spot] | None = None,
    *,
    scenario: Scenario | None = None,
    initiative: int = 1,
    rules_version: int = RULES_VERSION,
) -> State:
    """Roll off and place all ten cards with real actions; returns the first ACT state.

    ``positions`` maps (player, card) to (x, y, facing) inside that player's zone; other cards go to
    free default spots. ``initiative`` is the roll-off loser, who takes the first initiative (R5).
    The game is played under ``rules_version`` (``serm.core.ruleset``), with no opening (R5)
    unless the scenario names one: the rulings of the activations are tested from the first.
    """
    positions = dict(positions or {})
    scenario = scenario or open_field()
    if scenario.opening is None and ruleset(rules_version).openings != (NONE,):
        scenario = replace(scenario, opening=NONE)
    state = apply(new_game(scenario, rules_version), rolloff_for(initiative))
    order = {
        p: [c for c in CARD_NAMES if (p, c) in positions]
        + [c for c in CARD_NAMES if (p, c) not in positions]
        for p in (1, 2)
    }
    while state.pending is not None and state.pending.kind == "place":
        player = state.pending.player
        card = order[player].pop(0)
        spot = positions.get((player, card)) or _default_spot(state, player, card)
        state = apply(state, Place(card, *spot))
    assert (
        state.status == Status.PLAYING
        and state.pending is not None
        and state.pending.kind == PendingKind.ACT
    )
    assert state.initiative == initiative
    return state


def put(state: State, positions: Mapping[Key, Spot]) -> State:
    """Set cards' positions and facings directly (no rules checked), keeping them alive."""
    for (player, card), (x, y, facing) in positions.items():
        s = state.soldier(player, card)
        state = state.with_soldier(replace(s, x=x, y=y, facing=facing, placed=True, alive=True))
    return state


def remove(state: State, keys: Iterable[Key]) -> State:
    """Take cards out of the game (eliminated) directly."""
    for player, card in keys:
        state = state.with_soldier(replace(state.soldier(player, card), alive=False))
    return state


def arrange(
    positions: Mapping[Key, Spot],
    *,
    scenario: Scenario | None = None,
    initiative: int = 1,
    others: bool = True,
    rules_version: int = RULES_VERSION,
) -> State:
    """A deployed game with the given cards moved anywhere on the table (direct construction).

    With ``others=False`` every card not listed is removed from the game, so only the listed ones
    can see, react, ram or be rammed. Asserts that the result breaks no R4 rule.
    """
    state = deploy(scenario=scenario, initiative=initiative, rules_version=rules_version)
    state = put(state, positions)
    if not others:
        state = remove(
            state,
            [(s.player, s.card) for s in state.soldiers if (s.player, s.card) not in positions],
        )
    else:
        # Default cards that a listed card now overlaps are moved to a free default spot.
        for s in state.on_table():
            if (s.player, s.card) in positions:
                continue
            if any(polygons_overlap(s.polygon(), state.soldier(*k).polygon()) for k in positions):
                state = remove(state, [(s.player, s.card)])
                x, y, f = _default_spot(state, s.player, s.card)
                state = put(state, {(s.player, s.card): (x, y, f)})
    assert_legal_layout(state)
    return state


def assert_legal_layout(state: State) -> None:
    """R4: no card overlaps another card or terrain, and none leaves the table."""
    cards = state.on_table()
    for i, s in enumerate(cards):
        problem = footprint_problem(state, s.polygon(), s)
        assert problem is None, f"player {s.player}'s {s.card}: {problem}"
        for t in cards[i + 1 :]:
            assert not polygons_overlap(s.polygon(), t.polygon()), (s, t)


def at(state: State, player: int, card: str) -> Vec:
    """Where the centre of a card is now."""
    return state.soldier(player, card).pos


def approx_vec(a: Vec, b: Vec, tol: float = 1e-9) -> bool:
    return abs(a.x - b.x) <= tol and abs(a.y - b.y) <= tol


__all__ = [
    "Key",
    "R",
    "Spot",
    "arrange",
    "assert_legal_layout",
    "at",
    "approx_vec",
    "deploy",
    "other",
    "play",
    "put",
    "remove",
    "rolloff_for",
]


def refused(state: State, action: object, rule: str) -> IllegalActionError:
    """Assert that ``action`` is refused citing ``rule``; returns the error."""
    with pytest.raises(IllegalActionError) as info:
        apply(state, action)  # type: ignore[arg-type]
    assert info.value.rule == rule, str(info.value)
    assert f"({rule})" in str(info.value)
    return info.value


def pending(state: State) -> tuple[str, int]:
    """The pending decision's kind and who makes it."""
    assert state.pending is not None
    return state.pending.kind, state.pending.player
