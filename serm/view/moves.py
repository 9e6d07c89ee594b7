"""Move drawings for the overlay: the aimed Move (R15), the Brawler's path being traced (R17)
and the Move waiting on a React decision or a stop point (R18, R19).
"""

from __future__ import annotations

import itertools
import math
from typing import NamedTuple

import svg

from serm.core.cards import CARDS
from serm.core.geometry import (
    EPS,
    Vec,
    card_polygon,
    convex_hull,
    point_along,
    polygons_overlap,
    polyline_length,
    truncate_polyline,
    unit,
)
from serm.core.state import MoveInProgress, PendingKind, State
from serm.core.written import length_text

from .board import card_box, percent
from .common import (
    INK,
    REACH,
    REACTOR,
    SCALE,
    TARGET,
    WHITE,
    card_outline,
    esc,
    find,
    pill,
    pill_size,
    pts,
    rounded,
    scaled,
    text,
    text_width,
    word_label,
)
from .labels import GAP, Box, Spots, box_at, gap, overlap
from .model import MovePreview, PathTrace, SoldierKey, ViewModel
from .shotline import span
from .sight import CLIP

ARROW_ID = "arrow-head"
"""The arrowhead marker in ``<defs>`` (render.py)."""


def line(a: Vec, b: Vec, colour: str, width: float, **kw: object) -> svg.Line:
    return svg.Line(
        x1=scaled(a.x),
        y1=scaled(a.y),
        x2=scaled(b.x),
        y2=scaled(b.y),
        stroke=colour,
        stroke_width=width,
        **kw,  # type: ignore[arg-type]
    )


def polyline(
    points: list[Vec] | tuple[Vec, ...], colour: str, width: float, **kw: object
) -> svg.Polyline:
    """An open path through ``points`` (card lengths), round-jointed."""
    return svg.Polyline(
        points=pts(points),
        fill="none",
        stroke=colour,
        stroke_width=width,
        stroke_linejoin="round",
        **kw,  # type: ignore[arg-type]
    )


def _cross(p: Vec, colour: str, cards: list[Box]) -> list[svg.Element]:
    """A bold X at ``p`` (the halt marker): ``colour`` over a dark outline; where it would lie
    on a card (``cards``: their boxes, scaled units; a Move that halts at once halts on its own
    card) a thin one, as a ring on a card is, so the card's name and numbers show through."""
    x, y, r = scaled(p.x), scaled(p.y), CROSS
    d = [
        svg.M(rounded(x - r), rounded(y - r)),
        svg.L(rounded(x + r), rounded(y + r)),
        svg.M(rounded(x + r), rounded(y - r)),
        svg.L(rounded(x - r), rounded(y + r)),
    ]
    widths: tuple[tuple[str, float], ...] = ((INK, CROSS_OUTLINE), (colour, 6))
    if _on_card(x, y, CROSS + CROSS_OUTLINE / 2, cards):
        widths = ((INK, RING_EDGE), (colour, 2.5))
    return [
        svg.Path(d=d, stroke=ink, stroke_width=width, stroke_linecap="round")
        for ink, width in widths
    ]


CROSS = 16
"""Half the size of the halt marker (scaled units)."""
CROSS_OUTLINE = 11
"""The width of the halt marker's dark outline (scaled units)."""
CROSS_HALF = (CROSS + CROSS_OUTLINE / 2 + 2) / SCALE
"""Half the side of the square the halt marker covers, with a little room (L)."""


def cross_box(p: Vec) -> Box:
    """The box (scaled units) the halt marker at ``p`` covers, with a little room."""
    x, y, r = scaled(p.x), scaled(p.y), CROSS + 6
    return (x - r, y - r, x + r, y + r)


def _cross_label(p: Vec, label: str, spots: Spots) -> svg.Element:
    """The word under the halt marker at ``p``, placed by the board's rule."""
    box = cross_box(p)
    spots.take(box)
    return word_label(scaled(p.x), box[3] + 10, label, WORDS, WHITE, spots=spots)


def _halt_words(p: Vec, said: str, card: Box | None, spots: Spots) -> svg.Element:
    """The words of the halt marker at ``p``: next to the outline of the card halted there
    (``card``, its box, taken), off it, so its edges show what it touches (R16); with no
    outline, or no room next to it, placed by the board's rule from under the marker."""
    halo = max(2.0, WORDS / 5)  # the halo's stroke, as ``text`` draws it
    w, h = text_width(said, WORDS) + halo, WORDS * 1.2 + halo
    spot = None if card is None else _next_to(card, w, h, spots)
    if spot is None:
        return _cross_label(p, said, spots)
    spots.take(box_at(spot[0], spot[1], w, h), mark=True)
    return text(spot[0], spot[1], said, WORDS, WHITE, bold=True, halo=INK)


WORDS = 18
"""Font size (scaled units) of the words by a halt marker."""


def halt_marks(state: State, view: ViewModel) -> list[Box]:
    """The boxes of the halt markers (a halt or a ram, R16) that the aimed Move and the
    Brawler's path being traced draw where they halt: marks that cannot move, whose room the
    labels placed before the previews (a card's chance) keep off."""
    out: list[Box] = []
    mp = view.move_preview
    s = None if mp is None else find(state, mp.card)
    if mp is not None and mp.halt is not None and s is not None and s.on_table:
        out.append(cross_box(_halt_mark(s.pos, unit(mp.direction), mp.facing, mp.halt)))
    trace = view.path_trace
    if trace is not None and trace.halt is not None:
        out.append(cross_box(Vec(float(trace.halt[0]), float(trace.halt[1]))))
    return out


def _marker_label(own: Box, s: str, bg: str, spots: Spots) -> svg.Element:
    """The label of the marker whose box is ``own`` (scaled units), next to it: of the clear
    spots the board's rule finds from just right of it, above, below and left of it, each no
    nearer another mark than ``own`` (``Spots.find``), the one nearest the marker (the first
    of equals); where none is, wherever the rule puts it."""
    w, h = pill_size([s], 18)
    spot = _next_to(own, w, h, spots)
    if spot is None:
        x, y = own[2] + GAP + w / 2, (own[1] + own[3]) / 2
        return pill(x, y, s, 18, bg, INK, border=WHITE, spots=spots, own=own)
    spots.take(box_at(spot[0], spot[1], w, h), mark=True)
    return pill(spot[0], spot[1], s, 18, bg, INK, border=WHITE)


def _next_to(own: Box, w: float, h: float, spots: Spots) -> tuple[float, float] | None:
    """Where a ``w`` by ``h`` label of the mark whose box is ``own`` (scaled units) goes next
    to it: of the clear spots the board's rule finds from just right of it, above, below and
    left of it, each no nearer another mark than ``own`` (``Spots.find``), the one nearest the
    mark (the first of equals); None where none is. Nothing is taken."""
    left, top, right, bottom = own
    mx, my = (left + right) / 2, (top + bottom) / 2
    sides = (
        (right + GAP + w / 2, my),
        (mx, top - GAP - h / 2),
        (mx, bottom + GAP + h / 2),
        (left - GAP - w / 2, my),
    )
    found = [spot for x, y in sides if (spot := spots.find(x, y, w, h, own)) is not None]
    if not found:
        return None
    return min(found, key=lambda p: gap(box_at(p[0], p[1], w, h), own))


def move_preview(state: State, mp: MovePreview, spots: Spots) -> list[svg.Element]:
    """The aimed Move: its line, reach, ticks and halt drawn within the table; its words
    (where it halts, the chance it is stopped) placed on the board by the board's rule."""
    s = find(state, mp.card)
    if s is None or not s.on_table:
        return []
    c, u = s.pos, unit(mp.direction)
    right = unit(mp.direction + 90.0)
    lo, reach_end = max(0.0, mp.min_length), _reach(mp)
    out: list[svg.Element] = [
        line(c, c + u * reach_end, WHITE, 3, stroke_opacity=0.75, stroke_dasharray=[10, 8]),
    ]
    if reach_end > lo + EPS:
        out.append(line(c + u * lo, c + u * reach_end, REACH, 18, stroke_opacity=0.7))
    out += _ticks(c, u, right, reach_end, state, spots)
    end = c + u * reach_end
    out.append(card_outline(end.x, end.y, mp.facing, REACH, fill_opacity=0.12, dash="6 6"))
    words: list[svg.Element] = []
    if mp.halt is not None:
        said = _halt_label(tuple(k[1] for k in mp.rams), mp.ram_chance)
        if mp.stuck:
            said = f"goes nowhere: touches {mp.stuck}"
        mark = _halt_mark(c, u, mp.facing, mp.halt)
        cards = [card_box(o.x, o.y, o.facing) for o in state.on_table()]
        out += _cross(mark, TARGET, cards)
        words.append(_cross_label(mark, said, spots))
    watchers, stopped = _watchers(state, mp, c, u, spots)
    return [
        svg.G(
            class_=["move-preview"],
            elements=[svg.G(clip_path=CLIP, elements=out + watchers), *words, *stopped],
        )
    ]


def _reach(mp: MovePreview) -> float:
    """How far along the aim the card can get: its longest roll, or the halt short of it."""
    hi = max(0.0, mp.max_length)
    return hi if mp.halt is None else min(hi, max(0.0, mp.halt))


def _halt_mark(c: Vec, u: Vec, facing: float, halt: float) -> Vec:
    """Where the halt mark of a Move from ``c`` along ``u`` goes: the halted card's centre, or,
    when that still lies on the mover's own card (it halts within its own length), just short
    of the point of the halted card that leads along ``u``: the whole mark on the path's side of
    where the card touches what halts it, so it covers neither that card's name and numbers nor
    a terrain's name."""
    ahead = max(p.dot(u) for p in card_polygon(Vec(0.0, 0.0), facing))
    if halt >= ahead:
        return c + u * halt
    reach = CROSS_HALF * (abs(u.x) + abs(u.y))  # how far the mark's square reaches along u
    return c + u * (halt + ahead - reach)


def _halt_label(rams: tuple[str, ...], chance: float = 1.0) -> str:
    """What happens where a Move halts: "halt", or the enemy cards ``rams`` it rams there (R16),
    with the ``chance`` the roll gets there when it is not sure ("ram Assault · 58%")."""
    if not rams:
        return "halt"
    who = " and ".join(CARDS[card].title if card in CARDS else card for card in rams)
    return f"ram {who}" + ("" if chance >= 1.0 else f" · {percent(chance)}")


def _ticks(
    c: Vec, u: Vec, right: Vec, reach: float, state: State, spots: Spots
) -> list[svg.Element]:
    """A tick and its number at every whole card length along the aim up to ``reach`` (the
    halt, or the longest roll), all in one path, not one line each. Nothing is drawn past a
    halt: a tick beyond a wall would read as the card going through it (R16). The numbers on
    the table are taken from ``spots``: later labels keep clear of them."""
    strokes: list[svg.PathData] = []
    labels: list[svg.Element] = []
    width, height = state.scenario.width * SCALE, state.scenario.height * SCALE
    cards = [card_box(s.x, s.y, s.facing) for s in state.on_table()]
    for k in range(1, int(math.floor(reach + EPS)) + 1):
        p = c + u * float(k)
        a, b = p - right * 0.14, p + right * 0.14
        strokes += [svg.M(scaled(a.x), scaled(a.y)), svg.L(scaled(b.x), scaled(b.y))]
        spot = _tick_spot(p, right, str(k), cards)
        if spot is None:
            continue
        x, y, box = spot
        if 0 <= x <= width and 0 <= y <= height:
            spots.take(box)
        labels.append(text(x, y, str(k), TICK, WHITE, bold=True, halo=INK))
    if not strokes:
        return labels
    return [svg.Path(d=strokes, stroke=WHITE, stroke_width=4, class_=["ticks"]), *labels]


def _tick_spot(
    p: Vec, right: Vec, number: str, cards: list[Box]
) -> tuple[float, float, Box] | None:
    """Where the number of the tick at ``p`` goes, and its box (scaled units): to the right of
    the aim, or to its left when a card's box (``cards``) lies there, so the number never hides
    a card's own numbers. None when cards lie on both sides (a path between two cards that
    nearly touch it): the number is left out, not moved further off, where it would read as
    another tick's; the tick itself still marks the length. Only a card that stands right
    beside the path can be there: one nearer would halt the Move."""
    half_w = text_width(number, TICK) / 2 + TICK_HALO
    half_h = TICK * 0.6 + TICK_HALO
    for side in (0.3, -0.3):
        q = p + right * side
        x, y = scaled(q.x), scaled(q.y)
        box = (x - half_w, y - half_h, x + half_w, y + half_h)
        if not any(overlap(box, card) > 0.0 for card in cards):
            return x, y, box
    return None


TICK = 17
"""Font size (scaled units) of the ticks' numbers."""
TICK_HALO = 2.0
"""Room (scaled units) round a tick's number for its dark halo (``text``: a stroke of 3.4)."""


def _watchers(
    state: State, mp: MovePreview, c: Vec, u: Vec, spots: Spots
) -> tuple[list[svg.Element], list[svg.Element]]:
    """Where each enemy that could React first sees the card along the aim (R18), and the chance
    the Move is stopped (R19), once worked out: (the marks, the chance's label)."""
    aim = (c, c + u * max([mp.max_length, *(w[1] for w in mp.watchers)]))
    cards = [card_box(s.x, s.y, s.facing) for s in state.on_table()]
    out = watch_marks(mp.watchers, aim, cards)
    if mp.stop_chance is None:
        return out, []
    label = f"{percent(mp.stop_chance)} stopped" if mp.watchers else _unwatched(mp)
    if mp.watchers and _halts_whatever(mp):
        label = f"{percent(mp.stop_chance)} React wins"  # no React stops it any later
    along = min(max(mp.min_length, 0.0), mp.max_length, _reach(mp))
    q = c + u * along - unit(mp.direction + 90.0) * 0.6
    x, y = scaled(q.x), scaled(q.y)
    return out, [pill(x, y, label, 18, REACTOR, WHITE, border=WHITE, spots=spots)]


def _unwatched(mp: MovePreview) -> str:
    """The label of a Move no enemy could React to (R18): it cannot be stopped, unless some
    roll halts it against something (R16), which the halt mark shows."""
    if mp.halt is not None and mp.halt < mp.max_length - EPS:
        return "no React"
    return "cannot be stopped"


def _halts_whatever(mp: MovePreview) -> bool:
    """True when the Move halts short of its least roll against no enemy: it ends there
    whatever it rolls (R16), so a React cannot stop it any later."""
    return mp.halt is not None and mp.halt < mp.min_length - 0.01 and not mp.rams


def _mover_start(state: State) -> Vec | None:
    mv, a = state.move, state.activation
    if mv is None or a is None:
        return None
    s = find(state, (a.player, mv.card))
    return s.pos if s is not None else None


def path_trace(state: State, trace: PathTrace, spots: Spots) -> list[svg.Element]:
    points = [Vec(float(x), float(y)) for x, y in trace.points]
    start = _mover_start(state)
    if start is not None and (not points or (points[0] - start).length() > 1e-6):
        points.insert(0, start)
    if not points:
        return []
    last = points[-1]
    remaining = max(0.0, trace.remaining)
    out: list[svg.Element] = [
        svg.Circle(
            cx=scaled(last.x),
            cy=scaled(last.y),
            r=scaled(remaining),
            clip_path=CLIP,
            fill="none",
            stroke=WHITE,
            stroke_opacity=0.35,
            stroke_width=3,
            stroke_dasharray=[6, 8],
        ),
    ]
    cur = Vec(*map(float, trace.cursor)) if trace.cursor is not None else None
    drawn = (*points, *([cur] if cur else []))
    body = _path_body(state, trace, drawn)
    out += body.elements
    if len(points) > 1:
        out.append(polyline(points, REACH, 7, stroke_linecap="round"))
    cards = [card_box(s.x, s.y, s.facing) for s in state.on_table()]
    out += [mark for p in points[1:] for mark in _corner(p, cards)]  # the start is no corner
    anchor = last
    if cur is not None:  # past a halt it shows the roll lost: kept on the table, as the ring
        out.append(line(last, cur, REACH, 4, stroke_dasharray=[10, 8], clip_path=CLIP))
        anchor = cur
    out += watch_marks(trace.watchers, drawn, cards, spots)
    if body.box is not None:  # the words keep off the card where it ends: its edges show
        spots.take(body.box, mark=True)
    label = f"{length_text(remaining)} L left"
    if trace.halt is not None:
        at = Vec(float(trace.halt[0]), float(trace.halt[1]))
        said = f"halts at {trace.stopper}" if trace.stopper and not trace.rams else ""
        out += _cross(at, TARGET, cards)
        out.append(_halt_words(at, said or _halt_label(trace.rams), body.box, spots))
        lost = length_text(trace.lost)  # what lies past the halt goes unused
        anchor, label = at, f"{lost} L lost"
    x, y = scaled(anchor.x), scaled(anchor.y) - 34
    out.append(pill(x, y, label, 18, INK, REACH, border=REACH, spots=spots))
    out += _path_stopped(trace, drawn, spots)
    return [svg.G(class_=["path-trace"], elements=out)]


class Body(NamedTuple):
    """Where the Brawler's card goes along its path as drawn: its ``elements`` (the band its
    body sweeps, its outline where it ends) and the ``box`` that outline covers (scaled
    units), None when none is drawn."""

    elements: list[svg.Element]
    box: Box | None


def _path_body(state: State, trace: PathTrace, drawn: tuple[Vec, ...]) -> Body:
    """The Brawler's card along its path as drawn, as the engine slides it (R16, R17; C1: it
    keeps its facing): the band its body sweeps, up to where it halts (``trace.halt_along``),
    and its outline where it ends, red where it halts, touching what halts it (a centre line
    clear of a terrain piece halts where the card's width reaches it), else dashed at the drawn
    path's end (the corner a tap there would trace)."""
    mv = state.move
    if mv is None or not drawn:
        return Body([], None)
    if trace.halt is not None:
        end, colour, dash = Vec(float(trace.halt[0]), float(trace.halt[1])), TARGET, "none"
        along = trace.halt_along
        swept = truncate_polyline(drawn, along) if along is not None else ()
    elif len(drawn) > 1:
        end, colour, dash, swept = drawn[-1], REACH, "6 6", drawn
    else:
        return Body([], None)
    outline = card_outline(end.x, end.y, mv.facing, colour, fill_opacity=0.12, dash=dash)
    outline.class_ = ["path-card", "halt" if trace.halt is not None else "end"]
    band = _swept(swept, mv.facing)
    return Body([*band, outline], card_box(end.x, end.y, mv.facing))


def _swept(path: tuple[Vec, ...], facing: float) -> list[svg.Element]:
    """The band a card at ``facing`` sweeps sliding along ``path`` (R16): on each leg the hull
    of the card at its two ends, all in one path, one tint where they overlap (each hull is
    wound the same way, and the path fills by its winding)."""
    d: list[svg.PathData] = []
    for a, b in itertools.pairwise(path):
        if (b - a).length() <= EPS:
            continue
        hull = convex_hull([*card_polygon(a, facing), *card_polygon(b, facing)])
        d.append(svg.M(scaled(hull[0].x), scaled(hull[0].y)))
        d += [svg.L(scaled(p.x), scaled(p.y)) for p in hull[1:]]
        d.append(svg.Z())
    if not d:
        return []
    return [svg.Path(d=d, fill=REACH, fill_opacity=0.16, stroke="none", class_=["path-band"])]


def _path_stopped(trace: PathTrace, drawn: tuple[Vec, ...], spots: Spots) -> list[svg.Element]:
    """The chance the Brawler's path is stopped (R19), by where it is first seen (R18), as
    along an aimed Move: "17% stopped"."""
    if not trace.watchers or trace.stop_chance is None:
        return []
    p = point_along(drawn, trace.watchers[0][1])
    said = f"{percent(trace.stop_chance)} stopped"
    x, y = scaled(p.x), scaled(p.y) + 34
    return [pill(x, y, said, 18, REACTOR, WHITE, border=WHITE, spots=spots)]


def watch_marks(
    watchers: tuple[tuple[SoldierKey, float, float], ...],
    drawn: tuple[Vec, ...],
    cards: list[Box],
    spots: Spots | None = None,
) -> list[svg.Element]:
    """Where each enemy that could React (``watchers``: soldier, L along ``drawn``, chance)
    first sees the mover along its way as ``drawn`` (R18): an aimed Move or a Brawler's path
    being traced (``seen_mark``; labels placed later by ``spots`` keep off them)."""
    out: list[svg.Element] = []
    for key, entry, _ in watchers:
        who = CARDS[key[1]].title if key[1] in CARDS else key[1]
        words = seen_words(f"Player {key[0]}'s {who} could React", entry, "once the card gets here")
        mark = seen_mark(drawn, entry, cards, words, spots)
        mark.class_ = ["watch"]
        mark.data = {"player": key[0], "card": esc(key[1]), "entry": rounded(entry, 4)}
        out.append(mark)
    return out


CORNER = 7
"""The radius (scaled units) of a corner's dot on the Brawler's path."""
RING = 11
"""The radius (scaled units) of a corner's ring where it lies on a card."""
RING_EDGE = 5.0
"""The width of the dark edge under a ring's yellow stroke (scaled units)."""


MARK = 9
"""The radius (scaled units) of a dot where an enemy first sees a mover (R18)."""


def seen_mark(
    path: tuple[Vec, ...], d: float, cards: list[Box], words: str, spots: Spots | None = None
) -> svg.Circle:
    """The mark where an enemy first sees a mover ``d`` L along ``path`` (R18), titled
    ``words``, at that very distance, so its place tells it true: a dot at the point, or where
    a dot there would lie on a card (``cards``: their boxes, scaled units) a dot set just beside
    the path, square to it (``_beside``), or where none near is clear (the path's start lies on
    the mover's own numbers) a thin hollow ring round the point, as a corner on a card is
    (``_corner``), so the card's name and numbers show. Its room is taken from ``spots`` when
    given."""
    title: list[svg.Element] = [svg.Title(text=esc(words))]
    p = _beside(path, d, cards)
    ring = p is None
    p = point_along(path, d) if p is None else p
    x, y = scaled(p.x), scaled(p.y)
    if spots is not None:
        spots.take((x - RING, y - RING, x + RING, y + RING))
    if not ring:
        return svg.Circle(
            cx=x, cy=y, r=MARK, fill=REACTOR, stroke=WHITE, stroke_width=3, elements=title
        )
    return svg.Circle(
        cx=x, cy=y, r=RING, fill="none", stroke=REACTOR, stroke_width=2.5, elements=title
    )


def _beside(path: tuple[Vec, ...], d: float, cards: list[Box]) -> Vec | None:
    """The point ``d`` L along ``path``, or the nearest one square to the path from it, at most
    ``BESIDE`` L off, where a first-sight dot covers none of ``cards``; None where none is."""
    p = point_along(path, d)
    ahead = point_along(path, min(d + 0.01, polyline_length(path)))
    back = point_along(path, max(d - 0.01, 0.0))
    t = ahead - back
    side = Vec(-t.y, t.x) * (1.0 / t.length()) if t.length() > EPS else Vec(1.0, 0.0)
    steps = int(BESIDE / SIDE_STEP)
    for q in (p + side * (k * SIDE_STEP * sign) for k in range(steps + 1) for sign in (1, -1)):
        if not _on_card(scaled(q.x), scaled(q.y), MARK + 3, cards):
            return q
    return None


BESIDE = 0.3
"""The farthest (L) a first-sight dot is set beside its path to clear a card: any farther, it
reads as beside the card, not on the path, and a ring round the point is drawn instead."""
SIDE_STEP = 0.05
"""How far (L) apart the spots tried beside the path are."""


def _on_card(x: float, y: float, r: float, cards: list[Box]) -> bool:
    """True when a mark reaching ``r`` (scaled units) round (x, y) covers some of ``cards``
    (their boxes: their names and numbers)."""
    return any(overlap((x - r, y - r, x + r, y + r), card) > 0.0 for card in cards)


def seen_words(lead: str, d: float, later: str) -> str:
    """The title of a first-sight mark ``d`` L along a Move (R18): ``lead`` then "from the
    start" when the enemy sees the mover where it stands, else ``later``."""
    return f"{lead} {'from the start' if d < START else later}"


START = 0.005
"""How far along (L) a first-sight point still counts as the Move's start (it is written to
two decimals)."""


def _corner(p: Vec, cards: list[Box]) -> list[svg.Circle]:
    """The mark of a corner of the Brawler's path, or of its start, at ``p``, its true point:
    a dot, or where it lies on a card (``cards``: their boxes, scaled units) a thin hollow ring
    round the point, so the card's name and numbers under it stay readable (the path's start is
    on the mover's own card, and a corner may be put on any card): yellow on a dark edge, as
    the dot."""
    x, y = scaled(p.x), scaled(p.y)
    if not _on_card(x, y, CORNER, cards):
        return [svg.Circle(cx=x, cy=y, r=CORNER, fill=REACH, stroke=INK, stroke_width=2)]
    return [
        svg.Circle(cx=x, cy=y, r=RING, fill="none", stroke=ink, stroke_width=width)
        for ink, width in ((INK, RING_EDGE), (REACH, 2.5))
    ]


def pending_move(state: State, view: ViewModel, spots: Spots) -> list[svg.Element]:
    mv = state.move
    pending = state.pending
    stoppable = pending is not None and pending.kind in (
        PendingKind.REACT,
        PendingKind.STOP,
        PendingKind.ROLL,
    )
    if mv is None or len(mv.path) < 2 or not stoppable:
        return []  # the path and its halt matter only while the move can still be stopped
    path = mv.path
    total = polyline_length(path)
    at = [s for s in state.on_table() if s.card == mv.card and s.pos == path[0]]
    start = _off_card(path, at[0].polygon()) if at else 0.0  # off the mover: its numbers show
    done = _between(path, start, mv.halt)  # nothing past the halt: the card goes no further
    out: list[svg.Element] = []
    cards = [card_box(s.x, s.y, s.facing) for s in state.on_table()]
    if len(done) > 1:
        out.append(polyline(done, WHITE, 5, marker_end=f"url(#{ARROW_ID})"))
    halt = point_along(path, mv.halt)
    out.append(card_outline(halt.x, halt.y, mv.facing, WHITE, fill_opacity=0.1, dash="6 6"))
    if mv.halt < total - 1e-6 or mv.rams:
        out += _cross(halt, TARGET, cards)
        out.append(_cross_label(halt, _halt_label(mv.rams), spots))
    spots.take(card_box(halt.x, halt.y, mv.facing), mark=True)  # its word is placed first
    a = state.activation
    for card, d in zip(mv.reactors, mv.entries, strict=False):
        p = point_along(path, d)
        who = CARDS[card].title if card in CARDS else card
        enemy = 3 - a.player if a else 0
        words = seen_words(f"Player {enemy}'s {who} sees the mover", d, "here")
        out.append(seen_mark(path, d, cards, words, spots))
    if view.stop_at is not None:
        d = min(max(float(view.stop_at), 0.0), mv.halt)
        p = point_along(path, d)
        out.append(polyline(truncate_polyline(path, d), REACTOR, 8, stroke_linecap="round"))
        out.append(
            card_outline(
                p.x, p.y, mv.facing, REACTOR, fill_opacity=_stop_fill(state, p, mv), dash="none"
            )
        )
        box = card_box(p.x, p.y, mv.facing)
        spots.take(box, mark=True)
        said = _stop_label(mv, d, view.stop_seen)
        out.append(_marker_label(box, said, REACTOR, spots))
    return [svg.G(class_=["pending-move"], elements=out)]


def _off_card(path: tuple[Vec, ...], card: tuple[Vec, ...]) -> float:
    """How far along ``path`` (from the centre of ``card``) its first leg leaves the card."""
    found = span(card, path[0], path[1])
    return (path[1] - path[0]).length() * found[1] if found is not None else 0.0


def _between(path: tuple[Vec, ...], start: float, end: float) -> tuple[Vec, ...]:
    """The part of ``path`` from ``start`` to ``end`` L along it (one point when none)."""
    kept = truncate_polyline(path, end)
    out, along = [point_along(kept, min(start, end))], 0.0
    for a, b in itertools.pairwise(kept):
        along += (b - a).length()
        if along > start + EPS:
            out.append(b)
    return tuple(out)


def _stop_fill(state: State, at: Vec, mv: MoveInProgress) -> float:
    """The stop marker's tint: none where the marker lies over a card (the mover near its
    start, another soldier it passes), whose numbers would show through it tinted."""
    poly = card_polygon(at, mv.facing)
    return 0.0 if any(polygons_overlap(poly, s.polygon()) for s in state.on_table()) else 0.3


def _stop_label(mv: MoveInProgress, d: float, seen: bool | None) -> str:
    """The stop point's label: how far along the path it is, written as the log and the words
    write it, and whether the reacting soldier sees the mover stopped there ("stop 1.25 L ·
    Gunner sees it")."""
    said = f"stop {length_text(d)} L"
    if seen is None or mv.reactor is None:
        return said
    who = CARDS[mv.reactor].title if mv.reactor in CARDS else mv.reactor
    return f"{said} · {who} {'sees it' if seen else 'cannot see it'}"
