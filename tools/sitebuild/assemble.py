"""Step 6: ``_site/`` assembled from the plan of its files and the generated ones, with sw.js."""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

from tools.sitebuild.boot import boot_manifest, with_boot_meta
from tools.sitebuild.bytecode import bytecode
from tools.sitebuild.common import (
    COMPILE_PYC,
    MAKE_SW,
    PRERENDER,
    PYODIDE_RUN,
    ROOT,
    SITE,
    SITE_DIRS,
    SITE_FILES,
    SITE_PYODIDE_FILES,
    SW_SOURCE,
    TRIM_STDLIB,
    VENDOR,
    WORKBOX_WINDOW,
    log,
    node,
    pyodide_site_dir,
    sha256_of,
)
from tools.sitebuild.first_paint import prerendered, with_first_paint
from tools.sitebuild.package import app_zip_name, package_files, package_zip, with_app_zip
from tools.sitebuild.rules_page import PAGE, rules_page
from tools.sitebuild.stdlib import stdlib_zip_name, trimmed_stdlib
from tools.sitebuild.vendor import pyscript_needed

BUILD_META = re.compile(r'<meta name="serm-build" content="[^"]*">')
# Copied into _site/ with a change: the build id, the zip's name.
REWRITTEN = frozenset({"index.html", "pyscript.toml"})
APP_ZIP = re.compile(r"static/app/serm-[0-9a-f]{16}\.zip")
STDLIB_ZIP = re.compile(r"static/app/stdlib-[0-9a-f]{16}\.zip")


def site_plan() -> dict[str, Path]:
    """Every file _site/ copies, by its path in the site (index.html is rewritten on the way).

    Generated besides: static/app/serm-HASH.zip, static/app/stdlib-HASH.zip and sw.js
    (pyscript.toml is rewritten to name the serm zip, index.html gets the boot list); rules.html
    is made from RULES.md in build/rules/ first (``rules_page``) and copied like the rest.
    """
    plan = {name: ROOT / name for name in SITE_FILES}
    plan[PAGE] = rules_page()
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
    """A hash of how the site is made: tools/build.py and its package, the worker's config, the
    compiler, the pins."""
    digest = hashlib.sha256()
    scripts = (ROOT / "tools" / "build.py", *sorted(Path(__file__).resolve().parent.glob("*.py")))
    tools = (MAKE_SW, SW_SOURCE, COMPILE_PYC, PYODIDE_RUN, TRIM_STDLIB, PRERENDER)
    for path in (*scripts, *tools, ROOT / "package-lock.json"):
        digest.update(f"{path.relative_to(ROOT)} {sha256_of(path)}\n".encode())
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
    done = subprocess.run(
        [node(), str(MAKE_SW), str(site)], cwd=ROOT, check=True, capture_output=True, text=True
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
    copy_plan(plan, tmp, build_id)
    app, stdlib = write_zips(tmp, build_id)
    toml = tmp / "pyscript.toml"
    toml.write_text(with_app_zip(toml.read_text(encoding="utf-8"), app), encoding="utf-8")
    write_index(tmp, app, stdlib)
    summary = make_sw(tmp)
    replace_site(tmp, dest)
    stamp_path(dest).write_text(json.dumps({"build_id": build_id, "tools": tools_digest()}))
    log(
        f"{shown}/: build {build_id}, {summary['count']} files precached by sw.js "
        f"({int(str(summary['size'])) / 1e6:.1f} MB)"
    )
    return build_id


def copy_plan(plan: dict[str, Path], tmp: Path, build_id: str) -> None:
    """Copy every planned file into ``tmp``, index.html with ``build_id`` in its meta."""
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


def write_zips(tmp: Path, build_id: str) -> tuple[str, str]:
    """serm's zip and the trimmed standard library into ``tmp``; their paths in the site."""
    data = package_zip(build_id, bytecode())
    app = app_zip_name(data)
    (tmp / app).parent.mkdir(parents=True, exist_ok=True)
    (tmp / app).write_bytes(data)
    stdlib_data = (trimmed_stdlib() / "stdlib.zip").read_bytes()
    stdlib = stdlib_zip_name(stdlib_data)
    (tmp / stdlib).write_bytes(stdlib_data)
    return app, stdlib


def write_index(tmp: Path, app: str, stdlib: str) -> None:
    """index.html with the welcome screen drawn and the boot list."""
    index = tmp / "index.html"
    drawn = prerendered()
    manifest = boot_manifest(tmp, app, stdlib, drawn["vocabulary"])
    page = with_first_paint(index.read_text(encoding="utf-8"), drawn["first"])
    index.write_text(with_boot_meta(page, manifest), encoding="utf-8")


def replace_site(tmp: Path, dest: Path) -> None:
    """Put the assembled ``tmp`` where ``dest`` is, the old site moved aside and removed."""
    old = dest.with_name(f".{dest.name}.old")
    shutil.rmtree(old, ignore_errors=True)
    if dest.exists():
        dest.rename(old)
    tmp.rename(dest)
    shutil.rmtree(old, ignore_errors=True)
