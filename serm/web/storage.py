"""``localStorage`` as a ``serm.ui.saves.Storage``: JS null becomes None, refusals become
``StorageFullError`` (full, or storing nothing at all), never raw exception text."""

from __future__ import annotations

from typing import Any

import js
from pyodide.ffi import JsException

from serm.ui.saves import PREFIX, StorageFullError
from serm.web.dom import null


class LocalStorage:
    """The page's ``localStorage``; with no storage at all (blocked), every write is refused."""

    def __init__(self) -> None:
        try:
            self.ls: Any = js.window.localStorage
        except (JsException, AttributeError):
            self.ls = None

    def get(self, key: str) -> str | None:
        if self.ls is None:
            return None
        value = self.ls.getItem(key)  # a missing key is JS null, not None
        return None if null(value) else str(value)

    def set(self, key: str, value: str) -> None:
        if self.ls is None:
            raise StorageFullError("no localStorage", blocked=True)
        try:
            self.ls.setItem(key, value)
        except JsException as exc:
            # setItem throws QuotaExceededError when full (and in old private modes); a thrown
            # DOMException may reach Python without its name ("[object DOMException]"), so
            # only a SecurityError, named, counts as storage that stores nothing.
            name = str(getattr(exc, "name", "") or "")
            raise StorageFullError(name, blocked=name == "SecurityError") from exc

    def remove(self, key: str) -> None:
        if self.ls is not None:
            self.ls.removeItem(key)

    def keys(self) -> list[str]:
        if self.ls is None:
            return []
        out = []
        for i in range(int(self.ls.length)):
            key = self.ls.key(i)
            if not null(key) and str(key).startswith(PREFIX):
                out.append(str(key))
        return out
