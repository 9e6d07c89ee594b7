"""Content-Security-Policy and hostile strings.

* The page's CSP is as strict as PyScript allows, has no 'unsafe-inline', is really enforced,
  and a whole played game (panels included) raises no violation.
* Names a player types and records a file brings (save names, player and scenario names)
  show as text: no element is injected, no script runs, no dialog opens.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import Page

from harness.pages import answer, play_a_little, start_game
from tests.browser.conftest import NativeDialogs

SEED = 8
CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval'; "
    "worker-src 'self'; object-src 'none'; base-uri 'self'"
)
RECORD_VIOLATIONS = """
  window.__csp = [];
  document.addEventListener("securitypolicyviolation", (e) => {
    window.__csp.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sample}`);
  });
"""
HOSTILE = [
    "<img src=x onerror=alert(1)>",
    '"><script>alert(2)</script>',
    "<svg onload=alert(3)>&amp;'\"",
]
# Elements or attributes that would mean some markup was injected.
INJECTED_JS = """() => [
  ...document.querySelectorAll("img[src=x], #panel script, #board script, [onerror], [onload]"),
].map((e) => e.outerHTML)"""


def test_policy_is_strict_enforced_and_never_violated(
    cold_page: Page, site_url: str, site_dir: Path, browser_problems: list[str]
) -> None:
    page = cold_page
    html = (site_dir / "index.html").read_text(encoding="utf-8")
    scripts = re.findall(r"<script\b[^>]*>", html)
    assert scripts and all(" src=" in tag for tag in scripts), scripts  # no inline script

    page.add_init_script(RECORD_VIOLATIONS)
    table = start_game(page, site_url, SEED)
    csp = page.get_attribute('meta[http-equiv="Content-Security-Policy"]', "content")
    assert csp == CSP
    assert "unsafe-inline" not in csp
    play_a_little(table)
    for button in ("#btn-help", "#btn-saves", "#btn-los"):
        page.click(button)
    page.fill("#save-name", "checked")
    page.click("[data-action=slot-save]")
    assert page.evaluate("window.__csp") == []

    # The policy is enforced: an inline script is refused (and reported as a console error).
    page.evaluate(
        """() => { const s = document.createElement("script");
                   s.textContent = "window.__ran = true"; document.head.append(s); }"""
    )
    page.wait_for_function("window.__csp.length > 0")
    assert page.evaluate("window.__ran === undefined")
    assert page.evaluate("window.__csp")[0].startswith("script-src-elem inline")
    refused = [p for p in browser_problems if "Content Security Policy" in p]
    assert refused
    browser_problems[:] = [p for p in browser_problems if p not in refused]


def test_hostile_save_names_show_as_text(
    cold_page: Page, site_url: str, native_dialogs: NativeDialogs
) -> None:
    page = cold_page
    opened = native_dialogs.watch(page)
    page.add_init_script(RECORD_VIOLATIONS)
    table = start_game(page, site_url, SEED)
    play_a_little(table)
    page.click("#btn-saves")
    for name in HOSTILE:
        page.fill("#save-name", name)
        page.click("[data-action=slot-save]")
    shown = page.locator("#saves .slot-name").all_inner_texts()
    assert sorted(shown) == sorted(HOSTILE)
    assert page.evaluate(INJECTED_JS) == []

    # read back from storage on a fresh page
    page.reload()
    page.wait_for_selector("#loading", state="hidden", timeout=90_000)
    page.click("#btn-saves")
    assert sorted(page.locator("#saves .slot-name").all_inner_texts()) == sorted(HOSTILE)
    assert page.evaluate(INJECTED_JS) == []
    assert page.evaluate("window.__csp") == []
    assert opened == []


def test_hostile_imported_record_shows_as_text(
    cold_page: Page, site_url: str, tmp_path: Path, native_dialogs: NativeDialogs
) -> None:
    page = cold_page
    opened = native_dialogs.watch(page)
    page.add_init_script(RECORD_VIOLATIONS)
    table = start_game(page, site_url, SEED, scenario="default")
    play_a_little(table)
    page.click("#btn-saves")
    with page.expect_download() as info:
        page.click("#saves [data-action=download]")
    record = json.loads(Path(info.value.path()).read_text())
    record["players"]["1"]["name"] = HOSTILE[0]
    record["players"]["2"]["name"] = HOSTILE[1]
    record["scenario"]["name"] = HOSTILE[2] + HOSTILE[0]
    for piece in record["scenario"]["terrain"]:
        piece["name"] = HOSTILE[1]
    assert record["scenario"]["terrain"], "the default table has terrain to name"
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(record))
    page.set_input_files("#import-file", str(path))
    answer(page)  # "Leave this game?"
    page.wait_for_function(
        "names => names.some((n) => document.body.innerText.includes(n))", arg=HOSTILE[:2]
    )
    text = page.inner_text("body")
    assert HOSTILE[0] in text or HOSTILE[1] in text
    labels = page.evaluate(
        "() => [...document.querySelectorAll('#board [aria-label], #board title')]"
        ".map((e) => e.getAttribute('aria-label') || e.textContent).join(' ')"
    )
    assert HOSTILE[2] + HOSTILE[0] in labels and HOSTILE[1] in labels
    assert page.evaluate(INJECTED_JS) == []

    # saved under a hostile name, listed with the hostile scenario name
    page.click("#btn-saves")
    page.fill("#save-name", HOSTILE[0])
    page.click("[data-action=slot-save]")
    assert HOSTILE[0] in page.inner_text("#saves")
    assert page.evaluate(INJECTED_JS) == []

    # a refused file whose bad field is markup: the message quotes it as text
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": HOSTILE[0], "version": 1}))
    page.set_input_files("#import-file", str(bad))
    page.wait_for_selector("#notice:not([hidden])")
    assert HOSTILE[0] in page.inner_text("#notice")
    assert page.evaluate(INJECTED_JS) == []
    assert page.evaluate("window.__csp") == []
    assert opened == []
