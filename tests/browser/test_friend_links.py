"""Playing a friend by link in two browsers (docs/link-play.md): a desktop invites a phone
(360x640, touch), each device opens the other's links through the page's fragment at instant
speed, and they play to victory (every enemy eliminated) with a React round trip; a second game
starts from a recorded game's prefix with standing React orders and is played to victory too;
the links that must be refused are told in words and change nothing; Send uses the Web Share
API where the device has it, else the clipboard, and the link is always in its box."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page

from harness import friends
from harness.pages import Table
from harness.scripted_game import play_step
from serm.core.scenario import by_name
from serm.ui import friend

PREFIX_SEED = 3
"""The recorded game by link the second game starts from (harness.friends, seed 3)."""

WAITING = (
    "() => !document.getElementById('friend').hidden"
    " || document.querySelector('#prompt [data-pending]:not([data-computer])')"
)
"""The device is done with the friend's link: its own decision is asked, or it waits on the
friend (the box that sends the link is shown)."""


def link_of(page: Page) -> str:
    page.wait_for_selector("#friend:not([hidden]) #friend-link")
    return page.input_value("#friend-link")


def open_link(page: Page, url: str) -> None:
    """Open ``url`` (this site's address with a fragment) in ``page`` as a link is opened."""
    page.evaluate("h => { location.hash = h }", url.split("#", 1)[1])
    page.wait_for_function("() => !location.hash")


def storage(page: Page) -> dict[str, Any]:
    """The games kept in the page's storage: each save's record, each game by link's record,
    side and what the friend holds (not when they were written)."""
    raw = page.evaluate(
        "() => Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage[k]]))"
    )
    kept = {}
    for key, text in raw.items():
        if key.startswith("serm/slot/") or key == "serm/autosave":
            kept[key] = json.loads(text)["record"]
        elif key.startswith("serm-friend/"):
            kept[key] = json.loads(text)
    return kept


def invite(inviter: Page, friend_page: Page, order: str = "", own: str = "") -> None:
    """The inviter (player 1, standing React order ``own``) invites on the open table; the
    friend answers with ``order`` ("": decide each React); the inviter opens the answer."""
    inviter.click("#prompt [data-action=friend]")
    inviter.check("#prompt input[name=scenario][value=open]")
    inviter.select_option("#friend-order", own)
    inviter.click("#prompt [data-action=friend-invite]")
    open_link(friend_page, link_of(inviter))
    friend_page.select_option("#friend-order", order)
    friend_page.locator("#prompt [data-action=friend-accept]").tap()
    answer = link_of(friend_page)
    assert friend.read(answer.split("#", 1)[1])["k"] == "answer"
    open_link(inviter, answer)
    inviter.wait_for_function(WAITING)


def decide(page: Page, moved: list[int]) -> None:
    """This device's next decision with the keyboard: deploy where the page offers, move the
    Assault once (the React round trip), decline Reacts, keep facings, then pass."""
    kind, player = Table(page).pending()
    if kind == "act" and player not in moved:
        moved.append(player)
        for key in ("4", "m", "Enter"):
            page.keyboard.press(key)
    elif kind == "act":
        page.keyboard.press("p")
    elif kind == "react":
        page.keyboard.press("n")
    else:
        page.keyboard.press("Enter")


def turn(page: Page, moved: list[int], reacts: list[int]) -> None:
    """Play this device's decisions until it waits on the friend."""
    page.wait_for_function(WAITING)
    for _ in range(60):
        if page.locator("#friend:not([hidden])").count():
            return
        if Table(page).pending()[0] == "react":
            reacts.append(1)
        decide(page, moved)
        page.wait_for_function(WAITING)
    raise AssertionError(
        f"the device never waited on its friend: {Table(page).pending()} "
        + page.inner_text("#prompt")[:300]
        + page.inner_text("#notice")[:500]
    )


def test_two_devices_play_a_game_by_link_to_the_end(page: Page, touch_page: Page) -> None:
    touch_page.set_viewport_size({"width": 360, "height": 640})
    one, two = page, touch_page
    invite(one, two)
    moved: list[int] = []
    reacts: list[int] = []
    devices = [one, two]
    current = one if one.locator("#friend:not([hidden])").count() == 0 else two
    if current is two:  # the friend won the roll-off: the inviter's first link goes to it
        open_link(two, link_of(one))
    passes = 0
    while passes < 8 and not reacts:
        turn(current, moved, reacts)
        other = devices[1 - devices.index(current)]
        open_link(other, link_of(current))
        current = other
        if len(moved) == 2:
            passes += 1
    assert reacts, "no React round trip was played"
    play_to_the_end(devices, current)
    for device in devices:
        assert "Every enemy is eliminated." in device.inner_text("#prompt .victory")
    logs = [
        d.eval_on_selector_all("#log li", "lis => lis.map(li => li.textContent)") for d in devices
    ]
    assert logs[0] == logs[1] and len(logs[0]) > 20


def test_standing_react_orders_need_no_round_trip(page: Page, touch_page: Page) -> None:
    """With standing React orders on both sides, a Move that can be reacted to is decided on
    the mover's device: a link carries the whole activation and no device is asked to React."""
    one, two = page, touch_page
    invite(one, two, order="30", own="30")
    devices = [one, two]
    current = one if one.locator("#friend:not([hidden])").count() == 0 else two
    if current is two:
        open_link(two, link_of(one))
    moved: list[int] = []
    reacts: list[int] = []
    links = 0
    while len(moved) < 2 or links < 14:
        turn(current, moved, reacts)
        other = devices[1 - devices.index(current)]
        open_link(other, link_of(current))
        links += 1
        current = other
    assert not reacts, "a device was asked to React despite its standing order"
    current.wait_for_function(WAITING)
    log = current.eval_on_selector_all("#log li", "lis => lis.map(li => li.textContent)")
    assert any("react" in line for line in log), log


DECIDING = "#prompt [data-pending]:not([data-pending=none]):not([data-computer])"
"""This device's own decision is asked."""
OVER = "#prompt [data-pending=none]"


def play_to_the_end(devices: list[Page], current: Page) -> tuple[int, list[str]]:
    """Both devices play on, each deciding as ``harness.scripted_game`` does (Shoot when it
    can, else Move at the nearest enemy) and sending its link when it waits on the friend,
    until the game ends on both; the links passed, and each React decision asked."""
    links, reacts, seen = 0, [], set[str]()
    while True:
        current.wait_for_function(WAITING)
        while not current.locator("#friend:not([hidden])").count():
            kind = Table(current).pending()[0]
            assert kind != "none", "the game ended on a device that was not sent the last moves"
            if kind == "react":
                reacts.append(kind)
            play_step(Table(current), 99, seen)
            current.wait_for_function(WAITING)
        other = devices[1 - devices.index(current)]
        open_link(other, link_of(current))
        links += 1
        if current.locator(OVER).count():
            other.wait_for_selector(OVER)
            return links, reacts
        current = other


def test_a_second_game_from_a_record_prefix_with_standing_orders_plays_to_victory(
    page: Page, touch_page: Page
) -> None:
    """A game by link recorded with standing React orders of 50% on both sides (computer
    players deciding), cut after its deployment: each device is sent the whole game as it
    stood then, and the two play on by links to the last soldier, no device asked to React."""
    touch_page.set_viewport_size({"width": 360, "height": 640})
    match = friends.play(("greedy", "greedy"), PREFIX_SEED, (50, 50), by_name("open"))
    cut = next(
        i
        for i, held in enumerate(match.turns)
        if friend.replay_state(held[1].record).activation_number >= 1
    )
    devices = [page, touch_page]  # Player 1's device, Player 2's
    for side, fragment in match.prefix(cut).items():
        open_link(devices[side - 1], "#" + fragment)
    for device in devices:
        device.wait_for_selector("#prompt [data-pending]")
    current = next(d for d in devices if d.locator(DECIDING).count())
    links, reacts = play_to_the_end(devices, current)
    assert not reacts, "a device was asked to React despite its standing order"
    for device in devices:
        assert "Every enemy is eliminated." in device.inner_text("#prompt .victory")
    logs = [
        d.eval_on_selector_all("#log li", "lis => lis.map(li => li.textContent)") for d in devices
    ]
    assert logs[0] == logs[1]
    assert any("react" in line for line in logs[0]), logs[0]
    games = [
        next(v for k, v in storage(d).items() if k.startswith("serm-friend/"))["record"]
        for d in devices
    ]
    assert games[0] == games[1]
    assert len(games[0]["actions"]) > len(match.turns[cut][1].record.actions) and links > 2


def changed_roll(item: list[Any]) -> list[Any]:
    """A roll's short form with its first die's last face changed (another action as it is)."""
    if type(item[0]) is not int:
        return item
    first = str(item[0])
    face = "2" if first[-1] != "2" else "3"
    return [int(first[:-1] + face), *item[1:]]


def test_links_that_must_not_change_the_game_are_refused_in_words(
    page: Page, touch_page: Page
) -> None:
    """Your own link, a changed roll, a cut link, a newer version's link, and a link older than
    the game held: each told in words, the games kept unchanged (the CPython tests,
    tests/ui/test_friend.py, cover every other case)."""
    one, two = page, touch_page
    invite(one, two)
    if not one.locator("#friend:not([hidden])").count():
        turn(one, [], [])  # the inviter won the roll-off: it places first
    mover, other = one, two  # the inviter's first link: its secret, the roll-off, a placement
    first = link_of(mover)
    before = storage(mover)
    open_link(mover, first)
    assert "your own device made" in mover.inner_text("#notice")
    assert storage(mover) == before
    fragment = first.split("#", 1)[1]
    letter = friend.read(fragment)
    damaged = dict(letter, a=[changed_roll(a) for a in letter["a"]])
    before = storage(other)
    for bad, words in (
        (friend.pack(damaged), "not the dice the game's shared seed gives"),
        (fragment[: len(fragment) // 2], "damaged"),
        ("play=f2." + fragment[8:], "newer version"),
    ):
        open_link(other, first.split("#", 1)[0] + "#" + bad)
        assert words in other.inner_text("#notice"), other.inner_text("#notice")
        assert storage(other) == before
    open_link(other, first)
    turn(other, [], [])
    taken = storage(other)
    open_link(other, first)
    assert "older than the game on this device: nothing new" in other.inner_text("#notice")
    assert storage(other) == taken


def test_send_uses_the_share_sheet_else_the_clipboard(page: Page, touch_page: Page) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.evaluate("() => { delete Navigator.prototype.share; }")
    touch_page.evaluate(
        "() => { window.__shared = []; navigator.share = d => {"
        " window.__shared.push(d.url); return Promise.resolve(); }; }"
    )
    page.click("#prompt [data-action=friend]")
    page.click("#prompt [data-action=friend-invite]")
    shown = link_of(page)
    page.click("#friend [data-action=friend-send]")
    page.wait_for_function("() => document.querySelector('#friend .friend-sent').textContent")
    assert page.evaluate("() => navigator.clipboard.readText()") == shown
    assert page.locator("#friend [data-action=friend-send]").inner_text() == "Send again"
    open_link(touch_page, shown)
    touch_page.locator("#prompt [data-action=friend-accept]").tap()
    answer = link_of(touch_page)
    touch_page.locator("#friend [data-action=friend-send]").tap()
    touch_page.wait_for_function("() => window.__shared.length")
    assert touch_page.evaluate("() => window.__shared") == [answer]
