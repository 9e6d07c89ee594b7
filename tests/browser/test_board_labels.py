"""The board's labels in the page: none goes under the page's controls drawn over the board.

At 1280x800 the zoom buttons (+, -, Fit) stand over the table's right edge, halfway down. A
label the view placed there was hidden under them; the page measures what they cover and the
view places its labels clear of it (``serm.view.frame.covered``)."""

from __future__ import annotations

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
