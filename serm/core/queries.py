"""Read-only questions about a state, shared by the rules, the view and the computer opponent.

Nothing here changes a state. Units: card lengths and bearings in degrees clockwise from
screen-up (R1).
"""

from __future__ import annotations

from .dice import Pool, prob_beats, prob_greater
from .errors import Problem
from .geometry import (
    Polygon,
    Vec,
    card_polygon,
    inside_rect,
    polygons_overlap,
    unit,
)
from .los import Viewer
from .movement import Halt, halt_along
from .opening import OPENINGS, Opening
from .ruleset import ruleset
from .scenario import Terrain
from .state import PendingKind, Soldier, State, Status


def viewer(s: Soldier) -> Viewer:
    """The LOS description of a soldier: (centre, facing, sees all round) (R11, R13)."""
    return (s.pos, s.facing, s.type.sees_all_round)


def tall_terrain(state: State) -> tuple[Terrain, ...]:
    """The terrain pieces that block LOS (R12)."""
    return tuple(t for t in state.scenario.terrain if t.tall)


def sees_soldier(state: State, a: Soldier, b: Soldier) -> bool:
    """True when soldier ``a`` sees soldier ``b`` (R11-R13), by the sight test of the game's
    rules version (``serm.core.ruleset``)."""
    sees = ruleset(state.rules_version).sees
    return sees(viewer(a), b.polygon(), tall_terrain(state))


def footprint_problem(state: State, poly: Polygon, ignore: Soldier | None) -> Problem | None:
    """Why a card footprint may not stand here (R4), or None when it may.

    ``ignore`` is the soldier whose own footprint does not count (the one moving or turning).
    """
    sc = state.scenario
    if not inside_rect(poly, 0.0, 0.0, sc.width, sc.height):
        return Problem("R4", "leaves the table")
    for t in sc.terrain:
        if polygons_overlap(poly, t.points):
            return Problem("R4", f"overlaps terrain ({t.name})", f"the {t.name}")
    for s in state.on_table():
        if ignore is not None and (s.player, s.card) == (ignore.player, ignore.card):
            continue
        if polygons_overlap(poly, s.polygon()):
            text = f"overlaps player {s.player}'s {s.type.title}"
            return Problem("R4", text, s.type.title, s.player)
    return None


def placement_problem(
    state: State, player: int, card: str, x: float, y: float, facing: float
) -> Problem | None:
    """Why ``player`` may not deploy ``card`` at (x, y, facing) now (R4, R6), or None.

    Only the footprint is checked (zone, table, terrain, other cards); whether ``card`` is still
    to be placed is the caller's business.
    """
    poly = card_polygon(Vec(x, y), facing)
    z = state.scenario.zone(player)
    if not inside_rect(poly, z.x0, z.y0, z.x1, z.y1):
        return Problem("R6", "must lie wholly inside your deployment zone")
    return footprint_problem(state, poly, None)


def facing_problem(state: State, s: Soldier, facing: float) -> Problem | None:
    """Why ``s`` may not turn to ``facing`` where it stands (R4, R14), or None."""
    return footprint_problem(state, card_polygon(s.pos, facing), s)


def move_pool(state: State, s: Soldier) -> Pool:
    """The soldier's Move pool (plain unless the scenario's ``explode_all`` option is on, R9)."""
    return Pool(s.type.move, state.scenario.explode_all)


def react_pool(state: State, s: Soldier) -> Pool:
    return Pool(s.type.react, state.scenario.explode_all)


def shoot_pool(s: Soldier) -> Pool:
    return Pool(s.type.shoot, True)


def endure_pool(s: Soldier) -> Pool:
    return Pool(s.type.endure, True)


def visible_enemies(state: State, s: Soldier) -> tuple[Soldier, ...]:
    """Enemy soldiers on the table that ``s`` sees (R12), in card-list order."""
    return tuple(e for e in state.enemies(s.player) if sees_soldier(state, s, e))


def kill_chance(shooter: Soldier, target: Soldier) -> float:
    """Exact probability that a Shoot by ``shooter`` eliminates ``target`` (R9, R21)."""
    return prob_greater(shoot_pool(shooter), endure_pool(target))


def react_chance(state: State, reactor: Soldier) -> float:
    """Probability that ``reactor``'s React beats the pending Move total (R19)."""
    mv = state.move
    if mv is None or mv.total is None:
        return 0.0
    return prob_beats(react_pool(state, reactor), mv.total)


def react_hopeless(state: State) -> bool:
    """True when a React is asked (R18) and no soldier offered could roll above the Move total
    (R19: only a greater React total stops the mover), so not reacting is no choice."""
    p, mv = state.pending, state.move
    if p is None or p.kind != PendingKind.REACT or mv is None or mv.total is None:
        return False
    offered = [state.soldier(p.player, card) for card in p.options]
    return bool(offered) and all(react_chance(state, s) <= 0 for s in offered)


def straight_reach(state: State, s: Soldier, direction: float, facing: float) -> tuple[int, Halt]:
    """The most a Move along ``direction`` could travel, and where it would halt (R15, R16).

    Returns (max roll without explosions, halt along a path of that length).
    """
    longest = s.type.move * 6
    path = (s.pos, s.pos + unit(direction) * float(longest))
    return longest, halt_along(state, s, facing, path)


def opening_of(state: State) -> Opening:
    """The opening the game is played under (R5, Opening): its scenario's, else its rules
    version's."""
    key = state.scenario.opening
    return OPENINGS[key if key is not None else ruleset(state.rules_version).opening]


def opening_holds(state: State, s: Soldier) -> bool:
    """True when the opening forbids ``s`` to Shoot in the activation under way (R5, Opening):
    the game is in one of its first ``Opening.activations`` activations, the opening restricts
    ``s``'s card, and the activation is not a reacting soldier's (R19), which is never
    restricted."""
    if state.status != Status.PLAYING or state.activation_number < 1:
        return False
    a = state.activation
    if a is not None and a.reaction:
        return False
    return not opening_of(state).may_shoot(state.activation_number, s.card)


def first_shot(state: State, player: int, card: str | None = None) -> int:
    """The number of the first activation in which ``player`` may Shoot under the game's
    opening (R5, Opening), with ``card`` (any card when None): the roll-off loser has the first
    initiative and the odd activations, its opponent the even ones (counted as if no React
    intervened, R19). Known once the roll-off is decided (``State.first_placer``)."""
    return opening_of(state).first_shot(player != state.first_placer, card)


def can_act(state: State, s: Soldier, opening: bool = True) -> tuple[bool, bool]:
    """(may Move, may Shoot) for ``s`` in the current activation (R7, R21, R22; R5, Opening:
    no Shoot while the opening holds, ``opening_holds``). With ``opening`` False, as if no
    opening held (to tell which rule forbids a Shoot)."""
    p, a = state.pending, state.activation
    if state.status != Status.PLAYING or p is None or p.kind != PendingKind.ACT or not s.on_table:
        return False, False
    if s.player != p.player:
        return False, False
    if a is not None and a.card is not None and a.card != s.card:
        return False, False
    moved = a.moved if a and a.card else False
    shot = a.shot if a and a.card else False
    done = s.type.moves_or_shoots and (moved or shot)
    may_move = not moved and not done
    may_shoot = not shot and not done and s.type.shoot > 0
    if may_shoot and opening and opening_holds(state, s):
        may_shoot = False
    return may_move, may_shoot
