"""The screen as a function of ``(State, UI)``: the board's ``ViewModel``, and the answers that
the board, the panel and the reducer share (the chosen soldier, the numbered choices, ...).
"""

from __future__ import annotations

from dataclasses import replace

from ..core import forecast as fc
from ..core import queries as q
from ..core.cards import CARDS, other
from ..core.errors import Problem
from ..core.geometry import Vec
from ..core.movement import position_at
from ..core.state import Pending, PendingKind, Soldier, State, Status
from ..view.model import Ghost, MovePreview, PathTrace, SoldierKey, ViewModel
from ..view.show import trail_boxes
from . import exposure, outlook, path, playback, words
from .deploy import unplaced
from .events import Command
from .last import kept
from .model import UI, ActMode, Drag

Roles = tuple[tuple[tuple[SoldierKey, str], ...], tuple[tuple[SoldierKey, float], ...]]
"""Highlights (soldier, role) and chances (soldier, probability) drawn on the board."""

_last_roles: list[tuple[State, object, Roles]] = kept([])
"""The last ``roles`` answer: the pointer moves often, the state and the choice seldom."""


_last_problem: list[tuple[State, tuple[SoldierKey, float], Problem | None]] = kept([])
"""The last ``facing_problem`` answer: the prompt's key and the prompt itself ask it on every
paint (a pointer move aiming a Move among them), the state and the facing change seldom."""


_last_reach: list[tuple[State, tuple[SoldierKey, float, float], fc.Landing]] = kept([])
"""The last ``forecast.landing`` of the Move being aimed (``landing``): the board's preview and
the prompt's warning (``nowhere``) both ask for it on a pointer move."""


def landing(state: State, s: Soldier, aim: float, facing: float) -> fc.Landing:
    """``forecast.landing`` of the straight Move of ``s`` aimed at ``aim``, kept for the last
    aim asked (the preview, the prompt's warnings and a released aim all ask for it)."""
    key = ((s.player, s.card), aim, facing)
    if _last_reach and _last_reach[0][0] is state and _last_reach[0][1] == key:
        return _last_reach[0][2]
    found = fc.landing(state, s, aim, facing)
    _last_reach[:] = [(state, key, found)]
    return found


def nowhere(state: State, ui: UI) -> words.Said | None:
    """Why the straight Move aimed now would halt at once (``words.goes_nowhere``), or None."""
    found = outlook.aimed(state, ui)
    if found is None:
        return None
    s, aim, facing = found
    return words.goes_nowhere(state, s, aim, facing, landing(state, s, aim, facing).halt)


SAME_FACING = 0.5
"""A Turn by less than this (degrees) changes nothing the board or the log can show (the log
says a facing in whole degrees): the Turn is not sent."""


def turned(state: State, ui: UI) -> bool:
    """True when the facing being set differs from the chosen soldier's own (by ``SAME_FACING``
    or more)."""
    s, facing = chosen(state, ui), ui.choice.facing
    if s is None or facing is None:
        return False
    return abs((facing - s.facing + 180.0) % 360.0 - 180.0) >= SAME_FACING


def unturned(state: State, ui: UI) -> words.Said | None:
    """Why the Turn being set would change nothing: the soldier already faces the way shown (a
    Turn is its Move, R14, so sending it would spend the Move for nothing); None otherwise."""
    s = chosen(state, ui)
    c = ui.choice
    if s is None or c.mode != ActMode.TURN or c.facing is None or turned(state, ui):
        return None
    return words.unturned(s)


def turn_refused(state: State, ui: UI) -> words.Said | None:
    """``unturned`` as a refusal, once the player has turned the handle or asked for the Turn
    (``Choice.facing_touched``); None before, when the step's own words say to drag the
    handle."""
    return unturned(state, ui) if ui.choice.facing_touched else None


_last_turned: list[tuple[State, tuple[SoldierKey, float], tuple[Soldier, ...]]] = kept([])
"""The last ``turned_sight`` answer: the prompt's key asks it on every pointer move."""


def turned_sight(state: State, ui: UI) -> tuple[Soldier, ...] | None:
    """The enemies the chosen soldier would see facing the way being set for a Turn, or for the
    end of its Move (R11-R12, the game's own sight test: ``q.visible_enemies`` of the soldier
    turned so); None while no such facing is set, and for a facing it may not take
    (``facing_problem``, R4)."""
    p, s, facing = state.pending, chosen(state, ui), ui.choice.facing
    if p is None or s is None or facing is None:
        return None
    turning = p.kind == PendingKind.ACT and ui.choice.mode == ActMode.TURN
    if (not turning and p.kind != PendingKind.FACE) or facing_problem(state, ui) is not None:
        return None
    key = ((s.player, s.card), facing)
    if _last_turned and _last_turned[0][0] is state and _last_turned[0][1] == key:
        return _last_turned[0][2]
    found = q.visible_enemies(state, replace(s, facing=facing))
    _last_turned[:] = [(state, key, found)]
    return found


def sure_halt(state: State, ui: UI) -> tuple[float, str] | None:
    """Where the straight Move aimed now halts whatever it rolls, and what it touches there
    (``words.halts_whatever``: L along it, "your Armored"), or None."""
    found = outlook.aimed(state, ui)
    if found is None:
        return None
    s, aim, facing = found
    halt = landing(state, s, aim, facing).halt
    what = words.halts_whatever(state, s, aim, facing, halt)
    return None if what is None else (halt.distance, what)


def halt_ahead(state: State, ui: UI) -> str | None:
    """Where the straight Move aimed now halts short of its longest roll and against what, in
    a sentence (``words.halt_ahead``), or None."""
    found = outlook.aimed(state, ui)
    if found is None:
        return None
    s, aim, facing = found
    return words.halt_ahead(state, s, aim, facing, landing(state, s, aim, facing).halt)


def cramped(state: State, ui: UI) -> words.Said | None:
    """Which rolls of the straight Move aimed now end it where it cannot turn every way
    (``words.cramped``, R4, R14), or None."""
    found = outlook.aimed(state, ui)
    if found is None:
        return None
    s, aim, facing = found
    key = ((s.player, s.card), aim, facing)
    if _last_cramped and _last_cramped[0][0] is state and _last_cramped[0][1] == key:
        return _last_cramped[0][2]
    out = words.cramped(state, s, aim, facing, landing(state, s, aim, facing).halt)
    _last_cramped[:] = [(state, key, out)]
    return out


_last_cramped: list[tuple[State, tuple[SoldierKey, float, float], words.Said | None]] = kept([])
"""The last ``cramped`` answer: the prompt asks it on every paint while the aim rests (each
asks the footprint of some two dozen facings at each end the Move may reach)."""


_last_sight: list[tuple[State, float, bool]] = kept([])
"""The last stop point's sight (``stop_sight``): the board, the prompt's key and the prompt ask
it of each position of the marker."""


def stop_sight(state: State, ui: UI) -> bool | None:
    """Whether the reacting soldier sees the mover stopped where the stop point is now, by the
    engine's own sight test on the mover put there as ``Stop`` puts it (R11-R13, R19); None
    while no stop point is being set."""
    p, mv = state.pending, state.move
    if p is None or p.kind != PendingKind.STOP or mv is None or mv.reactor is None:
        return None
    if ui.stop_at is None or len(mv.path) < 2:
        return None
    if _last_sight and _last_sight[0][0] is state and _last_sight[0][1] == ui.stop_at:
        return _last_sight[0][2]
    mover = state.soldier(other(p.player), mv.card)
    at = position_at(mv.path, min(max(ui.stop_at, 0.0), mv.halt))
    there = replace(mover, x=at.x, y=at.y)
    seen = q.sees_soldier(state, state.soldier(p.player, mv.reactor), there)
    _last_sight[:] = [(state, ui.stop_at, seen)]
    return seen


def to_decide(state: State) -> Pending | None:
    """The pending decision of a player (None while dice are to be rolled or the game is over)."""
    p = state.pending
    return None if p is None or p.kind == PendingKind.ROLL else p


def computer_to_decide(state: State, ui: UI) -> bool:
    """True when the pending decision belongs to a computer player (dice never do)."""
    p = to_decide(state)
    return p is not None and ui.seats.computer(p.player)


def chosen(state: State, ui: UI) -> Soldier | None:
    """The soldier chosen (the activated one, or the mover of the Move under way)."""
    key = ui.choice.soldier
    return state.soldier(*key) if key is not None else None


def activatable(state: State) -> list[Soldier]:
    """The deciding player's soldiers that can act now (R7), in the order the panel lists them."""
    p = state.pending
    if p is None or p.kind != PendingKind.ACT:
        return []
    return [s for s in state.alive(p.player) if s.on_table and any(q.can_act(state, s))]


def choices(state: State, ui: UI) -> tuple[tuple[Command, str], ...]:
    """The numbered choices the prompt lists (keys 1, 2, ...): command and card, in order."""
    p = to_decide(state)
    if p is None:
        return ()
    match p.kind:
        case PendingKind.PLACE:
            return tuple((Command.CARD, s.card) for s in unplaced(state, p.player))
        case PendingKind.ACT:
            s = chosen(state, ui)
            if s is None:
                return tuple((Command.SELECT, x.card) for x in activatable(state))
            if ui.choice.mode == ActMode.SHOOT:
                return tuple((Command.TARGET, e.card) for e in q.visible_enemies(state, s))
            return ()
        case PendingKind.REACT:
            return tuple((Command.REACT, card) for card, chance in reactors(state) if chance > 0)
        case PendingKind.TARGET:
            return tuple((Command.TARGET, card) for card in p.options)
        case PendingKind.PATH | PendingKind.STOP | PendingKind.FACE | PendingKind.ROLL:
            return ()


def reactors(state: State) -> tuple[tuple[str, float], ...]:
    """The soldiers offered a React (R18) with each one's chance to beat the Move total (R19),
    likeliest first; a soldier that cannot beat it (chance 0) comes last."""
    p = state.pending
    if p is None or p.kind != PendingKind.REACT:
        return ()
    found = [(card, q.react_chance(state, state.soldier(p.player, card))) for card in p.options]
    return tuple(sorted(found, key=lambda x: -x[1]))


def setting_facing(state: State, ui: UI) -> bool:
    """True while a facing is being set for the chosen soldier (start, turn or end facing)."""
    p = state.pending
    if p is None or ui.choice.soldier is None or ui.choice.facing is None:
        return False
    return p.kind == PendingKind.FACE or (
        p.kind == PendingKind.ACT and ui.choice.mode in (ActMode.AIM, ActMode.TURN)
    )


def rotating_centre(state: State, ui: UI) -> Vec | None:
    """What a rotation turns around: the card being placed, or the chosen soldier."""
    p = state.pending
    if p is not None and p.kind == PendingKind.PLACE and ui.ghost is not None:
        return Vec(ui.ghost.x, ui.ghost.y)
    s = chosen(state, ui)
    if s is not None and setting_facing(state, ui):
        return s.pos
    return None


def facing_problem(state: State, ui: UI) -> Problem | None:
    """Why the facing being set would be refused where the soldier stands (R4), for the prompt.

    None while the handle is being dragged: the check (the card against every other footprint)
    costs more than a pointer move may, so the prompt says it when the drag ends.
    """
    s = chosen(state, ui)
    if s is None or ui.choice.facing is None or not setting_facing(state, ui):
        return None
    if ui.pointer.drag == Drag.ROTATE:
        return None
    key = ((s.player, s.card), ui.choice.facing)
    if _last_problem and _last_problem[0][0] is state and _last_problem[0][1] == key:
        return _last_problem[0][2]
    found = q.facing_problem(state, s, ui.choice.facing)
    _last_problem[:] = [(state, key, found)]
    return found


def roles(state: State, ui: UI) -> Roles:
    """Highlights and chances: who may act, be shot (kill chance) or React (React chance)."""
    key = (ui.choice.soldier, ui.choice.mode, ui.choice.pick, outlook.current(state, ui))
    if _last_roles and _last_roles[0][0] is state and _last_roles[0][1] == key:
        return _last_roles[0][2]
    found = _roles(state, ui)
    _last_roles[:] = [(state, key, found)]
    return found


def _roles(state: State, ui: UI) -> Roles:
    p, sel, pick = state.pending, chosen(state, ui), ui.choice.pick
    hl: list[tuple[SoldierKey, str]] = []
    chances: list[tuple[SoldierKey, float]] = []
    if p is None:
        return (), ()

    def mark(key: SoldierKey, role: str, chance: float) -> None:
        hl.append((key, "chosen" if key[1] == pick else role))
        chances.append((key, chance))

    if p.kind == PendingKind.ACT:
        for s in activatable(state):
            if sel is None or sel.card != s.card:
                hl.append(((s.player, s.card), "eligible"))
        if sel is not None and ui.choice.mode == ActMode.SHOOT:
            for e in q.visible_enemies(state, sel):
                mark((e.player, e.card), "target", q.kill_chance(sel, e))
        forecast = outlook.current(state, ui)
        if sel is not None and forecast is not None:
            for w in forecast.watchers:
                mark((3 - sel.player, w.card), "reactor", w.chance)
    elif p.kind == PendingKind.PATH:
        forecast = outlook.current(state, ui)
        for w in outlook.able(forecast) if forecast is not None else ():
            mark((3 - p.player, w.card), "reactor", w.chance)
    elif p.kind == PendingKind.TARGET and state.shot is not None:
        shooter = state.soldier(p.player, state.shot.shooter)
        for card in p.options:
            e = state.soldier(3 - p.player, card)
            mark((e.player, card), "target", q.kill_chance(shooter, e))
    elif p.kind == PendingKind.REACT:
        for card, chance in reactors(state):
            if chance > 0:  # a soldier that cannot beat the roll is no real option (R19)
                mark((p.player, card), "reactor", chance)
    return tuple(hl), tuple(chances)


def move_preview(state: State, ui: UI) -> MovePreview | None:
    """The Move being aimed: its direction, the least and most it can travel, where it halts and
    whom it rams there (``forecast.landing``, as the engine finds them after the roll)."""
    p, s, c = state.pending, chosen(state, ui), ui.choice
    if p is None or p.kind != PendingKind.ACT or c.mode != ActMode.AIM:
        return None
    if s is None or c.aim is None:
        return None
    facing = c.facing if c.facing is not None else s.facing
    land = landing(state, s, c.aim, facing)
    forecast = outlook.current(state, ui)
    enemy = 3 - s.player
    return MovePreview(
        card=(s.player, s.card),
        direction=c.aim,
        facing=facing,
        min_length=float(s.type.move),
        max_length=land.longest,
        halt=land.halt.distance if land.halt.blocked else None,
        watchers=()
        if forecast is None
        else tuple(((enemy, w.card), w.entry, w.chance) for w in forecast.watchers),
        stop_chance=None if forecast is None else forecast.stop_chance,
        rams=tuple((enemy, card) for card in land.rams),
        ram_chance=land.ram_chance,
        stuck=words.stuck_against(state, s, c.aim, facing, land.halt) or "",
    )


def _handle(state: State, ui: UI) -> tuple[SoldierKey, float] | None:
    p = state.pending
    if p is not None and p.kind == PendingKind.PLACE and ui.ghost is not None:
        return ((ui.ghost.player, ui.ghost.card), ui.ghost.facing)
    if setting_facing(state, ui):
        assert ui.choice.soldier is not None and ui.choice.facing is not None
        return (ui.choice.soldier, ui.choice.facing)
    return None


_last_seeing: list[tuple[State, Ghost, Ghost]] = kept([])
"""The last ``seeing`` answer: the board asks on every pointer move, for the same pose often."""


def seeing(state: State, g: Ghost) -> Ghost:
    """The card being placed, with the enemy cards it would see from where it is shown when it
    is the Gunner (R22: it shoots at every one of them; R11-R12, the game's own sight test)."""
    card = CARDS.get(g.card)
    if card is None or not card.shoots_all_seen:
        return g
    if _last_seeing and _last_seeing[0][0] is state and _last_seeing[0][1] == g:
        return _last_seeing[0][2]
    me = replace(state.soldier(g.player, g.card), x=g.x, y=g.y, facing=g.facing, placed=True)
    found = replace(
        g, sees=tuple(e.card for e in state.enemies(g.player) if q.sees_soldier(state, me, e))
    )
    _last_seeing[:] = [(state, g, found)]
    return found


def _perspective(state: State, ui: UI) -> int:
    """Whose side "your sight" is: the one person playing a computer, else (hot-seat) the
    player deciding now, else the one with the initiative."""
    humans = [player for player in (1, 2) if not ui.seats.computer(player)]
    if len(humans) == 1:
        return humans[0]
    p = state.pending
    return p.player if p is not None and p.player else (state.initiative or 1)


def _ghost(state: State, ui: UI) -> Ghost | None:
    """The card being placed, with the enemy cards it would see (``seeing``) and whether the
    Exposure view counts it seen there (``exposure.ghost_seen``), or else seen from a few spots
    of the enemy Gunner's whole grid (``exposure.ghost_glimpsed``): worked out once it rests,
    not on every step of a drag."""
    g = ui.ghost
    if g is None:
        return None
    g = seeing(state, g)
    if g.problem is not None or ui.pointer.drag == Drag.GHOST:
        return g
    seen = exposure.ghost_seen(state, ui, g)
    return replace(g, seen=seen, glimpsed=not seen and exposure.ghost_glimpsed(state, ui, g))


def view_model(state: State, ui: UI) -> ViewModel:
    """What ``serm.view.render`` draws besides the state, for this moment of the screen. While a
    show plays what was played (a decision just taken, or the last turn replayed), the soldier
    chosen now is not drawn chosen (its outline, its sight): the show is of the past, and a
    press during it only skips it."""
    p = state.pending
    perspective = _perspective(state, ui)
    human = not computer_to_decide(state, ui)
    highlights, chances = roles(state, ui)
    placing = p is not None and p.kind == PendingKind.PLACE
    return ViewModel(
        selected=None if ui.playback.playing else ui.choice.soldier,
        hovered=ui.pointer.hover,
        show_all_los=ui.settings.show_all_los and state.status != Status.FINISHED,
        highlights=highlights,
        chances=chances,
        ghost=_ghost(state, ui) if placing and human else None,
        move_preview=move_preview(state, ui),
        path_trace=_path_trace(state, ui) if p is not None and p.kind == PendingKind.PATH else None,
        stop_at=ui.stop_at if human and asked(state, ui, PendingKind.STOP) else None,
        stop_seen=stop_sight(state, ui) if human and asked(state, ui, PendingKind.STOP) else None,
        facing_handle=_handle(state, ui) if human and not _handle_moving(state, ui) else None,
        facing_refused=facing_problem(state, ui) is not None,
        perspective=perspective,
        viewport=ui.viewport,
        exposure=exposure.view(state, ui),
        covered=_trail_covers(state, ui),
        moving=playback.moving(ui),
    )


def asked(state: State, ui: UI, kind: PendingKind) -> bool:
    """Whether the question of ``kind`` is pending and shown now: not held back while a show
    plays what asks it (``playback.holds``: its marks would tell the show's roll first)."""
    p = state.pending
    return p is not None and p.kind == kind and not playback.holds(ui, state)


def _handle_moving(state: State, ui: UI) -> bool:
    """Whether the card whose turning handle would be drawn is still moving in the show on
    screen: the handle waits for the show to bring the card where it stands."""
    handle = _handle(state, ui)
    return handle is not None and handle[0] in playback.moving(ui)


def _path_trace(state: State, ui: UI) -> PathTrace:
    """The Brawler's path being traced (``path.preview``), with the enemies that could React
    along it as drawn, once its outlook is worked out (R18)."""
    trace = path.preview(state, ui.trace)
    forecast = outlook.current(state, ui)
    a = state.activation
    if forecast is None or a is None:
        return trace
    enemy = 3 - a.player
    found = tuple(((enemy, w.card), w.entry, w.chance) for w in outlook.able(forecast))
    return replace(trace, watchers=found, stop_chance=forecast.stop_chance if found else None)


def _trail_covers(state: State, ui: UI) -> tuple[tuple[float, float, float, float], ...]:
    """What the last turn's trail covers while it is drawn over the board (its marks are
    drawn over the labels, which keep off them)."""
    pb = ui.playback
    if pb.playing or not playback.to_replay(ui, state):
        return ()
    return trail_boxes(pb.last, state)


def question_key(state: State, ui: UI) -> tuple[object, ...]:
    """What makes the prompt a new question, read from its start (the bar scrolls back to its
    top): the game's state and the soldier chosen with what is being set for it; not a hover, an
    aim, a drag or the Exposure view's progress, which keep the bar where the player left it."""
    return (state, ui.choice.soldier, ui.choice.mode, ui.choice.pick)


def _path_halt(state: State, ui: UI) -> object:
    """Where the Brawler's path, on to the pointer, halts: the prompt says it (R16)."""
    p = state.pending
    if p is None or p.kind != PendingKind.PATH:
        return None
    return path.halt_ahead(state, ui.trace)


def _aim_halt(state: State, ui: UI) -> str | None:
    """Where the Move aimed, once its outlook is worked out, halts: the prompt says it (R16)."""
    return halt_ahead(state, ui) if outlook.current(state, ui) is not None else None


def _seen_cards(seen: tuple[Soldier, ...] | None) -> tuple[str, ...] | None:
    return None if seen is None else tuple(e.card for e in seen)


def prompt_key(state: State, ui: UI) -> tuple[object, ...]:
    """Everything ``serm.ui.panel.prompt_html`` reads: equal keys give equal prompts, so the
    browser repaints the panel only when the key changes (not for a hover, an aim, a drag)."""
    g = ui.ghost
    return (
        state,
        ui.seats,
        ui.feedback,
        ui.settings.auto_last_target,
        ui.settings.exposure,
        exposure.view(state, ui),
        ui.choice.soldier,
        ui.choice.mode,
        ui.choice.pick,
        outlook.current(state, ui),
        outlook.traced(state, ui) is not None,
        outlook.whole(state, ui),
        _aim_halt(state, ui),
        stop_sight(state, ui),
        None if g is None else (g.card, g.problem),
        facing_problem(state, ui),
        unturned(state, ui),
        turn_refused(state, ui),
        turned(state, ui),
        _seen_cards(turned_sight(state, ui)),
        nowhere(state, ui),
        ui.trace.corners,
        _path_halt(state, ui),
        ui.playback.playing,
        playback.shown_player(ui),
        playback.told(ui, state),
        playback.to_replay(ui, state),
    )
