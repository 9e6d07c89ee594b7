"""The screen's last answers, dropped when another game is opened.

A few questions are asked on every pointer move about a state that changes seldom (the board's
highlights, the aimed Move's landing, the Exposure view, ...), so each keeps its last answer with
the state it was for, in a one-entry list. ``kept`` registers such a list; ``forget`` empties them
all (``serm.ui.driver.open_ui``), so that a game left for another keeps none of its states, with
their events, or its Exposure view's poses alive in the page.
"""

from __future__ import annotations

from typing import Any, TypeVar

T = TypeVar("T")

_KEPT: list[list[Any]] = []


def kept(memo: list[T]) -> list[T]:
    """Register ``memo`` (a module's one-entry list of its last answer) for ``forget``."""
    _KEPT.append(memo)
    return memo


def forget() -> None:
    """Empty every registered memo."""
    for memo in _KEPT:
        memo.clear()
