"""Saves: the autosave, named slots, export and import, over any key-value storage (pure Python).

A save is a versioned JSON object: the game's record (R24), what the screen was in the middle of
(``serm.ui.snapshot``), and a small summary of the game (``Summary``), so that the slot list and
the welcome screen's "A game is waiting" read a save without replaying it. A save is replayed once,
when it is opened (``SaveStore.open``, ``load_import``). Reading never trusts stored text: an
entry that cannot be read or replayed is moved aside under ``serm/aside/...`` (never deleted) and
reported; an import is checked whole (size, JSON, format, version, every action replayed) before
anything is stored. A write the storage refuses raises nothing past here: it is reported, and the
entry that was there before stays as it was.

Save format, save version 2::

    {"format": "serm-save", "version": 2, "revision": 7, "saved_at": "2026-11-29T19:00:00Z",
     "name": "...", "summary": {...Summary.to_dict()...},
     "record": {...record, docs/record-format.md...}, "ui": {...serm.ui.snapshot.to_dict()...}}

The save version (``VERSION`` here: what wraps the record) and the record version
(``serm.core.record.VERSION``: the record inside, docs/record-format.md) are separate numbers that
both happen to be 2 today. Save version 1 had no summary: it is computed (one replay) the first
time the save is listed, and written back. Save version 0 is a bare game record (an exported
file); it migrates by adding an empty ``ui``. A record of record version 1 inside any save is read
as rules version 1 (``serm.core.ruleset``) and written back as the current record version.

Several tabs (or windows) share one storage. ``revision`` counts the writes of one entry (missing
in older saves: 0); a store remembers the revision it last read or wrote for each entry (``held``)
and, before writing, compares it with the stored one. If another tab wrote in between and the
stored game holds actions this tab's game lacks, the write is refused (``OTHER_TAB``, ``stale``):
the tab is told and offered to open the newer game or to keep its own as a copy. Nothing is ever
overwritten silently; a write that loses nothing (the other tab saved the same game, or less of it)
goes ahead.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from ..core.game import Game
from ..core.jsontext import TextError
from ..core.jsontext import loads as read_json
from ..core.record import FORMAT as RECORD_FORMAT
from ..core.record import Record, RecordError, from_dict
from ..core.state import EventKind, PendingKind, Status
from . import snapshot, words
from .model import UI

FORMAT = "serm-save"
VERSION = 2
"""The save version written (not the record version of the record inside: see above)."""
PREFIX = "serm/"
AUTOSAVE = "serm/autosave"
SLOT = "serm/slot/"
ASIDE = "serm/aside/"
MAX_BYTES = 2_000_000
"""Largest save or import accepted (a long game's record is well under 200 kB)."""
MAX_NAME = 40
JOINERS = frozenset("\u200c\u200d")
"""Format characters kept in names: they join emoji and letters; the bidi overrides go."""


class SaveError(ValueError):
    """A save or import that cannot be used; the message says what is wrong, for the player."""


class StorageFullError(Exception):
    """The storage refused a write: it is full (``blocked`` False: the quota is exceeded), or it
    lets nothing be stored at all (``blocked`` True: private browsing, site data blocked or
    storage disabled). The text is for the console, never for the player."""

    def __init__(self, detail: str = "", blocked: bool = False) -> None:
        super().__init__(detail)
        self.blocked = blocked


SAVE_FULL = (
    "Could not save: this browser's storage for the game is full. Your game goes on here; "
    "export it to a file to keep it, or delete saved games you no longer need."
)
SAVE_BLOCKED = (
    "Could not save: this browser does not let the game store anything (private browsing, or "
    "site data blocked). Your game goes on here; export it to a file to keep it."
)
SAVE_NOT_KEPT = (
    "Could not save: the browser did not keep the save. Your game goes on here; export it to a "
    "file to keep it."
)
SAVE_FAILED = (SAVE_FULL, SAVE_BLOCKED, SAVE_NOT_KEPT)
"""The messages of a save that failed: the page offers to export the game beside them."""
OTHER_TAB = (
    "This game was changed in another tab or window since this tab last saved it, so this "
    "tab's moves are not saved over it. Open the newer game, or keep this tab's game as a copy."
)
"""The message of a save refused because another tab holds progress this tab lacks."""


class Storage(Protocol):
    """The little of ``localStorage`` that saves need. ``set`` raises ``StorageFullError``."""

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None: ...

    def remove(self, key: str) -> None: ...

    def keys(self) -> list[str]: ...


@dataclass(frozen=True)
class Summary:
    """What the slot list and the welcome screen say about a saved game, read without a replay.

    ``decider`` is who must decide now (None for the dice, or when the game is over); ``last``
    the last line of the game log that is not a dice roll, in words.
    """

    scenario: str
    status: Status
    initiative: int | None
    pending: PendingKind | None
    decider: int | None
    winner: int | None
    activation: int
    actions: int
    last: str
    players: tuple[str, str] = ("Player 1", "Player 2")
    """The names of the two sides as the game shows them ("Computer (hard)" for a computer)."""

    def name(self, player: int | None) -> str:
        return self.players[player - 1] if player in (1, 2) else "nobody"

    def label(self) -> str:
        """The save as a list names it: its table's shown name, where the game stands, who is
        to play, the action it was saved at (as the replay viewer numbers them), and who plays
        whom ("Ruins · activation 12, Player 1 to play, at action 41 · Player 1 vs Computer
        (hard)"). The action tells apart two saves of one game at different moments, even within
        one activation or during the deployment, where the rest says the same."""
        at = f", at action {self.actions}" if self.actions else ""
        vs = " vs ".join(self.players)
        return f"{words.table_title(self.scenario)} · {self.stands()}{at} · {vs}"

    def stands(self) -> str:
        """Where the game stands and who is to play, in words."""
        if self.status == Status.FINISHED:
            return f"won by {self.name(self.winner)}" if self.winner else "a draw"
        if self.status == Status.SETUP:
            return "the roll-off"
        who = self.decider or self.initiative
        if self.status == Status.DEPLOYMENT:
            return f"deployment, {self.name(who)} to place" if who else "deployment"
        if self.pending == PendingKind.REACT and self.decider:
            return f"activation {self.activation}, {self.name(who)} to React"
        return f"activation {self.activation}, {self.name(who)} to play"

    def to_dict(self) -> dict[str, Any]:
        return {
            "scenario": self.scenario,
            "status": self.status.value,
            "initiative": self.initiative,
            "pending": None if self.pending is None else self.pending.value,
            "decider": self.decider,
            "winner": self.winner,
            "activation": self.activation,
            "actions": self.actions,
            "last": self.last,
            "players": list(self.players),
        }

    @classmethod
    def from_dict(cls, raw: object) -> Summary | None:
        """The summary stored in a save, or None if it is missing or not what ``to_dict`` wrote
        (then it is computed again from the record)."""
        if not isinstance(raw, dict):
            return None
        try:
            return cls(
                scenario=_text(raw.get("scenario")),
                status=Status(str(raw.get("status"))),
                initiative=_player(raw.get("initiative")),
                pending=None
                if raw.get("pending") is None
                else PendingKind(str(raw.get("pending"))),
                decider=_player(raw.get("decider")),
                winner=_player(raw.get("winner")),
                activation=_count(raw.get("activation")),
                actions=_count(raw.get("actions")),
                last=_text(raw.get("last")),
                players=_names(raw.get("players")),
            )
        except ValueError:
            return None


def _text(value: object) -> str:
    if not isinstance(value, str) or len(value) > 200:
        raise ValueError("not a short text")
    return value


def _names(value: object) -> tuple[str, str]:
    """The two sides' names (a summary written before it named them is summarised again)."""
    if not isinstance(value, list) or len(value) != 2:
        raise ValueError("not two names")
    return _text(value[0]), _text(value[1])


def _player(value: object) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value not in (1, 2):
        raise ValueError("not a player")
    return value


def _count(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError("not a count")
    return value


def summarise(game: Game) -> Summary:
    """The summary of ``game`` as it stands."""
    st, p = game.state, game.state.pending
    last = next((e.text for e in reversed(game.events) if e.kind != EventKind.ROLL), "")
    players = (_side(game, 1), _side(game, 2))
    return Summary(
        scenario=game.record.scenario.name,
        status=st.status,
        initiative=st.initiative or None,
        pending=None if p is None else p.kind,
        decider=None if p is None or p.kind == PendingKind.ROLL else (p.player or None),
        winner=st.winner,
        activation=st.activation_number,
        actions=len(game.record.actions),
        last=words.named(last, players)[:200],
        players=players,
    )


def _side(game: Game, player: int) -> str:
    """A side's name as the game shows it (``serm.ui.driver.seats``)."""
    name = game.record.players.get(player, {}).get("name", f"Player {player}")
    return str(name)[:200]


@dataclass(frozen=True)
class Save:
    """A readable save: the game's record, the screen's snapshot, its name, time and summary."""

    record: Record
    ui: dict[str, Any]
    name: str
    saved_at: str
    summary: Summary | None

    def replay(self) -> Game:
        """The saved game, replayed from its record (the one replay of opening a save)."""
        try:
            return Game.from_record(self.record)
        except RecordError as exc:
            raise SaveError(f"the game does not replay: {exc.for_people()}") from exc


@dataclass(frozen=True)
class Loaded:
    """An opened save: the game (replayed) and what the screen showed (``serm.ui.snapshot``)."""

    game: Game
    ui: dict[str, Any]


@dataclass(frozen=True)
class SlotInfo:
    """One line of the slot list (or the autosave on the welcome screen)."""

    key: str
    name: str
    saved_at: str
    summary: Summary

    @property
    def scenario(self) -> str:
        return self.summary.scenario

    @property
    def status(self) -> Status:
        return self.summary.status

    @property
    def initiative(self) -> int | None:
        return self.summary.initiative


# --- encoding -----------------------------------------------------------------------------------


def encode(game: Game, ui: UI, name: str, saved_at: str, revision: int = 0) -> str:
    """The save text for ``game`` with the screen ``ui`` (save version ``VERSION``), as the
    ``revision``-th write of its entry (``revision`` comes first, so ``revision_of`` finds it
    without parsing the whole save)."""
    return json.dumps(
        {
            "format": FORMAT,
            "version": VERSION,
            "revision": revision,
            "saved_at": saved_at,
            "name": clean_name(name),
            "summary": summarise(game).to_dict(),
            "record": game.record.to_dict(),
            "ui": snapshot.to_dict(ui),
        },
        separators=(",", ":"),
    )


_REVISION = re.compile(r'"revision":\s*(\d{1,15})\s*[,}]')


def revision_of(text: str | None) -> int:
    """The ``revision`` of a stored save, read from its first characters (0 if it has none)."""
    if text is None:
        return 0
    found = _REVISION.search(text, 0, 120)
    return int(found.group(1)) if found else 0


def clean_name(name: str) -> str:
    """A slot name as stored and shown: no control or format characters (a right-to-left
    override would make "exe.txt" read "txt.exe"), trimmed, at most ``MAX_NAME`` characters,
    never empty."""
    import unicodedata  # only when names are written or listed, not at start-up

    kept = "".join(
        " " if c.isspace() else c
        for c in str(name)
        if c.isspace() or c in JOINERS or unicodedata.category(c) not in ("Cc", "Cf")
    )
    name = " ".join(kept.split())[:MAX_NAME]
    return name or "Game"


def _migrate_0(data: dict[str, Any]) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": 1,
        "saved_at": "",
        "name": "Imported game",
        "record": data,
        "ui": {},
    }


def _migrate_1(data: dict[str, Any]) -> dict[str, Any]:
    return {**data, "version": 2}  # the summary is computed when the save is first listed


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {0: _migrate_0, 1: _migrate_1}
"""version -> function that turns a save of that version into the next version."""


def _load(text: str) -> dict[str, Any]:
    """The save's JSON object at save version ``VERSION``; raises ``SaveError`` naming the
    problem."""
    data = _read(text)
    if not isinstance(data, dict):
        raise SaveError("not a serm save or record (expected a JSON object)")
    return _upgrade(data)


def _name(data: dict[str, Any]) -> tuple[str, str]:
    name, saved_at = data.get("name"), data.get("saved_at")
    return (
        clean_name(name if isinstance(name, str) else ""),
        saved_at if isinstance(saved_at, str) else "",
    )


def decode(text: str) -> Save:
    """Read a save (or a bare exported record); raises ``SaveError`` naming the problem.

    The record is checked (format, scenario, actions) but not replayed: ``Save.replay`` does."""
    data = _load(text)
    try:
        record = from_dict(data.get("record"))
    except RecordError as exc:
        raise SaveError(f"the game in it is not valid: {exc.for_people()}") from exc
    ui = data.get("ui")
    name, saved_at = _name(data)
    summary = Summary.from_dict(data.get("summary"))
    return Save(record, ui if isinstance(ui, dict) else {}, name, saved_at, summary)


def _read(text: str) -> Any:
    """The JSON value in ``text``, checked for size, nesting and numbers before it is parsed
    (``serm.core.jsontext``): a hostile file cannot overflow the parser. Raises ``SaveError``."""
    try:
        return read_json(text, MAX_BYTES, "the file")
    except TextError as exc:
        raise SaveError(str(exc)) from exc


def _upgrade(data: dict[str, Any]) -> dict[str, Any]:
    if data.get("format") == RECORD_FORMAT:
        version: Any = 0  # a bare record: an exported file
    elif data.get("format") == FORMAT:
        version = data.get("version")
    else:
        raise SaveError(f"not a serm save or record (format {str(data.get('format'))[:40]!r})")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError("the save has no version number")
    if version > VERSION:
        raise SaveError(
            f"saved by a newer version of the game (save version {version}; "
            f"this game reads up to {VERSION})"
        )
    while version < VERSION:
        if version not in MIGRATIONS:
            raise SaveError(f"save version {version} is too old to read")
        data = MIGRATIONS[version](data)
        version = data["version"]
    return data


def load_import(text: str) -> Loaded:
    """Check an imported file whole and return the game it holds (replayed once), or raise
    ``SaveError``."""
    save = decode(text)
    return Loaded(save.replay(), save.ui)


# --- the store ----------------------------------------------------------------------------------


class SaveStore:
    """Saves kept in a ``Storage``. Methods return a message for the player when something fails;
    entries that cannot be read are set aside and reported in ``problems``.

    ``held`` maps each entry this store opened or wrote to the revision it then had; ``stale``
    holds the entries whose last write was refused because another tab holds progress there
    that this store's game lacks (``OTHER_TAB``)."""

    def __init__(self, storage: Storage, now: Callable[[], str]) -> None:
        self.storage = storage
        self.now = now
        self.problems: list[str] = []
        self.held: dict[str, int] = {}
        self.stale: set[str] = set()

    def _write(self, key: str, text: str) -> str | None:
        """Write and read back; on refusal the old entry stays. Returns an error message or None."""
        try:
            self.storage.set(key, text)
        except StorageFullError as exc:
            return SAVE_BLOCKED if exc.blocked else SAVE_FULL
        if self.storage.get(key) != text:
            return SAVE_NOT_KEPT
        return None

    def _put(self, key: str, game: Game, ui: UI, name: str, claim: bool) -> str | None:
        """Write ``game`` under ``key`` as the next revision. Unless ``claim`` (the player chose to
        replace what is there: a new game, an import, a save under a new name), the write is
        refused with ``OTHER_TAB`` if another tab wrote there since and holds actions ``game``
        lacks."""
        stored = self.storage.get(key)
        revision = revision_of(stored)
        if not claim and self.behind(key, game, stored):
            self.stale.add(key)
            return OTHER_TAB
        text = encode(game, ui, name, self.now(), revision + 1)
        problem = self._write(key, text)
        if problem is None:
            self.held[key] = revision + 1
            self.stale.discard(key)
        return problem

    def behind(self, key: str, game: Game, stored: str | None = None) -> bool:
        """True when another tab wrote ``key`` since this store last opened or wrote it, and the
        game stored there has actions that ``game`` lacks (a different game, or the same game
        played further): writing ``game`` there would lose them."""
        if stored is None:
            stored = self.storage.get(key)
        if stored is None or key not in self.held or revision_of(stored) == self.held[key]:
            return False
        try:
            record = _load(stored).get("record")
        except SaveError:
            return False  # nothing readable to lose (it would be set aside when opened)
        mine = json.loads(json.dumps(game.record.to_dict()))  # compared as stored: lists, floats
        if not isinstance(record, dict) or any(
            record.get(k) != mine[k] for k in ("scenario", "seed", "rules")
        ):
            return True
        theirs = record.get("actions")
        if not isinstance(theirs, list) or len(theirs) > len(mine["actions"]):
            return True
        return bool(theirs != mine["actions"][: len(theirs)])

    def autosave(self, game: Game, ui: UI, claim: bool = False) -> str | None:
        """Save ``game`` as the autosave (see ``_put`` for ``claim``)."""
        return self._put(AUTOSAVE, game, ui, "Autosave", claim)

    def new_slot_key(self) -> str:
        """A slot key no save uses yet."""
        existing = set(self.storage.keys())
        n = 1
        while f"{SLOT}{n}" in existing:
            n += 1
        return f"{SLOT}{n}"

    def save_slot(self, game: Game, ui: UI, name: str, key: str | None = None) -> str | None:
        """Save ``game`` under a new name (``key`` None), or again under ``key`` (refused like an
        autosave if another tab has gone further there)."""
        if key is None:
            return self._put(self.new_slot_key(), game, ui, name, claim=True)
        return self._put(key, game, ui, name, claim=key not in self.held)

    def open(self, key: str) -> Loaded | None:
        """The game saved under ``key``, replayed once, with its screen; None if there is none
        or it cannot be read or replayed (then it is set aside and reported)."""
        text = self.storage.get(key)
        if text is None:
            what = "The game that was waiting" if key == AUTOSAVE else "That saved game"
            self.problems.append(
                f"{what} is no longer in this browser's storage: it was removed after this page "
                "opened (in another tab, or by clearing the browser's data). Start a new game, "
                "or import one from a file."
            )
            return None
        try:
            save = decode(text)
            loaded = Loaded(save.replay(), save.ui)
            self.held[key] = revision_of(text)
            self.stale.discard(key)
            return loaded
        except SaveError as exc:
            self._set_aside(key, text, str(exc))
            return None

    def info(self, key: str) -> SlotInfo | None:
        """The list line of the save under ``key``, read without a replay (a save of version 1
        is replayed once to summarise it, and written back with its summary)."""
        text = self.storage.get(key)
        if text is None:
            return None
        try:
            data = _load(text)
            name, saved_at = _name(data)
            summary = Summary.from_dict(data.get("summary"))
            if summary is None:
                summary = self._summarise(key, data)
            return SlotInfo(key, name, saved_at, summary)
        except SaveError as exc:
            self._set_aside(key, text, str(exc))
            return None

    def _summarise(self, key: str, data: dict[str, Any]) -> Summary:
        """Replay a save that has no summary, and write the summary back (if the storage lets
        us; the save is kept either way)."""
        try:
            game = Game.from_record(from_dict(data.get("record")))
        except RecordError as exc:
            raise SaveError(f"the game does not replay: {exc.for_people()}") from exc
        summary = summarise(game)
        self._write(key, json.dumps({**data, "summary": summary.to_dict()}, separators=(",", ":")))
        return summary

    def _set_aside(self, key: str, text: str, why: str) -> None:
        label = "the autosave" if key == AUTOSAVE else f"save {key[len(SLOT) :]!r}"
        aside = f"{ASIDE}{key[len(PREFIX) :]}/{self.now()}"
        try:
            self.storage.set(aside, text)
            self.storage.remove(key)
            where = f"kept aside as {aside!r}"
        except StorageFullError:
            where = "left where it was"
        self.problems.append(f"Could not read {label}: {why}. It was {where}.")

    def slots(self) -> list[SlotInfo]:
        """The named saves, newest first, read without replaying them."""
        found = (self.info(k) for k in sorted(self.storage.keys()) if k.startswith(SLOT))
        out = [s for s in found if s is not None]
        return sorted(out, key=lambda s: s.saved_at, reverse=True)

    def rename(self, key: str, name: str) -> str | None:
        text = self.storage.get(key)
        if text is None:
            return "That save no longer exists."
        try:
            data = _read(text)
        except SaveError as exc:
            return f"Could not rename it: {exc}."
        if not isinstance(data, dict):
            return "Could not rename it: it is not a save."
        data["name"] = clean_name(name)
        return self._write(key, json.dumps(data, separators=(",", ":")))

    def delete(self, key: str) -> None:
        if key.startswith(SLOT):
            self.storage.remove(key)
