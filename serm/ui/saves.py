"""Saves: the autosave, named slots, export and import, over any key-value storage (pure Python).

A save is a versioned JSON object: the game's record (R24), what the screen was in the middle of
(``Controller.snapshot``) and a little metadata for the slot list. Reading never trusts stored
text: an entry that cannot be read is moved aside under ``serm/aside/...`` (never deleted) and
reported; an import is checked whole (size, JSON, format, version, every action replayed) before
anything is stored. A write the storage refuses raises nothing past here: it is reported, and the
entry that was there before stays as it was.

Save format, version 1::

    {"format": "serm-save", "version": 1, "saved_at": "2026-11-29T19:00:00Z", "name": "...",
     "record": {...record, docs/record-format.md...}, "ui": {...Controller.snapshot()...}}

Version 0 is a bare game record (an exported file); it migrates by adding an empty ``ui``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from ..core.game import Game
from ..core.record import FORMAT as RECORD_FORMAT
from ..core.record import Record, RecordError, from_dict
from .controller import Controller

FORMAT = "serm-save"
VERSION = 1
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
    """The storage refused a write (quota exceeded, private mode, disabled)."""


class Storage(Protocol):
    """The little of ``localStorage`` that saves need. ``set`` raises ``StorageFullError``."""

    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None: ...

    def remove(self, key: str) -> None: ...

    def keys(self) -> list[str]: ...


@dataclass(frozen=True)
class Save:
    """A readable save: the game's record, the screen's snapshot and its metadata."""

    record: Record
    ui: dict[str, Any]
    name: str
    saved_at: str

    def controller(self) -> Controller:
        """A controller on the saved game, showing what the screen showed (replays the record)."""
        try:
            game = Game.from_record(self.record)
        except RecordError as exc:
            raise SaveError(f"the game does not replay: {exc}") from exc
        ctrl = Controller(game)
        ctrl.restore(self.ui)
        return ctrl


@dataclass(frozen=True)
class SlotInfo:
    """One line of the slot list."""

    key: str
    name: str
    saved_at: str
    scenario: str
    status: str
    initiative: int | None


# --- encoding -----------------------------------------------------------------------------------


def encode(ctrl: Controller, name: str, saved_at: str) -> str:
    """The save text for the game on ``ctrl`` (version ``VERSION``)."""
    return json.dumps(
        {
            "format": FORMAT,
            "version": VERSION,
            "saved_at": saved_at,
            "name": clean_name(name),
            "record": ctrl.game.record.to_dict(),
            "ui": ctrl.snapshot(),
        },
        separators=(",", ":"),
    )


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


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {0: _migrate_0}
"""version -> function that turns a save of that version into the next version."""


def decode(text: str) -> Save:
    """Read a save (or a bare exported record); raises ``SaveError`` naming the problem."""
    if len(text) > MAX_BYTES:
        raise SaveError(
            f"the file is too large ({len(text) // 1000} kB; at most {MAX_BYTES // 1000} kB)"
        )
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        cut = exc.pos >= len(text.rstrip()) - 1 or exc.msg.startswith("Unterminated")
        hint = " — it looks cut short" if cut else ""
        raise SaveError(f"not valid JSON (line {exc.lineno}, column {exc.colno}){hint}") from exc
    if not isinstance(data, dict):
        raise SaveError("not a serm save or record (expected a JSON object)")
    data = _upgrade(data)
    try:
        record = from_dict(data.get("record"))
    except RecordError as exc:
        raise SaveError(f"the game record is not valid: {exc}") from exc
    ui = data.get("ui")
    name, saved_at = data.get("name"), data.get("saved_at")
    return Save(
        record,
        ui if isinstance(ui, dict) else {},
        clean_name(name if isinstance(name, str) else ""),
        saved_at if isinstance(saved_at, str) else "",
    )


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


def load_import(text: str) -> Controller:
    """Check an imported file whole and return the game it holds (replayed), or raise SaveError."""
    return decode(text).controller()


# --- the store ----------------------------------------------------------------------------------


class SaveStore:
    """Saves kept in a ``Storage``. Methods return a message for the player when something fails."""

    def __init__(self, storage: Storage, now: Callable[[], str]) -> None:
        self.storage = storage
        self.now = now
        self.problems: list[str] = []

    def _write(self, key: str, text: str) -> str | None:
        """Write and read back; on refusal the old entry stays. Returns an error message or None."""
        try:
            self.storage.set(key, text)
        except StorageFullError as exc:
            return f"Could not save: the browser refused to store it ({exc}). Your game goes on."
        if self.storage.get(key) != text:
            return "Could not save: the browser did not keep it. Your game goes on."
        return None

    def autosave(self, ctrl: Controller) -> str | None:
        return self._write(AUTOSAVE, encode(ctrl, "Autosave", self.now()))

    def read(self, key: str) -> Save | None:
        """The save under ``key``; unreadable entries are moved aside and reported."""
        text = self.storage.get(key)
        if text is None:
            return None
        try:
            save = decode(text)
            save.controller()  # the game must replay, too
            return save
        except SaveError as exc:
            self._set_aside(key, text, str(exc))
            return None

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
        out = []
        for key in sorted(k for k in self.storage.keys() if k.startswith(SLOT)):
            save = self.read(key)
            if save is None:
                continue
            state = save.controller().state
            out.append(
                SlotInfo(
                    key,
                    clean_name(save.name),
                    save.saved_at,
                    save.record.scenario.name,
                    state.status,
                    state.initiative or None,
                )
            )
        return sorted(out, key=lambda s: s.saved_at, reverse=True)

    def save_slot(self, ctrl: Controller, name: str, key: str | None = None) -> str | None:
        if key is None:
            existing = set(self.storage.keys())
            n = 1
            while f"{SLOT}{n}" in existing:
                n += 1
            key = f"{SLOT}{n}"
        return self._write(key, encode(ctrl, name, self.now()))

    def rename(self, key: str, name: str) -> str | None:
        text = self.storage.get(key)
        if text is None:
            return "That save no longer exists."
        data = json.loads(text)
        data["name"] = clean_name(name)
        return self._write(key, json.dumps(data, separators=(",", ":")))

    def delete(self, key: str) -> None:
        if key.startswith(SLOT):
            self.storage.remove(key)


class MemoryStorage:
    """A ``Storage`` in a dict, for tests; ``full`` makes every write fail."""

    def __init__(self) -> None:
        self.data: dict[str, str] = {}
        self.full = False

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        if self.full:
            raise StorageFullError("quota exceeded")
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.data)
