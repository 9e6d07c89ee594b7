"""A phone's Menu opens with the log's newest entry whole: the log, not the whole sheet, gives
way when the sheet's controls and the log are taller than the screen."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from harness.fresh import open_site
from harness.moments import open_moment
from tests.browser.test_one_screen import LAYOUTS, hidden_words, moment, sized


@pytest.mark.parametrize(("width", "height"), LAYOUTS["phone"])
def test_the_menus_log_shows_its_newest_entry_whole_when_it_opens(
    touch_page: Page, site_url: str, width: int, height: int
) -> None:
    """Sixty actions into a game, Menu tapped: the log's last entry is whole, inside the log's
    and the sheet's visible boxes and the window, without scrolling the sheet."""
    page = touch_page
    sized(page, width, height)
    open_moment(page, site_url, moment("act-after-computer"))
    page.tap("#btn-menu")
    page.wait_for_selector("#sheet[open]")
    assert page.locator("#log li").count() > 40
    assert hidden_words(page, ("#log > li:last-child",)) == []
    assert page.evaluate("() => document.getElementById('sheet').scrollTop") == 0


@pytest.mark.parametrize(("width", "height"), LAYOUTS["phone"])
def test_how_to_play_open_in_the_menu_leaves_the_log_readable(
    touch_page: Page, site_url: str, width: int, height: int
) -> None:
    """How to play opened in a phone's Menu shares the sheet with the log: each keeps at least
    a few lines (the log was squeezed to one line, 24 px, at 360x640), the log's newest entry
    whole once the log is in view (held sideways, the sheet scrolls to it). Closed again, the
    log has its room back."""
    page = touch_page
    sized(page, width, height)
    open_moment(page, site_url, moment("act-after-computer"))
    page.tap("#btn-menu")
    page.wait_for_selector("#sheet[open]")
    alone = page.locator("#log").bounding_box()
    page.tap("#btn-help")
    page.wait_for_selector("#help:not([hidden])")
    log, help_ = page.locator("#log").bounding_box(), page.locator("#help").bounding_box()
    assert log is not None and help_ is not None and alone is not None
    line = float(page.locator("#log li").last.evaluate("e => e.getBoundingClientRect().height"))
    assert log["height"] >= 3 * line and help_["height"] >= 3 * line, (log, help_, line)
    page.locator("#log-box").scroll_into_view_if_needed()
    assert hidden_words(page, ("#log > li:last-child",)) == []
    page.locator("#btn-help").scroll_into_view_if_needed()
    page.tap("#btn-help")
    page.wait_for_selector("#help[hidden]", state="attached")
    again = page.locator("#log").bounding_box()
    assert again is not None and again["height"] == alone["height"]


def test_how_to_play_and_saves_in_a_phones_menu_get_the_room_they_need(
    touch_page: Page, site_url: str
) -> None:
    """At 360x640, before any game, How to play opened in the Menu is taller than the log,
    which is empty and takes no room; in a game, with How to play open, Saves opened too shows
    its Name field and Save game button whole (they were cut by the bottom of Saves' box)."""
    page = touch_page
    sized(page, 360, 640)
    open_site(page, site_url)
    page.tap("#btn-menu")
    page.wait_for_selector("#sheet[open]")
    page.tap("#btn-help")
    page.wait_for_selector("#help:not([hidden])")
    help_ = page.locator("#help").bounding_box()
    assert help_ is not None and help_["height"] >= 240, help_
    assert page.locator("#log-box").bounding_box() is None
    open_moment(page, site_url, moment("act-after-computer"))
    page.tap("#btn-menu")
    page.wait_for_selector("#sheet[open]")
    if page.locator("#help[hidden]").count():
        page.tap("#btn-help")
    page.wait_for_selector("#help:not([hidden])")
    page.locator("#btn-saves").scroll_into_view_if_needed()
    page.tap("#btn-saves")
    page.wait_for_selector("#saves:not([hidden]) #save-name")
    page.locator("#saves [data-action='slot-save']").scroll_into_view_if_needed()
    assert hidden_words(page, ("#saves label[for='save-name']", "#saves button")) == []
