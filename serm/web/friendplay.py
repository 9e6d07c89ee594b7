"""Playing a friend by link on the page (docs/link-play.md): the setup, the invitation opened,
the box that sends the link, and the links opened (``serm.ui.friend`` decides what they do).

The friend's side sits at this screen as a computer seat whose decisions are the ones the
friend's last link carried (``Remote``): played one at a time through the game's own shows,
they show what happened since, then the panel asks this device's decision. While the game
waits on the friend, the box ``#friend`` offers the link to send. Each game by link is kept
in Saves under one name (``SLOT`` + ``friend-`` + its id) and, beside it, what this device
alone knows of it (``META``: its side, what the friend holds, the game as far as it goes).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import js
from pyodide.ffi import create_proxy, to_js

from serm.core.actions import Action
from serm.core.game import Game
from serm.core.pact import canonical
from serm.core.record import RecordError, from_dict
from serm.core.scenario import by_name
from serm.core.state import State
from serm.ui import friend, friend_panel
from serm.ui.app_state import LinkNews, Refused
from serm.ui.saves import OTHER_TAB, SLOT, Loaded
from serm.web.dom import el, null

if TYPE_CHECKING:
    from serm.web.app import App

META = "serm-friend/"
"""Storage key prefix of what this device alone knows of a game by link (its side, what the
friend holds, the game as far as this device has it)."""
PLAYERS = {1: {"name": "Player 1", "kind": "human"}, 2: {"name": "Player 2", "kind": "human"}}


class Remote:
    """The friend's seat: its decisions are those its last link carried, in order."""

    name = "your friend"

    def __init__(self) -> None:
        self.queue: list[Action] = []

    @property
    def ready(self) -> bool:
        """True while a decision of the friend's last link is still to be played here."""
        return bool(self.queue)

    def think(self, _state: State) -> Iterator[Action | None]:
        if self.queue:
            yield self.queue.pop(0)


class FriendPlay:
    """The page's part in games by link; see the module docstring."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.held: friend.Held | None = None
        """The game by link on screen as this device holds it (None: no such game shown)."""
        self.remote = Remote()
        self.invitation: dict[str, Any] | None = None
        """An invitation opened here and not yet answered."""
        self.sent = False
        self.link = ""
        self.whole = False
        self.told: str | None = None
        """What the page said of the friend's link opened last (the next link's words replace
        it)."""
        self._shared = create_proxy(lambda *_: self._say("Sent."))
        self._copied = create_proxy(lambda *_: self._say("Copied: paste it to your friend."))
        self._not_shared = create_proxy(lambda *_: self._say("Copy the link below by hand."))
        box = el("friend")
        if box is None:
            box = js.document.createElement("section")
            box.id = "friend"
            box.hidden = True
            el("prompt").after(box)
        self.box = box

    def actions(self) -> dict[str, Callable[[], None]]:
        """The page's buttons for games by link (``data-action``)."""
        return {
            "friend": self.setup,
            "friend-invite": self.invite,
            "friend-accept": self.accept,
            "friend-rematch": self.rematch,
            "friend-send": self.send,
            "friend-whole": self.send_whole,
            "friend-file": self.save_file,
        }

    # --- starting ------------------------------------------------------------------------------

    def setup(self) -> None:
        """The start screen's "Play a friend (by link)": side, standing order, table."""
        table = self._table()
        self.app.show_welcome()
        el("prompt").innerHTML = friend_panel.setup_html(table)

    def invite(self) -> None:
        checked = js.document.querySelector("input[name=friend-side]:checked")
        side = 2 if not null(checked) and str(checked.value) == "2" else 1
        table = self._table()
        scenario = by_name(table, int(js.Math.floor(js.Math.random() * 2**31)))
        held = friend.start(scenario, side, PLAYERS, _chosen_order())
        self._show(held, held.record, ())

    def rematch(self) -> None:
        """A rematch of the game by link on screen: a new invitation to the same friend on the
        same table (a new layout of a random one), the sides swapped, this device's standing
        React order kept; the game just ended stays in Saves."""
        old = self.held
        if old is None:
            return
        table = old.record.scenario.name.split("-")[0]
        scenario = by_name(table, int(js.Math.floor(js.Math.random() * 2**31)))
        held = friend.start(scenario, old.friend, PLAYERS, old.pact.order(old.me))
        self._show(held, held.record, ())

    def _table(self) -> str:
        """The table picked on the screen (the start screen's or the setup's)."""
        picked = js.document.querySelector("#prompt input[name=scenario]:checked")
        return self.app.state.table if null(picked) else str(picked.value)

    def accept(self) -> None:
        letter, self.invitation = self.invitation, None
        if letter is None:
            return
        self._take(letter, None, _chosen_order())

    def drawn(self) -> None:
        """After each drawing of the game: the computer may think (the friend's seat plays its
        link's decisions that way), and a game by link offers its link while it waits."""
        self.app.computer.maybe_think()
        self.after_draw()

    # --- links opened --------------------------------------------------------------------------

    def open_link(self) -> None:
        """The page's link: a friend's (``#play=...``) here, a replay (``#watch=...``) in the
        viewer."""
        fragment = str(js.window.location.hash or "")
        if friend.is_link(fragment):
            self.open(fragment)
        else:
            self.app.viewer.open_link()

    def open(self, fragment: str) -> None:
        """Take in the friend link in the page's address (``#play=...``); refused in words,
        nothing changed."""
        js.window.history.replaceState(None, "", js.window.location.pathname)  # it is read
        try:
            letter = friend.read(fragment)
        except friend.Refused as exc:
            self._news(str(exc))
            return
        held = self._load(letter["g"])
        if letter["k"] == "invite" and held is None:
            self.invitation = letter
            self.app.show_welcome()
            side = 3 - int(letter["s"])
            table = (
                str(letter.get("sc", {}).get("name", ""))
                if isinstance(letter.get("sc"), dict)
                else ""
            )
            el("prompt").innerHTML = friend_panel.invitation_html(side, table)
            return
        self._take(letter, held, None)

    def _take(self, letter: dict[str, Any], held: friend.Held | None, order: int | None) -> None:
        try:
            got = friend.receive(letter, held, order)
        except friend.Refused as exc:
            self._news(f"{exc} Nothing was changed.")
            return
        self._news(got.note)
        self._keep(got.held)
        if held is None or letter["k"] == "answer" or got.note is not None:
            self._show(got.held, got.held.record, ())
        else:
            self._show(got.held, held.record, got.decisions)

    # --- the game on screen --------------------------------------------------------------------

    def _show(self, held: friend.Held, shown: Any, decisions: tuple[Action, ...]) -> None:
        """Show the game ``held`` from the record ``shown`` (the game before the friend's last
        link), the friend's ``decisions`` then played here one by one."""
        self.held = held
        self.sent = False
        self.whole = False
        self._keep(held)
        self.remote.queue = list(decisions)
        game = Game.from_record(replace(held.record, actions=list(shown.actions)))
        if held.pact.sealed:
            game.roll_pending()  # the roll-off, once the inviter's secret is known here
        key, name = _slot(held)
        self.app.use(Loaded(game, {}), claim=True, save_key=key, save_name=name)

    def adopt(self, game: Game) -> None:
        """``game`` was just put on screen: if it is a game by link, the friend's side is the
        remote seat and the game saves under its own name."""
        link = game.record.link
        if link is None:
            self.held = None
            return
        stored = self._load(link.game)
        if self.held is None or self.held.pact.game != link.game:
            self.held = stored
            self.remote.queue = []
        elif stored is not None and _extends(stored.record.actions, self.held.record.actions):
            self.held = stored  # the game as far as this browser has it (another tab's newer)
        if self.held is None:
            return
        play = self.app.play
        play.ui = replace(play.ui, seats=friend.seated(self.held, play.ui.seats))
        self.app.computer.players = {self.held.friend: self.remote}  # type: ignore[dict-item]

    def after_draw(self) -> None:
        """After each drawing: while the game waits on the friend, the box that sends the link."""
        app, held = self.app, self.held
        game = app.play.game
        if game is None or held is None or game.record.link is None or app.viewer.watch:
            self._hide()
            return
        playing = app.play.ui.playback.playing
        if game.record.link.game != held.pact.game or playing or self.remote.ready:
            self._hide()
            return
        if len(game.record.actions) > len(held.record.actions):
            record = replace(game.record, actions=list(game.record.actions))
            if not self._keep(replace(held, record=record)):
                self._hide()  # moves not kept: no link of them (another tab went on)
                return
            self.held = held = replace(held, record=record)
            self.sent = self.whole = False
        if not _to_send(held, game.state):
            self._hide()
            return
        self._paint_box(held)

    def _paint_box(self, held: friend.Held) -> None:
        location = js.window.location
        fragment = friend.whole(held) if self.whole else friend.outgoing(held)
        self.link = f"{location.origin}{location.pathname}#{fragment}"
        game = self.app.play.game
        words = _words(held, game.state if game is not None else None)
        long = len(self.link) > friend.FILE_PAST
        self.box.innerHTML = friend_panel.send_html(self.link, words, self.sent, self.whole, long)
        self.box.hidden = False
        state = game.state if game is not None else None
        el("prompt").hidden = state is not None and state.pending is not None

    def _hide(self) -> None:
        if not self.box.hidden:
            self.box.hidden = True
            self.box.innerHTML = ""
        el("prompt").hidden = False

    # --- sending -------------------------------------------------------------------------------

    def send(self) -> None:
        """Send to your friend (or again): the device's share sheet where it has one, else the
        clipboard; the link stays in its box either way."""
        if self.held is None:
            return
        self.sent = True
        self._paint_box(self.held)
        nav = js.navigator
        if hasattr(nav, "share") and not null(getattr(nav, "share", None)):
            data = {"title": "Your move in S.E.R.M.", "url": self.link}
            nav.share(to_js(data, dict_converter=js.Object.fromEntries)).then(
                self._shared, self._not_shared
            )
        elif hasattr(nav, "clipboard") and not null(getattr(nav, "clipboard", None)):
            nav.clipboard.writeText(self.link).then(self._copied, self._not_shared)
        else:
            self._say("Copy the link below by hand.")

    def send_whole(self) -> None:
        """The whole game, for a friend whose device lost its copy."""
        if self.held is None:
            return
        self.whole = True
        self.send()

    def save_file(self) -> None:
        """The link as a text file, for a messenger that cuts long links."""
        blob = js.Blob.new(
            [self.link + "\n"], to_js({"type": "text/plain"}, dict_converter=js.Object.fromEntries)
        )
        url = js.URL.createObjectURL(blob)
        anchor = js.document.createElement("a")
        anchor.href = url
        anchor.download = "serm-link-for-your-friend.txt"
        js.document.body.appendChild(anchor)
        anchor.click()
        anchor.remove()

    def _say(self, words: str) -> None:
        said = js.document.querySelector("#friend .friend-sent")
        if not null(said):
            said.textContent = words

    # --- storage -------------------------------------------------------------------------------

    def _keep(self, held: friend.Held) -> bool:
        """Keep ``held`` as this browser's copy of its game by link. Refused (False, the
        player told) when the copy kept holds moves ``held`` lacks: another tab of this
        browser played the game on, and its moves are not written over (``OTHER_TAB``)."""
        stored = self._load(held.pact.game)
        if stored is not None and not _extends(held.record.actions, stored.record.actions):
            self._tell(OTHER_TAB)
            return False
        data = {"me": held.me, "peer_has": held.peer_has, "record": held.record.to_dict()}
        try:
            self.app.slots.store.storage.set(META + held.pact.game, json.dumps(data))
        except Exception:  # storage full or refused: the Saves slot still holds the game
            self._tell("This browser did not keep the game by link; keep the page open.")
        return True

    def _load(self, game_id: str) -> friend.Held | None:
        text = self.app.slots.store.storage.get(META + game_id)
        if text is None:
            return None
        try:
            data = json.loads(text)
            record = from_dict(data["record"])
            me, peer_has = int(data["me"]), int(data["peer_has"])
        except (ValueError, KeyError, TypeError, RecordError):
            return None
        if record.link is None or me not in (1, 2):
            return None
        return friend.Held(record, me, peer_has)

    def _tell(self, words: str) -> None:
        self.app.dispatch(Refused(words))

    def _news(self, words: str | None) -> None:
        """What the page says of the friend's link just opened (None: nothing), in place of
        what it said of the one before."""
        before, self.told = self.told, words
        self.app.dispatch(LinkNews(words, before))


def _slot(held: friend.Held) -> tuple[str, str]:
    """Where a game by link is saved, and its name in Saves: one per game."""
    game = held.pact.game
    return f"{SLOT}friend-{game}", f"Friend game {game[:4]} (you: Player {held.me})"


def _extends(actions: list[Action], base: list[Action]) -> bool:
    """True when ``actions`` begin with every action of ``base`` (they lose none of them)."""
    n = len(base)
    return len(actions) >= n and [canonical(a) for a in actions[:n]] == [canonical(a) for a in base]


def _to_send(held: friend.Held, state: State) -> bool:
    """True when the friend's device lacks something this one must send: the invitation, the
    answer, or the moves up to the friend's decision or the end of the game."""
    if not held.pact.sealed:
        return True
    if len(held.record.actions) <= held.peer_has:
        return False
    p = state.pending
    return p is None or p.player == held.friend


def _words(held: friend.Held, state: State | None) -> str:
    if not held.pact.sealed and held.me == held.pact.inviter:
        return "Send this invitation to your friend. Their device answers with a link to open here."
    if not held.pact.sealed:
        return (
            "Send this answer to your friend. Their device then rolls the dice you agreed on, "
            "and the game begins."
        )
    if state is not None and state.pending is None:
        return "The game is over. Send the last moves to your friend."
    return f"Player {held.friend} (your friend) plays next. Send them this link:"


def _chosen_order() -> int | None:
    picked = js.document.getElementById("friend-order")
    value = "" if null(picked) else str(picked.value)
    return int(value) if value.isdigit() else None
