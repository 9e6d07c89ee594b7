"""Breaking the shows as a player would, at normal speed: presses and keys during the
computer's shows, the game's controls during a show, a reload during a show. Each test checks
the game's state after (whose question, the record's length), not only timings."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from harness.chromium import wait_until_booted
from harness.fresh import fresh, open_site, wait_for_import

FRAMES = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
RUNNING = "() => document.getAnimations().filter(a => a.playState === 'running').length"
RECORD = """() => { const s = localStorage.getItem('serm/autosave');
  return s ? JSON.parse(s).record.actions.length : -1 }"""
PENDING = """() => { const e = document.querySelector('#prompt [data-pending]');
  return e ? [e.dataset.pending, e.dataset.player || '0',
              !!document.querySelector('#prompt [data-computer]')] : null }"""


@pytest.fixture(params=["mouse", "touch"])
def normal_page(request: pytest.FixtureRequest) -> Page:
    """The warm page at normal speed: 1280 x 800 with a mouse, or a 360 x 740 phone."""
    page: Page = request.getfixturevalue("touch_page" if request.param == "touch" else "page")
    fresh(page, "", "normal")
    return page


def _start(page: Page, site_url: str, one: str, two: str) -> None:
    open_site(page, site_url, "?seed=5")
    page.check("#prompt input[name=scenario][value=open]")
    for seat, who in (("#player-1", one), ("#player-2", two)):
        page.select_option(seat, who)
    wait_for_import(page, "serm.ai")  # loaded once a side is the computer's
    page.click("[data-action=start]")


def _wait_for_show(page: Page, seconds: float = 20.0) -> None:
    page.wait_for_function(f"() => ({RUNNING})() > 0", timeout=seconds * 1000)


def _press(page: Page, selector: str) -> None:
    if page.viewport_size and page.viewport_size["width"] < 500:
        box = page.locator(selector).bounding_box()
        assert box is not None
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    else:
        page.click(selector)


def test_a_control_pressed_during_a_show_acts_at_once(normal_page: Page, site_url: str) -> None:
    """While the computer plays itself, shows follow one another: a press on the game's controls
    skips the one playing and does what it says (it answers no question)."""
    page = normal_page
    _start(page, site_url, "easy", "easy")
    _wait_for_show(page)
    phone = page.locator("#btn-menu").is_visible()
    _press(page, "#btn-menu" if phone else "#btn-help")
    opened = "#sheet[open]" if phone else "#help:not([hidden])"
    page.wait_for_selector(opened, timeout=2000)  # on the first press, not a later one


@pytest.mark.parametrize("normal_page", ["mouse"], indirect=True)
def test_new_game_then_leave_during_the_computers_shows(normal_page: Page, site_url: str) -> None:
    """New game asks to leave this game (the computer plays on behind the question): its Leave
    button takes one click too, back to the start screen, where no show plays."""
    page = normal_page
    _start(page, site_url, "easy", "easy")
    _wait_for_show(page)
    page.click("#btn-new")
    page.wait_for_selector("#leave[open]", timeout=2000)
    _wait_for_show(page)
    page.click("#leave [data-action=leave]")
    page.wait_for_selector("#player-1", timeout=2000)
    page.evaluate(FRAMES)  # the start screen drawn
    assert page.evaluate(RUNNING) == 0


@pytest.mark.parametrize("normal_page", ["touch"], indirect=True)
def test_rapid_taps_during_the_computers_turn(normal_page: Page, site_url: str) -> None:
    """A player hammering the board while the computer plays: every tap only skips, the computer
    goes on to the end of its turn, and the player is asked next with no show stuck."""
    page = normal_page
    _start(page, site_url, "human", "easy")
    board = page.locator("#board").bounding_box()
    assert board is not None
    x, y = board["x"] + board["width"] / 2, board["y"] + board["height"] / 2
    # deployment: Enter places the player's cards, a tap skips the shows; the bound is wide, as
    # a loaded machine makes the computer's placements slow, and the loop ends once it is done
    for _ in range(400):
        pending = page.evaluate(PENDING)
        if pending and pending[1] == "1" and not page.evaluate(RUNNING):
            if pending[0] != "place":
                break
            page.keyboard.press("Enter")
        else:
            _tap(page, x, y)
        page.wait_for_timeout(120)
    assert page.evaluate(PENDING)[:2] == ["act", "1"]
    before = page.evaluate(RECORD)
    for key in ("4", "m", "Enter"):
        page.keyboard.press(key)
    for i in range(30):
        _tap(page, x + (i % 5) * 8, y)
        page.wait_for_timeout(100)
    page.wait_for_function(
        "() => { const e = document.querySelector('#prompt [data-pending]');"
        " return e && e.dataset.player === '1' && !e.dataset.computer; }",
        timeout=30_000,
    )
    # a show of the computer's last step ends by itself
    page.wait_for_function(f"() => ({RUNNING})() === 0", timeout=10_000)
    assert page.evaluate(RECORD) > before
    assert page.locator("#prompt .skip-hint").count() == 0


def _tap(page: Page, x: float, y: float) -> None:
    if page.viewport_size and page.viewport_size["width"] < 500:
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)


@pytest.mark.parametrize("normal_page", ["mouse"], indirect=True)
def test_a_reload_during_a_show_loses_nothing(normal_page: Page, site_url: str) -> None:
    page = normal_page
    _start(page, site_url, "easy", "easy")
    _wait_for_show(page)
    page.wait_for_timeout(200)
    page.reload()
    wait_until_booted(page)
    saved = page.evaluate(RECORD)
    assert saved > 0
    page.click("[data-action=continue]")
    page.wait_for_function(f"() => ({RECORD})() > {saved}", timeout=30_000)
