"""What the board shows besides the game state: selection, previews, highlights (pure data).

``serm.ui.screen.view_model(state, ui)`` builds a ``ViewModel`` from the interaction state;
``serm.view.render.render(state, view)`` turns both into SVG. Positions are in card lengths,
bearings in degrees clockwise from screen-up (R1).
"""

from __future__ import annotations

from dataclasses import dataclass

from serm.core.errors import Problem

SoldierKey = tuple[int, str]
"""(player, card name), e.g. (1, "ranger")."""


@dataclass(frozen=True)
class Viewport:
    """The part of the table the board shows (the SVG's viewBox): a ``zoom`` (1 fits the whole
    table, more shows less of it, ``serm.view.frame.MAX_ZOOM`` at most) and the table point at
    the board's middle, (``x``, ``y``) L, None for the table's centre. ``serm.view.frame``
    does the arithmetic; ``Viewport()`` is the fitted table."""

    zoom: float = 1.0
    x: float | None = None
    y: float | None = None


@dataclass(frozen=True)
class Overlaid:
    """The page's controls drawn over the board (the zoom buttons, a card's details), as laid
    out: the drawing's (the board's SVG's) ``width`` and ``height`` and the ``boxes`` the
    controls cover (left, top, right, bottom), in CSS px from the drawing's top-left corner.
    ``serm.view.frame.covered`` turns them into table terms for a viewport; ``Overlaid()`` is a
    board with nothing over it."""

    width: float = 0.0
    height: float = 0.0
    boxes: tuple[tuple[float, float, float, float], ...] = ()


NOTHING_OVER = Overlaid()
"""A board with nothing drawn over it."""


@dataclass(frozen=True)
class Ghost:
    """A card being placed during deployment: where it would go and whether it may (R4, R6)."""

    player: int
    card: str
    x: float
    y: float
    facing: float
    problem: Problem | None = None
    sees: tuple[str, ...] | None = None
    """For a card that shoots at every enemy it sees (the Gunner, R22): the enemy cards on the
    table it would see from here at this facing (R11-R12); None for other cards."""
    seen: bool = False
    """The Exposure view counts the card seen there (one of the enemy Gunner's poses of its
    shading, or the Gunner where it stands, sees it): its label warns (worked out while it
    rests)."""
    glimpsed: bool = False
    """Not ``seen``, yet some pose of the enemy Gunner's whole grid still open to it, between
    those the shading tests, sees the card there (the spot shaded as seen from few or none):
    its label warns that a few spots see it (worked out while it rests)."""


@dataclass(frozen=True)
class MovePreview:
    """A Move being aimed: the declared ``direction`` with the card at ``facing`` (R15).

    ``min_length``/``max_length`` are the least and most the Move pool can roll; ``halt`` is how far
    the card could travel along the direction before first contact (None if nothing is in reach).
    ``watchers`` are the enemies that could React (R18): (soldier, L along the direction where it
    first sees the card, chance that it may React and beats the roll); ``stop_chance`` the chance
    that the Move is stopped (R19), None until worked out (``serm.core.forecast``).
    """

    card: SoldierKey
    direction: float
    facing: float
    min_length: float
    max_length: float
    halt: float | None
    watchers: tuple[tuple[SoldierKey, float, float], ...] = ()
    stop_chance: float | None = None
    rams: tuple[SoldierKey, ...] = ()
    """The enemy soldiers touched at ``halt``: a roll that gets there rams them (R16)."""
    ram_chance: float = 0.0
    """The chance the roll gets to ``halt`` and rams them (before any React, R19)."""
    stuck: str = ""
    """What the card already touches along ``direction`` when it would halt at once (R16),
    in words ("the Wall"); "" when it gets under way."""


@dataclass(frozen=True)
class PathTrace:
    """The Brawler's path being traced after its roll (R17): corners so far and the length left."""

    points: tuple[tuple[float, float], ...]
    remaining: float
    cursor: tuple[float, float] | None = None
    halt: tuple[float, float] | None = None
    """Where the path so far (and on to the cursor) would first touch something (R16)."""
    rams: tuple[str, ...] = ()
    """The enemy cards touched at ``halt``: the path rams them (R16)."""
    stopper: str = ""
    """What it touches at ``halt``, in words ("the Crates", "the table edge", "your Armored")."""
    lost: float = 0.0
    """The length of the roll (L) the path cannot use past ``halt`` (R16), as written: the roll
    less where it halts as ``serm.core.written`` writes that."""
    watchers: tuple[tuple[SoldierKey, float, float], ...] = ()
    """The enemies that could React to the path as drawn, once worked out (R18): (soldier, L
    along the path where it first sees the card, chance its React beats the roll, R19)."""
    stop_chance: float | None = None
    """The chance the path is stopped (their best React beats the roll, R19), once worked out
    and when some enemy could React."""
    halt_along: float | None = None
    """How far along the path as drawn (L) ``halt`` lies, as the engine finds it (R16): the
    card's body sweeps the path up to there and no further."""


@dataclass(frozen=True)
class ExposureView:
    """The Exposure view during deployment (R5, R22): where an enemy Gunner placed last could
    stand, and how many of ``player``'s cards placed so far it would see from there.

    ``worst``: the enemy Gunner's pose (x, y, facing) that sees the most of them (None until
    worked out, or while none is placed); ``seen``: the cards it sees; ``placed``: how many of
    ``player``'s cards are down. ``shade``: per spot of the zone, (x, y, share): the centre of a
    card facing the enemy, and the share (0..1) of the enemy Gunner's poses that would see it
    there; ``spacing``: the spots' spacing (L); ``shade_done``: the shading is complete.
    """

    player: int
    worst: tuple[float, float, float] | None
    seen: tuple[str, ...]
    placed: int
    shade: tuple[tuple[float, float, float], ...] = ()
    spacing: float = 0.4
    shade_done: bool = False
    ready: bool = False
    """The cards placed so far are all worked out: ``worst`` None then means no pose sees any."""
    standing: bool = False
    """The enemy Gunner is on the table: ``worst`` is its turn where it stands (its Move, R14)
    that sees the most of the cards, ``seen`` those (its pose now when no turn sees one), and
    the shading is 1 where some turn sees a card, 0 where none does."""


@dataclass(frozen=True)
class ViewModel:
    """Everything the renderer needs beyond the ``State``.

    - ``selected``/``hovered``: soldiers whose LOS region is drawn and who are outlined.
    - ``show_all_los``: draw what each side's soldiers see, one shape per side, the enemies of
      ``perspective`` first.
    - ``highlights``: soldier -> role, role one of "target" (can be shot), "reactor" (may React),
      "eligible" (may act / may be placed), "chosen".
    - ``chances``: soldier -> probability shown on it (kill chance on targets, React chance on
      reactors), 0..1.
    - ``ghost``, ``move_preview``, ``path_trace``: deployment / aiming / Brawler previews.
    - ``stop_at``: proposed stop distance along the pending move's path (R19); ``stop_seen``
      whether the reacting soldier sees the mover stopped there (R11-R13), None with no stop.
    - ``facing_handle``: soldier whose rotation handle is shown, with the facing it shows.
    - ``facing_refused``: True when the facing the handle shows may not be taken (R4, C10): no
      sight is drawn for it, as no sight words are said.
    - ``perspective``: the player who decides now (for "enemy" regions), 1 or 2.
    - ``viewport``: how the board is framed.
    - ``exposure``: the Exposure view during deployment (R5, R22), or None.
    - ``covered``: the boxes of the table (L: left, top, right, bottom) that what is drawn
      over the labels covers: the page's controls in this view (``serm.view.frame.covered``),
      the last turn's trail (``serm.view.show.trail_boxes``). No label goes under them.
    - ``moving``: soldiers the show on screen moves or turns: it draws each where it stands at
      that moment, so nothing drawn where the state has them (their sight, a turning handle)
      is shown until it ends.
    """

    selected: SoldierKey | None = None
    hovered: SoldierKey | None = None
    show_all_los: bool = False
    highlights: tuple[tuple[SoldierKey, str], ...] = ()
    chances: tuple[tuple[SoldierKey, float], ...] = ()
    ghost: Ghost | None = None
    move_preview: MovePreview | None = None
    path_trace: PathTrace | None = None
    stop_at: float | None = None
    stop_seen: bool | None = None
    facing_handle: tuple[SoldierKey, float] | None = None
    facing_refused: bool = False
    perspective: int = 1
    viewport: Viewport = Viewport()
    exposure: ExposureView | None = None
    covered: tuple[tuple[float, float, float, float], ...] = ()
    moving: tuple[SoldierKey, ...] = ()
