"""A card's two faces: the full one, and the compact one for a board too small for its letters."""

from __future__ import annotations

import re

from serm.core import State
from serm.core.cards import CARDS
from serm.view.cards import (
    COMPACT_SIZE,
    LETTER_SIZE,
    MIN_TEXT_PX,
    card_text,
    compact_faces,
    short_name,
)

FITTED_360 = 3.2
"""User units per CSS px of the default table fitted to a 360 px screen."""


def test_the_compact_face_shows_where_the_stat_letters_would_be_under_9_px() -> None:
    assert LETTER_SIZE / FITTED_360 < MIN_TEXT_PX and compact_faces(FITTED_360)
    assert COMPACT_SIZE / FITTED_360 >= MIN_TEXT_PX
    assert not compact_faces(LETTER_SIZE / MIN_TEXT_PX)  # letters exactly 9 px: the full face
    assert not compact_faces(1.5)  # a desktop's board


def test_the_short_names_tell_every_card_apart() -> None:
    names = [short_name(t.title) for t in CARDS.values()]
    assert len(set(names)) == len(CARDS) == 5, names
    assert all(len(n) == 2 for n in names)


def test_a_card_carries_both_faces_with_the_same_numbers(deployed: State) -> None:
    s = deployed.soldier(1, "armored")
    markup = card_text(s)
    compact = markup[markup.index('class="face-compact"') :]
    shown = re.findall(r">([^<]+)</text>", compact)
    t = s.type
    assert shown == ["Ar", *(str(v) for v in (t.shoot, t.endure, t.react, t.move))]
    assert 'class="face"' in markup and ">S</tspan>" in markup
