"""Rules version 1's sampled sight (``serm.core.los_sampled``) answers as it did, bit for bit.

``los_v1_reference`` is the version 1 module verbatim; the kept module is faster (pieces no line
can reach skipped, the last blocker tried first, floats instead of vectors) and counts its work.
Layouts are drawn on a quarter-L grid with right-angle facings as often as not, so sight lines
that graze a corner or run along an edge — where a changed computation would show — are common.
"""

from __future__ import annotations

import math

import los_v1_reference as reference
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from serm.core import los_sampled
from serm.core.errors import WorkLimitError
from serm.core.geometry import Vec, card_polygon, convex_hull
from serm.core.scenario import Terrain

GRID = st.integers(0, 40).map(lambda k: k / 4)
FACINGS = st.one_of(
    st.sampled_from([0.0, 45.0, 90.0, 135.0, 180.0, 225.0, 270.0, 315.0]),
    st.floats(0.0, 360.0, allow_nan=False),
)


@st.composite
def pieces(draw: st.DrawFn) -> Terrain:
    if draw(st.booleans()):  # a rectangle on the grid: edges in line with grid points
        x, y = draw(GRID), draw(GRID)
        w, h = draw(st.integers(1, 8)) / 4, draw(st.integers(1, 8)) / 4
        pts = (Vec(x, y), Vec(x + w, y), Vec(x + w, y + h), Vec(x, y + h))
        return Terrain("R", pts, True)
    cx, cy, r = draw(GRID), draw(GRID), draw(st.floats(0.2, 1.5))
    n = draw(st.integers(3, 9))
    turn = draw(st.floats(0, 2 * math.pi))
    raw = [
        Vec(
            cx + r * math.cos(turn + 2 * math.pi * i / n),
            cy + r * math.sin(turn + 2 * math.pi * i / n),
        )
        for i in range(n)
    ]
    hull = convex_hull(raw)
    if len(hull) < 3:
        hull = (Vec(cx, cy), Vec(cx + 0.5, cy), Vec(cx, cy + 0.5))
    return Terrain("P", hull, True)


VIEWERS = st.tuples(st.tuples(GRID, GRID).map(lambda p: Vec(*p)), FACINGS, st.booleans())
TALL = st.lists(pieces(), min_size=0, max_size=6).map(tuple)
SAME = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SAME
@given(viewer=VIEWERS, at=st.tuples(GRID, GRID), facing=FACINGS, tall=TALL)
def test_sees_answers_as_version_1(
    viewer: reference.Viewer, at: tuple[float, float], facing: float, tall: tuple[Terrain, ...]
) -> None:
    target = card_polygon(Vec(*at), facing)
    assert los_sampled.sees(viewer, target, tall) == reference.sees(viewer, target, tall)


@SAME
@given(
    viewer=VIEWERS,
    corners=st.lists(st.tuples(GRID, GRID).map(lambda p: Vec(*p)), min_size=2, max_size=5),
    facing=FACINGS,
    cut=st.floats(0.0, 1.2),
    tall=TALL,
)
def test_first_sighting_answers_as_version_1(
    viewer: reference.Viewer,
    corners: list[Vec],
    facing: float,
    cut: float,
    tall: tuple[Terrain, ...],
) -> None:
    path = tuple(corners)
    length = sum((path[i + 1] - path[i]).length() for i in range(len(path) - 1))
    halt = length * min(cut, 1.0)
    got = los_sampled.first_sighting(viewer, facing, path, halt, tall)
    want = reference.first_sighting(viewer, facing, path, halt, tall)
    assert got == want


def test_work_is_counted_and_limited() -> None:
    viewer = (Vec(5.0, 9.0), 0.0, False)
    halves = (  # a wall in two overlapping halves: neither hides the whole move alone
        Terrain("W", (Vec(2, 5), Vec(6, 5), Vec(6, 5.5), Vec(2, 5.5)), True),
        Terrain("W", (Vec(5, 5), Vec(8, 5), Vec(8, 5.5), Vec(5, 5.5)), True),
    )
    path = (Vec(5.0, 1.0), Vec(9.0, 1.0))
    with los_sampled.work_limit(10**9) as meter:
        assert los_sampled.first_sighting(viewer, 0.0, path, 4.0, halves) is None
    assert meter.used > 80 * los_sampled.POSITION_WORK  # every 0.05 L of 4 L was tested
    with pytest.raises(WorkLimitError), los_sampled.work_limit(meter.used // 2):
        los_sampled.first_sighting(viewer, 0.0, path, 4.0, halves)
    assert los_sampled.first_sighting(viewer, 0.0, path, 4.0, halves) is None  # no limit here
    wall = (Terrain("W", (Vec(2, 5), Vec(8, 5), Vec(8, 5.5), Vec(2, 5.5)), True),)
    with los_sampled.work_limit(10**9) as whole:
        assert los_sampled.first_sighting(viewer, 0.0, path, 4.0, wall) is None
    assert whole.used < meter.used / 10  # one piece hides the whole stretch: decided at once


def test_a_seeded_sweep_of_grid_layouts_answers_as_version_1() -> None:
    """Thousands of layouts on a quarter-L grid with rectangles: touching cards, lines along
    edges, viewers inside terrain (never legal, still answered the same)."""
    import random

    rng = random.Random(7)

    def g() -> float:
        return rng.randint(0, 40) / 4

    for i in range(2500):
        tall = []
        for _ in range(rng.randint(1, 5)):
            x, y, w, h = g(), g(), rng.randint(1, 8) / 4, rng.randint(1, 8) / 4
            pts = (Vec(x, y), Vec(x + w, y), Vec(x + w, y + h), Vec(x, y + h))
            tall.append(Terrain("R", pts, True))
        terrain = tuple(tall)
        viewer = (Vec(g(), g()), rng.choice([0.0, 90.0, 180.0, 270.0, 45.0]), rng.random() < 0.3)
        target = card_polygon(Vec(g(), g()), rng.choice([0.0, 90.0, 30.0]))
        assert los_sampled.sees(viewer, target, terrain) == reference.sees(viewer, target, terrain)
        if i % 4 == 0:
            path = (Vec(g(), g()), Vec(g(), g()), Vec(g(), g()))
            halt = sum((path[k + 1] - path[k]).length() for k in range(2))
            facing = rng.choice([0.0, 90.0])
            got = los_sampled.first_sighting(viewer, facing, path, halt, terrain)
            assert got == reference.first_sighting(viewer, facing, path, halt, terrain)
