"""Input in the page: pointer, wheel, keys, buttons and form fields, turned into the screen's
events (``serm.ui.events``, for the game) or the app's (``serm.ui.app_state``, around it).

Handlers are bound once, on containers that are never redrawn (``#board``, ``#panel`` with the
Menu sheet, ``#top``, ``#zoom-tools``, ``#card-info``, the document); the target is found from
``data-*`` attributes with ``closest``. Each handler's proxy is created once at start-up, so
redraws create no new proxies.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import js
from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window

from serm.core.scenario import BUILT_IN
from serm.ui import app_state as a
from serm.ui import zoom
from serm.ui.events import (
    Hit,
    Key,
    PointerCancel,
    PointerDown,
    PointerLeft,
    PointerMove,
    PointerUp,
    Wheel,
    ZoomAt,
)
from serm.ui.keys import repeats
from serm.ui.saves import MAX_BYTES
from serm.view.render import SCALE
from serm.web.dom import attr, el, guard, null
from serm.web.paint import keep_unit_again, more_below, newest_news
from serm.web.sheet import on_closed
from serm.web.taps import FOLLOW_UPS, TapGuard

if TYPE_CHECKING:
    from serm.web.app import App

DIALOGS = "#leave[open], #ask[open]"
"""The page's questions while open: they take the keys."""


class Input:
    """Every listener of the page, bound once; see the module docstring."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.space = False
        """Space is held: a press on the board pans it (``PointerDown.pan``)."""
        self.pressed: Any = None
        """The button a finger pressed (acted on when it lets go of it there)."""
        self.taps = TapGuard()
        """Keeps a tap acted on at its lift from also clicking what it drew under the finger."""
        self._import_proxy = create_proxy(guard(lambda text: app.slots.import_text(str(text))))
        self._watch_file_proxy = create_proxy(guard(lambda text: app.viewer.watch_text(str(text))))
        self.proxies = self._bind_all()
        # The board's box changes with the window and with the page's layout (the panel beside
        # or below it): measure --unit again then, after the browser's own layout
        # (serm.web.paint.keep_unit_again; one observer for both, not a window resize listener),
        # and keep the newest news in view as its lines wrap anew; measure what the zoom buttons
        # cover of the board again and place the labels anew when that changed (the game's, the
        # viewer's and a lesson's board).
        self._resized = create_proxy(guard(self._on_resized))
        self.resize_observer = js.ResizeObserver.new(self._resized)
        self.resize_observer.observe(el("board-view"))
        self.resize_observer.observe(el("panel"))  # the bar alone (serm.web.paint.more_below)

    def _on_resized(self, _entries: Any, _observer: Any) -> None:
        keep_unit_again()
        newest_news()
        more_below()
        play = self.app.play
        if play.painter.remeasure():
            play.draw()
        self.app.viewer.remeasured()
        self.app.course.remeasured()

    def _bind_all(self) -> list[Any]:
        board, skipper = el("board"), self.app.play.skipper
        return [
            _bind(board, "pointerdown", self.on_pointer_down, passive=False),
            _bind(board, "pointermove", self.on_pointer_move),
            _bind(board, "pointerup", self.on_pointer_up),
            _bind(board, "pointercancel", self.on_pointer_cancel),
            _bind(board, "pointerleave", self.on_pointer_leave),
            _bind(board, "lostpointercapture", self.on_pointer_cancel),
            _bind(board, "wheel", self.on_wheel, passive=False),
            *(
                _bind(el(box), kind, fn)
                for box in ("top", "panel", "zoom-tools", "card-info")
                for kind, fn in (
                    ("click", self.on_click),
                    ("pointerdown", self.on_button_down),
                    ("pointerup", self.on_button_up),
                )
            ),
            *(
                _bind(document, kind, skipper.on_event, passive=False, capture=True)
                for kind in ("pointerdown", "pointerup", "click", "keydown")
            ),
            *(
                _bind(document, kind, self.taps.on_event, passive=False, capture=True)
                for kind in ("pointerdown", "keydown", *FOLLOW_UPS)
            ),
            _bind(document, "keydown", self.on_key, passive=False),
            _bind(document, "keyup", self.on_key_up),
            _bind(el("panel"), "change", self.on_change),
            _bind(el("panel"), "input", self.on_input),
            _bind(el("panel"), "scroll", lambda _event: more_below()),
            _bind(window, "hashchange", lambda _event: self.app.friend.open_link()),
            _bind(el("sheet"), "close", on_closed),
            _bind(el("ask"), "close", lambda _event: self.app.answered()),
            _bind(el("leave"), "close", lambda _event: self.app.answered()),
            _bind(window, "storage", self.app.on_storage),
            _bind(window, "pagehide", self.app.on_leave),
            _bind(document, "visibilitychange", self.app.on_leave),
        ]

    # --- the board --------------------------------------------------------------------------------

    def on_pointer_down(self, event: Any) -> None:
        """A press on the board: the primary button or a finger, or the middle button (or any
        press with Space held), which only pans. The zoom buttons take their own clicks."""
        middle = event.button == 1
        if event.button not in (0, -1) and not middle:
            return
        if not null(event.target.closest("#zoom-tools, #card-info")):
            return
        pos = _board_point(event)
        if pos is None:
            return
        event.preventDefault()
        el("board").setPointerCapture(event.pointerId)
        if self.app.course.course is not None:
            return  # a lesson's board: taken at the lift (on_pointer_up)
        pan = middle or self.space
        touch = str(event.pointerType) != "mouse"
        hit = _hit(event)
        self.app.play.handle(PointerDown(pos[0], pos[1], hit, int(event.pointerId), pan, touch))

    def on_pointer_move(self, event: Any) -> None:
        if self.app.play.ui.playback.playing:
            return  # the cards are being shown moving: a hover redraws none of them
        pos = _board_point(event)
        if pos is not None:
            hit, touch = _hit(event), str(event.pointerType) != "mouse"
            moved = PointerMove(pos[0], pos[1], hit, int(event.pointerId), touch)
            self.app.play.handle(moved, save=False)

    def on_pointer_up(self, event: Any) -> None:
        pos = _board_point(event) or (0.0, 0.0)
        if self.app.course.course is not None:
            # a lesson: a tap, a click or a drag let go on the board takes the choice there
            under = js.document.elementFromPoint(event.clientX, event.clientY)
            self.app.course.board(pos[0], pos[1], _hit_of(under).soldier)
            self.taps.acted(event)
            return
        touch = str(event.pointerType) != "mouse"
        self.app.play.handle(PointerUp(pos[0], pos[1], _hit(event), touch, int(event.pointerId)))
        self.taps.acted(event)  # what the lift drew under the finger takes no click from it

    def on_pointer_leave(self, event: Any) -> None:
        """A mouse left the board (not while a press holds it: it is captured). A finger
        leaves at each lift, and what it traced stays as it left it."""
        if str(event.pointerType) == "mouse":
            self.app.play.handle(PointerLeft(int(event.pointerId)), save=False)

    def on_pointer_cancel(self, event: Any) -> None:
        """The browser took the pointer (a scroll began, capture lost): the drag never happened.
        (Capture is also lost after every release; by then the pointer is no longer pressed.)"""
        self.app.play.handle(PointerCancel(int(event.pointerId)))

    def on_wheel(self, event: Any) -> None:
        """The wheel turns what is being turned; with Ctrl (a trackpad pinch sends Ctrl too) it
        zooms about the pointer instead of zooming the page."""
        if event.ctrlKey:
            event.preventDefault()
            pos = _board_point(event)
            if pos is not None:
                factor = zoom.wheel_factor(float(event.deltaY))
                self.app.play.handle(ZoomAt(pos[0], pos[1], factor), save=False)
            return
        if self.app.play.handle(Wheel(float(event.deltaY))):
            event.preventDefault()

    # --- keys -------------------------------------------------------------------------------------

    def on_key_up(self, event: Any) -> None:
        if str(event.key) == " ":
            self.space = False

    def on_key(self, event: Any) -> None:
        tag = str(getattr(event.target, "tagName", "") or "").lower()
        key, id_ = str(event.key), str(getattr(event.target, "id", "") or "")
        if tag == "input" and key == "Enter" and self._entered(id_, event.target):
            return
        if tag in ("input", "select", "textarea") or event.ctrlKey or event.metaKey or event.altKey:
            return
        if not null(document.querySelector(DIALOGS)):
            return  # its buttons take Enter, Space and Tab, and Escape closes it
        if key == "Enter" and tag in ("button", "a"):
            return  # let the focused button do its own click, the focused link open its page
        if self.app.viewer.watch is not None:
            self.app.viewer.key(key, event)
            return
        if key == " ":
            self.space = True  # held with a press on the board, it pans
        if event.repeat and not repeats(key):
            return  # a held key answers one prompt, not the next ones too
        if self.app.play.handle(Key(key, bool(event.shiftKey))):
            event.preventDefault()

    def _entered(self, id_: str, target: Any) -> bool:
        """Enter in a field that acts on it: the dice, a save's name, a new name."""
        if "die-input" in str(target.className):
            self.app.play.enter_dice()
        elif id_ == "save-name":
            self.app.act("slot-save", "")
        elif id_ == "ask-name":
            self.app.act("answer-yes", "")
        else:
            return False
        return True

    # --- buttons ----------------------------------------------------------------------------------

    def on_button_down(self, event: Any) -> None:
        """A finger pressed a button: remember it (``on_button_up`` acts on it)."""
        touch = str(event.pointerType) != "mouse"
        self.pressed = _button(event) if touch else None

    def on_button_up(self, event: Any) -> None:
        """A finger let go of the button it pressed: act now. A browser may send no click for
        a tap right after a flick or a quick tap before it (taken for a fling's end or a
        double tap); the click that may still follow is kept from whatever the tap drew under
        the finger (``TapGuard``)."""
        btn, self.pressed = self.pressed, None
        if btn is None or str(event.pointerType) == "mouse" or _button(event) != btn:
            return
        self._act(btn)
        self.taps.acted(event)

    def on_click(self, event: Any) -> None:
        btn = _button(event)
        if btn is None:
            return
        if int(event.detail or 0) > 1:
            return  # the 2nd click of a double click would land on the next prompt's button
        self._act(btn)

    def _act(self, btn: Any) -> None:
        if not null(btn.closest("#controls")):
            btn.blur()  # Enter and Space go back to the game, not to this button
        self.app.act(attr(btn, "data-action"), attr(btn, "data-arg"), btn)

    # --- fields -----------------------------------------------------------------------------------

    def on_change(self, event: Any) -> None:
        target = event.target
        if null(target):
            return
        id_ = str(target.id)
        if id_ == "speed":
            self.app.play.set_speed(str(target.value))
        elif (str(target.name) == "scenario" or id_ == "table-choice") and (
            self.app.play.game is None
        ):
            table = str(target.value) if str(target.value) in BUILT_IN else "default"
            _show_table_picked(table)
            self.app.dispatch(a.PickTable(table))
            self.app.play.preview(table)
        elif id_.startswith("player-"):
            if str(target.value) != "human":  # load the computer player now, not at Start
                js.setTimeout(create_once_callable(guard(_preload_ai)), 50)
        elif id_ in ("watch-file", "import-file") and target.files.length:
            self._read_file(target, id_ == "watch-file")

    def _read_file(self, target: Any, watch: bool) -> None:
        file = target.files.item(0)
        target.value = ""
        if int(file.size) > MAX_BYTES:
            why = f"the file is too large ({int(file.size) // 1000} kB)"
            self.app.slots.file_refused(why, watch)
            return
        file.text().then(self._watch_file_proxy if watch else self._import_proxy)

    def on_input(self, event: Any) -> None:
        """The viewer's slider is dragged: show each position as it passes."""
        target, watch = event.target, self.app.viewer.watch
        if watch is not None and not null(target) and str(target.id) == "replay-slider":
            watch.seek(str(target.value))


def _bind(target: Any, kind: str, fn: Any, passive: bool = True, capture: bool = False) -> Any:
    proxy = create_proxy(guard(fn))
    opts = to_js({"passive": passive, "capture": capture}, dict_converter=js.Object.fromEntries)
    target.addEventListener(kind, proxy, opts)
    return proxy


def _board_point(event: Any) -> tuple[float, float] | None:
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


def _hit(event: Any) -> Hit:
    return _hit_of(event.target)


def _hit_of(target: Any) -> Hit:
    """What ``target`` (an element of the board, or nothing) shows: a card, a handle."""
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


def _button(event: Any) -> Any:
    target = event.target
    btn = target.closest("[data-action]") if hasattr(target, "closest") else None
    return None if btn is None or null(btn) or btn.disabled else btn


def _preload_ai() -> None:
    import serm.ai  # noqa: F401 - compiles the computer player's modules while the player waits


def _show_table_picked(table: str) -> None:
    """Keep the start box's two table choices on ``table``: the phone's list in view and the
    picker with the drawings (whose checked table Start reads)."""
    for radio in js.document.querySelectorAll("#prompt input[name=scenario]"):
        radio.checked = str(radio.value) == table
    choice = el("table-choice")
    if choice is not None:
        choice.value = table
