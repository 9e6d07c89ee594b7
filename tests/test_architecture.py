"""Isolation (style.md): only the browser layer touches the browser.

serm/core (the rules) and serm/ai (the computer opponent) import nothing from ``js``, ``pyscript``,
``pyodide`` or ``svg``; serm/view (pure functions to SVG) and serm/ui (the interaction state and
its reducer, the panel's HTML) may use ``svg`` but nothing from the browser. Checked twice: an AST
scan of every import, and a fresh interpreter in which those modules cannot be imported at all.
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
AI = ROOT / "serm" / "ai"
VIEW = ROOT / "serm" / "view"
UI = ROOT / "serm" / "ui"
BROWSER = {"js", "pyscript", "pyodide"}
PURE = {"serm.core": BROWSER | {"svg"}, "serm.ai": BROWSER | {"svg"}}
"""Packages that run without the browser and without svg."""
DRAWN = {"serm.view": BROWSER, "serm.ui": BROWSER}
"""Packages that run without the browser (svg allowed)."""


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


def test_the_packages_have_python_files() -> None:
    for folder, least in ((CORE, 10), (AI, 8), (VIEW, 8), (UI, 10)):
        assert len(list(folder.glob("*.py"))) >= least, folder


@pytest.mark.parametrize("package", sorted(PURE | DRAWN))
def test_imports_no_browser(package: str) -> None:
    banned = (PURE | DRAWN)[package]
    assert offending(ROOT.joinpath(*package.split(".")), banned) == []


def test_the_checker_sees_imports(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("import os\ndef f():\n    from js import document\n    import svg.shapes\n")
    assert offending(tmp_path, BROWSER | {"svg"}) == ["bad.py:3 imports js", "bad.py:4 imports svg"]
    assert [name for _, name in imported_roots(bad)] == ["os", "js", "svg"]


BLOCKER = """
import importlib, pkgutil, sys
banned = set(sys.argv[1].split(","))
class Blocker:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in banned:
            raise ImportError(name + " is not installed here")
sys.meta_path.insert(0, Blocker())
for package in sys.argv[2:]:
    root = importlib.import_module(package)
    for info in pkgutil.iter_modules(root.__path__, package + "."):
        importlib.import_module(info.name)
assert not banned & {m.split(".")[0] for m in sys.modules}
print("ok")
"""


@pytest.mark.parametrize(("packages", "banned"), [(PURE, BROWSER | {"svg"}), (DRAWN, BROWSER)])
def test_every_module_imports_with_those_modules_missing(
    packages: dict[str, set[str]], banned: set[str]
) -> None:
    """Every module of the packages imports in a fresh interpreter where the banned modules
    cannot be imported at all."""
    argv = [",".join(sorted(banned)), *sorted(packages)]
    result = subprocess.run(
        [sys.executable, "-c", BLOCKER, *argv],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"


def test_the_blocker_blocks() -> None:
    result = subprocess.run(
        [sys.executable, "-c", BLOCKER, "svg", "serm.view"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode != 0 and "svg is not installed here" in result.stderr
