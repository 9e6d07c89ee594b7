"""Playing a friend by link in two browsers (docs/link-play.md): a desktop invites a phone
(360x640, touch), each device opens the other's links through the page's fragment at instant
speed, and they play to victory (every enemy eliminated) with a React round trip; a second game
starts from a recorded game's prefix with standing React orders and is played to victory too;
the links that must be refused are told in words and change nothing; Send uses the Web Share
API where the device has it, else the clipboard, and the link is always in its box."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page, Response

from harness import friends
from harness.chromium import wait_until_booted
from harness.pages import Table
from harness.scripted_game import play_step
from serm.core.scenario import by_name
from serm.core.state import PendingKind, Status
from serm.ui import friend
from serm.ui.panel import SIDE
from tests.browser.test_offline import wait_for_service_worker

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
    assert_each_told_its_end(devices)
    logs = [
        d.eval_on_selector_all("#log li", "lis => lis.map(li => li.textContent)") for d in devices
    ]
    assert logs[0] == logs[1] and len(logs[0]) > 20


def assert_each_told_its_end(devices: list[Page]) -> None:
    """One device reads that all its soldiers are eliminated, the other that every enemy is."""
    ends = [d.inner_text("#prompt .victory") for d in devices]
    lost = ["All your soldiers are eliminated." in e for e in ends]
    won = ["Every enemy soldier is eliminated." in e for e in ends]
    assert sorted(lost) == [False, True] and won == [not x for x in lost], ends


def test_the_loser_on_a_phone_reads_that_it_lost_and_who_won(page: Page, touch_page: Page) -> None:
    """A game by link that ended, held on both devices, the loser's a phone at 360x640: its
    end screen is headed, in view, by a line saying it lost and who won; the winner's says it
    won."""
    touch_page.set_viewport_size({"width": 360, "height": 640})
    match = friends.play(("greedy", "greedy"), PREFIX_SEED, (50, 50), by_name("open"))
    record = match.turns[-1][1].record
    winner = friend.replay_state(record).winner
    assert winner in (1, 2)
    name = record.players[winner]["name"]
    phone, desktop = 3 - winner, winner
    devices = {phone: touch_page, desktop: page}
    for side, fragment in match.prefix(len(match.turns) - 1).items():
        open_link(devices[side], "#" + fragment)
    for device in devices.values():
        device.wait_for_selector("#prompt .victory")
    heading = touch_page.locator("#status")
    assert heading.inner_text().replace("\n", "") == f"You lose: {SIDE[winner][1]}{name} has won."
    box = heading.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 640
    assert "All your soldiers are eliminated." in touch_page.inner_text("#prompt .victory")
    assert page.locator("#prompt .victory h2").inner_text() == "You win!"


def _said(page: Page) -> str:
    return page.inner_text("#status") + "\n" + page.inner_text("#prompt")


def test_each_device_names_the_side_it_plays_you(page: Page, touch_page: Page) -> None:
    """In a game by link the status and the question on each device name the side it plays
    "Player N (you)", the friend's side plainly (the inviter plays player 1)."""
    one, two = page, touch_page
    invite(one, two)
    current = one if one.locator("#friend:not([hidden])").count() == 0 else two
    if current is two:
        open_link(two, link_of(one))
    for _ in range(2):
        side = 1 if current is one else 2
        current.wait_for_selector(DECIDING)
        said = _said(current)
        assert f"Player {side} (you)" in said and f"Player {3 - side} (you)" not in said, said
        turn(current, [], [])
        current = two if current is one else one
        open_link(current, link_of(two if current is one else one))


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


def play_turn(page: Page, reacts: list[str], seen: set[str]) -> None:
    """This device's decisions, made as ``harness.scripted_game`` makes them (Shoot when it
    can, else Move at the nearest enemy), until it waits on its friend; each React asked is
    noted in ``reacts``."""
    page.wait_for_function(WAITING)
    while not page.locator("#friend:not([hidden])").count():
        kind = Table(page).pending()[0]
        assert kind != "none", "the game ended on a device that was not sent the last moves"
        if kind == "react":
            reacts.append(kind)
        play_step(Table(page), 99, seen)
        page.wait_for_function(WAITING)


def play_to_the_end(devices: list[Page], current: Page) -> tuple[int, list[str]]:
    """Both devices play on (``play_turn``), each sending its link when it waits on the
    friend, until the game ends on both; the links passed, and each React decision asked."""
    links, reacts, seen = 0, list[str](), set[str]()
    while True:
        play_turn(current, reacts, seen)
        other = devices[1 - devices.index(current)]
        open_link(other, link_of(current))
        links += 1
        if current.locator(OVER).count():
            other.wait_for_selector(OVER)
            return links, reacts
        current = other


def friend_to_move(match: friends.Match) -> tuple[int, int]:
    """The first turn of ``match`` after its deployment whose sender's friend decides next and
    sends ``match.letters[turn + 3]``, after which the sender is asked an activation; and the
    sender's side (whose device, holding the game as it stood after that turn, waits on the
    friend's link)."""
    for i in range(len(match.turns) - 2):
        side = match.letters[i + 2][0]
        state = friend.replay_state(match.turns[i + 1][side].record)
        p = state.pending
        if state.status == Status.PLAYING and p is not None and p.kind == PendingKind.ACT:
            if p.player == side and match.letters[i + 3][0] == 3 - side:
                return i, side
    raise AssertionError("no such turn")


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
    assert_each_told_its_end(devices)
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


def test_a_rematch_of_a_game_by_link_is_a_new_invitation_with_the_sides_swapped(
    page: Page, touch_page: Page
) -> None:
    """Each device holds a finished game by link (sent the whole game); Rematch by link on
    Player 1's device makes a new invitation to the friend on the same table, in which it plays
    Player 2; the friend accepts, the new game begins, and the finished game stays as it was."""
    match = friends.play(("greedy", "greedy"), PREFIX_SEED, (50, 50), by_name("open"))
    devices = [page, touch_page]
    for side, fragment in match.prefix(len(match.turns) - 1).items():
        open_link(devices[side - 1], "#" + fragment)
    for device in devices:
        device.wait_for_selector("#prompt .victory")
    ended = [storage(d) for d in devices]
    page.click("#prompt .victory [data-action=friend-rematch]")
    invitation = link_of(page)
    letter = friend.read(invitation.split("#", 1)[1])
    assert (letter["k"], letter["s"], letter["sc"]["name"]) == ("invite", 2, "open")
    open_link(touch_page, invitation)
    assert "You play Player 1 on the open table" in touch_page.inner_text("#prompt")
    touch_page.locator("#prompt [data-action=friend-accept]").tap()
    open_link(page, link_of(touch_page))
    page.wait_for_function(WAITING)
    for device, side, before in zip(devices, (2, 1), ended, strict=True):
        now = storage(device)
        assert {k: v for k, v in now.items() if k in before} == before  # the ended game kept
        new = [v for k, v in now.items() if k.startswith("serm-friend/") and k not in before]
        assert [held["me"] for held in new] == [side]
        assert new[0]["record"]["link"]["game"] == letter["g"]


IN_VIEW = """sel => {
  const box = document.querySelector(sel).getBoundingClientRect();
  const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return box.height > 0 && box.top >= 0 && box.bottom <= innerHeight
    && document.querySelector(sel).contains(top);
}"""
"""True when the element of ``sel`` lies whole in the window, not covered at its middle."""


def told(page: Page, words: str) -> None:
    """``words`` are in the page's notice, and the notice is in view."""
    page.wait_for_selector("#notice:not([hidden])")
    assert words in page.inner_text("#notice"), page.inner_text("#notice")
    assert page.evaluate(IN_VIEW, "#notice"), "the notice is out of view"


def test_a_link_out_of_order_and_a_link_of_another_game_are_told_and_change_nothing(
    touch_page: Page,
) -> None:
    """The phone (360x640) holds Player 2's side of a recorded game by link (sent the whole
    game). Its friend's link that follows one it has not opened, and a link of another game,
    are each told in words in view, every saved game unchanged; the skipped link, then the
    later one, are taken in."""
    phone = touch_page
    phone.set_viewport_size({"width": 360, "height": 640})
    match = friends.play(("greedy", "greedy"), PREFIX_SEED, (50, 50), by_name("open"))
    k = next(i for i in range(4, len(match.turns)) if match.letters[i + 2][0] == 2)
    open_link(phone, "#" + match.prefix(k)[2])
    phone.wait_for_selector("#prompt [data-pending]")
    skipped, later = match.letters[k + 3][1], match.letters[k + 5][1]
    other_game = friends.play(("greedy", "greedy"), PREFIX_SEED + 1, activation_cap=2)
    before = storage(phone)
    open_link(phone, "#" + later)
    told(phone, "follows another link from your friend that you have not opened yet")
    assert storage(phone) == before
    open_link(phone, "#" + other_game.plays()[2])
    told(phone, "continues a game this device does not hold")
    assert storage(phone) == before
    open_link(phone, "#" + skipped)
    phone.wait_for_function(WAITING)
    moved = storage(phone)
    assert moved != before
    assert not [k for k in moved if k not in before]  # no game added for the refused links


def new_tab(page: Page, address: str, problems: list[str]) -> Page:
    """A new tab of ``page``'s browser opened at ``address``, as a messenger opens a link."""
    tab = page.context.new_page()
    tab.on("pageerror", lambda exc: problems.append(f"page error (new tab): {exc}"))
    tab.goto(address)
    wait_until_booted(tab)
    return tab


def friend_game(page: Page, site_url: str) -> tuple[friends.Match, int, int]:
    """``page`` holds one side of the recorded game by link as it stood before its friend's
    activation (sent the whole game then); the match, that turn and the side."""
    match = friends.play(("greedy", "greedy"), PREFIX_SEED, (50, 50), by_name("open"))
    k, side = friend_to_move(match)
    if page.url.startswith(site_url):
        open_link(page, "#" + match.prefix(k)[side])
    else:
        page.goto(f"{site_url}#{match.prefix(k)[side]}")
        wait_until_booted(page)
    page.wait_for_selector("#prompt [data-pending]")
    return match, k, side


def test_a_friends_link_opened_offline_after_one_visit_plays_on(
    cold_page: Page, site_url: str, browser_problems: list[str]
) -> None:
    """After one online visit that took a game by link in, the device is offline; its friend's
    link, opened in a new tab at the link's address, is served by the service worker: the
    friend's moves are taken in, this device decides, and its link waits in the box."""
    page = cold_page
    match, k, side = friend_game(page, site_url)
    wait_for_service_worker(page)
    page.context.set_offline(True)
    responses: list[Response] = []
    page.context.on("response", lambda r: responses.append(r))
    tab = new_tab(page, f"{site_url}#{match.letters[k + 3][1]}", browser_problems)
    assert tab.evaluate("navigator.onLine") is False
    play_turn(tab, [], set())
    letter = friend.read(link_of(tab).split("#", 1)[1])
    assert (letter["k"], letter["s"]) == ("play", side) and letter["a"]
    kept = storage(tab)
    game = kept[f"serm-friend/{letter['g']}"]["record"]
    assert len(game["actions"]) == letter["f"] + len(letter["a"])
    assert responses and all(r.from_service_worker for r in responses)


def test_a_second_tab_opening_the_same_link_keeps_one_save(
    page: Page, site_url: str, browser_problems: list[str]
) -> None:
    """The friend's link is opened in this tab, then again in a second tab (a messenger opens a
    link where it likes), which plays on and sends its link. The first tab, behind, passes: its
    pass is not saved over the second tab's moves, by the game's save or by what is kept of the
    game by link, and it offers no link of it."""
    match, k, _ = friend_game(page, site_url)
    link = match.letters[k + 3][1]
    open_link(page, "#" + link)
    page.wait_for_function(WAITING)
    assert Table(page).pending()[0] == "act"
    tab = new_tab(page, f"{site_url}#{link}", browser_problems)
    told(tab, "You have already opened this link: nothing new.")
    play_turn(tab, [], set())
    sent = friend.read(link_of(tab).split("#", 1)[1])
    theirs = storage(tab)
    page.locator("#notice").get_by_text("changed in another tab").wait_for()
    page.keyboard.press("p")  # the first tab passes all the same
    page.wait_for_selector("#prompt [data-pending][data-computer]", state="attached")
    assert storage(page) == theirs
    slot = theirs[f"serm/slot/friend-{sent['g']}"]
    assert theirs[f"serm-friend/{sent['g']}"]["record"] == slot
    assert len(slot["actions"]) == sent["f"] + len(sent["a"])
    assert not page.locator("#friend:not([hidden])").count()
    tab.close()


def test_the_start_screen_shows_play_a_friend_without_scrolling(
    page: Page, touch_page: Page
) -> None:
    """Play a friend (by link) sits beside Start game and the course, whole and in view on a
    first visit's start screen, on a 360x640 phone and on a desktop."""
    touch_page.set_viewport_size({"width": 360, "height": 640})
    for device in (touch_page, page):
        device.wait_for_selector("#prompt .welcome")
        for sel in ("[data-action=start]", "[data-action=course]", "[data-action=friend]"):
            assert device.evaluate(IN_VIEW, f"#prompt {sel}"), sel
        whole = device.eval_on_selector(
            "#prompt [data-action=friend]",
            "b => b.scrollWidth <= b.clientWidth && b.scrollHeight <= b.clientHeight",
        )
        assert whole, "the button's words are cut"
    touch_page.locator("#prompt [data-action=friend]").tap()
    touch_page.wait_for_selector("#prompt .friend-setup")


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
