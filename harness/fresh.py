"""A booted page made fresh without a reload: how the tests reuse one warm page.

Booting the game costs seconds (Pyodide starts, the game's modules load). A test that needs the
site as a new visit would see it (empty storage, the start screen, a query such as ``?seed=3``)
gets the same from a page that has booted already:

1. ``LISTENERS_SCRIPT``, an init script added before the page runs, notes every listener added
   to ``window`` and ``document``, so that the ones the game's Python bound can be taken off;
2. ``fresh(page, query)`` retires the running ``App`` (no game, no viewer, no thinking: its
   timers and shows find nothing to act on; its listeners are removed), empties
   ``localStorage``, ``sessionStorage`` and IndexedDB, puts back the page's body as the site
   serves it, sets the address (``?seed=3``, ``#watch=...``) and starts a new ``App`` with
   ``serm.web.app.main``, as the page's own start-up does last.

Nothing here is part of the site (``tests/browser/test_fresh.py`` checks that ``_site/`` holds
none of it): the page is reached through PyScript's public ``whenDefined('py')``, which gives
the interpreter, and ``APP``, the global the page's ``main.py`` binds. ``WarmPage`` keeps one
guarded page booted in its own context for the tests of a worker and makes it fresh for each.
The tests about start-up itself (boot, first paint, offline, updates) load pages for real.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from harness.chromium import guarded_page, wait_until_booted

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, ViewportSize

LISTENERS_SCRIPT = """
(() => {
  if (window.__sermListeners) return;
  const seen = [];
  window.__sermListeners = seen;
  const add = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function (type, fn, options) {
    if (this === window || this === document) seen.push([this, type, fn, options]);
    return add.call(this, type, fn, options);
  };
})();
"""
"""Notes each listener added to ``window`` or ``document`` in ``window.__sermListeners``."""

RETIRE_PY = """
_old = APP
_bound = _old.retire()  # no game, no viewer, no thinking, no timers: its listeners
from serm.web import board_snapshot as _snapshot
_snapshot._state["pending"] = None  # the snapshot due after the last autosave is not written
from serm.view import sight as _sight
_sight.partition.cache_clear()  # sight regions are worked out anew, as on a new visit
del _old, _snapshot, _sight
"""
"""Leaves the running ``App`` with nothing to act on; ``_bound``: the listeners it bound."""

START_PY = """
from serm.web.app import main as _main
APP = _main()
del _main
"""
"""What the page's main.py does last: a new ``App`` on the start screen (or a link's viewer)."""

INTERPRETER_JS = """
  const boot = JSON.parse(document.querySelector('meta[name=serm-boot]').content);
  const site = new URL('.', document.baseURI);
  const { whenDefined } = await import(new URL(boot.pyscript, site).href);
  const py = (await whenDefined('py')).interpreter;
"""
"""Finds the page's Python interpreter (``py``) with PyScript's public ``whenDefined``."""


def _with_python(params: str, body: str) -> str:
    """An async function for ``page.evaluate`` whose ``body`` has the page's interpreter as
    ``py`` and the site's folder as ``site``."""
    return f"async ({params}) => {{\n{INTERPRETER_JS}{body}\n}}"


IMPORTED_JS = _with_python(
    "name",
    """
  const code = `import sys; ${JSON.stringify(name)} in sys.modules`;
  while (!py.runPython(code)) await new Promise((done) => setTimeout(done, 20));""",
)

FRESH_JS = _with_python(
    "[address, speed, retire, start, stored]",
    """
  py.runPython(retire);
  const bound = new Set(py.globals.get('_bound').toJs({ depth: 1 }));
  py.runPython('del _bound');
  const kept = window.__sermListeners.splice(0).filter(([target, type, fn, options]) => {
    if (!bound.has(fn)) return true;
    target.removeEventListener(type, fn, options);
    return false;
  });
  window.__sermListeners.push(...kept);
  const keptSpeed = localStorage.getItem('serm-speed');
  localStorage.clear();
  sessionStorage.clear();
  const gone = (name) => new Promise((done) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = request.onerror = request.onblocked = done;
  });
  const databases = (await indexedDB.databases()) || [];
  // PyScript's own (its file system's), open while it runs, is left to it
  await Promise.all(databases.filter((d) => !d.name.includes('pyscript')).map((d) => gone(d.name)));
  if (speed || keptSpeed) localStorage.setItem('serm-speed', speed || keptSpeed);
  for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
  const served = await (await fetch(site.href, { cache: 'no-store' })).text();
  const pristine = new DOMParser().parseFromString(served, 'text/html');
  pristine.body.querySelectorAll('script').forEach((s) => s.remove());
  pristine.body.querySelectorAll('noscript').forEach((n) => {
    const kept = document.createElement('noscript');
    kept.textContent = n.innerHTML; // a page with scripts on parses it as text
    n.replaceWith(kept);
  });
  document.body.replaceWith(document.adoptNode(pristine.body));
  document.documentElement.removeAttribute('data-snapshot');
  history.replaceState(null, '', site.pathname + address);
  py.runPython(start);""",
)

BOOTED_JS = """
() => !!window.__sermListeners && document.documentElement.dataset.boot === 'live'
  && !!document.querySelector('meta[name=serm-boot]')
"""


def booted_at(page: Page, site_url: str) -> bool:
    """``page`` shows the game, booted, from ``site_url``, with ``LISTENERS_SCRIPT`` in it."""
    if page.is_closed() or not page.url.startswith(site_url):
        return False
    return bool(page.evaluate(BOOTED_JS))


def fresh(
    page: Page,
    address: str = "",
    speed: str | None = None,
    stored: dict[str, str] | None = None,
) -> None:
    """Make the booted ``page`` what a new visit to the site at ``address`` (a query and or a
    fragment: ``"?seed=3"``, ``"#watch=..."``, or ``""``) with empty storage shows, without a
    reload. ``speed``: the speed of shows to keep (None: the one the page has); ``stored``:
    what ``localStorage`` holds on that visit besides (e.g. an autosave)."""
    page.evaluate(FRESH_JS, [address, speed, RETIRE_PY, START_PY, stored or {}])
    page.wait_for_selector("#loading", state="hidden")


def open_site(
    page: Page, site_url: str, address: str = "", stored: dict[str, str] | None = None
) -> None:
    """Open the site at ``address`` as a new visit, its ``localStorage`` holding ``stored``
    only: made fresh when ``page`` has booted it already (``fresh``), else loaded (and loaded
    again once ``stored`` is stored)."""
    if booted_at(page, site_url):
        fresh(page, address, stored=stored)
        return
    page.goto(site_url + address)
    if stored:
        page.evaluate(
            "s => Object.entries(s).forEach(([k, v]) => localStorage.setItem(k, v))", stored
        )
        page.reload()
    wait_until_booted(page)


def wait_for_import(page: Page, module: str) -> None:
    """Wait until the page's Python has imported ``module`` (e.g. the computer player's modules,
    loaded when a side is given to the computer)."""
    page.evaluate(IMPORTED_JS, module)


class Relay:
    """Where a warm page's guards report problems: the running test's list."""

    def __init__(self) -> None:
        self.target: list[str] | None = None

    def append(self, problem: str) -> None:
        if self.target is not None:
            self.target.append(problem)


class WarmPage:
    """One guarded page in a context of its own (``options`` for ``new_context``), booted once
    and made fresh for each test that takes it."""

    def __init__(self, browser: Browser, site_url: str, **options: Any) -> None:
        self.browser, self.site_url, self.options = browser, site_url, options
        self.page: Page | None = None
        self.relay = Relay()
        self.viewport: ViewportSize | None = None

    def take(self, problems: list[str], speed: str = "instant") -> Page:
        """The page, fresh at the site with no query and shows at ``speed``; its problems go
        to ``problems`` until ``give_back``."""
        page = self.page
        if page is None or not booted_at(page, self.site_url):
            self.close()
            page = self.page = guarded_page(self.browser, self.relay, **self.options)
            page.context.add_init_script(LISTENERS_SCRIPT)
            self.viewport = page.viewport_size
            page.goto(self.site_url)
            wait_until_booted(page)
        self.relay.target = problems
        fresh(page, "", speed)
        return page

    def give_back(self, on_problems: Callable[[], None]) -> None:
        """End a test's use: what it added to the page (routes, another size) is taken off;
        ``on_problems`` is called before the page stops reporting to the test."""
        page = self.page
        try:
            on_problems()
        finally:
            self.relay.target = None
            if page is not None and not page.is_closed():
                page.unroute_all(behavior="ignoreErrors")
                page.emulate_media(reduced_motion="no-preference")
                if self.viewport is not None and page.viewport_size != self.viewport:
                    page.set_viewport_size(self.viewport)

    def close(self) -> None:
        if self.page is not None:
            self.page.context.close()
        self.page = None
