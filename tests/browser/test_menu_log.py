"""A phone's Menu opens with the log's newest entry whole: the log, not the whole sheet, gives
way when the sheet's controls and the log are taller than the screen."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

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
