"""What just happened (the prompt's ``.recent``) opens on its newest entry: on a phone with
Replay last turn beside it the list is narrow, and a kill's line runs over more than the two
lines the list shows otherwise; the list grows to show it whole, and nothing of the entry
before it.

Loading a save restores no news, so the moment is reached by play: the example game is loaded
where player 1's Gunner picks the last target of its volley, and the shot is tapped as a
player taps it; player 2 then reads the kill of its Armored, the newest entry.

No line of it shows cut at its top or its foot, nor part of an entry (the tail of one that
wraps, the edges of its dice), in a game or in the replay viewer, on a phone or a desktop: the
list scrolls to its newest lines and is as tall as the whole entries it shows."""

from __future__ import annotations

from playwright.sync_api import Page

from harness.moments import MOMENTS, SHOT_UNSEEN, Moment, open_moment
from tests.browser.test_one_screen import (
    FRAMES,
    assert_newest_news_in_view,
    assert_newest_news_whole,
    assert_question_in_view,
    moment,
    sized,
)

LAST_TARGET = Moment("volley-last-target", 58, shows="#prompt [data-pending=target]")
"""The example game where its Gunner's volley has one target left, player 2's Armored; the
game's own dice kill it."""


TWO_LINES = "() => parseFloat(getComputedStyle(document.documentElement).fontSize) * 0.92 * 2.6"
"""The height (CSS px) of two lines of what just happened on a phone (its entries' padding
aside)."""


def test_a_long_kill_line_shows_whole_at_360x640(touch_page: Page, site_url: str) -> None:
    page = touch_page
    page.set_viewport_size({"width": 360, "height": 640})
    open_moment(page, site_url, LAST_TARGET)
    page.tap("#prompt button[data-action=target][data-arg=armored]")
    page.tap("#prompt button[data-action=confirm]")
    page.wait_for_selector("#prompt [data-pending=act][data-player='2'] .recent .log-kill")
    assert page.locator("#prompt .lately > .replay-last").is_visible()
    kill = page.locator("#prompt .recent > li").last
    assert "Player 2's Armored is eliminated!" in kill.inner_text()
    lines = 2 * kill.evaluate("(li) => li.offsetHeight") / page.evaluate(TWO_LINES)
    assert lines > 1.5, "the kill's line fits one line: this is not the moment that cut it"
    assert_newest_news_in_view(page)
    assert_newest_news_whole(page)
    assert "could not see" not in page.inner_text("#prompt")  # its Armored is eliminated
    assert "Your Armored was shot from outside its sight" in page.inner_text("#prompt .one-way")


def test_every_soldier_a_volley_eliminated_is_named_at_360x640(
    touch_page: Page, site_url: str
) -> None:
    """Player 1's Gunner shoots the three enemies it sees, one after another (R22), and the
    game's own dice eliminate each: player 2's phone then shows one line of what just happened,
    its newest, and that line names all three, whole, with the question still in view."""
    page = touch_page
    sized(page, 360, 640)
    open_moment(page, site_url, moment("gunner-shoot"))
    for target in ("gunner", "ranger"):  # the last one left is shot by the screen's default
        page.tap(f"#prompt button[data-action=target][data-arg={target}]")
        page.tap("#prompt button[data-action=confirm]")
    page.wait_for_selector("#prompt [data-pending=act][data-player='2'] .recent .log-kill")
    newest = page.locator("#prompt .recent > li").last
    said = "Player 2's Gunner, Ranger and Armored are eliminated!"
    assert said in newest.inner_text() and newest.is_visible()
    assert_newest_news_in_view(page)
    assert_newest_news_whole(page)
    assert_question_in_view(page)


def test_the_newest_entry_shows_whole_and_alone_at_360x640(touch_page: Page, site_url: str) -> None:
    """Player 2's shot missed player 1's Armored: "Shoot 5 does not beat Endure 7: player 1's
    Armored survives." (three lines beside Replay last turn) is read whole, with no sliver of
    the Endure roll's dice above it; once the phone is turned and turned back, still so."""
    page = touch_page
    open_moment(page, site_url, SHOT_UNSEEN)
    sized(page, 360, 640)
    assert "Armored survives" in page.locator("#prompt .recent > li").last.inner_text()
    assert_newest_news_whole(page)
    sized(page, 740, 360)
    page.evaluate(FRAMES)
    sized(page, 360, 640)
    assert_newest_news_whole(page)


CUT_LINES_JS = r"""
() => {
  const r = document.querySelector('#prompt .recent');
  if (!r) return [];
  const c = r.getBoundingClientRect();
  const top = c.top + r.clientTop, bottom = top + r.clientHeight;
  const walker = document.createTreeWalker(r, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  const cut = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    range.selectNodeContents(n);
    for (const q of range.getClientRects()) {
      for (const [edge, at] of [[top, 'top'], [bottom, 'foot']]) {
        if (q.top < edge - 1 && q.bottom > edge + 1) {  // a pixel's rounding
          cut.push(`${n.textContent.slice(0, 40)} (${Math.round(q.top)}-${Math.round(q.bottom)}`
            + ` across the list's ${at} at ${Math.round(edge)})`);
        }
      }
    }
  }
  return cut;
}
"""
"""The text lines of what just happened (or the viewer's step) cut at the list's top or foot."""

WRAPPED_AND_DICE = (
    '<li class="log-roll">Player 2\'s Brawler rolls 8 to move.<span class="dice"'
    ' aria-label="dice"><span class="die-chain"><span class="die">3</span></span>'
    '<span class="die-chain"><span class="die">5</span></span></span></li>'
    '<li class="log-move">The Brawler moves 4.62 L and halts against Player 1\'s Brawler'
    " after its long path around the crates.</li>"
    '<li class="log-roll">React 10 beats Move 1: Player 2 picks where the mover stops.'
    '<span class="dice" aria-label="dice"><span class="die-chain"><span class="die">4</span>'
    '</span><span class="die-chain"><span class="die six">6</span></span></span></li>'
    '<li class="log-move">The Brawler keeps its facing.</li>'
)
"""What just happened after a Brawler's path: an entry that wraps to two lines or more, and
entries with dice (taller than a line's words)."""

CUT_ENTRIES_JS = r"""
() => {
  const r = document.querySelector('#prompt .recent');
  if (!r) return ['no news'];
  const c = r.getBoundingClientRect();
  const top = c.top + r.clientTop, bottom = top + r.clientHeight;
  const range = document.createRange();
  const cut = [];
  for (const li of r.children) {
    range.selectNodeContents(li);
    const rects = [li.getBoundingClientRect(), ...range.getClientRects()]
      .filter((q) => q.width > 0 && q.height > 0);
    const from = Math.min(...rects.map((q) => q.top));
    const to = Math.max(...rects.map((q) => q.bottom));
    const shows = to > top + 1 && from < bottom - 1;  // a pixel's rounding
    const whole = from >= top - 1 && to <= bottom + 1;
    const readFromStart = to - from > bottom - top && from >= top - 1;
    if (shows && !whole && !readFromStart) {
      cut.push(`${li.textContent.slice(0, 40)} (${Math.round(from)}-${Math.round(to)}`
        + ` in the list ${Math.round(top)}-${Math.round(bottom)})`);
    }
  }
  return cut;
}
"""
"""The entries of what just happened (or the viewer's step) that show in part: a line of
theirs, or their dice, and not the whole entry (an entry taller than the list, read from its
start, aside)."""


def _news_told(page: Page, items: str) -> None:
    """Put ``items`` in what just happened and make the page open it anew on its newest entry,
    as it does when its lines wrap anew (the window made a pixel wider and back)."""
    page.evaluate(
        "(items) => { document.querySelector('#prompt .recent').innerHTML = items; }", items
    )
    size = page.viewport_size or {"width": 0, "height": 0}
    sized(page, size["width"] + 1, size["height"])
    page.evaluate(FRAMES)
    sized(page, size["width"], size["height"])
    page.evaluate(FRAMES)


VIEWER = next(m for m in MOMENTS if m.name == "viewer")
"""The example game's victory, Watch replay pressed: the viewer at its last position."""


def _cut_lines_at_each_step(page: Page) -> list[str]:
    """Every step of the viewer (set by its slider) whose lines or entries show cut, with
    those."""
    last = int(page.locator("#prompt .replay").get_attribute("data-last") or 0)
    found = []
    for i in range(last, 0, -1):
        page.evaluate(
            """(i) => { const s = document.querySelector('#replay-slider'); s.value = String(i);
                        s.dispatchEvent(new Event('input', {bubbles: true})); }""",
            i,
        )
        page.wait_for_selector(f"#prompt .replay[data-index='{i}']")
        cut = page.evaluate(CUT_LINES_JS) + page.evaluate(CUT_ENTRIES_JS)
        if cut:
            found.append(f"step {i}: {cut}")
    return found


def test_the_viewer_s_step_shows_no_line_cut_at_360x640(touch_page: Page, site_url: str) -> None:
    """The viewer's step is two lines high on a phone; at every step of the example game its
    lines show whole (a step of three lines is scrolled, not cut in half)."""
    page = touch_page
    sized(page, 360, 640)
    open_moment(page, site_url, VIEWER)
    assert not _cut_lines_at_each_step(page)


def test_no_line_of_the_news_is_cut_at_1280x800(page: Page, site_url: str) -> None:
    """On a desktop, what just happened after a shot and the viewer's step at every step of the
    example game show their lines whole."""
    sized(page, 1280, 800)
    open_moment(page, site_url, SHOT_UNSEEN)
    assert page.locator("#prompt .recent > li").count() > 1
    assert not page.evaluate(CUT_LINES_JS)
    open_moment(page, site_url, VIEWER)
    assert not _cut_lines_at_each_step(page)


def test_wrapped_entries_and_dice_show_whole_at_1280x800(page: Page, site_url: str) -> None:
    """After a Brawler's path, what just happened shows its newest entries whole: not the
    last line of an entry that wraps, nor the edges of a hidden entry's dice."""
    sized(page, 1280, 800)
    open_moment(page, site_url, SHOT_UNSEEN)
    _news_told(page, WRAPPED_AND_DICE)
    assert page.locator("#prompt .recent > li").last.is_visible()
    assert not page.evaluate(CUT_ENTRIES_JS)


def test_wrapped_entries_and_dice_show_whole_at_360x640(touch_page: Page, site_url: str) -> None:
    """The same on a phone, where the list is as tall as its newest entry."""
    page = touch_page
    sized(page, 360, 640)
    open_moment(page, site_url, SHOT_UNSEEN)
    _news_told(page, WRAPPED_AND_DICE)
    assert not page.evaluate(CUT_ENTRIES_JS)
