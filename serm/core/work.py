"""Counting the work of a replay, so that it can be bounded (``serm.core.ruleset``).

A record could ask for millions of sight tests; each rules version's sight code counts the work it
does in *units* (about a microsecond each on CPython) with ``spend``, and ``work_limit`` raises
``WorkLimitError`` once a block has spent more than its budget. With no limit active, ``spend``
costs one context-variable lookup: the live game's queries (the view, the computer player) run
unmetered.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from .errors import WorkLimitError


class Meter:
    """The work spent in one ``work_limit`` block (``used`` units) against its ``budget``."""

    __slots__ = ("budget", "outer", "used")

    def __init__(self, budget: int, outer: Meter | None) -> None:
        self.budget = budget
        self.used = 0
        self.outer = outer

    def spend(self, units: int) -> None:
        """Add ``units``, to the blocks around this one too; raise once over the budget."""
        self.used += units
        if self.outer is not None:
            self.outer.spend(units)
        if self.used > self.budget:
            raise WorkLimitError(f"more than {self.budget} units of sight work")


_METER: ContextVar[Meter | None] = ContextVar("serm_sight_meter", default=None)


@contextmanager
def work_limit(budget: int) -> Iterator[Meter]:
    """Within the block, the sight code raises ``WorkLimitError`` once it has spent more than
    ``budget`` units. The meter yielded says how much was used; work done inside an inner
    ``work_limit`` counts for the outer one too."""
    meter = Meter(budget, _METER.get())
    token = _METER.set(meter)
    try:
        yield meter
    finally:
        _METER.reset(token)


def spend(units: int) -> None:
    """Charge ``units`` of work to the active ``work_limit`` blocks, if any."""
    meter = _METER.get()
    if meter is not None:
        meter.spend(units)
