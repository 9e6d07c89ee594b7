"""Fixtures for browser tests: a local server for the built site and a guarded page.

* ``site_dir``: ``_site/``, the deployable site, assembled by tools/build.py at session start
  (left alone in well under a second when nothing changed), so it always matches the sources.
* ``site_url``: ``site_dir`` served by tools/serve.py machinery on 127.0.0.1, a free port,
  under the sub-path ``/serm/`` (as on a static host), for the whole session.
* ``browser``: Debian's Chromium (/usr/bin/chromium) driven by Playwright; no browser
  download is ever made (never run ``playwright install``).
* ``page`` (``touch_page``: 360 px wide, with touch): a fresh page (in a fresh context, so
  with no service worker yet) that records page errors, console errors and every request to
  a host other than 127.0.0.1 (such requests are aborted, the service worker's included);
  the test fails at teardown if any happened. The ``browser_problems`` fixture is that
  list; a test that expects an error may clear it.
* ``boot``: ``boot(page)`` opens the site and waits for the app; returns seconds taken.
* ``booted_page``: ``page`` opened on the site and waited until the app is ready.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from harness.chromium import CHROMIUM, CHROMIUM_ARGS, fail_on, guarded_page, wait_until_booted
from harness.site import PREFIX
from tools import serve

ROOT = Path(__file__).resolve().parents[2]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def site_dir() -> Path:
    """``_site/`` built from the current sources (every build step is skipped when current)."""
    from tools import build

    build.build()
    return build.SITE


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    server = serve.start_in_thread(port=0, prefix=PREFIX, quiet=True, root=site_dir)
    try:
        yield serve.server_url(server, PREFIX)
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (tools/test.sh does)")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def browser_problems() -> list[str]:
    """What went wrong in this test's page; a test expecting an error may clear it."""
    return []


@pytest.fixture
def page(browser: Browser, browser_problems: list[str]) -> Iterator[Page]:
    page = guarded_page(browser, browser_problems)
    try:
        yield page
    finally:
        page.context.close()
    fail_on(browser_problems)


@pytest.fixture
def touch_page(browser: Browser, browser_problems: list[str]) -> Iterator[Page]:
    """``page`` as a phone: 360 px wide, touch instead of a mouse."""
    options: dict[str, Any] = {
        "viewport": {"width": 360, "height": 740},
        "has_touch": True,
        "is_mobile": True,
        "device_scale_factor": 2,
    }
    page = guarded_page(browser, browser_problems, **options)
    try:
        yield page
    finally:
        page.context.close()
    fail_on(browser_problems)


@pytest.fixture
def boot(site_url: str) -> Callable[[Page], float]:
    """``boot(page)`` opens the site, waits until the app is ready, returns the seconds taken."""

    def _boot(page: Page) -> float:
        started = time.monotonic()
        page.goto(site_url)
        wait_until_booted(page)
        return time.monotonic() - started

    return _boot


@pytest.fixture
def booted_page(page: Page, boot: Callable[[Page], float]) -> Page:
    boot(page)
    return page
