"""Time the Python of the interaction paths on CPython: an event through ``serm.ui.driver.step``
then ``serm.web.paint.Painter.paint`` against a stand-in DOM (no browser, so no style, layout or
raster: only what the page's handler runs in Python).

    python -m tools.time_paint [--rounds N]    (from the repository's root)

Prints median and p95 (ms) per path: ``move_ray`` (a pointer move aiming a Move), ``hover_card``
(the pointer reaching a card), ``select``, ``shoot`` (the target pressed) and ``end_of_move`` (the
Confirm that plays a Move), on the default table with every card deployed (no opening, R5: every
activation may Shoot). Each median is also given as a ratio to the median of a pure-Python loop
(``bench engine``'s baseline) timed right after every event of the same run, so runs on a busy
machine compare.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import types
from dataclasses import replace
from typing import Any

from bench.engine import baseline, median_us
from harness.deployments import P1, P2
from harness.stats import percentile


class _Node:
    """A stand-in DOM element: keeps what is written to it."""

    def __init__(self) -> None:
        self.innerHTML = ""
        self.outerHTML = ""
        self.textContent = ""
        self.hidden = False
        self.disabled = False
        self.scrollTop = 0
        self.scrollHeight = 0
        self.style = types.SimpleNamespace(setProperty=lambda *a: None)

    def getScreenCTM(self) -> Any:
        return types.SimpleNamespace(a=1.0)

    def getBoundingClientRect(self) -> Any:
        return types.SimpleNamespace(left=0.0, top=0.0, width=0.0, height=0.0)

    def setAttribute(self, *a: Any) -> None:
        pass

    def removeAttribute(self, *a: Any) -> None:
        pass

    def animate(self, *a: Any) -> Any:
        return types.SimpleNamespace(cancel=lambda: None)

    def insertAdjacentHTML(self, where: str, html: str) -> None:
        self.innerHTML += html

    def querySelector(self, selector: str) -> _Node:
        return _Node()

    def querySelectorAll(self, selector: str) -> list[Any]:
        return []

    def remove(self) -> None:
        pass


class _Document:
    def __init__(self) -> None:
        self.nodes: dict[str, _Node] = {}

    def getElementById(self, id_: str) -> _Node:
        return self.nodes.setdefault(id_, _Node())

    def querySelector(self, selector: str) -> None:
        return None


def _install_fake_js() -> None:
    js = types.ModuleType("js")
    js.document = _Document()  # type: ignore[attr-defined]
    js.window = types.SimpleNamespace(  # type: ignore[attr-defined]
        innerHeight=800,
        matchMedia=lambda q: types.SimpleNamespace(matches=True),
        getComputedStyle=lambda e: types.SimpleNamespace(position="static"),
        scrollBy=lambda *a: None,
    )
    js.setTimeout = lambda *a: 0  # type: ignore[attr-defined]
    js.clearTimeout = lambda *a: None  # type: ignore[attr-defined]
    js.Object = types.SimpleNamespace(fromEntries=dict)  # type: ignore[attr-defined]
    ffi = types.ModuleType("pyodide.ffi")
    ffi.to_js = lambda v, **kw: v  # type: ignore[attr-defined]
    ffi.create_proxy = lambda f: f  # type: ignore[attr-defined]
    pyodide = types.ModuleType("pyodide")
    pyodide.ffi = ffi  # type: ignore[attr-defined]
    sys.modules.update({"js": js, "pyodide": pyodide, "pyodide.ffi": ffi})


def _baseline_ms(repeat: int, number: int) -> float:
    """The baseline loop's time (ms): the median of ``repeat`` means of ``number`` runs."""
    return median_us(baseline, repeat, number) / 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    _install_fake_js()
    from serm.core import Place
    from serm.core.opening import NONE
    from serm.core.scenario import by_name
    from serm.core.state import PendingKind
    from serm.ui import driver
    from serm.ui.events import Command, Hit, PointerMove, Press
    from serm.web.paint import Painter

    times: dict[str, list[float]] = {}
    table = replace(by_name("default"), opening=NONE)  # every activation may Shoot (R5)

    def timed(label: str, game: Any, ui: Any, painter: Any, event: Any) -> Any:
        t0 = time.perf_counter()
        stepped = driver.step(game, ui, event)
        painter.paint(game, stepped.ui)
        times.setdefault(label, []).append((time.perf_counter() - t0) * 1000)
        base.append(_baseline_ms(repeat=1, number=2))  # beside each figure, under its load
        return stepped.ui

    base: list[float] = []
    for r in range(args.rounds):
        game = driver.new_game(table, seed=100 + r)
        ui = driver.open_ui(game)
        left = {1: list(P1), 2: list(P2)}  # each side's cards, placed as the game asks
        while game.state.pending and game.state.pending.kind == PendingKind.PLACE:
            place = Place(*left[game.state.pending.player].pop(0))
            ui = driver.play(game, ui, place, human=True).ui
        painter = Painter()
        painter.paint(game, ui)
        for _ in range(4):
            p = game.state.pending
            if p is None or p.kind != PendingKind.ACT:
                break
            mine = [s for s in game.state.alive(p.player) if s.on_table]
            for s in game.state.on_table():
                ui = timed(
                    "hover_card", game, ui, painter, PointerMove(s.x, s.y, Hit(s.player, s.card))
                )
            shooter = next((s for s in mine if s.card in ("ranger", "gunner")), mine[0])
            ui = timed("select", game, ui, painter, Press(Command.SELECT, shooter.card))
            ui = driver.step(game, ui, Press(Command.SHOOT)).ui
            painter.paint(game, ui)
            from serm.ui.screen import choices

            targets = [arg for cmd, arg in choices(game.state, ui) if cmd == Command.TARGET]
            if targets:
                ui = timed("shoot", game, ui, painter, Press(Command.TARGET, targets[0]))
                ui = timed("shoot", game, ui, painter, Press(Command.CONFIRM))
                continue
            ui = driver.step(game, ui, Press(Command.CANCEL)).ui
            ui = driver.step(game, ui, Press(Command.SELECT, shooter.card)).ui
            ui = timed("select", game, ui, painter, Press(Command.MOVE))
            for k in range(30):
                x = shooter.x + 2.0 * (k % 7 - 3) / 3
                ui = timed("move_ray", game, ui, painter, PointerMove(x, shooter.y - 2.0, Hit()))
            ui = timed("end_of_move", game, ui, painter, Press(Command.CONFIRM))
            while game.state.pending and game.state.pending.kind != PendingKind.ACT:
                ui = timed("end_of_move", game, ui, painter, Press(Command.CONFIRM))
                if game.state.pending and game.state.pending.kind == PendingKind.REACT:
                    ui = driver.step(game, ui, Press(Command.REACT)).ui
    floor = statistics.median(base)
    print(f"{'baseline':12s} n={len(base):4d} median {floor:6.3f} ms")
    for label, ts in sorted(times.items()):
        p95, median = percentile(ts, 95), statistics.median(ts)
        print(
            f"{label:12s} n={len(ts):4d} median {median:6.2f} ms  p95 {p95:6.2f} ms"
            f"  median {median / floor:6.1f} x baseline"
        )


if __name__ == "__main__":
    main()
