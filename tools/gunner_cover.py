"""How well a table hides a deployment from a Gunner placed last (R5, R12, R22).

    python tools/gunner_cover.py [default|open|random|TABLE.json] [--restarts N]

The roll-off loser places its last card after seeing the whole enemy deployment and then acts
first, so its Gunner can stand and face wherever it sees the most (R22: it shoots at every enemy it
sees). This samples player 1's zone (spots at two facings) and player 2's Gunner poses (positions
by facings from 90 to 270 degrees), tests each pair with the engine's sight test (``los.sees``,
exact: no sampled sight lines, a line through a gap of no width counts; R11-R13), then
prints how many spots no pose sees, and, from a seeded local search over five-card deployments,
the fewest cards that the best pose against a deployment still sees. On the default table that
number is 5: some pose sees every card of every deployment found.
"""

from __future__ import annotations

import argparse
import json
import random

from serm.core.geometry import Polygon, Vec, card_polygon, inside_rect, polygons_overlap
from serm.core.los import Viewer, sees
from serm.core.record import scenario_from_dict
from serm.core.scenario import Scenario, Zone, by_name


def fits(sc: Scenario, poly: Polygon, z: Zone) -> bool:
    return inside_rect(poly, z.x0, z.y0, z.x1, z.y1) and not any(
        polygons_overlap(poly, t.points) for t in sc.terrain
    )


def grid(lo: float, hi: float, step: float) -> list[float]:
    return [lo + i * step for i in range(int((hi - lo) / step + 1e-9) + 1)]


def coverage(sc: Scenario) -> tuple[list[Polygon], list[list[bool]]]:
    """Player 1's sampled spots and, per spot, which of player 2's Gunner poses see it."""
    tall = tuple(t for t in sc.terrain if t.tall)
    z1, z2 = sc.zone(1), sc.zone(2)
    poses: list[Viewer] = []
    for x in grid(z2.x0 + 0.36, z2.x1 - 0.36, 0.4):
        for y in (z2.y0 + 0.36, z2.y0 + 0.6, z2.y0 + 1.0, z2.y0 + 1.5):
            for f in grid(90.0, 270.0, 10.0):
                if fits(sc, card_polygon(Vec(x, y), f), z2):
                    poses.append((Vec(x, y), f, False))
    spots: list[Polygon] = []
    for x in grid(z1.x0 + 0.36, z1.x1 - 0.36, 0.25):
        for y in (z1.y0 + 0.36, z1.y0 + 0.6, z1.y0 + 1.0, z1.y0 + 1.4, z1.y1 - 0.36):
            for f in (0.0, 90.0):
                poly = card_polygon(Vec(x, y), f)
                if fits(sc, poly, z1):
                    spots.append(poly)
    return spots, [[sees(v, poly, tall) for v in poses] for poly in spots]


def worst_pose(cov: list[list[bool]], picks: list[int]) -> tuple[int, int]:
    """(most cards one pose sees, how many poses see that many)."""
    counts = [sum(cov[i][j] for i in picks) for j in range(len(cov[0]))]
    top = max(counts)
    return top, counts.count(top)


def search(spots: list[Polygon], cov: list[list[bool]], restarts: int, seed: int) -> list[int]:
    """A local search for the five-card deployment whose best enemy pose sees the fewest."""
    rng = random.Random(seed)

    def legal(picks: list[int]) -> bool:
        return len(set(picks)) == 5 and not any(
            polygons_overlap(spots[a], spots[b]) for a in picks for b in picks if a < b
        )

    best: tuple[tuple[int, int], list[int]] | None = None
    for _ in range(restarts):
        picks = rng.sample(range(len(spots)), 5)
        while not legal(picks):
            picks = rng.sample(range(len(spots)), 5)
        value = worst_pose(cov, picks)
        better = True
        while better:
            better = False
            for k in range(5):
                for c in rng.sample(range(len(spots)), min(60, len(spots))):
                    trial = picks[:k] + [c] + picks[k + 1 :]
                    if legal(trial) and worst_pose(cov, trial) < value:
                        picks, value, better = trial, worst_pose(cov, trial), True
        if best is None or value < best[0]:
            best = (value, picks)
    assert best is not None
    return best[1]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("scenario", nargs="?", default="default")
    ap.add_argument("--restarts", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if args.scenario.endswith(".json"):
        with open(args.scenario, encoding="utf-8") as fh:
            sc = scenario_from_dict(json.load(fh))
    else:
        sc = by_name(args.scenario)
    spots, cov = coverage(sc)
    hidden = sum(not any(row) for row in cov)
    print(f"{sc.name}: {len(spots)} spots, {len(cov[0])} Gunner poses, {hidden} spots no pose sees")
    picks = search(spots, cov, args.restarts, args.seed)
    top, poses = worst_pose(cov, picks)
    print(f"best deployment found: the best pose still sees {top} of 5 cards ({poses} such poses)")
    for i in picks:
        c = sum(spots[i], Vec(0.0, 0.0)) * 0.25
        print(f"  card at ({c.x:.2f}, {c.y:.2f})")


if __name__ == "__main__":
    main()
