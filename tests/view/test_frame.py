"""Framing the table (serm.view.frame): zooms keep the point they are made about in place on
screen, a pinch puts the table points under the fingers again, and the box never leaves the
fitted table."""

from __future__ import annotations

import pytest

from serm.core.geometry import Vec
from serm.core.scenario import by_name
from serm.core.state import State, new_game
from serm.view import frame
from serm.view.model import Overlaid, Viewport
from serm.view.render import view_box

SC = by_name("default")


def on_screen(vp: Viewport, p: Vec) -> Vec:
    """Where ``p`` shows, in units of the fitted board's pixels from the board's middle."""
    return (p - frame.centre(SC, vp)) * vp.zoom


def test_the_fitted_view_is_the_whole_table_and_its_frame() -> None:
    assert frame.box(SC, Viewport()) == (-0.5, -0.5, SC.width + 1, SC.height + 1)
    assert str(view_box(new_state(), Viewport())) == "-50 -50 1100 1100"
    assert frame.clamp(SC, Viewport(zoom=0.3, x=2, y=2)) == Viewport()
    assert frame.clamp(SC, Viewport(zoom=99)).zoom == frame.MAX_ZOOM


def new_state() -> State:
    return new_game(SC)


@pytest.mark.parametrize("factor", [1.5, 2.0, 1 / 1.5])
@pytest.mark.parametrize("at", [Vec(5, 5), Vec(3, 6.5), Vec(7.2, 4)])
def test_a_zoom_keeps_the_point_it_is_made_about_in_place(factor: float, at: Vec) -> None:
    start = Viewport(zoom=2.0, x=5.0, y=5.0)
    after = frame.zoom_about(SC, start, at, factor)
    assert after.zoom == pytest.approx(2.0 * factor)
    assert on_screen(after, at).x == pytest.approx(on_screen(start, at).x)
    assert on_screen(after, at).y == pytest.approx(on_screen(start, at).y)


def test_the_box_stays_on_the_table_at_every_zoom() -> None:
    vp = Viewport()
    for at in (Vec(-0.5, -0.5), Vec(10.5, 10.5), Vec(0, 10), Vec(9, 1)):
        for _ in range(6):
            vp = frame.zoom_about(SC, vp, at, 1.7)
            x, y, w, h = frame.box(SC, vp)
            assert x >= -0.5 - 1e-9 and y >= -0.5 - 1e-9
            assert x + w <= 10.5 + 1e-9 and y + h <= 10.5 + 1e-9
        vp = frame.zoom_about(SC, vp, at, 1 / 100)
        assert vp == Viewport()


def test_a_pinch_puts_the_table_points_back_under_the_fingers() -> None:
    start = Viewport(zoom=2.0, x=5.0, y=5.0)
    anchors = (Vec(4.5, 5.0), Vec(5.5, 5.0))
    # The fingers spread to twice their distance and their midpoint moves right and down.
    fingers = (Vec(4.2, 5.3), Vec(6.2, 5.3))
    after = frame.follow(SC, start, anchors, fingers)
    assert after.zoom == pytest.approx(4.0)
    for a, f in zip(anchors, fingers, strict=True):
        assert on_screen(after, a).x == pytest.approx(on_screen(start, f).x)
        assert on_screen(after, a).y == pytest.approx(on_screen(start, f).y)
        # ... and the fingers' points, found again in the new view, are the anchors.
        again = frame.remap(SC, start, after, f)
        assert (again - a).length() == pytest.approx(0.0, abs=1e-9)


def test_one_finger_pans_by_what_it_moved() -> None:
    start = Viewport(zoom=3.0, x=5.0, y=5.0)
    after = frame.follow(SC, start, (Vec(5, 5),), (Vec(4, 5.5),))
    assert (after.x, after.y) == (pytest.approx(6.0), pytest.approx(4.5))
    fitted = frame.follow(SC, Viewport(), (Vec(5, 5),), (Vec(4, 5.5),))
    assert fitted == Viewport()  # the whole table is shown: nothing to pan to


def test_what_the_zoom_buttons_cover_is_found_in_table_terms() -> None:
    """A board 720 by 600 CSS px shows the square fitted table 600 px across, centred (60 px
    bare on each side): the buttons' box at its right edge covers the frame's right side and
    beyond; zoomed in twice about the table's centre, the same box covers half as much, nearer
    the middle. Nothing over the board covers nothing."""
    over = Overlaid(720.0, 600.0, ((600.0, 240.0, 660.0, 360.0),))
    (box,) = frame.covered(SC, Viewport(), over)
    k = 600.0 / (SC.width + 1)  # px per L
    expected = (-0.5 + 540 / k, -0.5 + 240 / k, -0.5 + 600 / k, -0.5 + 360 / k)
    assert box == pytest.approx(expected)
    (near,) = frame.covered(SC, Viewport(zoom=2.0, x=5.0, y=5.0), over)
    assert near == pytest.approx(tuple(5.0 + (v - 5.0) / 2 for v in box))
    assert frame.covered(SC, Viewport(), Overlaid(720.0, 600.0)) == ()
    assert frame.covered(SC, Viewport(), Overlaid()) == ()
