"""``python -m serm bench ai``: the computer opponent's benchmark, fair to both seats.

**Pairings.** Each pairing (a, b) plays ``--games`` N *pairs* of games, 2N games: pair ``i`` plays
the same game seed twice, a as player 1 then a as player 2. The seed fixes the dice, so the
roll-off (R5) goes to the same seat both times and each side holds the first initiative in one
game of the pair: the roll-off cancels out. A pairing's rate is a's score over its 2N games, a
draw (R8: 40 activations in a row with no elimination) counting half a win; it is printed
overall, and apart for the games in which a held the first initiative and those it did not.

**Seat balance.** For each table (``--seat``, by default every built-in one), ``--seat-games``
hard-vs-hard games (default N): the score of the side holding the first initiative (a draw
counts half), the share of draws and the mean game length in activations. Target on the default
table: between 0.40 and 0.60, with at most 10% draws.

Every rate comes with its 95% Wilson interval (games taken as independent). Then the think-time
percentiles per strength (CPython, every game above) and, as the last line, one JSON object of
every figure with each target met or missed (a rate is judged by its measured value, not by its
interval).

**Opening.** ``--opening KEY`` plays every game under that opening (R5, Opening: ``none``,
``gunner-holds``, ``no-first-shot``, ``opening-moves``) and rules version 3; without it, games
are played under the rules of new games. ``--seeds A-B`` plays the seat-balance games on exactly
the game seeds A to B (each player's own choices seeded ``2s + 1`` and ``2s + 2``), instead of
``--seat-games`` seeds derived from ``--seed``.

**CPU.** Each game's CPU seconds (``time.process_time`` in the process that plays it, a worker
with ``--workers``/``--jobs`` above 1) are logged and summed: the summary prints the CPU seconds
per game.

``--log FILE`` appends one JSON line per finished game (its key, game seed, opening, winner,
first initiative, length, CPU seconds and think times) and, on a later run with the same options,
reuses the games already in it: an interrupted run resumes where it stopped, and its summary
covers every game of the run, those from the log included (the key is table, players, seeds and
opening; it does not know the code changed: start a new file after changing the computer).
``--browser`` measures think time in the page instead (Pyodide in headless Chromium): see
``bench/ai_browser.py``.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from harness.stats import percentile
from serm.ai.match import ACTIVATION_CAP, play
from serm.core.opening import OPENINGS
from serm.core.record import scenario_from_dict
from serm.core.scenario import BUILT_IN, Scenario, by_name

PAIRINGS = (
    ("hard", "random"),
    ("hard", "greedy"),
    ("hard", "normal"),
    ("normal", "greedy"),
    ("normal", "easy"),
    ("easy", "random"),
    ("easy", "greedy"),
)
TARGETS = {
    "hard-random": 0.98,
    "hard-greedy": 0.80,
    "hard-normal": 0.65,
    "normal-greedy": 0.60,
    "normal-easy": 0.65,
}
"""Least rate of each pairing on the default table (hard vs normal at ``--games 200``, the others
at ``--games 50``)."""
PAIRING_DRAWS = 0.10
"""Most draws in a pairing that has a target."""
SEAT_TARGET = (0.40, 0.60)
"""The first-initiative side's hard-vs-hard rate on the default table."""
SEAT_DRAWS = 0.10
"""Most draws in those games."""
SEAT_KIND = "hard"
SEED_STRIDE = 100003


@dataclass(frozen=True)
class Job:
    """One game to play: ``group`` is a pairing ("hard-greedy") or a seat-balance table
    ("seat:default"); ``kinds`` are players 1 and 2; ``tag`` is a's side (1 or 2) in a pairing
    game, 0 in a seat-balance game; ``opening`` the opening it is played under (R5; None: the
    rules of new games)."""

    group: str
    kinds: tuple[str, str]
    table: str
    seed: int
    player_seeds: tuple[int, int]
    tag: int
    opening: str | None = None

    def key(self) -> str:
        key = f"{self.group}|{self.kinds[0]}-{self.kinds[1]}|{self.table}|{self.seed}|{self.tag}"
        return key if self.opening is None else f"{key}|{self.opening}"


@dataclass
class Row:
    """One game played: the job's key and group, a's side (``tag``), the winner (None: draw),
    who held the first initiative, its length in activations, whether the safety cap stopped
    it, the think times (s) per kind of player, its game seed, its opening (R5) and the CPU
    seconds it took (None in a log written before CPU was kept)."""

    key: str
    group: str
    tag: int
    winner: int | None
    first: int
    activations: int
    capped: bool
    times: dict[str, list[float]] = field(default_factory=dict)
    seed: int | None = None
    opening: str = "none"
    cpu: float | None = None

    def to_json(self) -> str:
        """The log line: the game's key, seed and opening first, the think times last."""
        fields = asdict(self)
        order = ("key", "seed", "opening", "group", "tag", "winner", "first", "activations")
        head = {k: fields.pop(k) for k in order}
        times = fields.pop("times")
        return json.dumps({**head, **fields, "times": times})

    @classmethod
    def from_json(cls, line: str) -> Row:
        """A log line back; a line of an older log (no seed, opening or CPU) gets its seed from
        its key."""
        row = cls(**json.loads(line))
        if row.seed is None:
            row.seed = int(row.key.split("|")[3])
        return row


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion ``wins / n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return max(0.0, mid - half), min(1.0, mid + half)


def scenario_for(name: str, seed: int) -> Scenario:
    """A built-in scenario by name, ``mix`` (default, open and random in turn), or the path of a
    JSON file holding a scenario in its record form (docs/record-format.md)."""
    if name.endswith(".json"):
        with open(name, encoding="utf-8") as fh:
            return scenario_from_dict(json.load(fh))
    if name == "mix":
        return by_name(("default", "open", "random")[seed % 3], seed)
    return by_name(name, seed)


# --------------------------------------------------------------------------------- the games


def pairing_jobs(
    pairs: Sequence[tuple[str, str]],
    games: int,
    seed: int,
    table: str,
    opening: str | None = None,
) -> list[Job]:
    """Two games per pair and per seed: a as player 1, then a as player 2 (same dice), under
    ``opening``."""
    out = []
    for a, b in pairs:
        for i in range(games):
            s = seed * SEED_STRIDE + i
            ps = (s * 2 + 1, s * 2 + 2)
            out.append(Job(f"{a}-{b}", (a, b), table, s, ps, 1, opening))
            out.append(Job(f"{a}-{b}", (b, a), table, s, (ps[1], ps[0]), 2, opening))
    return out


def seat_jobs(
    tables: Sequence[str],
    games: int,
    seed: int,
    opening: str | None = None,
    seeds: range | None = None,
) -> list[Job]:
    """``games`` hard-vs-hard games per table (seeds apart from the pairings'), or one game per
    game seed of ``seeds``, under ``opening``."""
    out = []
    for table in tables:
        chosen = seeds or [(seed + 7919) * SEED_STRIDE + i for i in range(games)]
        for s in chosen:
            kinds = (SEAT_KIND, SEAT_KIND)
            out.append(Job(f"seat:{table}", kinds, table, s, (s * 2 + 1, s * 2 + 2), 0, opening))
    return out


def run_one(job: Job) -> Row:
    """Play one job's game."""
    scenario = scenario_for(job.table, job.seed)
    r = play(scenario, job.kinds, job.seed, ACTIVATION_CAP, job.player_seeds, job.opening)
    times: dict[str, list[float]] = {}
    for side in (1, 2):
        times.setdefault(job.kinds[side - 1], []).extend(r.times[side])
    return Row(
        job.key(),
        job.group,
        job.tag,
        r.winner,
        r.first,
        r.activations,
        r.capped,
        times,
        job.seed,
        r.opening,
        round(r.cpu, 3),
    )


def load_log(path: Path | None) -> dict[str, Row]:
    """The games of a log by key; a last line cut short (a run stopped while writing it) is
    left out, so its game is played again."""
    if path is None or not path.exists():
        return {}
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        try:
            row = Row.from_json(line)
        except (ValueError, TypeError):
            continue
        out[row.key] = row
    return out


def _open_log(log: Path) -> Any:
    """The log opened for appending, starting on a new line (after a line cut short)."""
    log.parent.mkdir(parents=True, exist_ok=True)
    cut = log.exists() and log.stat().st_size > 0 and not log.read_bytes().endswith(b"\n")
    fh = open(log, "a", encoding="utf-8")
    if cut:
        fh.write("\n")
    return fh


def run_all(jobs: list[Job], workers: int, log: Path | None) -> Iterator[Row]:
    """Every job's row: from the log when it has one, else played (and appended to the log)."""
    done = load_log(log)
    todo = [j for j in jobs if j.key() not in done]
    for j in jobs:
        if j.key() in done:
            yield done[j.key()]
    _progress(f"{len(jobs) - len(todo)} games from the log, {len(todo)} to play")
    fh = _open_log(log) if log is not None and todo else None
    start = time.time()
    cpu = 0.0
    try:
        rows: Iterator[Row]
        if workers > 1:
            pool = Pool(workers)
            rows = pool.imap_unordered(run_one, todo, chunksize=1)
        else:
            rows = map(run_one, todo)
        for i, row in enumerate(rows, 1):
            if fh is not None:
                fh.write(row.to_json() + "\n")
                fh.flush()
            cpu += row.cpu or 0.0
            if i % 20 == 0 or i == len(todo):
                _progress(
                    f"{i}/{len(todo)} games played, {time.time() - start:.0f} s, "
                    f"{cpu / i:.1f} s CPU per game"
                )
            yield row
    finally:
        if fh is not None:
            fh.close()
        if workers > 1:
            pool.close()
            pool.join()


def _progress(message: str) -> None:
    print(f"[bench ai] {message}", file=sys.stderr, flush=True)


# --------------------------------------------------------------------------------- the figures


def score_of(row: Row, side: int) -> float:
    """What ``side`` scored in ``row``'s game: 1 a win, 0.5 a draw (R8), 0 a loss."""
    return 0.5 if row.winner is None else float(row.winner == side)


def rate(scores: list[float]) -> dict[str, Any]:
    n = len(scores)
    won = sum(scores)
    lo, hi = wilson(won, n)
    return {
        "games": n,
        "score": won,
        "rate": round(won / n, 4) if n else None,
        "ci95": [round(lo, 4), round(hi, 4)],
    }


def cpu_figures(rows: list[Row]) -> dict[str, Any]:
    """CPU seconds per game over the rows that kept them, and in all."""
    kept = [r.cpu for r in rows if r.cpu is not None]
    total = sum(kept)
    return {
        "cpu_games": len(kept),
        "cpu_total": round(total, 1),
        "cpu_per_game": round(total / len(kept), 2) if kept else None,
    }


def pairing_figures(rows: list[Row], target: float | None) -> dict[str, Any]:
    """a's rate overall and with/without the first initiative; draws, length, target."""
    overall = [score_of(r, r.tag) for r in rows]
    first = [score_of(r, r.tag) for r in rows if r.first == r.tag]
    second = [score_of(r, r.tag) for r in rows if r.first != r.tag]
    out = rate(overall)
    out |= {
        "pairs": len(rows) // 2,
        "first": rate(first),
        "second": rate(second),
        "draws": sum(r.winner is None for r in rows),
        "capped": sum(r.capped for r in rows),
        "mean_activations": round(sum(r.activations for r in rows) / max(len(rows), 1), 1),
        "target": target,
    } | cpu_figures(rows)
    out["draw_share"] = round(out["draws"] / max(len(rows), 1), 4)
    if target is not None and out["rate"] is not None:
        out["met"] = out["rate"] >= target
        out["draws_met"] = out["draw_share"] <= PAIRING_DRAWS
    return out


def seat_figures(rows: list[Row], judged: bool) -> dict[str, Any]:
    """The first-initiative side's rate, draws and length; the target on the default table."""
    out = rate([score_of(r, r.first) for r in rows])
    draws = sum(r.winner is None for r in rows)
    out |= {
        "draws": draws,
        "draw_share": round(draws / max(len(rows), 1), 4),
        "capped": sum(r.capped for r in rows),
        "mean_activations": round(sum(r.activations for r in rows) / max(len(rows), 1), 1),
    } | cpu_figures(rows)
    if judged and out["rate"] is not None:
        out["target"] = list(SEAT_TARGET)
        out["met"] = SEAT_TARGET[0] <= out["rate"] <= SEAT_TARGET[1]
        out["draws_target"] = SEAT_DRAWS
        out["draws_met"] = out["draw_share"] <= SEAT_DRAWS
    return out


def _ci(fig: dict[str, Any]) -> str:
    if not fig["games"]:
        return f"{'-':>5} {'':15}"
    lo, hi = fig["ci95"]
    return f"{fig['rate']:5.3f} [{lo:.3f},{hi:.3f}]"


def report(
    rows: list[Row],
    args: argparse.Namespace,
    pairs: list[tuple[str, str]],
    tables: list[str],
    elapsed: float,
) -> dict[str, Any]:
    """Print the tables and return every figure (the JSON line)."""
    seat_games = f"seeds {args.seeds}" if args.seeds else f"{args.seat_games}"
    print(
        f"S.E.R.M. AI benchmark: {args.games} pairs (2 games each, sides swapped) per pairing on "
        f"table {args.scenario}, {seat_games} hard-vs-hard games per table for seat "
        f"balance, seed {args.seed}, opening {args.opening or 'of new games'}, {elapsed:.0f} s"
    )
    targets: list[dict[str, Any]] = []
    out: dict[str, Any] = {
        "pairs": args.games,
        "seat_games": args.seat_games,
        "seeds": args.seeds,
        "seed": args.seed,
        "scenario": args.scenario,
        "opening": args.opening,
        "seconds": round(elapsed, 1),
        "pairings": print_pairings(rows, pairs, targets),
        "seat": print_seat(rows, tables, targets),
    }
    capped = out["capped"] = sum(r.capped for r in rows)
    if capped:
        print(f"WARNING: {capped} games reached the safety cap of {ACTIVATION_CAP} activations")
    cpu = out["cpu"] = cpu_figures(rows)
    if cpu["cpu_games"]:
        print(
            f"CPU: {cpu['cpu_per_game']:.2f} s per game over {cpu['cpu_games']} games "
            f"({cpu['cpu_total']:.0f} s in all)"
        )
    out["think"] = think_table(rows)
    out["targets"] = targets
    return out


def print_pairings(
    rows: list[Row], pairs: list[tuple[str, str]], targets: list[dict[str, Any]]
) -> dict[str, Any]:
    table: dict[str, Any] = {}
    if not pairs:
        return table
    print("pairing: a's score (win 1, draw 0.5) over 2 games per pair; rate and 95% interval")
    print(
        f"{'pairing':14} {'games':>5} {'overall':>21} {'a with 1st initiative':>21} "
        f"{'a without':>21} {'draws':>5} {'acts':>5}  target"
    )
    for a, b in pairs:
        key = f"{a}-{b}"
        fig = table[key] = pairing_figures([r for r in rows if r.group == key], TARGETS.get(key))
        mark = ""
        if "met" in fig:
            mark = (
                f">= {fig['target']:.2f} {'met' if fig['met'] else 'MISSED'}, "
                f"draws <= {PAIRING_DRAWS:.0%} {'met' if fig['draws_met'] else 'MISSED'}"
            )
            targets.append(_target(key, f">= {fig['target']}", fig["rate"], fig["met"]))
            targets.append(
                _target(f"{key}:draws", f"<= {PAIRING_DRAWS}", fig["draw_share"], fig["draws_met"])
            )
        print(
            f"{key:14} {fig['games']:5d} {_ci(fig):>21} {_ci(fig['first']):>21} "
            f"{_ci(fig['second']):>21} {fig['draws']:5d} {fig['mean_activations']:5.1f}  {mark}"
        )
    return table


def print_seat(rows: list[Row], tables: list[str], targets: list[dict[str, Any]]) -> dict[str, Any]:
    seat: dict[str, Any] = {}
    if not tables:
        return seat
    print("seat balance: hard vs hard, the score of the side holding the first initiative")
    print(
        f"{'table':14} {'games':>5} {'first initiative':>21} {'draws':>10} {'acts':>5} "
        f"{'cpu/game':>8}  target"
    )
    for t in tables:
        fig = seat[t] = seat_figures([r for r in rows if r.group == f"seat:{t}"], t == "default")
        mark = ""
        if "met" in fig:
            lo, hi = SEAT_TARGET
            mark = (
                f"{lo:.2f}-{hi:.2f} {'met' if fig['met'] else 'MISSED'}, "
                f"draws <= {SEAT_DRAWS:.0%} {'met' if fig['draws_met'] else 'MISSED'}"
            )
            targets.append(_target(f"seat:{t}", f"{lo}-{hi}", fig["rate"], fig["met"]))
            targets.append(
                _target(f"seat:{t}:draws", f"<= {SEAT_DRAWS}", fig["draw_share"], fig["draws_met"])
            )
        draws = f"{fig['draws']} ({fig['draw_share']:.0%})"
        acts = fig["mean_activations"]
        cpu = "-" if fig["cpu_per_game"] is None else f"{fig['cpu_per_game']:.1f} s"
        print(f"{t:14} {fig['games']:5d} {_ci(fig):>21} {draws:>10} {acts:5.1f} {cpu:>8}  {mark}")
    return seat


def _target(name: str, target: str, value: float | None, met: bool) -> dict[str, Any]:
    return {"name": name, "target": target, "value": value, "met": met}


def think_table(rows: list[Row]) -> dict[str, Any]:
    times: dict[str, list[float]] = {}
    for r in rows:
        for kind, ts in r.times.items():
            times.setdefault(kind, []).extend(ts)
    think: dict[str, Any] = {}
    print(f"{'think time (s)':14} {'n':>7} {'p50':>7} {'p95':>7} {'max':>7}")
    for kind in ("easy", "normal", "hard", "greedy", "random"):
        ts = times.get(kind, [])
        if not ts:
            continue
        p50, p95, mx = percentile(ts, 50), percentile(ts, 95), max(ts)
        print(f"{kind:14} {len(ts):7d} {p50:7.3f} {p95:7.3f} {mx:7.3f}")
        think[kind] = {
            "n": len(ts),
            "p50": round(p50, 4),
            "p95": round(p95, 4),
            "max": round(mx, 4),
        }
    return think


# --------------------------------------------------------------------------------- command line


def parse(argv: list[str]) -> argparse.Namespace:
    ap = argparse.ArgumentParser(
        prog="python -m serm bench ai",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument(
        "--browser", action="store_true", help="think time in the page instead (see above)"
    )
    ap.add_argument(
        "--games", type=int, default=40, help="pairs of games per pairing (2 games each)"
    )
    ap.add_argument(
        "--seat-games",
        type=int,
        default=None,
        help="hard-vs-hard games per table (default: --games)",
    )
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--scenario",
        default="default",
        help="the pairings' table: default, open, random, mix, or a scenario JSON file",
    )
    ap.add_argument(
        "--workers", "--jobs", type=int, default=2, help="processes playing games at once"
    )
    ap.add_argument(
        "--opening",
        choices=list(OPENINGS),
        default=None,
        help="play every game under this opening (R5) and rules version 3 "
        "(default: the rules of new games)",
    )
    ap.add_argument(
        "--seeds",
        default=None,
        help="A-B: the seat-balance games are one per game seed A to B (instead of --seat-games)",
    )
    ap.add_argument(
        "--pairs", default="", help="comma-separated a-b pairings (default: all; none: skip)"
    )
    ap.add_argument(
        "--seat",
        default="all",
        help=f"comma-separated tables for seat balance (all: {', '.join(BUILT_IN)}; none: skip)",
    )
    ap.add_argument(
        "--log", type=Path, default=None, help="a JSON-lines file of games, reused and appended"
    )
    args = ap.parse_args(argv)
    if args.seeds is not None:
        try:
            lo, hi = (int(x) for x in args.seeds.split("-"))
        except ValueError:
            ap.error(f"--seeds takes A-B, two whole numbers, got {args.seeds!r}")
        if hi < lo:
            ap.error(f"--seeds {args.seeds}: the last seed is before the first")
        args.seed_range = range(lo, hi + 1)
        args.seat_games = len(args.seed_range)
    else:
        args.seed_range = None
    if args.seat_games is None:
        args.seat_games = args.games
    return args


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if "--browser" in argv:
        from bench.ai_browser import main as bench_in_browser

        return bench_in_browser([a for a in argv if a != "--browser"])
    args = parse(argv)
    pairs: list[tuple[str, str]] = list(PAIRINGS)
    if args.pairs == "none":
        pairs = []
    elif args.pairs:
        pairs = [(p.split("-")[0], p.split("-")[1]) for p in args.pairs.split(",")]
    tables = (
        list(BUILT_IN) if args.seat == "all" else [t for t in args.seat.split(",") if t != "none"]
    )
    jobs = pairing_jobs(pairs, args.games, args.seed, args.scenario, args.opening)
    jobs += seat_jobs(tables, args.seat_games, args.seed, args.opening, args.seed_range)
    start = time.time()
    rows = list(run_all(jobs, args.workers, args.log))
    print(json.dumps(report(rows, args, pairs, tables, time.time() - start)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
