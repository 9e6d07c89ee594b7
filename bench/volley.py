"""Frame times during an animated volley, a part of ``python -m serm bench web``.

A fresh profile opens the game at the normal show speed (``speed_script("normal")``) and imports
bench/volley-position.json: a deployment (rules version 2, no opening: the roll-off and ten cards
placed) with Blue (player 2) a computer ("easy", seeded by the record), which then shoots a volley
with its Gunner, three targets
one after the other, each shot a show (AIM, the shooter's roll, the target's endure roll, KILL or
SPARE) that the computer waits for before thinking its next shot. A probe in the page keeps every
animation frame (``requestAnimationFrame`` times, and whether a Web Animation runs on
``#board-view`` in it) and every long task (``PerformanceObserver``). The volley spans from the
first frame a show runs to the last one; its frames' durations (the time since the frame before)
are the figure, with those of the frames inside a show alone (the computer's thinking between
shots left out). Then the same page, nothing moving (Red to act), is recorded as long again: the
idle baseline of the same machine at the same moment.
"""

from __future__ import annotations

import json
import math
import statistics
import tempfile
from pathlib import Path
from typing import Any

from harness.stats import percentile

ROOT = Path(__file__).resolve().parents[1]
POSITION = Path(__file__).resolve().parent / "volley-position.json"
"""The volley's position: the roll-off and the ten cards placed; Blue's Gunner acts next."""
STRENGTH = "easy"
BUDGET_FRAME_P95_MS = 20.0
SETTLE_MS = 1500
"""The volley has ended when no show has run for this long and Red is to act."""
TIMEOUT_MS = 90_000

FRAMES_JS = r"""() => {
  if (window.__frames) return;
  const F = window.__frames = { t: [], busy: [], longs: [], on: true };
  // The animations the page starts on the board, kept as they start: reading their playState
  // each frame is cheap (document.getAnimations() would update the style in every frame).
  let live = [];
  const animate = Element.prototype.animate;
  Element.prototype.animate = function () {
    const anim = animate.apply(this, arguments);
    if (this.closest && this.closest("#board-view")) live.push(anim);
    return anim;
  };
  const busy = () => {
    live = live.filter((a) => a.playState === "running" || a.pending);
    return live.some((a) => a.playState === "running");
  };
  const tick = (t) => {
    if (!F.on) return;
    F.t.push(t);
    F.busy.push(busy());
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) F.longs.push([e.startTime, e.duration]);
    }).observe({ type: "longtask" });
  } catch (e) {}
}"""

SETTLED_JS = """([settle]) => {
  const F = window.__frames;
  const first = F.busy.indexOf(true);
  if (first < 0) return false;
  const last = F.busy.lastIndexOf(true);
  const el = document.querySelector("#prompt [data-pending]");
  const red = el && el.dataset.pending === "act" && el.dataset.player === "1";
  return Boolean(red) && F.t[F.t.length - 1] - F.t[last] > settle;
}"""


def record_text() -> str:
    """The position before Blue's volley, Red a person and Blue the computer."""
    data = json.loads(POSITION.read_text())
    data["players"] = {
        "1": {"name": "Red", "kind": "human"},
        "2": {"name": "Blue", "kind": f"computer-{STRENGTH}"},
    }
    return json.dumps(data)


def frame_figures(deltas: list[float], longs: int) -> dict[str, float]:
    """Frames, p50, p95 and max frame time (ms), frames over the budget (20 ms), long tasks."""
    return {
        "frames": len(deltas),
        "slow_frames": sum(1 for d in deltas if d > BUDGET_FRAME_P95_MS),
        "p50_ms": statistics.median(deltas) if deltas else math.nan,
        "p95_ms": percentile(deltas, 95),
        "max_ms": max(deltas) if deltas else math.nan,
        "long_tasks": longs,
    }


def _window(t: list[float], busy: list[bool], lo: int, hi: int) -> tuple[list[float], list[float]]:
    """Frame durations of frames lo..hi (each the time since the one before), and of those in a
    show (the frame and the one before it both with an animation running)."""
    every = [t[i] - t[i - 1] for i in range(max(lo, 1), hi + 1)]
    shown = [t[i] - t[i - 1] for i in range(max(lo, 1), hi + 1) if busy[i] and busy[i - 1]]
    return every, shown


def _longs(longs: list[list[float]], start: float, end: float) -> int:
    return sum(1 for s, d in longs if s + d > start and s < end)


def figures_of(raw: dict[str, Any]) -> dict[str, Any]:
    """The volley's figures and the idle baseline's from the probe's raw record."""
    t, busy, longs = raw["t"], raw["busy"], raw["longs"]
    first, last = busy.index(True), len(busy) - 1 - busy[::-1].index(True)
    every, shown = _window(t, busy, first, last)
    start, end = t[first], t[last]
    shows = sum(1 for i in range(first, last + 1) if busy[i] and (i == 0 or not busy[i - 1]))
    idle_from = raw["idle_from"]
    lo = next(i for i, x in enumerate(t) if x >= idle_from)
    idle, _ = _window(t, busy, lo, len(t) - 1)
    out: dict[str, Any] = {
        **frame_figures(every, _longs(longs, start, end)),
        "show_ms": end - start,
        "shows": shows,
        "in_show": frame_figures(shown, 0),
        "idle": frame_figures(idle, _longs(longs, idle_from, t[-1])),
    }
    out["p95_over_idle"] = (
        out["p95_ms"] / out["idle"]["p95_ms"] if out["idle"]["p95_ms"] else math.nan
    )
    out["budget_met"] = out["p95_ms"] <= BUDGET_FRAME_P95_MS
    return out


def volley_sample(page: Any, url: str) -> dict[str, Any]:
    """Import the position, record the volley's frames and then as long idle; the figures.

    ``page`` is a guarded page with the show speed set before the page runs (normal, but for
    ``python -m serm bench web --smoke``'s fast)."""
    page.goto(url, wait_until="commit")
    page.wait_for_selector("#loading", state="hidden", timeout=120_000)
    page.evaluate(FRAMES_JS)
    with tempfile.TemporaryDirectory(prefix="serm-volley-") as tmp:
        path = Path(tmp) / "volley.json"
        path.write_text(record_text())
        page.click("#btn-saves")
        page.set_input_files("#import-file", str(path))
        page.wait_for_function(SETTLED_JS, arg=[SETTLE_MS], timeout=TIMEOUT_MS, polling=200)
    span = page.evaluate(
        "() => { const F = window.__frames; const i = F.busy.lastIndexOf(true);"
        " return [F.t[F.busy.indexOf(true)], F.t[i], performance.now()]; }"
    )
    idle_ms = span[1] - span[0]
    page.wait_for_timeout(idle_ms + 200)
    raw = page.evaluate(
        "() => { const F = window.__frames; F.on = false;"
        " return {t: F.t, busy: F.busy, longs: F.longs}; }"
    )
    raw["idle_from"] = span[2]
    if any(raw["busy"][i] for i, x in enumerate(raw["t"]) if x >= span[2]):
        raise RuntimeError("a show ran again while the idle baseline was recorded")
    return figures_of(raw)


def report_lines(v: dict[str, Any]) -> list[str]:
    """The volley's figures against the target, with the idle baseline and the ratio."""
    ok = "met   " if v["budget_met"] else "MISSED"
    i, s = v["idle"], v["in_show"]
    return [
        f"animated volley ({v.get('speed', 'normal')} speed): {v['shows']} shows over "
        f"{v['show_ms']:.0f} ms, "
        f"{v['frames']} frames, p50 {v['p50_ms']:.1f} ms, p95 {v['p95_ms']:.1f} ms, "
        f"max {v['max_ms']:.1f} ms, {v['slow_frames']} over 20 ms, {v['long_tasks']} long tasks",
        f"  inside the shows only: {s['frames']} frames, p50 {s['p50_ms']:.1f} ms, "
        f"p95 {s['p95_ms']:.1f} ms, max {s['max_ms']:.1f} ms, {s['slow_frames']} over 20 ms",
        f"  idle, same page, as long: {i['frames']} frames, p50 {i['p50_ms']:.1f} ms, "
        f"p95 {i['p95_ms']:.1f} ms, max {i['max_ms']:.1f} ms, {i['slow_frames']} over 20 ms, "
        f"{i['long_tasks']} long tasks; "
        f"volley p95 / idle p95 = {v['p95_over_idle']:.2f}",
        f"  {ok} frame p95 <= {BUDGET_FRAME_P95_MS:.0f} ms during the volley: {v['p95_ms']:.1f} ms",
    ]
