"""Two devices playing a game by link, each letter passed from one to the other
(``serm.ui.friend``), with computer players deciding for both: for the tests and the link-size
benchmark. ``play`` returns every letter passed and both devices' games at the end."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from serm.ai.player import make_player
from serm.core.game import Game
from serm.core.record import Record
from serm.core.scenario import Scenario, by_name
from serm.core.state import Status
from serm.ui import friend

PLAYERS = {1: {"name": "Ann", "kind": "human"}, 2: {"name": "Bo", "kind": "human"}}


@dataclass
class Match:
    """A game by link played out: ``letters`` holds each letter passed (the sender's side and
    its fragment), ``devices`` each side's game at the end, ``whole`` the whole-game link at
    the end, ``turns`` both devices' games after each turn's letter was taken in (both hold
    the same record then)."""

    letters: list[tuple[int, str]] = field(default_factory=list)
    devices: dict[int, friend.Held] = field(default_factory=dict)
    whole: str = ""
    turns: list[dict[int, friend.Held]] = field(default_factory=list)

    def prefix(self, turn: int) -> dict[int, str]:
        """The whole-game fragment each side's device opens to hold the game as it stood after
        ``turn`` turns (a device that lost its copy is sent the whole game by the other)."""
        held = self.turns[turn]
        return {side: friend.whole(held[3 - side]) for side in (1, 2)}

    def plays(self) -> list[str]:
        """The fragments of the ``play`` letters (each carrying what the other device lacks)."""
        return [f for _, f in self.letters if friend.read(f)["k"] == "play"]


def secret(seed: int, side: int) -> str:
    return f"{seed:016x}{side:016x}"


def play(
    kinds: tuple[str, str],
    seed: int,
    orders: tuple[int | None, int | None] = (None, None),
    scenario: Scenario | None = None,
    activation_cap: int | None = None,
) -> Match:
    """Player 1 invites player 2 and both play to the end (or past ``activation_cap``
    activations), computer players deciding; secrets and game id follow from ``seed``."""
    match = Match()
    table = scenario or by_name("default")
    a = friend.start(table, 1, PLAYERS, orders[0], secret(seed, 1), f"{seed:012x}")
    b = _pass(match, a, None, orders[1], secret(seed, 2))
    a = _pass(match, b, a)
    players = {1: make_player(kinds[0], seed * 2 + 1), 2: make_player(kinds[1], seed * 2 + 2)}
    devices, games = {1: a, 2: b}, {1: Game.from_record(a.record)}
    turn = 1
    while True:
        game = _catch_up(games, turn, devices[turn])
        st = game.state
        while st.status != Status.FINISHED and st.pending is not None and st.pending.player == turn:
            game.play(players[turn].decide(st))
            st = game.state
        held = friend.Held(_copy(game), turn, devices[turn].peer_has)
        friend.remember(held, st)
        devices[turn] = held
        devices[3 - turn] = _pass(match, held, devices[3 - turn])
        match.turns.append(dict(devices))
        capped = activation_cap is not None and st.activation_number > activation_cap
        if st.status == Status.FINISHED or capped:
            break
        turn = 3 - turn
    match.devices = devices
    match.whole = friend.whole(devices[1])
    return match


def _pass(
    match: Match,
    sender: friend.Held,
    receiver: friend.Held | None,
    order: int | None = None,
    secret_text: str | None = None,
) -> friend.Held:
    fragment = friend.outgoing(sender)
    match.letters.append((sender.me, fragment))
    return friend.receive(friend.read(fragment), receiver, order, secret_text).held


def _catch_up(games: dict[int, Game], side: int, held: friend.Held) -> Game:
    game = games.get(side)
    if game is None:
        game = games[side] = Game.from_record(held.record)
        return game
    game.auto_dice = False
    for action in held.record.actions[len(game.record.actions) :]:
        game.play(action)
    game.auto_dice = True
    return game


def _copy(game: Game) -> Record:
    return replace(game.record, actions=list(game.record.actions))
