"""Loading the page in a fresh profile: cold, then warm from the service worker (``boot_sample``),
and cold on the emulated phone link (``link_sample``), with what the server sent for each."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from bench.web.browser import Browser, guard_page, read_memory, wait_interactive
from harness.site import Entry, Traffic

# The emulated phone link: 10 Mbps down, 70 ms latency (5 Mbps up).
LINK = {
    "offline": False,
    "latency": 70,
    "downloadThroughput": 10_000_000 / 8,
    "uploadThroughput": 5_000_000 / 8,
}


def traffic_figures(entries: list[Entry], prefix: str) -> dict[str, Any]:
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
        cold = wait_interactive(page)
        to_interactive = traffic.since(start)
        page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
        traffic.wait_quiet()
        cold_all = traffic.since(start)
        memory = read_memory(page, cdp)
        start = traffic.mark()
        page.reload(wait_until="commit")
        warm = wait_interactive(page)
        traffic.wait_quiet()
        warm_all = traffic.since(start)
        controlled = page.evaluate("() => Boolean(navigator.serviceWorker.controller)")
        after = then(page) if then is not None else None
    out: dict[str, Any] = {
        **load_figures("cold", cold),
        **load_figures("warm", warm),
        **traffic_figures(cold_all, "cold_"),
        **traffic_figures(to_interactive, "cold_to_interactive_"),
        **traffic_figures(warm_all, "warm_"),
        **{f"boot_{k}": v for k, v in memory.items()},
        "warm_controlled": controlled,
        "problems": problems,
        "_cold_files": cold_all,
        "_warm_files": warm_all,
        "_then": after,
    }
    return out


def load_figures(kind: str, got: dict[str, float]) -> dict[str, float]:
    """A load's moments (``wait_interactive``) under the names of the ``kind`` of load."""
    keys = ("tti_ms", "mark_ms", "first_paint_ms", "board_visible_ms")
    return {f"{kind}_{k}": got[k] for k in keys}


def bar_figures(log: list[list[Any]]) -> dict[str, float]:
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
        cold = wait_interactive(page)
        to_interactive = traffic.since(start)
        log = page.evaluate("() => window.__sermBoot ? window.__sermBoot.log : null")
        page.goto("about:blank")  # no precache on the slow link: the sample ends at interactive
    out: dict[str, Any] = {
        "link_tti_ms": cold["tti_ms"],
        "link_first_paint_ms": cold["first_paint_ms"],
        "link_board_visible_ms": cold["board_visible_ms"],
        "link_longest_task_ms": cold["longest_task_ms"],
        **traffic_figures(to_interactive, "link_to_interactive_"),
        "problems": problems,
    }
    if log is not None:
        out["_bar"] = bar_figures(log)
    return out
