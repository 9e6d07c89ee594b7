"""A Move that goes nowhere is not rolled by accident, on a phone's short bar.

Player 1's Assault stands right behind its own Armored, both facing the enemy: pressing Move
aims it the way it faces, into the Armored it touches, so it would move 0.00 L (R16). At
360x640 with touch, Roll Move is shown disabled and why is read whole beside it, in view and on
top, though the words above it are scrolled out of the bar.
"""

from __future__ import annotations

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


def save_text() -> str:
    """The autosave of a hot-seat game at player 1's first activation, its Assault's Move
    being aimed the way the card faces (``serm.ui.saves.encode``)."""
    from serm.core.actions import Place, Roll
    from serm.core.game import Game
    from serm.core.scenario import by_name
    from serm.ui.model import UI, ActMode, Choice
    from serm.ui.saves import encode

    game = Game(by_name("default"), seed=5, auto_dice=False)
    game.play(Roll(((1,), (6,))))
    for player, card, x, y, facing in PLACES:
        game.play(Place(card, x, y, facing, player=player))
    aimed = UI(choice=Choice((1, "assault"), ActMode.AIM, aim=0.0))
    return encode(game, aimed, "Autosave", saved_at="")


def test_a_move_that_goes_nowhere_cannot_be_rolled_on_a_small_phone(
    touch_page: Page, site_url: str
) -> None:
    page = touch_page
    open_site(page, site_url, stored={AUTOSAVE: save_text()})
    page.locator("#prompt button[data-action=continue]").first.click()
    sized(page, 360, 640)
    warning = page.locator("#prompt .problem")
    warning.wait_for()
    assert "it already touches your Armored" in warning.inner_text()
    roll = page.locator("#prompt button[data-action=confirm]")
    assert roll.is_disabled()
    assert hidden_words(page, ("#prompt .problem", "#prompt button[data-action=confirm]")) == []
