"""Moments of new-player playtests, as the page saved them: what the screen proposes at a
React's stop is what the engine is sent (R19), so the stop it shows is the one played; what the
Move preview says of a halt is what the engine does (R16, R18)."""

from __future__ import annotations

import math
import re
from dataclasses import replace
from html import unescape
from pathlib import Path

from helpers import R, play

from serm.core import apply, cover
from serm.core.actions import Face, Move, Shoot, Stop
from serm.core.game import Game
from serm.core.geometry import Vec, card_polygon, point_in_polygon, unit
from serm.core.queries import visible_enemies
from serm.core.record import replay_steps
from serm.core.state import PendingKind
from serm.ui import deploy, driver, exposure, path, rest
from serm.ui.events import Command, Hit, PointerDown, PointerMove, PointerUp, Press, Rest, ShowEnded
from serm.ui.model import UI, ActMode, Choice, Trace
from serm.ui.panel import prompt_html
from serm.ui.reduce import reduce
from serm.ui.saves import decode, load_import
from serm.ui.screen import facing_problem, prompt_key, view_model
from serm.view.board import card_box
from serm.view.common import SCALE
from serm.view.moves import CROSS_OUTLINE
from serm.view.overlay import GLIMPSED_WORDS, SEEN_WORDS
from serm.view.render import overlay_layer
from tests.ui.rule_links import unlinked

DATA = Path(__file__).resolve().parents[1] / "data"


def opened(name: str) -> tuple[Game, UI]:
    """A save of tests/data opened as the page opens one: the game and its screen."""
    loaded = load_import((DATA / name).read_text(encoding="utf-8"))
    return loaded.game, driver.open_ui(loaded.game, loaded.ui)


def test_the_proposed_stop_is_sent_whole_and_the_reactor_sees_the_mover() -> None:
    """The stop proposed where the reactor first sees the mover (0.07703852501034432 L) is sent
    as it is: a stop rounded to 0.077 lay just before it, where the Gunner saw nobody."""
    game, ui = opened("react-default-stop.save.json")
    assert game.state.pending is not None and game.state.pending.kind == PendingKind.STOP
    assert ui.stop_at is not None and abs(ui.stop_at - 0.07703852501034432) < 1e-9
    _, action = reduce(ui, game.state, Press(Command.CONFIRM))
    assert action == Stop(ui.stop_at)
    stepped = driver.play(game, ui, action, human=True)
    assert not stepped.ui.feedback.message, stepped.ui.feedback.message
    reactor = next(s for s in game.state.soldiers if s.player == 1 and s.card == "gunner")
    assert visible_enemies(game.state, reactor), "the reacting Gunner has someone to shoot at"


def test_a_stop_at_the_very_end_of_the_path_is_taken() -> None:
    """The stop dragged to the path's end (0.6617860410264204 L) is sent as it is, inside the
    path: rounded to 0.6618 it lay past the end and was refused."""
    game, ui = opened("stop-at-path-end.save.json")
    assert game.state.pending is not None and game.state.pending.kind == PendingKind.STOP
    before = len(game.record.actions)
    _, action = reduce(ui, game.state, Press(Command.CONFIRM))
    assert action == Stop(0.6617860410264204)
    stepped = driver.play(game, ui, action, human=True)
    assert not stepped.ui.feedback.message, stepped.ui.feedback.message
    assert len(game.record.actions) > before


def test_a_move_no_enemy_can_react_to_still_says_where_the_wall_halts_it() -> None:
    """The Ranger aimed at 357 degrees, no enemy able to React (R18): the engine halts it after
    0.47 L against the Wall whatever it rolls (R16). The prompt says so rather than "nothing can
    stop this Move", the board's label does not say "cannot be stopped", and the halt mark lies
    off the Ranger's own card (it halts within its own length), just below where it touches the
    Wall, clear of the Wall's name."""
    game, ui = opened("ranger-halts-at-wall.save.json")
    state = game.state
    ui = replace(ui, choice=Choice((1, "ranger"), ActMode.AIM, aim=357.0, facing=0.0))
    for _ in range(len(state.on_table()) + 1):
        ui, _ = reduce(ui, state, Rest())
    said = re.sub(r"<[^>]+>", "", prompt_html(state, ui))
    assert "No enemy could React along this line." in said
    assert "Whatever it rolls, your Ranger halts after 0.47 L against the Wall." in said
    assert "nothing can stop" not in said
    board = overlay_layer(state, view_model(state, ui))
    assert "cannot be stopped" not in board and ">no React<" in board
    other = replace(ui, choice=replace(ui.choice, aim=345.0))
    for _ in range(len(state.on_table()) + 1):
        other, _ = reduce(other, state, Rest())
    assert "Ranger halts after 0.48 L" in prompt_html(state, other)
    assert prompt_key(state, other) != prompt_key(state, ui), "the prompt is repainted"
    for total in range(1, 7):
        events = [e.text for e in play(state, Move("ranger", 357.0, 0.0), R(total)).events]
        assert "The Ranger moves 0.47 L and halts against the Wall." in events
    (cross, *_) = re.findall(r'<path stroke="#e03131"[^>]* d="([^"]+)"', board)
    xs, ys = (list(map(float, re.findall(r"[\d.]+", cross)))[i::2] for i in (0, 1))
    mark = Vec(sum(xs) / len(xs) / SCALE, sum(ys) / len(ys) / SCALE)
    ranger = state.soldier(1, "ranger")
    assert not point_in_polygon(mark, ranger.polygon()), "the halt mark is off the Ranger"
    top = (min(ys) - CROSS_OUTLINE / 2) / SCALE  # the X's top, its dark outline's edge
    assert 7.1 <= top < 7.15, "it marks where the Ranger touches the Wall (y = 7.1), below it"


def test_the_stop_point_says_how_far_it_is_and_whether_the_reactor_sees_the_mover() -> None:
    """The stop point says how far along the path it lies and whether the reacting Gunner sees
    the Assault stopped there, as the engine then finds it (R11, R19): where the Gunner first
    sees it, it does; at 0.077 L, just before, it does not and would have nobody to shoot."""
    game, ui = opened("react-default-stop.save.json")
    state = game.state
    first = ui.stop_at
    assert first is not None
    before = replace(ui, stop_at=0.077)
    for at, stop_ui, seen in ((first, ui, True), (0.077, before, False)):
        board = overlay_layer(state, view_model(state, stop_ui))
        said = unescape(re.sub(r"<[^>]+>", "", prompt_html(state, stop_ui)))
        label = f"stop {at:.2f} L · Gunner {'sees it' if seen else 'cannot see it'}"
        assert label in board, board
        sight = "in your Gunner's sight" if seen else "out of your Gunner's sight"
        assert f"Stopped there, the Assault is {sight}." in said
        after = play(state, Stop(at))
        reactor = after.soldier(1, "gunner")
        assert bool(visible_enemies(after, reactor)) is seen
    assert prompt_key(state, ui) != prompt_key(state, before), "the prompt is repainted"


def test_a_react_lost_to_a_turn_at_the_start_of_a_move_is_told_why() -> None:
    """The computer's Armored, seen by the Ranger, turns as its Move begins, out of the
    Ranger's sight, moves to the Crates unseen and shoots back: no React was offered (R18), and
    the player is told why under the question; the note goes once a soldier is chosen."""
    game, ui = opened("react-turned-away.save.json")
    ranger, armored = game.state.soldier(1, "ranger"), game.state.soldier(2, "armored")
    assert visible_enemies(game.state, ranger) == (armored,)
    for action in (
        Move("armored", 151.07220286184165, 151.07220286184165),
        Face(190.73883088379466),
    ):
        ui = driver.play(game, ui, action, False).ui
        assert not game.state.move or not game.state.move.reactors
        ui = driver.step(game, ui, ShowEnded(ui.playback.shows)).ui
    ui = driver.play(game, ui, Shoot("armored", "ranger"), False).ui
    ui = driver.step(game, ui, ShowEnded(ui.playback.shows)).ui
    assert game.state.pending is not None and game.state.pending.player == 1
    said = (
        "Your Ranger could not React: the Armored turned out of its sight as its Move began and "
        "stayed out of it all the way."
    )
    html = unlinked(unescape(prompt_html(game.state, ui)))
    assert said in html and "(rule R18)" in html
    assert html.index("one of your soldiers to activate it") < html.index(said)
    ui = driver.step(game, ui, Press(Command.SELECT, "ranger")).ui
    assert said not in unescape(prompt_html(game.state, ui))


def test_a_brawler_path_shows_who_could_react_along_it_as_the_engine_finds_it() -> None:
    """Player 2's Brawler rolled 9 and its path, traced to a corner at (7.42, 6.4) and on at
    Player 1's Assault, rams it. Once the path rests, the screen says who could React along it
    and the chance to beat the known roll (R17-R19), marks the reactor's card and where it
    first sees the Brawler, as for an aimed Move: the engine, sent the path, offers the
    Ranger that React from that very point (its 1d6 beats 9 only by a six; the Assault and
    Gunner see it but cannot beat 9, and are not said). The path screen said none of it."""
    game, ui = opened("brawler-path-9.save.json")
    state = game.state
    assault = state.soldier(1, "assault").pos
    corners = (Vec(6.25, 2.35), Vec(7.42, 2.35), Vec(7.42, 6.4))
    ui = replace(ui, trace=Trace(corners=corners, cursor=assault))
    assert "Could React" not in _words(prompt_html(state, ui, []))  # not before it rests
    steps = 0
    while rest.wanted(state, ui):
        ui = driver.step(game, ui, Rest()).ui
        steps += 1
        assert steps < 10
    said = _words(prompt_html(state, ui, []))
    assert (
        "Could React along this path: the enemy Ranger once it has gone 5.97 L (17% to beat"
        " the roll). Chance this Move is stopped: 17%" in said
    ), said
    assert "Enemy React: Ranger. 17% chance it is stopped" in said
    view = view_model(state, ui)
    assert [(k, round(c, 4)) for k, c in view.chances] == [((1, "ranger"), round(1 / 6, 4))]
    assert view.path_trace is not None
    ((key, entry, _),) = view.path_trace.watchers
    drawn = overlay_layer(state, view)
    assert key == (1, "ranger") and drawn.count('class="watch"') == 1 and "17% stopped" in drawn
    sent = apply(state, path.finished(state, ui.trace))
    assert sent.move is not None
    seen = dict(zip(sent.move.reactors, sent.move.entries, strict=True))
    assert set(seen) == {"ranger", "gunner", "assault"} and seen["ranger"] == entry


def _words(html: str) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html)))


def _pills(markup: str) -> list[tuple[float, float, float, float]]:
    """The boxes (scaled units) of the bordered labels (pills) in ``markup``."""
    boxes = []
    for tag in re.findall(r"<rect [^>]*stroke-width=\"2\"[^>]*>", markup):
        x, y, w, h = (float(re.search(f' {k}="([-\\d.]+)"', tag).group(1)) for k in DIMS)  # type: ignore[union-attr]
        boxes.append((x, y, x + w, y + h))
    return boxes


DIMS = ("x", "y", "width", "height")


def gap(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    """The distance between two boxes (left, top, right, bottom; 0 when they meet)."""
    return math.hypot(max(0.0, a[0] - b[2], b[0] - a[2]), max(0.0, a[1] - b[3], b[1] - a[3]))


def test_the_label_of_the_card_being_placed_is_nearer_it_than_any_other_card_or_label() -> None:
    """The Gunner being placed at (5.0, 9.0) on the phone: its label ("Can go here · your
    Gunner would see ...") lies no nearer another card, the enemy's ghost or its label than
    the Gunner (the label rule, serm.view.labels): it sat beside the enemy's ghost, 6 L off."""
    game, ui = opened("gunner-label-far.save.json")
    while exposure.wanted(game.state, ui):
        ui = exposure.step(ui, game.state)
    view = view_model(game.state, ui)
    assert view.ghost is not None and view.exposure is not None and view.exposure.worst
    markup = overlay_layer(game.state, view)
    ghost = markup[markup.index('class="ghost') :]
    (label,) = _pills(ghost)
    (worst,) = _pills(markup[markup.index('class="exposure-worst') : markup.index('class="ghost')])
    g, (wx, wy, wf) = view.ghost, view.exposure.worst
    own = card_box(g.x, g.y, g.facing)
    others = [card_box(s.x, s.y, s.facing) for s in game.state.on_table()]
    for other in [*others, card_box(wx, wy, wf), worst]:
        assert gap(label, own) <= gap(label, other), (label, other)


def test_the_stop_label_lies_next_to_its_marker() -> None:
    """The phone game against the hard computer, activation 11: player 1's Ranger beat the
    enemy Assault's Move and sets where it stops, at its start (0.00 L), the middle Crates to
    its right: "stop 0.00 L · Ranger sees it" lies next to the stop marker (it lay 57 units off,
    between the Crates and the Wall), no nearer another card or label than the marker."""
    record = decode((DATA / "stop-label-far.record.json").read_text(encoding="utf-8")).record
    state = next(
        st
        for _, st in replay_steps(record)
        if st.pending is not None and st.pending.kind == PendingKind.STOP
        if st.move is not None and st.move.reactor == "ranger"
    )
    assert state.move is not None
    markup = overlay_layer(state, replace(view_model(state, UI()), stop_at=0.0, stop_seen=True))
    pending = markup[markup.index('class="pending-move') :]
    (label,) = _pills(pending)
    assert "stop 0.00 L · Ranger sees it" in unescape(pending)
    s = state.soldier(2, state.move.card)
    own = card_box(s.x, s.y, s.facing)
    assert gap(label, own) <= 4.0, label
    others = [card_box(o.x, o.y, o.facing) for o in state.on_table() if o is not s]
    for other in [*others, *(p for p in _pills(markup) if p != label)]:
        assert gap(label, own) <= gap(label, other), (label, other)


def test_a_facing_dragged_near_the_one_that_fits_against_the_edge_takes_it() -> None:
    """The Brawler halted against the table's top edge may face only square to it (R4): a finger
    that lets go 3 degrees off 180 sets 180, and the facing is played; 90 degrees off, nothing
    fits near, and the refused facing stays for the prompt to explain."""
    game, ui = opened("brawler-top-edge.save.json")
    state = game.state
    assert state.pending is not None and state.pending.kind == PendingKind.FACE
    brawler = next(s for s in state.soldiers if s.player == 1 and s.card == "brawler")
    for let_go, wanted in ((183.0, 180.0), (357.5, 0.0), (90.0, None)):
        at = brawler.pos + unit(let_go) * 2.0
        turned, _ = reduce(ui, state, PointerDown(at.x, at.y, touch=True))
        turned, _ = reduce(turned, state, PointerUp(at.x, at.y, touch=True))
        if wanted is None:
            assert turned.choice.facing == let_go
            assert facing_problem(state, turned) is not None
            continue
        assert turned.choice.facing == wanted
        _, action = reduce(turned, state, Press(Command.CONFIRM))
        assert action == Face(wanted)
        apply(state, action)


def test_a_move_turned_to_a_facing_it_cannot_take_is_not_offered_to_roll() -> None:
    """The Ranger against the table's right edge, its Move's facing turned to 81.9 degrees,
    over the edge (R4): Roll Move takes no press and says why and how to put it right, and
    Enter sends nothing (the engine would only refuse it)."""
    game, ui = opened("move-turned-off-the-table.save.json")
    assert ui.choice.mode == ActMode.AIM and ui.choice.facing == 81.9
    html = prompt_html(game.state, ui)
    roll = re.search(r'<button[^>]*data-action="confirm"[^>]*>', html)
    assert roll is not None and "disabled" in roll.group(0)
    said = unescape(re.sub(r"<[^>]+>", "", html))
    assert "cannot face that way: it would stick out over the edge of the table." in said
    assert "Turn it back with its round handle, or press Back." in said
    _, action = reduce(ui, game.state, Press(Command.CONFIRM))
    assert action is None


def test_a_move_s_handle_let_go_where_the_card_cannot_face_goes_back() -> None:
    """At the start of a Move the handle turned to a facing the card cannot take, with none
    near that it can (R4): let go, the card and the aim are back as before the drag, and the
    panel says why; let go near one it can take, it takes that one (a Move is rolled so)."""
    game, ui = opened("move-turned-off-the-table.save.json")
    state = game.state
    ranger = state.soldier(1, "ranger")
    ui = replace(ui, choice=replace(ui.choice, facing=0.0, aim=328.0))
    for let_go, kept in ((90.0, 0.0), (175.0, 180.0)):
        at = ranger.pos + unit(let_go) * 2.0
        hold = ranger.pos + unit(0.0) * 0.9
        turned, _ = reduce(ui, state, PointerDown(hold.x, hold.y, Hit(handle=True)))
        turned, _ = reduce(turned, state, PointerMove(at.x, at.y))
        assert turned.choice.facing == let_go
        turned, _ = reduce(turned, state, PointerUp(at.x, at.y))
        assert turned.choice.facing == kept and turned.choice.aim == 328.0
        refused = "cannot face that way" in turned.feedback.message
        assert refused == (kept == 0.0), turned.feedback
        _, action = reduce(turned, state, Press(Command.CONFIRM))
        assert action == Move("ranger", 328.0, kept)


def test_a_card_placed_on_green_that_a_few_enemy_gunner_spots_see_is_labelled_so() -> None:
    """The phone trial's Brawler placed at (2.2, 9.0) on a square shaded green (the shading
    tests every twelfth of the enemy Gunner's poses, none of which sees it); the Gunner then
    stood where it saw it and shot it (R22). Its label now says a few spots see it, as a pose
    of the whole grid still open to the Gunner does (R11-R12); a spot no pose sees is labelled
    with no warning, and the label keeps the green of the shading."""
    game, ui = opened("brawler-glimpsed.save.json")
    state = game.state
    while exposure.wanted(state, ui):
        ui, _ = reduce(ui, state, Rest())
    poses = cover.gunner_poses(state.scenario, 2, exposure.RESOLUTION)
    tall = cover.tall_of(state.scenario)
    held = ui.ghost
    assert held is not None
    for x, glimpsed in ((2.2, True), (5.0, False)):
        ui = replace(ui, ghost=deploy.moved(state, held, x, 9.0, 0.0))
        g = view_model(state, ui).ghost
        assert g is not None and not g.seen and g.glimpsed == glimpsed, (x, g)
        card = card_polygon(Vec(x, 9.0), 0.0)
        assert (
            bool(cover.seen_mask(card, poses, tall) & exposure._free(state, poses, 1)) == glimpsed
        )
        board = overlay_layer(state, view_model(state, ui))
        said = " ".join(unescape(t) for t in re.findall(r"<text[^>]*>([^<]*)</text>", board))
        assert (GLIMPSED_WORDS in said) == glimpsed and SEEN_WORDS not in said, said


def test_a_move_aimed_a_little_into_the_wall_it_touches_slides_along_it() -> None:
    """The Assault's top edge touches the Wall and its bottom edge its own Ranger: only an aim
    along the Wall, exactly 90 degrees, gets it under way (R16). A tap a little above or below
    that line, where the card would halt at once, aims it along the Wall when the finger lifts,
    and the Move is offered so; a tap far off the line is left as tapped, with why it goes
    nowhere (and no turning advice: the Wall leaves the card no facing to turn to)."""
    game, ui = opened("assault-wedged-at-wall.save.json")
    state = game.state
    assault = state.soldier(1, "assault")
    assert assault.pos == Vec(5.8, 7.6) and assault.facing == 0.0
    ui, _ = reduce(ui, state, Press(Command.SELECT, "assault"))
    ui, _ = reduce(ui, state, Press(Command.MOVE))
    for tap in (Vec(9.5, 7.55), Vec(9.5, 7.65), Vec(9.5, 3.9)):
        aimed, _ = reduce(ui, state, PointerDown(tap.x, tap.y, touch=True))
        aimed, _ = reduce(aimed, state, PointerUp(tap.x, tap.y, touch=True))
        said = unescape(re.sub(r"<[^>]+>", "", prompt_html(state, aimed)))
        if tap.y == 3.9:
            assert aimed.choice.aim is not None and aimed.choice.aim < 60.0
            assert "halts at once: it already touches the Wall" in said, said
            assert "turn it first" not in said
            continue
        assert aimed.choice.aim == 90.0, (tap, aimed.choice)
        assert "halts at once" not in said, said
        _, action = reduce(aimed, state, Press(Command.CONFIRM))
        assert action == Move("assault", 90.0, 0.0)
