"""A game on one screen driven by events, as the browser layer drives it (serm.ui.driver)."""

from __future__ import annotations

from dataclasses import replace

from serm.core.game import Game
from serm.core.opening import NONE
from serm.core.ruleset import RULES_VERSION, ruleset
from serm.core.scenario import Scenario, by_name
from serm.core.state import PendingKind, State
from serm.ui import driver, outlook
from serm.ui.events import (
    Command,
    Dice,
    Event,
    Hit,
    Key,
    PointerCancel,
    PointerDown,
    PointerMove,
    PointerUp,
    Press,
    Rest,
    ShowEnded,
    Wheel,
)
from serm.ui.model import UI
from serm.ui.panel import prompt_html
from serm.ui.saves import StorageFullError
from serm.ui.screen import view_model
from serm.view.model import ViewModel


def unopened(scenario: Scenario) -> Scenario:
    """``scenario`` with no opening (R5, Opening) when new games would get one: the screen's
    tests act, shoot included, from the first activation; the opening's own tests name one."""
    if scenario.opening is None and ruleset(RULES_VERSION).openings != (NONE,):
        return replace(scenario, opening=NONE)
    return scenario


class Screen:
    """A game plus the screen's ``UI`` value; each method sends one event through
    ``driver.step`` and returns the states the game went through. A show of what was played
    ends at once (as if watched to its end) unless ``shows_end`` is False."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.ui: UI = driver.open_ui(game)
        self.shows_end = True

    @classmethod
    def new(
        cls,
        scenario: str = "open",
        seed: int = 3,
        computer: dict[int, str] | None = None,
        referee: bool = False,
    ) -> Screen:
        return cls(driver.new_game(unopened(by_name(scenario)), seed, computer, referee))

    @property
    def state(self) -> State:
        return self.game.state

    @property
    def message(self) -> str:
        return self.ui.feedback.message

    def send(self, event: Event) -> tuple[State, ...]:
        stepped = driver.step(self.game, self.ui, event)
        self.ui = stepped.ui
        if self.shows_end and self.ui.playback.playing:
            self.ui = driver.step(self.game, self.ui, ShowEnded(self.ui.playback.shows)).ui
        return stepped.states

    def key(self, key: str, shift: bool = False) -> tuple[State, ...]:
        return self.send(Key(key, shift))

    def press(self, command: Command, arg: str = "") -> tuple[State, ...]:
        return self.send(Press(command, arg))

    def down(self, x: float, y: float, hit: Hit | None = None) -> tuple[State, ...]:
        return self.send(PointerDown(x, y, hit or Hit()))

    def move(self, x: float, y: float, hit: Hit | None = None) -> tuple[State, ...]:
        return self.send(PointerMove(x, y, hit or Hit()))

    def up(self, x: float, y: float, hit: Hit | None = None, touch: bool = False) -> None:
        self.send(PointerUp(x, y, hit or Hit(), touch))

    def drag(
        self, start: tuple[float, float], end: tuple[float, float], hit: Hit | None = None
    ) -> None:
        self.down(*start, hit)
        self.move(*end)
        self.up(*end)

    def cancel(self) -> None:
        self.send(PointerCancel())

    def wheel(self, delta: float) -> None:
        self.send(Wheel(delta))

    def dice(self, text: str) -> tuple[State, ...]:
        return self.send(Dice(text))

    def rest(self) -> int:
        """Let the aim rest: ``Rest`` events until the Move's outlook is done; how many."""
        steps = 0
        while outlook.wanted(self.state, self.ui):
            self.send(Rest())
            steps += 1
            assert steps < 20
        return steps

    def view(self) -> ViewModel:
        return view_model(self.state, self.ui)

    def prompt(self) -> str:
        return prompt_html(self.state, self.ui, self.game.events[self.ui.feedback.recent_from :])

    def waiting(self, kind: PendingKind) -> bool:
        p = self.state.pending
        return p is not None and p.kind == kind


def deploy_all(s: Screen) -> None:
    """Place every card where the screen proposes it, by the Enter key."""
    while s.waiting(PendingKind.PLACE):
        assert s.ui.ghost is not None and s.ui.ghost.problem is None
        s.key("Enter")
        assert not s.message, s.message


class MemoryStorage:
    """A ``Storage`` in a dict, for tests; ``full`` makes every write fail as a full storage does,
    ``blocked`` as one that stores nothing (private mode). Tabs of one browser share one
    ``data`` (``MemoryStorage(shared.data)``)."""

    def __init__(self, data: dict[str, str] | None = None) -> None:
        self.data: dict[str, str] = {} if data is None else data
        self.full = False
        self.blocked = False

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        if self.full or self.blocked:
            raise StorageFullError("QuotaExceededError", blocked=self.blocked)
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.data)
