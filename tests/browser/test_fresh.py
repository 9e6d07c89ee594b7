"""The warm page the browser tests share (``harness.fresh``): made fresh, it is what a new visit
shows, and nothing of the tests' way there is in the site."""

from __future__ import annotations

import zipfile
from pathlib import Path

from playwright.sync_api import Page

from harness.chromium import wait_until_booted
from harness.fresh import LISTENERS_SCRIPT, RETIRE_PY, fresh
from harness.pages import Table, start_game

STORAGE_JS = """async () => ({
  local: Object.keys(localStorage).sort(),
  session: sessionStorage.length,
  databases: ((await indexedDB.databases()) || []).map((d) => d.name),
})"""


def test_a_fresh_page_keeps_nothing_of_the_last_test(page: Page, site_url: str) -> None:
    """A game in play, a saved slot, session storage, a database, the Menu open and a query:
    made fresh at another query, the page is the start screen with nothing saved, the new
    query in its address, and one key press acts once (the old game's listeners are gone)."""
    table = start_game(page, site_url, 4)
    for _ in range(3):
        page.keyboard.press("Enter")
    page.click("#btn-saves")
    page.fill("#save-name", "left over")
    page.click("[data-action=slot-save]")
    page.evaluate(
        "() => { sessionStorage.setItem('left', 'over');"
        " const r = indexedDB.open('left-over'); r.onsuccess = () => r.result.close(); }"
    )
    page.wait_for_function(
        "async () => (await indexedDB.databases()).some((d) => d.name === 'left-over')"
    )
    assert len(page.evaluate(STORAGE_JS)["local"]) > 2

    fresh(page, "?seed=9")
    left = page.evaluate(STORAGE_JS)
    assert left["local"] == ["serm-speed"] and left["session"] == 0
    assert all("pyscript" in name for name in left["databases"])  # PyScript's own, at each start
    assert page.url == f"{site_url}?seed=9"
    assert page.locator("[data-action=continue]").count() == 0  # no game waits
    assert page.locator("#prompt [data-action=start]").count() == 1
    assert page.inner_text("#log") == ""
    assert page.locator("#sheet[open], #leave[open]").count() == 0
    assert len(table.cards()) == 0

    listeners = page.evaluate("() => window.__sermListeners.length")
    fresh(page, "?seed=9")  # once more: the App's listeners are taken off before new ones
    assert page.evaluate("() => window.__sermListeners.length") == listeners
    page.click("[data-action=start]")
    page.keyboard.press("Enter")  # one card placed, not two: one App listens
    assert len(table.cards()) == 1


def _deploy(page: Page) -> list[tuple[int, str, float, float, float]]:
    """Start a hot-seat game on the open table, place all ten cards with Enter."""
    page.check("#prompt input[name=scenario][value=open]")
    page.click("[data-action=start]")
    for _ in range(10):
        page.keyboard.press("Enter")
    return [(c.player, c.card, c.x, c.y, c.facing) for c in Table(page).cards()]


def test_a_seed_plays_the_same_game_fresh_or_loaded(page: Page, site_url: str) -> None:
    """A page made fresh at a seed deploys the same cards as one loaded at it."""
    fresh(page, "?seed=6")
    made_fresh = _deploy(page)
    page.evaluate("() => localStorage.clear()")
    page.goto(f"{site_url}?seed=6")
    wait_until_booted(page)
    assert _deploy(page) == made_fresh
    assert len(made_fresh) == 10


def _texts(path: Path) -> list[tuple[str, bytes]]:
    """A site file's bytes, or each member's of a zip (the game's code, the library)."""
    if path.suffix not in (".zip", ".whl"):
        return [(path.name, path.read_bytes())]
    with zipfile.ZipFile(path) as zipped:
        return [(f"{path.name}:{n}", zipped.read(n)) for n in zipped.namelist()]


def test_the_site_holds_nothing_of_the_tests_way_in(site_dir: Path) -> None:
    """What the tests add to a page (the listener log, the App retired and started anew) is
    theirs: no file of the site, nor any file inside its zips, carries any of it."""
    markers = ("__sermListeners", "_bound = _old", "_snapshot._state", "harness")
    assert all(m in LISTENERS_SCRIPT + RETIRE_PY for m in markers[:3])
    files = [part for path in site_dir.rglob("*") if path.is_file() for part in _texts(path)]
    assert any(name.endswith("app.pyc") for name, _ in files)  # the zips were looked into
    for name, data in files:
        for marker in markers:
            assert marker.encode() not in data, (marker, name)
