"""``python -m serm bench web``: what players feel, against a same-run PyScript baseline.

Serves the built site (``_site/``, built first by tools/build.py) and, in the same run and the same
way, a baseline site: the same pinned PyScript and Pyodide files, the same CSP, the same Workbox
service worker set-up (tools/make_sw.mjs, static/js/sw-register.js), and a Python script that only
draws one SVG rectangle with svg.py (sources in bench/baseline/; assembled into
``build/bench-web/baseline/``). Each site has its own tools/serve.py server on 127.0.0.1 (same
handler, same headers, same ``/serm/`` sub-path), which counts every response it sends.

Each sample is a fresh Chromium profile (``launch_persistent_context`` on an empty folder): a
player's first visit, with the disk HTTP cache, Cache Storage and code cache a real profile has.
``--incognito`` uses ``browser.new_context()`` instead (in-memory caches). Per sample and site:

* cold: open the page; time to interactive is the first frame after the page's
  ``performance.mark("serm:interactive")`` (the board is drawn and the handlers are bound), measured
  from navigation start; the mark's own time is reported too, and so are the first paint
  (``first-contentful-paint``) and the board's first visible frame (the first frame with a sized
  ``#board svg``: the game's is drawn at build time, the baseline's by its Python). Then wait
  until the service worker is ready and the server has been quiet for a second: bytes and
  requests of the whole first visit (the precache included) and of the part before interactive.
  Bytes are counted at the server twice: as sent (``*_bytes``, gzip-compressed where the server
  compresses, as a static host does) and as files (``*_body_bytes``, uncompressed).
* memory after boot, after a forced GC (``gc()`` with ``--expose-gc``, CDP
  ``HeapProfiler.collectGarbage`` and Python's ``gc.collect()`` through ``window.__serm_metrics``):
  JS heap (CDP ``Runtime.getHeapUsage``), wasm linear memory (Pyodide's heap: the page's
  ``WebAssembly.Memory``, found by wrapping ``WebAssembly.instantiate*``), Python's
  ``sys.getallocatedblocks()`` and the DOM node count.
* warm: reload in the same profile, now controlled by the service worker; same figures.
* link: one more fresh profile per site opens the page on an emulated 10 Mbps / 70 ms link (CDP
  ``Network.emulateNetworkConditions``): time to interactive, first paint, board visible, bytes;
  for the game also its loading bar (static/js/boot.js's log of every change): the longest gap
  between two changes and the largest jump, from the first to 100 %, and the longest task.
Then, for the game alone, one more fresh profile plays the seeded game of
tests/browser/test_e2e_game.py through the UI (the script of harness/scripted_game.py on
the ``Table`` of harness/pages.py; rematches after a victory) for ``--actions`` actions
(pointer presses, key presses, wheel notches). A probe in the page times every input: from the
event's timestamp to the first frame after its handlers ran (``requestAnimationFrame`` then a
message-channel task), and the handlers alone. Pointer moves are grouped by what is dragged (the
Move's aim ray, the rotation handle, ...); presses by what they do (select, shoot, end of move =
the confirm that plays a Move). Memory (JS heap, wasm memory, Python blocks, DOM nodes, JS event
listeners) is read after a forced GC 10 actions into the first game, after the last action, and
10 actions into a New game started then (the same moment of a game as the first reading). The
baseline gets pointer moves too, over its rectangle, as the floor of the pointer-move figure.

First of all (and alone with ``--volley``), one more fresh profile at the normal show speed
records the frame times while the computer's Gunner shoots an animated volley, and the same page
idle as long (``bench.volley``; the target: p95 <= 20 ms per frame).

Prints the tables, the budget with each figure met or missed, the ratios
game/baseline, and ends with one JSON line holding every figure. ``--interaction`` runs only the
scripted game and the baseline's pointer moves (no cold, warm or link loads): its tables, the
budget's input and memory rows and the JSON line, in a few minutes. ``--smoke`` is the least run
that yields every other figure, for the suite's check that the bench works: one profile per site,
no load on the emulated link (no ``link_*`` figures, loading bar or link rows),
``SMOKE_ACTIONS`` scripted actions, the baseline's pointer moves on its warm page and the volley
at the fast show speed.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

from bench import volley
from harness import pages
from harness import scripted_game as e2e
from harness.chromium import CHROMIUM, speed_script
from harness.chromium import CHROMIUM_ARGS as BASE_ARGS
from harness.site import PREFIX, Entry, Traffic, built_site, counting_server
from harness.stats import distribution as _dist
from tools import build, serve

ROOT = Path(__file__).resolve().parents[1]
BASELINE_SRC = Path(__file__).resolve().parent / "baseline"
WORK = ROOT / "build" / "bench-web"
CHROMIUM_ARGS = [
    *BASE_ARGS,
    "--js-flags=--expose-gc",
    "--enable-precise-memory-info",
]
VIEWPORT = {"width": 1280, "height": 800}
BOOT_TIMEOUT_MS = 120_000

BASELINE_MOVES = 60
SMOKE_ACTIONS = 50
"""Actions of the scripted game in a ``--smoke`` run: the deployment's 40 and a few of the first
activations (a select, a Move's aim ray, the end of a Move)."""
HOVER_EVERY = 15
"""In the scripted game, every this many actions the pointer moves over each card on the table."""

# The budget (medians, same run: faster than the floor page); see docs/performance.md.
BUDGET_BOARD_OF_FLOOR_TTI = 0.25
BUDGET_COLD_TTI_X = 1.00
BUDGET_WARM_TTI_X = 0.85
BUDGET_BAR_GAP_MS = 1000.0
BUDGET_BAR_JUMP = 25.0
BUDGET_MOVE_P95_MS = 16.0
BUDGET_CLICK_P95_MS = 50.0
BUDGET_MEMORY_GROWTH = 0.10

# The emulated phone link: 10 Mbps down, 70 ms latency (5 Mbps up).
LINK = {
    "offline": False,
    "latency": 70,
    "downloadThroughput": 10_000_000 / 8,
    "uploadThroughput": 5_000_000 / 8,
}

PROBE_JS = r"""
(() => {
  if (window.__bench) return;
  const B = window.__bench = {
    markAt: null, interactive: null, actions: 0, gestures: [], moves: [], memories: [],
    firstPaint: null, boardVisible: null, longest: 0,
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.name === "first-contentful-paint" && B.firstPaint === null) B.firstPaint = e.startTime;
  }).observe({ type: "paint", buffered: true });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) B.longest = Math.max(B.longest, e.duration);
    }).observe({ type: "longtask", buffered: true });
  } catch (e) {}
  // Pyodide's linear memory: keep every WebAssembly.Memory the page instantiates or imports.
  const keep = (inst, imports) => {
    try {
      for (const v of Object.values((inst && inst.exports) || {}))
        if (v instanceof WebAssembly.Memory) B.memories.push(v);
      for (const mod of Object.values(imports || {}))
        for (const v of Object.values(mod || {}))
          if (v instanceof WebAssembly.Memory) B.memories.push(v);
    } catch (e) {}
  };
  for (const name of ["instantiate", "instantiateStreaming"]) {
    const orig = WebAssembly[name];
    WebAssembly[name] = function (source, imports) {
      return orig.apply(this, arguments).then((r) => {
        keep(r && r.instance ? r.instance : r, imports);
        return r;
      });
    };
  }
  B.wasmBytes = () => B.memories.reduce((a, m) => Math.max(a, m.buffer.byteLength), 0);
  // The first frame after a moment: rAF, then a task (the frame has been produced by then).
  const afterFrame = (cb) => requestAnimationFrame(() => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => cb(performance.now());
    ch.port2.postMessage(null);
  });
  B.afterFrame = afterFrame;
  // The board's first visible frame: the first frame after a sized #board svg is in the page.
  const lookForBoard = () => {
    const svg = document.querySelector("#board svg");
    const box = svg && svg.getBoundingClientRect();
    if (box && box.width > 0 && box.height > 0) afterFrame((t) => { B.boardVisible = t; });
    else requestAnimationFrame(lookForBoard);
  };
  requestAnimationFrame(lookForBoard);
  const mark = performance.mark.bind(performance);
  performance.mark = function (name, opts) {
    const entry = mark(name, opts);
    if (name === "serm:interactive" && B.markAt === null) {
      B.markAt = performance.now();
      afterFrame((t) => { B.interactive = t; });
    }
    return entry;
  };
  const pending = () => {
    const el = document.querySelector("#prompt [data-pending]");
    return el ? [el.dataset.pending || "", el.dataset.player || ""] : ["none", ""];
  };
  let gesture = null;
  const begin = (label, moveLabel) => {
    B.actions += 1;
    gesture = { label, moveLabel, events: [] };
    B.gestures.push(gesture);
  };
  window.addEventListener("pointerdown", (e) => {
    const t = e.target && e.target.closest ? e.target : null;
    const btn = t && t.closest("button[data-action]");
    const card = t && t.closest("[data-card]");
    const handle = Boolean(t && t.closest("[data-handle]"));
    const [kind, player] = pending();
    let label;
    if (btn) label = btn.dataset.action === "confirm" && kind === "act"
      ? "end_of_move" : "button:" + btn.dataset.action;
    else if (card && card.classList.contains("hl-target")) label = "shoot";
    else if (card && kind === "act" && card.dataset.player === player) label = "select";
    else label = "press:" + kind;
    let moveLabel = "drag:" + kind;
    if (handle || kind === "face") moveLabel = "rotate_handle";
    else if (kind === "act") moveLabel = "move_ray";
    begin(label, moveLabel);
  }, true);
  window.addEventListener("keydown", (e) => begin("key:" + e.key, "key"), true);
  window.addEventListener("wheel", () => begin("wheel", "wheel"), { capture: true, passive: true });
  for (const type of ["pointerdown", "pointerup", "click", "keydown", "wheel", "pointermove"]) {
    window.addEventListener(type, (e) => { e.__benchStart = performance.now(); },
      { capture: true, passive: true });
    window.addEventListener(type, (e) => {
      const rec = { type, ts: e.timeStamp, start: e.__benchStart, end: performance.now(),
                    frame: null };
      if (type === "pointermove") {
        rec.label = (e.buttons & 1) && gesture ? gesture.moveLabel : (B.hoverLabel || "hover");
        B.moves.push(rec);
      } else if (gesture) {
        gesture.events.push(rec);
      }
      afterFrame((t) => { rec.frame = t; });
    }, { passive: true });
  }
})();
"""

READ_GESTURES_JS = """() => {
  const B = window.__bench;
  const out = {gestures: B.gestures, moves: B.moves, actions: B.actions};
  B.gestures = []; B.moves = [];
  return out;
}"""


# ----------------------------------------------------------------------------- small helpers


STARTED = time.monotonic()


def _log(message: str) -> None:
    print(f"[bench web {time.monotonic() - STARTED:5.0f} s] {message}", file=sys.stderr, flush=True)


def _spread(values: list[float]) -> dict[str, float]:
    if not values:
        return {"min": math.nan, "median": math.nan, "max": math.nan}
    return {"min": min(values), "median": statistics.median(values), "max": max(values)}


# -------------------------------------------------------------------------- the baseline site


def assemble_baseline(site: Path, dest: Path) -> Path:
    """The baseline site: _site's vendored runtime and service-worker set-up, plus
    bench/baseline/{index.html,pyscript.toml,main.py}; sw.js by tools/make_sw.mjs."""
    pyodide_dirs = sorted((site / "static" / "vendor").glob("pyodide-*"))
    wheels = sorted((site / "static" / "vendor").glob("svg_py-*.whl"))
    if len(pyodide_dirs) != 1 or len(wheels) != 1:
        sys.exit(f"[bench web] {site} lacks one Pyodide folder and one svg.py wheel")
    tmp = dest.with_name(dest.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    vendor = tmp / "static" / "vendor"
    shutil.copytree(site / "static" / "vendor", vendor)
    # The stock runtime as the npm package ships it: the full standard library and the lock file
    # (the game's site has its own trimmed library instead), from the build's vendored copy.
    stock = ROOT / "static" / "vendor" / "pyodide"
    for name in ("python_stdlib.zip", "pyodide-lock.json"):
        shutil.copyfile(stock / name, vendor / pyodide_dirs[0].name / name)
    (tmp / "static" / "js").mkdir(parents=True)
    shutil.copyfile(site / "static" / "js" / "sw-register.js", tmp / "static/js/sw-register.js")
    (tmp / "static" / "icons").mkdir(parents=True)
    shutil.copyfile(site / "static" / "icons" / "serm.svg", tmp / "static/icons/serm.svg")
    for name in ("index.html", "main.py"):
        shutil.copyfile(BASELINE_SRC / name, tmp / name)
    toml = (BASELINE_SRC / "pyscript.toml").read_text(encoding="utf-8")
    toml = toml.replace("@PYODIDE_DIR@", pyodide_dirs[0].relative_to(site).as_posix())
    toml = toml.replace("@SVG_WHEEL@", wheels[0].relative_to(site).as_posix())
    (tmp / "pyscript.toml").write_text(toml, encoding="utf-8")
    node = shutil.which("node")
    if node is None:
        sys.exit("[bench web] node is needed for the baseline's service worker (tools/make_sw.mjs)")
    subprocess.run(
        [node, str(ROOT / "tools" / "make_sw.mjs"), str(tmp)],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    shutil.rmtree(dest, ignore_errors=True)
    tmp.rename(dest)
    return dest


# --------------------------------------------------------------------------- the browser side


class Browser:
    """Fresh Chromium profiles, one per sample."""

    def __init__(self, playwright: Any, incognito: bool) -> None:
        self.pw = playwright
        self.incognito = incognito
        self.shared: Any = None
        if incognito:
            self.shared = playwright.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
            )

    @contextlib.contextmanager
    def context(self) -> Iterator[Any]:
        if self.incognito:
            ctx = self.shared.new_context(viewport=VIEWPORT)
            try:
                yield ctx
            finally:
                ctx.close()
            return
        with tempfile.TemporaryDirectory(prefix="serm-bench-") as profile:
            ctx = self.pw.chromium.launch_persistent_context(
                profile,
                executable_path=CHROMIUM,
                headless=True,
                args=CHROMIUM_ARGS,
                viewport=VIEWPORT,
            )
            try:
                yield ctx
            finally:
                ctx.close()

    def close(self) -> None:
        if self.shared is not None:
            self.shared.close()


def guard_page(ctx: Any, problems: list[str], probe: bool = True, speed: str = "instant") -> Any:
    """The probe in every page (unless not ``probe``); requests off 127.0.0.1, page errors and
    console errors recorded as problems; the shows at ``speed`` (``serm.view.beats.SPEEDS``). Also
    used by ``python -m serm bench ai --browser``.

    No ``context.route``: Playwright turns the HTTP cache off while it intercepts requests
    (every request then carries ``Cache-Control: no-cache``), which is not what a player gets.
    """
    if probe:
        ctx.add_init_script(PROBE_JS)
    ctx.add_init_script(speed_script(speed))

    def request(r: Any) -> None:
        if not r.url.startswith(("data:", "blob:", "http://127.0.0.1:")):
            problems.append(f"request off 127.0.0.1: {r.url}")

    ctx.on("request", request)
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    page.on("pageerror", lambda exc: problems.append(f"page error: {exc}"))
    page.on(
        "console",
        lambda msg: problems.append(f"console: {msg.text}") if msg.type == "error" else None,
    )
    page.on("dialog", lambda d: d.accept())
    return page


def _wait_interactive(page: Any) -> dict[str, float]:
    page.wait_for_function(
        "() => window.__bench && window.__bench.interactive !== null", timeout=BOOT_TIMEOUT_MS
    )
    page.wait_for_function(
        "() => window.__bench.boardVisible !== null && window.__bench.firstPaint !== null",
        timeout=BOOT_TIMEOUT_MS,
    )
    got = page.evaluate(
        "() => { const B = window.__bench;"
        " return [B.markAt, B.interactive, B.firstPaint, B.boardVisible, B.longest]; }"
    )
    return {
        "mark_ms": float(got[0]),
        "tti_ms": float(got[1]),
        "first_paint_ms": float(got[2]),
        "board_visible_ms": float(got[3]),
        "longest_task_ms": float(got[4]),
    }


def _memory(page: Any, cdp: Any) -> dict[str, float]:
    """Memory after a forced garbage collection (JS twice around Python's)."""
    page.evaluate("() => { if (window.gc) window.gc(); }")
    py = page.evaluate(
        "() => { const f = window.__serm_metrics; if (!f) return null;"
        " const m = f(); const o = m instanceof Map ? Object.fromEntries(m) : m;"
        " return {py_objects: o.py_objects, py_jsproxies: o.py_jsproxies}; }"
    )
    page.evaluate("() => { if (window.gc) window.gc(); }")
    cdp.send("HeapProfiler.collectGarbage")
    heap = cdp.send("Runtime.getHeapUsage")
    dom = cdp.send("Memory.getDOMCounters")
    out = {
        "js_heap_bytes": float(heap["usedSize"]),
        "wasm_bytes": float(page.evaluate("() => window.__bench.wasmBytes()")),
        "dom_nodes": float(page.evaluate("() => document.getElementsByTagName('*').length")),
        "dom_nodes_log": float(page.evaluate("() => document.querySelectorAll('#log *').length")),
        "dom_nodes_all": float(dom["nodes"]),
        "js_listeners": float(dom["jsEventListeners"]),
    }
    for key in ("py_objects", "py_jsproxies"):
        out[key] = float(py[key]) if py else math.nan
    return out


def _traffic_figures(entries: list[Entry], prefix: str) -> dict[str, Any]:
    return {
        f"{prefix}bytes": float(sum(sent for _, _, sent, _ in entries)),
        f"{prefix}body_bytes": float(sum(body for _, _, _, body in entries)),
        f"{prefix}requests": float(len(entries)),
        f"{prefix}requests_200": float(sum(1 for _, s, _, _ in entries if s == 200)),
    }


def boot_sample(
    browser: Browser, url: str, traffic: Traffic, then: Callable[[Any], Any] | None = None
) -> dict[str, Any]:
    """One fresh profile: cold load, memory after boot, warm reload; then ``then(page)`` on the
    warm page, if given (its result in ``"_then"``)."""
    problems: list[str] = []
    with browser.context() as ctx:
        page = guard_page(ctx, problems)
        cdp = ctx.new_cdp_session(page)
        traffic.wait_quiet(0.3)
        start = traffic.mark()
        page.goto(url, wait_until="commit")
        cold = _wait_interactive(page)
        to_interactive = traffic.since(start)
        page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
        traffic.wait_quiet()
        cold_all = traffic.since(start)
        memory = _memory(page, cdp)
        start = traffic.mark()
        page.reload(wait_until="commit")
        warm = _wait_interactive(page)
        traffic.wait_quiet()
        warm_all = traffic.since(start)
        controlled = page.evaluate("() => Boolean(navigator.serviceWorker.controller)")
        after = then(page) if then is not None else None
    out: dict[str, Any] = {
        "cold_tti_ms": cold["tti_ms"],
        "cold_mark_ms": cold["mark_ms"],
        "cold_first_paint_ms": cold["first_paint_ms"],
        "cold_board_visible_ms": cold["board_visible_ms"],
        "warm_tti_ms": warm["tti_ms"],
        "warm_mark_ms": warm["mark_ms"],
        "warm_first_paint_ms": warm["first_paint_ms"],
        "warm_board_visible_ms": warm["board_visible_ms"],
        **_traffic_figures(cold_all, "cold_"),
        **_traffic_figures(to_interactive, "cold_to_interactive_"),
        **_traffic_figures(warm_all, "warm_"),
        **{f"boot_{k}": v for k, v in memory.items()},
        "warm_controlled": controlled,
        "problems": problems,
        "_cold_files": cold_all,
        "_warm_files": warm_all,
        "_then": after,
    }
    return out


def _bar_figures(log: list[list[Any]]) -> dict[str, float]:
    """The loading bar from static/js/boot.js's log of its moves ([ms, progress, text, where the
    fill heads, over ms]): each move is a CSS transition the compositor runs for its duration,
    also while the page's thread is busy (tests/browser/test_boot.py checks that the screen keeps
    changing through the longest task).  Up to 100 %: the longest time the bar stands still (no
    move under way) and the largest single move, in points."""
    moving: list[tuple[float, float]] = []  # (from, until) in ms
    jumps: list[float] = []
    heading = 0.0
    for t, _progress, _text, to, ms in log:
        if to > heading:
            jumps.append(float(to) - heading)
            heading = float(to)
            moving.append((float(t), float(t) + max(float(ms), 16.0)))
        if heading >= 100:
            break
    still = []
    until = moving[0][1] if moving else math.nan
    for start, end in moving[1:]:
        if start > until:
            still.append(start - until)
        until = max(until, end)
    return {
        "bar_moves": float(len(moving)),
        "bar_max_gap_ms": max(still) if still else 0.0,
        "bar_max_jump": max(jumps) if jumps else math.nan,
        "bar_first_ms": moving[0][0] if moving else math.nan,
    }


def link_sample(browser: Browser, url: str, traffic: Traffic) -> dict[str, Any]:
    """One fresh profile, cold, on the emulated phone link (LINK)."""
    problems: list[str] = []
    with browser.context() as ctx:
        page = guard_page(ctx, problems)
        cdp = ctx.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", LINK)
        traffic.wait_quiet(0.3)
        start = traffic.mark()
        page.goto(url, wait_until="commit")
        cold = _wait_interactive(page)
        to_interactive = traffic.since(start)
        log = page.evaluate("() => window.__sermBoot ? window.__sermBoot.log : null")
        page.goto("about:blank")  # no precache on the slow link: the sample ends at interactive
    out: dict[str, Any] = {
        "link_tti_ms": cold["tti_ms"],
        "link_first_paint_ms": cold["first_paint_ms"],
        "link_board_visible_ms": cold["board_visible_ms"],
        "link_longest_task_ms": cold["longest_task_ms"],
        **_traffic_figures(to_interactive, "link_to_interactive_"),
        "problems": problems,
    }
    if log is not None:
        out["_bar"] = _bar_figures(log)
    return out


# ------------------------------------------------------------------------ the scripted game


class Enough(Exception):
    """The scripted game has done the actions asked for."""


def play_sample(browser: Browser, url: str, actions: int, early: int = 10) -> dict[str, Any]:
    """Play the seeded game (and rematches) through the UI for ``actions`` actions.

    Memory is read three times, each after a forced GC: ``early``, ``early`` actions into the
    first game; ``end``, after ``actions`` actions (wherever the game then is); and ``late``,
    after a New game started then, as many actions into it as ``early`` was into the first. The
    budget compares ``late`` with ``early``: the same moment of a game, so what is on the table
    and in the log is alike and any growth is what the 500 actions left behind (a leak).
    """
    problems: list[str] = []
    gestures: list[dict[str, Any]] = []
    moves: list[dict[str, Any]] = []
    readings: dict[str, dict[str, float]] = {}
    stats = {"games_won": 0, "recoveries": 0}
    game = {"started": 0, "want_new": False, "again": False, "hovered": 0}

    with browser.context() as ctx:
        page = guard_page(ctx, problems)
        cdp = ctx.new_cdp_session(page)

        def collect() -> int:
            page.evaluate("() => new Promise((r) => window.__bench.afterFrame(r))")
            got = page.evaluate(READ_GESTURES_JS)
            gestures.extend(got["gestures"])
            moves.extend(got["moves"])
            return int(got["actions"])

        def read(name: str, done: int) -> None:
            into = float(done - game["started"])
            readings[name] = {"actions": float(done), "game_actions": into, **_memory(page, cdp)}

        def hover_cards() -> None:
            """Move over every card on the table, a frame apart, no button held ("hover_card":
            each repaints that soldier's sight region)."""
            page.evaluate("() => { window.__bench.hoverLabel = 'hover_card'; }")
            try:
                table = pages.Table(page)
                for card in table.cards():
                    x, y = table.to_client(card.x, card.y)
                    page.mouse.move(x, y)
                    page.evaluate("() => new Promise((r) => window.__bench.afterFrame(r))")
            finally:
                page.evaluate("() => { window.__bench.hoverLabel = null; }")

        def after_action() -> None:
            done = collect()
            if done - game["hovered"] >= HOVER_EVERY:
                game["hovered"] = done
                hover_cards()
                collect()
            if "early" not in readings and done - game["started"] >= early:
                read("early", done)
            if "end" not in readings and done >= actions:
                read("end", done)
                game["want_new"] = True
            elif game["again"] and done - game["started"] >= readings["early"]["game_actions"]:
                read("late", done)
                raise Enough

        class BenchTable(pages.Table):
            def press(self, x: float, y: float) -> None:
                super().press(x, y)
                after_action()

            def drag(self, start: Any, end: Any, steps: int = 8) -> None:
                super().drag(start, end, steps)
                after_action()

            def button(self, action: str) -> bool:
                done = bool(super().button(action))
                if action in ("start", "rematch"):
                    game["started"] = collect()
                after_action()
                return done

        page.goto(f"{url}?seed={e2e.SEED}&scenario=open", wait_until="commit")
        _wait_interactive(page)
        page.wait_for_selector("#loading", state="hidden", timeout=BOOT_TIMEOUT_MS)
        page.check("#prompt input[name=scenario][value=open]")
        table = BenchTable(page)
        table.button("start")
        try:
            _play_until_enough(page, table, e2e, actions, game, stats, problems, after_action)
        except Enough:
            pass
    return {
        "gestures": gestures,
        "moves": moves,
        "readings": readings,
        "problems": problems,
        **stats,
    }


def _new_game(page: Any, table: Any) -> None:
    """New game (the bench's dialog handler accepts "Leave this game?"), then Start."""
    page.click("#btn-new")
    table.button("start")


def _play_until_enough(
    page: Any,
    table: Any,
    e2e: ModuleType,
    actions: int,
    game: dict[str, Any],
    stats: dict[str, int],
    problems: list[str],
    after_action: Any,
) -> None:
    """The scripted steps, rematch after a victory, one New game once ``game["want_new"]`` is
    set (then ``game["again"]``: the late reading is due)."""
    seen: set[str] = set()
    stuck = 0
    for _ in range(actions * 4):
        try:
            if game["want_new"] and not game["again"]:
                _new_game(page, table)
                game["again"] = True
                seen.clear()
                continue
            if page.locator(".victory").count():
                stats["games_won"] += 1
                table.button("rematch")
                continue
            kind = table.pending()[0]
            if kind == "place":
                e2e.deploy(table)
                continue
            turn = int(page.inner_text("#status").split("Activation ")[1].split(" ")[0])
            e2e.play_step(table, turn, seen)
            stuck = 0
        except (AssertionError, StopIteration, IndexError, ValueError) as exc:
            # a rematch's dice may lead where the test's script does not go: step back
            stats["recoveries"] += 1
            stuck += 1
            problems.append(f"step skipped: {type(exc).__name__}: {exc}"[:200])
            page.keyboard.press("Escape")
            after_action()
            if stuck >= 3:
                _new_game(page, table)
                stuck = 0
    problems.append("the scripted game stopped before the actions asked for")


def volley_run(browser: Browser, url: str, speed: str = "normal") -> dict[str, Any]:
    """Frame times during the computer's animated volley at ``speed``, and idle as long
    (``bench.volley``)."""
    problems: list[str] = []
    with browser.context() as ctx:
        page = guard_page(ctx, problems, speed=speed)
        figures = volley.volley_sample(page, url)
    return {**figures, "speed": speed, "problems": problems}


def baseline_moves(browser: Browser, url: str) -> tuple[list[float], list[float]]:
    """Pointer moves over the baseline's rectangle (no handler), in a fresh profile: the floor of
    that figure (``moves_over_board``)."""
    problems: list[str] = []
    with browser.context() as ctx:
        page = guard_page(ctx, problems)
        page.goto(url, wait_until="commit")
        _wait_interactive(page)
        return moves_over_board(page)


def moves_over_board(page: Any) -> tuple[list[float], list[float]]:
    """``BASELINE_MOVES`` pointer moves with the button held over the baseline's rectangle, on a
    page with the probe that is up. Returns (event timestamp to frame, dispatch to frame) in ms
    for each move."""
    box = page.locator("#board-svg").bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + 10, box["y"] + 10)
    page.mouse.down()
    for i in range(BASELINE_MOVES):
        page.mouse.move(box["x"] + 10 + 5 * i, box["y"] + 10 + 3 * i)
    page.mouse.up()
    page.evaluate("() => new Promise((r) => window.__bench.afterFrame(r))")
    page.wait_for_timeout(100)
    got = page.evaluate(READ_GESTURES_JS)
    done = [m for m in got["moves"] if m["frame"] is not None]
    return [m["frame"] - m["ts"] for m in done], [m["frame"] - m["start"] for m in done]


# ------------------------------------------------------------------------------ the figures


def _alone(play: dict[str, Any]) -> list[dict[str, Any]]:
    """The pointer moves whose frame came before any later input was dispatched: a move right
    before a press (the pointer reaching a button) shares its frame with the press's redraw, which
    the press's own figure counts."""
    starts = sorted(
        e["start"] for g in play["gestures"] for e in g["events"] if e.get("start") is not None
    )
    out = []
    for m in play["moves"]:
        if m["frame"] is None:
            continue
        later = [t for t in starts if m["start"] < t < m["frame"]]
        if not later:
            out.append(m)
    return out


def _interaction_figures(play: dict[str, Any]) -> dict[str, Any]:
    moves: dict[str, list[float]] = {}
    handlers: dict[str, list[float]] = {}
    dispatched: dict[str, list[float]] = {}
    for m in _alone(play):
        moves.setdefault(m["label"], []).append(m["frame"] - m["ts"])
        handlers.setdefault(m["label"], []).append(m["end"] - m["start"])
        dispatched.setdefault(m["label"], []).append(m["frame"] - m["start"])
    clicks: dict[str, list[float]] = {}
    click_handlers: dict[str, list[float]] = {}
    for g in play["gestures"]:
        done = [e for e in g["events"] if e["frame"] is not None]
        if not done:
            continue
        clicks.setdefault(g["label"], []).append(max(e["frame"] - e["ts"] for e in done))
        click_handlers.setdefault(g["label"], []).append(max(e["end"] - e["start"] for e in done))
    preview = moves.get("move_ray", []) + moves.get("rotate_handle", [])
    out: dict[str, Any] = {
        "pointermove": {k: _dist(v) for k, v in sorted(moves.items())},
        "pointermove_handler": {k: _dist(v) for k, v in sorted(handlers.items())},
        # from the page's first listener (dispatch) to the frame: without the browser's wait
        # for the next frame before it dispatches a pointer move (the floor's share)
        "pointermove_dispatch": {k: _dist(v) for k, v in sorted(dispatched.items())},
        "pointermove_preview": _dist(preview),
        "click": {k: _dist(v) for k, v in sorted(clicks.items())},
        "click_handler": {k: _dist(v) for k, v in sorted(click_handlers.items())},
    }
    key_clicks = [
        *clicks.get("select", []),
        *clicks.get("shoot", []),
        *clicks.get("end_of_move", []),
    ]
    out["click_key"] = _dist(key_clicks)
    return out


def _largest(samples: list[dict[str, Any]], key: str) -> list[list[Any]]:
    sizes: dict[str, int] = {}
    for s in samples:
        for path, _status, size, _body in s[key]:
            sizes[path.split("?")[0]] = max(sizes.get(path.split("?")[0], 0), size)
    return [[p, b] for p, b in sorted(sizes.items(), key=lambda kv: -kv[1])[:5]]


def _urls(entries: list[Entry]) -> list[str]:
    return sorted({f"{p.split('?')[0]} {s}" for p, s, _, _ in entries})


SAMPLE_FIGURES = (
    "cold_tti_ms",
    "cold_mark_ms",
    "cold_first_paint_ms",
    "cold_board_visible_ms",
    "warm_tti_ms",
    "warm_mark_ms",
    "warm_first_paint_ms",
    "warm_board_visible_ms",
    "link_tti_ms",
    "link_first_paint_ms",
    "link_board_visible_ms",
    "link_longest_task_ms",
    "cold_bytes",
    "cold_body_bytes",
    "cold_requests",
    "cold_to_interactive_bytes",
    "cold_to_interactive_body_bytes",
    "cold_to_interactive_requests",
    "link_to_interactive_bytes",
    "warm_bytes",
    "warm_requests",
    "boot_js_heap_bytes",
    "boot_wasm_bytes",
    "boot_py_objects",
    "boot_dom_nodes",
)


def summarise(samples: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {
        k: _spread([float(s[k]) for s in samples if k in s]) for k in SAMPLE_FIGURES
    }
    out["cold_largest"] = _largest(samples, "_cold_files")
    out["warm_urls"] = _urls([e for s in samples for e in s["_warm_files"]])
    out["warm_controlled"] = all(s["warm_controlled"] for s in samples)
    out["problems"] = sorted({p for s in samples for p in s["problems"]})
    bars = [s["_bar"] for s in samples if "_bar" in s]
    if bars:
        out["bar"] = {k: _spread([b[k] for b in bars]) for k in bars[0]}
    return out


def budget(figures: dict[str, Any]) -> list[tuple[str, str, bool]]:
    """The rows of the budget: (what, measured, met), medians of the same run (only the
    scripted game's rows in an ``--interaction`` run, which has no loads)."""
    boot = _boot_rows(figures) if "game" in figures else []
    return boot + _play_rows(figures)


def _boot_rows(figures: dict[str, Any]) -> list[tuple[str, str, bool]]:
    g, b = figures["game"], figures["baseline"]
    med = lambda site, k: site[k]["median"]  # noqa: E731
    rows = []
    for kind in ("cold", "warm"):
        board, floor = med(g, f"{kind}_board_visible_ms"), med(b, f"{kind}_tti_ms")
        rows.append(
            (
                f"board visible ({kind}) <= 0.25 x floor's {kind} TTI",
                f"{board:.0f} ms = {board / floor:.2f} x",
                board <= BUDGET_BOARD_OF_FLOOR_TTI * floor,
            )
        )
    for kind, limit in (("cold", BUDGET_COLD_TTI_X), ("warm", BUDGET_WARM_TTI_X)):
        ratio = med(g, f"{kind}_tti_ms") / med(b, f"{kind}_tti_ms")
        rows.append((f"{kind} TTI <= {limit:.2f} x floor", f"{ratio:.2f} x", ratio <= limit))
    sent, floor_sent = med(g, "cold_bytes"), med(b, "cold_bytes")
    rows.append(
        (
            "cold transferred bytes < floor's",
            f"{sent / 1e6:.2f} MB vs {floor_sent / 1e6:.2f} MB",
            sent < floor_sent,
        )
    )
    if figures.get("link", True):
        bar = g.get("bar", {})
        gap = bar.get("bar_max_gap_ms", {}).get("median", math.nan)
        jump = bar.get("bar_max_jump", {}).get("median", math.nan)
        rows.append(
            ("link: bar gap between updates <= 1 s", f"{gap:.0f} ms", gap <= BUDGET_BAR_GAP_MS)
        )
        rows.append(("link: bar jump <= 25 points", f"{jump:.1f} points", jump <= BUDGET_BAR_JUMP))
    rows.append(
        (
            "warm load fetches nothing",
            f"{med(g, 'warm_requests'):.0f} requests, {med(g, 'warm_bytes') / 1000:.1f} KB",
            med(g, "warm_requests") == 0,
        )
    )
    return rows


def _play_rows(figures: dict[str, Any]) -> list[tuple[str, str, bool]]:
    i, mem = figures["interaction"], figures["memory"]
    rows = []
    for label in ("move_ray", "rotate_handle", "hover_card"):
        d = i["pointermove_dispatch"].get(label, _dist([]))
        rows.append(
            (
                f"pointer-move {label} p95 <= 16 ms (from dispatch)",
                f"{d['p95']:.1f} ms",
                d["p95"] <= BUDGET_MOVE_P95_MS,
            )
        )
    for label in ("select", "shoot", "end_of_move"):
        d = i["click"].get(label, _dist([]))
        rows.append(
            (f"click {label} p95 <= 50 ms", f"{d['p95']:.1f} ms", d["p95"] <= BUDGET_CLICK_P95_MS)
        )
    for key in ("js_heap_bytes", "wasm_bytes", "dom_nodes"):
        early, late = mem["early"].get(key, math.nan), mem["late"].get(key, math.nan)
        growth = (late - early) / early if early else math.nan
        rows.append(
            (
                f"memory {key}, late vs early <= +10%",
                f"{100 * growth:+.1f} %",
                growth <= BUDGET_MEMORY_GROWTH,
            )
        )
    return rows


def _fmt(key: str, v: float) -> str:
    if math.isnan(v):
        return "-"
    if key.endswith("_ms"):
        return f"{v:.0f} ms"
    if key.endswith("bytes"):
        return f"{v / 1e6:.2f} MB" if v >= 1e6 else f"{v / 1e3:.1f} KB"
    return f"{v:.0f}"


def report(figures: dict[str, Any]) -> None:
    """The tables, the budget and the ratios (an ``--interaction`` run: its tables and rows)."""
    if "game" in figures:
        _report_boot(figures)
    if "interaction" not in figures:  # --volley
        print("\n".join(volley.report_lines(figures["volley"])))
        for p in figures["volley"]["problems"][:10]:
            print(f"problem (volley): {p}", file=sys.stderr)
        return
    _report_play(figures)
    print()
    print("\n".join(volley.report_lines(figures["volley"])))
    print()
    print("budget (medians, same run)")
    for label, value, ok in figures["budget"]:
        print(f"  {'met   ' if ok else 'MISSED'} {label:<50}{value}")
    if "game" in figures:
        _report_ratios(figures)
    for p in figures["play"]["problems"][:10]:
        print(f"problem (scripted game): {p}", file=sys.stderr)


def _report_boot(figures: dict[str, Any]) -> None:
    g, b = figures["game"], figures["baseline"]
    n = figures["contexts"]
    print(f"boot, {n} fresh {figures['context_kind']} profiles each (min / median / max)")
    print(f"{'figure':<30}{'game':>32}{'baseline':>32}{'ratio':>8}")
    for key in SAMPLE_FIGURES:
        if key.startswith("link_") and not figures["link"]:
            continue
        row = []
        for site in (g, b):
            s = site[key]
            row.append(" / ".join(_fmt(key, s[x]) for x in ("min", "median", "max")))
        ratio = g[key]["median"] / b[key]["median"] if b[key]["median"] else math.nan
        print(f"{key:<30}{row[0]:>32}{row[1]:>32}{ratio:>8.2f}")
    print(
        "five largest files, cold (game):    "
        + ", ".join(f"{p.split('/')[-1]} {_fmt('bytes', s)}" for p, s in g["cold_largest"])
    )
    print(
        "five largest files, cold (baseline): "
        + ", ".join(f"{p.split('/')[-1]} {_fmt('bytes', s)}" for p, s in b["cold_largest"])
    )
    bar = g.get("bar")
    if bar:
        print(
            "loading bar on the link (game, min / median / max): longest gap "
            + " / ".join(f"{bar['bar_max_gap_ms'][x]:.0f}" for x in ("min", "median", "max"))
            + " ms, largest jump "
            + " / ".join(f"{bar['bar_max_jump'][x]:.1f}" for x in ("min", "median", "max"))
            + " points, "
            + f"{bar['bar_moves']['median']:.0f} moves; longest task "
            + f"{g['link_longest_task_ms']['median']:.0f} ms"
        )
    print("warm requests (game): " + (", ".join(g["warm_urls"]) or "none"))
    print("warm requests (baseline): " + (", ".join(b["warm_urls"]) or "none"))
    print()


def _report_play(figures: dict[str, Any]) -> None:
    i = figures["interaction"]
    print(
        f"scripted game: {figures['memory']['late'].get('actions', 0):.0f} actions, "
        f"{figures['play']['games_won']} games won, {figures['play']['recoveries']} steps skipped"
    )
    print(
        f"{'input (to next frame)':<30}{'n':>6}{'median':>10}{'p95':>10}{'max':>10}"
        f"{'handler p95':>14}{'dispatch p95':>14}"
    )
    for kind, table, htable in (
        ("move", i["pointermove"], i["pointermove_handler"]),
        ("click", i["click"], i["click_handler"]),
    ):
        for label, d in table.items():
            h = htable[label]
            dp = i["pointermove_dispatch"].get(label) if kind == "move" else None
            print(
                f"{kind + ' ' + label:<30}{d['n']:>6}{d['median']:>8.1f}ms{d['p95']:>8.1f}ms"
                f"{d['max']:>8.1f}ms{h['p95']:>12.1f}ms" + (f"{dp['p95']:>12.1f}ms" if dp else "")
            )
    fl, fd = figures["baseline_pointermove"], figures["baseline_pointermove_dispatch"]
    print(
        f"{'move (baseline, no handler)':<30}{fl['n']:>6}{fl['median']:>8.1f}ms"
        f"{fl['p95']:>8.1f}ms{fl['max']:>8.1f}ms{'':>14}{fd['p95']:>12.1f}ms"
    )
    mem = figures["memory"]
    print()
    print(f"{'memory after forced GC':<30}{'early':>14}{'end':>14}{'late':>14}{'late/early':>12}")
    print(
        f"{'  (actions / into its game)':<30}"
        + "".join(
            f"{mem[k].get('actions', 0):>9.0f} /{mem[k].get('game_actions', 0):>3.0f}"
            for k in ("early", "end", "late")
        )
    )
    for key in (
        "js_heap_bytes",
        "wasm_bytes",
        "py_objects",
        "py_jsproxies",
        "dom_nodes",
        "dom_nodes_log",
        "dom_nodes_all",
        "js_listeners",
    ):
        e, en, la = (mem[k].get(key, math.nan) for k in ("early", "end", "late"))
        growth = f"{100 * (la - e) / e:+.1f} %" if e else "-"
        print(f"{key:<30}{_fmt(key, e):>14}{_fmt(key, en):>14}{_fmt(key, la):>14}{growth:>12}")


def _report_ratios(figures: dict[str, Any]) -> None:
    g, b = figures["game"], figures["baseline"]
    print()
    r = figures["ratios"]
    link = f"link TTI {r['link_tti']:.2f}, " if figures["link"] else ""
    print(
        f"game/baseline: cold TTI {r['cold_tti']:.2f}, warm TTI {r['warm_tti']:.2f}, "
        f"{link}cold bytes {r['cold_bytes']:.2f} "
        f"(files {r['cold_body_bytes']:.2f}), warm bytes {r['warm_bytes']:.2f}"
    )
    for site, s in (("game", g), ("baseline", b)):
        for p in s["problems"]:
            print(f"problem ({site}): {p}", file=sys.stderr)


def _jsonable(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items() if not str(k).startswith("_")}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value


def run(
    contexts: int,
    actions: int,
    incognito: bool,
    build_site: bool,
    interaction: bool = False,
    only_volley: bool = False,
    link: bool = True,
    volley_speed: str = "normal",
) -> dict[str, Any]:
    """Every figure of the bench; ``interaction``: only the scripted game, the baseline's
    pointer moves and the volley (no cold, warm or link loads, so no boot figures, ratios or
    boot rows); ``only_volley``: only the frame times of the animated volley; not ``link``: no
    load on the emulated link (no ``link_*`` figures, loading bar or link rows), and the
    baseline's pointer moves are made on its first sample's warm page instead of a profile of
    their own; the volley is shown at ``volley_speed``."""
    from playwright.sync_api import sync_playwright

    site = built_site() if build_site else build.SITE
    if not (site / "index.html").is_file():
        sys.exit("[bench web] _site/ is not built: run python tools/build.py")
    if not Path(CHROMIUM).exists():
        sys.exit(f"[bench web] {CHROMIUM} is missing: install Debian's chromium (tools/test.sh)")
    baseline_dir = assemble_baseline(site, WORK / "baseline")
    traffic = {"game": Traffic(), "baseline": Traffic()}
    servers = {
        "game": counting_server(site, traffic["game"]),
        "baseline": counting_server(baseline_dir, traffic["baseline"]),
    }
    urls = {k: serve.server_url(s, PREFIX) for k, s in servers.items()}
    samples: dict[str, list[dict[str, Any]]] = {"game": [], "baseline": []}
    try:
        with sync_playwright() as pw:
            browser = Browser(pw, incognito)
            try:
                _log("animated volley")
                frames = volley_run(browser, urls["game"], volley_speed)
                if only_volley:
                    return {"bench": "web", "volley": frames}
                floor: tuple[list[float], list[float]] | None = None
                for i in range(0 if interaction else contexts):
                    for name in ("baseline", "game") if i % 2 else ("game", "baseline"):
                        _log(f"boot {name} {i + 1}/{contexts}")
                        moves_here = not link and name == "baseline" and floor is None
                        then = moves_over_board if moves_here else None
                        sample = boot_sample(browser, urls[name], traffic[name], then)
                        if moves_here:
                            floor = sample["_then"]
                        if link:
                            _log(f"boot {name} {i + 1}/{contexts} on the emulated link")
                            slow = link_sample(browser, urls[name], traffic[name])
                            sample["problems"] += slow.pop("problems")
                            sample.update(slow)
                        samples[name].append(sample)
                _log(f"scripted game, {actions} actions")
                play = play_sample(browser, urls["game"], actions)
                if floor is None:
                    _log("baseline pointer moves")
                    floor = baseline_moves(browser, urls["baseline"])
            finally:
                browser.close()
    finally:
        for server in servers.values():
            server.shutdown()
            server.server_close()
    memory = play["readings"]
    for name in ("early", "end", "late"):
        memory.setdefault(name, {})
    figures: dict[str, Any] = {
        "bench": "web",
        "contexts": 0 if interaction else contexts,
        "link": link and not interaction,
        "actions_asked": actions,
        "context_kind": "incognito" if incognito else "persistent",
        "interaction": _interaction_figures(play),
        "baseline_pointermove": _dist(floor[0]),
        "baseline_pointermove_dispatch": _dist(floor[1]),
        "memory": memory,
        "play": {k: play[k] for k in ("games_won", "recoveries", "problems")},
        "volley": frames,
    }
    if interaction:
        figures["budget"] = budget(figures)
        figures["budget_met"] = all(ok for _, _, ok in figures["budget"])
        return figures
    game, base = summarise(samples["game"]), summarise(samples["baseline"])
    figures["game"], figures["baseline"] = game, base

    def ratio(key: str) -> float:
        d = base[key]["median"]
        return game[key]["median"] / d if d else math.nan

    figures["ratios"] = {
        "cold_tti": ratio("cold_tti_ms"),
        "warm_tti": ratio("warm_tti_ms"),
        "link_tti": ratio("link_tti_ms"),
        "cold_bytes": ratio("cold_bytes"),
        "cold_body_bytes": ratio("cold_body_bytes"),
        "warm_bytes": ratio("warm_bytes"),
    }
    figures["budget"] = budget(figures)
    figures["budget_met"] = all(ok for _, _, ok in figures["budget"])
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m serm bench web", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--contexts", type=int, default=5, help="fresh profiles per site")
    parser.add_argument("--actions", type=int, default=500, help="scripted actions in the game")
    parser.add_argument("--quick", action="store_true", help="a short run: 1 profile, 60 actions")
    parser.add_argument(
        "--smoke",
        action="store_true",
        help="the least run that yields every figure but the link's (the suite's check)",
    )
    parser.add_argument(
        "--incognito", action="store_true", help="browser.new_context() (in-memory caches)"
    )
    parser.add_argument("--no-build", action="store_true", help="use _site/ as it is")
    parser.add_argument(
        "--interaction",
        action="store_true",
        help="only the scripted game's inputs and memory (no cold, warm or link loads)",
    )
    parser.add_argument(
        "--volley",
        action="store_true",
        help="only the frame times during an animated volley",
    )
    args = parser.parse_args(argv)
    if args.quick or args.smoke:
        args.contexts, args.actions = 1, SMOKE_ACTIONS if args.smoke else 60
    if args.contexts < 1 or args.actions < 11:
        parser.error("--contexts must be at least 1 and --actions at least 11")
    figures = run(
        args.contexts,
        args.actions,
        args.incognito,
        not args.no_build,
        args.interaction,
        args.volley,
        link=not args.smoke,
        volley_speed="fast" if args.smoke else "normal",
    )
    report(figures)
    print(json.dumps(_jsonable(figures), separators=(",", ":")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
