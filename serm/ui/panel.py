"""The side panel as HTML: whose initiative, what to do now, and the game log (pure Python).

Each part is a function of the game's ``State`` and the screen's ``UI`` (names and seats are in
``UI.seats``; the "what just happened" lines are the game log's events the caller passes). Every
string that reaches the page is escaped here with ``html.escape``. Buttons carry ``data-action``
(a ``Command`` value, or one of the page's own actions) and ``data-arg``; the key badges come from
the key map (``serm.ui.keys``) that the reducer reads too.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from ..core import queries as q
from ..core.cards import CARDS, other
from ..core.dice import rolled_on
from ..core.forecast import Watcher
from ..core.rules import DRAW_AFTER
from ..core.ruleset import RULES_VERSION, ruleset
from ..core.state import Event, EventKind, PendingKind, Purpose, Soldier, State, Status
from ..core.written import length_text
from ..view.beats import BeatKind
from ..view.board import percent
from ..view.escape import escape
from ..view.exposure_layer import words as exposure_words
from ..view.render import describe
from . import exposure, outlook, path, playback, words
from .events import Command
from .keys import badge as key_of
from .keys import choice_badge
from .model import UI, ActMode, Seats
from .saves import MAX_NAME, OTHER_TAB, SAVE_FAILED, SlotInfo
from .screen import (
    activatable,
    chosen,
    computer_to_decide,
    cramped,
    facing_problem,
    halt_ahead,
    nowhere,
    reactors,
    stop_sight,
    sure_halt,
    turn_refused,
    turned,
    turned_sight,
    unturned,
)

RESULT_KINDS = (
    EventKind.ROLL,
    EventKind.KILL,
    EventKind.MISS,
    EventKind.REACT,
    EventKind.MOVE,
    EventKind.SHOOT,
    EventKind.PASS,
    EventKind.END,
)
"""Log kinds repeated at the top of the prompt after an action, so results are seen at once (a
pass too: the other side's turn happened, though nothing on the table changed)."""
RECENT_SHOWN = 12
COMMANDS = frozenset(c.value for c in Command)

SIDE = {1: ("p1", "●"), 2: ("p2", "◆")}


def badge(player: int) -> str:
    """A player marker told apart by shape and text as well as colour."""
    cls, mark = SIDE[player]
    return f'<span class="badge {cls}" aria-hidden="true">{mark}</span>'


def who(player: int, names: tuple[str, str] | None = None) -> str:
    name = names[player - 1] if names else f"Player {player}"
    return f'{badge(player)}<strong class="{SIDE[player][0]}">{escape(name)}</strong>'


def button(
    label: str,
    action: str,
    arg: str = "",
    key: str | None = None,
    primary: bool = False,
    pressed: bool | None = None,
    disabled: bool = False,
    note: str = "",
    phone: str = "",
) -> str:
    """A button sending ``action`` (and ``arg``); its key badge is the key map's key for that
    command unless ``key`` names another ("" for none); ``pressed`` makes it a toggle button;
    ``disabled`` shows it but takes no press; ``note`` is a short line of small type under its
    label, part of its name, saying what pressing it costs; ``phone``: its label in fewer words
    on a phone's short bar (``two_ways``), the whole ``label`` staying its name and its title."""
    if key is None:
        key = key_of(Command(action), arg) if action in COMMANDS else ""
    cls = ' class="primary"' if primary else ""
    kbd = f" <kbd>{escape(key)}</kbd>" if key else ""
    data_arg = f' data-arg="{escape(arg, quote=True)}"' if arg else ""
    state = "" if pressed is None else f' aria-pressed="{"true" if pressed else "false"}"'
    state += " disabled" if disabled else ""
    text = escape(label)
    if phone:
        named = escape(label, quote=True)
        state += f' aria-label="{named}" title="{named}"'
        text = two_ways(text, escape(phone))
    return (
        f'<button type="button"{cls} data-action="{escape(action, quote=True)}"{data_arg}{state}>'
        f"{text}{kbd}{_note(note)}</button>"
    )


def _note(note: str) -> str:
    return f' <span class="button-note">{escape(note)}</span>' if note else ""


def actions(*buttons: str) -> str:
    """A row of the prompt's action buttons."""
    return f'<div class="actions">{"".join(buttons)}</div>'


def foot(*parts: str) -> str:
    """The prompt's choices and its action row, kept together at the foot of the bar (they stay in
    view on a phone while the words above them scroll)."""
    return f'<div class="foot">{"".join(parts)}</div>'


def two_ways(wide: str, phone: str) -> str:
    """Words said in full on a wide screen and in fewer on a phone's short bar (both HTML,
    escaped by the caller). The bar of a phone held upright leaves a question and the notes
    under it five or six lines between the status and the buttons at its foot: there each
    says what to do now and what it tells, and the why follows on a wide screen (and in How
    to play). The stylesheet shows one of the two."""
    return f'<span class="wide-words">{wide}</span><span class="phone-words">{phone}</span>'


def card_row(picks: str) -> str:
    """The cards to choose among (placing, activating): one row of short buttons on a phone."""
    return f'<div class="choices cards">{picks}</div>'


def choice_buttons(
    command: Command, cards: Sequence[str], label: Callable[[str], str], primary: str = ""
) -> str:
    """The numbered choices of a prompt, keys 1, 2, ... (the order ``screen.choices`` gives)."""
    return "".join(
        button(label(card), command, card, key=choice_badge(i), primary=card == primary)
        for i, card in enumerate(cards)
    )


def kill_label(title: str, chance: str) -> str:
    """A target's button: its name and the chance (``percent``) the shot kills it."""
    return f"{title} — {chance} to kill"


def react_label(title: str, chance: str) -> str:
    """A React's button: the soldier's name and the chance (``percent``) it beats the roll."""
    return f"{title} — {chance}"


def kill_buttons(shooter: Soldier, targets: Sequence[Soldier]) -> str:
    """One button per target with the exact chance this shot kills it (R9, R21), keys 1, 2, ..."""
    chance = {t.card: kill_label(t.type.title, percent(q.kill_chance(shooter, t))) for t in targets}
    return choice_buttons(Command.TARGET, [t.card for t in targets], chance.__getitem__)


def targets_row(picks: str) -> str:
    """The targets' buttons (``kill_buttons``) as the foot's choices: on a phone one row of equal
    buttons, each target's odds under its name, so the question above stays in view."""
    return f'<div class="choices cards targets">{picks}</div>'


def status_html(state: State, names: tuple[str, str] | None = None, own: int | None = None) -> str:
    """Whose initiative it is (or the phase) in one line; at the end, who won, told to ``own``
    (the one seat played at this screen, ``own_seat``) as its win or its loss: on a phone this
    line heads the end screen."""
    if state.status == Status.FINISHED:
        return _over(state, names, own)
    if state.status in (Status.SETUP, Status.DEPLOYMENT):
        placer = _placer(state)
        if placer:
            return f'<p class="status">Deployment · {who(placer, names)} places a card.</p>'
        return '<p class="status">Deployment: one card at a time, in turn.</p>'
    a = state.activation
    if a is not None and a.reaction:
        return (
            f'<p class="status">Activation {state.activation_number} · {who(a.player, names)} '
            "reacts out of turn; "
            f"then {who(other(a.player), names)} plays.{_draw_count(state)}</p>"
        )
    return (
        f'<p class="status">Activation {state.activation_number} · {who(state.initiative, names)} '
        f"has the initiative.{_draw_count(state)}</p>"
    )


def _over(state: State, names: tuple[str, str] | None, own: int | None) -> str:
    """The status line of a finished game: on a phone who won, the line that heads its end
    screen; on a wide screen only that the game is over, as the end screen's heading right
    below tells who won (said once)."""
    if state.winner is None:
        said = "The game is a draw."
    elif own == state.winner:
        said = "You have won."
    else:
        lose = "You lose: " if own == other(state.winner) else ""
        said = f"{lose}{who(state.winner, names)} has won."
    return (
        f'<p class="status"><span class="phone-words">{said}</span>'
        '<span class="wide-words">The game is over.</span></p>'
    )


DRAW_WARNING = 30
"""From this many quiet activations on, the status line counts them toward the draw (R8)."""


def _draw_count(state: State) -> str:
    """R8's count once it nears the draw: activations in a row with no elimination; for a game
    under older rules (``serm.core.ruleset``), one short line saying so instead."""
    rules = ruleset(state.rules_version)
    if state.rules_version != RULES_VERSION:
        return f' <span class="old-rules">Played under {rules.label}.</span>'
    n = state.quiet_activations
    if n < DRAW_WARNING or rules.draw_after is None:
        return ""
    return (
        f' <span class="draw-count">No elimination for {n} activations: the game is a draw '
        f"after {rules.draw_after}.</span>"
    )


def status_line(state: State, ui: UI) -> str:
    """The status line on screen (``status_html``): while a show plays, of the moment it starts
    from (``playback.told``: its results are told once shown), told to the one seat played at
    this screen."""
    seats = ui.seats
    return status_html(playback.told(ui, state), seats.names, own_seat(seats))


def board_label(state: State, ui: UI) -> str:
    """The board's one-line description for screen readers (``render.describe``), of the same
    moment as the status line (``playback.told``: no result before its show has shown it), each
    side called by its name at this screen."""
    return words.named(describe(playback.told(ui, state)), ui.seats.names)


def prompt_html(state: State, ui: UI, recent: Sequence[Event] = ()) -> str:
    """What the deciding player can do now, with the buttons to do it.

    ``recent``: the game log's events since the last human decision
    (``Game.events[ui.feedback.recent_from:]``), whose results head the prompt.
    """
    p, names = state.pending, ui.seats.names
    msg = ui.feedback.message
    if p is not None and p.kind == PendingKind.PLACE and ui.ghost is not None and ui.ghost.problem:
        msg = ""  # the placement's own problem line says it already
    fb = ui.feedback
    said = words.message_html(msg, fb.rule, fb.news, fb.short, fb.repeats)
    choosing = playback.choosing(ui)
    lost = _lost(state, ui)
    results = "" if ui.playback.playing else _recent(state, names, recent, choosing, lost)
    if p is None and ui.playback.playing:
        return f'<div data-pending="none">{_skip_hint(ui, names)}</div>'  # the victory after it
    if p is None:
        victory = _victory(state, ui.seats)
        return f'<div data-pending="none">{results}{said}{victory}</div>'
    if p.kind == PendingKind.ROLL:
        head = f'<div data-pending="roll" data-player="{p.player}">'
        return f"{head}{results}{said}{_dice(state, ui)}</div>"
    named = " in-status" if _in_status(playback.told(ui, state), p.player) else ""
    decider = f'<h2 class="decider{named}">{who(p.player, names)}</h2>' if p.player else ""
    news = ""
    if _news_of_other(ui, p.player):  # told with what just happened, not under this heading
        news, said = _news_html(ui, names), ""
    if ui.playback.playing and ui.feedback.news:  # what a play did is told once it is shown
        news = said = ""
    if computer_to_decide(state, ui) and ui.playback.playing:
        head = f'<div data-pending="{p.kind}" data-player="{p.player}" data-computer="1">'
        return f"{head}{decider}{_skip_hint(ui, names, p.player)}</div>"
    if playback.holds(ui, state):  # the soldiers to choose from are offered once shown
        head = f'<div data-pending="{p.kind}" data-player="{p.player}">'
        return f"{head}{decider}{_skip_hint(ui, names, p.player)}</div>"
    if computer_to_decide(state, ui):  # what the person's own turn did shows while it thinks
        return (
            f'<div data-pending="{p.kind}" data-player="{p.player}" data-computer="1">'
            f"{results}{news}{decider}{said}"
            '<p class="thinking" role="status"><span class="spinner" aria-hidden="true"></span>'
            "Thinking…</p></div>"
        )
    again = _replay_last(state, ui)
    if again:  # beside what just happened, not a line of its own above the question
        results = f'<div class="lately">{results}{again}</div>'
    results += news
    notes = _shot_unseen(state, ui, p.player) + _react_unoffered(state, ui, p.player)
    question = _before_foot(_question(state, ui), notes)
    question += _answer_hint(ui, names, p.player)
    return (
        f'<div data-pending="{p.kind}" data-player="{p.player}">{results}{decider}{said}'
        f"{question}</div>"
    )


def _before_foot(question: str, note: str) -> str:
    """``note`` added to the question's words, after them and above the buttons at its foot."""
    at = question.find('<div class="foot">')
    return question + note if at < 0 else question[:at] + note + question[at:]


def _shot_unseen(state: State, ui: UI, decider: int) -> str:
    """When the other side's last turn shot soldiers of ``decider`` that could not see their
    shooter where it stood, why, in one sentence (sight is one-way, R11): a note under the
    question while ``decider`` has not yet chosen a soldier (what to do now comes first, and the
    Move's words need the room once one is chosen)."""
    pb = ui.playback
    if not decider or pb.by == decider or pb.playing or ui.choice.soldier is not None:
        return ""
    blind: dict[str, list[Soldier]] = {}
    for b in pb.last:
        if b.kind != BeatKind.AIM or b.other is None or b.other_pose is None or not b.poses:
            continue
        if b.other[0] != decider:
            continue
        shooter = _posed(state.soldier(*b.card), b.poses[0])
        target = _posed(state.soldier(*b.other), b.other_pose)
        if not q.sees_soldier(state, target, shooter):
            blind.setdefault(shooter.type.title, []).append(target)
    if not blind:
        return ""
    by, targets = next(iter(blind.items()))
    hit = [(t.type.title, state.soldier(t.player, t.card).alive) for t in targets]
    said = words.shot_unseen(by, hit)
    short = words.shot_unseen(by, hit, words.ONE_WAY_SHORT)
    rule = words.rule_html("R11")
    told = two_ways(escape(said), escape(short))
    return f'<p class="tip news one-way" role="status">{told}{rule}</p>'


def _react_unoffered(state: State, ui: UI, decider: int) -> str:
    """When the other side's last turn had a soldier turn at the start of its Move out of the
    sight of soldiers of ``decider`` that saw it and could React, and none was offered a React
    (R18: only a soldier that sees the mover somewhere on its way may React), why, in one
    sentence under the question (shown as ``_shot_unseen`` is)."""
    pb = ui.playback
    if not decider or pb.by == decider or pb.playing or ui.choice.soldier is not None:
        return ""
    last = pb.last
    for i, turn in enumerate(last[:-1]):
        roll, then = last[i + 1], last[i + 2] if i + 2 < len(last) else None
        if turn.kind != BeatKind.TURN or roll.kind != BeatKind.ROLL:
            continue
        if roll.card != turn.card or roll.purpose != Purpose.MOVE:
            continue
        if then is not None and then.kind in (BeatKind.REACT, BeatKind.DECLINE):
            continue
        mover = state.soldier(*turn.card)
        was, turned = _posed(mover, turn.poses[0]), _posed(mover, turn.poses[-1])
        lost = [
            r.type.title
            for r in state.alive(decider)
            if r.on_table and r.type.react >= 1
            if q.sees_soldier(state, r, was) and not q.sees_soldier(state, r, turned)
        ]
        if lost:
            said = escape(words.react_unoffered(lost, mover.type.title))
            rule = words.rule_html("R18")
            return f'<p class="tip news one-way" role="status">{said}{rule}</p>'
    return ""


def _posed(s: Soldier, pose: tuple[float, float, float]) -> Soldier:
    return replace(s, x=pose[0], y=pose[1], facing=pose[2])


def _news_of_other(ui: UI, decider: int) -> bool:
    """True when the panel's news is about a soldier of another player than ``decider`` (an
    activation that ended by itself just before the turn passed, hot-seat or to the computer)."""
    fb = ui.feedback
    return bool(fb.message and fb.news and fb.about and decider and fb.about != decider)


def _news_html(ui: UI, names: tuple[str, str]) -> str:
    """The news of the other side's soldier, with its player's name before it."""
    fb = ui.feedback
    lead = f"{who(fb.about, names)}: "
    return words.message_html(fb.message, fb.rule, True, fb.short, fb.repeats, lead)


def _showing(ui: UI, names: tuple[str, str], heading: int) -> str:
    """What the show on screen shows, as HTML: whose play when it is not the player the panel's
    heading names (``heading``, 0 for none), who decides what the panel asks."""
    shown = playback.shown_player(ui)
    if not shown or shown == heading:
        return "Showing what was played"
    return f"Showing what {escape(names[shown - 1])} played"


def _skip_hint(ui: UI, names: tuple[str, str], heading: int = 0) -> str:
    """While a show plays: the first press or key only skips it (``serm.ui.playback``)."""
    if not ui.playback.playing:
        return ""
    return (
        f'<p class="skip-hint" role="status">{_showing(ui, names, heading)}: '
        f'<span class="wide-words">{words.pointer_html("tap")}{_keys(" or press a key")} to skip.'
        f'</span><span class="phone-words">{words.pointer_html("tap")} to skip.</span></p>'
    )


def _answer_hint(ui: UI, names: tuple[str, str], heading: int) -> str:
    """While a show plays over a question the player may answer: a press on the board or a key
    only skips the show, a button of the question ends it and does what it says
    (``serm.web.pace``). Said under the question and its buttons, never above the question;
    on a phone whose bar the question fills, below the buttons kept at its foot, where the bar
    scrolls to it (the question's own words keep the room above them)."""
    if not ui.playback.playing:
        return ""
    tap, showing = words.pointer_html("tap"), _showing(ui, names, heading)
    phone = "" if showing.endswith("what was played") else f"{showing}. "
    return (
        '<div class="after-foot"><p class="skip-hint" role="status"><span class="wide-words">'
        f"{showing}: {tap} the board{_keys(' or press a key')} to skip it; a "
        "button here acts at once.</span>"
        f'<span class="phone-words">{phone}{words.pointer_html("Tap")} the board to skip; '
        "buttons act now.</span></p></div>"
    )


def _replay_last(state: State, ui: UI) -> str:
    """The Replay last turn button, while the other side's last turn is drawn as a trail; not
    for a turn that only placed a card (deployment: the card is there to see). Its words are
    the same on a phone, on two lines there: "Replay" alone reads as the whole game's."""
    if not playback.to_replay(ui, state) or ui.playback.playing:
        return ""
    if all(b.kind == BeatKind.PLACE for b in ui.playback.last):
        return ""
    return (
        '<button type="button" class="replay-last" data-action="replay-last">'
        "Replay last turn</button>"
    )


def _question(state: State, ui: UI) -> str:
    p = state.pending
    assert p is not None
    match p.kind:
        case PendingKind.PLACE:
            return _place(state, ui)
        case PendingKind.ACT:
            return _act(state, ui)
        case PendingKind.PATH:
            return _path(state, ui)
        case PendingKind.REACT:
            return _react(state, ui)
        case PendingKind.STOP:
            return _stop(state, ui)
        case PendingKind.FACE:
            return _face(state, ui)
        case PendingKind.TARGET:
            return _target(state, ui)
        case PendingKind.ROLL:
            return _dice(state, ui)


def _in_status(state: State, player: int) -> bool:
    """True when the status line names ``player`` as the one to play (the prompt's heading may
    then be left out on a phone, where the bar is short)."""
    a = state.activation
    if state.status in (Status.SETUP, Status.DEPLOYMENT):
        return player == _placer(state)
    if state.status != Status.PLAYING:
        return False
    return player == (a.player if a is not None and a.reaction else state.initiative)


def _placer(state: State) -> int:
    """The player placing a card now (R6), or 0."""
    p = state.pending
    return p.player if p is not None and p.kind == PendingKind.PLACE else 0


def _recent(
    state: State,
    names: tuple[str, str],
    events: Sequence[Event],
    wide_only: bool = False,
    lost: Sequence[Soldier] = (),
) -> str:
    """What the last action led to: rolls, hits, rams, reacts (also kept in the log); through
    the whole deployment, whose the roll-off was, in one line (``words.rolloff``). Never shown
    before the show of it has played (the caller leaves it out); once the person deciding has
    begun a new choice (``wide_only``, ``playback.choosing``: the last turn's marks are gone
    from the board too), said on a wide screen only, as a phone's short bar needs its room
    for the choice's words and the log keeps what happened. The soldiers the last turn shown
    eliminated (``lost``) are named together last when its newest line does not name them
    all (``_lost_line``)."""
    if state.status == Status.DEPLOYMENT:
        told = words.rolloff(state, names, events)
        items = f'<li class="log-roll">{escape(told)}</li>' if told else ""
    else:
        kinds: tuple[EventKind, ...] = RESULT_KINDS
        if state.status == Status.FINISHED:  # the end screen below tells the end (said once)
            kinds = tuple(k for k in RESULT_KINDS if k != EventKind.END)
        shown = [e for e in events if e.kind in kinds]
        items = "".join(log_entry_html(e, names=names) for e in shown[-RECENT_SHOWN:])
        items += _lost_line(shown, lost, names)
    cls = "recent wide-only" if wide_only else "recent"
    return f'<ul class="{cls}" aria-label="What just happened">{items}</ul>' if items else ""


def _lost(state: State, ui: UI) -> tuple[Soldier, ...]:
    """The soldiers the last turn shown eliminated (its kills, ``Playback.last``), in the order
    they fell: the board fades out every one of them."""
    keys = dict.fromkeys(b.card for b in ui.playback.last if b.kind == BeatKind.KILL)
    return tuple(state.soldier(*key) for key in keys)


def _lost_line(shown: Sequence[Event], lost: Sequence[Soldier], names: tuple[str, str]) -> str:
    """One line naming every soldier in ``lost`` (``words.eliminated``), after the newest of the
    lines ``shown``, when that newest line does not name them all: several eliminated (a
    Gunner attacks every enemy it sees, R22), or one before a later line (a shot that spared
    its target, a Move). A phone's short bar shows only the newest line and a wide screen's
    list its last four (``serm.web.paint.newest_news``), so every soldier lost is read at
    once. "" otherwise."""
    if not shown or not lost or (len(lost) == 1 and shown[-1].kind == EventKind.KILL):
        return ""
    said = words.named(words.eliminated(lost), names)
    return f'<li class="log-kill lost">{escape(said)}</li>'


def _place(state: State, ui: UI) -> str:
    p, g = state.pending, ui.ghost
    assert p is not None
    cards = [s.card for s in state.alive(p.player) if not s.placed]
    picks = choice_buttons(Command.CARD, cards, lambda c: CARDS[c].title, g.card if g else "")
    problem = ""  # right under the question, above the tips: the bar's foot never covers it
    if g is not None and g.problem:
        problem = words.problem_html(words.placement(g.player, g.card, g.problem))
    title = CARDS[g.card].title if g else ""
    return (
        f"<p>Drag your <strong>{escape(title)}</strong> into your zone "
        f"(the {'bottom' if p.player == 1 else 'top'} strip) or {words.pointer_html('tap')} "
        f"where it should go{_keys(', or use the arrow keys')}; "
        "turn it by its round handle"
        f"{_keys(', the mouse wheel or ' + _keys_to_rotate())}."
        f"</p>{problem}{_deployment_tip(state, p.player)}{_exposure(state, ui)}"
        + foot(
            card_row(picks),
            actions(
                button("Place card", Command.CONFIRM, primary=True),
                _exposure_toggle(ui),
            ),
        )
    )


def _exposure_toggle(ui: UI) -> str:
    """The Exposure view's button, saying whether the view is on: a tap always changes its
    words, even before the board has anything of the view to show (its shading is still being
    worked out, or the words about it are scrolled out of a phone's bar)."""
    on = ui.settings.exposure
    return button(f"Exposure view: {'on' if on else 'off'}", Command.EXPOSURE, pressed=on)


def _exposure(state: State, ui: UI) -> str:
    """The Exposure view in words: how many of the cards placed so far the enemy Gunner could
    see from its worst spot (R5, R22), and what the shading means. Before the first card, the
    shading (on the board from the start) is told first, then what a card placed adds. A
    phone's short bar leaves out what a card placed will add and what the deployment's tip
    right above says (who acts first, when the enemy Gunner may shoot): the question's foot
    would cover it."""
    ev = exposure.view(state, ui)
    if ev is None:
        return ""
    rules: tuple[str, ...] = ()
    short = ""
    if not ev.ready and ev.standing:
        said = "Working out the enemy Gunner's turns where it stands…"
    elif not ev.ready:
        said = "Working out where the enemy Gunner could stand…"
    elif ev.placed == 0 and ev.standing:
        said = (
            "Once you place a card, the board also shows whether the enemy Gunner could see it "
            "once it has turned where it stands (turning is its Move)."
        )
    elif ev.placed == 0:
        said = (
            "Once you place a card, the board also shows the enemy Gunner's worst spot for your "
            "cards and how many of them it would see from there."
        )
    elif ev.worst is None:
        yours = "your card" if ev.placed == 1 else f"any of your {ev.placed} cards"
        said = f"No spot of the enemy Gunner sees {yours} placed."
        rules = ("R12",)
    else:
        shown = "the dashed Gunner on the board"
        if ev.standing:
            shown = "its sight lines on the board" if ev.seen else ""
        short = f"{exposure_words(ev)}{f': {shown}' if shown else ''}."
        said = f"{short} {words.exposure_threat(state, ev.player, ev.standing)}"
        rules = ("R5", "R14", "R22") if ev.standing else ("R5", "R22")
    shading = "Shading your zone…"
    if ev.shade_done and ev.standing:
        shading = (
            "Red squares: turning where it stands, it could see a card facing it there; green: "
            "it could not."
        )
    elif ev.shade_done:
        shading = (
            "Red squares: a card facing the enemy would be seen there from many of its spots; "
            "green: from few or none."
        )
    first, then = (shading, said) if ev.ready and ev.placed == 0 else (said, shading)
    told = escape(f"{first} {then}")
    if ev.ready and ev.placed == 0:
        told = two_ways(told, escape(shading))
    elif short:
        told = two_ways(told, escape(f"{short} {shading}"))
    return (
        f'<p class="exposure" role="status"><strong>Exposure:</strong> {told}'
        f"{words.rules_html(*rules)}</p>"
    )


def _keys(html: str) -> str:
    """Words about keys and the mouse: hidden on touch-only screens (the stylesheet)."""
    return f'<span class="keys">{html}</span>'


def _keys_to_rotate() -> str:
    left, right = key_of(Command.ROTATE_LEFT), key_of(Command.ROTATE_RIGHT)
    return f"<kbd>{escape(left)}</kbd>/<kbd>{escape(right)}</kbd>"


SEES_COUNTED = " (the label by it counts the enemy cards it would see from there)"
"""How the tip points at the count the board shows by the Gunner being placed."""


def _deployment_tip(st: State, player: int) -> str:
    """Who shoots first matters most (R5, R22): say so while the cards go down. The roll-off's
    winner places first, so the side acting first is said to be the one placing last: a player
    who lost the roll-off reads why they act first. Under an opening a phone's short bar says
    whose Gunner shoots first in fewer words, the whole tip in view above its foot."""
    if not st.first_placer:
        return ""
    rule = words.opening_rule(st)
    if not rule:
        if player != st.first_placer:
            tip = (
                "You place last, so you act first: your Gunner shoots once at every enemy it "
                f"sees. Place it where it sees the most{SEES_COUNTED}."
            )
        else:
            tip = (
                "Your opponent places last, so they act first, and their Gunner shoots once at "
                f"every soldier of yours it sees: {words.hiding(st)}."
            )
        return f'<p class="tip">{escape(tip)}</p>'
    # R5, Opening: who acts first (the side placing last), the rule, then whose Gunner may
    # shoot first.
    first = (
        "You place last, so you act first."
        if player != st.first_placer
        else "Your opponent places last, so they act first."
    )
    mine, theirs = words.gunners_first(st, player)
    if theirs < mine:
        then = (
            "Their Gunner may shoot before yours, once at every soldier of yours it sees: "
            f"{words.hiding(st)}."
        )
        short = f"Their Gunner may shoot first: {words.hiding(st)}."
    else:
        then = (
            "Your Gunner may shoot before theirs, once at every enemy it sees: place it where "
            f"it sees the most{SEES_COUNTED}."
        )
        short = "Your Gunner may shoot first: place it where it sees the most."
    said = two_ways(escape(f"{first} {rule} {then}"), escape(f"{first} {rule} {short}"))
    return f'<p class="tip">{said}{words.rules_html("R5")}</p>'


def _act(state: State, ui: UI) -> str:
    """The activation's step, after the opening's note where its choices are: while a Move or
    a Turn is set the note is left out (the menu said it; the Move's words need the room)."""
    s = chosen(state, ui)
    setting = s is not None and ui.choice.mode in (ActMode.AIM, ActMode.TURN)
    return ("" if setting else _opening_note(state, menu=s is not None)) + _act_step(state, ui)


def _opening_note(state: State, menu: bool) -> str:
    """While the opening restricts the activation under way, say so first (R5, Opening). A
    phone's short bar says that an enemy React may Shoot in a soldier's menu, where its Move
    is chosen; choosing the soldier, the bar keeps its line for what happened last."""
    said = words.opening_now(state)
    if said is None:
        return ""
    html = _aside_wide(said.text)
    if said.short and not menu:
        html = two_ways(html, escape(said.short))
    return f'<p class="opening">{html}{words.rule_html(said.rule)}</p>'


def _aside_wide(text: str) -> str:
    """``text`` as HTML, its closing aside in brackets ("… (Move, turn or pass).") said on a wide
    screen only: a phone's short bar keeps the line for the question under it."""
    head, bracket, aside = text.removesuffix(").").rpartition(" (")
    if not bracket or not text.endswith(")."):
        return escape(text)
    return f"{escape(head)}{two_ways(escape(f' ({aside})'), '')}."


def _act_step(state: State, ui: UI) -> str:
    s = chosen(state, ui)
    if s is None:
        return _choose_soldier(state)
    match ui.choice.mode:
        case ActMode.AIM:
            return _aim(state, ui, s)
        case ActMode.TURN:
            title = escape(s.type.title)
            wide = (
                f"Turn your <strong>{title}</strong>: drag toward where it should face, anywhere "
                f"on the board{_keys(', or use ' + _keys_to_rotate())}. Turning in place is its "
                "Move (no roll, no React)."
            )
            phone = (
                f"Turn your <strong>{title}</strong>: drag toward where it should face, anywhere "
                "on the board (its Move: no roll, no React)."
            )
            return (
                f"<p>{two_ways(wide, phone)}{_turned_sight(state, ui)}</p>"
                + _facing_problem(state, ui)
                + _turn_buttons(state, ui)
            )
        case ActMode.SHOOT:
            return _shoot_choices(state, ui, s)
        case ActMode.MENU:
            return _menu(state, s)


def _turn_buttons(state: State, ui: UI) -> str:
    """Turn and Back, at the bar's foot. A Turn to the facing the soldier already has changes
    nothing: Turn is shown but takes no press, and once the player has turned the handle or
    asked for the Turn, why is said right above it, in view (before, the step's words say to
    drag the handle)."""
    said = turn_refused(state, ui)
    refused = unturned(state, ui) is not None or facing_problem(state, ui) is not None
    return _refused_foot(
        said,
        button("Turn", Command.CONFIRM, primary=True, disabled=refused),
        button("Back", Command.CANCEL),
    )


def _refused_foot(said: words.Said | None, *buttons: str) -> str:
    """The foot's buttons, with why the first takes no press (``said``) right above them: a
    line of the words, not of the foot, so it never stands over the words above it whatever
    the bar's height (the foot stays in view over the words; a phone's short bar shows it in
    place of the step's words, which it sums up)."""
    why = "" if said is None else words.problem_html(said)
    return why + foot(actions(*buttons))


def _choose_soldier(state: State) -> str:
    a = state.activation
    picks = choice_buttons(
        Command.SELECT, [x.card for x in activatable(state)], lambda c: CARDS[c].title
    )
    lead = "React! " if a is not None and a.reaction else ""
    held = words.opening_now(state) is not None and q.opening_of(state).card is None
    said = "" if held else may_do(state, activatable(state))  # else: the opening says
    # a phone's short bar leaves it to How to play
    may = f' <span class="wide-words">{escape(said)}</span>' if said else ""
    tap = words.pointer_html("Tap")
    return f"<p>{lead}{tap} one of your soldiers to activate it.{may}</p>" + foot(
        card_row(picks), actions(button("Pass", Command.END))
    )


def may_do(state: State, soldiers: Sequence[Soldier]) -> str:
    """What ``soldiers`` may do once activated now, true of each (R7): Move then Shoot, or Shoot
    then Move, save a Gunner, which moves or shoots (R22), and a soldier that may not Shoot: a
    Brawler (Shoot 0, R21), one the opening holds (R5). "" for no soldier."""
    both, apart = False, dict[str, list[str]]()
    for s in soldiers:
        may_move, may_shoot = q.can_act(state, s)
        if may_move and may_shoot and not s.type.moves_or_shoots:
            both = True
            continue
        does = (
            "Move or Shoot" if may_move and may_shoot else "only Move" if may_move else "only Shoot"
        )
        apart.setdefault(does, []).append(s.type.title)
    if both:
        but = " and ".join(f"{' and '.join(t)} ({does})" for does, t in apart.items())
        return f"It may Move then Shoot, or Shoot then Move{f', except your {but}' if but else ''}."
    said = "; ".join(f"your {' and '.join(t)} may {does}" for does, t in apart.items())
    return f"{said[:1].upper()}{said[1:]}." if said else ""


def _menu(state: State, s: Soldier) -> str:
    a = state.activation
    may_move, may_shoot = q.can_act(state, s)
    done = []
    if a is not None and a.card == s.card:
        done = [w for w, f in (("moved", a.moved), ("shot", a.shot)) if f]
    note = f" It has {' and '.join(done)}." if done else ""
    buttons = ""
    if may_move:
        buttons += button("Move", Command.MOVE, primary=True) + button("Turn", Command.TURN)
    if may_shoot:
        seen = q.visible_enemies(state, s)
        buttons += _shoot_button(len(seen), primary=not may_move) if seen else ""
        if not seen:
            said = words.no_target(state, s)
            note += " " + escape(said.text, quote=False) + words.rule_html(said.rule)
    buttons += button("End activation" if done else "Pass", Command.END)
    if a is None or a.card is None:
        buttons += button("Back", Command.CANCEL)
    buttons += _stats_button()
    t = s.type
    title = escape(t.title)
    stats = f"Shoot {t.shoot}, Endure {t.endure}, React {t.react}, Move {t.move}"
    activated = two_ways(
        f"Your <strong>{title}</strong> ({stats}) is activated.",
        f"Your <strong>{title}</strong> is activated.",  # its stats are a press away
    )
    special = words.special_html(t)
    return f'<p class="activated">{activated}{note} {special}</p>' + foot(actions(buttons))


def _shoot_button(seen: int, primary: bool) -> str:
    """Shoot, with how many enemies are in sight: "Shoot (3 in sight)", on a phone "Shoot (3)"
    so the activation's buttons keep one row at 360 px; its full words are its name (what a
    screen reader says, and a long look shows)."""
    return button(
        f"Shoot ({seen} in sight)", Command.SHOOT, primary=primary, phone=f"Shoot ({seen})"
    )


def _stats_button() -> str:
    """The button that shows the chosen soldier's details (``UI.inspect``) over the board, last
    of the activation's buttons at the bar's foot: it stays in view with them whatever the
    words above take (a tall news band scrolls them under the foot), and a tap on the card
    only chooses it."""
    return button("Stats", Command.DETAILS)


def _aim(state: State, ui: UI, s: Soldier) -> str:
    if s.type.traces_path:
        return _brawler_move(state, ui, s)
    left, right = key_of(Command.NUDGE_LEFT), key_of(Command.NUDGE_RIGHT)
    title = escape(s.type.title)
    wide = (
        f"Aim the Move of your <strong>{title}</strong>: point or drag on the "
        f"board{_keys(f' (or <kbd>{escape(left)}</kbd>/<kbd>{escape(right)}</kbd>)')}. "
        f"It will move exactly "
        f"the rolled {s.type.move}d6 card lengths that way, unless it hits something first "
        f"— an enemy it hits is rammed and eliminated. Enemies who see it may React. "
        f"The round handle turns it before it sets off (and, until you aim, the Move with it)."
    )
    phone = (
        f"Drag to aim your <strong>{title}</strong> ({s.type.move}d6 L); its round handle turns it."
    )
    return (
        f"<p>{two_ways(wide, phone)}{words.rules_html('R14', 'R15', 'R16', 'R18')}</p>"
        + _outlook(state, ui, s)
        + _roll_move(state, ui)
    )


def _roll_move(state: State, ui: UI) -> str:
    """Roll Move and Back, at the bar's foot. A Move aimed to halt at once (against the table
    edge, terrain or a soldier of its own) goes nowhere, and one whose card is turned to a
    facing it cannot take (R4) cannot be rolled: Roll Move is then shown but takes no press,
    and why is said right above it, in view with it (the words above may be scrolled)."""
    said = _start_refused(state, ui) or nowhere(state, ui)
    return _refused_foot(
        said,
        button("Roll Move", Command.CONFIRM, primary=True, disabled=said is not None),
        button("Back", Command.CANCEL),
    )


def _outlook(state: State, ui: UI, s: Soldier) -> str:
    """Who could React along the aimed Move, the chance it is stopped (R18, R19), and where it
    halts against something, whether or not an enemy could React (R16)."""
    f = outlook.current(state, ui)
    if f is None:
        said = "Hold the aim still to see which enemies could React along it."
        return f'<p class="outlook" role="status">{escape(said)}</p>'
    halt = halt_ahead(state, ui)
    tight = cramped(state, ui)
    # wide screens only: a phone's short bar has no room left for it under the React's words
    turn = (
        ""
        if tight is None
        else f' <span class="wide-words">{escape(tight.text)}{words.rules_html("R4")}</span>'
    )

    if not f.watchers:
        said = "No enemy could React along this line"
        said += f". {halt}" if halt else ": nothing can stop this Move."
        alone = ("R16", "R18") if halt else ("R18",)
        return (
            f'<p class="outlook" role="status">{escape(said)}{turn}{words.rules_html(*alone)}</p>'
        )
    enemy = other(s.player)
    who = _could_react(state, enemy, f.watchers)
    halted = f"{escape(halt)} " if halt else ""
    rules = ("R16", "R18", "R19", "C15") if halt else ("R18", "R19", "C15")
    odds = _stop_odds(state, ui, f.stop_chance)
    shoots = _reactor_shoots(state, [w.card for w in f.watchers])
    wide = (
        f"Could React: {escape(who)}. {halted}{odds}: their player then picks where "
        f"it stops, anywhere back to where it sets off, and their soldier acts at once{shoots}"
    )
    names = ", ".join(state.soldier(enemy, w.card).type.title for w in f.watchers)
    phone = f"Enemy React: {escape(names)}. {halted}{odds}."
    return (
        f'<p class="outlook" role="status">{two_ways(wide, phone)}{turn}'
        f"{words.rules_html(*rules)}</p>"
    )


def _reactor_shoots(state: State, cards: Sequence[str]) -> str:
    """The end of a wide Move outlook's sentence: while the opening holds shooting back (R5,
    Opening), an enemy that reacts may Shoot all the same (R19), when one of ``cards`` shoots;
    else a plain full stop. A phone's bar has no room for it under the aim: the opening's note
    in the soldier's menu, before the Move is aimed, says it there (``_opening_note``)."""
    if not any(words.react_may_shoot(state, c) for c in cards):
        return "."
    return ", and may Shoot: the opening holds back no React."


def _could_react(state: State, enemy: int, watchers: Sequence[Watcher]) -> str:
    """Each enemy soldier that could React (R18), named as the enemy's one by one (a name
    alone reads as the player's own soldier), where it first sees the mover and its chance."""
    return "; ".join(
        f"the enemy {state.soldier(enemy, w.card).type.title} {_seen_from(w.entry)} "
        f"({percent(w.chance)} to beat the roll)"
        for w in watchers
    )


def _seen_from(entry: float) -> str:
    """Where along a Move (straight, or a Brawler's path) an enemy first sees it (R18), beside
    a chance: ``length_text`` (a length just past a whole roll reads past it), or "from the
    start" when it is seen as it sets off."""
    at = length_text(entry)
    return "from the start" if at == length_text(0.0) else f"once it has gone {at} L"


ANYWHERE_BACK = "anywhere back to its start"
"""Where a React that beats the roll may stop the mover (R19, C15), said on a phone too: the
stop point need not lie where the reactor first sees it."""


def _stop_odds(state: State, ui: UI, chance: float) -> str:
    """The chance a React beats the roll of the Move aimed now (their best React for each
    roll), said as the chance it is stopped, unless it halts at the same point whatever it
    rolls: then no React stops it any later, and the chance is that their soldier acts."""
    if sure_halt(state, ui) is None:
        return two_ways(
            f"<strong>Chance this Move is stopped: {percent(chance)}</strong> "
            "(their best React for each roll)",
            f"<strong>{percent(chance)} chance it is stopped</strong>, {escape(ANYWHERE_BACK)}",
        )
    return two_ways(
        f"<strong>Chance their React beats the roll: {percent(chance)}</strong>",
        f"<strong>{percent(chance)} chance their React stops it</strong>, {escape(ANYWHERE_BACK)}",
    )


def _brawler_move(state: State, ui: UI, s: Soldier) -> str:
    t = s.type
    return (
        f"<p>Move your <strong>{escape(t.title)}</strong>: it rolls {t.move}d6 first, then you "
        "trace a path of exactly that many card lengths that may turn any number of times. "
        "An enemy it runs into is rammed and eliminated; enemies who see any part "
        "of its path may React. The round handle turns it before it sets off."
        f"{words.rules_html('R14', 'R16', 'R17', 'R18')}</p>"
        + _facing_problem(state, ui)
        + actions(
            button("Roll Move", Command.CONFIRM, primary=True),
            button("Back", Command.CANCEL),
        )
    )


def _turned_sight(state: State, ui: UI) -> str:
    """Which enemies the soldier would see facing the way being set (a Turn, or the end of its
    Move), as the stop point says whether the reactor sees the mover there: a sentence at the
    end of the question's words (a phone's bar has no line to spare for a paragraph)."""
    seen, s = turned_sight(state, ui), chosen(state, ui)
    if seen is None or s is None:
        return ""
    wide, phone = words.turned_sight(s, seen)
    rules = words.rules_html("R11", "R12")
    said = two_ways(f"{escape(wide)}{rules}", escape(phone))
    return f' <span class="sight-after" role="status">{said}</span>'  # in the question's words


def _start_refused(state: State, ui: UI) -> words.Said | None:
    """Why the Move cannot set off turned as shown (R4, R14), with how to put it right."""
    problem, s = facing_problem(state, ui), chosen(state, ui)
    if problem is None or s is None:
        return None
    said = words.facing(s, problem)
    fix = " Turn it back with its round handle, or press Back."
    return replace(said, text=said.text + fix, short=said.text)


def _facing_problem(state: State, ui: UI) -> str:
    problem, s = facing_problem(state, ui), chosen(state, ui)
    if problem is None or s is None:
        return ""
    return words.problem_html(words.facing(s, problem))


def _shoot_choices(state: State, ui: UI, s: Soldier) -> str:
    if ui.choice.pick is not None:
        return _confirm_shot(state, s, ui.choice.pick, first=True)
    seen = q.visible_enemies(state, s)
    picks = kill_buttons(s, seen)
    title = escape(s.type.title)
    rule, short, setting, switch = "", "", "", ""
    if s.type.shoots_all_seen:
        if len(seen) > 1:
            rule = f" The {title} then attacks every other enemy it sees."
            short = "; it then attacks every other enemy it sees"
        setting, switch = _auto_words(ui, len(seen)), _auto_switch(ui, len(seen))
    return (  # a phone's words leave the dice to the odds on each target's button
        f'<p><span class="wide-words">Pick a target for your <strong>{title}</strong>: '
        f"{words.pool('Shoot', s.type.shoot)} against the target's Endure, {words.SIXES}; higher "
        f"kills.{rule}"
        f'</span><span class="phone-words">Pick a target for your <strong>{title}</strong>'
        f"{short}.</span>{setting}{words.rules_html(*_shot_rules(s))}</p>"
        + foot(targets_row(picks), actions(button("Back", Command.CANCEL), switch))
    )


def _shot_rules(s: Soldier) -> tuple[str, ...]:
    """The rules behind a Shoot by ``s``: R21, and R22 for the Gunner's attacks on all it sees."""
    return ("R21", "R22") if s.type.shoots_all_seen else ("R21",)


def _confirm_shot(state: State, shooter: Soldier, card: str, first: bool) -> str:
    """The target picked, and the buttons that roll the Shoot or go back (R21, R22)."""
    t = state.soldier(other(shooter.player), card)
    more = ""
    if first and shooter.type.shoots_all_seen:
        more = _then_the_others(state, shooter, card)
    dice = words.shot_dice(shooter.type.shoot, t.type.endure)
    return (
        f"<p>Shoot the enemy <strong>{escape(t.type.title)}</strong> with your "
        f"{escape(shooter.type.title)}: {escape(dice)} — "
        f"<strong>{percent(q.kill_chance(shooter, t))} to kill</strong>.{escape(more)}"
        f"{words.rules_html(*_shot_rules(shooter))}</p>"
        + actions(
            button(f"Shoot the {t.type.title}", Command.CONFIRM, primary=True),
            button("Back", Command.CANCEL),
        )
    )


def _then_the_others(state: State, gunner: Soldier, card: str) -> str:
    """The attacks that follow the Gunner's first on ``card`` (R22: one on every enemy it sees),
    in a sentence; "" when it sees no other."""
    others = [e.type.title for e in q.visible_enemies(state, gunner) if e.card != card]
    name = gunner.type.title
    if len(others) > 1:
        return f" Then your {name} attacks every other enemy it sees."
    return f" Then your {name} attacks the {others[0]} it also sees." if others else ""


def _auto_words(ui: UI, targets: int) -> str:
    """What happens to the Gunner's last target, a sentence of its own (with the default on, it
    is shot without a question; off, the player picks it as any other), said only while
    ``targets`` (those still to pick) are two or more: with one left it changes nothing."""
    if targets < 2:
        return ""
    on = ui.settings.auto_last_target
    said = "The last target is shot without asking." if on else "You pick the last target too."
    return f' <span class="setting">{escape(said)}</span>'


def _auto_switch(ui: UI, targets: int) -> str:
    """The switch of that default, in the foot's action row (kept in view, covering nothing): a
    toggle named for what it turns on, pressed while the last target is asked for."""
    if targets < 2:
        return ""
    ask = not ui.settings.auto_last_target
    return button(
        f"Ask before the last shot: {'on' if ask else 'off'}", Command.AUTO_TARGET, pressed=ask
    )


def _path(state: State, ui: UI) -> str:
    mv = state.move
    assert mv is not None and mv.total is not None
    left = path.remaining(state, ui.trace)
    shown = length_text(left)
    finish = "Finish path" if left < 0.1 else "Straight on"
    space = key_of(Command.CORNER)
    rest = (
        ""
        if path.halted(state, ui.trace)
        else f" (<strong>{shown} L left</strong>; <em>{finish}</em> makes the move now, the rest "
        "straight on as drawn: toward where the pointer last rested on the board, else along the "
        "last leg)"
    )
    traced = bool(ui.trace.corners)
    wide = (
        f"The Brawler rolled <strong>{mv.total}</strong>. Trace its path: "
        f"{words.pointer_html('tap')} to add "
        f"corners{_keys(f' (or aim with the arrow keys and press <kbd>{escape(space)}</kbd>)')};"
        f" it must use exactly {mv.total} card lengths{rest}."
    )
    left_short = (
        ""
        if path.halted(state, ui.trace)
        else f" (<strong>{shown} L left</strong>; <em>{finish}</em> moves it now)"
    )
    phone = (
        f"The Brawler rolled <strong>{mv.total}</strong>: {words.pointer_html('tap')} the "
        f"corners of a path of exactly {mv.total} L{left_short}."
    )
    no_corner = "" if traced else f'<span class="wide-words"> {escape(NO_CORNER)}</span>'
    return (
        f"<p>{two_ways(wide, phone)}{_path_halts(state, ui, finish)}{no_corner}</p>"
        + _path_outlook(state, ui)
    ) + foot(
        actions(
            button(finish, Command.STRAIGHT, key=key_of(Command.CONFIRM), primary=True),
            button("Undo corner", Command.UNDO_CORNER, disabled=not traced),
            button("Restart path", Command.CANCEL, disabled=not traced),
        )
    )


def _path_outlook(state: State, ui: UI) -> str:
    """Who could React along the Brawler's path as drawn (traced so far and on to the
    pointer), where each first sees it and the chance its React beats the roll (R17-R19), as
    for an aimed Move (``_outlook``); "" before anything is drawn."""
    mv, a, traced = state.move, state.activation, outlook.traced(state, ui)
    if traced is None or mv is None or a is None or mv.total is None:
        return ""
    f = outlook.current(state, ui)
    if f is None:
        said = two_ways(
            "Hold the pointer still to see which enemies could React along this path.",
            "Wait a moment to see who could React along it.",
        )
        return f'<p class="outlook" role="status">{said}</p>'
    along = "this path" if outlook.whole(state, ui) else "the path so far"
    able = outlook.able(f)
    if not able:
        said = f"No enemy could React along {along}."
        if f.watchers:  # seen, but no React of theirs can beat the roll (R19)
            said = f"No enemy that sees it along {along} can beat the roll of {mv.total}."
        rules = words.rules_html("R18", "R19")
        return f'<p class="outlook" role="status">{escape(said)}{rules}</p>'
    enemy = other(a.player)
    who = _could_react(state, enemy, able)
    best = " (their best React)" if len(able) > 1 else ""
    odds = f"<strong>Chance this Move is stopped: {percent(f.stop_chance)}</strong>{best}"
    shoots = _reactor_shoots(state, [w.card for w in able])
    wide = (
        f"Could React along {along}: {escape(who)}. {odds}: their player then picks "
        f"where it stops, anywhere back to where it sets off, and their soldier acts at once"
        f"{shoots}"
    )
    names = ", ".join(state.soldier(enemy, w.card).type.title for w in able)
    phone = (
        f"Enemy React: {escape(names)}. <strong>{percent(f.stop_chance)} chance it is "
        f"stopped</strong>, {escape(ANYWHERE_BACK)}."
    )
    rules = words.rules_html("R18", "R19", "C15")
    return f'<p class="outlook" role="status">{two_ways(wide, phone)}{rules}</p>'


NO_CORNER = "Undo corner and Restart path wait for its first corner."
"""Why the path's Undo corner and Restart path take no press before its first corner."""


def _path_halts(state: State, ui: UI, finish: str) -> str:
    """Where the path traced, and on toward the pointer, halts the Brawler and against what
    (R16): the length it uses there, its last, and the length lost; "" when it does not halt.
    Corners that halt it wait for ``finish`` (the tap that traced them sends nothing, and a
    further tap adds nothing), and say so."""
    stop = path.halt_ahead(state, ui.trace)
    if stop is None or state.activation is None:
        return ""
    said = f" This way it {path.halt_words(state, stop, ui.trace)}."
    if path.halted(state, ui.trace):
        said += f" {finish} moves it so; Undo corner takes the last corner back."
    return escape(said)


def _react(state: State, ui: UI) -> str:
    p, mv = state.pending, state.move
    assert p is not None and mv is not None and mv.total is not None
    mover = state.soldier(other(p.player), mv.card)
    if ui.choice.pick is not None:
        return _confirm_react(state, ui.choice.pick)
    listed = reactors(state)
    able = [card for card, chance in listed if chance > 0]

    def label(card: str) -> str:
        chance = percent(q.react_chance(state, state.soldier(p.player, card)))
        return react_label(CARDS[card].title, chance)

    picks = choice_buttons(Command.REACT, able, label)
    picks += "".join(_hopeless(state, card) for card, chance in listed if chance <= 0)
    costs = _react_costs(state)
    rules = ("R16", "R18", "R19", "R5") if costs else ("R16", "R18", "R19")
    return (
        f'<p><span class="wide-words">The enemy {escape(mover.type.title)} rolled {mv.total} '
        f"and {escape(_where_it_halts(state))}. React above {mv.total} to stop it: a React "
        f"that works is your next activation.{_react_may_shoot(state, able)}{costs}</span>"
        f'<span class="phone-words">The enemy {escape(mover.type.title)} rolled {mv.total}'
        f"{escape(_ramming(mv.rams))}: React above {mv.total} to stop it and act; "
        f"{escape(words.react_next(state).short)}.</span>"
        f"{words.rules_html(*rules)}</p>"
        + foot(
            f'<div class="choices cards reacts">{picks}</div>',
            actions(button("Let it move", Command.REACT)),
        )
    )


def _react_costs(state: State) -> str:
    """What a React that works costs, said under the wide screen's React question only when it
    costs the opening's hold on the enemy (``words.enemy_shoots_next``: the enemy then plays,
    and may Shoot, R5, R19); "" otherwise. A phone's question ends its one sentence with what
    follows a React that works (``words.react_next``), this included."""
    if not words.enemy_shoots_next(state):
        return ""
    return f" {escape(words.sentence(words.react_next(state).short))}"


def _react_may_shoot(state: State, able: Sequence[str], card: str | None = None) -> str:
    """That a React may Shoot though the opening holds this activation back (R5, R19), when
    one of the soldiers ``able`` to React could shoot; naming the reactor ``card``, or any
    soldier that reacts when None. "" otherwise."""
    if not any(words.react_may_shoot(state, c) for c in able):
        return ""
    said = words.react_may_shoot(state, card)
    return f" {words.text_html(said)}" if said else ""


def _ramming(rams: Sequence[str]) -> str:
    """The soldiers of the side asked to React that the Move under way rams (R16), in a few
    words (", ramming your Armored"); "" for none."""
    rammed = [CARDS[c].title for c in rams if c in CARDS]
    return f", ramming your {' and '.join(rammed)}" if rammed else ""


def _where_it_halts(state: State) -> str:
    """Where the Move under way will end if nobody stops it (R15, R16), in words."""
    mv, a = state.move, state.activation
    assert mv is not None and mv.total is not None and a is not None
    if mv.halt >= mv.total - 1e-6:
        where = f"will move the whole {mv.total} L"
    else:
        where = f"will halt after {length_text(mv.halt)} L"
    return where + _ramming(mv.rams)


def _hopeless(state: State, card: str) -> str:
    """A soldier offered a React that cannot beat the Move total: shown, but not as an option
    (R19: only a higher React total stops the Move)."""
    mv = state.move
    assert mv is not None
    words = f"{CARDS[card].title} — 0%: cannot beat {mv.total}"
    return f'<button type="button" class="hopeless" disabled>{escape(words)}</button>'


def _confirm_react(state: State, card: str) -> str:
    """The reactor picked, and the buttons that roll its React or go back (R18, R19)."""
    p, mv = state.pending, state.move
    assert p is not None and mv is not None and mv.total is not None
    r = state.soldier(p.player, card)
    chance = percent(q.react_chance(state, r))
    title = escape(r.type.title)
    sixes = f", {words.SIXES}," if state.scenario.explode_all else ""
    head = (
        f"React with your <strong>{title}</strong>: {words.pool('React', r.type.react)}{sixes} "
        f"must beat the Move roll of {mv.total} — <strong>{chance}</strong>. If it does, you "
        f"pick where the enemy stops and your {title} acts at once"
    )
    then = words.react_next(state)
    wide = f"{head}; if not, the move goes on."
    phone = (
        f"React with your <strong>{title}</strong>: <strong>{chance}</strong> to beat "
        f"{mv.total}. If it does, you pick where the enemy stops and your {title} acts at "
        f"once; {escape(then.short)}."
    )
    return (
        f"<p>{two_ways(wide, phone)}{_react_may_shoot(state, [card], card)}"
        f"{two_ways(f' {escape(then.text)}', '')}"
        f"{words.rules_html(*_react_rules(state, card))}</p>"
        + foot(
            actions(
                button(
                    f"React with the {r.type.title}",
                    Command.CONFIRM,
                    primary=True,
                    note="if it works, it is your next activation",
                ),
                button("Back", Command.CANCEL),
            )
        )
    )


def _react_rules(state: State, card: str) -> tuple[str, ...]:
    """The rules a React question cites: R19, and the opening (R5) only when the question says
    what it holds back: that the reactor may Shoot all the same, or that the enemy then may."""
    opening = words.react_may_shoot(state, card) or words.enemy_shoots_next(state)
    return ("R19", "R5") if opening else ("R19",)


def _stop(state: State, ui: UI) -> str:
    """Where the stop point's marker starts (where the reactor first saw the mover) and how far
    it may go: back to where the mover set off, on to where it would halt (R19, C15). A phone
    says it too (``ANYWHERE_BACK``): the stop may lie before the reactor first saw the mover."""
    mv = state.move
    assert mv is not None and mv.reactor is not None
    who = CARDS[mv.reactor].title if mv.reactor in CARDS else mv.reactor
    halt = length_text(mv.halt)
    where = (
        f", anywhere from where it set off to where it would halt (0–{halt} L). The "
        f"marker starts where your {who} first saw it."
    )
    wide = (
        "Your React succeeded. Drag the marker to where the enemy stops"
        + _keys(" (or use the arrow keys; <kbd>Home</kbd> and <kbd>End</kbd> for its ends)")
        + escape(where)
    )
    phone = (
        f"Your React worked: drag the marker to where the enemy stops, {ANYWHERE_BACK} "
        f"(0–{halt} L)."
    )
    return (
        f"<p>{two_ways(wide, escape(phone))}"
        + words.rules_html("R19", "C15")
        + "</p>"
        + _stop_seen(state, ui)
        + actions(button("Stop here", Command.CONFIRM, primary=True))
    )


def _stop_seen(state: State, ui: UI) -> str:
    """Whether the reacting soldier sees the mover at the stop point now (R11), a status line
    under the question (the board's stop label says it too, with the distance)."""
    seen, mv = stop_sight(state, ui), state.move
    if seen is None or mv is None or mv.reactor is None:
        return ""
    mover, reactor = CARDS[mv.card].title, CARDS[mv.reactor].title
    where = "in" if seen else "out of"
    said = f"Stopped there, the {mover} is {where} your {reactor}'s sight."
    short = f"There your {reactor} {'sees' if seen else 'does not see'} it."
    said_html = two_ways(escape(said), escape(short))
    return f'<p class="outlook" role="status">{said_html}{words.rules_html("R11")}</p>'


def _face(state: State, ui: UI) -> str:
    s = chosen(state, ui)
    title = s.type.title if s else "soldier"
    return (
        f"<p>Set the facing of your <strong>{escape(title)}</strong> at the end of its Move: "
        f"drag toward where it should face, anywhere on the board"
        f"{_keys(', or use ' + _keys_to_rotate() + ' or the mouse wheel')}."
        f"{_turned_sight(state, ui)}</p>"
        + _facing_problem(state, ui)
        + actions(_face_buttons(state, ui))
    )


def _face_buttons(state: State, ui: UI) -> str:
    """Keep facing alone until the facing being set differs from the soldier's own (both
    would do the same), then Confirm facing before it."""
    if not turned(state, ui):
        return button("Keep facing", Command.KEEP, primary=True)
    confirm = button(
        "Confirm facing",
        Command.CONFIRM,
        primary=True,
        disabled=facing_problem(state, ui) is not None,
    )
    return confirm + button("Keep facing", Command.KEEP)


def _target(state: State, ui: UI) -> str:
    p, shot = state.pending, state.shot
    assert p is not None and shot is not None
    shooter = state.soldier(p.player, shot.shooter)
    if ui.choice.pick is not None:
        return _confirm_shot(state, shooter, ui.choice.pick, first=False)
    picks = kill_buttons(shooter, [state.soldier(other(p.player), c) for c in p.options])
    left, switch = len(p.options), _auto_switch(ui, len(p.options))
    return (
        "<p>The Gunner attacks every enemy it saw, in the order you pick. Pick its next "
        f"target.{_auto_words(ui, left)}{words.rules_html('R22')}</p>"
        + foot(targets_row(picks), actions(switch) if switch else "")
    )


def _victory(st: State, seats: Seats) -> str:
    """The game's end: who won and how, and what to do next. A game by link's rematch is a new
    invitation to the same friend with the sides swapped (sent as the game's links are)."""
    if st.status != Status.FINISHED:
        return ""
    if st.winner is None:
        title = "A draw"
        how = f"{DRAW_AFTER} activations in a row went by without an elimination."
    else:
        title, how = _win_words(st, st.winner, seats)
    return (
        f'<div class="victory" role="alert"><h2>{title}</h2>'
        f"<p>{escape(how)}{words.rules_html('R8') if st.winner is None else ''}</p>"
        f'<div class="actions">{_rematch(seats.by_link)}'
        f"{button('Watch replay', 'watch-game')}{button('Share', 'share-game')}"
        f"{button('Download record', 'download')}</div></div>"
    )


def _win_words(st: State, winner: int, seats: Seats) -> tuple[str, str]:
    """The heading and the line saying how ``winner`` won, told from the side of the one person
    at this screen when the other seat is the computer or a friend by link (so the loser never
    reads the winner's words), and naming both sides plainly in hot-seat."""
    loser = other(winner)
    mine = own_seat(seats)
    if st.conceded_by:
        conceded = st.conceded_by == mine
        how = "You conceded." if conceded else f"{seats.name(st.conceded_by)} conceded."
    elif mine == loser:
        how = "All your soldiers are eliminated."
    elif mine == winner:
        how = "Every enemy soldier is eliminated."
    else:
        how = f"Every soldier of {seats.name(loser)} is eliminated."
    if mine == loser:
        return f"You lose: {who(winner, seats.names)} wins.", how
    if mine == winner:  # a game by link already names this side "(you)"
        return ("You win!" if seats.by_link else f"You win, {who(winner, seats.names)}!"), how
    return f"{who(winner, seats.names)} wins!", how


def own_seat(seats: Seats) -> int | None:
    """The one seat played at this screen: the other is the computer's, or a friend's in a game
    by link (``serm.ui.friend.seated`` makes the friend's seat the one played from its links);
    None when both are played here (hot-seat)."""
    people = [p for p in (1, 2) if not seats.computer(p)]
    return people[0] if len(people) == 1 else None


def _rematch(by_link: bool) -> str:
    if not by_link:
        return button("Rematch", "rematch", primary=True)
    return (
        '<button type="button" class="primary" data-action="friend-rematch" '
        'aria-description="A new invitation to your friend, sides swapped">'
        "Rematch by link</button>"
    )


def log_html(
    events: Sequence[Event], actions: Sequence[int], names: tuple[str, str] = words.NUMBERED
) -> str:
    """Log lines under the number of the action that logged them (``actions``, one per event,
    as ``Game.event_actions``): an action's first line carries its number, the number the replay
    viewer's slider and a save's "at action" give that moment; its further lines follow with
    none (``more``). ``events`` start at an action's first line (the log is added to an action
    at a time). Each side is called by its name in ``names`` (``words.named``)."""
    out, before = [], None
    for event, n in zip(events, actions, strict=True):
        out.append(log_entry_html(event, n, more=n == before, names=names))
        before = n
    return "".join(out)


def log_entry_html(
    event: Event, action: int = 0, more: bool = False, names: tuple[str, str] = words.NUMBERED
) -> str:
    """One log line, each side called by its name in ``names`` (``words.named``), with its dice
    drawn as faces, a six rolled again chained to the next face and marked (``.die.six``; a Move
    or React six is not rolled again, so not marked: R9, R10); in a numbered list, ``action``
    (when not 0) is its number (``<li value>``), and a further line of the same action
    (``more``) shows none."""
    dice = ""
    if event.faces:
        chains = "".join(
            '<span class="die-chain">'
            + '<span class="arrow">→</span>'.join(
                f'<span class="die{" six" if again else ""}">{f}</span>' for f, again in chain
            )
            + "</span>"
            for chain in rolled_on(event.faces)
        )
        dice = f'<span class="dice" aria-label="dice">{chains}</span>'
    value = f' value="{action}"' if action and not more else ""
    kind = escape(event.kind, quote=True) + (" more" if more else "")
    text = _short_on_a_phone(words.named(event.text, names))
    return f'<li class="log-{kind}"{value}>{text}{dice}</li>'


DUEL = re.compile(r"(\w+ \d+) (beats|does not beat) (\w+ \d+): (.+)")
"""A roll against a roll and what came of it ("Shoot 5 does not beat Endure 7: … survives.")."""


def _short_on_a_phone(text: str) -> str:
    """``text`` as HTML; a roll against a roll said in signs on a phone's narrow news
    ("Shoot 5 ≤ Endure 7: …", "React 6 > Move 1: …": a higher total wins, R19, R21), so a
    result's line is read whole there; the log in the Menu says it in words."""
    duel = DUEL.fullmatch(text)
    if duel is None:
        return escape(text)
    a, verb, b, then = duel.groups()
    short = f"{a} {'>' if verb == 'beats' else '≤'} {b}: {then}"
    return two_ways(escape(text), escape(short))


def saves_html(slots: list[SlotInfo], can_save: bool) -> str:
    """The saves box: save the game under a name, the slot list, export and import."""
    rows = "".join(
        f'<li><span class="slot-name">{escape(s.name)}</span> '
        f'<span class="slot-meta">{escape(_when(s.saved_at))} · {escape(s.summary.label())}'
        "</span>"
        f'<span class="slot-actions">{button("Load", "slot-load", s.key)}'
        f"{button('Watch', 'slot-watch', s.key)}"
        f"{button('Rename', 'slot-rename', s.key)}{button('Delete', 'slot-delete', s.key)}"
        "</span></li>"
        for s in slots
    )
    listing = f'<ol class="slots">{rows}</ol>' if rows else "<p>No saved games yet.</p>"
    save_form = (
        '<div class="save-form"><label for="save-name">Name</label> '
        f'<input id="save-name" type="text" maxlength="{MAX_NAME}" placeholder="My game">'
        f"{button('Save game', 'slot-save', primary=True)}</div>"
        if can_save
        else ""
    )
    return (
        f"<h2>Saved games</h2>{save_form}{listing}"
        '<div class="actions">'
        + (button("Export to file", "download") if can_save else "")
        + '<label class="button" for="import-file">Import from file</label>'
        '<input id="import-file" type="file" accept=".json,application/json" hidden>'
        '<label class="button" for="watch-file">Watch a file</label>'
        '<input id="watch-file" type="file" accept=".json,application/json" hidden>'
        + button("Close", "saves")
        + "</div>"
    )


def resume_text(info: SlotInfo) -> str:
    """The welcome screen's line about the autosaved game (read from its summary, no replay)."""
    s = info.summary
    last = f" Last: {s.last}" if s.last else ""
    return f"A game is waiting: {s.label()}.{last}"


def _when(saved_at: str) -> str:
    return saved_at[:16].replace("T", " ") if saved_at else "unknown date"


OFFERS: dict[str, tuple[tuple[str, str], ...]] = {
    OTHER_TAB: (("Open the newer game", "open-newer"), ("Keep this game as a copy", "save-copy")),
    **{failed: (("Export this game to a file", "download"),) for failed in SAVE_FAILED},
}
"""The buttons offered beside a notice: (label, data-action) per message."""


def notice_html(lines: list[str], in_game: bool = True) -> str:
    """Warnings for the player (saves that could not be read or written), with the way out each
    one offers (``OFFERS``; only while a game is on screen); news (a game imported, kept as a
    copy) is listed apart and not styled as a warning (``words.is_news``)."""
    if not lines:
        return ""
    news = [line for line in lines if words.is_news(line)]
    alerts = [line for line in lines if not words.is_news(line)]
    offered = dict.fromkeys(o for line in lines for o in OFFERS.get(line, ())) if in_game else {}
    buttons = "".join(button(label, action) for label, action in offered)
    notice = words.notice_list(alerts, news=False) + words.notice_list(news, news=True)
    return f"{notice}{buttons}{button('Dismiss', 'dismiss')}"


ROLL_WHO: dict[Purpose, str] = {
    Purpose.ROLLOFF: "Roll-off: one die for player 1, then one for player 2",
    Purpose.MOVE: "Move roll",
    Purpose.REACT: "React roll",
    Purpose.SHOOT: "Shoot roll",
    Purpose.ENDURE: "Endure roll",
}


def _dice(state: State, ui: UI) -> str:
    """Referee mode (R24): a box per die to type the faces of the physical dice."""
    p = state.pending
    assert p is not None and p.pool is not None and p.purpose is not None
    if not ui.seats.referee:
        return f"<p>Rolling the {escape(p.purpose)} dice…</p>"
    exploding = (
        f" {words.SIXES.capitalize()}: type every face, e.g. <kbd>6 2</kbd>."
        if p.pool.exploding
        else ""
    )
    boxes = "".join(
        f'<label class="die-box">Die {i + 1} <input class="die-input" type="text" '
        f'inputmode="numeric" autocomplete="off" size="6" data-die="{i}"></label>'
        for i in range(p.pool.dice)
    )
    who_rolls = f" (player {p.player})" if p.player else ""
    return (
        f"<p><strong>{escape(ROLL_WHO[p.purpose])}</strong>{who_rolls}: roll "
        f"{p.pool.dice} real dice and type what they show.{exploding}</p>"
        f'<div class="choices">{boxes}</div>'
        f'<div class="actions">{button("Enter dice", "dice", primary=True)}</div>'
    )
