"""The zoom buttons (+, -, Fit) never hide the fitted table.

Labels keep clear of the buttons (``ViewModel.covered``), but a card or a marker cannot move: a
card standing at the table's right edge, halfway down, was half hidden under - and Fit at
1280x800. Fitted (the first view, and Fit), the whole table shows outside the buttons' column
at every size ``test_one_screen`` checks."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from harness.moments import Moment, open_moment
from harness.pages import SCALE
from tests.browser.test_one_screen import LAYOUTS, sized

EDGE = Moment(
    "card-at-right-edge",
    2,
    {"ghost": {"card": "ranger", "x": 9.7, "y": 5.0, "facing": 0.0}},
    shows="#prompt [data-pending=place] .problem",
)
"""Player 1's Ranger held at the table's right edge, halfway down (where the buttons stand)."""

UNDER_BUTTONS = r"""
([w, h]) => {
  const svg = document.getElementById('board-svg');
  const m = svg.getScreenCTM();
  const box = {left: m.e, top: m.f, right: m.a * w + m.e, bottom: m.d * h + m.f};
  const things = [['the table', box]];
  for (const b of svg.querySelectorAll('.card .body, .ghost > g > rect')) {
    things.push([b.closest('[data-card]')?.dataset.card || 'a card', b.getBoundingClientRect()]);
  }
  const found = [];
  for (const button of document.querySelectorAll('#zoom-tools button')) {
    const r = button.getBoundingClientRect();
    for (const [name, t] of things) {
      if (t.left < r.right && t.right > r.left && t.top < r.bottom && t.bottom > r.top) {
        found.push(`${name} under ${button.getAttribute('aria-label')}`);
      }
    }
  }
  return found;
}
"""


def under_buttons(page: Page) -> list[str]:
    """What of the table (10 by 10 L, the default table's) and its cards a zoom button covers."""
    found: list[str] = page.evaluate(UNDER_BUTTONS, [10.0 * SCALE, 10.0 * SCALE])
    return found


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_the_fitted_table_and_a_card_at_its_edge_are_clear_of_the_zoom_buttons(
    request: pytest.FixtureRequest, site_url: str, layout: str
) -> None:
    """A card held at the table's right edge, halfway down, at every size of the layout: in the
    first view and after zooming in and pressing Fit, neither the table nor any card is under
    a zoom button."""
    page: Page = request.getfixturevalue("touch_page" if layout == "phone" else "page")
    problems: list[str] = []
    for width, height in LAYOUTS[layout]:
        sized(page, width, height)
        open_moment(page, site_url, EDGE)
        problems += [f"first view at {width}x{height}: {p}" for p in under_buttons(page)]
        fitted = page.get_attribute("#board-svg", "viewBox")
        page.click("#btn-zoom-in")
        page.wait_for_function(
            f"() => document.getElementById('board-svg').getAttribute('viewBox') != '{fitted}'"
        )
        page.click("#btn-zoom-fit")
        page.wait_for_function(
            f"() => document.getElementById('board-svg').getAttribute('viewBox') == '{fitted}'"
        )
        problems += [f"after Fit at {width}x{height}: {p}" for p in under_buttons(page)]
    assert not problems, "\n".join(problems)
