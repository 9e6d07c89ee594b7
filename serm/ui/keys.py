"""The key map: which key asks for which command (data), read by the reducer and by the panel's
key badges alike, so a badge never names a key that does something else."""

from __future__ import annotations

from dataclasses import dataclass

from .events import Command

CHOICE_KEYS = "123456789"
"""The number keys pick the numbered choices the prompt lists, in order."""


@dataclass(frozen=True)
class Binding:
    """Keys (DOM ``key`` names; letters in lower case) that send ``command`` with ``arg``.

    ``badge`` is how the panel names the key; ``repeats``: a held key acts again and again
    (nudging, turning) instead of once.
    """

    keys: tuple[str, ...]
    badge: str
    command: Command
    arg: str = ""
    repeats: bool = False


KEYMAP: tuple[Binding, ...] = (
    Binding(("Enter",), "Enter", Command.CONFIRM),
    Binding(("Escape",), "Esc", Command.CANCEL),
    Binding(("m",), "M", Command.MOVE),
    Binding(("t",), "T", Command.TURN),
    Binding(("s",), "S", Command.SHOOT),
    Binding(("p",), "P", Command.END),
    Binding(("n",), "N", Command.REACT),
    Binding(("k",), "K", Command.KEEP),
    Binding((" ",), "Space", Command.CORNER),
    Binding(("u",), "U", Command.UNDO_CORNER),
    Binding(("l",), "L", Command.LOS),
    Binding(("a",), "A", Command.AUTO_TARGET),
    Binding(("x",), "X", Command.EXPOSURE),
    Binding(("i",), "I", Command.DETAILS),
    Binding(("+", "="), "+", Command.ZOOM_IN, repeats=True),
    Binding(("-",), "−", Command.ZOOM_OUT, repeats=True),
    Binding(("0",), "0", Command.ZOOM_FIT),
    Binding(("q", "["), "Q", Command.ROTATE_LEFT, repeats=True),
    Binding(("e", "]"), "E", Command.ROTATE_RIGHT, repeats=True),
    Binding(("ArrowLeft",), "←", Command.NUDGE_LEFT, repeats=True),
    Binding(("ArrowRight",), "→", Command.NUDGE_RIGHT, repeats=True),
    Binding(("ArrowUp",), "↑", Command.NUDGE_UP, repeats=True),
    Binding(("ArrowDown",), "↓", Command.NUDGE_DOWN, repeats=True),
    Binding(("Home",), "Home", Command.STOP_START),
    Binding(("End",), "End", Command.STOP_END),
    *(Binding((k,), k, Command.CHOOSE, str(i)) for i, k in enumerate(CHOICE_KEYS)),
)

_BY_KEY = {k: b for b in KEYMAP for k in b.keys}
_BY_COMMAND = {(b.command, b.arg): b for b in KEYMAP}


def binding(key: str) -> Binding | None:
    """The binding of a DOM ``key`` name (a letter in either case), or None."""
    return _BY_KEY.get(key.lower() if len(key) == 1 else key)


def badge(command: Command, arg: str = "") -> str:
    """The key the panel shows on the button for ``command`` (with ``arg``), or "" if none."""
    b = _BY_COMMAND.get((command, arg))
    return b.badge if b is not None else ""


def choice_badge(index: int) -> str:
    """The key that picks the ``index``-th (0-based) numbered choice, or "" past the ninth."""
    return badge(Command.CHOOSE, str(index))


def repeats(key: str) -> bool:
    """True for a key that acts again while held (a held key otherwise acts once)."""
    b = binding(key)
    return b is not None and b.repeats
