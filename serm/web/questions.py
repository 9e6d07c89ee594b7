"""The question the app asks (``AppState.dialog``) in its dialog in the page: ``<dialog id=leave>``
(leaving a game for a new one, written in index.html) or ``<dialog id=ask>`` (every other
question, drawn by ``serm.ui.dialogs``).
"""

from __future__ import annotations

from serm.ui.app_state import Ask, Dialog
from serm.ui.dialogs import dialog_html
from serm.web.dom import el, null
from serm.web.sheet import close_sheet

_drawn: dict[str, Dialog | None] = {"ask": None}
"""The question ``#ask`` shows: it is drawn again if the question changes while it is open (an
answer refused, with why)."""


def show_question(d: Dialog | None) -> None:
    """Open the dialog of ``d`` (its first field or button focused), or close the one open."""
    wanted = None if d is None else "leave" if d.ask == Ask.LEAVE else "ask"
    for id_ in ("leave", "ask"):
        dialog = el(id_)
        if id_ == wanted and d is not None and (not dialog.open or d != _drawn.get(id_)):
            if id_ == "ask":
                dialog.innerHTML = dialog_html(d)
                _drawn["ask"] = d
            close_sheet()  # on a phone: the question over the board, not the Menu
            if not dialog.open:
                dialog.showModal()
            first = dialog.querySelector("[autofocus]")
            first.focus() if not null(first) else None  # a tap leaves it on the dialog
        elif id_ != wanted and dialog.open:
            dialog.close()
