"""Texts a new player reads on screen: the welcome box and the short how-to-play (RULES.md)."""

from __future__ import annotations

from functools import lru_cache

from ..core.opening import OPENINGS, Opening
from ..core.ruleset import RULES_VERSION, ruleset
from ..core.scenario import LIBRARY, by_name
from ..view.escape import escape
from ..view.thumbnail import table_thumbnail
from .events import Command
from .keys import CHOICE_KEYS, badge
from .words import RULES_PAGE, SIXES, pointer_html

KEY_HELP: tuple[tuple[tuple[Command, ...], str], ...] = (
    ((Command.CHOOSE,), "choose"),
    ((Command.MOVE,), "move"),
    ((Command.TURN,), "turn"),
    ((Command.SHOOT,), "shoot"),
    ((Command.END,), "pass/end"),
    ((Command.DETAILS,), "the chosen soldier's details"),
    ((Command.ROTATE_LEFT, Command.ROTATE_RIGHT), "rotate"),
    (
        (Command.NUDGE_LEFT, Command.NUDGE_RIGHT, Command.NUDGE_UP, Command.NUDGE_DOWN),
        "nudge or aim (<kbd>Shift</kbd> for bigger steps)",
    ),
    ((Command.STOP_START, Command.STOP_END), "the stop point to the path's start or halt"),
    ((Command.CORNER,), "adds a Brawler corner"),
    ((Command.UNDO_CORNER,), "undoes one"),
    ((Command.CONFIRM,), "confirm"),
    ((Command.CANCEL,), "back"),
    ((Command.REACT,), "no React"),
    ((Command.KEEP,), "keep facing"),
    ((Command.LOS,), "enemy sight"),
    ((Command.EXPOSURE,), "the Exposure view while deploying"),
    ((Command.ZOOM_IN, Command.ZOOM_OUT, Command.ZOOM_FIT), "zoom in, out, whole table"),
    ((Command.AUTO_TARGET,), "ask before the Gunner's last shot, or not"),
)
"""The keys the help lists, by command (badges from the key map, ``serm.ui.keys``)."""


def keys_html() -> str:
    """The help's line of keys, read from the key map."""
    parts = []
    for commands, words in KEY_HELP:
        if commands == (Command.CHOOSE,):
            keys = f"<kbd>{CHOICE_KEYS[0]}</kbd>–<kbd>{CHOICE_KEYS[-1]}</kbd>"
        else:
            keys = "/".join(f"<kbd>{escape(badge(c))}</kbd>" for c in commands)
        parts.append(f"{keys} {words}")
    return f'<p class="keys">Keys: {", ".join(parts)}.</p>'


def new_opening() -> Opening | None:
    """The opening new games are played under (R5, Opening: ``RULES_VERSION``'s), or None when
    they play none."""
    o = OPENINGS[ruleset(RULES_VERSION).opening]
    return o if o.activations else None


def opening_html() -> str:
    """The help's line on the opening, when new games play one (R5, Opening)."""
    o = new_opening()
    if o is None:
        return ""
    allowed = (
        f"Every other soldier may act as usual, and a {o.card.title()} reacting to a Move "
        "may shoot."
        if o.card
        else "Moving, turning and passing are allowed, and a soldier reacting to a Move may shoot."
    )
    return (
        f"\n<li><strong>Opening:</strong> {escape(o.words)}, so that acting first does not "
        f"decide the game. {escape(allowed)} The panel says when it applies.</li>"
    )


def opening_tip() -> str:
    """The end of the help's tip on who shoots first (R5, Opening). An opening that holds one
    card back holds only that card's first shot: every other soldier of the side acting first
    may shoot in its first activation."""
    o = new_opening()
    if o is None:
        return ", and its Gunner can open with a volley at every soldier of yours it sees"
    if o.card is not None:
        return (
            f", but the opening holds its {o.card.title()} back from shooting in the game's "
            "first activation: every other soldier may shoot at once, and the enemy Gunner "
            "will still shoot at every soldier of yours it sees"
        )
    return (
        ", but the opening holds back the first shots; the enemy Gunner will still shoot at "
        "every soldier of yours it sees"
    )


HELP_HTML = (
    """
<h2>How to play</h2>
<ol class="help">
<li><strong>Goal:</strong> eliminate all five enemy soldiers. If 40 activations in a row
pass without anyone being eliminated, the game is a draw.</li>
<li><strong>Distances</strong> are in card lengths (L): one L is the long side of a card.</li>
<li><strong>Cards:</strong> each card shows four stats, the number of dice it rolls:
<strong>S</strong>hoot, <strong>E</strong>ndure (against shots), <strong>R</strong>eact and
<strong>M</strong>ove. Player 1's cards have a solid edge and a round ● before the name,
player 2's a dashed edge and a ◆. On a small board a card shows the first two letters of its
name and only the numbers, in the same places (Shoot and Endure above, React and Move below).
@CARD@
</li>
<li><strong>Deploy:</strong> take turns placing one card at a time inside your zone
(player 1 bottom, player 2 top): drag the card, or @TAP@ where it should go. The top edge of a
card is where it looks.</li>
<li><strong>Initiative:</strong> on your turn, activate any one soldier: Move then Shoot, or
Shoot then Move (either may be skipped). Then your opponent goes.</li>@OPENING@
<li><strong>Sight:</strong> a soldier sees out of its top edge in a cone that widens at 45°.
The Ranger sees all round. Tall terrain blocks sight; soldiers never do.</li>
<li><strong>Move:</strong> point a direction, then roll: the card travels exactly that many card
lengths in a straight line, unless it hits something. Hitting an enemy eliminates it (a ram).
You may turn at the start and end of a Move. The Brawler rolls first, then traces a path that
may turn.</li>
<li><strong>React:</strong> if a Move passes through an enemy's sight, that enemy may React: if
its React roll beats the Move roll, it stops the mover where it likes and activates at once.</li>
<li><strong>Shoot:</strong> roll Shoot dice against the target's Endure dice; @SIXES@
(a 6 then a 3 make 9; another six rolls on). Strictly higher kills. The Gunner shoots every
enemy it sees, but cannot both move and shoot.</li>
</ol>
<p>Tip: the side that places last acts first@TIP@.
Deploy behind tall (hatched) terrain, and use <em>Enemy sight</em>
<span class="keys">(<kbd>L</kbd>)</span> to see where the enemy can look and where you can: sight
is one-way, from each card's top edge, so a soldier may be seen by one it cannot see. While you
deploy, the Exposure view (<span class="keys"><kbd>@X@</kbd>, </span>on in your first game) shows
the enemy Gunner's worst spot for the cards you have placed, how many of them it would see from
there, and shades your zone: red where a card would be seen from many spots, green where from
few or none (it tests a sample of the enemy Gunner's spots). Once the enemy Gunner is on the
table, it shows what that Gunner could see after turning where it stands: turning in place is its
Move, so a card it does not see now may be in its sight when it next shoots.</p>
<p>Every action is shown on the board as it happens: moves slide, shots draw their line and
roll their dice. @TAPS@ the board<span class="keys"> or press any key</span> to skip to the end
(a button of the question acts at once); <em>Show each action</em> sets the speed. After the
other side's turn, its moves and shots stay drawn until you begin your next action, and
<em>Replay last turn</em> plays them again.</p>
<p>Every rule in full, each ruling numbered as the small print cites it (R5):
<a href="@RULES@" target="_blank" rel="noopener">the rules page</a>.</p>
""".replace("@X@", escape(badge(Command.EXPOSURE)))
    .replace(
        "@CARD@",
        pointer_html(
            "Tap an enemy card, or press Stats once you pick a soldier, to see its stats, its "
            "special rule and the odds.",
            "Point at a card to see where it can look.",
        ),
    )
    .replace("@SIXES@", SIXES)
    .replace("@TAP@", pointer_html("tap"))
    .replace("@TAPS@", pointer_html("Tap"))
    .replace("@OPENING@", opening_html())
    .replace("@TIP@", opening_tip())
    .replace("@RULES@", RULES_PAGE)
    + keys_html()
)


COURSE_OFFER = "New here? Learn in 3 minutes"
"""The start screen's offer of the course (``serm.ui.course``)."""
COURSE_OFFER_HTML = '<span class="wide-words">New here? </span>Learn in 3 minutes'
"""The offer as shown: a phone's bar, beside Start game, leaves out the question."""

PLAYERS = (
    ("human", "Human"),
    ("easy", "Computer — easy"),
    ("normal", "Computer — normal"),
    ("hard", "Computer — hard"),
)


def _who_plays(player: int, chosen: str = "human") -> str:
    options = "".join(
        f'<option value="{v}"{" selected" if v == chosen else ""}>{escape(label)}</option>'
        for v, label in PLAYERS
    )
    side = "bottom, ●" if player == 1 else "top, ◆"
    return (
        f'<div class="who"><label for="player-{player}">Player {player} ({side})</label> '
        f'<select id="player-{player}">{options}</select></div>'
    )


@lru_cache(maxsize=16)
def table_picker(selected: str) -> str:
    """The start screen's table picker (R2): one radio choice per built-in table (``LIBRARY``),
    each with a small drawing of the table, its title and its one-line description; the deadly
    one (no cover) says so. A random table is drawn from seed 0 (each game has its own)."""
    items = []
    for t in LIBRARY:
        checked = " checked" if t.name == selected else ""
        deadly = ' <span class="deadly">Deadly</span>' if t.deadly else ""
        items.append(
            f'<label class="table-pick{" is-deadly" if t.deadly else ""}">'
            f'<input type="radio" name="scenario" value="{escape(t.name, quote=True)}"{checked}>'
            f"{table_thumbnail(by_name(t.name, 0), 64, t.title)}"
            f'<span class="table-text"><strong>{escape(t.title)}</strong>{deadly}'
            f'<span class="table-desc">{escape(t.description)}</span></span></label>'
        )
    return f'<fieldset class="tables"><legend>Table</legend>{"".join(items)}</fieldset>'


@lru_cache(maxsize=16)
def table_choice(selected: str) -> str:
    """The table picked, as one compact row in the phone's start box, in view beside who plays
    each side (the full ``table_picker`` with its drawings follows below the bar's fold): a
    list of the same tables (``LIBRARY``), the deadly one said so. The page keeps it and the
    picker on the same table (``serm.web.input``)."""
    options = "".join(
        f'<option value="{escape(t.name, quote=True)}"{" selected" if t.name == selected else ""}>'
        f"{escape(t.title)}{' (deadly)' if t.deadly else ''}</option>"
        for t in LIBRARY
    )
    return (
        '<div class="who table-choice"><label for="table-choice">Table</label> '
        f'<select id="table-choice">{options}</select></div>'
    )


def _course_offer(course: str) -> str:
    if not course:
        return ""
    note = (
        ' aria-description="This browser keeps no progress: the course starts again each time."'
        if course == "unkept"
        else ""
    )
    return (
        f'<button type="button" class="course-offer" data-action="course"{note}>'
        f"{COURSE_OFFER_HTML}</button>"
    )


def welcome_html(
    selected: str, resume: str = "", computer: dict[int, str] | None = None, course: str = "offer"
) -> str:
    """The start box: continue the autosaved game (``resume`` describes it), or start a new one.
    Who plays each side (a human or the computer) comes first and Start game stays at the bar's
    foot beside the course and Play a friend (by link), so a phone shows them all without
    scrolling the bar; the tables follow. ``course``: how
    the course is offered beside Start game ("offer"; "unkept": offered, and this browser keeps
    no progress; "": finished or skipped, not offered)."""
    cont = (
        f'<div class="continue"><p>{escape(resume)}</p><div class="actions">'
        '<button type="button" class="primary" data-action="continue">Continue</button></div></div>'
        if resume
        else ""
    )
    return (
        f'<div class="welcome">{cont}<h2>New game</h2>'
        + "".join(_who_plays(p, (computer or {}).get(p, "human")) for p in (1, 2))
        + '<p class="about"><span class="wide-words">Two players share this screen and take '
        "turns, or play against the computer. Each commands five soldiers: Ranger, Gunner, "
        'Armored, Assault and Brawler.</span><span class="phone-words">Play a friend here, '
        "or the computer.</span></p>"
        + table_choice(selected)
        + table_picker(selected)
        + '<div class="who"><label><input type="checkbox" id="referee"> Physical dice: '
        "type in the faces you roll (referee mode)</label></div>"
        + '<div class="actions"><button type="button" class="primary" data-action="start">'
        f"Start game</button>{_course_offer(course)}"
        '<button type="button" class="friend-offer" data-action="friend" aria-description='
        '"Your friend plays on their own device; you send each other links.">'
        '<span class="wide-words">Play a friend (by link)</span>'
        '<span class="phone-words">Friend by link</span></button></div>'
        "<p>The rules: <em>How to play</em> (in the <em>Menu</em> on a phone); this bar "
        "always says what to do next.</p></div>"
    )
