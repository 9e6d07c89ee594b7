"""The probe every bench page runs (probe.js, added as an init script): what it records.

``window.__bench`` holds the page's interactive moment (the first frame after
``performance.mark("serm:interactive")``), its first paint, the board's first visible frame, the
longest task, every ``WebAssembly.Memory`` (Pyodide's heap), and for every input the event's
timestamp, when its first and last listeners ran and the first frame after it: presses, keys and
wheel notches as gestures labelled by what they do, pointer moves by what is dragged.
``READ_GESTURES_JS`` takes what was recorded since the last read.
"""

from __future__ import annotations

from pathlib import Path

PROBE_JS = Path(__file__).with_name("probe.js").read_text(encoding="utf-8")

READ_GESTURES_JS = """() => {
  const B = window.__bench;
  const out = {gestures: B.gestures, moves: B.moves, actions: B.actions};
  B.gestures = []; B.moves = [];
  return out;
}"""
