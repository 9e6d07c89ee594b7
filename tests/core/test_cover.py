"""The cover and exposure module (R2, R5, R6, R12, R22): pose grids, masks, the bit-sliced
counts, the deployment search, all checked against the plain sight test (``los.sees``)."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest

from serm.core import cover
from serm.core.cover import (
    REFERENCE,
    Resolution,
    best_deployment,
    bits,
    clashes,
    counts,
    deployments,
    grid_poses,
    gunner_poses,
    most_seen,
    seen_mask,
    tall_of,
    tally,
    worst,
)
from serm.core.geometry import (
    CARD_WIDTH,
    Vec,
    card_polygon,
    inside_rect,
    polygons_overlap,
)
from serm.core.los import sees
from serm.core.scenario import Scenario, Terrain, open_field

WALL = Terrain("Wall", (Vec(3.0, 6.7), Vec(7.0, 6.7), Vec(7.0, 7.1), Vec(3.0, 7.1)), True)
"""A long tall wall in front of player 1's zone."""
COARSE = Resolution(1.2, 30.0)
"""A grid coarse enough for the suite (also under Pyodide)."""


def _walled() -> Scenario:
    return replace(open_field(), name="walled", terrain=(WALL,))


def test_pose_grid_covers_the_zone_ends_included() -> None:
    sc = open_field()
    poses = grid_poses(sc, 2, 0.4, (0.0, 90.0, 135.0))
    z = sc.zone(2)
    for pos, f in poses:
        assert inside_rect(card_polygon(pos, f), z.x0, z.y0, z.x1, z.y1)
    upright = sorted({p.x for p, f in poses if f == 0.0})
    gaps = [b - a for a, b in zip(upright, upright[1:], strict=False)]
    assert max(gaps) <= 0.4 + 1e-9
    assert upright[0] == pytest.approx(CARD_WIDTH / 2) and upright[-1] == pytest.approx(
        10 - CARD_WIDTH / 2
    )
    rows = sorted({p.y for p, f in poses if f == 0.0})
    assert rows[0] == pytest.approx(0.5) and rows[-1] == pytest.approx(1.5)  # the zone's edges
    assert {f for _, f in poses} == {0.0, 90.0, 135.0}


def test_poses_keep_clear_of_terrain() -> None:
    crate = Terrain("Crate", (Vec(4, 0), Vec(6, 0), Vec(6, 1.2), Vec(4, 1.2)), False)
    sc = replace(open_field(), terrain=(crate,))
    poses = gunner_poses(sc, 2, COARSE)
    assert poses.viewers and not any(
        polygons_overlap(card_polygon(p, f), crate.points) for p, f, _ in poses.viewers
    )
    assert all(not ranger for _, _, ranger in poses.viewers)  # the Gunner is not all-round


def test_seen_mask_is_the_sight_test_pose_by_pose() -> None:
    """The quick rejection never drops a pose that sees the card; slices OR together."""
    sc = _walled()
    poses = gunner_poses(sc, 2, Resolution(0.8, 20.0))
    tall = tall_of(sc)
    rng = random.Random(3)
    for _ in range(6):
        card = card_polygon(Vec(rng.uniform(0.4, 9.6), rng.uniform(8.5, 9.5)), rng.uniform(0, 360))
        mask = seen_mask(card, poses, tall)
        expected = sum(1 << i for i, v in enumerate(poses.viewers) if sees(v, card, tall))
        assert mask == expected
        half = len(poses) // 2
        assert seen_mask(card, poses, tall, 0, half) | seen_mask(card, poses, tall, half) == mask


def test_counts_from_bit_slices() -> None:
    rng = random.Random(1)
    for _ in range(200):
        masks = [rng.getrandbits(30) for _ in range(rng.randint(0, 7))]
        plain = [sum(m >> j & 1 for m in masks) for j in range(30)]
        assert counts(masks, 30) == plain
        top, where = worst(masks)
        assert top == max(plain, default=0)
        assert bits(where) == ([j for j in range(30) if plain[j] == top] if top else [])
        for limit in range(8):
            over = cover._above(tally(masks), limit)
            assert bits(over) == [j for j in range(30) if plain[j] > limit]


def test_deployment_search_on_hand_made_masks() -> None:
    # four spots; poses 0-2. Spots 0 and 1 overlap each other.
    masks = [0b001, 0b011, 0b110, 0b100]
    clash = [0b0010, 0b0001, 0, 0]
    found, complete = deployments(masks, clash, 2, 0)
    assert found == [] and complete  # every spot is seen: no pair hidden from all poses
    found, complete = deployments(masks, clash, 3, 1)
    assert found == [] and complete  # 0 and 1 clash; {0,2,3} and {1,2,3} put pose 2 on two
    found, _ = deployments(masks, clash, 3, 2)
    assert found and not any(clash[a] >> b & 1 for a in found[0] for b in found[0])
    found, complete = deployments(masks, clash, 2, 1, keep=10)
    assert sorted(found) == [(0, 2), (0, 3), (1, 3)] and complete


def test_clashes_are_overlaps() -> None:
    spots = grid_poses(open_field(), 1, 0.5, (0.0, 90.0))[:40]
    polys = [card_polygon(*s) for s in spots]
    for i, m in enumerate(clashes(spots)):
        assert bits(m) == [
            j for j in range(len(spots)) if j != i and polygons_overlap(polys[i], polys[j])
        ]


def test_the_poses_left_clear_are_those_that_overlap_no_card_placed() -> None:
    """``clear_mask`` against the engine's overlap test (R4), touching cards included (C14)."""
    poses = gunner_poses(open_field(), 2, Resolution(0.4, 30.0))
    rng = random.Random(5)
    cards = [
        (Vec(rng.uniform(0.6, 9.4), rng.uniform(0.6, 1.4)), rng.uniform(0, 360)) for _ in range(3)
    ]
    c, f, _ = poses.viewers[7]
    side = Vec(CARD_WIDTH * math.cos(math.radians(f)), CARD_WIDTH * math.sin(math.radians(f)))
    cards.append((c + side, f))  # touches pose 7 along its long edge
    polys = [card_polygon(*card) for card in cards]
    mask = cover.clear_mask(poses, cards)
    assert mask >> 7 & 1, "a card that only touches leaves the pose open"
    for i, (c, f, _) in enumerate(poses.viewers):
        blocked = any(polygons_overlap(card_polygon(c, f), p) for p in polys)
        assert bool(mask >> i & 1) is not blocked, i


def test_best_deployment_holds_against_every_pose_of_its_grid() -> None:
    """What the search reports is what the plain sight test finds, pose by pose."""
    sc = _walled()
    found = best_deployment(sc, resolution=COARSE, spot_step=0.5)
    polys = [card_polygon(c, f) for c, f in found.cards]
    z = sc.zone(1)
    assert len(polys) == 5
    for i, p in enumerate(polys):
        assert inside_rect(p, z.x0, z.y0, z.x1, z.y1)
        assert not polygons_overlap(p, WALL.points)
        assert not any(polygons_overlap(p, q) for q in polys[i + 1 :])
    poses = gunner_poses(sc, 2, COARSE)
    assert most_seen(polys, poses, (WALL,))[0] == found.seen
    assert found.seen <= 2 and found.poses == len(poses) and found.used <= len(poses)
    if found.worst_pose is not None:
        assert sum(sees(found.worst_pose, p, (WALL,)) for p in polys) == found.seen


def test_the_open_field_hides_nothing() -> None:
    found = best_deployment(open_field(), resolution=COARSE, spot_step=0.5, budget=2000)
    assert found.seen == 5  # one Gunner pose sees every card of every deployment found


def test_reference_grid() -> None:
    assert (REFERENCE.step, REFERENCE.facing_step) == (0.4, 10.0)
    assert (cover.FINE.step, cover.FINE.facing_step) == (0.1, 2.5)


def test_exposure_by_position_takes_the_best_facing() -> None:
    sc = _walled()
    poses = gunner_poses(sc, 2, COARSE)
    cards = [card_polygon(Vec(x, 9.0), 0.0) for x in (1.0, 5.0, 9.0)]
    masks = [seen_mask(c, poses, (WALL,)) for c in cards]
    spots = cover.by_position(poses, masks)

    def key(p: Vec) -> tuple[float, float]:
        return round(p.x, 9), round(p.y, 9)

    assert len({key(p) for p, _, _ in spots}) == len(spots)
    assert {key(p) for p, _, _ in spots} == {key(p) for p, _, _ in poses.viewers}
    for pos, n, facing in spots:
        assert n == sum(sees((pos, facing, False), c, (WALL,)) for c in cards)
        here = [v for v in poses.viewers if key(v[0]) == key(pos)]
        assert n == max(sum(sees(v, c, (WALL,)) for c in cards) for v in here)


def test_cover_map_holds_every_spots_mask() -> None:
    sc = _walled()
    cm = cover.cover_map(sc, 1, COARSE, spot_step=1.0, spot_facings=(0.0,))
    assert cm.player == 1 and len(cm.poses) == len(gunner_poses(sc, 2, COARSE))
    assert cm.spots == grid_poses(sc, 1, 1.0, (0.0,))
    for spot, mask in zip(cm.spots, cm.masks, strict=True):
        assert mask == seen_mask(card_polygon(*spot), cm.poses, (WALL,))
    assert cm.clash == clashes(cm.spots)
