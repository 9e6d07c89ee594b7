"""Lesson 3: tall and low terrain: what blocks sight and what only blocks movement; hiding a
card from the enemy Gunner (R3, R12, R15)."""

from ...core.actions import Face, Move, React, Roll
from .model import Choice, Draw, Expect, Lesson, Step
from .tables import drill, piece

LESSON = Lesson(
    key="cover",
    title="Tall and low terrain",
    teaches=(
        "Tall (hatched) terrain blocks sight and movement; low terrain, like crates, only "
        "movement. Hide your Ranger from the Gunner."
    ),
    table=drill(
        piece("Ruin", 1.0, 6.0, 4.0, 6.6, True), piece("Crates", 6.0, 6.0, 9.0, 6.6, False)
    ),
    cards=((1, "ranger", 5.0, 7.8, 0.0), (2, "gunner", 5.0, 2.0, 180.0)),
    steps=(
        Step(
            ask="Where does your Ranger move?",
            draw=Draw(sight=(2, "gunner")),
            choices=(
                Choice(
                    "Behind the low crates",
                    (Move("ranger", 90.0), Roll(((3,),)), React(None), Face(None)),
                    "The Gunner sees over low crates: it would shoot your Ranger.",
                    Expect(sees=(((2, "gunner"), (1, "ranger"), True),)),
                    wrong=True,
                    toward=(8.0, 7.8),
                ),
                Choice(
                    "Behind the tall ruin",
                    (Move("ranger", 270.0), Roll(((3,),)), React(None), Face(None)),
                    "Hidden: the tall ruin blocks its sight.",
                    Expect(sees=(((2, "gunner"), (1, "ranger"), False),)),
                    toward=(2.0, 7.8),
                ),
            ),
        ),
    ),
)
