"""Rules versions: which rules a game is played under, dispatched in this one place (R24).

The rulings changed on 2026-11-30: sight became exact (R12 revised) and 40 activations in a row
without an elimination end the game in a draw (R8 revised). Either can change how a recorded game
plays out, so a record carries the rules version it was played under, and a game is replayed and
continued under its own rules:

- **version 1**: sight lines sampled (5 points of the viewer's top edge to the corners, edge
  midpoints and centre of the visible part; a Move's footprint tested every 0.05 L,
  ``serm.core.los_sampled``) and no draw rule;
- **version 2**: exact sight (``serm.core.los``) and the draw rule.

A state knows its version (``State.rules_version``); the rules and queries ask ``ruleset`` for
the sight test and the draw limit instead of importing them.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass

from . import los, los_sampled
from .geometry import Polygon, Vec
from .los import Viewer
from .scenario import Terrain

DRAW_AFTER = 40
"""R8 (revised): this many activations in a row in which no soldier is eliminated end the game in a
draw (rules version 2 on)."""

SAMPLED_WORK_PER_ACTION = 1_500
"""Rules version 1: units of sampled sight work (``los_sampled.work_limit``) a replay may spend
per action of the record, on average. Games between computer players spend 10 to 1,100 a game
(the example: about 100); a unit is about a microsecond, so a record at the limit replays in
under 2 s per 1,000 actions (``python -m serm bench replay``)."""
SAMPLED_WORK_ALLOWANCE = 150_000
"""Rules version 1: units a replay may spend on top of ``SAMPLED_WORK_PER_ACTION`` per action (a
short game with one long hidden chase needs it)."""

Sees = Callable[[Viewer, Polygon, tuple[Terrain, ...]], bool]
FirstSighting = Callable[[Viewer, float, tuple[Vec, ...], float, tuple[Terrain, ...]], float | None]


@dataclass(frozen=True)
class Ruleset:
    """One version of the rules: its sight test (R12), its React check along a path (R18) and
    the number of activations in a row without an elimination that draw the game (R8; None:
    no draw rule). ``label`` says it in a few words for people. ``budget(n)`` is the context in
    which a record of ``n`` actions is replayed: it raises ``WorkLimitError`` when the replay asks
    for more work than such a record may (the sampled test of version 1 is metered; the exact
    test's work is bounded by the format's limits alone)."""

    version: int
    label: str
    sees: Sees
    first_sighting: FirstSighting
    draw_after: int | None
    budget: Callable[[int], AbstractContextManager[object]]


def _sampled_budget(actions: int) -> AbstractContextManager[object]:
    return los_sampled.work_limit(SAMPLED_WORK_PER_ACTION * actions + SAMPLED_WORK_ALLOWANCE)


def _unmetered(actions: int) -> AbstractContextManager[object]:
    return nullcontext()


RULESETS: dict[int, Ruleset] = {
    1: Ruleset(
        1,
        "the rules it was saved with (before 30 November 2026: sight sampled, no draw)",
        los_sampled.sees,
        los_sampled.first_sighting,
        None,
        _sampled_budget,
    ),
    2: Ruleset(2, "the current rules", los.sees, los.first_sighting, DRAW_AFTER, _unmetered),
}
"""Every rules version this engine can play, by number."""

RULES_VERSION = max(RULESETS)
"""The version new games are played under."""


def ruleset(version: int) -> Ruleset:
    """The rules of ``version`` (a key of ``RULESETS``; anything else raises ``KeyError``)."""
    return RULESETS[version]
