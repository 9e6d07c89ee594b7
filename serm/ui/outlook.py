"""Who could React to the Move being aimed, or to the Brawler's path being traced, and the
chance it is stopped (R17, R18, R19), worked out once the aim rests, one enemy per step
(``serm.core.forecast``, exact).

Checking where one enemy first sees the card costs up to tens of milliseconds
(``los.first_sighting``), too much for a pointer move. So the screen waits for the aim (or the
path and its pointer) to rest (the browser sends ``Rest`` after ``REST_MS`` without input),
then each ``Rest`` checks one more enemy; the browser sends the next one as soon as the page is
free (``wanted``), and the last adds up the odds: over the Move pool's totals for a straight
Move, against the roll already made for a Brawler's path.
"""

from __future__ import annotations

from dataclasses import replace

from ..core import forecast as fc
from ..core.forecast import Forecast
from ..core.geometry import EPS, Vec, polyline_length
from ..core.state import PendingKind, Soldier, State
from . import path
from .model import UI, ActMode, Outlook


def aimed(state: State, ui: UI) -> tuple[Soldier, float, float] | None:
    """(mover, aim, start facing) of the straight Move being aimed (R15), or None."""
    p, c = state.pending, ui.choice
    if p is None or p.kind != PendingKind.ACT or c.mode != ActMode.AIM or c.aim is None:
        return None
    s = state.soldier(*c.soldier) if c.soldier is not None else None
    if s is None or s.type.traces_path:
        return None
    return s, c.aim, c.facing if c.facing is not None else s.facing


def traced(state: State, ui: UI) -> tuple[Soldier, tuple[Vec, ...]] | None:
    """(mover, path) of the Brawler's path a person is tracing (R17): its start, its corners
    and the leg on toward the pointer as drawn (cut at the length left), or None (nothing
    traced yet, or the computer traces it)."""
    p, mv, a = state.pending, state.move, state.activation
    if p is None or p.kind != PendingKind.PATH or mv is None or a is None:
        return None
    if ui.seats.computer(p.player):
        return None
    pts = path.points(state, ui.trace)
    leg = path.cursor_leg(state, ui.trace)
    if leg is not None and (leg - pts[-1]).length() > EPS:
        pts.append(leg)
    if len(pts) < 2:
        return None
    return state.soldier(a.player, mv.card), tuple(pts)


def whole(state: State, ui: UI) -> bool:
    """Whether the Brawler's path as drawn (``traced``) is all it does: it halts (R16) or uses
    its whole roll (R17), so nothing is added to it when it is sent."""
    trace = traced(state, ui)
    if trace is None or state.move is None or state.move.total is None:
        return False
    pts = trace[1]
    done = polyline_length(pts) >= state.move.total - path.DONE
    return done or path.halt(state, list(pts)) is not None


def _subject(state: State, ui: UI) -> Outlook | None:
    """An empty ``Outlook`` for what is aimed or traced now, or None."""
    found = aimed(state, ui)
    if found is not None:
        s, aim, facing = found
        return Outlook((s.player, s.card), aim, facing)
    trace = traced(state, ui)
    if trace is not None and state.move is not None:
        s, pts = trace
        return Outlook((s.player, s.card), 0.0, state.move.facing, path=pts)
    return None


def _fits(o: Outlook | None, subject: Outlook) -> bool:
    return o is not None and (o.soldier, o.aim, o.facing, o.path) == (
        subject.soldier,
        subject.aim,
        subject.facing,
        subject.path,
    )


def active(state: State, ui: UI) -> bool:
    """True while a Move is aimed or a Brawler's path traced: ``Rest`` works on its outlook."""
    return _subject(state, ui) is not None


def current(state: State, ui: UI) -> Forecast | None:
    """The forecast of the Move aimed (or the path traced) now, when it has been worked out for
    this very aim (or path)."""
    subject = _subject(state, ui)
    o = ui.outlook
    if subject is None or o is None or not _fits(o, subject):
        return None
    return o.forecast


def wanted(state: State, ui: UI) -> bool:
    """True while a Move is aimed (or a path traced) and its forecast is not finished: the
    browser then sends ``Rest`` (after a rest of the aim, or at once to go on with the next
    step)."""
    return active(state, ui) and current(state, ui) is None


def rest(ui: UI, state: State) -> UI:
    """One step: start the outlook of the aim or path (checking its first enemy), check the
    next enemy, or add up the forecast once every enemy is checked. The same ``ui`` when
    nothing is aimed or traced, or the forecast is done."""
    subject = _subject(state, ui)
    if subject is None:
        return ui
    o = ui.outlook
    if o is None or not _fits(o, subject):
        o = subject
    elif o.forecast is not None:
        return ui
    s = state.soldier(*o.soldier)
    todo = [e for e in fc.watchful(state, s) if e.card not in dict(o.checked)]
    if todo:
        o = replace(o, checked=(*o.checked, (todo[0].card, _sighting(state, o, s, todo[0]))))
    if len(todo) <= 1:
        o = replace(o, forecast=_summary(state, o, s))
    return replace(ui, outlook=o)


def _sighting(state: State, o: Outlook, s: Soldier, e: Soldier) -> float | None:
    if not o.path:
        return fc.sighting(state, s, o.aim, o.facing, e)
    return fc.path_sighting(state, e, o.path, o.facing, _path_halt(state, o.path))


def _summary(state: State, o: Outlook, s: Soldier) -> Forecast:
    if not o.path:
        return fc.summary(state, s, o.aim, o.facing, o.checked)
    assert state.move is not None and state.move.total is not None
    return fc.path_summary(state, s, state.move.total, o.checked)


def able(f: Forecast) -> tuple[fc.Watcher, ...]:
    """The enemies of a Brawler's path (its roll known) whose React can beat the roll (R19):
    the others are no real option, and the screen asks no React of them."""
    return tuple(w for w in f.watchers if w.chance > 0)


def _path_halt(state: State, pts: tuple[Vec, ...]) -> float:
    """How far along ``pts`` the Brawler slides before it halts (R16): all of it if nothing
    halts it."""
    stop = path.halt(state, list(pts))
    return stop.distance if stop is not None else polyline_length(pts)
