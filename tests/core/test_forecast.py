"""The Move forecast (serm.core.forecast) against the engine: for every total the Move pool can
roll, the engine is played with hand-set dice and offers a React to exactly the enemies the
forecast names for that total (R15, R16, R18), and the stop chance is the sum over the totals
of the best React's chance to beat it (R9, R19)."""

from __future__ import annotations

import random

import pytest
from helpers import arrange, assert_legal_layout, put, remove

from serm.core import apply
from serm.core import queries as q
from serm.core.actions import Move, Roll
from serm.core.cards import CARD_NAMES
from serm.core.dice import prob_beats
from serm.core.forecast import straight_move
from serm.core.geometry import EPS
from serm.core.scenario import Scenario, by_name
from serm.core.state import PendingKind, State


def faces_for(total: int, dice: int) -> Roll:
    """Plain faces (R9: no re-rolls) that add up to ``total``."""
    faces = []
    left = total
    for i in range(dice):
        f = min(6, left - (dice - 1 - i))
        faces.append((f,))
        left -= f
    assert left == 0 and all(1 <= f[0] <= 6 for f in faces)
    return Roll(tuple(faces))


def scattered(scenario: Scenario, seed: int) -> State:
    """Both sides' cards at random legal spots and facings anywhere on the table."""
    rng = random.Random(seed)
    state = arrange({}, scenario=scenario, initiative=1)
    for s in state.soldiers:
        state = remove(state, [(s.player, s.card)])
    for player in (1, 2):
        for card in CARD_NAMES:
            for _ in range(200):
                spot = (rng.uniform(0.5, 9.5), rng.uniform(0.5, 9.5), rng.uniform(0, 360))
                trial = put(state, {(player, card): spot})
                s = trial.soldier(player, card)
                if q.footprint_problem(trial, s.polygon(), s) is None:
                    state = trial
                    break
    assert_legal_layout(state)
    return state


def engine_offers(
    state: State, card: str, direction: float, facing: float, total: int
) -> tuple[dict[str, float], float]:
    """The React options (card -> entry) the engine gives after player 1's ``card`` declared a
    Move and rolled ``total``, and where that Move halts (R16, R18)."""
    s = state.soldier(1, card)
    after = apply(state, Move(card, direction, facing))
    after = apply(after, faces_for(total, s.type.move))
    mv, p = after.move, after.pending
    if p is None or p.kind != PendingKind.REACT or mv is None:
        return {}, _travelled(state, after, card)
    return dict(zip(mv.reactors, mv.entries, strict=True)), mv.halt


def _travelled(before: State, after: State, card: str) -> float:
    """How far the card slid (no React was offered: the Move completed)."""
    return (after.soldier(1, card).pos - before.soldier(1, card).pos).length()


@pytest.mark.parametrize("table", ["default", "open", "random"])
@pytest.mark.parametrize("seed", range(6))
def test_the_forecast_names_the_reactors_the_engine_offers_for_every_total(
    table: str, seed: int
) -> None:
    state = scattered(by_name(table, seed), seed)
    rng = random.Random(100 + seed)
    checked = offers = 0
    for card in ("ranger", "gunner", "armored", "assault"):
        s = state.soldier(1, card)
        if not s.on_table:
            continue
        for _ in range(3):
            direction, facing = rng.uniform(0, 360), rng.choice([s.facing, rng.uniform(0, 360)])
            if q.facing_problem(state, s, facing) is not None:
                facing = s.facing
            fc = straight_move(state, s, direction, facing)
            entries = {w.card: w.entry for w in fc.watchers}
            pool = q.move_pool(state, s)
            stop = offered = 0.0
            for total, p in sorted(pool.distribution().items()):
                engine, halt = engine_offers(state, card, direction, facing, total)
                named = {r for r, d in entries.items() if d <= halt + EPS}
                assert set(engine) == named, (card, direction, total)
                for r, d in engine.items():
                    assert d == pytest.approx(entries[r], abs=1e-9)
                offers += len(engine)
                best = max(
                    (prob_beats(q.react_pool(state, state.soldier(2, r)), total) for r in engine),
                    default=0.0,
                )
                stop += p * best
                offered += p if engine else 0.0
                checked += 1
            assert fc.stop_chance == pytest.approx(stop, abs=1e-12)
            assert fc.react_chance == pytest.approx(offered, abs=1e-12)
    assert checked > 0 and offers > 0
