"""Driving a game from the screen: start or open it, feed events to ``reduce``, play the actions.

The browser layer (serm/web) and the CPython tests drive a game the same way: ``step(game, ui,
event)`` reduces the event and plays the action it asks for through the engine (``Game.play``),
then settles the screen on the new state, playing any default that settling proposes. The
computer's seats are read from the record's player kinds (``computer_seats``); the caller makes
the players (``serm.ai.seated_players``) and runs their thinking (the browser slices it between
frames).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from ..core.actions import Action
from ..core.errors import IllegalActionError
from ..core.game import Game
from ..core.record import Record
from ..core.scenario import Scenario
from ..core.state import Soldier, State, Status
from ..view.beats import beats
from . import last, snapshot, words
from .choose import tell
from .events import Event, Refused, Settled, Shown
from .model import UI, Seats, Settings
from .reduce import reduce

STRENGTHS = ("easy", "normal", "hard")
"""The computer players a record may name (``serm.ai.STRENGTHS``, not imported at start-up)."""
COMPUTER = "computer-"
"""A record's player kind for a computer player: ``computer-`` and its strength."""


def strength(kind: str) -> str | None:
    """The strength of a computer player's kind ("computer-easy" -> "easy"), or None."""
    name = kind[len(COMPUTER) :] if kind.startswith(COMPUTER) else ""
    return name if name in STRENGTHS else None


def computer_seats(record: Record) -> dict[int, str]:
    """The seats of a record played by the computer, with their strengths."""
    found = {p: strength(info.get("kind", "human")) for p, info in record.players.items()}
    return {p: s for p, s in found.items() if s is not None}


def new_game(
    scenario: Scenario,
    seed: int | None,
    computer: dict[int, str] | None = None,
    referee: bool = False,
) -> Game:
    """A new game; ``computer`` maps a player to a strength ("easy", "normal", "hard").

    In ``referee`` mode the players roll physical dice and type the faces in (R24); otherwise the
    roll-off is rolled at once.
    """
    game = Game(scenario, seed=seed, auto_dice=not referee)
    for player, s in (computer or {}).items():
        if s in STRENGTHS:
            game.record.players[player] = {"name": f"Computer ({s})", "kind": COMPUTER + s}
    if not referee:
        game.roll_pending()
    return game


def seats(game: Game) -> Seats:
    """Who sits at the screen for ``game``: names, computer seats, referee mode."""
    players = game.record.players
    names = tuple(players.get(p, {}).get("name", f"Player {p}") for p in (1, 2))
    return Seats(
        names=(names[0], names[1]),
        computers=frozenset(computer_seats(game.record)),
        referee=not game.auto_dice,
        by_link=game.record.link is not None,
    )


def open_ui(game: Game, saved: dict[str, Any] | None = None, first: bool = False) -> UI:
    """The screen for a game just started or opened, with a saved screen put back if given.

    "What just happened" starts empty: only results of decisions made from here on are shown;
    during the deployment it holds the roll-off (``news_from``).
    A ``first`` game (none was played in this browser before) starts with the Exposure view on
    (``serm.ui.exposure``); a saved screen keeps its own setting. The last answers the screen
    kept for the game shown before are dropped (``serm.ui.last``).
    """
    last.forget()
    if saved is not None and snapshot.referee(saved):
        game.auto_dice = False
    ui = UI(seats=seats(game), settings=Settings(exposure=first))
    ui, _ = reduce(ui, game.state, Settled(news_from(game)))
    return snapshot.restore(ui, game.state, saved) if saved is not None else ui


def news_from(game: Game) -> int:
    """Where "what just happened" starts in the log of a game opened: at its end, but at its
    start during the deployment, so the roll-off that decided who places first and who acts
    first (R5) is read while the cards are placed (``reduce.settle`` keeps it there)."""
    return 0 if game.state.status == Status.DEPLOYMENT else len(game.events)


@dataclass(frozen=True)
class Stepped:
    """What an event did: the new screen, and the states the game went through (the first is the
    state before; one more per action played), for the browser to animate."""

    ui: UI
    states: tuple[State, ...]
    actions: tuple[Action, ...] = ()
    """The actions played, one between each two ``states``."""


def step(game: Game, ui: UI, event: Event) -> Stepped:
    """Reduce ``event`` and play the action it asks for, if any (a human's decision)."""
    ui, action = reduce(ui, game.state, event)
    if action is None:
        return Stepped(ui, (game.state,))
    return play(game, ui, action, human=True)


def play(game: Game, ui: UI, action: Action, human: bool) -> Stepped:
    """Play ``action`` and the defaults settling proposes after it; a refused action changes
    nothing but the message. A human's action starts the "what just happened" lines, unless it
    goes on with an activation already under way (``_goes_on``). What was
    played goes to the screen's playback as beats (``Shown``: shown on the board)."""
    states = [game.state]
    played: list[Action] = []
    by = _decider(game.state, action)
    human = human and not _goes_on(game.state)
    todo: Action | None = action
    while todo is not None:
        start = len(game.events)
        before = game.state
        try:
            game.play(todo)
        except IllegalActionError as exc:
            ui, _ = reduce(ui, game.state, Refused(exc.rule, exc.message, todo))
            break
        states.extend(game.passed)  # the action, then any dice the game rolled itself
        played.extend(game.record.actions[len(game.record.actions) - len(game.passed) :])
        ended = words.ended_by_itself(before, game.state, todo)
        ui, todo = reduce(ui, game.state, Settled(start if human else None))
        human = False  # what settling proposes next is the screen's default
        if ended is not None and not ui.seats.computer(ended[1].player):
            ui = _ended(ui, *ended)
    if played:
        said = tuple(
            replace(b, words=words.named(b.words, ui.seats.names)) for b in beats(states, played)
        )
        shown = Shown(said, by, states[0])
        ui, _ = reduce(ui, game.state, shown)
    return Stepped(ui, tuple(states), tuple(played))


def _goes_on(state: State) -> bool:
    """The decision goes on with the decider's own activation under way (a Gunner's next
    target, R22; a Move after a Shoot): what the activation did so far stays among the results
    shown ("what just happened" starts at its first decision)."""
    a, p = state.activation, state.pending
    return a is not None and a.card is not None and p is not None and p.player == a.player


def _decider(state: State, action: Action) -> int:
    """Whose turn ``action`` is played in (0 for the roll-off): the player of the activation
    under way, whoever decides it (a React asked of the other side is part of the mover's
    turn, R18, and so shown and replayed with it); else the player the game waits for."""
    a, p = state.activation, state.pending
    if a is not None:
        return a.player
    return p.player if p is not None else int(getattr(action, "player", 0) or 0)


def _ended(ui: UI, said: words.Said, s: Soldier) -> UI:
    """Tell the player why their soldier's activation ended by itself, and keep its sight
    region drawn (the hover) when no enemy in it was the reason."""
    if said.region is not None:
        ui = replace(ui, pointer=replace(ui.pointer, hover=said.region))
    return tell(ui, said, news=True, about=s.player)


def conceding(state: State, ui: UI) -> tuple[int, str, str]:
    """Who the Concede button speaks for (``conceding_player``) and its name, and in hot-seat
    the other side's name ("" when the other side is not played at this screen)."""
    player = conceding_player(state, ui)
    hot_seat = not any(ui.seats.computer(p) for p in (1, 2))
    return player, ui.seats.name(player), ui.seats.name(3 - player) if hot_seat else ""


def conceding_player(state: State, ui: UI) -> int:
    """Who the Concede button speaks for: the one person playing a computer, or else whoever
    must decide now (hot-seat)."""
    humans = [p for p in (1, 2) if not ui.seats.computer(p)]
    if len(humans) == 1:
        return humans[0]
    p = state.pending
    return p.player if p is not None and p.player else (state.initiative or 1)
