"""Smoke test: the built site boots in headless Chromium, entirely from 127.0.0.1."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page

Boot = Callable[[Page], float]


def test_boot(page: Page, boot: Boot) -> None:
    seconds = boot(page)
    print(f"booted in {seconds:.1f} s")

    assert page.locator("#board svg").count() >= 1
    assert page.locator("#loading").is_hidden()
    assert page.locator("#btn-new").is_enabled()
    assert page.locator("#btn-help").is_enabled()
    assert page.locator("[data-action=start]").is_enabled()


def test_progress_reaches_the_end(booted_page: Page) -> None:
    booted_page.wait_for_function("document.getElementById('loading-progress').value === 100")


def test_phone_viewport_has_no_horizontal_scroll(page: Page, boot: Boot) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    boot(page)
    overflow = page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0
    board = page.locator("#board").bounding_box()
    panel = page.locator("#panel").bounding_box()
    assert board is not None and panel is not None
    assert panel["y"] >= board["y"] + board["height"] - 1, "panel should sit below the board"
