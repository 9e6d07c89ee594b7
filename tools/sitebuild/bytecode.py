"""The pycs of serm and svg.py, compiled by the vendored Pyodide's Python (cached in build/pyc/)."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from tools.sitebuild.common import (
    COMPILE_PYC,
    NOT_COMPILED,
    PYC_CACHE,
    ROOT,
    VENDOR,
    ZIP_DATE,
    log,
    node,
    pyodide_site_dir,
    sha256_of,
)
from tools.sitebuild.package import package_files


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
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp)
        for name, data in sources.items():
            (src / name).parent.mkdir(parents=True, exist_ok=True)
            (src / name).write_bytes(data)
        done = subprocess.run(
            [node(), str(COMPILE_PYC), str(VENDOR / "pyodide"), str(src)],
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
