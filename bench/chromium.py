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
