"""Smoke test of ``python -m serm bench web --quick``: it runs; its JSON line holds every figure.

No timed assertion: the figures depend on the machine. Only that each is there and is a number.
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bench import web

ROOT = Path(__file__).resolve().parents[2]

SITE_FIGURES = web.SAMPLE_FIGURES  # every boot figure the bench reports, per site
VOLLEY_FIGURES = ("frames", "slow_frames", "p50_ms", "p95_ms", "max_ms", "long_tasks")
MEMORY_FIGURES = ("actions", "js_heap_bytes", "wasm_bytes", "py_objects", "dom_nodes")


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


@pytest.mark.xdist_group("bench")  # each starts a Chromium of its own: never both at once
def test_bench_web_quick(site_dir: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "serm", "bench", "web", "--quick", "--no-build"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.strip().splitlines()
    assert any(line.startswith("cold_tti_ms") for line in lines), done.stdout  # the table
    assert lines[-2].startswith("game/baseline: cold TTI"), done.stdout  # the ratios
    figures = json.loads(lines[-1])

    assert figures["bench"] == "web" and figures["contexts"] == 1
    for site in ("game", "baseline"):
        for key in SITE_FIGURES:
            spread = figures[site][key]
            assert all(_number(spread[s]) for s in ("min", "median", "max")), (site, key, spread)
        largest = figures[site]["cold_largest"]
        assert len(largest) == 5 and all(_number(size) for _, size in largest)
        assert figures[site]["warm_controlled"] is True
    for key in ("cold_tti", "warm_tti", "cold_bytes"):
        assert _number(figures["ratios"][key]), key
    inter = figures["interaction"]
    for label in ("move_ray", "rotate_handle"):
        assert _number(inter["pointermove"][label]["p95"]), label
        assert _number(inter["pointermove"][label]["median"]), label
    for label in ("select", "end_of_move"):  # a quick run may end before the first shot
        assert _number(inter["click"][label]["p95"]), label
    assert "shoot" in {row[0].split()[1] for row in figures["budget"] if row[0].startswith("click")}
    assert _number(figures["baseline_pointermove"]["p95"])
    mem = figures["memory"]
    for reading in ("early", "end", "late"):
        for key in MEMORY_FIGURES:
            assert _number(mem[reading][key]), (reading, key)
    assert mem["late"]["actions"] > mem["end"]["actions"] >= mem["early"]["actions"] >= 10
    # the late reading is taken at the same moment of a (new) game as the early one
    assert mem["late"]["game_actions"] == mem["early"]["game_actions"] >= 10
    assert isinstance(figures["budget_met"], bool)
    volley = figures["volley"]  # frame times during the computer's animated volley (issue 11)
    assert volley["shows"] >= 3 and volley["frames"] > 0, volley
    for part in (volley, volley["in_show"], volley["idle"]):
        for key in VOLLEY_FIGURES:
            assert _number(part[key]), (key, part)
    assert _number(volley["show_ms"]) and _number(volley["p95_over_idle"])
    assert isinstance(volley["budget_met"], bool) and not volley["problems"]
    assert any(line.startswith("animated volley (normal speed)") for line in lines), done.stdout
    assert not figures["game"]["problems"] and not figures["baseline"]["problems"]
