"""Scenarios as data: table size, deployment zones, terrain and options (rulings R2, R3, R9).

Built-in scenarios: ``default`` (four mirror-symmetric terrain pieces), ``open`` (no terrain) and
``random`` (a seeded layout, always point-symmetric about the table centre so neither side is
favoured).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from .geometry import Polygon, Vec, convex_hull, polygons_overlap


class ScenarioError(ValueError):
    """A scenario description that is not a valid table (R2, R3)."""


@dataclass(frozen=True)
class Terrain:
    """A convex terrain piece. All terrain stops movement; ``tall`` terrain also blocks LOS (R3)."""

    name: str
    points: Polygon
    tall: bool


@dataclass(frozen=True)
class Zone:
    """A rectangular deployment zone [x0, x1] x [y0, y1] in card lengths (R6)."""

    x0: float
    y0: float
    x1: float
    y1: float


@dataclass(frozen=True)
class Scenario:
    """A table: ``width`` x ``height`` L, one zone per player, terrain, and options.

    ``explode_all`` turns on the R9 option where Move and React pools explode too.
    """

    name: str
    width: float
    height: float
    zones: tuple[Zone, Zone]
    terrain: tuple[Terrain, ...]
    explode_all: bool = False
    seed: int | None = None

    def zone(self, player: int) -> Zone:
        return self.zones[player - 1]

    def to_dict(self) -> dict[str, Any]:
        """The JSON form used in records (docs/record-format.md)."""
        return {
            "name": self.name,
            "width": self.width,
            "height": self.height,
            "zones": [[z.x0, z.y0, z.x1, z.y1] for z in self.zones],
            "terrain": [
                {"name": t.name, "tall": t.tall, "points": [[p.x, p.y] for p in t.points]}
                for t in self.terrain
            ],
            "explode_all": self.explode_all,
            "seed": self.seed,
        }


def _default_zones(width: float, height: float, depth: float = 2.0) -> tuple[Zone, Zone]:
    """Player 1 within ``depth`` of the bottom edge, player 2 within ``depth`` of the top (R2)."""
    return (Zone(0.0, height - depth, width, height), Zone(0.0, 0.0, width, depth))


def _rect(name: str, x: float, y: float, w: float, h: float, tall: bool) -> Terrain:
    pts = (Vec(x, y), Vec(x + w, y), Vec(x + w, y + h), Vec(x, y + h))
    return Terrain(name, pts, tall)


def default() -> Scenario:
    """10 x 10 L, four terrain pieces mirror-symmetric about both centre lines (R2)."""
    terrain = (  # ruins on the line between the zones, crates on the line between the sides
        _rect("Ruin", 1.3, 4.4, 1.5, 1.2, True),
        _rect("Ruin", 7.2, 4.4, 1.5, 1.2, True),
        _rect("Crates", 4.4, 3.0, 1.2, 0.8, False),
        _rect("Crates", 4.4, 6.2, 1.2, 0.8, False),
    )
    return Scenario("default", 10.0, 10.0, _default_zones(10.0, 10.0), terrain)


def open_field() -> Scenario:
    """10 x 10 L with no terrain at all."""
    return Scenario("open", 10.0, 10.0, _default_zones(10.0, 10.0), ())


def random_layout(seed: int, pieces: int = 2) -> Scenario:
    """A seeded random layout: ``pieces`` pairs of convex pieces, each mirrored through the centre.

    Pieces keep clear of both deployment zones and of each other; the same seed gives the same table
    on every Python.
    """
    rng = random.Random(f"serm-scenario/{seed}")
    width = height = 10.0
    zones = _default_zones(width, height)
    placed: list[Terrain] = []
    tries = 0
    while len(placed) < 2 * pieces and tries < 500:
        tries += 1
        piece = _random_piece(rng, width, height, len(placed) // 2)
        mirror = Terrain(
            piece.name,
            tuple(Vec(width - p.x, height - p.y) for p in piece.points),
            piece.tall,
        )
        if any(polygons_overlap(t.points, p.points) for t in placed for p in (piece, mirror)):
            continue
        if polygons_overlap(piece.points, mirror.points):
            continue
        placed += [piece, mirror]
    return Scenario(f"random-{seed}", width, height, zones, tuple(placed), seed=seed)


def _random_piece(rng: random.Random, width: float, height: float, index: int) -> Terrain:
    cx = rng.uniform(1.5, width - 1.5)
    cy = rng.uniform(3.2, height / 2 - 0.3)
    corners = rng.randint(4, 6)
    radius = rng.uniform(0.5, 0.9)
    step = 2 * math.pi / corners  # evenly spread corners, jittered: never a needle-thin piece
    turn = rng.uniform(0, step)
    angles = [turn + i * step + rng.uniform(-0.25, 0.25) * step for i in range(corners)]
    pts = [Vec(cx + radius * math.cos(a), cy + radius * math.sin(a)) for a in angles]
    hull = convex_hull([Vec(round(p.x, 3), round(p.y, 3)) for p in pts])
    tall = rng.random() < 0.5
    return Terrain("Ruin" if tall else "Rocks", hull, tall)


BUILT_IN = ("default", "open", "random")


def by_name(name: str, seed: int = 0) -> Scenario:
    """A built-in scenario by name: ``default``, ``open`` or ``random`` (with ``seed``)."""
    if name == "default":
        return default()
    if name == "open":
        return open_field()
    if name == "random":
        return random_layout(seed)
    raise ScenarioError(f"unknown scenario {name!r}; choose one of {', '.join(BUILT_IN)}")
