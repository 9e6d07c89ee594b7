"""``python -m serm bench links``: the lengths of the links two devices pass in a game by link.

Plays ``--games`` computer-vs-computer games by link (``harness.friends``: every letter passed
from one device to the other and taken in, secrets and game id from the game's seed), on the
built-in tables in turn, each player with a standing React order of ``--order`` percent (so a
link carries one whole activation unless a React succeeds; ``--order 0``: no orders, every Move
that can be reacted to goes to the other device). Prints, in characters of the fragment (the
link is the page's address, ``#`` and this):

- ``play``: every link carrying the actions the other device lacks (one activation each, with
  orders), and of those the first of each game (it carries the reveal, the roll-off and a
  placement);
- ``whole``: the whole-game link at each game's end (for a device that lost its copy);
- ``invite`` and ``answer``;

each as median, 90th percentile and maximum, then one JSON line. Targets: a ``play`` link at most
600 characters at the median, a whole-game link at most 2,000 at the median; the page offers a
file past ``FILE_PAST`` (8,000). Exits 1 when a median is over its target.
"""

from __future__ import annotations

import argparse
import json
import time

from harness import friends
from harness.stats import percentile
from serm.core.scenario import BUILT_IN, by_name
from serm.ui import friend

PLAY_TARGET = 600
WHOLE_TARGET = 2000


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m serm bench links")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--kinds", default="easy,easy", help="player 1's and 2's kind")
    parser.add_argument("--order", type=int, default=50, help="standing React order, 0: none")
    args = parser.parse_args(argv)
    kinds = tuple(args.kinds.split(","))
    assert len(kinds) == 2
    order = args.order or None
    sizes: dict[str, list[int]] = {k: [] for k in ("play", "first", "whole", "invite", "answer")}
    actions, start = [], time.perf_counter()
    for n in range(args.games):
        seed = args.seed + n
        table = by_name(BUILT_IN[n % len(BUILT_IN)], seed)
        match = friends.play((kinds[0], kinds[1]), seed, (order, order), table)
        plays = match.plays()
        sizes["play"].extend(len(p) for p in plays)
        sizes["first"].append(len(plays[0]))
        sizes["whole"].append(len(match.whole))
        sizes["invite"].append(len(match.letters[0][1]))
        sizes["answer"].append(len(match.letters[1][1]))
        actions.append(len(match.devices[1].record.actions))
    seconds = time.perf_counter() - start
    print(
        f"{args.games} games by link ({'-'.join(kinds)}, standing orders {order}%), "
        f"{sum(actions)} actions, {seconds:.0f} s"
    )
    print(f"{'link':8} {'count':>6} {'median':>7} {'p90':>6} {'max':>6}")
    figures = {}
    for name, values in sizes.items():
        row = {
            "count": len(values),
            "median": percentile(values, 50),
            "p90": percentile(values, 90),
            "max": max(values),
        }
        figures[name] = row
        print(f"{name:8} {row['count']:>6} {row['median']:>7} {row['p90']:>6} {row['max']:>6}")
    over = sum(1 for v in sizes["whole"] + sizes["play"] if v > friend.FILE_PAST)
    print(f"links past {friend.FILE_PAST} characters (the page offers a file): {over}")
    ok = figures["play"]["median"] <= PLAY_TARGET and figures["whole"]["median"] <= WHOLE_TARGET
    print(
        f"targets: play median <= {PLAY_TARGET}, whole median <= {WHOLE_TARGET}: "
        f"{'met' if ok else 'MISSED'}"
    )
    print(
        json.dumps(
            {
                "games": args.games,
                "kinds": kinds,
                "order": order,
                "sizes": figures,
                "past_file": over,
            }
        )
    )
    return 0 if ok else 1
