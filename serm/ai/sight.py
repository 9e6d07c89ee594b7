"""Line of sight for the computer opponent's estimates (R11-R14, R18), decided exactly.

Everything here answers with the engine's exact test (``serm.core.los``), so the computer never
believes it can shoot what the rules refuse, nor overlooks what they allow:

* ``sees_poly`` / ``sees``: exactly ``los.sees`` for a pose (position and facing).
* ``could_see``: "could a card at ``pos`` see this card after turning (R14)?" answered for one
  facing, toward the target's centre: a yes is a facing that really sees it (the same facing the
  computer then tries when it turns, ``Planner.facings``); it may say no where some other
  facing would see (it does not search every facing).
* ``entry`` / ``path_entry``: exactly ``los.first_sighting``, where a Move first comes into an
  enemy's sight (R18).
"""

from __future__ import annotations

from serm.core import queries as q
from serm.core.geometry import Polygon, Vec, bearing_of, centroid, unit
from serm.core.los import first_sighting
from serm.core.los import sees as los_sees
from serm.core.scenario import Terrain
from serm.core.state import Soldier

Tall = tuple[Terrain, ...]


def sees_poly(pos: Vec, facing: float, ranger: bool, target: Polygon, tall: Tall) -> bool:
    """``serm.core.los.sees`` for a viewer at ``pos`` facing ``facing`` (R11-R13)."""
    return los_sees((pos, facing, ranger), target, tall)


def sees(a: Soldier, b: Soldier, tall: Tall) -> bool:
    """Soldier ``a`` sees soldier ``b`` with their current facings (exact, R11-R13)."""
    return los_sees(q.viewer(a), b.polygon(), tall)


def facing_to(pos: Vec, target: Polygon) -> float:
    """The bearing from ``pos`` to the target's centre: the facing ``could_see`` tries."""
    return bearing_of(centroid(target) - pos)


def could_see(pos: Vec, target: Polygon, tall: Tall, ranger: bool = False) -> bool:
    """True when a card at ``pos`` turned toward the target's centre sees it (exact, R12, R14).

    A yes is certain (that facing sees it); a no may miss a facing at another angle that would.
    Whether the turn itself fits (C10) is not checked here.
    """
    return sees_poly(pos, facing_to(pos, target), ranger, target, tall)


def entry(
    viewer: Soldier, start: Vec, facing: float, direction: float, reach: float, tall: Tall
) -> float | None:
    """Where, within ``reach`` L along a straight Move, ``viewer`` first sees the mover (R18,
    exact: ``los.first_sighting``)."""
    path = (start, start + unit(direction) * max(reach, 0.0))
    return first_sighting(q.viewer(viewer), facing, path, reach, tall)


def path_entry(
    viewer: Soldier, path: tuple[Vec, ...], facing: float, halt: float, tall: Tall
) -> float | None:
    """``entry`` along a polyline (a Brawler's path), up to ``halt`` L along it."""
    return first_sighting(q.viewer(viewer), facing, path, halt, tall)
