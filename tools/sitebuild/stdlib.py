"""Pyodide's standard library trimmed to what the page imports (tools/trim_stdlib.py in Pyodide)."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path

from tools.sitebuild.bytecode import wheel_sources
from tools.sitebuild.common import (
    ENTRY,
    PAGE_MODULE,
    PYODIDE_RUN,
    PYSCRIPT_PACKAGE,
    ROOT,
    STDLIB_CACHE,
    TRIM_STDLIB,
    VENDOR,
    log,
    pyodide_site_dir,
    run_pyodide_script,
    sha256_of,
)
from tools.sitebuild.package import package_files
from tools.sitebuild.vendor import pyscript_needed

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
