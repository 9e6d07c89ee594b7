"""Framing the table: the part of it the board shows, as a centre and a zoom (pure arithmetic).

A ``Viewport`` is a zoom (1 shows the whole table and its ``MARGIN`` frame, "fit"; ``MAX_ZOOM``
shows a fifth of its width) and a centre in card lengths (None: the table's centre). The board's
viewBox always has the fitted box's proportions, so with ``preserveAspectRatio="xMidYMid meet"``
a table point p shows on screen at ``C + (p - centre) * k * zoom`` (C the element's centre, k
the pixels per L at fit): a zoom keeps the point it is made about where it is on screen, and a
point under a still finger moves in table terms by ``remap``.

Positions and lengths are in card lengths (L).
"""

from __future__ import annotations

from dataclasses import replace

from serm.core.geometry import Vec
from serm.core.scenario import Scenario

from .common import MARGIN
from .model import Overlaid, ViewModel, Viewport

MAX_ZOOM = 5.0
"""The closest zoom: the board shows a fifth of the fitted table's width."""
STEP = 1.5
"""The zoom factor of one press of + or -."""

Box = tuple[float, float, float, float]
"""(left, top, width, height) in L."""


def fit_box(scenario: Scenario) -> Box:
    """The whole table and its frame: what zoom 1 shows."""
    return (-MARGIN, -MARGIN, scenario.width + 2 * MARGIN, scenario.height + 2 * MARGIN)


def centre(scenario: Scenario, vp: Viewport) -> Vec:
    """The table point at the middle of the board (L)."""
    if vp.x is not None and vp.y is not None:
        return Vec(vp.x, vp.y)
    x0, y0, w, h = fit_box(scenario)
    return Vec(x0 + w / 2, y0 + h / 2)


def box(scenario: Scenario, vp: Viewport) -> Box:
    """The part of the table ``vp`` shows, (left, top, width, height) in L."""
    _, _, w, h = fit_box(scenario)
    c = centre(scenario, vp)
    return (c.x - w / vp.zoom / 2, c.y - h / vp.zoom / 2, w / vp.zoom, h / vp.zoom)


def clamp(scenario: Scenario, vp: Viewport) -> Viewport:
    """``vp`` with its zoom within [1, ``MAX_ZOOM``] and its box inside the fitted box (zoom 1
    is the canonical ``Viewport()``, so a fitted board compares equal to a new one)."""
    zoom = min(max(vp.zoom, 1.0), MAX_ZOOM)
    if zoom <= 1.0 + 1e-9:
        return Viewport()
    x0, y0, w, h = fit_box(scenario)
    c = centre(scenario, vp)
    hw, hh = w / zoom / 2, h / zoom / 2
    x = min(max(c.x, x0 + hw), x0 + w - hw)
    y = min(max(c.y, y0 + hh), y0 + h - hh)
    return Viewport(zoom=zoom, x=x, y=y)


def zoom_about(scenario: Scenario, vp: Viewport, at: Vec, factor: float) -> Viewport:
    """Zoom by ``factor`` (> 1 closer) keeping the table point ``at`` where it is on screen
    (as far as the table's edges allow)."""
    zoom = min(max(vp.zoom * factor, 1.0), MAX_ZOOM)
    c = centre(scenario, vp)
    new = at - (at - c) * (vp.zoom / zoom)
    return clamp(scenario, replace(vp, zoom=zoom, x=new.x, y=new.y))


def zoom_centre(scenario: Scenario, vp: Viewport, factor: float) -> Viewport:
    """Zoom by ``factor`` about the middle of the board (the + and - buttons)."""
    return zoom_about(scenario, vp, centre(scenario, vp), factor)


def follow(
    scenario: Scenario, vp: Viewport, anchors: tuple[Vec, ...], fingers: tuple[Vec, ...]
) -> Viewport:
    """The view that puts the table points ``anchors`` under ``fingers`` (both in ``vp``'s table
    terms): one finger pans; two pan by their midpoint and zoom by their spread (a pinch)."""
    c = centre(scenario, vp)
    if len(anchors) == 1 and len(fingers) == 1:
        new = c + (anchors[0] - fingers[0])
        return clamp(scenario, replace(vp, x=new.x, y=new.y))
    if len(anchors) != 2 or len(fingers) != 2:
        return vp
    was, now = (anchors[0] - anchors[1]).length(), (fingers[0] - fingers[1]).length()
    if was < 1e-6 or now < 1e-6:
        return vp
    zoom = min(max(vp.zoom * now / was, 1.0), MAX_ZOOM)
    mid_a, mid_f = (anchors[0] + anchors[1]) * 0.5, (fingers[0] + fingers[1]) * 0.5
    new = mid_a - (mid_f - c) * (vp.zoom / zoom)
    return clamp(scenario, Viewport(zoom=zoom, x=new.x, y=new.y))


def remap(scenario: Scenario, old: Viewport, new: Viewport, p: Vec) -> Vec:
    """The table point shown, in ``new``, where ``p`` was shown in ``old`` (a still finger)."""
    c_old, c_new = centre(scenario, old), centre(scenario, new)
    return c_new + (p - c_old) * (old.zoom / new.zoom)


def zoomed(vp: Viewport) -> bool:
    """True when the board shows less than the whole table."""
    return vp.zoom > 1.0 + 1e-9


def covered(
    scenario: Scenario, vp: Viewport, over: Overlaid
) -> tuple[tuple[float, float, float, float], ...]:
    """The boxes of the table (L: left, top, right, bottom) that the controls ``over`` the
    board cover when it shows ``vp``: the viewBox is scaled to fit the board whole and centred
    in it (``preserveAspectRatio="xMidYMid meet"``)."""
    x0, y0, w, h = box(scenario, vp)
    if over.width <= 0 or over.height <= 0 or not over.boxes:
        return ()
    k = min(over.width / w, over.height / h)  # CSS px per L
    ox, oy = (over.width - w * k) / 2, (over.height - h * k) / 2
    return tuple(
        (x0 + (left - ox) / k, y0 + (top - oy) / k, x0 + (right - ox) / k, y0 + (bottom - oy) / k)
        for left, top, right, bottom in over.boxes
    )


def clear_of(scenario: Scenario, view: ViewModel, over: Overlaid) -> ViewModel:
    """``view`` with what the controls ``over`` the board cover (``covered``) among the boxes its
    labels keep off (``ViewModel.covered``): the game's board, a lesson's and the viewer's."""
    buttons = covered(scenario, view.viewport, over)
    return replace(view, covered=view.covered + buttons) if buttons else view
