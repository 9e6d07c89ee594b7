"""A whole hot-seat game played through the page like two players would (R5-R24).

From a fresh page with a seeded game: deploy all ten cards with pointer drags, the wheel and the
rotation handle; play activations with aimed Moves, a React with its stop point and Shoots,
until the victory screen; then download the record and replay it with ``python -m serm replay``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page

from harness.pages import Table
from harness.scripted_game import SEED, deploy, play_step

ROOT = Path(__file__).resolve().parents[2]


def test_a_seeded_hot_seat_game_to_victory(
    page: Page, site_url: str, boot: Callable[[Page], float], tmp_path: Path
) -> None:
    page.goto(f"{site_url}?seed={SEED}&scenario=open")
    page.wait_for_selector("#loading", state="hidden", timeout=90_000)
    page.check("#prompt input[name=scenario][value=open]")
    page.click("[data-action=start]")
    table = Table(page)
    deploy(table)
    seen: set[str] = set()
    for _ in range(400):
        if page.locator(".victory").count():
            break
        n = int(page.inner_text("#status").split("Activation ")[1].split(" ")[0])
        before = page.inner_text("#log")
        play_step(table, n, seen)
        if (
            page.inner_text("#log") == before
            and page.locator("#prompt .message:not(.news)").count()
        ):
            raise AssertionError(page.inner_text("#prompt"))
    else:
        raise AssertionError("no victory after 400 steps")
    log = page.inner_text("#log")
    assert {"act", "react", "stop"} <= seen, seen
    assert "reacts!" in log and "shoots at" in log and "eliminated" in log
    winner_text = page.inner_text(".victory h2")
    page.screenshot(path=str(tmp_path / "victory.png"))

    with page.expect_download() as info:
        page.click(".victory [data-action=download]")
    path = tmp_path / "game.json"
    info.value.save_as(path)
    out = subprocess.run(
        [sys.executable, "-m", "serm", "replay", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    summary = json.loads(out.stdout)
    assert summary["status"] == "finished"
    assert f"Player {summary['winner']}" in winner_text
    on_board = {(c.player, c.card) for c in table.cards()}
    alive = {(s["player"], s["card"]) for s in summary["soldiers"] if s["alive"]}
    assert on_board == alive
