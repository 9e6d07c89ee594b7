"""The browser layer: turns DOM events into ``serm.ui.events``, drives the game, and draws.

This package is the only part of serm that touches the DOM. Handlers are bound once, on containers
that are never redrawn (``#board``, ``#panel`` with the Menu sheet, ``#top``, ``#zoom-tools``,
``#card-info``, the document); the target is found from ``data-*`` attributes with ``closest``.
Each handler's proxy is created once at start-up, so redraws create no new proxies.

An event goes to ``serm.ui.driver.step`` (the pure reducer, then the engine for any action it
asks for); ``serm.web.paint`` then repaints what differs between the new ``(State, UI)`` and what
is on screen. The computer players think here, a slice between frames (``serm.web.thinking``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import js
from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window

from serm._build import BUILD_ID
from serm.core.actions import Concede
from serm.core.game import Game
from serm.core.record import RecordError
from serm.core.scenario import BUILT_IN, by_name
from serm.core.state import Status, new_game
from serm.ui import driver, friend, link, panel, rest, snapshot, zoom
from serm.ui.events import (
    REST_MS,
    REST_TASK_MS,
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
    Skip,
    Speed,
    Wheel,
    ZoomAt,
)
from serm.ui.help import HELP_HTML
from serm.ui.keys import repeats
from serm.ui.model import UI
from serm.ui.reduce import reduce
from serm.ui.replay import Frames, computer_seat, continued
from serm.ui.saves import (
    AUTOSAVE,
    MAX_BYTES,
    OTHER_TAB,
    Loaded,
    SaveError,
    SaveStore,
    decode,
    load_import,
)
from serm.ui.screen import computer_to_decide
from serm.ui.welcome import welcome_screen
from serm.view.beats import SPEEDS
from serm.view.model import ViewModel
from serm.view.render import SCALE, render
from serm.web import board_snapshot
from serm.web.course import CourseRunner
from serm.web.dom import attr, el, guard, null
from serm.web.friendplay import FriendPlay
from serm.web.pace import Skipper, store_speed, stored_speed
from serm.web.paint import Painter, keep_unit_again, newest_news
from serm.web.sheet import CLOSES, close_sheet, on_closed, open_sheet
from serm.web.storage import LocalStorage
from serm.web.taps import FOLLOW_UPS, TapGuard
from serm.web.thinking import SLICE_MS, THINK_LOG, Thinking, computer_players
from serm.web.viewer import Watch
from serm.web.warm import WARMERS, Warmer, warm_metrics

if TYPE_CHECKING:
    from serm.ai import Player

COMMANDS = frozenset(c.value for c in Command)


class App:
    """One page's game: the game, the screen's ``UI`` value, the computer players, the drawing."""

    def __init__(self) -> None:
        self.game: Game | None = None
        self.ui = UI()
        self.computers: dict[int, Player] = {}
        self.painter = Painter(lambda show: self.handle(ShowEnded(show), save=False))
        self.speed = stored_speed()
        """The speed actions are shown at (``serm.view.beats.SPEEDS``), kept in this browser."""
        el("speed").value = self.speed
        self.skipper = Skipper(lambda: self.ui.playback.playing, lambda: self.handle(Skip()))
        self.store = SaveStore(LocalStorage(), lambda: str(js.Date.new().toISOString()))
        self.notices: list[str] = []
        self.computer: dict[int, str] = {}
        self.referee = False
        self.thinking: Thinking | None = None
        self.thoughts = 0
        """How many decisions the computer has started thinking about (names each one's slices)."""
        self._slice_proxy = create_proxy(guard(self._think_slice))
        self.warmer = Warmer(lambda: self.thinking is not None or self.ui.playback.playing)
        WARMERS[:] = [self.warmer]
        self._rest_proxy = create_proxy(guard(self._on_rest))
        self._rest_timer: Any = None
        self.saved_snapshot = ""
        self.save_key = AUTOSAVE
        """Where this tab saves its game: the autosave, or the copy it keeps (``save_copy``)."""
        self.save_name = "Autosave"
        self.space = False
        """Space is held: a press on the board pans it (``PointerDown.pan``)."""
        self.pressed: Any = None
        """The button a finger pressed (acted on when it lets go of it there)."""
        self.taps = TapGuard()
        """Keeps a tap acted on at its lift from also clicking what it drew under the finger."""
        params = js.URLSearchParams.new(window.location.search)
        seed = "" if null(params.get("seed")) else str(params.get("seed"))
        self.seed = int(seed) if seed.isdigit() else None
        scen = "" if null(params.get("scenario")) else str(params.get("scenario"))
        self.scenario = scen if scen in BUILT_IN else "default"
        self._import_proxy = create_proxy(guard(self.import_text))
        self._watch_file_proxy = create_proxy(guard(self.watch_text))
        self.watching: Watch | None = None
        """The replay viewer, while it is open over the game (or the start screen)."""
        self.course = CourseRunner(self)
        """The course "Learn in 3 minutes", shown over the start screen."""
        self.friend = FriendPlay(self)
        """Games by link: the friend's seat, the box that sends the link, links opened."""
        board = el("board")
        self._proxies = [
            self._bind(board, "pointerdown", self.on_pointer_down, passive=False),
            self._bind(board, "pointermove", self.on_pointer_move),
            self._bind(board, "pointerup", self.on_pointer_up),
            self._bind(board, "pointercancel", self.on_pointer_cancel),
            self._bind(board, "lostpointercapture", self.on_pointer_cancel),
            self._bind(board, "wheel", self.on_wheel, passive=False),
            *(
                self._bind(el(box), kind, fn)
                for box in ("top", "panel", "zoom-tools", "card-info")
                for kind, fn in (
                    ("click", self.on_click),
                    ("pointerdown", self.on_button_down),
                    ("pointerup", self.on_button_up),
                )
            ),
            *(
                self._bind(document, kind, self.skipper.on_event, passive=False, capture=True)
                for kind in ("pointerdown", "pointerup", "click", "keydown")
            ),
            *(
                self._bind(document, kind, self.taps.on_event, passive=False, capture=True)
                for kind in ("pointerdown", "keydown", *FOLLOW_UPS)
            ),
            self._bind(document, "keydown", self.on_key, passive=False),
            self._bind(document, "keyup", self.on_key_up),
            self._bind(el("panel"), "change", self.on_change),
            self._bind(el("panel"), "input", self.on_input),
            self._bind(window, "hashchange", lambda _event: self.open_link()),
            self._bind(el("sheet"), "close", on_closed),
            self._bind(window, "storage", self.on_storage),
            self._bind(window, "pagehide", self.on_leave),
            self._bind(document, "visibilitychange", self.on_leave),
        ]
        # The board's box changes with the window and with the page's layout (the panel beside
        # or below it): measure --unit again then, after the browser's own layout
        # (serm.web.paint.keep_unit_again; one observer for both, not a window resize listener),
        # and keep the newest news in view as its lines wrap anew.
        self._resized = create_proxy(guard(self._on_resized))
        self._resize_observer = js.ResizeObserver.new(self._resized)
        self._resize_observer.observe(el("board-view"))

    @staticmethod
    def _on_resized(_entries: Any, _observer: Any) -> None:
        keep_unit_again()
        newest_news()

    def _bind(
        self, target: Any, kind: str, fn: Any, passive: bool = True, capture: bool = False
    ) -> Any:
        proxy = create_proxy(guard(fn))
        opts = to_js({"passive": passive, "capture": capture}, dict_converter=js.Object.fromEntries)
        target.addEventListener(kind, proxy, opts)
        return proxy

    # --- games ----------------------------------------------------------------------------------

    def show_welcome(self, fresh_board: bool = False) -> None:
        """The start screen; ``fresh_board``: draw its board even over a waiting game's board
        drawn first (the viewer had the board)."""
        self._drop_watch()
        self.game = None
        el("saves").hidden = True  # its buttons need a game
        close_sheet()  # the start screen is in the bar
        waiting = self.store.info(AUTOSAVE)
        resume = ""
        if waiting is not None and waiting.status != Status.FINISHED:
            resume = panel.resume_text(waiting)
        # The same markup as the page drawn before Python ran (serm.ui.welcome): nothing moves.
        self.course.course = None
        screen = welcome_screen(self.scenario, self.computer, resume, course=self.course.offer())
        el("status").innerHTML = screen.status
        el("prompt").innerHTML = screen.prompt
        self._show_notices()
        if fresh_board or not (resume and board_snapshot.shown_first()):  # else: it stays
            el("board-view").innerHTML = screen.board
        self.painter.clear()
        self._set_game_buttons(False)
        self.friend.after_draw()  # no game: no link to send

    def start(
        self, scenario: str, computer: dict[int, str] | None = None, referee: bool | None = None
    ) -> None:
        self.scenario = scenario if scenario in BUILT_IN else "default"
        if computer is None:
            computer = self.computer
        self.computer = computer
        if referee is None:
            referee = self.referee
        self.referee = referee
        scen = by_name(self.scenario, self.seed or 0)
        first = self.store.info(AUTOSAVE) is None and not self.store.slots()
        game = driver.new_game(scen, self.seed, computer, referee)
        self.seed = None  # a rematch gets fresh dice
        el("saves").hidden = True  # a new game starts with the board and its prompt in view
        self._use(Loaded(game, {}), first=first)

    def exposure_on(self) -> None:
        """Turn the Exposure view on for the game shown (a first game after the course)."""
        if self.game is not None and not self.ui.settings.exposure:
            self.handle(Press(Command.EXPOSURE))

    def _use(self, loaded: Loaded, first: bool = False, claim: bool = True) -> None:
        """Show ``loaded``'s game, with the screen it was saved with (empty for a new game), and
        make it the autosave: a new game, an import or a named save replaces what is there
        (``claim``: the player chose it; another tab playing that game is told); ``first``: no
        game was played in this browser before (``driver.open_ui``)."""
        self.save_key, self.save_name = AUTOSAVE, "Autosave"
        self._show(loaded, first)
        self.autosave(claim=claim)

    def _show(self, loaded: Loaded, first: bool = False) -> None:
        self._drop_watch()  # a game opened from the menu replaces the viewer
        close_sheet()  # the board and the bar, wherever the button was
        game = loaded.game
        self.game = game
        self.ui = driver.open_ui(game, loaded.ui or None, first)
        self.ui, _ = reduce(self.ui, game.state, Speed(self.speed))
        self.computers = computer_players(game.record)
        self.thinking = None
        self.scenario = game.record.scenario.name.split("-")[0]
        self.painter.clear()
        self._set_game_buttons(True)
        self.friend.adopt(game)  # a game by link: the friend's seat, its own save
        self.draw()

    def handle(self, event: Event, save: bool = True) -> bool:
        """Send ``event`` through the reducer and the engine, then draw; True if anything
        changed (the caller then keeps the browser from acting on the event too)."""
        game = self.game
        if game is None or self.watching is not None:
            return False
        before = self.ui
        stepped = driver.step(game, before, event)
        self.ui = stepped.ui
        changed = len(stepped.states) > 1 or stepped.ui != before
        if changed:
            self.draw()
            if save:
                self.autosave()
        if changed or self._rest_timer is None:
            self._rest_later(now=isinstance(event, Rest))
        return changed

    def _rest_later(self, now: bool) -> None:
        """While work waits for a free page (``serm.ui.rest.wanted``: an aimed Move's outlook,
        the Exposure view): send ``Rest`` once the input has rested ``REST_MS``, or, after a
        task of steps (``_on_rest``), as soon as the page is free."""
        if self._rest_timer is not None:
            js.clearTimeout(self._rest_timer)
            self._rest_timer = None
        game = self.game
        if game is not None and rest.wanted(game.state, self.ui):
            self._rest_timer = js.setTimeout(self._rest_proxy, 0 if now else REST_MS)

    def _on_rest(self) -> None:
        """Steps of the resting work (``Rest``, each small) for up to ``REST_TASK_MS``, then
        one drawing: a task of the page stays short, the drawing is paid once per task."""
        self._rest_timer = None
        game = self.game
        if game is None:
            return
        now = window.performance.now
        started = float(now())
        before = ui = self.ui
        while True:
            ui = driver.step(game, ui, Rest()).ui  # a Rest never plays an action
            if float(now()) - started >= REST_TASK_MS or not rest.wanted(game.state, ui):
                break
        self.ui = ui
        if ui != before:
            self.draw()
        self._rest_later(now=True)

    def enter_dice(self) -> None:
        boxes = document.querySelectorAll("#prompt input.die-input")
        text = "|".join(str(boxes.item(i).value) for i in range(boxes.length))
        self.handle(Dice(text))
        first = document.querySelector("#prompt input.die-input")
        if not null(first):
            first.focus()

    def _chosen_table(self) -> str:
        """The table picked on the start screen (``help.table_picker``)."""
        picked = document.querySelector("#prompt input[name=scenario]:checked")
        return self.scenario if null(picked) else str(picked.value)

    def _chosen_computers(self) -> dict[int, str]:
        out = {}
        for p in (1, 2):
            field_ = el(f"player-{p}")
            value = str(field_.value) if field_ is not None else "human"
            if value != "human":
                out[p] = value
        return out

    # --- the computer opponent: thinks in slices so the page never freezes -----------------------

    def _maybe_think(self) -> None:
        game = self.game
        if self.watching is not None or game is None or self.thinking is not None:
            return
        if self.ui.playback.playing:
            return  # the computer's next step waits until its last one has been seen
        if not computer_to_decide(game.state, self.ui):
            return
        p = game.state.pending
        assert p is not None
        player = self.computers[p.player]
        if not getattr(player, "ready", True):
            return  # a friend by link decides on their own device
        strength = str(getattr(player, "name", "computer"))
        self.thoughts += 1
        self.thinking = Thinking(game, iter(player.think(game.state)), strength, p.kind)
        js.setTimeout(self._slice_proxy, 60, self.thoughts)  # let the board show the last move

    def _think_slice(self, thought: int) -> None:
        th, game = self.thinking, self.game
        if th is None or thought != self.thoughts:
            return  # a slice of a decision given up (a new game was started)
        if game is None or th.game is not game or not computer_to_decide(game.state, self.ui):
            self.thinking = None  # conceded
            return
        if self.watching is not None:
            self.thinking = None  # thought again once the viewer is closed (draw)
            return
        now = window.performance.now
        started = float(now())
        if th.started is None:
            th.started = started
        while float(now()) - started < SLICE_MS:
            action = next(th.steps, None)
            if action is None and self._exhausted(th.steps):
                raise RuntimeError("the computer player stopped without an action")
            if action is not None:
                chosen = float(now())
                self.thinking = None
                stepped = driver.play(game, self.ui, action, human=False)
                self.ui = stepped.ui
                th.log(chosen - started, float(now()))
                self.draw()
                self.autosave()
                return
        th.end_slice(float(now()) - started)
        js.setTimeout(self._slice_proxy, 0, thought)

    @staticmethod
    def _exhausted(steps: Any) -> bool:
        return getattr(steps, "gi_frame", True) is None  # a finished generator has no frame

    def resume(self) -> None:
        loaded = self.store.open(AUTOSAVE)
        if loaded is None:
            self.show_welcome()  # says why, and offers Continue no more if it is gone
            return
        el("saves").hidden = True
        self._use(loaded, claim=False)  # the autosave itself: saved over only if nothing is lost

    def autosave(self, claim: bool = False) -> None:
        """Save the game and what the screen is in the middle of, at once (every action, so a
        tab closed right after one keeps it), unless nothing changed since the last save. The
        store refuses to write over another tab's progress (``OTHER_TAB``)."""
        game = self.game
        if game is None:
            return
        snap = f"{len(game.record.actions)}:{snapshot.to_dict(self.ui)}"
        if snap == self.saved_snapshot and not claim:
            return
        if self.save_key == AUTOSAVE:
            problem = self.store.autosave(game, self.ui, claim)
        else:
            problem = self.store.save_slot(game, self.ui, self.save_name, self.save_key)
        if problem is None:
            self.saved_snapshot = snap
            if self.save_key == AUTOSAVE:
                board_snapshot.after_autosave(game, self.store)  # what a returning player sees
        elif problem not in self.notices:
            self.notices.append(problem)
            self._show_notices()

    def on_leave(self, event: Any) -> None:
        """The page is hidden or left (tab closed, app switched): save what is not saved yet."""
        if str(document.visibilityState) == "hidden" or str(event.type) == "pagehide":
            self.autosave()

    def _show_notices(self) -> None:
        for p in self.store.problems:
            if p not in self.notices:
                self.notices.append(p)
        self.store.problems.clear()
        box = el("notice")
        box.innerHTML = panel.notice_html(self.notices, self.game is not None)
        box.hidden = not self.notices

    def _set_game_buttons(self, on: bool) -> None:
        for id_ in ("btn-los", "btn-concede", "btn-zoom-in", "btn-zoom-out", "btn-zoom-fit"):
            el(id_).disabled = not on

    # --- drawing --------------------------------------------------------------------------------

    def draw(self) -> None:
        """Repaint what changed (``Painter.paint``, which starts or stops the show of what was
        just played), then let a computer think if it decides and no show plays, and arm the
        resting work (the Exposure view) for whatever the screen now shows: after the
        computer's move no input comes to arm it (``handle``)."""
        assert self.game is not None
        if self.watching is not None:
            return  # the viewer has the board; closing it paints the game again
        self.painter.paint(self.game, self.ui)
        self._maybe_think()
        self.friend.after_draw()
        self.warmer.schedule(self.game.state)
        if self._rest_timer is None:
            self._rest_later(now=False)

    # --- events ---------------------------------------------------------------------------------

    def _board_point(self, event: Any) -> tuple[float, float] | None:
        svg = el("board-svg")
        if svg is None:
            return None
        pt = svg.createSVGPoint()
        pt.x, pt.y = event.clientX, event.clientY
        ctm = svg.getScreenCTM()
        if null(ctm):
            return None
        p = pt.matrixTransform(ctm.inverse())
        return float(p.x) / SCALE, float(p.y) / SCALE

    @staticmethod
    def _hit(event: Any) -> Hit:
        target = event.target
        if null(target) or not hasattr(target, "closest"):
            return Hit()
        handle = not null(target.closest("[data-handle]"))
        card = target.closest("[data-card]")
        if null(card):
            return Hit(handle=handle)
        player = attr(card, "data-player")
        return Hit(
            player=int(player) if player.isdigit() else None,
            card=attr(card, "data-card") or None,
            handle=handle,
        )

    def on_pointer_down(self, event: Any) -> None:
        """A press on the board: the primary button or a finger, or the middle button (or any
        press with Space held), which only pans. The zoom buttons take their own clicks."""
        middle = event.button == 1
        if event.button not in (0, -1) and not middle:
            return
        if not null(event.target.closest("#zoom-tools, #card-info")):
            return
        pos = self._board_point(event)
        if pos is None:
            return
        event.preventDefault()
        el("board").setPointerCapture(event.pointerId)
        pan = middle or self.space
        touch = str(event.pointerType) != "mouse"
        hit = self._hit(event)
        self.handle(PointerDown(pos[0], pos[1], hit, int(event.pointerId), pan, touch))

    def on_pointer_move(self, event: Any) -> None:
        if self.ui.playback.playing:
            return  # the cards are being shown moving: a hover redraws none of them
        pos = self._board_point(event)
        if pos is not None:
            hit, touch = self._hit(event), str(event.pointerType) != "mouse"
            self.handle(PointerMove(pos[0], pos[1], hit, int(event.pointerId), touch), save=False)

    def on_pointer_up(self, event: Any) -> None:
        pos = self._board_point(event) or (0.0, 0.0)
        touch = str(event.pointerType) != "mouse"
        hit = self._hit(event)
        self.handle(PointerUp(pos[0], pos[1], hit, touch, int(event.pointerId)))
        self.taps.acted(event)  # what the lift drew under the finger takes no click from it

    def on_pointer_cancel(self, event: Any) -> None:
        """The browser took the pointer (a scroll began, capture lost): the drag never happened.
        (Capture is also lost after every release; by then the pointer is no longer pressed.)"""
        self.handle(PointerCancel(int(event.pointerId)))

    def on_wheel(self, event: Any) -> None:
        """The wheel turns what is being turned; with Ctrl (a trackpad pinch sends Ctrl too) it
        zooms about the pointer instead of zooming the page."""
        if event.ctrlKey:
            event.preventDefault()
            pos = self._board_point(event)
            if pos is not None:
                factor = zoom.wheel_factor(float(event.deltaY))
                self.handle(ZoomAt(pos[0], pos[1], factor), save=False)
            return
        if self.handle(Wheel(float(event.deltaY))):
            event.preventDefault()

    def on_key_up(self, event: Any) -> None:
        if str(event.key) == " ":
            self.space = False

    def on_key(self, event: Any) -> None:
        tag = str(getattr(event.target, "tagName", "") or "").lower()
        if tag == "input" and "die-input" in str(event.target.className) and event.key == "Enter":
            self.enter_dice()
            return
        if tag == "input" and str(event.target.id) == "save-name" and event.key == "Enter":
            self.save_slot()
            return
        if tag in ("input", "select", "textarea") or event.ctrlKey or event.metaKey or event.altKey:
            return
        leave = el("leave")
        if leave is not None and leave.open:
            return  # its buttons take Enter, Space and Tab, and Escape closes it
        if event.key == "Enter" and tag == "button":
            return  # let the focused button do its own click
        if self.watching is not None:
            if str(event.key) == "Escape":
                self.close_watch()
            elif self.watching.key(str(event.key)):
                event.preventDefault()
            return
        if str(event.key) == " ":
            self.space = True  # held with a press on the board, it pans
        if event.repeat and not repeats(str(event.key)):
            return  # a held key answers one prompt, not the next ones too
        if self.handle(Key(str(event.key), bool(event.shiftKey))):
            event.preventDefault()

    @staticmethod
    def _button(event: Any) -> Any:
        target = event.target
        btn = target.closest("[data-action]") if hasattr(target, "closest") else None
        return None if btn is None or null(btn) or btn.disabled else btn

    def on_button_down(self, event: Any) -> None:
        """A finger pressed a button: remember it (``on_button_up`` acts on it)."""
        touch = str(event.pointerType) != "mouse"
        self.pressed = self._button(event) if touch else None

    def on_button_up(self, event: Any) -> None:
        """A finger let go of the button it pressed: act now. A browser may send no click for
        a tap right after a flick or a quick tap before it (taken for a fling's end or a
        double tap); the click that may still follow is kept from whatever the tap drew under
        the finger (``TapGuard``)."""
        btn, self.pressed = self.pressed, None
        if btn is None or str(event.pointerType) == "mouse" or self._button(event) != btn:
            return
        self._act(btn)
        self.taps.acted(event)

    def on_click(self, event: Any) -> None:
        btn = self._button(event)
        if btn is None:
            return
        if int(event.detail or 0) > 1:
            return  # the 2nd click of a double click would land on the next prompt's button
        self._act(btn)

    def _act(self, btn: Any) -> None:
        action = attr(btn, "data-action")
        arg = attr(btn, "data-arg")
        app_actions = {
            "new": self.new_game,
            "leave": self.leave,
            "stay": self.stay,
            "start": lambda: self.start(
                self._chosen_table(), self._chosen_computers(), bool(el("referee").checked)
            ),
            "dice": self.enter_dice,
            "continue": self.resume,
            "saves": self.toggle_saves,
            "slot-save": self.save_slot,
            "slot-load": lambda: self.load_slot(arg),
            "slot-rename": lambda: self.rename_slot(arg),
            "slot-delete": lambda: self.delete_slot(arg),
            "dismiss": self.dismiss,
            "rematch": lambda: self.start(self.scenario),
            "download": self.download,
            "help": self.toggle_help,
            "concede": self.concede,
            "menu": open_sheet,
            "close-menu": close_sheet,
            "open-newer": self.open_newer,
            "save-copy": self.save_copy,
            "slot-watch": lambda: self.watch_slot(arg),
            "watch-game": lambda: self.watch_game(share=False),
            "share-game": lambda: self.watch_game(share=True),
            "replay": lambda: self._in_viewer(lambda w: w.press(arg)),
            "replay-speed": lambda: self._in_viewer(Watch.speed),
            "replay-share": lambda: self._in_viewer(Watch.share),
            "replay-ask": lambda: self._in_viewer(lambda w: w.press("ask")),
            "replay-continue": lambda: self.continue_from(arg),
            "replay-close": self.close_watch,
        }
        app_actions.update(self.friend.actions())
        if not null(btn.closest("#controls")):
            btn.blur()  # Enter and Space go back to the game, not to this button
        if action in CLOSES:
            close_sheet()  # on a phone: back to the board (a confirm shows over it)
        if action in app_actions:
            app_actions[action]()
        elif action.startswith("course"):
            self.course.act(action, btn)
        elif action in COMMANDS:
            self.handle(Press(Command(action), arg))

    # --- saves ----------------------------------------------------------------------------------

    def toggle_saves(self, refresh: bool = False) -> None:
        box = el("saves")
        if not refresh:
            box.hidden = not box.hidden
        if not box.hidden:
            box.innerHTML = panel.saves_html(self.store.slots(), self.game is not None)
            self._show_notices()

    def save_slot(self) -> None:
        if self.game is None:
            return
        field_ = el("save-name")
        name = str(field_.value) if field_ is not None else ""
        problem = self.store.save_slot(self.game, self.ui, name or "Game")
        if problem:
            self.notices.append(problem)
            self._show_notices()
        self.toggle_saves(refresh=True)

    def new_game(self) -> None:
        """The start screen; during a game not yet over, first ask in the page (``#leave``)."""
        game, box = self.game, el("leave")
        if game is None or game.state.status == Status.FINISHED or box is None:
            self.show_welcome()
        elif not box.open:
            box.showModal()

    def leave(self) -> None:
        """ "Leave this game" in ``#leave``: the start screen."""
        self.stay()
        self.show_welcome()

    @staticmethod
    def stay() -> None:
        """ "Keep playing" in ``#leave`` (Escape too closes it): back to the game."""
        box = el("leave")
        if box is not None and box.open:
            box.close()

    def _leave_game(self) -> bool:
        """Ask before leaving a game in progress that is not saved under a name."""
        game = self.game
        if game is None or game.state.status == Status.FINISHED:
            return True
        return bool(
            window.confirm(
                "Leave this game? It stays as the autosave until you "
                "start or load another (use Saves to keep it)."
            )
        )

    def load_slot(self, key: str) -> None:
        if not self._leave_game():
            return
        loaded = self.store.open(key)
        if loaded is None:
            self._show_notices()
            self.toggle_saves(refresh=True)
            return
        self._use(loaded)
        self.toggle_saves()

    def rename_slot(self, key: str) -> None:
        name = window.prompt("New name for this save:")
        if null(name) or not str(name).strip():
            return
        problem = self.store.rename(key, str(name))
        if problem:
            self.notices.append(problem)
            self._show_notices()
        self.toggle_saves(refresh=True)

    def delete_slot(self, key: str) -> None:
        if window.confirm("Delete this saved game?"):
            self.store.delete(key)
            self.toggle_saves(refresh=True)

    def on_storage(self, event: Any) -> None:
        """Another tab of this site wrote to the storage. If it went further in the game this
        tab saves to, say so now (this tab's next save would be refused anyway); if it cleared
        the storage, save this tab's game again."""
        game = self.game
        if game is None:
            return
        if null(event.key):  # localStorage.clear() in another tab
            self.saved_snapshot = ""
            self.autosave()
        elif str(event.key) == self.save_key and self.store.behind(self.save_key, game):
            if OTHER_TAB not in self.notices:
                self.notices.append(OTHER_TAB)
                self._show_notices()

    def open_newer(self) -> None:
        """Show the game another tab went on with, in place of this tab's."""
        loaded = self.store.open(self.save_key)
        self.notices = [m for m in self.notices if m != OTHER_TAB]
        if loaded is None:
            self._show_notices()
            return
        self._show(loaded)
        self.saved_snapshot = ""
        self.autosave()
        self._show_notices()

    def save_copy(self) -> None:
        """Keep this tab's game under a new name, and go on saving it there; the other tab's
        game stays where it was."""
        game = self.game
        if game is None:
            return
        key = self.store.new_slot_key()
        name = f"{game.record.scenario.name} game kept from another tab"
        problem = self.store.save_slot(game, self.ui, name, key)
        self.notices = [m for m in self.notices if m != OTHER_TAB]
        if problem is None:
            self.save_key, self.save_name = key, name
            self.notices.append(
                f'This game is kept as the saved game "{name}" (see Saves), and its moves go on '
                "being saved there. The other tab's game is still the one waiting to continue."
            )
        elif problem not in self.notices:
            self.notices.append(problem)
        self._show_notices()

    def dismiss(self) -> None:
        self.notices.clear()
        self._show_notices()

    def on_change(self, event: Any) -> None:
        target = event.target
        if not null(target) and str(target.id) == "speed":
            self.set_speed(str(target.value))
            return
        if not null(target) and str(target.name) == "scenario" and self.game is None:
            self.scenario = str(target.value) if str(target.value) in BUILT_IN else "default"
            preview = new_game(by_name(self.scenario, 0))  # the board shows the table picked
            el("board-view").innerHTML = render(preview, ViewModel())
            return
        if not null(target) and str(target.id).startswith("player-"):
            if str(target.value) != "human":  # load the computer player now, not at Start
                js.setTimeout(create_once_callable(guard(_preload_ai)), 50)
            return
        if not null(target) and str(target.id) == "watch-file" and target.files.length:
            file = target.files.item(0)
            target.value = ""
            if int(file.size) > MAX_BYTES:
                self._watch_failed(f"the file is too large ({int(file.size) // 1000} kB)")
                return
            file.text().then(self._watch_file_proxy)
            return
        if null(target) or str(target.id) != "import-file" or target.files.length == 0:
            return
        file = target.files.item(0)
        target.value = ""
        if int(file.size) > MAX_BYTES:
            self._import_failed(f"the file is too large ({int(file.size) // 1000} kB)")
            return
        promise = file.text()
        promise.then(self._import_proxy)

    # --- the replay viewer ------------------------------------------------------------------------

    def on_input(self, event: Any) -> None:
        """The viewer's slider is dragged: show each position as it passes."""
        target = event.target
        if self.watching is not None and not null(target) and str(target.id) == "replay-slider":
            self.watching.seek(str(target.value))

    def _in_viewer(self, fn: Callable[[Watch], None]) -> None:
        if self.watching is not None:
            fn(self.watching)

    def open_watch(self, frames: Frames, names: tuple[str, str], at_end: bool = False) -> None:
        """Open the replay viewer on ``frames`` over what is shown (the game stays as it is)."""
        if self.watching is not None:
            self.watching.close()
        close_sheet()
        el("saves").hidden = True
        self.watching = Watch(frames, names, at_end, self.speed)
        self.watching.draw()

    def _drop_watch(self) -> None:
        """Close the viewer without drawing what is under it (something else is shown)."""
        watching, self.watching = self.watching, None
        if watching is not None:
            watching.close()

    def close_watch(self) -> None:
        """Back to the game (or the start screen) as it was before the viewer opened."""
        watching, self.watching = self.watching, None
        if watching is None:
            return
        watching.close()
        if window.location.hash and link.is_link(str(window.location.hash)):
            window.history.replaceState(None, "", window.location.pathname)  # the link is read
        if self.game is not None:
            self.painter.clear()
            self.draw()
        else:
            self.show_welcome(fresh_board=True)

    def watch_game(self, share: bool) -> None:
        """Watch the game on screen (from the victory screen), at its end; ``share``: share it."""
        game = self.game
        if game is None:
            return
        self.open_watch(Frames.of(game.record), self.ui.seats.names, at_end=True)
        if share and self.watching is not None:
            self.watching.share()

    def watch_slot(self, key: str) -> None:
        """Watch a saved game (its record; the save is only read)."""
        loaded = self.store.open(key)
        if loaded is None:
            self._show_notices()
            self.toggle_saves(refresh=True)
            return
        record = loaded.game.record
        self.open_watch(Frames.of(record), _names(record.players))

    def watch_text(self, text: Any) -> None:
        """Watch a game file (a save or an exported record); it is not imported."""
        try:
            record = decode(str(text)).record
            frames = Frames.of(record)
        except SaveError as exc:
            self._watch_failed(str(exc))
            return
        except RecordError as exc:
            self._watch_failed(f"the game does not replay: {exc.for_people()}")
            return
        self.open_watch(frames, _names(record.players))

    def _watch_failed(self, why: str) -> None:
        self.notices.append(f"Cannot watch that file: {why}. Nothing was changed.")
        self._show_notices()

    def open_link(self) -> None:
        """Open the viewer on the record in the page's link (``#watch=...``), if it has one; a
        link that cannot be watched is told in words, and no saved game is touched."""
        fragment_text = str(window.location.hash or "")
        if friend.is_link(fragment_text):
            self.friend.open(fragment_text)
            return
        if not link.is_link(fragment_text):
            return
        try:
            record = link.read(fragment_text)
            frames = Frames.of(record)
        except link.LinkError as exc:
            self._link_failed(str(exc))
            return
        except RecordError as exc:
            self._link_failed(
                f"This replay link's game does not replay ({exc.for_people()}). "
                "Ask for the link again."
            )
            return
        self.notices = [m for m in self.notices if not m.startswith("This replay link")]
        self._show_notices()
        self.open_watch(frames, _names(record.players))

    def _link_failed(self, why: str) -> None:
        if why not in self.notices:
            self.notices.append(f"{why} Nothing was changed.")
        self._show_notices()

    def continue_from(self, how: str) -> None:
        """Play on from the viewer's position as a new game (hot-seat or against the computer),
        with fresh dice; the record watched is left as it is."""
        watching = self.watching
        if watching is None or not self._leave_game():
            return
        frames, index = watching.frames, watching.viewer.index
        computer = {computer_seat(frames, index): "normal"} if how == "computer" else {}
        seed = int(js.Math.floor(js.Math.random() * 2**31))
        game = continued(frames, index, seed, computer)
        watching.close()
        self.watching = None
        if window.location.hash and link.is_link(str(window.location.hash)):
            window.history.replaceState(None, "", window.location.pathname)
        self.computer = {p: s for p, s in computer.items()}
        self._use(Loaded(game, {}))

    def import_text(self, text: Any) -> None:
        self.notices = [m for m in self.notices if not m.startswith(("Import failed", "Imported"))]
        try:
            loaded = load_import(str(text))
        except SaveError as exc:
            self._import_failed(str(exc))
            return
        if not self._leave_game():
            self._show_notices()
            return
        self._use(loaded)
        el("saves").hidden = True
        record, st = loaded.game.record, loaded.game.state
        self.notices.append(
            f"Imported a game on the {record.scenario.name} table "
            f"({len(record.actions)} actions, {st.status})."
        )
        self._show_notices()

    def _import_failed(self, why: str) -> None:
        self.notices = [m for m in self.notices if not m.startswith(("Import failed", "Imported"))]
        self.notices.append(f"Import failed: {why}. Nothing was changed.")
        self._show_notices()

    def set_speed(self, name: str) -> None:
        """The speed actions are shown at, picked in the menu: kept for every game here."""
        if name not in SPEEDS:
            return
        self.speed = name
        store_speed(name)
        if self.game is not None:
            self.handle(Speed(name), save=False)

    def toggle_help(self) -> None:
        box = el("help")
        if not box.innerHTML:
            box.innerHTML = HELP_HTML
        box.hidden = not box.hidden

    def concede(self) -> None:
        game = self.game
        if game is None or game.state.status == Status.FINISHED or self.watching is not None:
            return  # (the viewer shows another position than the game's)
        player = driver.conceding_player(game.state, self.ui)
        if window.confirm(f"{self.ui.seats.name(player)}: concede the game?"):
            stepped = driver.play(game, self.ui, Concede(player), human=True)
            self.ui = stepped.ui
            self.draw()
            self.autosave()

    def download(self) -> None:
        if self.game is None:
            return
        text = self.game.record.to_json()
        blob = js.Blob.new(
            [text], to_js({"type": "application/json"}, dict_converter=js.Object.fromEntries)
        )
        url = js.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href = url
        link.download = "serm-game.json"
        document.body.appendChild(link)
        link.click()
        link.remove()
        js.setTimeout(create_once_callable(lambda: js.URL.revokeObjectURL(url)), 1000)


def _names(players: dict[int, dict[str, str]]) -> tuple[str, str]:
    """The two players' names in a record."""
    one, two = (players.get(p, {}).get("name", f"Player {p}") for p in (1, 2))
    return one, two


def _preload_ai() -> None:
    import serm.ai  # noqa: F401 - compiles the computer player's modules while the player waits


def _metrics(what: str = "memory") -> Any:
    """Measurement hook for the benches (``window.__serm_metrics``).

    ``"memory"`` (``python -m serm bench web``): collect garbage, size the Python heap.
    ``"think"`` (``python -m serm bench ai --browser``): the computer's decisions timed since the
    last call (``THINK_LOG``), oldest first; the log is emptied.
    ``"sight"`` (tests/browser/test_warm.py): the idle work on sight regions (``warm_metrics``).
    """
    if what == "sight":
        return to_js(warm_metrics(), dict_converter=js.Object.fromEntries)
    if what == "think":
        done = list(THINK_LOG)
        THINK_LOG.clear()
        return to_js(done, dict_converter=js.Object.fromEntries)
    import gc

    gc.collect()
    found = gc.get_objects()
    proxies = sum(1 for o in found if type(o).__module__ == "pyodide.ffi")
    out = {"py_objects": len(found), "py_jsproxies": proxies}
    return to_js(out, dict_converter=js.Object.fromEntries)


def main() -> App:
    window.__serm_metrics = create_proxy(_metrics)  # read by python -m serm bench web and ai
    app = App()
    app.show_welcome()
    app.open_link()  # a replay link (#watch=...) opens the viewer over the start screen
    for button in document.querySelectorAll("#controls button, #btn-menu"):
        button.disabled = False
    app._set_game_buttons(False)
    el("loading").hidden = True
    el("game").removeAttribute("aria-busy")
    document.documentElement.dataset.build = BUILD_ID  # the tests match it to <meta serm-build>
    window.performance.mark("serm:interactive")
    return app
