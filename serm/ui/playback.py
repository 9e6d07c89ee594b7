"""Showing what was played: the playback part of the screen, changed by its events.

A decision played (``Shown``) starts a show of its beats unless the speed is instant; the show
ends by itself (``ShowEnded``) or at the first press or key (``Skip``), which does nothing else.
The beats played since one player began deciding are kept (``Playback.last``): while the other
side decides at this screen they are drawn as a trail ("what just happened"), and Replay last
turn plays them again, until that side begins a new choice (an aim, a turn, a target).
"""

from __future__ import annotations

from dataclasses import replace

from ..core.state import PendingKind, Purpose, State
from ..view.beats import SPEEDS, Beat, BeatKind, speed_factor
from ..view.model import SoldierKey
from .events import Shown
from .model import UI, ActMode, Playback


def shown(ui: UI, event: Shown) -> UI:
    """A decision's beats: added to the run of its player (or starting a new run), and shown
    unless the speed is instant. A person's own placing of a card is not shown again."""
    pb = ui.playback
    beats = tuple(b for b in event.beats if _worth_showing(ui, b))
    if pb.by == event.by and pb.since is not None:
        pb = replace(pb, last=pb.last + beats)
    else:
        pb = replace(pb, last=beats, since=event.since, by=event.by)
    if not beats or speed_factor(pb.speed) <= 0.0:
        return replace(ui, playback=replace(pb, playing=False))
    return replace(ui, playback=_play(pb, beats, event.since))


def _worth_showing(ui: UI, beat: Beat) -> bool:
    return beat.kind != BeatKind.PLACE or ui.seats.computer(beat.card[0])


def _play(pb: Playback, beats: tuple[Beat, ...], since: State) -> Playback:
    return replace(pb, show=beats, show_from=since, shows=pb.shows + 1, playing=True)


def skip(ui: UI) -> UI:
    """A press or key during a show: it ends now (the same ``ui`` when none plays)."""
    if not ui.playback.playing:
        return ui
    return replace(ui, playback=replace(ui.playback, playing=False))


def ended(ui: UI, show: int) -> UI:
    """The show numbered ``show`` played to its end (a show skipped or replaced: no change)."""
    pb = ui.playback
    if not pb.playing or pb.shows != show:
        return ui
    return replace(ui, playback=replace(pb, playing=False))


def speed(ui: UI, name: str) -> UI:
    """The speed the player picked; an unknown name changes nothing."""
    if name not in SPEEDS or name == ui.playback.speed:
        return ui
    return replace(ui, playback=replace(ui.playback, speed=name))


def moving(ui: UI) -> tuple[SoldierKey, ...]:
    """The soldiers the show on screen moves or turns (none when no show plays)."""
    pb = ui.playback
    if not pb.playing:
        return ()
    kinds = (BeatKind.MOVE, BeatKind.TURN)
    return tuple(dict.fromkeys(b.card for b in pb.show if b.kind in kinds))


def to_replay(ui: UI, state: State) -> bool:
    """The last turn can be replayed and is drawn as a trail: the other side's beats since it
    began deciding, while a person at this screen decides now (nothing played since) and has
    not yet begun a new choice (``choosing``: its marks would lie over the aim)."""
    pb, p = ui.playback, state.pending
    if not pb.last or pb.since is None or p is None or not p.player or choosing(ui):
        return False
    return p.player != pb.by and not ui.seats.computer(p.player)


def choosing(ui: UI) -> bool:
    """The person deciding has begun a new choice: aims a Move (R15), turns (R14), picks a
    target (R21) or a reactor (R18), or traces a Brawler's path (R17)."""
    c = ui.choice
    return c.mode != ActMode.MENU or c.pick is not None or bool(ui.trace.corners)


def replay_last(ui: UI, state: State) -> UI:
    """Play the last turn again (at normal speed when the setting is instant)."""
    pb = ui.playback
    if pb.playing or not to_replay(ui, state) or pb.since is None:
        return ui
    return replace(ui, playback=_play(pb, pb.last, pb.since))


def factor(ui: UI) -> float:
    """How much longer than normal the show on screen lasts (a replay at instant: normal)."""
    return speed_factor(ui.playback.speed) or 1.0


def told(ui: UI, state: State) -> State:
    """The moment the status line and the panel's heading tell: while a show plays, the state it
    starts from (what it shows, a roll, a kill, the game's end, is told once it has been
    shown), else ``state``."""
    pb = ui.playback
    return pb.show_from if pb.playing and pb.show_from is not None else state


def holds(ui: UI, state: State) -> bool:
    """While a show plays, a question that would tell what the show has not shown yet waits for
    its end: the choice of the next activation's soldier (R7), whose soldiers are those left
    after the show (one the show eliminates is missing); and any question after a React's roll
    the show rolls (R19: where the mover stops when the React beat its Move, the Move's next
    step when not), which tells the roll. A question the shown play asks otherwise (a React,
    the next target, the activated soldier's next step) keeps its buttons."""
    p, a = state.pending, state.activation
    if not ui.playback.playing or p is None:
        return False
    if any(b.kind == BeatKind.ROLL and b.purpose == Purpose.REACT for b in ui.playback.show):
        return True
    if p.kind != PendingKind.ACT:
        return False
    return a is None or a.card is None


def shown_player(ui: UI) -> int:
    """The player whose play the show on screen shows (0 when none plays, or for the roll-off):
    the one whose React it shows (its question, its roll, where it stops the mover: R18, R19),
    unless the Move then goes on in it (no React, or one that did not beat the roll), which
    shows the Move; else the one whose activation it starts in (a reacting soldier's
    activation is its player's, R19), else the one placing a card."""
    pb = ui.playback
    if not pb.playing or pb.show_from is None:
        return 0
    st = pb.show_from
    p, a, mv = st.pending, st.activation, st.move
    if p is not None and p.kind == PendingKind.STOP:
        return p.player
    if p is not None and (p.kind == PendingKind.REACT or p.purpose == Purpose.REACT):
        goes_on = a is not None and mv is not None and _moves_on(pb.show, (a.player, mv.card))
        if not goes_on:
            return p.player
    if a is not None:
        return a.player
    return p.player if p is not None else 0


def _moves_on(show: tuple[Beat, ...], mover: SoldierKey) -> bool:
    """True when ``show``, which starts at a React question or its roll, slides the ``mover``:
    no React stopped it, for a stop point is chosen in a show of its own (R18, R19)."""
    return any(b.kind == BeatKind.MOVE and b.card == mover for b in show)
