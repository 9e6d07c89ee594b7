"""New game during a game asks in the page, not with the browser's own confirm() box: a small
dialog that a finger and the keyboard both answer."""

from __future__ import annotations

from playwright.sync_api import Page

from harness.pages import start_game
from tests.browser.conftest import NativeDialogs


def _in_view_and_44_px(page: Page, selector: str) -> None:
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    assert box["width"] >= 44 and box["height"] >= 44, (selector, box)
    assert box["x"] >= 0 and box["y"] >= 0, (selector, box)
    assert box["x"] + box["width"] <= size["width"], (selector, box)
    assert box["y"] + box["height"] <= size["height"], (selector, box)


def _tap_menu(page: Page) -> None:
    page.tap("#btn-menu")
    page.wait_for_selector("#sheet[open]")


def test_new_game_asks_in_the_page_by_touch(
    touch_page: Page, site_url: str, native_dialogs: NativeDialogs
) -> None:
    page = touch_page
    opened = native_dialogs.watch(page)
    table = start_game(page, site_url, seed=3)
    assert table.pending()[0] == "place"
    _tap_menu(page)
    page.tap("#btn-new")
    page.wait_for_selector("#leave[open]")
    assert page.locator("#sheet[open]").count() == 0  # the Menu made way
    for action in ("leave", "stay"):
        _in_view_and_44_px(page, f"#leave [data-action={action}]")
    page.tap("#leave [data-action=stay]")
    page.wait_for_selector("#leave:not([open])", state="attached")
    assert table.pending()[0] == "place"  # still the same game
    _tap_menu(page)
    page.tap("#btn-new")
    page.wait_for_selector("#leave[open]")
    page.tap("#leave [data-action=leave]")
    page.wait_for_selector("#leave:not([open])", state="attached")
    page.wait_for_selector("[data-action=start]")
    assert opened == []


def test_new_game_asks_in_the_page_by_keyboard(
    page: Page, site_url: str, native_dialogs: NativeDialogs
) -> None:
    opened = native_dialogs.watch(page)
    table = start_game(page, site_url, seed=3)
    page.keyboard.press("Enter")  # one card placed
    placed = len(table.cards())
    page.click("#btn-new")
    page.wait_for_selector("#leave[open]")
    assert page.evaluate("() => document.activeElement.dataset.action") == "stay"
    page.keyboard.press("Enter")  # Keep playing: the Enter goes to the dialog, not the game
    page.wait_for_selector("#leave:not([open])", state="attached")
    assert table.pending()[0] == "place" and len(table.cards()) == placed
    page.click("#btn-new")
    page.wait_for_selector("#leave[open]")
    page.keyboard.press("Escape")
    page.wait_for_selector("#leave:not([open])", state="attached")
    assert table.pending()[0] == "place"
    page.click("#btn-new")
    page.wait_for_selector("#leave[open]")
    page.keyboard.press("Shift+Tab")  # to Leave this game
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-action=start]")
    assert page.locator("#leave[open]").count() == 0
    assert opened == []
