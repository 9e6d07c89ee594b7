"""A finger's tap on a control that puts something else under the finger acts once: the click the
browser sends after the tap does not reach what the tap drew there."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page

from harness.fresh import open_site
from harness.pages import open_menu, start_game
from serm.core.record import loads
from tests.browser.touch import SIZES, Fingers, mapping, phone, to_screen

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "complete-game.json"
LAST = len(loads(EXAMPLE.read_text()).actions)


def _position(page: Page) -> int:
    return int(page.locator("#prompt .replay").get_attribute("data-index") or -1)


def test_watch_replay_tapped_anywhere_on_its_button_opens_at_the_end(
    touch_page: Page, site_url: str
) -> None:
    """The viewer draws its controls where Watch replay was (its slider, or its Play button); the
    tap's click would press them: the slider jumps to the finger, Play starts playing. The button
    is tapped near its left end, in its middle and near its right end, on a 360 px phone of
    several heights; the viewer opens at the end and stays there, not playing."""
    page = touch_page
    page.set_viewport_size({"width": 360, "height": 640})
    open_site(page, site_url)
    open_menu(page)
    page.locator("#btn-saves").tap()
    page.set_input_files("#import-file", str(EXAMPLE))  # a finished game: its victory screen
    fingers = Fingers(page)
    under_finger = []
    for height in (640, 700, 740, 800, 844):
        page.set_viewport_size({"width": 360, "height": height})
        for across in (0.1, 0.5, 0.9):
            button = page.locator("#prompt .victory button[data-action=watch-game]")
            button.wait_for()
            box = button.bounding_box()
            assert box is not None
            at = (box["x"] + box["width"] * across, box["y"] + box["height"] / 2)
            fingers.gesture([at], [at], steps=1)
            page.wait_for_selector("#prompt .replay")
            slider = page.locator("#replay-slider").bounding_box()
            assert slider is not None
            under = page.evaluate(
                "([x, y]) => { const e = document.elementFromPoint(x, y);"
                " const c = e && e.closest('button, input');"
                " return c ? (c.id || c.dataset.arg || c.textContent) : null; }",
                list(at),
            )
            if under is not None:
                under_finger.append((height, across, under))
            assert (_position(page), int(page.locator("#replay-slider").input_value())) == (
                LAST,
                LAST,
            ), (height, across)
            assert page.locator("#prompt button[data-arg=pause]").count() == 0, (height, across)
            page.locator("#prompt button[data-action=replay-close]").tap()
    assert under_finger  # some control of the viewer lay under the finger


def test_a_card_tapped_during_deployment_shows_its_stats_and_moves_nothing(
    touch_page: Page, site_url: str
) -> None:
    with phone(touch_page, 360, 640) as page:
        table = start_game(page, site_url, seed=3, scenario="open")
        page.keyboard.press("Enter")  # each side has placed a card
        page.keyboard.press("Enter")
        ghost = page.locator("#layer-live g.ghost")

        def pose() -> list[str | None]:  # where the card held stands (its label may move)
            return [ghost.get_attribute(f"data-{k}") for k in ("x", "y", "facing")]

        before = pose()
        for card in table.cards():  # one's own and the enemy's
            page.touchscreen.tap(*to_screen(mapping(page), card.x, card.y))
            info = page.locator("#card-info .card-info")
            info.wait_for()
            assert info.get_attribute("data-card") == card.card
            assert pose() == before
            assert "Cannot place here" not in (ghost.text_content() or "")
        assert len(table.cards()) == 2


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_soldier_tapped_is_activated_with_no_details_over_the_board(
    touch_page: Page, site_url: str, width: int, height: int
) -> None:
    """A tap on one of your cards activates it and opens no details (they hid the aim of its
    Move). Its Details button shows them in at most 40% of the screen's height, and Move
    closes them. A tap on an enemy card shows its details; a tap on the board closes them,
    with no need for the ×."""
    with phone(touch_page, width, height) as page:
        table = start_game(page, site_url, seed=3, scenario="open")
        for _ in range(10):
            page.keyboard.press("Enter")
        player = table.pending()[1]
        me = next(c for c in table.cards() if c.player == player and c.card == "assault")
        page.touchscreen.tap(*to_screen(mapping(page), me.x, me.y))
        move = page.locator("#prompt button[data-action=move]")
        move.wait_for()
        info = page.locator("#card-info")
        assert info.is_hidden()
        page.locator("#prompt button[data-action=details]").tap()
        info.wait_for(state="visible")
        box = info.bounding_box()
        assert box is not None and box["height"] <= 0.4 * height, (box, height)
        _more_below_is_shaded(page)
        move.tap()
        info.wait_for(state="hidden")
        page.keyboard.press("Escape")  # back to the soldier's menu
        move.wait_for()
        enemy = next(c for c in table.cards() if c.player != player)
        page.touchscreen.tap(*to_screen(mapping(page), enemy.x, enemy.y))
        info.wait_for(state="visible")
        box = info.bounding_box()
        assert box is not None
        m = mapping(page)
        free = (m["left"] + 30, m["top"] + 30)  # the board's top left corner: out of the details
        assert not (box["y"] <= free[1] <= box["y"] + box["height"])
        page.touchscreen.tap(*free)
        info.wait_for(state="hidden")


def test_a_finger_dragging_the_handle_before_aiming_points_the_move_the_way_it_turns(
    touch_page: Page, site_url: str
) -> None:
    """The turning handle sits where the aim line begins: a drag that starts on it turns the
    card and, until the Move is aimed, points the Move the same way."""
    with phone(touch_page, 360, 640) as page:
        table = start_game(page, site_url, seed=3, scenario="open")
        for _ in range(10):
            page.keyboard.press("Enter")
        player = table.pending()[1]
        me = next(c for c in table.cards() if c.player == player and c.card == "assault")
        page.touchscreen.tap(*to_screen(mapping(page), me.x, me.y))
        page.locator("#prompt button[data-action=move]").tap()
        knob = page.locator('#board-svg [data-handle="rotate"]')
        knob.wait_for()
        handle = knob.bounding_box()
        assert handle is not None
        start = (handle["x"] + handle["width"] / 2, handle["y"] + handle["height"] / 2)
        end = to_screen(mapping(page), me.x - 2.5, me.y)  # west of the card
        Fingers(page).gesture([start], [end], steps=8)
        saved = json.loads(page.evaluate("() => localStorage.getItem('serm/autosave')"))["ui"]
        assert saved["mode"] == "aim"
        assert saved["facing"] == pytest.approx(270.0, abs=3.0)
        assert saved["aim"] == saved["facing"]


def _more_below_is_shaded(page: Page) -> None:
    """The details scroll inside their box: while words lie below its foot, the foot is shaded
    (the margin strip under the words changes once scrolled to the end); a box with nothing
    below is not shaded."""
    info = page.locator("#card-info")
    room = info.evaluate("e => e.scrollHeight - e.clientHeight")
    box = info.bounding_box()
    assert box is not None
    x, y = box["x"] + 3, box["y"] + box["height"] - 9

    def strip() -> bytes:  # a corner of the margin under the words, at the box's foot
        return page.screenshot(clip={"x": x, "y": y, "width": 5, "height": 5})

    top = strip()
    info.evaluate("e => { e.scrollTop = e.scrollHeight; }")
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    end = strip()
    info.evaluate("e => { e.scrollTop = 0; }")
    assert (top != end) == (room > 1), ("shaded at the foot", top != end, "room below", room)
