"""The replay viewer: step through a record's actions as data, changed only by ``step``.

The record stays the single source: ``Frames`` holds the states a record goes
through, made by the core's one replay loop (``serm.core.record.replay_steps``) and nothing else;
``Viewer`` holds where the viewer stands (``index``: how many actions are applied, 0..N), whether
it plays and at what speed. ``step(viewer, event)`` is a pure function of the two; the browser
layer draws ``frames.state(viewer.index)`` with the board view and sends ``Tick`` while playing.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import assert_never

from ..core.actions import Action
from ..core.game import Game
from ..core.record import Record, replay_steps
from ..core.state import Event, State, Status, new_game
from .driver import COMPUTER, STRENGTHS


class Speed(StrEnum):
    """How fast Play steps through the actions."""

    SLOW = "slow"
    NORMAL = "normal"
    FAST = "fast"


STEP_MS: dict[Speed, int] = {Speed.SLOW: 1400, Speed.NORMAL: 700, Speed.FAST: 250}
"""Milliseconds between two steps while playing, per speed."""


@dataclass(frozen=True)
class Frames:
    """The states of a record: ``states[i]`` after its first ``i`` actions (``states[0]`` the
    new game), ``actions[i]`` the i-th action (naming its player), ``events[i]`` its log lines.

    Built whole by ``of`` (a record that does not replay raises ``RecordError`` there, before
    anything is shown); a few hundred states share most of their parts.
    """

    record: Record
    states: tuple[State, ...]
    actions: tuple[Action, ...]

    @classmethod
    def of(cls, record: Record) -> Frames:
        """Replay ``record`` once through the core; raises ``RecordError`` if it does not."""
        states = [new_game(record.scenario, record.rules_version)]
        actions = []
        for action, state in replay_steps(record):
            actions.append(action)
            states.append(state)
        return cls(record, tuple(states), tuple(actions))

    @property
    def last(self) -> int:
        """N: the number of actions (the last index)."""
        return len(self.actions)

    def state(self, index: int) -> State:
        return self.states[max(0, min(index, self.last))]

    def events(self, index: int) -> tuple[Event, ...]:
        """The log lines of the action that leads to ``index`` (none at 0)."""
        return self.states[index].events if 0 < index <= self.last else ()

    def log(self, index: int) -> list[Event]:
        """The whole game log up to ``index``."""
        return [e for i in range(1, min(index, self.last) + 1) for e in self.states[i].events]

    def log_actions(self, index: int) -> list[int]:
        """For each line of ``log(index)``, the number of the action that logged it."""
        return [i for i in range(1, min(index, self.last) + 1) for _ in self.states[i].events]


@dataclass(frozen=True)
class Viewer:
    """Where the viewer stands: ``index`` actions applied (0..``last``), playing or not."""

    last: int
    index: int = 0
    playing: bool = False
    speed: Speed = Speed.NORMAL
    asking: bool = False
    """"Play from here" was pressed: the viewer asks who plays on (hot-seat or the computer)."""
    copied: bool = False
    """The link Share made was just copied: the Share button says so until the next event."""
    origin: str = field(default="", compare=False)
    """Where it was opened from ("save", "file", "link", "game"), for the browser layer."""


class Move(StrEnum):
    """A viewer control; the value is the button's ``data-replay``."""

    FIRST = "first"
    BACK = "back"
    FORWARD = "forward"
    LAST = "last"
    PLAY = "play"
    PAUSE = "pause"
    ASK = "ask"
    """Ask who plays on from here, or stop asking."""


@dataclass(frozen=True)
class Go:
    """A control pressed (``Move``)."""

    move: Move


@dataclass(frozen=True)
class GoTo:
    """The slider set to ``index`` (clamped to 0..N)."""

    index: int


@dataclass(frozen=True)
class SetSpeed:
    speed: Speed


@dataclass(frozen=True)
class Tick:
    """Time for the next step while playing (every ``STEP_MS[speed]``)."""


@dataclass(frozen=True)
class Shared:
    """Share made its link: ``copied`` once it is copied to the clipboard, not yet (or never)
    when False."""

    copied: bool = True


ViewerEvent = Go | GoTo | SetSpeed | Tick | Shared


def open_at_start(frames: Frames, origin: str = "") -> Viewer:
    """A viewer on ``frames`` at its first position, paused."""
    return Viewer(frames.last, origin=origin)


def step(viewer: Viewer, event: ViewerEvent) -> Viewer:
    """The viewer after ``event``. A control stops playing (except Play) and asking who plays
    on; stepping past either end stays there; Play at the end starts again from the first
    position. That Share's link was copied is told until the next event, a step of Play
    included."""
    if isinstance(event, Shared):
        return replace(viewer, copied=event.copied)
    after = _step(viewer, event)
    return replace(after, copied=False) if after.copied else after


def _step(v: Viewer, event: Go | GoTo | SetSpeed | Tick) -> Viewer:
    match event:
        case Tick():
            if not v.playing:
                return v
            nxt = min(v.index + 1, v.last)
            return replace(v, index=nxt, playing=nxt < v.last)
        case GoTo():
            return replace(v, index=max(0, min(event.index, v.last)), playing=False)
        case SetSpeed():
            return replace(v, speed=event.speed)
        case Go(move=Move.ASK):
            return replace(v, asking=not v.asking, playing=False)
        case Go():
            return replace(_go(v, event.move), asking=False)
        case _:
            assert_never(event)


def _go(v: Viewer, move: Move) -> Viewer:
    match move:
        case Move.FIRST:
            return replace(v, index=0, playing=False)
        case Move.BACK:
            return replace(v, index=max(0, v.index - 1), playing=False)
        case Move.FORWARD:
            return replace(v, index=min(v.last, v.index + 1), playing=False)
        case Move.LAST:
            return replace(v, index=v.last, playing=False)
        case Move.PLAY:
            if v.last == 0:
                return v
            return replace(v, index=0 if v.index >= v.last else v.index, playing=True)
        case Move.PAUSE | Move.ASK:
            return replace(v, playing=False)
        case _:
            assert_never(move)


def next_speed(speed: Speed) -> Speed:
    """The speed after ``speed`` in the order slow, normal, fast (and round again)."""
    order = list(Speed)
    return order[(order.index(speed) + 1) % len(order)]


def can_continue(frames: Frames, index: int) -> bool:
    """True when the position at ``index`` can become a new game (it is not over)."""
    return frames.state(index).status != Status.FINISHED


def continued(frames: Frames, index: int, seed: int, computer: dict[int, str]) -> Game:
    """A new game from the position at ``index``: the record's first ``index`` actions replayed
    through the core (``Game.from_record``), with a fresh dice ``seed`` and its own players
    (``computer``: a player's strength, as for ``driver.new_game``; the others sit here). Dice
    the position waits for are rolled from the new seed. The original record is not changed."""
    players = {p: {"name": f"Player {p}", "kind": "human"} for p in (1, 2)}
    for p, s in computer.items():
        if s in STRENGTHS:
            players[p] = {"name": f"Computer ({s})", "kind": COMPUTER + s}
    record = frames.record
    prefix = Record(
        record.scenario, players, seed, list(frames.actions[:index]), record.rules_version
    )
    game = Game.from_record(prefix)
    game.roll_pending()
    return game


def computer_seat(frames: Frames, index: int) -> int:
    """The side the computer takes when a person plays on from ``index`` against it: the side
    that does not decide next (player 2 when nobody in particular does, as at the roll-off)."""
    pending = frames.state(index).pending
    player = pending.player if pending is not None else 0
    return 1 if player == 2 else 2
