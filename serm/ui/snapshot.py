"""What the screen is in the middle of, as JSON data kept with a save (an unrolled Move, a
half-traced path, the card being placed, a target or reactor picked), and back.

``to_dict(ui)`` gives the data; ``restore(ui, state, data)`` puts back whatever of it still fits
the game's state and ignores the rest (stored data is never trusted). Saves of format version 1
wrote the same keys, with the activation's mode under ``"sub"`` ("" for the menu).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..core.cards import CARD_NAMES
from ..core.geometry import Vec
from ..core.state import PendingKind, State
from . import path
from .choose import pick_reactor, pick_target, select
from .deploy import moved, unplaced
from .model import UI, ActMode, Choice, Settings
from .pointer import set_facing


def to_dict(ui: UI) -> dict[str, Any]:
    """The on-screen choices as JSON data."""
    g, c = ui.ghost, ui.choice
    return {
        "selected": c.soldier[1] if c.soldier is not None else None,
        "mode": c.mode.value,
        "aim": c.aim,
        "aim_locked": c.aim_locked,
        "facing": c.facing,
        "pick": c.pick,
        "trace": [[p.x, p.y] for p in ui.trace.corners],
        "stop_at": ui.stop_at,
        "ghost": None if g is None else {"card": g.card, "x": g.x, "y": g.y, "facing": g.facing},
        "show_all_los": ui.settings.show_all_los,
        "auto_last_target": ui.settings.auto_last_target,
        "exposure": ui.settings.exposure,
        "referee": ui.seats.referee,
    }


def referee(data: dict[str, Any]) -> bool:
    """True when the saved screen typed dice in from physical dice (R24)."""
    return data.get("referee") is True


def _number(value: object) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
        return None
    return float(value)


def _mode(data: dict[str, Any]) -> ActMode:
    raw = data.get("mode", data.get("sub"))
    return ActMode(raw) if raw in {m.value for m in ActMode} else ActMode.MENU


def restore(ui: UI, state: State, data: dict[str, Any]) -> UI:
    """``ui`` (fitted to ``state``) with the saved choices put back where they still fit."""
    settings = Settings(
        show_all_los=data.get("show_all_los") is True,
        auto_last_target=data.get("auto_last_target") is not False,
        exposure=data.get("exposure") is True,
    )
    ui = replace(ui, settings=settings)
    p = state.pending
    if p is None:
        return ui
    match p.kind:
        case PendingKind.PLACE:
            return _ghost(ui, state, data.get("ghost"))
        case PendingKind.ACT:
            return _act(ui, state, data)
        case PendingKind.FACE:
            facing = _number(data.get("facing"))
            return ui if facing is None else set_facing(ui, state, facing)
        case PendingKind.STOP:
            stop = _number(data.get("stop_at"))
            if stop is None or state.move is None:
                return ui
            return replace(ui, stop_at=min(max(stop, 0.0), state.move.halt))
        case PendingKind.PATH:
            return _trace(ui, state, data.get("trace"))
        case PendingKind.REACT:
            return _pick(ui, state, data, pick_reactor)
        case PendingKind.TARGET:
            return _pick(ui, state, data, pick_target)
        case PendingKind.ROLL:
            return ui


def _pick(ui: UI, state: State, data: dict[str, Any], pick: Callable[[UI, State, str], UI]) -> UI:
    """A target or a reactor picked but not yet confirmed, if it may still be picked."""
    card = data.get("pick")
    return pick(ui, state, card) if isinstance(card, str) and card in CARD_NAMES else ui


def _ghost(ui: UI, state: State, raw: object) -> UI:
    p = state.pending
    if ui.ghost is None or p is None or not isinstance(raw, dict):
        return ui
    if raw.get("card") not in [s.card for s in unplaced(state, p.player)]:
        return ui
    x, y, f = _number(raw.get("x")), _number(raw.get("y")), _number(raw.get("facing"))
    if x is None or y is None or f is None:
        return ui
    return replace(ui, ghost=moved(state, replace(ui.ghost, card=str(raw["card"])), x, y, f))


def _act(ui: UI, state: State, data: dict[str, Any]) -> UI:
    card = data.get("selected")
    if ui.choice.soldier is None and card in CARD_NAMES:
        ui = select(ui, state, str(card))
    mode = _mode(data)
    if ui.choice.soldier is None or mode == ActMode.MENU:
        return ui
    choice = Choice(
        soldier=ui.choice.soldier,
        mode=mode,
        aim=_number(data.get("aim")),
        aim_locked=data.get("aim_locked") is True,
        facing=_number(data.get("facing")),
    )
    return _pick(replace(ui, choice=choice), state, data, pick_target)


def _trace(ui: UI, state: State, raw: object) -> UI:
    if not isinstance(raw, list):
        return ui
    trace = ui.trace
    for item in raw:
        if isinstance(item, list) and len(item) == 2:
            x, y = _number(item[0]), _number(item[1])
            if x is None or y is None or path.complete(state, trace) or path.at_limit(trace):
                continue  # a stored trace past its length or its corners (C19) stops there
            trace = path.add_corner(state, trace, Vec(x, y)) or trace
    return replace(ui, trace=trace)
