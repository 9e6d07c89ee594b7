"""A lesson of the course as data: a position, the choices it asks for, what the board draws.

A lesson's position is a game record's prefix that the engine replays (``serm.core.game.Game``
with its dice supplied by the record, as in referee mode, R24): the roll-off, the deployment of
every card (the lesson's own cards where it puts them, the others where they are shot), the
eliminations that leave only the soldiers the lesson needs, and the lesson's own actions after
it. Each step asks one question and
offers choices; a choice is the actions it plays, dice included, so the outcome is always the
one the lesson describes. One choice of each lesson is its named wrong one: its explanation is
shown and the player tries again from the same position. Positions are in card lengths,
bearings in degrees clockwise from screen-up (R1).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.actions import Action
from ...core.scenario import Scenario

Spot = tuple[int, str, float, float, float]
"""A card the lesson places: (player, card, x, y, facing)."""

SoldierKey = tuple[int, str]


@dataclass(frozen=True)
class Draw:
    """What the board draws while a step asks (``serm.view.model.ViewModel``).

    ``sight``: the soldier whose sight (cone and the shadows of tall terrain) is drawn;
    ``marks``: soldiers outlined with a role ("target", "reactor", "chosen", "eligible"), with the
    kill or React chance shown on targets and reactors; ``aim``: a Move being aimed by
    (soldier, direction), drawn with its path, where it would halt and who could React;
    ``stop_at``: the proposed stop along the Move under way (R19).
    """

    sight: SoldierKey | None = None
    marks: tuple[tuple[SoldierKey, str], ...] = ()
    aim: tuple[SoldierKey, float] | None = None
    stop_at: float | None = None
    all_sight: bool = False
    """Draw the sight of every enemy of the player (what the Enemy sight button shows)."""


@dataclass(frozen=True)
class Expect:
    """What a choice's actions lead to, checked by the tests: cards knocked out, cards still in
    the game, and for each (viewer, target) whether the viewer sees the target afterwards;
    ``refused``: the rule the engine refuses the choice's last action with ("" if none)."""

    out: tuple[SoldierKey, ...] = ()
    kept: tuple[SoldierKey, ...] = ()
    sees: tuple[tuple[SoldierKey, SoldierKey, bool], ...] = ()
    refused: str = ""
    winner: int | None = None
    moved: tuple[tuple[SoldierKey, float, float], ...] = ()
    """Soldiers and where they stand afterwards."""


@dataclass(frozen=True)
class Choice:
    """One button of a step: its label, the actions it plays (dice included), what the panel then
    says, and what the engine must make of it. ``wrong``: the lesson's named wrong choice;
    ``says`` is then its explanation, and the player retries the step (``again`` likewise)."""

    label: str
    actions: tuple[Action, ...]
    says: str
    expect: Expect = Expect()
    wrong: bool = False
    again: bool = False
    """A choice the game allows but the lesson does not follow: what it does is shown, and the
    step is asked again, as after the wrong choice."""
    tap: tuple[SoldierKey, ...] = ()
    """The soldiers whose card, tapped or clicked on the board (or a drag let go on it), takes
    this choice, as in the game: a target to shoot, the soldier to react or to activate."""
    toward: tuple[float, float] | None = None
    """A point of the table (L) where a tap, a click or a drag's end takes this choice, as the
    game aims a Move or a turn toward the pointer and stops a mover where it is let go."""


@dataclass(frozen=True)
class Step:
    """One question of a lesson: what to do, what the board draws, the choices."""

    ask: str
    choices: tuple[Choice, ...]
    draw: Draw = Draw()


@dataclass(frozen=True)
class Lesson:
    """One lesson: ``teaches`` (at most 40 words) says what it teaches; the position is
    ``table`` with ``cards`` placed, the other cards shot off the table
    (``serm.ui.lessons.position``) and
    ``prefix`` played after that;
    ``steps`` ask at most three inputs in all."""

    key: str
    title: str
    teaches: str
    table: Scenario
    cards: tuple[Spot, ...]
    steps: tuple[Step, ...]
    prefix: tuple[Action, ...] = ()
    first: int = 1
    """The player who takes the first initiative (the roll-off's loser, R5)."""
    you: int = 1
    """The player the lesson's choices are made for."""
