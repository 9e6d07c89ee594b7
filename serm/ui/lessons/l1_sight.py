"""Lesson 1: select a soldier, turn it, and see what its cone covers (R11, R14, R21)."""

from ...core.actions import Roll, Shoot, Turn
from .model import Choice, Draw, Expect, Lesson, Step
from .tables import drill

LESSON = Lesson(
    key="sight",
    title="Sight: the cone",
    teaches=(
        "A soldier sees only ahead: between lines leaving its top corners at 45 degrees. Turn "
        "your Assault, then shoot inside its cone."
    ),
    table=drill(),
    cards=(
        (1, "assault", 5.0, 7.0, 90.0),
        (2, "assault", 5.0, 2.0, 180.0),
        (2, "armored", 0.8, 4.0, 90.0),
    ),
    steps=(
        Step(
            ask="Turn your Assault up the table.",
            draw=Draw(sight=(1, "assault")),
            choices=(
                Choice(
                    "Turn to face up",
                    (Turn("assault", 0.0),),
                    "Turning on the spot is its Move: no dice.",
                    toward=(5.0, 5.8),
                ),
            ),
        ),
        Step(
            ask="Shoot an enemy inside the cone.",
            draw=Draw(sight=(1, "assault"), marks=(((2, "assault"), "target"),)),
            choices=(
                Choice(
                    "Shoot the Armored",
                    (Shoot("assault", "armored"),),
                    "The Armored is outside the cone: your Assault cannot see it.",
                    Expect(refused="R21", kept=((2, "armored"),)),
                    wrong=True,
                    tap=((2, "armored"),),
                ),
                Choice(
                    "Shoot the Assault",
                    (Shoot("assault", "assault"), Roll(((5,),)), Roll(((2,),))),
                    "5 beats Endure 2: knocked out.",
                    Expect(out=((2, "assault"),)),
                    tap=((2, "assault"),),
                ),
            ),
        ),
    ),
)
