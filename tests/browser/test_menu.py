"""The Menu's toggles (Enemy sight, How to play, Saves) say whether each is on, in words or as
an open box's button, and leave the Menu open: on a phone by touch, on a desktop in the header."""

from __future__ import annotations

from playwright.sync_api import Page

from harness.pages import open_menu, start_game


def _states(page: Page) -> tuple[str, str | None, str | None, str | None]:
    """Enemy sight's words and pressed state; How to play's and Saves' open state."""
    return (
        " ".join(page.inner_text("#btn-los").split()[:3]),
        page.get_attribute("#btn-los", "aria-pressed"),
        page.get_attribute("#btn-help", "aria-expanded"),
        page.get_attribute("#btn-saves", "aria-expanded"),
    )


def test_the_menus_toggles_say_whether_they_are_on_and_keep_it_open(
    touch_page: Page, site_url: str
) -> None:
    page = touch_page
    start_game(page, site_url, 3)
    open_menu(page)
    assert _states(page) == ("Enemy sight: off", "false", "false", "false")
    page.tap("#btn-los")
    assert page.locator("#sheet[open]").count() == 1, "the Menu closed"
    assert _states(page)[:2] == ("Enemy sight: on", "true")
    page.tap("#btn-help")
    page.tap("#btn-saves")
    assert _states(page) == ("Enemy sight: on", "true", "true", "true")
    assert page.locator("#help").is_visible() and page.locator("#saves").is_visible()
    for control in ("#btn-los", "#btn-help", "#btn-saves"):
        page.tap(control)
    assert page.locator("#sheet[open]").count() == 1
    assert _states(page) == ("Enemy sight: off", "false", "false", "false")
    page.keyboard.press("Escape")
    page.wait_for_selector("#sheet:not([open])", state="attached")


def test_enemy_sight_says_on_and_off_in_the_desktop_header(page: Page, site_url: str) -> None:
    start_game(page, site_url, 3)
    page.click("#btn-los")
    assert _states(page)[:2] == ("Enemy sight: on", "true")
    page.keyboard.press("l")
    assert _states(page)[:2] == ("Enemy sight: off", "false")
    for width in (1000, 1280):  # the header's controls, longer by ": off", clear the title
        page.set_viewport_size({"width": width, "height": 800})
        controls, title = page.locator("#controls"), page.locator("#top h1")
        box, words = controls.bounding_box(), title.bounding_box()
        assert box is not None and words is not None
        assert box["x"] >= words["x"] + words["width"] and box["x"] + box["width"] <= width
