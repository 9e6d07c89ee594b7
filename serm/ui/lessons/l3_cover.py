"""Lesson 3: tall and low terrain, and hiding a card while deploying (R3, R6, R12)."""

from ...core.actions import Place
from .model import Choice, Draw, Expect, Lesson, Step
from .tables import drill, piece

LESSON = Lesson(
    key="cover",
    title="Tall and low terrain",
    teaches=(
        "Tall (hatched) terrain blocks sight and movement; low terrain, like crates, only "
        "movement. Hide your last card from the Gunner."
    ),
    table=drill(
        piece("Ruin", 1.0, 6.0, 4.0, 6.6, True), piece("Crates", 6.0, 6.0, 9.0, 6.6, False)
    ),
    cards=((2, "gunner", 5.0, 2.0, 180.0),),
    hold="ranger",
    steps=(
        Step(
            ask="Where do you place your Ranger?",
            draw=Draw(sight=(2, "gunner")),
            choices=(
                Choice(
                    "Behind the low crates",
                    (Place("ranger", 7.5, 7.8, 0.0),),
                    "The Gunner sees over low crates: it would shoot your Ranger.",
                    Expect(sees=(((2, "gunner"), (1, "ranger"), True),)),
                    wrong=True,
                ),
                Choice(
                    "Behind the tall ruin",
                    (Place("ranger", 2.5, 7.8, 0.0),),
                    "Hidden: the tall ruin blocks its sight.",
                    Expect(sees=(((2, "gunner"), (1, "ranger"), False),)),
                ),
            ),
        ),
    ),
)
