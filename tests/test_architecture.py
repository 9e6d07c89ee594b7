"""Isolation: only the browser layer touches the browser; the layers point one way.

serm's layers, lowest first: core (the rules), then ai (the computer opponent) and view (state to
SVG) beside each other, then ui (the interaction state, its reducer, the panel's HTML), then web
(the browser). A module imports only from its own layer and the layers below it, and nothing in
serm imports ``bench``, ``tools``, ``tests`` or ``harness`` (but the command line's ``bench``
command, which hands over to the checkout's benchmarks).

serm/core (the rules) and serm/ai (the computer opponent) import nothing from ``js``, ``pyscript``,
``pyodide`` or ``svg``; serm/view (pure functions to SVG) and serm/ui (the interaction state and
its reducer, the panel's HTML) may use ``svg`` but nothing from the browser. Checked twice: an AST
scan of every import, and a fresh interpreter in which those modules cannot be imported at all.

Around serm: tools/, bench/ and harness/ import nothing from ``tests`` (what they share with the
tests lives in harness/), harness/ imports nothing from ``bench``, the benchmarks' imports of one
another (lazy ones included) form no circle, and no Python file edits ``sys.path``.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
SKIPPED = {".venv", "node_modules", "build", "_site", ".git", "__pycache__"}
"""Folders of the checkout that hold no Python of the project (static/vendor too)."""
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


# --------------------------------------------------------------------- the layers' order

SERM = ROOT / "serm"
LAYERS = {"core": 0, "ai": 1, "view": 1, "ui": 2, "web": 3}
"""Each layer's height: a module may import its own layer and lower ones."""
OUTSIDE = {"bench", "tools", "tests", "harness"}
"""The checkout's folders around serm, which serm never imports."""
BENCH_COMMAND = ("__main__.py", "bench")
"""``python -m serm bench ...`` hands over to the checkout's ``bench`` package: the one import of
something outside serm, from the command line, not from any layer."""


def absolute_imports(path: Path, package: str) -> Iterator[tuple[int, str]]:
    """(line, full module name) of every import in a file of ``package`` (dotted), relative ones
    resolved; ``from x import name`` yields ``x.name`` too (``name`` may be a module)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            yield node.lineno, base
            for alias in node.names:
                yield node.lineno, f"{base}.{alias.name}"


def layer_breaches(root: Path) -> list[str]:
    """Imports under ``root`` (a folder laid out as serm) that point up or sideways across the
    layers, or out of serm to the checkout's other folders."""
    out = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root)
        layer = rel.parts[0] if len(rel.parts) > 1 else None
        package = ".".join(["serm", *rel.parts[:-1]])
        for line, name in sorted(set(absolute_imports(path, package))):
            parts = name.split(".")
            if parts[0] in OUTSIDE and (rel.as_posix(), parts[0]) != BENCH_COMMAND:
                out.append(f"{rel}:{line} imports {parts[0]}")
            elif parts[0] == "serm" and len(parts) > 1 and parts[1] in LAYERS and layer:
                if parts[1] != layer and LAYERS[parts[1]] >= LAYERS.get(layer, 9):
                    out.append(f"{rel}:{line} imports serm.{parts[1]}")
    return sorted(set(out))


def test_the_layers_point_one_way() -> None:
    assert {p.name for p in SERM.iterdir() if p.is_dir() and p.name in LAYERS} == set(LAYERS)
    assert layer_breaches(SERM) == []


def test_the_layer_checker_sees_a_view_importing_the_ui(tmp_path: Path) -> None:
    for layer in LAYERS:
        (tmp_path / layer).mkdir()
        (tmp_path / layer / "__init__.py").write_text("")
    (tmp_path / "view" / "fine.py").write_text("from ..core import cover\nfrom .model import X\n")
    (tmp_path / "ui" / "fine.py").write_text("from ..view.beats import Beat\nimport serm.ai\n")
    assert layer_breaches(tmp_path) == []
    (tmp_path / "view" / "bad.py").write_text(
        "from ..ui.model import UI\ndef f():\n    from serm.ui import driver\n"
    )
    (tmp_path / "ai" / "bad.py").write_text("from ..view import render\nimport tests.ui\n")
    (tmp_path / "core" / "bad.py").write_text("from serm.web import app\nfrom .. import ai\n")
    assert layer_breaches(tmp_path) == [
        "ai/bad.py:1 imports serm.view",
        "ai/bad.py:2 imports tests",
        "core/bad.py:1 imports serm.web",
        "core/bad.py:2 imports serm.ai",
        "view/bad.py:1 imports serm.ui",
        "view/bad.py:3 imports serm.ui",
    ]


def test_only_the_command_line_imports_the_benchmarks(tmp_path: Path) -> None:
    (tmp_path / "__main__.py").write_text("import bench\n")
    (tmp_path / "other.py").write_text("import bench\nfrom tools import build\n")
    assert layer_breaches(tmp_path) == ["other.py:1 imports bench", "other.py:2 imports tools"]


# --------------------------------------------------------------------- around serm


def imported_modules(path: Path) -> Iterator[tuple[int, str]]:
    """(line, full module name) of every absolute import in a file, including ones inside
    functions; ``from package import name`` also yields ``package.name``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.lineno, node.module
            for alias in node.names:
                yield node.lineno, f"{node.module}.{alias.name}"


@pytest.mark.parametrize(
    ("folder", "banned"),
    [("tools", {"tests"}), ("bench", {"tests"}), ("harness", {"tests", "bench"})],
)
def test_tools_benchmarks_and_harness_import_no_tests(folder: str, banned: set[str]) -> None:
    assert offending(ROOT / folder, banned) == []


def import_graph(package: Path) -> dict[str, set[str]]:
    """The package's modules and, for each, the modules of the package it imports. The package
    itself (its ``__init__``, the dispatcher) is no target: importing any of its modules runs it."""
    name = package.name
    modules = {
        name if p.name == "__init__.py" else f"{name}.{p.stem}": p
        for p in sorted(package.glob("*.py"))
    }
    return {
        module: {m for _, m in imported_modules(path) if m in modules and m not in (module, name)}
        for module, path in modules.items()
    }


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every import circle, each as the modules along it (first one repeated at the end)."""
    found: list[list[str]] = []

    def walk(module: str, trail: list[str]) -> None:
        for nxt in sorted(graph.get(module, ())):
            if nxt == trail[0]:
                found.append([*trail, nxt])
            elif nxt not in trail and nxt > trail[0]:
                walk(nxt, [*trail, nxt])

    for start in sorted(graph):
        walk(start, [start])
    return found


def test_the_benchmarks_import_one_another_in_no_circle() -> None:
    graph = import_graph(BENCH)
    assert "bench.ai_browser" in graph["bench.ai"]  # ``--browser``, one way only
    assert circles(graph) == []


def test_the_circle_finder_finds_circles(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("def f():\n    from pkg.b import g\n")
    (pkg / "b.py").write_text("from pkg import c\n")
    (pkg / "c.py").write_text("import pkg.a\n")
    (pkg / "d.py").write_text("from pkg.c import x\n")
    assert circles(import_graph(pkg)) == [["pkg.a", "pkg.b", "pkg.c", "pkg.a"]]
    (pkg / "c.py").write_text("import os\n")
    assert circles(import_graph(pkg)) == []


def python_files(root: Path) -> Iterator[Path]:
    """Every .py file of the checkout, outside ``SKIPPED`` folders and static/vendor."""
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root).parts
        if SKIPPED.isdisjoint(parts) and parts[:2] != ("static", "vendor"):
            yield path


def path_edits(path: Path) -> list[int]:
    """Lines that change ``sys.path``: a call of one of its methods, or an assignment to it
    (or to a slice of it)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))

    def is_sys_path(node: ast.AST) -> bool:
        if isinstance(node, ast.Subscript):
            node = node.value
        return (
            isinstance(node, ast.Attribute)
            and node.attr == "path"
            and isinstance(node.value, ast.Name)
            and node.value.id == "sys"
        )

    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if is_sys_path(node.func.value):
                lines.append(node.lineno)
        elif isinstance(node, (ast.Assign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(is_sys_path(t) for t in targets):
                lines.append(node.lineno)
    return sorted(lines)


def test_no_python_file_edits_sys_path() -> None:
    files = list(python_files(ROOT))
    assert ROOT / "tests" / "test_architecture.py" in files
    assert not any("node_modules" in p.parts for p in files)
    edits = [f"{p.relative_to(ROOT)}:{line}" for p in files for line in path_edits(p)]
    assert edits == []


def test_the_path_checker_sees_edits(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text(
        "import sys\n"
        "sys.path.insert(0, 'x')\n"
        "def f():\n"
        "    sys.path.append('y')\n"
        "sys.path[:0] = ['z']\n"
        "sys.path += ['w']\n"
        "print(sys.path[0], 'sys.path.insert')\n"
    )
    assert path_edits(bad) == [2, 4, 5, 6]


def test_every_cache_in_serm_is_bounded() -> None:
    """A page plays game after game: a cache with no bound (``functools.cache``) keyed by a
    float grows with every game, so each ``lru_cache`` in serm names its ``maxsize``."""
    import importlib
    import pkgutil

    import serm

    unbounded = []
    for info in pkgutil.walk_packages(serm.__path__, "serm."):
        if info.name.startswith("serm.web"):
            continue  # the browser layer imports js (Pyodide only)
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            info_of = getattr(value, "cache_info", None)
            if callable(info_of) and info_of().maxsize is None:
                unbounded.append(f"{info.name}.{name}")
    assert unbounded == []


# --------------------------------------------------------------------- the browser layer


def self_attributes(tree: ast.AST) -> set[str]:
    """The attributes a class's code assigns on ``self``."""
    found = set()
    for node in ast.walk(tree):
        targets = node.targets if isinstance(node, ast.Assign) else []
        if isinstance(node, (ast.AnnAssign, ast.AugAssign)):
            targets = [node.target]
        for target in targets:
            for part in ast.walk(target):
                if isinstance(part, ast.Attribute) and getattr(part.value, "id", "") == "self":
                    found.add(part.attr)
    return found


def test_the_composition_root_stays_small() -> None:
    """serm/web/app.py binds the parts of the page and carries out the app's effects; what it
    holds is the ``AppState`` value and the parts (at most 8), each function short."""
    path = ROOT / "serm" / "web" / "app.py"
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    assert len(text.splitlines()) <= 300
    functions = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]
    assert max(n.end_lineno - n.lineno + 1 for n in functions if n.end_lineno) <= 40
    (app,) = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "App"]
    assert len(self_attributes(app)) <= 8, sorted(self_attributes(app))


def test_the_attribute_counter_counts(tmp_path: Path) -> None:
    code = "class A:\n def f(self):\n  self.a = 1\n  self.b: int = 2\n  self.a += 1\n  x.c = 3\n"
    assert self_attributes(ast.parse(code)) == {"a", "b"}


NATIVE_DIALOG = re.compile(r"\b(?:window|js|document)\s*\.\s*(?:confirm|prompt|alert)\s*\(")


def test_no_native_dialog_anywhere_in_serm() -> None:
    """Every question is asked in the page (``serm.ui.dialogs``): the browser's own confirm(),
    prompt() and alert() are desktop boxes a phone shows badly and a test cannot see."""
    found = [
        f"{p.relative_to(ROOT)}:{i}"
        for p in [*sorted((ROOT / "serm").rglob("*.py")), ROOT / "index.html"]
        for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if NATIVE_DIALOG.search(line)
    ]
    assert found == []
    assert NATIVE_DIALOG.search("if window.confirm('Delete?'):")
    assert NATIVE_DIALOG.search("name = js.window.prompt (x)")
