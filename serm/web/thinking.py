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

    def end_slice(self, busy: float) -> None:
        """Count a slice that ran the thinking for ``busy`` ms."""
        self.busy += busy
        self.slices += 1
        self.longest = max(self.longest, busy)

    def log(self, busy_until: float, applied: float) -> None:
        """Note the finished decision in ``THINK_LOG``: wall-clock from the first slice to the
        action applied (``applied``, ms), and the thinking alone (slices up to ``busy_until``)."""
        assert self.started is not None
        self.end_slice(busy_until)
        THINK_LOG.append(
            {
                "strength": self.strength,
                "kind": self.kind,
                "wall_ms": applied - self.started,
                "busy_ms": self.busy,
                "slices": self.slices,
                "longest_ms": self.longest,
            }
        )
