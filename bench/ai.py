"""``python -m serm bench ai --games N --seed S``: the computer opponent's benchmark.

Plays each pairing below for N games, sides swapped every other game, and prints a table of win
rates with 95% Wilson intervals (a draw, a game stopped at the turn cap, counts half), then
think-time percentiles per strength, then one JSON line of the same figures.

``--browser`` measures think time in the page instead (Pyodide in headless Chromium, as a player
waits): see ``bench/ai_browser.py`` and ``python -m serm bench ai --browser --help``.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Sequence
from multiprocessing import Pool

from serm.ai.match import ACTIVATION_CAP, play
from serm.core.record import scenario_from_dict
from serm.core.scenario import Scenario, by_name

PAIRINGS = (
    ("hard", "random"),
    ("hard", "greedy"),
    ("normal", "greedy"),
    ("hard", "normal"),
    ("normal", "easy"),
    ("easy", "random"),
    ("easy", "greedy"),
)
TARGETS = {
    "hard-random": 0.97,
    "hard-greedy": 0.75,
    "normal-greedy": 0.60,
    "hard-normal": 0.60,
    "normal-easy": 0.60,
}

Job = tuple[str, str, int, str, int]
Row = tuple[str, str, float, bool, dict[str, list[float]], int]


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion ``wins / n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, mid - half), min(1.0, mid + half)


def run_one(job: Job) -> Row:
    """Play one game of pairing (a, b); returns (a, b, a's score, draw, think times, turns)."""
    a, b, seed, scenario, cap = job
    a_first = seed % 2 == 0
    kinds = (a, b) if a_first else (b, a)
    sc = scenario_for(scenario, seed)
    r = play(sc, kinds, seed, cap)
    side_a = 1 if a_first else 2
    score = 0.5 if r.winner is None else float(r.winner == side_a)
    times = {a: r.times[side_a], b: r.times[3 - side_a]}
    return a, b, score, r.winner is None, times, r.activations


def scenario_for(name: str, seed: int) -> Scenario:
    """A built-in scenario by name, ``mix`` (default, open and random in turn), or the path of a
    JSON file holding a scenario in its record form (docs/record-format.md)."""
    if name.endswith(".json"):
        with open(name, encoding="utf-8") as fh:
            return scenario_from_dict(json.load(fh))
    if name == "mix":
        return by_name(("default", "open", "random")[seed % 3], seed)
    return by_name(name, seed)


def percentile(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(math.ceil(q * len(xs))) - 1)]


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if "--browser" in argv:
        from bench.ai_browser import main as bench_in_browser

        return bench_in_browser([a for a in argv if a != "--browser"])
    ap = argparse.ArgumentParser(prog="python -m serm bench ai", description=__doc__)
    ap.add_argument(
        "--browser", action="store_true", help="think time in the page instead (see above)"
    )
    ap.add_argument("--games", type=int, default=40, help="games per pairing")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--scenario",
        default="default",
        help="default, open, random, mix, or a scenario JSON file (record form)",
    )
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument(
        "--cap", type=int, default=ACTIVATION_CAP, help="activation cap (a draw beyond it)"
    )
    ap.add_argument("--pairs", default="", help="comma-separated a-b pairings (default: all)")
    args = ap.parse_args(argv)
    pairs: list[tuple[str, str]] = list(PAIRINGS)
    if args.pairs:
        pairs = [(p.split("-")[0], p.split("-")[1]) for p in args.pairs.split(",")]
    jobs: list[Job] = [
        (a, b, args.seed * 100003 + i, args.scenario, args.cap)
        for a, b in pairs
        for i in range(args.games)
    ]
    start = time.time()
    if args.workers > 1:
        with Pool(args.workers) as pool:
            results = pool.map(run_one, jobs, chunksize=1)
    else:
        results = [run_one(j) for j in jobs]
    report(results, pairs, args, time.time() - start)
    return 0


def report(
    results: list[Row], pairs: Sequence[tuple[str, str]], args: argparse.Namespace, elapsed: float
) -> None:
    table: dict[str, object] = {}
    think: dict[str, object] = {}
    out = {
        "games": args.games,
        "seed": args.seed,
        "scenario": args.scenario,
        "seconds": round(elapsed, 1),
        "pairings": table,
        "think": think,
    }
    print(
        f"S.E.R.M. AI benchmark: {args.games} games per pairing, seed {args.seed}, "
        f"scenario {args.scenario}, {elapsed:.0f} s"
    )
    print(
        f"{'pairing':16} {'wins':>6} {'draws':>6} {'rate':>6}  {'95% CI':>13}  {'target':>6} "
        f"{'turns':>6}"
    )
    times: dict[str, list[float]] = {}
    for a, b in pairs:
        rows = [r for r in results if r[0] == a and r[1] == b]
        n = len(rows)
        wins = sum(r[2] for r in rows)
        draws = sum(r[3] for r in rows)
        lo, hi = wilson(wins, n)
        key = f"{a}-{b}"
        target = TARGETS.get(key)
        turns = sum(r[5] for r in rows) / max(n, 1)
        mark = "" if target is None else f"{target:.2f}" + (" ok" if wins / n >= target else " --")
        print(
            f"{key:16} {wins:6.1f} {draws:6d} {wins / n:6.3f}  [{lo:.3f},{hi:.3f}]  "
            f"{mark:>9} {turns:6.1f}"
        )
        table[key] = {
            "games": n,
            "wins": wins,
            "draws": draws,
            "rate": round(wins / n, 4),
            "ci95": [round(lo, 4), round(hi, 4)],
            "target": target,
        }
        for r in rows:
            for kind, ts in r[4].items():
                times.setdefault(kind, []).extend(ts)
    print(f"{'think time (s)':16} {'n':>6} {'p50':>7} {'p95':>7} {'max':>7}")
    for kind in ("easy", "normal", "hard", "greedy", "random"):
        ts = times.get(kind, [])
        if not ts:
            continue
        p50, p95, mx = percentile(ts, 0.5), percentile(ts, 0.95), max(ts)
        print(f"{kind:16} {len(ts):6d} {p50:7.3f} {p95:7.3f} {mx:7.3f}")
        think[kind] = {
            "n": len(ts),
            "p50": round(p50, 4),
            "p95": round(p95, 4),
            "max": round(mx, 4),
        }
    print(json.dumps(out))


if __name__ == "__main__":
    raise SystemExit(main())
