"""What each action did, as beats to show one after another on the board.

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

from ..core.actions import Action, End, Place, React, Roll, Shoot, Turn
from ..core.cards import other
from ..core.dice import Faces, total
from ..core.geometry import EPS
from ..core.state import Purpose, Soldier, State
from .model import SoldierKey
from .motion import motions
from .shotline import clearest

Pose = tuple[float, float, float]
"""Where a card stands: x, y (card lengths, L) and facing (degrees, as ``Soldier.facing``)."""
Segment = tuple[tuple[float, float], tuple[float, float]]
"""A line's two ends, (x, y) in L."""


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
    PASS = "pass"
    """An activation ended with nothing done (R7): announced over the soldier activated, or,
    when none was (``card``'s name is ""), in the middle of the table."""


@dataclass(frozen=True)
class Beat:
    """One beat. ``poses``: MOVE and TURN, every pose passed, first to last; other kinds, the one
    pose of ``card`` when the beat happens. ``other``/``other_pose``: AIM's target; ``line``:
    AIM's sight line, one the engine found clear (``serm.core.los.sight_line``: from the
    shooter's top edge to the part of the target it sees), so a shot is never drawn through
    tall terrain it does not cross; of those, the one crossing the least of the other cards
    (``serm.view.shotline.clearest``). ``faces``, ``total``, ``purpose`` (a ``Purpose`` value):
    ROLL's dice. ``words``: the beat in plain words, unescaped (the view escapes it)."""

    kind: BeatKind
    card: SoldierKey
    poses: tuple[Pose, ...]
    other: SoldierKey | None = None
    other_pose: Pose | None = None
    line: Segment | None = None
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
    BeatKind.PASS: 600,
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
    if len(states) != len(actions) + 1:
        raise ValueError(
            f"{len(actions)} actions need {len(actions) + 1} states, not {len(states)}"
        )
    out: list[Beat] = []
    for before, action, after in zip(states, actions, states[1:], strict=False):
        out += _step(before, action, after)
    return tuple(out)


def _pose(s: Soldier) -> Pose:
    return (s.x, s.y, s.facing)


def _title(s: Soldier) -> str:
    return s.type.title


def _step(before: State, action: Action, after: State) -> list[Beat]:
    """The beats of one action: what it declares or rolls, then the cards it moved, then the
    soldiers it eliminated, then (an Endure roll) the target it spared."""
    out = _declared(before, action, after)
    moved = _moved(before, after)
    if isinstance(action, Turn) and not moved:  # turned to the facing it had: still its turn
        s = after.soldier(action.player or _player(before), action.card)
        moved = [Beat(BeatKind.TURN, (s.player, s.card), (_pose(s), _pose(s)), words="Turns")]
    out += moved
    out += _killed(before, after)
    if isinstance(action, Roll):
        out += _spared(before, after)
    return out


def _player(before: State) -> int:
    return before.pending.player if before.pending else 0


def _declared(before: State, action: Action, after: State) -> list[Beat]:
    player = action.player or _player(before)
    if isinstance(action, Place):
        return _placed(before, after)
    if isinstance(action, Shoot):
        shooter = before.soldier(player, action.card)
        target = before.soldier(other(player), action.target)
        words = f"{_title(shooter)} shoots at {_title(target)}"
        key = (target.player, target.card)
        seen = clearest(before, shooter, target)
        line = None if seen is None else ((seen[0].x, seen[0].y), (seen[1].x, seen[1].y))
        return [
            Beat(
                BeatKind.AIM,
                (player, shooter.card),
                (_pose(shooter),),
                key,
                _pose(target),
                line=line,
                words=words,
            )
        ]
    if isinstance(action, React):
        return _reacted(before, player, action.card)
    if isinstance(action, Roll):
        return _rolled(before, action)
    if isinstance(action, End):
        return _passed(before, player)
    return []


def _passed(before: State, player: int) -> list[Beat]:
    """A pass (R7): an End with no Move, Turn or Shoot done in the activation."""
    a = before.activation
    if a is not None and (a.moved or a.shot):
        return []
    if a is not None and a.card is not None:
        s = before.soldier(a.player, a.card)
        return [Beat(BeatKind.PASS, (s.player, s.card), (_pose(s),), words="Pass")]
    sc = before.scenario
    middle = (sc.width / 2, sc.height / 2, 0.0)
    return [Beat(BeatKind.PASS, (player, ""), (middle,), words=f"Player {player} passes")]


def _placed(before: State, after: State) -> list[Beat]:
    return [
        Beat(BeatKind.PLACE, (new.player, new.card), (_pose(new),), words=f"{_title(new)} placed")
        for old, new in zip(before.soldiers, after.soldiers, strict=True)
        if new.on_table and not old.placed
    ]


def _reacted(before: State, player: int, card: str | None) -> list[Beat]:
    if card is not None:
        s = before.soldier(player, card)
        return [Beat(BeatKind.REACT, (player, card), (_pose(s),), words=f"{_title(s)} reacts")]
    mv, act = before.move, before.activation
    if mv is None or act is None:
        return []
    s = before.soldier(act.player, mv.card)
    return [
        Beat(BeatKind.DECLINE, (act.player, mv.card), (_pose(s),), words="No React: it moves on")
    ]


def _roller(before: State) -> str | None:
    """The card whose pool the pending roll is: the shooter's, the target's, the mover's or the
    reactor's (R15, R19, R21); None for the roll-off."""
    p, shot, mv = before.pending, before.shot, before.move
    purpose = p.purpose if p is not None else None
    if shot is not None and purpose in (Purpose.SHOOT, Purpose.ENDURE):
        return shot.shooter if purpose == Purpose.SHOOT else shot.target
    if mv is not None and purpose in (Purpose.MOVE, Purpose.REACT):
        return mv.card if purpose == Purpose.MOVE else mv.reactor
    return None


def _rolled(before: State, action: Roll) -> list[Beat]:
    p, card = before.pending, _roller(before)
    if p is None or p.purpose is None or card is None:
        return []
    s = before.soldier(p.player, card)
    n = total(action.faces)
    words = f"{p.purpose.value.capitalize()} {n}"
    return [
        Beat(
            BeatKind.ROLL,
            (p.player, card),
            (_pose(s),),
            faces=action.faces,
            total=n,
            purpose=p.purpose.value,
            words=words,
        )
    ]


def _moved(before: State, after: State) -> list[Beat]:
    out = []
    for key, corners in motions(before, after):
        (x0, y0, _), (x1, y1, _) = corners[0], corners[-1]
        title = _title(after.soldier(*key))
        if abs(x1 - x0) > EPS or abs(y1 - y0) > EPS:
            out.append(Beat(BeatKind.MOVE, key, corners, words=f"{title} moves"))
        else:
            turned = (corners[0], corners[-1])  # in place: no path corners
            out.append(Beat(BeatKind.TURN, key, turned, words=f"{title} turns"))
    return out


def _killed(before: State, after: State) -> list[Beat]:
    return [
        Beat(
            BeatKind.KILL,
            (old.player, old.card),
            (_pose(old),),
            words=f"{_title(old)} is eliminated",
        )
        for old, new in zip(before.soldiers, after.soldiers, strict=True)
        if old.alive and not new.alive
    ]


def _spared(before: State, after: State) -> list[Beat]:
    p, shot = before.pending, before.shot
    if p is None or p.purpose != Purpose.ENDURE or shot is None:
        return []
    s = after.soldier(p.player, shot.target)
    if not s.alive:
        return []
    return [Beat(BeatKind.SPARE, (s.player, s.card), (_pose(s),), words=f"{_title(s)} survives")]
