"""Two moments of a new-player playtest, as the page saved them: what the screen proposes at a
React's stop is what the engine is sent (R19), so the stop it shows is the one played."""

from __future__ import annotations

from pathlib import Path

from serm.core.actions import Stop
from serm.core.game import Game
from serm.core.queries import visible_enemies
from serm.core.state import PendingKind
from serm.ui import driver
from serm.ui.events import Command, Press
from serm.ui.model import UI
from serm.ui.reduce import reduce
from serm.ui.saves import load_import

DATA = Path(__file__).resolve().parents[1] / "data"


def opened(name: str) -> tuple[Game, UI]:
    """A save of tests/data opened as the page opens one: the game and its screen."""
    loaded = load_import((DATA / name).read_text(encoding="utf-8"))
    return loaded.game, driver.open_ui(loaded.game, loaded.ui)


def test_the_proposed_stop_is_sent_whole_and_the_reactor_sees_the_mover() -> None:
    """The stop proposed where the reactor first sees the mover (0.07703852501034432 L) is sent
    as it is: a stop rounded to 0.077 lay just before it, where the Gunner saw nobody."""
    game, ui = opened("react-default-stop.save.json")
    assert game.state.pending is not None and game.state.pending.kind == PendingKind.STOP
    assert ui.stop_at is not None and abs(ui.stop_at - 0.07703852501034432) < 1e-9
    _, action = reduce(ui, game.state, Press(Command.CONFIRM))
    assert action == Stop(ui.stop_at)
    stepped = driver.play(game, ui, action, human=True)
    assert not stepped.ui.feedback.message, stepped.ui.feedback.message
    reactor = next(s for s in game.state.soldiers if s.player == 1 and s.card == "gunner")
    assert visible_enemies(game.state, reactor), "the reacting Gunner has someone to shoot at"


def test_a_stop_at_the_very_end_of_the_path_is_taken() -> None:
    """The stop dragged to the path's end (0.6617860410264204 L) is sent as it is, inside the
    path: rounded to 0.6618 it lay past the end and was refused."""
    game, ui = opened("stop-at-path-end.save.json")
    assert game.state.pending is not None and game.state.pending.kind == PendingKind.STOP
    before = len(game.record.actions)
    _, action = reduce(ui, game.state, Press(Command.CONFIRM))
    assert action == Stop(0.6617860410264204)
    stepped = driver.play(game, ui, action, human=True)
    assert not stepped.ui.feedback.message, stepped.ui.feedback.message
    assert len(game.record.actions) > before
