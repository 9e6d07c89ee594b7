"""Every question the page asks is a dialog in the page (``#ask``, ``serm.ui.dialogs``), never the
browser's own confirm() or prompt(): deleting, renaming and opening a save, and conceding, each
answered by the keyboard, the mouse or a finger; "no" (or Escape) changes nothing."""

from __future__ import annotations

from playwright.sync_api import Page

from harness.pages import answer, open_menu, start_game
from tests.browser.conftest import NativeDialogs

CARDS = "#layer-board g.card"


def _focused(page: Page) -> str:
    """The focused element's ``data-action``, or its id."""
    return str(
        page.evaluate("() => document.activeElement.dataset.action || document.activeElement.id")
    )


def _save_as(page: Page, name: str) -> None:
    open_menu(page)
    if page.locator("#saves").is_hidden():
        page.click("[data-action=saves]")
    page.fill("#save-name", name)
    page.click("[data-action=slot-save]")
    page.wait_for_selector(f"#saves .slot-name:text-is('{name}')")


def _tap_menu(page: Page) -> None:
    page.tap("#btn-menu")
    page.wait_for_selector("#sheet[open]")


def _in_view_and_44_px(page: Page, selector: str) -> None:
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    assert box["width"] >= 44 and box["height"] >= 44, (selector, box)
    assert 0 <= box["x"] and box["x"] + box["width"] <= size["width"], (selector, box)
    assert 0 <= box["y"] and box["y"] + box["height"] <= size["height"], (selector, box)


def test_delete_asks_in_the_page_escape_keeps_the_save(
    page: Page, site_url: str, native_dialogs: NativeDialogs
) -> None:
    opened = native_dialogs.watch(page)
    start_game(page, site_url, seed=3)
    _save_as(page, "Keep <me>")
    page.click("#saves [data-action=slot-delete]")
    page.wait_for_selector("#ask[open]")
    assert "Keep <me>" in page.inner_text("#ask")
    assert _focused(page) == "answer-no"  # Enter or a stray tap deletes nothing
    page.keyboard.press("Escape")
    page.wait_for_selector("#ask:not([open])", state="attached")
    assert page.locator("#saves .slot-name").all_inner_texts() == ["Keep <me>"]
    page.click("#saves [data-action=slot-delete]")
    page.wait_for_selector("#ask[open]")
    page.keyboard.press("Enter")  # on "Keep it"
    page.wait_for_selector("#ask:not([open])", state="attached")
    assert page.locator("#saves .slot-name").count() == 1
    page.click("#saves [data-action=slot-delete]")
    answer(page)
    page.wait_for_selector("#saves .slot-name", state="detached")
    assert opened == []


def test_rename_asks_for_the_name_in_the_page_by_touch(
    touch_page: Page, site_url: str, native_dialogs: NativeDialogs
) -> None:
    page = touch_page
    opened = native_dialogs.watch(page)
    start_game(page, site_url, seed=3)
    _save_as(page, "Old name")
    page.tap("#saves [data-action=slot-rename]")
    page.wait_for_selector("#ask[open]")
    assert page.locator("#sheet[open]").count() == 0  # the Menu made way
    assert page.input_value("#ask-name") == "Old name"
    for action in ("answer-yes", "answer-no"):
        _in_view_and_44_px(page, f"#ask [data-action={action}]")
    page.fill("#ask-name", "New <name>")
    page.tap("#ask [data-action=answer-no]")
    page.wait_for_selector("#ask:not([open])", state="attached")
    _tap_menu(page)
    assert page.locator("#saves .slot-name").all_inner_texts() == ["Old name"]
    page.tap("#saves [data-action=slot-rename]")
    page.wait_for_selector("#ask[open]")
    page.fill("#ask-name", "New <name>")
    page.tap("#ask [data-action=answer-yes]")
    page.wait_for_selector("#ask:not([open])", state="attached")
    _tap_menu(page)
    assert page.locator("#saves .slot-name").all_inner_texts() == ["New <name>"]
    assert opened == []


def test_a_blank_new_name_is_refused_in_the_dialog_which_stays_open(
    page: Page, site_url: str, native_dialogs: NativeDialogs
) -> None:
    """Rename with a blank name: the dialog says why and stays open, the field ready for a
    name; a name then renames (by the keyboard: Enter in the field, as a player types)."""
    opened = native_dialogs.watch(page)
    start_game(page, site_url, seed=3)
    _save_as(page, "Old name")
    page.click("#saves [data-action=slot-rename]")
    page.wait_for_selector("#ask[open]")
    page.fill("#ask-name", "   ")
    page.click("#ask [data-action=answer-yes]")
    problem = page.locator("#ask[open] #ask-problem")
    problem.wait_for()
    assert "needs a name" in problem.inner_text()
    _in_view_and_44_px(page, "#ask [data-action=answer-yes]")
    assert page.evaluate("() => document.activeElement.id") == "ask-name"
    page.keyboard.press("Enter")  # still blank: still refused, still open
    assert page.locator("#ask[open] #ask-problem").count() == 1
    page.keyboard.type("New name")
    page.keyboard.press("Enter")
    page.wait_for_selector("#ask:not([open])", state="attached")
    page.wait_for_selector("#saves .slot-name:text-is('New name')")
    assert opened == []


def test_load_and_concede_ask_over_a_game_in_progress(
    page: Page, site_url: str, native_dialogs: NativeDialogs
) -> None:
    opened = native_dialogs.watch(page)
    table = start_game(page, site_url, seed=3)
    _save_as(page, "Start")
    saved = len(table.cards())
    page.keyboard.press("Enter")  # one more card placed after the save
    page.wait_for_function(f"() => document.querySelectorAll({CARDS!r}).length > {saved}")
    placed = len(table.cards())
    page.click("#saves [data-action=slot-load]")
    answer(page, yes=False)  # Stay in this game
    assert len(table.cards()) == placed
    page.click("#saves [data-action=slot-load]")
    answer(page)
    page.wait_for_function(f"() => document.querySelectorAll({CARDS!r}).length == {saved}")
    page.click("#btn-concede")
    page.wait_for_selector("#ask[open]")
    me = table.pending()[1]  # hot-seat: Concede speaks for the side to play, and says so
    them = f"Player {3 - me}"
    assert page.inner_text("#ask-words") == (
        f"If Player {me} concedes, {them} wins. Concede speaks for the side to play now: "
        f"for {them} to concede, press it when {them} is to play."
    )
    page.keyboard.press("Escape")
    page.wait_for_selector("#ask:not([open])", state="attached")
    assert page.locator("#btn-concede").is_enabled() and table.pending()[0] == "place"
    page.click("#btn-concede")
    answer(page)
    page.wait_for_selector("#btn-concede[disabled]", state="attached")  # the game is over
    assert opened == []
