"""What just happened (the prompt's ``.recent``) opens on its newest entry: on a phone with
Replay last turn beside it the list is narrow, and a kill's line runs over more than the two
lines the list shows otherwise; the list grows to show it whole, and nothing of the entry
before it.

Loading a save restores no news, so the moment is reached by play: the example game is loaded
where player 1's Gunner picks the last target of its volley, and the shot is tapped as a
player taps it; player 2 then reads the kill of its Armored, the newest entry."""

from __future__ import annotations

from playwright.sync_api import Page

from harness.moments import SHOT_UNSEEN, Moment, open_moment
from tests.browser.test_one_screen import (
    FRAMES,
    assert_newest_news_in_view,
    assert_newest_news_whole,
    sized,
)

LAST_TARGET = Moment("volley-last-target", 58, shows="#prompt [data-pending=target]")
"""The example game where its Gunner's volley has one target left, player 2's Armored; the
game's own dice kill it."""


TWO_LINES = "() => parseFloat(getComputedStyle(document.documentElement).fontSize) * 0.92 * 2.6"
"""The height (CSS px) of two lines of what just happened on a phone (its entries' padding
aside)."""


def test_a_long_kill_line_shows_whole_at_360x640(touch_page: Page, site_url: str) -> None:
    page = touch_page
    page.set_viewport_size({"width": 360, "height": 640})
    open_moment(page, site_url, LAST_TARGET)
    page.tap("#prompt button[data-action=target][data-arg=armored]")
    page.tap("#prompt button[data-action=confirm]")
    page.wait_for_selector("#prompt [data-pending=act][data-player='2'] .recent .log-kill")
    assert page.locator("#prompt .lately > .replay-last").is_visible()
    kill = page.locator("#prompt .recent > li").last
    assert "Player 2's Armored is eliminated!" in kill.inner_text()
    lines = 2 * kill.evaluate("(li) => li.offsetHeight") / page.evaluate(TWO_LINES)
    assert lines > 1.5, "the kill's line fits one line: this is not the moment that cut it"
    assert_newest_news_in_view(page)
    assert_newest_news_whole(page)
    assert "could not see" not in page.inner_text("#prompt")  # its Armored is eliminated
    assert "Your Armored was shot from outside its sight" in page.inner_text("#prompt .one-way")


def test_the_newest_entry_shows_whole_and_alone_at_360x640(touch_page: Page, site_url: str) -> None:
    """Player 2's shot missed player 1's Armored: "Shoot 5 does not beat Endure 7: player 1's
    Armored survives." (three lines beside Replay last turn) is read whole, with no sliver of
    the Endure roll's dice above it; once the phone is turned and turned back, still so."""
    page = touch_page
    open_moment(page, site_url, SHOT_UNSEEN)
    sized(page, 360, 640)
    assert "Armored survives" in page.locator("#prompt .recent > li").last.inner_text()
    assert_newest_news_whole(page)
    sized(page, 740, 360)
    page.evaluate(FRAMES)
    sized(page, 360, 640)
    assert_newest_news_whole(page)
