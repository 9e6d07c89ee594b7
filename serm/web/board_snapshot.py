"""A returning player's board before Python runs: the welcome screen of the autosaved game, stored
beside the autosave, for static/js/snapshot.js to draw on the next visit.

``serm.web.app`` calls ``after_autosave`` after each autosave; the snapshot is written once the
player pauses (``DELAY_MS``) or leaves the page (the tab hidden), not on every action.  It holds
exactly what ``serm.ui.welcome.welcome_screen`` draws for that game, with the start box's words
read from the save's summary as the live page reads them; when the page opens again and a game is
waiting, the live page keeps the board static/js/snapshot.js drew (``shown_first``), so nothing
moves and the saved game is not replayed for it.  Stored under ``KEY`` as JSON::

    {"format": "serm-snapshot", "version": 1, "saved_at": "<the autosave's saved_at>",
     "status": "<html>", "prompt": "<html>", "board": "<svg>"}

static/js/snapshot.js draws it only if ``saved_at`` is the autosave's (an older snapshot is not
shown), only up to ``MAX_CHARS``, and only the elements and attributes the view and the panel emit
(listed by tools/prerender.py at build time), as elements it creates itself: stored text is never
run, nor put into the page as markup.  A finished game (the welcome then shows a new table) leaves
no snapshot.  Failing to store it changes nothing else: it is a nicety, the autosave is the save.
"""

from __future__ import annotations

import json
from typing import Any

import js
from pyodide.ffi import create_proxy
from pyscript import document, window

from serm.core.game import Game
from serm.core.state import Status
from serm.ui.panel import resume_text
from serm.ui.saves import AUTOSAVE, SaveStore, StorageFullError
from serm.ui.welcome import welcome_screen

KEY = "serm/snapshot"
FORMAT = "serm-snapshot"
VERSION = 1
DELAY_MS = 1500
MAX_CHARS = 400_000
"""Largest snapshot written (and drawn): a full table is well under 100 kB."""

_state: dict[str, Any] = {"pending": None, "timer": None, "proxies": None, "first": True}


def shown_first() -> bool:
    """True once, on the page's first welcome screen, if static/js/snapshot.js drew the waiting
    game's board before Python ran (it did only if the snapshot matched the autosave)."""
    first, _state["first"] = _state["first"], False
    # getAttribute, not dataset: a missing data attribute is undefined, which Pyodide raises as an
    # AttributeError (a game waiting whose snapshot was not stored, or did not match the save).
    return bool(first) and document.documentElement.getAttribute("data-snapshot") == "drawn"


def after_autosave(game: Game, store: SaveStore) -> None:
    """Write the snapshot of ``game`` once the player pauses or leaves the page."""
    if _state["proxies"] is None:
        flush = create_proxy(_flush)
        on_hide = create_proxy(_on_hide)
        document.addEventListener("visibilitychange", on_hide)
        window.addEventListener("pagehide", on_hide)
        _state["proxies"] = (flush, on_hide)
    _state["pending"] = (game, store)
    if _state["timer"] is not None:
        js.clearTimeout(_state["timer"])
    _state["timer"] = js.setTimeout(_state["proxies"][0], DELAY_MS)


def _on_hide(*_: Any) -> None:
    if str(document.visibilityState) == "hidden":
        _flush()


def _flush(*_: Any) -> None:
    pending, _state["pending"] = _state["pending"], None
    _state["timer"] = None
    if pending is None:
        return
    try:
        write(*pending)
    except Exception as exc:  # a nicety: never let it disturb the game
        js.console.warn(f"serm: board snapshot not stored: {type(exc).__name__}")


def snapshot_text(game: Game, store: SaveStore) -> str | None:
    """The snapshot of ``game`` as stored, or None when there is none to show: no autosave, or a
    finished game."""
    info = store.info(AUTOSAVE)
    if info is None or info.status == Status.FINISHED or game.state.status == Status.FINISHED:
        return None
    screen = welcome_screen("default", None, resume_text(info), game.state)
    text = json.dumps(
        {
            "format": FORMAT,
            "version": VERSION,
            "saved_at": info.saved_at,
            "status": screen.status,
            "prompt": screen.prompt,
            "board": screen.board,
        },
        separators=(",", ":"),
    )
    return text if len(text) <= MAX_CHARS else None


def write(game: Game, store: SaveStore) -> None:
    """Store the snapshot matching the autosave now (or remove one that would not match)."""
    text = snapshot_text(game, store)
    storage = store.storage
    if text is None:
        storage.remove(KEY)
        return
    try:
        storage.set(KEY, text)
    except StorageFullError:
        storage.remove(KEY)  # an old snapshot would not match the autosave anyway
