"""Sight regions worked out while the page is idle, so that hovering a card finds its region ready.

A card's LOS region and its shadows (``serm.view.sight.partition``, exact sight, R12) depend only
on the card's pose (position, facing, Ranger or not) and the table's tall pieces, and are kept per
pose. On an open table a pose takes well under a millisecond in Pyodide; behind several walls a
pose seen for the first time can take from tens of milliseconds to a few hundred, which a pointer
moving over the card would otherwise wait for. After each drawn state ``Warmer.schedule`` queues
the poses of the cards on the table; they are worked out one per idle callback
(``requestIdleCallback``, a timer where the browser has none), never while a computer player
thinks (its slices keep the page responsive) or a show plays (a pose of tens of milliseconds would
stall its frames: docs/performance.md), and the queue is dropped when the next state is
drawn. A pose already kept costs a dictionary lookup.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import create_proxy

from serm.core.geometry import Vec
from serm.core.scenario import Scenario
from serm.core.state import State
from serm.view import sight

Pose = tuple[Scenario, Vec, float, bool]

BUSY_RETRY_MS = 250
"""How long to wait before trying again while a computer player thinks."""
IDLE_TIMEOUT_MS = 1000
"""Longest wait for an idle period before a pose is worked out anyway."""


def poses(state: State) -> list[Pose]:
    """The poses whose regions the board may draw next: every card on the table, in order."""
    if not any(t.tall for t in state.scenario.terrain):
        return []  # nothing to hide behind: every region is a bare cone, worked out at once
    return [(state.scenario, s.pos, s.facing, s.type.sees_all_round) for s in state.on_table()]


class Warmer:
    """Works out queued poses one idle callback at a time (see the module's docstring).

    ``busy``: true while the page should not be given extra work (a computer player thinks, a
    show plays).
    ``worked``: how many poses were worked out here (not found kept), for the tests and benches.
    """

    def __init__(self, busy: Callable[[], bool]) -> None:
        self.busy = busy
        self.queue: list[Pose] = []
        self.worked = 0
        self._pending = False
        self._proxy = create_proxy(self._step)

    def schedule(self, state: State) -> None:
        """Queue the poses of ``state`` (dropping any left from the state before)."""
        self.queue = poses(state)
        if self.queue and not self._pending:
            self._later(0)

    def _later(self, delay_ms: int) -> None:
        self._pending = True
        idle = getattr(js.window, "requestIdleCallback", None)
        if idle is not None and delay_ms == 0:
            opts = js.Object.fromEntries([["timeout", IDLE_TIMEOUT_MS]])
            idle(self._proxy, opts)
        else:
            js.setTimeout(self._proxy, delay_ms or 50)

    def _step(self, *_: Any) -> None:
        self._pending = False
        if not self.queue:
            return
        if self.busy():
            self._later(BUSY_RETRY_MS)
            return
        while self.queue:
            scenario, pos, facing, ranger = self.queue.pop(0)
            misses = sight.partition.cache_info().misses
            sight.partition(scenario, pos, facing, ranger)
            if sight.partition.cache_info().misses != misses:
                self.worked += 1
                break  # one pose worked out per callback: the next one waits for the next idle
        if self.queue:
            self._later(0)


WARMERS: list[Warmer] = []
"""The page's warmer (one), for ``warm_metrics``."""


def warm_metrics() -> dict[str, int]:
    """``worked``: poses worked out while idle; ``queued``: poses still waiting; ``misses``: poses
    worked out anywhere (idle or on demand) since the page started."""
    w = WARMERS[0] if WARMERS else None
    return {
        "worked": w.worked if w else 0,
        "queued": len(w.queue) if w else 0,
        "misses": sight.partition.cache_info().misses,
    }
