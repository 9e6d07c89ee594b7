"""rules.html (tools/sitebuild/rules_page.py): RULES.md as a page, one anchor per rule code, so
every code the game cites in small print leads to its ruling."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

from serm.ui.words import RULES_PAGE, rules_html
from tools.sitebuild.rules_page import PAGE, RULES_MD
from tools.sitebuild.rules_page import rules_html as page_html

ROOT = Path(__file__).resolve().parents[1]
CODE = re.compile(r"\b[RC]\d{1,2}\b")


class Anchors(HTMLParser):
    """Each id of a page with the text of its element (to its end tag)."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: dict[str, str] = {}
        self.open: list[tuple[str, str | None, list[str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.open.append((tag, dict(attrs).get("id"), []))

    def handle_endtag(self, tag: str) -> None:
        while self.open:
            t, ident, text = self.open.pop()
            if ident:
                self.ids[ident] = "".join(text)
            if self.open:
                self.open[-1][2].extend(text)
            if t == tag:
                return

    def handle_data(self, data: str) -> None:
        if self.open:
            self.open[-1][2].append(data)


def anchors(text: str) -> dict[str, str]:
    parser = Anchors()
    parser.feed(page_html(text))
    return parser.ids


def test_every_ruling_and_clarification_has_its_anchor_at_its_own_words() -> None:
    ids = anchors(RULES_MD.read_text(encoding="utf-8"))
    for n in range(1, 25):
        assert ids[f"R{n}"].rstrip().endswith(f"(R{n})"), (n, ids.get(f"R{n}"))
    clarifications = re.findall(r"^- \*\*(C\d+) ", RULES_MD.read_text(encoding="utf-8"), re.M)
    assert len(clarifications) >= 21
    for c in clarifications:
        assert ids[c].startswith(f"{c} "), (c, ids[c][:60])


def test_lists_read_as_commonmark_nested_by_two_spaces_and_no_item_swallowed() -> None:
    """RULES.md nests the openings' list two spaces deep under the Opening item and starts the
    Deployment item right after the Opening's last paragraph, as CommonMark reads it."""
    page = page_html(RULES_MD.read_text(encoding="utf-8"))
    ids = anchors(RULES_MD.read_text(encoding="utf-8"))
    assert ids["R6"].strip().startswith("Deployment.")
    opening = page.index("<strong>Opening.</strong>")
    assert page.index("<li><strong>gunner holds</strong>", opening) < page.index('id="R6"')
    text = "- **A.** one\n  - sub (R2)\n\n  more (R1)\n- **B.** two (R3)\n"
    ids = anchors(text)
    assert ids["R1"].strip().startswith("A. one") and ids["R2"].strip() == "sub (R2)"
    assert ids["R3"].strip() == "B. two (R3)"


def test_every_code_the_game_cites_leads_to_an_anchor() -> None:
    ids = anchors(RULES_MD.read_text(encoding="utf-8"))
    cited = set()
    for path in (ROOT / "serm").rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        cited |= set(re.findall(r'"([RC]\d{1,2})"', source))
        groups = re.findall(r"\(([RC]\d[^)]*)\)", source)
        cited |= {c for group in groups for c in CODE.findall(group)}
    assert {"R5", "R21", "C15"} <= cited
    assert sorted(cited - set(ids)) == []


def test_a_code_links_to_its_anchor_on_the_page_the_build_makes() -> None:
    assert RULES_PAGE == PAGE
    assert rules_html("R19", "C15") == (
        ' <small class="rule">(rules <a href="rules.html#R19" target="_blank" rel="noopener">R19'
        '</a>, <a href="rules.html#C15" target="_blank" rel="noopener">C15</a>)</small>'
    )


def test_the_title_is_escaped_and_an_item_that_is_already_an_anchor_takes_another_inside() -> None:
    text = "# T <b>\n\n- **C1 First.** Cites (R2) and (C1).\n- Again (R2, R3).\n\n<i>x</i> (R4)\n"
    ids = anchors(text)
    assert set(ids) == {"C1", "R2", "R3", "R4"}
    assert ids["C1"].startswith("C1 First.")
    assert '<li id="C1"><span id="R2"></span><strong>C1 First.</strong>' in page_html(text)
    assert ids["R3"] == "Again (R2, R3)."
    assert "<title>T &lt;b&gt; — S.E.R.M.</title>" in page_html(text)
