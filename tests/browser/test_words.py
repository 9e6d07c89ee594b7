"""Refusals in words (serm.ui.words), played like a player: the page says why a soldier cannot
shoot or pick a target in a sentence naming the cards and the terrain, the rule in small print;
a good import is news, not styled as an error."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page

from harness.pages import answer, start_game
from tests.browser.test_a11y import violations

SEED = 8
RAW_ID = re.compile(r"\b(ranger|gunner|armored|assault|brawler)\b")
ERROR_BG = "rgb(251, 233, 231)"
"""The refusals' background (#fbe9e7 in static/css/serm.css)."""


def _deploy(page: Page) -> None:
    for _ in range(10):
        page.keyboard.press("Enter")


def _message(page: Page) -> str:
    page.wait_for_selector("#prompt .message")
    return page.inner_text("#prompt .message")


def test_refusals_are_said_in_words_with_the_rule_in_small_print(page: Page, site_url: str) -> None:
    table = start_game(page, site_url, SEED, scenario="default")
    _deploy(page)
    assert table.pending() == ("act", 1), page.inner_text("#prompt")
    page.keyboard.press("2")
    assert "Opening: your Gunner may not shoot this activation" in page.inner_text("#prompt")  # R5
    page.keyboard.press("Escape")
    for _ in range(2):  # each side passes an activation
        page.keyboard.press("p")
    assert table.pending() == ("act", 1), page.inner_text("#prompt")
    page.keyboard.press("2")  # the Gunner, behind its Wall: no enemy in sight
    assert "No enemy is in the Gunner's sight" in page.inner_text("#prompt")
    page.keyboard.press("s")
    said = _message(page)
    assert said.startswith("No enemy is in the Gunner's sight"), said
    assert page.inner_text("#prompt .message small.rule") == "(rule R21)"
    assert not RAW_ID.search(said) and not re.match(r"^[CR]\d+", said)
    assert page.locator("#board g.los-p1").count() >= 1  # the Gunner's sight region is drawn

    page.keyboard.press("Escape")
    page.keyboard.press("Escape")
    page.keyboard.press("4")  # the Assault sees the enemy Assault past the Wall's end
    page.keyboard.press("s")
    ranger = next(c for c in table.cards() if c.player == 2 and c.card == "ranger")
    table.press(ranger.x, ranger.y)  # behind the enemy's Wall
    said = _message(page)
    assert said.startswith("The Wall blocks the Assault's view of the enemy Ranger."), said
    assert page.inner_text("#prompt .message small.rule") == "(rule R12)"
    assert not RAW_ID.search(said)
    assert table.pending() == ("act", 1)  # nothing was played
    assert violations(page) == []  # the small print and the message keep their contrast


def test_a_rule_in_small_print_opens_its_ruling_beside_the_game(page: Page, site_url: str) -> None:
    """Each rule code links to its ruling on the rules page (rules.html, made from RULES.md),
    opened in a page of its own with the ruling marked: the game stays as it was."""
    table = start_game(page, site_url, SEED, scenario="default")
    _deploy(page)
    for _ in range(2):  # each side passes an activation: the opening holds no more
        page.keyboard.press("p")
    page.keyboard.press("2")  # the Gunner, behind its Wall: no enemy in sight
    page.keyboard.press("s")
    said = _message(page)
    link = page.locator("#prompt .message small.rule a")
    assert link.inner_text() == "R21"
    with page.context.expect_page() as opened:
        link.click()
    rules = opened.value
    rules.wait_for_load_state()
    assert rules.url.endswith("/serm/rules.html#R21"), rules.url
    ruling = rules.locator(":target")
    assert "Shoot" in ruling.inner_text() and ruling.inner_text().endswith("(R21)")
    marked = ruling.evaluate("e => getComputedStyle(e).backgroundColor")
    assert marked != rules.locator("main").evaluate("e => getComputedStyle(e).backgroundColor")
    back = rules.get_by_role("link", name="Back to the game")
    assert back.get_attribute("href") == "./"
    assert violations(rules) == []
    with rules.expect_event("close"):  # the tab the game opened closes: the game shows again
        back.click()
    assert page.context.pages == [page]
    assert _message(page) == said and table.pending() == ("act", 1)


def test_the_rules_page_opened_by_its_address_goes_to_the_game(page: Page, site_url: str) -> None:
    """Opened by its address, the rules page's "Back to the game" is a link to the game."""
    rules = page.context.new_page()
    rules.goto(f"{site_url}rules.html#R12")
    assert "(R12)" in rules.locator(":target").inner_text()
    rules.get_by_role("link", name="Back to the game").click()
    rules.wait_for_url(site_url)
    rules.wait_for_selector("#btn-menu", state="attached")  # the game's page
    rules.close()


def test_enter_on_a_rule_link_opens_its_ruling_and_leaves_the_game_alone(
    page: Page, site_url: str
) -> None:
    """A keyboard player tabs to "(rule R5)" under the deployment's tip and presses Enter: the
    rules page opens at R5 beside the game, and the game takes no Enter of its own from it (no
    card is placed)."""
    table = start_game(page, site_url, SEED, scenario="default")
    placing = table.pending()
    exposure = page.locator("#prompt p.exposure")  # worked out: the prompt is drawn no more
    exposure.filter(has_text=re.compile("Red squares")).wait_for(timeout=60_000)
    exposure.filter(has_not_text="Working out").wait_for(timeout=60_000)
    link = page.locator("#prompt .tip small.rule a")
    assert link.inner_text() == "R5"
    for _ in range(40):
        if link.evaluate("a => a === document.activeElement"):
            break
        page.keyboard.press("Tab")
    else:
        raise AssertionError("the keyboard never reached the rule link")
    with page.context.expect_page() as opened:
        page.keyboard.press("Enter")
    rules = opened.value
    rules.wait_for_load_state()
    assert rules.url.endswith("/serm/rules.html#R5"), rules.url
    rules.close()
    assert table.cards() == [] and table.pending() == placing


def test_a_good_import_is_news_not_an_error(page: Page, site_url: str, tmp_path: Path) -> None:
    table = start_game(page, site_url, SEED)
    _deploy(page)
    page.click("#btn-saves")
    with page.expect_download() as info:
        page.click("#saves [data-action=download]")
    path = tmp_path / "export.json"
    info.value.save_as(path)
    page.click("#btn-saves")
    page.click("#btn-saves")
    page.set_input_files("#import-file", str(path))
    answer(page)  # leave this game for the imported one
    page.wait_for_selector("#notice:not([hidden]) .notice")
    news = page.locator("#notice .notice.news")
    assert "Imported a game" in news.inner_text()
    assert page.locator("#notice [role=alert]").count() == 0
    assert page.locator("#notice [role=status] .news").count() == 1
    background = news.evaluate("e => getComputedStyle(e).backgroundColor")
    assert background != ERROR_BG, background
    assert len(table.cards()) == 10
    assert violations(page) == []  # the news keeps its contrast
