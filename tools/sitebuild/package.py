"""The serm package as the page gets it: a deterministic zip named by its content."""

from __future__ import annotations

import hashlib
import io
import os
import re
import sys
import zipfile
from pathlib import Path

from tools.sitebuild.common import BUILD_MODULE, ENTRY, ROOT, ZIP_DATE

# Files of the serm package that go into the browser zip.
PACKAGE_SUFFIXES = frozenset({".py"})
# Tests and benchmarks (bench/, outside serm/) are never imported in the page.
SKIP_DIRS = frozenset({"__pycache__", "tests", "test", ".mypy_cache", ".pytest_cache"})
# pyscript.toml's [files] entry for the zip; the built site names the zip by its content.
APP_ZIP_SOURCE = '"./static/app/serm.zip"'
PYC_PATH = re.compile(r"(?P<dir>(?:[^/]+/)*)__pycache__/(?P<stem>[^/.]+)\.[^/.]+\.pyc")


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
