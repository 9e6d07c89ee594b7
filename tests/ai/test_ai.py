"""The computer opponent: legal decisions everywhere, exact odds, games that finish."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bench.ai import scenario_for
from serm.ai import STRENGTHS, SearchPlayer, act, deploy, make_player, odds
from serm.ai.evaluate import Evaluator, Weights
from serm.ai.match import play
from serm.ai.plans import STANDOFF, Planner
from serm.core import apply
from serm.core.actions import Move, React, Shoot
from serm.core.dice import Pool
from serm.core.game import Game
from serm.core.queries import react_chance, visible_enemies
from serm.core.scenario import by_name
from serm.core.state import PendingKind, State, Status


def random_positions(count: int, seed: int) -> list[State]:
    """Positions reached by random legal play (dice from the game's seeded RNG)."""
    rng = random.Random(seed)
    out: list[State] = []
    walker = make_player("random", seed)
    while len(out) < count:
        sc = by_name(("default", "open", "random")[len(out) % 3], len(out))
        game = Game(sc, rng.randrange(10**6))
        game.roll_pending()
        while game.state.status != Status.FINISHED and len(out) < count:
            out.append(game.state)
            game.play(walker.decide(game.state))
    return out


@pytest.mark.parametrize(
    ("kind", "count"),
    [("random", 1500), ("greedy", 1500), ("easy", 500), ("normal", 80), ("hard", 30)],
)
def test_never_illegal(kind: str, count: int) -> None:
    player = make_player(kind, 7)
    for state in random_positions(count, len(kind) * 101 + count):
        assert state.pending is not None and state.pending.kind != PendingKind.ROLL
        action = player.decide(state)
        apply(state, action)  # raises IllegalActionError if the AI broke a rule


def test_think_yields_slices_then_an_action() -> None:
    state = random_positions(40, 3)[-1]
    steps = list(make_player("normal", 1).think(state))
    assert all(s is None for s in steps[:-1]) and steps[-1] is not None


def enumerate_plain(dice: int) -> dict[int, float]:
    out: dict[int, float] = {}

    def rec(k: int, acc: int, p: float) -> None:
        if k == 0:
            out[acc] = out.get(acc, 0.0) + p
            return
        for f in range(1, 7):
            rec(k - 1, acc + f, p / 6)

    rec(dice, 0, 1.0)
    return out


@pytest.mark.parametrize("dice", [1, 2])
def test_plain_odds_match_enumeration(dice: int) -> None:
    exact = enumerate_plain(dice)
    pool = Pool(dice, False)
    assert dict(odds.distribution(pool)) == pytest.approx(exact, abs=1e-12)
    for n in range(0, 14):
        assert odds.at_least(pool, n) == pytest.approx(sum(p for t, p in exact.items() if t >= n))
        assert odds.beats(pool, n) == pytest.approx(sum(p for t, p in exact.items() if t > n))
        for r in (1, 2):
            react = enumerate_plain(r)
            want = sum(p * q for t, p in react.items() for m, q in exact.items() if t > m)
            got = sum(
                q * odds.stop_chance(["ranger" if r == 2 else "gunner"], m, False)
                for m, q in exact.items()
            )
            assert got == pytest.approx(want, abs=1e-12)


def test_exploding_odds_match_monte_carlo() -> None:
    rng = random.Random(12345)
    n = 200_000
    for shooter, target in (
        ("ranger", "ranger"),
        ("gunner", "assault"),
        ("gunner", "armored"),
        ("assault", "armored"),
    ):
        sp = Pool(2 if shooter == "gunner" else 1, True)
        ep = Pool(2 if target == "armored" else 1, True)
        wins = 0
        for _ in range(n):
            s = sum(sum(c) for c in sp.roll(rng))
            e = sum(sum(c) for c in ep.roll(rng))
            wins += s > e
        p = odds.kill(shooter, target)
        sigma = (p * (1 - p) / n) ** 0.5
        assert abs(wins / n - p) < 4 * sigma, (shooter, target)
    assert odds.kill("ranger", "brawler") == pytest.approx(1.0)


def test_random_vs_ai_game_finishes() -> None:
    result = play(by_name("default"), ("random", "easy"), seed=5, activation_cap=400)
    assert result.winner in (1, 2)


def first_activation(seed: int, table: str = "default", opening: str | None = None) -> State:
    """The first activation of a game deployed by two normal players, under ``opening`` (R5,
    Opening; None: the one new games get)."""
    scenario = by_name(table, seed)
    if opening is not None:
        scenario = replace(scenario, opening=opening)
    game = Game(scenario, seed)
    game.roll_pending()
    players = {1: make_player("normal", 1), 2: make_player("normal", 2)}
    while game.state.pending is not None and game.state.pending.kind == PendingKind.PLACE:
        game.play(players[game.state.pending.player].decide(game.state))
    return game.state


def test_work_cap_bounds_a_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    """``Config.max_evals`` bounds the boards scored (plus candidates) of a decision."""
    state = first_activation(4)
    player = SearchPlayer("hard", 3)
    player.cfg = replace(STRENGTHS["hard"], max_evals=25, search=None)  # the planner alone
    scored = []
    score = Evaluator.score

    def counted(self: Evaluator, *args: Any, **kwargs: Any) -> float:
        scored.append(1)
        return score(self, *args, **kwargs)

    monkeypatch.setattr(Evaluator, "score", counted)
    steps = list(player.think(state))
    assert 0 < len(scored) <= 26
    action = steps[-1]
    assert action is not None
    apply(state, action)  # still legal


def test_moves_travel_lengthwise() -> None:
    state = first_activation(6)
    assert state.pending is not None and state.pending.kind == PendingKind.ACT
    gunner = state.soldier(state.pending.player, "gunner")
    state = state.with_soldier(replace(gunner, alive=False))  # no opening volley to settle it
    pl = Planner(state, STRENGTHS["normal"], random.Random(1))
    moves = [c.action for c in act.candidates(pl) if isinstance(c.action, Move)]
    assert moves and all(
        m.facing is None or m.direction is not None and abs(m.facing - m.direction) < 1e-9
        for m in moves
    )
    assert any(m.facing is not None for m in moves)


def test_stand_offs_press_in() -> None:
    state = first_activation(6)
    pl = Planner(replace(state, quiet_activations=STANDOFF), STRENGTHS["normal"], random.Random(1))
    assert pl.ev.w.approach > 0 and pl.ev.w.after_top > Weights().after_top
    assert Planner(state, STRENGTHS["normal"], random.Random(1)).ev.w == Weights()


def test_hard_deploys_away_from_an_unplaced_gunner() -> None:
    game = Game(by_name("default", 0), 2)
    game.roll_pending()
    p = game.state.pending
    assert p is not None and p.kind == PendingKind.PLACE
    pl = Planner(game.state, STRENGTHS["hard"], random.Random(1))
    assert deploy.sight_of(pl) is not None
    cards = deploy.place_candidates(pl)
    assert cards and all(isinstance(c.score(), float) for c in cards)


def test_gunner_fires_first_when_it_sees_the_line() -> None:
    """On the open field (no cover, R2's deadly table) a Gunner that sees three enemies at the
    first activation shoots, when no opening holds its fire (R5, Opening)."""
    for seed in range(20):
        state = first_activation(seed, "open", opening="none")
        assert state.pending is not None
        me = state.pending.player
        gunner = state.soldier(me, "gunner")
        if len(visible_enemies(state, gunner)) < 3:
            continue
        pl = Planner(state, STRENGTHS["hard"], random.Random(1))
        cands = act.candidates(pl)
        assert cands and all(isinstance(c.action, Shoot) for c in cands)
        assert isinstance(make_player("normal", 1).decide(state), Shoot)
        return
    pytest.skip("no opening with a Gunner seeing three enemies")


def test_bench_reads_a_scenario_file(tmp_path: Path) -> None:
    sc = replace(by_name("default"), name="file table")
    path = tmp_path / "table.json"
    path.write_text(json.dumps(sc.to_dict()), encoding="utf-8")
    assert scenario_for(str(path), 0) == sc
    assert scenario_for("default", 0) == by_name("default")


def test_hard_reacts_with_a_gunner_that_has_a_volley_ready() -> None:
    """A Gunner's React, when it succeeds, buys a volley at every enemy it sees (R19, R22): hard
    takes it over a likelier React that buys one shot."""
    for state in random_positions(4000, 11):
        p = state.pending
        if (
            p is None
            or p.kind != PendingKind.REACT
            or "gunner" not in p.options
            or len(p.options) < 2
        ):
            continue
        gunner = state.soldier(p.player, "gunner")
        if len(visible_enemies(state, gunner)) < 3 or react_chance(state, gunner) < 0.4:
            continue
        assert make_player("hard", 1).decide(state) == React("gunner")
        return
    pytest.skip("no React with a Gunner seeing three enemies")
