"""The page's measurement hook for the benchmarks and tests: ``window.__serm_metrics(what)``."""

from __future__ import annotations

from collections import Counter
from typing import Any

import js
from pyodide.ffi import create_proxy, to_js
from pyscript import window

from serm.web.play import PLAYS
from serm.web.thinking import THINK_LOG
from serm.web.warm import warm_metrics


def metrics(what: str = "memory") -> Any:
    """``"memory"`` (``python -m serm bench web``): collect garbage, size the Python heap.
    ``"think"`` (``python -m serm bench ai --browser``): the computer's decisions timed since the
    last call (``THINK_LOG``), oldest first; the log is emptied.
    ``"sight"`` (tests/browser/test_warm.py): the idle work on sight regions (``warm_metrics``).
    ``"rest"`` (``bench web``, before it reads memory): true while the page still has work to
    do once it is idle (the Exposure view, a Move's outlook, sight regions to warm).
    ``"objects"`` (``bench web``): after a collection, Python's objects counted by type
    (``module.qualname``), to say what grew between two readings.
    """
    if what == "sight":
        return to_js(warm_metrics(), dict_converter=js.Object.fromEntries)
    if what == "rest":
        return any(play.resting() for play in PLAYS) or warm_metrics()["queued"] > 0
    if what == "think":
        done = list(THINK_LOG)
        THINK_LOG.clear()
        return to_js(done, dict_converter=js.Object.fromEntries)
    import gc

    gc.collect()
    if what == "objects":
        counts = Counter(f"{type(o).__module__}.{type(o).__qualname__}" for o in gc.get_objects())
        return to_js(dict(counts), dict_converter=js.Object.fromEntries)
    found = gc.get_objects()
    proxies = sum(1 for o in found if type(o).__module__ == "pyodide.ffi")
    out = {"py_objects": len(found), "py_jsproxies": proxies}
    return to_js(out, dict_converter=js.Object.fromEntries)


def expose() -> None:
    """Bind the hook (read by ``python -m serm bench web`` and ``bench ai --browser``)."""
    window.__serm_metrics = create_proxy(metrics)
