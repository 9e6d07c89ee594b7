"""What just happened (the prompt's ``.recent``) opens on the top of its newest entry: on a
phone with Replay last turn beside it the list is narrow, and a kill's line runs over more
lines than the list shows; its first line (whose soldier, which roll) is the one in view.

Loading a save restores no news, so the moment is reached by play: the example game is loaded
where player 1's Gunner picks the last target of its volley, and the shot is tapped as a
player taps it; player 2 then reads the kill of its Armored, the newest entry."""

from __future__ import annotations

from playwright.sync_api import Page

from harness.moments import Moment, open_moment
from tests.browser.test_one_screen import assert_newest_news_in_view

LAST_TARGET = Moment("volley-last-target", 58, shows="#prompt [data-pending=target]")
"""The example game where its Gunner's volley has one target left, player 2's Armored; the
game's own dice kill it."""


def test_a_long_kill_line_shows_its_first_line_at_360x640(touch_page: Page, site_url: str) -> None:
    page = touch_page
    page.set_viewport_size({"width": 360, "height": 640})
    open_moment(page, site_url, LAST_TARGET)
    page.tap("#prompt button[data-action=target][data-arg=armored]")
    page.tap("#prompt button[data-action=confirm]")
    page.wait_for_selector("#prompt [data-pending=act][data-player='2'] .recent .log-kill")
    assert page.locator("#prompt .lately > .replay-last").is_visible()
    kill = page.locator("#prompt .recent > li").last
    assert "player 2's Armored is eliminated!" in kill.inner_text()
    taller: bool = kill.evaluate("(li) => li.offsetHeight > li.parentElement.clientHeight")
    assert taller, "the kill's line fits the list: this is not the moment that cut it"
    assert_newest_news_in_view(page)
