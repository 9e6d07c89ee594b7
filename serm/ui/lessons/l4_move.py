"""Lesson 4: a Move declared by direction, its exact length, halting, and a ram (R15, R16)."""

from ...core.actions import Face, Move, React, Roll
from .model import Choice, Draw, Expect, Lesson, Step
from .tables import drill, piece

RAM = 30.5
"""The bearing from the Assault to the enemy Armored."""

LESSON = Lesson(
    key="move",
    title="Moving and ramming",
    teaches=(
        "Name a direction, then roll the Move dice: the card slides exactly that far, unless it "
        "touches something first. Touching an enemy knocks it out: a ram."
    ),
    table=drill(piece("Wall", 3.5, 6.0, 6.5, 6.4, True)),
    cards=((1, "assault", 6.7, 7.2, 0.0), (2, "armored", 9.0, 3.3, 0.0)),
    steps=(
        Step(
            ask="Move your Assault. Which way?",
            draw=Draw(aim=((1, "assault"), RAM), marks=(((2, "armored"), "target"),)),
            choices=(
                Choice(
                    "Up, into the wall",
                    (Move("assault", 0.0), Roll(((4,), (3,))), React(None), Face(None)),
                    "You rolled 7, but the wall is right in front: the card moved 0.30 L and "
                    "halted. Aim where the way is clear.",
                    Expect(kept=((2, "armored"),)),
                    wrong=True,
                ),
                Choice(
                    "At the Armored",
                    (Move("assault", RAM), Roll(((4,), (3,))), React(None), Face(None)),
                    "You rolled 7: the card slid until it touched the Armored, and knocked it "
                    "out. The enemy Ranger could have Reacted (next lesson); it let you go.",
                    Expect(out=((2, "armored"),)),
                ),
            ),
        ),
    ),
)
