"""The course: seven lessons, each a position the engine replays with the dice fixed, a few
choices, one of them the named wrong one (``serm.ui.lessons.model``); ``serm.ui.course`` takes
a player through them."""

from __future__ import annotations

from .l1_sight import LESSON as SIGHT
from .l2_shoot import LESSON as SHOOT
from .l3_cover import LESSON as COVER
from .l4_move import LESSON as MOVE
from .l5_react import LESSON as REACT
from .l6_gunner import LESSON as GUNNER
from .l7_brawler import LESSON as BRAWLER
from .model import Choice, Draw, Expect, Lesson, Step

LESSONS: tuple[Lesson, ...] = (SIGHT, SHOOT, COVER, MOVE, REACT, GUNNER, BRAWLER)
"""The course in order."""

__all__ = ["LESSONS", "Choice", "Draw", "Expect", "Lesson", "Step"]
