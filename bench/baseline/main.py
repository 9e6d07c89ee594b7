"""The baseline page of ``python -m serm bench web``: draw one SVG rectangle with svg.py, then mark.

What any PyScript game on this runtime pays before it can show anything: the floor the game's
start-up is compared with. The metrics hook is the same as the game's (serm/web/metrics.py).
"""

import gc
from typing import Any

import js
import svg
from pyodide.ffi import create_proxy, to_js
from pyscript import document, window


def _metrics() -> Any:
    gc.collect()
    found = gc.get_objects()
    proxies = sum(1 for o in found if type(o).__module__ == "pyodide.ffi")
    out = {"py_objects": len(found), "py_jsproxies": proxies}
    return to_js(out, dict_converter=js.Object.fromEntries)


window.__serm_metrics = create_proxy(_metrics)
rect = svg.SVG(
    id="board-svg",
    viewBox=svg.ViewBoxSpec(0, 0, 1000, 1000),
    elements=[svg.Rect(x=0, y=0, width=1000, height=1000, fill="#2f5d3a")],
)
document.getElementById("board").innerHTML = str(rect)
window.performance.mark("serm:interactive")
