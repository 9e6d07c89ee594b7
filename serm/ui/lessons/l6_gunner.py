"""Lesson 6: the Gunner: one attack at each enemy in sight; turning counts as its Move (R22)."""

from ...core.actions import Roll, Shoot, Turn
from .model import Choice, Draw, Expect, Lesson, Step
from .tables import drill, piece

LESSON = Lesson(
    key="gunner",
    title="The Gunner",
    teaches=(
        "A Gunner moves or shoots, never both; turning counts as moving. One Shoot attacks every "
        "enemy it sees."
    ),
    table=drill(piece("Ruin", 0.0, 1.2, 10.0, 1.5, True)),
    cards=(
        (1, "gunner", 5.0, 7.5, 0.0),
        (2, "ranger", 3.5, 3.0, 180.0),
        (2, "assault", 6.5, 3.0, 180.0),
        (2, "armored", 9.4, 4.0, 270.0),
    ),
    steps=(
        Step(
            ask="What does your Gunner do?",
            draw=Draw(
                sight=(1, "gunner"),
                marks=(((2, "ranger"), "target"), ((2, "assault"), "target")),
            ),
            choices=(
                Choice(
                    "Turn, then shoot",
                    (Turn("gunner", 60.0),),
                    "Turning was its Move: no Shoot now. Shoot from where it stands.",
                    Expect(kept=((2, "ranger"), (2, "assault"), (2, "armored"))),
                    wrong=True,
                    toward=(6.7, 6.5),
                ),
                Choice(
                    "Shoot",
                    (
                        Shoot("gunner", "ranger"),
                        Roll(((5,), (4,))),
                        Roll(((3,),)),
                        Shoot("gunner", "assault"),
                        Roll(((6, 2), (3,))),
                        Roll(((5,),)),
                    ),
                    "One Shoot, one attack at each enemy seen: both out.",
                    Expect(out=((2, "ranger"), (2, "assault"))),
                    tap=((2, "ranger"), (2, "assault")),
                ),
            ),
        ),
    ),
)
