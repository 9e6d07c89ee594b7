"""What a turn did is on screen when it happens: a person's own activation's results show while
the computer thinks, not after its turn; every activation the computer takes leaves its trace
and can be replayed."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from serm.ai import seated_players
from serm.core import queries as q
from serm.core.actions import Action, End, Face, React, Roll, Shoot
from serm.core.scenario import by_name
from serm.core.state import Event, EventKind, PendingKind, Purpose
from serm.ui import driver, playback, words
from serm.ui.events import Command, ShowEnded
from serm.ui.help import HELP_HTML
from serm.ui.model import ActMode
from serm.ui.panel import log_entry_html, log_html, prompt_html
from serm.ui.screen import computer_to_decide
from serm.ui.words import NUMBERED, named
from serm.view.beats import Beat, BeatKind
from serm.view.overlay import live_elements
from serm.view.pool import pool_markup
from serm.view.show import trail
from serm.view.sight import los_viewers
from tests.ui.player import Screen, deploy_all
from tests.ui.test_reduce import deployed, other_side_to_decide, to_react
from tests.ui.two_screens import phone_text, wide_text


def _against_the_computer(scenario: str, seed: int) -> Screen:
    """A game deployed at this screen, then player 2 handed to the computer (its decisions
    are only played by ``driver.play``; the screen takes none of its input)."""
    s = Screen.new(scenario, seed)
    deploy_all(s)
    s.ui = replace(s.ui, seats=replace(s.ui.seats, computers=frozenset({2})))
    return s


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#x27;", "'")


def test_the_persons_gunner_volley_shows_while_the_computer_thinks() -> None:
    """The Gunner shoots every enemy it sees (R22), one target after another: once its volley
    ends the activation, the computer decides; the panel says "Thinking…" with every shot of
    the volley above it, before the computer acts."""
    s = _against_the_computer("open", 5)
    gunner = s.state.soldier(1, "gunner")
    seen = [e.card for e in q.visible_enemies(s.state, gunner)]
    assert s.state.pending is not None and s.state.pending.player == 1 and len(seen) >= 3
    s.press(Command.SELECT, "gunner")
    s.key("s")
    shot = []
    while s.state.pending is not None and s.state.pending.player == 1:
        p = s.state.pending
        target = p.options[0] if p.kind == PendingKind.TARGET else seen[0]
        shot.append(target)
        s.press(Command.TARGET, target)
        s.press(Command.CONFIRM)
    assert computer_to_decide(s.state, s.ui)
    said = _text(s.prompt())
    assert "Thinking…" in said
    for card in shot[-2:]:  # the last lines of the volley (the panel keeps RECENT_SHOWN)
        title = s.state.soldier(2, card).type.title
        assert f"Player 1's Gunner shoots at Player 2's {title}." in said, said
    assert said.index("shoots at") < said.index("Thinking…")


def test_every_computer_activation_leaves_a_trace_and_can_be_replayed() -> None:
    """Whatever the computer's activation was (a Move, one that went nowhere, a Turn, even to
    the facing it had, a Shoot, a pass, one with a React asked of the person inside it), once
    the person decides again its trail is drawn and Replay last turn is offered."""
    kinds: set[str] = set()
    for seed in (2, 3):
        game = driver.new_game(by_name("default", seed), seed, {2: "easy"})
        ui = driver.open_ui(game)
        players = seated_players({1: "easy", 2: "easy"}, seed)
        acts: list[Action] = []
        while game.state.pending is not None and len(game.record.actions) < 300:
            p = game.state.pending
            action = players[p.player].decide(game.state)
            if p.player == 2 and p.kind != PendingKind.PLACE:
                acts.append(action)
            ui = driver.play(game, ui, action, human=p.player == 1).ui
            ui = driver.step(game, ui, ShowEnded(ui.playback.shows)).ui  # watched to its end
            now = game.state.pending
            if not (now and now.player == 1 and now.kind == PendingKind.ACT and acts):
                continue
            said = f"seed {seed}: {acts} left {ui.playback.last}"
            if not isinstance(acts[0], React):  # a React inside the person's own activation
                assert playback.to_replay(ui, game.state), said
                assert "Replay last turn" in prompt_html(game.state, ui), said
                assert trail(ui.playback.last, game.state), said
                kinds.add(type(acts[0]).__name__)
            acts = []
    assert {"Move", "Turn"} <= kinds, kinds


def test_a_computer_pass_is_shown_and_replayed() -> None:
    """A pass (R7) moves nothing: the board still says so, and Replay last turn plays it."""
    s = _against_the_computer("open", 3)
    if s.state.pending is not None and s.state.pending.player == 1:
        s.press(Command.END)  # the person passes first
    assert s.state.pending is not None and s.state.pending.player == 2
    s.ui = driver.play(s.game, s.ui, End(), human=False).ui
    s.ui = driver.step(s.game, s.ui, ShowEnded(s.ui.playback.shows)).ui
    assert s.state.pending is not None and s.state.pending.player == 1
    assert playback.to_replay(s.ui, s.state) and "Replay last turn" in s.prompt()
    assert "Player 2 passes" in trail(s.ui.playback.last, s.state)


def test_a_computer_pass_is_told_in_what_just_happened() -> None:
    """After the computer passes (R7), what just happened says so, on a phone's bar too: the
    band kept the person's own last line, and the computer's turn read as not yet played."""
    s = _against_the_computer("open", 3)
    if s.state.pending is not None and s.state.pending.player == 1:
        s.press(Command.SELECT, "ranger")
        s.press(Command.TURN)
        s.press(Command.CONFIRM)  # a Turn, its end told in the log
    assert s.state.pending is not None and s.state.pending.player == 2
    s.ui = driver.play(s.game, s.ui, End(), human=False).ui
    s.ui = driver.step(s.game, s.ui, ShowEnded(s.ui.playback.shows)).ui
    box = re.search(r'<ul class="recent"[^>]*>(.*?)</ul>', s.prompt())
    assert box is not None
    items = re.findall(r"<li[^>]*>(.*?)</li>", box[1])
    for seen in (phone_text(items[-1]), wide_text(items[-1])):
        assert "Player 2 passes." in seen, items


def test_the_other_persons_pass_is_told_in_what_just_happened() -> None:
    """Two people at one screen: after one passes (R7), the other reads it as the newest line
    of what just happened, on a phone's bar as on a wide screen."""
    s = deployed()
    p = s.state.pending
    assert p is not None and p.kind == PendingKind.ACT
    s.press(Command.END)
    now = s.state.pending
    assert now is not None and now.player == 3 - p.player
    for seen in _newest_news(s.prompt()):
        assert seen == f"Player {p.player} passes.", seen


def _computer_volley(hits: dict[str, bool]) -> Screen:
    """The computer's Gunner (player 2, acting first) shoots the person's soldiers in the order
    of ``hits``, each eliminated or spared as its value says (R21, R22): the dice set by hand,
    each roll played as the computer's game rolls it. The person decides next, the show seen."""
    s = deployed(referee=True)
    seats = replace(
        s.ui.seats, names=("Player 1", "Computer (easy)"), computers=frozenset({2}), referee=False
    )
    s.ui = replace(s.ui, seats=seats)
    gunner = s.state.soldier(2, "gunner")
    assert set(hits) <= {e.card for e in q.visible_enemies(s.state, gunner)}
    for card, eliminated in hits.items():
        s.ui = driver.play(s.game, s.ui, Shoot("gunner", card), human=False).ui
        while s.waiting(PendingKind.ROLL):
            p = s.state.pending
            assert p is not None and p.pool is not None
            high = (p.purpose == Purpose.SHOOT) == eliminated
            faces = tuple((5 if high else 1,) for _ in range(p.pool.dice))
            s.ui = driver.play(s.game, s.ui, Roll(faces), human=False).ui
        assert s.state.soldier(1, card).alive != eliminated, card
    s.ui = driver.step(s.game, s.ui, ShowEnded(s.ui.playback.shows)).ui
    p = s.state.pending
    assert p is not None and p.kind == PendingKind.ACT and p.player == 1
    return s


def _newest_news(html: str) -> list[str]:
    """The newest entry of what just happened, as a phone's short bar and a wide screen show
    it: the list opens on it, and a phone's is only as tall as it (``serm.web.paint``)."""
    box = re.search(r'<ul class="recent"[^>]*>(.*?)</ul>', html)
    assert box is not None, html
    newest = re.findall(r"<li[^>]*>(.*?)</li>", box[1])[-1]
    return [phone_text(newest), wide_text(newest)]


@pytest.mark.parametrize(
    "hits",
    [
        {"ranger": False, "gunner": False, "armored": False, "assault": True, "brawler": True},
        {"assault": True, "brawler": True, "ranger": False, "gunner": False, "armored": False},
        {"brawler": True, "ranger": False, "gunner": False, "armored": False, "assault": False},
    ],
    ids=["two-last", "two-first", "one-then-spared"],
)
def test_every_soldier_the_computer_s_volley_eliminated_is_named_in_the_newest_news(
    hits: dict[str, bool],
) -> None:
    """The computer's Gunner shoots every enemy it sees (R22): when its volley eliminates
    soldiers the newest line of what just happened does not name (several, or one before a
    shot that spared its target), the newest line names them all, on a phone's short bar as
    on a wide screen: the board shows every one fade out, and the bar shows only its newest
    line."""
    s = _computer_volley(hits)
    lost = [card for card, eliminated in hits.items() if eliminated]
    titles = " and ".join(s.state.soldier(1, card).type.title for card in lost)
    verb = "are" if len(lost) > 1 else "is"
    for seen in _newest_news(s.prompt()):
        assert f"Player 1's {titles} {verb} eliminated!" in seen, seen


def test_one_elimination_told_by_the_newest_line_is_not_told_again() -> None:
    """When the volley's one elimination is its last shot, the newest line names it already:
    no line repeats it."""
    s = _computer_volley(
        {"ranger": False, "gunner": False, "armored": False, "assault": False, "brawler": True}
    )
    html = s.prompt()
    assert "lost" not in re.findall(r'<li class="([^"]*)"', html)[-1]
    for seen in _newest_news(html):
        assert seen.endswith("Player 1's Brawler is eliminated!"), seen


def test_the_soldiers_lost_are_named_in_the_order_they_fell_each_side_once() -> None:
    state = deployed().state
    lost = [state.soldier(2, "ranger"), state.soldier(1, "assault"), state.soldier(1, "gunner")]
    assert words.eliminated(lost[:1]) == "Player 2's Ranger is eliminated!"
    assert words.eliminated(lost[1:]) == "Player 1's Assault and Gunner are eliminated!"
    assert words.eliminated(lost + [state.soldier(1, "armored")]) == (
        "Player 2's Ranger and Player 1's Assault, Gunner and Armored are eliminated!"
    )


def test_replay_last_turn_is_called_so_on_a_phone_as_how_to_play_calls_it() -> None:
    """The button that plays the other side's last turn again reads "Replay last turn" on a
    phone's short bar as on a wide screen (its name to a screen reader too), the words How to
    play uses: "Replay" alone reads as the whole game's."""
    s = _against_the_computer("open", 3)
    if s.state.pending is not None and s.state.pending.player == 1:
        s.press(Command.END)
    s.ui = driver.play(s.game, s.ui, End(), human=False).ui
    s.ui = driver.step(s.game, s.ui, ShowEnded(s.ui.playback.shows)).ui
    found = re.search(r'<button[^>]*data-action="replay-last"[^>]*>(.*?)</button>', s.prompt())
    assert found is not None and "aria-label" not in found.group(0), s.prompt()
    assert phone_text(found.group(1)) == wide_text(found.group(1)) == "Replay last turn"
    assert "<em>Replay last turn</em>" in " ".join(HELP_HTML.split())


def test_no_react_is_asked_when_none_offered_can_succeed() -> None:
    """A React succeeds only above the Move total (R19) and one that fails changes nothing: when
    no soldier offered could roll above it, the person is not asked, and the log's line says
    why, not that they chose not to react. The line stays with the turn's news: after the
    mover's turn (the computer's, here) ends, the person still reads it."""
    s = deployed(referee=True)
    s.key("4")
    s.key("m")
    s.key("Enter")
    s.dice("6|6")  # 12: the most any React of one or two dice rolls
    assert not s.waiting(PendingKind.REACT) and not s.waiting(PendingKind.ROLL)
    why = "No React: none of Player 1's soldiers can beat Move 12."
    assert [named(e.text, NUMBERED) for e in s.game.events].count(why) == 1
    assert not any("does not react" in e.text for e in s.game.events)
    assert why in _text(s.prompt())
    s.ui = replace(s.ui, seats=replace(s.ui.seats, computers=frozenset({2})))
    s.ui = driver.play(s.game, s.ui, Face(None, player=2), human=False).ui
    s.ui = driver.play(s.game, s.ui, End(), human=False).ui
    s.ui = driver.step(s.game, s.ui, ShowEnded(s.ui.playback.shows)).ui
    assert s.waiting(PendingKind.ACT) and s.state.pending is not None
    assert s.state.pending.player == 1
    assert why in _text(s.prompt())


def test_a_react_that_can_succeed_is_still_asked() -> None:
    s = deployed(referee=True)
    s.key("4")
    s.key("m")
    s.key("Enter")
    s.dice("5|6")  # 11: a React of two dice may roll 12
    assert s.waiting(PendingKind.REACT)
    assert "0%: cannot beat 11" in s.prompt()  # the one-die Reacts shown as no chance


def test_a_roll_against_a_roll_is_said_in_signs_on_a_phone_and_in_words_elsewhere() -> None:
    """A result's line in what just happened: in words on a wide screen and in the log
    ("Shoot 5 does not beat Endure 7: …"), in signs on a phone's narrow list ("Shoot 5 ≤
    Endure 7: …", "React 6 > Move 1: …"); a line that compares no rolls is said once."""
    miss = Event(EventKind.MISS, "Shoot 5 does not beat Endure 7: player 1's Armored survives.")
    html = log_entry_html(miss)
    assert '<span class="wide-words">Shoot 5 does not beat Endure 7: Player 1&#x27;s' in html
    assert '<span class="phone-words">Shoot 5 ≤ Endure 7: Player 1&#x27;s Armored' in html
    react = log_entry_html(Event(EventKind.ROLL, "React 6 beats Move 1: player 1 picks.", ((6,),)))
    assert '<span class="phone-words">React 6 &gt; Move 1: Player 1 picks.</span>' in react
    assert log_entry_html(Event(EventKind.ROLL, "Endure roll: 7.")) == (
        '<li class="log-roll">Endure roll: 7.</li>'
    )


def test_the_last_turns_marks_go_once_a_new_choice_begins() -> None:
    """The other side's last turn is drawn as a trail (its shot lines, a ring round each
    target) while this side looks at the board and picks its soldier; once that soldier's Move
    is aimed (R15), its Turn set (R14) or its target picked (R21), the trail's marks are no
    longer drawn over the choice, nor offered again by Replay last turn, and its news is said
    on a wide screen only; Back to the soldier's menu brings them back."""
    s = other_side_to_decide()
    p = s.state.pending
    assert p is not None and p.kind == PendingKind.ACT
    assert trail(s.ui.playback.last, s.state) and s.view().covered, "no trail to clear"
    shooters = [x for x in s.state.alive(p.player) if x.on_table and x.type.shoot]
    seeing = [x for x in shooters if q.visible_enemies(s.state, x)]
    ways = [(Command.MOVE, shooters[0]), (Command.TURN, shooters[0])]
    ways += [(Command.SHOOT, x) for x in seeing[:1]]
    assert len(ways) == 3, "no soldier of this side sees an enemy"
    for command, soldier in ways:
        s.press(Command.SELECT, soldier.card)
        assert playback.to_replay(s.ui, s.state) and s.view().covered  # its menu: still drawn
        assert "Replay last turn" in s.prompt()
        assert '<ul class="recent"' in s.prompt()  # the last turn's news: on every screen
        s.press(command)
        assert s.ui.choice.mode != ActMode.MENU, command
        assert not playback.to_replay(s.ui, s.state), command  # ``paint`` draws no trail
        assert s.view().covered == (), command
        assert "Replay last turn" not in s.prompt(), command
        # its news is left out of a phone's short bar, which keeps its room for the choice
        assert '<ul class="recent wide-only"' in s.prompt(), command
        s.press(Command.CANCEL)
        assert s.ui.choice.mode == ActMode.MENU and playback.to_replay(s.ui, s.state), command
        s.press(Command.CANCEL)


def test_only_a_six_rolled_again_is_marked_wherever_dice_are_drawn() -> None:
    """Shoot and Endure sixes roll again, Move and React sixes do not (R9): the gold six mark
    (``.die.six`` in the log, the news band and the viewer; ``g.die.sixes`` in the show's dice
    row on the board) is only on a six whose die was rolled again."""
    move = Event(EventKind.ROLL, "Player 1's Brawler rolls 13 to move.", ((2,), (5,), (6,)))
    react = Event(EventKind.ROLL, "React 7 beats Move 6: player 2 picks.", ((1,), (6,)))
    shoot = Event(EventKind.ROLL, "Shoot roll: 13.", ((6, 3), (4,)))
    for event in (move, react):
        for html in (log_entry_html(event), log_html([event], [1])):
            assert '<span class="die">6</span>' in html and "six" not in html, html
    for html in (log_entry_html(shoot), log_html([shoot], [1])):
        assert '<span class="die six">6</span><span class="arrow">→</span>' in html, html
        assert html.count("die six") == 1, html
    for faces, purpose, marked in ((move.faces, "move", 0), (shoot.faces, "shoot", 1)):
        roll = Beat(BeatKind.ROLL, (1, "brawler"), ((5.0, 5.0, 0.0),), faces=faces, purpose=purpose)
        assert pool_markup(roll, 0, 11.0).count('class="die sixes"') == marked


def test_the_end_facing_handle_and_sight_wait_for_the_move_shown_to_end() -> None:
    """R14: once a Move slid, its card's end facing is set by a handle round it. While the show
    still slides the card there, the card stands elsewhere on the board: neither the handle nor
    its sight is drawn where the move ends (they were, beside what it slid toward); once the
    show ends, both are."""
    s = to_react()
    s.shows_end = False
    s.key("n")
    assert s.waiting(PendingKind.FACE) and s.ui.playback.playing
    mover = s.ui.choice.soldier
    assert mover is not None
    assert any(b.card == mover and b.kind == "move" for b in s.ui.playback.show)
    view = s.view()
    assert view.facing_handle is None and 'class="facing-handle"' not in overlay_markup(s)
    assert not los_viewers(s.state, view)
    s.send(ShowEnded(s.ui.playback.shows))
    assert s.view().facing_handle is not None and 'class="facing-handle"' in overlay_markup(s)
    assert [(v.player, v.card) for v in los_viewers(s.state, s.view())] == [mover]


def overlay_markup(s: Screen) -> str:
    return "".join(str(e) for e in live_elements(s.state, s.view()))


def test_replay_last_turn_draws_no_choice_of_now_over_the_turn_replayed() -> None:
    """A soldier chosen, then Replay last turn: while the turn replays, the chosen soldier is
    drawn neither chosen nor with its sight (the board shows then, not now); once the show
    ends, it is chosen again as it was."""
    s = other_side_to_decide()
    p = s.state.pending
    assert p is not None and p.kind == PendingKind.ACT
    soldier = next(x for x in s.state.alive(p.player) if x.on_table)
    s.press(Command.SELECT, soldier.card)
    chosen = (soldier.player, soldier.card)
    assert s.view().selected == chosen
    s.press(Command.REPLAY_LAST)
    assert s.ui.playback.playing, "the last turn is replayed"
    assert s.view().selected is None
    s.ui = playback.ended(s.ui, s.ui.playback.shows)
    assert s.view().selected == chosen
