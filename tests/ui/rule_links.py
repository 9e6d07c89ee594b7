"""Rule codes in small print link to the rules page (``serm.ui.words.rules_html``): tests that
read the codes as text see each link as its code, once its target is checked."""

from __future__ import annotations

import re

LINK = re.compile(r'<a href="rules\.html#([RC]\d+)" target="_blank" rel="noopener">([RC]\d+)</a>')


def unlinked(html: str) -> str:
    """``html`` with every rule link replaced by its code; a link whose anchor is not the code
    it shows fails."""

    def code(m: re.Match[str]) -> str:
        assert m.group(1) == m.group(2), m.group(0)
        return m.group(2)

    return LINK.sub(code, html)
