"""A game in progress: state, record and the seeded RNG that rolls its dice (R10, R24).

``Game`` is the driver the browser and the computer opponent use. Every action goes through
``play``; pending dice are rolled by ``roll`` from the game's seed, or supplied by hand (referee
mode, R24) with ``play(Roll(...))``. The RNG for the n-th action is seeded from (seed, n), so a game
reloaded from its record keeps rolling the same dice.
"""

from __future__ import annotations

import random

from .actions import Action, Roll
from .record import Record, replay
from .rules import apply
from .scenario import Scenario
from .state import ROLL, State, new_game


class Game:
    """A state plus its record. ``state`` is always ``replay(record)``."""

    def __init__(self, scenario: Scenario, seed: int | None = None, auto_dice: bool = True) -> None:
        self.record = Record(scenario, seed=seed if seed is not None else random.randrange(2**31))
        self.state: State = new_game(scenario)
        self.auto_dice = auto_dice

    @classmethod
    def from_record(cls, record: Record, auto_dice: bool = True) -> Game:
        game = cls.__new__(cls)
        game.record = record
        if record.seed is None:
            record.seed = random.randrange(2**31)
        game.state = replay(record)
        game.auto_dice = auto_dice
        return game

    def play(self, action: Action) -> State:
        """Apply ``action`` (raises ``IllegalActionError``), record it, then roll if auto dice."""
        self.state = apply(self.state, action)
        self.record.actions.append(action)
        if self.auto_dice:
            self.roll_pending()
        return self.state

    def dice_for_next(self) -> Roll:
        """The faces the game's RNG gives the pending pool (R10); raises if none is pending."""
        p = self.state.pending
        if p is None or p.kind != ROLL or p.pool is None:
            raise ValueError("no dice are pending")
        rng = random.Random(f"serm-dice/{self.record.seed}/{len(self.record.actions)}")
        return Roll(p.pool.roll(rng))

    def roll_pending(self) -> None:
        """Roll every pending pool in turn from the seeded RNG."""
        while self.state.pending is not None and self.state.pending.kind == ROLL:
            roll = self.dice_for_next()
            self.state = apply(self.state, roll)
            self.record.actions.append(roll)
