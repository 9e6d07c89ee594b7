"""What can happen to the screen, as small frozen values that ``reduce`` takes one at a time.

Input: pointer presses, moves, releases and cancels (positions in card lengths on the table, as
the board shows it now; ``id`` tells fingers apart), wheel notches, zooms about a point, keys
(by their DOM ``key`` name), presses of a named command (a button, or a key through the key
map of ``serm.ui.keys``), typed-in dice and a rest of the aim. Results: ``Settled`` after
the game's state changed (an action was played, or a game was opened), ``Refused`` when the
engine refused an action. A new kind of input (a long press, "skip to the end") is a new type
here and a new case in ``reduce``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..core.actions import Action
from ..core.state import State
from ..view.beats import Beat
from ..view.model import SoldierKey


class Command(StrEnum):
    """What a button or a bound key asks for; the value is the button's ``data-action``."""

    CONFIRM = "confirm"
    """Do what the prompt proposes: place, roll the Move, turn, set the facing, stop, finish."""
    CANCEL = "cancel"
    """Back: leave the Move, Turn or Shoot being set up, or restart the Brawler's path."""
    SELECT = "select"
    CARD = "card"
    """Pick which card to place next (``arg``: its name)."""
    MOVE = "move"
    TURN = "turn"
    SHOOT = "shoot"
    END = "end"
    """Pass, or end the activation (R7)."""
    REACT = "react"
    """React with ``arg``, or decline with no ``arg`` (R18)."""
    TARGET = "target"
    KEEP = "keep"
    """Keep the facing at the end of a Move (R14)."""
    CORNER = "corner"
    """Add a corner to the Brawler's path where the keyboard cursor is (R17)."""
    UNDO_CORNER = "undo-corner"
    STRAIGHT = "straight"
    """Spend the rest of the Brawler's roll straight on toward the pointer (R17)."""
    CHOOSE = "choose"
    """The ``arg``-th (0-based) of the numbered choices the prompt lists."""
    ROTATE_LEFT = "rotate-left"
    ROTATE_RIGHT = "rotate-right"
    NUDGE_LEFT = "nudge-left"
    NUDGE_RIGHT = "nudge-right"
    NUDGE_UP = "nudge-up"
    NUDGE_DOWN = "nudge-down"
    STOP_START = "stop-start"
    """Put the stop point at the start of the reacted-to Move's path, 0 L (R19, C15)."""
    STOP_END = "stop-end"
    """Put the stop point where the reacted-to Move would halt, the far end of its range."""
    LOS = "los"
    """Show every enemy's LOS region, or stop showing them."""
    AUTO_TARGET = "auto-target"
    """Turn ``Settings.auto_last_target`` on or off."""
    EXPOSURE = "exposure"
    """Turn the Exposure view of deployment on or off (``Settings.exposure``)."""
    DETAILS = "details"
    """Show the details of the soldier chosen to activate (``UI.inspect``)."""
    CLOSE_CARD = "close-card"
    """Close the card's details (``UI.inspect``)."""
    ZOOM_IN = "zoom-in"
    """Show the board closer, about its middle (``serm.view.frame.STEP``)."""
    ZOOM_OUT = "zoom-out"
    ZOOM_FIT = "zoom-fit"
    """Show the whole table again."""
    REPLAY_LAST = "replay-last"
    """Play the other side's last turn again on the board (``Playback.last``)."""


@dataclass(frozen=True)
class Hit:
    """What the pointer is over, read by the browser layer from ``data-*`` attributes."""

    player: int | None = None
    card: str | None = None
    handle: bool = False

    @property
    def soldier(self) -> SoldierKey | None:
        return (self.player, self.card) if self.player and self.card else None


@dataclass(frozen=True)
class PointerDown:
    """A press (mouse button or touch) at (x, y) L over ``hit``.

    ``id`` tells the fingers of a pinch apart (the DOM ``pointerId``); ``pan``: the press only
    pans the board whatever it is over (the middle mouse button, or Space held); ``touch``: a
    finger or a pen, which hides what is under it (a card being placed is lifted above it).
    """

    x: float
    y: float
    hit: Hit = Hit()
    id: int = 0
    pan: bool = False
    touch: bool = False


@dataclass(frozen=True)
class PointerMove:
    """The pointer ``id`` moved to (x, y) L, pressed or not; ``touch`` as for ``PointerDown``."""

    x: float
    y: float
    hit: Hit = Hit()
    id: int = 0
    touch: bool = False


@dataclass(frozen=True)
class PointerUp:
    """The press ends; ``touch`` for a finger or a pen (no hover is left behind)."""

    x: float
    y: float
    hit: Hit = Hit()
    touch: bool = False
    id: int = 0


@dataclass(frozen=True)
class PointerCancel:
    """The browser took the pointer ``id`` away (``pointercancel``, lost capture): undo the
    drag it was making (a pan or a pinch just stops where it is)."""

    id: int = 0


@dataclass(frozen=True)
class PointerLeft:
    """The pointer left the board (a mouse on its way to the panel's buttons, a finger
    lifted): what followed it on the board no longer does."""

    id: int = 0


@dataclass(frozen=True)
class Wheel:
    """A wheel notch; ``delta`` > 0 turns clockwise."""

    delta: float


@dataclass(frozen=True)
class ZoomAt:
    """Zoom by ``factor`` (> 1 closer) keeping the table point (x, y) L where it is on screen
    (Ctrl + wheel, a trackpad pinch)."""

    x: float
    y: float
    factor: float


@dataclass(frozen=True)
class Key:
    """A key press by its DOM ``key`` name ("Enter", "ArrowLeft", "m", ...)."""

    key: str
    shift: bool = False


@dataclass(frozen=True)
class Press:
    """A command from a button or a bound key; ``big`` makes a nudge five times as far."""

    command: Command
    arg: str = ""
    big: bool = False


@dataclass(frozen=True)
class Dice:
    """Typed-in faces for the pending pool (referee mode, R24): dice separated by "|", a die's
    chain of faces by spaces (a six and what it was re-rolled into: "6 3")."""

    text: str


@dataclass(frozen=True)
class Rest:
    """The page is free for a step of work no input waits for: after the aim of a Move has
    rested ``REST_MS``, the next enemy that could React to it (``serm.ui.outlook``); during
    deployment, the next slice of the Exposure view (``serm.ui.exposure``)."""


REST_MS = 150
"""How long (ms) the aim must rest before its outlook is worked out."""
REST_TASK_MS = 12
"""The browser sends ``Rest`` steps one after another in one task until this long (ms) has
passed or no work is left, then draws once and lets the page answer input."""


@dataclass(frozen=True)
class Settled:
    """The game's state changed: fit the screen to what it now waits for.

    ``recent_from``: the log index where a human decision's results begin (None keeps the last
    one, e.g. after a computer's action, so its results add to what is shown).
    """

    recent_from: int | None = None


@dataclass(frozen=True)
class Refused:
    """The engine refused the action (``rule`` and its words): nothing changed but the message.

    ``action`` is the action refused, from which the screen words why (``serm.ui.words``).
    """

    rule: str
    text: str
    action: Action | None = None


@dataclass(frozen=True)
class Shown:
    """A decision was played: its ``beats`` (``serm.view.beats``), who decided (``by``: a player,
    0 for the roll-off) and the state before it (``since``). The board shows them unless the
    speed is instant."""

    beats: tuple[Beat, ...]
    by: int
    since: State


@dataclass(frozen=True)
class Skip:
    """A press on the board or a key while a show plays: the show ends at once, and the press
    does nothing else (it never answers the question by chance). A question's button pressed
    during a show (its ``Press``) ends the show and does what it says."""


@dataclass(frozen=True)
class ShowEnded:
    """The show numbered ``show`` (``Playback.shows``) has played to its end."""

    show: int


@dataclass(frozen=True)
class Speed:
    """The player picked how fast actions are shown (a ``serm.view.beats.SPEEDS`` name)."""

    name: str


Event = (
    PointerDown
    | PointerMove
    | PointerUp
    | PointerCancel
    | PointerLeft
    | Wheel
    | ZoomAt
    | Key
    | Press
    | Dice
    | Rest
    | Settled
    | Refused
    | Shown
    | Skip
    | ShowEnded
    | Speed
)
"""Every event ``reduce`` takes."""
