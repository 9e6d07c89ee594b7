"""``python -m serm bench course``: how long the course "Learn in 3 minutes" takes a new player.

Builds the site, serves it on 127.0.0.1 and, in headless Chromium at 1280x800 with actions shown at
normal speed, takes the course as a new player would: the offer on the start screen, then every
lesson's steps, pressing each step's right choice, and on to the end, where the first game is
offered. It does so twice: straight through, and with each lesson's named wrong choice (and each
choice the lesson does not follow) tried first (its explanation, then Try again). For each it
measures the shown time (from each press to the next screen drawn, as the player waits for it) and
counts the words the player reads: each paragraph and button label of the course the first time it
shows (the lesson's words once per lesson, however many steps show them). The course's length is
shown time plus reading time at ``READ_WPM`` words a minute, against ``BUDGET_S``.

Prints one line per way through and a verdict; ``--json`` prints the figures as one JSON object.
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import asdict, dataclass

from playwright.sync_api import Page, sync_playwright

from harness.chromium import CHROMIUM, CHROMIUM_ARGS, speed_script, wait_until_booted
from harness.site import built_site, served
from serm.ui.lessons import LESSONS

READ_WPM = 200
"""The reading speed the course's length is counted at (words a minute)."""
BUDGET_S = 180.0
"""The course's length must be at most this (shown time plus reading time, seconds)."""

TEXTS_JS = """() => [...document.querySelectorAll(
  '#status p, #prompt .course p, #prompt .course button, #prompt button[data-action=course]'
)].map((e) => e.innerText.trim()).filter((t) => t)"""


@dataclass
class Length:
    """One way through the course: presses made, the seconds the page took to show what they
    asked for, the words read, and the length (shown plus reading time)."""

    way: str
    presses: int = 0
    shown_s: float = 0.0
    words: int = 0

    @property
    def reading_s(self) -> float:
        return self.words * 60.0 / READ_WPM

    @property
    def length_s(self) -> float:
        return self.shown_s + self.reading_s


class Taker:
    """Takes the course in ``page``, timing each press and counting the words read."""

    def __init__(self, page: Page, way: str) -> None:
        self.page = page
        self.length = Length(way)
        self.seen: set[str] = set()

    def read(self) -> None:
        for text in self.page.evaluate(TEXTS_JS):
            if text not in self.seen:
                self.seen.add(text)
                self.length.words += len(text.split())

    def press(self, selector: str, shows: str) -> None:
        started = time.monotonic()
        self.page.click(selector)
        self.page.wait_for_selector(shows)
        self.length.shown_s += time.monotonic() - started
        self.length.presses += 1
        self.read()

    def take(self, wrong: bool) -> Length:
        self.read()
        self.press("#prompt button[data-action=course]", "#prompt .course[data-step='0']")
        for lesson in LESSONS:
            for index, step in enumerate(lesson.steps):
                for number, choice in enumerate(step.choices):
                    if (choice.wrong or choice.again) and wrong:
                        self.press(f"#prompt button[data-choice='{number}']", ".course[data-wrong]")
                        self.press(
                            "#prompt button[data-action=course-retry]",
                            f".course[data-step='{index}']:not([data-wrong]) .course-ask",
                        )
                right = next(i for i, c in enumerate(step.choices) if not (c.wrong or c.again))
                self.press(
                    f"#prompt button[data-choice='{right}']",
                    f".course[data-step='{index + 1}'] .course-said",
                )
            self.press(
                "#prompt button[data-action=course-next]",
                "#prompt .course:is([data-step='0'], [data-course=finished])",
            )
        return self.length


def run(wrong_too: bool = True) -> list[Length]:
    """Take the course straight through and, with ``wrong_too``, trying each wrong choice."""
    ways = [False, True] if wrong_too else [False]
    found = []
    with served(built_site()) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            for wrong in ways:
                context = browser.new_context(viewport={"width": 1280, "height": 800})
                context.add_init_script(speed_script("normal"))
                page = context.new_page()
                page.goto(url)
                wait_until_booted(page)
                way = "each wrong choice tried" if wrong else "straight through"
                found.append(Taker(page, way).take(wrong))
                context.close()
        finally:
            browser.close()
    return found


def report(lengths: list[Length], as_json: bool) -> bool:
    """Print the figures; True when every way through is within the budget."""
    met = all(x.length_s <= BUDGET_S for x in lengths)
    if as_json:
        rows = [{**asdict(x), "reading_s": x.reading_s, "length_s": x.length_s} for x in lengths]
        print(json.dumps({"budget_s": BUDGET_S, "wpm": READ_WPM, "ways": rows, "met": met}))
        return met
    for x in lengths:
        print(
            f"course, {x.way}: {x.presses} presses, shown {x.shown_s:.1f} s + reading "
            f"{x.words} words at {READ_WPM}/min {x.reading_s:.1f} s = {x.length_s:.1f} s"
        )
    print(f"budget: at most {BUDGET_S:.0f} s each: {'met' if met else 'MISSED'}")
    return met


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m serm bench course", description=__doc__)
    parser.add_argument("--straight", action="store_true", help="only straight through")
    parser.add_argument("--json", action="store_true", help="one JSON object")
    args = parser.parse_args(argv)
    report(run(wrong_too=not args.straight), args.json)
    return 0
