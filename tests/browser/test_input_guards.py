"""Input a player does not mean: a double click, a held key, a second tab (from a playtest)."""

from __future__ import annotations

from playwright.sync_api import Page

from harness.pages import Table, start_game

SEED = 5


def test_a_double_click_answers_one_prompt(page: Page, site_url: str) -> None:
    """The second click of a double click would land on the next prompt's button."""
    table = start_game(page, site_url, SEED)
    page.dblclick("#prompt button[data-action=confirm]")
    assert len(table.cards()) == 1
    page.click("#prompt button[data-action=confirm]")
    assert len(table.cards()) == 2


def test_a_held_key_answers_one_prompt(page: Page, site_url: str) -> None:
    table = start_game(page, site_url, SEED)
    page.keyboard.down("Enter")  # a held Enter sends one keydown, then repeats
    page.dispatch_event("body", "keydown", {"key": "Enter", "repeat": True})
    page.keyboard.up("Enter")
    assert len(table.cards()) == 1


def test_a_second_tab_playing_the_same_game_is_announced(page: Page, site_url: str) -> None:
    start_game(page, site_url, SEED)
    page.keyboard.press("Enter")  # one card placed: the autosave holds a game in progress
    other = page.context.new_page()
    other.goto(site_url)
    other.wait_for_selector("#loading", state="hidden", timeout=90_000)
    other.click("[data-action=continue]")
    other.keyboard.press("Enter")  # the other tab plays on and saves
    page.wait_for_selector("#notice:not([hidden])", timeout=10_000)
    assert "another tab" in page.inner_text("#notice")
    assert len(Table(page).cards()) == 1  # nothing changed here by itself
    other.close()
