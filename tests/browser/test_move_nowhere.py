"""A Move that goes nowhere, or a Turn that changes nothing, is not made by accident on a phone's
short bar.

Player 1's Assault stands right behind its own Armored, both facing the enemy. Pressing Move
aims it the way it faces, into the Armored it touches, so it would move 0.00 L (R16); pressing
Turn, then turning the handle and back to the facing the card has, the Turn would spend its
Move and change nothing (R14). At 360x640 with touch, the bar's action is shown disabled and why
is read whole beside it, in view and on top, though the words above it are scrolled out of the
bar.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from harness.fresh import open_site
from harness.moments import AUTOSAVE
from tests.browser.test_one_screen import hidden_words, sized

PLACES = (
    (2, "assault", 1.0, 1.0, 180.0),
    (1, "assault", 5.0, 9.5, 0.0),
    (2, "ranger", 3.0, 1.0, 180.0),
    (1, "armored", 5.0, 8.5, 0.0),  # right in front of the Assault: they touch (C14)
    (2, "gunner", 5.0, 1.0, 180.0),
    (1, "ranger", 1.0, 9.0, 0.0),
    (2, "armored", 7.0, 1.0, 180.0),
    (1, "gunner", 3.0, 9.0, 0.0),
    (2, "brawler", 9.0, 1.0, 180.0),
    (1, "brawler", 8.0, 9.0, 0.0),
)
"""The deployment on the default table, player 2 placing first (it won the roll-off), so
player 1 acts first (R5)."""


def save_text(mode: str) -> str:
    """The autosave of a hot-seat game at player 1's first activation, its Assault's Move
    aimed the way the card faces (``mode`` "aim") or its Turn set with the handle at the facing
    the card has ("turn") (``serm.ui.saves.encode``)."""
    from serm.core.actions import Place, Roll
    from serm.core.game import Game
    from serm.core.scenario import by_name
    from serm.ui.model import UI, ActMode, Choice
    from serm.ui.saves import encode

    game = Game(by_name("default"), seed=5, auto_dice=False)
    game.play(Roll(((1,), (6,))))
    for player, card, x, y, facing in PLACES:
        game.play(Place(card, x, y, facing, player=player))
    if mode == "aim":
        choice = Choice((1, "assault"), ActMode.AIM, aim=0.0)
    else:
        choice = Choice((1, "assault"), ActMode.TURN, facing=0.0)
    return encode(game, UI(choice=choice), "Autosave", saved_at="")


@pytest.mark.parametrize(
    ("mode", "why"),
    [("aim", "it already touches your Armored"), ("turn", "Your Assault already faces this way")],
)
def test_an_action_that_changes_nothing_cannot_be_made_on_a_small_phone(
    touch_page: Page, site_url: str, mode: str, why: str
) -> None:
    page = touch_page
    open_site(page, site_url, stored={AUTOSAVE: save_text(mode)})
    page.locator("#prompt button[data-action=continue]").first.click()
    sized(page, 360, 640)
    if mode == "turn":  # turned and back: until then the step only says to drag the handle
        page.locator("#prompt [data-pending=act]").wait_for()
        page.keyboard.press("q")
        page.keyboard.press("e")
    warning = page.locator("#prompt .problem")
    warning.wait_for()
    assert why in warning.inner_text()
    action = page.locator("#prompt button[data-action=confirm]")
    assert action.is_disabled()
    assert hidden_words(page, ("#prompt .problem", "#prompt button[data-action=confirm]")) == []
