"""The site ships bytecode for what the page imports, and Pyodide imports it instead of compiling.

tools/build.py puts Pyodide-compiled, unchecked-hash ``__pycache__`` pycs of serm and of the
vendored wheels into ``static/app/serm.zip``.  The first test reads the built zip on CPython; the
second unpacks the archives of pyscript.toml into Pyodide under Node.js, as PyScript does, and
imports what serm/web/main.py imports (tests/pyodide/import_check.mjs).
"""

from __future__ import annotations

import _imp
import json
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path, PurePosixPath

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import build  # noqa: E402

CHECK = ROOT / "tests" / "pyodide" / "import_check.mjs"
PYC_NAME = re.compile(r"(?P<dir>(?:.+/)?)__pycache__/(?P<stem>[^/.]+)\.cpython-3\d+\.pyc")
UNCHECKED_HASH = 0b01  # flags word: hash-based, do not check the source


@pytest.fixture(scope="module")
def site() -> Path:
    """``_site/``, built from the current sources (needs Node.js; skipped steps when current)."""
    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    build.build()
    return build.SITE


def archives(site: Path) -> list[Path]:
    """The archives pyscript.toml unpacks into the interpreter's working directory, in order."""
    files = tomllib.loads((site / "pyscript.toml").read_text())["files"]
    return [site / source for source, target in files.items() if target == "./*"]


def sources(site: Path) -> dict[str, bytes]:
    """Every ``.py`` the page can import from those archives, by path."""
    found: dict[str, bytes] = {}
    for archive in archives(site):
        with zipfile.ZipFile(archive) as zf:
            for name in zf.namelist():
                if name.endswith(".py") and ".dist-info/" not in name:
                    found[name] = zf.read(name)
    return found


def test_every_module_has_its_unchecked_hash_pyc(site: Path) -> None:
    with zipfile.ZipFile(site / "static" / "app" / "serm.zip") as zf:
        pycs = {name: zf.read(name) for name in zf.namelist() if name.endswith(".pyc")}
    shipped = sources(site)
    by_source = {}
    for name in pycs:
        match = PYC_NAME.fullmatch(name)
        assert match, f"{name} is not a __pycache__/*.cpython-3XX.pyc"
        by_source[f"{match['dir']}{match['stem']}.py"] = name
    expected = set(shipped) - build.NOT_COMPILED
    assert set(by_source) == expected
    assert {PurePosixPath(n).parts[0] for n in expected} >= {"serm", "svg"}
    assert len({PurePosixPath(n).suffixes[0] for n in pycs}) == 1, "one cache tag for all"
    for source_name, pyc_name in by_source.items():
        data = pycs[pyc_name]
        flags = int.from_bytes(data[4:8], "little")
        assert flags == UNCHECKED_HASH, f"{pyc_name}: flags {flags:#b}"
        key = int.from_bytes(data[:4], "little")  # the magic number is the hash's key
        source_hash = _imp.source_hash(key, shipped[source_name])
        assert data[8:16] == source_hash, f"{pyc_name} was compiled from another {source_name}"


@pytest.mark.pyodide
def test_pyodide_imports_the_shipped_bytecode(site: Path) -> None:
    pyodide_dir = site / build.pyodide_site_dir()
    done = subprocess.run(
        ["node", str(CHECK), str(pyodide_dir), *map(str, archives(site))],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    print(f"svg + serm imported in {result['import_ms']} ms (Pyodide, Node.js)")
    assert result["modules"] >= 30
    assert result["from_source"] == sorted(build.NOT_COMPILED)
    assert len(result["from_pyc"]) == result["modules"] - len(build.NOT_COMPILED)
