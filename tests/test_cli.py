"""The command line (``python -m serm replay RECORD.json``) and the shipped example record (R24).

These tests read and write files, so they live outside tests/core (which also runs in Pyodide).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from serm.__main__ import main
from serm.core import replay
from serm.core.record import loads

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "complete-game.json"
GOLDEN = ROOT / "examples" / "complete-game.summary.json"
V1 = ROOT / "tests" / "data" / "complete-game-v1.json"
V1_GOLDEN = ROOT / "tests" / "data" / "complete-game-v1.summary.json"
"""The example as version 1 wrote it (rules version 1: sampled sight, no draw), and its summary."""


def test_replay_prints_the_final_state(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(EXAMPLE)]) == 0
    out, err = capsys.readouterr()
    summary = json.loads(out)
    assert set(summary) == {"status", "winner", "initiative", "pending", "soldiers"}
    assert summary["status"] == "finished" and summary["winner"] in (1, 2)
    assert summary["pending"] is None
    assert len(summary["soldiers"]) == 10
    assert set(summary["soldiers"][0]) == {"player", "card", "alive", "placed", "x", "y", "facing"}
    assert err == ""


def test_replay_prints_the_golden_final_state(capsys: pytest.CaptureFixture[str]) -> None:
    """The example's final state, byte for byte, as checked in (``tools/make_example.py`` writes
    both files); a change to the rules or to the summary's form shows up here first."""
    assert main(["replay", str(EXAMPLE)]) == 0
    assert capsys.readouterr().out == GOLDEN.read_text(encoding="utf-8")


def test_a_version_1_record_replays_under_its_own_rules(capsys: pytest.CaptureFixture[str]) -> None:
    """The old example, byte for byte as version 1 wrote it, still replays to the same final
    state: it is replayed with the sampled sight test and no draw rule (rules version 1)."""
    assert main(["replay", str(V1)]) == 0
    assert capsys.readouterr().out == V1_GOLDEN.read_text(encoding="utf-8")
    record = loads(V1.read_text(encoding="utf-8"))
    assert record.rules_version == 1 and replay(record).rules_version == 1


def test_replay_of_a_game_in_progress(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["actions"] = data["actions"][:12]  # roll-off and ten placements, then the first act
    path = tmp_path / "part.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["status"] in ("playing", "deployment")
    assert summary["pending"] is not None and summary["pending"]["kind"]


def test_illegal_action_exits_2_naming_index_and_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    first_place = next(i for i, a in enumerate(data["actions"]) if a["type"] == "place")
    data["actions"][first_place]["y"] = 5.0  # in no man's land: outside the zone (R6)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert f"actions[{first_place}]" in err and "(R6)" in err


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"{nope", "not valid JSON"),
        (b'{"format": "serm-record", "version": 9}', "version"),
        (b'{"format": "serm-record", "version": true}', "version"),
        (b'{"format": "serm-record", "version": 1.0}', "version"),
        (b"[" * 100_000 + b"]" * 100_000, "nested"),
        (b'{"a":' * 5_000 + b"1" + b"}" * 5_000, "nested"),
        (b'{"seed": 1' + b"0" * 4301 + b"}", "number"),
        (b"\xff\xfe", "UTF-8"),
        (b'{"format": "serm-record", "version": 1, "scenario": {}}', "scenario.name"),
    ],
)
def test_malformed_files_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes, words: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    assert main(["replay", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and words in err
    assert err.count("\n") == 1 and len(err) < 300


def test_missing_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path / "nowhere.json")]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "cannot read" in err


def test_bad_action_field_names_the_action(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["actions"][3] = {
        "type": "place",
        "player": 1,
        "card": "ranger",
        "x": "left",
        "y": 9,
        "facing": 0,
    }
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "actions[3]" in err and "'x'" in err


# --- the example record --------------------------------------------------------------------------


def test_example_replays_to_a_winner() -> None:
    record = loads(EXAMPLE.read_text(encoding="utf-8"))
    state = replay(record)
    assert state.status == "finished" and state.winner in (1, 2)
    assert state.conceded_by is None
    loser = 3 - state.winner
    assert not state.alive(loser)


def test_example_shows_every_feature() -> None:
    record = loads(EXAMPLE.read_text(encoding="utf-8"))
    kinds = [type(a).__name__ for a in record.actions]
    assert "Stop" in kinds  # a successful React (R19)
    assert "Path" in kinds  # a Brawler path (R17)
    from serm.core import apply, new_game

    state = new_game(record.scenario, record.rules_version)
    kills = gunner_follow_ups = 0
    for action in record.actions:
        if state.pending is not None and state.pending.kind == "target":
            gunner_follow_ups += 1  # a Gunner attacking a second enemy (R22)
        state = apply(state, action)
        kills += sum(e.kind == "kill" for e in state.events)
    assert kills >= 1 and gunner_follow_ups >= 1


def test_make_example_writes_the_same_file(tmp_path: Path) -> None:
    import importlib.util

    script = ROOT / "tools" / "make_example.py"
    spec = importlib.util.spec_from_file_location("make_example", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = tmp_path / "game.json"
    assert module.main(["--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == EXAMPLE.read_text(encoding="utf-8")


def _serm(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "serm", *args], cwd=cwd, capture_output=True, text=True, timeout=120
    )


def test_bench_outside_a_checkout_says_where_the_benchmarks_are(tmp_path: Path) -> None:
    out = _serm(["bench", "engine"], tmp_path)
    assert out.returncode == 2
    assert "bench/ folder of a serm checkout" in out.stderr
    assert "Traceback" not in out.stderr


def test_bench_in_the_checkout_finds_the_benchmarks() -> None:
    out = _serm(["bench", "engine", "--help"], ROOT)
    assert out.returncode == 0, out.stderr
    assert "bench engine" in out.stdout
    replay = _serm(["bench", "replay", "--help"], ROOT)
    assert replay.returncode == 0 and "bench replay" in replay.stdout, replay.stderr
    unknown = _serm(["bench", "nope"], ROOT)
    assert (
        unknown.returncode == 2 and "ai,course,engine,exposure,links,replay,web" in unknown.stdout
    )
