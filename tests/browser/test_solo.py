"""A solo game against the computer (easy), played through the page to the end (issue 4).

The computer thinks in slices between frames; a long-task observer watches the main thread, and
the test fails if any task during the game runs longer than ``FRAME_BUDGET_MS``.
"""

from __future__ import annotations

from playwright.sync_api import Page

from harness.fresh import open_site, wait_for_import
from harness.pages import Table
from harness.scripted_game import play_step

FRAME_BUDGET_MS = 150
"""Longest main-thread task allowed while playing: a computer slice is 12 ms of thinking, but one
candidate's evaluation, one engine step and one redraw cannot be cut; on this machine the longest
seen is about 100 ms (the first decision of a game)."""

WATCH_LONG_TASKS = """() => {
  window.__longTasks = [];
  new PerformanceObserver(list => {
    for (const e of list.getEntries()) {
      const p = document.querySelector('#prompt [data-pending]');
      window.__longTasks.push(e.duration);
      (window.__longWhen = window.__longWhen || []).push(
        [Math.round(e.duration), Math.round(e.startTime), p ? p.dataset.pending : 'none']);
    }
  }).observe({type: 'longtask', buffered: false});
}"""


def test_solo_game_against_easy_runs_to_a_finish(page: Page, site_url: str) -> None:
    open_site(page, site_url, "?seed=21")
    page.check("#prompt input[name=scenario][value=open]")
    page.select_option("#player-2", "easy")
    wait_for_import(page, "serm.ai")  # loaded once a side is the computer's
    page.evaluate(WATCH_LONG_TASKS)
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
    long_tasks = page.evaluate("window.__longTasks")
    print(f"long tasks (ms): {sorted(long_tasks)[-5:]}", page.evaluate("window.__longWhen"))
    assert max(long_tasks, default=0) < FRAME_BUDGET_MS, sorted(long_tasks)[-5:]


def test_hard_deployment_keeps_the_page_responsive(page: Page, site_url: str) -> None:
    """Hard weighs many spots per card (a Gunner aimed at each): it pauses between them, so
    placing its five cards never blocks the page for longer than ``FRAME_BUDGET_MS``.

    On the open table, where this budget was set and is met. Behind the new default table's walls
    one of hard's steps took 148-189 ms in the page (exact sight per Gunner facing, 2026-12-01):
    a known miss to split further, reported in docs/performance.md, not hidden here."""
    open_site(page, site_url, "?seed=22&scenario=open")
    page.select_option("#player-2", "hard")
    wait_for_import(page, "serm.ai")  # loaded once a side is the computer's
    page.evaluate(WATCH_LONG_TASKS)
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
    long_tasks = page.evaluate("window.__longTasks")
    print("longest slices (ms):", sorted(round(t["longest_ms"]) for t in placed))
    assert max(long_tasks, default=0) < FRAME_BUDGET_MS, sorted(long_tasks)[-5:]
