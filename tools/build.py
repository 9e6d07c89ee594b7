"""Build the static site: vendor the browser runtime, package serm, assemble ``_site/``.

Run from anywhere as ``python tools/build.py`` (or ``python -m tools.build`` from the top folder).
Standard library, plus Node.js for npm, Workbox and the vendored Pyodide (which runs the build's
Python steps).  The steps live in ``tools/sitebuild/``, one module each: ``npm``, ``vendor``
(steps 2-4), ``wheels``, ``package`` (serm's zip), ``bytecode``, ``stdlib``, ``first_paint``,
``boot`` (the boot list) and ``assemble`` (step 6), on ``common`` (paths, the log, Node.js).

Steps (each one is skipped when its output is already up to date):

1. ``npm ci`` installs @pyscript/core, pyodide, workbox-window and (for the build)
   workbox-build, workbox's precaching modules and rollup exactly as pinned in
   package-lock.json; npm checks every tarball against the lock file's sha512 ``integrity``
   field and fails on a mismatch.
2. The Pyodide runtime files are copied to static/vendor/pyodide/.
3. The PyScript core files (no source maps) are copied to static/vendor/pyscript/.
4. workbox-window's browser module is copied to static/vendor/workbox/.
5. The svg.py wheel is fetched with ``pip download --require-hashes`` against
   tools/requirements-vendor.txt, and its sha256 is checked here again.
6. ``_site/`` is assembled: exactly the files the game needs (see ``site_plan``),
   static/app/serm-HASH.zip (the ``serm`` package, see below, with serm/_build.py holding the
   build id; named by its content, and pyscript.toml rewritten to match),
   static/app/stdlib-HASH.zip (Pyodide's standard library trimmed to what the page imports,
   see below), index.html with the build id in ``<meta name="serm-build">``, the list of
   start-up files static/js/boot.js downloads and checks in ``<meta name="serm-boot">``
   (``boot_manifest``) and the welcome screen drawn where its ``<!-- serm:... -->``
   placeholders are (see below), and sw.js, the Workbox service worker that precaches all of
   it (tools/make_sw.mjs).  The build id is a hash of every input, so an unchanged ``_site/`` is
   recognised and left alone in well under a second.

Bytecode: Pyodide ships no ``.pyc`` for what the page unpacks, so without them every load
compiles serm and svg.py again (200-300 ms).  tools/compile_pyc.mjs compiles them with the
vendored Pyodide's own Python (the host's CPython has another bytecode) into "unchecked hash"
pycs.  serm goes into the zip as bytecode only (``serm/core/rules.pyc`` in place of
``rules.py``: a sourceless module; tracebacks keep file and line, not the line's text).  svg.py's
pycs go in as ``__pycache__/*.cpython-3XX.pyc`` beside the sources its pinned wheel unpacks;
"unchecked" because the import system must use them without comparing them to those sources,
whose mtimes change on every load.  The result is cached in build/pyc/, keyed on the sources,
the Pyodide version and the script.  serm/web/main.py, the page's entry, stays out of the zip:
PyScript runs it from the site, as source.

Standard library: Pyodide's python_stdlib.zip holds all of Python's library as sources (2.5 MB,
compiled again on every load).  tools/trim_stdlib.py, run in the vendored Pyodide, traces what
the page imports (from main.py, PyScript's package and its start-up code, Pyodide's own
start-up) and writes those modules only, byte-compiled, with an audit of why each is kept
(build/stdlib/); static/js/runtime.mjs gives it to Pyodide as ``stdLibURL``.  The stock zip and
lock file stay out of _site.

First paint: tools/prerender.py, run in the vendored Pyodide with serm and svg.py, draws the
welcome screen with ``serm.ui.welcome`` (the function the live page draws it with) into
index.html, and lists the elements and attributes of its markup: the only ones
static/js/snapshot.js lets a returning player's stored board hold (build/prerender/).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

if __name__ == "__main__" and not __package__:
    # Run as a file, this script has only tools/ on its path: run it as the module tools.build
    # from the top folder, where the package tools.sitebuild imports.
    sys.exit(
        subprocess.run(
            [sys.executable, "-m", "tools.build", *sys.argv[1:]],
            cwd=Path(__file__).resolve().parent.parent,
        ).returncode
    )

from tools.sitebuild.assemble import assemble_site
from tools.sitebuild.bytecode import wheel_sources
from tools.sitebuild.common import NOT_COMPILED, ROOT, SITE, VENDOR, log, pyodide_site_dir
from tools.sitebuild.npm import npm_ci
from tools.sitebuild.package import app_zip_name, package_files
from tools.sitebuild.stdlib import stdlib_zip_name, trimmed_stdlib
from tools.sitebuild.vendor import vendor_pyodide, vendor_pyscript, vendor_workbox_window
from tools.sitebuild.wheels import vendor_wheels

__all__ = [
    "NOT_COMPILED",
    "ROOT",
    "SITE",
    "VENDOR",
    "app_zip_name",
    "assemble_site",
    "build",
    "main",
    "package_files",
    "pyodide_site_dir",
    "stdlib_zip_name",
    "trimmed_stdlib",
    "wheel_sources",
]


def build(force_npm: bool = False) -> str:
    """Run every step; return the build id of _site/."""
    npm_ci(force_npm)
    vendor_pyodide()
    vendor_pyscript()
    vendor_workbox_window()
    vendor_wheels()
    build_id = assemble_site()
    log("done")
    return build_id


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--force-npm", action="store_true", help="run npm ci even if node_modules looks current"
    )
    parser.add_argument(
        "--audit",
        action="store_true",
        help="then print the import audit: every standard-library module the page gets, and why",
    )
    args = parser.parse_args(argv)
    build(force_npm=args.force_npm or os.environ.get("CI") == "true")
    if args.audit:
        print_audit(json.loads((trimmed_stdlib() / "audit.json").read_text()))
    return 0


def print_audit(audit: dict[str, Any]) -> None:
    """The trimmed standard library's audit (tools/trim_stdlib.py) as a table, by group."""
    kept: dict[str, dict[str, str]] = audit["kept"]
    print(f"standard library kept for the page (Python {audit['python']}): {len(kept)} modules")
    for group in sorted({g for groups in kept.values() for g in groups}):
        names = sorted(m for m, groups in kept.items() if group in groups)
        print(f"\n{group} needs {len(names)}:")
        for name in names:
            print(f"  {name:<40} imported by {kept[name][group]}")
    print(f"\nimported but found nowhere ({len(audit['not_found'])}): ", end="")
    print(", ".join(sorted(audit["not_found"])))


if __name__ == "__main__":
    sys.exit(main())
