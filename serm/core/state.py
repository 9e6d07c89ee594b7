"""The game state: a frozen value with tuple fields (ruling R24's "same state").

``State`` holds everything the rules need: the scenario, the ten soldiers, whose initiative it is,
what is pending (a player's decision or a chance step), and the activation, move or shot under way.
It holds no RNG: whoever drives the game supplies dice for pending rolls (R10).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from .cards import CARD_NAMES, CARDS, CardType, other
from .dice import Faces, Pool
from .geometry import Polygon, Vec, card_polygon
from .ruleset import RULES_VERSION, ruleset
from .scenario import Scenario


class Status(StrEnum):
    """Where the game is: the roll-off (R5), deployment (R5, R6), activations (R7), over (R8)."""

    SETUP = "setup"
    DEPLOYMENT = "deployment"
    PLAYING = "playing"
    FINISHED = "finished"


class PendingKind(StrEnum):
    """What a pending step waits for. ROLL is a chance step (R10); the others wait for a player.

    PLACE a card (R5, R6); ACT: activate a soldier (R7); PATH: trace the Brawler's path (R17);
    REACT or decline (R18); STOP: pick where a reacted-to mover stops (R19); FACE: the end facing
    of a Move (R14); TARGET: the Gunner's next target (R22).
    """

    ROLL = "roll"
    PLACE = "place"
    ACT = "act"
    PATH = "path"
    REACT = "react"
    STOP = "stop"
    FACE = "face"
    TARGET = "target"


class Purpose(StrEnum):
    """What a pending ROLL is for: the roll-off (R5), a Move (R15), a React (R19), a Shoot or an
    Endure (R21)."""

    ROLLOFF = "rolloff"
    MOVE = "move"
    REACT = "react"
    SHOOT = "shoot"
    ENDURE = "endure"


class EventKind(StrEnum):
    """The kind of a game-log line (``Event``); the browser styles the log by it."""

    ROLL = "roll"
    """Dice rolled (the faces ride along)."""
    PLACE = "place"
    """A card deployed."""
    INITIATIVE = "initiative"
    """The initiative passes, or a React grants an activation at once."""
    PASS = "pass"
    """A player passes: an activation ends with no Move and no Shoot (R7)."""
    MOVE = "move"
    """A Move declared, made or stopped, or a soldier turned in place."""
    REACT = "react"
    """A React declared or declined."""
    SHOOT = "shoot"
    """A Shoot declared."""
    KILL = "kill"
    """A soldier eliminated (shot or rammed)."""
    MISS = "miss"
    """A Shoot that did not beat the Endure."""
    END = "end"
    """The game ends (last soldier lost, or a concession)."""


@dataclass(frozen=True)
class Soldier:
    """One soldier card on (or off) the table. (x, y) is the centre in L; facing in degrees (R1)."""

    player: int
    card: str
    x: float = 0.0
    y: float = 0.0
    facing: float = 0.0
    placed: bool = False
    alive: bool = True

    @property
    def type(self) -> CardType:
        return CARDS[self.card]

    @property
    def pos(self) -> Vec:
        return Vec(self.x, self.y)

    @property
    def on_table(self) -> bool:
        return self.placed and self.alive

    def polygon(self) -> Polygon:
        return card_polygon(self.pos, self.facing)


@dataclass(frozen=True)
class Pending:
    """What the game waits for.

    ``player`` decides (0 for the roll-off, which rolls for both players). For a ROLL, ``purpose``
    names the pool and ``pool`` gives its dice (both None otherwise). ``options`` lists the cards a
    REACT or TARGET decision may pick.
    """

    kind: PendingKind
    player: int
    purpose: Purpose | None = None
    pool: Pool | None = None
    options: tuple[str, ...] = ()


@dataclass(frozen=True)
class Activation:
    """The activation under way (R7): whose, which soldier (None until chosen), what is done.

    ``reaction`` marks the immediate activation a successful React grants (R19); ``eliminated``
    is set once any soldier is eliminated during it (R8: it then breaks a run of quiet ones).
    """

    player: int
    card: str | None
    moved: bool = False
    shot: bool = False
    reaction: bool = False
    eliminated: bool = False


@dataclass(frozen=True)
class MoveInProgress:
    """A declared Move between its roll and its end (R15-R19).

    ``path`` is the planned polyline from the start (full rolled length once known); ``halt`` is
    how far along it the card can go before first contact; ``rams`` are enemy cards touched there,
    ``stopper`` what it touches there in words ("the Crates", "the table edge"; "" when it
    touches nothing). ``reactors`` are enemy cards allowed to React, with ``entries`` the
    distance where each first sees the mover.
    """

    card: str
    facing: float
    direction: float | None
    total: int | None = None
    faces: Faces = ()
    path: tuple[Vec, ...] = ()
    halt: float = 0.0
    rams: tuple[str, ...] = ()
    stopper: str = ""
    reactors: tuple[str, ...] = ()
    entries: tuple[float, ...] = ()
    reactor: str | None = None
    react_total: int | None = None


@dataclass(frozen=True)
class ShotInProgress:
    """A Shoot under way (R21, R22): Shoot total once rolled; Gunner targets still to attack."""

    shooter: str
    target: str
    shoot_total: int | None = None
    shoot_faces: Faces = ()
    remaining: tuple[str, ...] = ()


@dataclass(frozen=True)
class Event:
    """One line of the game log in plain words; ``faces`` carries the dice it shows, if any."""

    kind: EventKind
    text: str
    faces: Faces = ()


@dataclass(frozen=True)
class State:
    """A whole game position. Build the first one with ``new_game``; change it with ``apply``.

    ``activation_number`` counts the activations of the game: 1 for the first once every card is
    placed, one more each time the initiative passes (R7); 0 before. ``quiet_activations`` counts
    the activations in a row, up to the last one ended, in which no soldier was eliminated (R8:
    every activation counts, a passed one and a reacting soldier's one (R19) included; at
    ``serm.core.rules.DRAW_AFTER`` the game ends in a draw). ``events`` are the log lines of the
    last action only (``Game.events`` keeps the whole log). ``rules_version`` is the version of the
    rules the game is played under (``serm.core.ruleset``); the scenario's ``opening`` restricts
    shooting in the first activations (R5, Opening: ``serm.core.queries.opening_holds``).
    """

    scenario: Scenario
    soldiers: tuple[Soldier, ...]
    status: Status = Status.SETUP
    pending: Pending | None = None
    initiative: int = 0
    first_placer: int = 0
    activation: Activation | None = None
    move: MoveInProgress | None = None
    shot: ShotInProgress | None = None
    winner: int | None = None
    conceded_by: int | None = None
    activation_number: int = 0
    quiet_activations: int = 0
    events: tuple[Event, ...] = ()
    rules_version: int = RULES_VERSION

    def soldier(self, player: int, card: str) -> Soldier:
        """The soldier ``card`` of ``player``."""
        return self.soldiers[(player - 1) * len(CARD_NAMES) + CARD_NAMES.index(card)]

    def with_soldier(self, s: Soldier) -> State:
        idx = (s.player - 1) * len(CARD_NAMES) + CARD_NAMES.index(s.card)
        return replace(self, soldiers=self.soldiers[:idx] + (s,) + self.soldiers[idx + 1 :])

    def alive(self, player: int) -> tuple[Soldier, ...]:
        """``player``'s soldiers still in the game (placed or not)."""
        return tuple(s for s in self.soldiers if s.player == player and s.alive)

    def on_table(self) -> tuple[Soldier, ...]:
        return tuple(s for s in self.soldiers if s.on_table)

    def enemies(self, player: int) -> tuple[Soldier, ...]:
        return tuple(s for s in self.on_table() if s.player == other(player))

    def to_summary(self) -> dict[str, Any]:
        """The JSON summary printed by ``python -m serm replay``."""
        p = self.pending
        return {
            "status": self.status,
            "winner": self.winner,
            "initiative": self.initiative or None,
            "pending": None
            if p is None
            else {
                "kind": p.kind,
                "player": p.player or None,
                **({"purpose": p.purpose, "dice": p.pool.dice} if p.pool else {}),
                **({"options": list(p.options)} if p.options else {}),
            },
            "soldiers": [
                {
                    "player": s.player,
                    "card": s.card,
                    "alive": s.alive,
                    "placed": s.placed,
                    "x": round(s.x, 6),
                    "y": round(s.y, 6),
                    "facing": round(s.facing, 6),
                }
                for s in self.soldiers
            ],
        }


def new_game(scenario: Scenario, rules_version: int = RULES_VERSION) -> State:
    """A fresh game on ``scenario`` (status ``setup``), waiting for the roll-off (R5), played
    under the rules of ``rules_version`` (``serm.core.ruleset.RULESETS``). The scenario's
    opening is settled by those rules (R5, Opening: ``Ruleset.settle``, which raises
    ``ScenarioError`` for an opening they do not play)."""
    soldiers = tuple(Soldier(p, c) for p in (1, 2) for c in CARD_NAMES)
    return State(
        scenario=ruleset(rules_version).settle(scenario),
        soldiers=soldiers,
        status=Status.SETUP,
        pending=Pending(PendingKind.ROLL, 0, Purpose.ROLLOFF, Pool(2, False)),
        rules_version=rules_version,
    )
