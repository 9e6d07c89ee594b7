"""No lost progress across tabs and closes: two tabs of one browser on one
game never overwrite each other silently; an action is kept even if the tab is closed at once;
Continue says so when the saved game was cleared after the page opened."""

from __future__ import annotations

import json

from playwright.sync_api import Page

from harness.pages import Table, start_game

SEED = 8


def _actions(page: Page, key: str = "serm/autosave") -> int:
    text = page.evaluate(f"() => localStorage.getItem('{key}')")
    assert text is not None
    return len(json.loads(text)["record"]["actions"])


def _second_tab(page: Page, site_url: str, problems: list[str]) -> Page:
    other = page.context.new_page()
    other.on("pageerror", lambda exc: problems.append(f"page error (2nd tab): {exc}"))
    other.goto(site_url)
    other.wait_for_selector("#loading", state="hidden", timeout=90_000)
    return other


def _deploy(page: Page) -> None:
    for _ in range(10):
        page.keyboard.press("Enter")


def _play_on(table: Table) -> None:
    """Move the Assault of whoever has the initiative; let a React go."""
    page = table.page
    page.keyboard.press("4")
    page.keyboard.press("m")
    page.keyboard.press("Enter")
    if table.pending()[0] == "react":
        page.keyboard.press("n")


def test_the_older_tab_is_told_and_offered_to_open_the_newer_game_or_keep_a_copy(
    page: Page, site_url: str, browser_problems: list[str]
) -> None:
    a = start_game(page, site_url, SEED)
    _deploy(page)
    b_page = _second_tab(page, site_url, browser_problems)
    b_page.click("[data-action=continue]")
    b = Table(b_page)
    assert b.cards() == a.cards()
    _play_on(a)  # tab A goes on: its save is written at once
    newer = _actions(page)
    notice = b_page.locator("#notice")
    notice.get_by_text("changed in another tab").wait_for()  # B is told by the storage event
    assert b_page.locator("#notice [data-action=open-newer]").count() == 1
    assert b_page.locator("#notice [data-action=save-copy]").count() == 1
    b_page.keyboard.press("p")  # B plays on anyway: its move is not saved over A's game
    assert _actions(page) == newer
    b_page.click("#notice [data-action=save-copy]")  # B keeps its game as a copy
    assert "is kept as the saved game" in b_page.inner_text("#notice")
    kept = b_page.evaluate(
        "() => Object.keys(localStorage).filter(k => k.startsWith('serm/slot/'))"
    )
    assert len(kept) == 1
    before = _actions(b_page, kept[0])
    b_page.keyboard.press("p")  # and B's moves go on being saved there
    assert _actions(b_page, kept[0]) == before + 1
    assert _actions(page) == newer  # A's game is untouched
    _play_on(a)
    assert _actions(page) > newer  # A was never behind
    b_page.close()


def test_the_older_tab_can_open_the_newer_game(
    page: Page, site_url: str, browser_problems: list[str]
) -> None:
    a = start_game(page, site_url, SEED)
    _deploy(page)
    b_page = _second_tab(page, site_url, browser_problems)
    b_page.click("[data-action=continue]")
    _play_on(a)
    b_page.locator("#notice [data-action=open-newer]").click()
    b = Table(b_page)
    b.settle()
    a.settle()
    assert b.cards() == a.cards() and b.pending() == a.pending()
    assert "changed in another tab" not in b_page.inner_text("#notice")
    newer = _actions(page)
    assert b.pending()[0] in ("act", "face")
    b_page.keyboard.press("p" if b.pending()[0] == "act" else "k")  # B plays on, saved normally
    assert _actions(page) == newer + 1
    page.locator("#notice").get_by_text("changed in another tab").wait_for()  # now A is told
    b_page.close()


def test_an_action_then_closing_the_tab_at_once_is_kept(cold_page: Page, site_url: str) -> None:
    page = cold_page
    table = start_game(page, site_url, SEED)
    _deploy(page)
    page.keyboard.press("4")
    page.keyboard.press("m")
    page.keyboard.press("Enter")  # a Move, rolled at once
    count = _actions(page)
    page.close(run_before_unload=False)  # no wait, no settling
    again = page.context.new_page()
    again.goto(site_url)
    again.wait_for_selector("#loading", state="hidden", timeout=90_000)
    again.click("[data-action=continue]")
    assert _actions(again) == count
    reopened = Table(again)
    assert reopened.pending()[0] in ("react", "act", "stop", "face")
    assert table is not None and count > 10


def test_continue_after_the_storage_was_cleared_says_so(page: Page, site_url: str) -> None:
    start_game(page, site_url, SEED)
    _deploy(page)
    page.goto(site_url)
    page.wait_for_selector("#loading", state="hidden", timeout=90_000)
    assert page.locator("[data-action=continue]").count() == 1
    page.evaluate("() => localStorage.clear()")  # cleared after the page opened
    page.click("[data-action=continue]")
    page.wait_for_selector("#notice:not([hidden])")
    assert "no longer in this browser's storage" in page.inner_text("#notice")
    assert page.locator("[data-action=continue]").count() == 0
