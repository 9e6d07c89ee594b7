"""Step 1: ``npm ci`` installs the pinned JavaScript packages unless node_modules matches them."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

from tools.sitebuild.common import NODE_MODULES, ROOT, log


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
