"""``python -m serm bench engine``: engine throughput and the cost of the hot geometry calls.

Reports random legal games per second (both sides played by the uniformly random legal player of
``serm.ai``) and the median cost in microseconds of the calls that dominate a game: the LOS test
(``los.sees`` with and without tall terrain), the swept-card first contact (``sweep_contact``), a
straight move's halt (``movement.halt_along``) and the React check along a path
(``los.first_sighting``). Each figure is also given as a ratio to a pure-Python baseline loop timed
in the same run, so runs on busy machines compare. Ends with one JSON line of every figure.

Exact sight (R12) beside the sampled test it replaced (``harness.sight``, kept for this
comparison only): ``los_tall_sampled_us`` and ``react_check_sampled_us`` time the old sampled
calls on the same inputs; ``sight_{typical,narrow}_{exact,sampled}_us`` are the mean cost of one
test over 200 layouts each of random terrain and of walls with narrow gaps (see
``harness/sight.py``); ``narrow_*`` count, over 750 narrow-gap layouts, the targets each
test sees and those the sampled test refused that exact sight sees.

Built-in tables (R2): ``shadow_TABLE_{median,p95}_us`` time drawing one soldier's LOS region with
its tall-terrain shadows (``serm.view.sight.region_group``, nothing cached) for 60 random poses of
a card in player 1's zone, ``shadow_TABLE_ranger_p95_us`` the same for the Ranger (whole-table
region); ``cover_mask_us`` is ``serm.core.cover.seen_mask`` for one card against every enemy Gunner
pose of the reference grid on the default table, ``cover_worst_us`` the worst pose of five masks.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable

from harness.sight import (
    Layout,
    layouts,
    sampled_first_sighting,
    sampled_sees,
)
from serm.ai.match import play
from serm.core import cover, los
from serm.core.geometry import Vec, card_polygon, sweep_contact, unit
from serm.core.movement import halt_along
from serm.core.scenario import LIBRARY, Scenario, by_name
from serm.core.state import Soldier, new_game


def baseline() -> None:
    """A fixed loop of plain arithmetic: the same-run yardstick every figure is divided by."""
    total = 0
    for i in range(1000):
        total += i * i
    if total < 0:
        raise AssertionError


def median_us(fn: Callable[[], object], repeat: int, number: int) -> float:
    """``fn``'s time (µs): the median of ``repeat`` means of ``number`` calls."""
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
        "los_tall_sampled_us": lambda: sampled_sees(viewer, target, tall),
        "sweep_contact_us": lambda: sweep_contact(mover, unit(0.0), obstacle),
        "halt_along_us": lambda: halt_along(state, me, 0.0, path),
        "react_check_us": lambda: los.first_sighting(
            (enemy.pos, enemy.facing, False), 0.0, path, 12.0, tall
        ),
        "react_check_sampled_us": lambda: sampled_first_sighting(
            (enemy.pos, enemy.facing, False), 0.0, path, 12.0, tall
        ),
    }


def _mean_us(test: Callable[[Layout], object], lays: list[Layout], repeat: int = 3) -> float:
    """The median over ``repeat`` runs of the mean cost of one test over the layouts."""
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        for lay in lays:
            test(lay)
        samples.append((time.perf_counter() - start) / len(lays) * 1e6)
    return statistics.median(samples)


def _sight(seed: int) -> dict[str, float]:
    """Exact sight beside the sampled test on typical and narrow-gap layouts, and the count of
    narrow-gap targets the sampled test refused that exact sight sees."""
    out: dict[str, float] = {}
    for kind, name in (("random", "typical"), ("narrow", "narrow")):
        lays = layouts(kind, 200, seed)
        out[f"sight_{name}_exact_us"] = _mean_us(lambda lay: los.sees(*lay), lays)
        out[f"sight_{name}_sampled_us"] = _mean_us(lambda lay: sampled_sees(*lay), lays)
    narrow = layouts("narrow", 750, seed)
    exact = [los.sees(*lay) for lay in narrow]
    sampled = [sampled_sees(*lay) for lay in narrow]
    out["narrow_layouts"] = len(narrow)
    out["narrow_seen_exact"] = sum(exact)
    out["narrow_seen_sampled"] = sum(sampled)
    out["narrow_refused_by_sampled"] = sum(e and not s for e, s in zip(exact, sampled, strict=True))
    return out


def _region_us(sc: Scenario, card: str, n: int, seed: int) -> list[float]:
    """CPU time of drawing one LOS region, nothing cached, for ``n`` random poses (sorted)."""
    from serm.view import sight

    rng = random.Random(seed)
    z = sc.zone(1)
    out = []
    for _ in range(n):
        x, y = rng.uniform(z.x0 + 0.6, z.x1 - 0.6), rng.uniform(z.y0 + 0.6, z.y1 - 0.6)
        s = Soldier(1, card, x, y, rng.uniform(-60.0, 60.0) % 360.0, True)
        sight.partition.cache_clear()
        start = time.process_time()
        str(sight.region_group(sc, s))
        out.append((time.process_time() - start) * 1e6)
    return sorted(out)


def _tables(seed: int) -> dict[str, float]:
    """LOS shadow cost per built-in table, and the cover module's cost on the default table."""
    out: dict[str, float] = {}
    for info in LIBRARY:
        sc = by_name(info.name, seed)
        name = info.name
        times = _region_us(sc, "assault", 60, seed)
        out[f"shadow_{name}_median_us"] = statistics.median(times)
        out[f"shadow_{name}_p95_us"] = times[int(0.95 * (len(times) - 1))]
        ranger = _region_us(sc, "ranger", 20, seed)
        out[f"shadow_{name}_ranger_p95_us"] = ranger[int(0.95 * (len(ranger) - 1))]
    sc = by_name("default")
    poses = cover.gunner_poses(sc, 2)
    tall = cover.tall_of(sc)
    cards = [card_polygon(Vec(1.0 + 2.0 * i, 9.0), 0.0) for i in range(5)]
    out["cover_mask_us"] = median_us(lambda: cover.seen_mask(cards[2], poses, tall), 3, 1)
    masks = [cover.seen_mask(c, poses, tall) for c in cards]
    out["cover_worst_us"] = median_us(lambda: cover.worst(masks), 7, 200)
    return out


def run(games: int, seed: int) -> dict[str, float]:
    """Measure everything; returns the figures (also printed by ``main``)."""
    base = median_us(baseline, repeat=7, number=200)
    out: dict[str, float] = {"baseline_us": base}
    for name, fn in _calls(seed).items():
        out[name] = median_us(fn, repeat=7, number=200)
    out.update(_sight(seed))
    out.update(_tables(seed))
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
    print(f"{'figure':<28}{'value':>12}{'x baseline':>12}")
    for name, value in figures.items():
        ratio = f"{value / base:>12.2f}" if name.endswith("_us") else f"{'':>12}"
        print(f"{name:<28}{value:>12.2f}{ratio}")
    ratios = {f"{k[:-3]}_x_baseline": v / base for k, v in figures.items() if k.endswith("_us")}
    print(json.dumps({"bench": "engine", **figures, **ratios, "python": sys.version.split()[0]}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
