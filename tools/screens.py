"""Screenshots of the one-screen layout: ``python -m tools.screens [--out docs/screens]``, run
from the repository's root.

Builds the site (tools/build.py; fast when current), serves it, and plays the seeded hot-seat game
of harness/scripted_game.py in Debian's chromium at each size of ``SIZES``; saves a small PNG of
the deployment, of an activation with its question, and of the victory screen, e.g.
``docs/screens/360x640-deploy.png``. Phones are emulated with touch; the desktop has a mouse.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from harness.chromium import CHROMIUM, CHROMIUM_ARGS, speed_script
from harness.pages import Table
from harness.scripted_game import SEED, deploy, play_step
from harness.site import built_site, served

ROOT = Path(__file__).resolve().parent.parent

SIZES = ((360, 640, True), (390, 844, True), (740, 360, True), (1280, 800, False))
"""Width, height (CSS px), touch."""


def shoot(page: Page, out: Path, name: str) -> None:
    """A PNG at one device pixel per CSS px (small files)."""
    page.screenshot(path=str(out / f"{name}.png"))


def play(page: Page, url: str, out: Path, size: str) -> None:
    page.goto(f"{url}?seed={SEED}&scenario=open")
    page.wait_for_selector("#loading", state="hidden", timeout=90_000)
    page.check("#prompt input[name=scenario][value=open]")
    page.click("[data-action=start]")
    table = Table(page)
    shoot(page, out, f"{size}-deploy")
    deploy(table)
    seen: set[str] = set()
    asked = False
    for _ in range(400):
        if page.locator(".victory").count():
            break
        n = int(page.inner_text("#status").split("Activation ")[1].split(" ")[0])
        if not asked and table.pending()[0] == "react":
            shoot(page, out, f"{size}-react")
            asked = True
        play_step(table, n, seen)
    table.settle()
    shoot(page, out, f"{size}-victory")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screens")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with served(built_site()) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        for width, height, touch in SIZES:
            context = browser.new_context(
                viewport={"width": width, "height": height},
                has_touch=touch,
                is_mobile=touch,
                reduced_motion="reduce",
            )
            context.add_init_script(speed_script())
            play(context.new_page(), url, args.out, f"{width}x{height}")
            context.close()
        browser.close()


if __name__ == "__main__":
    main()
