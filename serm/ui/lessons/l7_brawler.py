"""Lesson 7: the Brawler's path, the opening rule, and winning (R5, R8, R17)."""

from ...core.actions import Face, Move, Path, React, Roll, Shoot
from .model import Choice, Draw, Expect, Lesson, Step
from .tables import default_table

PATH = ((2.6, 8.6), (2.6, 6.1), (3.3, 4.0), (2.5, 3.9), (2.5, 1.81982))
"""Round the wall, between the crates, up to the enemy Armored: 10 L, the roll."""

LESSON = Lesson(
    key="brawler",
    title="The Brawler, the opening, winning",
    teaches=(
        "The Gunner may not shoot in activation 1. The Brawler rolls, then traces a bending "
        "path that long. Knock out all five to win."
    ),
    table=default_table(),
    cards=(
        (1, "brawler", 5.0, 8.6, 0.0),
        (1, "gunner", 8.5, 8.6, 0.0),
        (1, "ranger", 6.6, 9.4, 0.0),
        (1, "armored", 7.4, 9.3, 0.0),
        (1, "assault", 9.4, 9.3, 0.0),
        (2, "armored", 2.5, 1.0, 180.0),
        (2, "assault", 8.5, 1.2, 180.0),
        (2, "ranger", 9.55, 0.5, 0.0),
        (2, "gunner", 4.0, 0.5, 180.0),
        (2, "brawler", 7.0, 0.5, 0.0),
    ),
    steps=(
        Step(
            ask="The game's first activation: what now?",
            draw=Draw(
                sight=(1, "gunner"),
                marks=(((1, "brawler"), "eligible"), ((2, "armored"), "target")),
            ),
            choices=(
                Choice(
                    "Brawler: Move",
                    (
                        Move("brawler", None),
                        Roll(((4,), (3,), (3,))),
                        Path(PATH),
                        React(None),
                        Face(None),
                    ),
                    (
                        "Rolled 10: round the wall and the crates, the Armored rammed. Four "
                        "more to win."
                    ),
                    Expect(out=((2, "armored"),)),
                    tap=((1, "brawler"), (2, "armored")),
                ),
                Choice(
                    "Gunner: Shoot",
                    (Shoot("gunner", "assault"),),
                    "Not yet: the Gunner may not shoot in activation 1. Move the Brawler instead.",
                    Expect(refused="R5", kept=((2, "assault"),)),
                    wrong=True,
                    tap=((2, "assault"),),
                ),
            ),
        ),
    ),
)
