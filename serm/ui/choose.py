"""Choosing a soldier: the one to activate (R7), or the card to place next (R5)."""

from __future__ import annotations

from dataclasses import replace

from ..core import queries as q
from ..core.cards import CARDS
from ..core.state import PendingKind, State
from .deploy import new_ghost, unplaced
from .model import UI, Choice


def say(ui: UI, message: str) -> UI:
    """``ui`` with ``message`` in the panel (the same ``ui`` if it says it already)."""
    if ui.feedback.message == message:
        return ui
    return replace(ui, feedback=replace(ui.feedback, message=message))


def select(ui: UI, state: State, card: str) -> UI:
    """Activate the deciding player's ``card`` (ACT), or say why it cannot act (R7, R22)."""
    p = state.pending
    if p is None or p.kind != PendingKind.ACT or card not in CARDS:
        return ui
    a = state.activation
    if a is not None and a.card is not None and a.card != card:
        return say(ui, f"This activation belongs to your {CARDS[a.card].title}.")
    s = state.soldier(p.player, card)
    if not any(q.can_act(state, s)):
        return say(ui, f"Your {s.type.title} cannot act now.")
    return say(replace(ui, choice=Choice(soldier=(p.player, card))), "")


def choose_card(ui: UI, state: State, card: str) -> UI:
    """Pick which of the deciding player's cards to place next (deployment, R5)."""
    p = state.pending
    if p is None or p.kind != PendingKind.PLACE:
        return ui
    if card not in [s.card for s in unplaced(state, p.player)]:
        return ui
    return replace(ui, ghost=new_ghost(state, p.player, card, ui.ghost))
