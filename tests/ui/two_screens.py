"""The words of the panel's HTML as each screen shows them: a phone's short bar shows
``.phone-words`` and hides ``.wide-words``, a wide screen the other way round (``panel.two_ways``,
static/css/serm.css); a touch screen hides the words about keys and says "tap", a mouse "click"."""

from __future__ import annotations

from html.parser import HTMLParser

PHONE_HIDES = frozenset({"wide-words", "wide-only", "keys", "click-word"})
"""The classes a phone held upright (a touch screen with a short bar) does not show."""
WIDE_HIDES = frozenset({"phone-words", "tap-word"})
"""The classes a wide screen with a mouse does not show."""


class Shown(HTMLParser):
    """The text of some HTML without the elements of the classes ``hides`` (and, with those
    about keys, ``kbd``)."""

    def __init__(self, hides: frozenset[str]) -> None:
        super().__init__()
        self.hides = hides
        self.hidden: list[bool] = []
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("br", "img", "input", "wbr"):
            return  # void elements: no end tag follows
        classes = set((dict(attrs).get("class") or "").split())
        keys = tag == "kbd" and "keys" in self.hides
        self.hidden.append(keys or bool(classes & self.hides) or any(self.hidden))

    def handle_endtag(self, tag: str) -> None:
        if self.hidden and tag not in ("br", "img", "input", "wbr"):
            self.hidden.pop()

    def handle_data(self, data: str) -> None:
        if not any(self.hidden):
            self.parts.append(data)


def shown(html: str, hides: frozenset[str]) -> str:
    parser = Shown(hides)
    parser.feed(html)
    return " ".join("".join(parser.parts).split())


def phone_text(html: str) -> str:
    """The text of ``html`` as a phone's short bar shows it."""
    return shown(html, PHONE_HIDES)


def wide_text(html: str) -> str:
    """The text of ``html`` as a wide screen with a mouse shows it."""
    return shown(html, WIDE_HIDES)
