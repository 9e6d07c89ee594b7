"""What every step of the site's build shares: where things are, the log, hashes, Node.js.

``pyodide_site_dir`` names the folder the site serves Pyodide from; ``run_pyodide_script`` runs a
tools/ script inside the vendored Pyodide (tools/pyodide_run.mjs) and returns its JSON line.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NODE_MODULES = ROOT / "node_modules"
STATIC = ROOT / "static"
VENDOR = STATIC / "vendor"
SITE = ROOT / "_site"
VENDOR_REQUIREMENTS = ROOT / "tools" / "requirements-vendor.txt"
MAKE_SW = ROOT / "tools" / "make_sw.mjs"
SW_SOURCE = ROOT / "tools" / "sw-source.mjs"
COMPILE_PYC = ROOT / "tools" / "compile_pyc.mjs"
PYODIDE_RUN = ROOT / "tools" / "pyodide_run.mjs"
TRIM_STDLIB = ROOT / "tools" / "trim_stdlib.py"
PRERENDER = ROOT / "tools" / "prerender.py"
EXAMPLE_RECORD = ROOT / "examples" / "complete-game.json"
PYC_CACHE = ROOT / "build" / "pyc"
STDLIB_CACHE = ROOT / "build" / "stdlib"
PRERENDER_CACHE = ROOT / "build" / "prerender"
PYSCRIPT_PACKAGE = NODE_MODULES / "@pyscript" / "core" / "src" / "stdlib" / "pyscript"

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
# What the site serves of them: the page gets the standard library trimmed
# (static/app/stdlib-HASH.zip) and the lock file's header only (in index.html's boot list), so
# those two stay out of _site.
SITE_PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
PYSCRIPT_DIST = NODE_MODULES / "@pyscript" / "core" / "dist"
WORKBOX_WINDOW = NODE_MODULES / "workbox-window" / "build" / "workbox-window.prod.mjs"

# What _site/ holds besides the vendored runtime and the generated files.
SITE_FILES = ("index.html", "pyscript.toml", "serm/web/main.py", "static/manifest.webmanifest")
# The page's entry script: PyScript runs it from the site, as source (with a top-level await, which
# only PyScript's runner allows): not part of the serm zip.
ENTRY = "serm/web/main.py"
PAGE_MODULE = "serm.web.app"
# pyscript.toml's interpreter: the game's module that starts the vendored Pyodide its own way.
INTERPRETER = "./static/js/runtime.mjs"
SITE_DIRS = ("static/css", "static/js", "static/icons")
BUILD_MODULE = "serm/_build.py"
# Not byte-compiled: it differs between builds of the same sources (the browser tests salt the
# build id), while the pycs are cached per sources; compiling its one line costs nothing.
NOT_COMPILED = frozenset({BUILD_MODULE})
# A fixed timestamp keeps serm.zip byte-identical for identical sources.
ZIP_DATE = (2020, 1, 1, 0, 0, 0)


def log(message: str) -> None:
    print(f"[build] {message}", flush=True)


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def node() -> str:
    """The path of Node.js, which runs the vendored Pyodide and Workbox; stops the build without."""
    found = shutil.which("node")
    if found is None:
        sys.exit("[build] node is needed (Node.js 20 or newer) but was not found on PATH")
    return found


def pyodide_site_dir() -> str:
    """Where the site serves Pyodide: a folder named after its pinned version.

    A versioned URL never changes content, so the service worker may take it from the browser's
    HTTP cache when it precaches (no second 10 MB download right after the first visit).
    pyscript.toml's ``interpreter`` is static/js/runtime.mjs, which starts Pyodide from this
    folder (boot.js gives it the folder, from index.html's boot list).
    """
    version = json.loads((ROOT / "package.json").read_text())["dependencies"]["pyodide"]
    if f'interpreter = "{INTERPRETER}"' not in (ROOT / "pyscript.toml").read_text():
        sys.exit(f"[build] pyscript.toml's interpreter must be {INTERPRETER}")
    return f"static/vendor/pyodide-{version}"


def run_pyodide_script(script: Path, work: Path) -> str:
    """The JSON line a tools/ script prints when tools/pyodide_run.mjs runs it in Pyodide."""
    done = subprocess.run(
        [node(), str(PYODIDE_RUN), str(VENDOR / "pyodide"), str(script), str(work)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        sys.exit(f"[build] tools/{script.name} failed:\n{done.stderr.strip()[-3000:]}")
    return done.stdout.strip().splitlines()[-1]
