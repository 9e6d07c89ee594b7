"""Refusals in plain words: why a soldier cannot do what the player asked (pure Python).

The engine refuses an action with a rule id and a short reason (``IllegalActionError``); the
screen refuses some presses itself (a target out of sight, a soldier that cannot act). Either
way the player reads a sentence naming the cards by their titles and the terrain by its name
("The Wall blocks the Gunner's view of the enemy Ranger."), never a card's record key or a bare rule
id; the rule follows in small print (``rule_html``). Every function returns ``Said``: the plain
sentence and the rule behind it, which ``message_html`` turns into escaped HTML.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..core import queries as q
from ..core.actions import Action, End, Face, Move, Place, React, Shoot, Stop, Turn
from ..core.cards import CARDS, CardType, other
from ..core.errors import Problem
from ..core.geometry import EPS, card_polygon, edge_contact, sweep_contact, unit
from ..core.los import visible_part
from ..core.movement import Halt
from ..core.ruleset import ruleset
from ..core.scenario import ScenarioError, table_info
from ..core.state import Event, EventKind, Soldier, State, Status
from ..core.written import length_text
from ..view.board import percent
from ..view.escape import escape
from ..view.model import SoldierKey
from .model import YOU


@dataclass(frozen=True)
class Said:
    """A sentence for the player (plain text, not yet escaped), the rule behind it ("R21", or
    "" for none), and whose sight region the board shows with it (None for none)."""

    text: str
    rule: str = ""
    region: SoldierKey | None = None
    short: str = ""
    """The same in fewer words for a phone's short bar ("": ``text`` there too)."""
    repeats: bool = False
    """True when the sentence only says again what the news right above it tells (the log's
    line of the action it follows): a phone's short bar leaves it out."""


def title(card: str) -> str:
    """A card as people name it: its title ("Gunner"); an unknown key becomes "that card"."""
    return CARDS[card].title if card in CARDS else "that card"


def table_title(name: str) -> str:
    """A table as the start screen names it ("Two walls" for ``default``, "Random" for
    ``random-7``); a table of no built-in kind keeps its own name."""
    try:
        return table_info(name).title
    except ScenarioError:
        return name


CLICK = {"Tap": "Click", "tap": "click"}
"""The word a mouse user reads for each word of a finger (``pointer_html``)."""


def pointer_html(tap: str, click: str | None = None) -> str:
    """Words that follow the pointer in hand: ``tap`` for a finger, ``click`` (by default the
    same word for a mouse, "Tap" -> "Click") for a fine pointer. Both are in the markup; the
    stylesheet shows the one that fits the screen's pointer, as it hides the words about keys
    (``(hover: none) and (pointer: coarse)``). Both are HTML already escaped by the caller."""
    mouse = CLICK.get(tap, tap) if click is None else click
    return f'<span class="tap-word">{tap}</span><span class="click-word">{mouse}</span>'


def rule_html(rule: str) -> str:
    """A rule reference in small print after a sentence, e.g. ``(rule R21)``; "" for no rule."""
    return rules_html(rule) if rule else ""


RULES_PAGE = "rules.html"
"""The site's page of the full rules, one anchor per code (made from RULES.md by the build)."""


def rules_html(*rules: str) -> str:
    """The rules behind a paragraph in small print after it, in brackets, e.g. ``(rules R15,
    R16)``: the player reads plain words first, never a rule code among them, and the brackets
    keep the tag apart from a sentence that follows it on the same line; "" for none. Each code
    links to its ruling on the rules page, opened beside the game so the game stays as it is."""
    if not rules:
        return ""
    word = "rule" if len(rules) == 1 else "rules"
    links = ", ".join(rule_link(r) for r in rules)
    return f' <small class="rule">({word} {links})</small>'


def rule_link(code: str) -> str:
    """One rule code as a link to its ruling on the rules page (``RULES_PAGE``)."""
    c = escape(code, quote=True)
    return f'<a href="{RULES_PAGE}#{c}" target="_blank" rel="noopener">{c}</a>'


RULE_CODE = re.compile(r"\b[CR]\d+\b")
"""A rule code in a text of the core (``CardType.special``): small print on screen."""


def special_html(card: CardType) -> str:
    """A card's special rule in plain words, its rule codes in small print after them (escaped
    HTML): "Never reacts (React 0, R23)." reads "Never reacts (React 0)." then ``(rule R23)``."""
    codes = RULE_CODE.findall(card.special)
    text = re.sub(r",?\s*\b[CR]\d+\b", "", card.special)
    text = re.sub(r"\s*\(\s*\)", "", text)
    return escape(text, quote=False) + rules_html(*codes)


def message_html(
    text: str,
    rule: str = "",
    news: bool = False,
    short: str = "",
    repeats: bool = False,
    lead: str = "",
) -> str:
    """The panel's message: a refusal (an alert) or news (a status, not styled as an error),
    after ``lead`` (HTML: whose soldier it tells of); ``short`` and ``repeats`` as ``Said``'s:
    in fewer words on a phone's short bar, or left out there when it only repeats the news
    above it."""
    if not text:
        return ""
    body = lead + text_html(Said(text, short=short)) + rule_html(rule)
    if news:
        cls = "message news wide-only" if repeats else "message news"
        return f'<p class="{cls}" role="status">{body}</p>'
    return f'<p class="message" role="alert">{body}</p>'


def problem_html(said: Said) -> str:
    """Why the card on the board may not stand as shown (placing or turning): a line under the
    prompt, not an alert (the board shows it too)."""
    return f'<p class="problem">{text_html(said)}{rule_html(said.rule)}</p>'


def text_html(said: Said) -> str:
    """``said``'s words, escaped: with its fewer words for a phone's short bar when it has them
    (the stylesheet shows one of the two)."""
    if not said.short:
        return escape(said.text)
    return (
        f'<span class="wide-words">{escape(said.text)}</span>'
        f'<span class="phone-words">{escape(said.short)}</span>'
    )


NEWS = ("Imported ", "This game is kept as ")
"""How the notices that report a success begin (``serm.web.app``): news, not warnings."""


def is_news(line: str) -> bool:
    """True for a notice that reports a success (a game imported or kept), not a problem."""
    return line.startswith(NEWS)


def notice_list(lines: list[str], news: bool) -> str:
    """The notices as a list: warnings as an alert, news as a status ("" when none)."""
    if not lines:
        return ""
    items = "".join(f"<li>{escape(line)}</li>" for line in lines)
    if news:
        return f'<div role="status"><ul class="notice news">{items}</ul></div>'
    return f'<div role="alert"><ul class="notice">{items}</ul></div>'


def sentence(text: str) -> str:
    """``text`` with a capital first letter and a full stop, its trailing "(R4)" dropped."""
    text = text.strip()
    if text.endswith(")") and " (" in text:
        head, _, tag = text.rpartition(" (")
        if tag[:-1].replace(" ", "").isalnum() and tag[:1] in "RC" and tag[1:2].isdigit():
            text = head
    text = text.rstrip(".")
    return text[:1].upper() + text[1:] + "."


# --- the opening (R5, Opening) ------------------------------------------------------------------

GUNNER = next(c for c, t in CARDS.items() if t.shoots_all_seen)
"""The card whose first shot the opening's words are about (the Gunner's volley, R22)."""


OPENING_HOLDS = (
    "Opening: no shooting this activation, but an enemy React may Shoot (you may Move, turn or "
    "pass)."
)
"""The opening's note while it holds every soldier of the side acting (R5): a React to its Move
is not held (R19), and gives the enemy a Shoot before its own first activation that may."""

OPENING_SHORT = "Opening: no shooting this activation."
"""``OPENING_HOLDS`` in the fewest words, for a phone's bar while a soldier is chosen (in a
soldier's menu the bar says the React may Shoot: its Move is chosen there)."""


def opening_now(state: State) -> Said | None:
    """While the opening restricts the activation under way (R5, Opening), what it forbids in
    plain words ("Opening: no shooting this activation."); None when it restricts nothing: no
    opening, past its activations, or a reacting soldier's activation (R19, never restricted)."""
    if state.status != Status.PLAYING or state.activation_number < 1:
        return None
    a = state.activation
    if a is not None and a.reaction:
        return None
    o, n = q.opening_of(state), state.activation_number
    if not o.may_shoot(n):
        return Said(OPENING_HOLDS, "R5", short=OPENING_SHORT)
    held = [c for c in CARDS if not o.may_shoot(n, c)]
    if not held:
        return None
    return Said(f"Opening: your {title(held[0])} may not shoot this activation.", "R5")


def react_may_shoot(state: State, card: str | None = None) -> Said | None:
    """While the opening holds back shooting in the activation under way (R5, Opening), that a
    soldier reacting to the Move may Shoot all the same: its activation is never restricted
    (R19). ``card`` names the reactor ("your Gunner"), None any of them; None when the opening
    holds nothing now or the reactor never shoots (Shoot 0, R21)."""
    if state.status != Status.PLAYING or state.activation_number < 1:
        return None
    if card is not None and card in CARDS and CARDS[card].shoot == 0:
        return None
    if q.opening_of(state).may_shoot(state.activation_number, card):
        return None
    who = f"your {title(card)}" if card is not None else "a soldier that reacts"
    return Said(
        f"The opening holds shooting back now, but not a React: {who} may Shoot.",
        "R5",
        short=f"The opening holds back no React: {who} may Shoot.",
    )


def enemy_shoots_next(state: State) -> bool:
    """True when a React that works now gives the enemy a Shoot that the opening would have
    held back from it had nobody reacted (R5, Opening; R19): the activation under way is one of
    the opening's, and the game's next one may Shoot. After a reaction the mover's side plays
    that next activation; without a React the side asked would play it itself, before the
    enemy's first that may Shoot. The enemy is the mover's side: the side asked is the one the
    game waits for; it must have a soldier on the table that shoots (R21)."""
    o, n, p = q.opening_of(state), state.activation_number, state.pending
    if state.status != Status.PLAYING or p is None or not p.player:
        return False
    if not any(s.on_table and s.type.shoot > 0 for s in state.alive(other(p.player))):
        return False
    return 1 <= n <= o.activations and o.may_shoot(n + 1)


def react_next(state: State) -> Said:
    """What follows a React that works, told to the side asked (R19): its soldier's activation
    takes the place of its side's next one, and the enemy plays after it; when that costs the
    opening's hold on the enemy (``enemy_shoots_next``), that the enemy may then Shoot (R5).
    ``short``, for a phone, is the end of a sentence ("then the enemy plays")."""
    text = "A React that works is your side's next activation: the enemy plays after it"
    if enemy_shoots_next(state):
        return Said(f"{text}, and may Shoot.", "R5", short="then the enemy plays, and may Shoot")
    return Said(f"{text}.", "R19", short="then the enemy plays")


def opening_rule(state: State) -> str:
    """The game's opening in one sentence ("Opening: the game's first activation may not
    Shoot."), or "" when it has none (R5, Opening)."""
    o = q.opening_of(state)
    return "" if o.activations == 0 else sentence(f"Opening: {o.words}")


def gunners_first(state: State, player: int) -> tuple[int, int]:
    """(``player``'s, its opponent's) first activation in which their Gunner may shoot, under
    the opening (R5, Opening; ``queries.first_shot``)."""
    return q.first_shot(state, player, GUNNER), q.first_shot(state, other(player), GUNNER)


def hiding(state: State) -> str:
    """How to keep soldiers from a Gunner that shoots at every one it sees (R12, R22), as fits
    the table: behind its tall terrain, or, on a table with none (the Open field, R2), that
    nothing there hides them. The end of a sentence about "its sight"."""
    if any(t.tall for t in state.scenario.terrain):
        return "hide soldiers behind tall (hatched) terrain, or keep them out of its sight"
    return "this table has no tall terrain to hide them behind"


def _open_to_gunner(state: State, player: int) -> str:
    """Where the enemy Gunner of ``player``, not placed yet, may still stand (R4, R6)."""
    if any(s.on_table for s in state.alive(other(player))):
        return "anywhere free in its zone"
    return "anywhere in its zone"


def exposure_threat(state: State, player: int, standing: bool) -> str:
    """What the enemy Gunner of the Exposure view does, in words for ``player`` deploying:
    whether it is still to be placed (``standing``: it is on the table), then who acts first
    (R5) and when it may shoot at every card it sees (R22; R5, Opening: the shots it holds
    back)."""
    theirs = q.first_shot(state, other(player), GUNNER)
    mine = 1 if player != state.first_placer else 2  # ``player``'s first activation (R5)
    where = ""
    if not standing:
        where = f"Not placed yet, it may still stand {_open_to_gunner(state, player)}. "
    if theirs < mine and standing:  # it cannot turn and shoot in one activation (R14, R22)
        return (
            "It acts first: it may shoot at once at every card it sees as it stands, or turn "
            "first and shoot later."
        )
    if theirs < mine:
        return f"{where}It acts first and shoots at every card it sees."
    rule = opening_rule(state)
    if not rule:
        return f"{where}You act before it does; then it shoots at every card it sees."
    return f"{where}{rule} You move before it may shoot at every card it sees."


# --- the footprint: placing and turning (R4, R6) ------------------------------------------------


def _clash(problem: Problem, player: int) -> str:
    """What is wrong with ``player``'s card's footprint, as the end of a sentence about "it"."""
    if problem.owner:
        whose = "your" if problem.owner == player else "the enemy"
        return f"it would overlap {whose} {problem.thing}"
    if problem.thing:
        return f"it would overlap {problem.thing}"
    if problem.rule == "R6":
        return "it must lie wholly inside your deployment zone (the strip on your side)"
    if problem.text == "leaves the table":
        return "it would stick out over the edge of the table"
    return f"it {problem.text}"


def placement(player: int, card: str, problem: Problem) -> Said:
    """Why ``player``'s card being placed may not go where it is (R4, R6)."""
    text = f"The {title(card)} cannot be placed here: {_clash(problem, player)}."
    return Said(text, problem.rule)


def facing(s: Soldier, problem: Problem) -> Said:
    """Why soldier ``s`` may not turn to the facing shown (R4, R14)."""
    text = f"The {s.type.title} cannot face that way: {_clash(problem, s.player)}."
    return Said(text, problem.rule)


def unturned(s: Soldier) -> Said:
    """A Turn of soldier ``s`` to the facing it already has (R14)."""
    return Said(
        f"Your {s.type.title} already faces this way: drag the round handle to turn it. "
        "A Turn is its Move, so one that changes nothing is not made.",
        "R14",
        short=f"Your {s.type.title} already faces this way: drag the handle to turn it.",
    )


# --- a Move that goes nowhere (R15, R16) --------------------------------------------------------

STUCK = 0.01
"""A straight Move halting within this many L of its start goes nowhere (R16)."""


def goes_nowhere(state: State, s: Soldier, aim: float, facing: float, halt: Halt) -> Said | None:
    """Why the straight Move of ``s`` aimed at bearing ``aim`` (starting at ``facing``), whose
    slide ``halt``s there (``forecast.landing``), would halt at once, naming what it
    already touches (the table edge, terrain or a soldier of its own); None when it gets under
    way or rams an enemy at once (a ram is no wasted Move)."""
    what = stuck_against(state, s, aim, facing, halt)
    if what is None:
        return None
    return Said(
        f"Aimed this way, the {s.type.title} halts at once: it already touches {what}. "
        "Aim it another way, or its Move goes nowhere.",
        "R16",
    )


def stuck_against(state: State, s: Soldier, aim: float, facing: float, halt: Halt) -> str | None:
    """What the straight Move of ``s`` aimed at ``aim`` already touches when it would halt at
    once ("the table edge", "the Wall", "your Ranger"); None when it gets under way or rams."""
    if not halt.blocked or halt.distance > STUCK:
        return None
    if any(player != s.player for player, _ in halt.cards):
        return None
    return _touched(state, s, aim, facing, halt)


def halts_whatever(state: State, s: Soldier, aim: float, facing: float, halt: Halt) -> str | None:
    """What the straight Move of ``s`` aimed at ``aim`` halts against whatever it rolls ("your
    Armored", "the Wall", "the table edge"): its slide stops short of the least total its Move
    pool can roll, against no enemy (R15, R16). None when a roll decides where it ends, or when
    it rams (a React may then spare the enemy)."""
    least = min(q.move_pool(state, s).distribution())
    if not halt.blocked or halt.distance >= least - STUCK:
        return None
    if any(player != s.player for player, _ in halt.cards):
        return None
    return _touched(state, s, aim, facing, halt)


def halt_ahead(state: State, s: Soldier, aim: float, facing: float, halt: Halt) -> str | None:
    """Where the straight Move of ``s`` aimed at ``aim`` halts short of its longest roll, and
    against what, in a sentence: whatever it rolls, or from which roll on and with what chance
    (R16: it rams an enemy it touches). None when no roll of its Move pool touches anything."""
    dist = q.move_pool(state, s).distribution()
    if not halt.blocked:
        return None
    at, who = f"{length_text(halt.distance)} L", f"your {s.type.title}"
    sure = halts_whatever(state, s, aim, facing, halt)
    if sure is not None:
        return f"Whatever it rolls, {who} halts after {at} against {sure}."
    reaching = [t for t in dist if t >= halt.distance - EPS]
    if not reaching:
        return None
    least, chance = min(reaching), sum(dist[t] for t in reaching)
    rolls = "Any roll" if least == min(dist) else f"A roll of {least} or more"
    odds = "" if chance >= 1.0 else f" ({percent(chance)})"
    enemies = [(p, card) for p, card in halt.cards if p != s.player]
    if enemies:
        rammed = against(s.player, Halt(halt.distance, tuple(enemies), True))
        them = "them" if len(enemies) > 1 else "it"
        return f"{rolls} takes {who} into {rammed} after {at}: it rams {them}{odds}."
    return f"{rolls} halts {who} after {at} against {_touched(state, s, aim, facing, halt)}{odds}."


TURNS = tuple(float(f) for f in range(0, 360, 15))
"""The facings tried where a Move may end, to tell whether every facing fits there (R4)."""


def cramped(state: State, s: Soldier, aim: float, facing: float, halt: Halt) -> Said | None:
    """Which rolls of the straight Move of ``s`` aimed at ``aim`` end it where it cannot turn
    every way, at the end of its Move or later (R14): some facing there would stick out over
    the table's edge or overlap something (R4). None when every roll ends it where it can."""
    dist = q.move_pool(state, s).distribution()
    step = unit(aim)
    tight = []
    for t in sorted(dist):
        d = min(t, halt.distance) if halt.blocked else float(t)
        there = replace(s, x=s.x + step.x * d, y=s.y + step.y * d, facing=facing)
        if any(q.facing_problem(state, there, f) is not None for f in TURNS):
            tight.append(t)
    if not tight:
        return None
    chance = sum(dist[t] for t in tight)
    odds = "" if chance >= 1.0 else f" ({percent(chance)})"
    lo, hi, every = min(tight), max(tight), sorted(dist)
    if len(tight) == len(every):
        rolls = "Whatever it rolls, it ends"
    elif tight != every[every.index(lo) : every.index(hi) + 1]:
        rolls = "Some rolls end it"
    elif hi == max(every):
        rolls = f"A roll of {lo} or more ends it" if lo > min(every) else "Any roll ends it"
    else:
        rolls = f"A roll of {lo} ends it" if lo == hi else f"A roll of {lo} to {hi} ends it"
    return Said(
        f"{rolls} where it cannot turn every way: some facings there would stick out over the "
        f"table's edge or overlap something{odds}.",
        "R4",
    )


def against(player: int, halt: Halt) -> str:
    """What a slide touches where it ``halt``s, as ``player`` reads it: "your Armored", "the
    enemy Assault", "the Crates" or "the table edge" (R16)."""
    if halt.cards:
        return " and ".join(
            f"{'your' if owner == player else 'the enemy'} {title(card)}"
            for owner, card in halt.cards
        )
    return f"the {halt.terrain}" if halt.terrain else "the table edge"


def _touched(state: State, s: Soldier, aim: float, facing: float, halt: Halt) -> str:
    """What the Move's slide touches where it ``halt``s, when no enemy is touched, in words."""
    mine = ", ".join(f"your {title(card)}" for _, card in halt.cards)
    return mine or _stopper(state, s, aim, facing, halt.distance + STUCK)


def _stopper(state: State, s: Soldier, aim: float, facing: float, within: float) -> str:
    """The table edge or the terrain a card at ``s`` facing ``facing`` touches along ``aim``
    within ``within`` L, in words."""
    poly, d, sc = card_polygon(s.pos, facing), unit(aim), state.scenario
    edge = edge_contact(poly, d, sc.width, sc.height, within)
    if edge is not None and edge <= within:
        return "the table edge"
    for t in sc.terrain:
        hit = sweep_contact(poly, d, t.points)
        if hit is not None and hit <= within:
            return f"the {t.name}"
    return "something in its way"


# --- sight and targets (R11-R13, R21, R22) -----------------------------------------------------


SIXES = "sixes count and roll again"
"""How a Shoot or Endure die rolls (every die, on a table with the option; R9, R10), in the same
words wherever the dice are described: a six counts, and a new roll of that die is added to it,
again on another six."""


def pool(stat: str, dice: int) -> str:
    """A stat's dice in words ("Shoot 2d6"), the same wherever a pool is described; a 0 is no
    roll (R9: a total of 0), said so ("Endure 0 (no roll)"), never "0d6"."""
    return f"{stat} {dice}d6" if dice > 0 else f"{stat} 0 (no roll)"


def shot_dice(shoot: int, endure: int) -> str:
    """A Shoot against an Endure in words (R9, R21): the two pools, how they roll, who kills.
    Against Endure 0 there is no Endure roll and any Shoot total beats 0 (a Shoot of 1 or more
    dice totals 1 or more), so no word of sixes."""
    if endure <= 0:
        return f"{pool('Shoot', shoot)} against its {pool('Endure', 0)}: any hit eliminates it"
    return (
        f"{pool('Shoot', shoot)} against its {pool('Endure', endure)}, {SIXES}; "
        "a higher Shoot kills"
    )


ONE_WAY = "sight lines leave only from a soldier's top edge, so sight can be one-way"
"""Why one soldier may see another that does not see it (R11), said where it matters."""
ONE_WAY_SHORT = "sight can be one-way"
"""``ONE_WAY`` in a phone's few words (How to play and the rule cited say why)."""


def shot_unseen(by: str, hit: Sequence[tuple[str, bool]], why: str = ONE_WAY) -> str:
    """Why soldiers shot by the enemy ``by`` could not see it, in one sentence ending in
    ``why``: ``hit`` names each soldier shot (once each, in order) and whether it is still on
    the table; a soldier eliminated by the shot is said to have been shot from outside its
    sight. The shooter is called the enemy one: both sides have every soldier type."""
    names = list(dict.fromkeys(name for name, _ in hit))
    cards = " and ".join(names)
    if all(alive for _, alive in hit):
        them = "them" if len(names) > 1 else "it"
        return f"Your {cards} could not see the enemy {by} that shot {them}: {why}."
    were, its = ("were", "their") if len(names) > 1 else ("was", "its")
    return f"Your {cards} {were} shot from outside {its} sight by the enemy {by}: {why}."


def react_unoffered(reactors: Sequence[str], mover: str) -> str:
    """Why soldiers that saw the enemy ``mover`` were offered no React to its Move, in one
    sentence: it turned out of their sight as the Move began and never came into it on its way
    (R18)."""
    cards = " and ".join(reactors)
    its = "their" if len(reactors) > 1 else "its"
    return (
        f"Your {cards} could not React: the {mover} turned out of {its} sight as its Move began "
        "and stayed out of it all the way."
    )


def turned_sight(s: Soldier, seen: Sequence[Soldier]) -> tuple[str, str]:
    """Which enemies ``s`` would see facing the way being set (``seen``, R11-R12): in full, and
    in a phone's fewer words."""
    names = [e.type.title for e in seen]
    if not names:
        return f"Facing that way, your {s.type.title} would see no enemy.", "Then it sees no enemy."
    them = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    return (
        f"Facing that way, your {s.type.title} would see the enemy {them}.",
        f"Then it sees: {', '.join(names)}.",
    )


def unseen_watchers(state: State, s: Soldier) -> tuple[Soldier, ...]:
    """The enemies on the table that see ``s`` though ``s`` does not see them (R11-R13)."""
    return tuple(
        e
        for e in state.enemies(s.player)
        if q.sees_soldier(state, e, s) and not q.sees_soldier(state, s, e)
    )


def no_target(state: State, s: Soldier) -> Said:
    """A soldier asked to shoot with no enemy in its sight (R21); when enemies see it all the
    same, which, and why (R11)."""
    name = s.type.title
    watchers = unseen_watchers(state, s)
    if not watchers:
        return Said(f"No enemy is in the {name}'s sight: it has nothing to shoot at.", "R21")
    them = " and ".join(e.type.title for e in watchers)
    verb = "see" if len(watchers) > 1 else "sees"
    return Said(
        f"No enemy is in the {name}'s sight, though the enemy {them} {verb} it: {ONE_WAY}.",
        "R11",
    )


def out_of_sight(state: State, shooter: Soldier, target: Soldier) -> Said:
    """Why ``shooter`` does not see ``target``: behind its front edge (R11), or which tall
    terrain blocks the view (R12), found with the game's own sight test. The target is called
    the enemy one: both sides have every soldier type."""
    a, b = shooter.type.title, f"enemy {target.type.title}"
    if not target.on_table:
        return Said(f"The {b} is no longer on the table.", "R21")
    viewer = q.viewer(shooter)
    if not viewer[2] and not visible_part(viewer, target.polygon()):
        if q.sees_soldier(state, target, shooter):
            said = f"The {b} is behind the {a}'s front edge, so the {a} cannot see it, though "
            return Said(f"{said}it sees the {a}: {ONE_WAY}.", "R11")
        return Said(
            f"The {b} is behind the {a}'s front edge: a soldier sees only ahead of it.", "R11"
        )
    blockers = _blockers(state, shooter, target)
    if blockers:
        names = " and the ".join(dict.fromkeys(t for t in blockers))
        verb = "block" if len(blockers) > 1 else "blocks"
        return Said(f"The {names} {verb} the {a}'s view of the {b}.", "R12")
    return Said(f"The {a} does not see the {b}.", "R21")


def _blockers(state: State, shooter: Soldier, target: Soldier) -> list[str]:
    """Names of the tall terrain that hides ``target``: a piece that hides it alone, else the
    pieces without which it would be seen."""
    sees = ruleset(state.rules_version).sees
    viewer, poly, tall = q.viewer(shooter), target.polygon(), q.tall_terrain(state)
    alone = [t.name for t in tall if not sees(viewer, poly, (t,))]
    if alone:
        return alone
    return [t.name for t in tall if sees(viewer, poly, tuple(u for u in tall if u != t))]


def not_a_target(state: State, shooter: Soldier, target: Soldier, options: tuple[str, ...]) -> Said:
    """Why a tapped enemy may not be shot now: out of sight, or (the Gunner's later attacks,
    R22) not one of the enemies it saw when it shot."""
    if options:
        left = " or the ".join(title(c) for c in options)
        return Said(
            f"The {shooter.type.title} attacks only the enemies it saw when it shot: "
            f"pick the {left}.",
            "R22",
        )
    return out_of_sight(state, shooter, target)


# --- activations (R7, R22) ---------------------------------------------------------------------


def cannot_act(state: State, s: Soldier) -> Said:
    """Why the player's soldier ``s`` may neither Move nor Shoot now (R7, R21, R22)."""
    a, name = state.activation, s.type.title
    if not s.on_table:
        return Said(f"Your {name} is no longer on the table.", "R7")
    if a is not None and a.card is not None and a.card != s.card:
        return Said(f"This activation belongs to your {title(a.card)}.", "R7")
    if a is not None and a.card == s.card and s.type.moves_or_shoots and (a.moved or a.shot):
        did = "moved" if a.moved else "shot"
        return Said(f"Your {name} has {did}: it moves or shoots, never both.", "R22")
    return Said(f"Your {name} has already moved and shot in this activation.", "R7")


def ended_by_itself(before: State, after: State, action: Action) -> tuple[Said, Soldier] | None:
    """Why the activation under way in ``before`` ended by itself after ``action`` (R7, R19,
    R22), with the soldier whose activation it was; None when it goes on, the player ended it,
    or the game is over. The sentence names the soldier by its title only: the panel puts the
    name of its player before it when another player decides next (``panel.prompt_html``). A
    phone's short bar, where the log's line of that action shows right above it, is told only
    what that line does not say (``Said.short``, ``Said.repeats``): a stopped mover's
    activation is over (R19), as the status line's next player says."""
    mover = _activated(before, action)
    if mover is None or after.status != Status.PLAYING or isinstance(action, (Place, React, End)):
        return None
    player, card, moved_before, shot_before = mover
    now = after.activation
    if now is not None and (now.player, now.card) == (player, card):
        return None
    s = after.soldier(player, card)
    if not s.on_table:
        return None
    if isinstance(action, Stop):
        text = f"The React stopped the {s.type.title}: its activation is over."
        return Said(text, "R19", repeats=True), s
    shot_now = before.shot is not None or isinstance(action, Shoot)
    moved_now = not shot_now and (before.move is not None or isinstance(action, (Turn, Move, Face)))
    moved, shot = moved_before or moved_now, shot_before or shot_now
    name = s.type.title
    if s.type.moves_or_shoots and (moved or shot):
        did = "moved" if moved else "shot"
        text = f"The {name} has {did}, and it moves or shoots, never both: its activation is over."
        return Said(text, "R22", short=f"The {name} moves or shoots, never both."), s
    if moved and shot:
        return Said(f"The {name} has moved and shot: its activation is over.", "R7"), s
    if moved and s.type.shoot == 0:
        text = f"The {name} cannot shoot, so its activation ends after its Move."
        return Said(text, "R7", short=f"The {name} cannot shoot: its activation ends."), s
    if moved and not q.visible_enemies(after, s):
        text = f"No enemy is in the {name}'s sight after its Move, so its activation ends."
        short = f"No enemy in the {name}'s sight: its activation ends."
        return Said(text, "R7", (s.player, s.card), short), s
    return None


def _activated(state: State, action: Action) -> tuple[int, str, bool, bool] | None:
    """(player, card, has moved, has shot) of the soldier whose activation is under way in
    ``state`` or that ``action`` activates; None when there is none."""
    a, p = state.activation, state.pending
    if a is not None and a.card is not None:
        return a.player, a.card, a.moved, a.shot
    if isinstance(action, (Turn, Move, Shoot)) and p is not None and action.card in CARDS:
        return p.player, action.card, False, False
    return None


# --- the engine's refusals ----------------------------------------------------------------------


def refusal(state: State, rule: str, text: str, action: Action | None = None) -> Said:
    """The engine's refusal of ``action`` in ``state`` (``IllegalActionError``'s ``rule`` and
    ``message``) as a sentence for the player; the engine's own words when nothing better is
    known (they already name cards by their titles)."""
    found = _known(state, rule, action)
    return found if found is not None else Said(sentence(text), rule)


def _known(state: State, rule: str, action: Action | None) -> Said | None:
    p = state.pending
    player = p.player if p is not None and p.player else (action.player if action else None)
    if player is None or action is None:
        return None
    if rule == "C18":
        return Said("It is not your turn: the other player decides now.", rule)
    if isinstance(action, Place) and action.card in CARDS:
        problem = q.placement_problem(state, player, action.card, action.x, action.y, action.facing)
        return placement(player, action.card, problem) if problem else None
    if isinstance(action, Shoot) and action.card in CARDS and action.target in CARDS:
        s, t = state.soldier(player, action.card), state.soldier(other(player), action.target)
        if rule in ("R21", "R22") and state.shot is not None and p is not None:
            return not_a_target(state, s, t, p.options)
        if not any(q.can_act(state, s)) and s.on_table:
            return cannot_act(state, s)
        if s.type.shoot == 0:
            return Said(f"Your {s.type.title} cannot shoot.", rule)
        if not q.visible_enemies(state, s):
            return no_target(state, s)
        if not q.sees_soldier(state, s, t):
            return out_of_sight(state, s, t)
        return None
    if isinstance(action, (Turn, Move, Face)) and action.facing is not None:
        card = state.move.card if isinstance(action, Face) and state.move else None
        card = action.card if isinstance(action, (Turn, Move)) else card
        if card in CARDS:
            s = state.soldier(player, card)
            problem = q.facing_problem(state, s, action.facing)
            return facing(s, problem) if problem else None
    if isinstance(action, React) and action.card in CARDS:
        r = CARDS[action.card]
        if r.never_reacts:
            return Said(f"Your {r.title} never reacts.", "R23")
        return Said(f"Your {r.title} does not see this Move, so it cannot React.", "R18")
    return None


NUMBERED = ("Player 1", "Player 2")
"""The sides' names when none is given: the engine's own words for them."""

PLAYER = re.compile(r"\b([Pp])layer ([12])\b")
"""A side as the engine's log names it ("Player 1 passes.", "player 2's Assault")."""


def named(text: str, names: tuple[str, str]) -> str:
    """A line of the game log with each side called by its name at this screen (``names``:
    "Computer (hard)", "Player 1"), as the status line and the end screen call it, wherever the
    engine's line names it and in whatever case ("player 1's Brawler": "Player 1's Brawler"),
    without the "(you)" a game by link adds on one device (``model.YOU``: both devices log the
    game alike)."""

    def name(found: re.Match[str]) -> str:
        return names[int(found.group(2)) - 1].removesuffix(YOU)

    return PLAYER.sub(name, text)


def eliminated(lost: Sequence[Soldier]) -> str:
    """The soldiers ``lost`` (in the order they fell) in one line of the log's words ("Player
    1's Assault and Brawler are eliminated!"), each side named once before its soldiers, for
    ``named`` to call each side by its name at this screen."""
    sides: dict[int, list[str]] = {}
    for s in lost:
        sides.setdefault(s.player, []).append(s.type.title)
    said = _listed([f"Player {p}'s {_listed(titles)}" for p, titles in sides.items()])
    return f"{said} {'is' if len(lost) == 1 else 'are'} eliminated!"


def _listed(items: Sequence[str]) -> str:
    """``items`` in a sentence: "A", "A and B", "A, B and C"."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def rolloff(state: State, names: tuple[str, str], events: Sequence[Event]) -> str:
    """The roll-off among ``events`` that decided who places first (R5), in one line of a
    phone's bar ("Player 2 won the roll-off 6–1."; who acts first is the deployment tip's):
    the log's own line took three, and pushed the question under the bar's buttons. "" when
    ``events`` hold none."""
    rolled = [e.faces for e in events if e.kind == EventKind.ROLL and len(e.faces) == 2]
    winner = state.first_placer
    if not rolled or winner not in (1, 2):
        return ""
    a, b = rolled[-1][0][0], rolled[-1][1][0]
    return f"{names[winner - 1]} won the roll-off {max(a, b)}–{min(a, b)}."
