"""A game in progress: state, record and the seeded RNG that rolls its dice (R10, R24).

``Game`` is the driver the browser and the computer opponent use. Every action goes through
``play``; pending dice are rolled by ``roll`` from the game's seed, or supplied by hand (referee
mode, R24) with ``play(Roll(...))``. The RNG for the n-th action is seeded from (seed, n), so a game
reloaded from its record keeps rolling the same dice.

A game never makes a record its own replay would refuse: it keeps the sight work its actions have
spent (``work_spent``, ``serm.core.work``), and refuses an action that would take it past its rules
version's budget for that many actions (C20, ``serm.core.ruleset``). A game loaded from a record
starts from the work its replay spent.
"""

from __future__ import annotations

import random
from dataclasses import replace

from . import pact
from .actions import Action, Concede, Path, Roll
from .errors import IllegalActionError, WorkLimitError
from .pact import Pact
from .record import Record, replay_steps
from .rules import apply
from .ruleset import RULES_VERSION, ruleset
from .scenario import Scenario
from .state import Event, PendingKind, State, new_game
from .work import work_limit

TOO_WINDING = (
    "this path winds out of and back into sight too often for the table to check; "
    "choose a simpler path"
)
"""C20: why a Brawler's path is refused when checking it would take the game past its sight-work
budget."""
TOO_MUCH_SIGHT = (
    "this asks for more line-of-sight checks than the game allows this early; choose another action"
)
"""C20: why any other action is refused for the same reason."""


_UNLIMITED = 1 << 62
"""A budget no replay reaches (the record's own budget bounds it): the meter only counts."""


class Game:
    """A state plus its record and its log. ``state`` is always ``replay(record)``.

    ``events`` is the whole game log: every event of every action so far, in order;
    ``event_actions`` gives each of its lines the number of the action that logged it (1 for the
    record's first action), the one numbering of actions the page shows (the log, the replay
    viewer, saves). The game is played under the rules of ``rules_version``
    (``serm.core.ruleset``; new games: the current), which settle the scenario's opening (R5,
    Opening: ``Ruleset.settle``): the record names the opening the game is played under whenever
    its rules play one.
    ``work_spent`` is the sight work (units, ``serm.core.work``) its actions have spent so far.
    """

    def __init__(
        self,
        scenario: Scenario,
        seed: int | None = None,
        auto_dice: bool = True,
        rules_version: int = RULES_VERSION,
        link: Pact | None = None,
    ) -> None:
        scenario = ruleset(rules_version).settle(scenario)
        self.record = Record(
            scenario,
            seed=seed if seed is not None or link is not None else random.randrange(2**31),
            rules_version=rules_version,
            link=link,
        )
        self._chain = (0, "") if link is None else (0, next(pact.chain(link, ())))
        self.state: State = new_game(scenario, rules_version)
        self.events: list[Event] = []
        self.event_actions: list[int] = []
        self.auto_dice = auto_dice
        self.work_spent = 0
        self.passed: list[State] = []
        """The states the last ``play`` went through: after its action, then after each roll
        the game made itself (auto dice); ``record.actions`` ends with those actions."""

    @classmethod
    def from_record(cls, record: Record, auto_dice: bool = True) -> Game:
        """The game a record describes, replayed action by action under its own rules version
        (R24); actions that do not name their player (version 1 records) get it filled in.

        Raises ``RecordError`` naming the index and rule of the first illegal action, or the
        action at which the replay ran out of its work budget (``serm.core.ruleset``).
        """
        seed = record.seed
        if seed is None and record.link is None:
            seed = random.randrange(2**31)
        game = cls(
            record.scenario,
            seed,
            auto_dice=auto_dice,
            rules_version=record.rules_version,
            link=record.link,
        )
        game.record.players = dict(record.players)
        with work_limit(_UNLIMITED) as meter:  # replay_steps applies the record's own budget
            for action, state in replay_steps(record):
                game.record.actions.append(action)
                game._log(state.events)
                game.state = state
        game.work_spent = meter.used
        return game

    def play(self, action: Action) -> State:
        """Apply ``action`` (raises ``IllegalActionError``), record it, then roll if auto dice.

        An action that names no player is recorded as the pending player's (C18). An action whose
        sight checks would take the game past its sight-work budget for that many actions is
        refused (C20, ``IllegalActionError``), the state unchanged: the game's record always
        replays.

        >>> from serm.core import Place, replay
        >>> from serm.core.scenario import default
        >>> game = Game(default(), seed=7)
        >>> game.roll_pending()  # the roll-off, rolled from the seed
        >>> game.events[-1].text.split(". ")[0]
        'Roll-off: player 1 rolls 6, player 2 rolls 5'
        >>> game.play(Place("gunner", 5.0, 8.5, 0.0)).pending.player
        2
        >>> game.record.actions[-1]
        Place(card='gunner', x=5.0, y=8.5, facing=0.0, player=1)
        >>> replay(game.record) == game.state
        True
        """
        self.passed = []
        tidy = pact.tidy(action) if self.record.link is not None else action
        try:
            self._apply(tidy)
        except IllegalActionError:
            if tidy == action:
                raise
            self._apply(action)
        if self.auto_dice:
            self.roll_pending()
        return self.state

    def _apply(self, action: Action) -> None:
        pending = self.state.pending
        if action.player is None and pending is not None and not isinstance(action, Concede):
            action = replace(action, player=pending.player)
        rules = ruleset(self.state.rules_version)
        left = rules.work_limit(len(self.record.actions) + 1) - self.work_spent
        try:
            with work_limit(left) as meter:
                state = apply(self.state, action)
        except WorkLimitError:
            words = TOO_WINDING if isinstance(action, Path) else TOO_MUCH_SIGHT
            raise IllegalActionError("C20", words) from None
        self.state = state
        self.work_spent += meter.used
        self.record.actions.append(action)
        self._log(self.state.events)
        self.passed.append(state)

    def _log(self, events: tuple[Event, ...]) -> None:
        """Add the lines of the record's last action to the log, numbered by that action."""
        self.events.extend(events)
        self.event_actions.extend([len(self.record.actions)] * len(events))

    def dice_for_next(self) -> Roll:
        """The faces the game's RNG gives the pending pool (R10); raises if none is pending."""
        p = self.state.pending
        if p is None or p.kind != PendingKind.ROLL or p.pool is None:
            raise ValueError("no dice are pending")
        link = self.record.link
        if link is not None:
            return Roll(pact.dice(link, self.chain(), p.pool))
        rng = random.Random(f"serm-dice/{self.record.seed}/{len(self.record.actions)}")
        return Roll(p.pool.roll(rng))

    def chain(self) -> str:
        """A game by link: the hash of its record so far (``serm.core.pact.chain``)."""
        link = self.record.link
        assert link is not None
        done, last = self._chain
        actions = self.record.actions
        if done > len(actions):
            done, last = 0, next(pact.chain(link, ()))
        for action in actions[done:]:
            last = pact.digest(last + pact.canonical(action))
        self._chain = (len(actions), last)
        return last

    def roll_pending(self) -> None:
        """Roll every pending pool in turn from the seeded RNG (a game by link: from its pact),
        and in a game by link apply every React a standing order decides (``serm.core.pact``)."""
        link = self.record.link
        while self.state.pending is not None:
            if self.state.pending.kind == PendingKind.ROLL:
                self._apply(self.dice_for_next())
                continue
            ordered = None if link is None else pact.standing(link, self.state)
            if ordered is None:
                return
            self._apply(ordered)
