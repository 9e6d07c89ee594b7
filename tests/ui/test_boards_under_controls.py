"""The course's lessons and the replay viewer place their board's labels clear of the controls
drawn over the board (the zoom buttons, a card's details), as the game's board does
(``ViewModel.covered``, ``serm.view.frame.clear_of``)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest

from serm.core.record import from_dict
from serm.core.scenario import Scenario, by_name
from serm.ui import course as c
from serm.ui import replay_bar
from serm.ui.lessons import LESSONS
from serm.ui.lessons.position import play_position
from serm.ui.replay import Frames
from serm.view import frame
from serm.view.model import NOTHING_OVER, Overlaid, Viewport
from serm.view.render import SCALE
from tests.view.test_labels import Label, labels, overlap

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "complete-game.json"
PX = 100.0
"""CSS px per L of the board measured (any will do: the boxes are given in the same px)."""


def _words(markup: str) -> list[Label]:
    return [label for label in labels(ET.fromstring(markup)) if not label.tick]


def _over(scenario: Scenario, box: tuple[float, float, float, float]) -> Overlaid:
    """A control over the board covering ``box`` (scaled units) of the fitted table."""
    x0, y0, w, h = frame.box(scenario, Viewport())
    left, top, right, bottom = (v / SCALE * PX for v in box)
    ox, oy = x0 * PX, y0 * PX
    return Overlaid(w * PX, h * PX, ((left - ox, top - oy, right - ox, bottom - oy),))


def check_moves_off(board: Callable[[Overlaid], str], scenario: Scenario) -> None:
    """Each label ``board`` draws with nothing over it, once covered by a control, is drawn
    elsewhere, clear of it, and still said."""
    found = _words(board(NOTHING_OVER))
    assert found, "the board has labels to place"
    for label in found:
        over = _over(scenario, label.box)
        ((x0, y0, x1, y1),) = frame.covered(scenario, Viewport(), over)
        covered = (x0 * SCALE, y0 * SCALE, x1 * SCALE, y1 * SCALE)
        again = _words(board(over))
        assert label.words in {x.words for x in again}
        for x in again:
            assert not overlap(x.box, covered), (label, x)


@pytest.mark.parametrize(("lesson", "answered"), [(1, 0), (3, 0), (4, 0), (4, 2)])
def test_a_lessons_labels_keep_off_the_controls_over_the_board(lesson: int, answered: int) -> None:
    """The chances on targets, a Move's halt and its chance of being stopped, a stop point:
    each, where a control lies over it, goes clear of it (they went under the zoom buttons)."""
    chosen = tuple(c.answers(LESSONS[lesson])[:answered])
    course = c.Course(lesson, chosen)
    state = play_position(LESSONS[lesson], chosen).state

    def board(over: Overlaid) -> str:
        return c.course_screen(course, True, over).board

    check_moves_off(board, state.scenario)


@pytest.mark.parametrize("index", [13, 21])
def test_the_viewers_labels_keep_off_the_controls_over_the_board(index: int) -> None:
    """The viewer at a Move waiting on a React: "halt" where it would end goes clear of a
    control over it."""
    frames = Frames.of(from_dict(json.loads(EXAMPLE.read_text())))

    def board(over: Overlaid) -> str:
        return replay_bar.board_html(frames, index, over)

    check_moves_off(board, by_name("default"))
