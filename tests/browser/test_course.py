"""The course "Learn in 3 minutes", taken as a new player takes it.

Every lesson is completed with touch at 360x640, 390x844 and 740x360, and at 1280x800 with the
keyboard only: each
step's question, choices and the course's own buttons are in view with the page unscrolled,
each lesson's named wrong choice shows its explanation and Try again goes back to the question,
and finishing offers a first game against the easy computer on the default table with the
Exposure view on. The offer on the start screen keeps Start game in view, goes once the course is
finished or skipped, is in the Menu always, and a reload resumes the lesson reached.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, Response

from harness.chromium import wait_until_booted
from serm.ui import course as c
from serm.ui.help import COURSE_OFFER
from serm.ui.lessons import LESSONS, Lesson
from serm.ui.lessons.position import play_position
from tests.browser.test_offline import wait_for_service_worker
from tests.browser.test_one_screen import (
    LAYOUTS,
    WORDS,
    assert_in_view,
    assert_unscrolled,
    hidden_words,
)

OFFER = "#prompt button[data-action=course]"

COURSE_WORDS = (*WORDS, "#prompt .course > p")
"""What a player reads in a lesson: the general check's words (the status, every button) and
each paragraph of the lesson: its question or what happened, the wrong choice's explanation,
what it teaches, the note that progress is not kept."""


LIVE_JS = """(el) => {
  const live = el.closest('[aria-live]:not([aria-live=off]), [role=alert], [role=status]');
  const hidden = el.closest('[aria-hidden=true], [hidden], [inert]');
  const shown = el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const html = (e) => e && e.outerHTML.slice(0, 60);
  return live && !hidden && shown ? ''
    : `not announced: live ${html(live)} hidden ${html(hidden)} shown ${shown}`;
}"""
"""Why ``el``'s words would not be announced: not inside a live region (``aria-live`` polite or
assertive, or a status or alert), inside something hidden from assistive technology, or not
shown (""when they are)."""

MOVING_JS = """() => document.getAnimations().filter((a) => a.playState === 'running'
  && (a.effect?.getComputedTiming().duration ?? 0) > 1).map((a) => String(a.animationName
  ?? a.transitionProperty ?? a.id))"""
"""The animations and transitions running that last more than a millisecond."""


RINGED_JS = """() => {
  const probe = document.createElement('button');
  document.body.append(probe);
  const line = getComputedStyle(probe).borderTopColor;
  probe.remove();
  return [...document.querySelectorAll('#prompt .course-choices button')]
    .filter((b) => getComputedStyle(b).borderTopColor !== line)
    .map((b) => b.textContent);
}"""
"""The lesson's choices drawn with another border than a button at rest (a hover's ring)."""


class Player:
    """Presses the course's buttons as a player would: a finger taps them; the keyboard tabs to
    them from the one the course focuses, and presses Enter; a mouse clicks them.

    ``still``: at each of the course's screens nothing on the page moves for longer than a
    millisecond (reduced motion); ``heard``: each question, wrong choice's explanation and
    result is in a live region."""

    def __init__(
        self, page: Page, touch: bool, mouse: bool = False, still: bool = False, heard: bool = False
    ) -> None:
        self.page, self.touch, self.mouse = page, touch, mouse
        self.still, self.heard = still, heard

    def press(self, selector: str) -> None:
        target = self.page.locator(selector)
        assert_in_view(self.page, target)
        self._press(target, selector)

    def _press(self, target: Locator, selector: str) -> None:
        if self.touch:
            target.tap()
            return
        if self.mouse:
            target.click()
            return
        for _ in range(40):
            if target.evaluate("el => el === document.activeElement"):
                self.page.keyboard.press("Enter")
                return
            self.page.keyboard.press("Tab")
        raise AssertionError(f"the keyboard never reached {selector}")

    def announced(self, selector: str) -> None:
        """With ``heard``: the words ``selector`` shows are announced by a live region."""
        if self.heard:
            said = self.page.locator(selector)
            assert said.evaluate(LIVE_JS) == "", selector

    def in_view(self) -> None:
        """No page scrolls; every word of the lesson (its question or what happened, the
        explanation, what it teaches) and every button is inside the window, uncut and on top
        (the general check of ``test_one_screen``)."""
        assert_unscrolled(self.page)
        words = self.page.locator("#prompt .course > p").first
        assert_in_view(self.page, words)
        for button in self.page.locator("#prompt .course .foot button").all():
            assert_in_view(self.page, button)
        assert hidden_words(self.page, COURSE_WORDS) == []
        if self.still:
            assert self.page.evaluate(MOVING_JS) == []


def open_course(player: Player) -> None:
    page = player.page
    offer = page.locator(OFFER)
    assert " ".join((offer.text_content() or "").split()) == COURSE_OFFER
    assert_in_view(page, page.locator("#prompt button[data-action=start]"))
    player.press(OFFER)
    page.wait_for_selector("#prompt .course")


def take_lesson(player: Player, number: int, lesson: Lesson) -> None:
    """Every step of ``lesson``: its wrong choice first (explained, then Try again), then the
    right one; then on to the next lesson."""
    page = player.page
    page.wait_for_selector(f"#prompt .course[data-course={lesson.key}][data-step='0']")
    assert f"Lesson {number} of {len(LESSONS)}" in page.inner_text("#status")
    for index, step in enumerate(lesson.steps):
        page.wait_for_selector(
            f"#prompt .course[data-step='{index}']:not([data-wrong]) .course-ask"
        )
        assert page.inner_text("#prompt .course-ask") == step.ask
        player.announced("#prompt .course-ask")
        player.in_view()
        assert page.evaluate(  # no choice is singled out by the focus, as if it were the answer
            "() => !document.activeElement?.matches('#prompt .course-choices button')"
        )
        if player.touch:  # nor by the hover of the finger that tapped the last button there
            assert page.evaluate(RINGED_JS) == []
        for number_, choice in enumerate(step.choices):
            if choice.wrong or choice.again:
                player.press(f"#prompt button[data-choice='{number_}']")
                said = page.locator("#prompt .course[data-wrong] .course-wrong")
                said.wait_for()
                assert said.inner_text() == choice.says
                player.announced("#prompt .course-wrong")
                player.in_view()
                player.press("#prompt button[data-action=course-retry]")
                page.wait_for_selector(f"#prompt .course[data-step='{index}'] .course-ask")
        right = next(i for i, c in enumerate(step.choices) if not (c.wrong or c.again))
        player.press(f"#prompt button[data-choice='{right}']")
        said = page.locator(f"#prompt .course[data-step='{index + 1}'] .course-said")
        said.wait_for()
        assert said.inner_text() == step.choices[right].says
        player.announced("#prompt .course-said")
        player.in_view()
    player.press("#prompt button[data-action=course-next]")


def finish_and_play(player: Player) -> None:
    page = player.page
    page.wait_for_selector("#prompt .course[data-course=finished]")
    player.in_view()
    player.press("#prompt button[data-action=course-play]")
    assert page.locator("#player-2").count() == 0  # the game, not the start screen
    # the computer may place first: the view is on once the player's placement is asked
    page.locator("#prompt button[data-action=exposure][aria-pressed=true]").wait_for(timeout=60_000)
    assert page.locator("#prompt [data-pending=place]").count() == 1
    table = page.locator("#board-svg").get_attribute("aria-label") or ""
    assert "default" in table.lower() or "two walls" in table.lower(), table


def take_the_course(player: Player) -> None:
    open_course(player)
    for number, lesson in enumerate(LESSONS, start=1):
        take_lesson(player, number, lesson)
    finish_and_play(player)


@pytest.mark.parametrize(("width", "height"), LAYOUTS["phone"])
def test_the_course_with_touch_on_a_phone(
    touch_page: Page, site_url: str, width: int, height: int
) -> None:
    """360x640 and 390x844 upright, 740x360 held sideways."""
    touch_page.set_viewport_size({"width": width, "height": height})
    take_the_course(Player(touch_page, touch=True))


def test_the_course_with_the_keyboard_only_at_1280_by_800(page: Page, site_url: str) -> None:
    take_the_course(Player(page, touch=False))


def test_the_course_with_reduced_motion(page: Page, site_url: str) -> None:
    """With ``prefers-reduced-motion: reduce`` the course is taken to its end by mouse, and no
    screen of it waits for anything that moves."""
    page.emulate_media(reduced_motion="reduce")
    take_the_course(Player(page, touch=False, mouse=True, still=True))


def test_the_course_is_announced_in_a_live_region(touch_page: Page, site_url: str) -> None:
    """Each lesson's question, each wrong choice's explanation and each result is said in a
    live region of the page (what a screen reader reads out as it changes)."""
    take_the_course(Player(touch_page, touch=True, heard=True))


def test_the_course_opens_and_runs_offline_after_a_first_visit(
    cold_page: Page, site_url: str
) -> None:
    """Once visited, with the network cut, the page loads from its service worker and the course
    is taken to its end; nothing comes from the network."""
    page = cold_page
    page.goto(site_url)
    wait_until_booted(page)
    wait_for_service_worker(page)
    page.context.set_offline(True)
    responses: list[Response] = []
    page.on("response", lambda r: responses.append(r))
    page.reload()
    wait_until_booted(page)
    take_the_course(Player(page, touch=False, mouse=True))
    assert page.evaluate("navigator.onLine") is False
    assert responses and all(r.from_service_worker for r in responses)


AT_JS = """([x, y]) => {
  const svg = document.querySelector('#board-svg');
  const p = svg.createSVGPoint();
  p.x = x * 100; p.y = y * 100;  // serm.view.common.SCALE: user units per L
  const q = p.matrixTransform(svg.getScreenCTM());
  const top = document.elementFromPoint(q.x, q.y);
  return [q.x, q.y, top !== null && top.closest('#board-view') !== null];
}"""
"""Where the table's point (x, y) L is in the window, and whether the board is what is there."""


def tap_board(page: Page, x: float, y: float) -> None:
    qx, qy, on_board = page.evaluate(AT_JS, [x, y])
    assert on_board, (x, y)
    page.touchscreen.tap(qx, qy)


def test_a_lesson_is_completed_by_tapping_the_board_on_a_phone(
    touch_page: Page, site_url: str
) -> None:
    """At 360x640 the React lesson is taken on the board alone, as a game is: the Move aimed by
    a tap above the Assault, the React by a tap on the Ranger, the stop by a tap on the path
    (first the named wrong one, behind the ruin, explained; then where the Ranger sees it)."""
    page = touch_page
    page.set_viewport_size({"width": 360, "height": 640})
    player = Player(page, touch=True)
    open_course(player)
    lesson = next(x for x in LESSONS if x.key == "react")
    for _ in range(LESSONS.index(lesson)):
        player.press("#prompt button[data-action=course-skip]")
    state = play_position(lesson).state
    for index, step in enumerate(lesson.steps):
        page.wait_for_selector(
            f"#prompt .course[data-step='{index}']:not([data-wrong]) .course-ask"
        )
        for choice in step.choices:
            if choice.again:
                continue
            if choice.toward is not None:
                x, y = choice.toward
            else:
                x, y = state.soldier(*choice.tap[0]).x, state.soldier(*choice.tap[0]).y
            tap_board(page, x, y)
            if choice.wrong:
                said = page.locator("#prompt .course[data-wrong] .course-wrong")
                said.wait_for()
                assert said.inner_text() == choice.says
                player.press("#prompt button[data-action=course-retry]")
                page.wait_for_selector(
                    f"#prompt .course[data-step='{index}']:not([data-wrong]) .course-ask"
                )
                continue
            said = page.locator(f"#prompt .course[data-step='{index + 1}'] .course-said")
            said.wait_for()
            assert said.inner_text() == choice.says
            state = play_position(lesson, c.answers(lesson)[: index + 1]).state
    player.in_view()
    player.press("#prompt button[data-action=course-next]")
    page.wait_for_selector("#prompt .course[data-course=gunner]")


def test_the_offer_goes_once_the_course_is_skipped_and_stays_in_the_menu(
    touch_page: Page, site_url: str
) -> None:
    page = touch_page
    player = Player(page, touch=True)
    open_course(player)
    player.press("#prompt button[data-action=course-skip]")
    page.wait_for_selector("#prompt .course[data-course=shoot]")
    player.press("#prompt button[data-action=course-skip-all]")
    page.wait_for_selector("#prompt button[data-action=start]")
    assert page.locator(OFFER).count() == 0
    page.tap("#btn-menu")
    page.tap("#btn-course")
    page.wait_for_selector("#prompt .course[data-course=sight]")


def test_the_course_resumes_after_a_reload(cold_page: Page, site_url: str) -> None:
    page = cold_page
    page.goto(site_url)
    wait_until_booted(page)
    player = Player(page, touch=False)
    open_course(player)
    take_lesson(player, 1, LESSONS[0])
    player.press("#prompt button[data-action=course-skip]")
    page.wait_for_selector("#prompt .course[data-course=cover]")
    page.reload()
    wait_until_booted(page)
    page.locator(OFFER).click()
    page.wait_for_selector("#prompt .course[data-course=cover]")
    assert "Lesson 3 of 7" in page.inner_text("#status")


def test_refused_storage_offers_the_course_each_time_and_says_so(
    cold_page: Page, site_url: str
) -> None:
    page = cold_page
    page.context.add_init_script(
        "Object.defineProperty(window, 'localStorage', {get() {"
        " throw new DOMException('denied', 'SecurityError'); }});"
    )
    page.goto(site_url)
    wait_until_booted(page)
    page.locator(OFFER).click()
    page.wait_for_selector("#prompt .course .course-note")
    assert "does not keep" in page.inner_text("#prompt .course-note")
    page.locator("#prompt button[data-action=course-skip-all]").click()
    page.wait_for_selector(OFFER)


def test_the_menu_offers_the_course_during_a_game_and_its_first_game_has_the_exposure_view(
    page: Page, site_url: str
) -> None:
    """After a game was played in this browser a new game starts without the Exposure view; the
    course's first game turns it on all the same."""
    page.click("#prompt button[data-action=start]")
    page.wait_for_selector("#prompt [data-pending=place]")
    page.click("#btn-course")
    page.wait_for_selector("#prompt .course[data-course=sight]")
    for _ in LESSONS:
        page.click("#prompt button[data-action=course-skip]")
    page.wait_for_selector("#prompt .course[data-course=finished]")
    page.click("#prompt button[data-action=course-play]")
    page.locator("#prompt button[data-action=exposure][aria-pressed=true]").wait_for(timeout=60_000)
