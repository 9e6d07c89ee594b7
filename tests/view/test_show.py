"""serm.view.show: the markup and Web Animations of a show of beats, and the trail."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from helpers import R, arrange

from harness.sight import blocked, witness_problem
from serm.core import apply
from serm.core.actions import Action, Face, Move, React, Shoot
from serm.core.geometry import Vec, card_polygon
from serm.core.los import sight_line
from serm.core.queries import tall_terrain as tall_of
from serm.core.queries import viewer
from serm.core.record import loads, replay_steps
from serm.core.scenario import by_name
from serm.core.state import State, new_game
from serm.view.beats import BASE_MS, Beat, BeatKind, beats
from serm.view.board import card_box, pose_spots
from serm.view.common import SCALE, rounded, scaled, text_width
from serm.view.labels import overlap
from serm.view.model import ViewModel
from serm.view.pool import DIE, GAP, TOTAL_SIZE
from serm.view.render import render
from serm.view.shotline import crossed, span
from serm.view.show import SAY_SIZE, Anim, Show, shot_line, show, trail
from serm.view.timing import STEP

ROOT = Path(__file__).resolve().parents[2]

NS = "{http://www.w3.org/2000/svg}"
PART = re.compile(r'^(\w+)?((?:[.#][\w-]+)*)((?:\[[\w-]+="[^"]*"\])*)$')


def played(state: State, *actions: Action) -> tuple[tuple[Beat, ...], State, State]:
    states = [state]
    for action in actions:
        states.append(apply(states[-1], action))
    return beats(states, actions), states[0], states[-1]


def duel() -> State:
    return arrange(
        {(1, "assault"): (5, 7, 0), (2, "armored"): (4, 2, 180), (2, "gunner"): (9, 1, 0)},
        others=False,
    )


def killing_shot() -> tuple[tuple[Beat, ...], State, State]:
    return played(duel(), Shoot("assault", "armored"), R((6, 6, 3)), R(1, 1))


def board(after: State, sh: Show) -> ET.Element:
    """The board of ``after`` with the show's markup in ``#layer-show``."""
    root = ET.fromstring(render(after, ViewModel()))
    layer = next(g for g in root.iter(f"{NS}g") if g.get("id") == "layer-show")
    wrapper = ET.fromstring(f'<g xmlns="http://www.w3.org/2000/svg">{sh.markup}</g>')
    layer.extend(list(wrapper))
    return root


def _matches(el: ET.Element, part: str) -> bool:
    m = PART.match(part)
    assert m, part
    tag, marks, attrs = m.groups()
    if tag and el.tag != NS + tag:
        return False
    for mark in re.findall(r"[.#][\w-]+", marks):
        if mark[0] == "#" and el.get("id") != mark[1:]:
            return False
        if mark[0] == "." and mark[1:] not in (el.get("class") or "").split():
            return False
    return all(el.get(k) == v for k, v in re.findall(r'\[([\w-]+)="([^"]*)"\]', attrs))


def select(root: ET.Element, selector: str) -> list[ET.Element]:
    """The elements a (descendant-only) CSS selector finds under ``root``."""
    found = [root]
    for part in selector.split(" "):
        found = [e for f in found for e in f.iter() if e is not f and _matches(e, part)]
    return found


def check_selectors(sh: Show, after: State) -> None:
    root = board(after, sh)
    for a in sh.anims:
        assert len(select(root, a.selector)) == 1, a.selector
        assert a.selector.startswith(("#layer-board ", "#layer-show "))


def test_a_killing_shot_is_timed_beat_after_beat() -> None:
    bs, before, after = killing_shot()
    sh = show(bs, before, after, 1.0)
    lengths = [BASE_MS[b.kind] for b in bs]
    starts = [sum(lengths[:i]) for i in range(len(bs))]
    assert sh.ms == sum(lengths)
    delays = [a.delay for a in sh.anims]
    assert delays == sorted(delays) and set(delays) <= set(starts)
    assert {a.beat for a in sh.anims} == set(range(len(bs)))
    for a in sh.anims:
        assert a.delay == starts[a.beat] and a.delay + a.ms <= sh.ms + 1e-6
    assert show(bs, before, after, 0.45).ms == pytest.approx(0.45 * sum(lengths), abs=0.5)


def test_selectors_find_one_element_each() -> None:
    bs, before, after = killing_shot()
    check_selectors(show(bs, before, after, 1.0), after)
    check_selectors(show(bs, before, after, 1.0, motion=False), after)


def test_the_eliminated_card_is_a_ghost_that_fades_at_its_beat() -> None:
    bs, before, after = killing_shot()
    sh = show(bs, before, after, 1.0)
    ghost = '#layer-show g.ghost[data-player="2"][data-card="armored"]'
    root = board(after, sh)
    (g,) = select(root, ghost)
    assert "card" in (g.get("class") or "").split() and "translate(400 200)" in (
        g.get("transform") or ""
    )
    (fade,) = [a for a in sh.anims if a.selector == ghost]
    assert bs[fade.beat].kind == BeatKind.KILL
    assert fade.frames[0] == (("opacity", "1"),) and fade.frames[-1] == (("opacity", "0"),)
    (said,) = select(root, f'#layer-show text.say[data-beat="{fade.beat}"]')
    assert said.text == "Armored is eliminated"  # the result in words, over the card


def test_dice_pools_with_a_six_re_rolled() -> None:
    bs, before, after = killing_shot()
    root = board(after, show(bs, before, after, 1.0))
    (pool,) = select(root, '#layer-show g.pool[data-beat="1"]')
    dice = select(pool, "g.die")
    assert [d.get("data-face") for d in dice] == ["6", "6", "3"]
    assert ["sixes" in (d.get("class") or "") for d in dice] == [True, True, False]
    (total,) = select(pool, "text.total")
    assert total.text == "Shoot 15"
    assert [
        d.get("data-face") for d in select(root, '#layer-show g.pool[data-beat="2"] g.die')
    ] == ["1", "1"]


def test_the_sight_line_draws_then_fades_with_the_result() -> None:
    bs, before, after = killing_shot()
    sh = show(bs, before, after, 1.0)
    line = [a for a in sh.anims if a.selector == '#layer-show line.aim[data-beat="0"]']
    assert [a.frames[0][0][0] for a in line] == ["strokeDashoffset", "opacity"]
    assert line[1].beat == 3  # the KILL


def test_instant_shows_nothing() -> None:
    bs, before, after = killing_shot()
    assert show(bs, before, after, 0.0) == Show("", (), 0)
    assert show((), before, after, 1.0) == Show("", (), 0)


def test_without_motion_every_animation_jumps() -> None:
    bs, before, after = played(duel(), Move("assault", 90, 90), R(1, 1), Face(None))
    sh = show(bs, before, after, 1.0, motion=False)
    assert sh.ms == show(bs, before, after, 1.0).ms
    assert sh.anims and all(a.easing == STEP and len(a.frames) == 2 for a in sh.anims)


def test_a_card_turning_then_moving_holds_then_slides() -> None:
    bs, before, after = played(duel(), Move("assault", 90, 90), R(1, 1), Face(None))
    sh = show(bs, before, after, 1.0)
    card = '#layer-board g.card[data-player="1"][data-card="assault"]'
    turn, move = [a for a in sh.anims if a.selector == card]
    assert (turn.fill, move.fill) == ("both", "forwards") and turn.delay < move.delay
    assert turn.frames[0] == (("transform", "translate(500px, 700px) rotate(0deg)"),)
    assert move.frames[0] == turn.frames[-1]
    assert move.frames[-1] == (("transform", "translate(700px, 700px) rotate(90deg)"),)
    check_selectors(sh, after)


def test_a_turning_cards_text_turns_back_with_it_at_every_frame() -> None:
    """A card turning at the start and at the end of its Move (R14): its faces (full and
    compact) are turned back by the facing of each frame of the card, as at rest, so its text
    reads upright all through (it was turned back by the end's facing only: sideways at the
    start of the show, tilted halfway)."""
    bs, before, after = played(duel(), Move("assault", 90, 90), R(1, 1), Face(180))
    sh = show(bs, before, after, 1.0)
    card = '#layer-board g.card[data-player="1"][data-card="assault"]'
    turning = [a for a in sh.anims if a.selector == card]
    assert len(turning) >= 2
    for face in ("face", "face-compact"):
        faces = [a for a in sh.anims if a.selector == f"{card} g.{face}"]
        assert len(faces) == len(turning)
        for moved, back in zip(turning, faces, strict=True):
            assert (moved.delay, moved.ms, len(moved.frames)) == (
                back.delay,
                back.ms,
                len(back.frames),
            )
            for (frame,), (turned,) in zip(moved.frames, back.frames, strict=True):
                facing = float(re.search(r"rotate\((-?[\d.]+)deg\)", frame[1]).group(1))  # type: ignore[union-attr]
                assert turned == ("transform", f"rotate({rounded(-facing)}deg)")
    check_selectors(sh, after)


def test_a_react_is_said_over_the_card_and_hostile_words_are_escaped() -> None:
    state = arrange(
        {(1, "assault"): (2, 6, 90), (2, "brawler"): (8, 2, 180), (2, "armored"): (5, 2, 180)},
        others=False,
    )
    bs, before, after = played(state, Move("assault", 90), R(2, 2), React("brawler"))
    assert [b.kind for b in bs] == [BeatKind.ROLL, BeatKind.REACT]
    sh = show(bs, before, after, 1.0)
    (say,) = select(board(after, sh), '#layer-show text.say[data-beat="1"]')
    assert say.text == "Brawler reacts"
    hostile = (Beat(BeatKind.REACT, (2, "brawler"), ((8, 2, 180),), words='<script>"x"&'),)
    markup = show(hostile, before, after, 1.0).markup
    assert "<script>" not in markup and "&lt;script&gt;&quot;x&quot;&amp;" in markup


def line_ends(el: ET.Element) -> tuple[Vec, Vec]:
    """An SVG line's ends, in L."""
    x1, y1, x2, y2 = (float(el.get(k, "nan")) / SCALE for k in ("x1", "y1", "x2", "y2"))
    return Vec(x1, y1), Vec(x2, y2)


def test_a_shot_past_the_end_of_a_wall_is_drawn_along_the_engines_clear_line() -> None:
    """The Assault shoots an Armored beyond the end of the near Wall: the line between their
    centres crosses the Wall, yet the engine sees the Armored along a line from the right of
    the Assault's top edge to the Armored's right edge, past the Wall's end (R12; checked by
    ``harness.sight.witness_problem``). The shot's line in the show and in the turn's trail is
    that line (the trail's cut at the ring around the target), never through the Wall."""
    state = arrange(
        {(1, "assault"): (7.6, 8.5, 0.0), (2, "armored"): (6.2, 5.6, 180.0)},
        scenario=by_name("default"),
        others=False,
    )
    shooter, target, tall = state.soldier(1, "assault"), state.soldier(2, "armored"), tall_of(state)
    assert blocked(shooter.pos, target.pos, tall)  # centre to centre: through the Wall
    seen = sight_line(viewer(shooter), target.polygon(), tall)
    assert (
        seen is not None and witness_problem(viewer(shooter), target.polygon(), tall, seen) is None
    )
    bs, before, after = played(state, Shoot("assault", "armored"), R((6, 6, 3)), R(1, 1))
    sh = show(bs, before, after, 1.0)
    (aim,) = select(board(after, sh), "line.aim")
    a, z = line_ends(aim)
    assert (a - seen[0]).length() < 0.01 and (z - seen[1]).length() < 0.01
    root = ET.fromstring(f'<g xmlns="http://www.w3.org/2000/svg">{trail(bs, after)}</g>')
    (drawn,) = select(root, "g.trail line.trail-aim")
    a, z = line_ends(drawn)
    assert (a - seen[0]).length() < 0.01 and not blocked(a, z, tall)
    on_line = (z - seen[0]).cross(seen[1] - seen[0]) / (seen[1] - seen[0]).length()
    assert abs(on_line) < 0.01 and (z - seen[0]).length() < (seen[1] - seen[0]).length()


def test_trail_draws_paths_and_sight_lines() -> None:
    bs, before, after = played(duel(), Move("assault", 90), R(1, 1), Face(None))
    shot, _, _ = killing_shot()
    markup = trail(bs + shot, after)
    root = ET.fromstring(f'<g xmlns="http://www.w3.org/2000/svg">{markup}</g>')
    (path,) = select(root, "g.trail polyline.trail-path")
    # to the edge of the card, half a length short of its centre (the card stays readable)
    assert path.get("points") == "500,700 650,700" and path.get("stroke-dasharray")
    assert len(select(root, "g.trail line.trail-aim")) == 1
    (ring,) = select(root, "g.trail circle.trail-hit")  # around the target, who was shot
    target = shot[0].other_pose
    assert target is not None
    assert (ring.get("cx"), ring.get("cy")) == (
        str(rounded(scaled(target[0]))),
        str(rounded(scaled(target[1]))),
    )
    assert trail((), after) == ""


def test_the_board_has_an_empty_show_layer_on_top() -> None:
    root = ET.fromstring(render(duel(), ViewModel()))
    layer = [g for g in root if g.tag == f"{NS}g"][-1]
    assert layer.get("id") == "layer-show" and len(layer) == 0


def test_the_whole_example_game_shows() -> None:
    record = loads((ROOT / "examples" / "complete-game.json").read_text(encoding="utf-8"))
    states, actions = [new_game(record.scenario, record.rules_version)], []
    for action, state in replay_steps(record):
        actions.append(action)
        states.append(state)
    for i in range(0, len(actions), 5):
        j = min(i + 5, len(actions))
        bs = beats(states[i : j + 1], actions[i:j])
        for motion in (True, False):
            sh = show(bs, states[i], states[j], 1.0, motion)
            check_selectors(sh, states[j])
            assert all(isinstance(a, Anim) and a.ms >= 0 for a in sh.anims)


def test_a_volley_fades_each_shot_with_its_result() -> None:
    state = arrange(
        {(1, "gunner"): (5, 7, 0), (2, "armored"): (4, 2, 180), (2, "assault"): (6.5, 2, 180)},
        others=False,
    )
    shots = (Shoot("gunner", "armored"), R(5, 5), R(5, 5), Shoot("gunner", "assault"))
    bs, before, after = played(state, *shots, R(5, 5), R(5))
    sh = show(bs, before, after, 0.45)
    fades = {a.selector: a.beat for a in sh.anims if a.frames[-1] == (("opacity", "0"),)}
    assert fades['#layer-show line.aim[data-beat="0"]'] == 3  # the first shot's SPARE
    assert fades['#layer-show g.pool[data-beat="1"]'] == 3
    assert fades['#layer-show g.pool[data-beat="6"]'] == 7  # the second shot's KILL
    check_selectors(sh, after)


def _pool_boxes(sh: Show, after: State) -> dict[str, tuple[float, float, float, float]]:
    """The box (scaled units) of each dice pool the show draws: its dice and its total."""
    out = {}
    for pool in select(board(after, sh), "#layer-show g.pool"):
        left, cy = (float(v) for v in re.findall(r"-?[\d.]+", pool.get("transform") or ""))
        dice = select(pool, "g.die")
        (total,) = select(pool, "text.total")
        right = left + len(dice) * (DIE + GAP) + len(total.text or "") * TOTAL_SIZE * 0.6
        out[pool.get("data-beat") or ""] = (left, cy - DIE / 2, right, cy + DIE / 2)
    return out


def _card_box(x: float, y: float, facing: float) -> tuple[float, float, float, float]:
    xs = [p.x * SCALE for p in card_polygon(Vec(x, y), facing)]
    ys = [p.y * SCALE for p in card_polygon(Vec(x, y), facing)]
    return (min(xs), min(ys), max(xs), max(ys))


def _apart(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return min(a[2], b[2]) <= max(a[0], b[0]) or min(a[3], b[3]) <= max(a[1], b[1])


def test_the_dice_keep_off_the_cards_as_they_stand() -> None:
    """The enemy Assault at the table's top rolls its Move (3 and 3), its Armored standing just
    below and to the left: the dice and "Move 6", drawn below the Assault (no room above it),
    go clear of every card (they lay over the Armored's numbers)."""
    state = arrange(
        {
            (2, "assault"): (8.19, 0.5, 180.0),
            (2, "armored"): (6.77, 1.1, 270.0),
            (1, "ranger"): (1.0, 9.0, 0.0),
        },
        scenario=by_name("default"),
        initiative=2,
        others=False,
    )
    bs, before, after = played(state, Move("assault", 200.0, 180.0), R(3, 3))
    (pool,) = _pool_boxes(show(bs, before, after, 1.0), after).values()
    for s in before.on_table():
        assert _apart(pool, _card_box(s.x, s.y, s.facing)), (pool, s.card)


def _said_box(el: ET.Element, size: float) -> tuple[float, float, float, float]:
    """The box (scaled units) of bold words drawn centred on their x and y at ``size``."""
    x, y, w = float(el.get("x", "nan")), float(el.get("y", "nan")), text_width(el.text or "", size)
    return (x - w / 2, y - size * 0.6, x + w / 2, y + size * 0.6)


def test_a_shots_result_is_said_clear_of_the_cards_beside_its_target() -> None:
    """The Armored survives with the Ranger standing beside it: the words keep off both
    cards' numbers (the board's label rule), as every label on the board does."""
    state = arrange(
        {(1, "assault"): (5, 7, 0), (2, "armored"): (4, 2, 180), (2, "ranger"): (5, 2, 180)},
        others=False,
    )
    bs, before, after = played(state, Shoot("assault", "armored"), R(1), R(5, 5))
    assert bs[-1].kind == BeatKind.SPARE
    (said,) = select(board(after, show(bs, before, after, 1.0)), "#layer-show text.say")
    assert said.text == "Armored survives"
    for s in after.on_table():
        assert overlap(_said_box(said, SAY_SIZE), card_box(s.x, s.y, s.facing)) == 0, s.card


def test_a_sides_pass_is_said_clear_of_the_terrains_names() -> None:
    """A pass with no soldier is said in the table's middle, where the Crates' name is: the
    words, in the show and in the turn's trail, keep off it."""
    state = arrange({(1, "gunner"): (1, 9, 0)}, scenario=by_name("default"), others=False)
    sc = state.scenario
    words = "Computer (hard) passes"
    passed = (Beat(BeatKind.PASS, (2, ""), ((sc.width / 2, sc.height / 2, 0.0),), words=words),)
    names = pose_spots(state, ()).taken
    (said,) = select(board(state, show(passed, state, state, 1.0)), "#layer-show text.say")
    root = ET.fromstring(f'<g xmlns="http://www.w3.org/2000/svg">{trail(passed, state)}</g>')
    (still,) = select(root, "g.trail text.trail-pass")
    for el, size in ((said, SAY_SIZE), (still, 26.0)):
        assert el.text == words
        assert all(overlap(_said_box(el, size), box) == 0 for box in names), el.get("class")


def _pool_box(el: ET.Element) -> tuple[float, float, float, float]:
    """The box (scaled units) of a dice pool's row: its dice and its total's words."""
    found = re.search(r"translate\(([-\d.]+)[ ,]+([-\d.]+)\)", el.get("transform", ""))
    assert found is not None
    left, cy = float(found[1]), float(found[2])
    count = len(select(el, "g.die"))
    words = select(el, "text.total")[0].text or ""
    right = left - DIE / 2 + count * (DIE + GAP) + len(words) * TOTAL_SIZE * 0.6
    return (left - DIE / 2, cy - DIE / 2, right, cy + DIE / 2)


def _gap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> float:
    """How far apart two boxes lie (0 when they touch or overlap)."""
    return math.hypot(max(b[0] - a[2], a[0] - b[2], 0.0), max(b[1] - a[3], a[1] - b[3], 0.0))


def test_each_dice_row_sits_next_to_its_own_card() -> None:
    """The Assault shoots the Gunner, whose own Assault stands just above it near the table's
    left edge: the Endure row goes right beside the Gunner, nearer it than any other card (it
    went above the other Assault, 2.4 L away, and read as that card's)."""
    state = arrange(
        {
            (1, "assault"): (2.1, 9.0, 0),
            (2, "gunner"): (1.6, 2.7, 330),
            (2, "assault"): (1.6, 1.5, 330),
        },
        scenario=by_name("default"),
        others=False,
    )
    bs, before, after = played(state, Shoot("assault", "gunner"), R(3), R(5))
    root = board(after, show(bs, before, after, 1.0))
    for b, pool in zip(
        [b for b in bs if b.kind == BeatKind.ROLL], select(root, "g.pool"), strict=True
    ):
        row = _pool_box(pool)
        own = card_box(*b.poses[0])
        others = [
            card_box(s.x, s.y, s.facing) for s in before.on_table() if (s.player, s.card) != b.card
        ]
        assert _gap(row, own) < 0.2 * SCALE, (b.words, row, own)
        assert all(_gap(row, own) < _gap(row, o) for o in others), b.words


def _outline_gap(row: tuple[float, float, float, float], pose: tuple[float, float, float]) -> float:
    """How far the box ``row`` lies from the outline of a card standing at ``pose`` (points
    every 1/40 of each edge: as the eye measures it, not to the card's box)."""
    corners = [p * SCALE for p in card_polygon(Vec(pose[0], pose[1]), pose[2])]
    edges = zip(corners, (*corners[1:], corners[0]), strict=True)
    points = [a + (b - a) * (k / 40) for a, b in edges for k in range(40)]
    return min(_gap(row, (p.x, p.y, p.x, p.y)) for p in points)


def test_a_dice_row_in_a_crowded_corner_is_nearest_its_own_card() -> None:
    """The trial's volley: the Gunner shoots the enemy Gunner at the table's top, turned to
    210 between its Ranger and its Assault: the Endure row lies nearer the Gunner's outline
    than any other card's (it went to the top-left corner, nearer the Ranger, being nearer the
    Gunner's box: a turned card's box holds empty corners), and so does every row (R10)."""
    state = arrange(
        {
            (1, "ranger"): (5.0, 9.0, 0.0),
            (1, "gunner"): (3.013, 8.294, 0.0),
            (1, "armored"): (6.187, 9.070, 0.0),
            (1, "assault"): (7.5, 9.0, 0.0),
            (2, "ranger"): (2.5338774936788635, 1.3240215296977451, 19.74060271408862),
            (2, "gunner"): (3.591691121729917, 0.715664770388369, 210.0),
            (2, "assault"): (4.240155500278891, 1.3024944860020171, 210.0),
        },
        scenario=by_name("default"),
        others=False,
    )
    bs, before, after = played(state, Shoot("gunner", "gunner"), R(5, 1), R(1))
    rolls = [b for b in bs if b.kind == BeatKind.ROLL]
    assert [b.words for b in rolls] == ["Shoot 6", "Endure 1"]
    for b, pool in zip(
        rolls, select(board(after, show(bs, before, after, 1.0)), "g.pool"), strict=True
    ):
        row = _pool_box(pool)
        others = [(s.x, s.y, s.facing) for s in before.on_table() if (s.player, s.card) != b.card]
        mine = _outline_gap(row, b.poses[0])
        assert all(mine < _outline_gap(row, o) for o in others), (b.words, row, mine)


def _within(card: tuple[Vec, ...], p: Vec, margin: float = 1e-3) -> bool:
    """True when ``p`` lies inside the convex ``card``, ``margin`` L in from its edges."""
    mid = sum(card, Vec(0.0, 0.0)) * (1 / len(card))
    for a, b in zip(card, (*card[1:], card[0]), strict=True):
        e = b - a
        side = 1.0 if e.cross(mid - a) > 0 else -1.0
        if side * e.cross(p - a) < margin * e.length():
            return False
    return True


def test_a_rangers_shot_line_leaves_its_card_and_never_crosses_it() -> None:
    """The Ranger, facing down the table, shoots an Assault down to its right: the engine's
    line starts on its far corner (a Ranger sees from all its card, R13) and crosses the card.
    Drawn, in the show and in the trail, it starts where it leaves the card, along the same
    clear line, so it crosses neither the Ranger's name nor its numbers."""
    state = arrange(
        {(1, "ranger"): (5.0, 1.0, 180), (2, "assault"): (9.6, 6.0, 0)},
        scenario=by_name("default"),
        others=False,
    )
    bs, before, after = played(state, Shoot("ranger", "assault"), R(3), R(5))
    ranger = state.soldier(1, "ranger")
    card = card_polygon(ranger.pos, ranger.facing)
    seen = bs[0].line
    assert seen is not None and _within(card, (Vec(*seen[0]) + Vec(*seen[1]) * 0.02) * (1 / 1.02))
    trail_root = ET.fromstring(f'<g xmlns="http://www.w3.org/2000/svg">{trail(bs, after)}</g>')
    (aim,) = select(board(after, show(bs, before, after, 1.0)), "line.aim")
    (drawn,) = select(trail_root, "g.trail line.trail-aim")
    for el in (aim, drawn):
        a, z = line_ends(el)
        assert _within(card, a, -0.02) and not _within(card, a, 0.02), el.get("class")  # its edge
        assert not any(_within(card, a + (z - a) * (k / 50)) for k in range(1, 51))
        on_line = (a - Vec(*seen[0])).cross(Vec(*seen[1]) - Vec(*seen[0]))
        assert abs(on_line) < 0.01, el.get("class")  # along the engine's clear line


def _beside_the_ranger() -> State:
    """Activation 3 of a hot-seat trial: Player 2's Assault (1.6, 4.0) faces south toward
    Player 1's Ranger (4.5, 8.8), whose left edge nearly touches Player 1's Brawler (3.75, 9.0);
    the tall Wall hides the Ranger's top, so the Assault sees only its lower part."""
    return arrange(
        {
            (2, "assault"): (1.597112897998401, 4.0, 180.0),
            (1, "ranger"): (4.5, 8.8, 0.0),
            (1, "brawler"): (3.75, 9.0, 0.0),
            (1, "armored"): (2.2, 8.7, 45.0),
            (1, "gunner"): (6.25, 9.0, 0.0),
        },
        scenario=by_name("default"),
        initiative=2,
        others=False,
    )


def test_a_shot_line_ends_at_its_target_and_keeps_off_a_neighbours_numbers() -> None:
    """R21: the Assault's shot at the Ranger is drawn along a clear sight line that ends at the
    Ranger's edge and crosses no number of the Brawler beside it (the line the engine found
    first, to the Ranger's far corner, ended over the Brawler's "M3"); a line given to the
    target's centre ends at its edge too."""
    state = _beside_the_ranger()
    (aim,) = [b for b in run(state, Shoot("assault", "ranger")) if b.kind == BeatKind.AIM]
    assert aim.line is not None and aim.other_pose is not None
    (x1, y1), (x2, y2) = shot_line(aim.poses[0], aim.other_pose, aim.line)
    a, b = Vec(x1, y1), Vec(x2, y2)
    ranger = state.soldier(1, "ranger").polygon()
    inside = span(ranger, a, b)
    assert inside is None or inside[1] - inside[0] < 1e-6  # no stretch of it over the Ranger
    assert min(abs((p - b).cross(q - p)) / (q - p).length() for p, q in _edges(ranger)) < 1e-6
    brawler = state.soldier(1, "brawler")
    numbers = tuple(  # the rows of its Shoot, Endure, React and Move numbers
        brawler.pos + Vec(x, y)
        for x, y in ((-0.36, -0.17), (0.36, -0.17), (0.36, 0.4), (-0.36, 0.4))
    )
    assert crossed(a, b, [numbers]) == 0.0, (a, b)
    centre = (aim.other_pose[0], aim.other_pose[1])
    _, end = shot_line(aim.poses[0], aim.other_pose, (aim.line[0], centre))
    assert math.dist(end, centre) > 0.3


def _edges(card: tuple[Vec, ...]) -> list[tuple[Vec, Vec]]:
    return list(zip(card, (*card[1:], card[0]), strict=True))


def run(state: State, *actions: Action) -> tuple[Beat, ...]:
    states = [state]
    for action in actions:
        states.append(apply(states[-1], action))
    return beats(states, actions)
