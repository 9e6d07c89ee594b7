"""What a click redraws: ``--unit`` is measured only when the board is reframed, and
a click that changes some cards redraws only those, to the same board a full redraw gives."""

from __future__ import annotations

from playwright.sync_api import Page

from harness.pages import Table, start_game

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
    """How often ``--unit`` was written, and its value, checked against the board's scale."""
    writes, unit, scale = page.evaluate(
        "() => [window.__unit_writes, parseFloat(document.getElementById('board-view')"
        ".style.getPropertyValue('--unit')),"
        " document.getElementById('board-svg').getScreenCTM().a]"
    )
    assert abs(unit - 1 / scale) < 1e-3, (unit, 1 / scale)
    return writes, unit


def test_the_unit_is_measured_when_the_board_is_reframed_not_on_every_redraw(
    cold_page: Page, site_url: str
) -> None:
    """Measuring it forces a layout: not on each redraw, only on another zoom or table, or when
    the board's box was resized (a ``ResizeObserver``, after the browser's own layout)."""
    page = cold_page
    page.add_init_script(COUNT_UNIT)
    table = start_game(page, site_url, 5)
    start, fitted = _unit(page)
    for _ in range(10):
        page.keyboard.press("Enter")  # every placement redraws the board
        assert _unit(page)[1] == fitted
    assert len(table.cards()) == 10
    writes, _ = _unit(page)
    assert writes - start <= 2  # 10 before (one per redraw)
    page.keyboard.press("+")
    writes, zoomed = _unit(page)
    assert zoomed < fitted  # zoomed in: fewer user units per CSS px
    page.keyboard.press("4")  # select: the same frame
    page.keyboard.press("m")
    page.keyboard.press("Enter")
    assert _unit(page) == (writes, zoomed)
    page.keyboard.press("-")
    assert _unit(page) == (writes + 1, fitted)


MARK = "() => { document.querySelector('#layer-board [data-role=frame]').__kept = true; }"
KEPT = "() => document.querySelector('#layer-board [data-role=frame]').__kept === true"


def _board(page: Page) -> tuple[str, str, str]:
    """The board layer's markup, and the board's label and title."""
    return page.evaluate(
        "() => { const b = document.getElementById('board-svg');"
        " return [document.getElementById('layer-board').innerHTML,"
        " b.getAttribute('aria-label'), b.querySelector(':scope > title').textContent]; }"
    )


def _continue(page: Page, site_url: str) -> Table:
    """Reload and continue the autosaved game: its board drawn whole, with the same screen."""
    page.goto(site_url)
    page.wait_for_selector("#loading", state="hidden", timeout=90_000)
    page.click("[data-action=continue]")
    return Table(page)


def test_clicks_redraw_only_the_cards_that_changed_to_the_board_a_full_redraw_gives(
    page: Page, site_url: str
) -> None:
    table = start_game(page, site_url, 8)
    for _ in range(10):
        page.keyboard.press("Enter")
    assert table.pending()[0] == "act"
    page.evaluate(MARK)
    cards = {(c.player, c.card): c for c in table.cards()}
    page.keyboard.press("4")  # select
    assert page.evaluate(KEPT)  # the ground was not drawn again
    assert "selected" in page.inner_html("#layer-board")
    page.keyboard.press("m")
    page.keyboard.press("Enter")  # end of move
    if table.pending()[0] == "react":
        page.keyboard.press("n")
    moved = [
        c
        for c in table.cards()
        if (c.x, c.y) != (cards[c.player, c.card].x, cards[c.player, c.card].y)
    ]
    assert moved and page.evaluate(KEPT)
    before = _board(page)
    again = _continue(page, site_url)
    assert not page.evaluate(KEPT)  # drawn whole
    assert _board(page) == before
    for _ in range(6):  # shots, where a soldier sees an enemy; else Moves
        page.evaluate(MARK)
        kind, _ = again.pending()
        if kind == "react":
            page.keyboard.press("n")
        elif kind == "act":
            page.keyboard.press("1")
            page.keyboard.press("s")
            if page.locator("#prompt button[data-action=target]").count():
                page.keyboard.press("1")
                page.keyboard.press("Enter")
            else:
                page.keyboard.press("Escape")
                page.keyboard.press("m")
                page.keyboard.press("Enter")
        else:
            page.keyboard.press("Enter")
        assert page.evaluate(KEPT), again.pending()
    before = _board(page)
    _continue(page, site_url)
    assert _board(page) == before
