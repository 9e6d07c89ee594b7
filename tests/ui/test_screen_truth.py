"""What the screen says is what the engine does: the previews and words of the moments that
decide a game, compared with the engine's own answer on positions set by hand."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import replace
from html import escape

from helpers import R, arrange, play

from serm.core import apply
from serm.core import queries as q
from serm.core.actions import End, Face, Move, Path, Place, React, Shoot, Stop, Turn
from serm.core.dice import prob_beats
from serm.core.geometry import CARD_WIDTH, Vec, card_polygon, polygons_overlap
from serm.core.scenario import by_name, open_field
from serm.core.state import PendingKind, State, Status
from serm.ui import driver, exposure, path, playback, words
from serm.ui.deploy import unplaced
from serm.ui.events import (
    Command,
    Hit,
    PointerDown,
    PointerMove,
    Press,
    Rest,
    ShowEnded,
)
from serm.ui.model import UI, ActMode, Choice, Trace
from serm.ui.panel import prompt_html
from serm.ui.reduce import reduce, settle
from serm.ui.screen import prompt_key, view_model
from serm.view.board import percent
from serm.view.render import overlay_layer
from tests.ui.player import Screen
from tests.ui.rule_links import unlinked
from tests.ui.test_exposure import most_seen_turned, place_at
from tests.ui.test_reduce import deployed, pending_player, to_react, typed
from tests.ui.two_screens import phone_text, wide_text


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
    assert "The Assault moves 0.00 L and halts against the Wall." in [e.text for e in after.events]


def test_a_move_that_goes_nowhere_cannot_be_rolled_by_accident() -> None:
    """The Assault aimed into the Wall it touches would move 0.00 L (R16): Roll Move is shown
    but disabled, the reason sits right above the bar's foot (a line of the words, never over
    them; a phone's short bar shows it in their place), and Enter sends no Move; aimed away from
    the Wall, it rolls again."""
    state = arrange({(1, "assault"): (5.0, 7.6, 0.0)}, scenario=by_name("default"))
    chosen = UI(choice=Choice((1, "assault"), ActMode.MENU))
    ui, _ = reduce(chosen, state, Press(Command.MOVE))
    html = prompt_html(state, ui)
    roll = re.search(r'<button[^>]*data-action="confirm"[^>]*>Roll Move', html)
    assert roll is not None and " disabled" in roll.group(0)
    said = re.search(r'<p class="problem">((?:(?!</p>).)*)</p><div class="foot">', html)
    assert said is not None and "it already touches the Wall" in said.group(1), html
    assert reduce(ui, state, Press(Command.CONFIRM)) == (ui, None)
    away = replace(ui, choice=replace(ui.choice, aim=180.0, aim_locked=True))
    html = prompt_html(state, away)
    roll = re.search(r'<button[^>]*data-action="confirm"[^>]*>Roll Move', html)
    assert roll is not None and "disabled" not in roll.group(0) and "touches" not in html
    assert reduce(away, state, Press(Command.CONFIRM))[1] == Move("assault", 180.0, 0.0)


def outlook_of(state: State, ui: UI) -> UI:
    """``ui`` once the aimed Move's outlook is worked out (a rest per enemy, then the sum)."""
    for _ in range(len(state.on_table()) + 1):
        ui, _ = reduce(ui, state, Rest())
    assert ui.outlook is not None and ui.outlook.forecast is not None
    return ui


def test_where_an_enemy_first_sees_a_move_is_not_where_its_react_stops_it() -> None:
    """The Gunner moves right along y = 8.5; the enemy Brawler first sees it 1.78 L along. The
    preview says the Brawler could React once the Gunner has gone 1.78 L, and that a React that
    beats the roll stops it anywhere back to where it sets off (C15): the engine, the Brawler's
    React beating a roll of 3, stops it after 0.00 L. The reacting player's stop point starts
    where the Brawler first saw it, and the prompt says it may go back to the start."""
    state = arrange(
        {(1, "gunner"): (2.0, 8.5, 90.0), (2, "brawler"): (7.0, 6.0, 180.0)}, others=False
    )
    ui = outlook_of(state, aiming("gunner", 90.0, 90.0))
    (w,) = ui.outlook.forecast.watchers if ui.outlook and ui.outlook.forecast else ()
    assert abs(w.entry - 1.784) < 1e-3
    said = re.sub(r"<[^>]+>", "", prompt_html(state, ui))
    assert "Could React: the enemy Brawler once it has gone 1.78 L" in said
    assert "their player then picks where it stops, anywhere back to where it sets off" in said
    after = play(state, Move("gunner", 90.0, 90.0), R(3))
    assert after.pending is not None and after.pending.kind == PendingKind.REACT
    assert after.move is not None and after.move.entries == (w.entry,)
    after = play(after, React("brawler"), R(6, 6))
    asked, _ = settle(UI(), after)
    assert asked.stop_at == w.entry  # the stop point starts where the Brawler first saw it
    said = re.sub(r"<[^>]+>", "", prompt_html(after, asked))
    assert "anywhere from where it set off to where it would halt" in said
    stopped = play(after, Stop(0.0))
    assert stopped.soldier(1, "gunner").pos == state.soldier(1, "gunner").pos
    assert "The Gunner is stopped after 0.00 L." in [e.text for e in stopped.events]


def test_a_phone_says_a_react_may_stop_the_mover_back_before_it_was_seen() -> None:
    """The Gunner moves right along y = 8.5; the enemy Brawler first sees it 1.78 L along, yet
    a React that beats the roll may stop it anywhere back to where it set off (R19, C15). A
    phone's short bar says so where it gives the chance the Move is stopped."""
    state = arrange(
        {(1, "gunner"): (2.0, 8.5, 90.0), (2, "brawler"): (7.0, 6.0, 180.0)}, others=False
    )
    ui = outlook_of(state, aiming("gunner", 90.0, 90.0))
    said = phone_text(prompt_html(state, ui))
    assert "67% chance it is stopped, anywhere back to its start." in said


def test_a_phones_stop_point_says_it_may_lie_back_before_the_reactor_saw_the_mover() -> None:
    """The Brawler's React beats the Gunner's roll of 3: the stop point's marker starts 1.78 L
    along, where the Brawler first saw the Gunner, yet it may go anywhere back to where the
    Gunner set off (R19, C15). The phone's short bar says so at the stop, with the range."""
    state = arrange(
        {(1, "gunner"): (2.0, 8.5, 90.0), (2, "brawler"): (7.0, 6.0, 180.0)}, others=False
    )
    after = play(play(state, Move("gunner", 90.0, 90.0), R(3)), React("brawler"), R(6, 6))
    asked, _ = settle(UI(), after)
    assert asked.stop_at is not None and asked.stop_at > 1.7
    said = phone_text(prompt_html(after, asked))
    assert "drag the marker to where the enemy stops, anywhere back to its start (0–" in said


def test_a_move_halting_at_its_own_card_quotes_no_stop_for_later() -> None:
    """The Gunner aimed at its own Armored 0.22 L ahead halts there whatever it rolls (R16);
    the enemy Ranger sees it from the start. The preview says so and quotes the chance the
    Ranger's React beats the roll, not a chance that the Move is stopped; the board's label
    says the same. The engine: for every roll the Move halts after 0.22 L, and a React that
    does not beat the roll leaves it there too."""
    state = arrange(
        {
            (1, "gunner"): (5.0, 8.5, 0.0),
            (1, "armored"): (5.0, 8.5 - 1.0 - 0.22, 0.0),
            (2, "ranger"): (5.0, 2.0, 180.0),
        },
        others=False,
    )
    ui = outlook_of(state, aiming("gunner", 0.0, 0.0))
    f = ui.outlook.forecast if ui.outlook else None
    assert f is not None
    said = re.sub(r"<[^>]+>", "", prompt_html(state, ui))
    assert "Whatever it rolls, your Gunner halts after 0.22 L against your Armored." in said
    assert f"Chance their React beats the roll: {percent(f.stop_chance)}" in said
    assert "Chance this Move is stopped" not in said
    board = overlay_text(state, ui)
    assert f"{percent(f.stop_chance)} React wins" in board and "stopped" not in board
    for total in range(1, 7):
        after = play(state, Move("gunner", 0.0, 0.0), R(total))
        assert after.move is not None and abs(after.move.halt - 0.22) < 1e-9
        assert after.pending is not None and after.pending.kind == PendingKind.REACT
    after = play(state, Move("gunner", 0.0, 0.0), R(6), React("ranger"), R(1, 1))
    said = "The Gunner moves 0.22 L and halts against player 1's Armored."
    assert said in [e.text for e in after.events]


def test_a_move_some_rolls_halt_says_from_which_roll_and_against_what() -> None:
    """The Assault (Move 2d6) aimed at its own Armored 3.60 L ahead, no enemy able to React:
    the prompt says a roll of 4 or more halts it there, with that chance; the engine moves it
    3.00 L on a 3 and halts it after 3.60 L against the Armored on a 4 (R16)."""
    state = arrange(
        {(1, "assault"): (5.0, 8.5, 0.0), (1, "armored"): (5.0, 8.5 - 1.0 - 3.6, 0.0)},
        others=False,
    )
    ui = outlook_of(state, aiming("assault", 0.0, 0.0))
    said = re.sub(r"<[^>]+>", "", prompt_html(state, ui))
    dist = q.move_pool(state, state.soldier(1, "assault")).distribution()
    chance = percent(sum(p for t, p in dist.items() if t >= 4))
    expected = (
        f"A roll of 4 or more halts your Assault after 3.60 L against your Armored ({chance})."
    )
    assert "No enemy could React along this line. " + expected in said
    assert "nothing can stop" not in said
    assert "The Assault moves 3.00 L." in [e.text for e in rolled(state, "assault", 0, 0, 3).events]
    after = rolled(state, "assault", 0.0, 0.0, 4)
    said = "The Assault moves 3.60 L and halts against player 1's Armored."
    assert said in [e.text for e in after.events]


def aimed_at_own_armored(card: str, gap: float) -> tuple[State, str]:
    """Player 1's ``card`` at (5, 8.5) facing up, its own Armored ``gap`` L ahead of it, and the
    words of the Move aimed straight at it (tags left out)."""
    state = arrange(
        {(1, card): (5.0, 8.5, 0.0), (1, "armored"): (5.0, 8.5 - 1.0 - gap, 0.0)},
        others=False,
    )
    ui = outlook_of(state, aiming(card, 0.0, 0.0))
    return state, re.sub(r"<[^>]+>", "", prompt_html(state, ui))


def test_a_halt_just_past_a_whole_number_reads_the_same_in_the_aim_and_the_log() -> None:
    """The Assault aimed at its own Armored 1.003 L ahead halts there whatever it rolls (R16):
    a length just past 1 L, written "1.01" by the aim's words and by the log alike, never
    "1.01" in one and "1.00" in the other."""
    state, said = aimed_at_own_armored("assault", 1.003)
    assert "Whatever it rolls, your Assault halts after 1.01 L against your Armored." in said
    after = rolled(state, "assault", 0.0, 0.0, 7)
    moved = "The Assault moves 1.01 L and halts against player 1's Armored."
    assert moved in [e.text for e in after.events]


def test_the_stop_marker_writes_where_the_reactor_first_saw_the_mover_as_the_outlook_does() -> None:
    """The enemy Brawler first sees the Gunner 2.0046 L along its Move, just past 2 L. The
    outlook says "once it has gone 2.01 L"; once its React beats the roll, the stop marker
    starts there and says "stop 2.01 L · Brawler sees it", and the log, stopped there, "2.01 L"
    too; dragged back to 1.999 L, out of its sight, it says "stop 2.00 L · Brawler cannot see
    it": one length is written one way, so two markers with one label never give opposite
    sight (R18, R19)."""
    state = arrange(
        {(1, "gunner"): (2.0, 8.5, 90.0), (2, "brawler"): (7.2205, 6.0, 180.0)}, others=False
    )
    ui = outlook_of(state, aiming("gunner", 90.0, 90.0))
    (w,) = ui.outlook.forecast.watchers if ui.outlook and ui.outlook.forecast else ()
    assert 2.004 < w.entry < 2.005
    said = re.sub(r"<[^>]+>", "", prompt_html(state, ui))
    assert "Could React: the enemy Brawler once it has gone 2.01 L" in said
    after = play(state, Move("gunner", 90.0, 90.0), R(3), React("brawler"), R(6, 6))
    asked, _ = settle(UI(), after)
    assert asked.stop_at == w.entry
    assert "stop 2.01 L · Brawler sees it" in overlay_text(after, asked)
    back = replace(asked, stop_at=1.999)
    assert "stop 2.00 L · Brawler cannot see it" in overlay_text(after, back)
    stopped = play(after, Stop(w.entry))
    assert "The Gunner is stopped after 2.01 L." in [e.text for e in stopped.events]


# --- the Brawler's path counts only the length it can use (R16, R17) ----------------------------


def brawler_rolled(total: int) -> State:
    """Player 1's Brawler 1.0 L below the right-hand Crates of the default table, facing up,
    has rolled ``total`` and traces its path (an enemy Armored, which never Reacts, far off)."""
    state = arrange(
        {(1, "brawler"): (8.4, 7.0, 0.0), (2, "armored"): (1.5, 1.0, 180.0)},
        scenario=by_name("default"),
        others=False,
    )
    faces = [min(6, total - 2), 1, 1]
    after = play(state, Move("brawler", None, 0.0), R(*faces))
    assert after.pending is not None and after.pending.kind == PendingKind.PATH
    return after


def test_a_brawler_path_into_the_crates_counts_only_what_it_uses_and_says_why() -> None:
    """The Brawler rolled 4 and its pointer leg runs up through the Crates, 1.0 L ahead: the
    board marks the halt "halts at the Crates" and the prompt says it halts against the Crates
    after 1.00 L, the rest lost. The tap there traces the corner but sends nothing: the halt
    stays marked, Undo corner takes it back, and only Finish path sends it; the engine, given
    that path, moves it the same 1.00 L and logs the same reason (R16, R17)."""
    state = brawler_rolled(4)
    ui = UI(trace=Trace(cursor=Vec(8.4, 4.5)))
    assert "halts at the Crates" in overlay_text(state, ui)
    said = re.sub(r"<[^>]+>", "", prompt_html(state, ui))
    assert "halts against the Crates after 1.00 L: the rest of its roll, 3.00 L, is lost" in said
    trace = view_model(state, ui).path_trace
    assert trace is not None and trace.halt == (8.4, 6.0) and trace.stopper == "the Crates"
    ui, sent = reduce(ui, state, PointerDown(8.4, 4.5))
    assert sent is None and ui.trace.corners == (Vec(8.4, 4.5),)
    assert view_model(state, ui).path_trace.halt == (8.4, 6.0)  # type: ignore[union-attr]
    said = re.sub(r"<[^>]+>", "", prompt_html(state, ui))
    assert "halts against the Crates after 1.00 L" in said and "Undo corner takes" in said
    ui, sent = reduce(ui, state, PointerDown(7.0, 4.5))  # a tap past the halt adds nothing
    assert sent is None and ui.trace.corners == (Vec(8.4, 4.5),)
    ui, sent = reduce(ui, state, Press(Command.UNDO_CORNER))
    assert sent is None and ui.trace.corners == ()
    ui, sent = reduce(ui, state, PointerDown(8.4, 4.5))
    ui, sent = reduce(ui, state, Press(Command.CONFIRM))
    assert isinstance(sent, Path) and len(sent.points) == 2, sent
    after = apply(state, sent)
    assert after.soldier(1, "brawler").pos == Vec(8.4, 6.0)
    assert "The Brawler moves 1.00 L and halts against the Crates." in [
        e.text for e in after.events
    ]


def _path_body(state: State, ui: UI) -> tuple[ET.Element | None, list[float]]:
    """The outline of the Brawler's card the board draws on its path being traced, and the
    numbers (scaled units) of the band its body sweeps."""
    root = ET.fromstring(
        f'<g xmlns="http://www.w3.org/2000/svg">{overlay_layer(state, view_model(state, ui))}</g>'
    )
    cards = [g for g in root.iter(f"{SVG}g") if "path-card" in g.get("class", "").split()]
    bands = [b for b in root.iter(f"{SVG}path") if b.get("class") == "path-band"]
    assert len(cards) <= 1 and len(bands) <= 1
    nums = [float(v) for v in re.findall(r"-?[\d.]+", bands[0].get("d", ""))] if bands else []
    return (cards[0] if cards else None), nums


SVG = "{http://www.w3.org/2000/svg}"


def test_a_path_whose_line_clears_the_crates_shows_the_card_halting_against_them() -> None:
    """The Brawler rolled 4 and traces 0.8 L left, then up past the Crates: its line runs
    0.2 L clear of them, but its card, 63/88 L wide, reaches them 1.0 L up. While it traces,
    the board draws the card's outline where the engine halts it, touching the Crates, and the
    band its body sweeps, the card's width along the path, up to there and no further; the
    engine, sent that path, puts the card exactly there (R4, R16, R17; C1: it keeps facing up)."""
    state = brawler_rolled(4)
    corner = Vec(7.6, 7.0)
    ui = UI(trace=Trace(corners=(corner,), cursor=Vec(7.6, 3.0)))
    (crates,) = [t for t in state.scenario.terrain if t.name == "Crates" and t.points[0].x > 7]
    assert min(p.x for p in crates.points) - corner.x > 0.19  # the line is clear of them
    card, band = _path_body(state, ui)
    assert card is not None and "halt" in card.get("class", "").split()
    at = re.match(r"translate\(([-\d.]+)[ ,]+([-\d.]+)\)", card.get("transform", ""))
    assert at is not None
    x, y = float(at[1]) / 100, float(at[2]) / 100
    after = apply(state, Path(((corner.x, corner.y), (7.6, 3.8)), player=1))
    assert after.soldier(1, "brawler").pos == Vec(x, y) == Vec(7.6, 6.0)
    there = card_polygon(Vec(x, y), 0.0)
    assert q.footprint_problem(state, there, state.soldier(1, "brawler")) is None  # touching
    assert polygons_overlap(card_polygon(Vec(x, y - 0.01), 0.0), crates.points)
    xs, ys = band[0::2], band[1::2]
    assert min(ys) == 550.0  # the card's top edge where it halts, on the Crates' edge
    half = CARD_WIDTH / 2 * 100
    assert min(xs) == round(760 - half, 2) and max(xs) == round(840 + half, 2)
    ui = UI(trace=Trace(corners=(corner,), cursor=Vec(7.6, 8.5)))  # back down: no halt
    card, band = _path_body(state, ui)
    assert card is not None and "end" in card.get("class", "").split()
    assert card.get("transform", "").startswith("translate(760 850)")
    assert max(band[1::2]) == 900.0  # down to the card's bottom edge at the drawn end


def test_a_brawler_path_says_its_lengths_so_that_they_add_up() -> None:
    """The Brawler rolled 8 and has a corner 0.56 L up; its pointer leg runs on up into the
    Crates, 1.0 L from its start. The length left, the part of it used past the corner and the
    part lost are all said to 0.01 L, so the first is the sum of the other two (R16): 7.44 L
    left, 0.44 L past the corner, 7.00 L lost; the board's labels say the same."""
    state = brawler_rolled(8)
    ui = UI(trace=Trace(corners=(Vec(8.4, 6.44),), cursor=Vec(8.4, 4.5)))
    said = re.sub(r"<[^>]+>", "", prompt_html(state, ui))
    left = re.search(r"([\d.]+) L left", said)
    past = re.search(r"([\d.]+) L past its last corner: the rest of its roll, ([\d.]+) L", said)
    assert left is not None and past is not None, said
    assert (left[1], past[1], past[2]) == ("7.44", "0.44", "7.00"), said
    board = overlay_layer(state, view_model(state, ui))
    assert ">7.00 L lost</text>" in board, board
    ui = UI(trace=Trace(corners=(Vec(8.4, 6.44),)))  # the pointer off the board: straight on
    assert ">7.00 L lost</text>" in overlay_layer(state, view_model(state, ui))


def test_a_brawler_path_loses_the_same_length_on_hover_and_on_click() -> None:
    """The Brawler rolled 8 and has a corner up and to the right; the pointer leg runs on up
    into the Crates. Hovering, the prompt says 7.66 L left, of which it halts 0.71 L past the
    corner and 6.95 L are lost; a click there traces that corner, and the prompt then says it
    halts after 1.05 L, the same 6.95 L lost, as the board's label says both times and as
    the log's "moves 1.05 L" leaves of the roll: the lengths add up and agree (R16, R17)."""
    state = brawler_rolled(8)
    pointer = Vec(8.35026, 4.5)
    ui = UI(trace=Trace(corners=(Vec(8.5658, 6.7),), cursor=pointer))
    said = re.sub(r"<[^>]+>", "", prompt_html(state, ui))
    assert "(7.66 L left;" in said, said
    assert "0.71 L past its last corner: the rest of its roll, 6.95 L, is lost" in said, said
    assert ">6.95 L lost</text>" in overlay_layer(state, view_model(state, ui))
    ui, sent = reduce(ui, state, PointerDown(pointer.x, pointer.y))
    assert sent is None and len(ui.trace.corners) == 2
    said = re.sub(r"<[^>]+>", "", prompt_html(state, ui))
    assert "after 1.05 L: the rest of its roll, 6.95 L, is lost" in said, said
    assert ">6.95 L lost</text>" in overlay_layer(state, view_model(state, ui))
    _, sent = reduce(ui, state, Press(Command.CONFIRM))
    assert isinstance(sent, Path)
    moved = "The Brawler moves 1.05 L and halts against the Crates."
    assert moved in [e.text for e in apply(state, sent).events]


def test_a_brawler_path_halting_past_a_corner_counts_from_that_corner_as_the_length_left() -> None:
    """The Brawler rolled 8 and has a corner 0.5 L up; its pointer leg runs on up into the
    Crates, 1.0 L from its start. The prompt counts both lengths from that corner: 7.5 L left,
    of which it halts 0.50 L past the corner and the other 7.00 L are lost (R16, R17), not
    "7.5 L left" beside "after 1.00 L"."""
    state = brawler_rolled(8)
    ui = UI(trace=Trace(corners=(Vec(8.4, 6.5),), cursor=Vec(8.4, 4.5)))
    said = re.sub(r"<[^>]+>", "", prompt_html(state, ui))
    assert "7.50 L left" in said, said
    assert (
        "halts against the Crates 0.50 L past its last corner: the rest of its roll, 7.00 L, "
        "is lost" in said
    ), said
    assert "after 1.00 L" not in said


def test_a_brawler_path_that_halts_within_its_corners_leaves_nothing_to_trace() -> None:
    """Corners restored past the Crates (a stored half-traced path): the length left is 0, not
    the 2 L the corners leave of the roll, and Enter sends a path of exactly the roll (R17)."""
    state = brawler_rolled(5)
    ui = UI(trace=Trace(corners=(Vec(8.4, 4.0),)))
    assert path.remaining(state, ui.trace) == 0.0
    assert view_model(state, ui).path_trace.remaining == 0.0  # type: ignore[union-attr]
    said = re.sub(r"<[^>]+>", "", prompt_html(state, ui))
    assert "L left" not in said and "the rest of its roll, 4.00 L, is lost" in said
    assert path.unspent(state, ui.trace) == 2.0
    _, sent = reduce(ui, state, Press(Command.CONFIRM))
    assert isinstance(sent, Path)
    after = apply(state, sent)
    assert after.soldier(1, "brawler").pos == Vec(8.4, 6.0)


def test_a_halted_brawler_path_tells_what_is_lost_and_why_a_further_tap_adds_nothing() -> None:
    """The Brawler rolled 8 and its corner lies past the Crates, 1.0 L ahead: the engine,
    sent that path, moves it 1.00 L, so 7 L of the roll are lost (R16, R17). The prompt says
    so, not "0.00 L left; Finish path spends the rest toward the pointer"; the board's pill says
    "7.00 L lost" at the halt, not "0.00 L left" at the unreachable corner; a further tap adds
    no corner and says why; Undo corner takes the corner back and the words with it."""
    state = brawler_rolled(8)
    ui = UI(trace=Trace(corners=(Vec(8.4, 4.0),), cursor=Vec(7.0, 3.0)))
    said = re.sub(r"<[^>]+>", "", prompt_html(state, ui))
    assert "halts against the Crates after 1.00 L: the rest of its roll, 7.00 L, is lost" in said
    assert "L left" not in said and "spends the rest" not in said
    board = overlay_layer(state, view_model(state, ui))
    pill = re.search(r'<text[^>]* x="([\d.]+)" y="([\d.]+)"[^>]*>7.00 L lost</text>', board)
    assert pill is not None and "L left" not in board, board
    x, y = float(pill.group(1)), float(pill.group(2))
    assert abs(x - 840.0) <= 100 and 440 <= y < 600, "at the halt: above it, clear of its mark"
    tapped, sent = reduce(ui, state, PointerDown(7.0, 3.0))
    assert sent is None and tapped.trace.corners == ui.trace.corners
    told = tapped.feedback.message
    assert "already halts against the Crates after 1.00 L" in told and "adds nothing" in told
    undone, _ = reduce(tapped, state, Press(Command.UNDO_CORNER))
    assert undone.trace.corners == () and not undone.feedback.message
    _, sent = reduce(ui, state, Press(Command.CONFIRM))
    assert isinstance(sent, Path)
    after = apply(state, sent)
    assert "The Brawler moves 1.00 L and halts against the Crates." in [
        e.text for e in after.events
    ]


def test_undo_corner_and_restart_path_take_no_press_before_the_first_corner() -> None:
    """Before any corner, Undo corner and Restart path would do nothing: they are shown
    disabled, and the prompt says why; once a corner is traced, both take a press."""
    state = brawler_rolled(4)
    ui = UI(trace=Trace(cursor=Vec(8.4, 8.0)))

    def disabled(html: str, action: str) -> bool:
        found = re.search(rf'<button[^>]*data-action="{action}"[^>]*>', html)
        assert found is not None, html
        return " disabled" in found.group(0)

    html = prompt_html(state, ui)
    assert disabled(html, "undo-corner") and disabled(html, "cancel")
    assert "Undo corner and Restart path wait for its first corner." in html
    ui, _ = reduce(ui, state, PointerDown(7.4, 7.0))
    assert ui.trace.corners
    html = prompt_html(state, ui)
    assert not disabled(html, "undo-corner") and not disabled(html, "cancel")
    assert "wait for its first corner" not in html


def test_a_finger_tapping_an_enemy_card_while_tracing_adds_a_corner_only() -> None:
    """While the Brawler's path is traced, a finger's tap on an enemy card is a corner toward
    it (R17), and opens no card details over the board."""
    state = brawler_rolled(8)
    ui, _ = reduce(UI(), state, PointerMove(8.0, 6.5))
    enemy = state.soldier(2, "armored").pos
    ui, _ = reduce(ui, state, PointerDown(enemy.x, enemy.y, Hit(2, "armored"), touch=True))
    assert ui.inspect is None
    assert len(ui.trace.corners) == 1


def heading(html: str) -> str:
    """The name in the prompt's heading (its ``h2``)."""
    found = re.findall(r"<h2[^>]*>.*?<strong[^>]*>([^<]*)</strong>.*?</h2>", html)
    assert len(found) == 1, html
    return found[0]


def test_while_the_reactors_shot_is_shown_the_heading_names_who_decides() -> None:
    """Player 1's Gunner reacts to player 2's Assault (R18, R19) and shoots at every enemy it
    sees (R22), sparing each; its activation then ends and player 2 decides. While the shot
    that ended it is shown on the board, the heading names player 2, for whom the question
    under it is, and the hint to skip the show says whose play it shows; the soldiers player 2
    may activate are offered once the show ends, under the same heading."""
    s = to_react()
    assert pending_player(s) == 1
    s.press(Command.REACT, "gunner")
    s.press(Command.CONFIRM)
    s.dice(typed(s, high=True))
    s.key("Enter")  # stop it where the Gunner first sees it
    a = s.state.activation
    assert a is not None and a.reaction and (a.player, a.card) == (1, "gunner")
    s.press(Command.SHOOT)
    s.shows_end = False
    while (p := s.state.pending) is not None and (p.player == 1 or p.kind == PendingKind.ROLL):
        if p.kind == PendingKind.ROLL:
            s.dice(typed(s, high=p.player == 2))  # every target survives
        else:
            s.key("1")
            s.press(Command.CONFIRM)
        now = s.state.pending
        if s.ui.playback.playing and now is not None and now.player == 1:
            s.send(ShowEnded(s.ui.playback.shows))
    assert s.state.pending is not None and s.state.pending.player == 2
    assert s.ui.playback.playing, "the shot that ended the Gunner's activation is shown"
    during = s.prompt()
    assert heading(during) == "Player 2" and "one of your soldiers to activate it" not in during
    assert "Showing what Player 1 played" in during
    s.send(ShowEnded(s.ui.playback.shows))
    assert heading(s.prompt()) == "Player 2" and "one of your soldiers to activate it" in s.prompt()


def asked_during_the_show() -> Screen:
    """Hot seat: player 2's Assault rolls 2 for its Move in sight of player 1's soldiers; the
    React is asked of player 1 while the roll is still shown."""
    s = deployed(referee=True)
    assert pending_player(s) == 2
    s.shows_end = False
    s.key("4")
    s.key("m")
    s.key("Enter")
    s.dice("1|1")
    assert s.waiting(PendingKind.REACT) and pending_player(s) == 1
    assert s.ui.playback.playing
    return s


def test_no_empty_box_keeps_room_above_a_question_during_the_show() -> None:
    """While a show plays over a question, what just happened is told once shown: nothing of
    it (not an empty box keeping its room) comes before the question's heading."""
    html = asked_during_the_show().prompt()
    assert html.startswith('<div data-pending="react" data-player="1"><h2'), html[:200]
    assert 'class="lately"' not in html


def test_a_react_question_asked_during_the_show_is_headed_by_the_one_asked() -> None:
    """Hot seat: player 2's Assault rolls its Move in sight of player 1's soldiers, and the
    React is asked of player 1 while the roll is still shown (its buttons act at once). The
    heading over the question names player 1; the hint under it says the show is player 2's.
    Replay last turn later plays player 2's turn again before player 1 chooses a soldier: the
    heading names player 1 there too, and the soldiers are offered once the replay ends."""
    s = asked_during_the_show()
    asked = s.prompt()
    assert heading(asked) == "Player 1" and "Let it move" in asked, asked
    assert "Next:" not in asked and "Showing what Player 2 played" in asked
    s.send(ShowEnded(s.ui.playback.shows))
    s.shows_end = True
    s.press(Command.REACT)  # let it move
    s.key("k")  # keep its facing
    assert s.waiting(PendingKind.ACT) and pending_player(s) == 2
    s.press(Command.END)  # end its activation
    assert s.waiting(PendingKind.ACT) and pending_player(s) == 1
    s.shows_end = False
    s.press(Command.REPLAY_LAST)
    assert s.ui.playback.playing
    again = s.prompt()
    assert heading(again) == "Player 1" and "one of your soldiers to activate it" not in again
    assert "Showing what Player 2 played" in again
    s.send(ShowEnded(s.ui.playback.shows))
    assert "one of your soldiers to activate it" in s.prompt()


def test_a_move_let_go_on_is_shown_as_the_movers_play() -> None:
    """Hot seat: player 2's Assault rolls its Move in sight of player 1's soldiers, and player 1
    lets it move (R18). The show that follows is mostly player 2's Assault sliding: its hint
    names no one else's play (player 2 decides what is asked under it), not player 1's, who
    only let it go. A React that player 1 declares is shown as player 1's play."""
    s = asked_during_the_show()
    s.send(ShowEnded(s.ui.playback.shows))
    s.press(Command.REACT)  # let it move
    assert s.ui.playback.playing and pending_player(s) == 2
    said = s.prompt()
    assert "Showing what Player 1 played" not in said
    assert "Showing what was played" in said
    s = asked_during_the_show()
    s.send(ShowEnded(s.ui.playback.shows))
    s.press(Command.REACT, "ranger")
    s.press(Command.CONFIRM)
    s.dice(typed(s, high=True))
    assert s.ui.playback.playing and s.waiting(PendingKind.STOP)
    assert playback.shown_player(s.ui) == 1


def test_a_react_roll_is_not_told_before_the_show_has_rolled_it() -> None:
    """Hot seat: player 1's Ranger reacts to player 2's Assault. While the show rolls its React
    dice, nothing under the heading tells how they fell (R19): not "Your React succeeded", nor
    the stop point's marker on the board, nor, when the React fails, the mover's next step
    (its end facing). Each is asked once the show has ended."""
    for high, told in ((True, "Your React succeeded"), (False, "Set the facing")):
        s = asked_during_the_show()
        s.send(ShowEnded(s.ui.playback.shows))
        s.press(Command.REACT, "ranger")
        s.press(Command.CONFIRM)
        s.dice(typed(s, high=high))
        assert s.ui.playback.playing
        kind = PendingKind.STOP if high else PendingKind.FACE
        assert s.waiting(kind)
        assert told not in s.prompt() and "Showing what" in s.prompt()
        assert s.view().stop_at is None and s.view().facing_handle is None
        s.send(ShowEnded(s.ui.playback.shows))
        assert told in s.prompt()
        assert (s.view().stop_at is not None) is high


def test_in_hot_seat_the_last_players_news_is_told_above_the_next_players_heading() -> None:
    """Player 2's Gunner turns, which ends its activation (R22), and player 1 decides next at
    the same screen: the news that it is over comes with what just happened, above player 1's
    heading, with player 2's name before it; nothing under player 1's heading speaks of it."""
    s = deployed()
    assert pending_player(s) == 2
    s.key("2")  # the Gunner
    s.key("t")
    s.key("e")
    s.key("Enter")
    assert pending_player(s) == 1
    html = s.prompt()
    told = "The Gunner has moved, and it moves or shoots, never both: its activation is over."
    assert told in html
    above, below = html.split("<h2", 1)
    assert told in above and told not in below
    news = re.search(r'<p class="message news"[^>]*>(.*?)</p>', above)
    assert news is not None and re.search(
        r"<strong[^>]*>Player 2</strong>: (<span[^>]*>)?The Gunner", news[1]
    )


# --- sight is one-way (R11) ---------------------------------------------------------------------


def top_or_bottom(player: int, x: float, y: float, facing: float) -> Place:
    """A spot given for the side along the top edge, mirrored for the side along the bottom."""
    return (
        Place("", x, y, facing) if player == 2 else Place("", x, 10.0 - y, (180.0 - facing) % 360)
    )


def one_way_table(referee: bool = False) -> Screen:
    """Hot-seat on the open table, no opening (R5): the side to act first has its Assault up in
    its corner, turned toward the enemy Gunner, which faces along its own zone (R11: the
    Assault sees it; it does not see the Assault). Every other card faces its own table edge.
    ``referee``: every roll is typed in (the roll-off won by player 1, so player 2 acts first)."""
    s = Screen.new("open", 3, referee=referee)
    if referee:
        s.dice("5|2")
    shooter = 3 - s.state.first_placer  # the roll-off loser acts first (R5)
    spots = {
        (shooter, "assault"): (2.0, 1.0, 160.0),
        (3 - shooter, "gunner"): (5.0, 1.0, 90.0),
    }
    rest = {1: iter((6.0, 7.0, 8.0, 9.0)), 2: iter((6.0, 7.0, 8.0, 9.0))}
    while s.waiting(PendingKind.PLACE):
        player = pending_player(s)
        card = unplaced(s.state, player)[0].card
        x, y, facing = spots.get((player, card)) or (next(rest[player]), 1.0, 0.0)
        spot = top_or_bottom(player, x, y, facing)
        s.ui = driver.play(s.game, s.ui, replace(spot, card=card, player=player), True).ui
        assert not s.message, s.message
    assert s.state.status == Status.PLAYING and pending_player(s) == shooter
    return s


def shot_by_the_assault(s: Screen, typed_dice: tuple[str, ...] = ()) -> int:
    """The side acting first: its Assault shoots the enemy Gunner, which cannot see it (the
    dice ``typed_dice`` typed in, Shoot then Endure, at a referee's table), and ends its
    activation. The player deciding next."""
    shooter = pending_player(s)
    gunner, assault = s.state.soldier(3 - shooter, "gunner"), s.state.soldier(shooter, "assault")
    assert q.sees_soldier(s.state, assault, gunner) and not q.sees_soldier(s.state, gunner, assault)
    s.press(Command.SELECT, "assault")
    s.press(Command.SHOOT)
    s.press(Command.TARGET, "gunner")
    s.press(Command.CONFIRM)
    for faces in typed_dice:
        s.dice(faces)
    if s.state.pending is not None and pending_player(s) == shooter:
        s.press(Command.END)
    assert pending_player(s) == 3 - shooter
    return 3 - shooter


ONE_WAY_SAID = "sight lines leave only from a soldier's top edge, so sight can be one-way"


def test_a_soldier_shot_by_an_enemy_it_cannot_see_is_told_why_under_the_question() -> None:
    """The Assault shoots the Gunner, which cannot see it, and ends its activation: the other
    player, deciding next, reads why its Gunner could not see it in a note under the question
    (what to do now comes first, above it); once a soldier is chosen the note is gone, and the
    Move being aimed has the room."""
    s = one_way_table()
    shot_by_the_assault(s)
    html = unlinked(s.prompt())
    said = escape(f"Your Gunner could not see the enemy Assault that shot it: {ONE_WAY_SAID}.")
    assert said in html and '<small class="rule">(rule R11)</small>' in html
    assert html.index("one of your soldiers to activate it") < html.index(said)
    assert html.index(said) < html.index('<div class="foot">')
    s.press(Command.SELECT, "ranger")
    assert said not in s.prompt()
    s.press(Command.MOVE)
    assert "Aim the Move" in s.prompt() and said not in s.prompt()


def test_a_soldier_eliminated_by_an_enemy_it_cannot_see_was_shot_from_outside_its_sight() -> None:
    """The Gunner shot by the Assault it cannot see is eliminated (Shoot 6 then 5, Endure 1,
    typed in): the note does not say it "could not see" the Assault, as if it were still
    there; it was shot from outside its sight."""
    s = one_way_table(referee=True)
    me = shot_by_the_assault(s, ("6 5", "1"))
    assert not s.state.soldier(me, "gunner").alive
    html = s.prompt()
    said = f"Your Gunner was shot from outside its sight by the enemy Assault: {ONE_WAY_SAID}."
    assert escape(said) in html and "could not see" not in html


def test_a_soldier_asked_to_shoot_an_enemy_that_sees_it_is_told_why_it_cannot() -> None:
    """The side acting second: its Gunner, seen by the Assault it cannot see, is asked to
    shoot: no enemy is in its sight, and the page says which enemies see it (the Assault; the
    Ranger, which sees all round, R13) and why (R11)."""
    s = one_way_table()
    s.press(Command.END)  # the first side passes
    me = pending_player(s)
    s.press(Command.SELECT, "gunner")
    said = (
        "No enemy is in the Gunner's sight, though the enemy Ranger and Assault see it: sight "
        "lines leave only from a soldier's top edge, so sight can be one-way."
    )
    assert escape(said, quote=False) in s.prompt()  # the activated soldier's note
    s.press(Command.SHOOT)
    assert s.message == said and s.ui.feedback.rule == "R11"
    gunner, assault = s.state.soldier(me, "gunner"), s.state.soldier(3 - me, "assault")
    told = words.out_of_sight(s.state, gunner, assault)
    assert told.rule == "R11" and told.text == (
        "The enemy Assault is behind the Gunner's front edge, so the Gunner cannot see it, "
        "though it sees the Gunner: sight lines leave only from a soldier's top edge, so sight "
        "can be one-way."
    )


# --- the Exposure view follows the order of placement and initiative (R5, R22) -----------------


def test_an_enemy_gunner_already_placed_is_spoken_of_as_it_may_turn_where_it_stands() -> None:
    """The side that won the roll-off places its Gunner first; the other side, which places
    last and acts first (R5), deploys with the Exposure view on. The view no longer says it is
    placed last or acts first: it names the cards the Gunner could see once it has turned where
    it stands (turning in place is its Move, R14; the engine's own sight, R12), and says that
    this side acts before it."""
    s = Screen.new("default", 3)
    s.press(Command.EXPOSURE)
    enemy = pending_player(s)
    me = 3 - enemy
    assert s.state.first_placer == enemy
    s.press(Command.CARD, "gunner")
    place_at(s, 1.5, 1.0 if enemy == 2 else 9.0, 180.0 if enemy == 2 else 0.0)  # a flank lane
    home = 9.0 if me == 1 else 1.0
    for x in (1.0, 5.0):
        assert pending_player(s) == me
        place_at(s, x, home, 0.0 if me == 1 else 180.0)
        s.key("Enter")  # the enemy's next card, where the screen proposes it
    while exposure.wanted(s.state, s.ui):
        s.send(Rest())
    gunner = s.state.soldier(enemy, "gunner")
    mine = [x for x in s.state.alive(me) if x.on_table]
    facing, seen = most_seen_turned(s.state, gunner, mine)
    assert 0 < len(seen) < len(mine)
    ev = exposure.view(s.state, s.ui)
    assert ev is not None and ev.ready and ev.standing and set(ev.seen) == seen
    assert ev.worst == (gunner.x, gunner.y, facing)
    count = (
        f"Turning where it stands, the enemy Gunner could see {len(seen)} of your {len(mine)} cards"
    )
    assert count in overlay_text(s.state, s.ui)
    html = s.prompt()
    assert count in html and "Placed last" not in html and "acts first and shoots" not in html
    assert "You act before it does; then it shoots at every card it sees." in html


def test_an_enemy_gunner_still_to_come_is_said_to_be_not_placed_yet() -> None:
    """While the enemy Gunner is still to be placed, the view says so, not that it is placed
    last (the enemy places the last card only when this side won the roll-off, R5)."""
    s = Screen.new("default", 3)
    s.press(Command.EXPOSURE)
    me = pending_player(s)  # the roll-off winner: places first, acts second
    place_at(s, 1.0, 9.0 if me == 1 else 1.0, 0.0 if me == 1 else 180.0)  # in a flank lane
    s.key("Enter")
    while exposure.wanted(s.state, s.ui):
        s.send(Rest())
    ev = exposure.view(s.state, s.ui)
    assert ev is not None and not ev.standing and ev.worst is not None
    assert "Gunner?" in overlay_text(s.state, s.ui)
    html = s.prompt()
    assert "Not placed yet, it may still stand anywhere free in its zone. It acts first" in html
    assert "Placed last" not in html


def test_the_gunner_being_placed_counts_the_enemy_cards_it_would_see() -> None:
    """While this side's Gunner is placed, the label by it counts the enemy cards on the table
    it would see from the spot under the pointer at the facing shown (R11-R12, the engine's own
    test), and the tip that says to place it where it sees the most points at it."""
    s = Screen.new("default", 3)
    enemy = pending_player(s)
    me = 3 - enemy
    others = iter(("ranger", "armored"))
    for _ in range(5):  # three enemy cards and two of mine, where the screen proposes them
        if pending_player(s) == me:
            s.press(Command.CARD, next(others))
        s.key("Enter")
    assert pending_player(s) == me
    s.press(Command.CARD, "gunner")
    near, far = (9.0, 8.5) if me == 1 else (1.0, 1.5)
    counts = set()
    for x, y in [(x + 0.5, y) for y in (near, far) for x in range(0, 10, 2)]:
        s.down(x, y)
        s.up(x, y)
        g = s.view().ghost
        assert g is not None and g.sees is not None
        if g.problem is not None:
            continue
        mine = replace(s.state.soldier(me, "gunner"), x=g.x, y=g.y, facing=g.facing, placed=True)
        seen = {e.card for e in s.state.enemies(me) if q.sees_soldier(s.state, mine, e)}
        assert set(g.sees) == seen
        count = f"your Gunner would see {len(seen)} of the 3 enemy cards placed"
        assert count in overlay_text(s.state, s.ui)
        counts.add(len(seen))
    assert len(counts) > 1, "the count follows the pointer"
    assert "the label by it counts the enemy cards it would see from there" in s.prompt()
    s.press(Command.CARD, "assault")
    g = s.view().ghost
    assert g is not None and g.sees is None and "enemy cards" not in overlay_text(s.state, s.ui)


# --- a Turn that changes nothing is not sent (R14) -----------------------------------------------


def test_a_turn_to_the_facing_it_has_is_not_sent_and_says_why() -> None:
    """Turn pressed, the handle turned and brought back (within half a degree): the Turn button
    is disabled and the prompt says the soldier already faces this way; Enter sends nothing, so
    the Move is not spent. Turned by a degree, the Turn is sent as before; and the engine still
    takes a Turn to the same facing (R14 does not forbid it: records replay)."""
    state = arrange({(1, "assault"): (5.0, 8.5, 0.0), (2, "armored"): (5.0, 1.5, 180.0)})
    ui, _ = reduce(UI(choice=Choice((1, "assault"))), state, Press(Command.TURN))
    assert ui.choice.mode == ActMode.TURN and ui.choice.facing == 0.0
    ui = reduce(
        reduce(ui, state, Press(Command.ROTATE_LEFT))[0], state, Press(Command.ROTATE_RIGHT)
    )[0]
    html = prompt_html(state, ui)
    assert re.search(r'<button[^>]*data-action="confirm"[^>]*disabled', html), html
    assert "Your Assault already faces this way" in re.sub(r"<[^>]+>", "", html)
    for facing in (0.0, 359.7, 0.4):
        same = replace(ui, choice=replace(ui.choice, facing=facing))
        assert reduce(same, state, Press(Command.CONFIRM)) == (same, None)
    turned = replace(ui, choice=replace(ui.choice, facing=1.0))
    assert "already faces" not in prompt_html(state, turned)
    assert reduce(turned, state, Press(Command.CONFIRM))[1] == Turn("assault", 1.0)
    after = apply(state, Turn("assault", 0.0))
    assert after.activation is not None and after.activation.moved


def test_a_turn_not_yet_touched_is_told_not_refused() -> None:
    """Turn pressed and nothing else done: the step says to drag the handle, with no refusal
    under it (Turn is disabled: it would change nothing). Enter then asks for the Turn: it is
    not sent, and now the prompt says why, as a refusal (R14)."""
    state = arrange({(1, "gunner"): (5.0, 8.5, 0.0), (2, "armored"): (5.0, 1.5, 180.0)})
    ui, _ = reduce(UI(choice=Choice((1, "gunner"))), state, Press(Command.TURN))
    html = prompt_html(state, ui)
    assert "drag toward where it should face" in html
    assert 'class="problem"' not in html and "already faces" not in html
    assert confirm_disabled(html)
    asked, act = reduce(ui, state, Press(Command.CONFIRM))
    assert act is None and asked.choice.facing == ui.choice.facing
    html = prompt_html(state, asked)
    assert 'class="problem"' in html and "Your Gunner already faces this way" in html
    assert prompt_key(state, asked) != prompt_key(state, ui)


def test_a_turn_by_one_key_press_repaints_the_prompt() -> None:
    """The browser repaints the prompt only when its key changes: Turn chosen, one Q turns the
    soldier, and one E back says it already faces this way: the key changes with each, so the
    prompt shown enables Turn, then disables it and says why (R14)."""
    state = arrange({(1, "ranger"): (5.0, 8.5, 30.0), (2, "armored"): (5.0, 1.5, 180.0)})
    ui, _ = reduce(UI(choice=Choice((1, "ranger"))), state, Press(Command.TURN))
    turned, _ = reduce(ui, state, Press(Command.ROTATE_LEFT))
    assert turned.choice.facing == 15.0 and "already faces" not in prompt_html(state, turned)
    assert prompt_key(state, turned) != prompt_key(state, ui)
    back, _ = reduce(turned, state, Press(Command.ROTATE_RIGHT))
    assert back.choice.facing == 30.0 and "already faces" in prompt_html(state, back)
    assert prompt_key(state, back) != prompt_key(state, turned)
    assert confirm_disabled(prompt_html(state, back))


def test_the_path_prompt_repaints_when_the_pointer_finds_a_halt() -> None:
    """The prompt says where the Brawler's leg toward the pointer halts: a pointer moved from
    the open onto the Crates changes the prompt's key, so the browser repaints it (R16)."""
    state = brawler_rolled(4)
    clear, halting = UI(trace=Trace(cursor=Vec(8.4, 8.5))), UI(trace=Trace(cursor=Vec(8.4, 4.5)))
    assert "halts against" not in prompt_html(state, clear)
    assert "halts against the Crates" in prompt_html(state, halting)
    assert prompt_key(state, clear) != prompt_key(state, halting)


# --- a facing the prompt says is refused cannot be pressed (R4) ----------------------------------


def confirm_disabled(html: str) -> bool:
    return re.search(r'<button[^>]*data-action="confirm"[^>]*disabled', html) is not None


def test_a_facing_the_prompt_refuses_cannot_be_confirmed() -> None:
    """The Assault halts against its own Ranger; turned 45° it would overlap it: the prompt says
    so once, Confirm facing is disabled and Enter sends nothing (the engine would refuse it and
    the refusal would show again). The Ranger's Turn into the Assault likewise (R4, R14)."""
    state = arrange(
        {
            (1, "ranger"): (5.0, 7.0, 0.0),
            (1, "assault"): (5.0, 8.7, 0.0),
            (2, "armored"): (1.5, 1.0, 180.0),
        },
        others=False,
    )
    moved = play(state, Move("assault", 0.0, 0.0), R(3, 1))
    assert moved.pending is not None and moved.pending.kind == PendingKind.FACE
    ui = UI(choice=Choice((1, "assault"), facing=45.0))
    html = prompt_html(moved, ui)
    assert re.sub(r"<[^>]+>", "", html).count("would overlap your Ranger") == 1, html
    assert confirm_disabled(html)
    assert reduce(ui, moved, Press(Command.CONFIRM))[1] is None
    assert (
        reduce(
            replace(ui, choice=Choice((1, "assault"), facing=90.0)), moved, Press(Command.CONFIRM)
        )[1]
        is not None
    )
    ui, _ = reduce(UI(choice=Choice((1, "ranger"))), state, Press(Command.TURN))
    ui = replace(ui, choice=replace(ui.choice, facing=45.0))
    state = state.with_soldier(replace(state.soldier(1, "assault"), y=8.0))
    html = prompt_html(state, ui)
    assert "would overlap your Assault" in html and confirm_disabled(html)
    assert reduce(ui, state, Press(Command.CONFIRM))[1] is None


# --- what a React costs (R19, R5) ---------------------------------------------------------------


def brawler_watching() -> State:
    """Player 1's Gunner moves right along y = 8.5 and rolls 3; player 2's Brawler sees it and
    is asked to React; player 2's Ranger waits far off (a card that acts once the React is
    over)."""
    state = arrange(
        {
            (1, "gunner"): (2.0, 8.5, 90.0),
            (2, "brawler"): (7.0, 6.0, 180.0),
            (2, "ranger"): (9.0, 1.0, 0.0),
        },
        others=False,
    )
    after = play(state, Move("gunner", 90.0, 90.0), R(3))
    assert after.pending is not None and after.pending.kind == PendingKind.REACT
    return after


def test_the_react_question_says_a_react_that_works_is_the_sides_next_activation() -> None:
    """Before player 2 decides, the React question (in a phone's words too) and its confirming
    step and button say that a React that works is its side's next activation, with the chance
    as before; the engine agrees: after the Brawler's activation player 1 plays again, while
    without the React player 2 would have played next (R19, R7)."""
    asking = brawler_watching()
    ui, _ = settle(UI(), asking)
    said = prompt_html(asking, ui)
    wide = re.search(r'<span class="wide-words">([^<]*)</span>', said)
    short = re.search(r'<span class="phone-words">([^<]*)</span>', said)
    assert wide and "a React that works is your next activation" in wide.group(1)
    assert short  # a phone's question is short: its confirm step below says it
    chance = percent(q.react_chance(asking, asking.soldier(2, "brawler")))
    assert f"Brawler — {chance}" in said
    ui, _ = reduce(ui, asking, Press(Command.REACT, "brawler"))
    said = prompt_html(asking, ui)
    assert ui.choice.pick == "brawler" and f"<strong>{chance}</strong>" in said
    then = "A React that works is your side's next activation: the enemy plays after it."
    assert then in wide_text(said) and "acts at once; then the enemy plays." in phone_text(said)
    (confirm,) = re.findall(r'<button[^>]*data-action="confirm"[^>]*>.*?</button>', said)
    assert "React with the Brawler" in confirm and "it is your next activation" in confirm
    reacted = play(asking, React("brawler"), R(6, 6), Stop(0.5))
    a = reacted.activation
    assert a is not None and a.reaction and a.player == 2
    after = play(reacted, End())
    assert after.pending is not None and after.pending.kind == PendingKind.ACT
    assert after.pending.player == 1 and after.activation is None
    let_go = play(asking, React(None), Face(90.0))  # the Gunner's activation ends (C6)
    assert let_go.pending is not None and let_go.pending.kind == PendingKind.ACT
    assert let_go.pending.player == 2


def test_the_stop_point_says_where_its_marker_starts_and_how_far_it_may_go() -> None:
    """After the Brawler's React beats a roll of 3, the prompt says the marker starts where the
    Brawler first saw the Gunner (1.78 L along) and may go anywhere from where the Gunner set
    off to where it would halt (3.00 L), not as a limit; the engine takes a stop at either end
    (R19, C15)."""
    state = arrange(
        {(1, "gunner"): (2.0, 8.5, 90.0), (2, "brawler"): (7.0, 6.0, 180.0)}, others=False
    )
    after = play(state, Move("gunner", 90.0, 90.0), R(3), React("brawler"), R(6, 6))
    asked, _ = settle(UI(), after)
    mv = after.move
    assert mv is not None and asked.stop_at is not None and abs(mv.halt - 3.0) < 1e-9
    said = re.sub(r"<[^>]+>", "", prompt_html(after, asked))
    assert (
        "Drag the marker to where the enemy stops (or use the arrow keys; Home and End for its "
        "ends), anywhere from where "
        "it set off to where it would halt (0–3.00 L). The marker starts where your Brawler "
        "first saw it."
    ) in said
    assert abs(asked.stop_at - 1.784) < 1e-3  # where the Brawler first saw the Gunner
    assert "It starts where your soldier first saw it" not in said
    start, end = state.soldier(1, "gunner").pos, mv.path[-1]
    assert play(after, Stop(0.0)).soldier(1, "gunner").pos == start
    assert (play(after, Stop(mv.halt)).soldier(1, "gunner").pos - end).length() < 1e-9


def gunner_watching(rolled: int = 2) -> State:
    """Under opening moves (R5), in the game's first activation, player 1's Assault moves right
    along y = 8.5 and rolls ``rolled`` (Move 2); player 2's Gunner sees it and is asked to
    React."""
    state = arrange(
        {(1, "assault"): (2.0, 8.5, 90.0), (2, "gunner"): (7.0, 6.0, 180.0)},
        scenario=replace(open_field(), opening="opening-moves"),
        others=False,
    )
    assert q.opening_of(state).key == "opening-moves" and state.activation_number == 1
    after = play(state, Move("assault", 90.0, 90.0), R(1, rolled - 1))
    assert after.pending is not None and after.pending.kind == PendingKind.REACT
    return after


def test_a_move_aimed_in_the_opening_says_a_react_to_it_may_shoot() -> None:
    """In the game's first activation the opening holds shooting back (R5), but not a React
    (R19): the outlook of a Move the enemy Gunner could React to says its soldier may Shoot (a
    phone's bar, short of room under the aim, says it in the opening's note before the Move);
    with no opening it says nothing of it."""
    for opening in ("opening-moves", None):
        state = arrange(
            {(1, "assault"): (2.0, 8.5, 90.0), (2, "gunner"): (7.0, 6.0, 180.0)},
            scenario=replace(open_field(), opening=opening),
            others=False,
        )
        ui = UI(choice=Choice((1, "assault"), ActMode.AIM, aim=90.0, facing=90.0))
        for _ in range(5):
            ui, _ = reduce(ui, state, Rest())
        said = re.sub(r"<[^>]+>", "", prompt_html(state, ui))
        assert "Could React: the enemy Gunner" in said, said
        wide = "and their soldier acts at once, and may Shoot: the opening holds back no React."
        assert (wide in said) == (opening is not None), said


def test_a_gunner_reacting_in_the_opening_is_told_it_may_shoot() -> None:
    """The opening holds the game's first activation back from shooting, but not a React (R5,
    R19): the React question and its confirming step say the Gunner may Shoot, and the engine
    lets it, the Assault it stopped in its sight. Past the opening the question says nothing of
    it."""
    asking = gunner_watching()
    ui, _ = settle(UI(), asking)
    said = re.sub(r"<[^>]+>", "", prompt_html(asking, ui))
    assert "The opening holds shooting back now, but not a React: a soldier that reacts" in said
    ui, _ = reduce(ui, asking, Press(Command.REACT, "gunner"))
    said = re.sub(r"<[^>]+>", "", prompt_html(asking, ui))
    assert "The opening holds shooting back now, but not a React: your Gunner may Shoot." in said
    mv = asking.move
    assert mv is not None
    reacted = play(asking, React("gunner"), R(3), Stop(mv.halt))
    gunner = reacted.soldier(2, "gunner")
    assert q.can_act(reacted, gunner) == (True, True)
    shot = play(reacted, Shoot("gunner", "assault"), R(5, 4), R(1))
    assert not shot.soldier(1, "assault").alive
    later = replace(asking, activation_number=3)
    for step in (settle(UI(), later)[0], reduce(ui, later, Press(Command.REACT, "gunner"))[0]):
        assert "The opening holds shooting back" not in prompt_html(later, step)


def test_a_react_question_cites_the_opening_only_while_it_holds() -> None:
    """The confirming step of a React cites R5 in the opening, where it says the Gunner may Shoot
    all the same, and R19 alone once the opening no longer holds (activation 14)."""
    asking = gunner_watching()
    ui, _ = reduce(settle(UI(), asking)[0], asking, Press(Command.REACT, "gunner"))
    assert '<small class="rule">(rules R19, R5)</small>' in unlinked(prompt_html(asking, ui))
    later = replace(asking, activation_number=14)
    ui, _ = reduce(settle(UI(), later)[0], later, Press(Command.REACT, "gunner"))
    html = unlinked(prompt_html(later, ui))
    assert "React with your <strong>Gunner</strong>" in html
    assert '<small class="rule">(rule R19)</small>' in html and "R5" not in html


def test_straight_on_says_it_makes_the_move_at_once() -> None:
    """With 1.0 L of the roll left and a halt shown ahead, the prompt's note says that Straight
    on makes the move now (the rest as drawn), not only where the rest goes:
    pressed, it sends the whole path with no Finish path step after it (R17)."""
    state = brawler_rolled(4)
    corners = (Vec(9.4, 7.0), Vec(9.4, 9.0))
    ui = UI(trace=Trace(corners=corners, cursor=Vec(9.4, 10.0)))  # on toward the table's edge
    said = re.sub(r"<[^>]+>", "", prompt_html(state, ui))
    assert "This way it halts against the table edge" in said
    left = (
        "(1.00 L left; Straight on makes the move now, the rest straight on as drawn: toward "
        "where the pointer last rested on the board, else along the last leg)"
    )
    assert left in said, said
    _, sent = reduce(ui, state, Press(Command.STRAIGHT))
    assert isinstance(sent, Path) and len(sent.points) == 3
    assert apply(state, sent).soldier(1, "brawler").pos != Vec(8.4, 7.0)


def test_a_phone_says_straight_on_makes_the_move_at_once_too() -> None:
    """A phone's short bar says it too, in its own few words: Straight on moves the Brawler now;
    and Finish path with less than 0.1 L left."""
    state = brawler_rolled(4)
    ui = UI(trace=Trace(corners=(Vec(7.4, 7.0),), cursor=Vec(6.0, 7.0)))
    said = phone_text(prompt_html(state, ui))
    assert "(3.00 L left; Straight on moves it now)" in said, said
    almost = (Vec(8.4, 8.0), Vec(8.4, 9.0), Vec(9.4, 9.0), Vec(9.4, 8.05))
    said = phone_text(prompt_html(state, UI(trace=Trace(corners=almost))))
    assert "(0.05 L left; Finish path moves it now)" in said, said


def test_the_gunner_is_said_to_attack_other_enemies_only_when_it_sees_others() -> None:
    """R22: the Gunner attacks every enemy it sees; the words promise further attacks only
    when it sees another enemy than its target, and name it when it is one."""
    alone = {(1, "gunner"): (5.0, 6.0, 0.0), (2, "armored"): (5.0, 3.0, 0.0)}
    behind = {**alone, (2, "ranger"): (5.0, 9.0, 0.0)}  # behind the Gunner: not seen
    for layout in (alone, behind):
        state = arrange(layout, others=False)
        shooting = UI(choice=Choice((1, "gunner"), ActMode.SHOOT))
        assert "every other enemy" not in prompt_html(state, shooting)
        picked = replace(shooting, choice=replace(shooting.choice, pick="armored"))
        html = prompt_html(state, picked)
        assert "Shoot the enemy <strong>Armored</strong>" in html and "Then your" not in html
    two = arrange({**alone, (2, "ranger"): (6.5, 3.0, 0.0)}, others=False)
    picked = UI(choice=Choice((1, "gunner"), ActMode.SHOOT, pick="armored"))
    assert "Then your Gunner attacks the Ranger it also sees." in prompt_html(two, picked)
    three = arrange(
        {**alone, (2, "ranger"): (6.5, 3.0, 0.0), (2, "brawler"): (3.5, 3.0, 0.0)}, others=False
    )
    assert "every other enemy it sees" in prompt_html(
        three, UI(choice=Choice((1, "gunner"), ActMode.SHOOT))
    )
    picked = UI(choice=Choice((1, "gunner"), ActMode.SHOOT, pick="armored"))
    assert "Then your Gunner attacks every other enemy it sees." in prompt_html(three, picked)


def test_a_shot_at_endure_0_says_it_rolls_nothing_there() -> None:
    """The Gunner picks the enemy Brawler, whose Endure is 0: a 0 is no roll (R9), so any hit
    eliminates it (R21). The confirm step says so, never "0d6" nor sixes rolling again there,
    and the engine's Shoot of the lowest total eliminates it."""
    state = arrange(
        {(1, "gunner"): (5.0, 8.5, 0.0), (2, "brawler"): (5.0, 4.0, 180.0)}, others=False
    )
    ui = UI(choice=Choice((1, "gunner"), ActMode.SHOOT, pick="brawler"))
    said = re.sub(r"<[^>]+>", "", prompt_html(state, ui))
    assert "Shoot 2d6 against its Endure 0 (no roll): any hit eliminates it — 100% to kill" in said
    assert "0d6" not in said
    after = play(state, Shoot("gunner", "brawler"), R(1, 1))
    assert not after.soldier(2, "brawler").alive


def test_a_first_sight_just_past_a_whole_roll_reads_past_it() -> None:
    """The Gunner moves right along y = 8.5 and the enemy Brawler first sees it 3.003 L along:
    a roll of 3 is not seen, a roll of 4 is (R18). The outlook says "once it has gone 3.01 L"
    beside the chance, never "3.0 L" nor "3.00 L", which would count the roll of 3 the chance
    leaves out; the chance is that of the rolls of 4 or more, and the engine offers no React to
    a roll of 3 and one to a roll of 4."""
    near = {(1, "gunner"): (2.0, 8.5, 90.0), (2, "brawler"): (7.0, 6.0, 180.0)}
    ui = outlook_of(arrange(near, others=False), aiming("gunner", 90.0, 90.0))
    (w,) = ui.outlook.forecast.watchers if ui.outlook and ui.outlook.forecast else ()
    state = arrange({**near, (2, "brawler"): (7.0 + 3.003 - w.entry, 6.0, 180.0)}, others=False)
    ui = outlook_of(state, aiming("gunner", 90.0, 90.0))
    (w,) = ui.outlook.forecast.watchers if ui.outlook and ui.outlook.forecast else ()
    assert abs(w.entry - 3.003) < 1e-6
    said = re.sub(r"<[^>]+>", "", prompt_html(state, ui))
    assert "the enemy Brawler once it has gone 3.01 L" in said, said
    react = q.react_pool(state, state.soldier(2, "brawler"))
    assert abs(w.chance - sum(prob_beats(react, t) for t in (4, 5, 6)) / 6) < 1e-9
    for roll, asked in ((3, False), (4, True)):
        after = play(state, Move("gunner", 90.0, 90.0), R(roll))
        assert after.pending is not None
        assert (after.pending.kind == PendingKind.REACT) is asked


def test_a_halt_just_past_a_whole_roll_reads_past_it() -> None:
    """The Gunner aimed at its own Armored 3.003 L ahead: a roll of 4 or more halts it there
    (R16), a roll of 3 stops short. The outlook says it halts after 3.01 L, not 3.00 L."""
    state, said = aimed_at_own_armored("gunner", 3.003)
    assert "A roll of 4 or more halts your Gunner after 3.01 L against your Armored" in said
    after = rolled(state, "gunner", 0.0, 0.0, 3)
    assert abs(after.soldier(1, "gunner").y - (8.5 - 3.0)) < 1e-9  # short of the halt


def test_each_enemy_that_could_react_is_named_the_enemy_s() -> None:
    """Two enemies could React to the Move (R18): each is named "the enemy …" (a name alone,
    the second of a list, read as the player's own soldier: the mover was a Gunner, the second
    enemy a Gunner too); a phone's short words name them as the enemy's too ("Enemy React:
    Ranger", ``tests/ui/test_playtest_saves.py``)."""
    from serm.core.forecast import Watcher
    from serm.ui.panel import _could_react

    state = brawler_rolled(4)
    said = _could_react(state, 2, (Watcher("assault", 0.59, 0.42), Watcher("gunner", 3.0, 0.17)))
    assert said == (
        "the enemy Assault once it has gone 0.59 L (42% to beat the roll); "
        "the enemy Gunner once it has gone 3.00 L (17% to beat the roll)"
    )
