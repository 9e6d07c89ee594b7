"""A question's button pressed while what was played is shown: one press ends the show and does
what the button says (a press on the board or a key only skips it)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from harness.fresh import fresh
from harness.moments import AUTOSAVE, save_text
from tests.browser.test_one_screen import moment, sized


@pytest.mark.parametrize("screen", ["touch", "mouse"])
def test_a_soldiers_button_during_replay_last_turn_ends_it_and_selects_the_soldier(
    request: pytest.FixtureRequest, site_url: str, screen: str
) -> None:
    """After the computer's turn, at slow speed, Replay last turn, then at once a tap (a click)
    on a soldier's button: the replay ends and that soldier is selected, by that one press; the
    hint to skip said so under the buttons."""
    touch = screen == "touch"
    page: Page = request.getfixturevalue("touch_page" if touch else "page")
    sized(page, *((360, 640) if touch else (1280, 800)))
    m = moment("act-after-computer")
    fresh(page, "", speed="slow", stored={AUTOSAVE: save_text(m)})
    page.locator("#prompt button[data-action=continue]").click()
    page.wait_for_selector(m.shows)
    press = page.tap if touch else page.click
    press("#prompt button[data-action=replay-last]")
    hint = page.locator("#prompt .after-foot .skip-hint")
    hint.wait_for()
    said = hint.inner_text()
    assert "buttons act now" in said if touch else "a button here acts at once" in said, said
    button = page.locator("#prompt .foot button[data-action=select]").first
    card = button.get_attribute("data-arg")
    press(f"#prompt .foot button[data-action=select][data-arg={card}]")
    page.wait_for_selector(f'#layer-board g.card.selected[data-card="{card}"]')
    assert page.locator("#prompt .skip-hint").count() == 0
