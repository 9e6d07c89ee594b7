"""Fixtures for browser tests: a local server for the built site and a guarded page.

* ``site_dir``: ``_site/``, the deployable site, assembled by tools/build.py at session start
  (left alone in well under a second when nothing changed), so it always matches the sources.
* ``site_url``: ``site_dir`` served by tools/serve.py machinery on 127.0.0.1, a free port,
  under the sub-path ``/serm/`` (as on a static host), for the whole session.
* ``browser``: Debian's Chromium (/usr/bin/chromium) driven by Playwright; no browser
  download is ever made (never run ``playwright install``).
* ``page`` (``touch_page``: 360 px wide, with touch): the worker's warm page, booted once and
  made fresh for each test without a reload (``harness.fresh``: empty storage, the start
  screen; ``open_site`` and ``start_game`` open the site at a query the same way). It records
  page errors, console errors and every request to a host other than 127.0.0.1 (such requests
  are aborted, the service worker's included); the test fails at teardown if any happened. The
  ``browser_problems`` fixture is that list; a test that expects an error may clear it.
* ``cold_page``: a page in a new context that has loaded nothing, guarded the same way, for
  the tests of loading itself and the tests that change a page for good.
* ``boot``: ``boot(page)`` loads the site and waits for the app; returns seconds taken.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Dialog, Page, sync_playwright

from harness.chromium import CHROMIUM, CHROMIUM_ARGS, fail_on, guarded_page, wait_until_booted
from harness.fresh import WarmPage
from harness.site import built_site, served

ROOT = Path(__file__).resolve().parents[2]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def site_dir() -> Path:
    """``_site/`` built from the current sources (every build step is skipped when current)."""
    return built_site()


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    with served(site_dir) as url:
        yield url


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


PHONE: dict[str, Any] = {
    "viewport": {"width": 360, "height": 740},
    "has_touch": True,
    "is_mobile": True,
    "device_scale_factor": 2,
}
"""A phone's context: 360 px wide, touch instead of a mouse."""


@pytest.fixture(scope="session")
def warm_pages(browser: Browser, site_url: str) -> Iterator[dict[str, WarmPage]]:
    """This worker's warm pages, a desktop and a phone, each booted once."""
    pages = {"desktop": WarmPage(browser, site_url), "phone": WarmPage(browser, site_url, **PHONE)}
    try:
        yield pages
    finally:
        for warm in pages.values():
            warm.close()


def _lend(warm: WarmPage, problems: list[str]) -> Iterator[Page]:
    page = warm.take(problems)
    try:
        yield page
    finally:
        warm.give_back(lambda: fail_on(problems))


@pytest.fixture
def page(warm_pages: dict[str, WarmPage], browser_problems: list[str]) -> Iterator[Page]:
    """The worker's warm desktop page, fresh at the site (``harness.fresh``)."""
    yield from _lend(warm_pages["desktop"], browser_problems)


@pytest.fixture
def touch_page(warm_pages: dict[str, WarmPage], browser_problems: list[str]) -> Iterator[Page]:
    """``page`` as a phone: 360 px wide, touch instead of a mouse."""
    yield from _lend(warm_pages["phone"], browser_problems)


@pytest.fixture
def cold_page(browser: Browser, browser_problems: list[str]) -> Iterator[Page]:
    """A page in a new context that has loaded nothing yet: no service worker, empty caches,
    for the tests of loading itself and of what a test adds to a page for good (init scripts,
    routes on the context, offline)."""
    page = guarded_page(browser, browser_problems)
    try:
        yield page
    finally:
        page.context.close()
    fail_on(browser_problems)


class NativeDialogs:
    """The browser's own dialogs (alert, confirm, prompt) that pages open during a test: each
    is noted and dismissed unless ``accept`` says otherwise; the handlers go at teardown."""

    def __init__(self) -> None:
        self.handlers: list[tuple[Page, Callable[[Dialog], None]]] = []

    def watch(self, page: Page, accept: Callable[[Dialog], bool] = lambda _: False) -> list[str]:
        opened: list[str] = []

        def on_dialog(dialog: Dialog) -> None:
            if accept(dialog):
                dialog.accept()
                return
            opened.append(dialog.message)
            dialog.dismiss()

        page.on("dialog", on_dialog)
        self.handlers.append((page, on_dialog))
        return opened

    def close(self) -> None:
        for page, handler in self.handlers:
            if not page.is_closed():
                page.remove_listener("dialog", handler)


@pytest.fixture
def native_dialogs() -> Iterator[NativeDialogs]:
    dialogs = NativeDialogs()
    try:
        yield dialogs
    finally:
        dialogs.close()


@pytest.fixture
def boot(site_url: str) -> Callable[[Page], float]:
    """``boot(page)`` loads the site, waits until the app is ready, returns the seconds taken."""

    def _boot(page: Page) -> float:
        started = time.monotonic()
        page.goto(site_url)
        wait_until_booted(page)
        return time.monotonic() - started

    return _boot
