"""Build the static site: vendor the browser runtime, package serm, assemble ``_site/``.

Run from anywhere as ``python tools/build.py``.  Standard library, plus Node.js for
npm, Workbox and the vendored Pyodide (which runs the build's Python steps).

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
import contextlib
import gzip
import hashlib
import html
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
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
# PyScript's core chunk imports its plugins lazily.  Measured by booting the page, starting a
# game and playing (tests/browser/test_offline.py checks this stays true): the page requests
# these, but never the editor's codemirror, the terminal's xterm, micropython or zip chunks.
PYSCRIPT_LAZY_NEEDED = frozenset(
    {"deprecations-manager", "donkey", "error", "py-editor", "py-game", "py-terminal", "toml"}
)
STATIC_IMPORT = re.compile(r'(?:\bfrom|\bimport)\s*"\./([\w.\-]+\.js)"')
DYNAMIC_IMPORT = re.compile(r'\bimport\(\s*"\./([\w.\-]+\.js)"\s*\)')
CHUNK_HASH = re.compile(r"-[A-Za-z0-9_\-]{8}\.js$")
BUILD_META = re.compile(r'<meta name="serm-build" content="[^"]*">')
BOOT_META = re.compile(r'<meta name="serm-boot" content="[^"]*">')
# Where index.html gets the welcome screen drawn at build time (tools/prerender.py).
FIRST_PAINT = ("board", "status", "prompt")
# Python import statements in PyScript's JavaScript (the Python it runs at start-up, in strings).
_PY_BOUNDARY = r"""(?:^|[\s;"'`(]|\\n|\\t)"""
PY_FROM_IMPORT = re.compile(_PY_BOUNDARY + r"from\s+([A-Za-z_][\w.]*)\s+import\b[^\n;\\]*")
PY_IMPORT = re.compile(_PY_BOUNDARY + r"import\s+([A-Za-z_][\w.]*(?:\s*,\s*[A-Za-z_][\w.]*)*)")
# Codecs Python looks up by name (str.encode and friends; zipfile reads names in cp437), which no
# import statement shows: kept in the trimmed library.
ALWAYS_MODULES = (
    "encodings.ascii",
    "encodings.cp437",
    "encodings.latin_1",
    "encodings.raw_unicode_escape",
    "encodings.unicode_escape",
    "encodings.utf_8",
    "encodings.utf_8_sig",
)
BUILD_MODULE = "serm/_build.py"
# Not byte-compiled: it differs between builds of the same sources (the browser tests salt the
# build id), while the pycs are cached per sources; compiling its one line costs nothing.
NOT_COMPILED = frozenset({BUILD_MODULE})
# Copied into _site/ with a change: the build id, the zip's name.
REWRITTEN = frozenset({"index.html", "pyscript.toml"})
# Files of the serm package that go into the browser zip.
PACKAGE_SUFFIXES = frozenset({".py"})
# Tests and benchmarks (bench/, outside serm/) are never imported in the page.
SKIP_DIRS = frozenset({"__pycache__", "tests", "test", ".mypy_cache", ".pytest_cache"})
# pyscript.toml's [files] entry for the zip; the built site names the zip by its content.
APP_ZIP_SOURCE = '"./static/app/serm.zip"'
APP_ZIP = re.compile(r"static/app/serm-[0-9a-f]{16}\.zip")
STDLIB_ZIP = re.compile(r"static/app/stdlib-[0-9a-f]{16}\.zip")
PYC_PATH = re.compile(r"(?P<dir>(?:[^/]+/)*)__pycache__/(?P<stem>[^/.]+)\.[^/.]+\.pyc")
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


# --------------------------------------------------------------------------- npm


def npm_up_to_date() -> bool:
    """True when node_modules matches package-lock.json (what npm ci would install)."""
    installed = NODE_MODULES / ".package-lock.json"
    if not installed.is_file():
        return False
    try:
        wanted = json.loads((ROOT / "package-lock.json").read_text())["packages"]
        have = json.loads(installed.read_text())["packages"]
    except (OSError, ValueError, KeyError):
        return False
    for name, entry in wanted.items():
        if not name:  # the root project itself
            continue
        got = have.get(name)
        if got is None and entry.get("optional"):
            continue  # a platform-specific optional package npm leaves out on this machine
        if got is None or got.get("integrity") != entry.get("integrity"):
            return False
        if not (ROOT / name / "package.json").is_file():
            return False
    return True


def npm_ci(force: bool) -> None:
    if not force and npm_up_to_date():
        log("node_modules matches package-lock.json; npm ci skipped")
        return
    npm = shutil.which("npm")
    if npm is None:
        sys.exit("[build] npm is needed (Node.js 18 or newer) but was not found on PATH")
    log("npm ci (checks each package against package-lock.json sha512 integrity)")
    subprocess.run(
        [npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund"],
        cwd=ROOT,
        check=True,
    )


# ----------------------------------------------------------------------- copying


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


# ------------------------------------------------------------------------ wheels


def parse_requirements(path: Path) -> dict[str, tuple[str, str]]:
    """Map normalised project name -> (version, sha256) from a hash-pinned file."""
    text = re.sub(r"\\\n", " ", path.read_text())
    pins: dict[str, tuple[str, str]] = {}
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        match = re.match(r"([A-Za-z0-9_.\-]+)==(\S+)\s+--hash=sha256:([0-9a-f]{64})", line)
        if match is None:
            sys.exit(f"[build] {path.name}: every line must be 'name==version --hash=sha256:...'")
        name, version, digest = match.groups()
        pins[normalise(name)] = (version, digest)
    return pins


def normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def wheel_project(path: Path) -> tuple[str, str]:
    name, version = path.name.split("-")[:2]
    return normalise(name), version


def vendor_wheels() -> list[Path]:
    pins = parse_requirements(VENDOR_REQUIREMENTS)
    VENDOR.mkdir(parents=True, exist_ok=True)
    present = {wheel_project(p): p for p in VENDOR.glob("*.whl")}

    def verified(project: str) -> Path | None:
        version, digest = pins[project]
        wheel = present.get((project, version))
        return wheel if wheel is not None and sha256_of(wheel) == digest else None

    if any(verified(p) is None for p in pins):
        log(f"pip download --require-hashes -r {VENDOR_REQUIREMENTS.relative_to(ROOT)}")
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "pip",
                    "download",
                    "--require-hashes",
                    "--no-deps",
                    "--only-binary=:all:",
                    "--disable-pip-version-check",
                    "--quiet",
                    "-r",
                    str(VENDOR_REQUIREMENTS),
                    "-d",
                    tmp,
                ],
                check=True,
            )
            for downloaded in Path(tmp).glob("*.whl"):
                shutil.copy2(downloaded, VENDOR / downloaded.name)
        present = {wheel_project(p): p for p in VENDOR.glob("*.whl")}

    wheels = []
    for project, (version, digest) in sorted(pins.items()):
        wheel = present.get((project, version))
        if wheel is None:
            sys.exit(f"[build] no wheel for {project}=={version} after download")
        actual = sha256_of(wheel)
        if actual != digest:
            wheel.unlink()
            sys.exit(f"[build] sha256 mismatch for {wheel.name}: {actual} != pinned {digest}")
        wheels.append(wheel)
        log(f"static/vendor/{wheel.name}: sha256 ok")
    for stale in set(VENDOR.glob("*.whl")) - set(wheels):
        stale.unlink()
    return wheels


# ------------------------------------------------------------------- serm package


def package_files() -> list[Path]:
    package = ROOT / "serm"
    if not package.is_dir():
        return []
    found = []
    for dirpath, dirnames, filenames in os.walk(package):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS and not d.startswith("."))
        for name in sorted(filenames):
            path = Path(dirpath) / name
            rel = path.relative_to(ROOT).as_posix()
            if path.suffix in PACKAGE_SUFFIXES and not name.startswith("test_") and rel != ENTRY:
                found.append(path)
    return found


def build_module(build_id: str) -> bytes:
    return (
        f'"""Which build of the site this is (written by tools/build.py)."""\n\n'
        f"BUILD_ID = {build_id!r}\n"
    ).encode()


def package_zip(build_id: str, pycs: dict[str, bytes]) -> bytes:
    """The serm package as a deterministic zip, with serm/_build.py holding ``build_id``.

    ``pycs`` (archive name -> bytes, from ``bytecode``) go in too: serm's as sourceless modules
    (``serm/core/rules.pyc`` where ``rules.py`` would be; the import system loads those without a
    source, and the page downloads a third less), svg.py's as ``__pycache__`` files next to the
    sources its pinned wheel unpacks.  Only the uncompiled ``NOT_COMPILED`` stay as source.
    """
    files = {p.relative_to(ROOT).as_posix(): p for p in package_files()}
    entries: dict[str, bytes] = {}
    for name, data in pycs.items():
        match = PYC_PATH.fullmatch(name)
        if match is None:
            sys.exit(f"[build] unexpected pyc name {name}")
        source = f"{match['dir']}{match['stem']}.py"
        entries[f"{source}c" if source in files else name] = data
    for rel, path in files.items():
        if f"{rel}c" not in entries:
            entries[rel] = path.read_bytes()
    entries[BUILD_MODULE] = build_module(build_id)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, entries[name])
    return buffer.getvalue()


def app_zip_name(data: bytes) -> str:
    """Where the site serves serm's zip: named by its content, so a URL never changes meaning
    (the service worker then precaches it without cache-busting: no second download)."""
    return f"static/app/serm-{hashlib.sha256(data).hexdigest()[:16]}.zip"


def with_app_zip(toml: str, name: str) -> str:
    """pyscript.toml with its ``[files]`` entry for serm.zip pointing at ``name``."""
    if APP_ZIP_SOURCE not in toml:
        sys.exit(f"[build] pyscript.toml lacks the [files] entry {APP_ZIP_SOURCE}")
    return toml.replace(APP_ZIP_SOURCE, f'"./{name}"')


# ---------------------------------------------------------------------- bytecode


def wheel_sources(wheel: Path) -> dict[str, bytes]:
    """The ``.py`` files a wheel installs into site-packages, by path (no .data/ scripts)."""
    with zipfile.ZipFile(wheel) as archive:
        return {
            name: archive.read(name)
            for name in archive.namelist()
            if name.endswith(".py") and ".data/" not in name and ".dist-info/" not in name
        }


def compiled_sources() -> dict[str, bytes]:
    """Every source the page imports from the archives of pyscript.toml, by path there."""
    sources = {
        rel: path.read_bytes()
        for path in package_files()
        if (rel := path.relative_to(ROOT).as_posix()) not in NOT_COMPILED
    }
    for wheel in sorted(VENDOR.glob("*.whl")):
        sources.update(wheel_sources(wheel))
    return sources


def pyc_cache_key(sources: dict[str, bytes]) -> str:
    """What the pycs depend on: the sources, the Pyodide version and the compile script."""
    digest = hashlib.sha256(f"serm-pyc 1\n{pyodide_site_dir()}\n".encode())
    digest.update(f"script {sha256_of(COMPILE_PYC)}\n".encode())
    for name in sorted(sources):
        digest.update(f"{name} {hashlib.sha256(sources[name]).hexdigest()}\n".encode())
    return digest.hexdigest()[:24]


def read_zip(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def bytecode() -> dict[str, bytes]:
    """``__pycache__`` pycs of ``compiled_sources()``, compiled by Pyodide (cached)."""
    sources = compiled_sources()
    cached = PYC_CACHE / f"{pyc_cache_key(sources)}.zip"
    if cached.is_file():
        return read_zip(cached)
    pycs = run_compile_pyc(sources)
    PYC_CACHE.mkdir(parents=True, exist_ok=True)
    for stale in PYC_CACHE.glob("*.zip"):
        stale.unlink(missing_ok=True)
    partial = cached.with_suffix(f".{os.getpid()}.tmp")
    with zipfile.ZipFile(partial, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(pycs):
            archive.writestr(zipfile.ZipInfo(name, ZIP_DATE), pycs[name], zipfile.ZIP_DEFLATED)
    partial.replace(cached)
    return pycs


def run_compile_pyc(sources: dict[str, bytes]) -> dict[str, bytes]:
    """Byte-compile ``sources`` with the vendored Pyodide under Node (tools/compile_pyc.mjs)."""
    node = shutil.which("node")
    if node is None:
        sys.exit("[build] node is needed (Node.js 20 or newer) but was not found on PATH")
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp)
        for name, data in sources.items():
            (src / name).parent.mkdir(parents=True, exist_ok=True)
            (src / name).write_bytes(data)
        done = subprocess.run(
            [node, str(COMPILE_PYC), str(VENDOR / "pyodide"), str(src)],
            cwd=ROOT,
            capture_output=True,
            text=True,
        )
        if done.returncode != 0:
            sys.exit(f"[build] tools/compile_pyc.mjs failed:\n{done.stderr.strip()}")
        summary = json.loads(done.stdout.strip().splitlines()[-1])
        pycs = {p.relative_to(src).as_posix(): p.read_bytes() for p in src.rglob("*.pyc")}
    if len(pycs) != len(sources):
        sys.exit(f"[build] compile_pyc.mjs made {len(pycs)} pycs for {len(sources)} sources")
    log(f"byte-compiled {len(pycs)} modules with Pyodide's Python {summary['python']}")
    return pycs


# -------------------------------------------------------------- standard library


def pyscript_python_imports(dist: Path) -> list[str]:
    """The modules PyScript's own JavaScript imports in the Python it runs (in its strings)."""
    names: set[str] = set()
    for name in pyscript_needed(dist):
        if not name.endswith(".js"):
            continue
        text = (dist / name).read_text(encoding="utf-8")
        names.update(PY_FROM_IMPORT.findall(text))
        for found in PY_IMPORT.findall(PY_FROM_IMPORT.sub(" ", text)):
            names.update(part.strip() for part in found.split(","))
    return sorted(names)


def stdlib_roots() -> dict[str, bytes]:
    """The Python the page runs, by path: serm, svg.py, PyScript's package and main.py."""
    roots = {p.relative_to(ROOT).as_posix(): p.read_bytes() for p in package_files()}
    for wheel in sorted(VENDOR.glob("*.whl")):
        roots.update(wheel_sources(wheel))
    if not (PYSCRIPT_PACKAGE / "__init__.py").is_file():
        sys.exit(f"[build] {PYSCRIPT_PACKAGE} is missing (the pyscript package's sources)")
    for path in sorted(PYSCRIPT_PACKAGE.glob("*.py")):
        roots[f"pyscript/{path.name}"] = path.read_bytes()
    roots["main.py"] = (ROOT / "serm" / "web" / "main.py").read_bytes()
    return roots


def trimmed_stdlib() -> Path:
    """Pyodide's standard library cut to what the page imports, as bytecode: a folder holding
    ``stdlib.zip`` and ``audit.json`` (what was kept and why; see tools/trim_stdlib.py).

    tools/trim_stdlib.py traces the imports inside the vendored Pyodide; the result is cached
    in build/stdlib/, keyed on everything it depends on.
    """
    roots = stdlib_roots()
    args: dict[str, object] = {
        "roots": "roots",
        "modules": pyscript_python_imports(VENDOR / "pyscript"),
        "always": list(ALWAYS_MODULES),
    }
    digest = hashlib.sha256(f"serm-stdlib 1\n{pyodide_site_dir()}\n".encode())
    for script in (TRIM_STDLIB, PYODIDE_RUN, VENDOR / "pyodide" / "python_stdlib.zip"):
        digest.update(f"{script.name} {sha256_of(script)}\n".encode())
    digest.update(json.dumps(args, sort_keys=True).encode())
    for name in sorted(roots):
        digest.update(f"{name} {hashlib.sha256(roots[name]).hexdigest()}\n".encode())
    cached = STDLIB_CACHE / digest.hexdigest()[:24]
    if not (cached / "stdlib.zip").is_file() or not (cached / "audit.json").is_file():
        run_trim_stdlib(roots, args, cached)
        reached = json.loads((cached / "audit.json").read_text())["page_modules"]
        if PAGE_MODULE not in reached:
            shutil.rmtree(cached)
            sys.exit(
                f"[build] tools/trim_stdlib.py did not reach {PAGE_MODULE} from {ENTRY}: the "
                "page's imports must be plain import statements, or the trimmed standard library "
                "misses what they need"
            )
    return cached


def run_trim_stdlib(roots: dict[str, bytes], args: dict[str, object], dest: Path) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for name, data in roots.items():
            (work / "roots" / name).parent.mkdir(parents=True, exist_ok=True)
            (work / "roots" / name).write_bytes(data)
        (work / "args.json").write_text(json.dumps(args))
        summary = json.loads(run_pyodide_script(TRIM_STDLIB, work))
        shutil.rmtree(STDLIB_CACHE, ignore_errors=True)
        partial = dest.with_name(f"{dest.name}.{os.getpid()}.tmp")
        partial.mkdir(parents=True)
        shutil.copyfile(work / "stdlib.zip", partial / "stdlib.zip")
        shutil.copyfile(work / "audit.json", partial / "audit.json")
        partial.rename(dest)
    log(
        f"standard library trimmed to {summary['modules']} of {summary['of']} modules, "
        f"byte-compiled by Pyodide's Python {summary['python']} (audit: "
        f"{(dest / 'audit.json').relative_to(ROOT)})"
    )


def stdlib_zip_name(data: bytes) -> str:
    """Where the site serves the trimmed standard library: named by its content, like serm's."""
    return f"static/app/stdlib-{hashlib.sha256(data).hexdigest()[:16]}.zip"


# ---------------------------------------------------------------- first paint


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


def run_pyodide_script(script: Path, work: Path) -> str:
    """The JSON line a tools/ script prints when tools/pyodide_run.mjs runs it in Pyodide."""
    node = shutil.which("node")
    if node is None:
        sys.exit("[build] node is needed (Node.js 20 or newer) but was not found on PATH")
    done = subprocess.run(
        [node, str(PYODIDE_RUN), str(VENDOR / "pyodide"), str(script), str(work)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        sys.exit(f"[build] tools/{script.name} failed:\n{done.stderr.strip()[-3000:]}")
    return done.stdout.strip().splitlines()[-1]


def with_first_paint(page: str, first: dict[str, str]) -> str:
    """index.html with the welcome screen where its ``<!-- serm:NAME -->`` placeholders are."""
    for name in FIRST_PAINT:
        mark = f"<!-- serm:{name} -->"
        if page.count(mark) != 1:
            sys.exit(f"[build] index.html must hold {mark} once")
        page = page.replace(mark, first[name])
    return page


# -------------------------------------------------------------------------- boot


def boot_files(site: Path, app: str, stdlib: str) -> list[dict[str, object]]:
    """What static/js/boot.js downloads itself on a first visit, in the order it needs them.

    Each file with its size (the bytes the page receives), its weight on the loading bar (what
    goes over the network: the gzip size where gzip makes it smaller, as static hosts compress),
    what to call it in a message, its kind (how it is checked) and whether the page keeps its
    bytes to hand them to Pyodide and PyScript (``keep``) or only warms the HTTP cache with it
    (scripts, which the browser imports itself).
    """
    pyodide = pyodide_site_dir()
    wheel = next(iter(sorted((site / "static" / "vendor").glob("*.whl"))))
    listed: list[tuple[str, str, str]] = [
        (f"static/vendor/pyscript/{name}", "module", "PyScript")
        for name in pyscript_needed(VENDOR / "pyscript")
        if name.endswith(".js")
    ]
    listed += [
        ("pyscript.toml", "text", "the game's settings (pyscript.toml)"),
        ("serm/web/main.py", "text", "the game's start script (main.py)"),
        ("static/js/runtime.mjs", "module", "the game's loader (runtime.mjs)"),
        (f"{pyodide}/pyodide.mjs", "module", "the Python runtime (pyodide.mjs)"),
        (f"{pyodide}/pyodide.asm.mjs", "module", "the Python runtime (pyodide.asm.mjs)"),
        (f"{pyodide}/pyodide.asm.wasm", "wasm", "the Python runtime (pyodide.asm.wasm)"),
        (stdlib, "zip", "Python's standard library"),
        (app, "zip", "the game's code"),
        (wheel.relative_to(site).as_posix(), "zip", "the drawing library (svg.py)"),
    ]
    out: list[dict[str, object]] = []
    for rel, kind, label in listed:
        data = (site / rel).read_bytes()
        out.append(
            {
                "url": rel,
                "kind": kind,
                "label": label,
                "size": len(data),
                "weight": min(len(data), len(gzip.compress(data, 6))),
                "keep": kind in ("wasm", "zip"),
            }
        )
    return out


def boot_manifest(
    site: Path, app: str, stdlib: str, vocabulary: dict[str, object]
) -> dict[str, object]:
    """index.html's ``<meta name="serm-boot">``: read by static/js/boot.js and runtime.mjs, and by
    static/js/snapshot.js (``snapshot``: where the stored board is and what it may hold)."""
    lock = json.loads((VENDOR / "pyodide" / "pyodide-lock.json").read_text())
    return {
        "pyscript": "static/vendor/pyscript/core.js",
        "pyodide": f"{pyodide_site_dir()}/",
        "stdlib": stdlib,
        "lock": lock["info"],
        "files": boot_files(site, app, stdlib),
        "snapshot": {
            "key": "serm/snapshot",
            "autosave": "serm/autosave",
            "max": 400_000,
            **vocabulary,
        },
    }


def with_boot_meta(page: str, manifest: dict[str, object]) -> str:
    if not BOOT_META.search(page):
        sys.exit('[build] index.html lacks <meta name="serm-boot" content="...">')
    content = html.escape(json.dumps(manifest, separators=(",", ":")), quote=True)
    return BOOT_META.sub(lambda _: f'<meta name="serm-boot" content="{content}">', page)


# ------------------------------------------------------------------------- _site


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


def site_plan() -> dict[str, Path]:
    """Every file _site/ copies, by its path in the site (index.html is rewritten on the way).

    Generated besides: static/app/serm-HASH.zip, static/app/stdlib-HASH.zip and sw.js
    (pyscript.toml is rewritten to name the serm zip, index.html gets the boot list).
    """
    plan = {name: ROOT / name for name in SITE_FILES}
    for folder in SITE_DIRS:
        for path in sorted((ROOT / folder).rglob("*")):
            rel = path.relative_to(ROOT)
            if path.is_file() and not any(part.startswith(".") for part in rel.parts):
                plan[rel.as_posix()] = path
    for name in SITE_PYODIDE_FILES:
        plan[f"{pyodide_site_dir()}/{name}"] = VENDOR / "pyodide" / name
    for name in pyscript_needed(VENDOR / "pyscript"):
        plan[f"static/vendor/pyscript/{name}"] = VENDOR / "pyscript" / name
    plan[f"static/vendor/workbox/{WORKBOX_WINDOW.name}"] = VENDOR / "workbox" / WORKBOX_WINDOW.name
    for wheel in sorted(VENDOR.glob("*.whl")):
        plan[f"static/vendor/{wheel.name}"] = wheel
    missing = sorted(rel for rel, path in plan.items() if not path.is_file())
    if missing:
        sys.exit(f"[build] missing for _site: {missing} (run python tools/build.py)")
    return plan


def compute_build_id(plan: dict[str, Path], salt: str = "") -> str:
    """A hash of everything the site is made of: its files and the serm sources."""
    digest = hashlib.sha256(f"serm-site 1\n{salt}\n".encode())
    sources = {p.relative_to(ROOT).as_posix(): p for p in package_files()}
    for group, files in (("site", plan), ("package", sources)):
        for rel in sorted(files):
            digest.update(f"{group} {rel} {sha256_of(files[rel])}\n".encode())
    return digest.hexdigest()[:16]


def tools_digest() -> str:
    """A hash of how the site is made: this script, the worker's config, the compiler, the pins."""
    digest = hashlib.sha256()
    tools = (MAKE_SW, SW_SOURCE, COMPILE_PYC, PYODIDE_RUN, TRIM_STDLIB, PRERENDER)
    for path in (Path(__file__).resolve(), *tools, ROOT / "package-lock.json"):
        digest.update(f"{path.name} {sha256_of(path)}\n".encode())
    return digest.hexdigest()


def stamp_path(dest: Path) -> Path:
    return dest.with_name(f".{dest.name}.stamp")


def site_is_current(dest: Path, plan: dict[str, Path], build_id: str) -> bool:
    index = dest / "index.html"
    if not index.is_file() or not (dest / "sw.js").is_file():
        return False
    try:
        stamp = json.loads(stamp_path(dest).read_text())
    except (OSError, ValueError):
        return False
    if stamp != {"build_id": build_id, "tools": tools_digest()}:
        return False
    if f'<meta name="serm-build" content="{build_id}">' not in index.read_text(encoding="utf-8"):
        return False
    have = {p.relative_to(dest).as_posix() for p in dest.rglob("*") if p.is_file()}
    extra = have - set(plan)
    if (
        "sw.js" not in extra
        or len(extra) != 3
        or not any(APP_ZIP.fullmatch(e) for e in extra)
        or not any(STDLIB_ZIP.fullmatch(e) for e in extra)
    ):
        return False
    return all(
        (dest / rel).stat().st_size == src.stat().st_size
        for rel, src in plan.items()
        if rel not in REWRITTEN
    )


def make_sw(site: Path) -> dict[str, object]:
    node = shutil.which("node")
    if node is None:
        sys.exit("[build] node is needed (Node.js 20 or newer) but was not found on PATH")
    done = subprocess.run(
        [node, str(MAKE_SW), str(site)], cwd=ROOT, check=True, capture_output=True, text=True
    )
    if done.stderr.strip():
        print(done.stderr.strip(), file=sys.stderr)
    summary: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return summary


@contextlib.contextmanager
def site_lock(dest: Path) -> Iterator[None]:
    """Keep two builds (say, two test sessions) from assembling the same folder at once."""
    lock_path = dest.with_name(f".{dest.name}.lock")
    with lock_path.open("w") as handle:
        try:
            import fcntl
        except ImportError:  # not POSIX: no lock
            yield
            return
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def assemble_site(dest: Path = SITE, salt: str = "") -> str:
    """Make ``dest`` hold exactly the deployable site; return its build id.

    ``salt`` only changes the build id (the browser tests use it to make two versions).
    Nothing is rewritten when ``dest`` already holds this build.
    """
    dest = dest.resolve()
    dest.parent.mkdir(parents=True, exist_ok=True)
    with site_lock(dest):
        return _assemble(dest, salt)


def _assemble(dest: Path, salt: str) -> str:
    plan = site_plan()
    build_id = compute_build_id(plan, salt)
    shown = dest.relative_to(ROOT) if dest.is_relative_to(ROOT) else dest
    if site_is_current(dest, plan, build_id):
        log(f"{shown}/: build {build_id} (unchanged)")
        return build_id
    tmp = dest.with_name(f".{dest.name}.tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    stamp_path(dest).unlink(missing_ok=True)
    for rel, src in plan.items():
        target = tmp / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        if rel == "index.html":
            html = src.read_text(encoding="utf-8")
            if not BUILD_META.search(html):
                sys.exit('[build] index.html lacks <meta name="serm-build" content="...">')
            meta = f'<meta name="serm-build" content="{build_id}">'
            target.write_text(BUILD_META.sub(meta, html), encoding="utf-8")
        else:
            shutil.copyfile(src, target)
    data = package_zip(build_id, bytecode())
    app = app_zip_name(data)
    (tmp / app).parent.mkdir(parents=True, exist_ok=True)
    (tmp / app).write_bytes(data)
    stdlib_data = (trimmed_stdlib() / "stdlib.zip").read_bytes()
    stdlib = stdlib_zip_name(stdlib_data)
    (tmp / stdlib).write_bytes(stdlib_data)
    toml = tmp / "pyscript.toml"
    toml.write_text(with_app_zip(toml.read_text(encoding="utf-8"), app), encoding="utf-8")
    index = tmp / "index.html"
    drawn = prerendered()
    manifest = boot_manifest(tmp, app, stdlib, drawn["vocabulary"])
    page = with_first_paint(index.read_text(encoding="utf-8"), drawn["first"])
    index.write_text(with_boot_meta(page, manifest), encoding="utf-8")
    summary = make_sw(tmp)
    old = dest.with_name(f".{dest.name}.old")
    shutil.rmtree(old, ignore_errors=True)
    if dest.exists():
        dest.rename(old)
    tmp.rename(dest)
    shutil.rmtree(old, ignore_errors=True)
    stamp_path(dest).write_text(json.dumps({"build_id": build_id, "tools": tools_digest()}))
    log(
        f"{shown}/: build {build_id}, {summary['count']} files precached by sw.js "
        f"({int(str(summary['size'])) / 1e6:.1f} MB)"
    )
    return build_id


# -------------------------------------------------------------------------- main


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
