"""Trim Pyodide's standard library to what the page imports, byte-compiled (run inside Pyodide).

Run by tools/build.py through ``node tools/pyodide_run.mjs <pyodide-dir> tools/trim_stdlib.py
<work-dir>``: the vendored Pyodide's own Python (3.14), so the traced sources and the bytecode are
those of the interpreter that will run them.  Reads ``/work/args.json``::

    {"roots": "roots", "modules": [...], "always": [...]}

* ``roots``: a folder holding the code the page runs: the ``serm`` package, svg.py, PyScript's
  ``pyscript`` package and ``main.py``.  The trace starts at ``main.py`` (the page's entry) and at
  every module of ``pyscript`` (PyScript imports them itself); every import in these files is
  followed, also those inside functions (they run when the game does).
* ``modules``: module names the page imports outside those files (PyScript's inline start-up
  code); ``always``: modules Python looks up by name at run time (codecs), kept whole.
* Pyodide's own start-up: the standard-library modules in ``sys.modules`` when this script starts
  (what ``loadPyodide`` imported), traced like ``modules``.

Imports are found by reading each module's syntax tree: for the standard library, only the
imports that run when the module is imported (module level and class bodies, ``try``/``if``
included, but not ``if __name__ == "__main__"`` nor ``if TYPE_CHECKING``); a standard-library
function's own lazy imports are not followed (``heapq`` would otherwise bring ``doctest`` and,
through it, ``pdb`` and ``unittest``).  Then every module kept is imported here, until nothing new
appears: that adds what C code imports (``_decimal`` imports ``numbers``) and what a module
imports by name when it is imported.  What that misses fails CI, never a player: the Pyodide
test suite and a full offline game in the browser run against the trimmed library.

Writes ``/work/stdlib.zip``: the modules found, as sourceless "unchecked hash" ``.pyc`` files
(``json/decoder.pyc`` where ``json/decoder.py`` was), each compiled with the file name it has in
the stock library (``/lib/python314.zip/json/decoder.py``), so tracebacks name the same file and
line as before (without the line's text); deterministic (fixed dates, sorted).  And
``/work/audit.json``: every module kept and, for each group of code that needs it (``pyodide``:
Pyodide's own start-up, ``pyscript``, ``svg``, ``serm``: the game, ``always``), the module that
first imports it there (so the ``serm`` group lists every module the game imports, directly or
not, whoever else imports it too), the names imported but
found nowhere (platform modules, JavaScript modules such as ``js``) and the page's own modules
the trace reached (``page_modules``: what the page can import of serm, svg.py and PyScript).
The last line is a JSON summary.
"""

from __future__ import annotations

import ast
import importlib.util
import io
import json
import marshal
import os
import sys
import zipfile
from pathlib import Path

STARTED = sorted(sys.modules)  # Pyodide's own start-up: first thing, before the imports below

STDLIB = Path(f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip")
MAGIC = importlib.util.MAGIC_NUMBER
UNCHECKED_HASH = 0b01
ZIP_DATE = (2020, 1, 1, 0, 0, 0)


def stdlib_sources() -> dict[str, str]:
    """Module name -> path in the stock zip, for every ``.py`` file in it."""
    out = {}
    with zipfile.ZipFile(STDLIB) as archive:
        for name in archive.namelist():
            if not name.endswith(".py"):
                continue
            parts = name[:-3].split("/")
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = name
    return out


def root_sources(root: Path) -> dict[str, Path]:
    """Module name -> file for the page's own code under ``root`` (``main.py`` is ``__main__``)."""
    out = {}
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root)
        parts = list(rel.with_suffix("").parts)
        if parts == ["main"]:
            parts = ["__main__"]
        elif parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _is_main_guard(test: ast.expr) -> bool:
    return (
        isinstance(test, ast.Compare)
        and isinstance(test.left, ast.Name)
        and test.left.id == "__name__"
        and any(isinstance(c, ast.Constant) and c.value == "__main__" for c in test.comparators)
    )


def _is_type_checking(test: ast.expr) -> bool:
    if isinstance(test, ast.Name):
        return test.id == "TYPE_CHECKING"
    return isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"


def _static_truth(test: ast.expr) -> bool | None:
    """The value of a platform test (``sys.platform == "win32"``, ``os.name == "nt"``,
    ``sys.platform.startswith("linux")``) in this interpreter; None for any other test."""
    actual = {("sys", "platform"): sys.platform, ("os", "name"): os.name}

    def known(node: ast.expr) -> str | None:
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            return actual.get((node.value.id, node.attr))
        return None

    if (
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.ops[0], (ast.Eq, ast.NotEq))
        and isinstance(test.comparators[0], ast.Constant)
        and (value := known(test.left)) is not None
    ):
        equal = value == test.comparators[0].value
        return equal if isinstance(test.ops[0], ast.Eq) else not equal
    if (
        isinstance(test, ast.Call)
        and isinstance(test.func, ast.Attribute)
        and test.func.attr == "startswith"
        and len(test.args) == 1
        and isinstance(test.args[0], ast.Constant)
        and isinstance(test.args[0].value, str)
        and (value := known(test.func.value)) is not None
    ):
        return value.startswith(test.args[0].value)
    return None


def imports_of(tree: ast.AST, deep: bool) -> list[tuple[str, int, list[str]]]:
    """(module, level, names) of every import that runs when the module is imported; with
    ``deep``, also those in functions."""
    found: list[tuple[str, int, list[str]]] = []

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            handle(child)

    def handle(node: ast.AST) -> None:
        if isinstance(node, ast.Import):
            found.extend((alias.name, 0, []) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            found.append((node.module or "", node.level, [a.name for a in node.names]))
        elif isinstance(node, ast.If) and (
            _is_main_guard(node.test) or _is_type_checking(node.test)
        ):
            for sub in node.orelse:
                handle(sub)
        elif isinstance(node, ast.If) and (taken := _static_truth(node.test)) is not None:
            for sub in node.body if taken else node.orelse:
                handle(sub)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            if deep:
                visit(node)
        else:
            visit(node)

    visit(tree)
    return found


def resolve(name: str, level: int, package: str) -> str:
    """The absolute module name of an import ``level`` dots up from ``package``."""
    if level == 0:
        return name
    base = package.split(".")
    if level > 1:
        base = base[: len(base) - (level - 1)]
    return ".".join([*base, name]) if name else ".".join(base)


class Trace:
    """The standard-library modules reachable from the page's code."""

    def __init__(self, stdlib: dict[str, str], roots: dict[str, Path]) -> None:
        self.stdlib = stdlib
        self.roots = roots
        self.kept: dict[str, dict[str, str]] = {}  # module -> group -> its first importer there
        self.missing: dict[str, str] = {}  # imported, found nowhere -> first importer
        self.seen_roots: dict[str, set[str]] = {}  # page module -> groups that reach it
        self.todo: list[tuple[str, str, str]] = []

    def want(self, name: str, importer: str, group: str) -> None:
        """Follow ``name`` and its parent packages."""
        parts = name.split(".")
        for i in range(1, len(parts) + 1):
            self._want_one(".".join(parts[:i]), importer, group)

    def _want_one(self, name: str, importer: str, group: str) -> None:
        if name in self.roots:
            groups = self.seen_roots.setdefault(name, set())
            if group not in groups:
                groups.add(group)
                self.todo.append((name, importer, group))
        elif name in self.stdlib:
            found = self.kept.setdefault(name, {})
            if group not in found:
                found[group] = importer
                self.todo.append((name, importer, group))
        elif name not in sys.builtin_module_names:
            self.missing.setdefault(name, importer)

    def run(self) -> None:
        while self.todo:
            name, _importer, group = self.todo.pop()
            is_root = name in self.roots
            source = self._source(name)
            tree = ast.parse(source, filename=name)
            is_package = self._is_package(name)
            package = name if is_package else name.rpartition(".")[0]
            for module, level, names in imports_of(tree, deep=is_root):
                target = resolve(module, level, package)
                if not target:
                    continue
                self.want(target, name, group)
                for sub in names:
                    full = f"{target}.{sub}"
                    if full in self.stdlib or full in self.roots:
                        self.want(full, name, group)

    def _source(self, name: str) -> bytes:
        if name in self.roots:
            return self.roots[name].read_bytes()
        with zipfile.ZipFile(STDLIB) as archive:
            return archive.read(self.stdlib[name])

    def _is_package(self, name: str) -> bool:
        if name in self.roots:
            return self.roots[name].name == "__init__.py"
        return self.stdlib[name].endswith("/__init__.py")


def import_all(trace: Trace) -> None:
    """Import every kept module here, until nothing new appears: what a module's C code imports
    (``_decimal`` imports ``numbers``) or what it imports by name when imported is kept too."""
    done: set[str] = set()
    while True:
        todo = sorted(set(trace.kept) - done)
        if not todo:
            return
        for name in todo:
            done.add(name)
            before = set(sys.modules)
            try:
                importlib.import_module(name)
            except Exception:  # not importable here (say, a Windows module)
                continue
            for new in sorted(set(sys.modules) - before):
                if new in trace.stdlib:
                    for group in sorted(trace.kept[name]):
                        trace.want(new, f"{name} (when imported)", group)
        trace.run()


def pyc(source: bytes, filename: str) -> bytes:
    """An unchecked-hash pyc of ``source`` (as py_compile writes it), compiled as ``filename``."""
    code = compile(source, filename, "exec", dont_inherit=True)
    flags = UNCHECKED_HASH.to_bytes(4, "little")
    return MAGIC + flags + importlib.util.source_hash(source) + marshal.dumps(code)


def write_zip(stdlib: dict[str, str], kept: list[str], dest: Path) -> int:
    """The kept modules as sourceless pycs in a deterministic zip; returns the source bytes."""
    total = 0
    buffer = io.BytesIO()
    with zipfile.ZipFile(STDLIB) as src:
        entries = {}
        for name in kept:
            path = stdlib[name]
            source = src.read(path)
            total += len(source)
            entries[f"{path}c"] = pyc(source, f"{STDLIB}/{path}")
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            out.writestr(info, entries[name])
    dest.write_bytes(buffer.getvalue())
    return total


def group_of(module: str) -> str:
    top = module.split(".")[0]
    return {"__main__": "serm", "serm": "serm", "svg": "svg", "pyscript": "pyscript"}.get(
        top, "pyodide"
    )


def main() -> str:
    args = json.loads(Path("args.json").read_text())
    stdlib = stdlib_sources()
    roots = root_sources(Path(args["roots"]))
    trace = Trace(stdlib, roots)
    for name in STARTED:
        if name in stdlib:
            trace.want(name, "(Pyodide start-up)", "pyodide")
    for name in args["modules"]:
        trace.want(name, "(PyScript start-up)", "pyscript")
    for name in sorted(roots):
        if name == "__main__" or name.split(".")[0] == "pyscript":
            trace.want(name, "(page)", group_of(name))
    for name in args["always"]:
        trace.want(name, "(looked up by name)", "always")
    trace.run()
    import_all(trace)
    kept = sorted(trace.kept)
    source_bytes = write_zip(stdlib, kept, Path("stdlib.zip"))
    audit = {
        "python": sys.version.split()[0],
        "kept": {m: dict(sorted(trace.kept[m].items())) for m in kept},
        "not_found": dict(sorted(trace.missing.items())),
        "page_modules": sorted(trace.seen_roots),
    }
    Path("audit.json").write_text(json.dumps(audit, indent=1, sort_keys=True) + "\n")
    return json.dumps(
        {"python": audit["python"], "modules": len(kept), "of": len(stdlib), "source": source_bytes}
    )


main()
