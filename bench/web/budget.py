"""The budget: each row (what, measured, met) from medians of the same run."""

from __future__ import annotations

import math
from typing import Any

from harness.stats import distribution

# The budget (medians, same run: faster than the floor page); see docs/performance.md.
BUDGET_BOARD_OF_FLOOR_TTI = 0.25
BUDGET_COLD_TTI_X = 1.00
BUDGET_WARM_TTI_X = 0.85
BUDGET_BAR_GAP_MS = 1000.0
BUDGET_BAR_JUMP = 25.0
BUDGET_MOVE_P95_MS = 16.0
BUDGET_CLICK_P95_MS = 50.0
BUDGET_MEMORY_GROWTH = 0.10
MEMORY_ROWS = ("js_heap_bytes", "wasm_bytes", "py_objects", "dom_nodes")
"""The memory figures that must stay flat (late vs early, after a forced GC) across games."""


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
        d = i["pointermove_dispatch"].get(label, distribution([]))
        rows.append(
            (
                f"pointer-move {label} p95 <= 16 ms (from dispatch)",
                f"{d['p95']:.1f} ms",
                d["p95"] <= BUDGET_MOVE_P95_MS,
            )
        )
    for label in ("select", "shoot", "end_of_move"):
        d = i["click"].get(label, distribution([]))
        rows.append(
            (f"click {label} p95 <= 50 ms", f"{d['p95']:.1f} ms", d["p95"] <= BUDGET_CLICK_P95_MS)
        )
    for key in MEMORY_ROWS:
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
