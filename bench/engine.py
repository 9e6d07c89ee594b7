"""``python -m serm bench engine``: engine throughput and the cost of the hot geometry calls.

Reports random legal games per second (both sides played by the uniformly random legal player of
``serm.ai``) and the median cost in microseconds of the calls that dominate a game: the LOS test
(``los.sees`` with and without tall terrain), the swept-card first contact (``sweep_contact``), a
straight move's halt (``movement.halt_along``) and the React check along a path
(``los.first_sighting``). Each figure is also given as a ratio to a pure-Python baseline loop timed
in the same run, so runs on busy machines compare. Ends with one JSON line of every figure.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable

from serm.ai.match import play
from serm.core import los
from serm.core.geometry import Vec, card_polygon, sweep_contact, unit
from serm.core.movement import halt_along
from serm.core.scenario import by_name
from serm.core.state import Soldier, new_game


def _baseline() -> None:
    total = 0
    for i in range(1000):
        total += i * i
    if total < 0:
        raise AssertionError


def _median_us(fn: Callable[[], object], repeat: int, number: int) -> float:
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        samples.append((time.perf_counter() - start) / number * 1e6)
    return statistics.median(samples)


def _calls(seed: int) -> dict[str, Callable[[], object]]:
    rng = random.Random(seed)
    sc = by_name("default")
    tall = tuple(t for t in sc.terrain if t.tall)
    viewer = (Vec(5.0, 9.0), 0.0, False)
    target = card_polygon(Vec(rng.uniform(2, 8), rng.uniform(1, 3)), 180.0)
    mover = card_polygon(Vec(5.0, 9.0), 0.0)
    obstacle = card_polygon(Vec(5.3, 2.0), 30.0)
    state = new_game(sc)
    soldiers = tuple(
        Soldier(
            s.player,
            s.card,
            1.0 + 2 * i % 10,
            1.0 if s.player == 2 else 9.0,
            0.0 if s.player == 1 else 180.0,
            True,
        )
        for i, s in enumerate(state.soldiers)
    )
    state = state.__class__(**{**state.__dict__, "soldiers": soldiers})
    me = state.soldiers[3]
    path = (me.pos, me.pos + unit(0.0) * 12.0)
    enemy = state.soldiers[7]
    return {
        "los_open_us": lambda: los.sees(viewer, target, ()),
        "los_tall_us": lambda: los.sees(viewer, target, tall),
        "sweep_contact_us": lambda: sweep_contact(mover, unit(0.0), obstacle),
        "halt_along_us": lambda: halt_along(state, me, 0.0, path),
        "react_check_us": lambda: los.first_sighting(
            (enemy.pos, enemy.facing, False), 0.0, path, 12.0, tall
        ),
    }


def run(games: int, seed: int) -> dict[str, float]:
    """Measure everything; returns the figures (also printed by ``main``)."""
    base = _median_us(_baseline, repeat=7, number=200)
    out: dict[str, float] = {"baseline_us": base}
    for name, fn in _calls(seed).items():
        out[name] = _median_us(fn, repeat=7, number=200)
    actions = 0
    start = time.perf_counter()
    for i in range(games):
        result = play(by_name("default"), ("random", "random"), seed + i, activation_cap=150)
        actions += result.activations
    elapsed = time.perf_counter() - start
    out["games_per_s"] = games / elapsed
    out["activations_per_s"] = actions / elapsed
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m serm bench engine", description=__doc__)
    parser.add_argument("--games", type=int, default=20, help="random legal games to play")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    figures = run(args.games, args.seed)
    base = figures["baseline_us"]
    print(f"{'figure':<20}{'value':>12}{'x baseline':>12}")
    for name, value in figures.items():
        ratio = f"{value / base:>12.2f}" if name.endswith("_us") else f"{'':>12}"
        print(f"{name:<20}{value:>12.2f}{ratio}")
    ratios = {f"{k[:-3]}_x_baseline": v / base for k, v in figures.items() if k.endswith("_us")}
    print(json.dumps({"bench": "engine", **figures, **ratios, "python": sys.version.split()[0]}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
