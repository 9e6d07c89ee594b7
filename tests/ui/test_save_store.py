"""Saves: autosave/continue, slots, import checks, corrupt entries kept aside, refused writes."""

from __future__ import annotations

import json

import pytest

from serm.core.scenario import by_name
from serm.core.state import PendingKind
from serm.ui.controller import Controller, Hit
from serm.ui.saves import (
    ASIDE,
    AUTOSAVE,
    SLOT,
    MemoryStorage,
    SaveError,
    SaveStore,
    clean_name,
    decode,
    encode,
    load_import,
)


def _store() -> tuple[SaveStore, MemoryStorage]:
    mem = MemoryStorage()
    ticks = iter(range(10_000))
    return SaveStore(mem, lambda: f"2026-11-29T10:{next(ticks):04d}"), mem


def _deployed(seed: int = 3) -> Controller:
    c = Controller.new(by_name("open"), seed=seed)
    while c.state.status == "deployment":
        c.confirm()
    return c


def test_continue_restores_a_chosen_but_unrolled_move() -> None:
    store, _ = _store()
    c = _deployed()
    p = c.state.pending
    assert p is not None and p.kind == PendingKind.ACT
    c.key("4")  # the Assault
    c.key("m")
    c.pointer_down(2.0, 5.0, Hit())
    c.pointer_up(2.0, 5.0, Hit())
    assert store.autosave(c) is None
    back = store.read(AUTOSAVE)
    assert back is not None
    d = back.controller()
    assert d.state == c.state
    assert d.view() == c.view()
    assert d.sub == "aim" and d.aim == c.aim and d.aim_locked


def _to_react(seed: int) -> Controller | None:
    c = _deployed(seed)
    for _ in range(60):
        p = c.state.pending
        assert p is not None
        if p.kind == PendingKind.REACT:
            return c
        if p.kind != PendingKind.ACT:
            c.confirm() or c.key("k")
            continue
        own = [s for s in c.state.alive(p.player) if s.on_table]
        c.select(own[0].card)
        c.key("m")
        if c.state.pending is not None and c.state.pending.kind == PendingKind.ACT:
            enemy = c.state.enemies(p.player)[0]
            c.pointer_down(enemy.x, enemy.y, Hit())
            c.pointer_up(enemy.x, enemy.y, Hit())
            c.confirm()
        else:
            c.confirm()
    return None


def test_mid_react_save_restores_the_react_prompt() -> None:
    c = next(x for x in (_to_react(s) for s in range(10)) if x is not None)
    store, _ = _store()
    store.autosave(c)
    back = store.read(AUTOSAVE)
    assert back is not None
    d = back.controller()
    assert d.state.pending is not None and d.state.pending == c.state.pending
    assert d.state.pending.kind == PendingKind.REACT


def test_slots_list_rename_delete() -> None:
    store, mem = _store()
    c = _deployed()
    assert store.save_slot(c, "  My <b>game</b>  ") is None
    assert store.save_slot(c, "Second") is None
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
        ('{"format": "serm-save", "version": 1, "rec', "cut short"),
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
    data["actions"][3] = {"type": "place", "card": "ranger", "x": 5.0, "y": 5.0, "facing": 0}
    with pytest.raises(SaveError, match=r"actions\[3\]"):
        load_import(json.dumps(data))


def test_export_then_import_gives_the_same_game() -> None:
    c = _deployed()
    d = load_import(c.game.record.to_json())
    assert d.state == c.state


def test_corrupt_and_future_entries_are_kept_aside_and_reported() -> None:
    store, mem = _store()
    mem.data[AUTOSAVE] = "{not json"
    mem.data[SLOT + "7"] = json.dumps({"format": "serm-save", "version": 5})
    assert store.read(AUTOSAVE) is None
    assert store.slots() == []
    assert len(store.problems) == 2
    kept = {v for k, v in mem.data.items() if k.startswith(ASIDE)}
    assert kept == {"{not json", json.dumps({"format": "serm-save", "version": 5})}


def test_old_version_migrates() -> None:
    c = _deployed()
    save = decode(c.game.record.to_json())  # version 0: a bare record
    assert save.controller().state == c.state


def test_refused_write_is_reported_and_keeps_the_old_save() -> None:
    store, mem = _store()
    c = _deployed()
    store.autosave(c)
    before = mem.data[AUTOSAVE]
    c.key("p")
    mem.full = True
    message = store.autosave(c)
    assert message is not None and "refused" in message
    assert mem.data[AUTOSAVE] == before


def test_hostile_names_survive_as_text() -> None:
    c = _deployed()
    text = encode(c, '<img src=x onerror=alert(1)>"', "t")
    assert decode(text).name == '<img src=x onerror=alert(1)>"'


def test_slot_names_lose_control_and_bidi_characters() -> None:
    assert clean_name("exe\u202e.txt") == "exe.txt"
    assert clean_name("a\u0000b\tc\u200bd") == "ab cd"
    assert clean_name("\u202e\u2066") == "Game"


def test_slot_names_keep_the_joiners_of_emoji() -> None:
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    assert clean_name(f"family {family} game") == f"family {family} game"
