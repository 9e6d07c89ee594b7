"""Line of sight (R11, R12, R13) and where a sliding card first comes into sight (R18)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from helpers import arrange

from serm.core.geometry import (
    CARD_WIDTH,
    EPS,
    Vec,
    card_polygon,
    point_in_polygon,
    segment_crosses_interior,
)
from serm.core.los import (
    first_sighting,
    region_polygon,
    sees,
    sight_line,
    sight_partition,
    visible_part,
)
from serm.core.queries import sees_soldier, visible_enemies
from serm.core.scenario import Terrain, open_field

HW = CARD_WIDTH / 2
EYE = (Vec(5, 5), 0.0, False)
"""A non-Ranger at (5, 5) facing up the screen: top edge y = 4.5, from x = 5 - HW to 5 + HW."""


def pt(x: float, y: float) -> tuple[Vec, ...]:
    """A target shrunk to one point."""
    return (Vec(x, y),)


def wall(x0: float, y0: float, x1: float, y1: float, tall: bool = True) -> Terrain:
    pts = (Vec(x0, y0), Vec(x1, y0), Vec(x1, y1), Vec(x0, y1))
    return Terrain("Wall" if tall else "Crates", pts, tall)


# --- R11: the region -----------------------------------------------------------------------------


def test_points_straight_ahead_are_seen() -> None:
    assert sees(EYE, pt(5, 4.4), ())
    assert sees(EYE, pt(5, 0.1), ())
    assert sees(EYE, pt(5 + HW, 4.0), ())  # ahead of a top corner


def test_points_on_the_45_degree_rays_count() -> None:
    for beyond in (0.25, 1.0, 3.0):
        assert sees(EYE, pt(5 + HW + beyond, 4.5 - beyond), ())
        assert sees(EYE, pt(5 - HW - beyond, 4.5 - beyond), ())


def test_points_just_outside_the_rays_do_not() -> None:
    for beyond in (0.25, 1.0, 3.0):
        assert not sees(EYE, pt(5 + HW + beyond + 1e-6, 4.5 - beyond), ())
        assert not sees(EYE, pt(5 - HW - beyond - 1e-6, 4.5 - beyond), ())


def test_points_on_the_top_edge_line_do_not_count() -> None:
    assert not sees(EYE, pt(5, 4.5), ())
    assert not sees(EYE, pt(5 + HW, 4.5), ())  # the corner itself, where the ray starts
    assert not sees(EYE, pt(5, 4.5 - EPS / 2), ())  # within the tolerance of the line
    assert sees(EYE, pt(5, 4.5 - 1e-6), ())


def test_behind_and_beside_are_never_seen() -> None:
    for x, y in ((5, 6), (5, 5), (5, 9), (8, 5), (2, 5), (8, 4.6), (5 + HW + 0.02, 4.49)):
        assert not sees(EYE, pt(x, y), ()), (x, y)


def test_a_card_touching_the_top_edge_from_ahead_is_not_seen() -> None:
    # a card whose bottom edge lies on the viewer's top-edge line, right in front: only the line
    target = card_polygon(Vec(5, 4.0), 0)
    assert sees(EYE, target, ())  # it reaches beyond the line
    beside = card_polygon(Vec(5 + 2.0, 5.0), 0)  # level with the viewer, off to the side
    assert not sees(EYE, beside, ())


def test_region_turns_with_the_facing() -> None:
    east = (Vec(5, 5), 90.0, False)
    assert sees(east, pt(7, 5), ())
    assert not sees(east, pt(3, 5), ())
    assert not sees(east, pt(5, 3), ())
    diag = (Vec(5, 5), 45.0, False)
    assert sees(diag, pt(7, 3), ())
    assert not sees(diag, pt(3, 7), ())


def test_visible_part_is_the_card_clipped_to_the_region() -> None:
    target = card_polygon(Vec(5, 2), 90)  # lying across the view, fully inside
    part = visible_part(EYE, target)
    assert set(part) == set(target)
    half_in = card_polygon(Vec(5 + HW + 2.5, 2.0), 0)  # straddles the right ray
    part = visible_part(EYE, half_in)
    assert part and len(part) >= 3 and set(part) != set(half_in)
    for p in part:  # every corner of the visible part lies in the region
        beyond = 4.5 - p.y
        assert beyond >= -1e-12 and abs(p.x - 5) <= HW + beyond + 1e-12
    assert visible_part(EYE, card_polygon(Vec(5, 8), 0)) == ()


def test_region_polygon_for_drawing() -> None:
    poly = region_polygon(EYE, 2.0)
    assert len(poly) == 4
    assert point_in_polygon(Vec(5, 3.5), poly)
    assert point_in_polygon(Vec(5 + HW + 1.9, 2.6), poly)
    assert region_polygon((Vec(5, 5), 0.0, True), 2.0) == ()


# --- R12: tall terrain -------------------------------------------------------------------------


def test_tall_terrain_blocks_fully() -> None:
    target = card_polygon(Vec(5, 1.5), 0)
    assert sees(EYE, target, ())
    assert not sees(EYE, target, (wall(2.0, 3.0, 8.0, 3.5),))


def test_tall_terrain_blocks_partially() -> None:
    """Half hidden: the other half still shows along a clear sight line."""
    target = card_polygon(Vec(5, 1.5), 0)
    left_half = wall(2.0, 3.0, 5.0, 3.5)
    assert sees(EYE, target, (left_half,))


def test_sight_line_grazing_the_terrain_corner_is_clear() -> None:
    target = card_polygon(Vec(5, 1.5), 0)
    # The wall ends exactly on the line from the viewer's right corner to the target's right edge.
    edge = wall(2.0, 3.0, 5 + HW, 3.5)
    assert sees(EYE, target, (edge,))


def test_terrain_beside_the_line_does_not_block() -> None:
    target = card_polygon(Vec(5, 1.5), 0)
    assert sees(EYE, target, (wall(7.5, 2.0, 9.0, 4.0), wall(0.5, 2.0, 2.0, 4.0)))


def test_sight_lines_leave_from_the_top_edge_not_the_centre() -> None:
    # A narrow post right in front of the centre of the top edge, hiding a thin target.
    post = wall(4.9, 4.0, 5.1, 4.2)
    target = card_polygon(Vec(5, 1.0), 0)
    assert sees(EYE, target, (post,))


def test_only_tall_terrain_is_passed_to_sees_by_the_rules() -> None:
    low = wall(2.0, 3.0, 8.0, 3.5, tall=False)
    scenario = replace(open_field(), terrain=(low,))
    state = arrange(
        {(1, "assault"): (5, 5, 0), (2, "assault"): (5, 1.5, 0)},
        scenario=scenario,
        others=False,
    )
    me, enemy = state.soldier(1, "assault"), state.soldier(2, "assault")
    assert sees_soldier(state, me, enemy)  # low terrain never blocks LOS (R3)


def test_tall_terrain_in_a_state_blocks() -> None:
    tall = wall(2.0, 3.0, 8.0, 3.5)
    scenario = replace(open_field(), terrain=(tall,))
    state = arrange(
        {(1, "assault"): (5, 5, 0), (2, "assault"): (5, 1.5, 0)},
        scenario=scenario,
        others=False,
    )
    me, enemy = state.soldier(1, "assault"), state.soldier(2, "assault")
    assert not sees_soldier(state, me, enemy)
    assert visible_enemies(state, me) == ()


# --- R13: the Ranger -----------------------------------------------------------------------------


def test_ranger_sees_all_round() -> None:
    ranger = (Vec(5, 5), 0.0, True)
    for x, y in ((5, 8), (8, 5), (2, 5), (5, 2), (5, 5.6)):
        assert sees(ranger, card_polygon(Vec(x, y), 0), ())


def test_ranger_is_still_blocked_by_tall_terrain() -> None:
    ranger = (Vec(5, 5), 0.0, True)
    behind = card_polygon(Vec(5, 8.5), 0)
    assert sees(ranger, behind, ())
    assert not sees(ranger, behind, (wall(1.0, 6.5, 9.0, 7.0),))
    # a wall only in front of it does not matter for a target behind
    assert sees(ranger, behind, (wall(1.0, 3.0, 9.0, 3.5),))


def test_ranger_sight_lines_leave_from_anywhere_on_its_card() -> None:
    target = card_polygon(Vec(8, 5), 0)  # level with the viewer, to its right
    # A post that hides the target from every point of the top edge (y = 4.5) but not from the
    # bottom-right corner (5 + HW, 5.5), whose line to the target's bottom-left corner is clear.
    post = wall(6.0, 3.0, 6.2, 5.05)
    ranger = (Vec(5, 5), 0.0, True)
    assert sees(ranger, target, (post,))
    top = [Vec(5 - HW + i * HW / 2, 4.5) for i in range(5)]
    corners = list(target) + [Vec(8, 5)]
    assert all(segment_crosses_interior(a, b, post.points) for a in top for b in corners)
    taller = wall(6.0, 3.0, 6.2, 6.0)  # now every line from the card is cut
    assert not sees(ranger, target, (taller,))


# --- soldiers never block LOS --------------------------------------------------------------------


def test_soldiers_never_block_line_of_sight() -> None:
    state = arrange(
        {
            (1, "assault"): (5, 7, 0),
            (1, "armored"): (5, 5, 0),  # a friend right in front
            (2, "armored"): (5, 3.5, 0),  # an enemy in front of the target
            (2, "assault"): (5, 2, 0),
        },
        others=False,
    )
    me = state.soldier(1, "assault")
    seen = {e.card for e in visible_enemies(state, me)}
    assert seen == {"armored", "assault"}


# --- R18 sampling of a path ---------------------------------------------------------------------


VIEWER = (Vec(5, 1), 180.0, False)
"""Looking down the table: top edge y = 1.5; at y = 3.5 (2 L beyond) it sees |x - 5| <= HW + 2."""
CROSSING = (Vec(0.5, 3), Vec(9.5, 3))
"""A mover (spanning y 2.5 to 3.5) crossing left to right: it enters the region when its
bottom-right corner (x = 0.5 + HW + d) reaches x = 5 - HW - 2, after d = 2.5 - 2 HW."""
ENTRY = 2.5 - 2 * HW


def test_first_sighting_finds_the_entry_exactly() -> None:
    d = first_sighting(VIEWER, 0.0, CROSSING, 9.0, ())
    assert d is not None and d == pytest.approx(ENTRY, abs=1e-9)
    assert sees(VIEWER, card_polygon(Vec(0.5 + d, 3), 0), ())
    assert not sees(VIEWER, card_polygon(Vec(0.5 + d - 1e-6, 3), 0), ())


def test_first_sighting_ignores_the_path_past_the_halt() -> None:
    assert first_sighting(VIEWER, 0.0, CROSSING, ENTRY - 1e-6, ()) is None
    assert first_sighting(VIEWER, 0.0, CROSSING, 9.0, ()) is not None


def test_first_sighting_checks_the_halt_point_itself() -> None:
    # Halting a hair past the entry: only the very end of the way is in view.
    halt = ENTRY + 1e-6
    assert first_sighting(VIEWER, 0.0, CROSSING, halt, ()) == pytest.approx(ENTRY, abs=1e-9)


def test_first_sighting_follows_a_bent_path_and_tall_terrain() -> None:
    path = (Vec(0.5, 4), Vec(0.5, 3), Vec(9.5, 3))
    d = first_sighting(VIEWER, 0.0, path, 10.0, ())
    assert d is not None
    assert d == pytest.approx(1 + ENTRY, abs=1e-9)  # seen on the second leg
    blind = wall(0.0, 1.8, 10.0, 2.2)
    assert first_sighting(VIEWER, 0.0, path, 10.0, (blind,)) is None


def test_first_sighting_from_the_start_counts() -> None:
    path = (Vec(5, 6), Vec(5, 8))  # already in view, moving away
    assert first_sighting(VIEWER, 0.0, path, 2.0, ()) == pytest.approx(0.0)


# --- R12 is exact: grazing lines and gaps of no width -------------------------------------------

UP = (Vec(5, 9), 0.0, False)
"""A non-Ranger at (5, 9) facing up: top edge y = 8.5, x from 5 - HW to 5 + HW."""
FAR = card_polygon(Vec(5, 2), 0)
"""A target up the table: x from 5 - HW to 5 + HW, y from 1.5 to 2.5."""


def _clear(line: tuple[Vec, Vec], tall: tuple[Terrain, ...]) -> bool:
    return not any(segment_crosses_interior(line[0], line[1], t.points) for t in tall)


def _passes(line: tuple[Vec, Vec], p: Vec) -> bool:
    a, b = line
    d = b - a
    t = max(0.0, min(1.0, (p - a).dot(d) / d.dot(d)))
    return (a + d * t - p).length() < 1e-7


def test_r12_a_corridor_of_no_width_lets_one_sight_line_through() -> None:
    """Two walls share the edge x = 5.1: the one clear line runs along it (R12)."""
    tall = (wall(1.0, 4.0, 5.1, 6.0), wall(5.1, 4.0, 9.0, 6.0))
    line = sight_line(UP, FAR, tall)
    assert line is not None and _clear(line, tall)
    assert abs(line[0].x - 5.1) < 1e-9 and abs(line[0].y - 8.5) < 1e-9  # on the top edge
    assert abs(line[1].x - 5.1) < 1e-9 and 1.5 - 1e-7 < line[1].y < 2.5 + 1e-7  # on the target
    part = sight_partition(UP, (Vec(0, 0), Vec(10, 0), Vec(10, 10), Vec(0, 10)), tall)
    assert any(abs(a[0] - 5.1) < 1e-9 and abs(b[0] - 5.1) < 1e-9 for a, b in part.seams)


def test_r12_a_sight_line_through_the_corner_where_two_walls_touch() -> None:
    tall = (wall(1.0, 5.0, 5.1, 6.0), wall(5.1, 4.0, 9.0, 5.0))
    line = sight_line(UP, FAR, tall)
    assert line is not None and _clear(line, tall) and _passes(line, Vec(5.1, 5.0))
    ranger = (Vec(5, 2), 0.0, True)  # the Ranger looks back through the same pinch (R13)
    back = sight_line(ranger, card_polygon(Vec(5, 9), 0), tall)
    assert back is not None and _clear(back, tall) and _passes(back, Vec(5.1, 5.0))


def test_r12_two_walls_hide_together_what_neither_hides_alone() -> None:
    a, b = wall(3.0, 5.0, 5.08, 5.3), wall(4.92, 4.0, 7.0, 4.3)
    assert sees(UP, FAR, (a,)) and sees(UP, FAR, (b,))
    assert not sees(UP, FAR, (a, b))


def test_r18_first_sighting_through_a_pinch_is_exact() -> None:
    """Sliding right at y = 2 behind walls touching at (5.1, 5), the card comes into sight when
    its right edge meets the line from the top edge's right corner through the pinch."""
    tall = (wall(1.0, 5.0, 5.1, 6.0), wall(5.1, 4.0, 9.0, 5.0))
    meet = 5.1 + (5.1 - (5 + HW)) * (5.0 - 1.5) / (8.5 - 5.0)
    d = first_sighting(UP, 0.0, (Vec(1.0, 2.0), Vec(9.0, 2.0)), 8.0, tall)
    assert d == pytest.approx(meet - HW - 1.0, abs=1e-9)
