"""One placement rule for every label drawn on the board (pills and words over the table).

A label goes to the spot nearest where it is wanted that lies wholly inside the board (the table
and its frame, less ``INSET``) and covers nothing it must not: a card (its numbers), the turning
handle, a zone's or a terrain's name or a label placed before it. A label that belongs to a card
(``own``) also lies no nearer another card or label (``marks``) than its card, each measured to
its outline (a turned card's box holds empty corners): it is read as the nearest one's; where no
clear spot does, it covers a name rather than lie nearer another card, and covers no card for it
(a card's dice, ``Spots.place``, cover what they must, a card too, rather than lie nearer
another card). The spots tried are a grid of moves round the wanted spot; where none
of them is clear, each is also tried pushed just off what it covers (above, below, left or right
of it: the gaps between boxes are often narrower than the grid's step), the nearest clear one
taken. Where still none is clear, the label goes to the grid spot that covers least. A label
wanted under what is drawn over the board (the page's controls) is wanted just beside it
instead: a large one (a card's details) lies beyond reach. Widths of words are estimates
(``text_width``: no font metrics in pure Python) that err wide, so a label kept clear by its
estimate is clear on the screen.

Boxes are in scaled units: left, top, right, bottom.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache

Box = tuple[float, float, float, float]
Shape = tuple[tuple[float, float], ...]
"""The corners of a convex outline (scaled units): what a card really covers in its box."""

INSET = 8.0
"""Room (scaled units) kept between a label and the board's edge: its border is drawn whole."""

GAP = 2.0
"""Room (scaled units) left between a label pushed off a box and that box."""

REACH_X = 6
REACH_Y = 8
"""How many steps a label may move sideways and up or down from where it is wanted."""


def box_at(x: float, y: float, w: float, h: float) -> Box:
    """The box of width ``w`` and height ``h`` centred on (x, y)."""
    return (x - w / 2, y - h / 2, x + w / 2, y + h / 2)


def overlap(a: Box, b: Box) -> float:
    """The area two boxes share (0 when they only touch or lie apart)."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


@lru_cache(maxsize=64)
def _offsets(step_x: float, step_y: float) -> tuple[tuple[float, float], ...]:
    """The moves a label may make from its wanted spot, nearest first (the spot itself first)."""
    steps = [
        (i * step_x, j * step_y)
        for i in range(-REACH_X, REACH_X + 1)
        for j in range(-REACH_Y, REACH_Y + 1)
    ]
    return tuple(sorted(steps, key=lambda d: (math.hypot(d[0], d[1]), abs(d[0]), d[1])))


class Spots:
    """The board's free room for labels: ``place`` puts each label by the rule above and
    takes its box, so labels placed later keep clear of it."""

    def __init__(
        self,
        board: Box,
        taken: Iterable[Box] = (),
        over: Iterable[Box] = (),
        marks: Iterable[Box] = (),
        shapes: dict[Box, Shape] | None = None,
    ) -> None:
        self.board = board
        self.marks: list[Box] = list(marks)
        """What a label may be read as belonging to: the cards and the labels placed."""
        self.shapes: dict[Box, Shape] = dict(shapes or {})
        """The true outline of each mark that does not fill its box (a turned card): how
        near a label lies to it is measured to that outline, as the eye reads it."""
        self.over = tuple(over)
        """What is drawn over the labels (the page's controls): taken too, and a label wanted
        under one is wanted beside it instead, however large it is (a card's details)."""
        self.taken: list[Box] = [*taken, *self.over, *self.marks]

    def take(self, box: Box, *, mark: bool = False) -> None:
        """Mark ``box`` as covered: no label placed after this goes over it; a ``mark`` (a
        card, a label) is also one a card's label keeps no nearer than its card."""
        self.taken.append(box)
        if mark:
            self.marks.append(box)

    def clamp(self, x: float, y: float, w: float, h: float) -> tuple[float, float]:
        """(x, y) moved the least so that a ``w`` by ``h`` box centred there is inside the
        board (centred on the board along a side the box is too long for)."""
        left, top, right, bottom = self.board
        return _clamp(x, left + INSET + w / 2, right - INSET - w / 2), _clamp(
            y, top + INSET + h / 2, bottom - INSET - h / 2
        )

    def place(
        self, x: float, y: float, w: float, h: float, own: Box | None = None
    ) -> tuple[float, float]:
        """Where a ``w`` by ``h`` label wanted at (x, y) goes (of the card whose box is
        ``own``, if any; where no clear spot lies no nearer another mark than ``own``, the
        ``lenient`` spot, else the spot no nearer another mark that covers least: read beside
        another card, it would be read as that card's); its box is taken, a mark."""
        best = (
            self.find(x, y, w, h, own)
            or self.lenient(x, y, w, h, own)
            or self.least(x, y, w, h, own)
        )
        self.take(box_at(best[0], best[1], w, h), mark=True)
        return best

    def next_to(self, thing: Box, w: float, h: float) -> tuple[float, float]:
        """Where a ``w`` by ``h`` label that belongs to ``thing`` (a card's dice) goes; its box
        is taken. It is read as the nearest thing's, so it goes just beside it (``GAP``
        between), trying above, below, left and right of it, kept inside the board, the first
        side that is clear and no nearer another mark than ``thing``; else by the rule wanted
        at its middle (``place``; ``thing`` kept off): the clear spot nearest it, not nearest
        one side of it."""
        left, top, right, bottom = thing
        mx, my = (left + right) / 2, (top + bottom) / 2
        sides = (
            (mx, top - GAP - h / 2),
            (mx, bottom + GAP + h / 2),
            (left - GAP - w / 2, my),
            (right + GAP + w / 2, my),
        )
        ours = self._ours(w, h, thing)
        for x, y in sides:
            spot = self.clamp(x, y, w, h)
            if _clear(spot, w, h, [*self.taken, thing]) and ours(spot):
                self.take(box_at(spot[0], spot[1], w, h), mark=True)
                return spot
        self.take(thing)
        spot = self.place(mx, my, w, h, thing)
        self.taken.remove(thing)
        return spot

    def find(
        self, x: float, y: float, w: float, h: float, own: Box | None = None
    ) -> tuple[float, float] | None:
        """The clear spot the rule gives a ``w`` by ``h`` label wanted at (x, y) (of the card
        whose box is ``own``, if any), None where there is none within reach; nothing is taken
        (``place`` takes it)."""
        x, y = self._wanted(x, y, w, h)
        grid, near, centres = self._reach(x, y, w, h)
        ours = self._ours(w, h, own)
        best = next((spot for spot in grid() if ours(spot) and _clear(spot, w, h, near)), None)
        if best is None:  # no grid spot clear: the nearest one pushed off what it covers
            best = _pushed(x, y, w, h, grid(), near, centres, ours)
        return best

    def least(
        self, x: float, y: float, w: float, h: float, own: Box | None = None
    ) -> tuple[float, float]:
        """Where a ``w`` by ``h`` label wanted at (x, y) (of the card whose box is ``own``, if
        any: among the spots no nearer another mark than it) covers least, when nowhere within
        reach is clear: the nearest of equals on the rule's grid; nothing is taken."""
        x, y = self._wanted(x, y, w, h)
        grid, near, _ = self._reach(x, y, w, h)
        ours = self._ours(w, h, own)
        best, least = self.clamp(x, y, w, h), math.inf
        for cx, cy in grid():
            if not ours((cx, cy)):
                continue
            cover = sum(overlap(box_at(cx, cy, w, h), t) for t in near)
            if cover < least:
                best, least = (cx, cy), cover
        return best

    def lenient(
        self, x: float, y: float, w: float, h: float, own: Box | None
    ) -> tuple[float, float] | None:
        """For a ``w`` by ``h`` label of the card whose box is ``own``, wanted at (x, y), when
        no clear spot lies no nearer another mark than ``own``: the grid spot that does and
        covers no mark (no card, no label) nor control, covering least (a terrain's or zone's
        name: read wrong beside another card, it would mislead more); None where none does."""
        if own is None:
            return None
        x, y = self._wanted(x, y, w, h)
        grid, near, _ = self._reach(x, y, w, h)
        ours, keep = self._ours(w, h, own), [*self.marks, *self.over]
        best, least = None, math.inf
        for spot in grid():
            if ours(spot) and _clear(spot, w, h, keep):
                cover = sum(overlap(box_at(spot[0], spot[1], w, h), t) for t in near)
                if cover < least:
                    best, least = spot, cover
        return best

    def _ours(self, w: float, h: float, own: Box | None) -> Callable[[tuple[float, float]], bool]:
        """Whether a ``w`` by ``h`` label centred on a spot lies no nearer any other mark than
        ``own`` (always, with no ``own``), each measured to its true outline (``shapes``)."""
        if own is None:
            return lambda spot: True
        others = [(m, self.shapes.get(m)) for m in self.marks if m != own]
        shape = self.shapes.get(own)

        def ours(spot: tuple[float, float]) -> bool:
            box = box_at(spot[0], spot[1], w, h)
            mine = shape_gap(box, own, shape)
            return all(shape_gap(box, m, s) >= mine for m, s in others)

        return ours

    def _wanted(self, x: float, y: float, w: float, h: float) -> tuple[float, float]:
        """Where a ``w`` by ``h`` label wanted at (x, y) is wanted: there, or just beside each
        control over the board (``over``) it would lie under."""
        for control in self.over:
            if overlap(box_at(x, y, w, h), control) > 0.0:
                x, y = self._beside(x, y, w, h, control)
        return x, y

    def _beside(self, x: float, y: float, w: float, h: float, cover: Box) -> tuple[float, float]:
        """The spot nearest (x, y) where a ``w`` by ``h`` label lies just beside ``cover``
        (above, below, left or right of it) and inside the board; (x, y) when none is."""
        left, top, right, bottom = cover
        sides = [
            (x, top - h / 2 - 1.0),
            (x, bottom + h / 2 + 1.0),
            (left - w / 2 - 1.0, y),
            (right + w / 2 + 1.0, y),
        ]
        inside = [self.clamp(*side, w, h) for side in sides]
        free = [p for p in inside if overlap(box_at(p[0], p[1], w, h), cover) == 0.0]
        return min(free, key=lambda p: math.hypot(p[0] - x, p[1] - y), default=(x, y))

    def _reach(
        self, x: float, y: float, w: float, h: float
    ) -> tuple[Callable[[], Iterator[tuple[float, float]]], list[Box], Box]:
        """For a ``w`` by ``h`` label wanted at (x, y): its grid of spots (a fresh iterator
        each call), the taken boxes within its reach and the bounds of its centre there."""
        step_x, step_y = round(max(24.0, min(w / 4, 60.0))), round(h * 0.75)
        left, top = self.clamp(x - REACH_X * step_x, y - REACH_Y * step_y, w, h)
        right, bottom = self.clamp(x + REACH_X * step_x, y + REACH_Y * step_y, w, h)
        reach = (left - w / 2, top - h / 2, right + w / 2, bottom + h / 2)
        near = _within(reach, self.taken)  # the rest is out of reach

        def grid() -> Iterator[tuple[float, float]]:
            return _spots(x, y, w, h, self.board, step_x, step_y)

        return grid, near, (left, top, right, bottom)


def _spots(
    x: float, y: float, w: float, h: float, board: Box, step_x: float, step_y: float
) -> Iterator[tuple[float, float]]:
    """The spots a ``w`` by ``h`` label wanted at (x, y) may take, nearest first, each once:
    near the board's edge several moves end clamped at the same spot (``Spots.clamp``)."""
    left, top, right, bottom = board
    x_lo, x_hi = left + INSET + w / 2, right - INSET - w / 2
    y_lo, y_hi = top + INSET + h / 2, bottom - INSET - h / 2
    seen: set[tuple[float, float]] = set()
    for dx, dy in _offsets(step_x, step_y):
        spot = _clamp(x + dx, x_lo, x_hi), _clamp(y + dy, y_lo, y_hi)
        if spot not in seen:
            seen.add(spot)
            yield spot


def _pushed(
    x: float,
    y: float,
    w: float,
    h: float,
    spots: Iterable[tuple[float, float]],
    near: list[Box],
    centres: Box,
    ours: Callable[[tuple[float, float]], bool],
) -> tuple[float, float] | None:
    """The clear spot nearest (x, y) among ``spots`` each pushed just off the boxes of
    ``near`` it covers: up above the highest, down below the lowest, left of the leftmost or
    right of the rightmost (``GAP`` between), its centre kept within ``centres`` (the reach,
    inside the board, where ``near`` holds every box) and ``ours``; None when none is."""
    lo_x, lo_y, hi_x, hi_y = centres
    tried: set[tuple[float, float]] = set()
    for sx, sy in spots:
        x0, y0, x1, y1 = sx - w / 2, sy - h / 2, sx + w / 2, sy + h / 2
        cover = [t for t in near if min(x1, t[2]) > max(x0, t[0]) and min(y1, t[3]) > max(y0, t[1])]
        if not cover:  # clear, but nearer another mark than its own: nothing to push off
            continue
        tried.update(
            (_clamp(px, lo_x, hi_x), _clamp(py, lo_y, hi_y))
            for px, py in (
                (sx, min(t[1] for t in cover) - GAP - h / 2),
                (sx, max(t[3] for t in cover) + GAP + h / 2),
                (min(t[0] for t in cover) - GAP - w / 2, sy),
                (max(t[2] for t in cover) + GAP + w / 2, sy),
            )
        )
    order = sorted(tried, key=lambda p: (math.hypot(p[0] - x, p[1] - y), p))
    return next((spot for spot in order if ours(spot) and _clear(spot, w, h, near)), None)


def gap(a: Box, b: Box) -> float:
    """The distance between two boxes (0 when they touch or overlap)."""
    dx = max(0.0, a[0] - b[2], b[0] - a[2])
    dy = max(0.0, a[1] - b[3], b[1] - a[3])
    return math.hypot(dx, dy)


def shape_gap(box: Box, mark: Box, shape: Shape | None) -> float:
    """The distance between ``box`` and a mark: to its true outline ``shape`` where it has one
    (0 where they overlap: no line parts them), else to its box ``mark``."""
    if shape is None:
        return gap(box, mark)
    return _outline_gap(box, shape) if _parted(box, shape) else 0.0


def _parted(box: Box, shape: Shape) -> bool:
    """Whether a line parts ``box`` from the convex ``shape``: along x, along y or across one
    of its edges (the separating axis test)."""
    xs, ys = [p[0] for p in shape], [p[1] for p in shape]
    if max(xs) <= box[0] or min(xs) >= box[2] or max(ys) <= box[1] or min(ys) >= box[3]:
        return True
    corners = ((box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3]))
    for a, b in zip(shape, (*shape[1:], shape[0]), strict=True):
        nx, ny = b[1] - a[1], a[0] - b[0]
        ends = [nx * p[0] + ny * p[1] for p in shape]
        dots = [nx * c[0] + ny * c[1] for c in corners]
        if max(dots) <= min(ends) or min(dots) >= max(ends):
            return True
    return False


def _outline_gap(box: Box, shape: Shape) -> float:
    """The distance between ``box`` and the convex ``shape`` lying apart: the least from a
    corner of either to an edge of the other."""
    corners = ((box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3]))
    near = min(gap(box, (x, y, x, y)) for x, y in shape)
    edges = zip(shape, (*shape[1:], shape[0]), strict=True)
    return min(near, *(_to_segment(c, a, b) for a, b in edges for c in corners))


def _to_segment(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    """The distance from ``p`` to the segment from ``a`` to ``b``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = dx * dx + dy * dy
    t = (
        0.0
        if length == 0
        else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length))
    )
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def _within(reach: Box, taken: list[Box]) -> list[Box]:
    """The boxes of ``taken`` that overlap ``reach`` (``overlap`` inlined)."""
    x0, y0, x1, y1 = reach
    near = []
    for t in taken:
        ow = min(x1, t[2]) - max(x0, t[0])
        if ow > 0:
            oh = min(y1, t[3]) - max(y0, t[1])
            if oh > 0 and ow * oh > 0.0:
                near.append(t)
    return near


def _clear(spot: tuple[float, float], w: float, h: float, near: list[Box]) -> bool:
    """A ``w`` by ``h`` label centred on ``spot`` overlaps none of ``near`` (``overlap``
    inlined: the search runs this for every spot it tries)."""
    x0, y0 = spot[0] - w / 2, spot[1] - h / 2
    x1, y1 = spot[0] + w / 2, spot[1] + h / 2
    for t in near:
        ow = min(x1, t[2]) - max(x0, t[0])
        if ow > 0:
            oh = min(y1, t[3]) - max(y0, t[1])
            if oh > 0 and ow * oh > 0:
                return False
    return True


def _clamp(v: float, lo: float, hi: float) -> float:
    return (lo + hi) / 2 if lo > hi else min(max(v, lo), hi)
