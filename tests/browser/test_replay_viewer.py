"""The replay viewer and watching from a link.

examples/complete-game.json is opened in the viewer (from a link, and from a file through
Saves) and stepped to its end: the board shows what the CLI replay (``python -m serm replay``,
``serm.core.record.replay``) reaches, card for card; back then forward lands on the same board;
a link made by Share opens the same game in a fresh browser context (a fresh profile); a damaged
or cut link is told in words and leaves the saved games as they were; on a phone (360x640,
touch) the viewer fits one screen and its controls are in view.
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page

from harness.chromium import wait_until_booted
from harness.fresh import open_site
from harness.pages import Table, open_menu, start_game
from serm.core.record import loads, replay
from serm.ui.link import fragment
from serm.ui.replay import STEP_MS, Speed
from serm.view.model import ViewModel
from serm.view.render import render
from tests.browser.test_a11y import violations
from tests.browser.test_one_screen import assert_in_view, assert_unscrolled

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "complete-game.json"
RECORD = loads(EXAMPLE.read_text())
CARD = re.compile(
    r'<g [^>]*class="card [^"]*" data-player="(\d)" data-card="([^"]+)" '
    r'data-x="([^"]+)" data-y="([^"]+)" data-facing="([^"]+)"'
)

Cards = list[tuple[int, str, float, float, float]]


def _expected(upto: int | None = None) -> Cards:
    """The cards the board view draws for the CLI replay's state."""
    markup = render(replay(RECORD, upto), ViewModel())
    return sorted(
        (int(p), c, float(x), float(y), float(f)) for p, c, x, y, f in CARD.findall(markup)
    )


def _shown(page: Page) -> Cards:
    return sorted((c.player, c.card, c.x, c.y, c.facing) for c in Table(page).cards())


def _position(page: Page) -> tuple[int, int]:
    box = page.locator("#prompt .replay")
    return int(box.get_attribute("data-index") or -1), int(box.get_attribute("data-last") or -1)


def _control(page: Page, move: str) -> None:
    page.click(f"#prompt button[data-action=replay][data-arg={move}]")


def _storage(page: Page) -> dict[str, str]:
    """The saved games (the start screen's picture of the board, ``serm/snapshot``, left out)."""
    found: dict[str, str] = page.evaluate(
        "() => Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage[k]]))"
    )
    return {k: v for k, v in found.items() if k != "serm/snapshot"}


def _open_link(page: Page, site_url: str, address: str) -> None:
    """Open the site at ``address`` (a link's fragment) as a new visit; the viewer opens."""
    open_site(page, site_url, address)
    page.wait_for_selector("#prompt .replay")


def test_a_link_steps_to_the_cli_replays_final_state(page: Page, site_url: str) -> None:
    _open_link(page, site_url, f"#{fragment(RECORD)}")
    last = len(RECORD.actions)
    assert _position(page) == (0, last)
    assert page.inner_text("#replay-pos") == f"0 / {last}"
    assert violations(page) == []
    _control(page, "last")
    assert _position(page) == (last, last)
    assert _shown(page) == _expected()
    assert "wins" in page.inner_text("#log").lower() or page.inner_text("#log")
    log_at_end = page.inner_text("#log")
    _control(page, "back")
    _control(page, "back")
    assert _position(page)[0] == last - 2
    assert _shown(page) == _expected(last - 2)
    _control(page, "forward")
    _control(page, "forward")
    assert _position(page) == (last, last)
    assert _shown(page) == _expected()
    assert page.inner_text("#log") == log_at_end
    # the slider goes to any position; the board follows
    page.locator("#replay-slider").fill("30")
    assert _position(page)[0] == 30
    assert _shown(page) == _expected(30)
    assert page.inner_text("#replay-pos") == f"30 / {last}"
    # Play steps on by itself, Pause stops it
    page.locator("#prompt button[data-arg=play]").click()
    page.wait_for_function("() => +document.querySelector('#prompt .replay').dataset.index > 30")
    page.locator("#prompt button[data-arg=pause]").click()
    here = _position(page)[0]
    page.wait_for_timeout(3 * STEP_MS[Speed.FAST])  # three steps' time (the tests' speed)
    assert _position(page)[0] == here
    assert _shown(page) == _expected(here)


def test_watch_a_file_then_close_and_play_on_from_a_position(page: Page, site_url: str) -> None:
    open_site(page, site_url)
    open_menu(page)
    page.click("#btn-saves")
    page.set_input_files("#watch-file", str(EXAMPLE))
    page.wait_for_selector("#prompt .replay")
    speed = page.locator("#prompt button[data-action=replay-speed]")
    assert speed.inner_text().strip() == "Speed: fast"  # kept: instant (the tests') is fast
    _control(page, "last")
    assert _shown(page) == _expected()
    page.click("#prompt button[data-action=replay-close]")
    page.wait_for_selector("#prompt [data-action=start]")  # back to the start screen
    assert page.locator("#prompt .replay").count() == 0
    before = _storage(page)
    assert not any(k.startswith("serm/") and "autosave" in k for k in before)
    # again, and play on from action 40 with two players here
    open_menu(page)
    page.set_input_files("#watch-file", str(EXAMPLE))
    page.wait_for_selector("#prompt .replay")
    page.locator("#replay-slider").fill("40")
    page.click("#prompt button[data-action=replay-ask]")
    page.click("#prompt button[data-action=replay-continue][data-arg=hot-seat]")
    page.wait_for_selector("#prompt [data-pending]:not([data-pending=replay])")
    assert _shown(page) == _expected(40) or len(_shown(page)) == len(_expected(40))


def test_a_shared_link_round_trips_to_another_device(
    page: Page, site_url: str, touch_page: Page
) -> None:
    """The link made on one device (the desktop page) opens on another (the phone's, a context
    of its own: none of the first one's storage)."""
    _open_link(page, site_url, f"#{fragment(RECORD)}")
    page.locator("#replay-slider").fill("25")
    page.click("#prompt button[data-action=replay-share]")
    shared = page.locator("#replay-link").input_value()
    assert shared.startswith(site_url.rstrip("/")) and "#watch=s1." in shared
    other = touch_page
    _open_link(other, site_url, shared[len(site_url) :])
    assert _storage(other) == {} or all("autosave" not in k for k in _storage(other))
    _control(other, "last")
    assert _shown(other) == _expected()


def test_a_damaged_link_is_told_and_changes_no_saved_game(page: Page, site_url: str) -> None:
    start_game(page, site_url, seed=5)
    for _ in range(3):
        page.keyboard.press("Enter")
    page.wait_for_function("() => localStorage.getItem('serm/autosave') !== null")
    before = _storage(page)
    good = fragment(RECORD)
    tab = page.context.new_page()  # the first link opens a tab; the others follow in it
    try:
        for i, bad in enumerate(
            (good[: len(good) // 2], good[:-6] + "!!!!!!", "watch=s1.eJwrzs8tKEotLlZIzs8rSc0r")
        ):
            if i == 0:
                tab.goto(f"{site_url}#{bad}")
                wait_until_booted(tab)
            else:
                # hidden by hand: shown again, it tells the new link's failure
                tab.evaluate("() => { document.getElementById('notice').hidden = true; }")
                tab.evaluate("f => { location.hash = f; }", bad)  # a link followed in the tab
            tab.wait_for_selector("#notice:not([hidden])")
            said = tab.inner_text("#notice")
            assert "replay link" in said and "Nothing was changed" in said, said
            assert "Error" not in said and "actions[" not in said
            assert tab.locator("#prompt .replay").count() == 0
            assert _storage(tab) == before
    finally:
        tab.close()


def test_the_viewer_fits_a_phone(touch_page: Page, site_url: str) -> None:
    phone = touch_page
    phone.set_viewport_size({"width": 360, "height": 640})
    _open_link(phone, site_url, f"#{fragment(RECORD)}")
    for _ in range(2):
        assert_unscrolled(phone)
        for selector in (
            "#prompt button[data-arg=first]",
            "#prompt button[data-arg=back]",
            "#prompt button[data-arg=play]",
            "#prompt button[data-arg=forward]",
            "#prompt button[data-arg=last]",
            "#replay-slider",
            "#replay-pos",
            "#prompt button[data-action=replay-share]",
            "#prompt button[data-action=replay-close]",
        ):
            target = phone.locator(selector)
            assert_in_view(phone, target)
            box = target.bounding_box()
            assert box is not None
            if "button" in selector:
                assert box["width"] >= 44 and box["height"] >= 44, (selector, box)
        board = phone.locator("#board-svg").bounding_box()
        assert board is not None and board["height"] > 200
        phone.locator("#prompt button[data-arg=forward]").tap()
        phone.locator("#prompt button[data-arg=forward]").tap()
    assert _position(phone)[0] == 4
    assert _shown(phone) == _expected(4)
    phone.locator("#prompt button[data-action=replay-share]").tap()
    phone.wait_for_selector("#replay-link")
    assert_unscrolled(phone)
    for selector in ("#replay-link", "#replay-slider", "#prompt button[data-arg=forward]"):
        assert_in_view(phone, phone.locator(selector))
    assert_in_view(phone, phone.locator("#prompt button[data-action=replay-close]"))
    assert violations(phone) == []


def test_a_finished_game_is_watched_and_shared_from_its_victory_screen(
    page: Page, site_url: str
) -> None:
    open_site(page, site_url)
    open_menu(page)
    page.click("#btn-saves")
    page.set_input_files("#import-file", str(EXAMPLE))  # a finished game, imported to play
    page.wait_for_selector("#prompt .victory")
    saved = _storage(page)
    page.click("#prompt .victory button[data-action=watch-game]")
    page.wait_for_selector("#prompt .replay")
    last = len(RECORD.actions)
    assert _position(page) == (last, last)  # it opens at the end
    assert _shown(page) == _expected()
    _control(page, "first")
    assert _shown(page) == _expected(0)
    page.click("#prompt button[data-action=replay-close]")
    page.wait_for_selector("#prompt .victory")  # back where the player was
    assert _shown(page) == _expected()
    page.click("#prompt .victory button[data-action=share-game]")
    shared = page.locator("#replay-link").input_value()
    assert shared.startswith(site_url.rstrip("/")) and "#watch=s1." in shared
    assert _storage(page) == saved  # watching and sharing change no saved game
