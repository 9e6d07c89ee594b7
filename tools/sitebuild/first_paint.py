"""The welcome screen drawn at build time into index.html (tools/prerender.py in Pyodide)."""

from __future__ import annotations

import hashlib
import json
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from tools.sitebuild.bytecode import wheel_sources
from tools.sitebuild.common import (
    EXAMPLE_RECORD,
    PRERENDER,
    PRERENDER_CACHE,
    PYODIDE_RUN,
    ROOT,
    VENDOR,
    log,
    pyodide_site_dir,
    run_pyodide_script,
    sha256_of,
)
from tools.sitebuild.package import package_files

# Where index.html gets the welcome screen drawn at build time (tools/prerender.py).
FIRST_PAINT = ("board", "status", "prompt")


def prerendered() -> dict[str, Any]:
    """The welcome screen drawn by the game's own view code, and the vocabulary of its markup
    (tools/prerender.py, run in the vendored Pyodide with serm and svg.py); cached in
    build/prerender/, keyed on what it depends on."""
    roots = {p.relative_to(ROOT).as_posix(): p.read_bytes() for p in package_files()}
    for wheel in sorted(VENDOR.glob("*.whl")):
        roots.update(wheel_sources(wheel))
    digest = hashlib.sha256(f"serm-prerender 1\n{pyodide_site_dir()}\n".encode())
    for path in (PRERENDER, PYODIDE_RUN, EXAMPLE_RECORD):
        digest.update(f"{path.name} {sha256_of(path)}\n".encode())
    for name in sorted(roots):
        digest.update(f"{name} {hashlib.sha256(roots[name]).hexdigest()}\n".encode())
    cached = PRERENDER_CACHE / f"{digest.hexdigest()[:24]}.json"
    if not cached.is_file():
        with tempfile.TemporaryDirectory() as tmp:
            work = Path(tmp)
            for name, source in roots.items():
                (work / name).parent.mkdir(parents=True, exist_ok=True)
                (work / name).write_bytes(source)
            shutil.copyfile(EXAMPLE_RECORD, work / "record.json")
            output = run_pyodide_script(PRERENDER, work)
        shutil.rmtree(PRERENDER_CACHE, ignore_errors=True)
        PRERENDER_CACHE.mkdir(parents=True)
        cached.write_text(output)
        log("welcome screen drawn for the first paint (tools/prerender.py)")
    drawn: dict[str, Any] = json.loads(cached.read_text())
    return drawn


def with_first_paint(page: str, first: dict[str, str]) -> str:
    """index.html with the welcome screen where its ``<!-- serm:NAME -->`` placeholders are."""
    for name in FIRST_PAINT:
        mark = f"<!-- serm:{name} -->"
        if page.count(mark) != 1:
            sys.exit(f"[build] index.html must hold {mark} once")
        page = page.replace(mark, first[name])
    return page
