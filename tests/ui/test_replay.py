"""The replay viewer as data: stepping, the slider, play, and the record as the
one source (the last position is ``record.replay``, as ``python -m serm replay`` prints it)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from serm.core.record import Record, RecordError, from_dict, loads, replay
from serm.ui import replay_bar
from serm.ui.replay import (
    Frames,
    Go,
    GoTo,
    Move,
    SetSpeed,
    Shared,
    Speed,
    Tick,
    Viewer,
    open_at_start,
    step,
)
from serm.ui.replay_bar import step_html

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "complete-game.json"
SUMMARY = EXAMPLE.with_name("complete-game.summary.json")


@pytest.fixture(scope="module")
def record() -> Record:
    return loads(EXAMPLE.read_text())


@pytest.fixture(scope="module")
def frames(record: Record) -> Frames:
    return Frames.of(record)


def test_last_position_is_the_cli_replay(record: Record, frames: Frames) -> None:
    v = step(open_at_start(frames), Go(Move.LAST))
    assert v.index == frames.last == len(record.actions)
    final = frames.state(v.index)
    assert final == replay(record)
    assert final.to_summary() == json.loads(SUMMARY.read_text())


def test_each_position_is_the_replay_of_that_prefix(record: Record, frames: Frames) -> None:
    for i in (0, 1, 7, 30, frames.last):
        assert frames.state(i) == replay(record, i)


def test_back_then_forward_lands_on_the_same_state(frames: Frames) -> None:
    v = step(open_at_start(frames), GoTo(40))
    here = frames.state(v.index)
    back = step(v, Go(Move.BACK))
    assert back.index == 39 and frames.state(back.index) != here
    again = step(back, Go(Move.FORWARD))
    assert again.index == 40 and frames.state(again.index) is here


def test_ends_are_kept(frames: Frames) -> None:
    v = open_at_start(frames)
    assert step(v, Go(Move.BACK)).index == 0
    end = step(v, Go(Move.LAST))
    assert step(end, Go(Move.FORWARD)).index == frames.last
    assert step(v, GoTo(-5)).index == 0
    assert step(v, GoTo(10**6)).index == frames.last
    assert step(end, Go(Move.FIRST)).index == 0


def test_play_ticks_to_the_end_and_stops(frames: Frames) -> None:
    v = step(step(open_at_start(frames), GoTo(frames.last - 2)), Go(Move.PLAY))
    assert v.playing
    v = step(v, Tick())
    assert v.index == frames.last - 1 and v.playing
    v = step(v, Tick())
    assert v.index == frames.last and not v.playing
    assert step(v, Tick()) == v
    again = step(v, Go(Move.PLAY))  # Play at the end starts over
    assert again.index == 0 and again.playing


def test_at_the_last_position_play_says_it_plays_from_the_start(frames: Frames) -> None:
    """The viewer opened on a game just ended stands at its last position: there Play starts
    again from the first position, and its face and words say so (elsewhere it plays on)."""
    end = step(open_at_start(frames), Go(Move.LAST))
    again = replay_bar.controls_html(end)
    assert "↻</button>" in again and 'aria-label="Play from the start"' in again
    assert "▶" not in again
    played = step(end, Go(Move.PLAY))
    assert played.index == 0 and played.playing
    for v in (open_at_start(frames), step(end, Go(Move.BACK))):
        html = replay_bar.controls_html(v)
        assert "▶</button>" in html and 'aria-label="Play"' in html and "↻" not in html
    assert 'aria-label="Pause"' in replay_bar.controls_html(played)


def test_a_control_pauses_and_speed_is_kept(frames: Frames) -> None:
    v = step(step(open_at_start(frames), SetSpeed(Speed.FAST)), Go(Move.PLAY))
    assert v.speed == Speed.FAST and v.playing
    assert not step(v, Go(Move.PAUSE)).playing
    assert not step(v, Go(Move.FORWARD)).playing
    assert not step(v, GoTo(3)).playing
    assert step(open_at_start(frames), Tick()).index == 0  # paused: a tick does nothing


def test_the_log_follows_the_index(frames: Frames) -> None:
    assert frames.log(0) == [] and frames.events(0) == ()
    assert frames.log(5) == frames.log(4) + list(frames.events(5))
    assert len(frames.log(frames.last)) == sum(len(s.events) for s in frames.states)


def test_an_empty_record_has_one_position(record: Record) -> None:
    empty = Frames.of(Record(record.scenario))
    v = open_at_start(empty)
    assert v == Viewer(0) and step(v, Go(Move.PLAY)) == v


def test_a_record_that_does_not_replay_is_refused(record: Record) -> None:
    broken = Record(record.scenario, actions=[record.actions[5], *record.actions])
    with pytest.raises(RecordError):
        Frames.of(broken)


def test_continue_from_here_is_a_new_game_from_that_position(
    record: Record, frames: Frames
) -> None:
    from serm.ui.replay import can_continue, continued

    assert not can_continue(frames, frames.last)  # the game is over there
    index = 40
    assert can_continue(frames, index)
    before = record.to_json()
    game = continued(frames, index, seed=12345, computer={2: "easy"})
    assert game.record.seed == 12345
    assert game.record.actions[:index] == list(frames.actions[:index])
    assert game.record.players[2]["kind"] == "computer-easy"
    assert game.record.players[1]["kind"] == "human"
    assert game.state.pending is None or game.state.pending.kind != "roll"
    assert record.to_json() == before  # the original is kept as it was
    hot_seat = continued(frames, 0, seed=7, computer={})
    assert all(p["kind"] == "human" for p in hot_seat.record.players.values())


def test_markup_escapes_the_record_and_shows_the_position(record: Record, frames: Frames) -> None:
    hostile = Record(record.scenario, seed=1)
    hostile.players = {1: {"name": "<b>&x", "kind": "human"}, 2: {"name": '"q"', "kind": "human"}}
    head = replay_bar.status_html(Frames.of(hostile), ("<b>&x", '"q"'))
    assert "<b>&" not in head and "&lt;b&gt;&amp;x" in head
    v = step(open_at_start(frames), GoTo(12))
    html = replay_bar.prompt_html(frames, v, link='https://x/#a"<')
    last = len(record.actions)
    assert f"12 / {last}" in html and 'value="12"' in html and f'max="{last}"' in html
    assert 'value="https://x/#a&quot;&lt;"' in html
    assert html.count('class="replay-control"') == 5
    end = replay_bar.prompt_html(frames, step(v, Go(Move.LAST)))
    assert "Play on" not in end  # the game is over there
    asked = replay_bar.prompt_html(frames, step(v, Go(Move.ASK)))
    assert 'data-arg="hot-seat"' in asked and 'data-arg="computer"' in asked


def share_label(frames: Frames, v: Viewer) -> str:
    """The words on the viewer's Share button."""
    found = re.search(
        r'data-action="replay-share"[^>]*>([^<]*)</button>', replay_bar.more_html(frames, v)
    )
    assert found is not None
    return found.group(1)


def test_share_says_copied_until_the_next_event(frames: Frames) -> None:
    """Share's link copied, its button says "Copied"; the next event (a step, the slider, a step
    of Play, the speed) turns it back into Share. The speed button says what it sets."""
    v = step(open_at_start(frames), GoTo(12))
    assert share_label(frames, v) == "Share"
    copied = step(v, Shared())
    assert share_label(frames, copied) == "Copied"
    assert share_label(frames, step(copied, Shared(copied=False))) == "Share"
    playing = step(step(copied, Go(Move.PLAY)), Shared())
    for event in (Go(Move.FORWARD), Go(Move.BACK), GoTo(20), SetSpeed(Speed.FAST)):
        assert share_label(frames, step(copied, event)) == "Share", event
    assert share_label(frames, step(playing, Tick())) == "Share"
    assert "Speed: normal" in replay_bar.more_html(frames, v)
    assert "Speed: fast" in replay_bar.more_html(frames, step(v, SetSpeed(Speed.FAST)))


def test_a_finished_game_offers_watch_and_share(frames: Frames) -> None:
    from serm.ui.model import UI
    from serm.ui.panel import prompt_html, saves_html

    html = prompt_html(frames.state(frames.last), UI())
    assert 'data-action="watch-game"' in html and 'data-action="share-game"' in html
    assert 'for="watch-file"' in saves_html([], can_save=False)


SAVE = Path(__file__).resolve().parents[1] / "data" / "react-turned-away.save.json"


@pytest.mark.parametrize("source", [EXAMPLE, SAVE], ids=["example", "playtest"])
def test_every_step_says_what_its_action_did(source: Path) -> None:
    """No step of a game is left with nothing to tell: a Brawler's path traced before a React
    (R17, R18) and a facing turned or kept as a Move ends (R14) are told too."""
    data = json.loads(source.read_text())
    record = from_dict(data.get("record", data))
    frames = Frames.of(record)
    told = {type(a).__name__: "" for a in record.actions}
    for i, action in enumerate(record.actions, start=1):
        said = step_html(frames, Viewer(frames.last, i))
        assert frames.events(i) and "nothing to tell" not in said, (i, action)
        told[type(action).__name__] += said
    assert "The Brawler traces its path." in told["Path"]
    assert "keeps its facing." in told["Face"] and "turns to face" in told["Face"]
