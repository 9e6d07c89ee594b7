"""``python -m serm bench ai``: fair pairs, the seat-balance figure and the game log."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.ai import Row, main, pairing_figures, pairing_jobs, run_one, seat_figures, seat_jobs
from serm.ai.match import ACTIVATION_CAP, play
from serm.core.cards import CARD_NAMES
from serm.core.rules import DRAW_AFTER
from serm.core.scenario import by_name


def test_a_pair_swaps_the_sides_and_keeps_the_dice() -> None:
    jobs = pairing_jobs([("hard", "greedy")], 3, 1, "default")
    assert len(jobs) == 6
    for one, two in zip(jobs[::2], jobs[1::2], strict=True):
        assert one.seed == two.seed and one.kinds == ("hard", "greedy")
        assert two.kinds == ("greedy", "hard") and (one.tag, two.tag) == (1, 2)
        assert one.player_seeds == two.player_seeds[::-1]  # each player keeps its own seed


def test_the_roll_off_cancels_out_within_a_pair() -> None:
    """Same dice, sides swapped: the same seat wins the roll-off (R5), so a holds the first
    initiative in exactly one game of each pair."""
    jobs = pairing_jobs([("random", "greedy")], 4, 3, "open")
    for job_a, job_b in zip(jobs[::2], jobs[1::2], strict=True):
        a, b = run_one(job_a), run_one(job_b)
        assert a.first == b.first and a.first in (1, 2)
        assert (a.first == a.tag) != (b.first == b.tag)


def test_a_game_logs_the_opening_it_was_played_under() -> None:
    """Without ``--opening`` a game is played under the rules of new games, whose default table
    names no opening and so gets the default one (R5, Opening): the log says which."""
    from serm.core.ruleset import DEFAULT_OPENING

    plain = run_one(pairing_jobs([("random", "random")], 1, 1, "default")[0])
    assert plain.opening == DEFAULT_OPENING != "none"
    named = run_one(pairing_jobs([("random", "random")], 1, 1, "default", "no-first-shot")[0])
    assert named.opening == "no-first-shot"


def row(tag: int, winner: int | None, first: int, activations: int = 10) -> Row:
    return Row("k", "g", tag, winner, first, activations, False, {})


def test_pairing_figures_count_a_draw_as_half_and_split_by_initiative() -> None:
    rows = [row(1, 1, 1), row(2, 1, 1), row(1, None, 2), row(2, 2, 2, 30)]
    fig = pairing_figures(rows, 0.6)
    assert fig["games"] == 4 and fig["pairs"] == 2 and fig["score"] == 2.5
    assert fig["rate"] == 0.625 and fig["met"] is True and fig["draws"] == 1
    assert fig["first"]["games"] == 2 and fig["first"]["rate"] == 1.0  # won with the initiative
    assert fig["second"]["rate"] == 0.25  # a loss and a draw without it
    assert fig["mean_activations"] == 15.0
    assert fig["draw_share"] == 0.25 and fig["draws_met"] is False  # one draw in 4 > 10%
    assert "draws_met" not in pairing_figures(rows, None)
    lo, hi = fig["ci95"]
    assert lo < 0.625 < hi


def test_seat_figures_judge_the_default_table_only() -> None:
    rows = [row(0, 1, 1), row(0, 2, 1), row(0, None, 2), row(0, 2, 2)]
    fig = seat_figures(rows, judged=True)
    assert fig["rate"] == pytest.approx(2.5 / 4) and fig["draws"] == 1
    assert fig["met"] is False and fig["draws_met"] is False  # 0.625 > 0.60; 25% draws > 10%
    assert "met" not in seat_figures(rows, judged=False)


def test_seat_jobs_are_hard_against_hard_per_table() -> None:
    jobs = seat_jobs(["default", "open"], 2, 1)
    assert [j.group for j in jobs] == ["seat:default"] * 2 + ["seat:open"] * 2
    assert all(j.kinds == ("hard", "hard") for j in jobs)


def test_the_cap_is_only_a_safety_net_behind_the_draw_rule() -> None:
    """R8 ends a game after DRAW_AFTER quiet activations; nine eliminations at most come before
    the last, so no game can reach the cap."""
    assert ACTIVATION_CAP > (2 * len(CARD_NAMES) - 1) * DRAW_AFTER
    result = play(by_name("open"), ("random", "random"), 3)
    assert not result.capped and result.first in (1, 2)


def test_bench_prints_the_figures_and_reuses_its_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "games.jsonl"
    args = ["--games", "1", "--pairs", "random-greedy", "--seat", "none", "--workers", "1"]
    assert main([*args, "--log", str(log)]) == 0
    out = capsys.readouterr().out
    figures = json.loads(out.strip().splitlines()[-1])
    assert figures["pairings"]["random-greedy"]["games"] == 2
    assert len(log.read_text(encoding="utf-8").splitlines()) == 2
    assert main([*args, "--log", str(log)]) == 0  # both games come from the log this time
    again = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert again["pairings"] == figures["pairings"]


def test_seat_jobs_on_given_seeds_under_an_opening() -> None:
    jobs = seat_jobs(["default"], 0, 1, "opening-moves", range(1, 4))
    assert [j.seed for j in jobs] == [1, 2, 3]
    assert [j.player_seeds for j in jobs] == [(3, 4), (5, 6), (7, 8)]
    assert jobs[0].key() == "seat:default|hard-hard|default|1|0|opening-moves"
    assert seat_jobs(["default"], 1, 1)[0].key().endswith("|0")  # no opening named: as before


def test_an_older_log_line_reads_with_its_seed_from_its_key() -> None:
    line = json.dumps(
        {
            "key": "seat:default|hard-hard|default|792023760|0",
            "group": "seat:default",
            "tag": 0,
            "winner": 2,
            "first": 2,
            "activations": 9,
            "capped": False,
            "times": {"hard": [0.5]},
        }
    )
    row = Row.from_json(line)
    assert (row.seed, row.opening, row.cpu) == (792023760, "none", None)


def test_bench_plays_under_an_opening_and_resumes_an_interrupted_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "games.jsonl"
    args = ["--games", "2", "--pairs", "random-greedy", "--seat", "none", "--workers", "1"]
    args += ["--opening", "no-first-shot", "--log", str(log)]
    assert main(args) == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert figures["opening"] == "no-first-shot" and figures["cpu"]["cpu_games"] == 4
    lines = log.read_text(encoding="utf-8").splitlines()
    rows = [json.loads(line) for line in lines]
    assert [list(r)[:3] for r in rows] == [["key", "seed", "opening"]] * 4
    assert all(r["opening"] == "no-first-shot" and r["cpu"] >= 0 for r in rows)
    assert all(r["key"].endswith("|no-first-shot") for r in rows)
    # stopped while writing the third game: the third and fourth are played again
    log.write_text("\n".join(lines[:2]) + "\n" + lines[2][:40], encoding="utf-8")
    assert main(args) == 0
    out = capsys.readouterr().out
    again = json.loads(out.strip().splitlines()[-1])
    assert again["pairings"]["random-greedy"]["games"] == 4
    assert (
        again["pairings"]["random-greedy"]["score"] == figures["pairings"]["random-greedy"]["score"]
    )
    assert "s per game over 4 games" in out
    kept = log.read_text(encoding="utf-8").splitlines()
    assert len(kept) == 5 and kept[:2] == lines[:2]

    def game(line: str) -> tuple[str, int | None, int]:
        row = json.loads(line)
        return row["key"], row["winner"], row["activations"]

    assert [game(line) for line in kept[3:]] == [game(line) for line in lines[2:]]
