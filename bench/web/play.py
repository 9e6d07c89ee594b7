"""The seeded game played through the UI for a number of actions, with memory read after a
forced garbage collection early in the first game and as far into a new game started at the end;
and the animated volley's frame times (``bench.volley``)."""

from __future__ import annotations

from typing import Any

from bench import volley
from bench.web.browser import BOOT_TIMEOUT_MS, Browser, guard_page, read_memory, wait_interactive
from bench.web.probe import READ_GESTURES_JS
from harness import pages
from harness import scripted_game as e2e

HOVER_EVERY = 15
"""In the scripted game, every this many actions the pointer moves over each card on the table."""
SETTLE_TIMEOUT_MS = 120_000
"""Longest wait for the page's idle work (``settle``) before a reading."""
SETTLED_JS = "() => { const f = window.__serm_metrics; return !f || !f('rest'); }"
OBJECTS_JS = (
    "() => { const m = window.__serm_metrics('objects');"
    " return m instanceof Map ? Object.fromEntries(m) : m; }"
)
EXPOSURE = "#prompt button[data-action=exposure]"
GROWTH_TYPES = 8
"""The Python types whose counts grew most from the early reading to the late one, reported."""


class Enough(Exception):
    """The scripted game has done the actions asked for."""


class NoNewGame(RuntimeError):
    """New game did not lead to the start screen: a late reading would be taken in the old game."""


def play_sample(browser: Browser, url: str, actions: int, early: int = 10) -> dict[str, Any]:
    """Play the seeded game (and rematches) through the UI for ``actions`` actions.

    Memory is read three times, each after a forced GC: ``early``, ``early`` actions into the
    first game; ``end``, after ``actions`` actions (wherever the game then is); and ``late``,
    after a New game started then, as many actions into it as ``early`` was into the first. The
    budget compares ``late`` with ``early``: the same moment of a game, so what is on the table
    and in the log is alike and any growth is what the 500 actions left behind (a leak). Each
    reading says which game it was taken in (``game``: games started so far); a New game that
    does not reach the start screen stops the run (``NoNewGame``) rather than read the old game.

    Both moments are the same screen: the Exposure view is turned off as each game starts (a
    browser's first game starts with it on, later ones with it off: ``serm.ui.driver.open_ui``;
    its slices come while the page rests, so how far they got would depend on the machine's
    speed, and its thousands of poses per side would be read as growth or shrinkage), and
    until each reading every action waits for the page's idle work (``settle``: a Move's
    outlook, sight regions). What the two games may still differ in is the roll-off's dice (a
    New game rolls fresh ones), which decides who places first. ``memory["py_growth"]``: the
    Python types whose counts grew most from ``early`` to ``late``.
    """
    problems: list[str] = []
    with browser.context() as ctx:
        page = guard_page(ctx, problems)
        run = ScriptedPlay(page, ctx.new_cdp_session(page), actions, early, problems)
        page.goto(f"{url}?seed={e2e.SEED}&scenario=open", wait_until="commit")
        wait_interactive(page)
        page.wait_for_selector("#loading", state="hidden", timeout=BOOT_TIMEOUT_MS)
        page.check("#prompt input[name=scenario][value=open]")
        run.table.button("start")
        try:
            run.play_until_enough()
        except Enough:
            pass
    return {
        "gestures": run.gestures,
        "moves": run.moves,
        "readings": run.readings,
        "py_growth": run.growth(),
        "problems": problems,
        **run.stats,
    }


class ScriptedPlay:
    """The scripted game on one page: after every action the probe's records are collected,
    the cards are hovered every ``HOVER_EVERY`` actions and memory is read when due."""

    def __init__(self, page: Any, cdp: Any, actions: int, early: int, problems: list[str]):
        self.page, self.cdp, self.actions, self.early = page, cdp, actions, early
        self.problems = problems
        self.gestures: list[dict[str, Any]] = []
        self.moves: list[dict[str, Any]] = []
        self.readings: dict[str, dict[str, float]] = {}
        self.stats = {"games_won": 0, "recoveries": 0}
        self.started = 0  # actions done when the game under way started
        self.games = 0  # games started (Start, Rematch)
        self.hovered = 0  # actions done when the cards were last hovered
        self.want_new = False  # the end reading is taken: start a New game
        self.again = False  # the New game is under way: the late reading is due
        self.types: dict[str, dict[str, int]] = {}  # Python objects by type, per reading
        self.table = BenchTable(page, self)

    def collect(self) -> int:
        """Take the probe's records (after a frame); the number of actions so far."""
        self.page.evaluate("() => new Promise((r) => window.__bench.afterFrame(r))")
        got = self.page.evaluate(READ_GESTURES_JS)
        self.gestures.extend(got["gestures"])
        self.moves.extend(got["moves"])
        return int(got["actions"])

    def read(self, name: str, done: int) -> None:
        into = float(done - self.started)
        memory = read_memory(self.page, self.cdp)
        game = float(self.games)
        self.readings[name] = {"actions": float(done), "game_actions": into, "game": game, **memory}
        self.types[name] = self.page.evaluate(OBJECTS_JS)

    def growth(self) -> list[tuple[str, int]]:
        """The ``GROWTH_TYPES`` types whose counts grew most from early to late (by type)."""
        if "early" not in self.types or "late" not in self.types:
            return []
        early, late = self.types["early"], self.types["late"]
        grown = {k: late.get(k, 0) - early.get(k, 0) for k in {*early, *late}}
        top = sorted(grown.items(), key=lambda kv: (-abs(kv[1]), kv[0]))[:GROWTH_TYPES]
        return [(k, n) for k, n in top if n]

    def reading_due(self) -> bool:
        """A reading is still to come in the game under way (early in the first, late in the
        New game)."""
        return "early" not in self.readings or (self.again and "late" not in self.readings)

    def settle(self) -> None:
        """Wait until the page has no idle work left (``window.__serm_metrics("rest")``)."""
        self.page.wait_for_function(SETTLED_JS, timeout=SETTLE_TIMEOUT_MS, polling=50)

    def exposure_off(self) -> bool:
        """Turn the Exposure view off by a press on its toggle, if on (then True)."""
        toggle = self.page.locator(f"{EXPOSURE}[aria-pressed=true]")
        if not toggle.count():
            return False
        toggle.first.click()
        self.page.wait_for_selector(f"{EXPOSURE}[aria-pressed=false]")
        return True

    def hover_cards(self) -> None:
        """Move over every card on the table, a frame apart, no button held ("hover_card":
        each repaints that soldier's sight region)."""
        page = self.page
        page.evaluate("() => { window.__bench.hoverLabel = 'hover_card'; }")
        try:
            table = pages.Table(page)
            for card in table.cards():
                x, y = table.to_client(card.x, card.y)
                page.mouse.move(x, y)
                page.evaluate("() => new Promise((r) => window.__bench.afterFrame(r))")
        finally:
            page.evaluate("() => { window.__bench.hoverLabel = null; }")

    def after_action(self) -> None:
        if self.reading_due():
            self.settle()
        done = self.collect()
        if done - self.hovered >= HOVER_EVERY:
            self.hovered = done
            self.hover_cards()
            self.collect()
        if "early" not in self.readings and done - self.started >= self.early:
            self.read("early", done)
        if "end" not in self.readings and done >= self.actions:
            self.read("end", done)
            self.want_new = True
        elif self.again and done - self.started >= self.readings["early"]["game_actions"]:
            self.read("late", done)
            raise Enough

    def new_game(self) -> None:
        """New game ("Leave this game" when the page asks, during a game), then Start."""
        page = self.page
        page.click("#btn-new")
        page.wait_for_selector("#leave[open], #prompt button[data-action=start]")
        if page.locator("#leave[open]").count():
            page.click("#leave [data-action=leave]")
        if not self.table.button("start"):
            raise NoNewGame(page.inner_text("#prompt")[:200])

    def play_until_enough(self) -> None:
        """The scripted steps, rematch after a victory, one New game once ``want_new`` is set
        (then ``again``: the late reading is due)."""
        seen: set[str] = set()
        stuck = 0
        for _ in range(self.actions * 4):
            try:
                if self.want_new and not self.again:
                    self.new_game()
                    self.again = True
                    seen.clear()
                    continue
                if self.step(seen):
                    stuck = 0
            except (AssertionError, StopIteration, IndexError, ValueError) as exc:
                stuck = self.recover(exc, stuck)
        self.problems.append("the scripted game stopped before the actions asked for")

    def step(self, seen: set[str]) -> bool:
        """One step of the script: a rematch after a victory, the deployment, or an activation
        (then True)."""
        page, table = self.page, self.table
        if page.locator(".victory").count():
            self.stats["games_won"] += 1
            table.button("rematch")
            return False
        if table.pending()[0] == "place":
            e2e.deploy(table)
            return False
        turn = int(page.inner_text("#status").split("Activation ")[1].split(" ")[0])
        e2e.play_step(table, turn, seen)
        return True

    def recover(self, exc: Exception, stuck: int) -> int:
        """A rematch's dice may lead where the test's script does not go: step back (a New game
        after three steps back in a row); the count of steps back in a row."""
        self.stats["recoveries"] += 1
        stuck += 1
        self.problems.append(f"step skipped: {type(exc).__name__}: {exc}"[:200])
        self.page.keyboard.press("Escape")
        self.after_action()
        if stuck >= 3:
            self.new_game()
            stuck = 0
        return stuck


class BenchTable(pages.Table):
    """The page model, with the bench's bookkeeping after each of its actions."""

    def __init__(self, page: Any, run: ScriptedPlay) -> None:
        super().__init__(page)
        self.run = run

    def press(self, x: float, y: float) -> None:
        super().press(x, y)
        self.run.after_action()

    def drag(self, start: Any, end: Any, steps: int = 8) -> None:
        super().drag(start, end, steps)
        self.run.after_action()

    def button(self, action: str) -> bool:
        done = bool(super().button(action))
        if done and action in ("start", "rematch"):
            self.run.started = self.run.collect()
            if self.run.exposure_off():
                self.run.started = self.run.collect()  # the toggle is not one of its actions
            self.run.games += 1
        self.run.after_action()
        return done


def volley_run(browser: Browser, url: str, speed: str = "normal") -> dict[str, Any]:
    """Frame times during the computer's animated volley at ``speed``, and idle as long
    (``bench.volley``)."""
    problems: list[str] = []
    with browser.context() as ctx:
        page = guard_page(ctx, problems, speed=speed)
        figures = volley.volley_sample(page, url)
    return {**figures, "speed": speed, "problems": problems}
