"""Smoke test of ``python -m serm bench web --smoke``: it runs; its JSON line holds every figure.

No timed assertion: the figures depend on the machine. Each figure is there, is a number a real
run gives (wasm memory in whole 64 KiB pages, the part of a load before interactive no larger
than the whole, a median between its min and max ...), and each verdict of the budget (met or
missed) is what the figures and the budget's limits imply.
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bench import volley
from bench.web import budget
from bench.web.baseline import BASELINE_MOVES
from bench.web.figures import SAMPLE_FIGURES

ROOT = Path(__file__).resolve().parents[2]

SITE_FIGURES = SAMPLE_FIGURES  # every boot figure the bench reports, per site
LINK_FIGURES = tuple(k for k in SITE_FIGURES if k.startswith("link_"))  # not in a smoke run
VOLLEY_FIGURES = ("frames", "slow_frames", "p50_ms", "p95_ms", "max_ms", "long_tasks")
MEMORY_FIGURES = ("actions", "js_heap_bytes", "wasm_bytes", "py_objects", "dom_nodes")
WASM_PAGE = 65536


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _ordered(d: dict[str, Any], keys: tuple[str, str, str]) -> bool:
    """All three are numbers, in order (min <= median <= max, p50 <= p95 <= max)."""
    a, b, c = (d[k] for k in keys)
    return all(_number(x) for x in (a, b, c)) and 0 <= a <= b <= c


def expected_budget(figures: dict[str, Any]) -> list[tuple[str, bool]]:
    """Each row of the budget (the start of its label, met) worked out here from the figures and
    the limits: what the bench's verdicts must say."""
    g, b = figures["game"], figures["baseline"]

    def med(site: dict[str, Any], key: str) -> float:
        return float(site[key]["median"])

    def p95(table: dict[str, Any], label: str) -> float:
        return float(table[label]["p95"]) if label in table else math.nan

    rows = [
        (
            f"board visible ({kind})",
            med(g, f"{kind}_board_visible_ms")
            <= budget.BUDGET_BOARD_OF_FLOOR_TTI * med(b, f"{kind}_tti_ms"),
        )
        for kind in ("cold", "warm")
    ]
    rows += [
        ("cold TTI", med(g, "cold_tti_ms") <= budget.BUDGET_COLD_TTI_X * med(b, "cold_tti_ms")),
        ("warm TTI", med(g, "warm_tti_ms") <= budget.BUDGET_WARM_TTI_X * med(b, "warm_tti_ms")),
        ("cold transferred bytes", med(g, "cold_bytes") < med(b, "cold_bytes")),
        ("warm load fetches nothing", med(g, "warm_requests") == 0),
    ]
    inter, mem = figures["interaction"], figures["memory"]
    rows += [
        (
            f"pointer-move {label}",
            p95(inter["pointermove_dispatch"], label) <= budget.BUDGET_MOVE_P95_MS,
        )
        for label in ("move_ray", "rotate_handle", "hover_card")
    ]
    rows += [
        (f"click {label}", p95(inter["click"], label) <= budget.BUDGET_CLICK_P95_MS)
        for label in ("select", "shoot", "end_of_move")
    ]
    rows += [
        (
            f"memory {key}",
            mem["late"][key] - mem["early"][key] <= budget.BUDGET_MEMORY_GROWTH * mem["early"][key],
        )
        for key in ("js_heap_bytes", "wasm_bytes", "py_objects", "dom_nodes")
    ]
    return rows


@pytest.mark.xdist_group("bench")  # each starts a Chromium of its own: never both at once
def test_bench_web_smoke(site_dir: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "serm", "bench", "web", "--smoke", "--no-build"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.strip().splitlines()
    assert any(line.startswith("cold_tti_ms") for line in lines), done.stdout  # the table
    assert lines[-2].startswith("game/baseline: cold TTI"), done.stdout  # the ratios
    figures = json.loads(lines[-1])

    assert figures["bench"] == "web" and figures["contexts"] == 1 and figures["link"] is False
    for site in ("game", "baseline"):
        s = figures[site]
        for key in SITE_FIGURES:
            spread = s[key]
            if key in LINK_FIGURES:
                assert spread == {"min": None, "median": None, "max": None}, (site, key)
            else:
                assert _ordered(spread, ("min", "median", "max")), (site, key, spread)
        largest = s["cold_largest"]
        assert len(largest) == 5 and all(_number(size) and size > 0 for _, size in largest)
        assert s["warm_controlled"] is True
        for kind in ("cold", "warm"):
            # interactive is the first frame after the page's mark
            assert s[f"{kind}_mark_ms"]["median"] <= s[f"{kind}_tti_ms"]["median"], (site, kind)
            assert s[f"{kind}_first_paint_ms"]["median"] > 0, (site, kind)
        cold = {k: s[f"cold_{k}"]["median"] for k in ("bytes", "body_bytes", "requests")}
        before = {k: s[f"cold_to_interactive_{k}"]["median"] for k in cold}
        assert 0 < before["bytes"] <= cold["bytes"] <= cold["body_bytes"], (site, cold, before)
        assert 0 < before["requests"] <= cold["requests"], (site, cold, before)
        wasm = s["boot_wasm_bytes"]["median"]
        assert wasm > 0 and wasm % WASM_PAGE == 0, (site, wasm)
        assert s["boot_js_heap_bytes"]["median"] > 0 and s["boot_dom_nodes"]["median"] > 0
    ratios = figures["ratios"]
    for key, figure in (
        ("cold_tti", "cold_tti_ms"),
        ("warm_tti", "warm_tti_ms"),
        ("cold_bytes", "cold_bytes"),
    ):
        expect = figures["game"][figure]["median"] / figures["baseline"][figure]["median"]
        assert _number(ratios[key]) and ratios[key] == pytest.approx(expect), key
    assert ratios["link_tti"] is None

    inter = figures["interaction"]
    for label in ("move_ray", "rotate_handle"):
        assert _ordered(inter["pointermove"][label], ("median", "p95", "max")), label
        assert inter["pointermove"][label]["n"] > 0, label
    for label in ("select", "end_of_move"):  # a smoke run may end before the first shot
        assert _ordered(inter["click"][label], ("median", "p95", "max")), label
    assert _ordered(figures["baseline_pointermove"], ("median", "p95", "max"))
    assert 0 < figures["baseline_pointermove"]["n"] <= BASELINE_MOVES + 1  # and the first
    mem = figures["memory"]
    for reading in ("early", "end", "late"):
        for key in MEMORY_FIGURES:
            assert _number(mem[reading][key]) and mem[reading][key] > 0, (reading, key)
        assert mem[reading]["wasm_bytes"] % WASM_PAGE == 0, reading
    assert mem["late"]["actions"] > mem["end"]["actions"] >= mem["early"]["actions"] >= 10
    # the late reading is taken at the same moment of a (new) game as the early one
    assert mem["late"]["game_actions"] == mem["early"]["game_actions"] >= 10
    # ... of the game New game started after the end reading, not further into the first game
    assert mem["early"]["game"] == mem["end"]["game"] == 1 and mem["late"]["game"] == 2, mem
    # nothing the games leave behind in the page: at the same action of the same screen (the
    # Exposure view as in the first game, its idle work done), flat within the budget
    for key in budget.MEMORY_ROWS:
        row = next(r for r in figures["budget"] if r[0].startswith(f"memory {key},"))
        assert row[2] is True, (row, mem["early"], mem["late"], mem["py_growth"])
    assert all(isinstance(t, str) and _number(n) for t, n in mem["py_growth"]), mem["py_growth"]

    expected = expected_budget(figures)
    rows = figures["budget"]
    assert len(rows) == len(expected), rows
    for (label, _, met), (start, ok) in zip(rows, expected, strict=True):
        assert label.startswith(start) and met is ok, (label, met, start, ok)
    assert figures["budget_met"] is all(ok for _, ok in expected)

    v = figures["volley"]  # frame times during the computer's animated volley
    assert v["speed"] == "fast" and v["shows"] >= 3 and not v["problems"], v
    for part in (v, v["in_show"], v["idle"]):
        for key in VOLLEY_FIGURES:
            assert _number(part[key]), (key, part)
        assert part["frames"] > 0 and 0 <= part["slow_frames"] <= part["frames"], part
        assert 0 < part["p50_ms"] <= part["p95_ms"] <= part["max_ms"], part
        assert (part["slow_frames"] > 0) is (part["max_ms"] > volley.BUDGET_FRAME_P95_MS), part
    assert v["in_show"]["frames"] <= v["frames"] and v["show_ms"] > 0
    assert v["p95_over_idle"] == pytest.approx(v["p95_ms"] / v["idle"]["p95_ms"])
    assert v["budget_met"] is (v["p95_ms"] <= volley.BUDGET_FRAME_P95_MS)
    assert any(line.startswith("animated volley (fast speed)") for line in lines), done.stdout
    assert not figures["game"]["problems"] and not figures["baseline"]["problems"]
