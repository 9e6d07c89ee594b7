"""Smoke test of ``python -m serm bench course``: it takes the whole course in the page and its
JSON line holds the course's length as shown time plus reading time. No timed assertion: the
shown time depends on the machine; the words read and the presses do not."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from bench.course import BUDGET_S, READ_WPM
from serm.ui.lessons import LESSONS

ROOT = Path(__file__).resolve().parents[2]


def test_bench_course_takes_the_course_and_reports_its_length(site_dir: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "serm", "bench", "course", "--straight", "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert (found["budget_s"], found["wpm"]) == (BUDGET_S, READ_WPM)
    (way,) = found["ways"]
    steps = sum(len(lesson.steps) for lesson in LESSONS)
    assert way["presses"] == 1 + steps + len(LESSONS)  # the offer, each step, each Next
    lessons_words = sum(len(lesson.teaches.split()) for lesson in LESSONS)
    assert way["words"] > lessons_words  # every lesson's words were read, and more
    assert way["reading_s"] == way["words"] * 60 / READ_WPM
    assert way["shown_s"] > 0
    assert abs(way["length_s"] - (way["shown_s"] + way["reading_s"])) < 1e-9
    assert found["met"] == (way["length_s"] <= BUDGET_S)
