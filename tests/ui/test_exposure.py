"""The Exposure view of deployment (R5, R22) against the engine: the worst enemy Gunner pose it
draws sees exactly the cards it names (``los.sees``, R12), no pose of the grid sees more, and the
shading counts the shading poses that see a card at each spot."""

from __future__ import annotations

import random
import re
from dataclasses import replace

from serm.core import cover
from serm.core import queries as q
from serm.core.actions import Place
from serm.core.game import Game
from serm.core.geometry import Vec, card_polygon
from serm.core.los import sees
from serm.core.scenario import Scenario, by_name
from serm.core.state import PendingKind, Soldier, State, Status
from serm.ui import deploy, driver, exposure, rest, snapshot
from serm.ui.events import Command, Rest
from serm.ui.reduce import reduce
from serm.view.model import Ghost
from serm.view.render import overlay_parts
from tests.ui.player import Screen


def working(s: Screen) -> int:
    """Rest events until the Exposure view has no work left; how many."""
    steps = 0
    while exposure.wanted(s.state, s.ui):
        s.send(Rest())
        steps += 1
        assert steps < 5000
    return steps


def placing(table: str = "default", seed: int = 3) -> Screen:
    s = Screen.new(table, seed)
    s.press(Command.EXPOSURE)
    assert s.ui.settings.exposure
    return s


def place_at(s: Screen, x: float, y: float, facing: float) -> None:
    """Move the card being placed to (x, y, facing) by pointer and keys, then place it."""
    g = s.ui.ghost
    assert g is not None
    s.drag((g.x, g.y), (x, y))
    while s.ui.ghost is not None and abs((s.ui.ghost.facing - facing + 180) % 360 - 180) > 1:
        s.key("e")
    s.key("Enter")
    assert not s.message, s.message


def check_against_engine(state: State, ev_player: int, s: Screen) -> None:
    ev = exposure.view(state, s.ui)
    assert ev is not None and ev.ready and ev.player == ev_player
    sc = state.scenario
    tall = cover.tall_of(sc)
    mine = [x for x in state.alive(ev_player) if x.on_table]
    cards = [x.polygon() for x in mine]
    poses = cover.gunner_poses(sc, 3 - ev_player, exposure.RESOLUTION)
    most, _ = cover.most_seen(cards, poses, tall)
    if most == 0:
        assert ev.worst is None and ev.seen == ()
        return
    assert ev.worst is not None
    x, y, facing = ev.worst
    assert any((v[0].x, v[0].y, v[1]) == (x, y, facing) for v in poses.viewers), (
        "the drawn pose is one of the grid's"
    )
    pose = (Vec(x, y), facing, False)
    seen = {t.card for t in mine if sees(pose, t.polygon(), tall)}
    assert set(ev.seen) == seen, "the count is what the engine sees from the drawn pose"
    assert len(seen) == most, "no pose of the grid sees more"
    html = s.prompt()
    yours = "your card" if len(mine) == 1 else f"{len(seen)} of your {len(mine)} cards"
    assert f"The enemy Gunner could see {yours} from here" in html
    sight = overlay_parts(state, s.view()).sight
    assert f'data-seen="{len(seen)}"' in sight and "exposure-worst" in sight


def test_the_worst_enemy_gunner_pose_sees_what_the_engine_says() -> None:
    s = placing()
    assert "Working out where the enemy Gunner could stand" in s.prompt()
    first = s.state.pending
    assert first is not None and first.kind == PendingKind.PLACE
    me = first.player
    steps = working(s)
    assert steps >= len(exposure.FACINGS)  # one facing per step, then the shading
    ev = exposure.view(s.state, s.ui)
    assert ev is not None and ev.ready and ev.placed == 0 and ev.worst is None
    rng = random.Random(7)
    zone = s.state.scenario.zone(me)
    for _ in range(3):
        p = s.state.pending
        assert p is not None
        if p.player == me:
            spot = (rng.uniform(zone.x0 + 0.6, zone.x1 - 0.6), (zone.y0 + zone.y1) / 2)
            facing = exposure.facing_enemy(me)
            place_at(s, spot[0], spot[1], facing)
        else:
            s.key("Enter")
        p = s.state.pending
        assert p is not None
        if p.player == me:
            working(s)
            check_against_engine(s.state, me, s)
    assert s.state.status == Status.DEPLOYMENT


def test_each_step_is_a_slice_and_the_shading_counts_the_poses_that_see_a_spot() -> None:
    s = placing("default")
    p = s.state.pending
    assert p is not None
    working(s)
    ev = exposure.view(s.state, s.ui)
    assert ev is not None and ev.shade_done and ev.shade
    sc = s.state.scenario
    poses = cover.gunner_poses(sc, 3 - p.player, exposure.RESOLUTION)
    shading = [poses.viewers[j] for j in range(0, len(poses), exposure.SHADE_EVERY)]
    tall = cover.tall_of(sc)
    spots = exposure.spots(sc, p.player)
    assert len(spots) == len(ev.shade)
    for i in random.Random(3).sample(range(len(spots)), 6):
        pos, facing = spots[i]
        card = card_polygon(pos, facing)
        direct = sum(1 for v in shading if sees(v, card, tall))
        x, y, share = ev.shade[i]
        assert (x, y) == (pos.x, pos.y)
        assert round(share * len(shading)) == direct, (pos, direct)
    shares = {share for *_, share in ev.shade}
    assert len(shares) > 1, "the shading tells spots apart"


def test_the_view_is_off_by_default_and_leaves_with_the_deployment() -> None:
    s = Screen.new("default", 3)
    assert not s.ui.settings.exposure and not exposure.wanted(s.state, s.ui)
    assert s.view().exposure is None and "Exposure:" not in s.prompt()
    assert 'data-action="exposure" aria-pressed="false"' in s.prompt()
    s.key("x")
    assert s.ui.settings.exposure and 'aria-pressed="true"' in s.prompt()
    working(s)
    kept = s.ui.exposure
    s.key("Enter")  # a card placed: the work already done is kept
    assert s.ui.exposure and s.ui.exposure[0] is kept[0]
    while s.waiting(PendingKind.PLACE):
        s.key("Enter")
    assert s.ui.exposure == () and s.view().exposure is None
    ui = s.ui
    assert reduce(ui, s.state, Rest())[0] is ui


def test_a_computer_side_is_not_looked_at() -> None:
    s = Screen.new("default", 3, computer={2: "easy"})
    s.key("x")
    assert exposure.side(s.state, s.ui) == 1


def test_a_first_game_opens_with_the_view_on_and_a_saved_screen_keeps_its_choice() -> None:
    game = driver.new_game(by_name("default"), 3)
    assert driver.open_ui(game, first=True).settings.exposure
    assert not driver.open_ui(game).settings.exposure
    on = driver.open_ui(game, first=True)
    assert driver.open_ui(game, snapshot.to_dict(on)).settings.exposure
    off = replace(on, settings=replace(on.settings, exposure=False))
    assert not driver.open_ui(game, snapshot.to_dict(off), first=True).settings.exposure


def test_the_page_is_asked_for_rest_while_the_view_has_work_left() -> None:
    s = placing()
    assert rest.wanted(s.state, s.ui)
    working(s)
    assert not rest.wanted(s.state, s.ui)
    s.key("Enter")  # a card placed: its mask is work again
    assert rest.wanted(s.state, s.ui) == exposure.wanted(s.state, s.ui)


def test_the_toggle_says_whether_the_view_is_on_before_any_card_is_placed() -> None:
    """A first game, before any card is placed and before the shading is worked out: the board
    shows nothing of the view yet, so the button itself says it is on, and the first press
    changes its words to off (and back)."""
    game = driver.new_game(by_name("default"), 3)
    s = Screen(game)
    s.ui = driver.open_ui(game, first=True)
    assert s.waiting(PendingKind.PLACE) and s.view().exposure is not None
    assert not s.view().exposure.shade_done  # type: ignore[union-attr]
    assert 'aria-pressed="true">Exposure view: on' in s.prompt()
    s.press(Command.EXPOSURE)
    assert 'aria-pressed="false">Exposure view: off' in s.prompt()
    s.press(Command.EXPOSURE)
    assert 'aria-pressed="true">Exposure view: on' in s.prompt()


def test_before_the_first_card_the_words_tell_the_shading_already_shown() -> None:
    """No card placed yet, the shading already on the board: the words say first what the
    shading means, then what a card placed adds, not that the board waits for a card."""
    s = placing()
    working(s)
    ev = exposure.view(s.state, s.ui)
    assert ev is not None and ev.placed == 0 and ev.shade_done
    assert "exposure-shade" in overlay_parts(s.state, s.view()).sight
    said = s.prompt()
    assert said.index("Red squares") < said.index("Once you place a card, the board also shows")


def test_the_shadings_green_claims_no_more_than_its_sample_shows() -> None:
    """The shading tests every ``SHADE_EVERY``-th pose of the enemy Gunner still in hand, so a
    square shaded green may be seen from poses between them: in a played deployment, with four
    enemy cards down, 9 of the poses still free see an Armored at (6.3, 9.2) facing 0 and none
    of them is one the shading tests (the Gunner then stood in such a gap and shot it, R22).
    The words say green is seen from few spots or none, never from none."""
    sc = by_name("default", 0)
    poses = cover.gunner_poses(sc, 2)
    down = [(Vec(2.80, 1.08), 180.0), (Vec(1.20, 1.40), 120.0), (Vec(8.95, 1.18), 180.0)]
    down.append((Vec(7.23, 1.36), 120.0))
    seen = cover.bits(
        cover.seen_mask(card_polygon(Vec(6.3, 9.2), 0.0), poses, cover.tall_of(sc))
        & cover.clear_mask(poses, down)
    )
    assert seen and not [i for i in seen if i % exposure.SHADE_EVERY == 0]
    s = placing()
    working(s)
    said = s.prompt()
    assert "green: from few or none." in said and "green: from none" not in said


def test_the_worst_pose_and_the_shading_leave_out_poses_on_the_enemy_cards_placed() -> None:
    """An enemy card stands where the worst pose for my cards would be: the view then draws,
    counts and shades only the poses the enemy Gunner may still take (R4), and says so."""
    s = placing()
    me = s.state.first_placer
    enemy = 3 - me
    sc = s.state.scenario
    s.game.play(Place("ranger", sc.zone(me).x0 + 0.6, _mid_y(sc, me), exposure.facing_enemy(me)))
    mine = [x.polygon() for x in s.state.alive(me) if x.on_table]
    poses = cover.gunner_poses(sc, enemy, exposure.RESOLUTION)
    tall = cover.tall_of(sc)
    top, where = cover.worst(cover.seen_mask(c, poses, tall) for c in mine)
    assert top
    pos, facing, _ = poses.viewers[cover.bits(where)[0]]
    s.game.play(Place("assault", pos.x, pos.y, facing))
    assert s.state.pending is not None and s.state.pending.player == me
    working(s)
    ev = exposure.view(s.state, s.ui)
    assert ev is not None and ev.ready and ev.worst is not None
    x, y, f = ev.worst
    assert q.placement_problem(s.state, enemy, "gunner", x, y, f) is None, "a pose it may take"
    free = cover.clear_mask(poses, [(t.pos, t.facing) for t in s.state.on_table()])
    best, _ = cover.worst(cover.seen_mask(c, poses, tall) & free for c in mine)
    seen = {t.card for t in s.state.alive(me) if sees((Vec(x, y), f, False), t.polygon(), tall)}
    assert set(ev.seen) == seen and len(seen) == best
    assert "Not placed yet, it may still stand anywhere free in its zone." in s.prompt()
    shading = cover.Poses.of(poses.viewers[:: exposure.SHADE_EVERY])
    open_ = cover.clear_mask(shading, [(t.pos, t.facing) for t in s.state.on_table()])
    shut = [v for i, v in enumerate(shading.viewers) if not open_ >> i & 1]
    assert shut, "the enemy card stands on some shading poses"
    at = exposure.spots(sc, me)
    checked = 0
    for i, (spot, g) in enumerate(at):
        card = card_polygon(spot, g)
        if not any(sees(v, card, tall) for v in shut):
            continue
        direct = sum(
            1 for j, v in enumerate(shading.viewers) if open_ >> j & 1 and sees(v, card, tall)
        )
        assert ev.shade[i][2] == direct / open_.bit_count(), spot
        checked += 1
        if checked == 3:
            break
    assert checked, "a spot seen from a pose the enemy card stands on"


def _mid_y(sc: Scenario, player: int) -> float:
    z = sc.zone(player)
    return (z.y0 + z.y1) / 2


def _ghost_at(s: Screen, x: float, y: float, facing: float) -> Ghost:
    """The card being placed shown at (x, y, facing), as the board gets it once it rests."""
    g = s.ui.ghost
    assert g is not None
    s.ui = replace(s.ui, ghost=deploy.moved(s.state, g, x, y, facing))
    shown = s.view().ghost
    assert shown is not None
    return shown


TRIAL_PLACES = (
    Place("armored", 4.982558010080253, 0.7680202182789394, 210.0),
    Place("ranger", 5.0, 9.0, 0.0),
    Place("assault", 5.652260713499553, 1.3794728499683653, 120.0),
    Place("gunner", 4.150000305175781, 9.0, 0.0),
    Place("ranger", 1.3068393964536034, 1.0552992797893062, 240.0),
    Place("armored", 5.85, 9.0, 0.0),
    Place("brawler", 3.9204503081643747, 1.4048261859312876, 180.0),
)
"""The first seven cards of the phone trial's game on Two walls (seed 335429874): player 1's
fourth card, the Assault, comes next."""


def test_the_label_of_the_card_being_placed_says_what_the_shading_says() -> None:
    """A spot the shading draws green (no pose still open to the enemy Gunner sees a card there)
    is never labelled seen, and a red one always is: the label asks the shading's own poses,
    less those the enemy cards already stand on (R4). In the phone trial the Assault at
    (3.3, 9.0) stood on green and was labelled seen."""
    s = placing("default", 335429874)
    for action in TRIAL_PLACES:
        s.game.play(action)
    me = 1
    assert s.state.pending is not None and s.state.pending.player == me
    s.ui = replace(s.ui, ghost=deploy.new_ghost(s.state, me, "assault"))
    working(s)
    ev = exposure.view(s.state, s.ui)
    assert ev is not None and ev.shade_done
    shares = {(round(x, 6), round(y, 6)): share for x, y, share in ev.shade}
    assert not _ghost_at(s, 3.3, 9.0, 0.0).seen
    told = {True: 0, False: 0}
    for pos, facing in exposure.spots(s.state.scenario, me):
        g = _ghost_at(s, pos.x, pos.y, facing)
        if g.problem is not None:  # on a card of mine
            continue
        assert g.seen == (shares[(round(pos.x, 6), round(pos.y, 6))] > 0), pos
        told[g.seen] += 1
    assert told[True] and told[False], told


def enemy_gunner_standing() -> tuple[Screen, int, Scenario]:
    """A deployment where my Ranger and the enemy Gunner are down and my Assault is being
    placed: the session, my player number and the table."""
    s = placing()
    me = s.state.first_placer
    sc = s.state.scenario
    s.game.play(Place("ranger", sc.zone(me).x0 + 0.6, _mid_y(sc, me), exposure.facing_enemy(me)))
    s.game.play(Place("gunner", 1.0, _mid_y(sc, 3 - me), exposure.facing_enemy(3 - me)))
    s.ui = replace(s.ui, ghost=deploy.new_ghost(s.state, me, "assault"))
    working(s)
    return s, me, sc


def turned_sees(state: State, gunner: Soldier, target: Soldier) -> bool:
    """The engine's answer to "may ``gunner`` see ``target`` once it has turned where it stands?"
    (R14: turning in place is its Move; R4: a facing its card may take there; R11-R13), asked at
    its facing now and at each of the view's ``TURNS``."""
    facings = (gunner.facing, *exposure.TURNS)
    return any(
        q.facing_problem(state, gunner, f) is None
        and q.sees_soldier(state, replace(gunner, facing=f), target)
        for f in facings
    )


def most_seen_turned(state: State, gunner: Soldier, mine: list[Soldier]) -> tuple[float, set[str]]:
    """The facing, of those ``turned_sees`` asks at (the first of equals), at which the standing
    ``gunner`` sees the most of ``mine``, and those cards (the engine's own sight)."""
    best: tuple[float, set[str]] = (gunner.facing, set())
    for f in (gunner.facing, *exposure.TURNS):
        if q.facing_problem(state, gunner, f) is not None:
            continue
        turned = replace(gunner, facing=f)
        seen = {x.card for x in mine if q.sees_soldier(state, turned, x)}
        if len(seen) > len(best[1]):
            best = (f, seen)
    return best


def test_the_label_follows_the_enemy_gunner_once_it_stands_and_nothing_with_the_view_off() -> None:
    """Once the enemy Gunner stands, the label of the card being placed says whether that Gunner
    may see it there once it has turned where it stands (R14, R11-R13); with the Exposure view
    off, it says nothing of it."""
    s, me, sc = enemy_gunner_standing()
    gunner = exposure.standing_gunner(s.state, me)
    assert gunner is not None
    told = set()
    for x in (2.0, 3.5, 5.0, 6.5, 8.0, 9.2):
        for y in (_mid_y(sc, me), sc.zone(me).y0 + 0.6, sc.zone(me).y1 - 0.6):
            g = _ghost_at(s, x, y, exposure.facing_enemy(me))
            if g.problem is not None:
                continue
            there = replace(s.state.soldier(me, g.card), x=g.x, y=g.y, facing=g.facing, placed=True)
            assert g.seen == turned_sees(s.state, gunner, there), (x, y)
            told.add(g.seen)
    assert told == {True, False}
    s.press(Command.EXPOSURE)
    assert not s.ui.settings.exposure
    assert not _ghost_at(s, 5.0, _mid_y(sc, me), exposure.facing_enemy(me)).seen


def test_once_the_enemy_gunner_stands_the_shading_shows_what_it_may_see_after_turning() -> None:
    """The shading, the words and the label of the card being placed follow one rule once the
    enemy Gunner is on the table: red where it may see a card facing it once it has turned where
    it stands (R14), green where it may not (R11-R13), as the card being placed at that spot is
    labelled."""
    s, me, sc = enemy_gunner_standing()
    ev = exposure.view(s.state, s.ui)
    assert ev is not None and ev.standing and ev.shade_done
    said = (
        "Red squares: turning where it stands, it could see a card facing it there; green: it "
        "could not."
    )
    assert said in s.prompt()
    shares = {share for *_, share in ev.shade}
    assert shares == {0.0, 1.0}
    for x, y, share in ev.shade[::7]:
        g = _ghost_at(s, x, y, exposure.facing_enemy(me))
        if g.problem is None:
            assert g.seen == (share > 0), (x, y)


def test_a_card_the_standing_gunner_sees_only_once_it_has_turned_is_shown_seen() -> None:
    """The enemy Gunner stands facing away from my card: it does not see it now, but turning
    where it stands is its Move (R14), and in a later activation it may shoot at every card it
    then sees (R22). The view says it could see my card, draws the turned Gunner and its sight
    line, and shades that spot red: green is never a spot a turn away from a volley."""
    s = placing()
    me = s.state.first_placer
    sc = s.state.scenario
    away = exposure.facing_enemy(me)  # the enemy Gunner faces its own table edge
    s.game.play(Place("ranger", 7.0, _mid_y(sc, me), exposure.facing_enemy(me)))
    s.game.play(Place("gunner", 7.0, _mid_y(sc, 3 - me), away))  # no wall between them
    assert "Working out the enemy Gunner&#x27;s turns where it stands" in s.prompt()
    working(s)
    gunner = exposure.standing_gunner(s.state, me)
    ranger = s.state.soldier(me, "ranger")
    assert gunner is not None and not q.sees_soldier(s.state, gunner, ranger)
    assert turned_sees(s.state, gunner, ranger)
    ev = exposure.view(s.state, s.ui)
    assert ev is not None and ev.standing and ev.seen == ("ranger",) and ev.worst is not None
    assert ev.worst[2] != gunner.facing  # a pose after a turn, drawn dashed
    board = " ".join(re.findall(r">([^<>]+)<", overlay_parts(s.state, s.view()).sight))
    assert "Turning where it stands, the enemy Gunner could see your card" in board
    assert "Gunner?" in board
    assert "the enemy Gunner could see your card: its sight lines on the board." in s.prompt()
    x, y, share = min(ev.shade, key=lambda c: (c[0] - ranger.x) ** 2 + (c[1] - ranger.y) ** 2)
    there = replace(ranger, x=x, y=y, facing=exposure.facing_enemy(me))
    assert share == 1.0 and turned_sees(s.state, gunner, there)


def test_the_standing_gunners_turns_are_tested_by_the_games_own_sight() -> None:
    """A game of rules version 1 (sampled sight, R12) loaded in its deployment: the standing
    enemy Gunner's turns are tested by that version's sight, as its shots would be, so the view
    does not call a card seen that the game would not let it shoot (exact sight sees this
    Ranger from the Gunner turned to 180; the sampled sight does not)."""
    game = Game(by_name("bunkers"), seed=0, rules_version=1)
    game.roll_pending()
    s = Screen(game)
    assert s.state.first_placer == 1
    s.press(Command.EXPOSURE)
    s.game.play(Place("ranger", 3.926125742223751, 8.877544707650097, 0.0))
    s.game.play(Place("gunner", 6.795403652504628, 1.0070989968623123, 0.0))
    working(s)
    gunner = exposure.standing_gunner(s.state, 1)
    ranger = s.state.soldier(1, "ranger")
    assert gunner is not None
    turned = replace(gunner, facing=180.0)
    assert sees(q.viewer(turned), ranger.polygon(), cover.tall_of(s.state.scenario))  # exact
    assert not q.sees_soldier(s.state, turned, ranger)  # the game's own (sampled) sight
    e = exposure._part(s.ui, 1, s.state)
    assert e.poses is not None
    at = next(i for i, (_, f, _) in enumerate(e.poses.viewers) if f == 180.0)
    ((_, _, mask),) = e.masks
    assert not mask >> at & 1  # the pose at 180 does not count the Ranger seen
    facing, seen = most_seen_turned(s.state, gunner, [ranger])
    ev = exposure.view(s.state, s.ui)
    assert ev is not None and ev.ready and set(ev.seen) == seen
    assert ev.worst is None or ev.worst[2] == facing


def test_how_to_play_claims_no_more_of_the_green_than_the_legend() -> None:
    """How to play tells the shading as the legend does: green is seen from few spots or none
    (``test_the_shadings_green_claims_no_more_than_its_sample_shows``), never from none."""
    from serm.ui.help import HELP_HTML

    text = " ".join(HELP_HTML.split())
    assert "green where from few or none" in text and "green where from none" not in text
