"""Scenarios as data: table size, deployment zones, terrain and options (rulings R2, R3, R9).

The built-in tables (``LIBRARY``, by key with ``by_name``) are 10 x 10 L with the zones of R2 and
mirror-symmetric across the line between the zones (y = 5), so neither side is favoured. Every
one but the open field gives cover (R2): the best five-card deployment is seen
by the best pose of an enemy Gunner placed last in at most 2 of its 5 cards
(``serm.core.cover``; ``tools/gunner_cover.py --all`` prints the figures):

* ``default`` ("Two walls"): a long tall wall in front of the middle of each zone, lanes down
  both flanks, low crates on the line between the zones;
* ``ruins``, ``crossing``, ``woods``, ``bunkers``: tables of other characters (see ``LIBRARY``
  for each one's description);
* ``open``: no terrain at all, the deadly one (no cover: the first Gunner volley decides);
* ``random``: a seeded layout built to give cover (``random_layout``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from .geometry import Polygon, Vec, polygons_overlap


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

    ``explode_all`` turns on the R9 option where Move and React pools explode too. ``opening``
    names the opening rule (R5, Opening: a key of ``serm.core.opening.OPENINGS``), or None to
    take the one of the rules version the game is played under (``Ruleset.settle``).
    """

    name: str
    width: float
    height: float
    zones: tuple[Zone, Zone]
    terrain: tuple[Terrain, ...]
    explode_all: bool = False
    seed: int | None = None
    opening: str | None = None

    def zone(self, player: int) -> Zone:
        return self.zones[player - 1]

    def to_dict(self) -> dict[str, Any]:
        """The JSON form used in records (docs/record-format.md); ``opening`` only when named."""
        out: dict[str, Any] = {
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
        if self.opening is not None:
            out["opening"] = self.opening
        return out


def _default_zones(width: float, height: float, depth: float = 2.0) -> tuple[Zone, Zone]:
    """Player 1 within ``depth`` of the bottom edge, player 2 within ``depth`` of the top (R2)."""
    return (Zone(0.0, height - depth, width, height), Zone(0.0, 0.0, width, depth))


def _rect(name: str, x0: float, y0: float, x1: float, y1: float, tall: bool) -> Terrain:
    """A rectangle [x0, x1] x [y0, y1]."""
    return _piece(name, ((x0, y0), (x1, y0), (x1, y1), (x0, y1)), tall)


def _piece(name: str, corners: tuple[tuple[float, float], ...], tall: bool) -> Terrain:
    return Terrain(name, tuple(Vec(x, y) for x, y in corners), tall)


def mirrored(piece: Terrain, height: float = 10.0) -> Terrain:
    """``piece`` reflected across the line y = height / 2, between the zones (corners kept in the
    same turning order; rounded to 1e-9 L, so 10 - 6.7 is 3.3)."""
    return Terrain(
        piece.name,
        tuple(Vec(p.x, round(height - p.y, 9)) for p in reversed(piece.points)),
        piece.tall,
    )


def _table(name: str, near: tuple[Terrain, ...], middle: tuple[Terrain, ...] = ()) -> Scenario:
    """A 10 x 10 L table: the ``near`` pieces (on player 1's half) and their mirror images on
    player 2's half, and the ``middle`` pieces, each its own mirror image (R2)."""
    terrain = tuple(t for piece in near for t in (piece, mirrored(piece))) + middle
    return Scenario(name, 10.0, 10.0, _default_zones(10.0, 10.0), terrain)


def default() -> Scenario:
    """A long wall in front of the middle of each zone; the flanks and the middle of the table
    open; crates on the line between the zones (R2, R3)."""
    return _table(
        "default",
        (_rect("Wall", 3.0, 6.7, 7.0, 7.1, True),),
        (
            _rect("Crates", 1.0, 4.5, 2.2, 5.5, False),
            _rect("Crates", 4.4, 4.7, 5.6, 5.3, False),
            _rect("Crates", 7.8, 4.5, 9.0, 5.5, False),
        ),
    )


def ruins() -> Scenario:
    """Four broken tall ruins at staggered depths, low rubble between them (R2, R3)."""
    return _table(
        "ruins",
        (
            _piece("Ruin", ((0.8, 6.4), (2.6, 6.2), (2.9, 7.1), (1.1, 7.4)), True),
            _piece("Ruin", ((6.6, 6.6), (8.6, 6.3), (8.9, 7.3), (6.9, 7.5)), True),
            _piece("Rubble", ((3.4, 6.5), (4.3, 6.4), (4.5, 7.0), (3.6, 7.1)), False),
            _piece("Rubble", ((2.6, 5.6), (3.4, 5.5), (3.5, 6.0), (2.8, 6.1)), False),
            _piece("Rubble", ((8.3, 5.5), (9.2, 5.7), (9.0, 6.1), (8.2, 5.9)), False),
        ),
        (
            _piece("Rubble", ((4.9, 4.2), (5.7, 5.0), (4.9, 5.8), (4.1, 5.0)), False),
            _piece(
                "Rubble",
                ((0.6, 4.6), (1.6, 4.6), (1.8, 5.0), (1.6, 5.4), (0.6, 5.4), (0.4, 5.0)),
                False,
            ),
            _piece(
                "Rubble",
                ((7.4, 4.6), (8.4, 4.6), (8.6, 5.0), (8.4, 5.4), (7.4, 5.4), (7.2, 5.0)),
                False,
            ),
        ),
    )


def crossing() -> Scenario:
    """A low stream across the middle, forded in the middle and at one edge; a tall wall in front
    of the other end of each zone (R2, R3)."""
    return _table(
        "crossing",
        (_rect("Wall", 0.8, 6.7, 4.6, 7.1, True),),
        (_rect("Stream", 0.0, 4.6, 5.0, 5.4, False), _rect("Stream", 6.2, 4.6, 8.6, 5.4, False)),
    )


def woods() -> Scenario:
    """Low thickets everywhere shape every advance into two lanes per side, one each side of a
    tall rock outcrop that shelters the middle of each zone (R2, R3)."""
    return _table(
        "woods",
        (
            _piece("Rocks", ((3.3, 6.7), (6.3, 6.5), (6.7, 7.1), (3.5, 7.4)), True),
            _piece("Thicket", ((0.3, 6.4), (1.5, 6.2), (1.8, 6.9), (0.5, 7.2)), False),
            _piece("Thicket", ((8.3, 6.2), (9.5, 6.4), (9.3, 7.1), (8.1, 6.9)), False),
            _piece("Thicket", ((1.2, 5.4), (2.1, 5.3), (2.2, 5.9), (1.3, 6.0)), False),
            _piece("Thicket", ((7.8, 5.3), (8.8, 5.4), (8.7, 6.0), (7.8, 5.9)), False),
            _piece("Thicket", ((4.4, 5.8), (5.6, 5.7), (5.8, 6.2), (4.6, 6.3)), False),
        ),
        (
            _piece("Thicket", ((0.0, 4.5), (0.8, 4.6), (1.1, 5.0), (0.8, 5.4), (0.0, 5.5)), False),
            _piece(
                "Thicket",
                (
                    (4.4, 4.7),
                    (5.0, 4.4),
                    (5.6, 4.7),
                    (5.8, 5.0),
                    (5.6, 5.3),
                    (5.0, 5.6),
                    (4.4, 5.3),
                    (4.2, 5.0),
                ),
                False,
            ),
            _piece(
                "Thicket", ((9.2, 4.6), (10.0, 4.5), (10.0, 5.5), (9.2, 5.4), (8.9, 5.0)), False
            ),
        ),
    )


def bunkers() -> Scenario:
    """Three tall bunkers in front of each zone and two across the middle, in a staggered
    checkerboard, low sandbags on the flanks: short sight lines everywhere, many ways through
    (R2, R3)."""
    return _table(
        "bunkers",
        (
            _rect("Bunker", 0.6, 6.9, 2.2, 7.7, True),
            _rect("Bunker", 4.2, 6.9, 5.8, 7.7, True),
            _rect("Bunker", 7.8, 6.9, 9.4, 7.7, True),
            _rect("Sandbags", 0.4, 5.7, 1.6, 6.0, False),
            _rect("Sandbags", 8.4, 5.7, 9.6, 6.0, False),
        ),
        (
            _rect("Bunker", 2.5, 4.5, 3.5, 5.5, True),
            _rect("Bunker", 6.5, 4.5, 7.5, 5.5, True),
        ),
    )


def open_field() -> Scenario:
    """10 x 10 L with no terrain at all: no cover anywhere (the deadly table, R2)."""
    return Scenario("open", 10.0, 10.0, _default_zones(10.0, 10.0), ())


RANDOM_STREAM = "serm-table/{seed}"
"""The seed string of a random table's generator (``random.Random`` seeds a string the same way
on every Python)."""


def random_layout(seed: int) -> Scenario:
    """A seeded random table built to give cover (R2): one or two tall walls in front of each
    zone, with lanes between them or on the flanks, and low pieces in the middle; every piece on
    player 1's half has its mirror image across y = 5 on player 2's half.

    Coordinates are multiples of 0.05 L drawn with integer draws only, so the same seed gives the
    same table on every Python (no floating-point library calls).
    """
    rng = random.Random(RANDOM_STREAM.format(seed=seed))
    near = _random_walls(rng)
    near += _random_low(rng, near)
    return replace(_table(f"random-{seed}", near), seed=seed)


def _twentieths(rng: random.Random, lo: float, hi: float) -> int:
    """A whole number of twentieths of a card length in [lo, hi] L (both multiples of 0.05)."""
    return rng.randint(round(lo * 20), round(hi * 20))


def _random_walls(rng: random.Random) -> tuple[Terrain, ...]:
    """Tall walls in front of player 1's zone: one long wall (4-4.8 L), or two (2.6-3.2 L each)
    with a lane of 1.2-1.8 L between them; each 0.3-0.5 L thick, some slanted by 0.2 L, between
    y = 6.6 and 7.7 (0.3 L or more in front of the zone)."""
    t = _twentieths
    if rng.random() < 0.5:
        x0 = t(rng, 2.4, 3.4)
        spans = [(x0, x0 + t(rng, 4.0, 4.8))]
    else:
        a = t(rng, 0.4, 1.4)
        b = a + t(rng, 2.6, 3.2)
        c = b + t(rng, 1.2, 1.8)
        spans = [(a, b), (c, min(c + t(rng, 2.6, 3.2), 194))]
    out = []
    for x0, x1 in spans:
        y0 = t(rng, 6.6, 7.0)
        y1 = y0 + t(rng, 0.3, 0.5)
        slant = rng.choice((0, 0, 4, -4))  # twentieths: the left end lower, or the right end
        down0, down1 = max(slant, 0), max(-slant, 0)
        corners = ((x0, y0 + down0), (x1, y0 + down1), (x1, y1 + down1), (x0, y1 + down0))
        out.append(_piece("Wall", tuple((x / 20, y / 20) for x, y in corners), True))
    return tuple(out)


def _random_low(rng: random.Random, placed: tuple[Terrain, ...]) -> tuple[Terrain, ...]:
    """One to three low pieces (rocks, crates) between the walls and the middle, clear of each
    other and of the walls, none on the line between the zones."""
    out: list[Terrain] = []
    wanted = rng.randint(1, 3)
    for _ in range(40):
        if len(out) >= wanted:
            break
        x0, y0 = _twentieths(rng, 0.4, 8.6), _twentieths(rng, 5.2, 6.2)
        x1, y1 = x0 + _twentieths(rng, 0.6, 1.4), y0 + _twentieths(rng, 0.4, 0.9)
        piece = _rect(rng.choice(("Rocks", "Crates")), x0 / 20, y0 / 20, x1 / 20, y1 / 20, False)
        if any(
            polygons_overlap(piece.points, t.points) or _near(piece, t) for t in (*placed, *out)
        ):
            continue
        out.append(piece)
    return tuple(out)


def _near(a: Terrain, b: Terrain, gap: float = 0.8) -> bool:
    """True when the boxes of two pieces are closer than ``gap`` (a card could not pass)."""
    ax = [p.x for p in a.points]
    ay = [p.y for p in a.points]
    bx = [p.x for p in b.points]
    by = [p.y for p in b.points]
    return (
        min(ax) < max(bx) + gap
        and min(bx) < max(ax) + gap
        and min(ay) < max(by) + gap
        and min(by) < max(ay) + gap
    )


@dataclass(frozen=True)
class TableInfo:
    """A built-in table as the start screen shows it: its key (``by_name``; also the scenario's
    name in records, ``random-SEED`` for a random one), a title, a one-line description, and
    whether it is the deadly one (no cover, R2)."""

    name: str
    title: str
    description: str
    deadly: bool = False
    seeded: bool = False


LIBRARY = (
    TableInfo(
        "default", "Two walls", "A long wall shelters each zone; lanes run down both flanks."
    ),
    TableInfo("ruins", "Ruins", "Broken ruins at staggered depths, with rubble to climb around."),
    TableInfo(
        "crossing",
        "Stream crossing",
        "A low stream forded in two places; a wall shelters one end of each zone.",
    ),
    TableInfo("woods", "Woods", "Thickets funnel every advance into lanes beside a rock outcrop."),
    TableInfo(
        "bunkers", "Bunkers", "Small bunkers in a checkerboard: short sight lines, many ways."
    ),
    TableInfo(
        "open",
        "Open field",
        "No cover at all: the first Gunner volley decides. Deadly.",
        deadly=True,
    ),
    TableInfo(
        "random",
        "Random",
        "A new layout for each seed, walls and lanes, fair to both sides.",
        seeded=True,
    ),
)
"""The built-in tables, in the order the start screen lists them."""

_BUILDERS = {
    "default": default,
    "ruins": ruins,
    "crossing": crossing,
    "woods": woods,
    "bunkers": bunkers,
    "open": open_field,
}

BUILT_IN = tuple(t.name for t in LIBRARY)


def table_info(name: str) -> TableInfo:
    """The ``LIBRARY`` entry for a table key, or for a table's own name as records keep it
    (``random-7`` is a ``random`` table). Raises ``ScenarioError`` for any other name."""
    key, dash, number = name.partition("-")
    if key == "random" and dash and number.isdigit():
        name = key
    for t in LIBRARY:
        if t.name == name:
            return t
    raise ScenarioError(f"unknown scenario {name!r}; choose one of {', '.join(BUILT_IN)}")


def by_name(name: str, seed: int = 0) -> Scenario:
    """A built-in table by key (see ``LIBRARY``); ``random`` uses ``seed``. A table's own name,
    as records keep it (``Scenario.name``: ``default``, ``random-7``, ...), brings back the same
    table: ``by_name(sc.name) == sc`` for every built-in table ``sc``. Raises ``ScenarioError``
    for any other name."""
    key, dash, number = name.partition("-")
    if key == "random" and (not dash or number.isdigit()):
        return random_layout(int(number) if dash else seed)
    build = _BUILDERS.get(name)
    if build is None:
        raise ScenarioError(f"unknown scenario {name!r}; choose one of {', '.join(BUILT_IN)}")
    return build()
