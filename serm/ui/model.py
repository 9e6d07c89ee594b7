"""The screen's interaction state as data: one frozen ``UI`` value made of small frozen parts.

``UI`` holds what the screen shows besides the game: the soldier chosen and what is being set
for it (a target or reactor picked waits there for its confirmation), the card being placed, the
Brawler's path being traced, the stop point, the outlook of a Move being aimed, the pointer (hover
and drag), the settings, the last message and the viewport. It changes only through
``serm.ui.reduce.reduce``; the board (``serm.ui.screen.view_model``) and the panel
(``serm.ui.panel``) are functions of ``(State, UI)``. A part that a new screen needs (an animation
queue, a replay cursor) is a new field with its own small type.

Positions are in card lengths, bearings in degrees clockwise from screen-up (R1).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..core.cover import Frame, Poses
from ..core.forecast import Forecast
from ..core.geometry import Vec
from ..core.los import Viewer
from ..core.state import State
from ..view.beats import DEFAULT_SPEED, Beat
from ..view.model import Ghost, SoldierKey, Viewport


class ActMode(StrEnum):
    """What the player of an activated soldier is doing (within an ACT decision, R7)."""

    MENU = "menu"
    """Choosing Move, Turn, Shoot or the end of the activation."""
    AIM = "aim"
    """Aiming a Move: its direction and the facing it sets off with (R14, R15)."""
    TURN = "turn"
    """Turning in place (R14)."""
    SHOOT = "shoot"
    """Picking a target (R21)."""


class Drag(StrEnum):
    """What a pressed pointer drags."""

    NONE = "none"
    GHOST = "ghost"
    """The card being placed (R5, R6)."""
    ROTATE = "rotate"
    """A facing, by the round handle (R14)."""
    AIM = "aim"
    """The direction of a Move being aimed (R15)."""
    STOP = "stop"
    """The stop point along a reacted-to Move (R19)."""
    PAN = "pan"
    """The board's view, by one finger (or the middle button, or Space held) on bare table."""
    PINCH = "pinch"
    """The board's view, by two fingers: they pan by their midpoint and zoom by their spread."""


YOU = " (you)"
"""Added to the name of the side this device plays in a game by link (``serm.ui.friend``)."""


@dataclass(frozen=True)
class Seats:
    """Who sits at this screen: names, the computer players' seats, and referee mode (R24).

    Fixed for a game (read from its record when it starts or is opened); the panel reads the
    names, and input for a computer's decision is ignored.
    """

    names: tuple[str, str] = ("Player 1", "Player 2")
    computers: frozenset[int] = frozenset()
    referee: bool = False
    """True when dice are typed in from physical dice instead of rolled here (R24)."""
    by_link: bool = False
    """True for a game by link: the other seat is a friend on another device, so a rematch is
    a new invitation to that friend."""

    def name(self, player: int) -> str:
        return self.names[player - 1] if player in (1, 2) else f"Player {player}"

    def computer(self, player: int) -> bool:
        return player in self.computers


@dataclass(frozen=True)
class Choice:
    """The soldier chosen and what is being set for it.

    ``soldier`` is the activated soldier (ACT) or the mover of the Move under way; ``aim`` the
    direction of a Move being aimed (``aim_locked`` once set on purpose, so the pointer no longer
    swings it); ``facing`` the facing being set (start facing, a turn in place, or the end facing;
    ``facing_touched`` once the player has turned it or asked for it to be taken); ``pick`` the
    card a target or React choice waits to have confirmed.
    """

    soldier: SoldierKey | None = None
    mode: ActMode = ActMode.MENU
    aim: float | None = None
    aim_locked: bool = False
    facing: float | None = None
    facing_touched: bool = False
    pick: str | None = None
    """A target (R21, R22) or a reactor (R18) picked but not yet confirmed: its dice are rolled
    only once the player confirms, so a record keeps confirmed actions only."""


@dataclass(frozen=True)
class Trace:
    """The Brawler's path being traced (R17): corners after its start, and the pointer."""

    corners: tuple[Vec, ...] = ()
    cursor: Vec | None = None


@dataclass(frozen=True)
class Outlook:
    """What the Move being aimed could lead to (R18, R19), worked out once the aim rests.

    Made for one soldier, ``aim`` and start ``facing``, or, for a Brawler's path being traced
    (R17), the ``path`` as traced so far and on to the pointer (``aim`` then unused);
    ``checked`` holds each enemy looked at so far with where it first sees the card (L along
    the Move, or None), one enemy per step so that no step keeps the page busy for long;
    ``forecast`` is set once every enemy is checked.
    """

    soldier: SoldierKey
    aim: float
    facing: float
    checked: tuple[tuple[str, float | None], ...] = ()
    forecast: Forecast | None = None
    path: tuple[Vec, ...] = ()


Spot = tuple[float, float, float]
"""Where a card stands: (x, y, facing)."""


@dataclass(frozen=True)
class Exposure:
    """How much of ``player``'s deployment an enemy Gunner placed last could see (R5, R22),
    worked out a slice at a time during deployment for the Exposure view (``serm.ui.exposure``).

    ``viewers``, ``frames``: the enemy Gunner's poses built so far and their frames
    (``cover.gunner_poses``, one facing per step; ``built`` facings done; once it stands on the
    table, its turns in place at ``anchor``), and ``poses`` once all are built; ``masks``: per
    placed card (its key and where it stands) the poses that see it; ``partial``: the card
    being worked out (key, spot, next pose, mask so far); ``shade``: per spot of the zone
    (``exposure.spots``) the mask of the shading poses, of the first ``shaded``, that see a
    card there.
    """

    player: int
    built: int = 0
    viewers: tuple[Viewer, ...] = ()
    frames: tuple[Frame, ...] = ()
    poses: Poses | None = None
    masks: tuple[tuple[SoldierKey, Spot, int], ...] = ()
    partial: tuple[SoldierKey, Spot, int, int] | None = None
    shade: tuple[int, ...] = ()
    shaded: int = 0
    anchor: tuple[float, float] | None = None
    """Where the enemy Gunner stands once it is on the table: the poses are then its turns in
    place there (``exposure.turning``), not a grid over its zone (None)."""


@dataclass(frozen=True)
class Pointer:
    """The pointer: the card it hovers and what a press drags.

    ``before`` is the whole ``UI`` from just before the press began: a cancelled drag (the
    browser took the pointer away) or a second finger (a pinch) goes back to it, so a drag is
    either finished or never happened.
    ``fingers``: the pointers pressed now, by id, each at the table point under it as the board
    shows it now (L; a pan or a zoom moves them, ``serm.view.frame.remap``).
    """

    hover: SoldierKey | None = None
    drag: Drag = Drag.NONE
    before: UI | None = None
    fingers: tuple[tuple[int, Vec], ...] = ()
    grip: Vec = Vec(0.0, 0.0)
    """Where the card being placed sits from the pointer dragging it (L): where it was gripped."""
    pressed: Vec | None = None
    """Where a press while placing began (L; kept under the same spot of the screen while the
    view pans), until it leaves the tap's reach: let go there (a tap), it puts the card being
    placed there, on it or off it, or on a card already placed looks at it."""
    on_card: bool = False
    """That press began on a card already on the table: a tap there looks at that card (its
    details) and moves nothing, and neither does a drag from it."""


@dataclass(frozen=True)
class Settings:
    """Choices a player makes about the screen, kept with the save.

    ``auto_last_target``: when the Gunner has one target left, shoot it without asking (R22 lets
    the player only order the targets; one target leaves no order to pick). The prompt shows it.
    """

    show_all_los: bool = False
    auto_last_target: bool = True
    exposure: bool = False
    """The Exposure view during deployment (``serm.ui.exposure``); on for a first game."""


@dataclass(frozen=True)
class Feedback:
    """What the panel says besides the question: a refusal (or news, ``news``) in plain words
    (``serm.ui.words``), and where "what just happened" starts.

    ``recent_from`` is the index in the game log (``Game.events``) of the first event since the
    last human decision: the prompt repeats the results after it.
    """

    message: str = ""
    recent_from: int = 0
    rule: str = ""
    """The rule behind ``message`` ("R21"), shown after it in small print; "" for none."""
    news: bool = False
    """True when ``message`` tells what happened (an activation that ended by itself), not a
    refusal: the panel does not style it as an error."""
    about: int = 0
    """The player whose soldier the news is about (0: the one deciding): news of the other
    side's soldier is told with what just happened, above the heading of the one deciding."""
    short: str = ""
    """``message`` in fewer words for a phone's short bar ("": the same there)."""
    repeats: bool = False
    """True when ``message`` only repeats the news above it: a phone's short bar leaves it out."""


@dataclass(frozen=True)
class Playback:
    """What the board shows of the actions just played: the show playing, and the
    latest run of beats by one player ("what just happened").

    ``speed``: a ``serm.view.beats.SPEEDS`` name (the player's setting, kept by the browser).
    ``show``/``show_from``: the beats the show on screen plays and the state it starts from;
    ``shows``: how many shows were started (names the one playing); ``playing``: a show is on
    screen, so the first press or key only skips it. ``last``/``since``/``by``: the beats
    played since player ``by`` began deciding, the state before them.
    """

    speed: str = DEFAULT_SPEED
    show: tuple[Beat, ...] = ()
    show_from: State | None = None
    shows: int = 0
    playing: bool = False
    last: tuple[Beat, ...] = ()
    since: State | None = None
    by: int = 0


@dataclass(frozen=True)
class UI:
    """The whole interaction state of one screen; see the module docstring."""

    seats: Seats = Seats()
    choice: Choice = Choice()
    ghost: Ghost | None = None
    """The card being placed during deployment, and why it may not go there (R4, R6)."""
    trace: Trace = Trace()
    stop_at: float | None = None
    """The proposed stop point, L along the reacted-to Move's path (R19)."""
    outlook: Outlook | None = None
    """Who could React to the Move being aimed, and the chance it is stopped (R18, R19)."""
    exposure: tuple[Exposure, ...] = ()
    """What an enemy Gunner placed last could see of each side's deployment (R5, R22)."""
    pointer: Pointer = Pointer()
    settings: Settings = Settings()
    feedback: Feedback = Feedback()
    viewport: Viewport = Viewport()
    inspect: SoldierKey | None = None
    """The card whose details are shown (``serm.ui.details``): the last card tapped that the
    tap did not choose (``pointer.chooses``), or the soldier chosen, by Details."""
    playback: Playback = Playback()
