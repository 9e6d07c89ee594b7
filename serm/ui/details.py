"""The card's details: a large panel with a soldier's full stats, its special rule and the odds
that matter now, shown when a card is tapped (``UI.inspect``), as HTML built from
``(State, UI)``. Every string is escaped here."""

from __future__ import annotations

from ..core import queries as q
from ..core.state import Soldier, State
from ..view.board import percent
from ..view.escape import escape
from . import words
from .model import UI
from .screen import chosen, roles

STATS = (("Shoot", "shoot"), ("Endure", "endure"), ("React", "react"), ("Move", "move"))
MARK = {1: "\u25cf", 2: "\u25c6"}


def inspected(state: State, ui: UI) -> Soldier | None:
    """The soldier whose details are shown, if it is still on the table."""
    key = ui.inspect
    if key is None:
        return None
    found = [s for s in state.soldiers if (s.player, s.card) == key and s.on_table]
    return found[0] if found else None


def _odds(state: State, ui: UI, s: Soldier) -> list[str]:
    """The chances the screen knows about this soldier now, in words."""
    out = []
    key = (s.player, s.card)
    highlights, chances = roles(state, ui)
    role = dict(highlights).get(key)
    for k, p in chances:
        if k != key:
            continue
        if role == "reactor":
            out.append(f"Chance to win its React roll now: {percent(p)}.")
        elif role == "target":
            out.append(f"Chance that one shot kills it now: {percent(p)}.")
    me = chosen(state, ui)
    if me is not None and me.player == s.player and me.card != s.card:
        return out
    if me is not None and me.player != s.player and role != "target":
        seen = s in q.visible_enemies(state, me)
        word = "sees" if seen else "does not see"
        out.append(f"Your {me.type.title} {word} it.")
    if me is not None and me.player == s.player and me.card == s.card:
        for e in q.visible_enemies(state, s):
            out.append(f"Shot at the enemy {e.type.title}: {percent(q.kill_chance(s, e))} to kill.")
    return out


def dice_note(state: State) -> str:
    """How a stat becomes a roll (R9): on which dice sixes count and roll again on this table."""
    if state.scenario.explode_all:
        return f"Each stat is how many dice it rolls; on every die of this table, {words.SIXES}."
    return (
        f"Each stat is how many dice it rolls. On Shoot and Endure dice, {words.SIXES}; "
        "Move and React dice do not roll again."
    )


def card_html(state: State, ui: UI) -> str:
    """The details panel's inner HTML, or "" when no card is inspected."""
    s = inspected(state, ui)
    if s is None:
        return ""
    t = s.type
    name = ui.seats.name(s.player)
    stats = "".join(
        f"<div><dt>{label}</dt><dd>{getattr(t, field)}</dd></div>" for label, field in STATS
    )
    odds = "".join(f"<li>{escape(line)}</li>" for line in _odds(state, ui, s))
    return (
        f'<div class="card-info p{s.player}" data-player="{s.player}" '
        f'data-card="{escape(s.card, quote=True)}">'
        '<button type="button" class="close" data-action="close-card" '
        'aria-label="Close the card\'s details">\u00d7</button>'
        f'<h2><span class="mark" aria-hidden="true">{MARK.get(s.player, "")}</span> '
        f"{escape(t.title)} <small>{escape(name)}</small></h2>"
        f'<dl class="stats">{stats}</dl>'
        f"<p>{words.special_html(t)}</p>"
        f'<p class="dice-note">{escape(dice_note(state))}</p>'
        + (f'<ul class="odds">{odds}</ul>' if odds else "")
        + "</div>"
    )
