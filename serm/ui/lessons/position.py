"""A lesson's position as a game the engine replays: the roll-off, the deployment, the prefix,
then the choices taken so far, every die from the lesson (``Game`` without its own dice, R24)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ...core.actions import Action, Place, Roll
from ...core.cards import CARD_NAMES
from ...core.game import Game
from ...core.queries import placement_problem
from ...core.state import PendingKind, State
from .model import Lesson, Spot

SEED = 0
"""The lesson's game seed: never used for dice (the lesson supplies every die)."""

ASIDE_X = (9.55, 8.7, 7.85, 7.0, 6.15, 5.3, 4.45, 3.6, 2.75, 1.9, 1.05, 0.45)
"""Where the cards a lesson does not use stand: along the back of their zone, from the right."""


def rolloff(first: int) -> Roll:
    """The roll-off whose loser, ``first``, takes the first initiative (R5, C11)."""
    return Roll(((1,), (6,)) if first == 1 else ((6,), (1,)))


def _aside(state: State, player: int, card: str) -> Place:
    """A free spot at the back of ``player``'s zone, facing away from the enemy."""
    zone = state.scenario.zone(player)
    y, facing = (zone.y1 - 0.5, 180.0) if player == 1 else (zone.y0 + 0.5, 0.0)
    for x in ASIDE_X:
        if placement_problem(state, player, card, x, y, facing) is None:
            return Place(card, x, y, facing)
    raise ValueError(f"no spot aside for player {player}'s {card}")


def setup_actions(lesson: Lesson) -> Iterator[tuple[Action, State]]:
    """The roll-off and the ten placements, each with the state it is played on."""
    game = Game(lesson.table, seed=SEED, auto_dice=False)
    spots: dict[tuple[int, str], Spot] = {(s[0], s[1]): s for s in lesson.cards}
    order = {
        p: [c for c in CARD_NAMES if (p, c) in spots]
        + [c for c in CARD_NAMES if (p, c) not in spots and (p, c) != (lesson.you, lesson.hold)]
        for p in (1, 2)
    }
    action: Action = rolloff(lesson.first)
    while True:
        yield action, game.state
        game.play(action)
        pending = game.state.pending
        if pending is None or pending.kind != PendingKind.PLACE:
            return
        if not order[pending.player]:
            return  # the held card: the lesson places it
        card = order[pending.player].pop(0)
        spot = spots.get((pending.player, card))
        action = Place(*spot[1:]) if spot else _aside(game.state, pending.player, card)


def prefix_record(lesson: Lesson) -> tuple[Action, ...]:
    """Every action of the lesson's position: setup, then the lesson's prefix."""
    return tuple(a for a, _ in setup_actions(lesson)) + lesson.prefix


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
