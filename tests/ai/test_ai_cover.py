"""The computer uses cover: exposure to an enemy Gunner at deployment, and moves into cover."""

from __future__ import annotations

import random
from dataclasses import replace

from serm.ai import STRENGTHS, brawler, make_player
from serm.ai.deploy import pose_threat
from serm.ai.deploy_cover import Grid, ZoneSight, bits, grid_poses, poses_for, zone_sight
from serm.ai.plans import Planner
from serm.core import queries as q
from serm.core.actions import Move, Place
from serm.core.game import Game
from serm.core.geometry import Vec, card_polygon, inside_rect, polygons_overlap, unit
from serm.core.los import sees
from serm.core.scenario import Scenario, Terrain, by_name
from serm.core.state import Pending, PendingKind, Soldier, State, Status, new_game


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


def arrange(
    sc: Scenario, spots: dict[tuple[int, str], tuple[float, float, float]], activation: int = 1
) -> State:
    """Player 1 to act (in the game's ``activation``) with only the listed cards in the game."""
    soldiers = tuple(
        Soldier(s.player, s.card, *spots[(s.player, s.card)], placed=True)
        if (s.player, s.card) in spots
        else Soldier(s.player, s.card, placed=True, alive=False)
        for s in new_game(sc).soldiers
    )
    return State(
        sc,
        soldiers,
        Status.PLAYING,
        Pending(PendingKind.ACT, 1),
        initiative=1,
        first_placer=2,
        activation_number=activation,
    )


def gunner_in_the_lane(brawler_facing: float) -> State:
    """Player 1's Gunner stands in the lane between two walls, facing sideways: the enemy Gunner
    sees it down the lane and it cannot shoot back (R22: turning is its Move). An enemy Brawler
    (React 2) stands at the east end of player 1's zone, facing up it or away. Activation 3,
    past the opening: the enemy Gunner may shoot in its next activation (R5, Opening)."""
    return arrange(
        walled(),
        {
            (1, "gunner"): (5.0, 7.8, 90.0),
            (1, "armored"): (2.0, 9.0, 0.0),
            (2, "gunner"): (5.0, 1.0, 180.0),
            (2, "brawler"): (8.6, 9.3, brawler_facing),
        },
        activation=3,
    )


def test_a_soldier_in_a_gunners_sight_moves_into_cover() -> None:
    state = gunner_in_the_lane(180.0)
    mine, theirs = state.soldier(1, "gunner"), state.soldier(2, "gunner")
    assert q.sees_soldier(state, theirs, mine) and not q.sees_soldier(state, mine, theirs)
    for kind in ("normal", "hard"):
        action = make_player(kind, 1).decide(state)
        assert isinstance(action, Move) and action.direction is not None, (kind, action)
        # three L along its way (the median Move of one die) it is out of the Gunner's sight
        end = mine.pos + unit(action.direction) * 3.0
        moved = replace(mine, x=end.x, y=end.y, facing=action.facing or mine.facing)
        assert not q.sees_soldier(state.with_soldier(moved), theirs, moved), (kind, action)


def test_a_move_weighs_the_react_it_may_meet_on_the_way() -> None:
    """The same Move scores lower when an enemy with a better React pool faces its path (R18,
    R19: only one React is declared, so the best pool counts), and the other way is unchanged.
    The Brawler's facing changes nothing else: it cannot shoot and it rams whichever way it faces.
    """
    scores = {}
    for facing in (0.0, 180.0):  # up the zone, toward the path's east end; away
        state = gunner_in_the_lane(facing)
        pl = Planner(state, STRENGTHS["hard"], random.Random(1))
        g = state.soldier(1, "gunner")
        for d in (90.0, 270.0):
            mover = replace(g, facing=d)
            scores[facing, d] = pl.move_score(mover, d, False)
            reactors = [c for c, _ in pl.reactors_along(mover, d, 6.0)]
            assert ("brawler" in reactors) == (facing == 0.0 and d == 90.0)
    assert scores[0.0, 90.0] < scores[180.0, 90.0] - 0.02
    assert scores[0.0, 270.0] == scores[180.0, 270.0]


def test_the_enemy_gunner_is_not_weighed_where_its_own_cards_stand() -> None:
    """At deployment the only poses of the grid that see my Ranger are taken by enemy cards
    already placed: the enemy Gunner cannot stand there (R4), so they threaten nothing; with
    the enemy cards elsewhere the same poses do."""
    grid = Grid(2.4, 1, 30.0, 0.0)  # five poses across the middle of the enemy zone
    cfg = replace(STRENGTHS["normal"], cover=grid)
    zs = zone_sight(by_name("default"), 1, grid)
    list(zs.extend(len(zs.poses)))

    def threat(armored: float, assault: float) -> float:
        game = Game(by_name("default"), 3)
        game.roll_pending()
        for place in (
            Place("ranger", 0.6, 9.0, 0.0),
            Place("armored", armored, 1.0, 180.0),
            Place("gunner", 5.0, 9.0, 0.0),  # behind the wall: no pose sees it
            Place("assault", assault, 1.0, 180.0),
        ):
            game.play(place)
        pl = Planner(game.state, cfg, random.Random(1))
        assert pl.me == 1
        return pose_threat(pl, pl.board, zs, len(zs.poses))

    ranger = zs.mask(card_polygon(Vec(0.6, 9.0), 0.0), len(zs.poses))
    assert [(zs.poses[i][0].x, zs.poses[i][0].y) for i in bits(ranger)] == [
        (zs.poses[0][0].x, 1.0),
        (zs.poses[1][0].x, 1.0),
    ]
    assert threat(6.5, 8.5) > 0
    assert threat(zs.poses[0][0].x, zs.poses[1][0].x) == 0


def brawler_in_the_lane() -> State:
    """Player 1's Brawler stands in the lane between two walls, where the enemy Gunner (React 1)
    sees it down the lane and no enemy is close enough to ram; activation 3, past the opening."""
    return arrange(
        walled(),
        {
            (1, "brawler"): (5.0, 7.8, 0.0),
            (1, "armored"): (2.0, 9.0, 0.0),
            (2, "gunner"): (5.0, 1.0, 180.0),
            (2, "armored"): (8.0, 1.0, 180.0),
        },
        activation=3,
    )


def test_a_brawler_weighs_going_out_of_sight_when_it_declares() -> None:
    """The Brawler declares no direction (R17). Hard weighs, beside the rams, the spots it can go
    to (``Config.brawler_spots``): out of the lane, past the Gunner's sight, its declaration
    scores above staying put, though the Gunner may React on the way (R18, R19). Normal weighs
    only rams and staying, so with nothing to ram its declaration is worth staying put."""
    state = brawler_in_the_lane()
    b, g = state.soldier(1, "brawler"), state.soldier(2, "gunner")
    assert q.sees_soldier(state, g, b)
    scores = {}
    for kind in ("normal", "hard"):
        pl = Planner(state, STRENGTHS[kind], random.Random(1))
        spots = list(brawler.spot_steps(pl, b))  # a pause after each direction
        assert len(spots) == STRENGTHS[kind].brawler_spots
        steps = brawler.spot_steps(pl, b)
        while True:
            try:
                next(steps)
            except StopIteration as done:
                found = done.value
                break
        assert bool(found) == (kind == "hard")
        scores[kind] = (brawler.declare_score(pl, b, found), pl.score(pl.board))
    assert scores["normal"][0] == scores["normal"][1]
    declared, stay = scores["hard"]
    assert declared > stay + 0.2
    action = make_player("hard", 1).decide(state)
    assert action == Move("brawler", None), action
