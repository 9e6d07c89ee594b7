"""A lesson's position as a game the engine replays: the roll-off, the deployment, the
eliminations that leave only the soldiers the lesson needs, the lesson's prefix, then the choices
taken so far, every die from the lesson (``Game`` without its own dice, R24).

The cards a lesson does not place are deployed where an enemy soldier sees them and shot one
activation after another (the other side passing in between), so that the lesson starts with
only its own soldiers on the table. A lesson that places all ten cards starts at the game's
first activation.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from functools import lru_cache

from ...core import queries as q
from ...core.actions import Action, End, Place, Roll, Shoot
from ...core.cards import CARD_NAMES, CARDS
from ...core.game import Game
from ...core.state import PendingKind, Purpose, State
from .model import Lesson, SoldierKey, Spot

SEED = 0
"""The lesson's game seed: never used for dice (the lesson supplies every die)."""

ASIDE_X = (9.55, 8.7, 7.85, 7.0, 6.15, 5.3, 4.45, 3.6, 2.75, 1.9, 1.05, 0.45)
"""Where the cards a lesson leaves standing aside go: along the back of their zone, from the
right."""

GRID_X = tuple(round(9.6 - 0.4 * i, 2) for i in range(24))
"""The x a card to be shot may stand at, from the right."""


def rolloff(first: int) -> Roll:
    """The roll-off whose loser, ``first``, takes the first initiative (R5, C11)."""
    return Roll(((1,), (6,)) if first == 1 else ((6,), (1,)))


def _other(player: int) -> int:
    return 3 - player


def _away(player: int) -> float:
    """The facing of a card standing aside: away from the enemy."""
    return 180.0 if player == 1 else 0.0


def _rows(state: State, player: int) -> Iterator[float]:
    """The y of the rows of ``player``'s zone, from the back (away from the enemy) forward."""
    zone = state.scenario.zone(player)
    depth = zone.y1 - zone.y0
    steps = int((depth - 1.0) / 0.5) + 1
    for i in range(steps):
        yield zone.y1 - 0.5 - 0.5 * i if player == 1 else zone.y0 + 0.5 + 0.5 * i


def _put(state: State, player: int, card: str, x: float, y: float, facing: float) -> State:
    s = state.soldier(player, card)
    return state.with_soldier(replace(s, x=x, y=y, facing=facing, placed=True))


def _spot_where(
    state: State, player: int, card: str, viewer: SoldierKey | None, facings: Sequence[float]
) -> Spot:
    """The first free spot of ``player``'s zone, back rows first, where ``viewer`` (an enemy on
    the table) sees ``card``; any free spot when ``viewer`` is None."""
    for y in _rows(state, player):
        for x in ASIDE_X if viewer is None else GRID_X:
            for facing in facings:
                if q.placement_problem(state, player, card, x, y, facing) is not None:
                    continue
                if viewer is None:
                    return (player, card, x, y, facing)
                placed = _put(state, player, card, x, y, facing)
                if q.sees_soldier(placed, placed.soldier(*viewer), placed.soldier(player, card)):
                    return (player, card, x, y, facing)
    raise ValueError(f"no spot for player {player}'s {card}")


def _shooters(lesson: Lesson, player: int, needed: set[SoldierKey]) -> list[SoldierKey]:
    """The soldiers of ``player`` that may shoot the others off the table, best first: a Ranger
    the lesson does not need (it sees all round and is shot in its turn), then the lesson's own
    soldiers that shoot one target at a time."""
    spare = [(player, "ranger")] if (player, "ranger") not in needed else []
    own = [
        (p, c)
        for p, c, *_ in lesson.cards
        if p == player and CARDS[c].shoot > 0 and not CARDS[c].moves_or_shoots
    ]
    return spare + sorted(own, key=lambda k: k[1] != "ranger")


Plan = tuple[tuple[SoldierKey, tuple[SoldierKey, ...]], ...]
"""The eliminations: for each phase, the soldier shooting and the soldiers it shoots, in order."""


def _placed_lesson(lesson: Lesson) -> State:
    game = Game(lesson.table, seed=SEED, auto_dice=False)
    game.play(rolloff(lesson.first))
    state = game.state
    for player, card, x, y, facing in lesson.cards:
        state = _put(state, player, card, x, y, facing)
    return state


def _try_plan(
    lesson: Lesson, needed: set[SoldierKey], first: SoldierKey, second: SoldierKey
) -> tuple[dict[SoldierKey, Spot], Plan] | None:
    """Spots for every card the lesson does not place, when ``first`` (which may be a spare
    Ranger, shot in the second phase) shoots the enemy's spare cards and then ``second`` (one of
    the lesson's own) shoots the rest."""
    state = _placed_lesson(lesson)
    spots: dict[SoldierKey, Spot] = {}
    try:
        if first not in needed:
            spots[first] = _spot_where(state, first[0], first[1], second, (_away(first[0]),))
            state = _put(state, *spots[first][:2], *spots[first][2:])
        phases = []
        for shooter in (first, second):
            victims = tuple(
                (_other(shooter[0]), c)
                for c in CARD_NAMES
                if (_other(shooter[0]), c) not in needed and (_other(shooter[0]), c) != first
            ) + ((first,) if shooter == second and first not in needed else ())
            for key in victims:
                if key in spots:
                    continue
                spots[key] = _spot_where(state, key[0], key[1], shooter, (_away(key[0]),))
                state = _put(state, *key, *spots[key][2:])
            phases.append((shooter, victims))
    except ValueError:
        return None
    return spots, tuple(phases)


@lru_cache(maxsize=16)
def clearing(lesson: Lesson) -> tuple[dict[SoldierKey, Spot], Plan]:
    """Where the cards the lesson does not place stand, and how they are shot off the table."""
    needed = {(p, c) for p, c, *_ in lesson.cards}
    for side in (1, 2):
        for first in _shooters(lesson, side, needed):
            for second in _shooters(lesson, _other(side), needed):
                if second in needed:
                    found = _try_plan(lesson, needed, first, second)
                    if found is not None:
                        return found
    raise ValueError(f"lesson {lesson.key}: no way to clear the spare cards")


def setup_actions(lesson: Lesson) -> Iterator[tuple[Action, State]]:
    """The roll-off and the ten placements, each with the state it is played on."""
    game = Game(lesson.table, seed=SEED, auto_dice=False)
    spots: dict[SoldierKey, Spot] = {(s[0], s[1]): s for s in lesson.cards}
    spots.update(clearing(lesson)[0])
    order = {p: [c for c in CARD_NAMES if (p, c) in spots] for p in (1, 2)}
    action: Action = rolloff(lesson.first)
    while True:
        yield action, game.state
        game.play(action)
        pending = game.state.pending
        if pending is None or pending.kind != PendingKind.PLACE:
            return
        card = order[pending.player].pop(0)
        action = Place(*spots[(pending.player, card)][1:])


def _dice(game: Game) -> Roll:
    """Dice for the pending roll of an elimination: a Shoot of fives against Endure ones."""
    pending = game.state.pending
    assert pending is not None and pending.pool is not None
    face = 5 if pending.purpose == Purpose.SHOOT else 1
    return Roll(tuple((face,) for _ in range(pending.pool.dice)))


def _play(game: Game, action: Action, out: list[Action]) -> None:
    game.play(action)
    out.append(action)
    while game.state.pending is not None and game.state.pending.kind == PendingKind.ROLL:
        roll = _dice(game)
        game.play(roll)
        out.append(roll)


def _shots(game: Game, plan: Plan, you: int) -> list[Action]:
    """Each phase's shooter shoots its victims, one activation each; the other side passes."""
    out: list[Action] = []
    for (player, card), victims in plan:
        for _, victim in victims:
            if game.state.initiative != player:
                _play(game, End(), out)
            _play(game, Shoot(card, victim), out)
            if game.state.pending is not None and game.state.pending.kind == PendingKind.ACT:
                if game.state.activation is not None:
                    _play(game, End(), out)  # the Move half is left out
    if game.state.initiative != you:
        _play(game, End(), out)
    return out


@lru_cache(maxsize=16)
def prefix_record(lesson: Lesson) -> tuple[Action, ...]:
    """Every action of the lesson's position: setup, the eliminations, the lesson's prefix."""
    game = Game(lesson.table, seed=SEED, auto_dice=False)
    setup = [a for a, _ in setup_actions(lesson)]
    for action in setup:
        game.play(action)
    cleared = _shots(game, clearing(lesson)[1], lesson.you)
    return (*setup, *cleared, *lesson.prefix)


def on_table(lesson: Lesson) -> set[SoldierKey]:
    """The soldiers on the table when the lesson starts."""
    return {(s.player, s.card) for s in play_position(lesson).state.on_table()}


def play_position(lesson: Lesson, chosen: Sequence[int] = ()) -> Game:
    """The lesson's game after its prefix and the choices ``chosen`` (one index per step taken);
    raises ``IllegalActionError`` if the engine refuses an action of them."""
    game = Game(lesson.table, seed=SEED, auto_dice=False)
    for action in prefix_record(lesson):
        game.play(action)
    for step, index in zip(lesson.steps, chosen, strict=False):
        for action in step.choices[index].actions:
            game.play(action)
    return game
