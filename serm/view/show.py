"""Beats on the board: the markup of ``#layer-show`` and the animations that play it.

``show`` turns beats (``serm.view.beats``) into markup (ghosts of cards eliminated, sight lines,
dice pools, announcements) and a list of ``Anim``: Web Animations the browser layer starts on
elements of the board as they are (``selector``), one after another by ``delay``. Pure: the
browser only inserts the markup and calls ``element.animate(frames, {duration, delay, easing,
fill})`` for each, in the order given (later ones composite on top). ``trail`` is the "what just
happened" highlight of a turn's beats.

Selectors (all under ``#board-view``): a card on the board
``#layer-board g.card[data-player="1"][data-card="ranger"]``; a card eliminated during the show,
its ghost ``#layer-show g.ghost[data-player="1"][data-card="ranger"]``; beat ``i``'s sight line
``#layer-show line.aim[data-beat="i"]``, its dice pool ``#layer-show g.pool[data-beat="i"]`` (each
die ``g.die[data-index="k"]`` holds ``g.spin`` with ``text.tumble`` and ``text.face``; the pool's
``text.total``), its announcement (a React, or a shot's result: eliminated or survives)
``#layer-show text.say[data-beat="i"]``.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace

import svg

from serm.core.geometry import Vec, card_polygon
from serm.core.state import Soldier, State

from .beats import BASE_MS, Beat, BeatKind, Pose, Segment
from .board import pose_spots
from .cards import card_group
from .common import (
    HALF_L,
    INK,
    SCALE,
    SHADOW,
    SIDE,
    TARGET,
    WHITE,
    esc,
    rounded,
    scaled,
    text,
    text_width,
)
from .labels import Box, Spots
from .model import SoldierKey
from .pool import pool_anims, pool_markup
from .shotline import span
from .timing import Anim, Keyframe, Slot, fills, pop, tween

__all__ = ["Anim", "Keyframe", "Show", "show", "trail"]


@dataclass(frozen=True)
class Show:
    """What the browser plays: ``markup`` for ``#layer-show``, ``anims``, and ``ms``, how long
    the whole show lasts (the last animation's end)."""

    markup: str
    anims: tuple[Anim, ...]
    ms: float


@dataclass(frozen=True)
class _Ctx:
    """What every beat's builder needs: the states around the show, and the beats."""

    before: State
    after: State
    beats: tuple[Beat, ...]
    motion: bool
    pools: list[Box] = field(default_factory=list)
    """The boxes of the dice pools rolled so far in the show: later pools keep off them."""

    def node(self, key: SoldierKey) -> str:
        """The selector of ``key``'s card: on the board, or its ghost when gone from it."""
        where = (
            "#layer-board g.card" if self.after.soldier(*key).on_table else "#layer-show g.ghost"
        )
        return f'{where}[data-player="{key[0]}"][data-card="{esc(key[1])}"]'


def show(
    beats: Sequence[Beat], before: State, after: State, factor: float, motion: bool = True
) -> Show:
    """The show of ``beats`` played from ``before`` to ``after`` at ``factor`` times the normal
    length (``serm.view.beats.speed_factor``); with ``motion`` False (``prefers-reduced-motion``)
    every beat still takes its time but jumps to its end (no sliding, turning, rolling or
    fading). Beat ``i`` starts when beat ``i - 1`` ends; an instant show (factor 0) is empty."""
    if factor <= 0 or not beats:
        return Show("", (), 0)
    ctx = _Ctx(before, after, tuple(beats), motion)
    slots = _slots(ctx.beats, factor)
    parts = [_ghosts(ctx)]
    anims: list[Anim] = []
    for slot, poses in zip(slots, _standing(ctx), strict=True):
        if ctx.beats[slot.index].kind == BeatKind.ROLL:
            markup, more = _roll(ctx, slot, slots, poses)
        else:
            markup, more = _beat(ctx, slot, slots, poses)
        parts.append(markup)
        anims += more
    ordered = sorted(anims, key=lambda a: a.delay)  # stable: creation order within a start
    return Show("".join(parts), fills(ordered), slots[-1].end)


def _slots(beats: tuple[Beat, ...], factor: float) -> list[Slot]:
    out, start = [], 0.0
    for i, b in enumerate(beats):
        ms = round(BASE_MS[b.kind] * factor, 1)
        out.append(Slot(i, round(start, 1), ms))
        start += ms
    return out


def _beat(ctx: _Ctx, slot: Slot, slots: list[Slot], poses: list[Pose]) -> tuple[str, list[Anim]]:
    b = ctx.beats[slot.index]
    if b.kind in (BeatKind.MOVE, BeatKind.TURN):
        return "", _turning(ctx.node(b.card), b.poses, slot, ctx.motion)
    if b.kind == BeatKind.PLACE:  # fades in
        frames = tuple((("opacity", v),) for v in ("0", "1"))
        return "", [tween(ctx.node(b.card), frames, slot, ctx.motion)]
    if b.kind in (BeatKind.KILL, BeatKind.SPARE):  # a shot's result: its words by the card
        words, said = _say(ctx, slot, poses, above=False)
        if b.kind == BeatKind.SPARE:
            return words, _flash(ctx.node(b.card), slot, ctx.motion) + said
        fades = tuple((("opacity", v),) for v in ("1", "0"))  # the ghost
        return words, [tween(ctx.node(b.card), fades, slot, ctx.motion), *said]
    if b.kind == BeatKind.AIM:
        return _aim(ctx, slot, _result(ctx.beats, slot.index, slots))
    return _say(ctx, slot, poses)


def _standing(ctx: _Ctx) -> Iterator[list[Pose]]:
    """Where the cards on the table stand at each beat's start: as in ``ctx.before``, then as
    each beat before it placed, moved, turned or eliminated them."""
    poses = {(s.player, s.card): (s.x, s.y, s.facing) for s in ctx.before.on_table()}
    for b in ctx.beats:
        yield list(poses.values())
        if b.kind in (BeatKind.MOVE, BeatKind.TURN, BeatKind.PLACE):
            poses[b.card] = b.poses[-1]
        elif b.kind == BeatKind.KILL:
            poses.pop(b.card, None)


def _roll(ctx: _Ctx, slot: Slot, slots: list[Slot], poses: list[Pose]) -> tuple[str, list[Anim]]:
    """A pool rolled, clear of the cards as they stand (``poses``) and of the pools rolled
    before it in the show; a shot's pools fade with its result, others during the next beat."""
    b = ctx.beats[slot.index]
    fade = _result(ctx.beats, slot.index, slots) if b.purpose in ("shoot", "endure") else None
    fade = fade or (slots[slot.index + 1] if slot.index + 1 < len(slots) else None)
    spots = pose_spots(ctx.after, poses)
    for box in ctx.pools:
        spots.take(box)
    markup = pool_markup(b, slot.index, ctx.after.scenario.width, spots)
    ctx.pools.append(spots.taken[-1])
    return markup, pool_anims(b, slot, fade, ctx.motion)


def _turning(node: str, poses: tuple[Pose, ...], slot: Slot, motion: bool) -> list[Anim]:
    """The card ``node`` through ``poses``, and its faces (full and compact) turned back by its
    facing at every frame, as ``serm.view.cards`` draws them at rest: the text reads upright
    while the card turns, not turned back by the facing it ends with."""
    frames = tuple((("transform", _transform(p)),) for p in poses)
    back = tuple((("transform", f"rotate({rounded(-p[2])}deg)"),) for p in poses)
    faces = [tween(f"{node} g.{face}", back, slot, motion) for face in ("face", "face-compact")]
    return [tween(node, frames, slot, motion), *faces]


def _transform(p: Pose) -> str:
    """A card's pose as a CSS transform (user units as px), as ``serm.web.paint`` slides it."""
    x, y = rounded(p[0] * SCALE), rounded(p[1] * SCALE)
    return f"translate({x}px, {y}px) rotate({rounded(p[2])}deg)"


def _result(beats: tuple[Beat, ...], i: int, slots: list[Slot]) -> Slot | None:
    """The slot of the result (KILL or SPARE) of the shot beat ``i`` is part of, if shown."""
    for j in range(i + 1, len(beats)):
        if beats[j].kind in (BeatKind.KILL, BeatKind.SPARE):
            return slots[j]
        if beats[j].kind == BeatKind.AIM:
            return None
    return None


def _flash(selector: str, slot: Slot, motion: bool) -> list[Anim]:
    if not motion:
        return pop(selector, "opacity", "1", "0.35", slot, motion)
    frames = tuple((("opacity", v),) for v in ("1", "0.3", "1", "0.3", "1"))
    return [tween(selector, frames, slot, motion)]


def _aim(ctx: _Ctx, slot: Slot, fade: Slot | None) -> tuple[str, list[Anim]]:
    b = ctx.beats[slot.index]
    assert b.other_pose is not None
    (x1, y1), (x2, y2) = shot_line(b.poses[0], b.other_pose, b.line)
    length = rounded(((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5 * SCALE) or 1
    line = svg.Line(
        x1=scaled(x1),
        y1=scaled(y1),
        x2=scaled(x2),
        y2=scaled(y2),
        class_=["aim"],
        data={"beat": slot.index},
        stroke=TARGET,
        stroke_width=7,
        stroke_linecap="round",
        stroke_dasharray=[length, length],
        stroke_dashoffset=0,
    )
    sel = f'#layer-show line.aim[data-beat="{slot.index}"]'
    drawn = ((("strokeDashoffset", f"{length}"),), (("strokeDashoffset", "0"),))
    anims = [tween(sel, drawn, slot, ctx.motion)]
    if fade is not None:
        anims.append(tween(sel, ((("opacity", "1"),), (("opacity", "0"),)), fade, ctx.motion))
    return str(line), anims


TRAIL_RING = HALF_L + 14
"""The radius of the ring a trail's shot draws around its target's card, in scaled units."""
SAY_SIZE = 30.0
"""An announcement's type size, in scaled units."""
SAY_OFF = 70.0
"""How far above the card's centre an announcement sits (below it near the table's top)."""


def _say(ctx: _Ctx, slot: Slot, poses: list[Pose], above: bool = True) -> tuple[str, list[Anim]]:
    """A beat's words where the board's label rule puts them (``say_spot``): clear of the
    cards as they stand (``poses``), the terrain's names and the pools shown before them;
    popping in, held for most of the beat, then out."""
    b = ctx.beats[slot.index]
    spots = pose_spots(ctx.after, poses)
    for box in ctx.pools:
        spots.take(box)
    cx, cy = say_spot(spots, b, above)
    said = text(cx, cy, b.words, SAY_SIZE, WHITE, bold=True, halo=SHADOW)  # escaped there
    said.class_, said.data, said.opacity = ["say"], {"beat": slot.index}, 0
    sel = f'#layer-show text.say[data-beat="{slot.index}"]'
    if not ctx.motion:
        return str(said), pop(sel, "opacity", "0", "1", slot, ctx.motion)
    shown = tuple((("opacity", v),) for v in ("0", "1", "1", "1", "1", "0"))
    return str(said), [tween(sel, shown, slot, ctx.motion)]


def say_spot(spots: Spots, b: Beat, above: bool = True) -> tuple[float, float]:
    """Where ``b``'s words go (scaled units; their box is taken from ``spots``): wanted
    ``above`` its card (under it near the table's top), across its middle (a shot's result),
    or where the beat stands with no card (a side's pass), and moved by the board's label
    rule (``serm.view.labels``) off what ``spots`` keeps them from: other cards' numbers and
    the terrain's names."""
    x, y = scaled(b.poses[0][0]), scaled(b.poses[0][1])
    if above and b.card[1]:
        y = y - SAY_OFF if y - SAY_OFF - SAY_SIZE / 2 > 0 else y + SAY_OFF + 20
    halo = max(2.0, SAY_SIZE / 5)  # the halo's stroke, as ``text`` draws it
    return spots.place(x, y, text_width(b.words, SAY_SIZE) + halo, SAY_SIZE * 1.2 + halo)


def _ghosts(ctx: _Ctx) -> str:
    """Copies of the cards gone from the board by the show's end (eliminated), as they stood
    when first seen in it; each fades out at its KILL beat."""
    seen: dict[SoldierKey, Pose] = {}
    for b in ctx.beats:
        if b.card[1]:  # a pass with no soldier activated names no card
            seen.setdefault(b.card, b.poses[0])
        if b.other is not None and b.other_pose is not None:
            seen.setdefault(b.other, b.other_pose)
    out = []
    for key, (x, y, f) in seen.items():
        if ctx.after.soldier(*key).on_table:
            continue
        s = replace(ctx.after.soldier(*key), x=x, y=y, facing=f, placed=True, alive=True)
        out.append(_ghost(s))
    return "".join(out)


def _ghost(s: Soldier) -> str:
    g = card_group(s)
    classes = g.class_ if isinstance(g.class_, list) else []
    return str(replace(g, class_=["ghost", *classes], pointer_events="none"))


TRAIL_TURN = HALF_L + 30
"""The radius of the arc a trail's turn draws around its card, in scaled units."""
STILL = (BeatKind.ROLL, BeatKind.REACT, BeatKind.DECLINE)
"""Beats of a soldier that may have acted where it stands (a Move roll that went nowhere, a
React): its card is ringed when nothing else of the turn marks it."""


def _trail_marks(beats: Sequence[Beat]) -> Iterator[tuple[str, int, Beat]]:
    """What of a turn its trail marks, as (kind, beat index, beat): "path", "shot", "turn",
    "still" or "pass" (``trail``)."""
    marked = {b.card for b in beats if b.kind in (BeatKind.MOVE, BeatKind.TURN, BeatKind.AIM)}
    for i, b in enumerate(beats):
        if b.kind == BeatKind.MOVE:
            yield "path", i, b
        elif b.kind == BeatKind.AIM and b.other_pose is not None:
            yield "shot", i, b
        elif b.kind == BeatKind.TURN and abs(b.poses[-1][2] - b.poses[0][2]) % 360.0 > 0.5:
            yield "turn", i, b
        elif b.kind == BeatKind.TURN:  # turned to the facing it had
            yield "still", i, b
        elif b.kind == BeatKind.PASS:
            yield "pass", i, b
        elif b.kind in STILL and b.card not in marked and b.purpose in ("", "move", "react"):
            marked.add(b.card)
            yield "still", i, b


def trail(beats: Sequence[Beat], state: State) -> str:
    """The highlight of a turn, drawn still (markup for ``#layer-show``; empty for no beats):
    each mover's path, each shooter's sight lines (a ring around each target), each turn in
    place as an arc from the old facing to the new, a pass in words (``say_spot``, clear of
    the cards of ``state`` and the terrain's names),
    and a dashed ring around a soldier that acted where it stood (a Move that went nowhere):
    every activation leaves a mark."""
    lines: list[svg.Element] = []
    spots = _trail_spots(state)
    for kind, i, b in _trail_marks(beats):
        if kind == "path":
            lines.append(_trail_path(i, b))
        elif kind == "shot" and b.other_pose is not None:
            lines += _trail_shot(i, b.poses[0], b.other_pose, b.line)
        elif kind == "turn":
            lines.append(_trail_turn(i, b))
        elif kind == "still":
            lines.append(_trail_still(i, b))
        else:
            lines.append(_trail_pass(i, b, say_spot(spots, b)))
    if not lines:
        return ""
    return str(svg.G(class_=["trail"], pointer_events="none", elements=lines))


def trail_boxes(beats: Sequence[Beat], state: State) -> tuple[Box, ...]:
    """The boxes (L: left, top, right, bottom) that ``trail``'s rings, arcs and words cover: it
    is drawn over the board's labels, which keep off them (``ViewModel.covered``). Its lines
    are left out: a label across a thin line is still read."""
    out: list[Box] = []
    spots = _trail_spots(state)
    for kind, _, b in _trail_marks(beats):
        x, y, facing = b.poses[0]
        if kind == "shot" and b.other_pose is not None:
            out += _ring_boxes(b.other_pose[0], b.other_pose[1], TRAIL_RING, 0.0, 360.0)
        elif kind == "turn":
            sweep = (b.poses[-1][2] - facing + 180.0) % 360.0 - 180.0
            out += _ring_boxes(x, y, TRAIL_TURN, facing, sweep)
        elif kind == "still":
            out += _ring_boxes(x, y, TRAIL_TURN, 0.0, 360.0)
        elif kind == "pass":
            cx, cy = say_spot(spots, b)
            w, h = text_width(b.words, 26) + 6, 26 * 1.2 + 6
            out.append(_in_l((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)))
    return tuple(out)


def _trail_spots(state: State) -> Spots:
    """The room for a trail's words: the board less the cards of ``state`` and the names."""
    return pose_spots(state, [(s.x, s.y, s.facing) for s in state.on_table()])


RING_STEP = 16.0
"""The spacing (scaled units) of the boxes that cover a trail's ring along its length."""


def _ring_boxes(x: float, y: float, r: float, start: float, sweep: float) -> list[Box]:
    """Boxes (L) covering the arc of radius ``r`` (scaled units) around (x, y) L from the
    bearing ``start`` over ``sweep`` degrees: each as wide as the spacing between them and the
    stroke, so together they cover the whole arc."""
    steps = max(1, math.ceil(abs(math.radians(sweep)) * r / RING_STEP))
    half = RING_STEP / 2 + 4  # the stroke (5) with room
    out = []
    for k in range(steps + 1):
        rad = math.radians(start + sweep * k / steps)
        px, py = scaled(x) + r * math.sin(rad), scaled(y) - r * math.cos(rad)
        out.append(_in_l((px - half, py - half, px + half, py + half)))
    return out


def _in_l(box: Box) -> Box:
    return (box[0] / SCALE, box[1] / SCALE, box[2] / SCALE, box[3] / SCALE)


def _trail_turn(i: int, b: Beat) -> svg.Polyline:
    """A turn in place: an arc around the card, the short way from its old facing to its new."""
    (x, y, a0), (_, _, a1) = b.poses[0], b.poses[-1]
    sweep = (a1 - a0 + 180.0) % 360.0 - 180.0
    steps = max(2, int(abs(sweep) / 10) + 1)
    points = []
    for k in range(steps + 1):
        rad = math.radians(a0 + sweep * k / steps)
        px = scaled(x) + TRAIL_TURN * math.sin(rad)
        py = scaled(y) - TRAIL_TURN * math.cos(rad)
        points.append(svg.Point(rounded(px), rounded(py)))
    return svg.Polyline(
        points=points,
        class_=["trail-turn"],
        data={"beat": i, "player": b.card[0]},
        fill="none",
        stroke=SIDE.get(b.card[0], INK),
        stroke_width=5,
        stroke_opacity=0.8,
        stroke_dasharray=[12, 8],
        stroke_linecap="round",
    )


def _trail_still(i: int, b: Beat) -> svg.Circle:
    """A soldier that acted where it stood: a dashed ring of its side around its card."""
    x, y, _ = b.poses[0]
    return svg.Circle(
        cx=scaled(x),
        cy=scaled(y),
        r=TRAIL_TURN,
        class_=["trail-still"],
        data={"beat": i, "player": b.card[0]},
        fill="none",
        stroke=SIDE.get(b.card[0], INK),
        stroke_width=4,
        stroke_opacity=0.7,
        stroke_dasharray=[10, 8],
    )


def _trail_pass(i: int, b: Beat, at: tuple[float, float]) -> svg.Text:
    """A pass: its words at ``at`` (scaled units)."""
    said = text(
        at[0],
        at[1],
        b.words,
        26,
        WHITE,
        bold=True,
        halo=SIDE.get(b.card[0], INK),
    )
    said.class_, said.data = ["trail-pass"], {"beat": i, "player": b.card[0]}
    return said


def shot_line(shooter: Pose, target: Pose, line: Segment | None) -> Segment:
    """The sight line a shot is drawn along: the engine's ``line`` (a Beat's, clear of tall
    terrain), or centre to centre when there is none, from where it leaves the shooter's card
    (``_leaving``: a Ranger's line may start on any part of its card, R13, and cross it, and
    the part past the card is as clear and still starts on it) to where it reaches the
    target's card (``_reaching``: it ends at the card's edge, not over its numbers)."""
    if line is None:
        a, b = Vec(shooter[0], shooter[1]), Vec(target[0], target[1])
    else:
        a, b = Vec(*line[0]), Vec(*line[1])
        a = _leaving(card_polygon(Vec(shooter[0], shooter[1]), shooter[2]), a, b)
    end = _reaching(card_polygon(Vec(target[0], target[1]), target[2]), a, b)
    return (a.x, a.y), (end.x, end.y)


def _leaving(card: tuple[Vec, ...], a: Vec, b: Vec) -> Vec:
    """The last point of the segment from ``a`` to ``b`` on the convex polygon ``card``: where
    the segment leaves it (``a`` when it heads straight out, or misses it)."""
    found = span(card, a, b)
    return a + (b - a) * found[1] if found is not None else a


def _reaching(card: tuple[Vec, ...], a: Vec, b: Vec) -> Vec:
    """The first point of the segment from ``a`` to ``b`` on the convex polygon ``card``: where
    it reaches it (``b`` when it misses it)."""
    found = span(card, a, b)
    return a + (b - a) * found[0] if found is not None else b


def _trail_shot(i: int, shooter: Pose, target: Pose, seen: Segment | None) -> list[svg.Element]:
    """A shot's sight line, the engine's (``shot_line``), up to a ring around the target (who
    shot whom): the part of it outside the ring, so it crosses not the target's numbers."""
    (x1, y1), (x2, y2) = shot_line(shooter, target, seen)
    sx, sy = scaled(x1), scaled(y1)
    ex, ey = _into_ring((sx, sy), (scaled(x2), scaled(y2)), (scaled(target[0]), scaled(target[1])))
    line = svg.Line(
        x1=rounded(sx),
        y1=rounded(sy),
        x2=rounded(ex),
        y2=rounded(ey),
        class_=["trail-aim"],
        data={"beat": i},
        stroke=TARGET,
        stroke_width=5,
        stroke_opacity=0.8,
        stroke_linecap="round",
    )
    ring = svg.Circle(
        cx=scaled(target[0]),
        cy=scaled(target[1]),
        r=TRAIL_RING,
        class_=["trail-hit"],
        data={"beat": i},
        fill="none",
        stroke=TARGET,
        stroke_width=4,
        stroke_opacity=0.7,
    )
    return [line, ring]


def _into_ring(
    a: tuple[float, float], b: tuple[float, float], centre: tuple[float, float]
) -> tuple[float, float]:
    """Where the line from ``a`` to ``b`` first meets the ring of radius ``TRAIL_RING`` around
    ``centre`` (scaled units); ``b`` when it does not, or when ``a`` lies inside the ring."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    fx, fy = a[0] - centre[0], a[1] - centre[1]
    aa, bb, cc = dx * dx + dy * dy, 2 * (fx * dx + fy * dy), fx * fx + fy * fy - TRAIL_RING**2
    disc = bb * bb - 4 * aa * cc
    if aa == 0 or cc <= 0 or disc < 0:
        return b
    t = (-bb - disc**0.5) / (2 * aa)
    return (a[0] + dx * t, a[1] + dy * t) if 0 <= t <= 1 else b


def _trail_path(i: int, b: Beat) -> svg.Polyline:
    """A mover's path, from where it stood to the edge of its card (not over the card)."""
    points = [(scaled(x), scaled(y)) for x, y, _ in b.poses]
    (x1, y1), (x2, y2) = points[-2] if len(points) > 1 else points[-1], points[-1]
    last = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
    if last > HALF_L:
        cut = HALF_L / last
        points[-1] = (rounded(x2 - (x2 - x1) * cut), rounded(y2 - (y2 - y1) * cut))
    return svg.Polyline(
        points=[svg.Point(x, y) for x, y in points],
        class_=["trail-path"],
        data={"beat": i, "player": b.card[0]},
        fill="none",
        stroke=SIDE.get(b.card[0], INK),
        stroke_width=5,
        stroke_opacity=0.8,
        stroke_dasharray=[12, 8],
        stroke_linecap="round",
        stroke_linejoin="round",
    )
