"""The player's pace: the first press or key during a show only skips it, and the
speed setting is kept in ``localStorage`` (``SPEED_KEY``) for every game in this browser.

The skipping listens in the capture phase on the whole document, before the board, the bar or
the menu see the event: the press that skips is stopped there, and so are the release and the
click that follow it, so a press on the board never also answers the question by chance. A
press on the game's controls (``CONTROLS``: the header, the menu sheet with its saves and
speed, the Leave dialog, the zoom) answers no question: it skips the show and does what it
says, at once (while the computer plays itself, shows follow one another and a press stopped
there would hardly ever reach them). A press on one of the question's buttons (``ANSWERS``) is
the player's answer: it passes untouched, and the command it sends ends the show and acts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import JsException

from serm.view.beats import DEFAULT_SPEED, SPEEDS
from serm.web.dom import null

SPEED_KEY = "serm-speed"
"""Where the speed setting is kept (outside ``serm/``, the saves' keys)."""
FOLLOWS_MS = 1500.0
"""How long after a skipping press its release and click are still stopped."""
MODIFIERS = frozenset({"Shift", "Control", "Alt", "Meta", "CapsLock", "Fn"})
"""Keys that alone skip nothing (held with another key, or pressed by the system)."""
CONTROLS = "#top, #sheet, #leave, #zoom-tools"
"""Where a press skips the show and still acts (the game's controls, never a question)."""
ANSWERS = "#prompt button:enabled"
"""A question's buttons: a press passes through untouched, and its command ends the show before
it acts (``serm.ui.reduce``), so the player's one press does what the button says."""


def stored_speed() -> str:
    """The speed setting kept in this browser (normal when none, or unreadable)."""
    try:
        value = js.window.localStorage.getItem(SPEED_KEY)
    except (JsException, AttributeError):
        return DEFAULT_SPEED
    name = "" if null(value) else str(value)
    return name if name in SPEEDS else DEFAULT_SPEED


def store_speed(name: str) -> None:
    """Keep the speed setting (silently not, where storage is refused: it is only a setting)."""
    try:
        js.window.localStorage.setItem(SPEED_KEY, name)
    except (JsException, AttributeError):
        return


class Skipper:
    """Turns the first press or key during a show into ``skip()`` and stops it there."""

    def __init__(self, playing: Callable[[], bool], skip: Callable[[], object]) -> None:
        self._playing = playing
        self._skip = skip
        self._stopped_at: float | None = None
        """When the last skipping press was made (its release and click are stopped too)."""

    def on_event(self, event: Any) -> None:
        """A capture-phase listener for pointerdown, pointerup, click and keydown."""
        kind = str(event.type)
        now = float(js.window.performance.now())
        if kind in ("pointerdown", "keydown"):
            if kind == "keydown" and str(event.key) in MODIFIERS:
                return
            if not self._playing():
                self._stopped_at = None
                return
            if kind == "pointerdown" and _on(event, ANSWERS):
                self._stopped_at = None  # its click (or lift) ends the show and acts
                return
            if kind == "pointerdown" and _on(event, CONTROLS):
                self._stopped_at = None
                self._skip()
                return
            follows = kind == "pointerdown" or str(event.key) in (" ", "Enter")
            self._stopped_at = now if follows else None  # a button's click may follow
            self._stop(event)
            self._skip()
        elif self._stopped_at is not None and now - self._stopped_at < FOLLOWS_MS:
            self._stop(event)
            if kind == "click":
                self._stopped_at = None

    @staticmethod
    def _stop(event: Any) -> None:
        event.stopPropagation()
        event.preventDefault()


def _on(event: Any, selector: str) -> bool:
    """The press is on an element ``selector`` matches (or inside one)."""
    target = event.target
    if null(target) or not hasattr(target, "closest"):
        return False
    return not null(target.closest(selector))
