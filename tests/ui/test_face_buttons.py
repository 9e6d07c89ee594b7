"""The facing at the end of a Move: Keep facing alone until the facing being set differs from
the soldier's own (Confirm facing would do the same), then Confirm facing too."""

from __future__ import annotations

from serm.core.actions import Face
from serm.core.state import PendingKind
from tests.ui.test_reduce import first_player, pending_player, to_react


def test_keep_facing_alone_until_the_facing_is_changed_then_confirm_facing_too() -> None:
    s = to_react()
    s.key("n")  # no React: the mover's facing at the end of its Move is asked
    assert s.waiting(PendingKind.FACE)
    html = s.prompt()
    assert 'data-action="keep"' in html and 'data-action="confirm"' not in html
    s.wheel(-1)  # turned 15° one way
    html = s.prompt()
    assert 'data-action="confirm"' in html and 'data-action="keep"' in html
    assert html.index('data-action="confirm"') < html.index('data-action="keep"')
    s.wheel(1)  # and back: its own facing again
    assert 'data-action="confirm"' not in s.prompt()
    me = s.state.soldier(first_player(s), "assault")
    who = pending_player(s)
    s.key("k")
    assert s.game.record.actions[-1] == Face(None, player=who)
    assert s.state.soldier(first_player(s), "assault").facing == me.facing


def test_the_facing_step_turns_toward_a_drag_anywhere_on_the_board_as_it_says() -> None:
    """The handle may lie off the screen (a card against the table's top edge, its handle over
    the page's header): the step says to drag toward where the soldier should face, anywhere
    on the board, and a press and drag away from the card and its handle turns it so (R14)."""
    s = to_react()
    s.key("n")  # no React: the mover's facing at the end of its Move is asked
    assert s.waiting(PendingKind.FACE)
    assert "drag toward where it should face, anywhere on the board" in s.prompt()
    me = s.state.soldier(first_player(s), "assault")
    s.down(me.pos.x + 3.0, me.pos.y)  # to its right, on the bare table
    s.move(me.pos.x + 3.0, me.pos.y + 0.01)
    assert s.ui.choice.facing is not None and s.ui.choice.facing != me.facing
    assert 'data-action="confirm"' in s.prompt()
