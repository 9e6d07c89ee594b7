"""The start screen's table picker (R2): every built-in table with its drawing, title
and one-line description, the deadly one marked, the chosen one checked, text escaped."""

from __future__ import annotations

import re

from serm.core.scenario import LIBRARY
from serm.ui.help import table_picker, welcome_html
from serm.view.escape import escape


def test_every_table_is_offered_with_its_drawing_title_and_description() -> None:
    html = welcome_html("ruins")
    offered = re.findall(r'<input type="radio" name="scenario" value="([^"]+)"', html)
    assert offered == [t.name for t in LIBRARY]
    assert re.findall(r'value="([^"]+)" checked', html) == ["ruins"]
    for t in LIBRARY:
        assert f'data-table="{escape(t.name, quote=True)}' in html
        assert f"<strong>{escape(t.title)}</strong>" in html
        assert escape(t.description) in html
    deadly = [t for t in LIBRARY if t.deadly]
    assert deadly and html.count('<span class="deadly">Deadly</span>') == len(deadly)
    assert html.count('class="table-pick is-deadly"') == len(deadly)


def test_an_unknown_choice_checks_nothing_and_the_markup_is_kept() -> None:
    assert " checked" not in table_picker("nowhere")
    assert table_picker("default") is table_picker("default")
