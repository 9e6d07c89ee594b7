"""The table picker's small drawings (R2, R3): one per built-in table, escaped, pure."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest

from serm.core.scenario import LIBRARY, TableInfo, by_name, open_field
from serm.view.common import LOW, TALL
from serm.view.thumbnail import table_thumbnail

NS = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("info", LIBRARY, ids=lambda t: t.name)
def test_a_thumbnail_per_table(info: TableInfo) -> None:
    sc = by_name(info.name, 3)
    markup = table_thumbnail(sc, 120, info.title)
    root = ET.fromstring(markup)
    assert root.tag == f"{NS}svg"
    assert (root.get("width"), root.get("height")) == ("120", "120")
    assert root.get("viewBox") == "0 0 1000 1000"
    assert root.get("role") == "img" and root.get("aria-label") == info.title
    assert root.findtext(f"{NS}title") == info.title
    pieces = root.findall(f"{NS}polygon")
    assert len(pieces) == len(sc.terrain)
    assert [p.get("fill") for p in pieces] == [TALL if t.tall else LOW for t in sc.terrain]
    assert len(root.findall(f"{NS}rect")) == 3  # the table and the two zones
    assert table_thumbnail(sc, 120, info.title) == markup


def test_names_are_escaped() -> None:
    sc = replace(open_field(), name='<b onload="x">&')
    markup = table_thumbnail(sc)
    assert "<b " not in markup and 'onload="x"' not in markup
    root = ET.fromstring(markup)
    assert root.findtext(f"{NS}title") == '<b onload="x">&'
    assert root.get("data-table") == '<b onload="x">&'
    assert root.get("width") == "96"
