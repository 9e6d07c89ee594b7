"""The outlook of an aimed Move in the page: once the aim
rests, the panel says which enemies could React along it and the chance it is stopped (R18,
R19), and the board rings them; a new aim asks to hold still again."""

from __future__ import annotations

from playwright.sync_api import Page

from harness.pages import start_game


def test_the_outlook_appears_once_the_aim_rests(page: Page, site_url: str) -> None:
    table = start_game(page, site_url, 4)
    for _ in range(10):
        page.keyboard.press("Enter")
    assert table.pending()[0] == "act", page.inner_text("#prompt")
    player = table.pending()[1]
    page.keyboard.press("4")
    page.keyboard.press("m")
    me = next(c for c in table.cards() if c.player == player and c.card == "assault")
    foe = min(
        (c for c in table.cards() if c.player != player),
        key=lambda c: abs(c.x - me.x),
    )
    page.mouse.move(*table.to_client(foe.x, foe.y), steps=4)
    outlook = page.locator("#prompt p.outlook")
    assert "Hold the aim still" in outlook.inner_text() or "stopped" in outlook.inner_text()
    outlook.filter(has_text="Chance this Move is stopped").or_(
        outlook.filter(has_text="No enemy could React along this line")
    ).wait_for(timeout=30_000)
    if "Chance this Move is stopped" in outlook.inner_text():
        assert "Could React: " in outlook.inner_text()
        assert page.locator("#layer-board g.card.hl-reactor").count() >= 1
    before = page.inner_text("#log")
    page.keyboard.press("Enter")  # the Move rolls only now, confirmed
    page.wait_for_function(
        "(b) => document.getElementById('log').innerText !== b", arg=before, timeout=30_000
    )
