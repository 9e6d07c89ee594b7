"""A Turn that changes nothing is not made by accident, on a phone's short bar.

Player 1's Assault has pressed Turn and the handle still points the way the card faces: the
Turn would spend its Move and change nothing (R14). At 360x640 with touch, Turn is shown
disabled and why is read whole beside it, in view and on top.
"""

from __future__ import annotations

from playwright.sync_api import Page

from harness.fresh import open_site
from harness.moments import AUTOSAVE
from tests.browser.test_move_nowhere import PLACES
from tests.browser.test_one_screen import hidden_words, sized


def save_text() -> str:
    """The autosave of a hot-seat game at player 1's first activation, its Assault's Turn
    being set, the handle at the facing the card has (``serm.ui.saves.encode``)."""
    from serm.core.actions import Place, Roll
    from serm.core.game import Game
    from serm.core.scenario import by_name
    from serm.ui.model import UI, ActMode, Choice
    from serm.ui.saves import encode

    game = Game(by_name("default"), seed=5, auto_dice=False)
    game.play(Roll(((1,), (6,))))
    for player, card, x, y, facing in PLACES:
        game.play(Place(card, x, y, facing, player=player))
    turning = UI(choice=Choice((1, "assault"), ActMode.TURN, facing=0.0))
    return encode(game, turning, "Autosave", saved_at="")


def test_a_turn_that_changes_nothing_cannot_be_made_on_a_small_phone(
    touch_page: Page, site_url: str
) -> None:
    page = touch_page
    open_site(page, site_url, stored={AUTOSAVE: save_text()})
    page.locator("#prompt button[data-action=continue]").first.click()
    sized(page, 360, 640)
    warning = page.locator("#prompt .problem")
    warning.wait_for()
    assert "Your Assault already faces this way" in warning.inner_text()
    turn = page.locator("#prompt button[data-action=confirm]")
    assert turn.is_disabled()
    assert hidden_words(page, ("#prompt .problem", "#prompt button[data-action=confirm]")) == []
