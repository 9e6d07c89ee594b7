"""The lessons' tables: the default table, and a drill ground with deep zones, so that a
lesson's cards stand close enough for one decision to show what it teaches (R2, R3)."""

from __future__ import annotations

from dataclasses import replace

from ...core.geometry import Vec
from ...core.opening import NONE
from ...core.scenario import Scenario, Terrain, Zone, default

ZONES = (Zone(0.0, 5.5, 10.0, 10.0), Zone(0.0, 0.0, 10.0, 4.5))
"""Player 1 in the bottom 4.5 L, player 2 in the top 4.5 L."""


def piece(name: str, x0: float, y0: float, x1: float, y1: float, tall: bool) -> Terrain:
    """A rectangular terrain piece [x0, x1] x [y0, y1]."""
    corners = ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
    return Terrain(name, tuple(Vec(x, y) for x, y in corners), tall)


def drill(*terrain: Terrain, opening: str = NONE) -> Scenario:
    """A 10 x 10 L drill ground with deep zones and ``terrain``; no opening unless named, so a
    lesson may shoot at once."""
    return Scenario("lesson", 10.0, 10.0, ZONES, terrain, opening=opening)


def default_table(opening: str | None = None) -> Scenario:
    """The default table (Two walls) under ``opening`` (None: the rules version's own)."""
    return replace(default(), opening=opening)
