"""The controller driven as a player would: keys, pointer presses and buttons, to the end."""

from __future__ import annotations

from serm.core import queries as q
from serm.core.geometry import Vec, bearing_of
from serm.core.scenario import by_name
from serm.core.state import PendingKind, Soldier, Status
from serm.ui.controller import FULL, NONE, OVERLAY, Controller, Hit
from serm.ui.panel import prompt_html, status_html


def _deploy_all(c: Controller) -> None:
    while c.state.pending is not None and c.state.pending.kind == PendingKind.PLACE:
        assert c.ghost is not None and c.ghost.problem is None
        assert c.key("Enter") == FULL, c.message


def test_deployment_by_keys_places_ten_cards_in_turn() -> None:
    c = Controller.new(by_name("default"), seed=3)
    _deploy_all(c)
    assert c.state.status == "playing"
    assert all(s.placed for s in c.state.soldiers)
    assert c.state.initiative == 3 - c.state.first_placer


def test_ghost_outside_zone_is_refused_with_reason() -> None:
    c = Controller.new(by_name("open"), seed=3)
    p = c.state.pending
    assert p is not None
    c.pointer_down(5.0, 5.0, Hit())  # mid-table: outside both zones
    assert c.ghost is not None and c.ghost.problem is not None and c.ghost.problem.rule == "R6"
    c.pointer_up(5.0, 5.0, Hit())
    c.confirm()
    assert "R6" in c.message
    assert c.state.pending == p  # nothing placed


def test_rotation_by_wheel_keys_and_handle() -> None:
    c = Controller.new(by_name("open"), seed=3)
    assert c.ghost is not None
    start = c.ghost.facing
    assert c.wheel(100) == OVERLAY
    assert c.ghost.facing == (start + 15) % 360
    c.key("q")
    assert c.ghost.facing == start % 360
    g = c.ghost
    c.pointer_down(g.x + 1.0, g.y, Hit(handle=True))  # drag the handle to the right: face 90
    assert abs(c.ghost.facing - 90.0) < 0.5
    c.pointer_up(g.x + 1.0, g.y, Hit())


def _step(c: Controller) -> None:
    st, p = c.state, c.state.pending
    assert p is not None
    if p.kind == PendingKind.ACT:
        own = [s for s in st.alive(p.player) if s.on_table and any(q.can_act(st, s))]
        shooters = [s for s in own if q.can_act(st, s)[1] and q.visible_enemies(st, s)]
        if shooters:
            s: Soldier = shooters[0]
            c.pointer_down(s.x, s.y, Hit(s.player, s.card))
            assert c.key("s") == FULL
            t = q.visible_enemies(st, s)[0]
            c.pointer_down(t.x, t.y, Hit(t.player, t.card))
            return
        if c.selected is None:
            first = own[0] if own else None
            if first is None:
                c.key("p")
                return
            c.key(str([x.card for x in st.soldiers[(p.player - 1) * 5 :]].index(s.card) + 1))
        sel = c.selected
        assert sel is not None
        s = sel
        assert s is not None
        if not q.can_act(st, s)[0]:
            c.key("p")
            return
        c.key("m")
        if c.state.pending is not None and c.state.pending.kind == PendingKind.PATH:
            return
        enemy = min(st.enemies(p.player), key=lambda e: (e.pos - s.pos).length())
        c.pointer_move(enemy.x, enemy.y, Hit())
        c.pointer_down(enemy.x, enemy.y, Hit())
        c.pointer_up(enemy.x, enemy.y, Hit())
        assert c.view().move_preview is not None
        c.key("Enter")
    elif p.kind == PendingKind.PATH:
        sel = c.selected
        assert sel is not None
        s = sel
        assert s is not None
        enemy = min(st.enemies(p.player), key=lambda e: (e.pos - s.pos).length())
        c.pointer_move(enemy.x, enemy.y, Hit())
        c.key("Enter")
    elif p.kind == PendingKind.REACT:
        c.key("1")
    elif p.kind == PendingKind.STOP:
        c.key("ArrowRight")
        c.key("Enter")
    elif p.kind == PendingKind.FACE:
        sel = c.selected
        assert sel is not None
        s = sel
        assert s is not None
        enemies = st.enemies(p.player)
        if enemies:
            c.facing = bearing_of(min(enemies, key=lambda e: (e.pos - s.pos).length()).pos - s.pos)
        if c.key("Enter") == FULL and c.message:
            c.key("k")
    elif p.kind == PendingKind.TARGET:
        c.key("1")


def test_a_whole_game_through_the_controller_reaches_victory() -> None:
    c = Controller.new(by_name("open"), seed=11)
    _deploy_all(c)
    seen = set()
    for _ in range(1500):
        if c.state.status == Status.FINISHED:
            break
        p = c.state.pending
        assert p is not None
        seen.add(p.kind)
        assert prompt_html(c) and status_html(c.state)
        before = len(c.game.record.actions)
        _step(c)
        if len(c.game.record.actions) == before and c.message:
            c.key("Escape")
            c.key("p")
    assert c.state.status == Status.FINISHED, c.log[-5:]
    assert c.state.winner in (1, 2)
    assert "Rematch" in prompt_html(c)
    assert {PendingKind.ACT, PendingKind.FACE} <= seen


def test_pointer_move_without_change_asks_for_no_redraw() -> None:
    c = Controller.new(by_name("open"), seed=3)
    _deploy_all(c)
    assert c.pointer_move(5.0, 5.0, Hit()) == NONE
    assert Vec(0, 0) == Vec(0.0, 0.0)


def test_number_keys_follow_the_listed_soldiers_after_a_death() -> None:
    from dataclasses import replace

    c = Controller.new(by_name("open"), seed=3)
    _deploy_all(c)
    p = c.state.pending
    assert p is not None
    gunner = c.state.soldier(p.player, "gunner")
    c.game.state = c.state.with_soldier(replace(gunner, alive=False))
    listed = [s.card for s in c.activatable()]
    assert "gunner" not in listed
    c.key("2")
    assert c.selected is not None and c.selected.card == listed[1]


def test_results_of_an_action_are_shown_in_the_prompt() -> None:
    c = Controller.new(by_name("open"), seed=3)
    _deploy_all(c)
    c.key("4")
    c.key("m")
    c.key("Enter")
    assert c.recent and any(kind == "roll" for kind, _, _ in c.recent)
    assert 'class="recent"' in prompt_html(c)


def test_a_move_reports_the_path_the_card_slid_along() -> None:
    c = Controller.new(by_name("open"), seed=3)
    _deploy_all(c)
    p = c.state.pending
    assert p is not None
    c.key("4")
    c.key("m")
    c.key("Enter")
    while c.state.pending is not None and c.state.pending.kind == PendingKind.REACT:
        c.key("n")
    moved = [m for m in c.motions if m[0] == (p.player, "assault")]
    assert moved, c.log[-3:]
    corners = moved[0][1]
    s = c.state.soldier(p.player, "assault")
    assert corners[-1][:2] == (s.x, s.y) and len(corners) >= 2


def test_brawler_path_by_keyboard() -> None:
    for seed in range(30):
        c = Controller.new(by_name("open"), seed=seed)
        _deploy_all(c)
        c.key("5")
        c.key("m")
        if c.state.pending is not None and c.state.pending.kind == PendingKind.PATH:
            break
    else:
        raise AssertionError("no Brawler move")
    total = (c.state.move.total or 0) if c.state.move else 0
    c.key("ArrowLeft")
    c.key(" ")
    assert len(c.trace) == 1 or total <= 1
    c.key("Enter")
    assert c.state.pending is None or c.state.pending.kind != PendingKind.PATH


def test_strength_names_match_the_computer_players() -> None:
    from serm.ai import STRENGTHS

    assert set(STRENGTHS) == {"easy", "normal", "hard"}


def test_concede_speaks_for_the_person_in_a_solo_game() -> None:
    c = Controller.new(by_name("open"), seed=3, computer={2: "easy"})
    assert c.conceding_player() == 1
    hot = Controller.new(by_name("open"), seed=3)
    p = hot.state.pending
    assert p is not None and hot.conceding_player() == p.player


def test_a_computer_decision_shows_no_handle_to_drag() -> None:
    c = Controller.new(by_name("open"), seed=3, computer={1: "easy", 2: "easy"})
    assert c.computer_to_decide()
    v = c.view()
    assert v.ghost is None and v.facing_handle is None


def test_referee_mode_takes_typed_in_faces_and_refuses_bad_ones() -> None:
    c = Controller.new(by_name("open"), seed=3, referee=True)
    p = c.state.pending
    assert p is not None and p.kind == "roll" and p.purpose == "rolloff"
    assert "Enter dice" in prompt_html(c)
    c.enter_dice("5|2")
    assert c.state.status == "deployment" and c.state.first_placer == 1
    _deploy_all(c)
    c.key("2")  # the Gunner shoots? first a move: the Assault moves, its roll is typed in
    c.key("Escape")
    c.key("4")
    c.key("m")
    c.key("Enter")
    p = c.state.pending
    assert p is not None and p.kind == "roll" and p.purpose == "move"
    before = c.state
    c.enter_dice("6 2")  # a plain Move pool never re-rolls a six (R9)
    assert c.state == before and "R9" in c.message
    c.enter_dice("x")
    assert c.state == before and "numbers" in c.message
    c.enter_dice("3|1")
    assert c.state.move is None or c.state.move.total == 4
    assert c.snapshot()["referee"] is True


def test_a_finger_leaves_no_hover_behind() -> None:
    """Touch has no hover: a card dragged or an own card touched does not keep its LOS drawn,
    an enemy card tapped on purpose does until the bare table is tapped."""
    c = Controller.new(by_name("open"), seed=3)
    _deploy_all(c)
    p = c.state.pending
    assert p is not None and p.kind == PendingKind.ACT
    mine = next(s for s in c.state.alive(p.player))
    foe = next(s for s in c.state.alive(3 - p.player))
    c.pointer_move(mine.x, mine.y, Hit(player=mine.player, card=mine.card))
    assert c.hovered == (mine.player, mine.card)
    assert c.pointer_up(mine.x, mine.y, Hit(), touch=True) == OVERLAY
    assert c.hovered is None
    c.pointer_down(foe.x, foe.y, Hit(player=foe.player, card=foe.card))
    c.pointer_up(foe.x, foe.y, Hit(player=foe.player, card=foe.card), touch=True)
    assert c.hovered == (foe.player, foe.card)
    assert c.view().hovered == (foe.player, foe.card)
    assert c.pointer_down(0.2, 5.0, Hit()) == OVERLAY
    assert c.hovered is None


def test_deployment_tells_each_side_who_shoots_first() -> None:
    c = Controller.new(by_name("default"), seed=3)
    first_placer = c.state.first_placer
    assert c.state.pending is not None and c.state.pending.player == first_placer
    assert "Your opponent acts first" in prompt_html(c)
    c.key("Enter")
    assert "You act first" in prompt_html(c)


def test_the_draw_count_shows_from_30_and_the_draw_has_its_own_end_screen() -> None:
    """R8 in the panel: the count of quiet activations from 30 on, then the draw screen."""
    from serm.core import End
    from serm.core.rules import DRAW_AFTER
    from serm.ui.panel import DRAW_WARNING

    c = Controller.new(by_name("open"), seed=3)
    _deploy_all(c)
    while c.state.quiet_activations < DRAW_WARNING - 1:
        c.play(End())
    assert "draw-count" not in status_html(c.state)
    c.play(End())
    assert f"No elimination for {DRAW_WARNING} activations" in status_html(c.state)
    while not c.finished:
        c.play(End())
    assert c.state.winner is None and c.state.quiet_activations == DRAW_AFTER
    assert "draw" in status_html(c.state)
    assert "A draw" in prompt_html(c) and "Rematch" in prompt_html(c)
