"""The Exposure view of deployment end to end: on by default in a first game, the
worst enemy Gunner spot for the cards placed so far with its count in words, the shaded zone,
and its toggle, at 1280 px with a mouse and the keyboard and at 360 px with touch."""

from __future__ import annotations

import random
import re

from playwright.sync_api import Page

from bench.exposure_latency import free_spots
from harness.fresh import open_site, wait_for_import
from harness.pages import SCALE, Card, Table, start_game
from serm.core import cover
from serm.core.geometry import Vec, card_polygon, inside_rect, polygons_overlap
from serm.core.los import sees
from serm.core.scenario import by_name
from serm.ui import exposure
from tests.browser.test_one_screen import hidden_words, sized

SEED = 5
TABLE = "default"


def _tap(page: Page, table: Table, x: float, y: float, touch: bool) -> None:
    if touch:
        table.settle()
        page.touchscreen.tap(*table.to_client(x, y))
    else:
        table.press(x, y)


def _button(page: Page, action: str, touch: bool) -> None:
    btn = page.locator(f"#prompt button[data-action={action}]").first
    if touch:
        btn.tap()
    else:
        btn.click()


def _place_two_each(page: Page, table: Table, touch: bool) -> int:
    """Two cards a side, hot-seat; returns the player who places next (with one card down)."""
    rng = random.Random(SEED)
    spots = {p: free_spots(TABLE, SEED, p, rng) for p in (1, 2)}
    first = table.pending()[1]
    for _ in range(3):
        kind, player = table.pending()
        assert kind == "place"
        x, y = spots[player].pop()
        _tap(page, table, x, y, touch)
        _button(page, "confirm", touch)
    assert table.pending() == ("place", 3 - first) or table.pending()[1] == first
    return table.pending()[1]


def _expected(page: Page, table: Table, player: int) -> int:
    """What the engine says: the most of ``player``'s cards one enemy Gunner pose sees."""
    sc = by_name(TABLE, SEED)
    mine = [c for c in table.cards() if c.player == player]
    cards = [card_polygon(Vec(c.x, c.y), c.facing) for c in mine]
    poses = cover.gunner_poses(sc, 3 - player, cover.REFERENCE)
    most, _ = cover.most_seen(cards, poses, cover.tall_of(sc))
    return most


def _turns(gunner: Card, cards: list[Card]) -> list[float]:
    """The facings the standing enemy Gunner may turn to where it stands, of those the view
    weighs (its facing now, then each of ``exposure.TURNS``): its card on the table, clear of
    terrain and of every other card (R4, R14)."""
    sc = by_name(TABLE, SEED)
    others = [card_polygon(Vec(c.x, c.y), c.facing) for c in cards if c != gunner]
    out = []
    for f in (gunner.facing, *exposure.TURNS):
        poly = card_polygon(Vec(gunner.x, gunner.y), f)
        if inside_rect(poly, 0.0, 0.0, sc.width, sc.height) and not any(
            polygons_overlap(poly, q) for q in [*(t.points for t in sc.terrain), *others]
        ):
            out.append(f)
    return out


def _check_standing(
    page: Page, text: str, gunner: Card, mine: list[Card], cards: list[Card]
) -> None:
    """The most of my cards the enemy Gunner on the table could see once it has turned where
    it stands (R14), by the engine."""
    tall = cover.tall_of(by_name(TABLE, SEED))
    polys = [card_polygon(Vec(c.x, c.y), c.facing) for c in mine]
    k = max(
        sum(1 for poly in polys if sees((Vec(gunner.x, gunner.y), f, False), poly, tall))
        for f in _turns(gunner, cards)
    )
    if len(mine) == 1:
        seen = "could see your card" if k else "could not see your card"
    else:
        seen = f"could see {k or 'none'} of your {len(mine)} cards"
    said = f"Turning where it stands, the enemy Gunner {seen}"
    assert said in text, text
    if k:
        worst = page.locator("#layer-sight .exposure-worst")
        assert worst.get_attribute("data-standing") == "1"
        assert worst.get_attribute("data-seen") == str(k)


def check_the_view(page: Page, touch: bool) -> None:
    table = Table(page)
    toggle = page.locator("#prompt button[data-action=exposure]")
    assert toggle.get_attribute("aria-pressed") == "true", "on by default in a first game"
    assert "Exposure:" in page.inner_text("#prompt")
    player = _place_two_each(page, table, touch)
    mine = [c for c in table.cards() if c.player == player]
    assert len(mine) == 1
    said = page.locator("#prompt p.exposure")
    said.filter(has_text=re.compile("could see|sees any|could not see")).wait_for(timeout=60_000)
    standing = [c for c in table.cards() if c.player == 3 - player and c.card == "gunner"]
    most = _expected(page, table, player)
    text = said.inner_text()
    if standing:  # the enemy Gunner is down already: the view speaks of its turns there
        _check_standing(page, text, standing[0], mine, table.cards())
    elif most:
        assert "The enemy Gunner could see your card from here" in text, text
        worst = page.locator("#layer-sight .exposure-worst")
        assert worst.get_attribute("data-seen") == str(most)
        wy = float(worst.get_attribute("data-y") or "nan")
        zone = by_name(TABLE, SEED).zone(3 - player)
        assert zone.y0 <= wy <= zone.y1, "the enemy Gunner stands in its own zone"
        assert worst.locator("line.exposure-sight").count() == most
    else:
        assert "No spot of the enemy Gunner sees any" in text
    page.locator("#layer-sight .exposure-shade rect").first.wait_for(
        state="attached", timeout=120_000
    )
    assert "Red squares" in said.inner_text()
    board = page.locator("#board").bounding_box()
    shade = page.locator("#layer-sight .exposure-shade").bounding_box()
    assert board is not None and shade is not None
    assert (
        shade["x"] >= board["x"] - 1
        and shade["x"] + shade["width"] <= board["x"] + board["width"] + 1
    )
    # off, and on again: by key with a keyboard, by the button with touch
    if touch:
        toggle.tap()
    else:
        page.keyboard.press("x")
    page.locator("#prompt p.exposure").wait_for(state="detached")
    assert page.locator("#layer-sight .exposure-shade").count() == 0
    assert toggle.get_attribute("aria-pressed") == "false"
    if touch:
        page.wait_for_timeout(800)  # not a double tap (its second tap is ignored on purpose)
        toggle.tap()
    else:
        page.keyboard.press("x")
    page.locator("#layer-sight .exposure-shade").wait_for(state="attached")
    overflow = page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0


def test_the_exposure_view_with_a_mouse_at_1280_px(page: Page, site_url: str) -> None:
    start_game(page, site_url, SEED, TABLE)
    check_the_view(page, touch=False)


def test_the_exposure_view_with_touch_at_360_px(touch_page: Page, site_url: str) -> None:
    start_game(touch_page, site_url, SEED, TABLE)
    check_the_view(touch_page, touch=True)


def test_the_exposure_view_works_out_after_the_computer_places_first(
    page: Page, site_url: str
) -> None:
    """Seed 5: the computer (player 2) places first; with no input from the player afterwards,
    the view still gets worked out (the computer's move arms the resting work, not only input)."""
    open_site(page, site_url, f"?seed={SEED}")
    page.check(f"#prompt input[name=scenario][value={TABLE}]")
    page.select_option("#player-2", "easy")
    wait_for_import(page, "serm.ai")  # loaded once a side is the computer's
    page.click("[data-action=start]")
    page.locator("#layer-board g.card.p2").first.wait_for(state="attached", timeout=60_000)
    page.mouse.move(0, 0)  # the pointer leaves the board: no input from here on
    said = page.locator("#prompt p.exposure")
    said.filter(has_text="Once you place a card").wait_for(timeout=60_000)
    said.filter(has_text="Red squares").wait_for(timeout=120_000)


def test_the_first_tap_on_the_toggle_shows_the_view_turned_off_on_a_small_phone(
    touch_page: Page, site_url: str
) -> None:
    """A first game at 360x640 with touch, before any card is placed: the view is on but the
    board has nothing of it yet and its words are below the bar's fold, so the button says
    "on"; the first tap turns it off and the button, whole and in view, says "off"."""
    page = touch_page
    start_game(page, site_url, SEED, TABLE)
    sized(page, 360, 640)
    toggle = page.locator("#prompt button[data-action=exposure]")
    assert "Exposure view: on" in toggle.inner_text()
    toggle.tap()
    page.locator("#prompt button[data-action=exposure][aria-pressed=false]").wait_for()
    assert "Exposure view: off" in toggle.inner_text()
    assert hidden_words(page, ("#prompt button[data-action=exposure]",)) == []


GHOST_AT = """([x, y]) => {
  const g = document.querySelector('#layer-live .ghost');
  return g && Math.abs(g.dataset.x - x) < 0.05 && Math.abs(g.dataset.y - y) < 0.05;
}"""
"""The card being placed is drawn at (x, y) L, give or take a pixel."""


def _box(page: Page, selector: str) -> tuple[float, float, float, float]:
    b = page.locator(selector).bounding_box()
    assert b is not None, selector
    return b["x"], b["y"], b["x"] + b["width"], b["y"] + b["height"]


def test_the_card_being_placed_keeps_its_label_off_the_exposure_count(
    page: Page, site_url: str
) -> None:
    """Two cards a side, the worst enemy Gunner spot and its count shown; the card being placed
    pressed to spots a card's length below the count, where its label (drawn above it) would
    go over the count: its label (redrawn on each press, the count's layer kept as it is) and
    the count never overlap on the screen."""
    start_game(page, site_url, SEED, TABLE)
    table = Table(page)
    _place_two_each(page, table, touch=False)
    count = "#layer-sight .exposure-worst > g:not([transform]) > rect"
    page.locator(count).wait_for(state="attached", timeout=60_000)
    left, top, width, height = (
        float(page.locator(count).get_attribute(k) or "nan") / SCALE
        for k in ("x", "y", "width", "height")
    )
    cx, cy = left + width / 2, top + height / 2  # the count's middle (L)
    for dy in (0.7, 1.0, 1.3):
        for dx in (-1.5, 0.0, 1.5):
            x, y = min(max(cx + dx, 0.6), 9.4), cy + dy
            table.press(x, y)
            page.wait_for_function(GHOST_AT, arg=[x, y])
            label = _box(page, "#layer-live .ghost > g:not([transform]) > rect")
            said = _box(page, count)
            apart = min(label[2], said[2]) <= max(label[0], said[0]) or min(
                label[3], said[3]
            ) <= max(label[1], said[1])
            assert apart, (x, y, label, said)
