"""The course's lessons: each position replays in the engine, each right choice's fixed dice
lead to the outcome the lesson tells, each named wrong choice to its explanation and a retry
from the same position; the course's steps, skips, progress and screen."""

from __future__ import annotations

from html import escape

import pytest

from serm.core import queries as q
from serm.core.state import PendingKind
from serm.ui import course as c
from serm.ui.lessons import LESSONS, Expect, Lesson
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


def test_the_course_has_the_seven_lessons_of_the_issue() -> None:
    assert KEYS == ["sight", "shoot", "cover", "move", "react", "gunner", "brawler"]


@pytest.mark.parametrize("lesson", LESSONS, ids=KEYS)
def test_a_lesson_is_short_and_names_one_wrong_choice(lesson: Lesson) -> None:
    assert c.words(lesson.teaches) <= 40
    assert 1 <= len(lesson.steps) <= 3  # one input per step
    wrong = [ch for step in lesson.steps for ch in step.choices if ch.wrong]
    assert len(wrong) == 1
    assert all(any(not ch.wrong for ch in step.choices) for step in lesson.steps)


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
    assert play_position(lesson, chosen).state.pending is not None


@pytest.mark.parametrize("lesson", LESSONS, ids=KEYS)
def test_the_wrong_choice_is_explained_and_retried_from_the_same_position(lesson: Lesson) -> None:
    index = KEYS.index(lesson.key)
    course = c.Course(index)
    for step_no, step in enumerate(lesson.steps):
        wrong = [i for i, ch in enumerate(step.choices) if ch.wrong]
        if wrong:
            before = c.course_screen(course)
            course = c.choose(course, wrong[0])
            assert course.tried == wrong[0]
            shown = c.course_screen(course)
            assert "data-wrong" in shown.prompt
            assert escape(step.choices[wrong[0]].says) in shown.prompt
            assert 'data-action="course-retry"' in shown.prompt
            assert 'data-action="course-choose"' not in shown.prompt
            course = c.retry(course)
            assert c.course_screen(course) == before
        course = c.choose(course, c.answers(lesson)[step_no])
    assert course.answered
    assert 'data-action="course-next"' in c.course_screen(course).prompt


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
        play_position(LESSONS[3]).state, LESSONS[3].steps[0], 1, asking=True
    ).move_preview
    assert move is not None and move.watchers  # the path and who could React along it
