"""Steps 2-4: the Pyodide, PyScript and workbox-window files copied to static/vendor/.

``pyscript_needed`` follows PyScript's imports from its core chunk: the files the page requests.
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

from tools.sitebuild.common import (
    NODE_MODULES,
    PYODIDE_FILES,
    PYSCRIPT_DIST,
    ROOT,
    VENDOR,
    WORKBOX_WINDOW,
    log,
)

# PyScript's core chunk imports its plugins lazily.  Measured by booting the page, starting a
# game and playing (tests/browser/test_offline.py checks this stays true): the page requests
# these, but never the editor's codemirror, the terminal's xterm, micropython or zip chunks.
PYSCRIPT_LAZY_NEEDED = frozenset(
    {"deprecations-manager", "donkey", "error", "py-editor", "py-game", "py-terminal", "toml"}
)
STATIC_IMPORT = re.compile(r'(?:\bfrom|\bimport)\s*"\./([\w.\-]+\.js)"')
DYNAMIC_IMPORT = re.compile(r'\bimport\(\s*"\./([\w.\-]+\.js)"\s*\)')
CHUNK_HASH = re.compile(r"-[A-Za-z0-9_\-]{8}\.js$")


def copy_if_changed(src: Path, dst: Path) -> bool:
    if dst.is_file():
        s, d = src.stat(), dst.stat()
        if s.st_size == d.st_size and int(s.st_mtime) == int(d.st_mtime):
            return False
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(src, dst)
    return True


def sync_dir(files: list[Path], dest: Path) -> None:
    """Make ``dest`` hold exactly ``files`` (by name)."""
    dest.mkdir(parents=True, exist_ok=True)
    names = {f.name for f in files}
    for stale in dest.iterdir():
        if stale.name not in names:
            if stale.is_dir():
                shutil.rmtree(stale)
            else:
                stale.unlink()
    changed = sum(copy_if_changed(f, dest / f.name) for f in files)
    log(f"{dest.relative_to(ROOT)}: {len(files)} files ({changed} updated)")


def vendor_pyodide() -> None:
    src = NODE_MODULES / "pyodide"
    missing = [n for n in PYODIDE_FILES if not (src / n).is_file()]
    if missing:
        sys.exit(f"[build] pyodide npm package lacks {missing}")
    sync_dir([src / n for n in PYODIDE_FILES], VENDOR / "pyodide")


def vendor_pyscript() -> None:
    if not (PYSCRIPT_DIST / "core.js").is_file():
        sys.exit(f"[build] {PYSCRIPT_DIST} has no core.js")
    files = sorted(
        p
        for p in PYSCRIPT_DIST.iterdir()
        if p.is_file() and p.suffix in {".js", ".css"} and not p.name.endswith(".map")
    )
    sync_dir(files, VENDOR / "pyscript")


def vendor_workbox_window() -> None:
    if not WORKBOX_WINDOW.is_file():
        sys.exit(f"[build] workbox-window npm package lacks {WORKBOX_WINDOW.name}")
    sync_dir([WORKBOX_WINDOW], VENDOR / "workbox")


def chunk_stem(name: str) -> str:
    """``core-C9KDLldu.js`` -> ``core``: a PyScript chunk's name without its content hash."""
    return CHUNK_HASH.sub("", name) if CHUNK_HASH.search(name) else name.removesuffix(".js")


def pyscript_needed(dist: Path) -> list[str]:
    """The PyScript files the page requests: core.css, core.js and what it imports.

    Static imports are followed everywhere; dynamic ones only from the core chunk and only
    to the plugins of PYSCRIPT_LAZY_NEEDED (their own lazy imports, codemirror, xterm, ...
    are for <py-editor>/<py-terminal>, which the page has not).
    """
    needed = {"core.css", "core.js"}
    todo = ["core.js"]
    lazy_seen: set[str] = set()
    while todo:
        name = todo.pop()
        path = dist / name
        if not path.is_file():
            sys.exit(f"[build] PyScript's {name} is missing from {dist}")
        text = path.read_text(encoding="utf-8")
        deps = set(STATIC_IMPORT.findall(text))
        if chunk_stem(name) == "core":
            for dep in DYNAMIC_IMPORT.findall(text):
                if chunk_stem(dep) in PYSCRIPT_LAZY_NEEDED:
                    deps.add(dep)
                    lazy_seen.add(chunk_stem(dep))
        for dep in sorted(deps - needed):
            needed.add(dep)
            todo.append(dep)
    if lazy_seen != PYSCRIPT_LAZY_NEEDED:
        sys.exit(
            f"[build] PyScript's core no longer imports {sorted(PYSCRIPT_LAZY_NEEDED - lazy_seen)}:"
            " measure again which chunks the page requests (tests/browser/test_offline.py)"
        )
    return sorted(needed)
