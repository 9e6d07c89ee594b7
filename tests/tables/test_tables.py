"""The built-in tables give cover and room to play (R2, R3, R4, R6, R12, R22).

Each table but the open field has a witness: five card spots in player 1's zone, found by
``tools/gunner_cover.py --all --witnesses tests/tables/witnesses.json``. The witness is checked
here with the plain sight test, pose by pose over the reference grid of enemy Gunner poses (0.4 L,
10 degrees): no pose sees more than 2 of its cards, so a deployment meeting R2's figure exists.
Tables are mirror-symmetric across the line between the zones (checked too), so the same holds
for player 2. The tests also check that terrain keeps out of the zones and that straight lanes
lead from each zone to the middle of the table.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from serm.core.cover import FINE, REFERENCE, gunner_poses, most_seen, tall_of
from serm.core.geometry import (
    EPS,
    Vec,
    card_polygon,
    edge_contact,
    inside_rect,
    polygons_overlap,
    sweep_contact,
    unit,
)
from serm.core.record import scenario_from_dict
from serm.core.scenario import LIBRARY, Scenario, by_name, random_layout

WITNESSES = Path(__file__).with_name("witnesses.json")
SEEDS = range(50)
LIMIT = 2


def _witnesses() -> dict[str, list[list[float]]]:
    data: list[dict[str, Any]] = json.loads(WITNESSES.read_text(encoding="utf-8"))
    return {w["table"]: w["cards"] for w in data}


def _tables() -> list[Scenario]:
    named = [by_name(t.name) for t in LIBRARY if not t.seeded]
    return named + [random_layout(s) for s in SEEDS]


TABLES = _tables()
COVERED = [sc for sc in TABLES if sc.name != "open"]


def _zone_rect(sc: Scenario, player: int) -> tuple[Vec, ...]:
    z = sc.zone(player)
    return (Vec(z.x0, z.y0), Vec(z.x1, z.y0), Vec(z.x1, z.y1), Vec(z.x0, z.y1))


@pytest.mark.parametrize("sc", COVERED, ids=lambda sc: sc.name)
def test_a_witness_deployment_is_seen_in_at_most_2_cards(sc: Scenario) -> None:
    cards = _witnesses()[sc.name]
    polys = [card_polygon(Vec(x, y), f) for x, y, f in cards]
    z = sc.zone(1)
    assert len(polys) == 5
    for i, p in enumerate(polys):  # a legal deployment (R4, R6)
        assert inside_rect(p, z.x0, z.y0, z.x1, z.y1)
        assert not any(polygons_overlap(p, t.points) for t in sc.terrain)
        assert not any(polygons_overlap(p, q) for q in polys[i + 1 :])
    seen, pose = most_seen(polys, gunner_poses(sc, 2, REFERENCE), tall_of(sc))
    assert seen <= LIMIT, f"{sc.name}: the Gunner at {pose} sees {seen} of 5"


def test_the_default_witness_holds_on_a_grid_four_times_finer() -> None:
    """A recheck on a finer grid: the default table's witness against every pose of the 0.1 L,
    2.5-degree grid (about 137,000 poses; the slowest test here, some seconds)."""
    sc = by_name("default")
    polys = [card_polygon(Vec(x, y), f) for x, y, f in _witnesses()[sc.name]]
    seen, pose = most_seen(polys, gunner_poses(sc, 2, FINE), tall_of(sc))
    assert seen <= LIMIT, f"the Gunner at {pose} sees {seen} of 5"


def test_the_open_field_has_no_cover() -> None:
    """The deadly table: even five cards spread along the back of the zone, as far apart as they
    go, are all seen by one pose of the reference grid (``tests/core/test_cover.py`` searches
    for a better deployment on a coarse grid and finds none)."""
    sc = by_name("open")
    polys = [card_polygon(Vec(1.0 + 2.0 * i, 9.5), 0.0) for i in range(5)]
    assert most_seen(polys, gunner_poses(sc, 2, REFERENCE), ())[0] == 5


def test_every_table_but_the_open_field_has_a_witness() -> None:
    assert {sc.name for sc in COVERED} <= set(_witnesses())


@pytest.mark.parametrize("sc", TABLES, ids=lambda sc: sc.name)
def test_terrain_is_a_valid_table_clear_of_the_zones(sc: Scenario) -> None:
    assert scenario_from_dict(sc.to_dict()) == sc  # convex pieces, corners in order, on the table
    zones = [_zone_rect(sc, 1), _zone_rect(sc, 2)]
    for i, t in enumerate(sc.terrain):
        assert not any(polygons_overlap(t.points, z) for z in zones)  # R6: the whole zone is free
        assert all(0 <= p.x <= sc.width and 0 <= p.y <= sc.height for p in t.points)
        assert not any(polygons_overlap(t.points, u.points) for u in sc.terrain[i + 1 :])


@pytest.mark.parametrize("sc", TABLES, ids=lambda sc: sc.name)
def test_tables_are_mirror_symmetric(sc: Scenario) -> None:
    shapes = {
        (frozenset((round(p.x, 9), round(p.y, 9)) for p in t.points), t.tall) for t in sc.terrain
    }
    for t in sc.terrain:
        twin = frozenset((round(p.x, 9), round(sc.height - p.y, 9)) for p in t.points)
        assert (twin, t.tall) in shapes, t


def lanes(sc: Scenario, player: int) -> list[float]:
    """Where (x of the start) a card placed upright in the middle of ``player``'s zone can slide
    in a straight line, at most 30 degrees off straight ahead, until its centre reaches the line
    between the zones, touching no terrain and not the table edge (R3, R15, R16)."""
    z = sc.zone(player)
    y = (z.y0 + z.y1) / 2
    ahead = 0.0 if player == 1 else 180.0
    out = []
    for i in range(int(sc.width * 10) + 1):
        x = i / 10
        for off in (-30.0, -15.0, 0.0, 15.0, 30.0):
            bearing = ahead + off
            card = card_polygon(Vec(x, y), bearing)
            if not inside_rect(card, z.x0, z.y0, z.x1, z.y1):
                continue
            if any(polygons_overlap(card, t.points) for t in sc.terrain):
                continue
            d = unit(bearing)
            need = abs(y - sc.height / 2) / abs(d.y)
            stops = [sweep_contact(card, d, t.points) for t in sc.terrain]
            stops.append(edge_contact(card, d, sc.width, sc.height))
            if all(s is None or s >= need - EPS for s in stops):
                out.append(x)
                break
    return out


@pytest.mark.parametrize("sc", TABLES, ids=lambda sc: sc.name)
def test_lanes_lead_from_each_zone_to_the_middle(sc: Scenario) -> None:
    """At least two separate lanes per zone: starts at least 2 L apart."""
    for player in (1, 2):
        xs = lanes(sc, player)
        assert xs and max(xs) - min(xs) >= 2.0, (sc.name, player, xs)
