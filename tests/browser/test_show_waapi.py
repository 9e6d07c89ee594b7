"""serm.view.show's animations as Chromium's Web Animations play them: every
selector finds its element under ``#board-view``, every keyframe and option is accepted, a card
holds its first pose until its beat, a ghost fades at its KILL, the sight line draws in; without
motion the same times, in jumps. The page here is only the board markup (no app)."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import R, arrange
from playwright.sync_api import Page

from serm.core import apply
from serm.core.actions import Action, Face, Move, Shoot
from serm.core.state import State
from serm.view.beats import beats
from serm.view.model import ViewModel
from serm.view.render import render
from serm.view.show import show

PLAY = """([markup, anims, times]) => {
  document.querySelector('#layer-show').innerHTML = markup;
  const made = anims.map((a) => {
    const el = document.querySelector('#board-view ' + a.selector);
    if (!el) throw new Error('missing ' + a.selector);
    return el.animate(a.frames, {duration: a.ms, delay: a.delay, easing: a.easing, fill: a.fill});
  });
  const q = (s) => getComputedStyle(document.querySelector('#board-view ' + s));
  return times.map((t) => {
    for (const an of made) { an.pause(); an.currentTime = t; }
    const card = q('#layer-board g.card[data-player="1"][data-card="assault"]');
    return [card.transform, q('#layer-show g.ghost').opacity,
            parseFloat(q('#layer-show line.aim').strokeDashoffset)];
  });
}"""


def sequence() -> tuple[list[State], list[Action]]:
    """A killing shot (a six re-rolled twice), then a Move turning first."""
    state = arrange(
        {(1, "assault"): (5, 7, 0), (2, "armored"): (4, 2, 180), (2, "gunner"): (9, 1, 0)},
        others=False,
    )
    actions: list[Action] = [Shoot("assault", "armored"), R((6, 6, 3)), R(1, 1)]
    actions += [Move("assault", 90, 90), R(1, 1), Face(None)]
    states = [state]
    for action in actions:
        states.append(apply(states[-1], action))
    return states, actions


@pytest.mark.parametrize("motion", [True, False])
def test_the_show_plays_in_chromium(cold_page: Page, motion: bool) -> None:
    page = cold_page
    states, actions = sequence()
    sh = show(beats(states, actions), states[0], states[-1], 1.0, motion)
    page.set_content('<div id="board-view">' + render(states[-1], ViewModel()) + "</div>")
    anims: list[dict[str, Any]] = [
        {
            "selector": a.selector,
            "frames": [dict(f) for f in a.frames],
            "ms": a.ms,
            "delay": a.delay,
            "easing": a.easing,
            "fill": a.fill,
        }
        for a in sh.anims
    ]
    # beats: aim 0-450, shoot 450-1250, endure 1250-2050, kill 2050-2650, turn 2650-3050,
    # roll 3050-3850, move 3850-4550
    times = [0, 2600, 3000, 3100, 4500, sh.ms]
    out = page.evaluate(PLAY, [sh.markup, anims, times])
    start, turned = "matrix(1, 0, 0, 1, 500, 700)", "matrix(0, 1, -1, 0, 500, 700)"
    moved = "matrix(0, 1, -1, 0, 700, 700)"
    assert out[0][:2] == [start, "1"] and out[0][2] > 100  # the card held, the line not drawn
    assert out[1][0] == start and float(out[1][1]) < (0.2 if motion else 1.01)  # ghost fading
    assert (out[2][0] not in (start, turned)) is motion  # turning (or still, without motion)
    assert out[3][0] == turned and out[3][1] == "0"
    assert (out[4][0] != turned) is motion  # sliding (or about to jump, without motion)
    assert out[5][0] == moved
