"""The overlay layer: LOS regions, previews, handles and dice (built from real game states)."""

from __future__ import annotations

import math
import random
import re
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import pytest

from harness.sight import layouts, wall
from serm.core import State
from serm.core import queries as q
from serm.core.convex import Poly, Pt, clip, edges_of, inside, intersect
from serm.core.forecast import straight_move
from serm.core.geometry import Vec, card_polygon, point_along, polyline_length, unit
from serm.core.los import region_polygon, sees
from serm.core.scenario import Scenario, open_field
from serm.core.state import Soldier
from serm.view.board import card_box, percent
from serm.view.common import HANDLE_DISTANCE, HANDLE_RADIUS
from serm.view.labels import overlap
from serm.view.model import Ghost, MovePreview, PathTrace, ViewModel
from serm.view.render import (
    SCALE,
    overlay_layer,
    overlay_parts,
    render,
    sight_inputs,
    sight_markup,
)
from serm.view.sight import region_markup

NS = "{http://www.w3.org/2000/svg}"


def overlay(state: State, view: ViewModel) -> ET.Element:
    return ET.fromstring(f'<g xmlns="http://www.w3.org/2000/svg">{overlay_layer(state, view)}</g>')


def classes(el: ET.Element) -> set[str]:
    return set(el.get("class", "").split())


def groups(root: ET.Element, cls: str) -> list[ET.Element]:
    return [g for g in root.iter(f"{NS}g") if cls in classes(g)]


def all_text(el: ET.Element) -> str:
    return " ".join(t.strip() for t in el.itertext() if t.strip())


def points(el: ET.Element) -> list[tuple[float, float]]:
    return [
        (float(a), float(b)) for a, b in re.findall(r"([-\d.]+),([-\d.]+)", el.get("points", ""))
    ]


def test_empty_view_draws_nothing(deployed: State) -> None:
    assert overlay_parts(deployed, ViewModel()) == ("", "", ())


def test_aiming_changes_only_the_live_group(deployed: State) -> None:
    """A pointer move that turns the aim must leave the LOS markup as it was (the browser then
    repaints the ray only)."""
    base = ViewModel(selected=(2, "assault"), hovered=(1, "gunner"), show_all_los=True)
    parts = [
        overlay_parts(
            deployed,
            replace(base, move_preview=MovePreview((2, "assault"), d, d, 2, 12, None)),
        )
        for d in (150.0, 180.0)
    ]
    assert parts[0].sight == parts[1].sight and "los" in parts[0].sight
    assert parts[0].live != parts[1].live and "move-preview" in parts[0].live


def test_sight_depends_only_on_its_inputs(deployed: State) -> None:
    """The browser reuses the sight markup while ``sight_inputs(view)`` is unchanged."""
    g = deployed.soldier(1, "gunner")
    views = [
        ViewModel(
            selected=(1, "gunner"),
            move_preview=MovePreview((1, "gunner"), 10.0, 10.0, 1, 6, 2.0),
            stop_at=1.0,
        ),
        ViewModel(ghost=Ghost(1, "gunner", g.pos.x, g.pos.y, 0.0), show_all_los=True),
        ViewModel(
            path_trace=PathTrace(((g.pos.x, g.pos.y),), 3.0, (5.0, 5.0)), hovered=(2, "ranger")
        ),
    ]
    for view in views:
        assert sight_markup(deployed, view) == sight_markup(deployed, sight_inputs(view))
        assert sight_inputs(view).move_preview is None and sight_inputs(view).ghost is None


def test_overlay_groups_in_the_svg(deployed: State) -> None:
    view = ViewModel(selected=(1, "gunner"), facing_handle=((1, "gunner"), 30.0))
    root = ET.fromstring(render(deployed, view))
    layer = root.find(f"{NS}g[@id='layer-overlay']")
    assert layer is not None
    assert [g.get("id") for g in layer] == ["layer-sight", "layer-live"]
    assert groups(layer[0], "los") and not groups(layer[0], "facing-handle")
    assert groups(layer[1], "facing-handle") and not groups(layer[1], "los")


def test_a_refused_facing_draws_no_sight(deployed: State) -> None:
    """The sight of a soldier being turned is drawn for the facing shown, and none for a facing
    it may not take (R4, C10), as the panel then says no sight words: the handle stays."""
    shown = ViewModel(selected=(1, "gunner"), facing_handle=((1, "gunner"), 30.0))
    refused = replace(shown, facing_refused=True)
    for view, drawn in ((shown, True), (refused, False)):
        layer = ET.fromstring(render(deployed, view)).find(f"{NS}g[@id='layer-overlay']")
        assert layer is not None
        assert bool(groups(layer[0], "los")) == drawn
        assert groups(layer[1], "facing-handle")


def test_overlay_layer_ignores_pointer_events_except_handles(deployed: State) -> None:
    root = ET.fromstring(render(deployed, ViewModel()))
    layer = root.find(f"{NS}g[@id='layer-overlay']")
    assert layer is not None and layer.get("pointer-events") == "none"


def test_los_region_of_selected_and_hovered(deployed: State) -> None:
    view = ViewModel(selected=(1, "gunner"), hovered=(2, "assault"))
    regions = groups(overlay(deployed, view), "los")
    assert [(g.get("data-player"), g.get("data-card")) for g in regions] == [
        ("1", "gunner"),
        ("2", "assault"),
    ]
    for g in regions:
        assert g.get("clip-path") == "url(#table-clip)"
    # The region is the R11 wedge from the gunner's top edge.
    s = deployed.soldier(1, "gunner")
    wedge = region_polygon(q.viewer(s), 20.0)
    drawn = points(regions[0].find(f"{NS}polygon"))  # type: ignore[arg-type]
    assert drawn[:2] == [(round(p.x * SCALE, 2), round(p.y * SCALE, 2)) for p in wedge[:2]]
    # Same soldier selected and hovered: one region.
    same = ViewModel(selected=(1, "gunner"), hovered=(1, "gunner"))
    assert len(groups(overlay(deployed, same), "los")) == 1


def test_show_all_los_draws_both_sides_told_apart(deployed: State) -> None:
    """Sight is one-way (R11): the toggle draws what the enemy sees and what we see, each side
    as one shape in its colour and stroke, the enemy's first, and a key on the board says which
    is which; a selected soldier's own region is drawn over them."""
    for perspective, enemy in ((1, "2"), (2, "1")):
        view = ViewModel(show_all_los=True, perspective=perspective)
        root = overlay(deployed, view)
        sides = groups(root, "los-side")
        assert [g.get("data-player") for g in sides] == [enemy, str(perspective)]
        assert not groups(root, "los")
        strokes: dict[str | None, ET.Element] = {}
        for g in sides:
            (outline,) = [p for p in g.iter(f"{NS}path") if "outline" in classes(p)]
            (fill,) = [p for p in g.iter(f"{NS}path") if "seen" in classes(p)]
            assert fill.get("fill") == outline.get("stroke")
            strokes[g.get("data-player")] = outline
        assert len({(e.get("stroke"), e.get("stroke-dasharray")) for e in strokes.values()}) == 2
        (key,) = groups(root, "sight-key")
        said = all_text(key)
        assert "your sight" in said and "enemy sight" in said and "(R11)" in said
        lines = key.findall(f"{NS}line")
        mine = strokes[str(perspective)]
        assert (lines[0].get("stroke"), lines[1].get("stroke")) == (
            mine.get("stroke"),
            strokes[enemy].get("stroke"),
        )
        picked = overlay(deployed, replace(view, selected=(1, "gunner")))
        assert [g.get("data-card") for g in groups(picked, "los")] == ["gunner"]
    assert not groups(overlay(deployed, ViewModel(perspective=1)), "sight-key")


def _stroked(root: ET.Element) -> list[ET.Element]:
    """The elements of the sight layer that draw a line: their strokes cross on the table."""
    shapes = (f"{NS}path", f"{NS}polygon", f"{NS}polyline")  # not the key's lines or words
    return [el for el in root.iter() if el.get("stroke") not in (None, "none") and el.tag in shapes]


def _near_edge(ring: list[tuple[float, float]], x: float, y: float) -> bool:
    """True when points 0.02 L round (x, y) fall on both sides of the convex ``ring``."""
    around = [(x + dx, y + dy) for dx, dy in ((0, 0), (0.02, 0), (-0.02, 0), (0, 0.02), (0, -0.02))]
    return len({_inside(ring, a, b) for a, b in around}) == 2


def test_enemy_sight_on_a_phone_is_one_outlined_shape_per_side(deployed: State) -> None:
    """Every soldier's sight at once is two filled shapes with one outline each (a mask keeps
    the outline off the shape's inside), not ten regions with ten outlines crossing; and each
    shape is exactly what its side sees: a point inside it is seen by one of the side's
    soldiers, a point outside by none (R11-R13)."""
    root = overlay(deployed, ViewModel(show_all_los=True, perspective=1))
    assert len(_stroked(root)) == 2
    tall = q.tall_terrain(deployed)
    rng = random.Random(7)
    for g in groups(root, "los-side"):
        (fill,) = [p for p in g.iter(f"{NS}path") if "seen" in classes(p)]
        (outline,) = [p for p in g.iter(f"{NS}path") if "outline" in classes(p)]
        mask = g.find(f"{NS}mask")
        assert mask is not None and outline.get("mask") == f"url(#{mask.get('id')})"
        rings = _rings(fill)
        side = [s for s in deployed.on_table() if str(s.player) == g.get("data-player")]
        checked = 0
        while checked < 150:
            x, y = rng.uniform(0.05, 9.95), rng.uniform(0.05, 9.95)
            if any(_near_edge(r, x, y) for r in rings):
                continue  # too near a cell's edge for the drawing's rounding
            dot = (Vec(x - 0.001, y - 0.001), Vec(x + 0.001, y - 0.001), Vec(x, y + 0.001))
            drawn = any(_inside(r, x, y) for r in rings)
            assert drawn == any(sees(q.viewer(s), dot, tall) for s in side), (x, y)
            checked += 1


def test_ranger_sees_the_whole_table(deployed: State) -> None:
    regions = groups(overlay(deployed, ViewModel(selected=(1, "ranger"))), "los")
    polygon = regions[0].find(f"{NS}polygon")
    assert polygon is not None
    assert points(polygon) == [(0, 0), (1000, 0), (1000, 1000), (0, 1000)]


def _inside(poly: list[tuple[float, float]], x: float, y: float) -> bool:
    """Point in a convex polygon of either winding."""
    signs = set()
    for (ax, ay), (bx, by) in zip(poly, poly[1:] + poly[:1], strict=True):
        signs.add((bx - ax) * (y - ay) - (by - ay) * (x - ax) > 0)
    return len(signs) == 1


def _rings(path: ET.Element) -> list[list[tuple[float, float]]]:
    """The sub-paths of a path's ``d``, in card lengths."""
    return [
        [(float(a) / SCALE, float(b) / SCALE) for a, b in re.findall(r"([-\d.]+) ([-\d.]+)", ring)]
        for ring in re.split(r"[ZM]", path.get("d") or "")
        if ring.strip()
    ]


def test_tall_terrain_casts_a_shadow(deployed: State) -> None:
    # Player 1's Gunner at (3, 9) faces up the table; the Wall at x 3..7, y 6.7..7.1 hides the
    # area behind it; the left flank is open.
    region = groups(overlay(deployed, ViewModel(selected=(1, "gunner"))), "los")[0]
    (shadow,) = [p for p in region.iter(f"{NS}path") if "shadow" in classes(p)]
    assert shadow.get("fill-rule") in (None, "nonzero")  # the cells' union, filled once
    rings = _rings(shadow)
    hidden = Vec(5.0, 5.5)
    assert any(_inside([(x * SCALE, y * SCALE) for x, y in r], 500, 550) for r in rings)
    assert not any(_inside([(x * SCALE, y * SCALE) for x, y in r], 100, 400) for r in rings)
    # The rules agree that a card there is not seen.
    gunner = deployed.soldier(1, "gunner")
    assert not sees(q.viewer(gunner), card_polygon(hidden, 0.0), q.tall_terrain(deployed))
    assert sees(q.viewer(gunner), card_polygon(Vec(1.0, 4.0), 0.0), q.tall_terrain(deployed))


def _subtract(poly: Poly, hole: Poly) -> list[Poly]:
    """Convex ``poly`` less convex ``hole``, as convex pieces."""
    out = []
    for qx, qy, nx, ny in edges_of(hole):
        off = nx * qx + ny * qy
        outside = clip(poly, -nx, -ny, -off)
        if len(outside) >= 3:
            out.append(outside)
        poly = clip(poly, nx, ny, off)
        if len(poly) < 3:
            break
    return out


def _area(poly: Poly) -> float:
    k = len(poly)
    return (
        abs(
            sum(
                poly[i][0] * poly[(i + 1) % k][1] - poly[(i + 1) % k][0] * poly[i][1]
                for i in range(k)
            )
        )
        / 2
    )


def _drawn(scenario: Scenario, s: Soldier) -> tuple[list[Poly], list[Poly], list[tuple[Pt, Pt]]]:
    """(region, shadow cells, seams) as drawn, read back from the markup."""
    root = ET.fromstring(f'<g xmlns="http://www.w3.org/2000/svg">{region_markup(scenario, s)}</g>')
    (poly,) = list(root.iter(f"{NS}polygon"))
    region = [tuple((x / SCALE, y / SCALE) for x, y in points(poly))]
    shadows, seams = [], []
    for path in root.iter(f"{NS}path"):
        if "shadow" in classes(path):
            shadows += [tuple(r) for r in _rings(path)]
        if "seam" in classes(path):
            seams += [(r[0], r[1]) for r in _rings(path)]
    return region, shadows, seams


def _crosses(card: Poly, seam: tuple[Pt, Pt]) -> bool:
    return any(
        inside(
            seam[0]
            if f == 0
            else (
                seam[0][0] + (seam[1][0] - seam[0][0]) * f,
                seam[0][1] + (seam[1][1] - seam[0][1]) * f,
            ),
            edges_of(card),
            1e-3,
        )
        for f in [i / 50 for i in range(51)]
    )


def test_drawn_shadows_agree_with_the_rules() -> None:
    """A card with a point in the drawn visible area (tinted, outside every shadow, or on a
    seam) is seen; a card wholly in shadow, outside the region or inside pieces is not."""
    rng = random.Random(3)
    seen = hidden = 0
    eye, ahead = (Vec(5, 9), 0.0, False), card_polygon(Vec(5, 2), 0.0)
    built = [  # two walls hiding together; a pinch where walls touch; a corridor of no width
        (eye, ahead, (wall(3.0, 5.0, 5.08, 5.3), wall(4.92, 4.0, 7.0, 4.3))),
        (eye, ahead, (wall(1.0, 5.0, 5.1, 6.0), wall(5.1, 4.0, 9.0, 5.0))),
        (eye, ahead, (wall(1.0, 4.0, 5.1, 6.0), wall(5.1, 4.0, 9.0, 6.0))),
    ]
    for lay in built + layouts("random", 12) + layouts("narrow", 8):
        viewer, target, tall = lay
        scenario = replace(open_field(), terrain=tall)
        s = Soldier(1, "ranger" if viewer[2] else "gunner", viewer[0].x, viewer[0].y, viewer[1])
        region, shadows, seams = _drawn(scenario, s)
        table = ((0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0))
        blocks = shadows + [tuple((p.x, p.y) for p in t.points) for t in tall]
        cards = [target] + [
            card_polygon(Vec(rng.uniform(0.4, 9.6), rng.uniform(0.4, 9.6)), rng.uniform(0, 360))
            for _ in range(25)
        ]
        for card in cards:
            poly = tuple((p.x, p.y) for p in card)
            left = [intersect(intersect(poly, region[0]), table)]
            for b in blocks:
                left = [piece for part in left if len(part) >= 3 for piece in _subtract(part, b)]
            visible = sum(_area(part) for part in left if len(part) >= 3)
            rules = sees((viewer[0], viewer[1], viewer[2]), card, tall)
            if visible > 1e-4 or any(_crosses(poly, seam) for seam in seams):
                assert rules, (viewer, card)
                seen += 1
            elif visible < 1e-9:
                assert not rules, (viewer, card)
                hidden += 1
    assert seen > 50 and hidden > 50


def test_ghost_valid_and_invalid(deploying: State) -> None:
    ok = Ghost(1, "armored", 5.0, 9.0, 0.0, q.placement_problem(deploying, 1, "armored", 5, 9, 0))
    assert ok.problem is None
    root = overlay(deploying, ViewModel(ghost=ok))
    (g,) = groups(root, "ghost")
    assert "ok" in classes(g) and all_text(g) == "Armored Can go here"
    # The label sits above the card (a finger on the card does not hide it).
    label = next(t for t in g.iter(f"{NS}text") if "Can go here" in (t.text or ""))
    assert float(label.get("y") or 0) < 9.0 * SCALE - 0.5 * SCALE

    problem = q.placement_problem(deploying, 1, "armored", 5.0, 5.0, 0.0)
    assert problem is not None
    bad = Ghost(1, "armored", 5.0, 5.0, 0.0, problem)
    (g,) = groups(overlay(deploying, ViewModel(ghost=bad)), "ghost")
    assert "bad" in classes(g)
    assert "Cannot place here: must lie wholly inside your deployment zone" in all_text(g)
    assert "(R" not in all_text(g)  # the rule is the panel's small print, not the board's


@pytest.mark.parametrize("facing", [0.0, 20.0, 90.0, 180.0, 340.0])
def test_the_ghost_label_leaves_the_turning_handle_free(deploying: State, facing: float) -> None:
    """ "Can go here" never covers the round handle that turns the card being placed."""
    ghost = Ghost(1, "armored", 5.0, 9.0, facing, None)
    (g,) = groups(overlay(deploying, ViewModel(ghost=ghost)), "ghost")
    *_, pill = g.iter(f"{NS}rect")  # the label's, after the card's outline
    x, y = float(pill.get("x") or 0), float(pill.get("y") or 0)
    w, h = float(pill.get("width") or 0), float(pill.get("height") or 0)
    handle = (Vec(5.0, 9.0) + unit(facing) * HANDLE_DISTANCE) * SCALE
    r = HANDLE_RADIUS * SCALE
    apart = handle.x + r < x or handle.x - r > x + w or handle.y + r < y or handle.y - r > y + h
    assert apart, (facing, (x, y, w, h), handle)


@pytest.mark.parametrize("facing", [0.0, 90.0, 313.0])
def test_the_handle_takes_no_press_between_it_and_its_card(deployed: State, facing: float) -> None:
    """The handle's hit disc is clipped to a circle round its knob: a press on the knob (and a
    little round it) turns the card, one just in front of the card's edge (0.2 L out, where a
    phone drag meant to aim the Move began) does not; the clip never reaches the card."""
    view = ViewModel(facing_handle=((1, "assault"), facing))
    root = overlay(deployed, view)
    (clip,) = [c for c in root.iter(f"{NS}clipPath") if c.get("id") == "handle-clip"]
    (disc,) = list(clip.iter(f"{NS}circle"))
    centre = Vec(float(disc.get("cx") or 0) / SCALE, float(disc.get("cy") or 0) / SCALE)
    slop = float(disc.get("r") or 0) / SCALE
    s = deployed.soldier(1, "assault")
    assert (centre - (s.pos + unit(facing) * HANDLE_DISTANCE)).length() < 1e-3
    assert slop > HANDLE_RADIUS  # the knob is pressed with some room round it
    front = s.pos + unit(facing) * (0.5 + 0.2)  # 0.2 L in front of the card's top edge
    assert (front - centre).length() > slop
    edge = s.pos + unit(facing) * 0.5
    assert (edge - centre).length() - slop > 0.2


def test_move_preview(deployed: State) -> None:
    s = deployed.soldier(2, "assault")
    longest, halt = q.straight_reach(deployed, s, 180.0, 180.0)
    assert halt.blocked
    view = ViewModel(
        move_preview=MovePreview((2, "assault"), 180.0, 180.0, 2, longest, halt.distance)
    )
    (g,) = groups(overlay(deployed, view), "move-preview")
    words = all_text(g).split()
    assert words[: int(halt.distance)] == [str(k) for k in range(1, int(halt.distance) + 1)]
    assert "halt" in words
    drawing = g.find(f"{NS}g")  # the lines and ticks stay on the table; the words are not cut
    assert drawing is not None and drawing.get("clip-path") == "url(#table-clip)"
    assert "halt" not in all_text(drawing).split()
    free = ViewModel(move_preview=MovePreview((2, "assault"), 180.0, 180.0, 2, longest, None))
    assert "halt" not in all_text(overlay(deployed, free)).split()


def _along(m: ET.Element, path: tuple[Vec, ...]) -> float:
    """How far (L) along ``path`` the point nearest a mark's centre lies."""
    at = Vec(float(m.get("cx", "")), float(m.get("cy", ""))) * (1 / SCALE)
    best, done = (math.inf, 0.0), 0.0
    for a, b in zip(path, path[1:], strict=False):
        leg = (b - a).length()
        t = min(max((at - a).dot(b - a) / (leg * leg), 0.0), 1.0) if leg > 0 else 0.0
        best = min(best, ((a + (b - a) * t - at).length(), done + t * leg))
        done += leg
    return best[1]


def test_move_preview_marks_where_each_enemy_could_react(deployed: State) -> None:
    """The forecast on the aimed line: a mark where each enemy first sees the card (R18), and
    the chance the Move is stopped (R19); before it is worked out, neither. Each mark stands at
    its true distance along the aim; one that would lie on a card (the mover's own, where an
    enemy sees it as it stands) is a thin ring or a dot set just beside the aim, so the card's
    numbers stay readable, and its title says "from the start"."""
    s = deployed.soldier(2, "assault")
    f = straight_move(deployed, s, 180.0, 180.0)
    assert f.watchers
    watchers = tuple(((1, w.card), w.entry, w.chance) for w in f.watchers)
    mp = MovePreview((2, "assault"), 180.0, 180.0, 2, 12, None, watchers, f.stop_chance)
    (g,) = groups(overlay(deployed, ViewModel(move_preview=mp)), "move-preview")
    marks = [c for c in g.iter(f"{NS}circle") if "watch" in classes(c)]
    assert [(m.get("data-card"), float(m.get("data-entry", ""))) for m in marks] == [
        (w.card, round(w.entry, 4)) for w in f.watchers
    ]
    cards = [card_box(o.x, o.y, o.facing) for o in deployed.on_table()]
    aim = (s.pos, s.pos + unit(180.0) * 12.0)
    for m, w in zip(marks, f.watchers, strict=True):
        assert abs(_along(m, aim) - w.entry) <= 0.05, (w.card, w.entry)
        x, y = float(m.get("cx", "")), float(m.get("cy", ""))
        r = float(m.get("r", "")) + 1.5  # its white edge
        on = any(overlap((x - r, y - r, x + r, y + r), card) for card in cards)
        assert not on or m.get("fill") == "none", (w.card, w.entry)
        title = m.findtext(f"{NS}title") or ""
        assert ("from the start" in title) == (w.entry < 0.005), title
    assert any(w.entry < 0.5 for w in f.watchers)  # seen where it stands: on its card
    assert f"{percent(f.stop_chance)} stopped" in all_text(g)
    bare = replace(mp, watchers=(), stop_chance=None)
    (g,) = groups(overlay(deployed, ViewModel(move_preview=bare)), "move-preview")
    assert "stopped" not in all_text(g) and not [c for c in g.iter() if "watch" in classes(c)]


@pytest.mark.parametrize("entry", [0.0, 0.1, 0.45])
def test_a_first_sight_mark_on_a_short_move_stands_at_its_true_distance(
    deployed: State, entry: float
) -> None:
    """Player 2's Assault aimed 0.6 L down the table, an enemy that could React from the start
    or soon after: the mark stands within 0.05 L of that distance along the aim (it was moved
    on toward the aim's end to clear the card, telling a false distance), on the card only as
    a thin ring."""
    s = deployed.soldier(2, "assault")
    mp = MovePreview((2, "assault"), 180.0, 180.0, 1, 0.6, None, (((1, "ranger"), entry, 0.5),))
    (g,) = groups(overlay(deployed, ViewModel(move_preview=mp)), "move-preview")
    (m,) = [c for c in g.iter(f"{NS}circle") if "watch" in classes(c)]
    assert abs(_along(m, (s.pos, s.pos + unit(180.0) * 0.6)) - entry) <= 0.05
    x, y, r = float(m.get("cx", "")), float(m.get("cy", "")), float(m.get("r", "")) + 1.5
    box = card_box(s.x, s.y, s.facing)
    assert not overlap((x - r, y - r, x + r, y + r), box) or m.get("fill") == "none"
    title = m.findtext(f"{NS}title") or ""
    assert title.endswith("from the start" if entry == 0.0 else "once the card gets here")


def test_path_trace(path_pending: State) -> None:
    b = path_pending.soldier(2, "brawler")
    trace = PathTrace(((b.x, b.y), (b.x - 1.5, b.y + 1.0)), 4.2, (6.5, 4.0))
    (g,) = groups(overlay(path_pending, ViewModel(path_trace=trace)), "path-trace")
    assert "4.20 L left" in all_text(g)
    line = g.find(f"{NS}polyline")
    assert line is not None
    assert points(line)[0] == (round(b.x * SCALE, 2), round(b.y * SCALE, 2))
    # Corners given without the start: the start is added.
    trace = PathTrace(((b.x - 1.5, b.y + 1.0),), 3.2)
    (g,) = groups(overlay(path_pending, ViewModel(path_trace=trace)), "path-trace")
    assert "3.20 L left" in all_text(g)
    line = g.find(f"{NS}polyline")
    assert line is not None and len(points(line)) == 2


def _band(g: ET.Element) -> list[list[Vec]]:
    """The hulls (L) of the band a Brawler's path being traced sweeps, one per leg."""
    (band,) = [p for p in g.iter(f"{NS}path") if "path-band" in classes(p)]
    hulls = [part for part in re.split(r"Z", band.get("d", "")) if part.strip()]
    return [
        [Vec(float(x) / SCALE, float(y) / SCALE) for x, y in re.findall(r"([-\d.]+) ([-\d.]+)", h)]
        for h in hulls
    ]


@pytest.mark.parametrize("facing", [0.0, 30.0, 100.0])
def test_the_band_a_traced_path_sweeps_is_the_card_all_along_it(
    path_pending: State, facing: float
) -> None:
    """Player 2's Brawler, turned to ``facing``, traces a corner down-left and on toward the
    pointer: the band drawn is what its card covers sliding along the path, keeping its facing
    (C1): the card lies inside the band all along the way, and every corner of the band is a
    corner of the card at a leg's end (no wider than the card); past where it halts, 2.0 L on,
    no band is drawn, and its outline stands there (R16, R17)."""
    mv = path_pending.move
    assert mv is not None
    state = replace(path_pending, move=replace(mv, facing=facing))
    b = state.soldier(2, "brawler")
    drawn = (b.pos, b.pos + Vec(-1.5, 1.0), b.pos + Vec(-1.5, 3.0))
    trace = PathTrace(tuple((p.x, p.y) for p in drawn[:2]), 2.0, (drawn[2].x, drawn[2].y))
    (g,) = groups(overlay(state, ViewModel(path_trace=trace)), "path-trace")
    hulls = _band(g)
    assert len(hulls) == 2
    inside_some = [
        any(inside((c.x, c.y), edges_of([(h.x, h.y) for h in hull]), -1e-2) for hull in hulls)
        for k in range(41)
        for c in card_polygon(point_along(drawn, polyline_length(drawn) * k / 40), facing)
    ]
    assert all(inside_some)
    ends = [c for p in drawn for c in card_polygon(p, facing)]
    for hull in hulls:
        for p in hull:
            assert min((p - c).length() for c in ends) < 0.01, p
    halt = point_along(drawn, 2.0)
    cut = replace(trace, halt=(halt.x, halt.y), halt_along=2.0)
    (g,) = groups(overlay(state, ViewModel(path_trace=cut)), "path-trace")
    tips = [p for hull in _band(g) for p in hull]
    assert max(p.y for p in tips) <= max(c.y for c in card_polygon(halt, facing)) + 0.01
    (card,) = [c for c in g.iter(f"{NS}g") if "path-card" in classes(c)]
    assert "halt" in classes(card)
    assert card.get("transform", "").startswith(
        f"translate({round(halt.x * SCALE, 2):g} {round(halt.y * SCALE, 2):g})"
    )


def test_the_path_leg_toward_the_pointer_stays_on_the_table(path_pending: State) -> None:
    """The leg toward the pointer runs on past a halt for the length lost (R16); past the
    table's edge it is cut there, as the ring of the length left is, not drawn over the panel."""
    b = path_pending.soldier(2, "brawler")
    off = (b.x, path_pending.scenario.height + 3.0)
    trace = PathTrace(((b.x, b.y),), 5.0, off, halt=(b.x, path_pending.scenario.height - 0.5))
    (g,) = groups(overlay(path_pending, ViewModel(path_trace=trace)), "path-trace")
    (leg,) = [e for e in g.iter(f"{NS}line") if e.get("stroke-dasharray") == "10 8"]
    assert leg.get("clip-path") == "url(#table-clip)"


def test_the_path_start_is_not_marked_as_a_corner(path_pending: State) -> None:
    """The Brawler's path starts at its card's centre: only the corners the player placed are
    marked (the start, moved along the path off the card, looked like a corner never placed)."""
    b = path_pending.soldier(2, "brawler")
    box = card_box(b.x, b.y, b.facing)
    traces = (
        PathTrace((), 10.0),
        PathTrace((), 10.0, (6.0, 5.0)),
        PathTrace(((b.x, b.y), (6.0, 5.0)), 4.2),
        PathTrace(((b.x, b.y), (6.0, 5.0), (6.0, 3.0)), 2.2, (5.0, 3.0)),
    )
    for trace in traces:
        (g,) = groups(overlay(path_pending, ViewModel(path_trace=trace)), "path-trace")
        marks = [c for c in g.iter(f"{NS}circle") if c.get("stroke-dasharray") is None]
        at = [(float(c.get("cx", "")) / SCALE, float(c.get("cy", "")) / SCALE) for c in marks]
        assert at == [(x, y) for x, y in trace.points[1:]], trace
        for c in marks:
            x, y = float(c.get("cx", "")), float(c.get("cy", ""))
            r = float(c.get("r", "")) + float(c.get("stroke-width", "0")) / 2
            assert not overlap((x - r, y - r, x + r, y + r), box), (trace, x, y)


def test_pending_move_shows_path_halt_and_reactors(react_pending: State) -> None:
    mv = react_pending.move
    assert mv is not None
    (g,) = groups(overlay(react_pending, ViewModel()), "pending-move")
    assert "halt" in all_text(g)  # the Assault halts on the crates before its 5 L
    dots = [c for c in g.iter(f"{NS}circle") if c.find(f"{NS}title") is not None]
    assert len(dots) == len(mv.reactors)


@pytest.mark.parametrize("seen", [0.0, 0.2])
def test_a_first_sight_mark_of_a_react_question_stands_at_its_true_distance(
    react_pending: State, seen: float
) -> None:
    """A React asked on a short Move (0.6 L), the enemy seeing the mover from where it stands
    or 0.2 L on: each mark stands within 0.05 L of that distance along the path (R18), not
    moved on toward the path's end, on the mover's card only as a thin ring, and one from the
    start says so."""
    mv = react_pending.move
    assert mv is not None and mv.direction is not None
    s = react_pending.soldier(2, mv.card)
    path = (s.pos, s.pos + unit(mv.direction) * 0.6)
    entries = tuple(seen for _ in mv.reactors)
    short = replace(react_pending, move=replace(mv, path=path, halt=0.6, entries=entries))
    (g,) = groups(overlay(short, ViewModel()), "pending-move")
    marks = [c for c in g.iter(f"{NS}circle") if c.find(f"{NS}title") is not None]
    assert len(marks) == len(mv.reactors)
    box = card_box(s.x, s.y, s.facing)
    for m in marks:
        assert abs(_along(m, path) - seen) <= 0.05
        x, y = float(m.get("cx", "")), float(m.get("cy", ""))
        half = float(m.get("r", "")) + float(m.get("stroke-width", "0")) / 2
        assert m.get("fill") == "none" or not overlap((x - half, y - half, x + half, y + half), box)
        title = m.findtext(f"{NS}title") or ""
        assert title.endswith("sees the mover from the start" if seen == 0.0 else "here"), title


def _outline_at(g: ET.Element) -> list[tuple[float, float]]:
    out = []
    for el in g.iter(f"{NS}g"):
        m = re.fullmatch(
            r"translate\(([-\d.]+) ([-\d.]+)\) rotate\([-\d.]+\)", el.get("transform", "")
        )
        if m:
            out.append((float(m[1]), float(m[2])))
    return out


def test_stop_at(stop_pending: State) -> None:
    mv = stop_pending.move
    assert mv is not None
    (g,) = groups(overlay(stop_pending, ViewModel(stop_at=1.0)), "pending-move")
    assert "stop 1.00 L" in all_text(g)
    p = point_along(mv.path, 1.0)
    assert (round(p.x * SCALE, 2), round(p.y * SCALE, 2)) in _outline_at(g)
    # Beyond the halt it is clamped to the halt.
    (g,) = groups(overlay(stop_pending, ViewModel(stop_at=99.0)), "pending-move")
    h = point_along(mv.path, mv.halt)
    assert (round(h.x * SCALE, 2), round(h.y * SCALE, 2)) in _outline_at(g)


def test_facing_handle(deployed: State) -> None:
    view = ViewModel(facing_handle=((1, "assault"), 90.0))
    root = overlay(deployed, view)
    (handle,) = [c for c in root.iter(f"{NS}circle") if c.get("data-handle") == "rotate"]
    (hit,) = [c for c in root.iter(f"{NS}circle") if c.get("data-handle") == "rotate-area"]
    assert handle.get("data-player") == "1" and handle.get("data-card") == "assault"
    # The hit disc: unpainted, taking presses (the stylesheet sizes it in CSS px).
    assert "handle-hit" in (hit.get("class") or "") and hit.get("fill") == "none"
    assert hit.get("clip-path") == "url(#handle-clip)"  # not over the card itself
    assert hit.get("pointer-events") == "all"
    assert (hit.get("cx"), hit.get("cy"), hit.get("data-card")) == (
        handle.get("cx"),
        handle.get("cy"),
        "assault",
    )
    assert handle.get("pointer-events") == "all"
    s = deployed.soldier(1, "assault")
    h = s.pos + unit(90.0) * HANDLE_DISTANCE
    assert math.isclose(float(handle.get("cx") or 0), h.x * SCALE)
    assert math.isclose(float(handle.get("cy") or 0), h.y * SCALE)
    assert math.isclose(float(handle.get("r") or 0), 0.18 * SCALE)


def test_view_is_pure() -> None:
    for path in Path(__file__).resolve().parents[2].joinpath("serm", "view").glob("*.py"):
        source = path.read_text()
        assert not re.search(r"^\s*(import|from)\s+(js|pyscript|pyodide)\b", source, re.M), path


def test_move_preview_ticks_are_one_path(deployed: State) -> None:
    """The ticks along the aim are drawn as one path, not one line each: a pointer move that
    aims redraws a handful of elements, whatever the reach."""
    s = deployed.soldier(2, "assault")
    longest, _ = q.straight_reach(deployed, s, 180.0, 180.0)
    free = ViewModel(move_preview=MovePreview((2, "assault"), 180.0, 180.0, 2, longest, None))
    (g,) = groups(overlay(deployed, free), "move-preview")
    (ticks,) = [p for p in g.iter(f"{NS}path") if "ticks" in classes(p)]
    assert len(list(g.iter(f"{NS}line"))) <= 3  # the ray and the reach band only
    ends = [float(v) for v in re.findall(r"[-\d.]+", ticks.get("d", ""))]
    starts = [(ends[i], ends[i + 1]) for i in range(0, len(ends), 4)]
    assert len(starts) == longest
    for k, (x, y) in enumerate(starts, start=1):
        p = s.pos + unit(180.0) * float(k) - unit(270.0) * 0.14
        assert math.isclose(x, p.x * SCALE, abs_tol=0.01)
        assert math.isclose(y, p.y * SCALE, abs_tol=0.01)


def _farthest(g: ET.Element, start: Vec, direction: float) -> float:
    """How far along ``direction`` from ``start`` (card lengths) the lines, polylines, ticks and
    tick numbers of ``g`` reach."""
    u, far = unit(direction), 0.0

    def along(x: float, y: float) -> float:
        return (Vec(x, y) * (1 / SCALE) - start).dot(u)

    for el in g.iter():
        tag = el.tag.removeprefix(NS)
        if tag == "line":
            for a, b in (("x1", "y1"), ("x2", "y2")):
                far = max(far, along(float(el.get(a, "")), float(el.get(b, ""))))
        elif tag == "polyline":
            far = max([far, *(along(x, y) for x, y in points(el))])
        elif tag == "path" and "ticks" in classes(el):
            xy = [float(v) for v in re.findall(r"[-\d.]+", el.get("d", ""))]
            far = max([far, *(along(x, y) for x, y in zip(xy[::2], xy[1::2], strict=True))])
        elif tag == "text" and all_text(el).isdigit():
            far = max(far, along(float(el.get("x", "")), float(el.get("y", ""))))
    return far


def test_move_preview_draws_nothing_past_the_halt(deployed: State) -> None:
    """Past the halt (the Assault's Wall, 1.4 L ahead) no line, tick or number goes on: the aim
    would read as passing through the Wall (R16)."""
    s = deployed.soldier(2, "assault")
    longest, halt = q.straight_reach(deployed, s, 180.0, 180.0)
    assert halt.blocked and halt.terrain == "Wall" and halt.distance < 2
    mp = MovePreview((2, "assault"), 180.0, 180.0, 2, longest, halt.distance)
    (g,) = groups(overlay(deployed, ViewModel(move_preview=mp)), "move-preview")
    assert _farthest(g, s.pos, 180.0) <= halt.distance + 1e-6
    assert [w for w in all_text(g).split() if w.isdigit()] == ["1"]
    free = replace(mp, halt=None)
    (g,) = groups(overlay(deployed, ViewModel(move_preview=free)), "move-preview")
    assert _farthest(g, s.pos, 180.0) > longest - 1


def test_pending_move_draws_nothing_past_the_halt(react_pending: State) -> None:
    """The rolled Move waiting on a React: its way is drawn to the halt on the crates, not on
    through them to the length rolled (R16)."""
    mv = react_pending.move
    assert mv is not None and mv.halt < polyline_length(mv.path) - 1
    (g,) = groups(overlay(react_pending, ViewModel()), "pending-move")
    start = mv.path[0]
    assert _farthest(g, start, 180.0) <= mv.halt + 1e-6


def test_the_gunner_being_placed_says_whose_count_it_is_and_of_what(deploying: State) -> None:
    """The Gunner's label says what its number counts (the enemy cards placed that it would see
    from there) and that the enemy Gunner could see the spot, each part with its subject, so a line
    broken at a " · " still reads on its own (at 360 px it read "sees 0 of 1 enemy card / in
    sight of the enemy zone")."""
    placed = len(deploying.enemies(1))
    ghost = Ghost(1, "gunner", 5.0, 9.0, 0.0, None, sees=(), seen=True)
    (g,) = groups(overlay(deploying, ViewModel(ghost=ghost)), "ghost")
    said = " ".join(all_text(g).split())
    total = f"{placed} enemy card{'s' if placed != 1 else ''}"
    assert f"your Gunner would see 0 of the {total} placed" in said, said
    assert "the enemy Gunner could see it here" in said and "in sight of" not in said
