"""The course's lessons: each position replays in the engine, each right choice's fixed dice
lead to the outcome the lesson tells, each named wrong choice to its explanation and a retry
from the same position; the course's steps, skips, progress and screen."""

from __future__ import annotations

import math
import re
from dataclasses import replace
from html import escape

import pytest

from serm.core import los
from serm.core import queries as q
from serm.core.actions import Move, React, Shoot, Stop, Turn
from serm.core.cards import CARD_NAMES
from serm.core.geometry import Vec, bearing_of
from serm.core.movement import position_at
from serm.core.state import PendingKind, Status
from serm.ui import course as c
from serm.ui.lessons import LESSONS, Expect, Lesson
from serm.ui.lessons.l7_brawler import PATH
from serm.ui.lessons.position import play_position

KEYS = [lesson.key for lesson in LESSONS]


def check(expect: Expect, tried: c.Tried) -> None:
    state = tried.game.state
    assert (tried.refused.rule if tried.refused else "") == expect.refused, tried.refused
    for key in expect.out:
        assert not state.soldier(*key).alive, key
    for key in expect.kept:
        assert state.soldier(*key).alive, key
    for viewer, target, seen in expect.sees:
        assert q.sees_soldier(state, state.soldier(*viewer), state.soldier(*target)) == seen
    assert state.winner == expect.winner
    for key, x, y in expect.moved:
        assert (state.soldier(*key).x, state.soldier(*key).y) == pytest.approx((x, y))


def test_the_course_has_the_seven_lessons_of_the_issue() -> None:
    assert KEYS == ["sight", "shoot", "cover", "move", "react", "gunner", "brawler"]


@pytest.mark.parametrize("lesson", LESSONS, ids=KEYS)
def test_a_lesson_is_short_and_names_one_wrong_choice(lesson: Lesson) -> None:
    assert c.words(lesson.teaches) <= 40
    assert 1 <= len(lesson.steps) <= 3  # one input per step
    wrong = [ch for step in lesson.steps for ch in step.choices if ch.wrong]
    assert len(wrong) == 1
    assert all(any(not ch.wrong for ch in step.choices) for step in lesson.steps)


def test_where_the_right_choice_stands_is_no_tell() -> None:
    """Over the course, the right choice of a two-way question comes first in some lessons and
    second in others: a newcomer who learns "the first is the wrong one" learns nothing."""
    places = {
        next(i for i, ch in enumerate(step.choices) if not (ch.wrong or ch.again))
        for lesson in LESSONS
        for step in lesson.steps
        if len(step.choices) == 2 and any(ch.wrong for ch in step.choices)
    }
    assert places == {0, 1}


@pytest.mark.parametrize("lesson", LESSONS, ids=KEYS)
def test_a_lesson_position_replays_and_waits_for_the_player(lesson: Lesson) -> None:
    game = play_position(lesson)
    assert game.state.pending is not None
    assert game.state.pending.player == lesson.you
    assert game.state.pending.kind in (PendingKind.ACT, PendingKind.PLACE)
    assert not game.auto_dice  # every die comes from the lesson
    for player, card, x, y, facing in lesson.cards:
        s = game.state.soldier(player, card)
        assert (s.x, s.y, s.facing) == (x, y, facing)


@pytest.mark.parametrize("lesson", LESSONS, ids=KEYS)
def test_each_choice_leads_to_what_the_lesson_says(lesson: Lesson) -> None:
    """Every choice of every step, from the position its step asks in, does what its words and
    its ``Expect`` say; the right ones end with the engine waiting, none refused."""
    chosen: tuple[int, ...] = ()
    for step in lesson.steps:
        for index, choice in enumerate(step.choices):
            tried = c.try_choice(lesson, chosen, index)
            check(choice.expect, tried)
            if not choice.wrong:
                assert tried.refused is None
        chosen = (*chosen, c.answers(lesson)[len(chosen)])
    last = play_position(lesson, chosen).state
    assert last.pending is not None or last.winner == lesson.you


@pytest.mark.parametrize("lesson", LESSONS, ids=KEYS)
def test_the_wrong_choice_is_explained_and_retried_from_the_same_position(lesson: Lesson) -> None:
    index = KEYS.index(lesson.key)
    course = c.Course(index)
    for step_no, step in enumerate(lesson.steps):
        wrong = [i for i, ch in enumerate(step.choices) if ch.wrong or ch.again]
        for index in wrong:
            before = c.course_screen(course)
            course = c.choose(course, index)
            assert course.tried == index
            shown = c.course_screen(course)
            assert "data-wrong" in shown.prompt
            assert escape(step.choices[index].says) in shown.prompt
            assert 'data-action="course-retry"' in shown.prompt
            assert 'data-action="course-choose"' not in shown.prompt
            course = c.retry(course)
            assert c.course_screen(course) == before
        course = c.choose(course, c.answers(lesson)[step_no])
    assert course.answered
    assert 'data-action="course-next"' in c.course_screen(course).prompt


SOLDIERS = {
    "sight": {(1, "assault"), (2, "assault"), (2, "armored")},
    "shoot": {(1, "assault"), (2, "ranger"), (2, "armored")},
    "cover": {(1, "ranger"), (2, "gunner")},
    "move": {(1, "assault"), (2, "armored")},
    "react": {(1, "ranger"), (1, "assault"), (2, "assault"), (2, "ranger")},
    "gunner": {(1, "gunner"), (2, "ranger"), (2, "assault"), (2, "armored")},
    # the game's first activation: all ten, the enemy's five to knock out to win
    "brawler": {(p, c) for p in (1, 2) for c in CARD_NAMES},
}
"""The soldiers on the table as each lesson starts: only those it teaches with."""


@pytest.mark.parametrize("lesson", LESSONS, ids=KEYS)
def test_a_lesson_starts_with_only_the_soldiers_it_teaches_with(lesson: Lesson) -> None:
    """The others were eliminated by the record's prefix: shot, not set aside."""
    state = play_position(lesson).state
    assert {(s.player, s.card) for s in state.on_table()} == SOLDIERS[lesson.key]
    assert all(s.placed for s in state.soldiers)
    assert state.status == Status.PLAYING


def test_the_opening_lesson_is_still_in_the_opening() -> None:
    """It is the game's first activation, in which the opening holds the Gunner back (R5)."""
    state = play_position(LESSONS[-1]).state
    assert state.activation_number == 1 and all(s.alive for s in state.soldiers)
    assert q.opening_holds(state, state.soldier(1, "gunner"))


def test_the_named_wrong_choices_are_the_issues() -> None:
    wrong = {
        lesson.key: next(ch for s in lesson.steps for ch in s.choices if ch.wrong).label
        for lesson in LESSONS
    }
    assert wrong == {
        "sight": "Shoot the Armored",
        "shoot": "Shoot the Armored",
        "cover": "Behind the low crates",
        "move": "Up, into the wall",
        "react": "Behind the ruin",
        "gunner": "Turn, then shoot",
        "brawler": "Gunner: Shoot",
    }


def test_an_answer_says_whose_soldier_did_what() -> None:
    """Where both sides have a soldier of the same kind, an answer says whose: in the React
    lesson's first step it is the enemy's React that beat your Move; the
    Brawler lesson's wrong answer names the soldier to move instead of the Gunner."""
    react = LESSONS[KEYS.index("react")].steps[0].choices[0].says
    assert react.startswith("Their React 8 beat your Move 3")
    wrong = next(ch for ch in LESSONS[KEYS.index("brawler")].steps[0].choices if ch.wrong)
    assert wrong.says.endswith("Move the Brawler instead.")


def test_reacting_can_be_declined_as_in_the_game() -> None:
    """The React question offers the game's "no": the Move goes on, the step is asked again."""
    lesson = LESSONS[KEYS.index("react")]
    step = lesson.steps[1]
    assert [(ch.label, ch.actions) for ch in step.choices if ch.again] == [
        ("Let it go", (React(None),))
    ]
    game = play_position(lesson, (0,))
    assert game.state.pending is not None and game.state.pending.kind == PendingKind.REACT


def test_the_react_lesson_says_a_react_that_works_is_its_sides_next_activation() -> None:
    """What the React lesson teaches, shown at each of its screens, says that the reacting
    soldier's activation is its side's next one (R19: the turn then passes to the mover's side)."""
    index = KEYS.index("react")
    for chosen in ((), (0,), (0, 0), (0, 0, 1)):
        prompt = c.course_screen(c.Course(index, chosen)).prompt
        assert "acts at once, using its side&#x27;s next activation." in prompt, prompt


def test_the_stop_drawn_is_where_the_reactor_sees_the_whole_mover() -> None:
    """The stop the board proposes is the right choice's stop, and the engine's sight from the
    reacting Ranger reaches every corner and the middle of the mover's card there."""
    lesson = LESSONS[KEYS.index("react")]
    state = play_position(lesson, (0, 0)).state
    step = lesson.steps[2]
    view = c.view_of(state, step, lesson.you, asking=True)
    assert view.stop_at is not None
    right = step.choices[c.answers(lesson)[2]]
    assert Stop(view.stop_at) in right.actions
    move = state.move
    assert move is not None and move.reactor == "ranger"
    at = position_at(move.path, view.stop_at)
    mover = replace(state.soldier(2, "assault"), x=at.x, y=at.y)
    ranger = state.soldier(1, "ranger")
    there = state.with_soldier(mover)
    assert q.sees_soldier(there, ranger, mover)
    e = 0.01
    for p in (*mover.polygon(), mover.pos):
        dot = (
            Vec(p.x - e, p.y - e),
            Vec(p.x + e, p.y - e),
            Vec(p.x + e, p.y + e),
            Vec(p.x - e, p.y + e),
        )
        assert los.sees(q.viewer(ranger), dot, q.tall_terrain(there)), p
    # the wrong choice's stop is one the Ranger does not see
    wrong = next(ch for ch in step.choices if ch.wrong)
    short = next(a for a in wrong.actions if isinstance(a, Stop))
    at = position_at(move.path, short.distance)
    hidden = replace(mover, x=at.x, y=at.y)
    assert not q.sees_soldier(state.with_soldier(hidden), ranger, hidden)


def test_skipping_every_lesson_finishes_the_course() -> None:
    course = c.Course()
    for _ in LESSONS:
        assert not course.finished
        assert 'data-action="course-skip"' in c.course_screen(course).prompt
        course = c.next_lesson(course)
    assert course.finished
    assert 'data-action="course-play"' in c.course_screen(course).prompt


def test_progress_is_kept_as_the_lesson_reached() -> None:
    assert c.read_progress(c.progress_text(c.Course(3, (0,)))) == c.Course(3)
    assert c.read_progress(c.progress_text(c.Course(len(LESSONS)))) is None
    assert c.progress_text(c.Course(len(LESSONS))) == c.DONE
    for junk in (None, "", "{", "[]", '{"lesson": 99}', '{"lesson": true}', c.SKIPPED):
        assert c.read_progress(junk) is None
    assert c.offered(None) and c.offered('{"lesson": 2}')
    assert not c.offered(c.DONE) and not c.offered(c.SKIPPED)


def test_the_board_draws_what_the_step_asks_about() -> None:
    shoot = c.course_screen(c.Course(1)).board
    assert "%" in shoot  # the kill chances on the targets
    move = c.view_of(
        play_position(LESSONS[4]).state, LESSONS[4].steps[0], 1, asking=True
    ).move_preview
    assert move is not None and move.watchers  # the path and who could React along it


def _acted_on(lesson: Lesson, chosen: tuple[int, ...], index: int) -> None:
    """The choice's point and soldiers are where the game's own gesture would take it: a Move
    aimed or a turn toward its point, a mover stopped at it, a target or reactor tapped."""
    state = play_position(lesson, chosen).state
    choice = lesson.steps[len(chosen)].choices[index]
    you = lesson.you
    first = choice.actions[0]
    if isinstance(first, Move) and first.direction is not None:
        mover = state.soldier(you, first.card)
        at = choice.toward or next((state.soldier(*k).x, state.soldier(*k).y) for k in choice.tap)
        toward = bearing_of(Vec(*at) - mover.pos)
        assert abs((toward - first.direction + 180) % 360 - 180) < 10, (toward, first)
    elif isinstance(first, Turn):
        s = state.soldier(you, first.card)
        assert choice.toward is not None
        toward = bearing_of(Vec(*choice.toward) - s.pos)
        assert abs((toward - first.facing + 180) % 360 - 180) < 10, (toward, first)
    elif isinstance(first, Stop):
        assert state.move is not None and choice.toward is not None
        at = position_at(state.move.path, first.distance)
        assert math.dist((at.x, at.y), choice.toward) < 0.3
    elif isinstance(first, Shoot):
        assert (3 - you, first.target) in choice.tap
    elif isinstance(first, React) and first.card is not None:
        assert (you, first.card) in choice.tap


@pytest.mark.parametrize("lesson", LESSONS, ids=KEYS)
def test_each_choice_is_taken_on_the_board_by_the_games_gesture(lesson: Lesson) -> None:
    """Every choice but a decline has a soldier to tap or a point of the table, and a tap on
    it (a soldier's card, or within reach of the point) takes that choice and no other."""
    index = KEYS.index(lesson.key)
    chosen: tuple[int, ...] = ()
    for step in lesson.steps:
        course = c.Course(index, chosen)
        for number, choice in enumerate(step.choices):
            if choice.again:
                continue  # a "no" has no place on the board: its button
            assert choice.tap or choice.toward, choice.label
            _acted_on(lesson, chosen, number)
            for key in choice.tap:
                s = play_position(lesson, chosen).state.soldier(*key)
                assert c.board_choice(course, s.x, s.y, key) == number
            if choice.toward is not None:
                assert c.board_choice(course, *choice.toward, None) == number
        assert c.board_choice(course, -5.0, -5.0, None) is None
        chosen = (*chosen, c.answers(lesson)[len(chosen)])
    assert c.board_choice(c.Course(index, chosen), 5.0, 5.0, None) is None  # nothing asked


def test_no_kill_chance_stands_over_a_target_the_opening_keeps_the_gunner_from() -> None:
    """The opening lesson draws its Gunner's sight, but the Gunner may not Shoot in the game's
    first activation (R5): no kill chance of a Shoot it cannot make stands on the board, only
    the mark of the Brawler's target."""
    lesson = LESSONS[KEYS.index("brawler")]
    state = play_position(lesson).state
    view = c.view_of(state, lesson.steps[0], lesson.you, asking=True)
    assert view.selected == (1, "gunner")
    assert ((2, "armored"), "target") in view.highlights
    assert view.chances == ()
    assert "%" not in c.course_screen(c.Course(KEYS.index("brawler"))).board


def _trail_paths(board: str) -> list[list[tuple[float, float]]]:
    """The corners (L) of each path the board's trail draws (``#layer-show``)."""
    show = board.split('id="layer-show"', 1)[1]
    found = re.findall(r'<polyline points="([^"]+)"[^>]*class="trail-path"', show)
    found += re.findall(r'<polyline[^>]*class="trail-path"[^>]*points="([^"]+)"', show)
    return [
        [(float(x) / 100, float(y) / 100) for x, y in (p.split(",") for p in pts.split())]
        for pts in found
    ]


def test_the_brawlers_answer_draws_the_bending_path_it_traced() -> None:
    """The lesson says the Brawler went round the wall and the crates (R17): once answered, the
    board draws the path it took through each corner, as the game draws a last turn; while
    the step is asked, nothing of it."""
    index = KEYS.index("brawler")
    lesson = LESSONS[index]
    assert _trail_paths(c.course_screen(c.Course(index)).board) == []
    answered = c.choose(c.Course(index), c.answers(lesson)[0])
    (drawn,) = _trail_paths(c.course_screen(answered).board)
    assert drawn[0] == pytest.approx((5.0, 8.6))  # where the Brawler stood
    for corner in PATH[:-1]:
        assert any(math.dist(corner, p) < 1e-6 for p in drawn), corner


def test_a_lessons_trail_leaves_out_its_scripted_pass() -> None:
    """The React lesson's first answer plays a pass for the player to hand the turn over (R7):
    the trail draws the shot that stopped the Assault, not a pass the player never chose."""
    index = KEYS.index("react")
    answered = c.choose(c.Course(index), 0)
    board = c.course_screen(answered).board
    show = board.split('id="layer-show"', 1)[1]
    assert "trail-aim" in show and "trail-hit" in show
    assert "passes" not in show
