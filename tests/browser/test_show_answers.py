"""What the panel offers while what was played is shown: the choice of the next activation's
soldier waits for the show's end (its buttons would tell what the show has not shown yet), and
one press (a press on the board or a key) skips the show."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from harness.fresh import fresh
from harness.moments import AUTOSAVE, save_text
from tests.browser.test_one_screen import moment, sized


@pytest.mark.parametrize("screen", ["touch", "mouse"])
def test_the_soldiers_buttons_wait_for_replay_last_turn_to_end(
    request: pytest.FixtureRequest, site_url: str, screen: str
) -> None:
    """After the computer's turn, at slow speed, Replay last turn: while it plays the panel
    offers no soldier and says a tap (a click) skips it; one press on the board ends it, the
    soldiers' buttons are there, and one of them selects its soldier."""
    touch = screen == "touch"
    page: Page = request.getfixturevalue("touch_page" if touch else "page")
    sized(page, *((360, 640) if touch else (1280, 800)))
    m = moment("act-after-computer")
    fresh(page, "", speed="slow", stored={AUTOSAVE: save_text(m)})
    page.locator("#prompt button[data-action=continue]").click()
    page.wait_for_selector(m.shows)
    press = page.tap if touch else page.click
    press("#prompt button[data-action=replay-last]")
    hint = page.locator("#prompt .skip-hint")
    hint.wait_for()
    assert "to skip" in hint.inner_text()
    assert page.locator("#prompt button[data-action=select]").count() == 0
    press("#board")
    button = page.locator("#prompt .foot button[data-action=select]").first
    button.wait_for()
    assert page.locator("#prompt .skip-hint").count() == 0
    card = button.get_attribute("data-arg")
    press(f"#prompt .foot button[data-action=select][data-arg={card}]")
    page.wait_for_selector(f'#layer-board g.card.selected[data-card="{card}"]')
