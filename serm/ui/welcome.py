"""The welcome screen as markup: the status line, the start box and the board behind them (pure).

One function draws it for every place it is shown, so they are the same to the byte: the page when
Python is ready (``serm.web.app``), the page before Python runs (tools/prerender.py draws the new
player's at build time into index.html) and a returning player's board snapshot
(``serm.web.board_snapshot`` stores it beside the autosave; static/js/snapshot.js draws it on the
next visit before Python runs, and the live page keeps it).  Same markup, same layout: nothing
moves when the live page takes over.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.scenario import by_name
from ..core.state import State, new_game
from ..view.model import ViewModel
from ..view.render import render
from .help import welcome_html

STATUS_HTML = '<p class="status">Choose who plays each side.</p>'


@dataclass(frozen=True)
class WelcomeScreen:
    """The markup of the welcome screen's three parts: ``#status``, ``#prompt``, ``#board``."""

    status: str
    prompt: str
    board: str


def welcome_screen(
    scenario: str = "default",
    computer: dict[int, str] | None = None,
    resume: str = "",
    board: State | None = None,
    course: str = "offer",
) -> WelcomeScreen:
    """The welcome screen with ``scenario`` chosen for a new game and ``computer`` (player ->
    strength) for its players; ``resume`` is what the start box says of the autosaved game it
    offers to continue (``serm.ui.panel.resume_text``; empty: none).  The board shows ``board``
    (the waiting game's state), else a new game on ``scenario``: its table before deployment.
    ``course``: how the course is offered (``serm.ui.help.welcome_html``).
    """
    shown = board if board is not None else new_game(by_name(scenario, 0))
    return WelcomeScreen(
        status=STATUS_HTML,
        prompt=welcome_html(scenario, resume, computer, course),
        board=render(shown, ViewModel()),
    )
