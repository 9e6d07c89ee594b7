"""The computer's thinking in the page: one decision run a slice at a time, and its timing."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from serm.core.actions import Action
from serm.core.game import Game
from serm.core.record import Record
from serm.ui.driver import computer_seats

if TYPE_CHECKING:
    from serm.ai import Player

SLICE_MS = 12.0
"""Longest the computer opponent thinks before giving the browser a frame (ms)."""

THINK_LOG: deque[dict[str, Any]] = deque(maxlen=1000)
"""The computer's last decisions, timed (read and emptied by ``window.__serm_metrics("think")``
for ``python -m serm bench ai --browser``); bounded, so normal play keeps a few kB at most."""


def computer_players(record: Record) -> dict[int, Player]:
    """The computer players of a game, made from its record's player kinds; the computer's
    modules are imported only when a computer plays."""
    seats = computer_seats(record)
    if not seats:
        return {}
    from serm.ai import seated_players

    return dict(seated_players(seats, record.seed))


@dataclass
class Thinking:
    """One decision of the computer in progress, and what it has cost so far."""

    game: Game
    steps: Iterator[Action | None]
    strength: str
    kind: str
    started: float | None = None
    """``performance.now()`` when the first slice began (ms)."""
    busy: float = 0.0
    """Time spent inside the slices running the computer's thinking (ms)."""
    slices: int = 0
    longest: float = 0.0
    """The longest slice so far (ms): one step of the thinking cannot be cut."""
    action: Action | None = None
    """The action chosen, played in a task of its own (``Computer._show``)."""
    chosen: float | None = None
    """``performance.now()`` when the action was chosen (ms)."""

    def end_slice(self, busy: float) -> None:
        """Count a slice that ran the thinking for ``busy`` ms."""
        self.busy += busy
        self.slices += 1
        self.longest = max(self.longest, busy)

    def choose(self, action: Action, started: float, now: float) -> None:
        """The last slice, begun at ``started`` (ms), chose ``action`` at ``now``."""
        self.end_slice(now - started)
        self.action = action
        self.chosen = now

    def log(self, applied: float, drawn: float) -> None:
        """Note the finished decision in ``THINK_LOG`` (times in ms, the page's clock): wall-clock
        from the first slice to the action applied, the thinking alone inside the slices, and
        when it began, chose, had the action applied and the board drawn (``start_ms``,
        ``chosen_ms``, ``applied_ms``, ``drawn_ms``: the bench tells the page's long tasks while
        it thinks from those that show the move)."""
        assert self.started is not None and self.chosen is not None
        THINK_LOG.append(
            {
                "strength": self.strength,
                "kind": self.kind,
                "wall_ms": applied - self.started,
                "busy_ms": self.busy,
                "slices": self.slices,
                "longest_ms": self.longest,
                "start_ms": self.started,
                "chosen_ms": self.chosen,
                "applied_ms": applied,
                "drawn_ms": drawn,
            }
        )
