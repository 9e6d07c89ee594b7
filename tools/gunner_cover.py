"""How well a table hides a deployment from an enemy Gunner placed last (R2, R5, R12, R22).

    python tools/gunner_cover.py [TABLE ... | TABLE.json] [--seed N] [--no-fine]
    python tools/gunner_cover.py --all [--seeds 0-49] [--jobs 2] [--witnesses FILE]

The roll-off loser places the tenth card after seeing the whole enemy deployment and acts first
(R5), so its Gunner can stand and face wherever it sees the most, and shoots at every enemy it
sees (R22). For each table (a built-in key, ``random`` with ``--seed``, or a scenario in JSON as
records hold it) this finds, with ``serm.core.cover.best_deployment``, the five-card deployment of
player 1 whose best enemy Gunner pose on the reference grid (0.4 L, 10 degrees) sees the fewest
cards, with exact sight (``los.sees``), and prints that number: R2 asks for at most 2 on every
table but the open field. It then rechecks the found deployment pose by pose on a grid four
times finer (0.1 L, 2.5 degrees; ``--no-fine`` skips it). Tables are mirror-symmetric across the
line between the zones, so player 2's figure is the same.

``--all`` does every built-in table and the random tables of ``--seeds`` (0-49 by default), one
line each: ``seen``, the most cards of the found deployment one reference pose sees (``*``: the
search ran out of its budget, so a better deployment may exist and the figure is an upper
bound), ``at worst``, how many poses see that many, ``fine``, the same deployment rechecked on
the finer grid, and the seconds it took; then whether every table but the open field meets R2
(exit status 1 if not). ``--witnesses FILE`` writes the found deployments as JSON (the tests'
witnesses, ``tests/tables/witnesses.json``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from serm.core.cover import FINE, REFERENCE, best_deployment, gunner_poses, most_seen, tall_of
from serm.core.geometry import card_polygon
from serm.core.record import scenario_from_dict
from serm.core.scenario import LIBRARY, Scenario, by_name

LIMIT = 2
"""R2: the most cards of the best deployment the best Gunner pose may see."""


def load(name: str, seed: int) -> Scenario:
    if name.endswith(".json"):
        with open(name, encoding="utf-8") as fh:
            data = json.load(fh)
        return scenario_from_dict(data.get("scenario", data))
    return by_name(name, seed)


def measure(sc: Scenario, fine: bool) -> dict[str, Any]:
    """The figures of one table (see the module docstring), as a JSON-ready dict."""
    start = time.perf_counter()
    found = best_deployment(sc)
    out: dict[str, Any] = {
        "table": sc.name,
        "seed": sc.seed,
        "poses": found.poses,
        "seen": found.seen,
        "at_worst": found.at_worst,
        "proven": found.proven,
        "cards": [[c.x, c.y, f] for c, f in found.cards],
        "seconds": 0.0,
    }
    if fine:
        poses = gunner_poses(sc, 2, FINE)
        polys = [card_polygon(c, f) for c, f in found.cards]
        out["fine_poses"] = len(poses)
        out["fine_seen"] = most_seen(polys, poses, tall_of(sc))[0]
    out["seconds"] = round(time.perf_counter() - start, 1)
    return out


def _job(args: tuple[str, int, bool]) -> dict[str, Any]:
    name, seed, fine = args
    return measure(by_name(name, seed), fine)


def describe(r: dict[str, Any]) -> str:
    how = "best on these spots" if r["proven"] else "best found"
    lines = [
        f"{r['table']}: {r['poses']} enemy Gunner poses ({REFERENCE.step} L, "
        f"{REFERENCE.facing_step:g} degrees); {how}: the best pose sees {r['seen']} of 5 cards "
        f"({r['at_worst']} poses see that many)"
    ]
    lines += [f"  card at ({x:.3f}, {y:.3f}) facing {f:g}" for x, y, f in r["cards"]]
    if "fine_seen" in r:
        lines.append(
            f"  rechecked with {r['fine_poses']} poses ({FINE.step} L, {FINE.facing_step:g} "
            f"degrees): the best pose sees {r['fine_seen']} of 5 cards"
        )
    return "\n".join(lines)


def row(r: dict[str, Any]) -> str:
    fine = f"{r['fine_seen']}/5" if "fine_seen" in r else "-"
    return (
        f"{r['table']:<12} {r['seen']}/5{'' if r['proven'] else '*':<2} {r['at_worst']:>8} "
        f"{fine:>6} {r['seconds']:>7.1f}s"
    )


def run_all(seeds: range, fine: bool, jobs: int) -> list[dict[str, Any]]:
    tasks = [(t.name, 0, fine) for t in LIBRARY if not t.seeded]
    tasks += [("random", s, fine) for s in seeds]
    print(f"{'table':<12} {'seen':<5} {'at worst':>8} {'fine':>6} {'time':>8}")
    results = []
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for r in pool.map(_job, tasks):
            print(row(r), flush=True)
            results.append(r)
    return results


def verdict(results: list[dict[str, Any]]) -> bool:
    """Print and return whether every table but the deadly one meets R2's figure."""
    deadly = {t.name for t in LIBRARY if t.deadly}
    judged = [r for r in results if r["table"] not in deadly]
    bad = [r["table"] for r in judged if max(r["seen"], r.get("fine_seen", 0)) > LIMIT]
    print(
        f"tables (the open field aside) whose best deployment is seen in at most {LIMIT} of 5: "
        f"{len(judged) - len(bad)} of {len(judged)}" + (f"; not: {', '.join(bad)}" if bad else "")
    )
    return not bad


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("tables", nargs="*", default=["default"], help="keys or JSON files")
    ap.add_argument("--seed", type=int, default=0, help="the seed of a random table")
    ap.add_argument("--all", action="store_true", help="every built-in table and --seeds")
    ap.add_argument("--seeds", default="0-49", help="random seeds for --all, as FIRST-LAST")
    ap.add_argument("--no-fine", action="store_true", help="skip the recheck four times finer")
    ap.add_argument("--jobs", type=int, default=1, help="processes for --all")
    ap.add_argument("--witnesses", help="write the found deployments to this JSON file")
    args = ap.parse_args(argv)
    fine = not args.no_fine
    if args.all:
        first, _, last = args.seeds.partition("-")
        results = run_all(range(int(first), int(last or first) + 1), fine, args.jobs)
        ok = verdict(results)
    else:
        results = [measure(load(name, args.seed), fine) for name in args.tables]
        for r in results:
            print(describe(r))
        ok = True
    if args.witnesses:
        with open(args.witnesses, "w", encoding="utf-8") as fh:
            json.dump(results, fh, indent=1)
            fh.write("\n")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
