"""The computer uses cover: exposure to an enemy Gunner at deployment, and moves into cover."""

from __future__ import annotations

import random

from serm.ai import make_player
from serm.ai.exposure import Grid, ZoneSight, grid_poses, poses_for, zone_sight
from serm.core.game import Game
from serm.core.geometry import Vec, card_polygon, inside_rect, polygons_overlap
from serm.core.los import sees
from serm.core.scenario import Scenario, Terrain, by_name
from serm.core.state import PendingKind


def rect(name: str, x0: float, y0: float, x1: float, y1: float, tall: bool) -> Terrain:
    return Terrain(name, (Vec(x0, y0), Vec(x1, y0), Vec(x1, y1), Vec(x0, y1)), tall)


def walled() -> Scenario:
    """Two tall walls in front of each zone with a lane between them, crates in the middle."""
    pieces = [rect("Wall", 1.0, 6.6, 4.2, 7.0, True), rect("Wall", 5.8, 6.6, 9.0, 7.0, True)]
    pieces += [rect("Wall", 1.0, 3.0, 4.2, 3.4, True), rect("Wall", 5.8, 3.0, 9.0, 3.4, True)]
    pieces.append(rect("Crates", 4.3, 4.6, 5.7, 5.4, False))
    base = by_name("default")
    return Scenario("walled", 10.0, 10.0, base.zones, tuple(pieces))


def cards_in_zone(sc: Scenario, player: int, count: int, seed: int) -> list[tuple[Vec, ...]]:
    z = sc.zone(player)
    rng = random.Random(seed)
    out: list[tuple[Vec, ...]] = []
    while len(out) < count:
        x, y = rng.uniform(z.x0, z.x1), rng.uniform(z.y0, z.y1)
        poly = card_polygon(Vec(x, y), rng.uniform(0.0, 360.0))
        if inside_rect(poly, z.x0, z.y0, z.x1, z.y1) and not any(
            polygons_overlap(poly, t.points) for t in sc.terrain
        ):
            out.append(poly)
    return out


def test_masks_agree_with_the_exact_sight_test() -> None:
    """A card's mask has bit i exactly when pose i sees it (R11, R12), with walls and gaps."""
    for sc in (walled(), by_name("random", 5)):
        zs = ZoneSight(sc, 1, Grid(1.6, 2, 30.0, 60.0))
        list(zs.extend(len(zs.poses)))
        for card in cards_in_zone(sc, 1, 12, 3):
            mask = zs.mask(card, len(zs.poses))
            want = [sees(v, card, zs.tall) for v in zs.poses]
            assert [bool(mask >> i & 1) for i in range(len(zs.poses))] == want


def test_poses_face_the_other_zone_and_every_prefix_is_spread() -> None:
    sc = walled()
    poses = grid_poses(sc, 2, Grid(0.8, 2, 20.0, 60.0))
    assert poses and all(abs((f - 180.0 + 180.0) % 360.0 - 180.0) <= 60.0 for _, f, _ in poses)
    fifth = poses[: len(poses) // 5]
    xs = [p.x for p, _, _ in fifth]
    assert min(xs) < 2.5 and max(xs) > 7.5  # the first fifth already spans the zone
    assert poses_for(100, 0, 5) == 20 and poses_for(100, 4, 5) == 100


def test_the_cells_of_a_table_are_kept_and_filled_as_needed() -> None:
    sc, grid = walled(), Grid(1.6, 2, 30.0, 60.0)
    zs = zone_sight(sc, 1, grid)
    assert zone_sight(sc, 1, grid) is zs
    steps = list(zs.extend(3))
    assert len(zs.cells) >= 3 and len(steps) <= 3  # one slice per new pose


def most_seen(sc: Scenario, player: int, cards: list[tuple[Vec, ...]]) -> int:
    """The most of ``cards`` one pose of the enemy Gunner sees (fine grid, exact test)."""
    tall = tuple(t for t in sc.terrain if t.tall)
    poses = grid_poses(sc, 3 - player, Grid(0.4, 4, 10.0, 80.0))
    return max(sum(sees(v, c, tall) for c in cards) for v in poses)


def deploy(sc: Scenario, kind: str, seed: int) -> tuple[int, list[tuple[Vec, ...]]]:
    """The side that places first deploys all five cards (the enemy Gunner still in hand)."""
    game = Game(sc, seed)
    game.roll_pending()
    me = game.state.first_placer
    players = {me: make_player(kind, seed), 3 - me: make_player("greedy", seed)}
    while True:
        p = game.state.pending
        assert p is not None and p.kind == PendingKind.PLACE
        if p.player != me and sum(s.placed for s in game.state.alive(p.player)) == 4:
            break
        game.play(players[p.player].decide(game.state))
    return me, [s.polygon() for s in game.state.alive(me)]


def test_normal_and_hard_deploy_out_of_a_last_placed_gunners_sight() -> None:
    """Behind walls, the best pose of the enemy Gunner (placed last, R5) sees at most 2 of the
    five cards normal and hard deploy; greedy, which ignores cover, leaves more in sight."""
    sc = walled()
    for kind in ("normal", "hard"):
        for seed in (1, 2):
            me, cards = deploy(sc, kind, seed)
            assert most_seen(sc, me, cards) <= 2, (kind, seed)
    exposed = [most_seen(sc, *deploy(sc, "greedy", seed)) for seed in (1, 2)]
    assert max(exposed) >= 3
