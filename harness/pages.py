"""The game page as the tests, benchmarks and tools see it: cards read from the SVG, pointer
actions in card lengths."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from harness.fresh import open_site

if TYPE_CHECKING:
    from playwright.sync_api import Page

SCALE = 100
"""SVG user units per card length (serm.view.render.SCALE)."""


@dataclass
class Card:
    player: int
    card: str
    x: float
    y: float
    facing: float
    classes: str


class Table:
    """The board as the page shows it, and pointer actions in card lengths."""

    def __init__(self, page: Page) -> None:
        self.page = page

    def to_client(self, x: float, y: float) -> tuple[float, float]:
        a, d, e, f = self.page.evaluate(
            "() => { const m = document.getElementById('board-svg').getScreenCTM();"
            " return [m.a, m.d, m.e, m.f]; }"
        )
        return a * x * SCALE + e, d * y * SCALE + f

    def settle(self) -> None:
        """Wait until no card is still sliding (hit tests follow the animated position)."""
        self.page.wait_for_function(
            "() => document.getAnimations().every(a => a.playState !== 'running'"
            " || !a.effect?.target?.closest?.('#board'))"
        )

    def press(self, x: float, y: float) -> None:
        self.settle()
        cx, cy = self.to_client(x, y)
        self.page.mouse.move(cx, cy)
        self.page.mouse.down()
        self.page.mouse.up()

    def drag(self, start: tuple[float, float], end: tuple[float, float], steps: int = 8) -> None:
        self.settle()
        sx, sy = self.to_client(*start)
        ex, ey = self.to_client(*end)
        self.page.mouse.move(sx, sy)
        self.page.mouse.down()
        self.page.mouse.move(ex, ey, steps=steps)
        self.page.mouse.up()

    def ghost(self) -> tuple[float, float]:
        """Where the card being placed lies (L), as the overlay draws it."""
        g = self.page.locator("#layer-overlay g.ghost")
        return float(g.get_attribute("data-x") or "nan"), float(g.get_attribute("data-y") or "nan")

    def cards(self) -> list[Card]:
        raw = self.page.evaluate(
            "() => [...document.querySelectorAll('#layer-board g.card')]"
            ".map(g => [g.dataset.player,"
            " g.dataset.card, g.dataset.x, g.dataset.y, g.dataset.facing, g.getAttribute('class')])"
        )
        return [Card(int(p), c, float(x), float(y), float(f), k) for p, c, x, y, f, k in raw]

    def pending(self) -> tuple[str, int]:
        kind = self.page.get_attribute("#prompt [data-pending]", "data-pending") or "none"
        player = self.page.get_attribute("#prompt [data-pending]", "data-player") or "0"
        return kind, int(player)

    def button(self, action: str) -> bool:
        btn = self.page.locator(f"#prompt button[data-action={action}]")
        if btn.count() == 0:
            return False
        btn.first.click()
        return True

    def snapshot(self) -> tuple[object, ...]:
        """What a player sees that must survive a reload: cards, prompt kind, log text."""
        return (
            [(c.player, c.card, c.x, c.y, c.facing) for c in self.cards()],
            self.pending(),
            self.page.inner_text("#log"),
            self.page.inner_html("#layer-overlay"),
        )


def start_game(page: Page, site_url: str, seed: int, scenario: str = "open") -> Table:
    """Open the site with a seed as a new visit (``harness.fresh.open_site``), start a game on
    ``scenario``."""
    open_site(page, site_url, f"?seed={seed}")
    page.check(f"#prompt input[name=scenario][value={scenario}]")
    page.click("[data-action=start]")
    return Table(page)


def play_a_little(table: Table) -> None:
    """Deploy all ten cards with Enter, then move the Assault (and let it go if React is asked)."""
    page = table.page
    for _ in range(10):
        page.keyboard.press("Enter")
    assert len(table.cards()) == 10
    assert table.pending()[0] == "act", page.inner_text("#prompt")
    log_before = page.inner_text("#log")
    page.keyboard.press("4")
    page.keyboard.press("m")
    page.keyboard.press("Enter")
    if table.pending()[0] == "react":
        page.keyboard.press("n")
    assert page.inner_text("#log") != log_before


def open_menu(page: Page) -> None:
    """Open the Menu sheet, where a phone keeps the controls, saves, how to play and the log; on
    a wide screen they always show (there is no Menu) and this does nothing."""
    menu = page.locator("#btn-menu")
    if menu.is_visible() and page.locator("#sheet[open]").count() == 0:
        menu.click()
        page.wait_for_selector("#sheet[open]")


def answer(page: Page, yes: bool = True) -> None:
    """Answer the page's open question (``#ask``, drawn by ``serm.ui.dialogs``) with a click."""
    page.wait_for_selector("#ask[open]")
    page.click(f"#ask [data-action=answer-{'yes' if yes else 'no'}]")
    page.wait_for_selector("#ask:not([open])", state="attached")
