"""rules.html: RULES.md as a page of the site, each ruling and clarification an anchor.

The game cites rules by code in small print, "(rule R5)" (``serm.ui.words.rules_html``); each
code links to ``rules.html#R5``. Python-Markdown turns RULES.md into HTML; a tree processor
gives the first paragraph or list item that cites a ruling, "(R5)", the id ``R5``, and the
item that opens with a clarification's code, "**C4 A stopped mover.**", the id ``C4``. The page
is written to build/rules/ and copied into _site/ like the site's other files, so the service
worker precaches it and it reads offline.
"""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import markdown
from markdown.extensions import Extension
from markdown.treeprocessors import Treeprocessor

from tools.sitebuild.common import ROOT

RULES_MD = ROOT / "RULES.md"
RULES_CACHE = ROOT / "build" / "rules"
PAGE = "rules.html"

CITED = re.compile(r"\(((?:[RC]\d+, )*[RC]\d+)\)")
"""A citation at the end of a sentence: "(R5)" or "(R8, R9)"."""
OPENS = re.compile(r"^([C]\d+)\s")
"""A clarification's item opens with its code in bold: "C4 A stopped mover."."""
NESTED = frozenset({"ul", "ol"})


def own_text(el: ET.Element) -> str:
    """The text of ``el`` and its inline children, without the lists nested in it."""
    parts = [el.text or ""]
    for child in el:
        if child.tag not in NESTED:
            parts.append("".join(child.itertext()))
        parts.append(child.tail or "")
    return "".join(parts)


def opens_with(el: ET.Element) -> str | None:
    """The clarification code ``el`` opens with, if any."""
    opened = OPENS.match(own_text(el).strip())
    return opened.group(1) if opened else None


def cites(el: ET.Element) -> list[str]:
    """The rule codes ``el`` itself cites, in order."""
    return [c for m in CITED.finditer(own_text(el)) for c in m.group(1).split(", ")]


class RuleAnchors(Treeprocessor):
    """Ids for the codes: a clarification's own item first, then for each code not yet placed
    the first item or paragraph that cites it."""

    def run(self, root: ET.Element) -> None:
        items = [el for el in root.iter() if el.tag in ("li", "p")]
        placed: set[str] = set()
        for el in items:
            code = opens_with(el)
            if code and code not in placed:
                placed.add(code)
                el.set("id", code)
        for el in items:
            for code in cites(el):
                if code not in placed:
                    placed.add(code)
                    anchor(el, code)


def anchor(el: ET.Element, code: str) -> None:
    """``code`` as the id of ``el``, or of an empty span at its start when it has one."""
    if "id" not in el.attrib:
        el.set("id", code)
        return
    span = ET.Element("span", {"id": code})
    span.tail, el.text = el.text, None
    el.insert(0, span)


class RuleAnchorsExtension(Extension):
    def extendMarkdown(self, md: markdown.Markdown) -> None:
        md.treeprocessors.register(RuleAnchors(md), "rule_anchors", 5)


TEMPLATE = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta http-equiv="Content-Security-Policy"
        content="default-src 'self'; object-src 'none'; base-uri 'self'">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="theme-color" content="#1b2a3a">
  <title>@TITLE@ — S.E.R.M.</title>
  <link rel="icon" href="./static/icons/serm.svg" type="image/svg+xml">
  <link rel="stylesheet" href="./static/css/rules.css">
</head>
<body>
<nav><a href="./">Back to the game</a></nav>
<main>
@BODY@
</main>
</body>
</html>
"""


def rules_html(text: str) -> str:
    """The page for the Markdown ``text`` of RULES.md."""
    body = markdown.markdown(text, extensions=["tables", RuleAnchorsExtension()])
    title = text.splitlines()[0].lstrip("# ").strip() if text.strip() else "Rules"
    return TEMPLATE.replace("@TITLE@", html.escape(title)).replace("@BODY@", body)


def rules_page() -> Path:
    """build/rules/rules.html made from RULES.md (written again only when it changes)."""
    page = rules_html(RULES_MD.read_text(encoding="utf-8"))
    out = RULES_CACHE / PAGE
    if not out.is_file() or out.read_text(encoding="utf-8") != page:
        RULES_CACHE.mkdir(parents=True, exist_ok=True)
        out.write_text(page, encoding="utf-8")
    return out
