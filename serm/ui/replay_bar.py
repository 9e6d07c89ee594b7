"""The replay viewer's markup (``serm.ui.replay``): the bar's status and its controls.

Pure functions of the frames and the viewer; every string from a record (names, the table's
name, the log) is escaped here. The buttons carry ``data-action`` for the browser layer:
``replay`` with ``data-arg`` a ``replay.Move``, ``replay-speed``, ``replay-share``,
``replay-ask`` / ``replay-continue`` (``data-arg`` "hot-seat" or "computer") and
``replay-close``; the slider is ``#replay-slider``, the row of speed, Share, Play on and Close
``#replay-more``.
"""

from __future__ import annotations

from ..view import frame
from ..view.escape import escape
from ..view.model import NOTHING_OVER, Overlaid, ViewModel
from ..view.render import render
from .panel import log_html
from .replay import Frames, Move, Viewer, can_continue
from .words import NUMBERED, table_title

LABELS: dict[Move, tuple[str, str]] = {
    Move.FIRST: ("«", "First position"),
    Move.BACK: ("‹", "Back one action"),
    Move.PLAY: ("▶", "Play"),
    Move.PAUSE: ("II", "Pause"),
    Move.FORWARD: ("›", "Forward one action"),
    Move.LAST: ("»", "Last position"),
}
"""Each control's face and its words (its ``aria-label`` and title)."""

AGAIN = ("↻", "Play from the start")
"""Play's face and words at the last position, where it starts again from the first
(``serm.ui.replay.step``), as a player at the end of a video expects."""


def _control(move: Move, disabled: bool = False, again: bool = False) -> str:
    face, words = AGAIN if again else LABELS[move]
    off = " disabled" if disabled else ""
    return (
        f'<button type="button" class="replay-control" data-action="replay" '
        f'data-arg="{move.value}" aria-label="{escape(words)}" title="{escape(words)}"{off}>'
        f"{escape(face)}</button>"
    )


def _button(label: str, action: str, arg: str = "", primary: bool = False, words: str = "") -> str:
    """A button; ``words`` says what it does where ``label`` is short (its ``aria-label``)."""
    cls = ' class="primary"' if primary else ""
    data_arg = f' data-arg="{escape(arg)}"' if arg else ""
    said = f' aria-label="{escape(words)}" title="{escape(words)}"' if words else ""
    return (
        f'<button type="button"{cls} data-action="{escape(action)}"{data_arg}{said}>'
        f"{escape(label)}</button>"
    )


def status_html(frames: Frames, names: tuple[str, str]) -> str:
    """The bar's head while the viewer is open: what is being watched (on a phone's short bar,
    the table only: the step and the controls need the room)."""
    record = frames.record
    return (
        '<p class="replay-title"><strong>Replay</strong> · '
        f"{escape(table_title(record.scenario.name))}"
        f'<span class="wide-words"> · {escape(names[0])} against {escape(names[1])}</span></p>'
    )


def step_html(frames: Frames, viewer: Viewer, names: tuple[str, str] = NUMBERED) -> str:
    """What the action that led to this position did (its log lines, each numbered as the
    slider numbers that action, each side called by its name in ``names``), or where the game
    is."""
    i = viewer.index
    if i == 0:
        return '<p class="replay-step">The start: the table is empty.</p>'
    events = frames.events(i)
    if not events:
        return f'<p class="replay-step">Action {i}: nothing to tell.</p>'
    return f'<ol class="recent replay-step">{log_html(events, [i] * len(events), names)}</ol>'


def controls_html(viewer: Viewer) -> str:
    """First, back, play or pause, forward, last (each off where it would do nothing). At the
    last position (where the viewer opens on a game just ended) Play says it plays the game
    from the start (``AGAIN``): that is what it does there."""
    i, last = viewer.index, viewer.last
    again = 0 < last <= i
    play = (
        _control(Move.PAUSE)
        if viewer.playing
        else _control(Move.PLAY, disabled=last == 0, again=again)
    )
    return (
        _control(Move.FIRST, i == 0)
        + _control(Move.BACK, i == 0)
        + play
        + _control(Move.FORWARD, i >= last)
        + _control(Move.LAST, i >= last)
    )


def more_html(frames: Frames, viewer: Viewer) -> str:
    """The playback speed ("Speed: normal"), Share ("Copied" right after its link is copied,
    ``Viewer.copied``), Play on where the game goes on, and Close."""
    more = _button(f"Speed: {viewer.speed.value}", "replay-speed")
    if viewer.copied:
        more += _button("Copied", "replay-share", words="Copied: share the link again")
    else:
        more += _button("Share", "replay-share", words="Share a link to this game")
    if can_continue(frames, viewer.index):
        words = "Play on from here as a new game"
        more += _button("Play on", "replay-ask", primary=viewer.asking, words=words)
    return more + _button("Close", "replay-close")


def prompt_html(
    frames: Frames, viewer: Viewer, link: str = "", names: tuple[str, str] = NUMBERED
) -> str:
    """The viewer's controls: first, back, play or pause, forward, last; the slider over the
    actions with "n / N"; speed, Share, Play on, Close (``more_html``); the shared ``link`` if
    any, to copy by hand; the step's sides called by their ``names``."""
    i, last = viewer.index, viewer.last
    seek = (
        f'<input type="range" id="replay-slider" min="0" max="{last}" value="{i}" step="1" '
        f'aria-label="Position in the game">'
        f'<output id="replay-pos" for="replay-slider">{i} / {last}</output>'
    )
    return (
        f'<div class="replay" data-pending="replay" data-index="{i}" data-last="{last}">'
        f'<div id="replay-step-box">{step_html(frames, viewer, names)}</div>'
        '<div class="replay-foot">'
        '<div id="replay-controls" class="replay-controls" role="group" '
        f'aria-label="Replay controls">{controls_html(viewer)}</div>'
        f'<div class="replay-seek">{seek}</div>'
        f'<div id="replay-more" class="replay-more">{more_html(frames, viewer)}</div>'
        f"{_asking() if viewer.asking else ''}{_link(link)}"
        "</div></div>"
    )


def _asking() -> str:
    return (
        '<div class="replay-ask" role="group" aria-label="Play on from here">'
        "<p>Play on from this position as a new game, with new dice (the game watched stays "
        "as it is):</p>"
        + _button("Two players here", "replay-continue", "hot-seat")
        + _button("Against the computer", "replay-continue", "computer")
        + "</div>"
    )


def _link(link: str) -> str:
    if not link:
        return ""
    return (
        '<div class="replay-link"><input id="replay-link" type="text" readonly '
        f'aria-label="Link to this game" value="{escape(link)}"></div>'
    )


def board_html(frames: Frames, index: int, over: Overlaid = NOTHING_OVER) -> str:
    """The board at the viewer's position ``index``, its labels clear of the controls ``over``
    it (the zoom buttons)."""
    state = frames.state(index)
    return render(state, frame.clear_of(state.scenario, ViewModel(), over))
