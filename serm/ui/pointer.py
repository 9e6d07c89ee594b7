"""Pointer, wheel and nudges: what a press, a drag, a notch or an arrow key changes on screen.

Pure functions of ``(UI, State, input) -> (UI, action | None)`` used by ``serm.ui.reduce``. A
function that changes nothing returns the ``UI`` it was given.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import assert_never

from ..core import queries as q
from ..core.actions import Action
from ..core.geometry import Vec, bearing_of, card_polygon, point_in_polygon
from ..core.state import PendingKind, Soldier, State
from . import path, words
from .choose import pick_reactor, pick_target, say, select
from .deploy import moved
from .events import Hit, PointerDown, PointerMove, PointerUp
from .model import UI, ActMode, Choice, Drag, Pointer, Trace
from .screen import chosen, computer_to_decide, landing, rotating_centre, setting_facing

ROTATE_STEP = 15.0
"""Degrees per wheel notch or Q/E key press."""
NUDGE = 0.1
"""Card lengths per arrow-key press when positioning (Shift: five times as far)."""
TAP_SLOP = 0.15
"""How far (L at the fitted zoom) a finger may slide and still count as a tap where it pressed."""
AIM_STEP = 5.0
"""Degrees an arrow key turns the aim of a Move or of the Brawler's next corner."""
SNAP = 20.0
"""Degrees either side of a refused facing searched for one that fits, when a turning drag ends."""
Outcome = tuple[UI, Action | None]


def _dragging(ui: UI, drag: Drag) -> UI:
    return replace(ui, pointer=replace(ui.pointer, drag=drag, before=ui))


def down(ui: UI, state: State, ev: PointerDown) -> Outcome:
    """A press: start a drag, add a Brawler corner, choose a soldier, pick a reactor or a
    target (played once confirmed)."""
    p = state.pending
    if p is None:
        return ui, None
    if ev.hit.handle:
        return move(_dragging(ui, Drag.ROTATE), state, PointerMove(ev.x, ev.y, ev.hit))
    match p.kind:
        case PendingKind.PLACE:
            return _place_press(ui, state, ev), None
        case PendingKind.ACT:
            return _act_press(ui, state, ev)
        case PendingKind.PATH:
            return _corner(ui, state, Vec(ev.x, ev.y))
        case PendingKind.REACT:
            if ev.hit.card and ev.hit.player == p.player:
                return pick_reactor(ui, state, ev.hit.card), None
        case PendingKind.TARGET:
            if ev.hit.card and ev.hit.player != p.player:
                return pick_target(ui, state, ev.hit.card), None
        case PendingKind.STOP:
            return move(_dragging(ui, Drag.STOP), state, PointerMove(ev.x, ev.y, ev.hit))
        case PendingKind.FACE:
            return move(_dragging(ui, Drag.ROTATE), state, PointerMove(ev.x, ev.y, ev.hit))
        case PendingKind.ROLL:
            pass
    return ui, None


def chooses(ui: UI, state: State, hit: Hit) -> bool:
    """A press on ``hit``'s card is a choice of the step: one of the deciding side's soldiers to
    activate (R7) or to React with (R18), or an enemy to shoot (R21, R22)."""
    p = state.pending
    if p is None or not hit.card:
        return False
    mine = hit.player == p.player
    match p.kind:
        case PendingKind.ACT:
            return mine or ui.choice.mode == ActMode.SHOOT
        case PendingKind.REACT:
            return mine
        case PendingKind.TARGET:
            return not mine
    return False


def _place_press(ui: UI, state: State, ev: PointerDown) -> UI:
    """While placing, a drag moves only what it starts on: pressed on the card being placed
    (drawn over any card already placed), it grips that card, which then follows the pointer
    from where it was gripped. A press is also a tap until it leaves the tap's reach
    (``Pointer.pressed``): on a card already placed a tap looks at it and moves nothing;
    anywhere else, inside the outline of the card being placed too, it puts the card being
    placed there (``up``: that card is not placed yet, R6). A drag from bare table pans the
    view (``serm.ui.zoom``) and a drag from a placed card moves nothing."""
    pos, g = Vec(ev.x, ev.y), ui.ghost
    on_card = _on_table(state, ev.hit) or _on_placed(state, pos)
    if g is not None and _on_ghost(ui, pos):
        tap = None if on_card else pos
        grip = Vec(g.x, g.y) - pos
        return _dragging(
            replace(ui, pointer=replace(ui.pointer, grip=grip, pressed=tap)), Drag.GHOST
        )
    return replace(ui, pointer=replace(ui.pointer, pressed=pos, on_card=on_card))


def _on_table(state: State, hit: Hit) -> bool:
    """The press is on a card on the table (not on the card being placed, which is not yet)."""
    key = hit.soldier
    return key is not None and any((s.player, s.card) == key for s in state.on_table())


def _on_placed(state: State, pos: Vec) -> bool:
    """``pos`` lies inside the outline of a card on the table (the card being placed, drawn
    over them, may hide it from the pointer)."""
    return any(point_in_polygon(pos, s.polygon()) for s in state.on_table())


def _on_ghost(ui: UI, pos: Vec) -> bool:
    """The press is on the card being placed, drawn over any card already placed: it is
    gripped, whatever lies under it."""
    g = ui.ghost
    return g is not None and point_in_polygon(pos, card_polygon(Vec(g.x, g.y), g.facing))


def _act_press(ui: UI, state: State, ev: PointerDown) -> Outcome:
    p, mode, hit = state.pending, ui.choice.mode, ev.hit
    assert p is not None
    if mode == ActMode.SHOOT and hit.card and hit.player != p.player:
        return pick_target(ui, state, hit.card), None
    s = chosen(state, ui)
    if mode == ActMode.AIM and s is not None and s.type.traces_path:
        return ui, None  # the Brawler aims nothing before its roll (R17): only its handle turns it
    if mode in (ActMode.AIM, ActMode.TURN):
        drag = Drag.AIM if mode == ActMode.AIM else Drag.ROTATE
        return move(_dragging(ui, drag), state, PointerMove(ev.x, ev.y, Hit()))
    if hit.card and hit.player == p.player:
        return select(ui, state, hit.card), None
    if hit.soldier is not None:  # an enemy card tapped: keep its LOS region drawn
        return _hover(ui, hit.soldier), None
    if ui.pointer.hover is not None and not hit.card:  # a press on the bare table: no hover
        return _hover(ui, None), None
    return ui, None


def _hover(ui: UI, key: tuple[int, str] | None) -> UI:
    if ui.pointer.hover == key:
        return ui
    return replace(ui, pointer=replace(ui.pointer, hover=key))


def _corner(ui: UI, state: State, toward: Vec) -> Outcome:
    """A corner toward ``toward``; the path is sent once its length is spent, or once it has
    all the corners a path may have (C19: its end then goes straight on with the length left).
    A path that would halt (R16) is not sent by the tap: the board marks the halt, the prompt
    says what halts it, and the player confirms it or takes the corner back (R17)."""
    stop = path.halt(state, path.points(state, ui.trace))
    if stop is not None:  # the path already halts: only the prompt's buttons end or undo it
        said = (
            f"The Brawler's path already {path.halt_words(state, stop, ui.trace)}: a corner past "
            "the halt adds nothing. Finish path moves it so; Undo corner takes the last corner "
            "back."
        )
        return say(ui, said, "R16"), None
    if path.at_limit(ui.trace):
        return ui, _unless_halting(state, ui.trace)
    trace = path.add_corner(state, ui.trace, toward)
    if trace is None:
        return say(ui, "A corner this close to the last one adds nothing: tap farther off."), None
    ui = say(replace(ui, trace=trace), "")
    if path.complete(state, trace) or path.at_limit(trace):
        return ui, _unless_halting(state, trace)
    return ui, None


def _unless_halting(state: State, trace: Trace) -> Action | None:
    """The finished path, or None when it halts the Brawler: that waits for a confirm."""
    return None if path.sent_halts(state, trace) else path.finished(state, trace)


def corner_at_cursor(ui: UI, state: State) -> Outcome:
    """Space while tracing: a corner where the keyboard cursor points (R17)."""
    p = state.pending
    if p is None or p.kind != PendingKind.PATH or ui.trace.cursor is None:
        return ui, None
    return _corner(ui, state, ui.trace.cursor)


def move(ui: UI, state: State, ev: PointerMove) -> Outcome:
    """The pointer moved, pressed or not: hover, and whatever is being dragged or aimed."""
    ui = _hover(ui, ev.hit.soldier)
    p, pos = state.pending, Vec(ev.x, ev.y)
    if p is None or computer_to_decide(state, ui):  # a computer's step: only the hover
        return ui, None
    match ui.pointer.drag:
        case Drag.ROTATE:
            centre = rotating_centre(state, ui)
            if centre is not None and (pos - centre).length() > 0.1:
                return _turned(ui, state, bearing_of(pos - centre)), None
        case Drag.GHOST:
            if ui.pointer.pressed is not None and not _near(ui, ui.pointer.pressed, pos):
                ui = replace(ui, pointer=replace(ui.pointer, pressed=None))  # no longer a tap
            if ui.ghost is not None:
                at = pos + ui.pointer.grip
                return replace(ui, ghost=moved(state, ui.ghost, at.x, at.y, ui.ghost.facing)), None
        case Drag.STOP:
            return replace(ui, stop_at=_along_move(state, pos)), None
        case Drag.AIM | Drag.NONE:
            if ui.pointer.pressed is not None and not _near(ui, ui.pointer.pressed, pos):
                ui = replace(ui, pointer=replace(ui.pointer, pressed=None))  # no longer a tap
            return _follow(ui, state, pos), None
        case Drag.PAN | Drag.PINCH:  # the view's (serm.ui.zoom); a finger not in it hovers
            pass
        case _:
            assert_never(ui.pointer.drag)
    return ui, None


def _turned(ui: UI, state: State, facing: float) -> UI:
    """The handle dragged to ``facing``. While a Move is aimed and its aim is not yet set on
    purpose (``Choice.aim_locked``: a press or drag on the board, the arrow keys), the aim turns
    with the card: a drag that starts on the handle, where the aim line begins, points the Move
    the way the card then faces; once aimed, the handle turns only the card."""
    ui = set_facing(ui, state, facing)
    c, s = ui.choice, chosen(state, ui)
    p = state.pending
    aiming = p is not None and p.kind == PendingKind.ACT and c.mode == ActMode.AIM
    if aiming and not c.aim_locked and s is not None and not s.type.traces_path:
        return replace(ui, choice=replace(c, aim=c.facing))
    return ui


def _follow(ui: UI, state: State, pos: Vec) -> UI:
    """A Move's aim follows the pointer until it is set (a drag sets it while it lasts); the
    Brawler's next leg follows it while its path is traced."""
    p = state.pending
    assert p is not None
    if p.kind == PendingKind.ACT and ui.choice.mode == ActMode.AIM:
        s = chosen(state, ui)
        follow = ui.pointer.drag == Drag.AIM or not ui.choice.aim_locked
        if s is not None and s.type.traces_path:
            return ui  # the Brawler declares no direction (R17)
        if follow and s is not None and (pos - s.pos).length() > 0.3:
            aim = round(bearing_of(pos - s.pos), 1)
            return replace(ui, choice=replace(ui.choice, aim=aim))
    elif p.kind == PendingKind.PATH:
        return replace(ui, trace=replace(ui.trace, cursor=pos))
    return ui


def up(ui: UI, state: State, ev: PointerUp) -> UI:
    """The press ends. A finger leaves no hover behind: after a touch only an enemy card tapped
    on purpose keeps its LOS region drawn (a mouse keeps hovering where it is)."""
    ptr, p = ui.pointer, state.pending
    own = p is not None and ptr.hover is not None and ptr.hover[0] == p.player
    hover = None if ev.touch and (own or ptr.drag != Drag.NONE) else ptr.hover
    if ptr.drag == Drag.NONE and hover == ptr.hover and ptr.pressed is None:
        return ui
    choice = ui.choice
    if ptr.drag == Drag.AIM:
        choice = replace(_slid(state, ui, choice), aim_locked=True)
    if ptr.drag == Drag.ROTATE:
        choice = _fitted(state, ui, choice)
        ui, choice = _aim_kept(state, ui, choice)
    ghost = ui.ghost
    if ptr.pressed is not None and not ptr.on_card and ghost and _tapped(ui, ptr.pressed, ev):
        ghost = moved(state, ghost, ptr.pressed.x, ptr.pressed.y, ghost.facing)
    return replace(ui, choice=choice, ghost=ghost, pointer=Pointer(hover=hover))


def _fitted(state: State, ui: UI, choice: Choice) -> Choice:
    """A turning drag that ends on a facing the card cannot take where it stands (it would stick
    out over the table's edge or overlap something, R4) ends on the nearest facing within
    ``SNAP`` degrees that it can take: against an edge only the facings square to it fit, which a
    finger cannot hit to the degree. Nothing fits that near: the refused facing stays, and the
    prompt says why."""
    s = chosen(state, ui)
    if s is None or choice.facing is None or not setting_facing(state, ui):
        return choice
    wanted = choice.facing
    if q.facing_problem(state, s, wanted) is None:
        return choice
    steps = [wanted + k for k in range(-int(SNAP), int(SNAP) + 1) if k]
    square = [90.0 * k for k in range(5) if _apart(90.0 * k, wanted) <= SNAP]
    for facing in sorted(steps + square, key=lambda f: _apart(f, wanted)):
        facing = round(facing % 360.0, 1)
        if q.facing_problem(state, s, facing) is None:
            return replace(choice, facing=facing)
    return choice


def _slid(state: State, ui: UI, choice: Choice) -> Choice:
    """A Move aimed, when the press ends, where its card would halt at once against the table's
    edge, terrain or a soldier of its own (R16) takes the nearest aim within ``SNAP`` degrees on
    which it gets under way: a card pressed against a wall slides only along it (square to its
    own sides), which a finger cannot hit to the degree. Nothing that near: the aim stays, and
    the prompt says why."""
    s = chosen(state, ui)
    if s is None or choice.aim is None or choice.mode != ActMode.AIM or s.type.traces_path:
        return choice
    facing = s.facing if choice.facing is None else choice.facing
    wanted = choice.aim
    if not _stuck(state, s, wanted, facing):
        return choice
    square = [facing + 90.0 * k for k in range(4) if _apart(facing + 90.0 * k, wanted) <= SNAP]
    steps = [wanted + k for k in (-20.0, -15.0, -10.0, -5.0, 5.0, 10.0, 15.0, 20.0)]
    for aim in sorted(square + steps, key=lambda a: _apart(a, wanted)):
        if not _stuck(state, s, aim % 360.0, facing):
            return replace(choice, aim=aim % 360.0)
    return choice


def _stuck(state: State, s: Soldier, aim: float, facing: float) -> bool:
    halt = landing(state, s, aim, facing).halt
    return words.stuck_against(state, s, aim, facing, halt) is not None


def _aim_kept(state: State, ui: UI, choice: Choice) -> tuple[UI, Choice]:
    """A turning drag at the start of a Move that ends on a facing the card cannot take (R4),
    with none near it that it can (``_fitted``): the card and the aim go back to how they were
    before the drag, and why is said. The Move cannot be rolled so turned, and a handle turned
    over the table's edge may lie where no press reaches it."""
    s, before = chosen(state, ui), ui.pointer.before
    if s is None or choice.mode != ActMode.AIM or choice.facing is None or before is None:
        return ui, choice
    problem = q.facing_problem(state, s, choice.facing)
    if problem is None:
        return ui, choice
    said = words.facing(s, problem)
    return say(ui, said.text, said.rule), before.choice


def _apart(a: float, b: float) -> float:
    """Degrees between two bearings, the short way round (0 to 180)."""
    return abs((a - b + 180.0) % 360.0 - 180.0)


def _tapped(ui: UI, pressed: Vec, ev: PointerUp) -> bool:
    """The finger let go where it pressed (within ``TAP_SLOP`` screen-sized card lengths)."""
    return _near(ui, pressed, Vec(ev.x, ev.y))


def _near(ui: UI, a: Vec, b: Vec) -> bool:
    """``b`` is within a tap's reach of ``a`` (``TAP_SLOP`` screen-sized card lengths)."""
    return (b - a).length() <= TAP_SLOP / ui.viewport.zoom


def left(ui: UI, state: State) -> UI:
    """The pointer left the board, not pressed, while a Brawler's path is traced (R17): a mouse
    on its way to Straight on crosses the board, and would swing the leg toward the panel. The
    rest of the path is then drawn, and played by Straight on, toward where the pointer last
    rested on the board since the last corner (what the panel said of it then, and of who
    could React, is what is sent); with no such rest, along the last leg, or, before the first
    corner, still toward the pointer."""
    p = state.pending
    if ui.pointer.drag != Drag.NONE or p is None or p.kind != PendingKind.PATH:
        return ui
    rested = _rested_leg(state, ui)
    if rested is not None:
        return replace(ui, trace=replace(ui.trace, cursor=rested))
    if ui.trace.cursor is None or not ui.trace.corners:
        return ui
    return replace(ui, trace=replace(ui.trace, cursor=None))


def _rested_leg(state: State, ui: UI) -> Vec | None:
    """The end of the leg drawn toward the pointer when it last rested (the path the outlook
    was worked out for), when that path is the one traced now plus that leg; else None."""
    o, mv, a = ui.outlook, state.move, state.activation
    if o is None or mv is None or a is None or o.soldier != (a.player, mv.card):
        return None
    pts = tuple(path.points(state, ui.trace))
    if len(o.path) != len(pts) + 1 or o.path[:-1] != pts:
        return None
    return o.path[-1]


def cancel(ui: UI) -> UI:
    """The browser took the pointer away mid-drag: back to the screen before the drag began
    (the board's view stays as it is)."""
    before = ui.pointer.before
    if ui.pointer.drag == Drag.NONE or before is None:
        return ui
    return replace(before, pointer=Pointer(), viewport=ui.viewport)


def set_facing(ui: UI, state: State, facing: float) -> UI:
    """Set the facing being chosen (of the card being placed, or of the chosen soldier)."""
    facing = round(facing % 360.0, 1)
    p = state.pending
    if p is not None and p.kind == PendingKind.PLACE and ui.ghost is not None:
        g = ui.ghost
        return replace(ui, ghost=moved(state, g, g.x, g.y, facing))
    return replace(ui, choice=replace(ui.choice, facing=facing, facing_touched=True))


def rotate(ui: UI, state: State, degrees: float) -> UI:
    """Turn whatever is being turned by ``degrees`` (wheel notch, Q/E)."""
    p = state.pending
    if p is None:
        return ui
    if p.kind == PendingKind.PLACE and ui.ghost is not None:
        return set_facing(ui, state, ui.ghost.facing + degrees)
    if rotating_centre(state, ui) is not None and ui.choice.facing is not None:
        return set_facing(ui, state, ui.choice.facing + degrees)
    return ui


def nudge(ui: UI, state: State, dx: float, dy: float) -> UI:
    """Arrow keys: move the card being placed, turn the aim or the Brawler's next corner, or
    slide the stop point."""
    p = state.pending
    if p is None:
        return ui
    if p.kind == PendingKind.PLACE and ui.ghost is not None:
        g = ui.ghost
        return replace(ui, ghost=moved(state, g, g.x + dx * NUDGE, g.y + dy * NUDGE, g.facing))
    c = ui.choice
    if p.kind == PendingKind.ACT and c.mode == ActMode.AIM and c.aim is not None:
        aim = (c.aim + AIM_STEP * (dx + dy)) % 360.0
        return replace(ui, choice=replace(c, aim=aim, aim_locked=True))
    if p.kind == PendingKind.STOP and ui.stop_at is not None and state.move is not None:
        stop = min(max(ui.stop_at + NUDGE * (dx - dy), 0.0), state.move.halt)
        return replace(ui, stop_at=stop)
    if p.kind == PendingKind.PATH:
        return replace(ui, trace=path.steer(state, ui.trace, AIM_STEP * (dx + dy)))
    return ui


def stop_to_end(ui: UI, state: State, far: bool) -> UI:
    """Home and End: the stop point to the start of the Move's path (0 L) or, ``far``, to
    where it would halt, the two ends of the range the arrow keys slide it in (R19, C15)."""
    p, mv = state.pending, state.move
    if p is None or p.kind != PendingKind.STOP or ui.stop_at is None or mv is None:
        return ui
    return replace(ui, stop_at=mv.halt if far else 0.0)


def _along_move(state: State, pos: Vec) -> float:
    """How far along the reacted-to Move's path (L, at most its halt) ``pos`` lies closest."""
    mv = state.move
    if mv is None or not mv.path:
        return 0.0
    best, best_d, travelled = 0.0, math.inf, 0.0
    for i in range(len(mv.path) - 1):
        a, b = mv.path[i], mv.path[i + 1]
        seg = b - a
        ln2 = seg.dot(seg)
        t = 0.0 if ln2 == 0 else max(0.0, min(1.0, (pos - a).dot(seg) / ln2))
        d = (a + seg * t - pos).length()
        if d < best_d:
            best, best_d = travelled + t * math.sqrt(ln2), d
        travelled += math.sqrt(ln2)
    return min(best, mv.halt)
