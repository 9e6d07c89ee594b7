"""The baseline site (bench/baseline/ on the game's vendored runtime and service-worker set-up)
and the floor of the pointer-move figure: moves over its rectangle, which has no handler."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from bench.web.browser import Browser, guard_page, wait_interactive
from bench.web.probe import READ_GESTURES_JS

ROOT = Path(__file__).resolve().parents[2]
BASELINE_SRC = ROOT / "bench" / "baseline"
BASELINE_MOVES = 60


def assemble_baseline(site: Path, dest: Path) -> Path:
    """The baseline site: _site's vendored runtime and service-worker set-up, plus
    bench/baseline/{index.html,pyscript.toml,main.py}; sw.js by tools/make_sw.mjs."""
    pyodide_dirs = sorted((site / "static" / "vendor").glob("pyodide-*"))
    wheels = sorted((site / "static" / "vendor").glob("svg_py-*.whl"))
    if len(pyodide_dirs) != 1 or len(wheels) != 1:
        sys.exit(f"[bench web] {site} lacks one Pyodide folder and one svg.py wheel")
    tmp = dest.with_name(dest.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    vendor = tmp / "static" / "vendor"
    shutil.copytree(site / "static" / "vendor", vendor)
    # The stock runtime as the npm package ships it: the full standard library and the lock file
    # (the game's site has its own trimmed library instead), from the build's vendored copy.
    stock = ROOT / "static" / "vendor" / "pyodide"
    for name in ("python_stdlib.zip", "pyodide-lock.json"):
        shutil.copyfile(stock / name, vendor / pyodide_dirs[0].name / name)
    (tmp / "static" / "js").mkdir(parents=True)
    shutil.copyfile(site / "static" / "js" / "sw-register.js", tmp / "static/js/sw-register.js")
    (tmp / "static" / "icons").mkdir(parents=True)
    shutil.copyfile(site / "static" / "icons" / "serm.svg", tmp / "static/icons/serm.svg")
    for name in ("index.html", "main.py"):
        shutil.copyfile(BASELINE_SRC / name, tmp / name)
    toml = (BASELINE_SRC / "pyscript.toml").read_text(encoding="utf-8")
    toml = toml.replace("@PYODIDE_DIR@", pyodide_dirs[0].relative_to(site).as_posix())
    toml = toml.replace("@SVG_WHEEL@", wheels[0].relative_to(site).as_posix())
    (tmp / "pyscript.toml").write_text(toml, encoding="utf-8")
    node = shutil.which("node")
    if node is None:
        sys.exit("[bench web] node is needed for the baseline's service worker (tools/make_sw.mjs)")
    subprocess.run(
        [node, str(ROOT / "tools" / "make_sw.mjs"), str(tmp)],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    shutil.rmtree(dest, ignore_errors=True)
    tmp.rename(dest)
    return dest


def baseline_moves(browser: Browser, url: str) -> tuple[list[float], list[float]]:
    """Pointer moves over the baseline's rectangle (no handler), in a fresh profile: the floor of
    that figure (``moves_over_board``)."""
    problems: list[str] = []
    with browser.context() as ctx:
        page = guard_page(ctx, problems)
        page.goto(url, wait_until="commit")
        wait_interactive(page)
        return moves_over_board(page)


def moves_over_board(page: Any) -> tuple[list[float], list[float]]:
    """``BASELINE_MOVES`` pointer moves with the button held over the baseline's rectangle, on a
    page with the probe that is up. Returns (event timestamp to frame, dispatch to frame) in ms
    for each move."""
    box = page.locator("#board-svg").bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + 10, box["y"] + 10)
    page.mouse.down()
    for i in range(BASELINE_MOVES):
        page.mouse.move(box["x"] + 10 + 5 * i, box["y"] + 10 + 3 * i)
    page.mouse.up()
    page.evaluate("() => new Promise((r) => window.__bench.afterFrame(r))")
    page.wait_for_timeout(100)
    got = page.evaluate(READ_GESTURES_JS)
    done = [m for m in got["moves"] if m["frame"] is not None]
    return [m["frame"] - m["ts"] for m in done], [m["frame"] - m["start"] for m in done]
