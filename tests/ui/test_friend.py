"""Playing a friend by link (serm.ui.friend, serm.core.pact): the exchange, fair dice, and every
letter that must be refused or taken in with a message, the game held unchanged."""

from __future__ import annotations

import base64
import json
import zlib
from dataclasses import replace
from typing import Any

import pytest

from harness import friends
from serm.core import pact as pacts
from serm.core.actions import Concede, Place
from serm.core.dice import Pool
from serm.core.game import Game
from serm.core.record import RecordError, from_dict, loads
from serm.core.scenario import by_name
from serm.core.state import PendingKind, Status
from serm.ui import compact, driver, friend, friend_panel, panel
from serm.ui.friend import Held, Refused


@pytest.fixture(scope="module")
def match() -> friends.Match:
    return friends.play(("greedy", "greedy"), 3)


def letters_of(match: friends.Match) -> list[tuple[int, dict[str, Any]]]:
    return [(side, friend.read(f)) for side, f in match.letters]


def device_before(match: friends.Match, n: int) -> tuple[Held, dict[str, Any]]:
    """The receiving device as it stood before the ``n``-th letter of the match (replayed by
    passing the letters before it), and that letter."""
    held: dict[int, Held | None] = {1: None, 2: None}
    held[1] = friend.start(
        by_name("default"), 1, friends.PLAYERS, None, friends.secret(3, 1), f"{3:012x}"
    )
    for i, (side, fragment) in enumerate(match.letters):
        letter = friend.read(fragment)
        if i == n:
            receiver = held[3 - side]
            assert receiver is not None
            return receiver, letter
        secret = friends.secret(3, 2) if i == 0 else None
        receiver = held[3 - side]
        had = 0 if receiver is None else len(receiver.record.actions)
        taken = friend.receive(letter, receiver, None, secret).held
        held[3 - side] = taken
        if letter["k"] == "play":  # both devices now hold the same game
            held[side] = replace(taken, me=side, peer_has=had)
    raise AssertionError("no such letter")


def test_a_whole_game_by_link_ends_the_same_on_both_devices(match: friends.Match) -> None:
    one, two = match.devices[1].record, match.devices[2].record
    assert one.to_dict() == two.to_dict()
    assert Game.from_record(one).state.status == Status.FINISHED
    assert one.link is not None and one.link.sealed


def test_the_record_of_a_game_by_link_is_version_3_and_loads_again(match: friends.Match) -> None:
    record = match.devices[2].record
    text = record.to_json()
    assert json.loads(text)["version"] == 3
    assert loads(text).to_dict() == record.to_dict()


def test_both_secrets_are_needed_and_each_moves_the_dice() -> None:
    pact, secret = pacts.invite(1)
    pool = Pool(6, True)
    with pytest.raises(pacts.PactError):
        pacts.dice(pact, "x", pool)
    friend_secret = "ab" * 16
    sealed = pact.with_secret(2, friend_secret)
    other_friend = pact.with_secret(2, "cd" * 16)
    other_inviter = replace(sealed, secrets=("ef" * 16, friend_secret))
    rolls = {pacts.dice(p, "x", pool) for p in (sealed, other_friend, other_inviter)}
    assert len(rolls) == 3
    assert pacts.dice(sealed, "x", pool) != pacts.dice(sealed, "y", pool)
    with pytest.raises(pacts.PactError, match="does not match"):
        pact.with_secret(1, "00" * 16)


def test_the_dice_follow_from_the_joint_seed_and_the_record(match: friends.Match) -> None:
    record = match.devices[1].record
    assert record.link is not None
    replayed = Game(record.scenario, link=record.link)
    replayed.roll_pending()
    assert replayed.record.actions[0] == record.actions[0]


def first_play(match: friends.Match, after: int = 3) -> int:
    """The index of the first play letter past the ``after``-th letter carrying a roll."""
    for i, (_, letter) in enumerate(letters_of(match)):
        if i >= after and letter["k"] == "play" and any(type(a[0]) is int for a in letter["a"]):
            return i
    raise AssertionError("no play letter with a roll")


def changed(letter: dict[str, Any], **fields: Any) -> dict[str, Any]:
    return {**letter, **fields}


def test_a_changed_roll_is_refused_and_changes_nothing(match: friends.Match) -> None:
    held, letter = device_before(match, first_play(match))
    items = [list(a) for a in letter["a"]]
    roll = next(i for i, a in enumerate(items) if type(a[0]) is int)
    face = items[roll][0] % 10
    items[roll][0] = items[roll][0] - face + (1 if face != 1 else 2)
    before = held.record.to_dict()
    with pytest.raises(Refused, match="dice of action"):
        friend.receive(changed(letter, a=items), held)
    assert held.record.to_dict() == before
    assert friend.receive(letter, held).held.record.actions  # the true letter is taken in


def test_a_changed_action_is_refused(match: friends.Match) -> None:
    held, letter = device_before(match, first_play(match))
    items = [list(a) for a in letter["a"]]
    pick = next(i for i, a in enumerate(items) if a[0] in ("m", "t", "p"))
    items[pick][-1] = (items[pick][-1] or 0) + 1.0
    with pytest.raises(Refused, match="not opened"):
        friend.receive(changed(letter, a=items), held)


def test_a_changed_earlier_action_is_refused(match: friends.Match) -> None:
    held, letter = device_before(match, first_play(match, 8))
    actions = list(held.record.actions)
    placed = actions[3]
    assert isinstance(placed, Place)
    actions[3] = replace(placed, x=placed.x + 0.5)  # a placement the device holds
    moved = replace(held, record=replace(held.record, actions=actions))
    with pytest.raises(Refused, match="moves before it differ"):
        friend.receive(letter, moved)


def test_a_decision_of_the_receiver_in_a_link_is_refused(match: friends.Match) -> None:
    held, letter = device_before(match, first_play(match, 8))
    items = letter["a"] + [["e"]]
    with pytest.raises(Refused):
        friend.receive(changed(letter, a=items), held)


def test_the_same_link_twice_and_an_older_link_change_nothing(match: friends.Match) -> None:
    n = first_play(match, 8)
    held, letter = device_before(match, n)
    after = friend.receive(letter, held).held
    again = friend.receive(letter, after)
    assert again.note == "You have already opened this link: nothing new."
    assert again.held == after
    later_held, later = device_before(match, n + 2)
    older = friend.receive(letter, later_held)
    assert older.note is not None and "older" in older.note
    assert older.held == later_held


def test_a_link_out_of_order_is_refused(match: friends.Match) -> None:
    held, _ = device_before(match, first_play(match, 8))
    _, later = device_before(match, first_play(match, 8) + 2)
    with pytest.raises(Refused, match="not opened yet"):
        friend.receive(later, held)


def test_your_own_link_is_refused(match: friends.Match) -> None:
    n = first_play(match, 8)
    held, letter = device_before(match, n)
    sender_side = match.letters[n][0]
    mine = replace(held, me=sender_side)
    with pytest.raises(Refused, match="your own device made"):
        friend.receive(letter, mine)


def test_a_link_of_another_game_is_refused(match: friends.Match) -> None:
    held, letter = device_before(match, first_play(match, 8))
    other = friends.play(("greedy", "greedy"), 5, activation_cap=2)
    foreign = friend.read(other.plays()[3])
    with pytest.raises(Refused, match="does not follow"):
        friend.receive(foreign, held)
    with pytest.raises(Refused, match="does not hold"):
        friend.receive(foreign, None)


def test_a_reveal_that_does_not_match_the_commitment_is_refused(match: friends.Match) -> None:
    n = next(i for i, (_, letter) in enumerate(letters_of(match)) if "r" in letter)
    held, letter = device_before(match, n)
    with pytest.raises(Refused, match="does not match"):
        friend.receive(changed(letter, r="0" * 32), held)


def pack_text(text: bytes, prefix: str = friend.PREFIX) -> str:
    return prefix + base64.urlsafe_b64encode(zlib.compress(text)).decode().rstrip("=")


@pytest.mark.parametrize(
    ("fragment", "words"),
    [
        ("play=f2.abc", "newer version"),
        ("play=f1.", "damaged"),
        ("play=f1.ab$d", "letters a link"),
        (pack_text(b"[" * 5000), "damaged"),
        (pack_text(b" " * 2_000_000), "more than a game"),
        (pack_text(b'{"k":"play"}'), "which game"),
        ("play=f1." + "A" * 300_000, "too long"),
    ],
)
def test_hostile_links_are_refused_in_words(fragment: str, words: str) -> None:
    with pytest.raises(Refused, match=words):
        friend.read(fragment)


def test_a_cut_link_is_refused(match: friends.Match) -> None:
    fragment = match.plays()[5]
    with pytest.raises(Refused, match="damaged"):
        friend.read(fragment[: len(fragment) // 2])


def test_an_invitation_under_newer_rules_is_refused(match: friends.Match) -> None:
    invite = friend.read(match.letters[0][1])
    with pytest.raises(Refused, match="newer version"):
        friend.receive(changed(invite, rules=99), None)


def test_a_whole_game_link_rebuilds_a_lost_copy(match: friends.Match) -> None:
    letter = friend.read(match.whole)
    taken = friend.receive(letter, None)
    assert taken.held.me == 2
    assert taken.held.record.to_dict() == match.devices[2].record.to_dict()


def test_standing_orders_decide_reacts_and_are_rechecked() -> None:
    ordered = friends.play(("greedy", "greedy"), 6, (1, 1))
    record = ordered.devices[1].record
    assert record.link is not None and record.link.orders == (1, 1)
    game = Game.from_record(replace(record, actions=[]))
    reacts = 0
    for action in record.actions:
        if game.state.pending is not None and game.state.pending.kind == PendingKind.REACT:
            assert action == pacts.standing(record.link, game.state)
            reacts += 1
        game.auto_dice = False
        game.play(action)
    assert reacts > 0
    whole = friend.read(ordered.whole)
    with pytest.raises(Refused, match="standing React order"):
        friend.receive(changed(whole, o=[100, 100]), None)
    other_orders = replace(record.link, orders=(2, 1))
    mine = replace(ordered.devices[2], record=replace(record, link=other_orders))
    with pytest.raises(Refused):
        friend.receive(whole, mine)


def test_the_compact_form_reads_back_every_action(match: friends.Match) -> None:
    for action in match.devices[1].record.actions:
        back = compact.decode(compact.encode(action))
        assert compact.encode(back) == compact.encode(action)
        assert back.player in (None, action.player)


def test_the_decisions_of_a_link_replay_it_on_the_device_that_held_the_game(
    match: friends.Match,
) -> None:
    n = first_play(match, 8)
    held, letter = device_before(match, n)
    taken = friend.receive(letter, held)
    game = Game.from_record(held.record)
    for action in taken.decisions:
        game.play(action)
    assert game.record.to_dict() == taken.held.record.to_dict()


def test_a_link_field_belongs_to_record_version_3_alone(match: friends.Match) -> None:
    data = match.devices[1].record.to_dict()
    with_link = {**data, "version": 2}
    without = {k: v for k, v in data.items() if k != "link"}
    for bad, where in ((with_link, "record"), (without, "link")):
        with pytest.raises(RecordError) as caught:
            from_dict(bad)
        assert caught.value.where == where


def test_a_finished_game_by_link_offers_a_rematch_by_link(match: friends.Match) -> None:
    game = Game.from_record(match.devices[1].record)
    assert game.state.status == Status.FINISHED
    prompt = panel.prompt_html(game.state, driver.open_ui(game))
    assert 'data-action="friend-rematch"' in prompt and 'data-action="rematch"' not in prompt
    local = Game(by_name("default"), seed=1)
    local.play(Concede(1))
    assert 'data-action="rematch"' in panel.prompt_html(local.state, driver.open_ui(local))


def test_each_device_names_its_own_side_you(match: friends.Match) -> None:
    """In a game by link each device's status and question name the side it plays "(you)" and
    the friend's side plainly; a hot-seat game keeps both plain names."""
    for side in (1, 2):
        games = ((h, Game.from_record(h.record)) for h in (t[side] for t in match.turns))
        held, game = next((h, g) for h, g in games if g.state.initiative == side)
        ui = driver.open_ui(game)
        mine, theirs = ui.seats.name(side), ui.seats.name(3 - side)
        ui = replace(ui, seats=friend.seated(held, ui.seats))
        ui = replace(ui, seats=friend.seated(held, ui.seats))  # seated again: named once
        assert ui.seats.name(side) == f"{mine} (you)" and ui.seats.name(3 - side) == theirs
        assert ui.seats.computers == {3 - side}
        shown = panel.status_html(game.state, ui.seats.names) + panel.prompt_html(game.state, ui)
        assert shown.count(" (you)") >= 1 and f"{theirs} (you)" not in shown
    local = Game(by_name("default"), seed=1)
    plain = driver.open_ui(local)
    assert plain.seats.names == ("Player 1", "Player 2")
    assert "(you)" not in panel.status_html(local.state, plain.seats.names)


def test_the_send_box_says_what_its_buttons_do() -> None:
    """A link per turn, shared or copied by Send to your friend; the whole game for a friend who
    lost a link. Once the whole game is being sent, its button and its words go."""
    box = friend_panel.send_html("https://x/#a", "Send them this link:", False, False, False)
    assert "Send the whole game</button>" in box
    assert "Each of your turns makes a link" in box and "lost a link" in box
    whole = friend_panel.send_html("https://x/#a", "Send them this link:", True, True, False)
    assert "Send the whole game" not in whole and "Send again</button>" in whole
