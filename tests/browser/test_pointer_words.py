"""Words follow the pointer: "Click" with a mouse, "Tap" with a finger, in every prompt that
names the gesture (``serm.ui.words.pointer_html``), on a 1280x800 desktop and a 360x640 phone."""

from __future__ import annotations

import re

from playwright.sync_api import Page

from harness.pages import start_game
from tests.browser.touch import phone


def _words(page: Page) -> str:
    """The prompt as the player reads it (what is hidden is not read)."""
    return page.inner_text("#prompt")


def _deploy_and_activate(page: Page) -> tuple[str, str]:
    """The deployment prompt, then the activation prompt after ten cards placed by keys."""
    page.wait_for_selector("#prompt [data-pending=place]")
    placing = _words(page)
    for _ in range(10):
        page.keyboard.press("Enter")
    page.wait_for_selector("#prompt [data-pending=act]")
    return placing, _words(page)


def test_a_mouse_is_told_to_click(page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    start_game(page, site_url, seed=3, scenario="open")
    placing, acting = _deploy_and_activate(page)
    assert "or click where it should go" in placing, placing
    assert "Click one of your soldiers to activate it." in acting, acting
    for said in (placing, acting):
        assert not re.search(r"\btap", said, re.IGNORECASE), said


def test_a_finger_is_told_to_tap(touch_page: Page, site_url: str) -> None:
    with phone(touch_page, 360, 640) as page:
        start_game(page, site_url, seed=3, scenario="open")
        placing, acting = _deploy_and_activate(page)
        assert "or tap where it should go" in placing, placing
        assert "Tap one of your soldiers to activate it." in acting, acting
        for said in (placing, acting):
            assert not re.search(r"\bclick", said, re.IGNORECASE), said
