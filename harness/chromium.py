"""Debian's Chromium as the tests, benchmarks and tools start it (never a downloaded browser),
and a guarded page on the served site.

``SERM_CHROMIUM`` overrides the path. The flags keep a headless Chromium quiet on a machine with
no outside network: no background requests, no component updates, no sync, no QUIC.
``guarded_page`` opens a page that records what must not happen (page errors, console errors,
requests off 127.0.0.1); ``fail_on`` fails a test on those; ``wait_until_booted`` waits until the
game is live.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, Protocol
from urllib.parse import urlsplit

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, Route

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
BOOT_TIMEOUT_MS = 90_000
"""How long a page may take to boot before a wait on it fails (ms)."""
ALLOWED_HOSTS = frozenset({"127.0.0.1"})
"""The only host a guarded page may request (the local server)."""


class Problems(Protocol):
    """Where a guarded page reports what went wrong (a list, or a relay to one)."""

    def append(self, problem: str, /) -> None: ...


def speed_script(speed: str = "instant") -> str:
    """An init script that sets the game's speed setting (``serm.web.pace.SPEED_KEY``) before the
    page runs, unless the page already has one: the tests and benchmarks that script a game play
    it with actions shown at once (a show would take their next press as a skip); a test of the
    shows themselves asks for another speed."""
    return (
        "try { if (!window.localStorage.getItem('serm-speed')) "
        f"window.localStorage.setItem('serm-speed', '{speed}'); }} catch (e) {{}}"
    )


def guarded_page(
    browser: Browser, problems: Problems, speed: str = "instant", **options: Any
) -> Page:
    """A page in a fresh context (``options`` for ``new_context``; 1280 x 800 unless they name
    a viewport) whose page errors, console errors and requests off 127.0.0.1 (aborted) are added
    to ``problems``. Actions are shown at ``speed`` (instant: a scripted press is never taken
    as skipping a show; ``speed_script``)."""
    context = browser.new_context(**{"viewport": {"width": 1280, "height": 800}, **options})
    context.add_init_script(speed_script(speed))
    page = context.new_page()

    def guard(route: Route) -> None:
        url = route.request.url
        host = urlsplit(url).hostname
        if url.startswith(("data:", "blob:")) or host in ALLOWED_HOSTS:
            route.continue_()
        else:
            problems.append(f"request off 127.0.0.1: {url}")
            route.abort()

    context.route("**/*", guard)
    page.on("pageerror", lambda exc: problems.append(f"page error: {exc}"))
    page.on(
        "console",
        lambda msg: (
            problems.append(f"console {msg.type}: {msg.text}") if msg.type == "error" else None
        ),
    )
    page.on(
        "requestfailed",
        lambda req: (
            problems.append(f"request failed: {req.url} ({req.failure})")
            if urlsplit(req.url).hostname in ALLOWED_HOSTS
            else None
        ),
    )
    return page


def fail_on(problems: list[str]) -> None:
    """Fail the running test (pytest) when ``problems`` holds anything."""
    if problems:
        import pytest

        pytest.fail("browser problems:\n  " + "\n  ".join(problems), pytrace=False)


def wait_until_booted(page: Page, timeout_ms: int = BOOT_TIMEOUT_MS) -> None:
    """Wait until the app is live (static/js/boot.js marks it when serm/web/app.py is ready: the
    board drawn at build time is there long before) and hid the loading screen."""
    page.wait_for_selector("html[data-boot=live]", state="attached", timeout=timeout_ms)
    page.wait_for_selector("#board svg", state="attached", timeout=timeout_ms)
    page.wait_for_selector("#loading", state="hidden", timeout=timeout_ms)
