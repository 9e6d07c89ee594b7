"""A whole hot-seat game played through the page like two players would (R5-R24).

From a fresh page with a seeded game: deploy all ten cards with pointer drags, the wheel and the
rotation handle; play activations with aimed Moves, a React with its stop point and Shoots,
until the victory screen; then download the record and replay it with ``python -m serm replay``.
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from pages import Card, Table
from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parents[2]
SEED = 4

DEPLOY = {  # (player, slot) -> (x, y, facing): both lines face each other across the open field
    1: [(1.2, 9.0, 0.0), (3.2, 9.0, 0.0), (5.2, 9.0, 0.0), (7.2, 9.0, 0.0), (9.0, 9.0, 0.0)],
    2: [
        (1.0, 1.0, 180.0),
        (2.9, 1.0, 180.0),
        (4.8, 1.0, 180.0),
        (6.8, 1.0, 180.0),
        (8.8, 1.0, 180.0),
    ],
}


def _nearest(cards: list[Card], me: Card) -> Card:
    return min(cards, key=lambda c: math.hypot(c.x - me.x, c.y - me.y))


def _deploy(table: Table) -> None:
    slots = {1: 0, 2: 0}
    page = table.page
    while table.pending()[0] == "place":
        player = table.pending()[1]
        x, y, facing = DEPLOY[player][slots[player]]
        slots[player] += 1
        table.drag((5.0, 9.0 if player == 1 else 1.0), (x, y))  # press moves the card, drag follows
        table.page.mouse.wheel(0, 120)  # a wheel notch turns it 15°
        handle = page.locator("#layer-overlay [data-handle=rotate]").bounding_box()
        assert handle is not None
        hx, hy = handle["x"] + handle["width"] / 2, handle["y"] + handle["height"] / 2
        tx, ty = table.to_client(
            x + 1.2 * math.sin(math.radians(facing)), y - 1.2 * math.cos(math.radians(facing))
        )
        page.mouse.move(hx, hy)
        page.mouse.down()
        page.mouse.move(tx, ty, steps=6)
        page.mouse.up()
        assert table.button("confirm")
    placed = table.cards()
    assert len(placed) == 10
    for c in placed:
        assert abs((c.facing - (0.0 if c.player == 1 else 180.0) + 180) % 360 - 180) < 2.0


def _activate(table: Table, player: int, turn: int) -> None:
    cards = table.cards()
    mine = [c for c in cards if c.player == player]
    enemies = [c for c in cards if c.player != player]
    wants_shot = turn > 4
    for me in sorted(mine, key=lambda c: c.card != "gunner"):
        table.press(me.x, me.y)
        if wants_shot and table.button("shoot"):
            target = next(c for c in table.cards() if "hl-target" in c.classes)
            table.press(target.x, target.y)
            return
        if table.page.locator("#prompt button[data-action=move]").count():
            break
        table.button("cancel")
    else:
        assert table.button("end")
        return
    assert table.button("move")
    if table.pending()[0] == "path":
        return
    enemy = _nearest(enemies, me)
    table.drag((me.x, me.y - 0.2 if player == 1 else me.y + 0.2), (enemy.x, enemy.y))
    assert table.page.locator("#layer-overlay").inner_html() != ""
    assert table.button("confirm")


def _play_step(table: Table, turn: int, seen: set[str]) -> None:
    kind, player = table.pending()
    seen.add(kind)
    cards = table.cards()
    if kind == "act":
        _activate(table, player, turn)
    elif kind == "react":
        reactor = next(c for c in cards if "hl-reactor" in c.classes)
        table.press(reactor.x, reactor.y)
    elif kind == "stop":
        table.page.keyboard.press("ArrowRight")
        assert table.button("confirm")
    elif kind == "face":
        me = next(c for c in cards if "selected" in c.classes)
        enemies = [c for c in cards if c.player != me.player]
        target = _nearest(enemies, me) if enemies else me
        handle = table.page.locator("#layer-overlay [data-handle=rotate]").bounding_box()
        assert handle is not None
        table.page.mouse.move(handle["x"] + handle["width"] / 2, handle["y"] + handle["height"] / 2)
        table.page.mouse.down()
        tx, ty = table.to_client(target.x, target.y)
        table.page.mouse.move(tx, ty, steps=5)
        table.page.mouse.up()
        if table.page.locator("#prompt .problem").count():
            assert table.button("keep")
        else:
            assert table.button("confirm")
    elif kind == "path":
        me = next(c for c in cards if "selected" in c.classes)
        enemy = _nearest([c for c in cards if c.player != me.player], me)
        cx, cy = table.to_client(enemy.x, enemy.y)
        table.page.mouse.move(cx, cy)
        assert table.button("straight")
    elif kind == "target":
        target = next(c for c in cards if "hl-target" in c.classes)
        table.press(target.x, target.y)
    else:
        raise AssertionError(f"unexpected prompt {kind}")


def test_a_seeded_hot_seat_game_to_victory(
    page: Page, site_url: str, boot: Callable[[Page], float], tmp_path: Path
) -> None:
    page.goto(f"{site_url}?seed={SEED}&scenario=open")
    page.wait_for_selector("#loading", state="hidden", timeout=90_000)
    page.select_option("#scenario", "open")
    page.click("[data-action=start]")
    table = Table(page)
    _deploy(table)
    seen: set[str] = set()
    for _ in range(400):
        if page.locator(".victory").count():
            break
        turn = int(page.inner_text("#status").split("Turn ")[1].split(" ")[0])
        before = page.inner_text("#log")
        _play_step(table, turn, seen)
        if page.inner_text("#log") == before and page.locator("#prompt .message").count():
            raise AssertionError(page.inner_text("#prompt"))
    else:
        raise AssertionError("no victory after 400 steps")
    log = page.inner_text("#log")
    assert {"act", "react", "stop"} <= seen, seen
    assert "reacts!" in log and "shoots at" in log and "eliminated" in log
    winner_text = page.inner_text(".victory h2")
    page.screenshot(path=str(tmp_path / "victory.png"))

    with page.expect_download() as info:
        page.click(".victory [data-action=download]")
    path = tmp_path / "game.json"
    info.value.save_as(path)
    out = subprocess.run(
        [sys.executable, "-m", "serm", "replay", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    summary = json.loads(out.stdout)
    assert summary["status"] == "finished"
    assert f"Player {summary['winner']}" in winner_text
    on_board = {(c.player, c.card) for c in table.cards()}
    alive = {(s["player"], s["card"]) for s in summary["soldiers"] if s["alive"]}
    assert on_board == alive
