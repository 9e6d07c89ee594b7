"""A card's details (``#card-info``) drawn over the board: the board's labels keep off them as
they keep off the zoom buttons (``serm.web.paint.overlaid``, ``ViewModel.covered``)."""

from __future__ import annotations

from playwright.sync_api import Page

from harness.moments import open_moment
from tests.browser.test_one_screen import moment, sized

TOP_CARD_JS = """() => {
  const cards = [...document.querySelectorAll('#board-svg g.card[data-player="1"]')]
    .map((g) => g.getBoundingClientRect())
    .sort((a, b) => a.top - b.top);
  const r = cards[0];
  return [r.left + r.width / 2, r.top + r.height / 2];
}"""
"""The middle of player 1's card nearest the board's top (CSS px): an enemy of player 2, who
decides (a tap on one of player 2's own cards would pick it to React, and open nothing)."""

UNDER_JS = """([left, top, right, bottom]) => {
  const under = [];
  for (const t of document.querySelectorAll('#board-svg text')) {
    if (t.closest('g.card, g.terrain, g.zone') || /^\\d+$/.test(t.textContent)) continue;
    const q = t.getBoundingClientRect();
    if (q.right > left && q.left < right && q.bottom > top && q.top < bottom) {
      under.push(t.textContent);
    }
  }
  return under;
}"""
"""The board's labels (not a card's face, a terrain's or a zone's name, a tick's number) that
lie in a box of the page (CSS px: left, top, right, bottom)."""


def test_the_boards_labels_keep_off_a_cards_details(touch_page: Page, site_url: str) -> None:
    """At 360x640, player 2 asked whether to React to the enemy Move: a tap on an enemy card
    opens its details over the board's lower part, and "halt", where the Move would end, which
    lay there, goes clear of them."""
    page = touch_page
    open_moment(page, site_url, moment("react"))
    sized(page, 360, 640)
    assert "halt" in (page.locator("#layer-overlay").text_content() or "")
    assert page.evaluate(UNDER_JS, [0, 220, 360, 400]) == ["halt"], "the details' place"
    x, y = page.evaluate(TOP_CARD_JS)
    page.touchscreen.tap(x, y)
    page.wait_for_selector("#card-info:not([hidden])")
    box = page.locator("#card-info").bounding_box()
    assert box is not None
    where = [box["x"], box["y"], box["x"] + box["width"], box["y"] + box["height"]]
    assert page.evaluate(UNDER_JS, where) == []
    assert "halt" in (page.locator("#layer-overlay").text_content() or "")
