"""Lesson 4: a Move declared by direction, its exact length, halting, and a ram (R15, R16)."""

from ...core.actions import Face, Move, Roll
from .model import Choice, Draw, Expect, Lesson, Step
from .tables import drill, piece

RAM = 30.5
"""The bearing from the Assault to the enemy Armored."""

LESSON = Lesson(
    key="move",
    title="Moving and ramming",
    teaches=(
        "Name a direction, roll the Move dice: the card slides that far unless it touches "
        "something. Touching an enemy rams it: out."
    ),
    table=drill(piece("Wall", 3.5, 6.0, 6.5, 6.4, True)),
    cards=((1, "assault", 6.7, 7.2, 0.0), (2, "armored", 9.0, 3.3, 0.0)),
    steps=(
        Step(
            ask="Move your Assault. Which way?",
            draw=Draw(aim=((1, "assault"), RAM), marks=(((2, "armored"), "target"),)),
            choices=(
                Choice(
                    "At the Armored",
                    (Move("assault", RAM), Roll(((4,), (3,)))),
                    "Rolled 7: it rammed the Armored, their last soldier. You win.",
                    Expect(out=((2, "armored"),), winner=1),
                    tap=((2, "armored"),),
                ),
                Choice(
                    "Up, into the wall",
                    (Move("assault", 0.0), Roll(((4,), (3,))), Face(None)),
                    "Rolled 7, but the wall halted it after 0.30 L. Aim past it.",
                    Expect(kept=((2, "armored"),)),
                    wrong=True,
                    toward=(6.7, 5.2),
                ),
            ),
        ),
    ),
)
