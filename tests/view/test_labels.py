"""The board's labels: inside the board, never cut by the table's edge, never over a card's
numbers, the turning handle, a zone's name or another label (boxes read from the SVG, with
the view's estimate of a text's width)."""

from __future__ import annotations

import math
import random
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, replace

import pytest
from helpers import R, arrange

from harness.deployments import P1, P2
from serm.core import Move, Place, React, Roll, State, apply
from serm.core import queries as q
from serm.core.geometry import Vec, card_polygon, point_along, polygons_overlap, unit
from serm.core.scenario import by_name, open_field
from serm.ui.model import UI, Playback, Trace
from serm.ui.screen import view_model
from serm.view import frame
from serm.view.beats import Beat, BeatKind
from serm.view.board import card_box
from serm.view.common import (
    HANDLE_DISTANCE,
    HANDLE_RADIUS,
    REACTOR,
    TARGET,
    screen_extent,
    text_width,
)
from serm.view.labels import REACH_X, REACH_Y, Spots, box_at
from serm.view.labels import gap as box_gap
from serm.view.labels import overlap as box_overlap
from serm.view.model import (
    ExposureView,
    Ghost,
    MovePreview,
    Overlaid,
    PathTrace,
    ViewModel,
    Viewport,
)
from serm.view.moves import CROSS_OUTLINE
from serm.view.render import MARGIN, SCALE, render
from serm.view.show import TRAIL_RING
from tests.ui.test_screen_truth import brawler_rolled
from tests.view.conftest import fresh_game

NS = "{http://www.w3.org/2000/svg}"
Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Label:
    words: str
    box: Box
    clipped: bool
    """Drawn under the table's clip: what lies off the table is cut."""
    tick: bool = False


def _num(el: ET.Element, name: str) -> float:
    return float(el.get(name) or 0)


def _text_box(t: ET.Element) -> Box:
    size, x, y = _num(t, "font-size"), _num(t, "x"), _num(t, "y")
    w = text_width(t.text or "", size, bold=t.get("font-weight") == "bold")
    anchor = t.get("text-anchor")
    left = x - w / 2 if anchor == "middle" else x - w if anchor == "end" else x
    halo = _num(t, "stroke-width") / 2
    return (left - halo, y - size * 0.6 - halo, left + w + halo, y + size * 0.6 + halo)


def _rect_box(r: ET.Element) -> Box:
    x, y, w, h = (_num(r, k) for k in ("x", "y", "width", "height"))
    edge = _num(r, "stroke-width") / 2
    return (x - edge, y - edge, x + w + edge, y + h + edge)


def labels(root: ET.Element) -> list[Label]:
    """Every label drawn over the board: pills (their rounded box) and words (their text)."""
    out: list[Label] = []

    def walk(el: ET.Element, clipped: bool) -> None:
        cls = set(el.get("class", "").split())
        if el.get("transform") or cls & {"card", "terrain", "zone"} or el.tag == f"{NS}defs":
            return  # words on a card or an outline, terrain names: part of what they name
        clipped = clipped or el.get("clip-path") == "url(#table-clip)"
        texts = [c for c in el if c.tag == f"{NS}text"]
        rects = [c for c in el if c.tag == f"{NS}rect" and c.get("rx")]
        if texts and len(rects) == 1:  # a pill: its words inside one rounded box
            words = " ".join(t.text or "" for t in texts)
            out.append(Label(words, _rect_box(rects[0]), clipped))
        else:
            for t in texts:
                tick = (t.text or "").isdigit()
                out.append(Label(t.text or "", _text_box(t), clipped, tick))
        for c in el:
            if c.tag == f"{NS}g":
                walk(c, clipped)

    walk(root, False)
    return out


def drawn(state: State, view: ViewModel) -> list[Label]:
    return labels(ET.fromstring(render(state, view)))


def names(state: State, view: ViewModel, kind: str) -> list[Box]:
    """The boxes of the words drawn in the board's groups of class ``kind``."""
    root = ET.fromstring(render(state, view))
    return [
        _text_box(t)
        for g in root.iter(f"{NS}g")
        if kind in g.get("class", "").split()
        for t in g.iter(f"{NS}text")
    ]


def zone_names(state: State, view: ViewModel) -> list[Box]:
    return names(state, view, "zone")


def overlap(a: Box, b: Box) -> bool:
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


def card_boxes(state: State) -> dict[str, Box]:
    out = {}
    for s in state.on_table():
        xs = [p.x * SCALE for p in card_polygon(s.pos, s.facing)]
        ys = [p.y * SCALE for p in card_polygon(s.pos, s.facing)]
        out[f"{s.player}:{s.card}"] = (min(xs), min(ys), max(xs), max(ys))
    return out


def knob(c: Vec, facing: float) -> Box:
    h = (c + unit(facing) * HANDLE_DISTANCE) * SCALE
    r = HANDLE_RADIUS * SCALE
    return (h.x - r, h.y - r, h.x + r, h.y + r)


def check_whole(state: State, found: list[Label]) -> None:
    """Each label lies wholly inside the board, and inside the table when the table's edge
    cuts what it draws."""
    m = MARGIN * SCALE
    w, h = state.scenario.width * SCALE, state.scenario.height * SCALE
    for label in found:
        if label.tick:
            continue  # a tick's number goes with its tick, which ends at the table's edge
        left, top, right, bottom = (0.0, 0.0, w, h) if label.clipped else (-m, -m, w + m, h + m)
        x0, y0, x1, y1 = label.box
        assert left <= x0 and top <= y0 and x1 <= right and y1 <= bottom, label


def check_clear(found: list[Label], keep_off: dict[str, Box]) -> None:
    """No label covers another, nor any box of ``keep_off`` (cards, the handle, zone names)."""
    words = [label for label in found if not label.tick]
    for i, label in enumerate(words):
        for name, box in keep_off.items():
            assert not overlap(label.box, box), (label, name)
        for other in words[i + 1 :]:
            assert not overlap(label.box, other.box), (label, other)
        for tick in found:
            if tick.tick:
                assert not overlap(label.box, tick.box), (label, tick)


def check_preview(state: State, mp: MovePreview, facing: float, words: str) -> None:
    """The Move preview ``mp``, its card's turning handle at ``facing``, shows ``words``, and
    every label is whole and clear of all the cards draw and of the handle."""
    view = ViewModel(move_preview=mp, facing_handle=(mp.card, facing))
    found = drawn(state, view)
    assert words in {label.words for label in found}
    s = state.soldier(*mp.card)
    check_clear(found, drawn_cards(state, view) | {"handle": knob(s.pos, facing)})
    check_whole(state, found)


def _transform(g: ET.Element) -> tuple[float, float, float]:
    """The (x, y, degrees) of a card group's ``translate(x, y) rotate(a)``."""
    nums = [float(v) for v in re.findall(r"-?[\d.]+", g.get("transform") or "")]
    return nums[0], nums[1], nums[2] if len(nums) > 2 else 0.0


def _drawn_box(g: ET.Element) -> Box:
    """The screen box of everything a card's group draws: its outline, its rings and its
    chevron (each with half its stroke), turned and moved as the group is."""
    x, y, a = _transform(g)
    c, s = math.cos(math.radians(a)), math.sin(math.radians(a))
    points: list[tuple[float, float]] = []
    for el in g.iter():
        edge = _num(el, "stroke-width") / 2 if el.get("stroke") not in (None, "none") else 0.0
        if el.tag == f"{NS}rect":
            x0, y0 = _num(el, "x") - edge, _num(el, "y") - edge
            x1, y1 = x0 + _num(el, "width") + 2 * edge, y0 + _num(el, "height") + 2 * edge
            points += [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
        elif el.tag == f"{NS}polygon":
            for p in (el.get("points") or "").split():
                px, py = (float(v) for v in p.split(","))
                points += [(px - edge, py - edge), (px + edge, py + edge)]
    turned = [(x + px * c - py * s, y + px * s + py * c) for px, py in points]
    xs, ys = [p[0] for p in turned], [p[1] for p in turned]
    return (min(xs), min(ys), max(xs), max(ys))


def drawn_cards(state: State, view: ViewModel) -> dict[str, Box]:
    """The box of all each card on the board draws (read from the SVG)."""
    root = ET.fromstring(render(state, view))
    return {
        f"{g.get('data-player')}:{g.get('data-card')}": _drawn_box(g)
        for g in root.iter(f"{NS}g")
        if "card" in (g.get("class") or "").split()
    }


def moved(state: State, player: int, card: str, x: float, y: float, facing: float) -> State:
    """``state`` with one soldier put at (x, y) L turned to ``facing``."""
    soldiers = tuple(
        replace(s, x=x, y=y, facing=facing) if (s.player, s.card) == (player, card) else s
        for s in state.soldiers
    )
    return replace(state, soldiers=soldiers)


def test_a_move_going_nowhere_at_the_left_edge_keeps_its_words_whole(deployed: State) -> None:
    """The Assault touching the left Crates from below, its Move aimed up: the chance's label
    ("no React") and "goes nowhere: touches the Crates" lie whole on the board, not cut at the
    table's edge (they were, at 360 px, by the clip that keeps the aim's line on the table)."""
    state = moved(deployed, 1, "assault", 1.35, 6.0, 0.0)
    s = state.soldier(1, "assault")
    longest, halt = q.straight_reach(state, s, 0.0, 0.0)
    assert halt.blocked and halt.distance < 1e-6
    mp = MovePreview((1, "assault"), 0.0, 0.0, 2, longest, 0.0, (), 0.0, stuck="the Crates")
    view = ViewModel(move_preview=mp, facing_handle=((1, "assault"), 0.0))
    found = drawn(state, view)
    said = {label.words for label in found}
    assert {"no React", "goes nowhere: touches the Crates"} <= said
    check_clear(found, card_boxes(state) | {"handle": knob(s.pos, 0.0)})
    check_whole(state, found)


def test_the_chance_a_move_is_stopped_leaves_the_turning_handle_free(deployed: State) -> None:
    """Player 2's Ranger at the top left facing down, its Move aimed down-left with a React
    possible: "84% stopped" is not under the round handle that turns the Ranger."""
    state = moved(deployed, 2, "ranger", 1.6, 1.0, 180.0)
    s = state.soldier(2, "ranger")
    longest, halt = q.straight_reach(state, s, 200.0, 180.0)
    watchers = (((1, "ranger"), 0.6, 0.84),)
    mp = MovePreview(
        (2, "ranger"),
        200.0,
        180.0,
        1,
        longest,
        halt.distance if halt.blocked else None,
        watchers,
        0.84,
    )
    check_preview(state, mp, 180.0, "84% stopped")


def test_the_exposure_count_keeps_off_the_enemy_cards(deploying: State) -> None:
    """Three cards each placed, the enemy Gunner's worst spot in the enemy zone's top right:
    its count is not drawn over the enemy cards' numbers and stays inside the board."""
    state = apply(apply(deploying, Place(*P1[2])), Place(*P2[2]))
    ev = ExposureView(1, (8.0, 0.6, 200.0), ("ranger", "gunner"), 3, ready=True)
    found = drawn(state, ViewModel(exposure=ev))
    assert "The enemy Gunner could see 2 of your 3 cards from here" in {x.words for x in found}
    keep_off = card_boxes(state)
    keep_off |= {f"zone {i}": box for i, box in enumerate(zone_names(state, ViewModel()))}
    check_clear(found, keep_off)
    check_whole(state, found)


def test_the_exposure_label_and_the_ghost_label_stay_inside_the_board(deploying: State) -> None:
    """Player 2 placing its Assault in the top zone's right, the worst enemy Gunner spot at the
    bottom left: "Can go here · your Assault would see 0 of the 1 enemy card placed · the enemy
    Gunner could see it here" covers
    neither "Player 2 zone" nor a card, and neither label starts or ends past the board."""
    state = apply(deploying, Place(*P1[2]))
    ghost = Ghost(2, "assault", 8.45, 1.05, 200.0, None, sees=(), seen=True)
    ev = ExposureView(2, (0.5, 8.4, 20.0), ("ranger",), 1, ready=True)
    view = ViewModel(ghost=ghost, exposure=ev, facing_handle=((2, "assault"), 200.0))
    found = drawn(state, view)
    said = {label.words for label in found}
    assert "The enemy Gunner could see your card from here" in said
    assert any("the enemy Gunner could see it here" in words for words in said)
    keep_off = card_boxes(state) | {"handle": knob(Vec(8.45, 1.05), 200.0)}
    keep_off |= {f"zone {i}": box for i, box in enumerate(zone_names(state, view))}
    keep_off |= {"ghost": _box_of(Vec(8.45, 1.05), 200.0)}
    check_clear(found, keep_off)
    check_whole(state, found)


def _box_of(c: Vec, facing: float) -> Box:
    xs = [p.x * SCALE for p in card_polygon(c, facing)]
    ys = [p.y * SCALE for p in card_polygon(c, facing)]
    return (min(xs), min(ys), max(xs), max(ys))


def test_the_halt_word_is_not_under_a_tick_or_a_card(deployed: State) -> None:
    """Player 1's Ranger aimed right toward its own Armored: "halt" is covered neither by the
    tick's number "2" nor by the Armored, and "84% stopped" keeps off the Ranger's chevron
    (it lay on it, clear only of the bare outline)."""
    state = moved(deployed, 1, "ranger", 1.75, 9.0, 0.0)
    state = moved(state, 1, "armored", 4.2, 9.0, 0.0)
    state = moved(state, 1, "gunner", 6.0, 9.0, 0.0)
    s = state.soldier(1, "ranger")
    longest, halt = q.straight_reach(state, s, 90.0, 0.0)
    assert halt.blocked
    watchers = (((2, "brawler"), 0.0, 0.84),)
    mp = MovePreview((1, "ranger"), 90.0, 0.0, 1, longest, halt.distance, watchers, 0.84)
    check_preview(state, mp, 0.0, "halt")


def test_the_ghost_label_keeps_off_a_terrain_name(deploying: State) -> None:
    """Player 1 placing its Gunner just below the lower Wall (its zone starts at y = 8 L): "Can
    go here" sits clear of the Wall's name and its kind, which name what lies under them."""
    for x in (4.2, 5.0, 5.8):
        ghost = Ghost(1, "gunner", x, 8.45, 0.0, None, sees=(), seen=False)
        view = ViewModel(ghost=ghost, facing_handle=((1, "gunner"), 0.0))
        found = drawn(deploying, view)
        assert any("Can go here" in label.words for label in found)
        keep_off = {f"terrain {i}": box for i, box in enumerate(names(deploying, view, "terrain"))}
        check_clear(found, keep_off)
        check_whole(deploying, found)


def test_a_card_dragged_over_the_exposure_count_keeps_its_label_off_it(deploying: State) -> None:
    """Player 1 dragging its Armored up the board, out of its zone, under the Exposure count of
    the enemy Gunner's worst spot at the top: the card's warning (drawn in the pointer's layer)
    and the count (drawn in the layer below, kept while the pointer moves) never overlap."""
    ev = ExposureView(1, (5.0, 1.0, 180.0), ("ranger", "gunner"), 2, ready=True)
    for x, y in ((2.0, 4.0), (5.0, 4.0), (8.0, 3.5), (8.0, 4.0)):
        problem = q.placement_problem(deploying, 1, "armored", x, y, 0.0)
        assert problem is not None  # out of its zone: the label is a long warning
        ghost = Ghost(1, "armored", x, y, 0.0, problem)
        view = ViewModel(ghost=ghost, exposure=ev, facing_handle=((1, "armored"), 0.0))
        found = drawn(deploying, view)
        said = {label.words for label in found}
        assert "The enemy Gunner could see 2 of your 2 cards from here" in said
        assert any(words.startswith("Cannot place here") for words in said)
        check_clear(found, {"handle": knob(Vec(x, y), 0.0)})
        check_whole(deploying, found)


def _ticks(state: State, key: tuple[int, str], direction: float) -> list[Label]:
    """The tick numbers of ``key``'s Move aimed along ``direction``, its card kept as it faces."""
    s = state.soldier(*key)
    longest, halt = q.straight_reach(state, s, direction, s.facing)
    blocked = halt.distance if halt.blocked else None
    mp = MovePreview(key, direction, s.facing, 2, longest, blocked)
    return [label for label in drawn(state, ViewModel(move_preview=mp)) if label.tick]


def test_a_tick_number_beside_a_card_goes_to_the_other_side_of_the_aim(deployed: State) -> None:
    """Player 1's Assault on the open table aimed straight up, past player 2's Brawler standing
    just clear of its path on the right (by 0.004 L; nearer, it would halt the Move): the number
    of the tick beside the Brawler goes to the aim's left, the others stay on its right, and
    none is over a card."""
    state = replace(deployed, scenario=open_field())
    state = moved(state, 1, "assault", 5.0, 8.4, 0.0)
    state = moved(state, 2, "brawler", 5.72, 6.4, 0.0)
    ticks = _ticks(state, (1, "assault"), 0.0)
    assert [t.words for t in ticks] == [str(k) for k in range(1, 7)]
    for t in ticks:
        for name, box in card_boxes(state).items():
            assert not overlap(t.box, box), (t, name)
        left = t.box[2] < 5.0 * SCALE
        assert left == (t.words == "2"), t


def test_a_tick_number_between_two_cards_is_left_out(deployed: State) -> None:
    """The same Assault passing between two cards each just clear of its path: the tick between
    them keeps its stroke but has no number (on either side it would cover a card); the ticks
    before and after keep theirs."""
    state = replace(deployed, scenario=open_field())
    state = moved(state, 1, "assault", 5.0, 8.4, 0.0)
    state = moved(state, 2, "brawler", 5.72, 6.4, 0.0)
    state = moved(state, 2, "ranger", 4.28, 6.4, 0.0)
    ticks = _ticks(state, (1, "assault"), 0.0)
    assert [t.words for t in ticks] == ["1", *(str(k) for k in range(3, 7))]
    for t in ticks:
        for name, box in card_boxes(state).items():
            assert not overlap(t.box, box), (t, name)
    s = state.soldier(1, "assault")
    longest, halt = q.straight_reach(state, s, 0.0, 0.0)
    mp = MovePreview((1, "assault"), 0.0, 0.0, 2, longest, halt.distance)
    root = ET.fromstring(render(state, ViewModel(move_preview=mp)))
    strokes = [p for p in root.iter(f"{NS}path") if p.get("class") == "ticks"]
    assert len(strokes) == 1 and (strokes[0].get("d") or "").count("M") == 6


def _rule(spots: Spots, x: float, y: float, w: float, h: float) -> tuple[float, float]:
    """The placement rule as it reads (``serm.view.labels``), tried the plain way: every move
    within reach, nearest first, clamped into the board; the first that covers nothing, else
    the nearest clear one of them pushed off what it covers (above the highest box it covers,
    below the lowest, left of the leftmost, right of the rightmost, 2 units off, kept within
    reach), else the first that covers least."""
    step_x, step_y = round(max(24.0, min(w / 4, 60.0))), round(h * 0.75)
    moves = [
        (i * step_x, j * step_y)
        for i in range(-REACH_X, REACH_X + 1)
        for j in range(-REACH_Y, REACH_Y + 1)
    ]
    moves.sort(key=lambda d: (math.hypot(d[0], d[1]), abs(d[0]), d[1]))
    grid = [spots.clamp(x + dx, y + dy, w, h) for dx, dy in moves]

    def covers(spot: tuple[float, float]) -> list[Box]:
        return [t for t in spots.taken if box_overlap(box_at(*spot, w, h), t) > 0.0]

    clear = next((spot for spot in grid if not covers(spot)), None)
    if clear is not None:
        return clear
    x0, y0 = grid[moves.index((-REACH_X * step_x, -REACH_Y * step_y))]
    x1, y1 = grid[moves.index((REACH_X * step_x, REACH_Y * step_y))]
    pushed = []
    for spot in grid:
        cover = covers(spot)
        for px, py in (
            (spot[0], min(t[1] for t in cover) - 2 - h / 2),
            (spot[0], max(t[3] for t in cover) + 2 + h / 2),
            (min(t[0] for t in cover) - 2 - w / 2, spot[1]),
            (max(t[2] for t in cover) + 2 + w / 2, spot[1]),
        ):
            there = (min(max(px, x0), x1), min(max(py, y0), y1))
            if not covers(there):
                pushed.append(there)
    if pushed:
        return min(pushed, key=lambda p: (math.hypot(p[0] - x, p[1] - y), p))
    best, least = spots.clamp(x, y, w, h), math.inf
    for spot in grid:
        area = sum(box_overlap(box_at(*spot, w, h), t) for t in spots.taken)
        if area < least:
            best, least = spot, area
    return best


def test_the_search_finds_what_the_rule_says_on_crowded_boards() -> None:
    """Labels of every size wanted anywhere, near the edges too, on boards crowded with boxes
    until nothing is clear: each goes where the rule tried the plain way puts it (the search
    skips boxes out of reach and spots tried already, and stops at the first clear one)."""
    rng = random.Random(7)
    for _ in range(16):
        spots = Spots((-50.0, -50.0, 1050.0, 1050.0))
        for _ in range(rng.randrange(0, 40)):
            x, y = rng.uniform(-50, 1050), rng.uniform(-50, 1050)
            spots.take(box_at(x, y, rng.uniform(10, 400), rng.uniform(10, 200)))
        for _ in range(8):
            x, y = rng.uniform(-100, 1100), rng.uniform(-100, 1100)
            w, h = rng.uniform(8, 900), rng.uniform(8, 90)
            expected = _rule(spots, x, y, w, h)
            assert spots.place(x, y, w, h) == expected, (x, y, w, h)


ZOOM_BUTTONS = Overlaid(720.0, 718.0, ((675.0, 288.0, 727.0, 430.0),))
"""The board at 1280x800 (CSS px) and the box of its + / - / Fit column at its right edge."""


def scaled_box(box: Box) -> Box:
    """A box in L as scaled units."""
    x0, y0, x1, y1 = box
    return (x0 * SCALE, y0 * SCALE, x1 * SCALE, y1 * SCALE)


def test_a_path_halting_under_the_zoom_buttons_keeps_its_words_off_them(deployed: State) -> None:
    """Player 1's Brawler traced up the right lane to a halt against the right-hand Crates, by
    the zoom buttons: "halts at the Crates" and "0.90 L lost" keep off what the buttons cover
    (without it, "halts at the Crates" went under them)."""
    pt = PathTrace(
        ((9.0, 9.0), (9.46, 7.12)),
        0.9,
        cursor=(9.46, 4.29),
        halt=(9.36, 4.26),
        stopper="the Crates",
        lost=0.9,
    )
    covered = frame.covered(deployed.scenario, Viewport(), ZOOM_BUTTONS)
    found = drawn(deployed, ViewModel(path_trace=pt, covered=covered))
    assert {"halts at the Crates", "0.90 L lost"} <= {label.words for label in found}
    check_clear(found, card_boxes(deployed) | {"zoom buttons": scaled_box(covered[0])})
    check_whole(deployed, found)


@pytest.mark.parametrize(
    ("corners", "cursor", "halt"),
    [
        ((Vec(7.6, 7.0),), Vec(7.6, 3.0), "halts at the Crates"),  # its line clears them
        ((), Vec(8.4, 4.5), "halts at the Crates"),
        ((Vec(8.4, 8.0),), Vec(9.3, 8.0), ""),
    ],
)
def test_a_traced_paths_words_keep_off_the_card_where_it_ends(
    corners: tuple[Vec, ...], cursor: Vec, halt: str
) -> None:
    """Player 1's Brawler, 1.0 L below the right-hand Crates, traces a path that halts
    against them (R16), or one clear of them: the outline of its card where it halts, or at
    the drawn end, shows whole, every edge seen (what it touches there): no label lies over
    it, the words of the halt and of the length lost or left go beside it, and every label
    is whole and clear of the cards."""
    state = brawler_rolled(4)
    view = view_model(state, UI(trace=Trace(corners=corners, cursor=cursor)))
    trace = view.path_trace
    assert trace is not None
    x, y = trace.halt if trace.halt is not None else (trace.cursor or (0.0, 0.0))
    outline = card_box(x, y, 0.0)
    found = drawn(state, view)
    said = {label.words for label in found}
    assert (halt in said) if halt else not any(w.startswith("halts") for w in said)
    assert any(w.endswith(" L lost" if halt else " L left") for w in said)
    check_clear(found, card_boxes(state) | {"the card where it ends": outline})
    check_whole(state, found)


def test_the_chances_on_cards_keep_off_the_zoom_buttons(deployed: State) -> None:
    """The enemy Armored beside the zoom buttons, a target: its chance label (drawn with the
    cards, under the page's buttons) goes clear of them."""
    state = moved(deployed, 2, "armored", 9.65, 5.2, 180.0)
    covered = frame.covered(state.scenario, Viewport(), ZOOM_BUTTONS)
    view = ViewModel(
        highlights=(((2, "armored"), "target"),),
        chances=(((2, "armored"), 0.42),),
        covered=covered,
    )
    found = drawn(state, view)
    assert "42%" in {label.words for label in found}
    check_clear(found, card_boxes(state) | {"zoom buttons": scaled_box(covered[0])})


@pytest.mark.parametrize("stop", [0.0, 0.5])
def test_the_stop_label_keeps_off_all_a_card_draws(stop_pending: State, stop: float) -> None:
    """Player 1 sets where player 2's Assault stops, at its start and half a card on: "stop …
    · Assault sees it" is clear of all the cards draw, their chevrons and rings too (it lay
    on the Assault's chevron by its name, clear only of the bare outline)."""
    view = ViewModel(stop_at=stop, stop_seen=True)
    found = drawn(stop_pending, view)
    said = {label.words.replace(" · ", " ") for label in found}
    assert f"stop {stop:.2f} L Assault sees it" in said  # on one line or two
    check_clear(found, drawn_cards(stop_pending, view))
    check_whole(stop_pending, found)


def test_a_react_chance_keeps_off_the_last_turns_ring(deployed: State) -> None:
    """Player 2's Assault moving, player 1 asked to React, its Assault shot at by the enemy
    Gunner in the turn before (the trail, drawn over the board, rings it): "React 17%" is not
    crossed by the ring (it was: the trail's layer passed the labels nothing)."""
    state = apply(deployed, Move("assault", 180.0, 180.0))
    state = apply(state, Roll(((3,), (2,))))
    target, gunner = state.soldier(1, "assault"), state.soldier(2, "gunner")
    shot = Beat(
        BeatKind.AIM,
        (2, "gunner"),
        ((gunner.x, gunner.y, gunner.facing),),
        other=(1, "assault"),
        other_pose=(target.x, target.y, target.facing),
    )
    view = view_model(state, UI(playback=Playback(last=(shot,), since=deployed, by=2)))
    (label,) = [
        x
        for x in drawn(state, view)
        if x.words.startswith("React") and x.box[0] < target.x * SCALE < x.box[2]
    ]
    x0, y0, x1, y1 = label.box
    cx, cy = target.x * SCALE, target.y * SCALE
    near = math.hypot(max(x0 - cx, 0.0, cx - x1), max(y0 - cy, 0.0, cy - y1))
    far = max(math.hypot(x - cx, y - cy) for x in (x0, x1) for y in (y0, y1))
    assert near > TRAIL_RING + 2 or far < TRAIL_RING - 2, (label, near, far)


def _knob(state: State, view: ViewModel) -> tuple[float, float]:
    """The centre (scaled units) of the turning handle's knob as drawn."""
    root = ET.fromstring(render(state, view))
    (k,) = [c for c in root.iter(f"{NS}circle") if c.get("data-handle") == "rotate"]
    return _num(k, "cx"), _num(k, "cy")


def test_the_turning_handle_keeps_off_a_card_ahead(deployed: State) -> None:
    """Player 1's Ranger facing the enemy Armored, which stands just ahead of where its turning
    handle usually goes (1.25 L out): the knob stands nearer, clear of the Armored (it lay on
    it, hiding the card and taking the presses meant for it); with nothing ahead it stays at
    1.25 L."""
    state = moved(deployed, 1, "ranger", 5.0, 6.0, 0.0)
    view = ViewModel(facing_handle=((1, "ranger"), 0.0))
    assert _knob(state, view) == (500.0, 475.0)
    state = moved(state, 2, "armored", 5.0, 4.2, 0.0)
    x, y = _knob(state, view)
    r = HANDLE_RADIUS * SCALE
    for name, box in card_boxes(state).items():
        assert not overlap((x - r, y - r, x + r, y + r), box), name
    assert x == 500.0 and 475.0 < y < 600.0 - 50.0  # along the facing, off the Ranger too
    found = drawn(state, view)
    check_clear(found, {"handle": (x - r, y - r, x + r, y + r)})


def _halt_marks(state: State, view: ViewModel) -> list[Box]:
    """The box (scaled units) of each halt mark drawn: the red X's strokes, with half the
    width of the dark outline drawn under them round their ends."""
    root = ET.fromstring(render(state, view))
    out = []
    for p in root.iter(f"{NS}path"):
        if p.get("stroke") != TARGET or p.get("stroke-linecap") != "round":
            continue
        nums = [float(v) for v in re.findall(r"-?[\d.]+", p.get("d") or "")]
        xs, ys, edge = nums[0::2], nums[1::2], CROSS_OUTLINE / 2
        out.append((min(xs) - edge, min(ys) - edge, max(xs) + edge, max(ys) + edge))
    return out


def test_a_react_chance_keeps_off_the_halt_mark_of_a_brawlers_path(path_pending: State) -> None:
    """Player 2's Brawler traces a path that halts where the "React 28%" of player 1's Ranger,
    an enemy that could React to it (R18), would go, just above the Ranger: the red X stays
    where the path halts (R16) and the chance goes beside it, by its card, never under it (the
    X covered it: "Rea✕28%")."""
    b, r = path_pending.soldier(2, "brawler"), path_pending.soldier(1, "ranger")
    _, hh = screen_extent(r.facing)
    halt = (r.x, r.y - (hh + 20) / SCALE)  # where the chance is wanted
    trace = PathTrace(((b.x, b.y), halt), 0.0, None, halt, stopper="the Ranger")
    key = (1, "ranger")
    view = ViewModel(path_trace=trace, highlights=((key, "reactor"),), chances=((key, 0.28),))
    (chance,) = [label.box for label in drawn(path_pending, view) if label.words == "React 28%"]
    (mark,) = _halt_marks(path_pending, view)
    assert not overlap(chance, mark), (chance, mark)
    x, y = (chance[0] + chance[2]) / 2, (chance[1] + chance[3]) / 2
    assert math.hypot(x - r.x * SCALE, y - r.y * SCALE) < 3 * hh  # still read as the Ranger's


def test_a_react_chance_keeps_off_the_halt_mark_of_the_move_it_may_stop(
    react_pending: State,
) -> None:
    """Player 1 asked to React to a Move that halts where the "React …%" of its first reactor
    would go, just above it: the X stays where the Move halts (R16) and the chance goes
    beside it, by its card, never under it."""
    mv = react_pending.move
    assert mv is not None
    r = react_pending.soldier(1, mv.reactors[0])
    _, hh = screen_extent(r.facing)
    start, halt = mv.path[0], Vec(r.x, r.y - (hh + 20) / SCALE)  # where the chance is wanted
    through = halt + (halt - start) * (1.0 / (halt - start).length())
    path = (start, halt, through)
    state = replace(react_pending, move=replace(mv, path=path, halt=(halt - start).length()))
    view = view_model(state, UI())
    said = [label for label in drawn(state, view) if label.words.startswith("React ")]
    assert len(said) == len(view.chances)
    (mark,) = _halt_marks(state, view)
    for label in said:
        assert not overlap(label.box, mark), (label, mark)


@pytest.mark.parametrize(("x", "facing"), [(3.3, 0.0), (3.15, 0.0), (3.484, 0.0), (3.3, 90.0)])
def test_the_halt_mark_keeps_off_the_card_it_touches(
    deployed: State, x: float, facing: float
) -> None:
    """Player 1's Ranger aimed right at its own Armored, halting within its own length (0.18,
    0.33 and 0 L on; turned to face it, 0.04 L): the red X where it halts is drawn on the
    Ranger's side of the contact, clear of all the Armored draws (it lay on the Armored's name
    and numbers), and still marks the contact: its near side within a few units of it."""
    state = moved(deployed, 1, "ranger", x, 9.0, facing)
    state = moved(state, 1, "armored", 4.2, 9.0, 0.0)
    state = moved(state, 1, "gunner", 6.0, 9.0, 0.0)
    s = state.soldier(1, "ranger")
    longest, halt = q.straight_reach(state, s, 90.0, facing)
    assert halt.blocked and halt.cards == ((1, "armored"),)
    assert halt.distance < max(p.x for p in card_polygon(Vec(0.0, 0.0), facing))
    mp = MovePreview((1, "ranger"), 90.0, facing, 1, longest, halt.distance)
    view = ViewModel(move_preview=mp, facing_handle=((1, "ranger"), facing))
    (mark,) = _halt_marks(state, view)
    armored = drawn_cards(state, view)["1:armored"]
    assert not box_overlap(mark, armored), (mark, armored)
    assert armored[0] - mark[2] < 6.0, "the mark touches where the Ranger meets the Armored"


@pytest.mark.parametrize(
    ("player", "x", "y", "facing", "covered"),
    [
        (1, 6.24, 8.99, 0.0, ()),
        (1, 5.8, 9.2, 0.0, ()),
        (2, 6.2, 0.99, 209.4, ZOOM_BUTTONS),
    ],
)
def test_the_long_placement_label_keeps_off_a_walls_name_where_the_grid_has_no_room(
    player: int, x: float, y: float, facing: float, covered: Overlaid
) -> None:
    """A Gunner being placed in the middle of its zone, one Ranger of each side down: "Can go
    here · your Gunner would see 0 of the 1 enemy card placed · the enemy Gunner could see it
    here" (three lines) fits between the Crates' names and the Wall's only off the rule's grid of
    moves; it goes there, clear of the Wall's name and its halo (it covered "Wall" at 360 px and
    at 1280 px: the rule settled for the grid spot covering least)."""
    state = apply(
        apply(fresh_game(), Place("ranger", 5.0, 9.0, 0.0)), Place("ranger", 5.0, 1.04, 180.0)
    )
    assert state.pending is not None and state.pending.player == 1
    if player == 2:
        state = apply(state, Place("armored", 2.0, 9.0, 0.0))
    ghost = Ghost(player, "gunner", x, y, facing, None, sees=(), seen=True)
    boxes = frame.covered(state.scenario, Viewport(), covered) if covered else ()
    view = ViewModel(ghost=ghost, facing_handle=((player, "gunner"), facing), covered=boxes)
    found = drawn(state, view)
    assert any(label.words.startswith("Can go here") for label in found)
    keep_off = {f"terrain {i}": box for i, box in enumerate(names(state, view, "terrain"))}
    keep_off |= card_boxes(state) | {"ghost": _box_of(Vec(x, y), facing)}
    keep_off |= {f"zoom buttons {i}": scaled_box(b) for i, b in enumerate(boxes)}
    check_clear(found, keep_off)
    check_whole(state, found)


def _stop_boxes(state: State, stop: float) -> dict[str, Box]:
    """The boxes of the pending move's stop outline at ``stop`` L along its path and of its
    halt outline (their chevrons too)."""
    mv = state.move
    assert mv is not None
    out = {}
    for name, d in (("stop outline", stop), ("halt outline", mv.halt)):
        p = point_along(mv.path, d)
        tip = p + unit(mv.facing) * 0.68
        x0, y0, x1, y1 = _box_of(p, mv.facing)
        out[name] = (
            min(x0, tip.x * SCALE),
            min(y0, tip.y * SCALE),
            max(x1, tip.x * SCALE),
            max(y1, tip.y * SCALE),
        )
    return out


def _check_stop_label(state: State, stop: float, seen: bool) -> None:
    view = ViewModel(stop_at=stop, stop_seen=seen)
    found = drawn(state, view)
    (label,) = [x for x in found if x.words.startswith(f"stop {stop:.2f} L")]
    check_clear(found, drawn_cards(state, view))
    for name, box in _stop_boxes(state, stop).items():  # "halt" is said on its own outline
        assert not overlap(label.box, box), (label, name)
    check_whole(state, found)


@pytest.mark.parametrize("stop", [0.3, 0.7, 1.0, 1.4])
def test_the_stop_label_keeps_off_the_stop_and_halt_outlines(
    stop_pending: State, stop: float
) -> None:
    """Player 1 sets where player 2's Assault stops, down the table toward a halt 1.4 L on:
    "stop … · Assault cannot see it" keeps off the outline of the card stopped there and of
    the card halted at the end (it lay on the stop's own outline: neither was taken)."""
    _check_stop_label(stop_pending, stop, False)


@pytest.mark.parametrize("stop", [1.0, 1.3, 1.6])
def test_the_stop_label_finds_room_by_the_enemy_cards_on_a_crowded_top(stop: float) -> None:
    """The enemy Assault at the top right moving down-right to a halt by the table's edge, its
    Armored and Brawler beside its path, player 1's Ranger stopping it: "stop … · Ranger cannot
    see it" finds no clear spot on one line within reach and goes on two, clear of every card
    and its chevron (it settled on one line over the Brawler's chevron), of the stop's and the
    halt's outlines and of "halt"."""
    state = arrange(
        {
            (2, "assault"): (8.19, 0.5, 180.0),
            (2, "armored"): (6.77, 1.1, 270.0),
            (2, "brawler"): (6.99, 2.4, 180.0),
            (1, "armored"): (3.74, 8.99, 0.0),
            (1, "ranger"): (5.0, 8.99, 0.0),
        },
        scenario=by_name("default"),
        initiative=2,
        others=False,
    )
    state = apply(apply(state, Move("assault", 153.6, 180.0)), R(3, 3))
    state = apply(apply(state, React("ranger")), R(6, 4))
    assert state.pending is not None and state.pending.kind == "stop"
    _check_stop_label(state, stop, False)


def test_a_path_corner_on_a_card_is_marked_at_its_true_point(deployed: State) -> None:
    """Player 1's Brawler traced up the left edge and across to a corner on the enemy Ranger
    (it rams it on the way): the corner on the Ranger is a thin ring round its true point (a
    dot moved back along the leg read as a corner placed there); the corners off the cards are
    dots where they are, clear of every card."""
    state = moved(deployed, 2, "ranger", 2.35, 1.3, 340.0)
    corners = ((0.48, 8.02), (0.48, 2.01), (2.35, 1.33))
    pt = PathTrace(corners, 2.8, halt=(1.45, 1.66), rams=("ranger",), lost=2.8)
    view = ViewModel(path_trace=pt)
    root = ET.fromstring(render(state, view))
    (trace,) = [g for g in root.iter(f"{NS}g") if g.get("class") == "path-trace"]
    cards = drawn_cards(state, view)
    marks = [c for c in trace.iter(f"{NS}circle") if c.get("stroke-dasharray") is None]
    dots = [c for c in marks if c.get("fill") != "none"]
    for c in dots:
        x, y, r = _num(c, "cx"), _num(c, "cy"), _num(c, "r")
        edge = _num(c, "stroke-width") / 2
        box = (x - r - edge, y - r - edge, x + r + edge, y + r + edge)
        assert not any(overlap(box, card) for card in cards.values()), (x, y)
    assert [(_num(c, "cx"), _num(c, "cy")) for c in dots] == [(48.0, 201.0)]  # not the start
    rings = {(_num(c, "cx"), _num(c, "cy")) for c in marks if c.get("fill") == "none"}
    assert rings == {(235.0, 133.0)}


def test_the_react_chances_are_drawn_over_the_sight_shown(react_pending: State) -> None:
    """Player 1 asked to React, every soldier's sight shown (Enemy sight on): each "React …%"
    is drawn after the sight's tints and outlines, over them, on its own solid backing (it was
    drawn with the cards, under them: the enemy's dashed outline crossed it and its tint dimmed
    it)."""
    view = view_model(react_pending, UI())
    view = replace(view, show_all_los=True)
    root = ET.fromstring(render(react_pending, view))
    order = list(root.iter())
    sight = [
        i
        for i, el in enumerate(order)
        if {"los", "los-side"} & set((el.get("class") or "").split())
    ]
    chips = [i for i, el in enumerate(order) if "chance" in (el.get("class") or "").split()]
    assert sight and chips
    said = [" ".join(t.text or "" for t in order[i].iter(f"{NS}text")) for i in chips]
    assert all(words.startswith("React ") for words in said), said
    assert min(chips) > max(sight)
    for i in chips:
        (backing,) = order[i].iter(f"{NS}rect")
        assert backing.get("fill-opacity") in (None, "1") and backing.get("fill") != "none"


def test_the_halt_mark_of_a_move_halting_at_once_lets_the_numbers_show(deployed: State) -> None:
    """Player 1's Gunner aimed right, its own Armored just beside it: the Move halts after
    0.15 L whatever it rolls (R16), and its X, which lies on the Gunner's card, is drawn thin
    (a ring's width), not bold over the Gunner's numbers."""
    state = moved(deployed, 1, "gunner", 5.0, 9.0, 0.0)
    state = moved(state, 1, "armored", 5.0 + 63 / 88 + 0.15, 9.0, 0.0)
    s = state.soldier(1, "gunner")
    longest, halt = q.straight_reach(state, s, 90.0, 0.0)
    assert halt.blocked and abs(halt.distance - 0.15) < 0.01
    mp = MovePreview((1, "gunner"), 90.0, 0.0, 1, longest, halt.distance)
    root = ET.fromstring(render(state, ViewModel(move_preview=mp)))
    (g,) = [g for g in root.iter(f"{NS}g") if "move-preview" in (g.get("class") or "")]
    cross = [p for p in g.iter(f"{NS}path") if p.get("stroke-linecap") == "round"]
    assert len(cross) == 2
    x0, y0, x1, y1 = (float(v) for v in re.findall(r"[-\d.]+", cross[0].get("d", ""))[:4])
    gunner = drawn_cards(state, ViewModel(move_preview=mp))["1:gunner"]
    assert box_overlap((min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)), gunner)
    assert max(float(p.get("stroke-width", "")) for p in cross) <= 5.0


@pytest.mark.parametrize("stop", [0.0, 0.5, 1.0])
def test_the_stop_label_lies_next_to_its_marker(stop_pending: State, stop: float) -> None:
    """Player 1 sets where player 2's Assault stops: "stop … · Assault sees it" lies next to
    the stop marker, no nearer another mark (a card, a label) than to it (the boxes the label
    rule keeps: ``card_box``)."""
    view = ViewModel(stop_at=stop, stop_seen=True)
    found = drawn(stop_pending, view)
    (label,) = [x for x in found if x.words.startswith(f"stop {stop:.2f} L")]
    mv = stop_pending.move
    assert mv is not None
    at = point_along(mv.path, stop)
    mine = box_gap(label.box, card_box(at.x, at.y, mv.facing))
    assert mine <= 4.0, label
    others = {f"{o.player}:{o.card}": card_box(o.x, o.y, o.facing) for o in stop_pending.on_table()}
    others.pop("2:assault")
    others |= {x.words: x.box for x in found if x is not label and not x.tick}
    for name, box in others.items():
        assert box_gap(label.box, box) >= mine - 1.0, (label, name, mine)  # its edge's width


def test_the_stop_marker_over_a_card_lets_its_numbers_show_untinted(stop_pending: State) -> None:
    """At 0.00 L the stop marker lies over the mover itself: drawn without its tint, the
    mover's numbers show as they are; clear of every card, it is tinted to stand out (R19)."""
    mv = stop_pending.move
    assert mv is not None

    def tint(stop: float) -> float:
        root = ET.fromstring(render(stop_pending, ViewModel(stop_at=stop, stop_seen=True)))
        (g,) = [g for g in root.iter(f"{NS}g") if "pending-move" in (g.get("class") or "")]
        marks = [r for r in g.iter(f"{NS}rect") if r.get("stroke") == REACTOR]
        assert len(marks) == 1
        return float(marks[0].get("fill-opacity", "1"))

    clear = next(
        d
        for d in (mv.halt * k / 10 for k in range(10, 0, -1))
        if not any(
            polygons_overlap(card_polygon(point_along(mv.path, d), mv.facing), s.polygon())
            for s in stop_pending.on_table()
        )
    )
    assert tint(0.0) == 0.0
    assert tint(clear) > 0.0


def test_the_move_line_of_a_react_question_starts_off_the_mover_s_numbers(
    react_pending: State,
) -> None:
    """While a React is asked, the Move's line leaves from the edge of the mover's card, not
    from its centre over its numbers; it still ends at the halt (R16, R18)."""
    mv = react_pending.move
    assert mv is not None
    root = ET.fromstring(render(react_pending, ViewModel()))
    (g,) = [g for g in root.iter(f"{NS}g") if "pending-move" in (g.get("class") or "")]
    lines = [p for p in g.iter(f"{NS}polyline") if p.get("marker-end")]
    assert len(lines) == 1
    xy = [float(v) for v in re.findall(r"[-\d.]+", lines[0].get("points", ""))]
    first, last = Vec(xy[0], xy[1]) * (1 / SCALE), Vec(xy[-2], xy[-1]) * (1 / SCALE)
    mover = next(s for s in react_pending.on_table() if s.card == mv.card and s.pos == mv.path[0])
    card = mover.polygon()
    assert min((first - c).length() for c in _edge_points(card)) < 0.02, first
    assert (last - point_along(mv.path, mv.halt)).length() < 0.02


def _edge_points(card: tuple[Vec, ...]) -> list[Vec]:
    """Points every 0.005 L round the outline of ``card``."""
    out = []
    for a, b in zip(card, (*card[1:], card[0]), strict=True):
        n = max(1, int((b - a).length() / 0.005))
        out += [a + (b - a) * (i / n) for i in range(n + 1)]
    return out
