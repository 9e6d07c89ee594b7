"""``python -m serm bench replay``: the replay bound, shown by the costliest records we can build.

A record the loader accepts must replay in under 2 s per 1,000 actions on CPython. The
limits that make it so: at most 20,000 actions, Brawler paths of at most 64 points (C19), terrain
of at most ``MAX_PIECES`` pieces and ``MAX_TERRAIN_CORNERS`` corners, and a budget of sight work
per action under each rules version (``serm.core.ruleset``: rules version 1, sampled sight;
version 2, exact sight, which a live game keeps to as well, C20). This benchmark builds legal
records that push on each of them and replays them, beside a baseline measured in the same run:
the replay of ``examples/complete-game.json``.

Families (each built for rules version 1 and for the current rules; every action legal):

- ``hidden-zigzag``: both Brawlers trace 64-point zigzags with exploding rolls (twenty sixes a
  die: legs of 5.9 L) behind a tall wall of narrow overlapping blocks, every enemy able to React
  looking across it: no block hides a card alone, so every sight line must be tried.
- ``crowded-lane``: the same zigzags in lanes lined with the most terrain the format allows,
  nobody looking: the cost of halting (R16) along 63 turns, and of setting up each React check.
- ``look-around``: Rangers turning on the spot inside rings of tall posts, so that every action
  asks who sees whom (R12, R13) through the most tall corners.
- ``lonely-lane``: player 1's Ranger first shoots every enemy that can React (hand-set dice), then
  its Brawler zigzags in the crowded lane with no sight check at all: halting only.

Under rules version 1 each expensive activation is followed by the fewest passes that keep the
record within its work budget (a pass costs no sight work), so the record timed is the costliest
one accepted. Under the current rules 40 activations without an elimination draw the game (R8),
so passes cannot spread the work: the record holds as many expensive activations as its budget
accepts (at most 39 in a row), and is short. Its allowance (``EXACT_WORK_ALLOWANCE``) then weighs
on few actions, so a short record is judged per 1,000 actions as if it had 1,000 (column
``s/1000+``: seconds x 1000 / max(actions, 1000)): the bound a record of 1,000 actions or more
meets, and a record of fewer actions takes less time than that in all. ``s/1000`` is per action
of the record itself. Since such a record cannot be long, ``at limit`` projects what a record of
1,000 actions of this family would take at most: where the record spends more work per action
than a 1,000-action record may (``work_limit(1000) / 1000``), its time scaled down to that rate
(the seconds per unit of work measured x the units allowed); else its own time per action. The
verdict takes the larger of ``s/1000+`` and ``at limit``.

``--write DIR`` also writes each record as JSON (to time ``python -m serm replay`` from outside,
e.g. with farm-bench). Prints a table and one JSON line; exits 1 if a record is over the target.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path as FilePath

from serm.core.actions import Action, End, Face, Move, Path, Place, React, Roll, Shoot, Turn
from serm.core.geometry import Vec
from serm.core.record import (
    MAX_PIECE_CORNERS,
    MAX_PIECES,
    MAX_TERRAIN_CORNERS,
    Record,
    RecordError,
    loads,
    replay,
)
from serm.core.rules import MAX_PATH_CORNERS, apply
from serm.core.ruleset import (
    EXACT_WORK_ALLOWANCE,
    EXACT_WORK_PER_ACTION,
    RULES_VERSION,
    SAMPLED_WORK_ALLOWANCE,
    SAMPLED_WORK_PER_ACTION,
    ruleset,
)
from serm.core.scenario import Scenario, Terrain, Zone
from serm.core.state import PendingKind, Purpose, State, Status, new_game
from serm.core.work import work_limit

ROOT = FilePath(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "complete-game.json"
TARGET = 2.0
"""Seconds per 1,000 actions no accepted record may exceed."""

CARDS = ("ranger", "gunner", "armored", "assault", "brawler")


@dataclass(frozen=True)
class Layout:
    """A table and where each card is placed: ``spots[(player, card)] = (x, y, facing)``."""

    scenario: Scenario
    spots: dict[tuple[int, str], tuple[float, float, float]]
    lane: dict[int, float]
    """The y of each Brawler's lane (it zigzags along x from its spot)."""


def _rect(name: str, x0: float, y0: float, x1: float, y1: float) -> Terrain:
    return Terrain(name, (Vec(x0, y0), Vec(x1, y0), Vec(x1, y1), Vec(x0, y1)), True)


def _ngon(name: str, cx: float, cy: float, r: float, n: int) -> Terrain:
    pts = tuple(
        Vec(
            round(cx + r * math.cos(2 * math.pi * i / n + 0.1), 9),
            round(cy + r * math.sin(2 * math.pi * i / n + 0.1), 9),
        )
        for i in range(n)
    )
    return Terrain(name, pts, True)


def wall_layout(pieces: int, explode: bool) -> Layout:
    """A 20 x 20 table cut by a tall wall at y 9.6-10.4 made of ``pieces`` narrow overlapping
    blocks (no block hides a card alone: every sight line must be tried); each side's Brawler
    zigzags just behind it, the enemies that can React look across it from further back."""
    w = h = 20.0
    width = 18.0 / pieces
    terrain = [
        _rect("Wall", 1.0 + i * width - 0.1, 9.6, 1.0 + (i + 1) * width + 0.1, 10.4)
        for i in range(pieces)
    ]
    spots = {
        (1, "brawler"): (10.0, 12.2, 0.0),
        (2, "brawler"): (10.0, 7.8, 180.0),
        (1, "ranger"): (8.6, 16.0, 0.0),
        (1, "gunner"): (10.0, 17.5, 0.0),
        (1, "armored"): (3.0, 18.5, 0.0),
        (1, "assault"): (11.4, 16.0, 0.0),
        (2, "ranger"): (8.6, 4.0, 180.0),
        (2, "gunner"): (10.0, 2.5, 180.0),
        (2, "armored"): (3.0, 1.5, 180.0),
        (2, "assault"): (11.4, 4.0, 180.0),
    }
    zones = (Zone(0.0, 11.0, w, h), Zone(0.0, 0.0, w, 9.0))
    scenario = Scenario("bench-wall", w, h, zones, tuple(terrain), explode)
    return Layout(scenario, spots, {1: 12.2, 2: 7.8})


def lane_layout(pieces: int, corners: int, explode: bool) -> Layout:
    """The same table with no wall: ``pieces`` tall ``corners``-gons line both lanes closely, and
    every card faces away, so nothing is seen and the cost is the halting along the paths."""
    layout = wall_layout(1, explode)
    terrain = []
    for i in range(pieces):
        lane_y = 12.2 if i % 2 else 7.8
        k = i // 2
        x = 10.3 + (k % 13) * 0.7
        y = lane_y + (0.85 if (k // 13) % 2 else -0.85)
        terrain.append(_ngon("Post", x, y, 0.3, corners))
    spots = {key: (x, y, 180.0 if key[0] == 1 else 0.0) for key, (x, y, _f) in layout.spots.items()}
    spots[(2, "assault")] = (7.2, 4.0, 0.0)  # in the open, for the lonely-lane family's Ranger
    sc = layout.scenario
    scenario = Scenario("bench-lane", sc.width, sc.height, sc.zones, tuple(terrain), explode)
    return Layout(scenario, spots, layout.lane)


def look_layout(pieces: int, corners: int) -> Layout:
    """Rangers inside rings of tall posts that hide every enemy, the other cards in the open."""
    layout = wall_layout(1, False)
    terrain = []
    ring = pieces // 2
    for cx, cy in ((8.6, 16.0), (8.6, 4.0)):
        for i in range(ring):
            a = 2 * math.pi * i / ring
            terrain.append(_ngon("Post", cx + math.cos(a), cy + math.sin(a), 0.3, corners))
    sc = layout.scenario
    scenario = Scenario("bench-look", sc.width, sc.height, sc.zones, tuple(terrain), False)
    return Layout(scenario, layout.spots, layout.lane)


class Builder:
    """Plays a record action by action through the rules (every action is legal)."""

    def __init__(self, layout: Layout, rules: int) -> None:
        self.layout = layout
        self.state: State = new_game(layout.scenario, rules)
        self.actions: list[Action] = []

    def play(self, action: Action) -> None:
        """Apply ``action`` (naming the pending player, C18) and record it."""
        pending = self.state.pending
        assert pending is not None
        action = replace(action, player=pending.player)
        self.state = apply(self.state, action)
        self.actions.append(action)

    def deploy(self) -> None:
        self.play(Roll(((6,), (1,))))  # player 1 places first, player 2 takes the first initiative
        for card in CARDS:
            for player in (1, 2):
                x, y, facing = self.layout.spots[(player, card)]
                self.play(Place(card, x, y, facing))

    @property
    def over(self) -> bool:
        return self.state.status == Status.FINISHED

    def zigzag(self, chain: int) -> None:
        """The player on move traces a 64-point zigzag with their Brawler along its lane (x from
        its spot to 8 L on); React declined. ``chain``: sixes before the five on each die."""
        b = self.state.soldier(self.state.initiative, "brawler")
        self.play(Move("brawler", None))
        faces = tuple((6,) * chain + (5,) for _ in range(3)) if chain else ((6,), (6,), (6,))
        self.play(Roll(faces))
        total = sum(sum(f) for f in faces)
        step = total / MAX_PATH_CORNERS
        assert step <= 8.0, "the legs must stay on the table"
        points = [(b.x + (step if i % 2 == 0 else 0.0), b.y) for i in range(MAX_PATH_CORNERS)]
        self.play(Path(tuple(points)))
        if self.state.pending is not None and self.state.pending.kind == PendingKind.REACT:
            self.play(React(None))
        if self.state.pending is not None and self.state.pending.kind == PendingKind.FACE:
            self.play(Face(None))

    def roll(self) -> None:
        """Answer the pending roll: the attacker's dice as high as a pool can roll without
        exploding further (a six then a five on each exploding die), the defender's all ones."""
        p = self.state.pending
        assert p is not None and p.pool is not None
        chain: tuple[int, ...] = (6, 5) if p.pool.exploding else (6,)
        if p.purpose == Purpose.ENDURE:
            chain = (1,)
        self.play(Roll(tuple(chain for _ in range(p.pool.dice))))

    def lonely(self) -> None:
        """One activation: player 1's Ranger shoots player 2's soldiers that can React, one an
        activation; once none is left, player 1's Brawler zigzags with nobody to check (only the
        halting costs); player 2 passes."""
        player = self.state.initiative
        if player == 2:
            self.play(End())
            return
        targets = [
            e.card for e in self.state.enemies(1) if e.type.react >= 1 and e.card != "brawler"
        ] + [e.card for e in self.state.enemies(1) if e.card == "brawler"]
        if not targets:
            self.zigzag(20)
            return
        self.play(Shoot("ranger", targets[0]))
        while self.state.pending is not None and self.state.pending.kind == PendingKind.ROLL:
            self.roll()
        p = self.state.pending
        if p is not None and p.kind == PendingKind.ACT and p.player == 1:
            self.play(End())

    def turn_ranger(self) -> None:
        """The player on move turns their Ranger a quarter turn; it sees nobody, so the
        activation ends by itself (C6)."""
        player = self.state.initiative
        r = self.state.soldier(player, "ranger")
        self.play(Turn("ranger", (r.facing + 90.0) % 360.0))
        p = self.state.pending
        if p is not None and p.kind == PendingKind.ACT and p.player == player:
            self.play(End())

    def passes(self, n: int) -> None:
        for _ in range(n):
            if self.over:
                return
            self.play(End())

    def record(self) -> Record:
        return Record(
            self.layout.scenario,
            seed=1,
            actions=list(self.actions),
            rules_version=self.state.rules_version,
        )


Step = Callable[[Builder], None]


def build(layout: Layout, rules: int, step: Step, activations: int, thin: int = 0) -> Record:
    """Deploy, then ``activations`` times: ``step`` and ``thin`` passes. Under rules with the
    draw (R8) it stops before 40 activations in a row without an elimination."""
    b = Builder(layout, rules)
    b.deploy()
    draw = ruleset(rules).draw_after
    for _ in range(activations):
        if b.over or (draw is not None and b.state.quiet_activations + 2 + thin >= draw):
            break
        step(b)
        b.passes(thin)
    return b.record()


def replay_unbounded(record: Record) -> State:
    """Apply every action with no work budget (to measure what a replay would cost)."""
    state = new_game(record.scenario, record.rules_version)
    for action in record.actions:
        state = apply(state, action)
    return state


def sight_work(record: Record) -> int:
    """Units of sight work (``serm.core.work``) a replay of ``record`` does, under its rules."""
    with work_limit(10**18) as meter:
        replay_unbounded(record)
    return meter.used


def accepted(record: Record) -> bool:
    try:
        replay(record)
    except RecordError:
        return False
    return True


@dataclass(frozen=True)
class Family:
    """A way to build an expensive record: a table and the step each activation repeats."""

    layout: Callable[[], Layout]
    step: Step


def worst(family: Family, rules: int, actions: int) -> tuple[Record, int]:
    """The costliest record of ``family`` the loader accepts, about ``actions`` long: as many
    expensive activations as fit, each followed by the fewest passes that keep the record within
    its rules' work budget (a pass costs no sight work). Under rules with the draw (R8) passes
    cannot spread the work: as many activations as the budget accepts, no passes. Returns it and
    the passes per step."""
    layout = family.layout()
    one = build(layout, rules, family.step, 1)
    none = build(layout, rules, family.step, 0)
    length = len(one.actions) - len(none.actions)
    per_step = sight_work(one) - sight_work(none)
    steps = max(1, (actions - len(none.actions)) // length)
    if ruleset(rules).draw_after is not None:
        return _fewest_refused(layout, rules, family.step, steps, len(none.actions), length), 0
    thin = max(0, math.ceil(per_step / ruleset(rules).work_per_action) - length)
    steps = max(1, (actions - len(none.actions)) // (length + thin))
    record = build(layout, rules, family.step, steps, thin)
    while not accepted(record):
        thin += max(1, thin // 20)
        steps = max(1, (actions - len(none.actions)) // (length + thin))
        record = build(layout, rules, family.step, steps, thin)
    return record, thin


def _fewest_refused(
    layout: Layout, rules: int, step: Step, steps: int, start: int, length: int
) -> Record:
    """The record of the most ``steps`` (at most ``steps``) that the loader accepts: cut where
    the replay of a longer one ran out of its budget, until one fits."""
    record = build(layout, rules, step, steps)
    while True:
        try:
            replay(record)
        except RecordError as exc:
            done = max(0, ((exc.index or start) - start) // length)
            steps = min(steps - 1, done)
            if steps < 1:
                return build(layout, rules, step, 0)
            record = build(layout, rules, step, steps)
            continue
        return record


def seconds_per_1000(record: Record, repeat: int) -> float:
    """Best of ``repeat`` replays (with the record's work budget), in seconds per 1,000 actions;
    a short record (under 500 actions, a fraction of a second) is replayed at least 15 times, so
    that a moment of load on a shared machine does not decide its figure."""
    best = math.inf
    for _ in range(repeat if len(record.actions) >= 500 else max(repeat, 15)):
        start = time.perf_counter()
        replay(record)
        best = min(best, time.perf_counter() - start)
    return best / len(record.actions) * 1000


def families() -> dict[str, Family]:
    chain = 20  # twenty sixes then a five: each die totals 125, each leg 5.9 L
    wall = min(MAX_PIECES, MAX_TERRAIN_CORNERS // 4)
    corners = min(MAX_PIECE_CORNERS, MAX_TERRAIN_CORNERS // MAX_PIECES)
    return {
        "hidden-zigzag": Family(lambda: wall_layout(wall, True), lambda b: b.zigzag(chain)),
        "crowded-lane": Family(
            lambda: lane_layout(MAX_PIECES, corners, True), lambda b: b.zigzag(chain)
        ),
        "look-around": Family(lambda: look_layout(MAX_PIECES, corners), Builder.turn_ranger),
        "lonely-lane": Family(lambda: lane_layout(MAX_PIECES, corners, True), Builder.lonely),
    }


def run(repeat: int, actions: int, write: FilePath | None) -> dict[str, float]:
    base_record = loads(EXAMPLE.read_text(encoding="utf-8"))
    base = seconds_per_1000(base_record, repeat * 2)
    out: dict[str, float] = {"baseline_s_per_1000": base}
    for rules in sorted({1, RULES_VERSION}):
        for name, family in families().items():
            record, thin = worst(family, rules, actions)
            key = f"{name}-rules{rules}"
            n = len(record.actions)
            per_action = seconds_per_1000(record, repeat)
            out[f"{key}_s_per_1000"] = per_action * n / max(n, 1000)
            out[f"{key}_s_per_own_1000"] = per_action
            out[f"{key}_actions"] = n
            out[f"{key}_passes"] = thin
            work = sight_work(record)
            out[f"{key}_work_per_action"] = work / n
            out[f"{key}_work_of_limit"] = work / ruleset(rules).work_limit(n)
            if ruleset(rules).draw_after is not None:
                rate = ruleset(rules).work_limit(1000) / 1000
                at_limit = per_action * min(1.0, rate * n / work) if work else per_action
                out[f"{key}_s_at_limit_per_1000"] = at_limit
                out[f"{key}_s_per_1000"] = max(out[f"{key}_s_per_1000"], at_limit)
            if write is not None:
                write.mkdir(parents=True, exist_ok=True)
                (write / f"{key}.json").write_text(record.to_json(), encoding="utf-8")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m serm bench replay", description=__doc__)
    parser.add_argument("--repeat", type=int, default=3, help="replays per record (best is kept)")
    parser.add_argument(
        "--actions", type=int, default=2000, help="about how long each record is (default 2000)"
    )
    parser.add_argument("--write", type=FilePath, help="also write each record to this folder")
    args = parser.parse_args(argv)
    figures = run(args.repeat, args.actions, args.write)
    base = figures["baseline_s_per_1000"]
    print(
        f"{'record':<28}{'actions':>8}{'passes':>8}{'work/act':>9}{'of limit':>9}"
        f"{'s/1000':>8}{'s/1000+':>9}{'at limit':>9}{'x base':>8}  verdict"
    )
    print(f"{'example (baseline)':<28}{'':>8}{'':>8}{'':>9}{'':>9}{base:>8.3f}{'':>18}{1.0:>8.1f}")
    worst = 0.0
    for key, value in figures.items():
        if not key.endswith("_s_per_1000") or key.startswith("baseline") or "at_limit" in key:
            continue
        name = key[: -len("_s_per_1000")]
        worst = max(worst, value)
        verdict = "ok" if value < TARGET else f"OVER {TARGET} s"
        own = figures[name + "_s_per_own_1000"]
        n = figures[name + "_actions"]
        short = own * n / max(n, 1000)
        at_limit = figures.get(name + "_s_at_limit_per_1000", math.nan)
        print(
            f"{name:<28}{int(figures[name + '_actions']):>8}{int(figures[name + '_passes']):>8}"
            f"{figures[name + '_work_per_action']:>9.0f}{figures[name + '_work_of_limit']:>9.0%}"
            f"{own:>8.3f}{short:>9.3f}{at_limit:>9.3f}{own / base:>8.1f}  {verdict}"
        )
    print(f"worst: {worst:.3f} s per 1,000 actions (target: under {TARGET})")
    print(
        json.dumps(
            {
                "bench": "replay",
                **figures,
                "worst_s_per_1000": worst,
                "python": sys.version.split()[0],
                "work_per_action_budget": SAMPLED_WORK_PER_ACTION,
                "work_allowance": SAMPLED_WORK_ALLOWANCE,
                "exact_work_per_action_budget": EXACT_WORK_PER_ACTION,
                "exact_work_allowance": EXACT_WORK_ALLOWANCE,
            }
        )
    )
    return 0 if worst < TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
