"""Smoke test of ``python -m serm bench ai --browser``: one short game at easy, capped.

No timed assertion: the figures depend on the machine. Only that each is there and is a number,
and that the page had no problem.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.browser.test_bench_web import _number

ROOT = Path(__file__).resolve().parents[2]
CAP = 12


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
    figures = json.loads(lines[-1])

    assert figures["bench"] == "ai-browser" and figures["cap"] == CAP
    assert figures["problems"] == []
    easy = figures["strengths"]["easy"]
    assert easy["games"] == 1 and easy["decisions"] == CAP
    for key in ("page_wall", "page_busy", "cpython", "longest_slice"):
        assert easy[key]["n"] == CAP, key
        assert all(_number(easy[key][q]) for q in ("p50", "p95", "max")), (key, easy[key])
    assert easy["page_busy"]["max"] <= easy["page_wall"]["max"]
    assert isinstance(easy["same_record"], bool)  # the last bits of math.atan2 may differ
    assert isinstance(figures["differences"], list)
    assert easy["target_p95"] is None and easy["met"] is None  # easy has no target
    assert sum(d["n"] for d in easy["by_kind"].values()) == CAP
    assert "place" in easy["by_kind"]  # deployment comes first
