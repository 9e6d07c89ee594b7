"""Drawing the game: what changed between the screen and a new ``(State, UI)`` is repainted.

A new state redraws the board (and the stage plays what was just played over it,
``serm.web.stage``); a pan or a zoom only the
board's viewBox; a new choice only the cards' layer; a pointer move only the overlay groups
whose markup changed (``#layer-sight``, ``#layer-live``); the status and the prompt when what
they read changed (``serm.ui.screen.prompt_key``); the log gets the game's new events.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import js

from serm.core.game import Game
from serm.core.scenario import Scenario
from serm.core.state import State, Status
from serm.ui import panel, playback, words
from serm.ui.details import card_html
from serm.ui.model import UI
from serm.ui.screen import prompt_key, question_key, view_model
from serm.view import frame
from serm.view.cards import compact_faces
from serm.view.model import Overlaid, SoldierKey, ViewModel, Viewport
from serm.view.render import (
    BoardParts,
    OverlayParts,
    board_layer,
    card_parts,
    describe,
    live_markup,
    overlay_parts,
    render,
    sight_inputs,
    view_box,
)
from serm.view.show import show, trail
from serm.web.dom import el, null, query
from serm.web.stage import Stage, reduced_motion

BoardKey = tuple[SoldierKey | None, tuple[tuple[SoldierKey, str], ...]]
"""What the cards' layer shows besides the state: selection, highlights (the chances on the
cards are drawn in the overlay's sight group, with what it shows)."""


@dataclass
class Shown:
    """What is on screen now, to compare the next ``(State, UI)`` with."""

    state: State | None = None
    viewport: Viewport | None = None
    board: BoardKey | None = None
    sight: tuple[State, ViewModel] | None = None
    overlay: OverlayParts | None = None
    cards: BoardParts | None = None
    """The board layer's parts on screen (``card_parts``)."""
    label: str = ""
    """The board's description on screen (its ``aria-label`` and title)."""
    prompt: tuple[object, ...] | None = None
    question: tuple[object, ...] | None = None
    """``serm.ui.screen.question_key`` of the prompt on screen."""
    los: bool | None = None
    card_info: str = ""
    log: int = 0
    """How many of the game log's events are in ``#log``."""
    trail: tuple[object, ...] = ()
    """The last turn and whether it is drawn, as the trail on screen was made for."""
    trail_markup: str = ""
    unit: tuple[Scenario, float] | None = None
    """The table and the zoom ``--unit`` was last measured for (it changes only with them, or
    with the board's size: the app measures it again when ``#board-view`` is resized)."""


def keep_unit() -> bool:
    """Keep ``--unit`` (the board's user units per CSS px) on ``#board-view``, for sizes the
    stylesheet gives in screen pixels at every zoom (the rotate handle's hit disc), and which
    face the cards show at that scale (``data-faces``: "compact" where the full face's stat
    letters would be too small to read). False when
    the board has no scale yet (not on the page, or not laid out)."""
    board, view = el("board-svg"), el("board-view")
    if board is None or view is None:
        return False
    ctm = board.getScreenCTM()
    if null(ctm) or not float(ctm.a):
        return False
    unit = 1.0 / float(ctm.a)
    view.style.setProperty("--unit", f"{unit:.4f}")
    view.setAttribute("data-faces", "compact" if compact_faces(unit) else "full")
    return True


COVER_ROOM = 4.0
"""CSS px kept between a label and the controls over the board."""


OVER_BOARD = ("zoom-tools", "card-info")
"""The controls drawn over the board: the zoom buttons (+ / - / Fit) and a card's details."""


def overlaid() -> Overlaid:
    """The drawing's size and the boxes the controls over it cover (``OVER_BOARD``), as laid
    out now: nothing of one hidden or beside the drawing (the zoom buttons in their own column
    beside it, or in the header on a phone held upright)."""
    view = el("board-svg") or el("board-view")
    if view is None:
        return Overlaid()
    b = view.getBoundingClientRect()
    width, height = float(b.width), float(b.height)
    boxes: list[tuple[float, float, float, float]] = []
    for name in OVER_BOARD:
        over = el(name)
        if over is None or over.hidden:
            continue
        t = over.getBoundingClientRect()
        left, top = float(t.left) - float(b.left), float(t.top) - float(b.top)
        right, bottom = left + float(t.width), top + float(t.height)
        if right > 0 and bottom > 0 and left < width and top < height and t.width and t.height:
            boxes.append(
                (left - COVER_ROOM, top - COVER_ROOM, right + COVER_ROOM, bottom + COVER_ROOM)
            )
    return Overlaid(width, height, tuple(boxes))


def keep_unit_again() -> bool:
    """``keep_unit`` where it was measured before (a board painted for play), after a change of
    the board's box. False, writing nothing, on a board never measured: the welcome screen's board
    stays the markup the build drew before Python."""
    view = el("board-view")
    if view is None or not str(view.style.getPropertyValue("--unit")):
        return False
    return keep_unit()


def newest_news() -> None:
    """Open what just happened (the prompt's ``.recent``: on a phone as tall as its newest
    entry, up to four lines; four lines on a wide screen; the viewer's step, two lines) on its
    newest entry, where a kill comes last: scrolled to the end when that entry fits whole, else
    to the entry's first line (placed where the first entry sits unscrolled), so a long entry
    in a narrow list is read from its start; no entry shows in part at its edges
    (``_whole_entries``).
    After each redraw of the prompt (the viewer's too), and when the board's box changed (a
    phone turned, the window resized) and the lines wrap anew."""
    news = query("#prompt .recent")
    if news is None:
        return
    first, newest = news.firstElementChild, news.lastElementChild
    _fit_newest(news, None if null(newest) else newest)
    end = news.scrollHeight - news.clientHeight
    if null(first) or null(newest):
        news.scrollTop = end
    else:
        start = newest.getBoundingClientRect().top - first.getBoundingClientRect().top
        news.scrollTop = min(end, start)
    _whole_entries(news)


def _fit_newest(news: Any, newest: Any) -> None:
    """Where the stylesheet asks for it (``--news-fit``: a phone's short bar), make the list as
    tall as its newest entry (up to its ``max-height``): the entry is read whole, and no sliver
    of the one before it shows above it (the list's padding is its entries' own there).
    Elsewhere the list takes its stylesheet's height again (``_whole_entries`` may have cut it
    shorter for lines that wrapped otherwise: a phone turned, a window resized)."""
    height = 0.0 if newest is None else newest.getBoundingClientRect().height
    if js.window.getComputedStyle(news).getPropertyValue("--news-fit").strip() != "1":
        news.style.removeProperty("height")
    elif height > 0:
        news.style.height = f"{height}px"


def _whole_entries(news: Any) -> None:
    """Show no entry of the scrolled list ``news`` in part: not the last line of a wrapped entry
    without its first, not the edges of a hidden entry's dice (its box need not be a whole
    number of entries tall: its entries' lines, padding and dice do not add up to its
    ``max-height``). An entry cut at its top edge: the list is made shorter by the part of it
    that shows and scrolled on by as much, so the foot shows what it showed. An entry cut at
    its foot: the list is made shorter by the part that shows. An entry taller than the list
    (read from its start) is cut between its lines instead (``_cut_at``)."""
    box = news.getBoundingClientRect()
    top = box.top + news.clientTop
    cut = _cut_at(news, top)[1]
    if cut > 0.5:
        _shorten(news, cut)
        news.scrollTop = news.scrollTop + cut
    shown = _cut_at(news, top + news.clientHeight)[0]
    if shown > 0.5:
        _shorten(news, shown)


def _shorten(news: Any, by: float) -> None:
    height = float(js.window.getComputedStyle(news).height.removesuffix("px") or 0)
    news.style.height = f"{max(height - by, 0.0)}px"


def _cut_at(news: Any, edge: float) -> tuple[float, float]:
    """How much (CSS px) of the entries of ``news`` that run across the height ``edge`` (a page
    coordinate) lies above it and below it, the most of each; (0, 0) when none is cut there.
    An entry is its box with its words and dice (a die's border may reach past the box); of an
    entry taller than the list, only its line (or dice) across the edge counts."""
    whole = float(news.clientHeight)
    above = below = 0.0
    for rects in _entries(news):
        start, end = min(r[0] for r in rects), max(r[1] for r in rects)
        parts = rects[1:] if end - start > whole + 0.5 else [(start, end)]
        for part_top, part_bottom in parts:
            if part_top < edge - 0.5 and part_bottom > edge + 0.5:
                above, below = max(above, edge - part_top), max(below, part_bottom - edge)
    return above, below


def _entries(news: Any) -> list[list[tuple[float, float]]]:
    """Each entry of ``news`` as the tops and bottoms (page coordinates) of its box, then of
    what it holds: each line of its words, each of its dice."""
    lines = js.document.createRange()
    found = []
    for i in range(news.children.length):
        item = news.children.item(i)
        box = item.getBoundingClientRect()
        rects = [(float(box.top), float(box.bottom))]
        lines.selectNodeContents(item)
        inner = lines.getClientRects()
        for j in range(inner.length):
            r = inner.item(j)
            if r.width > 0 and r.height > 0:
                rects.append((float(r.top), float(r.bottom)))
        found.append(rects)
    return found


STICKY_FOOT = (
    "#prompt .foot, #prompt [data-pending] > .actions:last-child, #prompt .welcome > .actions"
)
"""The prompt's buttons kept in view at the bar's foot while its words scroll (the stylesheet's
sticky ones)."""


def more_below() -> None:
    """Mark the bar (``#panel``'s ``data-more``) while the prompt's words run on under the buttons
    kept at its foot (the foot shows above the end of the question it closes): the stylesheet
    then shades the foot's top edge, the sign that the bar scrolls. After each redraw of the
    prompt, when the board's or the bar's box changed and as the bar is scrolled. What follows
    the foot (the hint to skip a show, ``.after-foot``) is not the question's words."""
    bar, foot = el("panel"), query(STICKY_FOOT)
    if null(bar):
        return
    end = None if null(foot) else foot.parentElement.getBoundingClientRect().bottom
    after = query("#prompt .after-foot")
    below = 0.0 if after is None else float(after.getBoundingClientRect().height)
    if end is not None and foot.getBoundingClientRect().bottom < end - below - 4:  # the padding
        bar.setAttribute("data-more", "")
    else:
        bar.removeAttribute("data-more")


class Painter:
    """Paints one page's game and remembers what it painted (``shown``)."""

    def __init__(self, ended: Callable[[int], object] = lambda _show: None) -> None:
        self.shown = Shown()
        self.stage = Stage(ended)
        """The show over the board; ``ended`` is told when one has played its length."""
        self.over: Overlaid | None = None
        """The controls over the board as last measured (``overlaid``), None before."""

    def remeasure(self) -> bool:
        """Measure the controls over the board again (its box changed); True when they cover
        another part of it, so the labels are to be placed again."""
        over = overlaid()
        changed = over != self.over
        self.over = over
        return changed

    def clear(self) -> None:
        """Nothing of a game is on screen any more (the welcome screen, or a new game)."""
        self.shown = Shown()
        self.stage.forget()
        el("log").innerHTML = ""
        el("card-info").hidden = True
        self.over = None  # measured again at the next paint, without the details
        el("board-live").textContent = ""

    def paint(self, game: Game, ui: UI) -> None:
        """Repaint what changed between what is on screen and ``(game.state, ui)``, then start,
        stop or keep the show over the board (``ui.playback``)."""
        state, shown = game.state, self.shown
        if self._draw_card_info(state, ui) or self.over is None:
            self.over = overlaid()  # the details cover part of the board now, or none of it
        view = frame.clear_of(state.scenario, view_model(state, ui), self.over)
        parts = self._overlay_parts(state, view)
        board = (view.selected, view.highlights)
        cards: BoardParts | None = None
        if state is not shown.state:
            cards = card_parts(state, view)
            if not self._redraw(state, view, parts, cards):
                self._draw_board(state, view, parts, cards)
        else:
            if view.viewport != shown.viewport:
                self._frame(state, view)
            if board != shown.board:
                cards = card_parts(state, view)
                if not self._redraw_cards(cards):
                    shown.cards = cards
                    el("layer-board").innerHTML = board_layer(state, view, cards)
            if not self._redraw_overlay(parts):
                self._draw_board(state, view, parts, cards)
        shown.state, shown.viewport, shown.board = state, view.viewport, board
        self._relabel(panel.board_label(state, ui))
        self._play(state, ui)
        self._draw_panel(game, state, ui)
        self._append_log(game, ui)

    def _draw_board(
        self,
        state: State,
        view: ViewModel,
        parts: OverlayParts,
        cards: BoardParts | None = None,
    ) -> None:
        """The whole board anew (``cards``: ``card_parts(state, view)`` when the caller has it)."""
        shown = self.shown
        shown.cards = cards if cards is not None else card_parts(state, view)
        el("board-view").innerHTML = render(state, view, parts, shown.cards)
        shown.overlay, shown.label = parts, describe(state)
        self._keep_unit(state, view)
        self.stage.lost()

    def _redraw(
        self,
        state: State,
        view: ViewModel,
        parts: OverlayParts,
        cards: BoardParts,
    ) -> bool:
        """A new state on the same frame and ground (a select, a shot, a Move played): redraw
        only the cards and overlay groups that changed (the label: ``_relabel``). False when
        the whole board is to be drawn (nothing drawn yet, another zoom or pan, another ground,
        a card placed)."""
        shown = self.shown
        if shown.state is None or view.viewport != shown.viewport:
            return False
        return self._redraw_cards(cards) and self._redraw_overlay(parts)

    def _relabel(self, label: str) -> None:
        """The board's screen-reader label (``panel.board_label``), set when it changed: the
        show's end tells its result here too, as in the status line."""
        board = el("board-svg")
        if label == self.shown.label or board is None:
            return
        board.setAttribute("aria-label", label)
        board.querySelector(":scope > title").textContent = label
        self.shown.label = label

    def _redraw_cards(self, new: BoardParts) -> bool:
        """Replace the ``<g class="card">`` of only the cards whose markup in ``new`` (the
        ``card_parts`` of the state to show) changed (and remove
        those gone from the table), and the halos under them when they changed. False,
        having changed nothing or what a full redraw replaces anyway, when more changed: the
        ground (zones, terrain), or which cards are on the table besides those removed."""
        old, layer = self.shown.cards, el("layer-board")
        if old is None or layer is None or new.ground != old.ground:
            return False
        now = dict(new.cards)
        if [k for k, _ in old.cards if k in now] != [k for k, _ in new.cards]:
            return False
        if new.halos != old.halos:
            halos = layer.querySelector(":scope > g.halos")
            if null(halos):
                return False
            halos.outerHTML = new.halos
        for key, markup in old.cards:
            if now.get(key) == markup:
                continue
            node = layer.querySelector(
                f':scope > g.card[data-player="{key[0]}"][data-card="{key[1]}"]'
            )
            if null(node):
                return False
            if key in now:
                node.outerHTML = now[key]
            else:
                node.remove()
        self.shown.cards = new
        return True

    def _frame(self, state: State, view: ViewModel) -> None:
        """A pan or a zoom: only the board's viewBox changes (nothing is redrawn)."""
        board = el("board-svg")
        if board is not None:
            board.setAttribute("viewBox", str(view_box(state, view.viewport)))
            self._keep_unit(state, view)

    def _keep_unit(self, state: State, view: ViewModel) -> None:
        """``keep_unit`` when the board is reframed (another table or zoom, or nothing measured
        since ``clear``): reading the board's scale makes the browser lay the page out at once,
        which a click that redraws the board at the same scale need not pay for."""
        key = (state.scenario, view.viewport.zoom)
        if key != self.shown.unit and keep_unit():
            self.shown.unit = key

    def _draw_card_info(self, state: State, ui: UI) -> bool:
        """The tapped card's details, when they read differently (drawn before the board: its
        labels keep off them); True when they changed."""
        html = card_html(state, ui)
        if html == self.shown.card_info:
            return False
        self.shown.card_info = html
        box = el("card-info")
        box.innerHTML = html
        box.hidden = not html
        return True

    def _draw_panel(self, game: Game, state: State, ui: UI) -> None:
        """The status and the prompt, when what they read changed; the LOS button's state."""
        shown = self.shown
        key = prompt_key(state, ui)
        if key != shown.prompt:
            shown.prompt = key
            el("status").innerHTML = panel.status_line(state, ui)
            recent = game.events[ui.feedback.recent_from :]
            el("prompt").innerHTML = panel.prompt_html(state, ui, recent)
            newest_news()
            el("btn-concede").disabled = state.status == Status.FINISHED
            question = question_key(state, ui)
            if question != shown.question:  # a new question is read from the bar's top
                shown.question = question
                el("panel").scrollTop = 0
            more_below()
        if ui.settings.show_all_los != shown.los:
            shown.los = ui.settings.show_all_los
            el("btn-los").setAttribute("aria-pressed", "true" if shown.los else "false")
            el("los-state").textContent = "on" if shown.los else "off"  # said, not only styled

    def _overlay_parts(self, state: State, view: ViewModel) -> OverlayParts:
        """``overlay_parts``, reusing the sight markup on screen while its inputs are unchanged
        (aiming a Move, tracing a path, dragging a card being placed: only the live part)."""
        key = (state, sight_inputs(view))
        last, shown = self.shown.sight, self.shown.overlay
        if last is not None and shown is not None and last[0] is key[0] and last[1] == key[1]:
            return OverlayParts(shown.sight, live_markup(state, view, shown.placed), shown.placed)
        self.shown.sight = key
        return overlay_parts(state, view)

    def _redraw_overlay(self, parts: OverlayParts) -> bool:
        """Replace the markup of only those overlay groups that changed, so a pointer move that
        aims a Move repaints the ray and not the LOS regions under it. False if not on screen."""
        shown = self.shown.overlay
        for i, id_ in enumerate(("layer-sight", "layer-live")):
            if shown is not None and shown[i] == parts[i]:
                continue
            layer = el(id_)
            if layer is None:
                return False
            layer.innerHTML = parts[i]
        self.shown.overlay = parts
        return True

    def _play(self, state: State, ui: UI) -> None:
        """Start the show ``ui.playback`` asks for (over the board just drawn), stop one that
        ended or was skipped, and draw the last turn's trail while no show plays."""
        pb, stage = ui.playback, self.stage
        if pb.playing and pb.show_from is not None:
            if pb.shows != stage.started:
                motion = not reduced_motion()
                stage.start(
                    pb.shows, show(pb.show, pb.show_from, state, playback.factor(ui), motion)
                )
            return
        if stage.playing:
            stage.stop()
        wanted = playback.to_replay(ui, state)
        key = (pb.last, wanted)
        if key != self.shown.trail:  # the trail's markup is made once per turn
            self.shown.trail = key
            self.shown.trail_markup = trail(pb.last, state) if wanted else ""
        stage.still(self.shown.trail_markup)

    def _append_log(self, game: Game, ui: UI) -> None:
        """The game's new events at the log's end, once any show of them has been seen (the log
        never tells a shot's result while its dice are still rolling on the board)."""
        if ui.playback.playing:
            return
        entries = game.events[self.shown.log :]
        if not entries:
            return
        box = el("log")
        numbers = game.event_actions[self.shown.log :]
        names = ui.seats.names
        box.insertAdjacentHTML("beforeend", panel.log_html(entries, numbers, names))
        # What just happened on the board, in words, for screen readers (a live region).
        el("board-live").textContent = " ".join(words.named(e.text, names) for e in entries[-3:])
        self.shown.log = len(game.events)
        box.scrollTop = box.scrollHeight  # the log box scrolls, never the page
