"""Lesson 2: Shoot against Endure, where sixes count and roll again (R9, R21)."""

from ...core.actions import Roll, Shoot
from .model import Choice, Draw, Expect, Lesson, Step
from .tables import drill

LESSON = Lesson(
    key="shoot",
    title="Shoot against Endure",
    teaches=(
        "Shoot dice against the target's Endure dice: higher wins. Sixes count and roll "
        "again. Pick the better chance shown."
    ),
    table=drill(),
    cards=(
        (1, "assault", 5.0, 7.0, 0.0),
        (2, "ranger", 3.5, 2.5, 90.0),
        (2, "armored", 6.5, 2.5, 270.0),
    ),
    steps=(
        Step(
            ask="Which enemy do you shoot?",
            draw=Draw(
                sight=(1, "assault"),
                marks=(((2, "ranger"), "target"), ((2, "armored"), "target")),
            ),
            choices=(
                Choice(
                    "Shoot the Ranger",
                    (Shoot("assault", "ranger"), Roll(((6, 3),)), Roll(((4,),))),
                    "The six counts and rolls again: 6 + 3 = 9 beats 4. Knocked out.",
                    Expect(out=((2, "ranger"),)),
                    tap=((2, "ranger"),),
                ),
                Choice(
                    "Shoot the Armored",
                    (Shoot("assault", "armored"), Roll(((5,),)), Roll(((3,), (4,)))),
                    "5 against Endure 7: it survives. Two Endure dice: the lower chance.",
                    Expect(kept=((2, "armored"),)),
                    wrong=True,
                    tap=((2, "armored"),),
                ),
            ),
        ),
    ),
)
