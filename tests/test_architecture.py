"""Core isolation (style.md): the rules core never imports the browser or the SVG library.

serm/core must import nothing from ``js``, ``pyscript``, ``pyodide`` or ``svg``; serm/view (pure
functions to SVG) may use ``svg`` but nothing from the browser.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORE = ROOT / "serm" / "core"
VIEW = ROOT / "serm" / "view"
BROWSER = {"js", "pyscript", "pyodide"}


def imported_roots(path: Path) -> Iterator[tuple[int, str]]:
    """(line, top-level module) of every import in a file, including ones inside functions."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.lineno, node.module.split(".")[0]
        elif isinstance(node, ast.Call) and getattr(node.func, "id", "") == "__import__":
            if node.args and isinstance(node.args[0], ast.Constant):
                yield node.lineno, str(node.args[0].value).split(".")[0]


def offending(folder: Path, banned: set[str]) -> list[str]:
    out = []
    for path in sorted(folder.rglob("*.py")):
        for line, name in imported_roots(path):
            if name in banned:
                out.append(f"{path.relative_to(folder)}:{line} imports {name}")
    return out


def test_core_has_python_files() -> None:
    assert len(list(CORE.glob("*.py"))) >= 10


def test_core_imports_no_browser_and_no_svg() -> None:
    assert offending(CORE, BROWSER | {"svg"}) == []


def test_view_imports_no_browser() -> None:
    if not VIEW.is_dir():
        pytest.skip("serm/view is not there yet")
    assert offending(VIEW, BROWSER) == []


def test_the_checker_sees_imports(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("import os\ndef f():\n    from js import document\n    import svg.shapes\n")
    assert offending(tmp_path, BROWSER | {"svg"}) == ["bad.py:3 imports js", "bad.py:4 imports svg"]
    assert [name for _, name in imported_roots(bad)] == ["os", "js", "svg"]


BLOCKER = """
import sys
class Blocker:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {"js", "pyscript", "pyodide", "svg"}:
            raise ImportError(name + " is not installed here")
sys.meta_path.insert(0, Blocker())
import serm.core
from serm.core import game, geometry, los, movement, queries, record, rules
assert "svg" not in sys.modules
print("ok")
"""


def test_core_imports_without_svg_installed() -> None:
    """In a fresh interpreter where svg and the browser modules cannot be imported at all."""
    result = subprocess.run(
        [sys.executable, "-c", BLOCKER], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
