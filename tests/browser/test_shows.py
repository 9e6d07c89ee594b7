"""The shows as a player sees them in the app: every kind of action animates on the
board, a press or key skips a show to its end and does nothing else, the next one acts, reduced
motion keeps the pacing without motion, the computer's steps are shown one after another, the
speed setting is kept, and the last turn can be replayed.

Animated attributes are sampled in the page on every animation frame (``RECORD``), never timed
by sleeps alone: a frame holds the running animations on the board, every card's computed
transform, the ghosts' opacities, the sight lines, the dice pools, the hint and the log length.
"""

from __future__ import annotations

import math
import re
from typing import Any

import pytest
from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from harness.chromium import wait_until_booted
from harness.fresh import fresh, wait_for_import
from harness.pages import Table, open_menu

RECORD = """() => {
  const rec = window.__rec = {frames: [], on: true};
  const board = document.getElementById('board-view');
  const snap = () => {
    const mine = document.getAnimations().filter(
      a => a.effect && a.effect.target && board.contains(a.effect.target));
    const running = mine.filter(a => a.playState === 'running');
    const cards = {};
    for (const g of document.querySelectorAll('#layer-board g.card'))
      cards[g.dataset.player + ':' + g.dataset.card] = getComputedStyle(g).transform;
    const ghosts = {};
    for (const g of document.querySelectorAll('#layer-show g.ghost'))
      ghosts[g.dataset.player + ':' + g.dataset.card] = parseFloat(getComputedStyle(g).opacity);
    const aims = [...document.querySelectorAll('#layer-show line.aim')].map(l => l.dataset.beat);
    const pools = [...document.querySelectorAll('#layer-show g.pool')].map(p => ({
      beat: p.dataset.beat, purpose: p.dataset.purpose,
      faces: [...p.querySelectorAll('g.die')].map(d => d.dataset.face),
      sixes: p.querySelectorAll('g.die.sixes').length,
      spins: [...p.querySelectorAll('g.spin')].map(s => getComputedStyle(s).transform),
      total: p.querySelector('text.total') ? p.querySelector('text.total').textContent : null}));
    const tumbling = running.filter(a => a.effect.target.matches('text.tumble')).length;
    return {t: performance.now(), running: running.length, tumbling, cards, ghosts, aims, pools,
            show: showId(mine), hint: !!document.querySelector('#prompt .skip-hint'),
            log: document.querySelectorAll('#log li').length};
  };
  let made = 0;
  const showId = (anims) => {  // a show's animations all start in one task: a new batch, a new id
    const fresh = anims.filter(a => a.__show === undefined);
    if (fresh.length) { made += 1; for (const a of fresh) a.__show = made; }
    return anims.length ? Math.max(...anims.map(a => a.__show)) : null; };
  const tick = () => { if (!rec.on) return; rec.frames.push(snap());
                       requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
}"""

STOP = "() => { window.__rec.on = false; return window.__rec.frames; }"
QUIET = (
    "() => !document.querySelector('#prompt .skip-hint') && document.getAnimations().every("
    "a => a.playState !== 'running' || !a.effect?.target?.closest?.('#board'))"
)
SHOW_PARTS = (
    "() => [...document.querySelectorAll('#layer-show > *')]"
    ".map(e => e.tagName + '.' + (e.getAttribute('class') || ''))"
)
SEED_VOLLEY = 5
"""A computer-against-computer game (easy, the default table) whose first half minute holds
Moves, Turns, Shoots with a re-rolled six and an elimination."""
VOLLEY_MS = 90_000
SEED_DUEL = 7
"""A game of a person (player 1) against the computer (easy)."""
MOVED_TURNED = """(f) => { const m = (v) => (v.match(/matrix\\(([^)]*)\\)/) || [, '1,0,0,1,0,0'])[1]
    .split(',').map(Number);
  let moved = false, turned = false; const first = {};
  for (const x of f) for (const [key, value] of Object.entries(x.cards)) {
    const now = m(value), was = first[key];
    if (!was) { first[key] = now; continue; }
    moved ||= now[4] !== was[4] || now[5] !== was[5];
    turned ||= now[0] !== was[0] || now[1] !== was[1]; }
  return moved && turned; }"""
"""In the page: some card's translation and some card's rotation changed over the frames."""
SLID_TURNED = """(f) => { const m = (v) => (v.match(/matrix\\(([^)]*)\\)/) || [, '1,0,0,1,0,0'])[1]
    .split(',').map(Number);
  const poses = {};
  for (const x of f) for (const [key, value] of Object.entries(x.cards)) {
    const seen = poses[key] || (poses[key] = []), now = m(value);
    const last = seen[seen.length - 1];
    if (!last || now.some((v, i) => v !== last[i])) seen.push(now); }
  let slid = 0, turned = 0;
  for (const seen of Object.values(poses)) {
    let s = 0, t = 0;
    for (let i = 1; i < seen.length; i++) {
      const a = seen[i - 1], b = seen[i];
      const rot = [0, 1, 2, 3].some(k => a[k] !== b[k]), moved = a[4] !== b[4] || a[5] !== b[5];
      s = !rot && moved ? s + 1 : 0; t = rot && !moved ? t + 1 : 0;
      slid = Math.max(slid, s); turned = Math.max(turned, t); } }
  return slid >= 4 && turned >= 4; }"""
"""``slides`` and ``turns`` of at least 4 for some card, as the volley test asks: the watch
waits for a whole slide and a whole turn, whatever frames a busy machine drops."""

VOLLEY_SEEN = (
    """() => { const f = window.__rec.frames;
  return ("""
    + MOVED_TURNED
    + """)(f) && ("""
    + SLID_TURNED
    + """)(f) && f.some(x => Object.values(x.ghosts).some(o => o <= 0.3))
    && f.some(x => x.pools.some(p => p.sixes)) && new Set(f.map(x => x.show)).size >= 8; }"""
)
MATRIX = re.compile(r"matrix\(([^)]*)\)")


def matrix(value: str) -> tuple[float, ...]:
    """A computed ``matrix(a, b, c, d, e, f)`` as numbers (identity for ``none``)."""
    m = MATRIX.match(value)
    if m is None:
        return (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    return tuple(round(float(v), 3) for v in m.group(1).split(","))


def open_page(request: pytest.FixtureRequest, seed: int, speed: str, touch: bool = False) -> Page:
    """The warm page (the phone's with ``touch``) fresh on the site with ``seed``, shows played
    at ``speed``."""
    page: Page = request.getfixturevalue("touch_page" if touch else "page")
    fresh(page, f"?seed={seed}", speed)
    return page


def start(page: Page, p1: str, p2: str, scenario: str = "default") -> Table:
    """From the welcome screen: who plays each side (human or a computer strength), Start (on
    the default table its walls make the computer move and turn, not only shoot)."""
    page.check(f"#prompt input[name=scenario][value={scenario}]")
    page.select_option("#player-1", p1)
    page.select_option("#player-2", p2)
    if (p1, p2) != ("human", "human"):
        wait_for_import(page, "serm.ai")  # loaded once a side is the computer's
    page.click("[data-action=start]")
    page.wait_for_selector("#prompt [data-pending]")
    return Table(page)


def record(page: Page) -> None:
    page.evaluate(RECORD)


def stop(page: Page) -> list[dict[str, Any]]:
    frames: list[dict[str, Any]] = page.evaluate(STOP)
    return frames


def watch(page: Page, until: str, timeout_ms: int) -> list[dict[str, Any]]:
    """Record every frame until the page predicate ``until`` holds (or the time is up)."""
    record(page)
    try:
        page.wait_for_function(until, timeout=timeout_ms, polling=100)
    except PlaywrightTimeout:  # the frames say what was seen: the test asserts on them
        pass
    return stop(page)


def quiet(page: Page, timeout_ms: int = 30_000) -> None:
    page.wait_for_function(QUIET, timeout=timeout_ms)


def playing(page: Page) -> bool:
    return page.locator("#prompt .skip-hint").count() > 0


def human_to_act(table: Table) -> bool:
    page = table.page
    return page.locator("#prompt [data-computer]").count() == 0 and table.pending()[1] == 1


def deploy_against_computer(table: Table) -> None:
    """Player 1 (a person) places each card with Enter, once the computer's last one was shown."""
    page = table.page
    for _ in range(60):
        if table.pending()[0] not in ("place", "none"):
            return
        page.wait_for_function(
            "() => !document.querySelector('#prompt [data-computer]')"
            " && !document.querySelector('#prompt .skip-hint')",
            timeout=60_000,
        )
        if table.pending() == ("place", 1):
            page.keyboard.press("Enter")
        else:
            page.wait_for_timeout(100)
    raise AssertionError("deployment did not end")


SHOWN_BEFORE_MY_TURN = """() => {
  const p = document.querySelector('#prompt [data-pending]');
  return !!document.querySelector('#prompt .skip-hint') && !!p && p.dataset.pending === 'act'
    && p.dataset.player === '1' && !document.querySelector('#prompt [data-computer]'); }"""


def computer_show_before_my_turn(table: Table, timeout_s: float = 90.0) -> None:
    """Play on (ending player 1's activations) until a show of the computer's step plays while
    the prompt already asks player 1 (a person) to act."""
    page = table.page
    for _ in range(int(timeout_s / 2)):
        try:
            page.wait_for_function(SHOWN_BEFORE_MY_TURN, timeout=2000, polling="raf")
            return
        except PlaywrightTimeout:
            pass
        if not playing(page) and human_to_act(table):
            kind = table.pending()[0]
            if kind == "act":
                page.keyboard.press("p")  # player 1 ends its activation: the computer goes on
            elif kind == "react":
                page.keyboard.press("n")  # let the computer's soldier move on
    raise AssertionError(
        "no show of the computer's step before player 1's turn: " + page.inner_text("#prompt")
    )


def card_poses(frames: list[dict[str, Any]]) -> dict[str, list[tuple[float, ...]]]:
    """Each card's distinct computed transforms, in the order seen."""
    out: dict[str, list[tuple[float, ...]]] = {}
    for f in frames:
        for key, value in f["cards"].items():
            seen = out.setdefault(key, [])
            m = matrix(value)
            if not seen or seen[-1] != m:
                seen.append(m)
    return out


def slides(poses: list[tuple[float, ...]]) -> int:
    """The most poses in one run where only the translation changes (the card keeps facing)."""
    best = run = 0
    for a, b in zip(poses, poses[1:], strict=False):
        run = run + 1 if a[:4] == b[:4] and a[4:] != b[4:] else 0
        best = max(best, run)
    return best


def turns(poses: list[tuple[float, ...]]) -> int:
    """The most poses in one run where only the rotation changes (the card stays in place)."""
    best = run = 0
    for a, b in zip(poses, poses[1:], strict=False):
        run = run + 1 if a[4:] == b[4:] and a[:4] != b[:4] else 0
        best = max(best, run)
    return best


def shows(frames: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The frames of each show, in the order they began (a show: one batch of animations
    started together on the board, while the skip hint is up)."""
    out: dict[int, list[dict[str, Any]]] = {}
    for f in frames:
        if f["hint"] and f["show"] is not None:
            out.setdefault(f["show"], []).append(f)
    return list(out.values())


def test_the_computers_volley_is_shown_step_by_step_each_kind_animated(
    request: pytest.FixtureRequest,
) -> None:
    """Computer against computer at normal speed: a Move slides, a Turn rotates, a Shoot draws
    its sight line and dice pools landing on their faces, an elimination fades its ghost; each
    step is its own show, and no step is played while a show plays."""
    page = open_page(request, SEED_VOLLEY, "slow")  # more frames per beat
    start(page, "easy", "easy")
    frames = watch(page, VOLLEY_SEEN, VOLLEY_MS)
    poses = card_poses(frames)
    assert max(slides(p) for p in poses.values()) >= 4, "no card slid through >= 3 poses between"
    assert max(turns(p) for p in poses.values()) >= 4, "no card turned through >= 3 poses between"
    assert any(f["aims"] for f in frames), "no sight line drawn"
    pools = [p for f in frames for p in f["pools"]]
    assert pools and all(p["faces"] and all(x in "123456" for x in p["faces"]) for p in pools)
    assert any(p["total"] for p in pools)
    assert any(p["sixes"] for p in pools), "no re-rolled six in this game: choose another seed"
    assert any(len(set(p["spins"])) > 1 for p in pools) or any(f["tumbling"] for f in frames)
    fades = {
        k: [f["ghosts"][k] for f in frames if k in f["ghosts"]] for f in frames for k in f["ghosts"]
    }
    assert fades, "nobody was eliminated: choose another seed"
    # from 1 down to 0 over frames (the show ends as it reaches 0: a loaded machine's last frame
    # may come a little before that)
    assert any(
        o[0] == 1 and min(o) <= 0.3 and len(set(o)) >= 4 and o == sorted(o, reverse=True)
        for o in fades.values()
    ), fades
    runs = shows(frames)
    assert len(runs) >= 6, len(runs)
    for run in runs:  # the computer acts only between shows
        assert len({f["log"] for f in run}) == 1, [f["log"] for f in run]
    logs = [run[0]["log"] for run in runs]
    assert logs == sorted(logs) and len(set(logs)) >= 5, logs
    shots = [run for run in runs if any(f["aims"] for f in run)]
    assert len(shots) >= 2, "fewer than two Shoots shown, each its own show"


def board_at_rest(page: Page) -> None:
    """No animation runs on the board, ``#layer-show`` holds no show part (a trail at most), and
    every card is drawn where its data says (its computed pose is the final one)."""
    running = page.evaluate(
        "() => document.getAnimations().filter(a => a.playState === 'running'"
        " && a.effect?.target?.closest?.('#board')).length"
    )
    assert running == 0
    parts = page.evaluate(SHOW_PARTS)
    assert all(p.endswith("trail") or " trail" in p for p in parts), parts
    poses = page.evaluate(
        "() => [...document.querySelectorAll('#layer-board g.card')].map(g =>"
        " [g.dataset.x, g.dataset.y, g.dataset.facing, getComputedStyle(g).transform])"
    )
    for x, y, facing, value in poses:
        m = matrix(value)
        assert (round(m[4]), round(m[5])) == (round(float(x) * 100), round(float(y) * 100))
        assert abs(m[0] - math.cos(math.radians(float(facing)))) < 0.01


def asked(page: Page) -> tuple[object, ...]:
    """The question the prompt asks: pending kind and player, and its buttons."""
    return (
        page.get_attribute("#prompt [data-pending]", "data-pending"),
        page.get_attribute("#prompt [data-pending]", "data-player"),
        page.evaluate(
            "() => [...document.querySelectorAll('#prompt button[data-action]')]"
            ".map(b => b.dataset.action).filter(a => a !== 'replay-last')"
        ),
    )


def assert_offered_after(page: Page, during: tuple[object, ...]) -> None:
    """The question asked once a show has ended is the one asked while it played, its soldiers
    now offered (none were while it played), and no card is selected."""
    after = asked(page)
    assert after[:2] == during[:2] and during[2] == [], (during, after)
    assert "select" in after[2] and selected(page) == [], after  # type: ignore[operator]


def selected(page: Page) -> list[str]:
    return page.evaluate(
        "() => [...document.querySelectorAll('#layer-board g.card.selected')]"
        ".map(g => g.dataset.player + ':' + g.dataset.card)"
    )


@pytest.mark.parametrize("screen", ["mouse", "touch"])
def test_a_press_skips_to_the_end_and_the_next_one_acts(
    request: pytest.FixtureRequest, screen: str
) -> None:
    """Against the computer at normal speed: while its step is shown, a press on one of my
    cards (a click, a tap) only skips to the final state, where the same question offers my
    soldiers (held while the show played, so they tell no result before it is shown); the next
    press selects the card. A number key during a show skips too; the next one picks the
    soldier."""
    page = open_page(request, SEED_DUEL, "normal", touch=screen == "touch")
    table = start(page, "human", "easy")
    deploy_against_computer(table)
    computer_show_before_my_turn(table)
    question = asked(page)
    mine = next(c for c in table.cards() if c.player == 1)
    x, y = table.to_client(mine.x, mine.y)
    if screen == "mouse":
        page.mouse.click(x, y)
    else:
        page.touchscreen.tap(x, y)
    page.wait_for_function("() => !document.querySelector('#prompt .skip-hint')")
    board_at_rest(page)
    assert_offered_after(page, question)
    if screen == "mouse":
        page.mouse.click(x, y)
    else:
        page.touchscreen.tap(x, y)
    page.wait_for_function("() => document.querySelector('#layer-board g.card.selected')")
    assert selected(page) == [f"1:{mine.card}"]
    if screen == "touch":
        return
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('#layer-board g.card.selected')")
    computer_show_before_my_turn(table)
    question = asked(page)
    page.keyboard.press("1")
    page.wait_for_function("() => !document.querySelector('#prompt .skip-hint')")
    board_at_rest(page)
    assert_offered_after(page, question)
    page.keyboard.press("1")
    page.wait_for_function("() => document.querySelector('#layer-board g.card.selected')")


REDUCED_SEEN = (
    """() => { const f = window.__rec.frames;
  return ("""
    + MOVED_TURNED
    + """)(f) && f.some(x => Object.keys(x.ghosts).length)
    && f.some(x => x.pools.length) && new Set(f.map(x => x.show)).size >= 8; }"""
)


def test_reduced_motion_paces_the_steps_without_motion(
    request: pytest.FixtureRequest,
) -> None:
    """With ``prefers-reduced-motion: reduce`` each step is still shown for its time, but a card
    jumps from its pose to the next (no transform in between) and dice do not tumble."""
    page = open_page(request, SEED_VOLLEY, "slow")
    page.emulate_media(reduced_motion="reduce")
    start(page, "easy", "easy")
    frames = watch(page, REDUCED_SEEN, VOLLEY_MS)
    runs = shows(frames)
    assert len(runs) >= 6, len(runs)
    assert all(run[-1]["t"] - run[0]["t"] >= 200 for run in runs[1:-1])  # each paced
    for run in runs:  # a card holds its pose until its beat, then jumps (at the show's end, last)
        for key, poses in card_poses(run).items():
            assert slides(poses) <= 1 and turns(poses) <= 1, (key, poses)
            assert len(poses) <= 3, (key, poses)  # its pose, turned first, moved
    seen = list(card_poses(frames).values())
    moved = any(a[4:] != b[4:] for p in seen for a, b in zip(p, p[1:], strict=False))
    turned = any(a[:4] != b[:4] for p in seen for a, b in zip(p, p[1:], strict=False))
    assert moved and turned, "no Move and Turn shown: choose another seed"
    pools = [p for f in frames for p in f["pools"]]
    assert pools and not any(f["tumbling"] for f in frames)
    # A die is either still to land (a six's extra die waits, turned away and unseen) or has
    # landed: never turned part way, as a tumble would leave it.
    angles = {spin_angle(s) for p in pools for s in p["spins"]}
    assert angles <= {0, 160}, angles


def spin_angle(transform: str) -> int:
    """The rotation of a computed ``transform`` (``none`` or a 2D matrix), in whole degrees
    from 0 to 359."""
    if transform == "none":
        return 0
    a, b = (float(v) for v in transform[transform.index("(") + 1 :].split(",")[:2])
    return round(math.degrees(math.atan2(b, a))) % 360


def speed_value(page: Page) -> str:
    open_menu(page)
    return page.input_value("#speed")


def test_the_speed_setting_is_kept_and_instant_shows_nothing(
    request: pytest.FixtureRequest,
) -> None:
    """On a phone: the speed picked in the menu is kept over a reload; at instant the
    computer's steps are played with no show."""
    page = open_page(request, SEED_VOLLEY, "normal", touch=True)
    assert speed_value(page) == "normal"
    page.select_option("#speed", "fast")
    page.reload()
    wait_until_booted(page)
    assert speed_value(page) == "fast"
    page.select_option("#speed", "instant")
    page.reload()
    wait_until_booted(page)
    assert speed_value(page) == "instant"
    page.keyboard.press("Escape")
    page.wait_for_selector("#sheet[open]", state="detached")
    start(page, "easy", "easy")
    frames = watch(page, "() => document.querySelectorAll('#log li').length >= 20", 60_000)
    assert frames[-1]["log"] >= 20, "the computers played too little to tell"
    assert not any(f["hint"] or f["aims"] or f["pools"] or f["ghosts"] for f in frames)
    assert not any(f["running"] for f in frames)


def test_replay_last_turn_plays_the_computers_turn_again(
    request: pytest.FixtureRequest,
) -> None:
    """After the computer's turn, it is drawn as a trail; Replay last turn plays it again (its
    animations run), then the trail is back."""
    page = open_page(request, SEED_DUEL, "normal")
    table = start(page, "human", "easy")
    deploy_against_computer(table)
    for _ in range(6):  # until the computer's turn moved or shot (a Turn leaves no trail)
        computer_show_before_my_turn(table)
        quiet(page)
        trail = page.evaluate(SHOW_PARTS)
        if trail:
            break
        page.keyboard.press("p")
    assert trail and all("trail" in p for p in trail), trail
    page.click("#prompt button[data-action=replay-last]")
    page.wait_for_function(
        "() => document.querySelector('#prompt .skip-hint') && document.getAnimations()"
        ".some(a => a.playState === 'running' && a.effect?.target?.closest?.('#board'))"
    )
    assert page.locator("#prompt button[data-action=replay-last]").count() == 0
    quiet(page)
    assert page.evaluate(SHOW_PARTS) == trail
    assert page.locator("#prompt button[data-action=replay-last]").count() == 1
    board_at_rest(page)
