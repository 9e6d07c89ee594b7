"""One numbering of actions wherever the page shows one: the game log's lines, the replay
viewer's step and slider, and a save's "at action" all count the record's actions."""

from __future__ import annotations

import re
from pathlib import Path

from serm.core.game import Game
from serm.core.record import loads
from serm.ui.panel import log_html
from serm.ui.replay import Frames, Viewer
from serm.ui.replay_bar import prompt_html, step_html
from serm.ui.saves import summarise

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "complete-game.json"


def _numbers(html: str) -> list[int | None]:
    """The number each line of an ``<ol>`` shows: its ``value``; None for a further line of an
    action (``more``: no number of its own)."""
    shown: list[int | None] = []
    for li in re.findall(r"<li[^>]*>", html):
        value = re.search(r'value="(\d+)"', li)
        assert (value is None) == ('more"' in li), li
        shown.append(int(value.group(1)) if value else None)
    return shown


def test_the_last_step_of_a_replay_is_numbered_as_its_slider() -> None:
    frames = Frames.of(loads(EXAMPLE.read_text()))
    last = frames.last
    assert len(frames.events(last)) > 1  # the win is told after the shot that made it
    viewer = Viewer(last, last)
    shown = _numbers(step_html(frames, viewer))
    assert shown[0] == last and set(shown[1:]) == {None}, "the number once, the lines under it"
    assert f"{last} / {last}" in prompt_html(frames, viewer)


def test_the_logs_last_number_is_the_action_a_save_is_at() -> None:
    game = Game.from_record(loads(EXAMPLE.read_text()))
    assert len(game.events) > len(game.record.actions)  # a line each would number past it
    shown = _numbers(f"<ol>{log_html(game.events, game.event_actions)}</ol>")
    numbers = [n for n in shown if n is not None]
    assert numbers[-1] == summarise(game).actions == len(game.record.actions)
    assert numbers == list(range(1, len(game.record.actions) + 1)), "each action once, in turn"


def test_a_game_played_numbers_its_log_as_one_replayed() -> None:
    record = loads(EXAMPLE.read_text())
    played = Game(record.scenario, record.seed, auto_dice=False, rules_version=record.rules_version)
    for action in record.actions:
        played.play(action)
    replayed = Game.from_record(record)
    assert played.event_actions == replayed.event_actions
    frames = Frames.of(record)
    assert frames.log_actions(frames.last) == replayed.event_actions
