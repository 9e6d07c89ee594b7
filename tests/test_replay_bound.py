"""The replay bound (issue 13): a record under rules version 1 may ask only so much sampled sight
work per action; past it, it is refused with one line saying so, at once — not replayed for
minutes. The records come from the benchmark's builder (``bench/replay.py``); timings are the
benchmark's business, not these tests'.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.replay import Builder, build, replay_unbounded, sight_work, wall_layout
from serm.__main__ import main
from serm.core.record import Record, RecordError, loads, replay
from serm.core.ruleset import SAMPLED_WORK_ALLOWANCE, SAMPLED_WORK_PER_ACTION
from serm.ui.saves import SaveError, load_import


def hidden_zigzag(rules: int, passes: int = 0) -> Record:
    """Deployment, then one 64-point Brawler zigzag hidden behind a wall of 8 blocks that every
    enemy able to React looks across (each position tested, every line tried), then passes."""
    record = build(wall_layout(8, False), rules, lambda b: b.zigzag(0), 1, thin=passes)
    return loads(record.to_json())


@pytest.fixture(scope="module")
def costly() -> Record:
    return hidden_zigzag(1)


def test_a_costly_rules_1_record_is_refused_naming_the_action(costly: Record) -> None:
    work = sight_work(costly)
    assert work > SAMPLED_WORK_PER_ACTION * len(costly.actions) + SAMPLED_WORK_ALLOWANCE
    with pytest.raises(RecordError) as info:
        replay(costly)
    err = info.value
    assert err.index is not None and err.where.endswith("(path)")
    assert "more line-of-sight work than a record of that length may ask for" in str(err)
    assert "would take too long" in err.for_people()


def test_the_command_line_says_so_in_one_line(
    costly: Record, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "costly.json"
    file.write_text(costly.to_json(), encoding="utf-8")
    assert main(["replay", str(file)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "line-of-sight work" in err


def test_an_import_says_so_in_words(costly: Record) -> None:
    with pytest.raises(SaveError, match="would take too long"):
        load_import(costly.to_json())


def test_the_same_work_spread_over_enough_actions_is_accepted(costly: Record) -> None:
    """The budget is per action: the same zigzag followed by enough passes replays, and to the
    very state an unbounded replay reaches."""
    passes = sight_work(costly) // SAMPLED_WORK_PER_ACTION
    spread = hidden_zigzag(1, passes=passes)
    assert replay(spread) == replay_unbounded(spread)


def test_the_current_rules_have_no_sampled_budget() -> None:
    record = hidden_zigzag(2)
    assert record.rules_version == 2 and sight_work(record) == 0
    assert replay(record) == replay_unbounded(record)


def test_the_builder_plays_only_legal_actions() -> None:
    b = Builder(wall_layout(8, False), 1)
    b.deploy()
    b.zigzag(0)
    data = json.loads(b.record().to_json())
    assert data["rules"] == 1 and data["actions"][0]["player"] == 0
    assert len(data["actions"]) == 15
