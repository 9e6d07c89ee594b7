"""Rules versions: which rules a game is played under, dispatched in this one place (R24).

The versions differ in sight (sampled or exact, R12) and in the draw after 40 activations in a
row without an elimination (R8), and later in the opening (R5). Either can change how a recorded
game plays out, so a record carries the rules version it was played under, and a game is
replayed and continued under its own rules:

- **version 1**: sight lines sampled (5 points of the viewer's top edge to the corners, edge
  midpoints and centre of the visible part; a Move's footprint tested every 0.05 L,
  ``serm.core.los_sampled``) and no draw rule;
- **version 2**: exact sight (``serm.core.los``) and the draw rule;
- **version 3**: as version 2, with an opening (R5, Opening: ``serm.core.opening``): the
  scenario's ``opening`` names it, and a new game whose scenario names none gets
  ``DEFAULT_OPENING``. Versions 1 and 2 play no opening.

A state knows its version (``State.rules_version``); the rules and queries ask ``ruleset`` for
the sight test and the draw limit instead of importing them.

Each version's sight code counts its work (``serm.core.work``), and a record may ask for only so
much of it per action: ``SAMPLED_WORK_*`` for version 1, ``EXACT_WORK_*`` for
version 2. A replay past the budget is refused (``record.bounded``), and a live game refuses the
action that would cross it (C20, ``Game.play``).
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, replace

from . import los, los_sampled
from .geometry import Polygon, Vec
from .los import Viewer
from .opening import NONE, OPENINGS
from .scenario import Scenario, ScenarioError, Terrain
from .work import work_limit as metered

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

EXACT_WORK_PER_ACTION = 1_800
"""Rules version 2: units of exact sight work (``serm.core.work``: counted per corner clipped,
hulled or tested and per critical line tried; a unit is about a microsecond) a replay may spend
per action of the record, on average. Games between computer players spend 5 to 1,000 per
action on most tables (the example: about 180), up to about 1,500 on the bunkers table between
strong players (its React checks cut many cells); a unit costs 0.6 to 1 microsecond of CPU here
for sight-heavy records, so a record at the limit replays in about 2 s per 1,000 actions
(``python -m serm bench replay``). A live game refuses an action that would take it past the
limit (C20), so it never makes a record its own replay refuses."""
EXACT_WORK_ALLOWANCE = 150_000
"""Rules version 2: units a replay may spend on top of ``EXACT_WORK_PER_ACTION`` per action (a
short game with one long costly chase fits)."""

DEFAULT_OPENING = "gunner-holds"
"""R5, Opening: the opening of rules version 3 when the scenario names none (a key of
``serm.core.opening.OPENINGS``). Chosen by measurement: among the openings whose first-initiative
score over 400 hard-vs-hard games on the default table has its whole 95% interval inside
0.40-0.60, the one closest to 0.50: gunner-holds 0.541 [0.492, 0.590]; opening-moves 0.596
[0.547, 0.643] reaches past 0.60 (docs/data/rule-*-b3bbe41.jsonl)."""

Sees = Callable[[Viewer, Polygon, tuple[Terrain, ...]], bool]
FirstSighting = Callable[[Viewer, float, tuple[Vec, ...], float, tuple[Terrain, ...]], float | None]


@dataclass(frozen=True)
class Ruleset:
    """One version of the rules: its sight test (R12), its React check along a path (R18) and
    the number of activations in a row without an elimination that draw the game (R8; None:
    no draw rule). ``label`` says it in a few words for people. ``openings`` are the openings
    it plays (R5, Opening: keys of ``serm.core.opening.OPENINGS``) and ``opening`` the one a
    game gets when its scenario names none. A record of ``n`` actions may spend at most
    ``work_limit(n)`` units of sight work (``serm.core.work``) in its replay,
    ``work_per_action`` per action plus ``work_allowance``; ``budget(n)`` is the context that
    raises ``WorkLimitError`` past it. A live game keeps within it action by action (C20)."""

    version: int
    label: str
    sees: Sees
    first_sighting: FirstSighting
    draw_after: int | None
    work_per_action: int
    work_allowance: int
    openings: tuple[str, ...] = (NONE,)
    opening: str = NONE

    def settle(self, scenario: Scenario) -> Scenario:
        """``scenario`` with its opening named (R5, Opening): this version's ``opening`` when it
        names none and this version plays more than one. Raises ``ScenarioError`` when it names
        an opening this version does not play."""
        if scenario.opening is None:
            if self.openings == (NONE,):
                return scenario
            return replace(scenario, opening=self.opening)
        if scenario.opening not in self.openings:
            raise ScenarioError(
                f"rules version {self.version} has no opening {scenario.opening!r} (R5); "
                f"it plays {', '.join(self.openings)}"
            )
        return scenario

    def work_limit(self, actions: int) -> int:
        """Units of sight work a replay of ``actions`` actions may spend, in all."""
        return self.work_per_action * actions + self.work_allowance

    def budget(self, actions: int) -> AbstractContextManager[object]:
        """The context a record of ``actions`` actions is replayed in (raises ``WorkLimitError``
        once the replay has spent more than ``work_limit(actions)``)."""
        return metered(self.work_limit(actions))


RULESETS: dict[int, Ruleset] = {
    1: Ruleset(
        1,
        "the rules it was saved with (before 30 November 2026: sight sampled, no draw)",
        los_sampled.sees,
        los_sampled.first_sighting,
        None,
        SAMPLED_WORK_PER_ACTION,
        SAMPLED_WORK_ALLOWANCE,
    ),
    2: Ruleset(
        2,
        "the rules it was saved with (no opening: the first activation may shoot)",
        los.sees,
        los.first_sighting,
        DRAW_AFTER,
        EXACT_WORK_PER_ACTION,
        EXACT_WORK_ALLOWANCE,
    ),
    3: Ruleset(
        3,
        "the rules with an opening (shooting held back at the start of the game)",
        los.sees,
        los.first_sighting,
        DRAW_AFTER,
        EXACT_WORK_PER_ACTION,
        EXACT_WORK_ALLOWANCE,
        tuple(OPENINGS),
        DEFAULT_OPENING,
    ),
}
"""Every rules version this engine can play, by number."""

LATEST = max(RULESETS)
"""The newest rules version this engine plays (a record naming a higher one is refused)."""

RULES_VERSION = 3
"""The version new games are played under: rules version 3, with the opening
``DEFAULT_OPENING`` (R5, Opening) for a table that names none."""

OPENING_VERSION = 3
"""The first rules version with an opening: a game that names its opening is played under it."""


def ruleset(version: int) -> Ruleset:
    """The rules of ``version`` (a key of ``RULESETS``; anything else raises ``KeyError``)."""
    return RULESETS[version]
