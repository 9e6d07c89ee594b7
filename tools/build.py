"""Build the static site: vendor the browser runtime and package the serm sources.

Run from anywhere as ``python tools/build.py``.  Standard library only.

Steps (each one is skipped when its output is already up to date):

1. ``npm ci`` installs @pyscript/core and pyodide exactly as pinned in
   package-lock.json; npm checks every tarball against the lock file's sha512
   ``integrity`` field and fails on a mismatch.
2. The Pyodide runtime files are copied to static/vendor/pyodide/.
3. The PyScript core files (no source maps) are copied to static/vendor/pyscript/.
4. The svg.py wheel is fetched with ``pip download --require-hashes`` against
   tools/requirements-vendor.txt, and its sha256 is checked here again.
5. The ``serm`` package (``.py`` files only, no tests, no caches) is zipped to
   static/app/serm.zip, which pyscript.toml unpacks into the interpreter's cwd.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
STATIC = ROOT / "static"
VENDOR = STATIC / "vendor"
APP = STATIC / "app"
VENDOR_REQUIREMENTS = ROOT / "tools" / "requirements-vendor.txt"

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
PYSCRIPT_DIST = NODE_MODULES / "@pyscript" / "core" / "dist"
# Files of the serm package that go into the browser zip.
PACKAGE_SUFFIXES = frozenset({".py"})
SKIP_DIRS = frozenset({"__pycache__", "tests", "test", ".mypy_cache", ".pytest_cache"})
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
            if path.suffix in PACKAGE_SUFFIXES and not name.startswith("test_"):
                found.append(path)
    return found


def zip_package() -> Path:
    """Write static/app/serm.zip deterministically; only rewrite it if its bytes change."""
    target = APP / "serm.zip"
    APP.mkdir(parents=True, exist_ok=True)
    files = package_files()
    tmp = target.with_suffix(".zip.tmp")
    with zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for path in files:
            info = zipfile.ZipInfo(path.relative_to(ROOT).as_posix(), ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, path.read_bytes())
    if target.is_file() and target.read_bytes() == tmp.read_bytes():
        tmp.unlink()
        log(f"static/app/serm.zip: {len(files)} files (unchanged)")
    else:
        tmp.replace(target)
        log(f"static/app/serm.zip: {len(files)} files (written)")
    return target


# -------------------------------------------------------------------------- main


def build(force_npm: bool = False) -> None:
    npm_ci(force_npm)
    vendor_pyodide()
    vendor_pyscript()
    vendor_wheels()
    zip_package()
    log("done")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--force-npm", action="store_true", help="run npm ci even if node_modules looks current"
    )
    args = parser.parse_args(argv)
    build(force_npm=args.force_npm or os.environ.get("CI") == "true")
    return 0


if __name__ == "__main__":
    sys.exit(main())
