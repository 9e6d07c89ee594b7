"""The opening in words (R5, Opening): the prompt says while it restricts the side acting, the
deployment tip and the Exposure view say whose Gunner may shoot first, How to play states it."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from helpers import R, arrange, deploy, play, rolloff_for

from serm.core import apply
from serm.core import queries as q
from serm.core.actions import End, Face, Move, Path, React, Stop
from serm.core.opening import OPENINGS
from serm.core.ruleset import DEFAULT_OPENING, OPENING_VERSION
from serm.core.scenario import LIBRARY, by_name
from serm.core.state import Activation, Pending, PendingKind, State, new_game
from serm.ui import help, panel, words
from serm.ui.events import Command, Press
from serm.ui.model import UI
from serm.ui.panel import prompt_html
from serm.ui.reduce import reduce, settle
from serm.view.escape import escape
from tests.ui.rule_links import unlinked
from tests.ui.two_screens import phone_text, wide_text

NOTE = {
    "none": None,
    "gunner-holds": "Opening: your Gunner may not shoot this activation.",
    "no-first-shot": words.OPENING_HOLDS,
    "opening-moves": words.OPENING_HOLDS,
}
"""The prompt's words in the game's first activation, per opening."""


def _wide(html: str) -> str:
    """The words of ``html`` as a wide screen shows them."""
    return re.sub(r"<[^>]+>", "", re.sub(r'<span class="phone-words">.*?</span>', "", html))


def test_the_openings_aside_is_left_to_a_wide_screen() -> None:
    """A phone's short bar says "Opening: no shooting this activation, but an enemy React may
    Shoot." in a soldier's menu (a React to its Move is not held back, R19), and only
    "Opening: no shooting this activation." while a soldier is chosen (its line is wanted for
    the news); the aside "(you may Move, turn or pass)" is said on a wide screen only."""
    state = first_activation("no-first-shot")
    for ui, short in (
        (UI(), words.OPENING_SHORT),
        (
            reduce(UI(), state, Press(Command.SELECT, "assault"))[0],
            "Opening: no shooting this activation, but an enemy React may Shoot.",
        ),
    ):
        html = prompt_html(state, ui)
        said = re.search(r'<p class="opening">(.*?) <small', html)
        assert said is not None
        phone = phone_text(said[1])
        assert phone == short, phone
        assert _wide(said[1]) == words.OPENING_HOLDS


RESTRICTED_ALL = ("no-first-shot", "opening-moves")
"""The openings that hold every soldier in the game's first activation."""


def first_activation(opening: str) -> State:
    """Activation 1 of a version 3 game under ``opening``, player 1 to act."""
    scenario = replace(by_name("default"), opening=opening)
    return deploy(scenario=scenario, rules_version=OPENING_VERSION)


@pytest.mark.parametrize("opening", OPENINGS)
def test_the_prompt_says_the_opening_while_it_restricts_the_side_acting(opening: str) -> None:
    state = first_activation(opening)
    html = unlinked(prompt_html(state, UI()))
    note = NOTE[opening]
    if note is None:
        assert 'class="opening"' not in html
    else:
        tag = r'<small class="rule">\(rule R5\)</small>'
        said = re.search(rf'<p class="opening">(.*?) {tag}</p>', html)
        assert said is not None and _wide(said[1]) == note
    state = apply(state, End())  # activation 2: only opening-moves still restricts it
    assert state.pending is not None and state.pending.player == 2
    html = prompt_html(state, UI())
    assert ('class="opening"' in html) is (opening == "opening-moves")
    state = apply(state, End())  # activation 3: restricted by none of them
    assert 'class="opening"' not in prompt_html(state, UI())


@pytest.mark.parametrize("opening", OPENINGS)
def test_a_reacting_soldier_is_told_nothing_of_the_opening(opening: str) -> None:
    """A reaction's activation (R19) is never restricted, even inside a restricted one."""
    state = first_activation(opening)
    reacting = replace(state, activation=Activation(2, "gunner", reaction=True))
    assert words.opening_now(reacting) is None


def placing(opening: str, first: int) -> State:
    """The first placement of a version 3 game under ``opening``; ``first`` acts first (R5)."""
    scenario = replace(by_name("default"), opening=opening)
    state = apply(new_game(scenario, OPENING_VERSION), rolloff_for(first))
    assert state.pending is not None and state.pending.kind == PendingKind.PLACE
    return state


GUNNER_FIRST = {
    # opening: the side whose Gunner may shoot first, when player 1 acts first
    "none": 1,
    "gunner-holds": 2,
    "no-first-shot": 2,
    "opening-moves": 1,
}


@pytest.mark.parametrize("opening", OPENINGS)
def test_deployment_says_whose_gunner_may_shoot_first(opening: str) -> None:
    state = placing(opening, first=1)
    placer = state.pending.player if state.pending else 0
    assert placer == 2  # the roll-off winner places first; player 1 acts first
    html = prompt_html(state, UI())
    if opening == "none":
        assert "Your opponent places last, so they act first, and their Gunner shoots" in html
        return
    rule = escape(words.sentence(f"Opening: {OPENINGS[opening].words}"))
    assert f"Your opponent places last, so they act first. {rule}" in html
    if GUNNER_FIRST[opening] == placer:
        assert "Your Gunner may shoot before theirs" in html
    else:
        assert "Their Gunner may shoot before yours" in html


EXPOSURE = {
    # opening: (words for player 2, who acts second; for player 1, who acts first)
    "none": (
        "It acts first and shoots at every card it sees.",
        "You act before it does; then it shoots at every card it sees.",
    ),
}
STANDING_FIRST = (
    "It acts first: it may shoot at once at every card it sees as it stands, or turn first and "
    "shoot later."
)
"""The words for an enemy Gunner on the table that acts first (no opening)."""
UNPLACED = "Not placed yet, it may still stand anywhere in its zone. "
"""How the words begin while the enemy Gunner is still to be placed."""


@pytest.mark.parametrize("opening", OPENINGS)
def test_the_exposure_view_says_when_the_enemy_gunner_may_shoot(opening: str) -> None:
    state = placing(opening, first=1)
    for standing, before in ((True, ""), (False, UNPLACED)):
        second, first = (words.exposure_threat(state, p, standing) for p in (2, 1))
        if opening == "none" and standing:  # the view counts its turns; its first shot is as
            # it stands, since turning is its Move (R14, R22)
            assert second == STANDING_FIRST and first == EXPOSURE["none"][1]
            continue
        if opening == "none":
            assert (second, first) == tuple(before + w for w in EXPOSURE["none"])
            continue
        rule = words.sentence(f"Opening: {OPENINGS[opening].words}")
        moved = f"{before}{rule} You move before it may shoot at every card it sees."
        assert first == moved  # player 1's activation 1 comes before
        assert second == moved  # the enemy Gunner may first shoot in activation 3, after 2's 2


def test_how_to_play_states_the_opening_of_new_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """No line while new games play no opening; with rules version 3, the default's words."""
    monkeypatch.setattr(help, "RULES_VERSION", 2)
    assert help.opening_html() == ""
    assert "volley at every soldier of yours" in help.opening_tip()
    monkeypatch.setattr(help, "RULES_VERSION", OPENING_VERSION)
    line = help.opening_html()
    assert "<strong>Opening:</strong>" in line and escape(OPENINGS[DEFAULT_OPENING].words) in line


@pytest.mark.parametrize("opening", ["gunner-holds", "no-first-shot", "opening-moves"])
def test_how_to_plays_tip_holds_back_only_what_the_opening_holds(
    opening: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tip on who shoots first says the first shots are held back only when the opening
    holds every soldier: one that holds the Gunner lets the side acting first shoot with every
    other soldier in its first activation (R5, Opening)."""
    monkeypatch.setattr(help, "new_opening", lambda: OPENINGS[opening])
    tip = help.opening_tip()
    held_one = OPENINGS[opening].card is not None
    assert ("holds back the first shots" in tip) is not held_one
    assert ("every other soldier may shoot at once" in tip) is held_one
    if held_one:
        assert "holds its Gunner back from shooting in the game's first activation" in tip
    assert "the enemy Gunner will still shoot at every soldier of yours it sees" in tip


@pytest.mark.parametrize("opening", ["gunner-holds", "no-first-shot", "opening-moves"])
def test_how_to_play_says_what_the_opening_still_allows(
    opening: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An opening that holds one card lets every other soldier act as usual; one that holds
    every soldier leaves moving, turning and passing; a reacting soldier may shoot (R5, R19)."""
    monkeypatch.setattr(help, "new_opening", lambda: OPENINGS[opening])
    line = help.opening_html()
    held_one = OPENINGS[opening].card is not None
    assert ("Every other soldier may act as usual" in line) is held_one
    assert ("Moving, turning and passing are allowed" in line) is not held_one
    assert "reacting to a Move may shoot" in line


def test_asking_a_held_soldier_to_shoot_says_the_opening() -> None:
    """Shoot pressed on a soldier the opening holds: the reason is the opening (R5), not a Move
    it never made."""
    state = first_activation("opening-moves")
    ui, _ = reduce(UI(), state, Press(Command.SELECT, "armored"))
    ui, action = reduce(ui, state, Press(Command.SHOOT))
    assert action is None
    message = ui.feedback.message
    assert message.startswith("No shooting yet:") and "already moved" not in message, message
    assert ui.feedback.rule == "R5"


@pytest.mark.parametrize("opening", RESTRICTED_ALL)
def test_a_held_activation_does_not_offer_to_shoot_then_move(opening: str) -> None:
    """While the opening holds every soldier, the prompt does not say "Move then Shoot"."""
    html = prompt_html(first_activation(opening), UI())
    assert "Opening:" in html
    assert "Move then Shoot" not in html, html


def test_a_gunner_only_opening_still_offers_the_others_to_shoot() -> None:
    """Under gunner-holds the other soldiers may still Move then Shoot, and the prompt says so."""
    html = prompt_html(first_activation("gunner-holds"), UI())
    assert "Move then Shoot" in html


def test_what_a_soldier_may_do_once_chosen_is_true_of_the_gunner_and_the_brawler() -> None:
    """A wide screen says what the soldier tapped may do: Move then Shoot, or Shoot then Move,
    save the Gunner, which moves or shoots (R22), and the Brawler, which never shoots (R21);
    while gunner-holds holds the Gunner, it may only Move (R5)."""
    state = first_activation("gunner-holds")
    said = "It may Move then Shoot, or Shoot then Move, except your Gunner and Brawler (only Move)."
    assert said in _wide(prompt_html(state, UI()))
    state = apply(apply(state, End()), End())  # activation 3: the opening holds no more
    said = (
        "It may Move then Shoot, or Shoot then Move, except your Gunner (Move or Shoot) and "
        "Brawler (only Move)."
    )
    assert said in _wide(prompt_html(state, UI()))
    gunner, brawler = state.soldier(1, "gunner"), state.soldier(1, "brawler")
    assert panel.may_do(state, [gunner, brawler]) == (
        "Your Gunner may Move or Shoot; your Brawler may only Move."
    )


TABLES = [(t.name, seed) for t in LIBRARY for seed in ((1, 2, 3) if t.seeded else (0,))]
"""Every built-in table, a random layout at three seeds."""


@pytest.mark.parametrize(("table", "seed"), TABLES)
@pytest.mark.parametrize("opening", ["none", "opening-moves"])
def test_the_advice_against_the_first_volley_fits_the_table(
    table: str, seed: int, opening: str
) -> None:
    """The side whose enemy Gunner may shoot first is told to hide behind tall terrain only on a
    table that has some; on the Open field it is told there is none (R2, R22)."""
    scenario = replace(by_name(table, seed), opening=opening)
    state = apply(new_game(scenario, OPENING_VERSION), rolloff_for(1))
    html = prompt_html(state, UI())
    assert "their Gunner shoots once" in html or "Their Gunner may shoot before yours" in html
    if any(t.tall for t in scenario.terrain):
        assert "hide soldiers behind tall (hatched) terrain" in html
    else:
        assert "terrain" in html and "this table has no tall terrain to hide them behind" in html
        assert "hatched" not in html


COSTS = {("gunner-holds", 1), ("no-first-shot", 1), ("opening-moves", 2)}
"""(opening, activation) where a React that works gives the enemy a Shoot the opening would
have held back (R5, R19): the last activation the opening restricts."""


@pytest.mark.parametrize("mover", ("gunner", "brawler"))
@pytest.mark.parametrize("number", (1, 2, 3))
@pytest.mark.parametrize("opening", OPENINGS)
def test_the_react_question_says_the_enemy_then_may_shoot_only_when_it_may(
    opening: str, number: int, mover: str
) -> None:
    """Player 1's ``mover``, its only soldier, moves 3 L in sight of player 2's Brawler in the
    game's activation ``number``. The React question and its confirm step say, on a wide screen
    and a phone, "Then the enemy plays, and may Shoot." exactly when the engine, the React
    working and the Brawler's activation over, gives player 1 the next activation with a Shoot
    allowed, where without a React player 2 would have played that activation itself: the last
    activation the opening holds back (R5, R19), and player 1 has a soldier that shoots (its
    Gunner; not its Brawler, R21). Otherwise the confirm step says only that the enemy plays
    after it, and the question nothing of it."""
    scenario = replace(by_name("open"), opening=opening)
    state = arrange(
        {(1, mover): (2.0, 8.5, 90.0), (2, "brawler"): (7.0, 6.0, 180.0)},
        scenario=scenario,
        others=False,
        rules_version=OPENING_VERSION,
    )
    state = replace(state, activation_number=number)
    if mover == "gunner":
        asking = play(state, Move("gunner", 90.0, 90.0), R(3))
    else:
        asking = play(state, Move("brawler", None, 90.0), R(1, 1, 1), Path(((5.0, 8.5),)))
    assert asking.pending is not None and asking.pending.kind == PendingKind.REACT
    ui = settle(UI(), asking)[0]
    confirm = replace(ui, choice=replace(ui.choice, pick="brawler"))
    costs = (opening, number) in COSTS and mover == "gunner"
    question, confirming = prompt_html(asking, ui), prompt_html(asking, confirm)
    for html in (question, confirming):
        assert ("the enemy plays, and may Shoot." in phone_text(html)) is costs
    assert ("Then the enemy plays, and may Shoot." in wide_text(question)) is costs
    assert ("the enemy plays after it, and may Shoot." in wide_text(confirming)) is costs
    assert "the enemy plays after it" in wide_text(confirming)
    assert "; then the enemy plays" in phone_text(confirming)
    reacted = play(asking, React("brawler"), R(6, 6), Stop(1.0), End())
    assert reacted.pending == Pending(PendingKind.ACT, 1)
    assert reacted.activation_number == number + 1
    enemy_may = q.can_act(reacted, reacted.soldier(1, mover))[1]
    let_go = play(asking, React(None), Face(90.0))  # it has moved and cannot shoot (R22, R5)
    if let_go.pending == Pending(PendingKind.ACT, 1):  # a Brawler's activation ends by itself
        let_go = play(let_go, End())
    assert let_go.pending == Pending(PendingKind.ACT, 2)  # without a React, player 2 plays it
    held_now = not q.opening_of(asking).may_shoot(number, "gunner")  # held back now (R5)
    assert costs is (enemy_may and held_now)
