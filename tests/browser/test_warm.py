"""Sight regions are worked out while the page is idle (serm.web.warm); hovering finds them."""

from __future__ import annotations

from playwright.sync_api import Page

from harness.pages import start_game

SEED = 11


def sight_metrics(page: Page) -> dict[str, int]:
    return dict(page.evaluate("() => window.__serm_metrics('sight')"))


def test_hovering_the_cards_after_an_idle_moment_works_out_no_region(
    page: Page, site_url: str
) -> None:
    table = start_game(page, site_url, SEED, scenario="default")
    for _ in range(10):
        page.keyboard.press("Enter")
    cards = table.cards()
    assert len(cards) == 10
    page.wait_for_function("() => window.__serm_metrics('sight').queued === 0", timeout=30_000)
    before = sight_metrics(page)
    assert before["worked"] >= len(cards)  # each new pose was worked out while the page was idle
    for card in cards:
        x, y = table.to_client(card.x, card.y)
        page.mouse.move(x, y)
        page.wait_for_selector(f"#board g.los[data-card='{card.card}']", state="attached")
    after = sight_metrics(page)
    assert after["misses"] == before["misses"], "a hovered region was worked out on demand"


def test_an_open_table_queues_nothing(page: Page, site_url: str) -> None:
    start_game(page, site_url, SEED, scenario="open")
    page.mouse.move(0, 0)  # off the board: a card placed under the pointer is not hovered
    before = sight_metrics(page)  # the page's counts so far (a warm page has counted before)
    for _ in range(10):
        page.keyboard.press("Enter")
    assert sight_metrics(page) == {**before, "queued": 0}
    assert before["queued"] == 0
