"""Choosing a soldier: the one to activate (R7), the card to place next (R5), a target (R21,
R22) or a reactor (R18) -- a target or a reactor is picked first and played once confirmed."""

from __future__ import annotations

from dataclasses import replace

from ..core import queries as q
from ..core.actions import Action, React, Shoot
from ..core.cards import CARDS, other
from ..core.state import PendingKind, State
from .deploy import new_ghost, unplaced
from .model import UI, ActMode, Choice
from .words import Said, cannot_act, not_a_target


def say(ui: UI, message: str, rule: str = "", news: bool = False, about: int = 0) -> UI:
    """``ui`` with ``message`` in the panel, the ``rule`` behind it in small print, as news (not
    an error) if ``news``, about player ``about``'s soldier (0: the one deciding); the same
    ``ui`` if it says it already."""
    feedback = replace(
        ui.feedback,
        message=message,
        rule=rule if message else "",
        news=news,
        about=about,
        short="",
        repeats=False,
    )
    if ui.feedback == feedback:
        return ui
    return replace(ui, feedback=feedback)


def tell(ui: UI, said: Said, news: bool = False, about: int = 0) -> UI:
    """``ui`` saying ``said`` (``serm.ui.words``): its sentence, and its rule in small print;
    its fewer words for a phone's short bar, or none there when it only repeats the news."""
    ui = say(ui, said.text, said.rule, news, about)
    fb = replace(ui.feedback, short=said.short, repeats=said.repeats)
    return ui if fb == ui.feedback else replace(ui, feedback=fb)


def select(ui: UI, state: State, card: str) -> UI:
    """Activate the deciding player's ``card`` (ACT), or say why it cannot act (R7, R22)."""
    p = state.pending
    if p is None or p.kind != PendingKind.ACT or card not in CARDS:
        return ui
    s = state.soldier(p.player, card)
    if not any(q.can_act(state, s)):
        return tell(ui, cannot_act(state, s))
    return say(replace(ui, choice=Choice(soldier=(p.player, card))), "")


def choose_card(ui: UI, state: State, card: str) -> UI:
    """Pick which of the deciding player's cards to place next (deployment, R5)."""
    p = state.pending
    if p is None or p.kind != PendingKind.PLACE:
        return ui
    if card not in [s.card for s in unplaced(state, p.player)]:
        return ui
    return replace(ui, ghost=new_ghost(state, p.player, card, ui.ghost))


def targets(state: State, ui: UI) -> tuple[str, ...]:
    """The enemy cards a target may be picked from now: those the activated soldier sees (R21),
    or the Gunner's remaining targets (R22); () when no target is asked for."""
    p = state.pending
    if p is None:
        return ()
    if p.kind == PendingKind.TARGET:
        return p.options
    key = ui.choice.soldier
    if p.kind == PendingKind.ACT and ui.choice.mode == ActMode.SHOOT and key is not None:
        return tuple(e.card for e in q.visible_enemies(state, state.soldier(*key)))
    return ()


def pick_target(ui: UI, state: State, card: str) -> UI:
    """Pick ``card`` as the target; the Shoot waits for its confirmation (``confirmed``). An
    enemy that may not be shot is not picked: the panel says why (out of sight, R11-R13, R21;
    not one of the Gunner's remaining targets, R22)."""
    if card not in targets(state, ui):
        return _why_not_target(ui, state, card)
    return say(replace(ui, choice=replace(ui.choice, pick=card)), "")


def _why_not_target(ui: UI, state: State, card: str) -> UI:
    p, shot, key = state.pending, state.shot, ui.choice.soldier
    if p is None or card not in CARDS:
        return ui
    if p.kind == PendingKind.TARGET and shot is not None:
        shooter, options = state.soldier(p.player, shot.shooter), p.options
    elif p.kind == PendingKind.ACT and ui.choice.mode == ActMode.SHOOT and key is not None:
        shooter, options = state.soldier(*key), ()
    else:
        return ui
    target = state.soldier(other(shooter.player), card)
    return tell(ui, not_a_target(state, shooter, target, options))


def pick_reactor(ui: UI, state: State, card: str) -> UI:
    """Pick ``card`` to React with (R18), or say why it would be no use: its React cannot beat
    the Move total (R19). The React waits for its confirmation (``confirmed``)."""
    p, mv = state.pending, state.move
    if p is None or p.kind != PendingKind.REACT or card not in p.options or mv is None:
        return ui
    r = state.soldier(p.player, card)
    if q.react_chance(state, r) <= 0:
        most = q.react_pool(state, r).dice * 6
        return say(
            ui,
            f"Your {r.type.title} cannot beat the Move roll of {mv.total}: its React "
            f"rolls at most {most}.",
            "R19",
        )
    return say(replace(ui, choice=replace(ui.choice, pick=card)), "")


def confirmed(ui: UI, state: State) -> Action | None:
    """The Shoot or the React picked, now that the player confirms it (R18, R21, R22)."""
    p, card, key = state.pending, ui.choice.pick, ui.choice.soldier
    if p is None or card is None:
        return None
    if p.kind == PendingKind.REACT and card in p.options:
        return React(card)
    if card not in targets(state, ui):
        return None
    if p.kind == PendingKind.TARGET and state.shot is not None:
        return Shoot(state.shot.shooter, card)
    return Shoot(key[1], card) if key is not None else None
