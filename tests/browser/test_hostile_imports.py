"""Hostile imports cannot wedge the page: 50,000 nested brackets or 20,000 nested objects would
overflow the stack in Pyodide and break every later import until a reload, so the text is checked
before Python parses it: a clear message, nothing changed, and the next import works.
"""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page

from harness.pages import Table, answer, start_game

ROOT = Path(__file__).resolve().parent.parent.parent
EXAMPLE = ROOT / "examples" / "complete-game.json"

HOSTILE = {
    "brackets": "[" * 50_000 + "]" * 50_000,
    "objects": '{"a":' * 20_000 + "1" + "}" * 20_000,
    "digits": '{"format": "serm-record", "version": 1' + "0" * 4301 + "}",
}


def test_hostile_imports_are_refused_and_the_next_import_works(
    page: Page, site_url: str, tmp_path: Path
) -> None:
    """Each hostile file in turn, on one game: refused in words, nothing changed; then a good
    import works."""
    table = start_game(page, site_url, 5)
    for _ in range(10):
        page.keyboard.press("Enter")
    before = table.snapshot()
    page.click("#btn-saves")
    for kind, text in HOSTILE.items():
        bad = tmp_path / f"{kind}.json"
        bad.write_text(text)
        if page.locator("#notice [data-action=dismiss]").count():
            page.click("#notice [data-action=dismiss]")  # the next words are this import's
            page.wait_for_selector("#notice", state="hidden")
        page.set_input_files("#import-file", str(bad))
        page.wait_for_selector("#notice:not([hidden])")
        message = page.inner_text("#notice")
        assert "Import failed" in message and "Nothing was changed" in message, (kind, message)
        assert ("nested more than 32 levels" in message) or ("characters long" in message), kind
        assert "Traceback" not in message and "RecursionError" not in message
        assert table.snapshot() == before, kind

    good = tmp_path / "good.json"
    good.write_text(EXAMPLE.read_text(encoding="utf-8"))
    page.set_input_files("#import-file", str(good))
    answer(page)  # "Leave this game?"
    page.wait_for_function(
        "() => document.getElementById('notice').innerText.includes('Imported a game')"
    )
    actions = len(json.loads(good.read_text())["actions"])
    assert f"({actions} actions, finished)" in page.inner_text("#notice")
    assert len(Table(page).cards()) >= 1
