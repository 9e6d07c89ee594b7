"""A game in progress: state, record and the seeded RNG that rolls its dice (R10, R24).

``Game`` is the driver the browser and the computer opponent use. Every action goes through
``play``; pending dice are rolled by ``roll`` from the game's seed, or supplied by hand (referee
mode, R24) with ``play(Roll(...))``. The RNG for the n-th action is seeded from (seed, n), so a game
reloaded from its record keeps rolling the same dice.
"""

from __future__ import annotations

import random
from dataclasses import replace

from .actions import Action, Concede, Roll
from .record import Record, replay_steps
from .rules import apply
from .ruleset import RULES_VERSION
from .scenario import Scenario
from .state import Event, PendingKind, State, new_game


class Game:
    """A state plus its record and its log. ``state`` is always ``replay(record)``.

    ``events`` is the whole game log: every event of every action so far, in order. The game is
    played under the rules of ``rules_version`` (``serm.core.ruleset``; new games: the current).
    """

    def __init__(
        self,
        scenario: Scenario,
        seed: int | None = None,
        auto_dice: bool = True,
        rules_version: int = RULES_VERSION,
    ) -> None:
        self.record = Record(
            scenario,
            seed=seed if seed is not None else random.randrange(2**31),
            rules_version=rules_version,
        )
        self.state: State = new_game(scenario, rules_version)
        self.events: list[Event] = []
        self.auto_dice = auto_dice

    @classmethod
    def from_record(cls, record: Record, auto_dice: bool = True) -> Game:
        """The game a record describes, replayed action by action under its own rules version
        (R24); actions that do not name their player (version 1 records) get it filled in.

        Raises ``RecordError`` naming the index and rule of the first illegal action, or the
        action at which the replay ran out of its work budget (``serm.core.ruleset``).
        """
        seed = record.seed if record.seed is not None else random.randrange(2**31)
        game = cls(record.scenario, seed, auto_dice=auto_dice, rules_version=record.rules_version)
        game.record.players = dict(record.players)
        for action, state in replay_steps(record):
            game.record.actions.append(action)
            game.events.extend(state.events)
            game.state = state
        return game

    def play(self, action: Action) -> State:
        """Apply ``action`` (raises ``IllegalActionError``), record it, then roll if auto dice.

        An action that names no player is recorded as the pending player's (C18).
        """
        self._apply(action)
        if self.auto_dice:
            self.roll_pending()
        return self.state

    def _apply(self, action: Action) -> None:
        pending = self.state.pending
        if action.player is None and pending is not None and not isinstance(action, Concede):
            action = replace(action, player=pending.player)
        self.state = apply(self.state, action)
        self.record.actions.append(action)
        self.events.extend(self.state.events)

    def dice_for_next(self) -> Roll:
        """The faces the game's RNG gives the pending pool (R10); raises if none is pending."""
        p = self.state.pending
        if p is None or p.kind != PendingKind.ROLL or p.pool is None:
            raise ValueError("no dice are pending")
        rng = random.Random(f"serm-dice/{self.record.seed}/{len(self.record.actions)}")
        return Roll(p.pool.roll(rng))

    def roll_pending(self) -> None:
        """Roll every pending pool in turn from the seeded RNG."""
        while self.state.pending is not None and self.state.pending.kind == PendingKind.ROLL:
            self._apply(self.dice_for_next())
