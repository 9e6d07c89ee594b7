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
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page

from harness.fresh import fresh, open_site
from harness.moments import AUTOSAVE, DEPLOY_EXPOSURE, MOMENTS, Moment, open_moment, save_text
from harness.pages import Table, start_game
from harness.scripted_game import SEED, deploy, play_step
from serm.core.cards import CARDS
from serm.ui.events import Command
from serm.ui.panel import choice_buttons, kill_label, react_label

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
    """The status and the question's first paragraph shown (what to do now, e.g. "Drag your
    Ranger into your zone", or why the card may not go where it is held) are seen without
    scrolling the bar: the bar is unscrolled and the paragraph
    lies inside the bar's visible box, above the buttons of its foot (which stay over the words)."""
    problem: str = page.evaluate(
        """() => {
          const panel = document.querySelector('#panel');
          const ask = [...document.querySelectorAll('#prompt [data-pending] > p:not(.message)')]
            .find((p) => p.getClientRects().length > 0);
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


FOOT_ROOM = 64
"""The room (CSS px, three lines of the side panel's words) a wide screen's question keeps
below its buttons."""


def assert_foot_has_room(page: Page, room: float) -> None:
    """The question's foot sits where its words end, at least ``room`` px above the bottom of
    the bar's visible box: the words may grow that much before the foot, which stays in view,
    would have to stand over them."""
    left = page.evaluate(
        "() => document.querySelector('#panel').getBoundingClientRect().bottom"
        " - document.querySelector('#prompt .foot').getBoundingClientRect().bottom"
    )
    assert left >= room, (left, page.inner_text("#prompt")[:120])


def assert_newest_news_in_view(page: Page) -> None:
    """What just happened (the prompt's ``.recent`` list, two lines high on a phone) shows its
    newest entry, where a kill is told, not its oldest: the newest entry's first line lies inside
    the list's visible box (an entry taller than the list is read from its start)."""
    problem: str = page.evaluate(
        """() => {
          const r = document.querySelector('#prompt .recent');
          const newest = r && r.lastElementChild;
          if (!newest || !newest.firstChild) return '';
          const range = document.createRange();
          range.selectNodeContents(newest);
          const line = [...range.getClientRects()].find((q) => q.width >= 1 && q.height >= 1);
          const box = r.getBoundingClientRect();
          const top = box.top + r.clientTop, bottom = top + r.clientHeight;
          const ok = line.top >= top - 0.5 && line.bottom <= bottom + 0.5;
          return ok ? '' : JSON.stringify({box: [top, bottom], line: [line.top, line.bottom],
            text: newest.textContent.slice(0, 60)});
        }"""
    )
    assert not problem, problem


NEWEST_WHOLE_JS = r"""
() => {
  const r = document.querySelector('#prompt .recent');
  const newest = r && r.lastElementChild;
  if (!newest) return 'no news';
  const c = r.getBoundingClientRect();
  const top = c.top + r.clientTop, bottom = top + r.clientHeight;
  const at = (q) => [Math.round(q.top), Math.round(q.bottom)];
  const n = newest.getBoundingClientRect();
  if (n.top < top - 0.5 || n.bottom > bottom + 0.5) {
    return `the newest entry ${at(n)} is cut by the list ${[top, bottom].map(Math.round)}: `
      + newest.textContent.slice(0, 60);
  }
  for (const li of r.children) {
    const q = li.getBoundingClientRect();
    if (li !== newest && q.bottom > top + 1 && q.top < bottom - 1) {  // a pixel's rounding
      return `${at(q)} of an older entry shows in the list ${[top, bottom].map(Math.round)}: `
        + li.textContent.slice(0, 60);
    }
  }
  return '';
}
"""


def assert_newest_news_whole(page: Page) -> None:
    """What just happened shows its newest entry whole, every line of it inside the list's
    visible box, and nothing of an older entry (not a sliver of its last line) beside it."""
    page.evaluate(FRAMES)
    problem: str = page.evaluate(NEWEST_WHOLE_JS)
    assert not problem, problem


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
    Enemy sight switches on and back off, the sheet staying open; How to play opens inside the
    sheet."""
    press = page.tap if touch else page.click
    menu = page.locator("#btn-menu")
    if menu.is_visible():
        assert_in_view(page, menu)
        press("#btn-menu")
        page.wait_for_selector("#sheet[open]")
    for control in CONTROLS:
        assert_in_view(page, page.locator(control))
    press("#btn-los")  # a toggle: the Menu stays open, the button says it is on
    assert page.get_attribute("#btn-los", "aria-pressed") == "true"
    press("#btn-los")
    assert page.get_attribute("#btn-los", "aria-pressed") == "false"
    press("#btn-help")
    assert page.locator("#help").is_visible()
    assert_unscrolled(page)
    press("#btn-help")
    if menu.is_visible():
        press("#btn-close-menu")
        page.wait_for_selector("#sheet:not([open])", state="attached")
    assert_unscrolled(page)


@pytest.mark.parametrize("layout", ["phone", "desktop"])
def test_a_whole_game_on_one_screen(
    request: pytest.FixtureRequest, site_url: str, layout: str, tmp_path: Path
) -> None:
    """One whole game per layout, played like two players would (R5-R24): deployed with
    pointer drags, the wheel and the rotation handle; aimed Moves, Reacts with their stop
    points, Shoots, to the victory screen, whose record the command line replays to the same
    end. On a wide screen each React question keeps room below its buttons. The layout's
    other sizes take turns with its first, the page resized between the game's steps (each
    step is checked and played at one size)."""
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
            if not touch:
                assert_foot_has_room(page, FOOT_ROOM)
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


# --- words: no text of a prompt, question, warning or result is clipped or covered -------------

WORDS = (
    "#notice p",
    "#status",
    "#prompt .welcome > p:first-of-type",
    "#prompt [data-pending] > p:not(.tip):not(.exposure)",
    "#prompt .problem",
    "#prompt .one-way",
    "#prompt .message",
    "#prompt .recent > li:last-child",
    "#prompt .victory h2",
    "#prompt .victory > p",
    "#prompt button",
    "#layer-overlay rect + text",
)
"""What a player must read at each moment: the status line, the welcome's sentence, the
question's paragraphs (the opening's note, the question, the notes under it: who could React
along a Move, whether the reactor sees the mover at the stop point), every warning and message,
the newest line of what just happened (a shot's result; the viewer's step), the victory, every
button's label and the board's labels on their rounded boxes (a Move's odds, a card that may not
go there), and the note that a soldier was shot by an enemy it cannot see (a tip, but news of
the shot). Other tips and the Exposure view's words after them are left out: the bar scrolls
to them."""

WORDS_JS = r"""
(texts) => {
  const problems = [], seen = new Set();
  const shown = (el) => el.getClientRects().length > 0
    && getComputedStyle(el).visibility !== 'hidden' && el.textContent.trim() !== '';
  const lines = (el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return [...range.getClientRects()].filter((q) => q.width >= 1 && q.height >= 1);
  };
  const union = (rects) => ({
    left: Math.min(...rects.map((q) => q.left)), top: Math.min(...rects.map((q) => q.top)),
    right: Math.max(...rects.map((q) => q.right)),
    bottom: Math.max(...rects.map((q) => q.bottom)),
  });
  const boxOf = (el) => {
    if (el instanceof SVGTextElement && el.previousElementSibling instanceof SVGRectElement) {
      return el.parentNode.getBoundingClientRect(); // a label on the board: its rounded box
    }
    const whole = el instanceof HTMLButtonElement || el instanceof SVGElement;
    return whole ? el.getBoundingClientRect() : union(lines(el));
  };
  const inside = (r, c) => r.left >= c.left - 1 && r.top >= c.top - 1
    && r.right <= c.right + 1 && r.bottom <= c.bottom + 1;
  const clientBox = (a) => {
    const c = a.getBoundingClientRect();
    const left = c.left + a.clientLeft, top = c.top + a.clientTop;
    return { left, top, right: left + a.clientWidth, bottom: top + a.clientHeight };
  };
  const clips = (a) => {
    const s = getComputedStyle(a);
    return s.overflowX !== 'visible' || s.overflowY !== 'visible';
  };
  const said = (el) => '"' + el.textContent.trim().replace(/\s+/g, ' ').slice(0, 50) + '"';
  const at = (r) => `[${[r.left, r.top, r.right, r.bottom].map(Math.round)}]`;
  const name = (a) => a.id ? '#' + a.id : `${a.tagName}.${a.className}`;
  const problem = (el) => {
    const r = boxOf(el);
    const window = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
    if (!inside(r, window)) return `${at(r)} is not wholly inside the window`;
    const fixed = (a) => getComputedStyle(a).position === 'fixed'; // no ancestor clips it
    for (let a = fixed(el) ? null : el.parentElement; a; a = fixed(a) ? null : a.parentElement) {
      if (clips(a) && !inside(r, clientBox(a))) return `${at(r)} is cut by ${name(a)}`;
    }
    if (el instanceof HTMLElement && clips(el) && el.scrollWidth > el.clientWidth + 1) {
      return 'is cut short inside its own box';
    }
    if (el instanceof SVGElement) return ''; // the board: nothing of the page lies over it
    for (const q of lines(el)) {
      const h = q.bottom - q.top;
      for (const y of [q.top + h / 4, q.top + h / 2, q.top + (3 * h) / 4]) {
        for (const x of [q.left + 1, (q.left + q.right) / 2, q.right - 1]) {
          const top = document.elementFromPoint(x, y);
          if (top !== null && top !== el && !el.contains(top)) {
            return `${at(r)} is covered by ${top.tagName} ${said(top)}`;
          }
        }
      }
    }
    return '';
  };
  for (const selector of texts) {
    for (const el of document.querySelectorAll(selector)) {
      if (seen.has(el) || !shown(el)) continue;
      seen.add(el);
      const why = problem(el);
      if (why) problems.push(`${said(el)} ${why}`);
    }
  }
  return problems;
}
"""
"""Why each of the elements ``texts`` selects is not wholly in view: its box (its words' lines;
a button's or a board label's whole box) leaves the window, is cut by an ancestor that clips
(the bar, a list that scrolls, the board; those outside a box fixed to the window do not), is
cut short inside itself (an ellipsis), or is covered at a point of one of its lines
(``document.elementFromPoint`` there is neither it nor inside it; each line is tried at its
left, middle and right, a quarter, half and three quarters down, so a button reaching into a
line's lower part counts)."""

SIZES = {"phone": LAYOUTS["phone"], "desktop": LAYOUTS["desktop"]}


def hidden_words(page: Page, texts: tuple[str, ...] = WORDS) -> list[str]:
    """What of ``texts`` is clipped or covered, in words (empty: all whole and on top)."""
    page.evaluate(FRAMES)
    found: list[str] = page.evaluate(WORDS_JS, list(texts))
    return found


def sized(page: Page, width: int, height: int) -> None:
    if page.viewport_size != {"width": width, "height": height}:
        page.set_viewport_size({"width": width, "height": height})


def moment(name: str) -> Moment:
    return next(m for m in (*MOMENTS, DEPLOY_EXPOSURE) if m.name == name)


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_no_words_are_clipped_or_covered(
    request: pytest.FixtureRequest, site_url: str, layout: str
) -> None:
    """At each size of the layout, on the welcome screen, each deployment step, a card held
    where it may not go, an activation's menu, an aimed Move, a Brawler's path, a Turn that
    changes nothing (after the computer's turn, with Replay last turn), React questions (one
    after the computer's Move) and a React's confirming step, a stop point, the Assault's
    activation after its React (the news of the mover it stopped above its words and buttons)
    and its targets, a shot's result, the next turn with the note that a soldier was
    shot by an enemy it cannot see, the victory and the viewer: every text a player
    must read (``WORDS``) is whole, inside the window and on top. Each moment is reached at
    once from a save (``harness.moments``) in the warm page, resized between the checks."""
    page: Page = request.getfixturevalue("touch_page" if layout == "phone" else "page")
    problems: list[str] = []

    def check(name: str) -> None:
        for width, height in LAYOUTS[layout]:
            sized(page, width, height)
            problems.extend(f"{name} at {width}x{height}: {p}" for p in hidden_words(page))

    open_site(page, site_url)
    check("welcome")
    for m in MOMENTS:
        open_moment(page, site_url, m)
        check(m.name)
    assert not problems, "\n".join(problems)


def test_the_viewer_step_is_whole_on_a_small_phone(touch_page: Page, site_url: str) -> None:
    """At 360x640 the viewer's step (what the action did, two lines) shows whole above its
    controls: the bar's head names the table only, the names of the players are left to wider
    screens."""
    open_moment(touch_page, site_url, moment("viewer"))
    sized(touch_page, 360, 640)
    assert hidden_words(touch_page) == []
    assert touch_page.inner_text("#status") == "Replay · Two walls"


STEP_NUMBER_JS = r"""
() => {
  const list = document.querySelector('#prompt .replay-step');
  const line = list.querySelector('li');
  const text = document.createRange();
  text.selectNodeContents(line);
  const pen = document.createElement('canvas').getContext('2d');
  pen.font = getComputedStyle(line).font;
  const number = pen.measureText(`${line.value || list.start}. `).width;
  const clip = list.getBoundingClientRect().left + list.clientLeft;
  return [text.getClientRects()[0].left - number, clip];
}
"""
"""Where the viewer's step number starts (its first line's words less the number's width: an
outside marker hangs left of the words, an inside one comes before them) and the left edge of
the list's box, which clips (the list scrolls)."""


def test_the_viewers_step_number_is_whole_on_a_small_phone(touch_page: Page, site_url: str) -> None:
    """At 360x640 the viewer's step number ("69.") shows whole, not cut at the list's left
    edge."""
    open_moment(touch_page, site_url, moment("viewer"))
    sized(touch_page, 360, 640)
    touch_page.evaluate(FRAMES)
    start, clip = touch_page.evaluate(STEP_NUMBER_JS)
    assert start >= clip - 0.5, (start, clip)


SHADED_JS = "() => getComputedStyle(document.querySelector('#prompt .foot')).boxShadow !== 'none'"
"""Whether the top edge of the question's foot is shaded (the sign that the bar scrolls)."""


def test_a_tip_cut_by_the_bar_shows_that_the_bar_scrolls(touch_page: Page, site_url: str) -> None:
    """At 360x640 while deploying, the tip ("You place last, so you act first. Opening:
    neither of the game's...") runs on under the cards to place: the foot's top edge is shaded,
    the sign that the bar scrolls, until the bar is scrolled to its end (then every word of the
    tip is read)."""
    page = touch_page
    tip = ("#prompt [data-pending=place] > .tip",)
    assert words_at(page, site_url, "deploy-1", (360, 640), *tip) != []  # cut under the foot
    assert page.evaluate(SHADED_JS)
    page.locator("#panel").evaluate("p => { p.scrollTop = p.scrollHeight; }")
    page.wait_for_function(f"() => !({SHADED_JS})()")
    assert hidden_words(page, tip) == []


def test_the_deployments_tip_is_read_whole_on_a_phone_of_740_px(
    touch_page: Page, site_url: str
) -> None:
    """At 360x740 while each side places its first card, the tip under the question (who acts
    first, the opening, whose Gunner shoots first: "(rule R5)") is whole in view above the
    cards to place, the bar unscrolled; and once the Exposure view is worked out, the bar says
    the opening once: its words leave out what the tip says."""
    page = touch_page
    sized(page, 360, 740)
    start_game(page, site_url, SEED, scenario="default")
    tip = ("#prompt [data-pending=place] > .tip",)
    for _ in range(4):  # each side's first two cards: the side acting first's tip and the other's
        page.wait_for_selector("#prompt [data-pending=place] > .tip .rule")
        assert page.locator("#panel").evaluate("p => p.scrollTop") == 0
        assert hidden_words(page, tip) == []
        exposure = page.locator("#prompt p.exposure")
        exposure.filter(has_text=re.compile("Red squares")).wait_for(timeout=60_000)
        exposure.filter(has_not_text="Working out").wait_for(timeout=60_000)
        assert page.inner_text("#prompt").count("Opening:") == 1, page.inner_text("#prompt")
        page.locator("#prompt [data-action=confirm]").tap()


def words_at(page: Page, site_url: str, name: str, size: tuple[int, int], *texts: str) -> list[str]:
    """What of ``texts`` is clipped or covered at moment ``name`` seen at ``size``."""
    open_moment(page, site_url, moment(name))
    sized(page, *size)
    return hidden_words(page, texts)


@pytest.mark.parametrize(
    ("layout", "size"), [("phone", (360, 640)), ("phone", (740, 360)), ("desktop", (1280, 800))]
)
def test_a_card_that_may_not_go_there_says_why_in_view(
    request: pytest.FixtureRequest, site_url: str, layout: str, size: tuple[int, int]
) -> None:
    """The red warning under a card held where it may not go is read whole, above the cards
    to place: right under the question, before the tips (on a short bar it takes the
    question's place: it says where the card may go)."""
    page: Page = request.getfixturevalue("touch_page" if layout == "phone" else "page")
    assert words_at(page, site_url, "deploy-refused", size, "#prompt .problem") == []


@pytest.mark.parametrize("size", [(360, 640), (390, 844)])
def test_a_moves_odds_stay_on_the_board(
    touch_page: Page, site_url: str, size: tuple[int, int]
) -> None:
    """A Move aimed along the table's left edge: the chance it is stopped ("cannot be stopped",
    "84% stopped") is drawn wholly on the board, not cut at its edge."""
    texts = ("#layer-overlay rect + text",)
    assert words_at(touch_page, site_url, "aimed-move", size, *texts) == []


@pytest.mark.parametrize("size", [(360, 640), (740, 360)])
def test_replay_last_turn_leaves_the_question_above_the_soldiers(
    touch_page: Page, site_url: str, size: tuple[int, int]
) -> None:
    """After the computer's turn, Replay last turn (so named on a phone too: it plays the last
    turn, not the game) and the question (tap a soldier) both show, neither under the
    soldiers' buttons."""
    texts = ("#prompt [data-action=replay-last]", "#prompt [data-pending=act] > p:not([class])")
    assert words_at(touch_page, site_url, "act-after-computer", size, *texts) == []
    said = touch_page.inner_text("#prompt [data-action=replay-last]")
    assert " ".join(said.split()) == "Replay last turn", said


TALL_NEWS_JS = r"""
() => {
  const news = document.querySelector('#prompt .recent');
  const newest = news?.lastElementChild;
  if (!newest) return 'no news';
  newest.textContent = "Shoot 19 > Endure 4: Player 1's Gunner is eliminated! ".repeat(4);
  news.style.height = getComputedStyle(news).maxHeight;
  return '';
}
"""
"""Makes what just happened as tall as it may be (four lines on a phone): a long newest entry."""

COVERED_JS = r"""
(selector) => {
  const el = document.querySelector(selector);
  const r = el.getBoundingClientRect();
  const style = getComputedStyle(el);
  const radius = Math.max(...['TopLeft', 'TopRight', 'BottomRight', 'BottomLeft'].map(
    (c) => parseFloat(style[`border${c}Radius`]) || 0));
  const corner = 2 + radius * (1 - Math.SQRT1_2);  // inside the rounded corner's curve
  const out = [];
  for (const [j, y] of [r.top, (r.top + r.bottom) / 2, r.bottom].entries()) {
    for (const [i, x] of [r.left, (r.left + r.right) / 2, r.right].entries()) {
      const d = i !== 1 && j !== 1 ? corner : 2;
      const px = x + [d, 0, -d][i], py = y + [d, 0, -d][j];
      const top = document.elementFromPoint(px, py);
      if (top === null || !el.contains(top)) out.push(`(${Math.round(px)}, ${Math.round(py)})`);
    }
  }
  return out;
}
"""
"""The points near the corners, edges and centre of the element ``selector`` finds where
something else is on top (or none: outside the window). A corner's point lies inside its
rounded corner: 2 px in from each edge, a point of a 6 px corner lies 0.3 px inside its
curve, and where the layout lies on the pixels decides whether it is the element's or its
parent's."""


@pytest.mark.parametrize("size", LAYOUTS["phone"])
def test_stats_is_never_under_the_foot_whatever_the_news_height(
    touch_page: Page, site_url: str, size: tuple[int, int]
) -> None:
    """A soldier chosen after the computer's turn, with what just happened made as tall as it
    may be: the Stats button is wholly in view, its edges too, not under the activation's
    buttons kept at the bar's foot (the words above them scroll under it)."""
    chosen = Moment(
        "chosen-after-computer",
        61,
        computer=2,
        then=("[data-action=select][data-arg=armored]",),
        shows="#prompt button[data-action=details]",
    )
    open_moment(touch_page, site_url, chosen)
    sized(touch_page, *size)
    touch_page.evaluate(FRAMES)  # the page has fitted what just happened to the new size
    assert touch_page.evaluate(TALL_NEWS_JS) == ""
    touch_page.evaluate(FRAMES)
    assert touch_page.evaluate(COVERED_JS, "#prompt button[data-action=details]") == []


def test_the_react_question_shows_above_its_buttons(touch_page: Page, site_url: str) -> None:
    """At 360x640, after the computer's Move: what a React does is read whole above the
    Reacts' buttons, with Replay last turn beside what just happened."""
    texts = ("#prompt [data-pending=react] > p", "#prompt [data-action=replay-last]")
    assert words_at(touch_page, site_url, "react-after-computer", (360, 640), *texts) == []


def test_the_gunners_targets_and_its_last_target_switch_are_all_in_view(
    touch_page: Page, site_url: str
) -> None:
    """At 360x640, Gunner > Shoot with three enemies in sight: the question with its setting's
    words, each target's button, Back and the last-target switch are whole and none covers
    another."""
    texts = ("#prompt [data-pending=act] p:has(.setting)", "#prompt button")
    assert words_at(touch_page, site_url, "gunner-shoot", (360, 640), *texts) == []


LONGEST_CHANCES = ("100%", ">99%")
"""The widest chances a button shows (``serm.view.board.percent``)."""

NAMED_ROWS = (
    ("react", ".choices.reacts", Command.REACT, react_label),
    ("assault-shoot", ".choices.targets", Command.TARGET, kill_label),
    ("gunner-shoot", ".choices.targets", Command.TARGET, kill_label),
)
"""The rows of soldiers' names with their chances: a React question's (Let it move beside it),
a Shoot's targets (Back beside them) and the Gunner's (its last-target switch below): the
moment that shows each, the row, its command and its label."""


def named_buttons(command: Command, label: Callable[[str, str], str], chance: str) -> str:
    """The buttons of every card that may be offered ``command`` (a React: not the Armored,
    R23), each labelled with its name and ``chance``."""
    cards = [c for c, t in CARDS.items() if command != Command.REACT or not t.never_reacts]
    return choice_buttons(command, cards, lambda c: label(CARDS[c].title, chance))


def test_every_soldiers_name_is_whole_on_its_react_and_target_buttons(
    touch_page: Page, site_url: str
) -> None:
    """At every phone size, a React question offered to every soldier that can React and a Shoot
    at every card, each with the widest chance: each button's words are whole (no name cut
    short: "Brawl…", "Armor…"), in view and uncovered."""
    problems: list[str] = []
    for name, row, command, label in NAMED_ROWS:
        open_moment(touch_page, site_url, moment(name))
        for chance in LONGEST_CHANCES:
            picks = named_buttons(command, label, chance)
            touch_page.locator(f"#prompt .foot > {row}").evaluate(
                "(r, h) => { r.innerHTML = h; }", picks
            )
            for width, height in LAYOUTS["phone"]:
                sized(touch_page, width, height)
                found = hidden_words(touch_page, ("#prompt .foot button",))
                problems.extend(f"{name}, {chance}, at {width}x{height}: {p}" for p in found)
    assert not problems, "\n".join(problems)


def test_every_enemy_is_eliminated_shows_above_the_victory_buttons(
    touch_page: Page, site_url: str
) -> None:
    assert words_at(touch_page, site_url, "victory", (360, 640), "#prompt .victory > p") == []


@pytest.mark.parametrize("size", [(360, 640), (740, 360)])
def test_the_start_box_shows_whole_above_start_game(
    touch_page: Page, site_url: str, size: tuple[int, int]
) -> None:
    """The welcome's line about who may play, or on a phone held upright the table's list in
    its place, shows whole above Start game (one of the two is shown: an empty check of two
    hidden lines would pass)."""
    open_site(touch_page, site_url)
    sized(touch_page, *size)
    lines = ("#prompt .welcome > p:first-of-type", "#prompt .welcome .table-choice")
    assert any(touch_page.locator(line).is_visible() for line in lines)
    assert hidden_words(touch_page, lines) == []


TOPS_JS = r"""
() => {
  window.__tops = new Promise((done) => {
    const tops = [];
    let hinted = false;
    const frame = () => {
      const hint = document.querySelector('#prompt .skip-hint');
      const ask = document.querySelector('#prompt [data-pending=react] > p:not([class])');
      if (ask) {
        const top = (e) => e.getBoundingClientRect().top;
        const below = !hint || top(hint) >= ask.getBoundingClientRect().bottom;
        const boxes = [...ask.parentElement.children];
        const first = boxes.find((e) => e.getBoundingClientRect().height > 0);
        tops.push([!!hint, below, first === undefined || !first.textContent.trim()]);
      }
      hinted = hinted || !!hint;
      if (hinted && !hint) done(tops);
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}
"""
"""Notes, at every frame until a show has begun and ended, whether the hint to skip it shows,
whether the hint is below the React question and whether the first box of the question's panel
that takes room is empty (``window.__tops`` resolves to the list)."""


def test_the_react_question_keeps_no_empty_room_while_the_move_is_shown(
    touch_page: Page, site_url: str
) -> None:
    """At 360x640 against the computer, its Move shown again (Replay last turn, as when it was
    played): what just happened is told once shown, and no empty box keeps its room above the
    question meanwhile, so the React question is whole above its buttons; the hint to skip the
    show is under the question's buttons, never above the question the player may answer."""
    page = touch_page
    sized(page, 360, 640)
    m = moment("react-after-computer")
    fresh(page, "", speed="slow", stored={AUTOSAVE: save_text(m)})
    page.tap("#prompt button[data-action=continue]")
    page.wait_for_selector(m.shows)
    page.evaluate(TOPS_JS)
    page.tap("#prompt button[data-action=replay-last]")
    page.wait_for_selector("#prompt .skip-hint")
    during = hidden_words(page)
    tops: list[tuple[bool, bool, bool]] = page.evaluate("() => window.__tops")
    assert {hint for hint, _, _ in tops} == {True, False}, tops
    assert all(below for _, below, _ in tops), tops
    assert not any(empty for _, _, empty in tops), tops
    assert during == [] and hidden_words(page) == []


def test_a_phone_says_straight_on_moves_the_brawler_now_in_view(
    touch_page: Page, site_url: str
) -> None:
    """At each phone size, the Brawler's path to trace: the short words say that Straight on
    moves it now, and they and every other word a player reads are whole and on top."""
    page = touch_page
    open_moment(page, site_url, moment("brawler-path"))
    for width, height in LAYOUTS["phone"]:
        sized(page, width, height)
        said = page.locator("#prompt [data-pending=path] > p").first.inner_text()
        assert "Straight on moves it now" in " ".join(said.split()), said
        assert hidden_words(page) == []


@pytest.mark.parametrize(("placed", "computer"), [(1, 2), (2, 1), (9, 2)])
def test_the_roll_off_stays_told_beside_the_computer_at_360(
    touch_page: Page, site_url: str, placed: int, computer: int
) -> None:
    """At 360x640, the computer holding a seat (player 2, who won the roll-off, places first;
    or player 1, placing second): at the person's placement, the first and the last, the
    roll-off's one line is read whole, as is every word a player reads."""
    page = touch_page
    sized(page, 360, 640)
    person = 3 - computer
    shows = f"#prompt [data-pending=place][data-player='{person}']"
    m = Moment(f"deploy-{placed}-computer-{computer}", placed, computer=computer, shows=shows)
    open_moment(page, site_url, m)
    said = page.locator("#prompt .recent > li").all_inner_texts()
    winner = "Computer (easy)" if computer == 2 else "Player 2"  # as the game names them
    assert said == [f"{winner} won the roll-off 6–1."], said
    assert hidden_words(page) == []


def test_the_exposure_words_show_above_the_cards_to_place_on_a_desktop(
    page: Page, site_url: str
) -> None:
    """At 1280x800, the Exposure view's words (what the enemy Gunner sees of the cards placed,
    who moves before it may shoot) are whole above the cards to place: the side panel takes the
    width the square board leaves beside it."""
    texts = ("#prompt [data-pending=place] > p", "#prompt button")
    assert words_at(page, site_url, "deploy-exposure", (1280, 800), *texts) == []


def test_the_import_notice_leaves_the_question_in_view(
    touch_page: Page, site_url: str, tmp_path: Path
) -> None:
    """At 360x640 a game imported from a file (its record, in the first activation) is said in
    a notice with Dismiss, which leaves the bar alone: the status, the question and its buttons
    show as they would without it, once a soldier's Move is being aimed too."""
    page = touch_page
    sized(page, 360, 640)
    data = json.loads((ROOT / "examples" / "complete-game.json").read_text())
    data["actions"] = data["actions"][:11]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    open_site(page, site_url)
    page.tap("#btn-menu")
    page.tap("#btn-saves")
    page.set_input_files("#import-file", str(path))
    page.wait_for_selector("#notice:not([hidden]) .notice.news")
    if page.locator("#sheet[open]").count():
        page.tap("#btn-close-menu")
    texts = ("#notice li", "#notice button", *WORDS)
    assert hidden_words(page, texts) == []
    page.tap("#prompt button[data-action=select][data-arg=armored]")
    page.tap("#prompt button[data-action=move]")
    page.wait_for_selector("#prompt [data-pending=act] .outlook")
    assert "round handle" in page.inner_text("#prompt")
    assert hidden_words(page, texts) == []


HEADER_JS = r"""
() => {
  const all = '#top h1, #btn-menu, #zoom-tools button, #controls button';
  const boxes = [...document.querySelectorAll(all)]
    .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')
    .map((el) => [el.id || el.tagName, el.getBoundingClientRect()])
    .filter(([, r]) => r.top < document.querySelector('#top').getBoundingClientRect().bottom);
  const problems = [];
  for (const [name, r] of boxes) {
    if (r.left < 0 || r.right > innerWidth) problems.push(`${name} leaves the window`);
  }
  boxes.forEach(([a, r], i) => boxes.slice(i + 1).forEach(([b, q]) => {
    if (r.left < q.right && q.left < r.right && r.top < q.bottom && q.top < r.bottom) {
      problems.push(`${a} [${Math.round(r.left)}-${Math.round(r.right)}] overlaps ${b} `
        + `[${Math.round(q.left)}-${Math.round(q.right)}]`);
    }
  }));
  return problems;
}
"""
"""What of the header overlaps: its title, Menu, the zoom buttons and the game's controls each
other, or leaves the window (the boxes whose top is in the header)."""


SAYS_LOS = "(said) => document.querySelector('#los-state').innerText === said"


def test_the_headers_controls_keep_clear_of_the_title(page: Page, site_url: str) -> None:
    """From 820 to 1200 px wide (the phone's header with Menu below 900 px, the controls in the
    header from 900 px, Enemy sight saying on or off), in a game: no box of the header overlaps
    another or leaves the window (at 900 px New game lay over the title)."""
    problems: list[str] = []
    start_game(page, site_url, SEED)
    for width in (820, 860, 899, 900, 920, 950, 1000, 1039, 1040, 1100, 1199, 1200):
        for los in ("off", "on"):
            sized(page, width, 800)
            if page.inner_text("#los-state") != los:
                page.keyboard.press("l")
                page.wait_for_function(SAYS_LOS, arg=los)
            page.evaluate(FRAMES)
            found: list[str] = page.evaluate(HEADER_JS)
            problems.extend(f"{width} px, Enemy sight {los}: {p}" for p in found)
    assert not problems, "\n".join(problems)


EDGE_JS = """
(id) => {
  const b = document.getElementById(id), top = document.getElementById('top');
  return [getComputedStyle(b).borderTopColor, getComputedStyle(top).backgroundColor];
}
"""


def test_a_header_toggle_that_is_on_keeps_its_edge(page: Page, site_url: str) -> None:
    """At 1280 x 800, in a game: Enemy sight turned on and Saves opened are drawn filled in the
    header's own colour, and keep an edge of another colour, so they still look like buttons
    (hovered too)."""
    start_game(page, site_url, SEED)
    sized(page, 1280, 800)
    if page.inner_text("#los-state") != "on":
        page.keyboard.press("l")
        page.wait_for_function(SAYS_LOS, arg="on")
    page.click("#btn-saves")
    page.wait_for_function("() => document.getElementById('btn-saves').ariaExpanded === 'true'")
    for id in ("btn-los", "btn-saves"):
        page.hover(f"#{id}")
        edge, header = page.evaluate(EDGE_JS, id)
        assert edge != header, (id, edge, header)
    page.click("#btn-saves")
