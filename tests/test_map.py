"""The repository's map and its words: ARCHITECTURE.md is linked from the README and every file it
names exists; the code, the tools, the tests and the README speak of the code, not of its history
(no issue numbers, no dates but data), and point to no document outside the repository."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HISTORY = re.compile(
    r"issue [0-9]+|20[0-9]{2}-[01][0-9]-[0-3][0-9]|(january|february|march|april|may|june|july"
    r"|august|september|october|november|december) 20[0-9]{2}",
    re.IGNORECASE,
)
DATA = {
    "serm/core/ruleset.py": 1,  # rules version 1's name as players read it: saved before a date
    "serm/ui/saves.py": 1,  # a save's ``saved_at`` in the format's example
    "tests/ui/test_save_store.py": 3,  # ``saved_at`` values of test saves
    "tests/data/react-default-stop.save.json": 1,  # a real save
    "tests/data/stop-at-path-end.save.json": 1,  # a real save
    "tests/data/react-turned-away.save.json": 1,  # a real save
    "tests/data/brawler-path-9.save.json": 1,  # a real save
    "tests/data/gunner-label-far.save.json": 1,  # a real save
    "tests/data/brawler-top-edge.save.json": 1,  # a real save
    "tests/data/move-turned-off-the-table.save.json": 1,  # a real save
    "tests/data/assault-wedged-at-wall.save.json": 1,  # a real save
    "tests/data/brawler-glimpsed.save.json": 1,  # a real save
}
"""Files where a date is data, and how many lines of each carry one."""


def tracked(*paths: str) -> list[Path]:
    """The checkout's files under ``paths``, but this one (its examples are what it looks for)."""
    out = subprocess.run(
        ["git", "ls-files", "-z", "--", *paths], cwd=ROOT, capture_output=True, check=True
    ).stdout.decode()
    return [
        ROOT / p
        for p in out.split("\0")
        if p and (ROOT / p).is_file() and ROOT / p != Path(__file__).resolve()
    ]


def history_lines(paths: list[Path], root: Path = ROOT) -> dict[str, int]:
    found: dict[str, int] = {}
    for path in paths:
        text = path.read_text(encoding="utf-8", errors="replace")
        hits = sum(1 for line in text.splitlines() if HISTORY.search(line))
        if hits:
            found[path.relative_to(root).as_posix()] = hits
    return found


def test_the_code_speaks_of_the_code() -> None:
    assert history_lines(tracked("serm", "bench", "tools", "tests", "README.md")) == DATA


def test_the_history_finder_finds_history(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text('"""Beats on the board (issue 11)."""\n# changed 2026-11-30\n')
    (tmp_path / "b.md").write_text("Written in November 2026.\nNothing here.\n")
    assert history_lines(sorted(tmp_path.iterdir()), tmp_path) == {"a.py": 2, "b.md": 1}


def test_architecture_is_linked_and_names_files_that_exist() -> None:
    assert "[ARCHITECTURE.md](ARCHITECTURE.md)" in (ROOT / "README.md").read_text()
    text = (ROOT / "ARCHITECTURE.md").read_text()
    named = set(re.findall(r"\b((?:serm|tests|tools|bench|harness|docs)/[\w/.-]*\w)", text))
    assert len(named) > 20
    assert sorted(n for n in named if not (ROOT / n).exists()) == []


def test_no_document_points_outside_the_repository() -> None:
    """Every ``name.md`` a docstring, comment or document mentions is a file of the checkout."""
    files = {p.name for p in tracked(".")}
    mentioned = {
        m
        for p in tracked("serm", "bench", "tools", "tests", "harness", "*.md", "docs")
        if p.suffix in (".py", ".md")
        for m in re.findall(r"[\w-]+\.md\b", p.read_text(encoding="utf-8"))
    }
    assert sorted(mentioned - files) == []
