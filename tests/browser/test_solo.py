"""A solo game against the computer, played through the page: easy to the end, and hard's
deployment.

The computer thinks in slices between frames; how long the page's main thread is held while it
thinks is a figure of ``python -m serm bench ai --browser`` (each strength's longest task, and a
row for hard's deployment on the open table against its budget), not a check here.
"""

from __future__ import annotations

from playwright.sync_api import Page

from harness.fresh import open_site, wait_for_import
from harness.pages import Table
from harness.scripted_game import play_step


def test_solo_game_against_easy_runs_to_a_finish(page: Page, site_url: str) -> None:
    open_site(page, site_url, "?seed=21")
    page.check("#prompt input[name=scenario][value=open]")
    page.select_option("#player-2", "easy")
    wait_for_import(page, "serm.ai")  # loaded once a side is the computer's
    page.click("[data-action=start]")
    table = Table(page)
    seen: set[str] = set()
    thinking_seen = False
    for _ in range(600):
        if page.locator(".victory").count():
            break
        page.wait_for_selector("#prompt [data-pending]")
        if page.locator("#prompt [data-computer]").count():
            thinking_seen = True
            page.wait_for_timeout(50)
            continue
        kind, player = table.pending()
        if kind == "none":
            continue  # the computer finished the game since the check above: the victory is up
        assert player == 1, "the page asked the human to decide for the computer"
        if kind == "place":
            page.keyboard.press("Enter")
            continue
        status = page.inner_text("#status")
        n = int(status.split("Activation ")[1].split(" ")[0]) if "Activation " in status else 1
        play_step(table, n, seen)
    else:
        raise AssertionError("the solo game did not finish")
    assert thinking_seen
    assert "Computer (easy)" in page.inner_text("#panel")


def test_hard_deploys_its_five_cards_on_the_open_table(page: Page, site_url: str) -> None:
    """Hard weighs many spots per card (a Gunner aimed at each), thinking in slices: it places
    its five cards, each a decision of its own in the page's think log, while the person places
    theirs. (How long the page is held meanwhile is ``bench ai --browser``'s deployment row.)"""
    open_site(page, site_url, "?seed=22&scenario=open")
    page.select_option("#player-2", "hard")
    wait_for_import(page, "serm.ai")  # loaded once a side is the computer's
    page.click("[data-action=start]")
    table = Table(page)
    for _ in range(400):
        page.wait_for_selector("#prompt [data-pending]")
        if page.locator("#prompt [data-computer]").count():
            page.wait_for_timeout(50)
            continue
        if table.pending()[0] != "place":
            break
        page.keyboard.press("Enter")
    assert len(table.cards()) == 10
    think = page.evaluate("() => window.__serm_metrics('think')")
    placed = [t for t in think if t["kind"] == "place" and t["strength"] == "hard"]
    assert len(placed) == 5, think
    assert all(t["slices"] >= 1 for t in placed), placed
