"""index.html's boot list: what static/js/boot.js downloads and checks on a first visit."""

from __future__ import annotations

import gzip
import html
import json
import re
import sys
from pathlib import Path

from tools.sitebuild.common import VENDOR, pyodide_site_dir
from tools.sitebuild.vendor import pyscript_needed

BOOT_META = re.compile(r'<meta name="serm-boot" content="[^"]*">')


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
    return [boot_file(site, rel, kind, label) for rel, kind, label in listed]


def boot_file(site: Path, rel: str, kind: str, label: str) -> dict[str, object]:
    """One entry of the boot list (``boot_files``)."""
    data = (site / rel).read_bytes()
    return {
        "url": rel,
        "kind": kind,
        "label": label,
        "size": len(data),
        "weight": min(len(data), len(gzip.compress(data, 6))),
        "keep": kind in ("wasm", "zip"),
    }


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
