"""Accessibility at every size: axe-core, a development dependency only
(package.json devDependencies; tools/build.py never copies it into the site), finds no serious
or critical violation on the welcome screen, during deployment, at a React question and on the
victory screen, at 360 and 1280 CSS px; the board's changes are said in a live region."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page

from harness.fresh import open_site
from harness.pages import answer, open_menu
from serm.core.record import loads, replay_steps
from serm.core.state import PendingKind
from tests.browser.conftest import ROOT

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
EXAMPLE = ROOT / "examples" / "complete-game.json"
WIDTHS = ((360, 640), (1280, 800))


@pytest.fixture(params=WIDTHS, ids=lambda wh: f"{wh[0]}px")
def sized(request: pytest.FixtureRequest) -> Page:
    """The warm page at this size: the phone's (with touch) under 600 px, else the desktop's."""
    width, height = request.param
    page: Page = request.getfixturevalue("touch_page" if width < 600 else "page")
    page.set_viewport_size({"width": width, "height": height})
    return page


def violations(page: Page) -> list[tuple[str, str, int, list[str]]]:
    """axe-core's serious and critical violations on the page as it is now."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;0")
    found: list[tuple[str, str, int, list[str]]] = page.evaluate(
        """async () => {
          const r = await axe.run(document, {resultTypes: ['violations']});
          return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
            .map(v => [v.id, v.impact, v.nodes.length,
                       v.nodes.slice(0, 3).map(n => n.target.join(' '))]);
        }"""
    )
    return found


def react_record(tmp: Path) -> Path:
    """The example game cut just before its first React question."""
    record = loads(EXAMPLE.read_text(encoding="utf-8"))
    for i, (_, state) in enumerate(replay_steps(record)):
        p = state.pending
        if p is not None and p.kind == PendingKind.REACT:
            record.actions = record.actions[: i + 1]
            out = tmp / "react.json"
            out.write_text(record.to_json(), encoding="utf-8")
            return out
    raise AssertionError("the example game has no React question")


def test_axe_finds_nothing_serious_on_the_named_screens(
    sized: Page, site_url: str, tmp_path: Path
) -> None:
    page = sized
    open_site(page, site_url, "?seed=3")
    found = violations(page)
    assert found == [], ("welcome", found)
    page.check("#prompt input[name=scenario][value=open]")
    page.click("[data-action=start]")
    page.wait_for_selector("#prompt [data-pending=place]")
    found = violations(page)
    assert found == [], ("deployment", found)
    open_menu(page)
    page.click("[data-action=saves]")
    page.set_input_files("#import-file", str(react_record(tmp_path)))
    page.wait_for_selector("#ask[open]")  # leave the game just started?
    found = violations(page)
    assert found == [], ("a question in the page", found)
    answer(page)
    page.wait_for_selector("#prompt [data-pending=react]")
    found = violations(page)
    assert found == [], ("React question", found)
    open_menu(page)  # the import showed the game: the sheet closed
    page.click("#btn-concede")
    answer(page)
    page.wait_for_selector(
        "#btn-concede[disabled]", state="attached"
    )  # the game is over: the victory screen
    found = violations(page)
    assert found == [], ("victory", found)


def test_the_board_says_what_changed_in_a_live_region(page: Page, site_url: str) -> None:
    open_site(page, site_url, "?seed=3")
    page.check("#prompt input[name=scenario][value=open]")
    page.click("[data-action=start]")
    page.wait_for_selector("#prompt [data-pending=place]")
    page.keyboard.press("Enter")
    live = page.locator("#board-live")
    assert live.get_attribute("aria-live") == "polite"
    assert live.inner_text() == "Player 1 places the Ranger."


def test_axe_is_never_shipped(site_dir: Path) -> None:
    for path in site_dir.rglob("*"):
        if path.is_file() and path.suffix in (".js", ".mjs", ".html", ".json"):
            assert "axe-core" not in path.read_text(encoding="utf-8", errors="ignore"), path
