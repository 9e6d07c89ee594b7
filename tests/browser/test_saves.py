"""Never lose a game: autosave and Continue, export/import, bad files, bad storage."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page

from harness.fresh import open_site
from harness.pages import Table, start_game

SEED = 8


def _storage(page: Page) -> dict[str, str]:
    return page.evaluate(
        "() => Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage[k]]))"
    )


def _continue(page: Page, site_url: str) -> Table:
    page.goto(site_url)
    page.wait_for_selector("#loading", state="hidden", timeout=90_000)
    page.click("[data-action=continue]")
    return Table(page)


def _deploy_by_keys(page: Page) -> None:
    for _ in range(10):
        page.keyboard.press("Enter")


def _to_react(table: Table) -> None:
    """Move the Assault of whoever has the initiative straight at the enemy line."""
    page = table.page
    _deploy_by_keys(page)
    page.keyboard.press("4")
    page.keyboard.press("m")
    page.keyboard.press("Enter")
    assert table.pending()[0] == "react", page.inner_text("#prompt")


def test_reload_and_continue_restores_the_same_game(page: Page, site_url: str) -> None:
    table = start_game(page, site_url, SEED)
    for _ in range(4):
        page.keyboard.press("Enter")
    page.keyboard.press("ArrowLeft")  # the card being placed has moved but is not placed yet
    before = table.snapshot()
    after = _continue(page, site_url).snapshot()
    assert after == before


def test_reload_mid_react_restores_the_react_prompt(page: Page, site_url: str) -> None:
    table = start_game(page, site_url, SEED)
    _to_react(table)
    before = table.snapshot()
    again = _continue(page, site_url)
    assert again.snapshot() == before
    assert page.locator("#prompt button[data-action=react]").count() >= 2


def test_export_clear_import_gives_the_identical_game(
    page: Page, site_url: str, tmp_path: Path
) -> None:
    table = start_game(page, site_url, SEED)
    _to_react(table)
    page.keyboard.press("n")  # let it move
    before = table.snapshot()
    page.click("#btn-saves")
    with page.expect_download() as info:
        page.click("#saves [data-action=download]")
    path = tmp_path / "export.json"
    info.value.save_as(path)
    page.evaluate("() => localStorage.clear()")
    open_site(page, site_url)
    assert page.locator("[data-action=continue]").count() == 0
    page.click("#btn-saves")
    page.set_input_files("#import-file", str(path))
    page.wait_for_selector("#layer-board g.card")
    assert table.snapshot()[:2] == before[:2]


BAD_FILES = {
    "truncated": ('{"format": "serm-record", "version": 1, "scen', "cut short"),
    "not-json": ("hello there", "not valid JSON"),
    "other-format": ('{"format": "chess", "version": 1}', "not a serm save"),
    "future-version": ('{"format": "serm-save", "version": 7}', "newer version"),
}


SNAPSHOT_OF_AUTOSAVE = """() => {
  const snap = localStorage.getItem("serm/snapshot"), save = localStorage.getItem("serm/autosave");
  return snap !== null && save !== null && JSON.parse(snap).saved_at === JSON.parse(save).saved_at;
}"""
"""The start screen's picture of the autosaved game (serm/web/board_snapshot.py) is stored and
matches the autosave: nothing more is written to the storage until the game moves on."""


def _refused(page: Page, path: Path) -> str:
    """Import ``path``, which is refused: the notice's words (the notice dismissed first, so
    they are this import's)."""
    if page.locator("#notice [data-action=dismiss]").count():
        page.click("#notice [data-action=dismiss]")
        page.wait_for_selector("#notice", state="hidden")
    page.set_input_files("#import-file", str(path))
    page.wait_for_selector("#notice:not([hidden])")
    return page.inner_text("#notice")


def test_bad_imports_are_refused_with_a_message_and_saves_intact(
    page: Page, site_url: str, tmp_path: Path
) -> None:
    """Each bad file in turn, on one game: refused in words, nothing saved or shown changed."""
    table = start_game(page, site_url, SEED)
    _deploy_by_keys(page)
    page.click("#btn-saves")
    page.fill("#save-name", "Keep me")
    page.click("[data-action=slot-save]")
    page.wait_for_selector("#saves .slot-name:text-is('Keep me')")
    page.wait_for_function(SNAPSHOT_OF_AUTOSAVE)  # written once the player pauses
    stored = _storage(page)
    before = table.snapshot()
    with page.expect_download() as info:
        page.click("#saves [data-action=download]")
    data = json.loads(Path(info.value.path()).read_text())
    player = data["actions"][2]["player"]
    data["actions"][2] = {"type": "place", "player": player, "card": "ranger", "x": 5, "y": 5}
    data["actions"][2]["facing"] = 0
    files = {
        **BAD_FILES,
        "illegal-action": (json.dumps(data), "action 3 (placing a card) is not allowed"),
        "huge": (" " * 2_100_000, "too large"),
    }
    for kind, (text, words) in files.items():
        path = tmp_path / f"{kind}.json"
        path.write_text(text)
        message = _refused(page, path)
        assert "Import failed" in message and words in message, (kind, message)
        assert _storage(page) == stored, kind
        assert table.snapshot() == before, kind


ON_TOP = """el => {
  const r = el.getBoundingClientRect();
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return r.top >= 0 && r.bottom <= innerHeight && (top === el || el.contains(top));
}"""
"""The element is inside the window and on top at its centre (not clipped by the scrolled
panel, nor under anything)."""


BELOW_THE_FOLD = """() => document.getElementById('panel').getBoundingClientRect().bottom
  - document.getElementById('speed-box').getBoundingClientRect().bottom < 150"""
"""Less than 150 px of the side panel are in view below the line that the Saves box opens
under."""


def _move_assaults(table: Table) -> None:
    """Five times, whoever has the initiative moves its Assault as aimed (any React let go, its
    facing kept) and ends the activation where the opening lets it go on to Shoot (R5): the
    prompt grows with the news and the soldiers' list, or with a Move's aim, where a Move would
    go nowhere (the Assault already touching terrain that way, R16) and waits to be aimed."""
    page = table.page
    for _ in range(5):
        for key in ("4", "m", "Enter"):
            page.keyboard.press(key)
        if table.pending()[0] == "react":
            page.keyboard.press("n")
        if table.pending()[0] == "face":
            page.keyboard.press("Enter")
        if "End activation" in page.inner_text("#prompt"):
            page.keyboard.press("p")


def test_saves_comes_into_view_when_opened(page: Page, site_url: str) -> None:
    """At 1280x800 the Saves box lies below the side panel's fold (the prompt and the speed of
    shows above it leave less room in view than its heading, form and list take): pressing
    Saves brings its form into view, ready to type a name."""
    table = start_game(page, site_url, SEED, "default")
    _deploy_by_keys(page)
    _move_assaults(table)
    assert page.evaluate(BELOW_THE_FOLD)
    page.click("#btn-saves")
    page.locator("#save-name").wait_for()
    assert page.locator("#save-name").evaluate(ON_TOP), page.locator("#save-name").bounding_box()
    assert page.locator("#saves [data-action=slot-save]").evaluate(ON_TOP)


WHOLE_IN_PANEL = """el => {
  const r = el.getBoundingClientRect(), panel = document.getElementById('panel');
  const box = panel.getBoundingClientRect(), top = box.top + panel.clientTop;
  const on = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 4);
  return r.top >= top - 0.5 && r.bottom <= top + panel.clientHeight + 0.5
    && (on === el || el.contains(on));
}"""
"""The element lies wholly inside the side panel's visible box, on top (its upper part too)."""


def test_opening_saves_leaves_the_status_line_whole(page: Page, site_url: str) -> None:
    """At 1280x800, with the side column long (the news of five Moves, the soldiers' list) and
    four saved games to list, pressing Saves shows its form and its first game's Load, and the
    status line stays whole at the column's top, not cut under the header."""
    table = start_game(page, site_url, SEED, "default")
    _deploy_by_keys(page)
    _move_assaults(table)
    page.evaluate(
        """() => { const game = localStorage.getItem('serm/autosave');
          for (const n of [1, 2, 3, 4]) localStorage.setItem('serm/slot/' + n, game); }"""
    )
    assert page.evaluate(BELOW_THE_FOLD)
    page.click("#btn-saves")
    page.locator("#save-name").wait_for()
    page.wait_for_timeout(300)  # a smooth scroll, if any, has ended
    for shown in ("#status", "#save-name"):
        assert page.locator(shown).first.evaluate(WHOLE_IN_PANEL), shown
    assert page.locator("#saves [data-action=slot-save]").evaluate(ON_TOP)
    load = page.locator("#saves button", has_text="Load").first
    load.scroll_into_view_if_needed()
    assert load.evaluate(ON_TOP)
    assert page.locator("#status").evaluate(WHOLE_IN_PANEL)


def test_corrupt_and_old_entries_do_not_stop_the_page(
    cold_page: Page, site_url: str, browser_problems: list[str]
) -> None:
    page = cold_page
    page.add_init_script(
        """if (!sessionStorage.getItem('seeded')) {
             sessionStorage.setItem('seeded', '1');
             localStorage.setItem('serm/autosave', '{"format": "serm-save", "vers');
             localStorage.setItem('serm/slot/1', '{"format": "serm-save", "version": 99}');
           }"""
    )
    page.goto(site_url)
    page.wait_for_selector("#loading", state="hidden", timeout=90_000)
    page.click("#btn-saves")
    text = page.inner_text("#notice")
    assert "Could not read the autosave" in text and "kept aside" in text
    assert "newer version" in text
    kept = _storage(page)
    assert any(k.startswith("serm/aside/autosave") for k in kept)
    assert any(k.startswith("serm/aside/slot/1") for k in kept)
    page.click("[data-action=start]")
    page.wait_for_selector("#layer-board")


def test_refused_writes_warn_and_play_goes_on(cold_page: Page, site_url: str) -> None:
    page = cold_page
    page.add_init_script(
        """Storage.prototype.setItem = function () {
             throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
           };"""
    )
    table = start_game(page, site_url, SEED)
    page.wait_for_selector("#notice:not([hidden])")
    text = page.inner_text("#notice")
    assert "Could not save: this browser's storage for the game is full" in text
    assert "DOMException" not in text and "[object" not in text and "Error" not in text
    _deploy_by_keys(page)
    assert len(table.cards()) == 10
    assert table.pending()[0] == "act"
    with page.expect_download() as info:  # the way out: export the game instead
        page.click("#notice [data-action=download]")
    record = json.loads(Path(info.value.path()).read_text("utf-8"))
    assert record["format"] == "serm-record" and len(record["actions"]) >= 10


def test_a_browser_that_stores_nothing_says_so_and_offers_export(
    cold_page: Page, site_url: str
) -> None:
    page = cold_page
    page.add_init_script(
        """Object.defineProperty(window, 'localStorage', {
             get() { throw new DOMException('The operation is insecure.', 'SecurityError'); }
           });"""
    )
    start_game(page, site_url, SEED)
    page.wait_for_selector("#notice:not([hidden])")
    text = page.inner_text("#notice")
    assert "does not let the game store anything" in text and "DOMException" not in text
    assert page.locator("#notice [data-action=download]").count() == 1
