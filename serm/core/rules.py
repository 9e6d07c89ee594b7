"""The rules: ``apply(state, action) -> State`` (rulings R4-R24).

``apply`` is pure: it returns the next state or raises ``IllegalActionError`` naming the rule the
action breaks. Dice never come from here: when a pool must be rolled the state's ``pending`` is a
ROLL step and the driver answers with a ``Roll`` action (R10).
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TypeVar, assert_never

from . import queries as q
from .actions import (
    Action,
    Concede,
    End,
    Face,
    Move,
    Path,
    Place,
    React,
    Roll,
    Shoot,
    Stop,
    Turn,
)
from .cards import CARDS, other
from .dice import DiceError, Faces, total
from .errors import IllegalActionError
from .geometry import EPS, Vec, normalize_bearing, polyline_length, unit
from .movement import Halt, halt_along, position_at, rammed
from .ruleset import DRAW_AFTER as DRAW_AFTER
from .ruleset import ruleset
from .state import (
    Activation,
    Event,
    EventKind,
    MoveInProgress,
    Pending,
    PendingKind,
    Purpose,
    ShotInProgress,
    Soldier,
    State,
    Status,
)
from .written import bearing_text, length_text

_A = TypeVar("_A", Roll, Place, Path, React, Stop, Face, Shoot)


PATH_TOLERANCE = 1e-6
"""How closely (L) a Brawler's traced path must match its rolled length (R17)."""

MAX_PATH_CORNERS = 64
"""Most points a Brawler's path may list, its end included (C19): more than a person traces, and
it bounds the work a record can ask of a replay."""


def apply(state: State, action: Action) -> State:
    """The state after ``action``; raises ``IllegalActionError`` (with its rule) if not allowed.

    A pure function: the state given is not changed, and the dice are whatever ``Roll`` says
    (here set by hand, as the rules tests do). The roll-off (R5), then the winner places a card:

    >>> from serm.core import IllegalActionError, Place, Roll, new_game
    >>> from serm.core.scenario import default
    >>> state = apply(new_game(default()), Roll(((5,), (2,))))
    >>> state.status.value, state.pending.kind.value, state.pending.player
    ('deployment', 'place', 1)
    >>> state = apply(state, Place("gunner", 5.0, 8.5, 0.0))
    >>> [event.text for event in state.events]
    ['Player 1 places the Gunner.']
    >>> try:
    ...     apply(state, Roll(((6,), (6,))))
    ... except IllegalActionError as refused:
    ...     print(refused.rule, refused.message)
    R7 waiting for player 2 to place a card
    """
    _check_finite(action)
    if isinstance(action, Concede):
        return _concede(state, action)
    pending = state.pending
    if state.status == Status.FINISHED or pending is None:
        raise IllegalActionError("R8", "the game is over")
    _check_player(action, pending)
    state = replace(state, events=())
    match pending.kind:
        case PendingKind.ROLL:
            return _roll(state, pending, _expect(action, Roll, pending))
        case PendingKind.PLACE:
            return _place(state, pending.player, _expect(action, Place, pending))
        case PendingKind.ACT:
            return _act(state, pending.player, action)
        case PendingKind.PATH:
            return _path(state, _expect(action, Path, pending))
        case PendingKind.REACT:
            return _react(state, pending, _expect(action, React, pending))
        case PendingKind.STOP:
            return _stop(state, _expect(action, Stop, pending))
        case PendingKind.FACE:
            return _face(state, _expect(action, Face, pending))
        case PendingKind.TARGET:
            return _next_target(state, pending, _expect(action, Shoot, pending))
        case _:
            assert_never(pending.kind)


def _check_finite(action: Action) -> None:
    """R1: positions, bearings and distances are real numbers (no NaN, no infinity)."""
    values: list[object] = [v for v in action.__dict__.values() if isinstance(v, float)]
    if isinstance(action, Path):
        values += [c for point in action.points for c in point]
    if any(isinstance(v, float) and not math.isfinite(v) for v in values):
        raise IllegalActionError("R1", "positions, bearings and distances must be finite numbers")


def _check_player(action: Action, pending: Pending) -> None:
    """C18: an action that names its player must be the pending player's (the roll-off's is 0)."""
    if action.player is None or action.player == pending.player:
        return
    if pending.kind == PendingKind.ROLL:
        owner = "both players (player 0)" if pending.player == 0 else f"player {pending.player}"
        waits = f"{describe_pending(pending)}, which is {owner}'s to roll"
    else:
        waits = describe_pending(pending)
    raise IllegalActionError("C18", f"this is player {action.player}'s action; waiting for {waits}")


def _expect(action: Action, cls: type[_A], pending: Pending) -> _A:
    """``action`` if it is the kind of action ``pending`` waits for; else refused (R7)."""
    if not isinstance(action, cls):
        raise IllegalActionError("R7", f"waiting for {describe_pending(pending)}")
    return action


def describe_pending(p: Pending) -> str:
    """The pending step in words, e.g. "player 2 to decide a React"."""
    who = f"player {p.player}"
    match p.kind:
        case PendingKind.ROLL:
            return "the roll-off" if p.purpose == Purpose.ROLLOFF else f"the {p.purpose} roll"
        case PendingKind.PLACE:
            return f"{who} to place a card"
        case PendingKind.ACT:
            return f"{who} to activate a soldier"
        case PendingKind.PATH:
            return f"{who} to trace the Brawler's path"
        case PendingKind.REACT:
            return f"{who} to decide a React"
        case PendingKind.STOP:
            return f"{who} to pick the stop point"
        case PendingKind.FACE:
            return f"{who} to set the end facing"
        case PendingKind.TARGET:
            return f"{who} to pick the Gunner's next target"
        case _:
            assert_never(p.kind)


def _card_words(card: str) -> str:
    """A card as people read it: its title ("Gunner"), or the unknown name quoted, cut short."""
    if card in CARDS:
        return CARDS[card].title
    return repr(card) if len(card) <= 20 else repr(card[:19] + "…")


def _log(state: State, kind: EventKind, text: str, faces: Faces = ()) -> State:
    return replace(state, events=state.events + (Event(kind, text, faces),))


def _name(s: Soldier) -> str:
    return f"player {s.player}'s {s.type.title}"


def _sentence_name(s: Soldier) -> str:
    return f"Player {s.player}'s {s.type.title}"


def _concede(state: State, action: Concede) -> State:
    """R8: a player may concede at any time before the game ends."""
    if state.status == Status.FINISHED:
        raise IllegalActionError("R8", "the game is already over")
    state = replace(
        state,
        events=(),
        status=Status.FINISHED,
        winner=other(action.player),
        conceded_by=action.player,
        pending=None,
    )
    return _log(
        state, EventKind.END, f"Player {action.player} concedes. Player {state.winner} wins."
    )


# --- chance steps -------------------------------------------------------------------------------


def _roll(state: State, pending: Pending, action: Roll) -> State:
    """R9, R10: the faces must be a roll the pending pool can make; its purpose says what next."""
    assert pending.pool is not None and pending.purpose is not None
    try:
        pending.pool.check(action.faces)
    except DiceError as exc:
        raise IllegalActionError("R9", f"bad dice for the {pending.purpose} roll: {exc}") from exc
    faces = action.faces
    match pending.purpose:
        case Purpose.ROLLOFF:
            return _rolloff(state, faces)
        case Purpose.MOVE:
            return _move_rolled(state, faces)
        case Purpose.REACT:
            return _react_rolled(state, faces)
        case Purpose.SHOOT:
            return _shoot_rolled(state, faces)
        case Purpose.ENDURE:
            return _endure_rolled(state, faces)
        case _:
            assert_never(pending.purpose)


def _rolloff(state: State, faces: Faces) -> State:
    """R5: 1d6 each, ties re-roll; the winner places first, the loser takes the first initiative."""
    a, b = faces[0][0], faces[1][0]
    if a == b:
        return _log(state, EventKind.ROLL, f"Roll-off: both roll {a}; roll again.", faces)
    winner = 1 if a > b else 2
    state = _log(
        state,
        EventKind.ROLL,
        f"Roll-off: player 1 rolls {a}, player 2 rolls {b}. Player {winner} places first; "
        f"player {other(winner)} will take the first initiative.",
        faces,
    )
    return replace(
        state,
        status=Status.DEPLOYMENT,
        first_placer=winner,
        pending=Pending(PendingKind.PLACE, winner),
    )


# --- deployment ---------------------------------------------------------------------------------


def _place(state: State, player: int, action: Place) -> State:
    """R5, R6: alternate placing cards, each wholly inside its owner's zone (R4: no overlap)."""
    if action.card not in CARDS:
        raise IllegalActionError("R6", f"there is no card called {_card_words(action.card)}")
    s = state.soldier(player, action.card)
    if s.placed:
        raise IllegalActionError("R5", f"your {s.type.title} is already placed")
    facing = normalize_bearing(action.facing)
    problem = q.placement_problem(state, player, action.card, action.x, action.y, facing)
    if problem:
        raise IllegalActionError(problem.rule, f"cannot place: {problem}")
    state = state.with_soldier(replace(s, x=action.x, y=action.y, facing=facing, placed=True))
    state = _log(state, EventKind.PLACE, f"Player {player} places the {s.type.title}.")
    unplaced = [p for p in (other(player), player) if any(not x.placed for x in state.alive(p))]
    if unplaced:
        return replace(state, pending=Pending(PendingKind.PLACE, unplaced[0]))
    first = other(state.first_placer)
    text = f"All cards are placed. Player {first} has the initiative."
    state = _log(state, EventKind.INITIATIVE, text)
    return replace(
        state,
        status=Status.PLAYING,
        initiative=first,
        activation_number=1,
        pending=Pending(PendingKind.ACT, first),
    )


# --- activations --------------------------------------------------------------------------------


def _act(state: State, player: int, action: Action) -> State:
    """R7: pick a soldier, then Move and/or Shoot in either order, or End (a pass if nothing).
    R5, Opening: no Shoot while the opening holds (a Move, a turn and a pass are allowed)."""
    if isinstance(action, End):
        return _end_activation(state)
    if not isinstance(action, (Move, Turn, Shoot)):
        waiting = describe_pending(Pending(PendingKind.ACT, player))
        raise IllegalActionError("R7", f"waiting for {waiting}")
    if action.card not in CARDS:
        raise IllegalActionError("R7", f"there is no card called {_card_words(action.card)}")
    s = state.soldier(player, action.card)
    if not s.on_table:
        raise IllegalActionError("R7", f"your {s.type.title} is not on the table")
    a = state.activation
    if a is not None and a.card is not None and a.card != s.card:
        raise IllegalActionError("R7", f"this activation belongs to your {CARDS[a.card].title}")
    may_move, may_shoot = q.can_act(state, s)
    if a is None or a.card is None:
        reaction = a.reaction if a else False
        state = replace(state, activation=Activation(player, s.card, reaction=reaction))
    if isinstance(action, Shoot):
        if not may_shoot:
            if q.can_act(state, s, opening=False)[1]:
                words = q.opening_of(state).words
                raise IllegalActionError("R5", f"no shooting yet: {words}")
            raise IllegalActionError(_shoot_rule(s), f"your {s.type.title} cannot shoot now")
        return _declare_shot(state, s, action.target)
    if not may_move:
        rule = "R22" if s.type.moves_or_shoots else "R7"
        raise IllegalActionError(rule, f"your {s.type.title} cannot move now")
    if isinstance(action, Turn):
        return _turn(state, s, action.facing)
    return _declare_move(state, s, action)


def _shoot_rule(s: Soldier) -> str:
    return "R21" if s.type.shoot == 0 else ("R22" if s.type.moves_or_shoots else "R7")


def _end_activation(state: State, held: bool = True) -> State:
    """R7: after an activation the initiative passes to the opponent (unless R8 ends the game).

    ``held`` is False when the activation never took place (a reacting soldier eliminated at the
    stop point, R19): it then does not count toward R8's draw.
    """
    a = state.activation
    player = a.player if a else state.initiative
    if held and (a is None or a.card is None or not (a.moved or a.shot)):
        state = _log(state, EventKind.PASS, f"Player {player} passes.")
    if held:
        state = _count_quiet(state)
    if state.status == Status.FINISHED:
        return state
    nxt = other(player)
    state = _log(state, EventKind.INITIATIVE, f"Player {nxt} has the initiative.")
    return replace(
        state,
        activation=None,
        move=None,
        shot=None,
        initiative=nxt,
        activation_number=state.activation_number + 1,
        pending=Pending(PendingKind.ACT, nxt),
    )


def _count_quiet(state: State) -> State:
    """R8: an activation has ended; after ``DRAW_AFTER`` in a row with no soldier eliminated,
    the game ends in a draw. Every activation counts: a pass, and a reacting soldier's (R19).
    Rules version 1 has no draw (``serm.core.ruleset``)."""
    a = state.activation
    quiet = 0 if a is not None and a.eliminated else state.quiet_activations + 1
    state = replace(state, quiet_activations=quiet)
    limit = ruleset(state.rules_version).draw_after
    if limit is None or quiet < limit:
        return state
    state = replace(
        state,
        status=Status.FINISHED,
        winner=None,
        pending=None,
        activation=None,
        move=None,
        shot=None,
    )
    text = f"{limit} activations in a row without an elimination: the game is a draw."
    return _log(state, EventKind.END, text)


def _eliminate(state: State, victim: Soldier) -> State:
    """Take ``victim`` off the table; the activation under way saw an elimination (R8)."""
    state = state.with_soldier(replace(victim, alive=False))
    a = state.activation
    return state if a is None else replace(state, activation=replace(a, eliminated=True))


def _after_part(state: State) -> State:
    """After a Move or a Shoot: end the activation if nothing is left to do in it (R7, R22)."""
    if state.status == Status.FINISHED:
        return state
    a = state.activation
    assert a is not None and a.card is not None
    s = state.soldier(a.player, a.card)
    if (a.moved and a.shot) or (s.type.moves_or_shoots and (a.moved or a.shot)) or not s.on_table:
        return _end_activation(state)
    if a.moved and (
        s.type.shoot == 0 or q.opening_holds(state, s) or not q.visible_enemies(state, s)
    ):
        return _end_activation(state)  # nothing left to do in it (R5, Opening: no Shoot)
    return replace(state, pending=Pending(PendingKind.ACT, a.player))


def _mark(state: State, moved: bool = False, shot: bool = False) -> State:
    a = state.activation
    assert a is not None
    return replace(state, activation=replace(a, moved=a.moved or moved, shot=a.shot or shot))


# --- moves --------------------------------------------------------------------------------------


def _turn(state: State, s: Soldier, facing: float) -> State:
    """R14: turning in place is a Move of length 0 with no roll and no React."""
    facing = normalize_bearing(facing)
    problem = q.facing_problem(state, s, facing)
    if problem:
        raise IllegalActionError(problem.rule, f"cannot turn: {problem}")
    state = state.with_soldier(replace(s, facing=facing))
    said = f"{_sentence_name(s)} turns to face {bearing_text(facing)}°."
    state = _log(state, EventKind.MOVE, said)
    return _after_part(_mark(state, moved=True))


def _declare_move(state: State, s: Soldier, action: Move) -> State:
    """R14, R15, R17: turn freely, declare a direction (not the Brawler), then roll Move. The log
    says a turn at the start with the declaration: the facing the card slides with, which the
    end of the Move "keeps" or turns from."""
    if s.type.traces_path and action.direction is not None:
        raise IllegalActionError("R17", "the Brawler declares no direction; it traces a path")
    if not s.type.traces_path and action.direction is None:
        raise IllegalActionError("R15", "declare the direction of travel before rolling")
    facing = s.facing if action.facing is None else normalize_bearing(action.facing)
    problem = q.facing_problem(state, s, facing)
    if problem:
        raise IllegalActionError(problem.rule, f"cannot turn: {problem}")
    direction = None if action.direction is None else normalize_bearing(action.direction)
    state = state.with_soldier(replace(s, facing=facing))
    where = "" if direction is None else f" toward {bearing_text(direction)}°"
    turned = f" turns to face {bearing_text(facing)}° and" if facing != s.facing else ""
    state = _log(state, EventKind.MOVE, f"{_sentence_name(s)}{turned} declares a Move{where}.")
    pool = q.move_pool(state, s)
    return replace(
        state,
        move=MoveInProgress(s.card, facing, direction),
        pending=Pending(PendingKind.ROLL, s.player, Purpose.MOVE, pool),
    )


def _mover(state: State) -> Soldier:
    assert state.move is not None and state.activation is not None
    return state.soldier(state.activation.player, state.move.card)


def _move_rolled(state: State, faces: Faces) -> State:
    mv, s = state.move, _mover(state)
    assert mv is not None
    n = total(faces)
    state = _log(state, EventKind.ROLL, f"{_sentence_name(s)} rolls {n} to move.", faces)
    state = replace(state, move=replace(mv, total=n, faces=faces))
    if mv.direction is None:
        return replace(state, pending=Pending(PendingKind.PATH, s.player))
    return _path_known(state, (s.pos, s.pos + unit(mv.direction) * float(n)))


def _path(state: State, action: Path) -> State:
    """R17: the Brawler's path is exactly the rolled length; it may turn up to 63 times (C19)."""
    mv, s = state.move, _mover(state)
    assert mv is not None and mv.total is not None
    if len(action.points) > MAX_PATH_CORNERS:
        raise IllegalActionError(
            "C19",
            f"a path lists at most {MAX_PATH_CORNERS} points; this one lists {len(action.points)}",
        )
    path = (s.pos,) + tuple(Vec(x, y) for x, y in action.points)
    length = polyline_length(path)
    if abs(length - mv.total) > PATH_TOLERANCE:
        raise IllegalActionError(
            "R17", f"the path is {length:.3f} L long; it must be exactly {mv.total} L"
        )
    state = _log(state, EventKind.MOVE, f"The {s.type.title} traces its path.")
    return _path_known(state, path)


def _path_known(state: State, path: tuple[Vec, ...]) -> State:
    """R16, R18: find the halt, then offer a React to the enemies that see the move."""
    mv, s = state.move, _mover(state)
    assert mv is not None
    halt = halt_along(state, s, mv.facing, path)
    rams = rammed(halt, s.player)
    reactors, entries = [], []
    tall = q.tall_terrain(state)
    first_sighting = ruleset(state.rules_version).first_sighting
    for e in state.enemies(s.player):
        if e.type.react < 1:
            continue
        d = first_sighting(q.viewer(e), mv.facing, path, halt.distance, tall)
        if d is not None:
            reactors.append(e.card)
            entries.append(d)
    state = replace(
        state,
        move=replace(
            mv,
            path=path,
            halt=halt.distance,
            rams=rams,
            stopper=_stopper(state, halt),
            reactors=tuple(reactors),
            entries=tuple(entries),
        ),
    )
    if reactors:
        options = tuple(reactors)
        return replace(state, pending=Pending(PendingKind.REACT, other(s.player), options=options))
    state = _log(state, EventKind.REACT, _unseen_move(state, s))
    return _complete_slide(state, halt.distance, rams)


def _unseen_move(state: State, s: Soldier) -> str:
    """The log's line for a Move ``s`` makes that no enemy may React to, saying why: none of
    them can react (R23: React 0), or none that can sees it on its way (R18)."""
    p = other(s.player)
    enemies = state.enemies(s.player)
    able = _can_react(state, s.player)
    if not able:
        return f"No React: none of player {p}'s soldiers can react."
    which = "soldiers" if len(able) == len(enemies) else "soldiers that can react"
    return f"No React: none of player {p}'s {which} sees the {s.type.title} on its way."


def _can_react(state: State, mover: int) -> list[Soldier]:
    """The enemies of ``mover``'s side that could React at all (R23: not React 0)."""
    return [e for e in state.enemies(mover) if e.type.react >= 1]


def _react(state: State, pending: Pending, action: React) -> State:
    """R18: the opponent declares one React with an eligible soldier, or declines."""
    mv = state.move
    assert mv is not None
    if action.card is None:
        state = _log(state, EventKind.REACT, _no_react(state, pending.player, mv.total))
        return _complete_slide(state, mv.halt, mv.rams)
    if action.card not in pending.options:
        never = action.card in CARDS and CARDS[action.card].never_reacts
        rule = "R23" if never else "R18"
        raise IllegalActionError(rule, f"your {_card_words(action.card)} cannot react to this Move")
    r = state.soldier(pending.player, action.card)
    state = _log(state, EventKind.REACT, f"{_sentence_name(r)} reacts!")
    return replace(
        state,
        move=replace(mv, reactor=r.card),
        pending=Pending(PendingKind.ROLL, r.player, Purpose.REACT, q.react_pool(state, r)),
    )


def _no_react(state: State, player: int, move_total: int | None) -> str:
    """The log's line for no React declared: why, when none offered could beat the Move total
    (R19; ``queries.react_hopeless``), as then it was no choice. Only the soldiers that see the
    mover are offered (R18): when a soldier that could react does not see it, the line says the
    soldiers that see it could not beat the roll, not that every soldier could not."""
    if q.react_hopeless(state):
        p = state.pending
        assert p is not None
        able = _can_react(state, _mover(state).player)
        which = "soldiers" if len(p.options) == len(able) else "soldiers that see it"
        return f"No React: none of player {player}'s {which} can beat Move {move_total}."
    return f"Player {player} does not react."


def _react_rolled(state: State, faces: Faces) -> State:
    """R19: a React total greater than the Move total stops the mover."""
    mv, s = state.move, _mover(state)
    assert mv is not None and mv.reactor is not None and mv.total is not None
    n = total(faces)
    rp = other(s.player)
    if n > mv.total:
        text = f"React {n} beats Move {mv.total}: player {rp} picks where the mover stops."
        state = _log(state, EventKind.ROLL, text, faces)
        stop = Pending(PendingKind.STOP, rp)
        return replace(state, move=replace(mv, react_total=n), pending=stop)
    text = f"React {n} does not beat Move {mv.total}: the move goes on."
    return _complete_slide(_log(state, EventKind.ROLL, text, faces), mv.halt, mv.rams)


def _stop(state: State, action: Stop) -> State:
    """R19: the mover stops where the reacting player says; the reactor activates at once."""
    mv, s = state.move, _mover(state)
    assert mv is not None and mv.reactor is not None
    if not -EPS <= action.distance <= mv.halt + EPS:
        raise IllegalActionError(
            "R19", f"the stop point must lie on the path, 0 to {mv.halt:.3f} L along it"
        )
    distance = min(max(action.distance, 0.0), mv.halt)
    rams = mv.rams if distance >= mv.halt - EPS else ()
    said = f"The {s.type.title} is stopped after {length_text(distance)} L."
    state = _slide(state, s, mv.path, distance, rams, said)
    rp = other(s.player)
    if state.status == Status.FINISHED:
        return state
    state = _count_quiet(state)  # the mover's activation ends here (R19), and counts (R8)
    if state.status == Status.FINISHED:
        return state
    reactor = state.soldier(rp, mv.reactor)
    state = replace(
        state, move=None, shot=None, activation=Activation(rp, reactor.card, reaction=True)
    )
    if not reactor.on_table:
        return _end_activation(state, held=False)
    state = _log(
        state, EventKind.INITIATIVE, f"{_sentence_name(reactor)} takes an activation at once."
    )
    return replace(state, pending=Pending(PendingKind.ACT, rp))


def _slide(
    state: State,
    s: Soldier,
    path: tuple[Vec, ...],
    distance: float,
    rams: tuple[str, ...],
    said: str,
) -> State:
    """Move ``s`` ``distance`` along ``path``, logged as ``said``; then the enemies it halted
    against are eliminated (R16), each logged after the move that rammed it."""
    end = position_at(path, distance)
    state = _log(state.with_soldier(replace(s, x=end.x, y=end.y)), EventKind.MOVE, said)
    for card in rams:
        victim = state.soldier(other(s.player), card)
        state = _eliminate(state, victim)
        state = _log(
            state, EventKind.KILL, f"{_sentence_name(s)} rams {_name(victim)}: eliminated!"
        )
    return _check_victory(state)


def _stopper(state: State, halt: Halt) -> str:
    """What a slide touches where it ``halt``s, in words: the cards ("player 2's Assault"), the
    terrain ("the Crates") or the table edge; "" when it runs its whole length (R16)."""
    if not halt.blocked:
        return ""
    if halt.cards:
        return " and ".join(_name(state.soldier(p, card)) for p, card in halt.cards)
    return f"the {halt.terrain}" if halt.terrain else "the table edge"


def _complete_slide(state: State, distance: float, rams: tuple[str, ...]) -> State:
    mv, s = state.move, _mover(state)
    assert mv is not None
    halted = ""
    if mv.total is not None and distance < mv.total - EPS:
        halted = f" and halts against {mv.stopper}" if mv.stopper else " and halts"
    said = f"The {s.type.title} moves {length_text(distance)} L{halted}."
    state = _slide(state, s, mv.path, distance, rams, said)
    if state.status == Status.FINISHED:
        return state
    return replace(state, pending=Pending(PendingKind.FACE, s.player))


def _face(state: State, action: Face) -> State:
    """R14: the mover may set its facing freely at the end of its Move (no overlap, R4)."""
    s = _mover(state)
    said = f"The {s.type.title} keeps its facing."
    if action.facing is not None:
        facing = normalize_bearing(action.facing)
        problem = q.facing_problem(state, s, facing)
        if problem:
            raise IllegalActionError(problem.rule, f"cannot turn: {problem}")
        state = state.with_soldier(replace(s, facing=facing))
        if facing != s.facing:
            said = f"The {s.type.title} turns to face {bearing_text(facing)}°."
    state = _log(state, EventKind.MOVE, said)
    return _after_part(replace(_mark(state, moved=True), move=None))


# --- shooting -----------------------------------------------------------------------------------


def _declare_shot(state: State, s: Soldier, target: str) -> State:
    """R21, R22: shoot one enemy seen; the Gunner attacks every enemy it sees now."""
    seen = q.visible_enemies(state, s)
    names = [e.card for e in seen]
    if target not in names:
        raise IllegalActionError(
            "R21", f"your {s.type.title} does not see an enemy {_card_words(target)} to shoot"
        )
    remaining = tuple(n for n in names if n != target) if s.type.shoots_all_seen else ()
    return _start_attack(state, s, target, remaining)


def _start_attack(state: State, s: Soldier, target: str, remaining: tuple[str, ...]) -> State:
    t = state.soldier(other(s.player), target)
    state = _log(state, EventKind.SHOOT, f"{_sentence_name(s)} shoots at {_name(t)}.")
    return replace(
        state,
        shot=ShotInProgress(s.card, target, remaining=remaining),
        pending=Pending(PendingKind.ROLL, s.player, Purpose.SHOOT, q.shoot_pool(s)),
    )


def _next_target(state: State, pending: Pending, action: Shoot) -> State:
    """R22: the Gunner's player picks the order of its remaining attacks."""
    shot = state.shot
    assert shot is not None
    if action.card != shot.shooter or action.target not in pending.options:
        raise IllegalActionError(
            "R22", f"pick one of {', '.join(_card_words(c) for c in pending.options)}"
        )
    s = state.soldier(pending.player, shot.shooter)
    remaining = tuple(n for n in pending.options if n != action.target)
    return _start_attack(state, s, action.target, remaining)


def _shoot_rolled(state: State, faces: Faces) -> State:
    shot = state.shot
    assert shot is not None and state.activation is not None
    n = total(faces)
    state = _log(state, EventKind.ROLL, f"Shoot roll: {n}.", faces)
    state = replace(state, shot=replace(shot, shoot_total=n, shoot_faces=faces))
    assert state.activation is not None
    target = state.soldier(other(state.activation.player), shot.target)
    pool = q.endure_pool(target)
    if pool.dice == 0:
        return _resolve_shot(state, 0)
    return replace(state, pending=Pending(PendingKind.ROLL, target.player, Purpose.ENDURE, pool))


def _endure_rolled(state: State, faces: Faces) -> State:
    n = total(faces)
    return _resolve_shot(_log(state, EventKind.ROLL, f"Endure roll: {n}.", faces), n)


def _resolve_shot(state: State, endure: int) -> State:
    """R21: a strictly higher Shoot total eliminates the target."""
    shot, a = state.shot, state.activation
    assert shot is not None and shot.shoot_total is not None and a is not None
    target = state.soldier(other(a.player), shot.target)
    if shot.shoot_total > endure:
        state = _eliminate(state, target)
        text = f"Shoot {shot.shoot_total} beats Endure {endure}: {_name(target)} is eliminated!"
        state = _check_victory(_log(state, EventKind.KILL, text))
    else:
        text = f"Shoot {shot.shoot_total} does not beat Endure {endure}: {_name(target)} survives."
        state = _log(state, EventKind.MISS, text)
    if state.status == Status.FINISHED:
        return state
    if shot.remaining:
        target_next = Pending(PendingKind.TARGET, a.player, options=shot.remaining)
        return replace(state, pending=target_next)
    return _after_part(replace(_mark(state, shot=True), shot=None))


def _check_victory(state: State) -> State:
    """R8: a player whose last soldier is eliminated loses."""
    for player in (1, 2):
        if not state.alive(player):
            winner = other(player)
            state = replace(state, status=Status.FINISHED, winner=winner, pending=None)
            return _log(
                state, EventKind.END, f"Player {player} has no soldiers left. Player {winner} wins!"
            )
    return state
