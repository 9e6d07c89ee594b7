"""The course in the page: its buttons, its drawing and the progress this browser keeps.

``serm.ui.course`` is the course as data; this draws its screen into ``#status``, ``#prompt``
and ``#board-view`` (no game is open meanwhile, so the game's own input is idle), keeps the
lesson reached in ``localStorage`` (``KEY``) so a reload resumes it, and remembers a finished or
skipped course so the start screen stops offering it. When the browser refuses to store, the
course is offered each time and says progress is not kept.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import js
from pyodide.ffi import to_js

from serm.ui import course as c
from serm.ui.saves import StorageFullError
from serm.view.model import Overlaid
from serm.web.dom import attr, el, null
from serm.web.paint import overlaid
from serm.web.sheet import close_sheet
from serm.web.storage import LocalStorage

if TYPE_CHECKING:
    from serm.web.app import App

KEY = "serm-course"
"""Where this browser keeps the course's progress (outside the saves' own keys)."""


class CourseRunner:
    """The course shown over the start screen: ``course`` is None while it is not shown."""

    def __init__(self, app: App, storage: LocalStorage | None = None) -> None:
        self.app = app
        self.storage = storage or LocalStorage()
        self.course: c.Course | None = None
        self.kept = self._keeps()
        self.over = Overlaid()
        """The controls over the board as last measured: the lesson's labels keep off them."""

    def _keeps(self) -> bool:
        """Whether this browser keeps what the course stores: the progress already kept, or a
        first progress written, read back and taken away again (a page that only starts leaves
        nothing behind)."""
        if self.storage.get(KEY) is not None:
            return True
        kept = self._store(c.progress_text(c.Course()))
        if kept:
            self.storage.remove(KEY)
        return kept

    def _store(self, text: str) -> bool:
        try:
            self.storage.set(KEY, text)
        except StorageFullError:
            return False
        return self.storage.get(KEY) == text

    def offer(self) -> str:
        """How the start screen offers the course: "" (finished or skipped), "offer", or
        "unkept" (offered, progress not kept)."""
        if not self.kept:
            return "unkept"
        return "offer" if c.offered(self.storage.get(KEY)) else ""

    def open(self) -> None:
        """Show the course where this browser left it (the first lesson when none)."""
        self.app.show_welcome()  # leaves a game or the viewer the way the start screen does
        self.course = c.read_progress(self.storage.get(KEY)) or c.Course()
        self.draw()

    def act(self, action: str, btn: Any) -> None:
        """A course button: choose, retry, next, skip a lesson or the course, leave, play."""
        course = self.course
        if action == "course":
            self.open()
            return
        if course is None:
            return
        if action == "course-choose":
            self.course = c.choose(course, int(attr(btn, "data-choice") or "-1"))
        elif action == "course-retry":
            self.course = c.retry(course)
        elif action in ("course-next", "course-skip"):
            self.course = c.next_lesson(course)
            self.kept = self._store(c.progress_text(self.course))
        elif action == "course-skip-all":
            self.kept = self._store(c.SKIPPED)
            self._leave()
            return
        elif action == "course-leave":
            self._leave()
            return
        elif action == "course-play":
            self._play()
            return
        self.draw()

    def board(self, x: float, y: float, soldier: tuple[int, str] | None) -> None:
        """A tap, a click or a drag's end at (x, y) L on the lesson's board, over ``soldier``:
        the choice there is taken, as its button would take it (nothing when none is there)."""
        if self.course is None:
            return
        index = c.board_choice(self.course, x, y, soldier)
        if index is not None:
            self.course = c.choose(self.course, index)
            self.draw()

    def _leave(self) -> None:
        self.course = None
        self.app.show_welcome(fresh_board=True)

    def _play(self) -> None:
        """The first real game: against the easy computer on the default table, with the
        Exposure view on while deploying."""
        self.course = None
        self.app.start("default", {2: "easy"}, False)
        self.app.exposure_on()

    def remeasured(self) -> None:
        """The board's box changed: the lesson's board again when the controls over it cover
        another part of it, its labels clear of them."""
        if self.course is not None and (over := overlaid()) != self.over:
            self.over = over
            el("board-view").innerHTML = c.course_screen(self.course, self.kept, over).board

    def draw(self) -> None:
        """Paint the course's status, prompt and board, and focus the lesson."""
        if self.course is None:
            return
        close_sheet()
        self.over = overlaid()
        screen = c.course_screen(self.course, self.kept, self.over)
        el("status").innerHTML = screen.status
        el("prompt").innerHTML = screen.prompt
        el("board-view").innerHTML = screen.board
        el("prompt").scrollTop = 0
        el("panel").scrollTop = 0
        # the lesson itself takes the focus, not its first choice (a ring on a choice reads as
        # a hint, and the first choice is often the wrong one); Tab reaches the choices from it
        lesson = js.document.querySelector("#prompt .course")
        if not null(lesson):
            lesson.focus(to_js({"preventScroll": True}, dict_converter=js.Object.fromEntries))
