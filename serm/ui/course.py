"""The course "Learn in 3 minutes": where a player is in the lessons, and its screen (pure).

``Course`` is a frozen value changed by ``choose``, ``retry``, ``next_lesson`` (also the skip)
and drawn by ``course_screen`` as the three parts of the page the game uses (``#status``,
``#prompt``, ``#board``). A choice plays its actions in the engine (``serm.ui.lessons.position``);
the named wrong choice shows its explanation and the board as it left it, and Try again goes back
to the same position. Progress is kept by the browser layer as ``progress_text`` /
``read_progress`` (the lesson reached, or that the course was finished or skipped).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, replace
from functools import lru_cache
from html import escape

from ..core import queries as q
from ..core.errors import IllegalActionError
from ..core.forecast import straight_move
from ..core.game import Game
from ..core.state import State
from ..view import frame
from ..view.beats import Beat, BeatKind, beats
from ..view.model import NOTHING_OVER, MovePreview, Overlaid, ViewModel
from ..view.render import render
from ..view.show import trail, trail_boxes
from .lessons import LESSONS, Lesson, Step
from .lessons.position import play_position

DONE = "done"
"""The progress of a browser that finished the course."""
SKIPPED = "skipped"
"""The progress of a browser that skipped it."""


@dataclass(frozen=True)
class Course:
    """Where the player is: ``lesson`` (index; ``len(LESSONS)`` once finished), the choices taken
    in it (one index per step answered), and a wrong choice being explained (``tried``)."""

    lesson: int = 0
    chosen: tuple[int, ...] = ()
    tried: int | None = None

    @property
    def finished(self) -> bool:
        return self.lesson >= len(LESSONS)

    @property
    def current(self) -> Lesson:
        return LESSONS[self.lesson]

    @property
    def answered(self) -> bool:
        """Every step of the lesson is answered: the lesson waits for Next."""
        return not self.finished and len(self.chosen) == len(self.current.steps)


@dataclass(frozen=True)
class Tried:
    """A choice played: the game after it (up to a refused action) and the refusal, if any."""

    game: Game
    refused: IllegalActionError | None


def try_choice(lesson: Lesson, chosen: tuple[int, ...], index: int) -> Tried:
    """Play the choice ``index`` of the step after ``chosen``; a refused action stops it."""
    game, _, refused = _play_choice(lesson, chosen, index)
    return Tried(game, refused)


def _play_choice(
    lesson: Lesson, chosen: tuple[int, ...], index: int
) -> tuple[Game, list[State], IllegalActionError | None]:
    """The game after the choice ``index`` of the step after ``chosen``, up to an action the
    engine refuses (that refusal too), with the states it went through from the position."""
    game = play_position(lesson, chosen)
    states = [game.state]
    for action in lesson.steps[len(chosen)].choices[index].actions:
        try:
            game.play(action)
        except IllegalActionError as refused:
            return game, states, refused
        states.append(game.state)
    return game, states, None


def choose(course: Course, index: int) -> Course:
    """The player takes choice ``index`` of the step asked now: a wrong one, or one the lesson
    does not follow, is explained (the position stays), any other answers the step."""
    if course.finished or course.answered or course.tried is not None:
        return course
    step = course.current.steps[len(course.chosen)]
    if not 0 <= index < len(step.choices):
        return course
    if step.choices[index].wrong or step.choices[index].again:
        return replace(course, tried=index)
    return replace(course, chosen=(*course.chosen, index))


TAP_REACH = 1.2
"""How near (L) to a choice's point on the table a tap must be to take it."""


def board_choice(course: Course, x: float, y: float, soldier: tuple[int, str] | None) -> int | None:
    """The choice of the step asked now that a tap, a click or a drag's end at (x, y) L on the
    board takes: the one whose soldier is under it, else the one whose soldier or point is
    nearest within ``TAP_REACH`` (a fingertip beside a card); None when none (or when nothing
    is asked)."""
    if course.finished or course.answered or course.tried is not None:
        return None
    choices = course.current.steps[len(course.chosen)].choices
    for index, choice in enumerate(choices):
        if soldier is not None and soldier in choice.tap:
            return index
    state = _board_state(course.lesson, course.chosen, None)
    near = [
        (math.dist((x, y), point), index)
        for index, choice in enumerate(choices)
        for point in (
            *((state.soldier(*k).x, state.soldier(*k).y) for k in choice.tap),
            *((choice.toward,) if choice.toward is not None else ()),
        )
    ]
    best = min(near, default=None)
    return best[1] if best is not None and best[0] <= TAP_REACH else None


def retry(course: Course) -> Course:
    """Back to the position before the wrong choice."""
    return replace(course, tried=None)


def next_lesson(course: Course) -> Course:
    """The next lesson (after the last one: the course is finished); also skips one."""
    return Course(min(course.lesson + 1, len(LESSONS)))


def progress_text(course: Course) -> str:
    """What the browser keeps: the lesson reached, or ``DONE``."""
    return DONE if course.finished else json.dumps({"lesson": course.lesson})


def read_progress(text: str | None) -> Course | None:
    """The course as kept (None when none was started, or when it was finished or skipped)."""
    if not text or text in (DONE, SKIPPED):
        return None
    try:
        lesson = json.loads(text).get("lesson")
    except (ValueError, AttributeError):
        return None
    if isinstance(lesson, int) and not isinstance(lesson, bool) and 0 <= lesson < len(LESSONS):
        return Course(lesson)
    return None


def offered(text: str | None) -> bool:
    """Whether the start screen offers the course: until it was finished or skipped."""
    return text not in (DONE, SKIPPED)


# --- the screen ------------------------------------------------------------------------------


@dataclass(frozen=True)
class CourseScreen:
    """The markup of ``#status``, ``#prompt`` and ``#board`` while the course is shown."""

    status: str
    prompt: str
    board: str


@lru_cache(maxsize=4)
def _board_state(lesson: int, chosen: tuple[int, ...], tried: int | None) -> State:
    course_lesson = LESSONS[lesson]
    if tried is not None:
        return try_choice(course_lesson, chosen, tried).game.state
    return play_position(course_lesson, chosen).state


def _step_drawn(course: Course) -> Step:
    steps = course.current.steps
    return steps[min(len(course.chosen), len(steps) - 1)]


def view_of(state: State, step: Step, you: int, asking: bool) -> ViewModel:
    """What the board draws for ``step``: its sight, marks with their chances, the Move aimed
    with who could React along it, the stop point; only the sight once the step is answered.
    A target's kill chance is drawn only where the soldier whose sight is drawn may Shoot: the
    opening holds a Gunner back in the game's first activation (R5), so no chance of its own
    Shoot stands over the target then."""
    draw = step.draw
    chances: list[tuple[tuple[int, str], float]] = []
    marks = draw.marks if asking else ()
    seer = state.soldier(*draw.sight) if draw.sight is not None else None
    for key, role in marks:
        soldier = state.soldier(*key)
        if role == "target" and seer is not None and soldier.alive:
            if not q.opening_holds(state, seer):
                chances.append((key, q.kill_chance(seer, soldier)))
    preview = None
    if asking and draw.aim is not None:
        mover = state.soldier(*draw.aim[0])
        direction = draw.aim[1]
        longest, halt = q.straight_reach(state, mover, direction, mover.facing)
        forecast = straight_move(state, mover, direction, mover.facing)
        preview = MovePreview(
            card=draw.aim[0],
            direction=direction,
            facing=mover.facing,
            min_length=float(mover.type.move),
            max_length=float(longest),
            halt=halt.distance if halt.blocked else None,
            watchers=tuple(
                ((3 - mover.player, w.card), w.entry, w.chance) for w in forecast.watchers
            ),
            stop_chance=forecast.stop_chance,
        )
    sight = draw.sight if draw.sight is None or state.soldier(*draw.sight).alive else None
    return ViewModel(
        selected=sight,
        highlights=tuple(marks),
        chances=tuple(chances),
        move_preview=preview,
        stop_at=draw.stop_at if asking and state.move is not None else None,
        perspective=you,
    )


def _buttons(items: list[tuple[str, str, str]]) -> str:
    return "".join(
        f'<button type="button"{" class=" + chr(34) + cls + chr(34) if cls else ""} '
        f'data-action="{action}">{escape(label)}</button>'
        for action, label, cls in items
    )


def _choice_buttons(step: Step) -> str:
    return "".join(
        f'<button type="button" data-action="course-choose" data-choice="{i}">'
        f"{escape(c.label)}</button>"
        for i, c in enumerate(step.choices)
    )


def _finished_prompt(kept: bool) -> str:
    note = "" if kept else '<p class="course-note">This browser does not keep progress.</p>'
    return (
        '<div class="course" data-course="finished"><p>Every lesson done. Play a first game '
        f"against the easy computer on Two walls, with the Exposure view on?</p>{note}"
        '<div class="foot"><div class="actions">'
        + _buttons(
            [
                ("course-play", "Play a first game", "primary"),
                ("course-leave", "Back to the start", ""),
            ]
        )
        + "</div></div></div>"
    )


def course_screen(course: Course, kept: bool = True, over: Overlaid = NOTHING_OVER) -> CourseScreen:
    """The course's status line, prompt and board; ``kept``: the browser keeps progress (else
    the prompt says so); ``over``: the controls over the board, which its labels keep off."""
    count = len(LESSONS)
    if course.finished:
        state = play_position(LESSONS[-1], tuple(answers(LESSONS[-1]))).state
        status = '<p class="status">Course finished</p>'
        board = render(state, frame.clear_of(state.scenario, ViewModel(), over))
        return CourseScreen(status, _finished_prompt(kept), board)
    lesson = course.current
    status = f'<p class="status">Lesson {course.lesson + 1} of {count}: {escape(lesson.title)}</p>'
    state = _board_state(course.lesson, course.chosen, course.tried)
    step = _step_drawn(course)
    asking = course.tried is None and not course.answered
    parts = []
    if course.chosen and course.tried is None:
        last = lesson.steps[len(course.chosen) - 1].choices[course.chosen[-1]]
        parts.append(f'<p class="course-said" role="status">{escape(last.says)}</p>')
    if course.tried is not None:
        wrong = step.choices[course.tried]
        parts.append(f'<p class="course-wrong" role="alert">{escape(wrong.says)}</p>')
        actions = _buttons([("course-retry", "Try again", "primary")])
    elif course.answered:
        last_one = course.lesson + 1 == count
        actions = _buttons([("course-next", "Finish" if last_one else "Next lesson", "primary")])
    else:
        parts.append(f'<p class="course-ask">{escape(step.ask)}</p>')
        actions = _choice_buttons(step)
    parts.append(f'<p class="course-teaches">{escape(lesson.teaches)}</p>')
    skip = [] if course.answered else [("course-skip", "Skip lesson", "")]
    extra = _buttons([*skip, ("course-skip-all", "Skip course", ""), ("course-leave", "Leave", "")])
    if not kept:
        parts.append('<p class="course-note">This browser does not keep your progress.</p>')
    prompt = (
        f'<div class="course" tabindex="-1" data-course="{escape(lesson.key)}"'
        f' data-step="{len(course.chosen)}"'
        f"{' data-wrong' if course.tried is not None else ''}>"
        + "".join(parts)
        + f'<div class="foot"><div class="actions course-choices">{actions}</div>'
        f'<div class="actions course-more">{extra}</div></div></div>'
    )
    view = view_of(state, step, lesson.you, asking)
    done = _drawn(_done_beats(course), state)
    if done:
        view = replace(view, covered=view.covered + trail_boxes(done, state))
    view = frame.clear_of(state.scenario, view, over)
    return CourseScreen(status, prompt, render(state, view, still=trail(done, state)))


def _drawn(done: tuple[Beat, ...], state: State) -> tuple[Beat, ...]:
    """The beats of ``done`` the lesson's trail draws: not a pass (a lesson's script passes for
    the player to hand the turn over, R7: its words tell the story), nor the roll of a Move
    still under way, which the board draws as the Move awaiting a React (R18)."""
    a = state.activation
    mover = (a.player, state.move.card) if state.move is not None and a is not None else None
    return tuple(
        b for b in done if b.kind != BeatKind.PASS and not (b.card == mover and b.kind in _WAITING)
    )


_WAITING = (BeatKind.ROLL, BeatKind.REACT, BeatKind.DECLINE)
"""The beats of a Move not yet made: its roll, and a React or none declared to it."""


def _done_beats(course: Course) -> tuple[Beat, ...]:
    """The beats of the choice just taken (the right one answered, or the wrong one being
    explained, up to the action the engine refused), drawn still over the board as the game
    draws the other side's last turn: the path a Move or a Brawler's traced Move took (R16,
    R17), each shot's line, each turn; none before the lesson's first choice."""
    if course.tried is not None:
        return _choice_beats(course.lesson, course.chosen, course.tried)
    if course.chosen:
        return _choice_beats(course.lesson, course.chosen[:-1], course.chosen[-1])
    return ()


@lru_cache(maxsize=4)
def _choice_beats(lesson: int, before: tuple[int, ...], index: int) -> tuple[Beat, ...]:
    """The beats of choice ``index`` of lesson ``lesson``'s step after ``before`` (kept, as
    ``_board_state`` is: the board is drawn again each time its box changes)."""
    course_lesson = LESSONS[lesson]
    _, states, _ = _play_choice(course_lesson, before, index)
    actions = course_lesson.steps[len(before)].choices[index].actions
    return beats(states, actions[: len(states) - 1])


def answers(lesson: Lesson) -> list[int]:
    """The choice of each step the lesson goes on with."""
    return [
        next(i for i, c in enumerate(s.choices) if not (c.wrong or c.again)) for s in lesson.steps
    ]


def words(text: str) -> int:
    """How many words ``text`` has (the lesson's reading time, 200 words a minute)."""
    return len(text.split())
