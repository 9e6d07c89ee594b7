"""Run tests/core and the computer players' fixed-seed games inside real Pyodide (Python 3.14,
as in the browser) under Node.js.

The engine must behave the same under CPython and under Pyodide, to the last bit of every
state, and the computer players must choose the same actions for the same seed
(``tests/ai/test_same_choices.py``, against choices recorded on CPython); this runs those tests
there through tests/pyodide/run_in_pyodide.mjs, on the standard library the
site ships (trimmed to what the page imports, byte-compiled: tools/trim_stdlib.py), so a module
the trim left out fails here and not in a player's browser.  pytest and hypothesis themselves
take what else they need from the full library; serm code never may.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from harness.site import built_site

ROOT = Path(__file__).resolve().parent.parent
RUNNER = ROOT / "tests" / "pyodide" / "run_in_pyodide.mjs"


@pytest.mark.pyodide
@pytest.mark.xdist_group("pyodide")  # a long Node.js run: one worker takes it, the other goes on
def test_core_suite_passes_in_pyodide() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    from tools import build

    built_site()
    trimmed = build.trimmed_stdlib()
    result = subprocess.run(
        [
            node,
            str(RUNNER),
            "--stdlib",
            str(trimmed / "stdlib.zip"),
            "--audit",
            str(trimmed / "audit.json"),
            "tests/core",
            "tests/ai/test_same_choices.py",
            "-q",
        ],
        cwd=ROOT,
        env={**os.environ, "PYTHON": sys.executable},
        capture_output=True,
        text=True,
        timeout=1800,
    )
    output = result.stdout + result.stderr
    tail = "\n".join(output.splitlines()[-25:])
    print(tail)
    assert result.returncode == 0, f"pytest in Pyodide exited {result.returncode}:\n{output}"
    assert "emscripten" in output, "the suite did not run under Pyodide"
    assert "serm modules import on the trimmed library" in output
    assert re.search(r"\b\d+ passed\b", output), f"no passed tests reported:\n{tail}"
