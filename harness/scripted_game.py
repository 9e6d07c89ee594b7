"""The seeded hot-seat game, played through the page like two players would (R5-R24).

Shared by the browser tests (tests/browser/test_e2e_game.py), ``python -m serm bench web`` and
``python -m tools.screens``: ``deploy`` places all ten cards with pointer drags, the wheel and the
rotation handle; ``play_step`` answers whatever the page asks next (activations with aimed Moves
and Shoots, a React with its stop point, ...).
"""

from __future__ import annotations

import math

from harness.pages import Card, Table

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


def nearest(cards: list[Card], me: Card) -> Card:
    return min(cards, key=lambda c: math.hypot(c.x - me.x, c.y - me.y))


def deploy(table: Table) -> None:
    slots = {1: 0, 2: 0}
    page = table.page
    while table.pending()[0] == "place":
        player = table.pending()[1]
        x, y, facing = DEPLOY[player][slots[player]]
        slots[player] += 1
        table.drag(table.ghost(), (x, y))  # the card being placed, gripped and dragged
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


def activate(table: Table, player: int, activation: int) -> None:
    cards = table.cards()
    mine = [c for c in cards if c.player == player]
    enemies = [c for c in cards if c.player != player]
    wants_shot = activation > 4
    for me in sorted(mine, key=lambda c: c.card != "gunner"):
        table.press(me.x, me.y)
        if wants_shot and table.button("shoot"):
            target = next((c for c in table.cards() if "hl-target" in c.classes), None)
            if target is not None:  # with one enemy in sight it is picked already
                table.press(target.x, target.y)  # picked; the dice roll once it is confirmed
            assert table.button("confirm")
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
    enemy = nearest(enemies, me)
    table.drag((me.x, me.y - 0.2 if player == 1 else me.y + 0.2), (enemy.x, enemy.y))
    assert table.page.locator("#layer-overlay").inner_html() != ""
    assert table.button("confirm")


def play_step(table: Table, activation: int, seen: set[str]) -> None:
    kind, player = table.pending()
    seen.add(kind)
    cards = table.cards()
    if kind == "act":
        activate(table, player, activation)
    elif kind == "react":
        reactor = next((c for c in cards if "hl-reactor" in c.classes), None)
        if reactor is None:  # no soldier can beat the roll (R19)
            assert table.button("react")
            return
        table.press(reactor.x, reactor.y)
        assert table.button("confirm")
    elif kind == "stop":
        table.page.keyboard.press("ArrowRight")
        assert table.button("confirm")
    elif kind == "face":
        me = next(c for c in cards if "selected" in c.classes)
        enemies = [c for c in cards if c.player != me.player]
        target = nearest(enemies, me) if enemies else me
        handle = table.page.locator("#layer-overlay [data-handle=rotate]").bounding_box()
        assert handle is not None
        table.page.mouse.move(handle["x"] + handle["width"] / 2, handle["y"] + handle["height"] / 2)
        table.page.mouse.down()
        tx, ty = table.to_client(target.x, target.y)
        table.page.mouse.move(tx, ty, steps=5)
        table.page.mouse.up()
        confirm = table.page.locator("#prompt [data-action=confirm]")
        if table.page.locator("#prompt .problem").count() or not confirm.count():
            assert table.button("keep")  # refused there, or turned back to its own facing
        else:
            assert table.button("confirm")
    elif kind == "path":
        me = next(c for c in cards if "selected" in c.classes)
        enemy = nearest([c for c in cards if c.player != me.player], me)
        cx, cy = table.to_client(enemy.x, enemy.y)
        table.page.mouse.move(cx, cy)
        assert table.button("straight")
    elif kind == "target":
        target = next(c for c in cards if "hl-target" in c.classes)
        table.press(target.x, target.y)
        assert table.button("confirm")
    else:
        raise AssertionError(f"unexpected prompt {kind}")
