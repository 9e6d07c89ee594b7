"""Lesson 2: Shoot against Endure, a six rolled again and added (R9, R21)."""

from ...core.actions import Roll, Shoot
from .model import Choice, Draw, Expect, Lesson, Step
from .tables import drill

LESSON = Lesson(
    key="shoot",
    title="Shoot against Endure",
    teaches=(
        "Roll your Shoot dice against the target's Endure dice: strictly higher knocks it out. "
        "Each six is rolled again and added. The chance is shown on each target: pick the "
        "better one."
    ),
    table=drill(),
    cards=(
        (1, "assault", 5.0, 7.0, 0.0),
        (2, "ranger", 3.5, 2.5, 90.0),
        (2, "armored", 6.5, 2.5, 270.0),
    ),
    steps=(
        Step(
            ask="Your Assault sees two enemies. Which do you shoot?",
            draw=Draw(
                sight=(1, "assault"),
                marks=(((2, "ranger"), "target"), ((2, "armored"), "target")),
            ),
            choices=(
                Choice(
                    "Shoot the Armored",
                    (Shoot("assault", "armored"), Roll(((5,),)), Roll(((3,), (4,)))),
                    "Shoot 5 against Endure 7: it survives. The Armored endures with two dice, "
                    "so your chance was the lower one shown. Try the other target.",
                    Expect(kept=((2, "armored"),)),
                    wrong=True,
                ),
                Choice(
                    "Shoot the Ranger",
                    (Shoot("assault", "ranger"), Roll(((6, 3),)), Roll(((4,),))),
                    "You rolled a six, rolled again and added it: 9 against Endure 4. The "
                    "Ranger is knocked out.",
                    Expect(out=((2, "ranger"),)),
                ),
            ),
        ),
    ),
)
