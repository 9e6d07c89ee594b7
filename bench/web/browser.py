"""Fresh Chromium profiles with the probe, and what a page is measured by: its interactive
moment and its memory after a forced garbage collection."""

from __future__ import annotations

import contextlib
import math
import tempfile
from collections.abc import Iterator
from typing import Any

from bench.web.probe import PROBE_JS
from harness.chromium import CHROMIUM, speed_script
from harness.chromium import CHROMIUM_ARGS as BASE_ARGS

CHROMIUM_ARGS = [
    *BASE_ARGS,
    "--js-flags=--expose-gc",
    "--enable-precise-memory-info",
]
VIEWPORT = {"width": 1280, "height": 800}
BOOT_TIMEOUT_MS = 120_000


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


def wait_interactive(page: Any) -> dict[str, float]:
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


def read_memory(page: Any, cdp: Any) -> dict[str, float]:
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
