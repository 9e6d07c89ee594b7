"""Words as the screen shows them: what a touch screen hides leaves a whole sentence, and a
table is named as the start screen names it."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

from serm.core.record import from_dict
from serm.ui.help import HELP_HTML
from serm.ui.replay import Frames
from serm.ui.replay_bar import status_html

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "complete-game.json"


class TouchText(HTMLParser):
    """The text of some HTML as a touch screen shows it: without ``kbd`` and ``.keys``, which
    static/css/serm.css hides when there is no mouse and no keyboard."""

    def __init__(self) -> None:
        super().__init__()
        self.hidden: list[bool] = []
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        classes = (dict(attrs).get("class") or "").split()
        self.hidden.append(tag == "kbd" or "keys" in classes or any(self.hidden))

    def handle_endtag(self, tag: str) -> None:
        if self.hidden:
            self.hidden.pop()

    def handle_data(self, data: str) -> None:
        if not any(self.hidden):
            self.parts.append(data)


def touch_text(html: str) -> str:
    parser = TouchText()
    parser.feed(html)
    return " ".join("".join(parser.parts).split())


def test_how_to_play_on_a_touch_screen_leaves_no_empty_key_in_brackets() -> None:
    text = touch_text(HELP_HTML)
    assert "Exposure view (on in your first game)" in text
    for gap in ("(,", "( ", "()", " ,"):
        assert gap not in text, text[max(0, text.find(gap) - 60) : text.find(gap) + 60]


def test_the_viewer_names_the_table_as_the_start_screen_does() -> None:
    frames = Frames.of(from_dict(json.loads(EXAMPLE.read_text())))
    head = status_html(frames, ("Red", "Blue"))
    assert "Two walls" in head
    assert "default" not in head
