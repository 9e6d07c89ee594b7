"""While a Turn is set, or the facing at the end of a Move, the question says which enemies the
soldier would see facing that way (R11-R12, the game's own sight test)."""

from __future__ import annotations

from dataclasses import replace

from serm.core import queries as q
from serm.core.state import PendingKind
from serm.ui.events import Command
from serm.ui.words import turned_sight
from tests.ui.player import Screen
from tests.ui.test_reduce import deployed, first_player, to_react

FACINGS = tuple(float(f) for f in range(0, 360, 15))


def said_at_each_facing(s: Screen, player: int, card: str) -> set[tuple[str, ...]]:
    """Set each of ``FACINGS`` as the facing being set; the prompt says, at each it may take,
    what the soldier would see facing so (the wide words, and the phone's), and at each it may
    not (R4), why, and nothing of what it would see. Returns the sets seen."""
    seen_sets: set[tuple[str, ...]] = set()
    for facing in FACINGS:
        s.ui = replace(s.ui, choice=replace(s.ui.choice, facing=facing))
        me = s.state.soldier(player, card)
        html = s.prompt()
        if q.facing_problem(s.state, me, facing) is not None:
            assert "cannot face that way" in html, (facing, html)
            assert "would see" not in html and "Then it sees" not in html, (facing, html)
            continue
        seen = q.visible_enemies(s.state, replace(me, facing=facing))
        wide, phone = turned_sight(me, seen)
        assert wide in html and phone in html, (facing, wide, html)
        seen_sets.add(tuple(e.card for e in seen))
    return seen_sets


def test_a_turn_being_set_says_which_enemies_it_would_see() -> None:
    s = deployed()
    p = s.state.pending
    assert p is not None and p.kind == PendingKind.ACT
    card = "gunner"
    s.press(Command.SELECT, card)
    s.press(Command.TURN)
    assert "would see" in s.prompt()
    seen = said_at_each_facing(s, p.player, card)
    assert len(seen) > 1, seen  # the words change with the facing


def test_the_facing_at_a_moves_end_says_which_enemies_it_would_see() -> None:
    s = to_react()
    s.key("n")  # no React: the mover's facing at the end of its Move is asked
    assert s.waiting(PendingKind.FACE)
    seen = said_at_each_facing(s, first_player(s), "assault")
    assert len(seen) > 1, seen


def test_a_facing_it_may_not_take_says_nothing_of_what_it_would_see() -> None:
    """A Turn set at the table's edge: a facing that would stick out over the edge is refused,
    and the prompt says what the soldier would see only for the facings it may take (R4)."""
    s = deployed()
    p = s.state.pending
    assert p is not None and p.kind == PendingKind.ACT
    s.press(Command.SELECT, "gunner")
    s.press(Command.TURN)
    me = s.state.soldier(p.player, "gunner")
    s.game.state = s.state.with_soldier(replace(me, x=0.4, y=5.0))
    me = s.state.soldier(p.player, "gunner")
    refused = [f for f in FACINGS if q.facing_problem(s.state, me, f) is not None]
    assert 0 < len(refused) < len(FACINGS), refused
    assert said_at_each_facing(s, p.player, "gunner")


def test_the_words_name_each_enemy_seen_or_none() -> None:
    s = deployed()
    me = s.state.soldier(1, "gunner")
    enemies = s.state.enemies(1)
    assert turned_sight(me, ()) == (
        "Facing that way, your Gunner would see no enemy.",
        "Then it sees no enemy.",
    )
    names = [e.type.title for e in enemies[:3]]
    wide, phone = turned_sight(me, enemies[:3])
    them = f"{names[0]}, {names[1]} and {names[2]}"
    assert wide == f"Facing that way, your Gunner would see the enemy {them}."
    assert phone == f"Then it sees: {', '.join(names)}."
