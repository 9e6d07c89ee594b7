"""Lesson 3: tall and low terrain, and hiding a card while deploying (R3, R6, R12)."""

from ...core.actions import Place
from .model import Choice, Draw, Expect, Lesson, Step
from .tables import drill, piece

LESSON = Lesson(
    key="cover",
    title="Tall and low terrain",
    teaches=(
        "Tall terrain (hatched) blocks sight and movement. Low terrain, like crates, only "
        "blocks movement: soldiers see over it. Place your last card where the enemy Gunner "
        "cannot see it."
    ),
    table=drill(
        piece("Ruin", 1.0, 6.0, 4.0, 6.6, True), piece("Crates", 6.0, 6.0, 9.0, 6.6, False)
    ),
    cards=((2, "gunner", 5.0, 2.0, 180.0),),
    hold="ranger",
    steps=(
        Step(
            ask="The enemy Gunner's sight is drawn. Where do you place your Ranger?",
            draw=Draw(sight=(2, "gunner")),
            choices=(
                Choice(
                    "Behind the low crates",
                    (Place("ranger", 7.5, 7.8, 0.0),),
                    "The Gunner sees over low crates: your Ranger stands in its sight, and a "
                    "Gunner shoots every enemy it sees. Try the tall ruin.",
                    Expect(sees=(((2, "gunner"), (1, "ranger"), True),)),
                    wrong=True,
                ),
                Choice(
                    "Behind the tall ruin",
                    (Place("ranger", 2.5, 7.8, 0.0),),
                    "Hidden: the tall ruin blocks the Gunner's sight. Every piece still stops "
                    "soldiers that move into it.",
                    Expect(sees=(((2, "gunner"), (1, "ranger"), False),)),
                ),
            ),
        ),
    ),
)
