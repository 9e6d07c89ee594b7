"""The card being placed says on the board, beside itself, when the enemy Gunner could see it: a
player who presses Place card without dragging is warned where they look, not only in the bar
(on a phone the bar's words may be scrolled out of view)."""

from __future__ import annotations

from playwright.sync_api import Page

from harness.pages import start_game

LABEL_JS = """() => {
  // The board's overlay takes no presses (they go to the cards under it), so "on top" is: no
  // part of the page lies over the label's centre but the board, whose overlay is drawn last.
  const label = [...document.querySelectorAll('#board-svg g.ghost text')]
    .find(t => t.textContent.includes('enemy Gunner could see it'));
  if (!label) return null;
  const r = label.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const top = document.elementFromPoint(x, y);
  return {text: label.textContent, inside: r.left >= 0 && r.top >= 0
          && r.right <= innerWidth && r.bottom <= innerHeight,
          onTop: Boolean(top && document.getElementById('board-svg').contains(top))};
}"""


def test_a_card_the_enemy_gunner_could_see_says_so_beside_itself(
    touch_page: Page, site_url: str
) -> None:
    """A first game opens with the Exposure view on: once its poses are worked out, the label
    says what its shading says."""
    page = touch_page
    page.set_viewport_size({"width": 360, "height": 640})
    start_game(page, site_url, seed=3, scenario="ruins")  # the first spot is in the open
    page.wait_for_selector("#board-svg g.ghost")
    page.wait_for_function(LABEL_JS)
    label = page.evaluate(LABEL_JS)
    assert label is not None, page.inner_text("#board-svg g.ghost")
    assert "the enemy Gunner could see it here" in label["text"]
    assert label["inside"] and label["onTop"], label


def test_a_card_behind_cover_says_only_that_it_can_go_there(page: Page, site_url: str) -> None:
    start_game(page, site_url, seed=3, scenario="default")  # the first spot is behind a wall
    ghost = page.locator("#board-svg g.ghost")
    ghost.wait_for()
    assert page.evaluate(LABEL_JS) is None
    assert "Can go here" in (ghost.text_content() or "")


ROLL_OFF_JS = """() => {
  const line = [...document.querySelectorAll('#prompt .recent li')]
    .find(li => li.textContent.includes('won the roll-off'));
  if (!line) return null;
  const r = line.getBoundingClientRect();
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height, 20) / 2);
  const height = parseFloat(getComputedStyle(line).lineHeight);
  return {text: line.textContent, lines: Math.round(r.height / height),
          inside: r.top >= 0 && r.bottom <= innerHeight && r.height > 0,
          onTop: Boolean(top && line.contains(top))};
}"""


def test_the_roll_off_is_told_on_screen_through_the_deployment(
    touch_page: Page, site_url: str
) -> None:
    """At 360 px the roll-off's result is seen above the first placement's question, not only
    in the Menu's log and the screen readers' text, in one line; once a card is placed it is
    still there, the same line (it gave way at the first card)."""
    page = touch_page
    page.set_viewport_size({"width": 360, "height": 640})
    start_game(page, site_url, seed=3, scenario="default")
    page.wait_for_selector("#board-svg g.ghost")
    first = page.evaluate(ROLL_OFF_JS)
    assert first is not None, page.inner_text("#prompt")
    assert first["text"].startswith("Player ") and first["inside"] and first["onTop"], first
    assert first["lines"] == 1, first
    page.locator("[data-action=confirm]").first.tap()
    page.wait_for_function("document.querySelectorAll('#layer-board g.card').length >= 1")
    page.wait_for_selector("#board-svg g.ghost")
    assert page.evaluate(ROLL_OFF_JS) == first, page.inner_text("#prompt")
