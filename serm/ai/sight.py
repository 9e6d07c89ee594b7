"""Fast, approximate line of sight for the computer opponent's estimates (R11-R13, R18).

The engine's ``serm.core.los`` is exact and is what the rules use; these helpers trade a little
accuracy for speed so that hundreds of candidate positions can be scored per decision: fewer sight
lines through tall terrain, and a coarser step along a Move's path. Nothing here decides legality.
"""

from __future__ import annotations

from serm.core.geometry import (
    CARD_LENGTH,
    Polygon,
    Vec,
    card_polygon,
    centroid,
    convex_hull,
    segment_crosses_interior,
    unit,
)
from serm.core.los import visible_part
from serm.core.scenario import Terrain
from serm.core.state import Soldier

Tall = tuple[Terrain, ...]
STEP = 0.25
"""Step (L) along a Move's path when estimating where an enemy first sees the mover."""


def blocked(a: Vec, b: Vec, tall: Tall) -> bool:
    """True when the segment a-b passes through tall terrain."""
    return any(segment_crosses_interior(a, b, t.points) for t in tall)


def clear(a: Vec, b: Vec, tall: Tall) -> bool:
    """True when a card at ``a`` could see a card at ``b`` by turning toward it (R12, R14).

    Tests the centre line and two parallels a third of a card width to either side.
    """
    if not tall or not blocked(a, b, tall):
        return True
    d = b - a
    n = d.length()
    if n < 1e-9:
        return True
    side = Vec(-d.y / n, d.x / n) * 0.24
    return not blocked(a + side, b + side, tall) or not blocked(a - side, b - side, tall)


def _origins(pos: Vec, facing: float, ranger: bool) -> list[Vec]:
    if ranger:
        return [pos]
    top = pos + unit(facing) * (CARD_LENGTH / 2)
    across = unit(facing + 90.0) * 0.3
    return [top, top + across, top - across]


def sees_poly(pos: Vec, facing: float, ranger: bool, target: Polygon, tall: Tall) -> bool:
    """Approximately ``serm.core.los.sees`` for a viewer at ``pos``/``facing`` (R11-R13)."""
    part = visible_part((pos, facing, ranger), target)
    if not part:
        return False
    if not tall:
        return True
    samples = [centroid(part), *part]
    for a in _origins(pos, facing, ranger):
        for b in samples:
            if not blocked(a, b, tall):
                return True
    return False


def sees(a: Soldier, b: Soldier, tall: Tall) -> bool:
    """Approximately: soldier ``a`` sees soldier ``b`` with their current facings."""
    return sees_poly(a.pos, a.facing, a.type.sees_all_round, b.polygon(), tall)


def entry(
    viewer: Soldier, start: Vec, facing: float, direction: float, reach: float, tall: Tall
) -> float | None:
    """Where, within ``reach`` L along a straight Move, ``viewer`` first sees the mover (R18)."""
    v = (viewer.pos, viewer.facing, viewer.type.sees_all_round)
    step = unit(direction)
    end = start + step * reach
    swept = convex_hull(list(card_polygon(start, facing)) + list(card_polygon(end, facing)))
    if not visible_part(v, swept):
        return None
    d = 0.0
    while True:
        poly = card_polygon(start + step * d, facing)
        if sees_poly(viewer.pos, viewer.facing, v[2], poly, tall):
            return d
        if d >= reach:
            return None
        d = min(d + STEP, reach)


def path_entry(
    viewer: Soldier, path: tuple[Vec, ...], facing: float, halt: float, tall: Tall
) -> float | None:
    """``entry`` along a polyline (a Brawler's path), up to ``halt`` L along it."""
    done = 0.0
    for a, b in zip(path, path[1:], strict=False):
        seg = (b - a).length()
        if seg < 1e-9:
            continue
        reach = min(seg, halt - done)
        if reach < 0:
            break
        from serm.core.geometry import bearing_of

        e = entry(viewer, a, facing, bearing_of(b - a), reach, tall)
        if e is not None:
            return done + e
        done += seg
    return None
