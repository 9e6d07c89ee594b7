"""What each action did, as beats to show one after another on the board (issue 11).

A *beat* is one thing a player should see happen: a card placed, a Move sliding along its path
(R15, the Brawler's corners R17), a turn, a Shoot's sight line (R21), a dice pool rolling into its
faces with re-rolled sixes (R10), a React declared or declined (R18), a soldier eliminated or
spared. ``beats`` reads them off the states a decision went through and the actions played
between them (``serm.ui.driver.Stepped``): pure data, no timing but each kind's length at normal
speed (``BASE_MS``), which ``speed_factor`` scales.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from ..core.actions import Action
from ..core.dice import Faces
from ..core.state import State
from ..view.model import SoldierKey

Pose = tuple[float, float, float]
"""Where a card stands: x, y (card lengths, L) and facing (degrees, as ``Soldier.facing``)."""


class BeatKind(StrEnum):
    """What a beat shows."""

    PLACE = "place"
    """A card deployed (R5, R6): it appears where it was put."""
    MOVE = "move"
    """A card slides through ``poses`` (its path's corners, to where it halted, was rammed or was
    stopped: R15-R17, R19)."""
    TURN = "turn"
    """A card turns in place, the short way round (R14, the Turn action)."""
    AIM = "aim"
    """A Shoot declared: the sight line from the shooter (``card``) to ``other`` (R21, R22)."""
    ROLL = "roll"
    """A dice pool rolls into ``faces``; each six is re-rolled in its chain (R10)."""
    REACT = "react"
    """A React declared by ``card`` (R18), announced over it."""
    DECLINE = "decline"
    """No React: the mover (``card``) is let move on (R18)."""
    KILL = "kill"
    """``card`` eliminated (shot, R21; rammed, R16): it fades out."""
    SPARE = "spare"
    """A shot's target (``card``) survived it (R21): it flashes."""


@dataclass(frozen=True)
class Beat:
    """One beat. ``poses``: MOVE and TURN, every pose passed, first to last; other kinds, the one
    pose of ``card`` when the beat happens. ``other``/``other_pose``: AIM's target. ``faces``,
    ``total``, ``purpose`` (a ``Purpose`` value): ROLL's dice. ``words``: the beat in plain words,
    unescaped (the view escapes it)."""

    kind: BeatKind
    card: SoldierKey
    poses: tuple[Pose, ...]
    other: SoldierKey | None = None
    other_pose: Pose | None = None
    faces: Faces = ()
    total: int | None = None
    purpose: str = ""
    words: str = ""


BASE_MS: dict[BeatKind, int] = {
    BeatKind.PLACE: 300,
    BeatKind.MOVE: 700,
    BeatKind.TURN: 400,
    BeatKind.AIM: 450,
    BeatKind.ROLL: 800,
    BeatKind.REACT: 600,
    BeatKind.DECLINE: 450,
    BeatKind.KILL: 600,
    BeatKind.SPARE: 450,
}
"""Each kind's length at normal speed (ms)."""

SPEEDS: dict[str, float] = {"slow": 1.8, "normal": 1.0, "fast": 0.45, "instant": 0.0}
"""The speed settings a player picks from, and the factor each puts on ``BASE_MS``; at
"instant" nothing is shown in motion (0)."""
DEFAULT_SPEED = "normal"


def speed_factor(speed: str) -> float:
    """``SPEEDS[speed]``, normal for a name not in it (a stored setting from elsewhere)."""
    return SPEEDS.get(speed, SPEEDS[DEFAULT_SPEED])


def beats(states: Sequence[State], actions: Sequence[Action]) -> tuple[Beat, ...]:
    """The beats of ``actions`` played from ``states[0]``; ``states[i + 1]`` is the state after
    ``actions[i]`` (so ``len(states) == len(actions) + 1``). Raises ValueError otherwise."""
    raise NotImplementedError  # built on branch beats
