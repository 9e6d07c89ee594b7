"""The site ships bytecode for what the page imports, and Pyodide imports it instead of compiling.

tools/build.py puts Pyodide-compiled, unchecked-hash pycs into ``static/app/serm-HASH.zip``:
serm's modules as sourceless ``.pyc`` files, svg.py's as ``__pycache__`` files beside the sources
of its pinned wheel; and Pyodide's standard library, trimmed to what the page imports
(tools/trim_stdlib.py), as sourceless pycs in ``static/app/stdlib-HASH.zip``.  The first tests
read the built site on CPython; the last unpacks the archives of pyscript.toml into Pyodide
under Node.js, as PyScript does, on the trimmed library, and imports what serm/web/app.py
imports (tests/pyodide/import_check.mjs).
"""

from __future__ import annotations

import _imp
import ast
import hashlib
import html
import json
import re
import shutil
import subprocess
import tomllib
import zipfile
from pathlib import Path
from typing import Any

import pytest

from harness.site import built_site
from tools import build

ROOT = Path(__file__).resolve().parent.parent


CHECK = ROOT / "tests" / "pyodide" / "import_check.mjs"
PYC_NAME = re.compile(r"(?P<dir>(?:.+/)?)__pycache__/(?P<stem>[^/.]+)\.cpython-3\d+\.pyc")
UNCHECKED_HASH = 0b01  # flags word: hash-based, do not check the source

pytestmark = pytest.mark.site


@pytest.fixture(scope="module")
def site() -> Path:
    """``_site/``, built from the current sources (needs Node.js; skipped steps when current)."""
    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    built_site()
    return build.SITE


def archives(site: Path) -> list[Path]:
    """The archives pyscript.toml unpacks into the interpreter's working directory, in order."""
    files = tomllib.loads((site / "pyscript.toml").read_text())["files"]
    return [site / source for source, target in files.items() if target == "./*"]


def app_zip(site: Path) -> Path:
    (found,) = [a for a in archives(site) if a.name.startswith("serm-")]
    return found


def assert_compiled_from(data: bytes, source: bytes, name: str) -> None:
    """``data`` is an unchecked-hash pyc of exactly ``source``."""
    flags = int.from_bytes(data[4:8], "little")
    assert flags == UNCHECKED_HASH, f"{name}: flags {flags:#b}"
    key = int.from_bytes(data[:4], "little")  # the magic number is the hash's key
    assert data[8:16] == _imp.source_hash(key, source), f"{name} was compiled from other source"


def test_serm_ships_as_sourceless_bytecode(site: Path) -> None:
    repo = {p.relative_to(ROOT).as_posix(): p.read_bytes() for p in build.package_files()}
    with zipfile.ZipFile(app_zip(site)) as zf:
        shipped = {n: zf.read(n) for n in zf.namelist() if n.startswith("serm/")}
    assert {n for n in shipped if n.endswith(".py")} == set(build.NOT_COMPILED)
    pycs = {n[:-1]: data for n, data in shipped.items() if n.endswith(".pyc")}
    assert set(pycs) == set(repo) - build.NOT_COMPILED
    for name, data in pycs.items():
        assert_compiled_from(data, repo[name], name)


def test_svg_wheel_sources_have_their_pycs(site: Path) -> None:
    (wheel,) = [a for a in archives(site) if a.suffix == ".whl"]
    wheel_py = build.wheel_sources(wheel)
    with zipfile.ZipFile(app_zip(site)) as zf:
        pycs = {n: zf.read(n) for n in zf.namelist() if n.startswith("svg/")}
    by_source = {}
    for name in pycs:
        match = PYC_NAME.fullmatch(name)
        assert match, f"{name} is not a __pycache__/*.cpython-3XX.pyc"
        by_source[f"{match['dir']}{match['stem']}.py"] = name
    assert set(by_source) == set(wheel_py)
    assert len({n.split(".")[-2] for n in pycs}) == 1, "one cache tag for all"
    for source_name, pyc_name in by_source.items():
        assert_compiled_from(pycs[pyc_name], wheel_py[source_name], pyc_name)


def test_zip_is_named_by_its_content_and_precached_as_is(site: Path) -> None:
    """A content name lets the service worker precache it without cache-busting (one download)."""
    zip_path = app_zip(site)
    rel = zip_path.relative_to(site).as_posix()
    assert rel == build.app_zip_name(zip_path.read_bytes())
    assert list((site / "static" / "app").glob("serm-*.zip")) == [zip_path]
    sw = (site / "sw.js").read_text()
    assert re.search(re.escape(f'url:"{rel}",revision:null'), sw), "precached without revision"
    digest = hashlib.sha256(zip_path.read_bytes()).hexdigest()
    assert digest.startswith(zip_path.stem.split("-")[1])


def start_up_imports() -> list[str]:
    """The serm modules serm/web/app.py imports (main.py imports only it)."""
    tree = ast.parse((ROOT / "serm" / "web" / "app.py").read_text(encoding="utf-8"))
    return [
        node.module
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("serm.")
    ]


@pytest.mark.pyodide
def test_pyodide_imports_the_shipped_bytecode(site: Path) -> None:
    pyodide_dir = site / build.pyodide_site_dir()
    (stdlib,) = (site / "static" / "app").glob("stdlib-*.zip")
    page = (site / "index.html").read_text(encoding="utf-8")
    meta = re.search(r'<meta name="serm-boot" content="([^"]*)">', page)
    assert meta is not None
    lock = json.dumps(json.loads(html.unescape(meta[1]))["lock"])
    done = subprocess.run(
        ["node", str(CHECK), "--stdlib", str(stdlib), "--lock", lock, str(pyodide_dir)]
        + [",".join(start_up_imports())]
        + [str(a) for a in archives(site)],
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


# ------------------------------------------------------------------- the standard library


def stock_sources() -> dict[str, bytes]:
    """Module name -> source of Pyodide's full standard library (as the npm package ships it)."""
    out = {}
    with zipfile.ZipFile(build.VENDOR / "pyodide" / "python_stdlib.zip") as archive:
        for name in archive.namelist():
            if name.endswith(".py"):
                parts = name[:-3].split("/")
                if parts[-1] == "__init__":
                    parts.pop()
                out[".".join(parts)] = archive.read(name)
    return out


def audit() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((build.trimmed_stdlib() / "audit.json").read_text())
    return data


def test_stdlib_is_trimmed_sourceless_bytecode_named_by_its_content(site: Path) -> None:
    (path,) = (site / "static" / "app").glob("stdlib-*.zip")
    assert path.relative_to(site).as_posix() == build.stdlib_zip_name(path.read_bytes())
    stock = stock_sources()
    with zipfile.ZipFile(path) as zf:
        names = zf.namelist()
        assert names and all(n.endswith(".pyc") for n in names), "bytecode only"
        shipped = {}
        for name in names:
            parts = name[:-4].split("/")
            if parts[-1] == "__init__":
                parts.pop()
            shipped[".".join(parts)] = zf.read(name)
    assert set(shipped) == set(audit()["kept"])
    for module, data in shipped.items():
        assert_compiled_from(data, stock[module], module)
    assert len(shipped) < len(stock) / 2
    assert path.stat().st_size < (build.VENDOR / "pyodide" / "python_stdlib.zip").stat().st_size
    sw = (site / "sw.js").read_text()
    rel = path.relative_to(site).as_posix()
    assert re.search(re.escape(f'url:"{rel}",revision:null'), sw), "precached without revision"


def imported_names(source: bytes, package: str) -> set[str]:
    """Every module an import statement names, at any depth (relative ones resolved)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                names.add(".".join([*base, node.module] if node.module else base))
            elif node.module:
                names.add(node.module)
    return names


def test_audit_lists_every_standard_module_the_game_imports(site: Path) -> None:
    """Checked here on CPython, apart from the trace: every standard-library module named by an
    import in the serm modules the page reaches is kept."""
    found = audit()
    stock = stock_sources()
    serm = [m for m in found["page_modules"] if m.split(".")[0] == "serm"]
    assert "serm.web.app" in serm and "serm.ai" in serm and "serm.__main__" not in serm
    needed: set[str] = set()
    for module in serm:
        path = ROOT / (module.replace(".", "/") + ".py")
        if not path.is_file():
            path = ROOT / module.replace(".", "/") / "__init__.py"
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        for name in imported_names(path.read_bytes(), package):
            parts = name.split(".")
            needed.update(p for i in range(len(parts)) if (p := ".".join(parts[: i + 1])) in stock)
    missing = needed - set(found["kept"])
    assert not missing, f"imported by the game, not in the trimmed library: {sorted(missing)}"
    print(f"the game imports {len(needed)} standard modules; {len(found['kept'])} kept in all")
