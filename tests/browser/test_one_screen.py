"""One screen, no scrolling during play.

A whole seeded hot-seat game (harness/scripted_game.py) is played to victory on a phone with touch
emulation, its steps taken in turn at 360x640 and 390x844 (portrait) and 740x360 (landscape), the
same page resized between them, and on a desktop with a mouse (1280x800). At every step the page
is unscrolled (``window.scrollY`` is 0, the page is no taller than the window) and whatever the
step needs -- the card to press, the prompt's button -- is inside the window and not covered (the
element at its centre is itself); while deploying, the status and the question's first paragraph
also show in the bar without scrolling it, and so does what a React does at every React. The
welcome shows who plays each side and Start game without scrolling the bar. On phones the Menu
sheet holds the other controls, each of them in view once it is open.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page

from harness.fresh import open_site
from harness.pages import Table
from harness.scripted_game import SEED, deploy, play_step

ROOT = Path(__file__).resolve().parents[2]

LAYOUTS = {"phone": ((360, 640), (390, 844), (740, 360)), "desktop": ((1280, 800),)}
"""The sizes (CSS px) of each layout: a phone's (with touch; portrait and landscape) and a
desktop's (with a mouse)."""

CONTROLS = ("#btn-new", "#btn-los", "#btn-help", "#btn-saves", "#btn-concede")


FRAMES = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
"""Resolves two frames from now: what the page does on a new size has been done."""


def assert_unscrolled(page: Page) -> None:
    scroll_y, height, inner = page.evaluate(
        "() => [window.scrollY, document.documentElement.scrollHeight, window.innerHeight]"
    )
    assert scroll_y == 0
    assert height <= inner, (height, inner)


def assert_in_view(page: Page, target: Locator) -> None:
    """``target`` is inside the window and is what a finger at its centre would touch (asked
    again a few times: the prompt may be redrawn under the test, e.g. by the Exposure view's
    progress, leaving the button found a moment ago out of the page)."""
    for _ in range(5):
        problem = _not_in_view(target)
        if not problem:
            return
        page.wait_for_timeout(100)
    raise AssertionError(problem)


def assert_foot_in_view(page: Page) -> None:
    """Every enabled button of the question's foot (its choices and its action row) is in view:
    all the cards left to place and Place card while deploying, every target, every React."""
    for choice in page.locator("#prompt .foot button:enabled").all():
        assert_in_view(page, choice)  # every choice of the question, not only the one taken


def assert_question_in_view(page: Page) -> None:
    """The status and the question's first paragraph (what to do now, e.g. "Drag your Ranger
    into your zone") are seen without scrolling the bar: the bar is unscrolled and the paragraph
    lies inside the bar's visible box, above the buttons of its foot (which stay over the words)."""
    problem: str = page.evaluate(
        """() => {
          const panel = document.querySelector('#panel');
          const ask = document.querySelector('#prompt [data-pending] > p:not(.message)');
          const foot = document.querySelector('#prompt .foot');
          const status = document.querySelector('#status');
          if (!ask || !foot) return 'no question or no foot';
          const box = panel.getBoundingClientRect(), p = ask.getBoundingClientRect();
          const s = status.getBoundingClientRect(), f = foot.getBoundingClientRect();
          const ok = panel.scrollTop === 0 && s.top >= box.top && s.bottom <= p.top
            && p.top >= box.top && p.bottom <= Math.min(box.bottom, f.top) + 0.5
            && p.bottom <= innerHeight;
          return ok ? '' : JSON.stringify({scroll: panel.scrollTop, bar: [box.top, box.bottom],
            status: [s.top, s.bottom], ask: [p.top, p.bottom], foot: f.top,
            text: ask.innerText.slice(0, 60)});
        }"""
    )
    assert not problem, problem


def assert_newest_news_in_view(page: Page) -> None:
    """What just happened (the prompt's ``.recent`` list, two lines high on a phone) shows its
    newest lines, where a kill is told, not its oldest."""
    gap = page.evaluate(
        "() => { const r = document.querySelector('#prompt .recent');"
        " return r ? r.scrollHeight - r.scrollTop - r.clientHeight : 0; }"
    )
    assert gap < 2, gap


def _not_in_view(target: Locator) -> str:
    """Why ``target`` is not fully in view and on top, or ""."""
    found: str = target.evaluate(
        """el => {
          const r = el.getBoundingClientRect();
          const x = r.left + r.width / 2, y = r.top + r.height / 2;
          const top = document.elementFromPoint(x, y);
          const ok = r.left >= 0 && r.top >= 0 && r.right <= innerWidth
            && r.bottom <= innerHeight && r.width > 0 && top !== null
            && (top === el || el.contains(top));
          return ok ? "" : [el.outerHTML.slice(0, 120), r.left, r.top, r.right, r.bottom,
                            top && top.outerHTML.slice(0, 120)].join(" ");
        }"""
    )
    return found


class OneScreen(Table):
    """The board, where each press and each button is checked to be on screen first; a phone's
    buttons are tapped (the board is played with the mouse: drags, the wheel)."""

    def __init__(self, page: Page, touch: bool) -> None:
        super().__init__(page)
        self.touch = touch

    def press(self, x: float, y: float) -> None:
        self.settle()
        assert_unscrolled(self.page)
        cx, cy = self.to_client(x, y)
        size = self.page.viewport_size
        assert size is not None
        assert 0 <= cx <= size["width"] and 0 <= cy <= size["height"], (x, y, cx, cy)
        on_board = self.page.evaluate(
            "([x, y]) => !!document.elementFromPoint(x, y)?.closest('#board-svg')", [cx, cy]
        )
        assert on_board, f"({x}, {y}) L is covered"
        super().press(x, y)

    def button(self, action: str) -> bool:
        assert_unscrolled(self.page)
        if self.pending()[0] == "place":
            cards = self.page.locator("#prompt .foot button[data-action=card]")
            assert cards.count() >= 1  # the cards left to place are in the foot
            assert_foot_in_view(self.page)
            assert_question_in_view(self.page)  # and what to do with them, above
        btn = self.page.locator(f"#prompt button[data-action={action}]")
        if btn.count() == 0:
            return False
        assert_in_view(self.page, btn.first)
        if self.touch:
            btn.first.tap()
        else:
            btn.first.click()
        assert_unscrolled(self.page)
        return True


def assert_replays_as_shown(page: Page, table: Table, folder: Path, touch: bool) -> None:
    """The game's log tells its Reacts, shots and eliminations; its record, downloaded from the
    victory screen, replays on the command line (``python -m serm replay``) to the same winner
    and the same soldiers left."""
    log = page.inner_text("#log")
    assert "reacts!" in log and "shoots at" in log and "eliminated" in log
    winner_text = page.inner_text(".victory h2")
    with page.expect_download() as info:
        (page.tap if touch else page.click)(".victory [data-action=download]")
    path = folder / "game.json"
    info.value.save_as(path)
    out = subprocess.run(
        [sys.executable, "-m", "serm", "replay", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    summary = json.loads(out.stdout)
    assert summary["status"] == "finished"
    assert f"Player {summary['winner']}" in winner_text
    on_board = {(c.player, c.card) for c in table.cards()}
    alive = {(s["player"], s["card"]) for s in summary["soldiers"] if s["alive"]}
    assert on_board == alive


def check_menu(page: Page, touch: bool) -> None:
    """Every control can be reached and is in view (in the sheet, opened by Menu, on phones);
    Enemy sight switches on and back off; How to play opens inside the sheet."""
    press = page.tap if touch else page.click
    menu = page.locator("#btn-menu")
    if menu.is_visible():
        assert_in_view(page, menu)
        press("#btn-menu")
        page.wait_for_selector("#sheet[open]")
    for control in CONTROLS:
        assert_in_view(page, page.locator(control))
    press("#btn-los")
    assert page.get_attribute("#btn-los", "aria-pressed") == "true"
    if menu.is_visible():
        page.wait_for_selector("#sheet:not([open])", state="attached")  # back to the board
        press("#btn-menu")
    press("#btn-los")
    assert page.get_attribute("#btn-los", "aria-pressed") == "false"
    if menu.is_visible():
        press("#btn-menu")
    press("#btn-help")
    assert page.locator("#help").is_visible()
    assert_unscrolled(page)
    press("#btn-help")
    if menu.is_visible():
        press("#btn-close-menu")
        page.wait_for_selector("#sheet:not([open])", state="attached")
    assert_unscrolled(page)


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_a_whole_game_on_one_screen(
    request: pytest.FixtureRequest, site_url: str, layout: str, tmp_path: Path
) -> None:
    """One whole game per layout, played like two players would (R5-R24): deployed with
    pointer drags, the wheel and the rotation handle; aimed Moves, Reacts with their stop
    points, Shoots, to the victory screen, whose record the command line replays to the same
    end. The layout's other sizes take turns with its first, the page resized between the
    game's steps (each step is checked and played at one size)."""
    sizes = LAYOUTS[layout]
    touch = layout == "phone"
    page: Page = request.getfixturevalue("touch_page" if touch else "page")
    turn = iter(range(1_000_000))

    def next_size() -> None:
        width, height = sizes[next(turn) % len(sizes)]
        if page.viewport_size != {"width": width, "height": height}:
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate(FRAMES)  # the page has laid itself out again (its resize observer ran)

    next_size()
    open_site(page, site_url, f"?seed={SEED}&scenario=open")
    assert_unscrolled(page)
    page.check("#prompt input[name=scenario][value=open]")
    start = page.locator("[data-action=start]")
    assert_in_view(page, start)
    (page.tap if touch else page.click)("[data-action=start]")
    table = OneScreen(page, touch)
    assert_unscrolled(page)
    for _ in sizes:
        check_menu(page, touch)
        next_size()
    deploy(table)
    seen: set[str] = set()
    for _ in range(400):
        next_size()
        if page.locator(".victory").count():
            break
        assert_in_view(page, page.locator("#status"))
        assert_foot_in_view(page)
        assert_newest_news_in_view(page)
        if table.pending()[0] == "react" and page.locator("#prompt .foot").count():
            assert_question_in_view(page)  # what a React does, above the Reacts' odds
        n = int(page.inner_text("#status").split("Activation ")[1].split(" ")[0])
        before = page.inner_text("#log")
        play_step(table, n, seen)
        refused = page.locator("#prompt .message:not(.news)").count()
        assert page.inner_text("#log") != before or not refused, page.inner_text("#prompt")
    else:
        raise AssertionError("no victory after 400 steps")
    assert {"act", "react", "stop"} <= seen, seen
    assert_replays_as_shown(page, table, tmp_path, touch)
    for _ in sizes:
        next_size()
        assert_unscrolled(page)
        for action in ("rematch", "download"):
            assert_in_view(page, page.locator(f".victory [data-action={action}]"))
    assert page.locator("#btn-concede").is_disabled()
    menu = page.locator("#btn-menu")
    if menu.is_visible():
        page.tap("#btn-menu")
    log = page.locator("#log")
    assert "eliminated" in log.inner_text()
    # The log opens on its newest entry, not its first.
    assert log.evaluate("l => l.scrollHeight > l.clientHeight")
    assert log.evaluate("l => l.scrollHeight - l.scrollTop - l.clientHeight < 2")
    assert_unscrolled(page)


def test_a_new_question_is_read_from_the_top_of_the_bar(touch_page: Page, site_url: str) -> None:
    """A new player scrolls the welcome bar down to its opponents and Start game: the game's
    first question then shows from the bar's top, not scrolled as the welcome was; so does the
    next card's after Place card, however far the bar was scrolled to read the tip."""
    page = touch_page
    page.set_viewport_size({"width": 360, "height": 640})
    panel = page.locator("#panel")
    open_site(page, site_url, f"?seed={SEED}&scenario=open")
    panel.evaluate("p => { p.scrollTop = p.scrollHeight; }")
    assert panel.evaluate("p => p.scrollTop") > 100
    page.tap("[data-action=start]")
    page.wait_for_selector("#prompt [data-pending=place]")
    assert_question_in_view(page)
    panel.evaluate("p => { p.scrollTop = p.scrollHeight; }")
    assert panel.evaluate("p => p.scrollTop") > 0
    first = page.inner_text("#prompt [data-pending] > p")
    page.tap("#prompt button[data-action=confirm]")
    page.wait_for_function(
        "f => document.querySelector('#prompt [data-pending] > p')?.innerText !== f", arg=first
    )
    assert_question_in_view(page)


@pytest.mark.parametrize(("width", "height"), LAYOUTS["phone"])
def test_the_welcome_shows_who_plays_and_start_without_scrolling_the_bar(
    touch_page: Page, site_url: str, width: int, height: int
) -> None:
    """A new player on a phone sees, without scrolling the bar, where to choose a computer
    opponent (who plays each side) and Start game; the tables follow below them."""
    page = touch_page
    page.set_viewport_size({"width": width, "height": height})
    open_site(page, site_url, f"?seed={SEED}")
    assert_unscrolled(page)
    assert page.locator("#panel").evaluate("p => p.scrollTop") == 0
    for who in ("#player-1", "#player-2", "[data-action=start]"):
        assert_in_view(page, page.locator(who))
    page.locator("#player-2").select_option("easy")
    page.tap("[data-action=start]")
    page.wait_for_selector("#prompt [data-pending=place]")
    assert_unscrolled(page)
