"""Who could React to the Move being aimed, and the chance it is stopped (R18, R19), worked out
once the aim rests, one enemy per step (``serm.core.forecast``, exact).

Checking where one enemy first sees the card costs up to tens of milliseconds
(``los.first_sighting``), too much for a pointer move. So the screen waits for the aim to rest
(the browser sends ``Rest`` after ``REST_MS`` without input), then each ``Rest`` checks one more
enemy; the browser sends the next one as soon as the page is free (``wanted``), and the last adds
up the odds over the Move pool's totals.
"""

from __future__ import annotations

from dataclasses import replace

from ..core import forecast as fc
from ..core.forecast import Forecast
from ..core.state import PendingKind, Soldier, State
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


def _fits(o: Outlook | None, s: Soldier, aim: float, facing: float) -> bool:
    return o is not None and (o.soldier, o.aim, o.facing) == ((s.player, s.card), aim, facing)


def current(state: State, ui: UI) -> Forecast | None:
    """The forecast of the Move aimed now, when it has been worked out for this very aim."""
    found = aimed(state, ui)
    o = ui.outlook
    if found is None or o is None or not _fits(o, *found):
        return None
    return o.forecast


def wanted(state: State, ui: UI) -> bool:
    """True while a Move is aimed and its forecast is not finished: the browser then sends
    ``Rest`` (after a rest of the aim, or at once to go on with the next step)."""
    return aimed(state, ui) is not None and current(state, ui) is None


def rest(ui: UI, state: State) -> UI:
    """One step: start the outlook of the aim (checking its first enemy), check the next enemy,
    or add up the forecast once every enemy is checked. The same ``ui`` when nothing is aimed
    or the forecast is done."""
    found = aimed(state, ui)
    if found is None:
        return ui
    s, aim, facing = found
    o = ui.outlook
    if o is None or not _fits(o, s, aim, facing):
        o = Outlook((s.player, s.card), aim, facing)
    elif o.forecast is not None:
        return ui
    todo = [e for e in fc.watchful(state, s) if e.card not in dict(o.checked)]
    if todo:
        entry = fc.sighting(state, s, aim, facing, todo[0])
        o = replace(o, checked=(*o.checked, (todo[0].card, entry)))
    if len(todo) <= 1:
        o = replace(o, forecast=fc.summary(state, s, aim, facing, o.checked))
    return replace(ui, outlook=o)
