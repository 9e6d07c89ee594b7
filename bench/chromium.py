"""Debian's Chromium as the tests and benchmarks start it (never a downloaded browser).

``SERM_CHROMIUM`` overrides the path. The flags keep a headless Chromium quiet on a machine with
no outside network: no background requests, no component updates, no sync, no QUIC.
"""

from __future__ import annotations

import os

CHROMIUM = os.environ.get("SERM_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def speed_script(speed: str = "instant") -> str:
    """An init script that sets the game's speed setting (``serm.web.pace.SPEED_KEY``) before the
    page runs, unless the page already has one: the tests and benchmarks that script a game play
    it with actions shown at once (a show would take their next press as a skip); a test of the
    shows themselves asks for another speed."""
    return (
        "try { if (!window.localStorage.getItem('serm-speed')) "
        f"window.localStorage.setItem('serm-speed', '{speed}'); }} catch (e) {{}}"
    )
