"""The table is picked on a phone without scrolling the bar.

At 360x640 with touch, the start box shows who plays each side, the table and Start game, all
whole and on top, the bar unscrolled; the table picked there is drawn on the board, kept by the
picker with the drawings below the fold, and is the table the game starts on.
"""

from __future__ import annotations

import json

from playwright.sync_api import Page

from harness.fresh import open_site
from harness.moments import AUTOSAVE
from tests.browser.test_one_screen import hidden_words, sized


def test_the_table_is_picked_in_view_on_a_small_phone(touch_page: Page, site_url: str) -> None:
    page = touch_page
    sized(page, 360, 640)
    open_site(page, site_url, "?seed=5")
    assert page.locator("#panel").evaluate("p => p.scrollTop") == 0
    choice = page.locator("#table-choice")
    assert choice.is_visible() and choice.input_value() == "default"
    shown = ("#player-1", "#player-2", "#table-choice", "[data-action=start]")
    assert hidden_words(page, shown) == []
    choice.select_option("ruins")
    page.locator("#layer-board text", has_text="Ruin").first.wait_for(state="attached")
    assert page.locator("#prompt input[name=scenario]:checked").input_value() == "ruins"
    page.tap("[data-action=start]")
    page.locator("#prompt [data-pending=place]").wait_for()
    saved = json.loads(page.evaluate(f"localStorage.getItem({json.dumps(AUTOSAVE)})"))
    assert saved["record"]["scenario"]["name"].startswith("ruins"), saved["record"]["scenario"]
