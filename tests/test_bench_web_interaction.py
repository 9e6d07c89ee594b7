"""``python -m serm bench web --interaction``: only the scripted game, so the interaction rows
can be measured in a minute or two (no cold, warm or link loads). No browser here: the options,
the budget's rows and the report of such a run, from made-up figures."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bench import volley, web
from bench.web.budget import budget
from bench.web.figures import interaction_figures
from bench.web.play import ScriptedPlay
from bench.web.report import jsonable
from harness.stats import distribution


def _play() -> dict[str, Any]:
    moves = [
        {"label": label, "ts": 0.0, "start": 2.0, "end": 4.0 + k % 3, "frame": 9.0 + k % 5}
        for label in ("move_ray", "rotate_handle", "hover_card")
        for k in range(20)
    ]
    gestures = [
        {"label": label, "events": [{"ts": 0.0, "start": 1.0, "end": 8.0, "frame": 30.0 + k}]}
        for label in ("select", "shoot", "end_of_move")
        for k in range(5)
    ]
    return {"gestures": gestures, "moves": moves}


def _volley() -> dict[str, Any]:
    """Frames a vsync apart: idle, then three shows with a gap (and one 50 ms frame) between,
    then idle again from 2000 ms."""
    t = [16.0 * i for i in range(200)]
    t[60:] = [x + 34.0 for x in t[60:]]
    busy = [10 <= i < 55 or 62 <= i < 100 or 103 <= i < 120 for i in range(200)]
    return volley.figures_of({"t": t, "busy": busy, "longs": [[900.0, 60.0]], "idle_from": 2000})


def test_the_volleys_figures_from_its_frames() -> None:
    v = _volley()
    assert v["shows"] == 3 and v["frames"] == 110 and v["long_tasks"] == 1
    assert v["max_ms"] == 50.0 and v["slow_frames"] == 1 and v["p95_ms"] == 16.0
    assert v["show_ms"] == 16.0 * 109 + 34.0 and v["budget_met"]
    assert v["in_show"]["frames"] == 44 + 37 + 16 and v["in_show"]["max_ms"] == 16.0
    assert v["idle"]["frames"] == 200 - 123 and v["idle"]["long_tasks"] == 0
    assert v["p95_over_idle"] == 1.0


def _figures() -> dict[str, Any]:
    reading = {"actions": 10.0, "game_actions": 10.0, "js_heap_bytes": 1e6, "wasm_bytes": 2e7}
    reading |= {"py_objects": 40_000.0, "dom_nodes": 900.0}
    figures: dict[str, Any] = {
        "bench": "web",
        "contexts": 0,
        "interaction": interaction_figures(_play()),
        "baseline_pointermove": distribution([5.0, 6.0]),
        "baseline_pointermove_dispatch": distribution([2.0, 3.0]),
        "memory": {"early": reading, "end": reading, "late": reading},
        "play": {"games_won": 0, "recoveries": 0, "problems": []},
        "volley": {**_volley(), "problems": []},
    }
    figures["budget"] = budget(figures)
    figures["budget_met"] = all(ok for _, _, ok in figures["budget"])
    return figures


def test_an_interaction_run_has_only_the_scripted_games_rows() -> None:
    rows = [label for label, _, _ in _figures()["budget"]]
    assert len(rows) == 10
    assert [r.split()[1] for r in rows[:6]] == [
        "move_ray",
        "rotate_handle",
        "hover_card",
        "select",
        "shoot",
        "end_of_move",
    ]
    assert [r.split()[1].rstrip(",") for r in rows[6:]] == [
        "js_heap_bytes",
        "wasm_bytes",
        "py_objects",
        "dom_nodes",
    ]
    assert _figures()["budget_met"]  # 7 ms from dispatch, 30-34 ms clicks, flat memory


def test_its_report_prints_the_inputs_and_the_budget_not_the_loads(
    capsys: pytest.CaptureFixture[str],
) -> None:
    web.report(_figures())
    out = capsys.readouterr().out
    assert "move move_ray" in out and "click end_of_move" in out and "budget" in out
    assert "animated volley (normal speed): 3 shows" in out and "met    frame p95 <= 20" in out
    assert "cold_tti_ms" not in out and "game/baseline" not in out


def test_the_option_runs_no_loads(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[object, ...]] = []

    def run(*args: object, **options: object) -> dict[str, Any]:
        asked.append((*args, *sorted(options.items())))
        return _figures()

    monkeypatch.setattr(web, "run", run)
    monkeypatch.setattr(web, "report", lambda figures: None)
    assert web.main(["--interaction", "--actions", "40", "--no-build"]) == 0
    normal = (("link", True), ("volley_speed", "normal"))
    assert asked == [(5, 40, False, False, True, False, *normal)]
    assert web.main(["--quick"]) == 0
    assert asked[-1] == (1, 60, False, True, False, False, *normal)
    assert web.main(["--volley", "--no-build"]) == 0
    assert asked[-1] == (5, 500, False, False, False, True, *normal)
    assert web.main(["--smoke", "--no-build"]) == 0  # no link load, a fast volley
    smoke = (("link", False), ("volley_speed", "fast"))
    assert asked[-1] == (1, web.SMOKE_ACTIONS, False, False, False, False, *smoke)


def test_a_volley_run_reports_only_the_volley(capsys: pytest.CaptureFixture[str]) -> None:
    web.report({"bench": "web", "volley": {**_volley(), "problems": []}})
    out = capsys.readouterr().out
    assert out.startswith("animated volley") and "budget" not in out and "move_ray" not in out
    json.dumps(jsonable(_figures()))


def test_the_report_names_the_python_types_that_grew_most(
    capsys: pytest.CaptureFixture[str],
) -> None:
    run = ScriptedPlay(None, None, 50, 10, [])
    run.types = {
        "early": {"a.Vec": 10, "b.Same": 5, "c.Gone": 3},
        "late": {"a.Vec": 3410, "b.Same": 5, "c.Gone": 1, "d.New": 1},
    }
    assert run.growth() == [("a.Vec", 3400), ("c.Gone", -2), ("d.New", 1)]
    figures = _figures()
    figures["memory"]["py_growth"] = run.growth()
    web.report(figures)
    out = capsys.readouterr().out
    assert "Python objects, late - early: +3400 a.Vec, -2 c.Gone, +1 d.New" in out
