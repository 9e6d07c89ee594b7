"""A finger's tap acts once: the page acts on it when the finger lifts (``pointerup``), and what
it then draws may lie under the finger (the replay viewer's slider where Watch replay was, a
card's details where the card was, the next prompt's button). A browser follows a tap with
emulated mouse events and a click at the same point (the click even when the board cancelled
the press), and they reach that new control: a slider jumps to the point, a button acts.

``TapGuard`` is the one guard for every control acted on at a lift: ``acted(event)`` marks the
lift, and until the next press or key the mouse presses and the click that follow it are stopped
in the capture phase, before any control sees them (their default, a slider's jump, is prevented
too). A click from a key (``detail`` 0) is never the tap's. Taps the page does not act on at the
lift (a radio button, a select, a link, the slider itself) keep their click.
"""

from __future__ import annotations

from typing import Any

import js

FOLLOWS_MS = 1000.0
"""How long after the page acted on a tap its mouse events and click may still come."""
FOLLOW_UPS = ("mousedown", "mouseup", "click")
"""The events a browser sends after a tap that would act on what is under the finger."""


class TapGuard:
    """Stops the browser's follow-up of a tap the page has already acted on."""

    def __init__(self) -> None:
        self._since: float | None = None
        """When the page finished acting on a finger's lift whose follow-up may still come."""

    def acted(self, event: Any) -> None:
        """The page has acted on this ``pointerup``: if a finger lifted, its follow-up is
        stopped (call it once the action is drawn: the follow-up comes after that)."""
        if str(event.pointerType) == "touch":
            self._since = float(js.window.performance.now())

    def on_event(self, event: Any) -> None:
        """A capture-phase listener on the document for ``pointerdown``, ``keydown`` and
        ``FOLLOW_UPS``."""
        kind = str(event.type)
        if kind in ("pointerdown", "keydown"):
            self._since = None  # a new press or key: nothing more follows the tap
            return
        since = self._since
        if since is None or kind not in FOLLOW_UPS:
            return
        if float(js.window.performance.now()) - since > FOLLOWS_MS:
            self._since = None
            return
        if kind == "click" and int(event.detail or 0) == 0:
            return  # a key's click, not the tap's
        event.stopPropagation()
        event.preventDefault()
        if kind == "click":
            self._since = None
