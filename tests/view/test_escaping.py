"""Hostile strings (scenario names, terrain names, problems, dice labels) stay text.

svg.py inserts text and attribute values as they are, so the view escapes everything itself.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from serm.core import Place, Roll, State, apply, new_game
from serm.core.errors import Problem
from serm.core.geometry import Vec
from serm.core.scenario import Scenario, Terrain, Zone
from serm.view.model import Ghost, MovePreview, PathTrace, ViewModel
from serm.view.render import board_layer, overlay_layer, render

NS = "{http://www.w3.org/2000/svg}"

HOSTILE = (
    '<script>alert(1)</script>"onload="x',
    "' onmouseover='y' &amp; &lt;b&gt; ]]> <!-- --> <![CDATA[ z ]]>",
    '"><svg onload=alert(2)><foreignObject><body onload="z">',
)

# Every attribute the view may write (anything else would be an injected one).
ALLOWED = set(
    "id class style transform viewBox preserveAspectRatio role aria-label font-family x y width"
    " height rx ry cx cy r x1 y1 x2 y2 d points fill fill-opacity fill-rule stroke stroke-width"
    " stroke-opacity stroke-dasharray stroke-linejoin stroke-linecap opacity font-size font-weight"
    " text-anchor dominant-baseline paint-order clip-path clip-rule clipPathUnits pointer-events"
    " cursor marker-end"
    " patternUnits patternTransform refX refY markerWidth markerHeight orient"
    " data-role data-player data-card data-handle data-x data-y data-facing".split()
)


def _rect(x: float, y: float, w: float, h: float) -> tuple[Vec, ...]:
    return (Vec(x, y), Vec(x + w, y), Vec(x + w, y + h), Vec(x, y + h))


def hostile_state(name: str) -> State:
    scenario = Scenario(
        name,
        10.0,
        10.0,
        (Zone(0.0, 8.0, 10.0, 10.0), Zone(0.0, 0.0, 10.0, 2.0)),
        (Terrain(name, _rect(2.0, 4.0, 1.5, 1.0), True), Terrain(name, _rect(6, 5, 1, 1), False)),
    )
    state = apply(new_game(scenario), Roll(((5,), (2,))))
    state = apply(state, Place("ranger", 1.0, 9.0, 0.0))
    return apply(state, Place("gunner", 3.0, 1.0, 180.0))


def check(root: ET.Element, name: str) -> None:
    for el in root.iter():
        tag = el.tag.split("}")[-1].lower()
        assert tag not in ("script", "foreignobject", "iframe", "body"), tag
        for attr in el.attrib:
            assert attr in ALLOWED, (tag, attr)
            assert not attr.lower().startswith("on")


@pytest.mark.parametrize("name", HOSTILE)
def test_hostile_strings_stay_text(name: str) -> None:
    state = hostile_state(name)
    view = ViewModel(
        selected=(1, "ranger"),
        hovered=(2, name),
        highlights=(((2, "gunner"), "target"), ((1, name), "target")),
        chances=(((2, "gunner"), 0.5),),
        ghost=Ghost(1, name, 5.0, 5.0, 0.0, Problem("R4", name)),
        move_preview=MovePreview((1, "ranger"), 0.0, 0.0, 1, 6, None),
        path_trace=PathTrace(((1.0, 9.0), (2.0, 8.0)), 1.5, (3.0, 7.0)),
        facing_handle=((1, "ranger"), 45.0),
    )
    markup = render(state, view)
    root = ET.fromstring(markup)
    check(root, name)
    texts = [t.text for t in root.iter(f"{NS}text")]
    assert texts.count(name) >= 3  # two terrain labels, the ghost's card
    said = " ".join(t or "" for t in texts)  # a label too long for a line wraps between words
    assert f"Cannot place here: {name}" in said  # the ghost's problem
    assert name in (root.get("aria-label") or "")
    ghost = next(g for g in root.iter(f"{NS}g") if "ghost" in g.get("class", "").split())
    assert ghost.get("data-card") == name
    for inner in (board_layer(state, view), overlay_layer(state, view)):
        check(ET.fromstring(f'<g xmlns="http://www.w3.org/2000/svg">{inner}</g>'), name)
