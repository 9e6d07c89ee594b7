"""Small helpers over the DOM (Pyodide's ``js`` proxies): nulls, elements, attributes.

Like every module the page imports besides ``serm.web.app``, this reaches the page through ``js``
(``js.document``, ``js.window``), not ``pyscript``, so it imports wherever Pyodide runs.
"""

from __future__ import annotations

import traceback
from typing import Any

import js


def null(value: Any) -> bool:
    """True for None and for JavaScript's null (Pyodide hands null over as a ``JsNull``)."""
    return value is None or type(value).__name__ == "JsNull"


def el(id_: str) -> Any:
    found = js.document.getElementById(id_)
    return None if null(found) else found


def query(selector: str) -> Any:
    """The first element matching ``selector``, or None."""
    found = js.document.querySelector(selector)
    return None if null(found) else found


def attr(element: Any, name: str) -> str:
    value = element.getAttribute(name)
    return "" if null(value) else str(value)


def guard(fn: Any) -> Any:
    """``fn`` wrapped for a DOM callback: an exception is written to the console with its trace
    instead of escaping into the page, so one failed handler never stops the game."""

    def guarded(*args: Any) -> None:
        try:
            fn(*args)
        except Exception:  # keep the page alive; the console gets the trace
            js.console.error(traceback.format_exc())

    return guarded
