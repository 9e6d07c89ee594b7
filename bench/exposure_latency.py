"""``python -m serm bench exposure``: the Exposure view of deployment in the page.

Builds the site, serves it on 127.0.0.1 and, in headless Chromium, plays the deployment of a
first game (a fresh context, so the Exposure view is on by default) on a table, hot-seat, for
``--games`` seeds: each card is moved by a press on a free spot of its zone and placed with the
"Place card" button, both at once and after a pause of up to ``--pause`` ms (so clicks land while
the view's slices run); the view is turned off and on with its button and its key along the way.
Each seed is played again with the view turned off at once: the same run's baseline.

In the page, a probe (bench/web/probe.js) times each press, click and key from the event's time
stamp to the first frame after its handlers ran; a ``PerformanceObserver`` lists every long
task (over 50 ms) after the Start click. Prints the click and key figures (p95, max), the long
tasks (count, longest), how long after a card placed the view had worked out the cards of the
side placing next, and the budget: click p95 <= 50 ms, no main-thread task over
50 ms.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

from bench.web.budget import BUDGET_CLICK_P95_MS
from bench.web.probe import PROBE_JS, READ_GESTURES_JS
from harness.chromium import CHROMIUM, CHROMIUM_ARGS, speed_script
from harness.pages import Table
from harness.site import built_site, served
from harness.stats import distribution

LONG_TASK_MS = 50.0
LONG_TASKS_JS = r"""
(() => {
  window.__longtasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      window.__longtasks.push({start: e.startTime, duration: e.duration});
  }).observe({type: "longtask", buffered: true});
})();
"""


def free_spots(
    table: str, seed: int, player: int, rng: random.Random, count: int = 12
) -> list[tuple[float, float]]:
    """Up to ``count`` spots of ``player``'s zone for a card facing the enemy, apart enough that
    most of them do not overlap (the deployment moves on when a card is refused)."""
    from serm.core import cover
    from serm.core.scenario import by_name
    from serm.ui.exposure import facing_enemy

    sc = by_name(table, seed)
    found = list(cover.grid_poses(sc, player, 0.3, (facing_enemy(player),)))
    rng.shuffle(found)
    chosen: list[tuple[float, float]] = []
    for pos, _ in found:
        if all(abs(pos.x - x) > 0.8 or abs(pos.y - y) > 1.3 for x, y in chosen):
            chosen.append((pos.x, pos.y))
        if len(chosen) == count:
            break
    return chosen


WORKED_OUT_JS = """() => {
  const p = document.querySelector("#prompt p.exposure");
  return !p || !p.textContent.includes("Working out");
}"""


def deployment(
    page: Any, table: str, seed: int, pause_ms: int, url: str, on: bool = True
) -> dict[str, Any]:
    """One first game's deployment; the probe's gestures, the long tasks, and (view on) how
    long after each card placed the view had worked out the cards of the side placing next.
    With ``on`` False the view is turned off before the first card (the same run's baseline)."""
    rng = random.Random(seed)
    page.goto(f"{url}?seed={seed}", wait_until="commit")
    page.wait_for_selector("#loading", state="hidden", timeout=120_000)
    page.check(f"#prompt input[name=scenario][value={table}]")
    page.click("[data-action=start]")
    board = Table(page)
    board.settle()
    if not on:
        assert board.button("exposure")
    page.evaluate("() => new Promise((r) => window.__bench.afterFrame(r))")
    page.evaluate(READ_GESTURES_JS)  # the boot and the Start click are not counted
    since = page.evaluate("() => performance.now()")
    spots = {p: free_spots(table, seed, p, rng) for p in (1, 2)}
    ready: list[float] = []
    toggled = False
    while board.pending()[0] == "place":
        player = board.pending()[1]
        placed = len(board.cards())
        x, y = spots[player].pop()
        board.press(x, y)
        page.wait_for_timeout(rng.randint(0, pause_ms))
        if on and not toggled and placed == 4:
            assert board.button("exposure")  # off, then on again by key
            page.wait_for_timeout(rng.randint(0, pause_ms))
            page.keyboard.press("x")
            toggled = True
        assert board.button("confirm")
        if on and len(board.cards()) > placed:
            started = time.monotonic()
            page.wait_for_function(WORKED_OUT_JS, timeout=120_000)
            ready.append(time.monotonic() - started)
        page.wait_for_timeout(rng.randint(0, pause_ms))
    page.evaluate("() => new Promise((r) => window.__bench.afterFrame(r))")
    got = page.evaluate(READ_GESTURES_JS)
    tasks = page.evaluate("(t) => window.__longtasks.filter((e) => e.start >= t)", since)
    return {"gestures": got["gestures"], "long_tasks": tasks, "ready_s": ready}


def run(table: str, games: int, pause_ms: int) -> dict[str, Any]:
    """Per seed, a deployment with the view on, then one with it off (the baseline)."""
    from playwright.sync_api import sync_playwright

    samples: dict[bool, list[dict[str, Any]]] = {True: [], False: []}
    problems: list[Any] = []
    with served(built_site()) as url:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
            )
            for seed in range(games):
                for on in (True, False):
                    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
                    ctx.add_init_script(PROBE_JS)
                    ctx.add_init_script(speed_script())
                    ctx.add_init_script(LONG_TASKS_JS)
                    page = ctx.new_page()
                    page.on("pageerror", lambda exc: problems.append(exc))
                    samples[on].append(deployment(page, table, seed, pause_ms, url, on))
                    ctx.close()
                    if problems:
                        sys.exit(f"[bench exposure] page errors: {problems}")
                print(f"[bench exposure] seed {seed + 1}/{games} done", file=sys.stderr)
            browser.close()
    return {"on": figures(samples[True]), "off": figures(samples[False])}


def figures(samples: list[dict[str, Any]]) -> dict[str, Any]:
    by: dict[str, list[float]] = {}
    for s in samples:
        for g in s["gestures"]:
            done = [e for e in g["events"] if e["frame"] is not None]
            if done:
                by.setdefault(g["label"], []).append(max(e["frame"] - e["ts"] for e in done))
    clicks = [v for k, vs in by.items() if not k.startswith("key:") for v in vs]
    tasks = [t["duration"] for s in samples for t in s["long_tasks"]]
    return {
        "by_label": {k: distribution(v) for k, v in sorted(by.items())},
        "clicks": distribution(clicks),
        "long_tasks": {"n": len(tasks), "max": max(tasks, default=0.0)},
        "ready_s": distribution([r for s in samples for r in s["ready_s"]]),
    }


def report(both: dict[str, Any]) -> None:
    for name, f in (("view on", both["on"]), ("view off (baseline)", both["off"])):
        print(f"-- {name}")
        print(f"{'input (to next frame)':<28}{'n':>5}{'median':>10}{'p95':>10}{'max':>10}")
        for label, d in [*f["by_label"].items(), ("all presses and clicks", f["clicks"])]:
            print(
                f"{label:<28}{d['n']:>5}{d['median']:>8.1f}ms{d['p95']:>8.1f}ms{d['max']:>8.1f}ms"
            )
        lt = f["long_tasks"]
        longest = f"{lt['max']:.1f} ms"
        print(f"long tasks (> {LONG_TASK_MS:.0f} ms) after Start: {lt['n']}, longest {longest}")
    r = both["on"]["ready_s"]
    print(
        f"view worked out after a card placed: median {r['median']:.2f} s, "
        f"p95 {r['p95']:.2f} s, max {r['max']:.2f} s"
    )
    on, off = both["on"], both["off"]
    print(f"click p95 ratio on/off: {on['clicks']['p95'] / off['clicks']['p95']:.2f}")
    click_ok = on["clicks"]["p95"] <= BUDGET_CLICK_P95_MS
    task_ok = on["long_tasks"]["max"] <= LONG_TASK_MS
    print(f"budget click p95 <= 50 ms (view on): {'met' if click_ok else 'MISSED'}")
    print(f"budget no task > 50 ms after Start (view on): {'met' if task_ok else 'MISSED'}")
    print(json.dumps(both))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m serm bench exposure", description=__doc__)
    parser.add_argument("--table", default="default")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--pause", type=int, default=400, help="longest pause between inputs, ms")
    args = parser.parse_args(argv)
    report(run(args.table, args.games, args.pause))
    return 0
