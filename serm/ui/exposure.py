"""The Exposure view during deployment (R5, R6, R12, R22): where could the enemy Gunner stand, and
how many of my cards would it see from there?

The roll-off loser places the last card and acts first (R5), so its Gunner may stand anywhere in
its zone, at any facing, and shoot at every enemy it sees (R22). Placements alternate, so the
enemy Gunner may be down before the side's last card: from then on its poses are its turns where it
stands (``standing_gunner``, ``turning``): turning in place is its Move (R14), so before any Shoot
but its first activation's it may face any way its card fits there (R4), and a card it does not
see now may be in its sight once it has turned. An opening that holds its first shot back (R5,
Opening) leaves it the same poses, since it may turn in place first; the view's words say who
moves before it may shoot (``words.exposure_threat``).

For the side placing its cards (a person's), this works out, exactly for the poses of the
reference grid (``cover.REFERENCE``, the grid the tables' cover figures of R2 are quoted at):

* the enemy Gunner's poses (``cover.gunner_poses``, built one facing per step; once it stands on
  the table, its turns in place, one per step);
* per card placed so far, the poses that see it (``cover.seen_mask``, ``MASK_SLICE`` poses per
  step; R11-R12, exact);
* the poses the enemy Gunner may still take: those clear of the cards already on the table
  (``cover.clear_mask``, R4), worked out when the view is drawn;
* the worst pose for those cards: of the poses it may still take, the one that sees the most of
  them (``cover.worst``);
* a shading of the zone: per spot where a card facing the enemy could stand (``SPACING`` L
  apart), which of every ``SHADE_EVERY``-th pose see a card there (``cover.seen_mask``;
  ``SHADE_SLICE`` pairs of a spot and a pose per step); drawn as the share of those poses still
  open to the enemy Gunner (R4) that see it.

Every step is a ``Rest`` event, a few milliseconds at most on CPython; the browser sends steps
while ``wanted`` says work is left, as many in one task as fit in ``REST_TASK_MS``, so no task
keeps the page busy for long. Nothing here changes a state.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from ..core import cover
from ..core import queries as q
from ..core.geometry import Polygon, Vec, card_polygon
from ..core.ruleset import ruleset
from ..core.scenario import Scenario
from ..core.state import PendingKind, Soldier, State, Status
from ..view.model import ExposureView, Ghost
from .last import kept
from .model import UI, Exposure, Spot

RESOLUTION = cover.REFERENCE
"""The enemy Gunner's pose grid: 0.4 L apart, every 10 degrees (R2's reference grid)."""
MASK_SLICE = 8
"""Poses tested against a placed card per step (the browser runs steps for ``REST_TASK_MS``
a task, ``serm.web.play``)."""
SHADE_EVERY = 12
"""The shading looks at every twelfth pose of the grid (spread over positions and facings)."""
SHADE_SLICE = 16
"""(spot, shading pose) pairs tested per step."""
SPACING = 0.4
"""Spots of the shading, L apart."""

FACINGS = cover.facings(RESOLUTION.facing_step)
TURNS = cover.facings(5.0)
"""The facings a standing enemy Gunner is weighed at, beside its facing now (``turning``)."""


def side(state: State, ui: UI) -> int | None:
    """The player whose deployment the view looks at: the person placing a card, or (while a
    computer places) the person it plays against; None outside deployment or with no person."""
    p = state.pending
    if state.status != Status.DEPLOYMENT or p is None or p.kind != PendingKind.PLACE:
        return None
    for player in (p.player, 3 - p.player):
        if not ui.seats.computer(player):
            return player
    return None


def facing_enemy(player: int) -> float:
    """The facing of a card looking straight at the other zone (R1, R2)."""
    return 0.0 if player == 1 else 180.0


@lru_cache(maxsize=8)
def spots(scenario: Scenario, player: int) -> tuple[cover.Pose, ...]:
    """The shading's spots: where a card of ``player`` facing the enemy may stand (R4, R6),
    ``SPACING`` L apart (``cover.grid_poses``)."""
    return cover.grid_poses(scenario, player, SPACING, (facing_enemy(player),))


@lru_cache(maxsize=8)
def _spot_shapes(
    scenario: Scenario, player: int
) -> tuple[tuple[tuple[tuple[float, float], ...], tuple[float, float, float, float]], ...]:
    out = []
    for pos, facing in spots(scenario, player):
        pts = tuple((p.x, p.y) for p in card_polygon(pos, facing))
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        out.append((pts, (min(xs), min(ys), max(xs), max(ys))))
    return tuple(out)


def _zone(scenario: Scenario, player: int) -> Polygon:
    z = scenario.zone(player)
    return (Vec(z.x0, z.y0), Vec(z.x1, z.y0), Vec(z.x1, z.y1), Vec(z.x0, z.y1))


def _part(ui: UI, player: int, state: State) -> Exposure:
    """The work of the view for ``player``: started afresh once the enemy Gunner is placed, as
    its poses are then its turns where it stands (``anchor``)."""
    gunner = standing_gunner(state, player)
    anchor = None if gunner is None else (gunner.x, gunner.y)
    for e in ui.exposure:
        if e.player == player and e.anchor == anchor:
            return e
    return Exposure(player, anchor=anchor)


def _test(state: State) -> cover.SightTest:
    """The game's own sight test (its rules version's, R12): the view never says a card is seen
    where the game would not let it be shot, nor the other way round."""
    return ruleset(state.rules_version).sees


def turning(state: State, gunner: Soldier, facing: float) -> tuple[cover.Pose, ...]:
    """The enemy Gunner's pose turned to ``facing`` where it stands, when its card may take it
    there (R4, R14: table, terrain and the cards on the table, its own aside); else none. Its
    poses are its facing now, then every ``TURNS`` facing (``_build``)."""
    if q.facing_problem(state, gunner, facing) is not None:
        return ()
    return ((gunner.pos, facing),)


def _with(ui: UI, e: Exposure) -> UI:
    others = tuple(x for x in ui.exposure if x.player != e.player)
    return replace(ui, exposure=(*others, e))


def _placed(state: State, player: int) -> list[tuple[tuple[int, str], Spot]]:
    return [((s.player, s.card), (s.x, s.y, s.facing)) for s in state.alive(player) if s.on_table]


def standing_gunner(state: State, player: int) -> Soldier | None:
    """The enemy Gunner of ``player`` once it is on the table: then the view speaks of it where
    it stands, not of where it could stand (R5: placements alternate, so it may be down before
    ``player``'s last card)."""
    for s in state.enemies(player):
        if s.type.shoots_all_seen:
            return s
    return None


_shading_cache: list[tuple[cover.Poses, cover.Poses]] = kept([])


def _shading(poses: cover.Poses, standing: bool) -> cover.Poses:
    """Every ``SHADE_EVERY``-th of ``poses`` (spread over positions and facings); all of them
    for a ``standing`` Gunner's turns, a few dozen."""
    if _shading_cache and _shading_cache[0][0] is poses:
        return _shading_cache[0][1]
    every = 1 if standing else SHADE_EVERY
    found = cover.Poses(poses.viewers[::every], poses.frames[::every])
    _shading_cache[:] = [(poses, found)]
    return found


def _shade_total(sc: Scenario, e: Exposure) -> int:
    """The (spot, shading pose) pairs the shading tests."""
    assert e.poses is not None
    return len(spots(sc, e.player)) * len(_shading(e.poses, e.anchor is not None))


def wanted(state: State, ui: UI) -> bool:
    """True while the Exposure view is on and has work left for the side it looks at."""
    player = side(state, ui)
    if player is None or not ui.settings.exposure:
        return False
    e = _part(ui, player, state)
    if e.poses is None:
        return True
    if any(_unmasked(state, e)):
        return True
    return e.shaded < _shade_total(state.scenario, e)


def _unmasked(state: State, e: Exposure) -> list[tuple[tuple[int, str], Spot]]:
    """The cards placed whose poses that see them are still to be tested."""
    known = {(k, spot) for k, spot, _ in e.masks}
    return [item for item in _placed(state, e.player) if item not in known]


def step(ui: UI, state: State) -> UI:
    """One step of the work ``wanted`` asks for: build the poses of one facing, test one slice
    of poses against a placed card, or shade with a few poses; the same ``ui`` if none."""
    if not wanted(state, ui):
        return ui
    player = side(state, ui)
    assert player is not None
    e = _part(ui, player, state)
    if e.poses is None:
        return _with(ui, _build(e, state))
    todo = _unmasked(state, e)
    if todo:
        return _with(ui, _mask(e, state, *todo[0]))
    return _with(ui, _shade(e, state))


def _build(e: Exposure, state: State) -> Exposure:
    """The enemy Gunner's poses of the next facing, with their frames (``cover.grid_poses``,
    in the order of ``cover.gunner_poses``; once it stands on the table, ``turning``);
    ``Poses`` once the last facing is in."""
    sc = state.scenario
    gunner = standing_gunner(state, e.player)
    if gunner is not None:
        steps = TURNS
        facings = (gunner.facing, TURNS[0]) if e.built == 0 else (TURNS[e.built],)
        found = tuple(pose for f in facings for pose in turning(state, gunner, f))
    else:
        steps = FACINGS
        found = cover.grid_poses(sc, 3 - e.player, RESOLUTION.step, (FACINGS[e.built],))
    part = cover.Poses.of((pos, f, False) for pos, f in found)
    viewers, frames = (*e.viewers, *part.viewers), (*e.frames, *part.frames)
    if e.built + 1 < len(steps):
        return replace(e, built=e.built + 1, viewers=viewers, frames=frames)
    poses = cover.Poses(viewers, frames)
    shade = (0,) * len(spots(sc, e.player))
    return replace(e, built=len(steps), viewers=(), frames=(), poses=poses, shade=shade)


def _mask(e: Exposure, state: State, key: tuple[int, str], spot: Spot) -> Exposure:
    """The next ``MASK_SLICE`` poses tested against the card ``key`` standing at ``spot``."""
    assert e.poses is not None
    start, mask = 0, 0
    if e.partial is not None and e.partial[:2] == (key, spot):
        start, mask = e.partial[2], e.partial[3]
    stop = min(start + MASK_SLICE, len(e.poses))
    card = card_polygon(Vec(spot[0], spot[1]), spot[2])
    tall = cover.tall_of(state.scenario)
    mask |= cover.seen_mask(card, e.poses, tall, start, stop, _test(state))
    if stop < len(e.poses):
        return replace(e, partial=(key, spot, stop, mask))
    return replace(e, partial=None, masks=(*e.masks, (key, spot, mask)))


def _shade(e: Exposure, state: State) -> Exposure:
    """The next ``SHADE_SLICE`` (spot, shading pose) pairs, spot by spot: each shading pose that
    sees a card facing the enemy at the spot sets its bit in the spot's mask (``cover.seen_mask``,
    R11-R12)."""
    assert e.poses is not None
    every = _shading(e.poses, e.anchor is not None)
    shade = list(e.shade)
    sc, test = state.scenario, _test(state)
    at = spots(sc, e.player)
    tall = cover.tall_of(sc)
    done, end = e.shaded, min(e.shaded + SHADE_SLICE, len(at) * len(every))
    while done < end:
        i, start = divmod(done, len(every))
        stop = min(len(every), start + end - done)
        pos, facing = at[i]
        shade[i] |= cover.seen_mask(card_polygon(pos, facing), every, tall, start, stop, test)
        done += stop - start
    return replace(e, shade=tuple(shade), shaded=done)


_last_view: list[tuple[State, Exposure, ExposureView | None]] = kept([])
"""The last ``view`` answer: the board asks on every pointer move, the work changes seldom."""


def view(state: State, ui: UI) -> ExposureView | None:
    """What the board and the panel show: the worst enemy Gunner pose for the cards placed so
    far, the cards it sees, and the shading once complete; None when the view is off."""
    player = side(state, ui)
    if player is None or not ui.settings.exposure:
        for memo in (_shading_cache, _last_view, _free_cache, _last_ghost):
            memo.clear()  # nothing of the view is kept while it is not shown
        return None
    e = _part(ui, player, state)
    if _last_view and _last_view[0][0] is state and _last_view[0][1] is e:
        return _last_view[0][2]
    found = _view(state, e)
    _last_view[:] = [(state, e, found)]
    return found


def _view(state: State, e: Exposure) -> ExposureView:
    placed = _placed(state, e.player)
    masks = {(k, spot): m for k, spot, m in e.masks}
    free = _free(state, e.poses, e.player) if e.poses is not None else 0
    known = [(k, masks[(k, spot)] & free) for k, spot in placed if (k, spot) in masks]
    worst: tuple[float, float, float] | None = None
    seen: tuple[str, ...] = ()
    ready = e.poses is not None and len(known) == len(placed)
    if ready and e.poses is not None and placed:
        top, where = cover.worst(m for _, m in known)
        if top:
            j = cover.bits(where)[0]
            pos, facing, _ = e.poses.viewers[j]
            worst = (pos.x, pos.y, facing)
            seen = tuple(k[1] for k, m in known if m >> j & 1)
        elif (gunner := standing_gunner(state, e.player)) is not None:
            worst = (gunner.x, gunner.y, gunner.facing)  # no turn sees one: said by the Gunner
    done, shade = _shade_view(state, e)
    return ExposureView(
        e.player,
        worst,
        seen,
        len(placed),
        shade,
        SPACING,
        shade_done=done,
        ready=ready,
        standing=e.anchor is not None,
    )


def _shade_view(state: State, e: Exposure) -> tuple[bool, tuple[tuple[float, float, float], ...]]:
    """Whether the shading is complete, and its spots (x, y, share) once it is: the share of the
    shading poses still open to the enemy Gunner (``_free``, R4) that see a card there; once the
    enemy Gunner stands on the table, 1 where it sees a card there after some turn in place and 0
    where it sees none after any (as the words and the label of the card being placed say)."""
    done = e.poses is not None and e.shaded >= _shade_total(state.scenario, e)
    if not done or e.poses is None:
        return done, ()
    free = _free(state, _shading(e.poses, e.anchor is not None), e.player)
    total = free.bit_count() or 1
    at = spots(state.scenario, e.player)
    return done, tuple(
        (c.x, c.y, _share(m & free, total, e.anchor is not None))
        for (c, _), m in zip(at, e.shade, strict=True)
    )


def _share(seen: int, total: int, standing: bool) -> float:
    """The share of the ``total`` poses open to the enemy Gunner whose bits are set in ``seen``;
    for a standing Gunner 1 or 0: it sees the spot after some turn, or after none."""
    if standing:
        return 1.0 if seen else 0.0
    return seen.bit_count() / total


_last_ghost: list[tuple[State, cover.Poses | None, Ghost, bool]] = kept([])
"""The last ``ghost_seen`` answer: the board asks on every repaint, for the same pose often."""


def ghost_seen(state: State, ui: UI, g: Ghost) -> bool:
    """Whether the Exposure view counts the card being placed as seen where it is shown, by the
    rule of its shading and its words: one of the shading's poses still open to the enemy Gunner
    (``_free``, R4) sees it (R11-R12), or, once the enemy Gunner stands on the table, the Gunner
    sees it from there. False while the view is off or its poses are still being worked out."""
    player = side(state, ui)
    if player != g.player or not ui.settings.exposure:
        return False
    poses = _part(ui, player, state).poses
    for known, at, ghost, found in _last_ghost:
        if known is state and at is poses and ghost == g:
            return found
    found = _ghost_seen(state, poses, g)
    _last_ghost[:] = [(state, poses, g, found)]
    return found


def _ghost_seen(state: State, poses: cover.Poses | None, g: Ghost) -> bool:
    if poses is None:
        return False
    every = _shading(poses, standing_gunner(state, g.player) is not None)
    card = card_polygon(Vec(g.x, g.y), g.facing)
    free = _free(state, every, g.player)
    return cover.sees_any(card, every, cover.tall_of(state.scenario), free, _test(state))


_last_glimpse: list[tuple[State, cover.Poses | None, Ghost, bool]] = kept([])
"""The last ``ghost_glimpsed`` answer."""


def ghost_glimpsed(state: State, ui: UI, g: Ghost) -> bool:
    """Whether a pose of the enemy Gunner's whole grid still open to it (R4), not only of the
    shading's every ``SHADE_EVERY``-th, sees the card being placed where it is shown (R11-R12):
    a spot the shading draws green may be seen from the poses between those it tests. False
    once the enemy Gunner stands (``ghost_seen`` then tests every turn it may take), while the
    view is off or its poses are still being worked out. Up to some 20 ms on CPython, so asked
    once the card rests, not on every step of a drag."""
    player = side(state, ui)
    if player != g.player or not ui.settings.exposure or standing_gunner(state, player):
        return False
    poses = _part(ui, player, state).poses
    if poses is None:
        return False
    for known, at, ghost, found in _last_glimpse:
        if known is state and at is poses and ghost == g:
            return found
    card = card_polygon(Vec(g.x, g.y), g.facing)
    free = _free(state, poses, player)
    found = cover.sees_any(card, poses, cover.tall_of(state.scenario), free, _test(state))
    _last_glimpse[:] = [(state, poses, g, found)]
    return found


_free_cache: list[tuple[cover.Poses, tuple[Spot, ...], int]] = kept([])
"""The last ``_free`` answers (of the poses and of the shading poses), by the cards on the table."""


def _free(state: State, poses: cover.Poses, player: int) -> int:
    """Bit ``i`` set for each of ``poses`` the enemy Gunner of ``player`` may still take: its
    card clear of every card on the table, its own aside once it stands there (R4; zone and
    terrain are already in the grid, and in its turns in place, ``turning``)."""
    gunner = standing_gunner(state, player)
    cards = tuple((s.x, s.y, s.facing) for s in state.on_table() if s != gunner)
    for known, at, mask in _free_cache:
        if known is poses and at == cards:
            return mask
    mask = cover.clear_mask(poses, [(Vec(x, y), f) for x, y, f in cards])
    _free_cache[:] = [*_free_cache[-1:], (poses, cards, mask)]
    return mask
