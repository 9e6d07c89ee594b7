"""Small helpers over the DOM (Pyodide's ``js`` proxies): nulls, elements, attributes, scrolling.

Like every module the page imports besides ``serm.web.app``, this reaches the page through ``js``
(``js.document``, ``js.window``), not ``pyscript``, so it imports wherever Pyodide runs.
"""

from __future__ import annotations

from typing import Any

import js
from pyodide.ffi import to_js


def null(value: Any) -> bool:
    """True for None and for JavaScript's null (Pyodide hands null over as a ``JsNull``)."""
    return value is None or type(value).__name__ == "JsNull"


def el(id_: str) -> Any:
    found = js.document.getElementById(id_)
    return None if null(found) else found


def pinned_board_height() -> float:
    """How much of the viewport's top the board covers (phones pin it there; else 0)."""
    board = el("board")
    if board is None or str(js.window.getComputedStyle(board).position) != "sticky":
        return 0.0
    return float(board.getBoundingClientRect().height)


def scroll_to(element: Any) -> None:
    """Scroll ``element`` to the top of what the viewport shows, below a pinned board."""
    element.scrollIntoView(to_js({"block": "start"}, dict_converter=js.Object.fromEntries))
    covered = pinned_board_height()
    if covered:
        js.window.scrollBy(0, -covered - 8)


def attr(element: Any, name: str) -> str:
    value = element.getAttribute(name)
    return "" if null(value) else str(value)
