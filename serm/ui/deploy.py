"""The card being placed during deployment (R5, R6): where it starts, where it may go."""

from __future__ import annotations

from dataclasses import replace

from ..core import queries as q
from ..core.state import Soldier, State
from ..view.model import Ghost

SPACING = 1.25
"""Distance between suggested deployment spots: a card's diagonal, so each can turn in place."""


def unplaced(state: State, player: int) -> list[Soldier]:
    """``player``'s soldiers still to be placed, in card-list order."""
    return [s for s in state.alive(player) if not s.placed]


def new_ghost(state: State, player: int, card: str, keep: Ghost | None = None) -> Ghost:
    """``card`` ready to be placed: where ``keep`` (the card shown before) stands if it may go
    there, else at a free spot of the zone, facing the enemy (R6)."""
    if keep is not None:
        x, y, facing = keep.x, keep.y, keep.facing
        if q.placement_problem(state, player, card, x, y, facing) is None:
            return Ghost(player, card, x, y, facing)
    facing = 0.0 if player == 1 else 180.0
    x, y = free_spot(state, player, facing)
    return Ghost(player, card, x, y, facing)


def free_spot(state: State, player: int, facing: float) -> tuple[float, float]:
    """A spot of ``player``'s zone where a card facing ``facing`` may be placed: from the middle
    outward, ``SPACING`` apart (the middle if none is free)."""
    z = state.scenario.zone(player)
    cx = (z.x0 + z.x1) / 2
    cy = (z.y0 + z.y1) / 2
    for i in range(80):
        dx = ((i + 1) // 2) * SPACING * (1 if i % 2 else -1)
        for dy in (0.0, -0.5, 0.5):
            if q.placement_problem(state, player, "", cx + dx, cy + dy, facing) is None:
                return cx + dx, cy + dy
    return cx, cy


def attempt(g: Ghost | None) -> tuple[str, float, float, float] | None:
    """Which card ``g`` places, where and facing which way (None when no card is being
    placed): a change of it is a new attempt at placing the card (R6); what is worked out about
    the spot (``problem``, ``sees``, ``seen``) is not."""
    return None if g is None else (g.card, g.x, g.y, g.facing)


def moved(state: State, g: Ghost, x: float, y: float, facing: float) -> Ghost:
    """``g`` at (x, y) facing ``facing`` (taken modulo 360), with why it may not go there."""
    problem = q.placement_problem(state, g.player, g.card, x, y, facing)
    return replace(g, x=x, y=y, facing=facing % 360.0, problem=problem)
