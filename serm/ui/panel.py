"""The side panel as HTML: whose initiative, what to do now, and the game log (pure Python).

Every string that reaches the page is escaped here with ``html.escape``. Buttons carry
``data-action`` (and ``data-arg``) attributes; the browser layer routes their clicks to
``Controller.command``.
"""

from __future__ import annotations

from ..core import queries as q
from ..core.cards import CARDS, other
from ..core.rules import DRAW_AFTER
from ..core.state import PendingKind, Purpose, Soldier, State, Status
from ..view.board import percent
from ..view.escape import escape
from .controller import Controller
from .saves import MAX_NAME, SlotInfo

SIDE = {1: ("p1", "●"), 2: ("p2", "◆")}


def badge(player: int) -> str:
    """A player marker told apart by shape and text as well as colour."""
    cls, mark = SIDE[player]
    return f'<span class="badge {cls}" aria-hidden="true">{mark}</span>'


def who(player: int, names: dict[int, str] | None = None) -> str:
    name = (names or {}).get(player, f"Player {player}")
    return f'{badge(player)}<strong class="{SIDE[player][0]}">{escape(name)}</strong>'


def button(label: str, action: str, arg: str = "", key: str = "", primary: bool = False) -> str:
    cls = ' class="primary"' if primary else ""
    kbd = f" <kbd>{escape(key)}</kbd>" if key else ""
    data_arg = f' data-arg="{escape(arg, quote=True)}"' if arg else ""
    return (
        f'<button type="button"{cls} data-action="{escape(action, quote=True)}"{data_arg}>'
        f"{escape(label)}{kbd}</button>"
    )


def actions(*buttons: str) -> str:
    """A row of the prompt's action buttons."""
    return f'<div class="actions">{"".join(buttons)}</div>'


def kill_buttons(shooter: Soldier, targets: list[Soldier]) -> str:
    """One button per target with the exact chance this shot kills it (R9, R21), keys 1, 2, ..."""
    return "".join(
        button(
            f"{t.type.title} — {percent(q.kill_chance(shooter, t))} to kill",
            "target",
            t.card,
            key=str(i + 1),
        )
        for i, t in enumerate(targets)
    )


def status_html(state: State, names: dict[int, str] | None = None) -> str:
    """Whose initiative it is (or the phase) in one line."""
    if state.status == Status.FINISHED:
        if state.winner is None:
            return '<p class="status">The game is a draw.</p>'
        return f'<p class="status">{who(state.winner, names)} has won.</p>'
    if state.status in (Status.SETUP, Status.DEPLOYMENT):
        return '<p class="status">Deployment: players take turns placing one card each.</p>'
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


DRAW_WARNING = 30
"""From this many quiet activations on, the status line counts them toward the draw (R8)."""


def _draw_count(state: State) -> str:
    """R8's count once it nears the draw: activations in a row with no elimination."""
    n = state.quiet_activations
    if n < DRAW_WARNING:
        return ""
    return (
        f' <span class="draw-count">No elimination for {n} activations: the game is a draw '
        f"after {DRAW_AFTER}.</span>"
    )


def prompt_html(ctrl: Controller, names: dict[int, str] | None = None) -> str:
    """What the deciding player can do now, with the buttons to do it."""
    st, p = ctrl.state, ctrl.state.pending
    msg = f'<p class="message" role="alert">{escape(ctrl.message)}</p>' if ctrl.message else ""
    if (
        p is not None
        and p.kind == PendingKind.PLACE
        and ctrl.ghost is not None
        and ctrl.ghost.problem
    ):
        msg = ""  # the placement's own problem line says it already
    if p is None:
        victory = _victory(st, names or ctrl.names())
        return f'<div data-pending="none">{_recent(ctrl)}{msg}{victory}</div>'
    body = {
        PendingKind.PLACE: _place,
        PendingKind.ACT: _act,
        PendingKind.PATH: _path,
        PendingKind.REACT: _react,
        PendingKind.STOP: _stop,
        PendingKind.FACE: _face,
        PendingKind.TARGET: _target,
    }.get(p.kind)
    if p.kind == PendingKind.ROLL:
        head = f'<div data-pending="roll" data-player="{p.player}">'
        return f"{head}{_recent(ctrl)}{msg}{_dice(ctrl)}</div>"
    if body is None:
        return msg
    names = names or ctrl.names()
    head = f'<h2 class="decider">{who(p.player, names)}</h2>' if p.player else ""
    if ctrl.computer_to_decide():
        return (
            f'<div data-pending="{p.kind}" data-player="{p.player}" data-computer="1">{head}'
            '<p class="thinking" role="status"><span class="spinner" aria-hidden="true"></span>'
            "Thinking…</p></div>"
        )
    return (
        f'<div data-pending="{p.kind}" data-player="{p.player}">{_recent(ctrl)}{head}{msg}'
        f"{body(ctrl)}</div>"
    )


def _recent(ctrl: Controller) -> str:
    """What the last action led to: rolls, hits, rams, reacts (also kept in the log)."""
    if not ctrl.recent:
        return ""
    items = "".join(log_entry_html(k, t, f) for k, t, f in ctrl.recent[-12:])
    return f'<ul class="recent" aria-label="What just happened">{items}</ul>'


def _place(ctrl: Controller) -> str:
    st, p = ctrl.state, ctrl.state.pending
    assert p is not None
    g = ctrl.ghost
    cards = [s for s in st.alive(p.player) if not s.placed]
    picks = "".join(
        button(
            f"{s.type.title}",
            "card",
            s.card,
            key=str(i + 1),
            primary=g is not None and g.card == s.card,
        )
        for i, s in enumerate(cards)
    )
    problem = ""
    if g is not None and g.problem:
        problem = f'<p class="problem">Cannot place here: {escape(str(g.problem))}.</p>'
    title = CARDS[g.card].title if g else ""
    return (
        f"<p>Place your <strong>{escape(title)}</strong> in your zone "
        f"(the {'bottom' if p.player == 1 else 'top'} strip). Drag it on the board or use the "
        f"arrow keys; turn it with its round handle, the mouse wheel or <kbd>Q</kbd>/<kbd>E</kbd>."
        f"</p>{_deployment_tip(st, p.player)}"
        f'<div class="choices">{picks}</div>{problem}'
        f'<div class="actions">{button("Place card", "confirm", key="Enter", primary=True)}</div>'
    )


def _deployment_tip(st: State, player: int) -> str:
    """Who shoots first matters most (R5, R22): say so while the cards go down."""
    if not st.first_placer:
        return ""
    if player != st.first_placer:
        tip = (
            "You act first: your Gunner shoots once at every enemy it sees. Place it where it "
            "sees the most."
        )
    else:
        tip = (
            "Your opponent acts first, and their Gunner shoots once at every soldier of yours "
            "it sees: hide soldiers behind tall (hatched) terrain, or keep them out of its sight."
        )
    return f'<p class="tip">{escape(tip)}</p>'


def _act(ctrl: Controller) -> str:
    st, p, s = ctrl.state, ctrl.state.pending, ctrl.selected
    assert p is not None
    a = st.activation
    if s is None:
        picks = "".join(
            button(x.type.title, "select", x.card, key=str(i + 1))
            for i, x in enumerate(st.alive(p.player))
            if x.on_table and any(q.can_act(st, x))
        )
        lead = "React! " if a is not None and a.reaction else ""
        return (
            f"<p>{lead}Choose a soldier to activate: tap one of yours on the board. "
            f"It may Move then Shoot, or Shoot then Move.</p>"
            f'<div class="choices">{picks}</div>'
            f'<div class="actions">{button("Pass", "end", key="P")}</div>'
        )
    if ctrl.sub == "aim":
        return _aim(ctrl)
    if ctrl.sub == "turn":
        return (
            f"<p>Turn your <strong>{escape(s.type.title)}</strong>: drag the round handle or use "
            f"<kbd>Q</kbd>/<kbd>E</kbd>. Turning in place is its Move (no roll, no React).</p>"
            + _facing_problem(ctrl)
            + actions(
                button("Turn", "confirm", key="Enter", primary=True),
                button("Back", "cancel", key="Esc"),
            )
        )
    if ctrl.sub == "shoot":
        return _shoot_choices(ctrl)
    may_move, may_shoot = q.can_act(st, s)
    done = []
    if a is not None and a.card == s.card:
        done = [w for w, f in (("moved", a.moved), ("shot", a.shot)) if f]
    note = f" It has {' and '.join(done)}." if done else ""
    buttons = ""
    if may_move:
        buttons += button("Move", "move", key="M", primary=True) + button("Turn", "turn", key="T")
    if may_shoot:
        seen = q.visible_enemies(st, s)
        label = f"Shoot ({len(seen)} in sight)" if seen else "Shoot (none in sight)"
        buttons += button(label, "shoot", key="S", primary=not may_move) if seen else ""
    end_label = "End activation" if done else "Pass"
    buttons += button(end_label, "end", key="P")
    if a is None or a.card is None:
        buttons += button("Back", "cancel", key="Esc")
    t = s.type
    stats = f"Shoot {t.shoot}, Endure {t.endure}, React {t.react}, Move {t.move}"
    return (
        f"<p>Your <strong>{escape(t.title)}</strong> ({stats}) is activated.{note} "
        f"{escape(t.special)}</p>"
        f'<div class="actions">{buttons}</div>'
    )


def _aim(ctrl: Controller) -> str:
    s = ctrl.selected
    assert s is not None
    return (
        f"<p>Aim the Move of your <strong>{escape(s.type.title)}</strong>: point or drag on the "
        f"board (or <kbd>←</kbd>/<kbd>→</kbd>). It will move exactly the rolled "
        f"{s.type.move}d6 card lengths that way, unless it hits something first — an enemy "
        f"it hits is rammed and eliminated. Enemies who see it may React. The round handle "
        f"turns it before it sets off.</p>"
        + _facing_problem(ctrl)
        + actions(
            button("Roll Move", "confirm", key="Enter", primary=True),
            button("Back", "cancel", key="Esc"),
        )
    )


def _facing_problem(ctrl: Controller) -> str:
    problem = ctrl.facing_problem()
    if problem is None:
        return ""
    return f'<p class="problem">Cannot face that way: {escape(str(problem))}.</p>'


def _shoot_choices(ctrl: Controller) -> str:
    s = ctrl.selected
    assert s is not None
    picks = kill_buttons(s, list(q.visible_enemies(ctrl.state, s)))
    rule = (
        f" The {s.type.title} then attacks every other enemy it sees."
        if s.type.shoots_all_seen
        else ""
    )
    return (
        f"<p>Pick a target for your <strong>{escape(s.type.title)}</strong>: Shoot "
        f"{s.type.shoot}d6 against the target's Endure, sixes re-rolled; higher kills.{rule}</p>"
        f'<div class="choices">{picks}</div>'
        f'<div class="actions">{button("Back", "cancel", key="Esc")}</div>'
    )


def _path(ctrl: Controller) -> str:
    st = ctrl.state
    assert st.move is not None and st.move.total is not None
    view = ctrl.view()
    left = view.path_trace.remaining if view.path_trace else 0.0
    shown = f"{left:.2f}" if 0 < left < 0.1 else f"{left:.1f}"
    finish = "Finish path" if left < 0.1 else "Straight on"
    return (
        f"<p>The Brawler rolled <strong>{st.move.total}</strong>. Trace its path: tap to add "
        f"corners (or aim with the arrow keys and press <kbd>Space</kbd>); it must use exactly "
        f"{st.move.total} card lengths "
        f"(<strong>{shown} L left</strong>; <em>{finish}</em> spends the rest toward the "
        f"pointer).</p>"
        + actions(
            button(finish, "straight", key="Enter", primary=True),
            button("Undo corner", "undo-corner", key="U"),
            button("Restart path", "cancel", key="Esc"),
        )
    )


def _react(ctrl: Controller) -> str:
    st, p = ctrl.state, ctrl.state.pending
    assert p is not None and st.move is not None and st.move.total is not None
    mover = st.soldier(other(p.player), st.move.card)
    picks = "".join(
        button(
            f"React with {CARDS[c].title} — {percent(q.react_chance(st, st.soldier(p.player, c)))}",
            "react",
            c,
            key=str(i + 1),
        )
        for i, c in enumerate(p.options)
    )
    return (
        f"<p>The enemy {escape(mover.type.title)} moves {st.move.total} L in sight of your "
        f"soldiers. React? A React roll higher than {st.move.total} stops it where you choose, "
        f"and your reacting soldier activates at once.</p>"
        f'<div class="choices">{picks}</div>'
        f'<div class="actions">{button("Let it move", "react", key="N")}</div>'
    )


def _stop(ctrl: Controller) -> str:
    return (
        "<p>Your React succeeded. Pick where the enemy stops along its path: drag on the path or "
        "use the arrow keys. It starts where your soldier first saw it.</p>"
        + actions(button("Stop here", "confirm", key="Enter", primary=True))
    )


def _face(ctrl: Controller) -> str:
    s = ctrl.selected
    title = s.type.title if s else "soldier"
    return (
        f"<p>Set the facing of your <strong>{escape(title)}</strong> at the end of its Move: "
        f"drag the round handle, use <kbd>Q</kbd>/<kbd>E</kbd> or the mouse wheel.</p>"
        + _facing_problem(ctrl)
        + actions(
            button("Confirm facing", "confirm", key="Enter", primary=True),
            button("Keep facing", "keep", key="K"),
        )
    )


def _target(ctrl: Controller) -> str:
    st, p = ctrl.state, ctrl.state.pending
    assert p is not None and st.shot is not None
    shooter = st.soldier(p.player, st.shot.shooter)
    picks = kill_buttons(shooter, [st.soldier(other(p.player), c) for c in p.options])
    return (
        "<p>The Gunner attacks every enemy it saw. Pick its next target.</p>"
        f'<div class="choices">{picks}</div>'
    )


def _victory(st: State, names: dict[int, str] | None) -> str:
    if st.status != Status.FINISHED:
        return ""
    if st.winner is None:
        title = "A draw"
        how = f"{DRAW_AFTER} activations in a row went by without an elimination (R8)."
    else:
        title = f"{who(st.winner, names)} wins!"
        how = "Every enemy is eliminated."
        if st.conceded_by:
            how = f"Player {st.conceded_by} conceded."
    return (
        f'<div class="victory" role="alert"><h2>{title}</h2>'
        f"<p>{escape(how)}</p>"
        f'<div class="actions">{button("Rematch", "rematch", primary=True)}'
        f"{button('Download record', 'download')}</div></div>"
    )


def log_entry_html(kind: str, text: str, faces: tuple[tuple[int, ...], ...]) -> str:
    """One log line, with its dice drawn as faces and re-rolled sixes chained (R10)."""
    dice = ""
    if faces:
        chains = "".join(
            '<span class="die-chain">'
            + '<span class="arrow">→</span>'.join(
                f'<span class="die{" six" if f == 6 else ""}">{f}</span>' for f in chain
            )
            + "</span>"
            for chain in faces
        )
        dice = f'<span class="dice" aria-label="dice">{chains}</span>'
    return f'<li class="log-{escape(kind, quote=True)}">{escape(text)}{dice}</li>'


def saves_html(slots: list[SlotInfo], can_save: bool) -> str:
    """The saves box: save the game under a name, the slot list, export and import."""
    rows = "".join(
        f'<li><span class="slot-name">{escape(s.name)}</span> '
        f'<span class="slot-meta">{escape(_when(s.saved_at))} · {escape(s.scenario)} · '
        f"{escape(_slot_status(s))}</span>"
        f'<span class="slot-actions">{button("Load", "slot-load", s.key)}'
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
        + button("Close", "saves")
        + "</div>"
    )


def _when(saved_at: str) -> str:
    return saved_at[:16].replace("T", " ") if saved_at else "unknown date"


def _slot_status(s: SlotInfo) -> str:
    if s.status == Status.PLAYING and s.initiative:
        return f"player {s.initiative} to play"
    return s.status


def notice_html(lines: list[str]) -> str:
    """Warnings for the player (saves that could not be read or written)."""
    if not lines:
        return ""
    items = "".join(f"<li>{escape(line)}</li>" for line in lines)
    return f'<ul class="notice" role="alert">{items}</ul>{button("Dismiss", "dismiss")}'


ROLL_WHO: dict[Purpose, str] = {
    Purpose.ROLLOFF: "Roll-off: one die for player 1, then one for player 2",
    Purpose.MOVE: "Move roll",
    Purpose.REACT: "React roll",
    Purpose.SHOOT: "Shoot roll",
    Purpose.ENDURE: "Endure roll",
}


def _dice(ctrl: Controller) -> str:
    """Referee mode (R24): a box per die to type the faces of the physical dice."""
    p = ctrl.state.pending
    assert p is not None and p.pool is not None and p.purpose is not None
    if not ctrl.referee:
        return f"<p>Rolling the {escape(p.purpose)} dice…</p>"
    exploding = (
        " A six is rolled again: type every face, e.g. <kbd>6 2</kbd>." if p.pool.exploding else ""
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
