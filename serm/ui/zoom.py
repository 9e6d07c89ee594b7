"""Zoom and pan: what fingers, the middle button, Ctrl + wheel and the zoom buttons do to the
board's view (``UI.viewport``), as pure functions used by ``serm.ui.reduce``.

Two fingers always zoom and pan (a drag the first finger began never happened). One finger, or
the left button, pans only from bare table and only in a step that uses no drag on the board
(aiming, turning, setting a facing, a stop point or the Brawler's path use one; placing drags
only the card being placed); a press that starts on a card or a handle never pans. The middle
button or Space held pans from anywhere. Panning and zooming is allowed whoever decides, the
computer too: it changes only the view.

Finger positions are table points (L) as the board shows them now; when the view changes, the
points under the still fingers are found again with ``serm.view.frame.remap``.
"""

from __future__ import annotations

import math
from dataclasses import replace

from ..core.actions import Action
from ..core.geometry import Vec
from ..core.state import PendingKind, State
from ..view import frame
from ..view.model import SoldierKey, Viewport
from . import pointer
from .events import Command, PointerCancel, PointerDown, PointerMove, PointerUp, ZoomAt
from .model import UI, ActMode, Drag, Pointer
from .screen import computer_to_decide

Outcome = tuple[UI, Action | None]
Fingers = tuple[tuple[int, Vec], ...]
GESTURES = (Drag.PAN, Drag.PINCH)
WHEEL_ZOOM = 0.003
"""How much one pixel of Ctrl + wheel zooms: a mouse notch (100 px) by about 1.35."""


def wheel_factor(delta_y: float) -> float:
    """The zoom factor of a Ctrl + wheel turn of ``delta_y`` pixels (< 0, toward the screen,
    zooms in), for ``ZoomAt``."""
    return math.exp(-delta_y * WHEEL_ZOOM)


def board_drag(state: State, ui: UI) -> bool:
    """True when the step asks for a one-finger drag (or press) anywhere on the board."""
    p = state.pending
    if p is None or computer_to_decide(state, ui):
        return False
    match p.kind:
        case PendingKind.STOP | PendingKind.FACE | PendingKind.PATH:
            return True
        case PendingKind.PLACE:  # only the card being placed is dragged; bare table pans
            return False
        case PendingKind.ACT:
            return ui.choice.mode in (ActMode.AIM, ActMode.TURN)
        case PendingKind.ROLL | PendingKind.REACT | PendingKind.TARGET:
            return False


def _put(fingers: Fingers, id_: int, at: Vec) -> Fingers:
    """``fingers`` with finger ``id_`` at ``at`` (in its place, or last if new)."""
    if any(i == id_ for i, _ in fingers):
        return tuple((i, at if i == id_ else p) for i, p in fingers)
    return (*fingers, (id_, at))


def _drop(fingers: Fingers, id_: int) -> Fingers:
    return tuple((i, p) for i, p in fingers if i != id_)


def _pressed(ui: UI, id_: int) -> bool:
    return any(i == id_ for i, _ in ui.pointer.fingers)


def down(ui: UI, state: State, ev: PointerDown) -> Outcome:
    """A press: a second finger starts a pinch; a press that may pan starts a pan (after doing
    what a tap there does); any other press is the game's (``serm.ui.pointer.down``)."""
    fingers = _put(ui.pointer.fingers, ev.id, Vec(ev.x, ev.y))
    if len(fingers) >= 2:  # what the first finger's press began never happened
        before = ui.pointer.before
        base = ui if before is None else replace(before, viewport=ui.viewport)
        hover = base.pointer.hover
        return replace(base, pointer=Pointer(hover, Drag.PINCH, fingers=fingers[-2:])), None
    computer = computer_to_decide(state, ui)
    bare = not ev.hit.card and not ev.hit.handle
    pans = ev.pan or (bare and not board_drag(state, ui))
    after, action = (ui, None) if ev.pan or computer else pointer.down(ui, state, ev)
    if action is not None:
        return _track(after, fingers), action
    drag = Drag.PAN if pans and after.pointer.drag == Drag.NONE else after.pointer.drag
    if ev.touch and not ev.pan:  # a finger's tap on a card shows its details (a mouse hovers)
        looks = drag in (Drag.NONE, Drag.PAN) or after.pointer.on_card  # else they give way
        looks = looks and not board_drag(state, ui)  # a Brawler corner's tap is a corner only
        looks = looks and (computer or not pointer.chooses(ui, state, ev.hit))  # it chooses
        after = _inspect(after, ev.hit.soldier if looks else None)
    before = after.pointer.before or ui  # a second finger goes back to it
    ptr = replace(after.pointer, drag=drag, before=before, fingers=fingers)
    return replace(after, pointer=ptr), None


def _inspect(ui: UI, key: SoldierKey | None) -> UI:
    return ui if ui.inspect == key else replace(ui, inspect=key)


def _track(ui: UI, fingers: Fingers) -> UI:
    if ui.pointer.fingers == fingers:
        return ui
    return replace(ui, pointer=replace(ui.pointer, fingers=fingers))


def move(ui: UI, state: State, ev: PointerMove) -> Outcome:
    """A move: a pan or a pinch follows the fingers; anything else is the game's."""
    ptr = ui.pointer
    if ptr.drag not in GESTURES or not _pressed(ui, ev.id):
        after, action = pointer.move(ui, state, ev)
        if not _pressed(after, ev.id):
            return after, action
        return _track(after, _put(after.pointer.fingers, ev.id, Vec(ev.x, ev.y))), action
    sc = state.scenario
    at = Vec(ev.x, ev.y)
    fingers = _put(ptr.fingers, ev.id, at)
    anchors = tuple(p for _, p in ptr.fingers)
    vp = frame.follow(sc, ui.viewport, anchors, tuple(p for _, p in fingers))
    moved = tuple((i, frame.remap(sc, ui.viewport, vp, p)) for i, p in fingers)
    pressed = ptr.pressed
    if pressed is not None and (at - pressed).length() > pointer.TAP_SLOP / ui.viewport.zoom:
        pressed = None  # a drag, not a tap
    if pressed is not None:  # the table point under where it pressed on the screen
        pressed = frame.remap(sc, ui.viewport, vp, pressed)
    return replace(ui, viewport=vp, pointer=replace(ptr, fingers=moved, pressed=pressed)), None


def up(ui: UI, state: State, ev: PointerUp) -> UI:
    """A release: the last finger of a pinch pans on; the end of a press is the game's."""
    ptr = ui.pointer
    rest = _drop(ptr.fingers, ev.id)
    if ptr.fingers and not _pressed(ui, ev.id):
        return ui  # a pointer this screen never saw pressed
    if rest:
        drag = Drag.PAN if ptr.drag in GESTURES else ptr.drag
        return replace(ui, pointer=replace(ptr, drag=drag, fingers=rest))
    return _track(pointer.up(ui, state, ev), ())


def cancel(ui: UI, ev: PointerCancel) -> UI:
    """The browser took a pointer away: a pan or a pinch stops where it is; a drag of the game
    goes back to the screen before it (``serm.ui.pointer.cancel``)."""
    ptr = ui.pointer
    if ptr.fingers and not _pressed(ui, ev.id):
        return ui  # already released (capture is lost after every release)
    rest = _drop(ptr.fingers, ev.id)
    if ptr.drag in GESTURES:
        drag = Drag.PAN if rest else Drag.NONE
        return replace(ui, pointer=replace(ptr, drag=drag, fingers=rest))
    return _track(pointer.cancel(ui), rest)


def zoom_at(ui: UI, state: State, ev: ZoomAt) -> UI:
    """Ctrl + wheel or a trackpad pinch: zoom about the point under the pointer."""
    vp = frame.zoom_about(state.scenario, ui.viewport, Vec(ev.x, ev.y), ev.factor)
    return _view(ui, state, vp)


def command(ui: UI, state: State, cmd: Command) -> UI:
    """The +, - and fit buttons (and their keys)."""
    sc, vp = state.scenario, ui.viewport
    match cmd:
        case Command.ZOOM_IN:
            return _view(ui, state, frame.zoom_centre(sc, vp, frame.STEP))
        case Command.ZOOM_OUT:
            return _view(ui, state, frame.zoom_centre(sc, vp, 1 / frame.STEP))
        case _:
            return _view(ui, state, frame.clamp(sc, replace(vp, zoom=1.0)))


def _view(ui: UI, state: State, vp: Viewport) -> UI:
    """``ui`` showing ``vp``, the pressed fingers found again under the new view."""
    if vp == ui.viewport:
        return ui
    sc = state.scenario
    ptr = ui.pointer
    fingers = tuple((i, frame.remap(sc, ui.viewport, vp, p)) for i, p in ptr.fingers)
    pressed = None if ptr.pressed is None else frame.remap(sc, ui.viewport, vp, ptr.pressed)
    return replace(ui, viewport=vp, pointer=replace(ptr, fingers=fingers, pressed=pressed))


def kept(ptr: Pointer) -> Pointer:
    """What of the pointer survives a change of the game's state: the hover, the pressed
    fingers and a pan or pinch under way (a drag of the game ends with its step)."""
    drag = ptr.drag if ptr.drag in GESTURES else Drag.NONE
    return Pointer(hover=ptr.hover, drag=drag, fingers=ptr.fingers)
