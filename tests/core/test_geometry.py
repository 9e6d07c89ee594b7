"""Plane geometry of the gridless table (R1, R3, R4, R16): corners, overlap, sweeps, clipping."""

from __future__ import annotations

import math

import pytest

from serm.core.geometry import (
    CARD_LENGTH,
    CARD_WIDTH,
    EPS,
    Vec,
    bearing_of,
    card_polygon,
    centroid,
    clip_halfplane,
    convex_hull,
    edge_contact,
    inside_rect,
    normalize_bearing,
    point_along,
    point_in_polygon,
    polygons_overlap,
    polyline_length,
    segment_crosses_interior,
    sweep_contact,
    translate,
    truncate_polyline,
    unit,
)

W = CARD_WIDTH
HW = CARD_WIDTH / 2


def close(a: Vec, b: Vec, tol: float = 1e-12) -> bool:
    return abs(a.x - b.x) <= tol and abs(a.y - b.y) <= tol


def square(x0: float, y0: float, x1: float, y1: float) -> tuple[Vec, ...]:
    return (Vec(x0, y0), Vec(x1, y0), Vec(x1, y1), Vec(x0, y1))


# --- vectors and bearings (R1) -------------------------------------------------------------------


def test_bearing_zero_points_up_the_screen_and_90_to_the_right() -> None:
    assert close(unit(0), Vec(0, -1))
    assert close(unit(90), Vec(1, 0))
    assert close(unit(180), Vec(0, 1))
    assert close(unit(270), Vec(-1, 0))
    assert close(unit(45), Vec(math.sqrt(0.5), -math.sqrt(0.5)))


@pytest.mark.parametrize("bearing", [0.0, 10.0, 45.0, 90.0, 135.5, 180.0, 270.0, 359.0])
def test_bearing_of_inverts_unit(bearing: float) -> None:
    assert bearing_of(unit(bearing)) == pytest.approx(bearing, abs=1e-9)


def test_bearing_of_zero_vector_is_zero_and_bearings_normalize() -> None:
    assert bearing_of(Vec(0, 0)) == 0.0
    assert normalize_bearing(-90) == 270
    assert normalize_bearing(720 + 45) == 45


def test_vec_arithmetic() -> None:
    a, b = Vec(1, 2), Vec(3, -1)
    assert a + b == Vec(4, 1)
    assert a - b == Vec(-2, 3)
    assert a * 2 == Vec(2, 4)
    assert a.dot(b) == 1
    assert a.cross(b) == -7
    assert Vec(3, 4).length() == 5


# --- card corners (R1) ---------------------------------------------------------------------------


def test_card_corners_facing_0() -> None:
    tl, tr, br, bl = card_polygon(Vec(5, 5), 0)
    assert close(tl, Vec(5 - HW, 4.5))
    assert close(tr, Vec(5 + HW, 4.5))
    assert close(br, Vec(5 + HW, 5.5))
    assert close(bl, Vec(5 - HW, 5.5))


def test_card_corners_facing_90_top_edge_points_right() -> None:
    tl, tr, br, bl = card_polygon(Vec(5, 5), 90)
    assert close(tl, Vec(5.5, 5 - HW))
    assert close(tr, Vec(5.5, 5 + HW))
    assert close(br, Vec(4.5, 5 + HW))
    assert close(bl, Vec(4.5, 5 - HW))


def test_card_corners_facing_45() -> None:
    c = Vec(2, 3)
    poly = card_polygon(c, 45)
    fwd, right = unit(45), unit(135)
    assert close(poly[0], c + fwd * 0.5 - right * HW)
    assert close(poly[1], c + fwd * 0.5 + right * HW)
    # a rectangle of the right size: sides 1 L and 63/88 L, diagonals equal
    assert (poly[1] - poly[0]).length() == pytest.approx(W)
    assert (poly[2] - poly[1]).length() == pytest.approx(CARD_LENGTH)
    assert (poly[2] - poly[0]).length() == pytest.approx((poly[3] - poly[1]).length())
    assert close(centroid(poly), c)


def test_card_width_is_a_poker_card() -> None:
    assert CARD_LENGTH == 1.0
    assert CARD_WIDTH == 63 / 88


# --- overlap (R4) --------------------------------------------------------------------------------


def test_overlapping_cards_overlap() -> None:
    assert polygons_overlap(card_polygon(Vec(0, 0), 0), card_polygon(Vec(0.5, 0.2), 0))
    assert polygons_overlap(card_polygon(Vec(0, 0), 0), card_polygon(Vec(0, 0), 45))


def test_cards_touching_along_an_edge_do_not_overlap() -> None:
    a = card_polygon(Vec(0, 0), 0)
    assert not polygons_overlap(a, card_polygon(Vec(W, 0), 0))
    assert not polygons_overlap(a, card_polygon(Vec(0, 1), 0))
    assert not polygons_overlap(a, card_polygon(Vec(W, 0.3), 0))


def test_cards_touching_at_a_corner_do_not_overlap() -> None:
    assert not polygons_overlap(card_polygon(Vec(0, 0), 0), card_polygon(Vec(W, 1), 0))


def test_overlap_tolerance_is_eps() -> None:
    a = card_polygon(Vec(0, 0), 0)
    assert not polygons_overlap(a, card_polygon(Vec(W - EPS / 2, 0), 0))
    assert polygons_overlap(a, card_polygon(Vec(W - 1e-7, 0), 0))
    assert not polygons_overlap(a, card_polygon(Vec(W + 1e-7, 0), 0))


def test_rotated_card_near_a_corner_is_separated_by_its_own_axis() -> None:
    # A card at 45° whose corner sits just off the other card's corner region.
    a = card_polygon(Vec(0, 0), 0)
    b = card_polygon(Vec(HW + 0.62, -0.5 - 0.62), 45)
    assert not polygons_overlap(a, b)
    assert not polygons_overlap(b, a)


def test_inside_rect_and_point_in_polygon() -> None:
    card = card_polygon(Vec(5, 9), 0)
    assert inside_rect(card, 0, 8, 10, 10)
    assert not inside_rect(card_polygon(Vec(5, 9.6), 0), 0, 8, 10, 10)
    assert inside_rect(card_polygon(Vec(5, 9.5), 0), 0, 8, 10, 10)  # touching the edge is inside
    sq = square(0, 0, 1, 1)
    assert point_in_polygon(Vec(0.5, 0.5), sq)
    assert point_in_polygon(Vec(1, 0.5), sq)  # on the boundary
    assert not point_in_polygon(Vec(1.1, 0.5), sq)


# --- sweeps (R16) --------------------------------------------------------------------------------


def test_sweep_head_on() -> None:
    mover = card_polygon(Vec(0, 5), 0)
    target = card_polygon(Vec(0, 2), 0)
    assert sweep_contact(mover, unit(0), target) == pytest.approx(2.0)


def test_sweep_oblique_hits_at_the_exact_distance() -> None:
    mover = card_polygon(Vec(0, 5), 0)
    target = card_polygon(Vec(0.5, 2), 0)
    t = sweep_contact(mover, unit(10), target)
    assert t is not None
    moved = translate(mover, unit(10) * t)
    assert not polygons_overlap(moved, target)
    assert polygons_overlap(translate(mover, unit(10) * (t + 1e-6)), target)


def test_sweep_rotated_obstacle() -> None:
    mover = card_polygon(Vec(0, 5), 0)
    target = card_polygon(Vec(0, 2), 45)
    t = sweep_contact(mover, unit(0), target)
    assert t is not None
    # the 45° card's lowest corner is 0.5*(1 + W)/sqrt(2) below its centre
    lowest = 2 + (0.5 + HW) / math.sqrt(2)
    assert t == pytest.approx(5 - 0.5 - lowest)


def test_corner_to_corner_graze_is_not_contact() -> None:
    mover = card_polygon(Vec(0, 5), 0)
    target = card_polygon(Vec(W, 2), 0)  # its left edge is on the mover's right edge line
    assert sweep_contact(mover, unit(0), target) is None


def test_corner_meeting_a_corner_head_on_is_contact_but_passing_it_is_not() -> None:
    mover = square(0, 0, 1, 1)
    obstacle = square(2, 2, 3, 3)
    # moving diagonally, the corner (1, 1) drives straight into the corner (2, 2)
    assert sweep_contact(mover, Vec(math.sqrt(0.5), math.sqrt(0.5)), obstacle) == pytest.approx(
        math.sqrt(2)
    )
    # shift the obstacle so the mover's corner (1, 0) just passes the obstacle's corner (2, 1)
    grazed = square(2, 1 - 2, 3, 1 - 1)  # occupies y in [-1, 0]: above the mover's path line
    d = Vec(1.0, 0.0)
    assert sweep_contact(mover, d, grazed) is None


def test_sliding_along_a_shared_edge_is_not_contact() -> None:
    mover = card_polygon(Vec(0, 0), 0)
    beside = card_polygon(Vec(W, 0), 0)
    assert sweep_contact(mover, unit(0), beside) is None
    assert sweep_contact(mover, unit(180), beside) is None


def test_touching_and_pressing_in_is_contact_at_zero() -> None:
    mover = card_polygon(Vec(0, 0), 0)
    beside = card_polygon(Vec(W, 0), 0)
    assert sweep_contact(mover, unit(90), beside) == 0.0
    assert sweep_contact(mover, unit(60), beside) == 0.0


def test_moving_away_never_contacts() -> None:
    mover = card_polygon(Vec(0, 0), 0)
    beside = card_polygon(Vec(W, 0), 0)
    assert sweep_contact(mover, unit(270), beside) is None
    assert sweep_contact(mover, unit(200), beside) is None
    ahead = card_polygon(Vec(0, -3), 0)
    assert sweep_contact(mover, unit(180), ahead) is None
    assert sweep_contact(mover, unit(90), ahead) is None


@pytest.mark.parametrize("angle", [0.01, 0.03, 0.05, 0.1, 1.0])
def test_shallow_approach_is_still_contact(angle: float) -> None:
    """A card drifting into its neighbour at a tiny angle must not pass through it (R4, R16)."""
    gap = 1e-4
    mover = card_polygon(Vec(0, 0), 0)
    beside = card_polygon(Vec(W + gap, -0.2), 0)
    t = sweep_contact(mover, unit(angle), beside)
    expected = gap / math.sin(math.radians(angle))
    assert t == pytest.approx(expected, rel=1e-9)
    assert not polygons_overlap(translate(mover, unit(angle) * t), beside)


@pytest.mark.parametrize("inside", [0.0, 1e-15, 1e-14, 5e-10, -1e-15])
def test_touching_within_eps_and_drifting_in_slowly_is_contact_at_once(inside: float) -> None:
    """A card touching a wall (overlap within EPS) and drifting into it at 1e-5° must halt at
    once. Found in Pyodide, where the last bit of a sine differs: a corner 1e-15 L inside the
    wall's line gave a slightly negative contact time that the sweep threw away."""
    wall = (Vec(7.0, 5.5), Vec(8.5, 5.5), Vec(8.5, 6.5), Vec(7.0, 6.5))
    card = card_polygon(Vec(7.0 - HW + inside, 6.19), 180)
    t = sweep_contact(card, unit(1e-5), wall)
    assert t is not None and t < 1e-8
    assert sweep_contact(card, unit(-1e-5), wall) is None  # drifting out: free
    assert sweep_contact(card, unit(0), wall) is None  # sliding along it: free


def test_sweep_is_symmetric_in_which_shape_has_the_corner() -> None:
    # the obstacle's corner strikes the mover's edge
    mover = square(0, 0, 2, 1)
    obstacle = card_polygon(Vec(1, -2), 45)
    t = sweep_contact(mover, Vec(0, -1), obstacle)
    lowest = max(p.y for p in obstacle)
    assert t == pytest.approx(0 - lowest)


def test_edge_contact() -> None:
    card = card_polygon(Vec(5, 5), 0)
    assert edge_contact(card, unit(0), 10, 10) == pytest.approx(4.5)
    assert edge_contact(card, unit(90), 10, 10) == pytest.approx(5 - HW)
    assert edge_contact(card, unit(180), 10, 10) == pytest.approx(4.5)
    assert edge_contact(card, unit(270), 10, 10) == pytest.approx(5 - HW)
    diag = edge_contact(card, unit(45), 10, 10)
    assert diag == pytest.approx(min(4.5, 5 - HW) * math.sqrt(2))


def test_edge_contact_when_touching_the_edge() -> None:
    card = card_polygon(Vec(5, 0.5), 0)
    assert edge_contact(card, unit(0), 10, 10) == 0.0
    assert edge_contact(card, unit(180), 10, 10) == pytest.approx(9.0)
    # sliding along the top edge reaches the side edge, not the top one
    assert edge_contact(card, unit(90), 10, 10) == pytest.approx(5 - HW)


def test_edge_contact_of_a_slide_nearly_along_the_edge() -> None:
    """A direction 5e-10 off the top edge's line: touching the edge, the card meets it at once
    when the slide would carry it more than EPS off the table (R4, C14), not when it stays on."""
    card = card_polygon(Vec(5, 0.5), 0)
    lean = Vec(1.0, -5e-10) * (1 / math.hypot(1.0, 5e-10))
    assert edge_contact(card, lean, 10, 10, reach=4.0) == 0.0
    assert edge_contact(card, lean, 10, 10, reach=1.0) == pytest.approx(5 - HW)  # the right edge
    assert edge_contact(card, lean, 10, 10) == pytest.approx(5 - HW)


# --- sight-line and clipping helpers (R11, R12) --------------------------------------------------


def test_segment_through_the_interior_crosses() -> None:
    sq = square(0, 0, 1, 1)
    assert segment_crosses_interior(Vec(-1, 0.5), Vec(2, 0.5), sq)
    assert segment_crosses_interior(Vec(0.5, 0.5), Vec(3, 3), sq)  # starts inside


def test_segment_grazing_a_corner_or_along_an_edge_is_clear() -> None:
    sq = square(0, 0, 1, 1)
    assert not segment_crosses_interior(Vec(-1, 1), Vec(1, -1), sq)  # through corner (0, 0)
    assert not segment_crosses_interior(Vec(-1, 0), Vec(2, 0), sq)  # along the top edge
    assert not segment_crosses_interior(Vec(1, -1), Vec(1, 2), sq)  # along the right edge
    assert not segment_crosses_interior(Vec(-1, 0.5), Vec(-0.1, 0.5), sq)  # stops short
    assert not segment_crosses_interior(Vec(-1, 0.5), Vec(0, 0.5), sq)  # ends on the boundary


def test_segment_dipping_just_past_eps_crosses() -> None:
    sq = square(0, 0, 1, 1)
    assert not segment_crosses_interior(Vec(-1, EPS / 2), Vec(2, EPS / 2), sq)
    assert segment_crosses_interior(Vec(-1, 1e-6), Vec(2, 1e-6), sq)


def test_clip_halfplane() -> None:
    sq = square(0, 0, 2, 2)
    half = clip_halfplane(sq, Vec(1, 0), 1.0)  # keep x <= 1
    assert set(half) == {Vec(0, 0), Vec(1, 0), Vec(1, 2), Vec(0, 2)}
    assert clip_halfplane(sq, Vec(1, 0), -1.0) == ()
    assert set(clip_halfplane(sq, Vec(1, 0), 5.0)) == set(sq)
    edge = clip_halfplane(sq, Vec(1, 0), 0.0)  # only the left edge survives: degenerate
    assert edge and all(p.x == 0 for p in edge)


def test_convex_hull_drops_inner_and_collinear_points() -> None:
    pts = [Vec(0, 0), Vec(2, 0), Vec(2, 2), Vec(0, 2), Vec(1, 1), Vec(1, 0), Vec(0, 0)]
    hull = convex_hull(pts)
    assert set(hull) == {Vec(0, 0), Vec(2, 0), Vec(2, 2), Vec(0, 2)}
    assert len(hull) == 4
    assert convex_hull([Vec(1, 1)]) == (Vec(1, 1),)
    assert len(convex_hull([Vec(0, 0), Vec(1, 1), Vec(2, 2)])) == 2


def test_polyline_helpers() -> None:
    pts = (Vec(0, 0), Vec(3, 0), Vec(3, 4))
    assert polyline_length(pts) == 7
    assert point_along(pts, 0) == Vec(0, 0)
    assert point_along(pts, 1.5) == Vec(1.5, 0)
    assert point_along(pts, 5) == Vec(3, 2)
    assert point_along(pts, 99) == Vec(3, 4)  # clamped
    assert point_along(pts, -1) == Vec(0, 0)
    assert truncate_polyline(pts, 5) == (Vec(0, 0), Vec(3, 0), Vec(3, 2))
    assert truncate_polyline(pts, 3) == (Vec(0, 0), Vec(3, 0))
    assert truncate_polyline(pts, 0) == (Vec(0, 0),)
    assert truncate_polyline(pts, 7) == pts
    assert polyline_length(truncate_polyline(pts, 6.25)) == pytest.approx(6.25)
