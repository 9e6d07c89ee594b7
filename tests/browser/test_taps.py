"""A finger's tap on a control that puts something else under the finger acts once: the click the
browser sends after the tap does not reach what the tap drew there."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page

from harness.fresh import open_site
from harness.pages import open_menu
from serm.core.record import loads
from tests.browser.touch import Fingers

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "complete-game.json"
LAST = len(loads(EXAMPLE.read_text()).actions)


def _position(page: Page) -> int:
    return int(page.locator("#prompt .replay").get_attribute("data-index") or -1)


@pytest.mark.parametrize("across", [0.1, 0.5, 0.9])
def test_watch_replay_tapped_anywhere_on_its_button_opens_at_the_end(
    touch_page: Page, site_url: str, across: float
) -> None:
    """The viewer's slider is drawn where Watch replay was; the tap's click would move it."""
    page = touch_page
    page.set_viewport_size({"width": 360, "height": 740})
    open_site(page, site_url)
    open_menu(page)
    page.locator("#btn-saves").tap()
    page.set_input_files("#import-file", str(EXAMPLE))  # a finished game: its victory screen
    button = page.locator("#prompt .victory button[data-action=watch-game]")
    button.wait_for()
    box = button.bounding_box()
    assert box is not None
    at = (box["x"] + box["width"] * across, box["y"] + box["height"] / 2)
    Fingers(page).gesture([at], [at], steps=1)
    page.wait_for_selector("#prompt .replay")
    slider = page.locator("#replay-slider").bounding_box()
    assert slider is not None
    assert slider["y"] <= at[1] <= slider["y"] + slider["height"], "the slider is under the tap"

    assert _position(page) == LAST
    assert int(page.locator("#replay-slider").input_value()) == LAST

