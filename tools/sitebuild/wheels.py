"""Step 5: the pinned wheels (svg.py) fetched with ``pip download --require-hashes`` and checked."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from tools.sitebuild.common import ROOT, VENDOR, VENDOR_REQUIREMENTS, log, sha256_of


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
    """The pinned wheels in static/vendor/, each checked against its sha256 (downloaded first
    when one is missing or wrong); any other wheel there is removed."""
    pins = parse_requirements(VENDOR_REQUIREMENTS)
    VENDOR.mkdir(parents=True, exist_ok=True)
    present = {wheel_project(p): p for p in VENDOR.glob("*.whl")}

    def verified(project: str) -> Path | None:
        version, digest = pins[project]
        wheel = present.get((project, version))
        return wheel if wheel is not None and sha256_of(wheel) == digest else None

    if any(verified(p) is None for p in pins):
        download_wheels()
        present = {wheel_project(p): p for p in VENDOR.glob("*.whl")}
    wheels = [checked_wheel(present, project, pin) for project, pin in sorted(pins.items())]
    for stale in set(VENDOR.glob("*.whl")) - set(wheels):
        stale.unlink()
    return wheels


def download_wheels() -> None:
    """``pip download --require-hashes`` of the pinned wheels into static/vendor/."""
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


def checked_wheel(present: dict[tuple[str, str], Path], project: str, pin: tuple[str, str]) -> Path:
    """The wheel of ``project`` at its pinned (version, sha256); stops the build (and removes a
    wheel whose sha256 differs) otherwise."""
    version, digest = pin
    wheel = present.get((project, version))
    if wheel is None:
        sys.exit(f"[build] no wheel for {project}=={version} after download")
    actual = sha256_of(wheel)
    if actual != digest:
        wheel.unlink()
        sys.exit(f"[build] sha256 mismatch for {wheel.name}: {actual} != pinned {digest}")
    log(f"static/vendor/{wheel.name}: sha256 ok")
    return wheel
