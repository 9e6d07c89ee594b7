"""Referee mode: dice rolled on the table are typed in (R24), checked, and recorded (R10)."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page

from harness.fresh import open_site
from harness.pages import Table


def _type_dice(page: Page, *faces: str) -> None:
    boxes = page.locator("#prompt input.die-input")
    assert boxes.count() == len(faces)
    for i, text in enumerate(faces):
        boxes.nth(i).fill(text)
    page.click("#prompt [data-action=dice]")


def test_physical_dice_are_typed_in_and_recorded(page: Page, site_url: str, tmp_path: Path) -> None:
    open_site(page, site_url)
    page.check("#prompt input[name=scenario][value=open]")
    page.check("#referee")
    page.click("[data-action=start]")
    table = Table(page)
    assert table.pending()[0] == "roll"
    _type_dice(page, "3", "3")  # a tie: roll again (R5)
    assert table.pending()[0] == "roll"
    _type_dice(page, "2", "5")
    assert table.pending() == ("place", 2)
    for _ in range(10):
        page.keyboard.press("Enter")
    assert table.pending() == ("act", 1)
    page.keyboard.press("4")
    page.keyboard.press("m")
    page.keyboard.press("Enter")
    assert table.pending()[0] == "roll"
    _type_dice(page, "6 1", "2")  # Move dice never re-roll a six (R9): refused, nothing changes
    assert "R9" in page.inner_text("#prompt")
    _type_dice(page, "4", "2")
    assert "rolls 6 to move" in page.inner_text("#log")
    page.click("#btn-saves")
    with page.expect_download() as info:
        page.click("#saves [data-action=download]")
    record = json.loads(Path(info.value.path()).read_text())
    rolls = [a["faces"] for a in record["actions"] if a["type"] == "roll"]
    assert rolls[:3] == [[[3], [3]], [[2], [5]], [[4], [2]]]
