"""rules.html: RULES.md as a page of the site, each ruling and clarification an anchor.

The game cites rules by code in small print, "(rule R5)" (``serm.ui.words.rules_html``); each
code links to ``rules.html#R5``. markdown-it-py turns RULES.md into HTML as CommonMark (the way
the repository's host shows it) with tables; before it renders, each list item or paragraph
outside a list gets, as its id, the code of the clarification it opens with ("**C4 A stopped
mover.**": ``C4``), then the code of each ruling it is the first to cite ("(R5)": ``R5``); an
item that is an anchor already takes another as an empty span at its start. The page is written
to build/rules/ and copied into _site/ like the site's other files, so the service worker
precaches it and it reads offline.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.token import Token

from tools.sitebuild.common import ROOT

RULES_MD = ROOT / "RULES.md"
RULES_CACHE = ROOT / "build" / "rules"
PAGE = "rules.html"

CITED = re.compile(r"\(((?:[RC]\d+, )*[RC]\d+)\)")
"""A citation at the end of a sentence: "(R5)" or "(R8, R9)"."""
OPENS = re.compile(r"^(C\d+)\s")
"""A clarification's item opens with its code in bold: "C4 A stopped mover."."""


def owners(tokens: list[Token]) -> dict[int, str]:
    """The text of each anchor-to-be, by the index of its opening token: a list item's own
    paragraphs (not the lists nested in it), or a paragraph outside any list."""
    out: dict[int, str] = {}
    stack: list[int] = []
    for i, t in enumerate(tokens):
        if t.nesting == 1:
            stack.append(i)
        elif t.nesting == -1:
            stack.pop()
        elif t.type == "inline":
            items = [j for j in stack if tokens[j].type == "list_item_open"]
            paras = [j for j in stack if tokens[j].type == "paragraph_open"]
            owner = items[-1] if items else paras[-1] if paras else None
            if owner is not None:
                out[owner] = f"{out[owner]} {t.content}" if owner in out else t.content
    return out


def anchor(tokens: list[Token], at: int, code: str) -> None:
    """``code`` as the id of the token at ``at``, or of an empty span at the start of its first
    line of text when it has one."""
    if tokens[at].attrGet("id") is None:
        tokens[at].attrSet("id", code)
        return
    inline = next(t for t in tokens[at:] if t.type == "inline")
    span = Token("html_inline", "", 0, content=f'<span id="{code}"></span>')
    inline.children = [span, *(inline.children or [])]


def place_anchors(tokens: list[Token]) -> None:
    """Ids for the codes: a clarification's own item first, then for each code not yet placed
    the first item or paragraph that cites it."""
    texts = owners(tokens)
    placed: set[str] = set()
    for at, text in texts.items():
        opened = OPENS.match(text.lstrip("*").strip())
        if opened and opened.group(1) not in placed:
            placed.add(opened.group(1))
            anchor(tokens, at, opened.group(1))
    for at, text in texts.items():
        for m in CITED.finditer(text):
            for code in m.group(1).split(", "):
                if code not in placed:
                    placed.add(code)
                    anchor(tokens, at, code)


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
  <script type="module" src="./static/js/rules.js"></script>
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
    md = MarkdownIt("commonmark").enable("table")
    tokens = md.parse(text)
    place_anchors(tokens)
    body = md.renderer.render(tokens, md.options, {})
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
