"""The short form of a record's actions that links to a friend carry (docs/link-play.md).

An action is a list: a one-letter code, then its fields in a fixed order, with a card as its
index in ``CARD_NAMES``; a roll is a bare list of whole numbers, one per die, whose decimal
digits are that die's faces (``[62, 4]``: a six re-rolled into a 2, and a 4, R10). No action
names its player: the player is the one the game waits for (C18), found by replaying, except a
concession, which names who concedes. ``decode`` reads the form back into the record's form and
checks it as a record's actions are checked (``serm.core.actions.from_dict``), raising
``ValueError`` in words for the page.
"""

from __future__ import annotations

from typing import Any

from ..core import actions as act
from ..core.cards import CARD_NAMES

CODES = {
    "place": "p",
    "move": "m",
    "turn": "t",
    "path": "w",
    "react": "k",
    "stop": "s",
    "face": "f",
    "shoot": "x",
    "end": "e",
    "concede": "c",
}
"""Each action type's code (a roll has none: it is the bare list of its dice)."""
TYPES = {code: kind for kind, code in CODES.items()}
FIELDS = {
    "place": ("card", "x", "y", "facing"),
    "move": ("card", "direction", "facing"),
    "turn": ("card", "facing"),
    "react": ("card",),
    "stop": ("distance",),
    "face": ("facing",),
    "shoot": ("card", "target"),
    "end": (),
    "concede": ("player",),
}
"""The fields after the code, in order (a path lists its points' coordinates flat instead)."""
CARDS = ("card", "target")
MAX_FACES = 24
"""Most faces one die of a roll lists (23 sixes in a row happen once in 10^17 rolls)."""


def encode(action: act.Action) -> list[Any]:
    """The short form of ``action``."""
    d = act.to_dict(action)
    kind = d["type"]
    if kind == "roll":
        return [int("".join(str(f) for f in chain)) for chain in d["faces"]]
    if kind == "path":
        return [CODES[kind], *(v for point in d["points"] for v in point)]
    out: list[Any] = [CODES[kind]]
    for key in FIELDS[kind]:
        value = d.get(key)
        out.append(CARD_NAMES.index(value) if key in CARDS and value is not None else value)
    return out


def decode(item: Any) -> act.Action:
    """The action a short form stands for (naming no player, except a concession); raises
    ``ValueError`` saying what is wrong."""
    if not isinstance(item, list) or not item:
        raise ValueError("an action is not a list")
    head = item[0]
    if type(head) is int:
        return act.from_dict({"type": "roll", "faces": [_faces(n) for n in item]}, False)
    kind = TYPES.get(head) if isinstance(head, str) else None
    if kind is None:
        raise ValueError("an action has an unknown code")
    if kind == "path":
        flat = item[1:]
        if len(flat) % 2:
            raise ValueError("a path has an odd number of coordinates")
        points = [[flat[i], flat[i + 1]] for i in range(0, len(flat), 2)]
        return _checked({"type": kind, "points": points})
    names = FIELDS[kind]
    if len(item) != len(names) + 1:
        raise ValueError(f"{act.show(head)} has {len(item) - 1} fields, not {len(names)}")
    d: dict[str, Any] = {"type": kind}
    for key, value in zip(names, item[1:], strict=True):
        d[key] = _card(value) if key in CARDS and value is not None else value
    return _checked(d)


def _checked(d: dict[str, Any]) -> act.Action:
    try:
        return act.from_dict(d, need_player=False)
    except act.ActionFormatError as exc:
        raise ValueError(str(exc)) from exc


def _card(value: Any) -> str:
    if type(value) is not int or not 0 <= value < len(CARD_NAMES):
        raise ValueError(f"{act.show(value)} is not a card")
    return CARD_NAMES[value]


def _faces(number: Any) -> list[int]:
    if type(number) is not int or number <= 0 or number >= 10**MAX_FACES:
        raise ValueError(f"{act.show(number)} is not a die's faces")
    faces = [int(c) for c in str(number)]
    if any(not 1 <= f <= 6 for f in faces):
        raise ValueError(f"{number} is not a die's faces")
    return faces
