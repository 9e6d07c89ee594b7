"""Smoke test of ``python -m serm bench ai --browser``: one short game at easy, capped, and the
deployment row (hard deploying on the open table, easy deploying the same as its baseline).

No timed assertion: the figures depend on the machine. Each is there, is a number a real run
gives (a long task is over 50 ms or there is none; a placement has a slice), and each verdict
(met or missed) is what the figures and the budget beside them imply; the page had no problem.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bench import ai_browser
from tests.browser.test_bench_web import _number

ROOT = Path(__file__).resolve().parents[2]
CAP = 12
LONG_TASK_MS = 50  # the Long Tasks API reports only tasks of at least this long (ms, rounded)


def _longest_task_is_real(figures: dict[str, Any]) -> None:
    """A longest task of 0 means none over 50 ms; else it is one of the tasks counted."""
    longest, count = figures["longest_task_ms"], figures["long_tasks"]
    assert _number(longest) and isinstance(count, int), figures
    assert (count == 0 and longest == 0) or (count > 0 and longest >= LONG_TASK_MS), figures


def _deployment_is_real(d: dict[str, Any], strength: str) -> None:
    assert d["strength"] == strength and d["placements"] == 10, d  # five cards a side
    _longest_task_is_real(d)
    for key in ("deploy_ms", "longest_gap_ms", "longest_slice_ms"):
        assert _number(d[key]) and d[key] > 0, (key, d)
    assert d["frames"] > 0, d


@pytest.mark.xdist_group("bench")  # each starts a Chromium of its own: never both at once
def test_bench_ai_browser_smoke(site_dir: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "serm", "bench", "ai", "--browser", "--no-build"]
        + ["--games", "1", "--strengths", "easy", "--max-decisions", str(CAP)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.strip().splitlines()
    assert lines[1].split()[:3] == ["strength", "games", "n"], done.stdout  # the table
    assert any(line.startswith("page responsiveness while hard deploys") for line in lines)
    figures = json.loads(lines[-1])

    assert figures["bench"] == "ai-browser" and figures["cap"] == CAP
    assert figures["problems"] == []
    easy = figures["strengths"]["easy"]
    assert easy["games"] == 1 and easy["decisions"] == CAP
    for key in ("page_wall", "page_busy", "cpython", "longest_slice"):
        assert easy[key]["n"] == CAP, key
        assert all(_number(easy[key][q]) for q in ("p50", "p95", "max")), (key, easy[key])
        assert 0 <= easy[key]["p50"] <= easy[key]["p95"] <= easy[key]["max"], (key, easy[key])
    assert 0 < easy["page_busy"]["max"] <= easy["page_wall"]["max"]
    # Same seed, same players: the page and CPython play the same game. They may part where
    # Pyodide's libm and CPython's differ in the last bit of math.atan2 (a facing), which these
    # first twelve decisions of seed 1 do not reach: a difference here is the bench's replay
    # (or the game) gone wrong.
    assert easy["same_record"] is True and figures["differences"] == []
    assert easy["target_p95"] is None and easy["met"] is None  # easy has no target
    assert sum(d["n"] for d in easy["by_kind"].values()) == CAP
    assert "place" in easy["by_kind"]  # deployment comes first

    longest_ms = easy["longest_slice"]["max"] * 1000
    assert easy["slice_met"] is (longest_ms < ai_browser.SLICE_BUDGET_MS)

    budget = figures["task_budget_ms"]
    assert budget == ai_browser.TASK_BUDGET_MS
    _longest_task_is_real(easy)
    assert easy["task_met"] is (easy["longest_task_ms"] < budget)
    kinds = easy["tasks_by_kind"]
    assert set(kinds) == {"thinking", "showing", "other"}
    assert sum(len(v) for v in kinds.values()) == easy["long_tasks"]  # each task has one kind
    thinking = max(kinds["thinking"], default=0.0)
    assert easy["thinking_task_met"] is (thinking < ai_browser.SLICE_BUDGET_MS)
    thinking_said = "met" if easy["thinking_task_met"] else "MISSED"
    assert any(
        line.startswith("easy: long tasks while it thinks") and f"ms: {thinking_said};" in line
        for line in lines
    ), done.stdout

    deployment = figures["deployment"]
    assert (deployment["table"], deployment["seed"]) == ("open", 22)
    _deployment_is_real(deployment, "hard")
    _deployment_is_real(deployment["baseline"], "easy")
    assert deployment["budget_ms"] == budget
    assert deployment["met"] is (deployment["longest_task_ms"] < budget)
    verdict = "met" if deployment["met"] else "MISSED"
    said = [" ".join(line.split()) for line in lines]
    assert any(line.startswith(f"{verdict} longest main-thread task <") for line in said)
