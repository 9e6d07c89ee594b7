"""Installable and offline: the deployable site, its service worker and its updates.

* Served under ``/serm/``: nothing is asked outside that folder, nothing is missing, the
  service worker's scope is the folder, it precaches every file of ``_site`` (and the page asks
  for every PyScript file shipped: the list in tools/build.py is what the page really uses).
* After one online visit the page boots and plays with the browser offline: a whole seeded
  hot-seat game to its victory, then a game against the computer, on the trimmed standard
  library the site ships (the stock one is not even there), so a module it lacks fails here.
* A second build served at the same URL is offered by the banner; after "Reload" every
  response is the second build's and the first build's cache entries are gone.  A half-deployed
  second build (new sw.js, old files) is refused whole: the page stays on the first.
* A new build that cannot be installed (a file missing) is said once, calmly; the page keeps
  working on the first, tries again later by itself and offers the second once it is whole.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import struct
import zlib
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from playwright.sync_api import Page, Request, Response

from harness import scripted_game
from harness.chromium import wait_until_booted
from harness.fresh import wait_for_import
from harness.pages import Table, play_a_little, start_game
from harness.site import PREFIX
from tools import serve

SEED = 8
SW_WAIT_MS = 60_000

# Resolves when this page's registration has an activated worker (null after `ms`).  The
# worker precaches everything in its install step, so "activated" means "precache complete".
SW_ACTIVE_JS = """async (ms) => {
  const late = new Promise((resolve) => setTimeout(() => resolve(null), ms));
  const reg = await Promise.race([navigator.serviceWorker.ready, late]);
  if (!reg) return null;
  const sw = reg.active;
  if (sw.state !== "activated") {
    await Promise.race([
      new Promise((resolve) => sw.addEventListener("statechange", () => {
        if (sw.state === "activated") resolve();
      })),
      late,
    ]);
  }
  return {scope: reg.scope, script: sw.scriptURL, state: sw.state,
          controlled: navigator.serviceWorker.controller !== null};
}"""

CACHES_JS = """async () => {
  const out = {};
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    out[name] = (await cache.keys()).map((request) => request.url);
  }
  return out;
}"""

# Ask for an update now and report how the new worker ends: "installed" or "redundant".
UPDATE_JS = """async (ms) => {
  const reg = await navigator.serviceWorker.getRegistration();
  const late = new Promise((resolve) => setTimeout(() => resolve("timeout"), ms));
  const ended = new Promise((resolve) => {
    reg.addEventListener("updatefound", () => {
      const sw = reg.installing;
      sw.addEventListener("statechange", () => {
        if (sw.state === "installed" || sw.state === "redundant") resolve(sw.state);
      });
    }, {once: true});
  });
  await reg.update();
  return await Promise.race([ended, late]);
}"""

BUILD_IDS_JS = """() => [
  document.querySelector('meta[name="serm-build"]').content,
  document.documentElement.dataset.build,
]"""


@pytest.fixture
def page(cold_page: Page) -> Page:
    """Every test here loads the site for real, in a context of its own."""
    return cold_page


def md5_of(path: Path) -> str:
    return hashlib.md5(path.read_bytes(), usedforsecurity=False).hexdigest()


VERSIONED = re.compile(
    r"^static/vendor/pyodide-[0-9.]+/|^static/app/(?:serm|stdlib)-[0-9a-f]{16}\.zip$"
)
"""Folders named after their version and the zip named after its content: precached under their
URL alone (no revision)."""


def site_manifest(site: Path) -> dict[str, str]:
    """What the service worker must precache: every file of ``site`` but sw.js, by md5.

    Files in a versioned folder, and the content-named zip, carry no revision: their URL changes
    whenever they do.
    """
    out = {}
    for p in sorted(site.rglob("*")):
        rel = p.relative_to(site).as_posix()
        if p.is_file() and p.name != "sw.js":
            out[rel] = "" if VERSIONED.match(rel) else md5_of(p)
    return out


def precached(page: Page, site_url: str) -> dict[str, dict[str, str]]:
    """Cache name -> {path in the site: revision} of what the page's origin has cached."""
    out: dict[str, dict[str, str]] = {}
    for name, urls in page.evaluate(CACHES_JS).items():
        entries: dict[str, str] = {}
        for url in urls:
            assert url.startswith(site_url), url
            parts = urlsplit(url)
            rel = unquote(parts.path)[len(urlsplit(site_url).path) :]
            query = dict(p.split("=", 1) for p in parts.query.split("&") if "=" in p)
            entries[rel] = query.get("__WB_REVISION__", "")
        out[name] = entries
    return out


def wait_for_service_worker(page: Page) -> dict[str, object]:
    state = page.evaluate(SW_ACTIVE_JS, SW_WAIT_MS)
    assert state is not None, "no service worker became active"
    assert state["state"] == "activated", state
    return dict(state)


def build_ids(page: Page) -> tuple[str, str]:
    meta, python = page.evaluate(BUILD_IDS_JS)
    return str(meta), str(python)


# ------------------------------------------------------------------------------- sub-path


def test_served_under_a_sub_path_and_everything_precached(
    page: Page, site_url: str, site_dir: Path
) -> None:
    assert urlsplit(site_url).path == PREFIX
    requests: list[Request] = []
    failures: list[str] = []

    def on_response(response: Response) -> None:
        if response.status >= 400:
            failures.append(f"{response.status} {response.url}")

    page.context.on("request", lambda r: requests.append(r))
    page.context.on("response", on_response)
    table = start_game(page, site_url, SEED)
    play_a_little(table)
    page.click("#btn-help")
    page.click("#btn-saves")
    page.keyboard.press("l")
    sw = wait_for_service_worker(page)

    assert sw["scope"] == site_url and str(sw["scope"]).endswith(PREFIX)
    assert sw["script"] == site_url + "sw.js"
    assert not failures, failures
    outside = [r.url for r in requests if not urlsplit(r.url).path.startswith(PREFIX)]
    assert not outside, outside

    # The page asks for every PyScript file _site ships, and for no other.
    page_paths = {urlsplit(r.url).path for r in requests if r.service_worker is None}
    vendor = f"{PREFIX}static/vendor/pyscript/"
    shipped = {vendor + p.name for p in (site_dir / "static/vendor/pyscript").iterdir()}
    assert {p for p in page_paths if p.startswith(vendor)} == shipped

    # The precache is every file of _site with its content hash, in one cache.
    caches = precached(page, site_url)
    assert list(caches) == [f"serm-precache-v2-{site_url}"], list(caches)
    assert caches[f"serm-precache-v2-{site_url}"] == site_manifest(site_dir)


def test_manifest_installs_from_the_site_folder(page: Page, site_url: str, site_dir: Path) -> None:
    page.goto(site_url)
    wait_until_booted(page)
    cdp = page.context.new_cdp_session(page)
    got = cdp.send("Page.getAppManifest")
    assert got["url"] == site_url + "static/manifest.webmanifest"
    assert got["errors"] == []
    manifest = got["manifest"]
    assert manifest["startUrl"] == site_url
    assert manifest["scope"] == site_url
    assert manifest["display"] == "kStandalone"
    assert manifest["name"] and manifest["themeColor"] and manifest["backgroundColor"]

    raw = json.loads(got["data"])
    assert raw["short_name"]
    icons = {(i["sizes"], i.get("purpose", "any")): i["src"] for i in raw["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= set(icons)
    maskable = site_dir / "static" / icons[("512x512", "maskable")]
    assert_maskable_safe_zone(maskable.read_bytes())


def assert_maskable_safe_zone(png: bytes) -> None:
    """Full-bleed (opaque everywhere) and plain background outside the 40%-radius safe zone."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width = 8, b"", 0
    while pos < len(png):
        (length,) = struct.unpack(">I", png[pos : pos + 4])
        kind, body = png[pos + 4 : pos + 8], png[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert (width, height, depth, colour) == (512, 512, 8, 6)  # 8-bit RGBA
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = 1 + 4 * width
    corner = raw[1:5]
    assert corner[3] == 255
    centre = (width - 1) / 2
    for y in range(0, width, 4):
        row = raw[y * stride : (y + 1) * stride]
        assert row[0] == 0  # no PNG filter: pixels are stored as they are
        for x in range(0, width, 4):
            pixel = row[1 + 4 * x : 5 + 4 * x]
            assert pixel[3] == 255, (x, y)
            if (x - centre) ** 2 + (y - centre) ** 2 > (0.4 * width) ** 2:
                assert pixel == corner, f"design outside the safe zone at {(x, y)}"


PLACED_OR_ASKED = """() => document.querySelectorAll('#layer-board g.card').length === 10
  || (!!document.querySelector('#prompt [data-pending=place][data-player="1"]')
      && !document.querySelector('#prompt [data-computer]'))"""
"""All ten cards are on the table, or player 1 is asked to place one."""

# -------------------------------------------------------------------------------- offline


def test_boots_and_plays_a_whole_game_offline_after_one_visit_on_the_trimmed_library(
    page: Page, site_url: str, site_dir: Path
) -> None:
    page.goto(site_url)
    wait_until_booted(page)
    wait_for_service_worker(page)
    assert precached(page, site_url)[f"serm-precache-v2-{site_url}"] == site_manifest(site_dir)

    page.context.set_offline(True)
    responses: list[Response] = []
    page.on("response", lambda r: responses.append(r))
    page.reload()
    wait_until_booted(page)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    meta, python = build_ids(page)
    assert meta == python != "dev"
    rules = page.context.new_page()  # the rules page reads offline too, at a ruling
    rules.goto(f"{site_url}rules.html#R5")
    assert "Roll-off." in rules.locator(":target").inner_text()
    rules.close()
    # another address in the site, with a query string: the precached page all the same
    page.goto(f"{site_url}?seed={scripted_game.SEED}&scenario=open")
    wait_until_booted(page)
    paths = {urlsplit(r.url).path.rsplit("/", 1)[-1] for r in responses}
    assert any(p.startswith("stdlib-") and p.endswith(".zip") for p in paths), paths
    assert not list(site_dir.rglob("python_stdlib.zip")), "the stock library is not shipped"

    page.check("#prompt input[name=scenario][value=open]")
    page.click("[data-action=start]")
    table = Table(page)
    scripted_game.deploy(table)
    seen: set[str] = set()
    for _ in range(400):
        if page.locator(".victory").count():
            break
        n = int(page.inner_text("#status").split("Activation ")[1].split(" ")[0])
        scripted_game.play_step(table, n, seen)
    else:
        raise AssertionError("no victory after 400 steps")
    assert page.evaluate("navigator.onLine") is False
    from_network = [r.url for r in responses if not r.from_service_worker]
    assert not from_network, from_network

    # A game against the computer: its modules load now, offline.
    page.click("#btn-new")
    page.select_option("#player-2", "easy")
    wait_for_import(page, "serm.ai")  # loaded once a side is the computer's
    page.click("[data-action=start]")
    for _ in range(300):  # player 1 places with Enter; the computer places its own
        if len(table.cards()) == 10:
            break
        if table.pending() == ("place", 1):
            page.keyboard.press("Enter")
        page.wait_for_function(PLACED_OR_ASKED)
    assert len(table.cards()) == 10, page.inner_text("#prompt")
    assert page.evaluate("navigator.onLine") is False
    assert all(r.from_service_worker for r in responses), "everything came from this device"


# -------------------------------------------------------------------------------- updates


@pytest.fixture(scope="module")
def two_builds(site_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Two builds of the same sources with different build ids, and a half-deployed mix."""
    from tools import build

    root = tmp_path_factory.mktemp("builds")
    first, second = root / "first", root / "second"
    ids = (build.assemble_site(first, salt="first"), build.assemble_site(second, salt="second"))
    assert ids[0] != ids[1]
    # As a host in the middle of a deploy might serve: the new sw.js, the old files.
    mix = root / "mix"
    shutil.copytree(first, mix)
    shutil.copyfile(second / "sw.js", mix / "sw.js")
    # The second build with a file missing (a deploy that left one out).
    missing = root / "missing"
    shutil.copytree(second, missing)
    (app_zip,) = (missing / "static" / "app").glob("serm-*.zip")
    app_zip.unlink()
    return {"first": first, "second": second, "mix": mix, "missing": missing}


@pytest.fixture
def switchable(two_builds: dict[str, Path]) -> Iterator[serve.SiteServer]:
    """A server under /serm/ whose folder the test switches (starts on the first build)."""
    server = serve.start_in_thread(port=0, prefix=PREFIX, quiet=True, root=two_builds["first"])
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


COVERED_JS = """(box) => {
  const over = document.querySelector(box).getBoundingClientRect();
  const out = [];
  for (const e of document.querySelectorAll(
      '#top > :not(' + box + '), #zoom-tools button, #board-svg, #status, #prompt button')) {
    const r = e.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(e).visibility === 'hidden') continue;
    if (r.top >= innerHeight || r.bottom <= 0) continue;  // where the bar scrolls, not covered
    const apart = r.right <= over.left || r.left >= over.right
      || r.bottom <= over.top || r.top >= over.bottom;
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!apart || !(top && (e.contains(top) || top.contains(e)))) out.push(e.id || e.textContent);
  }
  const b = over, inside = b.left >= 0 && b.top >= 0
    && b.right <= innerWidth && b.bottom <= innerHeight;
  return inside ? out : [...out, box + ' is out of the window'];
}"""
"""The header's parts, the zoom buttons, the board, the status and the bar's buttons in the window
(not those the bar scrolls to) that the box ``box`` overlaps or that are not on top at their
centre (``box`` itself in the window)."""


def covered_by(box: str, page: Page) -> list[str]:
    found: list[str] = page.evaluate(COVERED_JS, box)
    return found


def build_id_of(site: Path) -> str:
    html = (site / "index.html").read_text(encoding="utf-8")
    return html.split('<meta name="serm-build" content="', 1)[1].split('"', 1)[0]


def test_update_is_offered_and_then_everything_comes_from_the_new_build(
    page: Page, switchable: serve.SiteServer, two_builds: dict[str, Path]
) -> None:
    first, second = two_builds["first"], two_builds["second"]
    url = serve.server_url(switchable, PREFIX)
    page.goto(url)
    wait_until_booted(page)
    wait_for_service_worker(page)
    assert build_ids(page) == (build_id_of(first), build_id_of(first))

    switchable.root = second
    page.reload()  # served by the first build's worker; the browser finds the new sw.js
    wait_until_booted(page)
    assert build_ids(page) == (build_id_of(first), build_id_of(first))
    reload = page.get_by_role("button", name="Reload")
    reload.wait_for(timeout=SW_WAIT_MS)
    assert "A new version is ready" in page.inner_text("#update-banner")
    for width, height in ((360, 640), (740, 360), (1280, 800)):
        page.set_viewport_size({"width": width, "height": height})
        assert covered_by("#update-banner", page) == [], (width, height)

    responses: list[Response] = []
    page.on("response", lambda r: responses.append(r))
    with page.expect_navigation(timeout=SW_WAIT_MS):
        reload.click()
    wait_until_booted(page)

    assert build_ids(page) == (build_id_of(second), build_id_of(second))
    assert page.locator("#update-banner").count() == 0
    # Every response after the reload is the second build's file, byte for byte where the
    # builds differ (index.html, pyscript.toml naming the serm zip, the zip; main.py and the
    # runtime are the same in both).
    differ = {
        rel
        for rel, digest in site_manifest(second).items()
        if site_manifest(first).get(rel) != digest
    }
    (app_zip,) = (second / "static" / "app").glob("serm-*.zip")
    app = {"index.html", "pyscript.toml", app_zip.relative_to(second).as_posix()}
    assert app <= differ
    seen, compared = set(), set()
    prefix_path = urlsplit(url).path
    for response in responses:
        rel = unquote(urlsplit(response.url).path)[len(prefix_path) :] or "index.html"
        assert response.status == 200, (response.status, response.url)
        assert (second / rel).is_file(), response.url
        seen.add(rel)
        if rel in differ:
            assert response.body() == (second / rel).read_bytes(), rel
            compared.add(rel)
    assert app <= compared
    assert {
        "serm/web/main.py",
        "static/vendor/pyodide-314.0.7/pyodide.asm.wasm",
    } <= seen
    assert all(r.from_service_worker for r in responses)

    # One precache, holding exactly the second build: the first build's entries are gone.
    caches = precached(page, url)
    assert list(caches) == [f"serm-precache-v2-{url}"], list(caches)
    assert caches[f"serm-precache-v2-{url}"] == site_manifest(second)


def test_half_deployed_update_is_refused_whole(
    page: Page, switchable: serve.SiteServer, two_builds: dict[str, Path]
) -> None:
    first = two_builds["first"]
    url = serve.server_url(switchable, PREFIX)
    page.goto(url)
    wait_until_booted(page)
    wait_for_service_worker(page)

    # The new sw.js lists the second build's hashes, but the files are still the first's:
    # their integrity check fails, so the new worker's install fails as a whole.
    switchable.root = two_builds["mix"]
    assert page.evaluate(UPDATE_JS, SW_WAIT_MS) == "redundant"
    assert page.locator("#update-banner").count() == 0
    page.locator("#update-note").wait_for()
    assert precached(page, url)[f"serm-precache-v2-{url}"] == site_manifest(first)

    switchable.root = first
    page.reload()
    wait_until_booted(page)
    assert build_ids(page) == (build_id_of(first), build_id_of(first))


def test_failed_update_is_said_once_and_tried_again_later(
    page: Page, switchable: serve.SiteServer, two_builds: dict[str, Path]
) -> None:
    first, second = two_builds["first"], two_builds["second"]
    url = serve.server_url(switchable, PREFIX)
    page.clock.install()  # time runs as usual; fast_forward jumps to the page's retry
    page.goto(f"{url}?seed={SEED}")
    wait_until_booted(page)
    wait_for_service_worker(page)
    page.reload()  # a returning player: the first build's worker controls the page
    wait_until_booted(page)
    assert page.evaluate("navigator.serviceWorker.controller !== null")

    switchable.root = two_builds["missing"]
    assert page.evaluate(UPDATE_JS, SW_WAIT_MS) == "redundant"
    note = page.locator("#update-note")
    note.wait_for()
    text = note.inner_text()
    assert "could not be installed yet" in text and "keeps working" in text, text
    assert note.get_attribute("role") == "status"  # said calmly, not as an alert
    assert page.locator("#update-banner").count() == 0
    assert build_ids(page) == (build_id_of(first), build_id_of(first))
    page.check("#prompt input[name=scenario][value=open]")  # the current version keeps working
    page.click("[data-action=start]")
    play_a_little(Table(page))

    # Said once: a second failure is not said again.
    note = page.locator("#update-note")
    if note.count():
        note.get_by_role("button", name="OK").click()
    assert page.evaluate(UPDATE_JS, SW_WAIT_MS) == "redundant"
    page.wait_for_timeout(500)
    assert page.locator("#update-note").count() == 0

    # The file is back: the page's own retry, later, finds the whole version and offers it.
    switchable.root = second
    page.clock.fast_forward("10:05")
    page.get_by_role("button", name="Reload").wait_for(timeout=SW_WAIT_MS)
    assert "A new version is ready" in page.inner_text("#update-banner")
