"""The Menu sheet (``<dialog id=sheet>`` in index.html): the game's controls, saves, how to play
and the log.

On a phone it is closed until Menu opens it over the game (a modal dialog); on a wide screen the
stylesheet shows it all the time in the side panel and Menu is hidden, so nothing here acts.
"""

from __future__ import annotations

from typing import Any

from serm.web.dom import el

CLOSES = frozenset({"new", "concede", "slot-load", "open-newer"})
"""Buttons of the sheet after which the player wants the board and the bar again. Its toggles
(Enemy sight, How to play, Saves) leave it open, showing whether each is now on."""


def expanded(button_id: str, box: Any) -> None:
    """Say on the button that opens ``box`` whether it is open (a toggle of the sheet); the log,
    whose room on a phone changes with it (the stylesheet shares the Menu between them), is
    scrolled back to its newest entry."""
    button = el(button_id)
    if button is not None:
        button.setAttribute("aria-expanded", "false" if box.hidden else "true")
    newest()


def newest() -> None:
    """Scroll the log to its newest entry."""
    log = el("log")
    if log is not None:
        log.scrollTop = log.scrollHeight


def open_sheet() -> None:
    """Open the sheet over the game (a phone: Menu is shown), its log scrolled to the newest
    entry (while the sheet was closed the log had no height to scroll)."""
    sheet = el("sheet")
    if sheet is not None and not sheet.open:
        sheet.showModal()
        newest()


def close_sheet() -> None:
    """Close the sheet if it is open as a menu (a wide screen's side panel stays)."""
    sheet = el("sheet")
    if sheet is not None and sheet.open:
        sheet.close()


def on_closed(_event: Any) -> None:
    """The sheet closed (Close, a control, Escape): the focus the dialog gave back to Menu is let
    go, so Enter and Space go to the game, as after any control."""
    menu = el("btn-menu")
    if menu is not None:
        menu.blur()
