"""The board's labels in the page: none goes under the page's controls drawn over the board.

At 1280x800 the zoom buttons (+, -, Fit) stand over the table's right edge, halfway down. A
label the view placed there was hidden under them; the page measures what they cover and the
view places its labels clear of it (``serm.view.frame.covered``)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from harness.moments import open_moment
from harness.pages import Table
from tests.browser.test_one_screen import moment, sized

UNDER_BUTTONS = r"""
() => {
  const tools = document.getElementById('zoom-tools').getBoundingClientRect();
  const labels = [...document.querySelectorAll('#layer-overlay text, #layer-board g.chance text')];
  return labels.filter((t) => {
    const r = t.getBoundingClientRect();
    return r.width > 0 && r.left < tools.right && r.right > tools.left
      && r.top < tools.bottom && r.bottom > tools.top;
  }).map((t) => t.textContent);
}
"""


def test_a_path_halting_by_the_zoom_buttons_keeps_its_words_in_sight(
    page: Page, site_url: str
) -> None:
    """Player 2's Brawler traced from the top toward the right lane, then down it until it
    halts against the right-hand Crates, beside the zoom buttons: "halts at the Crates" and
    what is lost are never under the buttons (they were, under - and Fit)."""
    sized(page, 1280, 800)
    open_moment(page, site_url, moment("brawler-path"))
    table = Table(page)
    table.press(9.2, 1.2)  # a corner at the top of the right lane
    said: set[str] = set()
    for y in (5.0, 5.5, 6.0, 6.5):
        page.mouse.move(*table.to_client(9.2, y))
        page.wait_for_selector("#layer-overlay .path-trace text:has-text('halts at')")
        said |= set(
            page.evaluate(
                "() => [...document.querySelectorAll('#layer-overlay text')]"
                ".map((t) => t.textContent)"
            )
        )
        assert page.evaluate(UNDER_BUTTONS) == [], y
    assert "halts at the Crates" in said


BOXES = r"""
() => {
  const box = (el) => { const r = el.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom]; };
  const trace = document.querySelector('#layer-overlay .path-trace');
  const crates = [...document.querySelectorAll('#layer-board g.terrain')]
    .filter((g) => g.querySelector('title').textContent.startsWith('Crates'))
    .map((g) => box(g.querySelector('rect, polygon')));
  return {
    card: box(trace.querySelector('.path-card.halt rect')),
    band: box(trace.querySelector('.path-band')),
    leg: box(trace.querySelector('line[stroke-dasharray="10 8"]')),
    crates: crates.sort((a, b) => b[0] - a[0])[0],
    words: [...trace.querySelectorAll('text')].map((t) => [t.textContent, box(t)]),
  };
}
"""


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (360, 640)])
def test_a_path_whose_line_clears_the_crates_shows_its_card_halting_on_them(
    page: Page, site_url: str, width: int, height: int
) -> None:
    """Player 2's Brawler traced from the top to the right lane, then on down it toward the
    pointer: the line runs 0.2 L right of the right-hand Crates, but the card, 63/88 L wide,
    halts on their top edge (R16, R17). The board draws the card's outline there, touching
    them, and the band its body sweeps down to it; no word lies over the outline."""
    sized(page, width, height)
    open_moment(page, site_url, moment("brawler-path"))
    table = Table(page)
    table.press(9.2, 1.2)  # a corner at the top of the right lane
    page.mouse.move(*table.to_client(9.2, 6.5))
    page.wait_for_selector("#layer-overlay .path-trace .path-card.halt")
    found = page.evaluate(BOXES)
    card, band, leg, crates = found["card"], found["band"], found["leg"], found["crates"]
    px = (table.to_client(1.0, 0.0)[0] - table.to_client(0.0, 0.0)[0]) / 100  # CSS px per unit
    assert leg[0] > crates[2] + 15 * px  # the line passes clear of the Crates
    assert card[0] < crates[2] and abs(card[3] - crates[1]) < 3 * px  # the card on them
    assert abs(band[3] - card[3]) < 3 * px and band[1] < card[1]  # swept down to there
    for words, box in found["words"]:
        apart = box[2] <= card[0] or card[2] <= box[0] or box[3] <= card[1] or card[3] <= box[1]
        assert apart, (words, box, card)
