"""The replay bound: a record may ask only so much sight work per action (rules version
1: the sampled test; version 2: the exact test); past it, it is refused with one line saying so,
at once — not replayed for minutes. A live game refuses the action that would cross the budget
(C20), so it never makes a record its own replay refuses. The records come from the benchmark's
builder (``bench/replay.py``); timings are the benchmark's business, not these tests'.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.replay import Builder, build, families, replay_unbounded, sight_work, wall_layout
from serm.__main__ import main
from serm.ai.player import make_player
from serm.core.errors import IllegalActionError
from serm.core.game import TOO_WINDING, Game
from serm.core.record import Record, RecordError, loads, replay
from serm.core.ruleset import (
    EXACT_WORK_ALLOWANCE,
    EXACT_WORK_PER_ACTION,
    RULES_VERSION,
    SAMPLED_WORK_ALLOWANCE,
    SAMPLED_WORK_PER_ACTION,
    ruleset,
)
from serm.core.scenario import by_name
from serm.core.state import Status
from serm.ui.saves import SaveError, load_import

ROOT = Path(__file__).resolve().parent.parent


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


def test_a_cheap_rules_2_record_replays_as_without_a_budget() -> None:
    record = hidden_zigzag(2)
    assert record.rules_version == 2 and 0 < sight_work(record) < EXACT_WORK_ALLOWANCE
    assert replay(record) == replay_unbounded(record)


# --- rules version 2: exact sight, metered the same way ------------------------------------------


@pytest.fixture(scope="module")
def costly_exact() -> Record:
    """Deployment, then three 64-point Brawler zigzags with exploding rolls behind the widest
    broken wall the format allows, every enemy able to React looking across it."""
    family = families()["hidden-zigzag"]
    return loads(build(family.layout(), 2, family.step, 3).to_json())


def test_a_costly_rules_2_record_is_refused_naming_the_action(costly_exact: Record) -> None:
    work = sight_work(costly_exact)
    assert work > EXACT_WORK_PER_ACTION * len(costly_exact.actions) + EXACT_WORK_ALLOWANCE
    with pytest.raises(RecordError) as info:
        replay(costly_exact)
    err = info.value
    assert err.index is not None and err.where.endswith("(path)")
    assert "under rules version 2 takes more line-of-sight work" in str(err)
    assert "(C20)" in err.for_people() and "older rules" not in err.for_people()


def test_the_command_line_refuses_it_in_one_line(
    costly_exact: Record, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "costly-exact.json"
    file.write_text(costly_exact.to_json(), encoding="utf-8")
    assert main(["replay", str(file)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "line-of-sight work" in err


def test_a_live_game_refuses_the_action_that_would_cross_the_budget(costly_exact: Record) -> None:
    """C20: the same actions played live (dice by hand) are taken until one would take the game
    past its budget for that many actions; that one is refused and changes nothing."""
    game = Game(costly_exact.scenario, seed=1, auto_dice=False)
    for action in costly_exact.actions:
        before = (game.state, len(game.record.actions), len(game.events), game.work_spent)
        try:
            game.play(action)
        except IllegalActionError as exc:
            assert exc.rule == "C20" and exc.message == TOO_WINDING
            assert (game.state, len(game.record.actions), len(game.events)) == before[:3]
            assert game.work_spent == before[3]
            break
    else:
        pytest.fail("the live game took every action")
    limit = ruleset(2).work_limit(len(game.record.actions))
    assert 0 < game.work_spent <= limit
    assert replay(game.record) == game.state  # what it kept replays, to the same state
    assert Game.from_record(loads(game.record.to_json())).work_spent == game.work_spent


def test_the_example_game_replays_well_within_its_budget() -> None:
    record = loads((ROOT / "examples" / "complete-game.json").read_text(encoding="utf-8"))
    work = sight_work(record)
    assert record.rules_version == RULES_VERSION  # the rules of new games
    assert 0 < work < EXACT_WORK_PER_ACTION * len(record.actions)  # the allowance untouched
    assert replay(record) == replay_unbounded(record)
    assert Game.from_record(record).work_spent == work


def test_a_computer_game_never_comes_near_the_budget_and_counts_the_same_work_twice() -> None:
    game = Game(by_name("ruins"), seed=3)
    players = {1: make_player("greedy", 7), 2: make_player("normal", 8)}
    game.roll_pending()  # the roll-off (player 0's)
    while game.state.status != Status.FINISHED and len(game.record.actions) < 400:
        pending = game.state.pending
        assert pending is not None
        game.play(players[pending.player].decide(game.state))
    n = len(game.record.actions)
    assert game.work_spent < EXACT_WORK_PER_ACTION * n  # far inside: the allowance untouched
    record = loads(game.record.to_json())
    assert sight_work(record) == sight_work(record) == game.work_spent  # deterministic
    assert replay(record) == game.state


def test_the_builder_plays_only_legal_actions() -> None:
    b = Builder(wall_layout(8, False), 1)
    b.deploy()
    b.zigzag(0)
    data = json.loads(b.record().to_json())
    assert data["rules"] == 1 and data["actions"][0]["player"] == 0
    assert len(data["actions"]) == 15
