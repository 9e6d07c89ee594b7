"""Saves: autosave/continue, slots, import checks, corrupt entries kept aside, refused writes."""

from __future__ import annotations

import json

import pytest

from serm.core import queries as q
from serm.core.actions import Action, Roll, Shoot, Turn
from serm.core.game import Game
from serm.core.scenario import by_name
from serm.core.state import PendingKind, State, Status
from serm.ui import driver, snapshot
from serm.ui.events import Hit
from serm.ui.model import ActMode
from serm.ui.panel import notice_html, resume_text, saves_html
from serm.ui.saves import (
    ASIDE,
    AUTOSAVE,
    OTHER_TAB,
    SAVE_BLOCKED,
    SAVE_FULL,
    SLOT,
    SaveError,
    SaveStore,
    clean_name,
    decode,
    encode,
    load_import,
)
from tests.ui.player import MemoryStorage, Screen, deploy_all


def _store() -> tuple[SaveStore, MemoryStorage]:
    mem = MemoryStorage()
    ticks = iter(range(10_000))
    return SaveStore(mem, lambda: f"2026-11-29T10:{next(ticks):04d}"), mem


def _deployed(seed: int = 3) -> Screen:
    s = Screen.new("open", seed)
    deploy_all(s)
    return s


def _opened(store: SaveStore, key: str) -> Screen:
    loaded = store.open(key)
    assert loaded is not None
    s = Screen(loaded.game)
    s.ui = driver.open_ui(loaded.game, loaded.ui)
    return s


def test_continue_restores_a_chosen_but_unrolled_move() -> None:
    store, _ = _store()
    c = _deployed()
    assert c.waiting(PendingKind.ACT)
    c.key("4")  # the Assault
    c.key("m")
    c.down(2.0, 5.0, Hit())
    c.up(2.0, 5.0, Hit())
    assert store.autosave(c.game, c.ui) is None
    d = _opened(store, AUTOSAVE)
    assert d.state == c.state
    assert d.view() == c.view()
    assert d.ui.choice == c.ui.choice and d.ui.choice.mode == ActMode.AIM
    assert d.ui.choice.aim_locked


def test_continue_restores_the_card_being_placed_and_the_settings() -> None:
    store, _ = _store()
    c = Screen.new()
    c.key("Enter")
    c.key("ArrowLeft")
    c.key("q")
    c.key("l")
    c.key("a")
    store.autosave(c.game, c.ui)
    d = _opened(store, AUTOSAVE)
    assert d.ui.ghost == c.ui.ghost and d.ui.settings == c.ui.settings


def test_continue_restores_a_half_traced_path_and_a_stop_point() -> None:
    from tests.ui.test_reduce import first_player, to_path, to_react, typed

    store, _ = _store()
    c = to_path()
    me = c.state.soldier(first_player(c), "brawler")
    c.down(me.x, me.y - 1.0)
    store.autosave(c.game, c.ui)
    d = _opened(store, AUTOSAVE)
    assert d.ui.trace.corners == c.ui.trace.corners and d.ui.seats.referee
    r = to_react()
    r.key("1")
    r.key("Enter")
    r.dice(typed(r, high=True))
    r.key("ArrowLeft")
    store.autosave(r.game, r.ui)
    assert _opened(store, AUTOSAVE).ui.stop_at == r.ui.stop_at


def test_continue_restores_a_target_or_a_reactor_picked_but_not_confirmed() -> None:
    from tests.ui.test_reduce import to_react

    store, _ = _store()
    r = to_react()
    r.key("1")
    assert r.ui.choice.pick is not None
    store.autosave(r.game, r.ui)
    assert _opened(store, AUTOSAVE).ui.choice.pick == r.ui.choice.pick
    c = _deployed()
    for k in ("2", "s", "1"):
        c.key(k)
    assert c.ui.choice.pick is not None
    store.autosave(c.game, c.ui)
    d = _opened(store, AUTOSAVE)
    assert (d.ui.choice.mode, d.ui.choice.pick) == (ActMode.SHOOT, c.ui.choice.pick)
    tampered = dict(snapshot.to_dict(c.ui), pick="nobody")  # stored data is never trusted
    assert driver.open_ui(c.game, tampered).choice.pick is None


def test_a_version_1_snapshot_still_restores() -> None:
    c = _deployed()
    c.key("4")
    c.key("m")
    old = {"selected": "assault", "sub": "aim", "aim": 45.0, "aim_locked": True, "facing": 0.0}
    ui = driver.open_ui(c.game, old)
    assert ui.choice.mode == ActMode.AIM and ui.choice.aim == 45.0 and ui.choice.aim_locked


def _to_react(seed: int) -> Screen | None:
    c = _deployed(seed)
    for _ in range(60):
        p = c.state.pending
        assert p is not None
        if p.kind == PendingKind.REACT:
            return c
        if p.kind != PendingKind.ACT:
            c.key("Enter")
            if c.message:
                c.key("k")
            continue
        own = [s for s in c.state.alive(p.player) if s.on_table]
        c.key(str([x.card for x in c.state.alive(p.player)].index(own[0].card) + 1))
        c.key("m")
        if c.waiting(PendingKind.ACT):
            enemy = c.state.enemies(p.player)[0]
            c.down(enemy.x, enemy.y, Hit())
            c.up(enemy.x, enemy.y, Hit())
        c.key("Enter")
    return None


def test_mid_react_save_restores_the_react_prompt() -> None:
    c = next(x for x in (_to_react(s) for s in range(10)) if x is not None)
    store, _ = _store()
    store.autosave(c.game, c.ui)
    d = _opened(store, AUTOSAVE)
    assert d.state.pending is not None and d.state.pending == c.state.pending
    assert d.state.pending.kind == PendingKind.REACT


def test_slots_list_rename_delete() -> None:
    store, mem = _store()
    c = _deployed()
    assert store.save_slot(c.game, c.ui, "  My <b>game</b>  ") is None
    assert store.save_slot(c.game, c.ui, "Second") is None
    slots = store.slots()
    assert [s.name for s in slots] == ["Second", "My <b>game</b>"]
    assert slots[0].status == "playing" and slots[0].scenario == "open"
    assert slots[0].initiative in (1, 2)
    store.rename(slots[1].key, "Renamed")
    assert {s.name for s in store.slots()} == {"Second", "Renamed"}
    store.delete(slots[0].key)
    assert [s.name for s in store.slots()] == ["Renamed"]
    assert all(k.startswith(SLOT) for k in mem.data)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('{"format": "serm-save", "version": 2, "rec', "cut short"),
        ("[1, 2]", "expected a JSON object"),
        ('{"format": "chess-pgn"}', "not a serm save"),
        ('{"format": "serm-save", "version": 99}', "newer version"),
        ("x" * 2_000_001, "too large"),
    ],
)
def test_bad_imports_name_the_problem(text: str, words: str) -> None:
    with pytest.raises(SaveError, match=words):
        load_import(text)


def test_import_of_an_illegal_action_names_it() -> None:
    c = _deployed()
    data = json.loads(c.game.record.to_json())
    player = data["actions"][3]["player"]
    data["actions"][3] = {
        "type": "place",
        "player": player,
        "card": "ranger",
        "x": 5.0,
        "y": 5.0,
        "facing": 0,
    }
    with pytest.raises(SaveError) as info:
        load_import(json.dumps(data))
    message = str(info.value)
    assert "action 4 (placing a card) is not allowed" in message and "(R5)" in message
    assert "actions[" not in message and "'ranger'" not in message


HOSTILE_IMPORTS = {
    "50,000 nested brackets": "[" * 50_000 + "]" * 50_000,
    "20,000 nested objects": '{"a":' * 20_000 + "1" + "}" * 20_000,
    "100 kB of brackets": "[" * 51_200 + "]" * 51_200,
    "a 4,301-digit number": '{"format": "serm-save", "version": 1' + "0" * 4301 + "}",
}


@pytest.mark.parametrize("text", HOSTILE_IMPORTS.values(), ids=HOSTILE_IMPORTS.keys())
def test_hostile_imports_are_refused_before_parsing_and_the_next_import_works(text: str) -> None:
    with pytest.raises(SaveError) as info:
        load_import(text)
    message = str(info.value)
    assert ("nested more than" in message) or ("number" in message and "long" in message)
    assert "\n" not in message and len(message) < 200
    c = _deployed()
    assert load_import(c.game.record.to_json()).game.state == c.state


def test_hostile_stored_saves_are_kept_aside_and_rename_says_why() -> None:
    store, mem = _store()
    mem.data[AUTOSAVE] = "[" * 50_000 + "]" * 50_000
    mem.data[SLOT + "1"] = '{"a":' * 20_000 + "1" + "}" * 20_000
    assert store.open(AUTOSAVE) is None
    assert store.slots() == []
    assert len(store.problems) == 2 and all("nested" in p for p in store.problems)
    mem.data[SLOT + "2"] = "[" * 50_000 + "]" * 50_000
    message = store.rename(SLOT + "2", "x")
    assert message is not None and "nested" in message


def test_export_then_import_gives_the_same_game() -> None:
    c = _deployed()
    d = load_import(c.game.record.to_json())
    assert d.game.state == c.state and d.game.events == c.game.events


def test_corrupt_and_future_entries_are_kept_aside_and_reported() -> None:
    store, mem = _store()
    mem.data[AUTOSAVE] = "{not json"
    mem.data[SLOT + "7"] = json.dumps({"format": "serm-save", "version": 5})
    assert store.info(AUTOSAVE) is None
    assert store.slots() == []
    assert len(store.problems) == 2
    kept = {v for k, v in mem.data.items() if k.startswith(ASIDE)}
    assert kept == {"{not json", json.dumps({"format": "serm-save", "version": 5})}


def test_old_version_migrates() -> None:
    c = _deployed()
    save = decode(c.game.record.to_json())  # version 0: a bare record
    assert save.summary is None and save.replay().state == c.state


def test_refused_write_is_reported_and_keeps_the_old_save() -> None:
    store, mem = _store()
    c = _deployed()
    store.autosave(c.game, c.ui)
    before = mem.data[AUTOSAVE]
    c.key("p")
    mem.full = True
    message = store.autosave(c.game, c.ui)
    assert message == SAVE_FULL and "export it to a file" in message
    assert mem.data[AUTOSAVE] == before
    mem.full, mem.blocked = False, True
    assert store.autosave(c.game, c.ui) == SAVE_BLOCKED and mem.data[AUTOSAVE] == before
    for text in (SAVE_FULL, SAVE_BLOCKED):
        html = notice_html([text])
        assert 'data-action="download"' in html and "DOMException" not in html
        assert "Export this game" in html and 'data-action="download"' not in notice_html(
            [text], in_game=False
        )


def test_hostile_names_survive_as_text() -> None:
    c = _deployed()
    text = encode(c.game, c.ui, '<img src=x onerror=alert(1)>"', "t")
    assert decode(text).name == '<img src=x onerror=alert(1)>"'


def test_slot_names_lose_control_and_bidi_characters() -> None:
    assert clean_name("exe\u202e.txt") == "exe.txt"
    assert clean_name("a\u0000b\tc\u200bd") == "ab cd"
    assert clean_name("\u202e\u2066") == "Game"


def test_slot_names_keep_the_joiners_of_emoji() -> None:
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    assert clean_name(f"family {family} game") == f"family {family} game"


# --- one replay: summaries for the list, one replay to open ----------------------------------

SHOOTERS = ("ranger", "armored", "assault")
VICTIMS = ("gunner", "brawler", "ranger", "armored", "assault")


def long_game(actions: int = 1000, calm: int = 35) -> Game:
    """A game of at least ``actions`` actions, dice set by hand: each activation a soldier turns
    in place and shoots; every ``calm`` activations a shot kills (each side keeps a shooter), so
    the game never stalls into a draw."""
    s = Screen.new(referee=True)
    s.dice("5|2")
    deploy_all(s)
    game, lost, last_kill = s.game, {1: 0, 2: 0}, 0
    while len(game.record.actions) < actions:
        st = game.state
        p = st.pending
        assert p is not None and p.kind == PendingKind.ACT, p
        me = next(x for x in st.alive(p.player) if x.card in SHOOTERS and x.on_table)
        seen = {e.card: e for e in q.visible_enemies(st, me)}
        kill = st.activation_number - last_kill >= calm and lost[3 - p.player] < 4
        # a miss needs an Endure to beat: never at an Endure-0 card (R21)
        target = next(seen[v] for v in VICTIMS if v in seen and (kill or seen[v].type.endure))
        game.play(Turn(me.card, me.facing))
        game.play(Shoot(me.card, target.card))
        game.play(Roll(((6, 1),) * me.type.shoot if kill else ((1,),) * me.type.shoot))
        if target.type.endure:
            game.play(
                Roll(((1,),) * target.type.endure if kill else ((6, 1),) * target.type.endure)
            )
        if kill:
            lost[3 - p.player] += 1
            last_kill = st.activation_number
    assert game.state.status == Status.PLAYING
    return game


@pytest.fixture
def applied(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts every rules step applied, in a replay (record) or in play (game): [count]."""
    import serm.core.game as game_module
    import serm.core.record as record_module
    from serm.core.rules import apply as real

    count = [0]

    def counted(state: State, action: Action) -> State:
        count[0] += 1
        return real(state, action)

    monkeypatch.setattr(record_module, "apply", counted)
    monkeypatch.setattr(game_module, "apply", counted)
    return count


def test_a_thousand_action_save_opens_with_one_replay(applied: list[int]) -> None:
    store, _ = _store()
    game = long_game()
    n = len(game.record.actions)
    assert n >= 1000
    ui = driver.open_ui(game)
    store.autosave(game, ui)
    store.save_slot(game, ui, "Long")
    applied[0] = 0
    info = store.info(AUTOSAVE)
    slots = store.slots()
    assert applied[0] == 0  # the welcome screen and the slot list replay nothing
    assert info is not None and info.summary.actions == n and len(slots) == 1
    loaded = store.open(slots[0].key)
    assert applied[0] == n  # opening replays the record once
    assert loaded is not None and loaded.game.state == game.state
    assert loaded.game.events == game.events


def test_the_summary_says_where_the_game_stands() -> None:
    store, _ = _store()
    c = _deployed()
    c.key("4")
    c.key("m")
    c.key("Enter")
    store.autosave(c.game, c.ui)
    info = store.info(AUTOSAVE)
    assert info is not None
    s, p = info.summary, c.state.pending
    assert p is not None
    assert (s.status, s.pending, s.scenario) == (Status.PLAYING, p.kind, "open")
    assert s.decider == p.player and s.initiative == c.state.initiative
    assert s.activation == c.state.activation_number and s.winner is None
    assert s.last == next(e.text for e in reversed(c.game.events) if e.kind != "roll")
    said = resume_text(info)
    lead = "A game is waiting: Open field · activation 1, Player 1 to React, at action "
    assert said.startswith(lead), said


def test_a_save_is_named_by_its_table_where_it_stands_and_who_plays_whom() -> None:
    """The Saves list and the welcome screen name a save's table as the start screen does (not
    its key "default"), where the game stands and who is to play, and who plays whom."""
    store, mem = _store()
    game = driver.new_game(by_name("ruins", 0), 5, {2: "hard"})
    s = Screen(game)
    store.save_slot(game, s.ui, "")
    p = game.state.pending
    assert p is not None and p.kind == PendingKind.PLACE
    placer = "Player 1" if p.player == 1 else "Computer (hard)"
    listed = saves_html(store.slots(), can_save=True)
    at = len(game.record.actions)
    stands = f"deployment, {placer} to place, at action {at}"
    assert f"Ruins · {stands} · Player 1 vs Computer (hard)" in listed
    assert "default" not in listed and "ruins" not in listed
    hot = _deployed()
    store.autosave(hot.game, hot.ui)
    info = store.info(AUTOSAVE)
    assert info is not None
    who = hot.state.pending.player if hot.state.pending else 0
    at = len(hot.game.record.actions)
    expected = f"Open field · activation 1, Player {who} to play, at action {at} · Player 1 vs "
    assert expected in resume_text(info)
    # A summary written before it named the players is worked out again from the record.
    key = next(k for k in mem.data if k != AUTOSAVE)
    data = json.loads(mem.data[key])
    del data["summary"]["players"]
    mem.data[key] = json.dumps(data)
    assert "Player 1 vs Computer (hard)" in saves_html(store.slots(), can_save=True)


def test_two_saves_of_one_game_at_different_moments_are_labelled_apart() -> None:
    """Saved during the deployment two placements apart (the same side to place each time), each
    save's line in the list differs: it names the action it was saved at."""
    store, _ = _store()
    s = Screen.new("open", 3)
    for _ in range(3):
        s.key("Enter")
        s.key("Enter")
        store.save_slot(s.game, s.ui, "Mine")
    labels = [slot.summary.label() for slot in store.slots()]
    assert len(labels) == 3 and len(set(labels)) == 3, labels
    assert all("deployment, Player 1 to place" in label for label in labels)
    assert "Open field · deployment, Player 1 to place, at action 3 · " in labels[-1]


def test_a_version_1_save_is_summarised_once_and_kept(applied: list[int]) -> None:
    store, mem = _store()
    c = _deployed()
    store.save_slot(c.game, c.ui, "Old")
    key = next(iter(mem.data))
    data = json.loads(mem.data[key])
    del data["summary"]
    data["version"] = 1
    mem.data[key] = json.dumps(data)
    applied[0] = 0
    first = store.slots()
    assert applied[0] == len(c.game.record.actions)  # one replay, to summarise it
    assert json.loads(mem.data[key])["summary"] == first[0].summary.to_dict()
    applied[0] = 0
    assert store.slots() == first and applied[0] == 0
    mem.full = True  # a summary that cannot be written back is computed again, nothing lost
    mem.data[key] = json.dumps(data)
    assert store.slots() == first and json.loads(mem.data[key]) == data


def test_a_save_that_does_not_replay_is_set_aside_when_opened() -> None:
    store, mem = _store()
    c = _deployed()
    store.autosave(c.game, c.ui)
    data = json.loads(mem.data[AUTOSAVE])
    player = data["record"]["actions"][3]["player"]
    data["record"]["actions"][3] = {
        "type": "place",
        "player": player,
        "card": "ranger",
        "x": 5,
        "y": 5,
        "facing": 0,
    }
    mem.data[AUTOSAVE] = json.dumps(data)
    assert store.info(AUTOSAVE) is not None  # the summary reads without a replay
    assert store.open(AUTOSAVE) is None
    assert AUTOSAVE not in mem.data and any(k.startswith(ASIDE) for k in mem.data)
    assert "does not replay" in store.problems[0]


def test_an_autosave_from_before_the_update_opens_and_goes_on_under_its_own_rules() -> None:
    """A save of save version 1 (no summary) holding a record of record version 1, as the page
    stored it before records named their players and carried a rules version: it is listed,
    opens, is played under rules version 1 (sampled sight, no draw), goes on, and saves as save
    version 2 holding a record of record version 2 (rules still 1)."""
    from pathlib import Path

    v1 = json.loads(
        (Path(__file__).parent.parent / "data" / "complete-game-v1.json").read_text("utf-8")
    )
    v1["actions"] = v1["actions"][:40]  # a Gunner about to roll its second attack (R22)
    store, mem = _store()
    mem.data[AUTOSAVE] = json.dumps(
        {
            "format": "serm-save",
            "version": 1,
            "saved_at": "2026-11-29T10:00:00Z",
            "name": "Autosave",
            "record": v1,
            "ui": {},
        }
    )
    info = store.info(AUTOSAVE)
    assert info is not None and info.summary.actions == 40
    loaded = store.open(AUTOSAVE)
    assert loaded is not None
    game = loaded.game
    assert game.state.rules_version == 1 and game.record.rules_version == 1
    from serm.ui.panel import status_html

    assert "Played under the rules it was saved with" in status_html(game.state)
    assert len(game.record.actions) == 40 and all(a.player is not None for a in game.record.actions)
    before = len(game.record.actions)
    pending = game.state.pending
    assert pending is not None and pending.kind == "roll" and pending.player == 1
    game.roll_pending()  # the Gunner's next Shoot, rolled by the game's own dice
    assert len(game.record.actions) > before
    assert store.autosave(game, driver.open_ui(game, loaded.ui)) is None
    data = json.loads(mem.data[AUTOSAVE])
    assert data["version"] == 2 and data["summary"]["actions"] == len(game.record.actions)
    assert data["record"]["version"] == 2 and data["record"]["rules"] == 1
    again = store.open(AUTOSAVE)
    assert again is not None and again.game.state == game.state


# --- tabs: two pages on one storage never overwrite each other's progress silently -------------


def _tab(data: dict[str, str]) -> tuple[SaveStore, MemoryStorage]:
    mem = MemoryStorage(data)
    ticks = iter(range(10_000))
    return SaveStore(mem, lambda: f"2026-11-30T10:{next(ticks):04d}"), mem


def _open_in(store: SaveStore, key: str = AUTOSAVE) -> Screen:
    loaded = store.open(key)
    assert loaded is not None
    s = Screen(loaded.game)
    s.ui = driver.open_ui(loaded.game, loaded.ui)
    return s


def test_the_older_tab_is_told_and_never_overwrites_the_newer_game() -> None:
    shared: dict[str, str] = {}
    a_store, _ = _tab(shared)
    b_store, _ = _tab(shared)
    a = _deployed()
    assert a_store.autosave(a.game, a.ui, claim=True) is None  # tab A starts the game
    b = _open_in(b_store)  # tab B continues it
    assert b.state == a.state and not b_store.behind(AUTOSAVE, b.game)
    a.key("p")  # A ends an activation: saved at once
    assert a_store.autosave(a.game, a.ui) is None
    newer = shared[AUTOSAVE]
    assert b_store.behind(AUTOSAVE, b.game)  # what B's `storage` event asks: B is told at once
    n = len(b.game.record.actions)
    b.key("4")
    b.key("t")
    b.key("e")
    b.key("Enter")  # B, not knowing yet, turns a soldier: its save is refused, A's game kept
    assert len(b.game.record.actions) > n and b.game.record.actions[n] != a.game.record.actions[n]
    assert b_store.autosave(b.game, b.ui) == OTHER_TAB and shared[AUTOSAVE] == newer
    assert AUTOSAVE in b_store.stale
    html = notice_html([OTHER_TAB])
    assert 'data-action="open-newer"' in html and 'data-action="save-copy"' in html
    copy = b_store.new_slot_key()  # B keeps its game as a copy and goes on saving there
    assert b_store.save_slot(b.game, b.ui, "Copy", copy) is None
    b.key("p")
    assert b_store.save_slot(b.game, b.ui, "Copy", copy) is None
    assert decode(shared[copy]).record.actions == b.game.record.actions
    assert shared[AUTOSAVE] == newer  # A's game untouched
    a.key("p")
    assert a_store.autosave(a.game, a.ui) is None  # A was never behind
    again = _open_in(b_store)  # B opens the newer game instead
    assert again.state == a.state and not b_store.behind(AUTOSAVE, again.game)


def test_a_tab_that_saved_the_same_game_costs_nothing_and_nothing_is_refused() -> None:
    shared: dict[str, str] = {}
    a_store, _ = _tab(shared)
    b_store, _ = _tab(shared)
    a = _deployed()
    a_store.autosave(a.game, a.ui, claim=True)
    b = _open_in(b_store)
    assert b_store.autosave(b.game, b.ui, claim=True) is None  # B's opening saves it again
    assert not a_store.behind(AUTOSAVE, a.game)  # same actions: A loses nothing
    a.key("p")
    assert a_store.autosave(a.game, a.ui) is None
    assert decode(shared[AUTOSAVE]).record.actions == a.game.record.actions


def test_a_new_game_in_one_tab_is_progress_the_other_tab_does_not_overwrite() -> None:
    shared: dict[str, str] = {}
    a_store, _ = _tab(shared)
    b_store, _ = _tab(shared)
    a = _deployed()
    a_store.autosave(a.game, a.ui, claim=True)
    b = _deployed(seed=9)  # B starts another game: the player chose to replace the autosave
    assert b_store.autosave(b.game, b.ui, claim=True) is None
    a.key("p")
    assert a_store.autosave(a.game, a.ui) == OTHER_TAB
    assert decode(shared[AUTOSAVE]).record.seed == b.game.record.seed


def test_continue_after_the_storage_was_cleared_says_so() -> None:
    store, mem = _store()
    c = _deployed()
    store.autosave(c.game, c.ui, claim=True)
    assert store.info(AUTOSAVE) is not None  # the welcome screen offers Continue
    mem.data.clear()  # cleared after the page opened
    assert store.open(AUTOSAVE) is None
    assert store.problems and "no longer in this browser's storage" in store.problems[0]
    assert store.autosave(c.game, c.ui) is None and AUTOSAVE in mem.data  # a game on screen
