"""Lesson 5: React: being reacted to, then reacting and choosing where the mover stops; a
React that works is the reacting side's next activation (R18, R19, C7)."""

from ...core.actions import End, Move, React, Roll, Shoot, Stop
from .model import Choice, Draw, Expect, Lesson, Step
from .tables import drill, piece

SEEN_AT = 3.0
"""L along the enemy Assault's Move where your Ranger sees all of it: past the ruin's end (it
first sees a corner at 1.52 L, the card's middle at 2.1 L)."""

LESSON = Lesson(
    key="react",
    title="Reacting",
    teaches=(
        "An enemy that sees a Move may React: if its roll beats the Move roll, it stops the "
        "mover where it likes and acts at once, using its side's next activation."
    ),
    table=drill(piece("Ruin", 1.0, 4.6, 4.8, 5.2, True)),
    cards=(
        (1, "ranger", 5.0, 8.0, 0.0),
        (1, "assault", 8.0, 6.5, 0.0),
        (2, "assault", 2.5, 3.5, 90.0),
        (2, "ranger", 8.5, 1.5, 180.0),
    ),
    steps=(
        Step(
            ask="Move your Assault up. Their Ranger sees all round.",
            draw=Draw(aim=((1, "assault"), 0.0)),
            choices=(
                Choice(
                    "Move up",
                    (
                        Move("assault", 0.0),
                        Roll(((1,), (2,))),
                        React("ranger"),
                        Roll(((5,), (3,))),
                        Stop(1.0),
                        Shoot("ranger", "assault"),
                        Roll(((4,),)),
                        Roll(((2,),)),
                        End(),
                        End(),
                        Move("assault", 90.0),
                        Roll(((2,), (3,))),
                    ),
                    "Their React 8 beat your Move 3: shot. Their Assault runs.",
                    Expect(out=((1, "assault"),)),
                    toward=(8.0, 5.0),
                ),
            ),
        ),
        Step(
            ask="React with your Ranger?",
            draw=Draw(marks=(((1, "ranger"), "reactor"),), sight=(1, "ranger")),
            choices=(
                Choice(
                    "React",
                    (React("ranger"), Roll(((6,), (4,)))),
                    "React 10 beats Move 5.",
                    tap=((1, "ranger"),),
                ),
                Choice(
                    "Let it go",
                    (React(None),),
                    "It runs on, all 5 L. React to stop it.",
                    Expect(kept=((2, "assault"),), moved=(((2, "assault"), 7.5, 3.5),)),
                    again=True,
                ),
            ),
        ),
        Step(
            ask="Where does it stop? Then you shoot.",
            draw=Draw(sight=(1, "ranger"), stop_at=SEEN_AT),
            choices=(
                Choice(
                    "Behind the ruin",
                    (Stop(0.5), Shoot("ranger", "assault")),
                    "Behind the tall ruin your Ranger cannot see it. Stop it in sight.",
                    Expect(refused="R21", kept=((2, "assault"),)),
                    wrong=True,
                    toward=(3.0, 3.5),
                ),
                Choice(
                    "Where it is seen",
                    (Stop(SEEN_AT), Shoot("ranger", "assault"), Roll(((5,),)), Roll(((2,),))),
                    "In the open: 5 beats Endure 2, it is out.",
                    Expect(out=((2, "assault"),)),
                    toward=(5.5, 3.5),
                ),
            ),
        ),
    ),
)
