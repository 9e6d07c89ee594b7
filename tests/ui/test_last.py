"""The screen's last answers (``serm.ui.last``): a page plays game after game, and a game left
for another keeps nothing of itself alive there."""

from __future__ import annotations

import gc
import importlib
import pkgutil
import weakref
from typing import Any

import serm
from serm.core.scenario import by_name
from serm.ui import driver, last
from serm.ui.events import Command
from tests.ui.player import Screen, deploy_all
from tests.ui.test_exposure import placing, working


def _played(refs: list[weakref.ref[Any]]) -> None:
    """A game on the screen as a player sees it: the deployment with the Exposure view worked
    out, then an aimed Move; ``refs`` gets a weak reference to each state and Exposure shown."""
    s = placing("default")

    def shown() -> None:
        s.view()
        s.prompt()
        refs.append(weakref.ref(s.state))
        refs.extend(weakref.ref(e) for e in s.ui.exposure)

    shown()
    working(s)
    shown()
    deploy_all(s)
    shown()
    p = s.state.pending
    assert p is not None
    for card in ("gunner", "assault"):
        s.press(Command.SELECT, card)
        s.press(Command.MOVE)
        shown()
        s.press(Command.CANCEL)
    assert refs[-1]() is s.state  # the last one shown


def test_a_game_left_for_another_keeps_none_of_its_states_alive() -> None:
    """After a game played on the screen (every last answer kept: the board's highlights, the
    aimed Move's landing and facing, the Exposure view, its shading poses), opening another
    game leaves no state or Exposure of the first one alive."""
    refs: list[weakref.ref[Any]] = []
    _played(refs)
    driver.open_ui(Screen.new("open", 4).game)
    gc.collect()
    alive = [type(ref()).__name__ for ref in refs if ref() is not None]
    assert alive == []


def test_the_exposure_view_turned_off_keeps_none_of_its_work() -> None:
    """The Exposure view's work for a side is thousands of poses: turned off, the screen drops
    it (nothing of it is drawn or asked for while off); turned on again, it starts over."""
    s = placing("open")
    working(s)
    s.view()
    assert s.ui.exposure and s.ui.exposure[0].poses is not None
    part, poses = weakref.ref(s.ui.exposure[0]), weakref.ref(s.ui.exposure[0].poses)
    s.press(Command.EXPOSURE)
    s.view()
    s.prompt()
    gc.collect()
    assert not s.ui.settings.exposure and not s.ui.exposure
    assert part() is None and poses() is None
    s.press(Command.EXPOSURE)
    assert working(s) > 0 and s.ui.exposure[0].poses is not None


def _memos(module: object) -> list[str]:
    """The module-level names of one-entry memos (``_last_*`` and ``*_cache`` lists)."""
    return [
        name
        for name, value in vars(module).items()
        if isinstance(value, list) and (name.startswith("_last") or name.endswith("_cache"))
    ]


def test_every_last_answer_of_the_screen_is_dropped_with_its_game() -> None:
    """Each module-level ``_last_*`` or ``*_cache`` list in serm is registered with ``kept``,
    so ``driver.open_ui`` empties it."""
    unregistered = []
    for info in pkgutil.walk_packages(serm.__path__, "serm."):
        if info.name.startswith("serm.web"):
            continue  # the browser layer imports js (Pyodide only)
        module = importlib.import_module(info.name)
        for name in _memos(module):
            if not any(getattr(module, name) is memo for memo in last._KEPT):
                unregistered.append(f"{info.name}.{name}")
    assert unregistered == []
    assert len(last._KEPT) >= 7
    driver.open_ui(driver.new_game(by_name("open"), 1))
    assert all(memo == [] for memo in last._KEPT)
