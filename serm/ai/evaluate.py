"""Scoring a position for the computer opponent: material, threats both ways, and exposure.

A *board* is the list of soldiers on the table, each with the probability that it is still alive
(a chance outcome folded in by expectation). Every figure is an expected number of soldier values:

* ``shot(a, b)``: the chance that ``a`` eliminates ``b`` by shooting in its next activation. A
  Gunner hits only what its current facing sees (R22: turning is a Move); any other shooter may turn
  first (R14) and so needs only to see the target once turned toward it (``sight.could_see``).
* ``ram(a, b)``: the chance that a Move by ``a`` halts against ``b`` (R16), from the exact Move-pool
  distribution and the distance to contact, lowered for the React it may meet (R18, R19).
* A side's threat is the best activation it has (one soldier acts, R7), plus a little of the rest.

``score(board, me, to_act)`` is material minus the enemy's threat plus ours, weighted by who acts
next. ``held`` names the soldiers, as (player, card), that the opening forbids to Shoot in the
activation scored for their side (R5, Opening): their threat is their ram alone. With
``Weights.reply`` (hard) the side acting second threatens only with what survives the first side's
best activation, applied in expectation from the same cached pair terms: a cheap
estimate of the opponent's best reply, with no engine rollout.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from serm.core.fmath import plain_sum
from serm.core.geometry import Vec, prepared, segment_crosses_interior
from serm.core.scenario import Terrain
from serm.core.state import Soldier

from . import odds, sight
from .travel import Travel

VALUES = {"gunner": 1.6, "ranger": 1.2, "brawler": 1.3, "assault": 1.1, "armored": 1.0}
"""What each card is worth to its side (Gunner: many attacks; Brawler: rams)."""

CONTACT = 0.8
"""Typical centre distance (L) at which two cards touch (between 0.72 and 1.0)."""

Board = list[tuple[Soldier, float]]
Held = frozenset[tuple[int, str]]
"""Soldiers, as (player, card), that may not Shoot in their side's activation being scored."""
NO_HOLD: Held = frozenset()


@dataclass(frozen=True)
class Weights:
    """How much each term of the score counts."""

    next_top: float = 1.0
    """The best activation of the side that acts next."""
    after_top: float = 0.45
    """The best activation of the other side (it acts after)."""
    rest: float = 0.12
    """Every other soldier's threat, either side."""
    ram_react: float = 0.75
    """Share of rams that survive the React they may meet."""
    reply: bool = False
    """The side acting second threatens only with what survives the first side's best activation
    (a cheap best-reply estimate from the cached pair terms)."""
    approach: float = 0.0
    """Per L of my soldiers' mean travel distance to the nearest enemy, around the terrain
    (``travel``; breaks long stand-offs)."""
    sight: float = 0.0
    """Per L of my soldiers' mean travel distance to where they can attack: a shooter to the
    nearest spot that sees an enemy, a Brawler to the nearest enemy (``gap`` with ``sight``;
    drives a side that leads out of a stand-off, round the terrain that hides the enemy)."""


class Evaluator:
    """Scores boards of one game position; caches pair terms across a whole decision."""

    def __init__(
        self,
        terrain: tuple[Terrain, ...],
        explode_all: bool,
        weights: Weights,
        size: tuple[float, float] = (0.0, 0.0),
    ) -> None:
        self.terrain = terrain
        self.size = size
        """The table's width and height (L), for travel distances (``approach``)."""
        self.tall = tuple(t for t in terrain if t.tall)
        self.explode_all = explode_all
        self.w = weights
        self._shot: dict[tuple[Soldier, Soldier], float] = {}
        self._ram: dict[tuple[Soldier, Soldier], float] = {}
        self.evaluations = 0
        self.anchor: dict[tuple[int, str], Vec] = {}
        """Where ``gap`` measures the distance to an enemy, as (player, card): a look-ahead
        measures my closing in toward where the enemy stood when it began, so an enemy that
        runs away in a reply does not make my own Move look worse."""

    # --- pair terms ---------------------------------------------------------------------------

    def shot(self, a: Soldier, b: Soldier) -> float:
        got = self._shot.get((a, b))
        if got is None:
            got = self._shot[(a, b)] = self._compute_shot(a, b)
        return got

    def _compute_shot(self, a: Soldier, b: Soldier) -> float:
        if a.type.shoot == 0:
            return 0.0
        if a.type.moves_or_shoots:  # it cannot turn and still shoot (R22)
            seen = sight.sees(a, b, self.tall)
        else:
            seen = sight.could_see(a.pos, b.polygon(), self.tall, a.type.sees_all_round)
        return odds.kill(a.card, b.card) if seen else 0.0

    def ram(self, a: Soldier, b: Soldier) -> float:
        got = self._ram.get((a, b))
        if got is None:
            got = self._ram[(a, b)] = self._compute_ram(a, b)
        return got

    def _compute_ram(self, a: Soldier, b: Soldier) -> float:
        dist = (b.pos - a.pos).length() - CONTACT
        pool = odds.move_pool(a.card, self.explode_all)
        if not pool.exploding and dist > pool.dice * 6:
            return 0.0
        if self._corridor_blocked(a.pos, b.pos):
            if not a.type.traces_path:
                return 0.0
            dist *= 1.35  # the Brawler's path may turn around it (R17)
        return odds.at_least(pool, max(dist, 0.0)) * self.w.ram_react

    def _corridor_blocked(self, a: Vec, b: Vec) -> bool:
        d = b - a
        n = d.length()
        if n < 1e-9:
            return False
        side = Vec(-d.y / n, d.x / n) * 0.3
        x0, x1 = min(a.x, b.x) - 0.3, max(a.x, b.x) + 0.3
        y0, y1 = min(a.y, b.y) - 0.3, max(a.y, b.y) + 0.3
        for t in self.terrain:
            tx0, ty0, tx1, ty1, _ = prepared(t.points)
            if tx1 <= x0 or tx0 >= x1 or ty1 <= y0 or ty0 >= y1:
                continue
            for off in (Vec(0.0, 0.0), side, side * -1.0):
                if segment_crosses_interior(a + off, b + off, t.points):
                    return True
        return False

    # --- side terms ---------------------------------------------------------------------------

    def activation(self, a: Soldier, targets: Board, held: Held = NO_HOLD) -> float:
        """Expected value ``a`` removes from ``targets`` in its best single activation (a ram
        only, when ``held`` forbids it to Shoot)."""
        if held and (a.player, a.card) in held:
            return max((self.ram(a, b) * VALUES[b.card] * w for b, w in targets), default=0.0)
        best_ram = 0.0
        best_shot = 0.0
        total_shot = 0.0
        for b, w in targets:
            v = VALUES[b.card] * w
            s = self.shot(a, b) * v
            total_shot += s
            best_shot = max(best_shot, s)
            best_ram = max(best_ram, self.ram(a, b) * v)
        if a.type.shoots_all_seen:
            return max(total_shot, best_ram)
        return max(best_shot, best_ram)

    def strike(
        self, a: Soldier, targets: Board, held: Held = NO_HOLD
    ) -> list[tuple[Soldier, float]]:
        """The (target, elimination chance) pairs of ``a``'s best single activation."""
        if held and (a.player, a.card) in held:
            rams = [(self.ram(a, b) * VALUES[b.card] * w, i) for i, (b, w) in enumerate(targets)]
            value, i = max(rams, default=(0.0, -1))
            return [(targets[i][0], self.ram(a, targets[i][0]))] if value > 0.0 else []
        best_ram: tuple[float, Soldier | None] = (0.0, None)
        best_shot: tuple[float, Soldier | None] = (0.0, None)
        total_shot = 0.0
        for b, w in targets:
            v = VALUES[b.card] * w
            s = self.shot(a, b) * v
            total_shot += s
            if s > best_shot[0]:
                best_shot = (s, b)
            r = self.ram(a, b) * v
            if r > best_ram[0]:
                best_ram = (r, b)
        shoot = total_shot if a.type.shoots_all_seen else best_shot[0]
        if best_ram[1] is not None and best_ram[0] > shoot:
            return [(best_ram[1], self.ram(a, best_ram[1]))]
        if a.type.shoots_all_seen:
            return [(b, self.shot(a, b)) for b, _ in targets if self.shot(a, b) > 0]
        return [] if best_shot[1] is None else [(best_shot[1], self.shot(a, best_shot[1]))]

    def after_best(self, side: Board, targets: Board, held: Held = NO_HOLD) -> Board:
        """``targets`` after the best activation of ``side`` (survival chances folded in)."""
        if not side:
            return targets
        a, wa = max(side, key=lambda f: self.activation(f[0], targets, held) * f[1])
        hit = {id(b): p * wa for b, p in self.strike(a, targets, held)}
        return [(b, w * (1.0 - hit.get(id(b), 0.0))) for b, w in targets]

    def threat(self, side: Board, targets: Board, held: Held = NO_HOLD) -> tuple[float, float]:
        """(best activation, sum of the others) of ``side`` against ``targets``."""
        vals = sorted((self.activation(a, targets, held) * w for a, w in side), reverse=True)
        if not vals:
            return 0.0, 0.0
        return vals[0], plain_sum(vals[1:])

    def score(
        self, board: Board, me: int, to_act: int, unplaced: float = 0.0, held: Held = NO_HOLD
    ) -> float:
        """The value of ``board`` for player ``me`` when ``to_act`` acts next.

        ``unplaced`` adds material not yet on the table (deployment), mine minus theirs.
        ``held`` are the soldiers the opening forbids to Shoot in the two activations scored
        (R5, Opening; ``Planner.order`` finds them).
        """
        self.evaluations += 1
        mine = [(s, w) for s, w in board if s.player == me and w > 1e-6]
        theirs = [(s, w) for s, w in board if s.player != me and w > 1e-6]
        material = plain_sum(VALUES[s.card] * w for s, w in mine)
        material -= plain_sum(VALUES[s.card] * w for s, w in theirs)
        w = self.w
        if w.reply and to_act == me:
            # Their answer comes from what is left of them after my best activation.
            top_me, rest_me = self.threat(mine, theirs, held)
            top_them, rest_them = self.threat(self.after_best(mine, theirs, held), mine, held)
        elif w.reply:
            # Their best activation comes first: my threat is what survives it.
            top_them, rest_them = self.threat(theirs, mine, held)
            top_me, rest_me = self.threat(self.after_best(theirs, mine, held), theirs, held)
        else:
            top_me, rest_me = self.threat(mine, theirs, held)
            top_them, rest_them = self.threat(theirs, mine, held)
        k_me, k_them = (w.next_top, w.after_top) if to_act == me else (w.after_top, w.next_top)
        if not mine:
            return -100.0
        if not theirs:
            return 100.0
        value = material + unplaced + k_me * top_me - k_them * top_them
        value += w.rest * (rest_me - rest_them)
        if w.approach:
            value -= w.approach * self.gap(mine, theirs)
        if w.sight:
            value -= w.sight * self.gap(mine, theirs, sight=True)
        return value

    def gap(self, mine: Board, theirs: Board, sight: bool = False) -> float:
        """My soldiers' mean travel distance (L) to the nearest enemy, the way round the terrain
        (``serm.ai.travel``); with ``sight``, a soldier that shoots measures to the nearest spot
        that sees an enemy instead. Straight lines to the nearest enemy on a table of unknown
        size."""
        if self.size[0] <= 0.0:
            total = plain_sum(min((s.pos - e.pos).length() for e, _ in theirs) for s, _ in mine)
            return total / len(mine)
        way = travel_on(self.terrain, *self.size)
        goals = [self.anchor.get((e.player, e.card), e.pos) for e, _ in theirs]
        reach = way.field(goals)
        shooters = sight and any(s.type.shoot for s, _ in mine)
        seen = way.sight_field(goals, self.tall) if shooters else reach
        total = 0.0
        for s, _ in mine:
            d = way.read(seen if s.type.shoot else reach, s.pos)
            total += d if d < math.inf else min((s.pos - e.pos).length() for e, _ in theirs)
        return total / len(mine)


@lru_cache(maxsize=8)
def travel_on(terrain: tuple[Terrain, ...], width: float, height: float) -> Travel:
    """The travel distances of one table, built once (its fields cached inside)."""
    return Travel(terrain, width, height)


def board_of(soldiers: tuple[Soldier, ...]) -> Board:
    return [(s, 1.0) for s in soldiers if s.on_table]


def replace_in(board: Board, old: Soldier, new: Soldier | None, weight: float = 1.0) -> Board:
    """The board with ``old`` swapped for ``new`` (or taken off when ``new`` is None)."""
    out: Board = []
    for s, w in board:
        if s is old or (s.player, s.card) == (old.player, old.card):
            if new is not None:
                out.append((new, weight))
        else:
            out.append((s, w))
    return out


def scale(board: Board, player: int, card: str, factor: float) -> Board:
    """The board with one soldier's survival chance multiplied by ``factor``."""
    return [(s, w * factor if (s.player, s.card) == (player, card) else w) for s, w in board]
