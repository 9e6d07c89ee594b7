"""The one way the screen changes: ``reduce(ui, state, event) -> (ui, action | None)``.

A pure function, like a boardgame.io reducer: it reads the game's ``State`` and never changes it.
When the event means a player's decision, it returns the action; the caller plays it through the
engine (``Game.play``), then tells the screen with a ``Settled`` event (or ``Refused`` when the
engine refuses it). ``Settled`` may itself return an action: a default the screen shows and the
player can switch off (``Settings.auto_last_target``), never a rules decision of its own.

Input for a decision that belongs to a computer player is ignored (it may still hover and show
the enemy's LOS). See ``serm.ui.events`` for the events and ``serm.ui.keys`` for the key map.
"""

from __future__ import annotations

from dataclasses import replace
from typing import assert_never

from ..core import queries as q
from ..core.actions import Action, End, Face, Move, Place, React, Roll, Shoot, Stop, Turn
from ..core.state import PendingKind, Soldier, State, Status
from . import exposure, outlook, path, playback, pointer, words, zoom
from .choose import choose_card, confirmed, pick_reactor, pick_target, say, select, targets, tell
from .deploy import attempt, new_ghost, unplaced
from .events import (
    Command,
    Dice,
    Event,
    Key,
    PointerCancel,
    PointerDown,
    PointerLeft,
    PointerMove,
    PointerUp,
    Press,
    Refused,
    Rest,
    Settled,
    ShowEnded,
    Shown,
    Skip,
    Speed,
    Wheel,
    ZoomAt,
)
from .keys import binding
from .model import UI, ActMode, Choice, Feedback, Trace
from .screen import choices, chosen, computer_to_decide, facing_problem, nowhere, unturned

Outcome = tuple[UI, Action | None]


def reduce(ui: UI, state: State, event: Event) -> Outcome:
    """The screen after ``event``, and the action it asks the engine for (or None).

    Returns the same ``ui`` object when the event changes nothing. A card's details close when
    a Move, a Turn or a Shoot starts to be set up: the board is then the player's to aim on.
    A refusal tells why the last attempt was refused: a new one (``_attempt``) takes its
    place, and the refusal goes.
    """
    after, action = _reduce(ui, state, event)
    mode = after.choice.mode
    if after.inspect is not None and mode != ActMode.MENU and mode != ui.choice.mode:
        after = replace(after, inspect=None)
    if _refusal(ui) and after.feedback == ui.feedback and _attempt(after) != _attempt(ui):
        after = say(after, "")
    return after, action


def _refusal(ui: UI) -> bool:
    """The panel says why an attempt was refused (not news of what happened)."""
    return bool(ui.feedback.message) and not ui.feedback.news


def _attempt(ui: UI) -> tuple[object, ...]:
    """What the person deciding is setting up, a change of which is a new attempt: the card
    being placed, where and facing which way (``deploy.attempt``, R4, R6), the soldier chosen,
    what is set for it (a Move, a Turn, a Shoot), its facing, the card it picks (R14, R18,
    R21) and its Move's aim once set (R15: before, the aim only follows the pointer), the
    Brawler's corners (R17) and the stop point (R19)."""
    c = ui.choice
    aim = c.aim if c.aim_locked else None
    return (
        attempt(ui.ghost),
        c.soldier,
        c.mode,
        c.facing,
        c.pick,
        aim,
        ui.trace.corners,
        ui.stop_at,
    )


def _reduce(ui: UI, state: State, event: Event) -> Outcome:
    match event:
        case Shown():
            return playback.shown(ui, event), None
        case Skip():
            return playback.skip(ui), None
        case ShowEnded():
            return playback.ended(ui, event.show), None
        case Speed():
            return playback.speed(ui, event.name), None
        case Settled():
            return settle(ui, state, event.recent_from)
        case Refused():
            return refused(ui, state, event), None
        case Rest():
            if outlook.active(state, ui):
                return outlook.rest(ui, state), None
            return exposure.step(ui, state), None
        case PointerMove():
            return zoom.move(ui, state, event)
        case PointerUp():
            return zoom.up(ui, state, event), None
        case PointerCancel():
            return zoom.cancel(ui, event), None
        case PointerLeft():
            return pointer.left(ui, state), None
        case PointerDown():  # zoom and pan whoever decides; the computer's step takes no press
            return zoom.down(ui, state, event)
        case ZoomAt():
            return zoom.zoom_at(ui, state, event), None
        case Key():
            found = binding(event.key)
            if found is None:
                return ui, None
            return reduce(ui, state, Press(found.command, found.arg, big=event.shift))
        case Press(
            command=Command.LOS
            | Command.EXPOSURE
            | Command.ZOOM_IN
            | Command.ZOOM_OUT
            | Command.ZOOM_FIT
            | Command.CLOSE_CARD
            | Command.REPLAY_LAST
        ):
            return press(ui, state, event)  # the views and a card: any time
        case Press() if ui.playback.playing:  # a question's button: it ends the show and acts
            return reduce(playback.skip(ui), state, event)
        case _ if computer_to_decide(state, ui):
            return ui, None
        case Wheel():
            step = pointer.ROTATE_STEP if event.delta > 0 else -pointer.ROTATE_STEP
            return pointer.rotate(ui, state, step), None
        case Press():
            return press(ui, state, event)
        case Dice():
            return dice(ui, state, event.text)
        case _:
            assert_never(event)


def settle(ui: UI, state: State, recent_from: int | None = None) -> Outcome:
    """Fit the screen to what the game now waits for (after an action, or a game opened).

    Clears the choice, the previews and the message; keeps the hover, a pan or pinch under
    way, the settings, the viewport, the playback and (during deployment) the Exposure view's
    work. During the deployment "what just happened" starts at the log's start: the roll-off
    that decided who places first (R5) is told until the last card is placed. With one Gunner
    target left and ``auto_last_target`` on, returns that Shoot (R22);
    when no React offered to a person can beat the Move total, returns "no React" (R19: a
    React that cannot succeed is no choice; the log's line of it says why).
    """
    start = ui.feedback.recent_from if recent_from is None else recent_from
    feedback = Feedback("", 0 if state.status == Status.DEPLOYMENT else start)
    base = UI(
        seats=ui.seats,
        pointer=zoom.kept(ui.pointer),
        settings=ui.settings,
        feedback=feedback,
        viewport=ui.viewport,
        exposure=ui.exposure if state.status in (Status.SETUP, Status.DEPLOYMENT) else (),
        playback=ui.playback,
    )
    p = state.pending
    if p is None:
        return base, None
    a, mv = state.activation, state.move
    match p.kind:
        case PendingKind.PLACE:
            card = unplaced(state, p.player)[0].card
            return replace(base, ghost=new_ghost(state, p.player, card)), None
        case PendingKind.ACT:
            if a is not None and a.card is not None:
                return replace(base, choice=Choice(soldier=(a.player, a.card))), None
            return base, None
        case PendingKind.TARGET:
            return base, _last_target(base, state)
        case (
            PendingKind.ROLL
            | PendingKind.PATH
            | PendingKind.REACT
            | PendingKind.STOP
            | PendingKind.FACE
        ):
            if mv is None or a is None:
                return base, None
            if p.kind == PendingKind.REACT and not ui.seats.computer(p.player):
                if q.react_hopeless(state):  # not a choice: no question
                    return base, React(None)
            mover = state.soldier(a.player, mv.card)
            facing = mover.facing if p.kind == PendingKind.FACE else None
            choice = Choice(soldier=(a.player, mv.card), facing=facing)
            stop = _first_stop(state) if p.kind == PendingKind.STOP else None
            return replace(base, choice=choice, stop_at=stop), None
        case _:
            assert_never(p.kind)


def _first_stop(state: State) -> float:
    """Where the stop point starts: where the reactor first saw the mover (R19)."""
    mv = state.move
    assert mv is not None
    idx = mv.reactors.index(mv.reactor) if mv.reactor in mv.reactors else 0
    return min(mv.entries[idx], mv.halt) if mv.entries else 0.0


def _last_target(ui: UI, state: State) -> Action | None:
    """The Gunner's one target left, shot by the screen's default (R22: no order to pick)."""
    p, shot = state.pending, state.shot
    if p is None or shot is None or len(p.options) != 1 or ui.seats.computer(p.player):
        return None
    return Shoot(shot.shooter, p.options[0]) if ui.settings.auto_last_target else None


def refused(ui: UI, state: State, event: Refused) -> UI:
    """The engine refused the action: say why in words, its rule in small print; nothing else
    changes."""
    return tell(ui, words.refusal(state, event.rule, event.text, event.action))


def press(ui: UI, state: State, event: Press) -> Outcome:
    """A command from a button or a key; see ``Command``. A target or a reactor is picked
    first and played on CONFIRM (its dice are rolled only then); declining a React is at once."""
    cmd, arg = event.command, event.arg
    step = 5.0 if event.big else 1.0
    match cmd:
        case Command.LOS:
            settings = replace(ui.settings, show_all_los=not ui.settings.show_all_los)
            return replace(ui, settings=settings), None
        case Command.EXPOSURE:
            # turned off, the view keeps none of its work (thousands of poses per side)
            on = not ui.settings.exposure
            settings = replace(ui.settings, exposure=on)
            return replace(ui, settings=settings, exposure=ui.exposure if on else ()), None
        case Command.ZOOM_IN | Command.ZOOM_OUT | Command.ZOOM_FIT:
            return zoom.command(ui, state, cmd), None
        case Command.CLOSE_CARD:
            return (replace(ui, inspect=None) if ui.inspect else ui), None
        case Command.DETAILS:
            key = ui.choice.soldier
            return (ui if key is None or ui.inspect == key else replace(ui, inspect=key)), None
        case Command.AUTO_TARGET:
            on = not ui.settings.auto_last_target
            return replace(ui, settings=replace(ui.settings, auto_last_target=on)), None
        case Command.CONFIRM:
            return confirm(ui, state)
        case Command.CANCEL:
            return cancel(ui, state), None
        case Command.SELECT:
            return select(ui, state, arg), None
        case Command.CARD:
            return choose_card(ui, state, arg), None
        case Command.MOVE | Command.TURN | Command.SHOOT:
            return _begin(ui, state, cmd)
        case Command.END:
            return ui, (End() if _waiting(state, PendingKind.ACT) else None)
        case Command.REACT:
            if arg:
                return pick_reactor(ui, state, arg), None
            return ui, (React(None) if _waiting(state, PendingKind.REACT) else None)
        case Command.TARGET:
            return pick_target(ui, state, arg), None
        case Command.KEEP:
            return ui, (Face(None) if _waiting(state, PendingKind.FACE) else None)
        case Command.CORNER:
            return pointer.corner_at_cursor(ui, state)
        case Command.UNDO_CORNER:
            return _undo_corner(ui), None
        case Command.STRAIGHT:
            finish = _waiting(state, PendingKind.PATH)
            return ui, (path.finished(state, ui.trace) if finish else None)
        case Command.CHOOSE:
            listed = choices(state, ui)
            i = int(arg) if arg.isdigit() else len(listed)
            return press(ui, state, Press(*listed[i])) if i < len(listed) else (ui, None)
        case Command.ROTATE_LEFT | Command.ROTATE_RIGHT:
            sign = -1.0 if cmd == Command.ROTATE_LEFT else 1.0
            return pointer.rotate(ui, state, sign * pointer.ROTATE_STEP), None
        case Command.NUDGE_LEFT | Command.NUDGE_RIGHT:
            dx = -step if cmd == Command.NUDGE_LEFT else step
            return pointer.nudge(ui, state, dx, 0.0), None
        case Command.NUDGE_UP | Command.NUDGE_DOWN:
            dy = -step if cmd == Command.NUDGE_UP else step
            return pointer.nudge(ui, state, 0.0, dy), None
        case Command.STOP_START | Command.STOP_END:
            return pointer.stop_to_end(ui, state, cmd == Command.STOP_END), None
        case Command.REPLAY_LAST:
            return playback.replay_last(ui, state), None
        case _:
            assert_never(cmd)


def _undo_corner(ui: UI) -> UI:
    trace = ui.trace
    if not trace.corners:
        return ui
    return say(replace(ui, trace=replace(trace, corners=trace.corners[:-1])), "")


def _waiting(state: State, kind: PendingKind) -> bool:
    p = state.pending
    return p is not None and p.kind == kind


def confirm(ui: UI, state: State) -> Outcome:
    """Enter / the main button: the action the prompt proposes, when it is complete, with the
    numbers the screen shows it with (never rounded: a stop rounded past the path's end, or to
    just before where a reactor first sees the mover, would not be what was shown)."""
    p, c = state.pending, ui.choice
    if p is None:
        return ui, None
    if c.pick is not None:
        return ui, confirmed(ui, state)
    if p.kind == PendingKind.PLACE and ui.ghost is not None:
        g = ui.ghost
        return ui, Place(g.card, g.x, g.y, g.facing)
    s = chosen(state, ui)
    if p.kind == PendingKind.ACT and s is not None:
        facing = c.facing if c.facing is not None else s.facing
        if c.mode == ActMode.AIM and nowhere(state, ui) is not None:
            return ui, None  # a Move that would halt at once goes nowhere: not rolled (R16)
        if c.mode == ActMode.AIM and (c.aim is not None or s.type.traces_path):
            direction = None if s.type.traces_path else (c.aim or 0.0)
            return ui, _unless_refused(ui, state, Move(s.card, direction, facing))
        if c.mode == ActMode.TURN and c.facing is not None:
            if unturned(state, ui) is not None:  # never a no-op (R14): the prompt says why
                return replace(ui, choice=replace(c, facing_touched=True)), None
            return ui, _unless_refused(ui, state, Turn(s.card, c.facing))
    if p.kind == PendingKind.FACE:
        return ui, _unless_refused(ui, state, Face(c.facing))
    if p.kind == PendingKind.STOP and ui.stop_at is not None:
        return ui, Stop(ui.stop_at)
    if p.kind == PendingKind.PATH:
        return ui, path.finished(state, ui.trace)
    return ui, None


def _unless_refused(ui: UI, state: State, act: Action) -> Action | None:
    """``act``, or None when the prompt already says its facing is refused (R4): its button
    is disabled, and Enter sends nothing the engine would only refuse again."""
    return None if facing_problem(state, ui) is not None else act


def _only_target(state: State, ui: UI) -> bool:
    """The activated soldier's Shoot has one enemy in sight, picked when it began (R21): Back
    leaves the Shoot, with no list of one to go back to."""
    c = ui.choice
    return (
        c.mode == ActMode.SHOOT
        and _waiting(state, PendingKind.ACT)
        and len(targets(state, ui)) == 1
    )


def cancel(ui: UI, state: State) -> UI:
    """Esc / Back: close the card's details, drop the target or reactor picked (leave a Shoot
    whose one target was picked for it), restart the Brawler's path, leave the Move, Turn or
    Shoot being set up, or (before the activation is under way) put the soldier back."""
    ui = say(ui, "")
    if ui.inspect is not None:
        ui = replace(ui, inspect=None)
    c = ui.choice
    if c.pick is not None and not _only_target(state, ui):
        return replace(ui, choice=replace(c, pick=None))
    if _waiting(state, PendingKind.PATH):
        return replace(ui, trace=Trace(cursor=ui.trace.cursor)) if ui.trace.corners else ui
    if c.mode != ActMode.MENU:
        return replace(ui, choice=Choice(soldier=c.soldier))
    a = state.activation
    if c.soldier is not None and (a is None or a.card is None):
        return replace(ui, choice=Choice())
    return ui


def _begin(ui: UI, state: State, cmd: Command) -> Outcome:
    """Move, Turn or Shoot with the activated soldier (R7, R14, R15, R17, R21)."""
    s = chosen(state, ui)
    if s is None or not _waiting(state, PendingKind.ACT):
        return ui, None
    may_move, may_shoot = q.can_act(state, s)
    if cmd == Command.SHOOT:
        if not may_shoot:
            return _cannot(ui, state, s, "shoot"), None
        seen = q.visible_enemies(state, s)
        if not seen:
            return tell(ui, words.no_target(state, s)), None
        only = seen[0].card if len(seen) == 1 else None  # nothing to pick: its Shoot to confirm
        return replace(ui, choice=Choice((s.player, s.card), ActMode.SHOOT, pick=only)), None
    if not may_move:
        return _cannot(ui, state, s, "move"), None
    if cmd == Command.TURN:
        return replace(ui, choice=Choice((s.player, s.card), ActMode.TURN, facing=s.facing)), None
    if s.type.traces_path:  # it rolls first, then traces its path (R17): no aim to set
        return replace(ui, choice=Choice((s.player, s.card), ActMode.AIM, facing=s.facing)), None
    return replace(
        ui, choice=Choice((s.player, s.card), ActMode.AIM, aim=s.facing, facing=s.facing)
    ), None


def _cannot(ui: UI, state: State, s: Soldier, what: str) -> UI:
    """Say why ``s`` may not Move or Shoot now (R7, R21, R22; R5, Opening)."""
    may_move, may_shoot = q.can_act(state, s)
    if not (may_move or may_shoot):
        return tell(ui, words.cannot_act(state, s))
    if what == "shoot" and s.type.shoot == 0:
        return say(ui, f"Your {s.type.title} cannot shoot.", "R21")
    if what == "shoot" and not may_shoot and q.can_act(state, s, opening=False)[1]:
        return say(ui, f"No shooting yet: {q.opening_of(state).words}.", "R5")
    a = state.activation
    did = "shot" if a is not None and a.shot else "moved"
    return say(ui, f"Your {s.type.title} has already {did} in this activation.", "R7")


def dice(ui: UI, state: State, text: str) -> Outcome:
    """Typed-in faces for the pending pool (referee mode, R24), checked by the engine (R9, R10)."""
    if not _waiting(state, PendingKind.ROLL):
        return ui, None
    chains = []
    for part in text.split("|"):
        faces = part.replace(",", " ").replace("→", " ").split()
        if not faces or not all(f.isdigit() for f in faces):
            return say(ui, "Type each die's faces as numbers, e.g. 4, or 6 2 after a six."), None
        chains.append(tuple(int(f) for f in faces))
    return ui, Roll(tuple(chains))
