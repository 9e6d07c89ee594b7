"""What the screen says is what the engine does: the previews and words of the moments that
decide a game, compared with the engine's own answer on positions set by hand."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from helpers import R, arrange

from serm.core import apply
from serm.core import queries as q
from serm.core.actions import Move
from serm.core.scenario import by_name
from serm.core.state import State
from serm.ui.events import Command, Press
from serm.ui.model import UI, ActMode, Choice
from serm.ui.panel import prompt_html
from serm.ui.reduce import reduce
from serm.ui.screen import view_model
from serm.view.board import percent
from serm.view.render import overlay_layer


def overlay_text(state: State, ui: UI) -> str:
    root = ET.fromstring(
        f'<g xmlns="http://www.w3.org/2000/svg">{overlay_layer(state, view_model(state, ui))}</g>'
    )
    return " ".join(t.strip() for t in root.itertext() if t.strip())


def aiming(card: str, aim: float, facing: float) -> UI:
    return UI(choice=Choice((1, card), ActMode.AIM, aim=aim, facing=facing))


def rolled(state: State, card: str, aim: float, facing: float, total: int) -> State:
    """Player 1's ``card`` Moves toward ``aim`` and rolls ``total`` on its dice (no React can be
    offered: no enemy on the table may React, R23)."""
    faces, left = [], total
    for i in range(dice := state.soldier(1, card).type.move):
        faces.append(min(6, left - (dice - 1 - i)))
        left -= faces[-1]
    after = apply(state, Move(card, aim, facing))
    return apply(after, R(*faces))


def test_the_aimed_move_says_ram_where_the_engine_rams() -> None:
    """The Assault aimed at an Armored 6.22 L ahead: the preview's mark where it halts says
    "ram Armored" with the chance the roll gets there, and that chance is exactly the share of
    the Move pool's totals for which the engine, played with those dice, eliminates it (R16,
    C3); no "halt" is said there."""
    state = arrange(
        {(1, "assault"): (5.0, 8.5, 0.0), (2, "armored"): (5.0, 8.5 - 1.0 - 6.22, 0.0)},
        others=False,
    )
    ui = aiming("assault", 0.0, 0.0)
    mp = view_model(state, ui).move_preview
    assert mp is not None and mp.halt is not None and abs(mp.halt - 6.22) < 1e-9
    assert mp.rams == ((2, "armored"),)
    dist = q.move_pool(state, state.soldier(1, "assault")).distribution()
    rams = {
        t for t in dist if not rolled(state, "assault", 0.0, 0.0, t).soldier(2, "armored").alive
    }
    assert rams == {t for t in dist if t >= 7}
    assert abs(mp.ram_chance - sum(dist[t] for t in rams)) < 1e-12
    said = overlay_text(state, ui)
    assert f"ram Armored · {percent(mp.ram_chance)}" in said and "halt" not in said.split()


def test_a_move_against_terrain_or_a_friend_still_says_halt() -> None:
    """Touching its own Armored halts the Assault and rams nothing (R16): "halt", no ram."""
    state = arrange(
        {(1, "assault"): (5.0, 8.5, 0.0), (1, "armored"): (5.0, 8.5 - 1.0 - 3.0, 0.0)},
        others=False,
    )
    ui = aiming("assault", 0.0, 0.0)
    mp = view_model(state, ui).move_preview
    assert mp is not None and mp.rams == () and mp.ram_chance == 0.0
    said = overlay_text(state, ui)
    assert "halt" in said.split() and "ram" not in said.split()
    after = rolled(state, "assault", 0.0, 0.0, 12)
    assert after.soldier(1, "armored").alive and after.soldier(1, "assault").y == 8.5 - 3.0


def test_a_default_move_into_the_wall_warns_on_the_aim_line() -> None:
    """The Assault standing against the Wall and facing it: pressing Move aims it the way it
    faces, into the Wall. Before the roll, the aim line itself says it goes nowhere (R16), as
    the prompt does; the engine then moves it 0.00 L."""
    state = arrange({(1, "assault"): (5.0, 7.6, 0.0)}, scenario=by_name("default"))
    chosen = UI(choice=Choice((1, "assault"), ActMode.MENU))
    ui, _ = reduce(chosen, state, Press(Command.MOVE))
    assert ui.choice.mode == ActMode.AIM and ui.choice.aim == 0.0
    said = overlay_text(state, ui)
    assert "goes nowhere: touches the Wall" in said
    assert "it already touches the Wall" in prompt_html(state, ui)
    after = rolled(state, "assault", 0.0, 0.0, 7)
    assert "The Assault moves 0.00 L and halts." in [e.text for e in after.events]
