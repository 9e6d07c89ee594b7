"""Cover and exposure (rulings R2, R5, R6, R12, R22): which of a side's cards an enemy Gunner
placed last could see, and from where.

The roll-off loser places the tenth card after seeing the whole enemy deployment and then acts
first (R5), so its Gunner can stand anywhere in its zone, at any facing, and shoot at every enemy
it sees (R22). This module answers, exactly for the poses it looks at (``los.sees``, R12), how
many cards of a deployment such a Gunner sees:

* ``gunner_poses``: the enemy Gunner's poses (``Poses``), a grid of centres over its zone
  (spacing at most ``Resolution.step`` L, the zone's edges included) times facings every
  ``facing_step`` degrees, keeping the poses a card may take there (R4, R6). ``REFERENCE`` is the
  grid the table figures are quoted at (0.4 L, 10 degrees); ``FINE`` is four times finer (0.1 L,
  2.5 degrees). A coarser grid (``Resolution(0.8, 20.0)``: an eighth of the poses) suits a
  computer player's quick estimates.
* ``clear_mask``: which poses a card may still take beside the cards already placed (R4).
* ``seen_mask``: for one card, which poses see it, as a bit mask (bit ``i`` for pose ``i``);
  ``start``/``stop`` compute a slice, so a page can spread the work over several frames.
* ``tally`` / ``worst`` / ``counts`` / ``by_position``: for the masks of several cards, how many
  of them each pose sees, the most any pose sees and which poses see that many, and per position
  of the Gunner the most one facing there sees (bit arithmetic: microseconds).
* ``most_seen``: the same worst pose, tested pose by pose with no masks (the direct check).
* ``best_deployment``: the five spots of a zone whose worst enemy pose sees the fewest
  (``Found``), bringing poses into its search only as they are needed; ``deployments`` is the
  search itself on any masks. ``cover_map``: every spot's mask at once (slow at the reference
  grid: one ``seen_mask`` per spot).

Costs on CPython are in docs/performance.md ("Cover and the tables").

Units are card lengths (L) and degrees clockwise from screen-up (R1). A Gunner is not all-round
(R13): its sight lines leave its top edge and end in its LOS region (R11).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from .fmath import plain_sum, sin_cos
from .geometry import CARD_LENGTH, CARD_WIDTH, EPS, Polygon, Vec, card_polygon, inside_rect
from .geometry import polygons_overlap as _overlap
from .los import Viewer, sees
from .scenario import Scenario, Terrain

SightTest = Callable[[Viewer, Polygon, tuple[Terrain, ...]], bool]
"""A sight test (viewer, target card, tall terrain): exact ``los.sees`` or a rules version's."""

Pose = tuple[Vec, float]
"""(centre, facing in degrees): where a card stands."""
Vec2 = tuple[float, float]
"""A unit axis (x, y)."""


@dataclass(frozen=True)
class Resolution:
    """A pose grid: centres at most ``step`` L apart, facings every ``facing_step`` degrees."""

    step: float
    facing_step: float

    def finer(self, factor: int) -> Resolution:
        return Resolution(self.step / factor, self.facing_step / factor)


REFERENCE = Resolution(0.4, 10.0)
"""The grid the table figures of R2 are quoted at (``tools/gunner_cover.py``)."""
FINE = REFERENCE.finer(4)
"""Four times finer in both position and facing: the recheck of a found deployment."""
SPOT_STEP = 0.25
SPOT_FACINGS = (0.0, 90.0)
"""The candidate places for a deployment: centres 0.25 L apart, upright or sideways."""


def _axis(lo: float, hi: float, step: float) -> tuple[float, ...]:
    """Evenly spaced values from ``lo`` to ``hi``, both included, at most ``step`` apart."""
    if hi < lo - EPS:
        return ()
    if hi - lo <= EPS:
        return ((lo + hi) / 2,)
    n = max(1, math.ceil((hi - lo) / step - 1e-9))
    return tuple(lo + (hi - lo) * i / n for i in range(n + 1))


def _half_extents(facing: float) -> tuple[float, float]:
    """Half the width and half the height of the box around a card at ``facing`` (R1)."""
    s, c = sin_cos(facing)
    s, c = abs(s), abs(c)
    return s * CARD_LENGTH / 2 + c * CARD_WIDTH / 2, c * CARD_LENGTH / 2 + s * CARD_WIDTH / 2


def grid_poses(
    scenario: Scenario, player: int, step: float, facings: Iterable[float]
) -> tuple[Pose, ...]:
    """The poses of a card in ``player``'s zone on a grid: per facing, centres evenly spaced (at
    most ``step`` L apart, both ends included) over where the card lies wholly in the zone (R6),
    less those overlapping terrain (R4). Ordered by facing, then y, then x."""
    z = scenario.zone(player)
    boxes = [(_box(t.points), t.points) for t in scenario.terrain]
    out = []
    for f in facings:
        hx, hy = _half_extents(f)
        for y in _axis(z.y0 + hy, z.y1 - hy, step):
            near = [p for (x0, y0, x1, y1), p in boxes if y0 < y + hy and y1 > y - hy]
            for x in _axis(z.x0 + hx, z.x1 - hx, step):
                poly = card_polygon(Vec(x, y), f)
                if inside_rect(poly, z.x0, z.y0, z.x1, z.y1) and not any(
                    _overlap(poly, p) for p in near
                ):
                    out.append((Vec(x, y), f))
    return tuple(out)


def _box(poly: Polygon) -> tuple[float, float, float, float]:
    xs, ys = [p.x for p in poly], [p.y for p in poly]
    return min(xs), min(ys), max(xs), max(ys)


def facings(facing_step: float) -> tuple[float, ...]:
    """0, ``facing_step``, ... below 360 degrees."""
    return tuple(i * facing_step for i in range(round(360.0 / facing_step)))


def gunner_poses(scenario: Scenario, player: int, resolution: Resolution = REFERENCE) -> Poses:
    """Every pose of ``player``'s Gunner on the grid ``resolution`` (see ``grid_poses``), as
    viewers for ``los`` (not all-round, R13)."""
    poses = grid_poses(scenario, player, resolution.step, facings(resolution.facing_step))
    return Poses.of((pos, f, False) for pos, f in poses)


def tall_of(scenario: Scenario) -> tuple[Terrain, ...]:
    """The pieces that block sight (R3)."""
    return tuple(t for t in scenario.terrain if t.tall)


Frame = tuple[float, float, float, float, float, float]
"""A pose's frame for quick rejections (see ``Poses``)."""


@dataclass(frozen=True)
class Poses:
    """Viewer poses with what a quick rejection needs, computed once: per pose the forward unit
    vector (fx, fy), the top-edge line fx*x + fy*y = top, the right unit vector (rx, ry) and the
    centre's sideways coordinate ``side`` (R11)."""

    viewers: tuple[Viewer, ...]
    frames: tuple[Frame, ...]

    @staticmethod
    def of(viewers: Iterable[Viewer]) -> Poses:
        vs = tuple(viewers)
        frames = []
        for c, f, _ in vs:
            sin, cos = sin_cos(f)
            fx, fy = sin, -cos
            rx, ry = -fy, fx
            frames.append(
                (fx, fy, c.x * fx + c.y * fy + CARD_LENGTH / 2, rx, ry, c.x * rx + c.y * ry)
            )
        return Poses(vs, tuple(frames))

    def __len__(self) -> int:
        return len(self.viewers)


_REACH = math.hypot(CARD_LENGTH, CARD_WIDTH) + EPS
"""Two cards whose centres are further apart than a card's diagonal cannot overlap."""


def clear_mask(poses: Poses, cards: Sequence[Pose]) -> int:
    """Bit ``i`` set for each pose ``i`` whose card overlaps none of the cards standing at
    ``cards`` (R4: cards never overlap; touching is not overlapping, C14): the poses a card still
    to be placed may take beside the cards already on the table. The frames' axes separate most
    pairs at once; a pair within ``_NEAR`` of touching gets the engine's own test."""
    placed = []
    for c, f in cards:
        s, co = sin_cos(f)
        placed.append((c, f, ((s, -co), (co, s))))
    mask = 0
    for i, (viewer, frame) in enumerate(zip(poses.viewers, poses.frames, strict=True)):
        c, f, _ = viewer
        axes = ((frame[0], frame[1]), (frame[3], frame[4]))
        if not any(_cards_meet(c, f, axes, *card) for card in placed):
            mask |= 1 << i
    return mask


_NEAR = 1e-6
"""Pairs of cards closer than this to touching, apart or overlapping, get the exact test."""


def _cards_meet(
    a: Vec, fa: float, axes_a: tuple[Vec2, Vec2], b: Vec, fb: float, axes_b: tuple[Vec2, Vec2]
) -> bool:
    """Whether the cards at (``a``, ``fa``) and (``b``, ``fb``), with their forward and right
    unit axes, overlap (R4): the separating axis test on the cards' four axes."""
    dx, dy = b.x - a.x, b.y - a.y
    if abs(dx) >= _REACH or abs(dy) >= _REACH:
        return False
    (f1, f2), (r1, r2) = axes_a
    (g1, g2), (s1, s2) = axes_b
    gap = -math.inf
    for n1, n2 in (axes_a[0], axes_a[1], axes_b[0], axes_b[1]):
        half_a = CARD_LENGTH / 2 * abs(n1 * f1 + n2 * f2) + CARD_WIDTH / 2 * abs(n1 * r1 + n2 * r2)
        half_b = CARD_LENGTH / 2 * abs(n1 * g1 + n2 * g2) + CARD_WIDTH / 2 * abs(n1 * s1 + n2 * s2)
        gap = max(gap, abs(dx * n1 + dy * n2) - half_a - half_b)
    if abs(gap) > _NEAR:
        return gap < 0
    return _overlap(card_polygon(a, fa), card_polygon(b, fb))


def _far_outside(frame: Frame, x: float, y: float, reach: float) -> bool:
    """True when a shape within ``reach`` of (x, y) lies wholly outside the LOS region of the pose
    with this frame (R11): behind its top edge, or beyond one of its 45-degree rays. False means
    "maybe": the exact test decides."""
    fx, fy, top, rx, ry, side = frame
    d = x * fx + y * fy - top
    if d <= -reach:
        return True
    s = x * rx + y * ry - side
    return abs(s) - d > CARD_WIDTH / 2 + reach * math.sqrt(2) + 1e-9


def _centre(card: Polygon) -> tuple[float, float, float]:
    """The mean of the corners and the distance from it to the furthest corner."""
    cx = plain_sum(p.x for p in card) / len(card)
    cy = plain_sum(p.y for p in card) / len(card)
    return cx, cy, max(math.hypot(p.x - cx, p.y - cy) for p in card)


def seen_mask(
    card: Polygon,
    poses: Poses,
    tall: tuple[Terrain, ...],
    start: int = 0,
    stop: int | None = None,
    test: SightTest = sees,
) -> int:
    """Bit ``i`` set for each pose ``i`` in ``poses[start:stop]`` that sees ``card`` (R11-R12,
    exact: ``los.sees``, or a rules version's own ``test``, decides every pose a quick
    rejection leaves: a card wholly outside a pose's LOS region, R11); the masks of consecutive
    slices OR together into the whole mask."""
    mask = 0
    end = len(poses) if stop is None else min(stop, len(poses))
    cx, cy, reach = _centre(card)
    frames, viewers = poses.frames, poses.viewers
    for i in range(start, end):
        if not _far_outside(frames[i], cx, cy, reach) and test(viewers[i], card, tall):
            mask |= 1 << i
    return mask


def sees_any(
    card: Polygon, poses: Poses, tall: tuple[Terrain, ...], among: int, test: SightTest = sees
) -> bool:
    """Whether one of ``poses`` whose bit is set in ``among`` sees ``card`` (R11-R12, as
    ``seen_mask``, by ``test``): the same answer as ``seen_mask(card, poses, tall) & among !=
    0``, stopping at the first pose that sees it."""
    cx, cy, reach = _centre(card)
    frames, viewers = poses.frames, poses.viewers
    return any(
        not _far_outside(frames[i], cx, cy, reach) and test(viewers[i], card, tall)
        for i in bits(among)
    )


def tally(masks: Iterable[int]) -> tuple[int, ...]:
    """How many of the masks each pose is in, bit-sliced: plane ``k`` holds bit ``k`` of every
    pose's count (so a pose's count is the sum of ``1 << k`` over the planes it is in)."""
    planes: list[int] = []
    for m in masks:
        carry = m
        for k in range(len(planes)):
            if not carry:
                break
            planes[k], carry = planes[k] ^ carry, planes[k] & carry
        if carry:
            planes.append(carry)
    return tuple(planes)


def worst(masks: Iterable[int]) -> tuple[int, int]:
    """(the most cards one pose sees, the mask of the poses that see that many); (0, 0) when no
    pose sees any."""
    planes = tally(masks)
    best, alive = 0, -1  # alive: the poses whose count matches ``best`` on the planes so far
    for k in range(len(planes) - 1, -1, -1):
        if alive & planes[k]:
            alive &= planes[k]
            best |= 1 << k
    return (best, alive) if best else (0, 0)


def counts(masks: Iterable[int], n_poses: int) -> list[int]:
    """How many of the masks each of ``n_poses`` poses is in (for an exposure map)."""
    planes = tally(masks)
    out = [0] * n_poses
    for k, plane in enumerate(planes):
        while plane:
            low = plane & -plane
            out[low.bit_length() - 1] += 1 << k
            plane ^= low
    return out


def by_position(poses: Poses, masks: Iterable[int]) -> list[tuple[Vec, int, float]]:
    """Per grid position of the enemy Gunner: (centre, the most of the masked cards one facing
    there sees, that facing), in the order the positions first come in ``poses``; for an
    exposure map ("standing here, it could see N of your cards")."""
    seen = counts(masks, len(poses))
    best: dict[tuple[float, float], tuple[Vec, int, float]] = {}
    for (pos, facing, _), n in zip(poses.viewers, seen, strict=True):
        key = (round(pos.x, 9), round(pos.y, 9))
        if key not in best or n > best[key][1]:
            best[key] = (pos, n, facing)
    return list(best.values())


def bits(mask: int) -> list[int]:
    """The indices of the bits set in ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def most_seen(
    cards: Sequence[Polygon], poses: Poses, tall: tuple[Terrain, ...]
) -> tuple[int, Viewer | None]:
    """(the most of ``cards`` one of ``poses`` sees, the first pose that sees that many), tested
    pose by pose with ``los.sees`` (R12): the direct check of a deployment, with no masks. A pose
    stops being tested once it cannot beat the best so far."""
    best: tuple[int, Viewer | None] = (0, None)
    n = len(cards)
    centres = [_centre(c) for c in cards]
    for viewer, frame in zip(poses.viewers, poses.frames, strict=True):
        seen = 0
        for k, card in enumerate(cards):
            if seen + n - k <= best[0]:
                break
            cx, cy, reach = centres[k]
            if not _far_outside(frame, cx, cy, reach) and sees(viewer, card, tall):
                seen += 1
        if seen > best[0]:
            best = (seen, viewer)
            if seen == n:
                break
    return best


@dataclass(frozen=True)
class CoverMap:
    """A table's cover for ``player``'s cards against the enemy Gunner (R2, R22).

    ``poses``: the enemy Gunner's poses (``gunner_poses``); ``spots``: candidate places for a
    card of ``player`` (``grid_poses``); ``masks[i]``: the poses that see ``spots[i]``;
    ``clash[i]``: a mask over spots of those overlapping spot ``i`` (two cards may not, R4).
    """

    scenario: Scenario
    player: int
    poses: Poses
    spots: tuple[Pose, ...]
    masks: tuple[int, ...]
    clash: tuple[int, ...]


def cover_map(
    scenario: Scenario,
    player: int = 1,
    resolution: Resolution = REFERENCE,
    spot_step: float = SPOT_STEP,
    spot_facings: Sequence[float] = SPOT_FACINGS,
) -> CoverMap:
    """The whole ``CoverMap`` of ``player``'s zone against the other player's Gunner (R2, R6):
    one ``seen_mask`` per spot (see docs/performance.md for what it costs)."""
    poses = gunner_poses(scenario, 3 - player, resolution)
    spots = grid_poses(scenario, player, spot_step, spot_facings)
    tall = tall_of(scenario)
    masks = tuple(seen_mask(card_polygon(*s), poses, tall) for s in spots)
    return CoverMap(scenario, player, poses, spots, masks, clashes(spots))


def clashes(spots: Sequence[Pose]) -> tuple[int, ...]:
    """Per spot, the mask of the other spots whose cards would overlap it (R4)."""
    out = [0] * len(spots)
    known: dict[tuple[float, float, float, float], bool] = {}  # by offset and facings
    for i, (a, fa) in enumerate(spots):
        for j in range(i + 1, len(spots)):
            b, fb = spots[j]
            dx, dy = b.x - a.x, b.y - a.y
            if abs(dx) >= _REACH or abs(dy) >= _REACH:
                continue
            key = (round(dx, 7), round(dy, 7), fa, fb)
            hit = known.get(key)
            if hit is None:
                hit = known[key] = _overlap(card_polygon(a, fa), card_polygon(b, fb))
            if hit:
                out[i] |= 1 << j
                out[j] |= 1 << i
    return tuple(out)


def deployments(
    masks: Sequence[int],
    clash: Sequence[int],
    cards: int,
    limit: int,
    budget: int = 100_000,
    keep: int = 1,
) -> tuple[list[tuple[int, ...]], bool]:
    """Up to ``keep`` sets of ``cards`` spots, no two clashing, that no pose sees more than
    ``limit`` of; and whether the search ran to the end (so an empty list proves there is none)
    rather than out of ``budget`` nodes.

    ``masks[i]``: the poses that see spot ``i``; ``clash[i]``: the spots that overlap it. A
    depth-first search, least-seen spots first, on bit sets: a spot stays a candidate while it
    clashes with no chosen spot and no pose that already sees ``limit`` chosen cards sees it.
    """
    order = sorted(range(len(masks)), key=lambda i: (bin(masks[i]).count("1"), i))
    rank = {spot: r for r, spot in enumerate(order)}  # spots by rank in the search order
    watchers: dict[int, int] = {}  # pose -> the ranks of the spots it sees
    for r, spot in enumerate(order):
        for k in bits(masks[spot]):
            watchers[k] = watchers.get(k, 0) | 1 << r
    near = [sum(1 << rank[j] for j in bits(clash[spot])) for spot in order]
    seen = [masks[spot] for spot in order]
    found: list[tuple[int, ...]] = []
    nodes = 0

    def walk(cands: int, chosen: tuple[int, ...], levels: list[int]) -> bool:
        # levels[k]: the poses that see at least k + 1 of the chosen cards (k < limit);
        # returns True to stop (enough found, or out of budget)
        nonlocal nodes
        need = cards - len(chosen)
        while cands and bin(cands).count("1") >= need:
            low = cands & -cands
            cands ^= low
            r = low.bit_length() - 1
            nodes += 1
            if nodes > budget:
                return True
            m = seen[r]
            grown = [levels[k] | (levels[k - 1] & m if k else m) for k in range(limit)]
            left = cands & ~near[r]
            if limit:
                for k in bits(grown[-1] & ~levels[-1]):
                    left &= ~watchers[k]
            elif m:
                continue
            if need == 1:
                found.append(tuple(sorted(order[x] for x in (*chosen, r))))
                if len(found) >= keep:
                    return True
                continue
            if walk(left, (*chosen, r), grown):
                return True
        return False

    walk((1 << len(order)) - 1, (), [0] * limit)
    return found, nodes <= budget


@dataclass(frozen=True)
class Found:
    """A deployment found by ``best_deployment`` and the worst enemy Gunner pose against it.

    ``cards``: where the cards stand; ``seen``: the most of them one pose of the grid sees;
    ``at_worst``: how many poses see that many; ``worst_pose``: one of them (None if ``seen``
    is 0); ``proven``: no set of the candidate spots does better against the grid; ``poses``:
    the grid's size, ``used``: how many of its poses the search needed.
    """

    cards: tuple[Pose, ...]
    seen: int
    at_worst: int
    worst_pose: Viewer | None
    proven: bool
    poses: int
    used: int


def best_deployment(
    scenario: Scenario,
    player: int = 1,
    resolution: Resolution = REFERENCE,
    cards: int = 5,
    spot_step: float = SPOT_STEP,
    spot_facings: Sequence[float] = SPOT_FACINGS,
    budget: int = 100_000,
) -> Found:
    """The ``cards`` spots of ``player``'s zone (``grid_poses`` with ``spot_step`` and
    ``spot_facings``) whose worst enemy Gunner pose on the grid ``resolution`` sees the fewest.

    Poses are brought in as needed: a search (``deployments``) over the poses used so far finds
    the fewest cards seen, the deployment is checked against every pose of the grid, and the
    poses that see more join the search, until none does. A pose set that is part of the grid
    never asks for more than the whole grid, so the answer is the best over the whole grid
    (``proven``) unless a search ran out of ``budget``.
    """
    poses = gunner_poses(scenario, 3 - player, resolution)
    spots = grid_poses(scenario, player, spot_step, spot_facings)
    if not spots:
        raise ValueError(f"no room for a card in player {player}'s zone")
    tall = tall_of(scenario)
    polys = [card_polygon(*s) for s in spots]
    clash = clashes(spots)
    full: dict[int, int] = {}  # spot -> its mask over every pose, computed when first needed
    used: list[int] = []  # the poses in the search, by index into ``poses``
    masks = [0] * len(spots)  # over ``used``: bit k for pose used[k]
    limit, proven = 0, True
    while True:
        found, complete = deployments(masks, clash, cards, limit, budget)
        if not found:
            if limit >= cards:
                raise ValueError(f"fewer than {cards} non-overlapping spots in the zone")
            proven = proven and complete
            limit += 1
            continue
        chosen = found[0]
        for i in chosen:
            if i not in full:
                full[i] = seen_mask(polys[i], poses, tall)
        levels = tally(full[i] for i in chosen)
        over = _above(levels, limit)
        if not over:
            top, where = worst(full[i] for i in chosen)
            n = bin(where).count("1")
            pose = poses.viewers[bits(where)[0]] if where else None
            return Found(
                tuple(spots[i] for i in chosen), top, n, pose, proven, len(poses), len(used)
            )
        for j in _spread(bits(over), 6):
            b = 1 << len(used)
            used.append(j)
            viewer, frame = poses.viewers[j], poses.frames[j]
            for i, spot in enumerate(spots):
                if i in full:
                    seen = bool(full[i] >> j & 1)
                else:
                    x, y = spot[0]
                    seen = not _far_outside(frame, x, y, _REACH / 2) and sees(
                        viewer, polys[i], tall
                    )
                if seen:
                    masks[i] |= b


def _above(planes: tuple[int, ...], limit: int) -> int:
    """The poses whose count (bit-sliced ``planes``, see ``tally``) exceeds ``limit``."""
    over = 0
    equal = -1  # poses whose count matches ``limit`` on the planes so far, from the top
    for k in range(max(len(planes), limit.bit_length()) - 1, -1, -1):
        plane = planes[k] if k < len(planes) else 0
        if limit >> k & 1:
            equal &= plane
        else:
            over |= equal & plane
            equal &= ~plane
    return over


def _spread(items: list[int], n: int) -> list[int]:
    """At most ``n`` of ``items``, evenly spread over the list."""
    if len(items) <= n:
        return items
    return [items[k * (len(items) - 1) // (n - 1)] for k in range(n)]


__all__ = [
    "FINE",
    "REFERENCE",
    "CoverMap",
    "Found",
    "Pose",
    "Poses",
    "Resolution",
    "best_deployment",
    "bits",
    "by_position",
    "clashes",
    "counts",
    "cover_map",
    "deployments",
    "facings",
    "grid_poses",
    "gunner_poses",
    "most_seen",
    "seen_mask",
    "sees_any",
    "tall_of",
    "tally",
    "worst",
]
