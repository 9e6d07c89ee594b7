"""A count put in words agrees with it: "your card", never "your 1 cards"."""

from __future__ import annotations

import re

import pytest

from serm.view.common import counted
from serm.view.exposure_layer import words
from serm.view.model import ExposureView

ONE_PLURAL = re.compile(r"\b1 \w+s\b")


@pytest.mark.parametrize("standing", [True, False])
@pytest.mark.parametrize("seen", [(), ("B",)])
def test_the_exposure_count_of_one_card_agrees(standing: bool, seen: tuple[str, ...]) -> None:
    ev = ExposureView(1, (1.0, 1.0, 0.0), seen, 1, ready=True, standing=standing)
    said = words(ev)
    assert not ONE_PLURAL.search(said), said
    assert "your card" in said and "none of" not in said
    assert ("not see" in said) == (not seen)


def test_the_exposure_count_of_several_cards_is_plural() -> None:
    ev = ExposureView(1, (1.0, 1.0, 0.0), (), 3, ready=True, standing=True)
    assert words(ev) == "Turning where it stands, the enemy Gunner could see none of your 3 cards"


def test_counted_agrees() -> None:
    assert counted(1, "card") == "1 card"
    assert counted(0, "card") == "0 cards"
    assert counted(2, "enemy card") == "2 enemy cards"
