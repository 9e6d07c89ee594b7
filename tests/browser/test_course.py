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
from playwright.sync_api import Page

from harness.chromium import wait_until_booted
from serm.ui.help import COURSE_OFFER
from serm.ui.lessons import LESSONS, Lesson
from tests.browser.test_one_screen import LAYOUTS, assert_in_view, assert_unscrolled

OFFER = "#prompt button[data-action=course]"


class Player:
    """Presses the course's buttons as a player would: a finger taps them; the keyboard tabs to
    them from the one the course focuses, and presses Enter."""

    def __init__(self, page: Page, touch: bool) -> None:
        self.page, self.touch = page, touch

    def press(self, selector: str) -> None:
        target = self.page.locator(selector)
        assert_in_view(self.page, target)
        if self.touch:
            target.tap()
            return
        for _ in range(40):
            if target.evaluate("el => el === document.activeElement"):
                self.page.keyboard.press("Enter")
                return
            self.page.keyboard.press("Tab")
        raise AssertionError(f"the keyboard never reached {selector}")

    def in_view(self) -> None:
        """No page scrolls; the question (or what happened) and every button are in view."""
        assert_unscrolled(self.page)
        words = self.page.locator("#prompt .course > p").first
        assert_in_view(self.page, words)
        for button in self.page.locator("#prompt .course .foot button").all():
            assert_in_view(self.page, button)


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
        player.in_view()
        assert page.evaluate(  # no choice is singled out by the focus, as if it were the answer
            "() => !document.activeElement?.matches('#prompt .course-choices button')"
        )
        for number_, choice in enumerate(step.choices):
            if choice.wrong or choice.again:
                player.press(f"#prompt button[data-choice='{number_}']")
                said = page.locator("#prompt .course[data-wrong] .course-wrong")
                said.wait_for()
                assert said.inner_text() == choice.says
                player.in_view()
                player.press("#prompt button[data-action=course-retry]")
                page.wait_for_selector(f"#prompt .course[data-step='{index}'] .course-ask")
        right = next(i for i, c in enumerate(step.choices) if not (c.wrong or c.again))
        player.press(f"#prompt button[data-choice='{right}']")
        said = page.locator(f"#prompt .course[data-step='{index + 1}'] .course-said")
        said.wait_for()
        assert said.inner_text() == step.choices[right].says
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
