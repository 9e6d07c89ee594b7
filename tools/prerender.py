"""Draw the page's first paint with the game's own view code (run inside Pyodide).

Run by tools/build.py through ``node tools/pyodide_run.mjs <pyodide-dir> tools/prerender.py
<work-dir>``, with ``/work`` (the working directory, first on ``sys.path``) holding serm's and
svg.py's sources, as PyScript unpacks them, and ``record.json``, a complete game's record
(examples/complete-game.json).  Prints one JSON object:

* ``first``: the welcome screen a new player sees (``serm.ui.welcome.welcome_screen()``: the
  status line, the start box and the default table), which tools/build.py writes into
  index.html, so the first paint already shows the table before Python runs;
* ``vocabulary``: every element and, for each, every attribute that the welcome screen's markup
  uses, over the three tables and over every 8th moment of the recorded game (deployment, moves,
  eliminations, the end), as static/js/snapshot.js's list of what a stored snapshot may hold: SVG
  names as the view writes them (case kept), HTML names in lower case.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

from serm.core.record import loads, replay
from serm.core.scenario import BUILT_IN
from serm.ui.welcome import WelcomeScreen, welcome_screen

SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}"
STEP = 8

Vocabulary = dict[str, set[str]]


def svg_names(markup: str, found: Vocabulary) -> None:
    for element in ET.fromstring(markup).iter():
        tag = element.tag.removeprefix(SVG)
        attrs = found.setdefault(tag, set())
        for name in element.attrib:
            attrs.add(name.replace(XLINK, "xlink:"))


class _HTMLNames(HTMLParser):
    def __init__(self, found: Vocabulary) -> None:
        super().__init__()
        self.found = found

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found.setdefault(tag, set()).update(name for name, _ in attrs)


INLINE_SVG = re.compile(r"<svg\b.*?</svg>", re.DOTALL)
"""A drawing inside HTML markup (the table picker's): its names are SVG names, case kept."""


def html_names(markup: str, found: Vocabulary, svg: Vocabulary) -> None:
    parser = _HTMLNames(found)
    parser.feed(markup)
    parser.close()
    for drawing in INLINE_SVG.findall(markup):
        svg_names(drawing, svg)


def screens(record_text: str) -> list[WelcomeScreen]:
    out = [welcome_screen(name) for name in BUILT_IN]
    record = loads(record_text)
    for upto in range(0, len(record.actions) + 1, STEP):
        state = replay(record, upto)
        out.append(welcome_screen("default", None, "A game is waiting.", state))
    return out


def main() -> str:
    svg: Vocabulary = {}
    html: Vocabulary = {}
    for screen in screens(Path("record.json").read_text()):
        svg_names(screen.board, svg)
        html_names(screen.status, html, svg)
        html_names(screen.prompt, html, svg)
    first = welcome_screen()
    return json.dumps(
        {
            "first": {"status": first.status, "prompt": first.prompt, "board": first.board},
            "vocabulary": {
                "svg": {tag: sorted(names) for tag, names in sorted(svg.items())},
                "html": {tag: sorted(names) for tag, names in sorted(html.items())},
            },
        }
    )


main()
