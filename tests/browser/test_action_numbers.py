"""The page numbers actions one way: the game log's lines carry the number of the action that
logged them, so its last number is the action a save names ("at action N") and the one the
replay viewer's slider shows there."""

from __future__ import annotations

from playwright.sync_api import Page

from harness.pages import start_game

NUMBERS_JS = "() => [...document.querySelectorAll('#log li')].map(li => li.getAttribute('value'))"
MARKERS_JS = (
    "() => [...document.querySelectorAll('#log li')].map(li => getComputedStyle(li).listStyleType)"
)


def test_the_log_is_numbered_by_action_as_the_save_names_it(page: Page, site_url: str) -> None:
    table = start_game(page, site_url, seed=3, scenario="default")
    for _ in range(10):
        page.keyboard.press("Enter")
    assert len(table.cards()) == 10 and table.pending()[0] == "act", page.inner_text("#prompt")
    values = page.evaluate(NUMBERS_JS)
    numbers = [int(n) for n in values if n is not None]
    # the roll-off, then ten cards placed: 11 actions, each numbered once, in turn; one more
    # line (the first initiative) told under the last with no number of its own
    assert numbers == list(range(1, 12)) and len(values) == 12, values
    assert page.evaluate(MARKERS_JS) == ["decimal"] * 11 + ["none"]
    page.click("#btn-saves")
    page.fill("#save-name", "Numbered")
    page.click("[data-action=slot-save]")
    page.wait_for_selector("#saves .slot-name:text-is('Numbered')")
    row = page.locator("#saves ol.slots li", has_text="Numbered")
    assert "at action 11 ·" in row.locator(".slot-meta").inner_text()
