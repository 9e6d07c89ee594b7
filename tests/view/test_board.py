"""The SVG root and the board layer: structure, cards, zones, terrain, highlights."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest

from serm.core import State
from serm.core.cards import CARD_NAMES
from serm.view import board
from serm.view import cards as card_view
from serm.view.model import ViewModel
from serm.view.render import SCALE, board_layer, render

NS = "{http://www.w3.org/2000/svg}"


def parse(markup: str) -> ET.Element:
    return ET.fromstring(markup)


def parse_inner(markup: str) -> ET.Element:
    return ET.fromstring(f'<g xmlns="http://www.w3.org/2000/svg">{markup}</g>')


def classes(el: ET.Element) -> set[str]:
    return set(el.get("class", "").split())


def cards(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(f"{NS}g") if "card" in classes(g)]


def card(root: ET.Element, player: int, name: str) -> ET.Element:
    found = [
        g for g in cards(root) if g.get("data-player") == str(player) and g.get("data-card") == name
    ]
    assert len(found) == 1
    return found[0]


def all_text(el: ET.Element) -> str:
    return " ".join(t.strip() for t in el.itertext() if t.strip())


def test_root_element(deployed: State) -> None:
    root = parse(render(deployed, ViewModel()))
    assert root.tag == f"{NS}svg"
    assert root.get("id") == "board-svg"
    assert root.get("role") == "img"
    assert "S.E.R.M. table" in (root.get("aria-label") or "")
    assert root.find(f"{NS}title") is not None
    assert root.get("preserveAspectRatio") == "xMidYMid meet"
    x, y, w, h = (float(v) for v in (root.get("viewBox") or "").split())
    # The table (10 x 10 L) spans (0, 0) .. (1000, 1000) with a frame around it.
    assert x < 0 and y < 0 and x + w > 10 * SCALE and y + h > 10 * SCALE
    groups = [el for el in root if el.tag == f"{NS}g"]
    assert [g.get("id") for g in groups] == ["layer-board", "layer-overlay", "layer-show"]
    defs = root.find(f"{NS}defs")
    assert defs is not None
    clip = defs.find(f"{NS}clipPath")
    assert clip is not None and clip.get("id") == "table-clip"
    assert defs.find(f"{NS}pattern") is not None and defs.find(f"{NS}marker") is not None


def test_board_layer_is_the_board_group(deployed: State) -> None:
    view = ViewModel(selected=(1, "gunner"))
    root = parse(render(deployed, view))
    board = root.find(f"{NS}g[@id='layer-board']")
    assert board is not None
    inner = parse_inner(board_layer(deployed, view))
    assert ET.tostring(inner) == ET.tostring(board).replace(b' id="layer-board"', b"")


def test_render_is_deterministic(deployed: State) -> None:
    view = ViewModel(selected=(1, "ranger"), show_all_los=True)
    assert render(deployed, view) == render(deployed, view)


def test_table_zones_and_terrain(deploying: State, deployed: State) -> None:
    root = parse(render(deploying, ViewModel()))
    assert len([r for r in root.iter() if r.get("data-role") == "table"]) == 1
    text = all_text(root)
    assert "Player 1 zone" in text and "Player 2 zone" in text
    zones = [g for g in root.iter(f"{NS}g") if g.get("data-role") == "zone"]
    assert sorted(z.get("data-player") or "" for z in zones) == ["1", "2"]
    # Shown clearly while deploying, faintly afterwards.
    later = parse(render(deployed, ViewModel()))
    faint = [g for g in later.iter(f"{NS}g") if g.get("data-role") == "zone"]
    assert float(zones[0].get("opacity") or 1) > float(faint[0].get("opacity") or 1)
    # Terrain: tall pieces hatched and labelled "tall", low ones "low".
    terrain = [g for g in root.iter(f"{NS}g") if g.get("data-role") == "terrain"]
    assert len(terrain) == len(deploying.scenario.terrain) > 0
    for g, t in zip(terrain, deploying.scenario.terrain, strict=True):
        assert ("tall" if t.tall else "low") in classes(g)
        assert all_text(g).endswith("tall" if t.tall else "low")
        hatched = any(p.get("fill") == "url(#hatch-tall)" for p in g.iter(f"{NS}polygon"))
        assert hatched == t.tall


def test_only_placed_cards_are_drawn_during_deployment(deploying: State) -> None:
    root = parse(render(deploying, ViewModel()))
    drawn = {(g.get("data-player"), g.get("data-card")) for g in cards(root)}
    assert drawn == {("1", "ranger"), ("1", "gunner"), ("2", "ranger"), ("2", "gunner")}


def test_ten_cards_after_deployment(deployed: State) -> None:
    root = parse(board_layer_root(deployed))
    groups = cards(root)
    assert len(groups) == 10
    seen = set()
    for g in groups:
        player, name = int(g.get("data-player") or 0), g.get("data-card") or ""
        assert name in CARD_NAMES
        assert f"p{player}" in classes(g)
        s = deployed.soldier(player, name)
        transform = g.get("transform") or ""
        m = re.fullmatch(r"translate\(([-\d.]+) ([-\d.]+)\) rotate\(([-\d.]+)\)", transform)
        assert m, transform
        assert float(m[1]) == round(s.x * SCALE, 2) and float(m[2]) == round(s.y * SCALE, 2)
        assert float(m[3]) == round(s.facing, 2)
        seen.add((player, name))
    assert len(seen) == 10


def board_layer_root(state: State, view: ViewModel | None = None) -> str:
    return f'<g xmlns="http://www.w3.org/2000/svg">{board_layer(state, view or ViewModel())}</g>'


def test_card_content(deployed: State) -> None:
    root = parse(render(deployed, ViewModel()))
    g = card(root, 1, "ranger")
    title = g.find(f"{NS}title")
    assert title is not None
    assert title.text == "Player 1 Ranger \u2014 Shoot 1, Endure 1, React 2, Move 1"
    text = all_text(g).replace("S ", "S").replace("E ", "E").replace("R ", "R").replace("M ", "M")
    for stat in ("S1", "E1", "R2", "M1", "Ranger"):
        assert stat in text
    brawler = all_text(card(root, 2, "brawler"))
    assert "S 0" in brawler and "M 3" in brawler


def test_sides_differ_by_more_than_colour(deployed: State) -> None:
    root = parse(render(deployed, ViewModel()))
    for name in CARD_NAMES:
        one, two = card(root, 1, name), card(root, 2, name)
        body1 = next(r for r in one.iter(f"{NS}rect") if "body" in classes(r))
        body2 = next(r for r in two.iter(f"{NS}rect") if "body" in classes(r))
        assert body1.get("stroke") != body2.get("stroke")
        assert body1.get("stroke-dasharray") == "none"
        assert body2.get("stroke-dasharray") not in (None, "none")
        mark1 = next(t for t in one.iter(f"{NS}text") if "name" in classes(t))
        mark2 = next(t for t in two.iter(f"{NS}text") if "name" in classes(t))
        assert all_text(mark1).startswith("\u25cf") and all_text(mark2).startswith("\u25c6")


@pytest.mark.parametrize("facing", [0.0, 37.5, 90.0, 180.0, 200.0, 271.0])
def test_card_text_is_upright_whatever_the_facing(deployed: State, facing: float) -> None:
    """The face text is turned back by the facing: it reads from the bottom of the screen."""
    turned = replace(deployed, soldiers=tuple(replace(s, facing=facing) for s in deployed.soldiers))
    root = parse(render(turned, ViewModel()))
    for g in cards(root):
        parents = {child: parent for parent in g.iter() for child in parent}
        for t in g.iter(f"{NS}text"):
            total = 0.0
            chain = [t]
            while chain[-1] is not g:  # every rotation from the text up to the card
                chain.append(parents[chain[-1]])
            for el in chain:
                for r in re.findall(r"rotate\(([-\d.]+)", el.get("transform") or ""):
                    total += float(r)
            assert total % 360.0 == pytest.approx(0.0, abs=0.01) or total % 360.0 == pytest.approx(
                360.0, abs=0.01
            ), (g.get("data-card"), facing, total)
        arrow = g.find(f"{NS}polygon")  # the chevron still turns with the card
        assert arrow is not None


def test_dead_soldiers_are_not_drawn(after_kill: tuple[State, str]) -> None:
    state, victim = after_kill
    root = parse(render(state, ViewModel(selected=(1, victim), hovered=(1, victim))))
    drawn = {(g.get("data-player"), g.get("data-card")) for g in cards(root)}
    assert len(drawn) == 9
    assert ("1", victim) not in drawn
    # Not even as an LOS region of the (dead) selection.
    assert not [g for g in root.iter(f"{NS}g") if "los" in classes(g)]


def test_highlights_and_chances(deployed: State) -> None:
    view = ViewModel(
        selected=(2, "gunner"),
        highlights=(
            ((1, "ranger"), "target"),
            ((1, "gunner"), "reactor"),
            ((2, "assault"), "eligible"),
            ((1, "armored"), "chosen"),
        ),
        chances=(((1, "ranger"), 0.62), ((1, "gunner"), 0.355)),
    )
    root = parse(render(deployed, view))
    assert "selected" in classes(card(root, 2, "gunner"))
    assert "hl-target" in classes(card(root, 1, "ranger"))
    assert "hl-reactor" in classes(card(root, 1, "gunner"))
    assert "hl-eligible" in classes(card(root, 2, "assault"))
    assert "hl-chosen" in classes(card(root, 1, "armored"))
    assert "selected" not in classes(card(root, 1, "ranger"))
    labels = {
        (g.get("data-player"), g.get("data-card")): all_text(g)
        for g in root.iter(f"{NS}g")
        if "chance" in classes(g)
    }
    assert labels == {("1", "ranger"): "62%", ("1", "gunner"): "React 36%"}


def test_every_halo_is_drawn_under_every_card(deployed: State) -> None:
    """The light halo round each soldier that may be chosen reaches past its card's edge: drawn
    with its card, it would cover the edge of a card drawn before it that nearly touches. Every
    halo is drawn before every card (under them all), placed as its card, and a press on it is
    one on its card."""
    mine = [s for s in deployed.soldiers if s.player == 1 and s.on_table]
    view = ViewModel(highlights=tuple(((1, s.card), "eligible") for s in mine))
    layer = parse_inner(board_layer(deployed, view))
    order = [g for g in layer if g.tag == f"{NS}g" and classes(g) & {"halos", "card"}]
    assert "halos" in classes(order[0]) and all("card" in classes(g) for g in order[1:])
    halos = list(order[0])
    assert [(h.get("data-player"), h.get("data-card")) for h in halos] == [
        ("1", s.card) for s in mine
    ]
    for h, s in zip(halos, mine, strict=True):
        assert h.get("transform") == card(layer, 1, s.card).get("transform")
    for g in order[1:]:  # no card holds a halo
        assert not [r for r in g.iter(f"{NS}rect") if r.get("stroke-width") == "11"]


def test_chance_labels_never_round_to_certainty(deployed: State) -> None:
    view = ViewModel(chances=(((1, "ranger"), 0.9999), ((1, "gunner"), 0.0001)))
    text = all_text(parse(render(deployed, view)))
    assert ">99%" in text and "<1%" in text
    assert "100%" not in text and " 0%" not in text


def test_kept_markup_is_what_svg_py_would_write(deployed: State) -> None:
    """The ground and the cards are reused as text between redraws (``Markup``); the result
    must be the same markup that building every element anew gives."""
    view = ViewModel(selected=(1, "gunner"), highlights=(((2, "ranger"), "target"),))
    board._GROUND.clear()
    card_view.card_text.cache_clear()
    fresh = render(deployed, view)
    assert render(deployed, view) == fresh  # now from the kept text
    s = deployed.soldier(2, "ranger")
    assert str(card_view.card_markup(s, role="target")) == str(
        card_view.card_group(s, role="target")
    )
    moved = deployed.with_soldier(replace(s, x=s.x + 0.5))
    assert render(moved, view) != fresh
