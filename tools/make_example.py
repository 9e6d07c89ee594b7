"""Write examples/complete-game.json: a whole game, from roll-off to a winner, as a record (R24).

Next to it goes its golden final state, examples/complete-game.summary.json: exactly what
``python -m serm replay examples/complete-game.json`` prints (tests/test_cli.py compares them).

Run from the repository's root as ``python -m tools.make_example [--out PATH]``. Standard library
and serm only.

Both sides are played by a simple seeded player (charge the nearest enemy, shoot what it sees,
always React, stop the mover where it first came into view). Dice come from the game's own seeded
RNG (``serm.core.Game``), so the record is a real game. The script tries seeds 1, 2, 3, ... and
keeps the first game that shows every feature the example is meant to show:

* a successful React (a ``stop`` action),
* a ram or a kill by shooting,
* a Gunner attacking more than one enemy in one Shoot (R22),
* a Brawler path (R17),
* and an end by elimination (R8), not by concession.

The same serm version always writes the same file.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from serm.core import (
    Action,
    End,
    Face,
    Game,
    Move,
    Place,
    React,
    Shoot,
    State,
    Stop,
)
from serm.core.actions import Path as BrawlerPath
from serm.core.geometry import Vec, bearing_of, unit
from serm.core.queries import (
    can_act,
    facing_problem,
    placement_problem,
    visible_enemies,
)
from serm.core.scenario import default
from serm.core.state import EventKind, PendingKind, Soldier, Status

OPENING = "opening-moves"
"""The opening the example is played under (R5), named in its record: the tests and the moments
built on its positions (``harness/moments.py``) stay put whatever opening new games default to."""

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "examples" / "complete-game.json"
MAX_ACTIONS = 3000
PLAYERS = {
    1: {"name": "Red", "kind": "computer"},
    2: {"name": "Blue", "kind": "computer"},
}


def _nearest(state: State, s: Soldier) -> Soldier | None:
    enemies = state.enemies(s.player)
    return min(enemies, key=lambda e: (e.pos - s.pos).length(), default=None)


def _facing_towards(state: State, s: Soldier, target: Vec) -> float | None:
    facing = round(bearing_of(target - s.pos), 1)
    return facing if facing_problem(state, s, facing) is None else None


def _place(state: State, player: int, rng: random.Random) -> Action:
    card = next(s.card for s in state.alive(player) if not s.placed)
    z = state.scenario.zone(player)
    facing = 0.0 if player == 1 else 180.0
    while True:
        x = round(rng.uniform(z.x0 + 0.5, z.x1 - 0.5), 2)
        y = round(rng.uniform(z.y0 + 0.5, z.y1 - 0.5), 2)
        if placement_problem(state, player, card, x, y, facing) is None:
            return Place(card, x, y, facing)


def _act(state: State, player: int, rng: random.Random) -> Action:
    mine = [s for s in state.on_table() if s.player == player]
    shooters = []
    movers = []
    for s in mine:
        may_move, may_shoot = can_act(state, s)
        seen = visible_enemies(state, s) if may_shoot else ()
        if seen:
            shooters.append((s, seen))
        if may_move:
            movers.append(s)
    if shooters:
        s, seen = max(shooters, key=lambda x: (len(x[1]), rng.random()))
        return Shoot(s.card, rng.choice(seen).card)
    if not movers:
        return End()
    s = rng.choice(movers)
    target = _nearest(state, s)
    if target is None:
        return End()
    facing = _facing_towards(state, s, target.pos)
    if s.card == "brawler":
        return Move("brawler", None, facing)
    direction = round(bearing_of(target.pos - s.pos) + rng.uniform(-20, 20), 1) % 360
    return Move(s.card, direction, facing)


def _path(state: State) -> Action:
    """The Brawler zigzags at the nearest enemy: half the roll one way, half the other."""
    mv = state.move
    assert mv is not None and mv.total is not None and state.activation is not None
    s = state.soldier(state.activation.player, mv.card)
    target = _nearest(state, s)
    heading = bearing_of(target.pos - s.pos) if target else 0.0
    half = mv.total / 2
    corner = s.pos + unit(heading - 30) * half
    end = corner + unit(heading + 30) * half
    return BrawlerPath(((corner.x, corner.y), (end.x, end.y)))


def _decide(state: State, rng: random.Random) -> Action:
    p = state.pending
    assert p is not None
    if p.kind == "place":
        return _place(state, p.player, rng)
    if p.kind == "act":
        return _act(state, p.player, rng)
    if p.kind == "path":
        return _path(state)
    if p.kind == "react":
        return React(max(p.options, key=lambda c: state.soldier(p.player, c).type.react))
    if p.kind == "stop":
        mv = state.move
        assert mv is not None
        entry = mv.entries[mv.reactors.index(mv.reactor)] if mv.reactor else 0.0
        return Stop(round(min(entry, mv.halt), 6))
    if p.kind == "face":
        s = state.soldier(p.player, state.move.card)  # type: ignore[union-attr]
        target = _nearest(state, s)
        return Face(_facing_towards(state, s, target.pos) if target else None)
    assert p.kind == "target" and state.shot is not None
    return Shoot(state.shot.shooter, p.options[0])


def play_game(seed: int) -> tuple[Game, set[str]]:
    """Play one game with ``seed``; returns it and the features it showed."""
    rng = random.Random(f"serm-example/{seed}")
    game = Game(replace(default(), opening=OPENING), seed=seed)
    game.record.players = {k: dict(v) for k, v in PLAYERS.items()}
    game.roll_pending()
    features: set[str] = set()
    while game.state.status != Status.FINISHED and len(game.record.actions) < MAX_ACTIONS:
        state = game.state
        action = _decide(state, rng)
        if isinstance(action, Stop):
            features.add("react")
        if isinstance(action, BrawlerPath):
            features.add("brawler path")
        if state.pending is not None and state.pending.kind == PendingKind.TARGET:
            features.add("gunner multi-shot")
        seen = len(game.events)
        game.play(action)
        if any(e.kind == EventKind.KILL for e in game.events[seen:]):
            features.add("kill")
    if game.state.winner is not None and game.state.conceded_by is None:
        features.add("winner")
    return game, features


WANTED = {"react", "brawler path", "gunner multi-shot", "kill", "winner"}


def make(max_seed: int = 500) -> Game:
    for seed in range(1, max_seed + 1):
        game, features = play_game(seed)
        if WANTED <= features:
            return game
    raise SystemExit(f"no seed up to {max_seed} gave a game with {sorted(WANTED)}")


def pretty(record: dict[str, Any]) -> str:
    """The record as JSON with one line per top-level field and one line per action."""
    lines = ["{"]
    for key, value in record.items():
        if key == "actions":
            body = ",\n".join("  " + json.dumps(a) for a in value)
            lines.append(f' "actions": [\n{body}\n ]')
        else:
            lines.append(f" {json.dumps(key)}: {json.dumps(value)},")
    return "\n".join(lines) + "\n}\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help=f"where to write (default {OUT})")
    args = parser.parse_args(argv)
    game = make()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(pretty(game.record.to_dict()), encoding="utf-8")
    summary = args.out.with_name(args.out.stem + ".summary.json")
    summary.write_text(json.dumps(game.state.to_summary()) + "\n", encoding="utf-8")
    s = game.state
    print(
        f"wrote {args.out} and {summary.name}: seed {game.record.seed}, "
        f"{len(game.record.actions)} actions, player {s.winner} wins"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
