"""The built site boots in headless Chromium, entirely from 127.0.0.1, and a start-up that cannot
finish says so.

Every start-up file is failed the ways a host fails it (route interception): an error status, an
HTML page where a script, wasm or zip was expected, the wrong content type, no answer at all, a
late answer, a security policy (CSP) that forbids what the runtime needs.  Each ends in a message
in plain words naming what failed, with Retry, within 20 s or as soon as it is known; a wasm sent
as application/octet-stream still starts.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, Route

from harness.chromium import wait_until_booted
from harness.site import PREFIX
from tools import serve

Boot = Callable[[Page], float]

BOOT_STATE_JS = "() => document.documentElement.dataset.boot"
STALL_S = 20  # static/js/boot.js: STALL_MS
SAID_AT_ONCE_S = 10  # "as soon as it is known": well before the stall limit


@pytest.fixture
def page(cold_page: Page) -> Page:
    """Every test here loads the site for real (most fail a start-up file on the way)."""
    return cold_page


def test_boot_is_live_and_its_progress_reaches_the_end(page: Page, boot: Boot) -> None:
    seconds = boot(page)
    print(f"booted in {seconds:.1f} s")

    assert page.locator("#board svg").count() >= 1
    assert page.locator("#loading").is_hidden()
    assert page.locator("#btn-new").is_enabled()
    assert page.locator("#btn-help").is_enabled()
    assert page.locator("[data-action=start]").is_enabled()
    assert page.evaluate(BOOT_STATE_JS) == "live"

    bar = page.locator("#loading-progress")
    assert bar.get_attribute("role") == "progressbar"
    assert bar.get_attribute("aria-valuenow") == "100"
    log = page.evaluate("window.__sermBoot.log")
    values = [value for _, value, _, _, _ in log]
    shown = [to for _, _, _, to, _ in log]
    assert values == sorted(values), "the progress never goes back"
    assert values[-1] == 100 and shown[-1] == 100
    # What the bar shows is never ahead of the next stage's mark, so never at 100 before the end.
    assert all(to < 100 for to in shown[:-1])


BUSY_S = 2.5
"""How long main.py keeps the page busy in the test of the moving bar (s)."""

LONG_TASKS_JS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
}).observe({ type: "longtask", buffered: true });
"""


def test_the_bar_keeps_moving_while_python_keeps_the_page_busy(page: Page, site_url: str) -> None:
    """The bar's fill moves by a CSS transition of its transform, which the compositor plays
    while the page's thread is busy: a transition set before the start-up's longest task runs
    on past its end (here 2.5 s of busy Python at the start of main.py; the game's own start-up
    has long tasks of a second or more on a first visit). What is checked is that mechanism,
    not how many frames a loaded machine got painted meanwhile (a timing: ``bench web``)."""

    def busy_main(route: Route) -> None:
        response = route.fetch()
        busy = f"import time\n_t = time.time()\nwhile time.time() - _t < {BUSY_S}:\n    pass\n"
        route.fulfill(response=response, body=busy + response.text())

    page.route("**/serm/web/main.py", busy_main)
    page.add_init_script(LONG_TASKS_JS)
    page.goto(site_url)
    wait_until_booted(page)
    start, duration = max(page.evaluate("window.__longTasks"), key=lambda task: task[1])
    assert duration >= BUSY_S * 1000
    end = start + duration
    # Each line of the bar's log: [ms since the page began, value, stage, heading, transition ms]
    log = page.evaluate("window.__sermBoot.log")
    slides = [
        (at, ms)
        for (at, _, _, heading, ms), (_, _, _, before, _) in zip(log[1:], log, strict=False)
        if heading > before
    ]
    assert any(at <= start and at + ms >= end for at, ms in slides), (start, end, slides)
    moved = page.evaluate(
        "getComputedStyle(document.getElementById('loading-fill')).transitionProperty"
    )
    assert moved == "transform"  # a property the compositor animates on its own


def test_phone_viewport_has_no_horizontal_scroll(touch_page: Page) -> None:
    page = touch_page
    overflow = page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0
    board = page.locator("#board").bounding_box()
    panel = page.locator("#panel").bounding_box()
    assert board is not None and panel is not None
    assert panel["y"] >= board["y"] + board["height"] - 1, "panel should sit below the board"


# ------------------------------------------------------------------------------ failures


def _html_404(route: Route) -> None:
    route.fulfill(status=404, content_type="text/html", body="<!doctype html><h1>Not found</h1>")


def _html_200(route: Route) -> None:
    """What some hosts send for a missing file: their "not found" page, with status 200."""
    route.fulfill(status=200, content_type="text/html", body="<!doctype html><h1>Oops</h1>")


def _server_error(route: Route) -> None:
    route.fulfill(status=500, content_type="text/plain", body="Internal Server Error")


def _never(route: Route) -> None:
    """The request is left unanswered (a host that hangs)."""


def _typed(content_type: str) -> Callable[[Route], None]:
    def fulfil(route: Route) -> None:
        response = route.fetch()
        route.fulfill(response=response, headers={**response.headers, "content-type": content_type})

    return fulfil


def _with_csp(policy: str) -> Callable[[Route], None]:
    def fulfil(route: Route) -> None:
        response = route.fetch()
        headers = {**response.headers, "content-security-policy": policy}
        route.fulfill(response=response, headers=headers)

    return fulfil


FAULTS = {
    # id: (URL pattern, fault, words the message must hold, seconds it may take)
    "wasm_404": (
        "**/pyodide.asm.wasm",
        _html_404,
        r"does not have the Python runtime \(pyodide\.asm\.wasm\): error 404",
        SAID_AT_ONCE_S,
    ),
    "wasm_html_page": (
        "**/pyodide.asm.wasm",
        _html_200,
        r"sent a web page instead of the Python runtime \(pyodide\.asm\.wasm\)",
        SAID_AT_ONCE_S,
    ),
    "wasm_timeout": (
        "**/pyodide.asm.wasm",
        _never,
        r"the Python runtime \(pyodide\.asm\.wasm\) did not arrive \(nothing for 20 seconds\)",
        STALL_S + 5,
    ),
    "pyscript_core_404": (
        "**/pyscript/core.js",
        _html_404,
        r"does not have PyScript: error 404",
        SAID_AT_ONCE_S,
    ),
    "pyscript_chunk_text_plain": (
        "**/pyscript/core-*.js",
        _typed("text/plain"),
        r'sent PyScript as "text/plain", which browsers refuse to run',
        SAID_AT_ONCE_S,
    ),
    "pyscript_chunk_html_page": (
        "**/pyscript/toml-*.js",
        _html_200,
        r"sent a web page instead of PyScript",
        SAID_AT_ONCE_S,
    ),
    "stdlib_html_page": (
        "**/static/app/stdlib-*.zip",
        _html_200,
        r"sent a web page instead of Python's standard library",
        SAID_AT_ONCE_S,
    ),
    "stdlib_timeout": (
        "**/static/app/stdlib-*.zip",
        _never,
        r"Python's standard library did not arrive \(nothing for 20 seconds\)",
        STALL_S + 5,
    ),
    "game_zip_404": (
        "**/static/app/serm-*.zip",
        _html_404,
        r"does not have the game's code: error 404",
        SAID_AT_ONCE_S,
    ),
    "svg_wheel_500": (
        "**/svg_py-*.whl",
        _server_error,
        r"could not send the drawing library \(svg\.py\): error 500",
        SAID_AT_ONCE_S,
    ),
    "csp_forbids_wasm_and_eval": (
        f"**{PREFIX}",
        _with_csp("default-src 'self'; script-src 'self'"),
        r"security policy \(CSP\) does not let this page run",
        SAID_AT_ONCE_S,
    ),
    "csp_forbids_downloads": (
        f"**{PREFIX}",
        _with_csp("default-src 'self'; script-src 'self' 'unsafe-eval'; connect-src 'none'"),
        r"security policy \(CSP\) does not let this page download the files the game needs",
        SAID_AT_ONCE_S,
    ),
    "csp_forbids_eval": (
        f"**{PREFIX}",
        _with_csp("script-src 'self' 'wasm-unsafe-eval'"),
        r"security policy \(CSP\) does not let this page run PyScript, which needs 'unsafe-eval'",
        SAID_AT_ONCE_S,
    ),
}


MANIFEST_JS = """() => JSON.parse(document.querySelector('meta[name=serm-boot]').content)
  .files.map((f) => new URL(f.url, document.baseURI).href)"""
"""The start-up files static/js/boot.js downloads, as absolute URLs."""


def glob_regex(pattern: str) -> str:
    """A route's glob (``**/static/app/stdlib-*.zip``) as a regular expression."""
    return "".join(".*" if c == "*" else re.escape(c) for c in pattern)


def wait_for_all_but(page: Page, pattern: str, finished: set[str]) -> None:
    """Wait until every start-up file but the held one (its URL matches the glob ``pattern``)
    has arrived whole (``finished``: the URLs of the requests finished so far): the held file's
    stall is then the only one to tell."""
    held = re.compile(glob_regex(pattern))
    expected = {url for url in page.evaluate(MANIFEST_JS) if not held.fullmatch(url)}
    while not expected <= finished:
        page.wait_for_event("requestfinished")


def wait_for_failure(page: Page, seconds: float) -> str:
    page.wait_for_function(
        "() => document.documentElement.dataset.boot === 'failed'", timeout=seconds * 1000
    )
    return page.inner_text("#loading")


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_a_start_up_file_that_fails_is_named_with_retry(
    page: Page, site_url: str, browser_problems: list[str], fault: str
) -> None:
    pattern, fulfil, words, limit = FAULTS[fault]
    page.route(pattern, fulfil)
    stalls = fulfil is _never
    finished: set[str] = set()
    if stalls:
        page.clock.install()  # the page's 20 s pass on Playwright's clock, not the wall's
        page.on("requestfinished", lambda request: finished.add(request.url))
    started = time.monotonic()
    page.goto(site_url, wait_until="commit")
    if stalls:
        wait_for_all_but(page, pattern, finished)
        page.clock.run_for(STALL_S * 1000 + 1000)
    text = wait_for_failure(page, limit + 10)
    took = time.monotonic() - started
    print(f"{fault}: said after {took:.1f} s: {text!r}")

    assert took <= limit, f"took {took:.1f} s"
    assert "The game could not start" in text
    assert re.search(words, text, re.IGNORECASE), text
    assert page.get_by_role("button", name="Retry").is_visible()
    assert page.get_by_role("alert").count() == 1
    # In plain words: no exception text, no content hash of a file name.
    assert not re.search(r"Error:|Traceback|Exception|[0-9a-f]{16}", text), text
    browser_problems.clear()  # the failed file and its console messages are what was asked for


def test_a_start_up_script_that_never_runs_is_said_by_the_page_itself(
    page: Page, site_url: str, browser_problems: list[str]
) -> None:
    """static/js/boot.js missing: no script of ours runs, so the stylesheet says it (20 s, a
    CSS animation's delay, played here a hundred times faster through the DevTools protocol)."""
    page.route("**/static/js/boot.js", _html_404)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Animation.enable")
    cdp.send("Animation.setPlaybackRate", {"playbackRate": 100})
    page.goto(site_url)
    stuck = page.locator("#loading-stuck")
    stuck.wait_for(state="visible", timeout=(STALL_S + 5) * 1000)
    assert "start-up script did not arrive" in stuck.inner_text()
    assert stuck.get_by_role("link", name="Retry").is_visible()
    browser_problems.clear()


def test_retry_starts_the_game_once_the_file_is_back(
    page: Page, site_url: str, browser_problems: list[str]
) -> None:
    page.route("**/pyodide.asm.wasm", _html_404)
    page.goto(site_url, wait_until="commit")
    wait_for_failure(page, SAID_AT_ONCE_S)
    page.unroute("**/pyodide.asm.wasm")
    with page.expect_navigation():
        page.get_by_role("button", name="Retry").click()
    browser_problems.clear()  # the failed page's requests, cut short by the reload
    wait_until_booted(page)
    assert page.evaluate(BOOT_STATE_JS) == "live"


def test_a_late_file_delays_the_start_but_does_not_fail_it(
    page: Page, site_dir: Path, slow_server: SlowServer
) -> None:
    slow_server.delays["pyodide.asm.wasm"] = 4.0
    page.goto(slow_server.url)
    wait_until_booted(page)
    assert page.evaluate(BOOT_STATE_JS) == "live"
    log = page.evaluate("window.__sermBoot.log")
    assert all(not text.startswith("Still working") for _, _, text, _, _ in log)


def test_python_error_at_start_is_said_in_plain_words(
    page: Page, site_url: str, browser_problems: list[str]
) -> None:
    def broken_main(route: Route) -> None:
        route.fulfill(status=200, content_type="text/x-python", body="raise ValueError('boom')\n")

    page.route("**/serm/web/main.py", broken_main)
    page.goto(site_url, wait_until="commit")
    text = wait_for_failure(page, 60)
    assert "The game's start-up stopped with an error." in text
    assert "boom" not in text and "ValueError" not in text
    assert page.locator(".py-error:visible").count() == 0
    browser_problems.clear()


# ------------------------------------------------------------------- a mislabelled wasm


def test_wasm_sent_as_octet_stream_still_starts_and_is_stored_with_its_type(
    page: Page, site_url: str, browser_problems: list[str]
) -> None:
    # Every request for it, the service worker's precache included.
    by_worker: list[str] = []

    def octet_stream(route: Route) -> None:
        if route.request.service_worker is not None:
            by_worker.append(route.request.url)
        _typed("application/octet-stream")(route)

    page.context.route("**/pyodide.asm.wasm", octet_stream)
    page.goto(site_url)
    wait_until_booted(page)
    stored = page.evaluate(
        """async () => {
          const reg = await navigator.serviceWorker.ready;
          const sw = reg.active;
          if (sw.state !== "activated") await new Promise((r) => sw.addEventListener(
            "statechange", () => sw.state === "activated" && r()));
          for (const name of await caches.keys()) {
            const cache = await caches.open(name);
            for (const request of await cache.keys()) {
              if (request.url.endsWith("/pyodide.asm.wasm")) {
                return (await cache.match(request)).headers.get("content-type");
              }
            }
          }
          return null;
        }"""
    )
    assert by_worker, "the service worker's precache got the mislabelled wasm too"
    assert stored == "application/wasm"
    page.reload()  # now from the service worker's cache
    wait_until_booted(page)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    browser_problems.clear()  # Chromium warns about the type on the first visit


def test_wasm_cached_with_the_wrong_type_by_an_older_worker_still_starts(
    page: Page, site_url: str
) -> None:
    """An older worker stored the wasm as application/octet-stream, so every later load got it
    so; the page compiles the bytes instead of failing on the type."""
    page.goto(site_url)
    wait_until_booted(page)
    relabelled = page.evaluate(
        """async () => {
          await navigator.serviceWorker.ready;
          for (const name of await caches.keys()) {
            const cache = await caches.open(name);
            for (const request of await cache.keys()) {
              if (!request.url.endsWith("/pyodide.asm.wasm")) continue;
              const good = await cache.match(request);
              const headers = new Headers(good.headers);
              headers.set("content-type", "application/octet-stream");
              await cache.put(request, new Response(await good.arrayBuffer(), {headers}));
              return (await cache.match(request)).headers.get("content-type");
            }
          }
          return null;
        }"""
    )
    assert relabelled == "application/octet-stream"
    page.reload()  # controlled now: everything comes from that cache
    wait_until_booted(page)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    assert page.evaluate(BOOT_STATE_JS) == "live"


# ------------------------------------------------------------------------- a slow host


class SlowServer:
    """tools/serve.py's server whose answers for some files wait first (``delays``: a part of
    the path -> seconds)."""

    def __init__(self, root: Path) -> None:
        self.delays: dict[str, float] = {}
        delays = self.delays

        class Slow(serve.Handler):
            prefix = PREFIX
            quiet = True

            def send_head(self) -> Any:
                for part, seconds in delays.items():
                    if part in self.path:
                        time.sleep(seconds)
                return super().send_head()

        self.server = serve.SiteServer(("127.0.0.1", 0), Slow, root)
        self.url = serve.server_url(self.server, PREFIX)


@pytest.fixture
def slow_server(site_dir: Path) -> Iterator[SlowServer]:
    import threading

    slow = SlowServer(site_dir)
    threading.Thread(target=slow.server.serve_forever, daemon=True).start()
    try:
        yield slow
    finally:
        slow.server.shutdown()
        slow.server.server_close()
