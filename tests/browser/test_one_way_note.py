"""The note that a soldier was shot by an enemy it could not see (sight is one-way, R11) is news
of the shot: on a phone it never pushes what to do now, or a Move's preview, under the bar's
buttons (``harness.moments.SHOT_UNSEEN``: player 2's Assault shoots player 1's Armored, which
cannot see it; player 1 decides next, at the same screen)."""

from __future__ import annotations

from playwright.sync_api import Page

from harness.moments import SHOT_UNSEEN, open_moment
from tests.browser.test_one_screen import WORDS, hidden_words, sized

ASKED = tuple(w for w in WORDS if w != "#prompt .recent > li:last-child")
"""What a player must read but what just happened (its newest entry has a test of its own)."""

RESTED = "() => !window.__serm_metrics('rest')"
"""True once the page has no work waiting for a free moment (an aimed Move's outlook is worked
out a step at a time while the page is free, and its words grow as it goes)."""


def test_the_one_way_note_leaves_the_question_and_the_move_preview_in_view(
    touch_page: Page, site_url: str
) -> None:
    """At 360x640 the question (the opening's note, tap one of your soldiers) is whole above
    the soldiers' buttons, the note under it; once the Gunner's Move is aimed, its words and
    its preview (who could React, the chance it is stopped) are whole and the note is gone."""
    page = touch_page
    open_moment(page, site_url, SHOT_UNSEEN)
    sized(page, 360, 640)
    note = page.locator("#prompt .one-way")
    assert "Armored could not see the enemy Assault that shot it" in note.inner_text()
    assert hidden_words(page, ASKED) == []
    page.tap("#prompt button[data-action=select][data-arg=gunner]")
    page.tap("#prompt button[data-action=move]")
    page.wait_for_selector("#prompt [data-pending=act] .outlook")
    page.wait_for_function(RESTED)  # the outlook is whole: its words no longer grow
    assert "round handle" in page.inner_text("#prompt") and note.count() == 0
    assert hidden_words(page, ASKED) == []
