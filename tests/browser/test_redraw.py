"""What a click redraws (issue 14): ``--unit`` is measured only when the board is reframed, and
a click that changes some cards redraws only those, to the same board a full redraw gives."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.browser.pages import start_game

COUNT_UNIT = """
(() => {
  window.__unit_writes = 0;
  const set = CSSStyleDeclaration.prototype.setProperty;
  CSSStyleDeclaration.prototype.setProperty = function (name, ...rest) {
    if (name === '--unit') window.__unit_writes += 1;
    return set.call(this, name, ...rest);
  };
})();
"""


def _unit(page: Page) -> tuple[int, float]:
    """How often ``--unit`` was written, and its value."""
    writes, unit = page.evaluate(
        "() => [window.__unit_writes, parseFloat(document.getElementById('board-view')"
        ".style.getPropertyValue('--unit'))]"
    )
    return writes, unit


def test_the_unit_is_measured_when_the_board_is_reframed_not_on_every_redraw(
    page: Page, site_url: str
) -> None:
    page.add_init_script(COUNT_UNIT)
    table = start_game(page, site_url, 5)
    for _ in range(10):
        page.keyboard.press("Enter")  # every placement redraws the board
    assert len(table.cards()) == 10
    writes, fitted = _unit(page)
    assert writes == 1 and fitted > 0
    page.keyboard.press("+")
    writes, zoomed = _unit(page)
    assert writes == 2 and zoomed < fitted  # zoomed in: fewer user units per CSS px
    page.keyboard.press("4")  # select: the same frame
    page.keyboard.press("m")
    page.keyboard.press("Enter")
    assert _unit(page) == (2, zoomed)
    page.keyboard.press("-")
    assert _unit(page) == (3, fitted)
