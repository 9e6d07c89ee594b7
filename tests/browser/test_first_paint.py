"""The board before Python: the first paint already shows the welcome screen drawn at
build time by the game's own view code (a returning player: the saved game's, from a sanitised
snapshot); it is visibly not live, a tap or a key on it says "Loading…" near the finger and does
nothing else; when Python is ready the live page takes over with the same markup and no layout
shift.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, Route

from harness.chromium import fail_on, guarded_page, wait_until_booted
from harness.pages import play_a_little, start_game

SEED = 8
WASM = "**/pyodide.asm.wasm"
SNAPSHOT_KEY = "serm/snapshot"
FRAMES = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"

# Every layout shift from the start (the Layout Instability API), and the board's box first seen.
SHIFTS_JS = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__shifts.push([e.startTime, e.value, e.hadRecentInput,
    e.sources.map((s) => s.node ? (s.node.id || s.node.nodeName) : "?").join(",")]);
}).observe({ type: "layout-shift", buffered: true });
document.addEventListener("DOMContentLoaded", () => {
  const box = document.querySelector("#board svg").getBoundingClientRect();
  window.__firstBox = [box.x, box.y, box.width, box.height];
});
"""


@pytest.fixture
def page(browser: Browser, browser_problems: list[str]) -> Iterator[Page]:
    """As conftest's, with no service worker: a held file then holds Python back on every load
    (a worker's cached answer would not go through the page's routes)."""
    page = guarded_page(browser, browser_problems, service_workers="block")
    try:
        yield page
    finally:
        page.context.close()
    fail_on(browser_problems)


def _hold(route: Route) -> None:
    """Never answered: Python does not start while the test looks at the page before it."""


def markup(page: Page, selector: str) -> str:
    """The element's markup, without the namespace declaration the HTML parser keeps as an
    attribute (elements made with createElementNS have their namespace without it)."""
    return re.sub(r' xmlns="[^"]*"', "", page.inner_html(selector))


def live_welcome(page: Page, url: str) -> dict[str, str]:
    page.goto(url)
    wait_until_booted(page)
    return {part: markup(page, f"#{part}") for part in ("board", "status", "prompt")}


def before_python(page: Page, url: str) -> dict[str, str]:
    page.route(WASM, _hold)
    page.goto(url)
    page.wait_for_selector("#board svg", state="visible")
    page.wait_for_load_state("domcontentloaded")
    assert page.get_attribute("#game", "aria-busy") == "true"
    return {part: markup(page, f"#{part}") for part in ("board", "status", "prompt")}


def assert_says_loading_near(page: Page, x: float, y: float) -> None:
    bubble = page.locator("#boot-tap")
    bubble.wait_for(state="visible")
    assert bubble.inner_text().startswith("Loading…")
    box = bubble.bounding_box()
    assert box is not None
    centre = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    assert abs(centre[0] - x) < 80 and abs(centre[1] - y) < 100, (centre, x, y)


def test_first_paint_is_the_live_welcome_screen(
    page: Page, site_url: str, browser_problems: list[str]
) -> None:
    live = live_welcome(page, site_url)
    early = before_python(page, site_url)
    assert page.evaluate("document.documentElement.dataset.snapshot") is None
    assert early == live
    assert "<svg" in early["board"] and 'id="board-svg"' in early["board"]
    assert 'data-action="start"' in early["prompt"]


def test_board_before_python_says_loading_where_it_is_tapped(
    page: Page, site_url: str, browser_problems: list[str]
) -> None:
    before_python(page, site_url)
    assert page.locator("#loading").is_visible()
    opacity = page.evaluate("getComputedStyle(document.querySelector('#board svg')).opacity")
    assert float(opacity) < 1, "the board looks not live yet"

    box = page.locator("#board svg").bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] * 0.3, box["y"] + box["height"] * 0.6
    page.mouse.click(x, y)
    assert_says_loading_near(page, x, y)

    start = page.locator("[data-action=start]")
    sbox = start.bounding_box()
    assert sbox is not None
    sx, sy = sbox["x"] + sbox["width"] / 2, sbox["y"] + sbox["height"] / 2
    page.mouse.click(sx, sy)
    assert_says_loading_near(page, sx, sy)
    help_button = page.locator("#btn-help").bounding_box()
    assert help_button is not None
    hx, hy = help_button["x"] + 5, help_button["y"] + 5
    page.mouse.click(hx, hy)
    assert_says_loading_near(page, hx, hy)
    page.keyboard.press("Enter")
    page.locator("#boot-tap").wait_for(state="visible")
    # Nothing was acted on: still the welcome screen, nothing opened.
    assert page.locator("#help").is_hidden()
    assert page.get_attribute("#game", "aria-busy") == "true"
    assert page.locator("#prompt input[name=scenario]:checked").input_value() == "default"
    browser_problems.clear()  # the held wasm never arrives


def test_live_board_takes_over_without_layout_shift(page: Page, site_url: str) -> None:
    page.add_init_script(SHIFTS_JS)
    page.goto(site_url)
    wait_until_booted(page)
    page.evaluate(FRAMES)  # two frames after the takeover
    shifts = page.evaluate("window.__shifts")
    first = page.evaluate("window.__firstBox")
    box = page.locator("#board svg").bounding_box()
    assert box is not None
    assert [round(v) for v in first] == [round(box[k]) for k in ("x", "y", "width", "height")], (
        "the board did not move or resize"
    )
    assert sum(value for _, value, recent, _ in shifts if not recent) == 0, shifts


def test_returning_player_sees_the_saved_board_first(
    page: Page, site_url: str, browser_problems: list[str]
) -> None:
    table = start_game(page, site_url, SEED)
    play_a_little(table)
    page.wait_for_function(f"() => localStorage.getItem({json.dumps(SNAPSHOT_KEY)}) !== null")
    live = live_welcome(page, site_url)
    assert "is waiting" in live["prompt"]
    assert 'class="card' in live["board"]  # the saved game's cards, not an empty table

    early = before_python(page, site_url)
    assert page.evaluate("document.documentElement.dataset.snapshot") == "drawn"
    assert early == live
    browser_problems.clear()


HOSTILE_BOARD = (
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
    'id="board-svg" viewBox="0 0 100 100" onload="window.__pwned=1">'
    "<script>window.__pwned=2</script>"
    '<g class="card" onclick="window.__pwned=3" style="display:none">'
    '<a href="javascript:window.__pwned=4"><text x="1" y="2">t</text></a>'
    '<image href="http://evil.example/x.png"/>'
    '<use href="http://evil.example/x.svg#a"/>'
    '<foreignObject><iframe src="javascript:window.__pwned=5"></iframe></foreignObject>'
    '<rect x="1" y="2" width="javascript:alert(1)" height="3" fill="red"/>'
    "</g></svg>"
)
HOSTILE_STATUS = '<img src="x" onerror="window.__pwned=6"><p class="status">kept</p>'
HOSTILE_PROMPT = (
    '<button type="button" class="primary" data-action="start" onclick="window.__pwned=7">'
    "Go</button><script>window.__pwned=8</script>"
    '<div class="x"><iframe src="http://evil.example/"></iframe></div>'
)


def test_stored_snapshot_is_drawn_sanitised(
    page: Page, site_url: str, browser_problems: list[str]
) -> None:
    page.goto(site_url + "?nothing")  # the origin, to write its storage
    page.wait_for_selector("#board svg")
    page.evaluate(
        """([key, snapshot]) => {
          localStorage.setItem("serm/autosave", JSON.stringify({saved_at: "then"}));
          localStorage.setItem(key, JSON.stringify(snapshot));
        }""",
        [
            SNAPSHOT_KEY,
            {
                "format": "serm-snapshot",
                "version": 1,
                "saved_at": "then",
                "board": HOSTILE_BOARD,
                "status": HOSTILE_STATUS,
                "prompt": HOSTILE_PROMPT,
            },
        ],
    )
    before_python(page, site_url)
    assert page.evaluate("document.documentElement.dataset.snapshot") == "drawn"
    page.evaluate(FRAMES)  # anything the stored markup could run has had its frames
    assert page.evaluate("window.__pwned") is None
    found = page.evaluate(
        """() => {
          const all = [...document.querySelectorAll("#game *")];
          return {
            tags: [...new Set(all.map((e) => e.localName))].sort(),
            attrs: [...new Set(all.flatMap((e) => [...e.attributes].map((a) => a.name)))].sort(),
            values: all.flatMap((e) => [...e.attributes].map((a) => a.value)),
          };
        }"""
    )
    for tag in ("script", "a", "image", "foreignobject", "foreignObject", "iframe", "img"):
        assert tag not in found["tags"], found["tags"]
    for attr in ("onload", "onclick", "onerror", "style", "src"):
        assert attr not in found["attrs"], found["attrs"]
    assert not [v for v in found["values"] if "javascript:" in v or "evil.example" in v]
    assert page.inner_text("#status") == "kept"
    assert page.locator("#board g.card").count() == 1  # what the vocabulary allows is kept
    go = page.locator("#prompt button[data-action=start]")
    assert go.inner_text() == "Go"
    go.click()
    page.locator("#boot-tap").wait_for(state="visible")
    assert page.evaluate("window.__pwned") is None
    browser_problems.clear()


def test_a_snapshot_older_than_the_autosave_is_not_drawn(
    page: Page, site_url: str, browser_problems: list[str]
) -> None:
    page.goto(site_url + "?nothing")
    page.wait_for_selector("#board svg")
    default_board = markup(page, "#board")
    page.evaluate(
        """(key) => {
          localStorage.setItem("serm/autosave", JSON.stringify({saved_at: "now"}));
          localStorage.setItem(key, JSON.stringify({format: "serm-snapshot", version: 1,
            saved_at: "before", board: "<svg xmlns='http://www.w3.org/2000/svg'></svg>",
            status: "", prompt: ""}));
        }""",
        SNAPSHOT_KEY,
    )
    early = before_python(page, site_url)
    assert page.evaluate("document.documentElement.dataset.snapshot") is None
    assert early["board"] == default_board
    browser_problems.clear()
