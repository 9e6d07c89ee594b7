"""The pure rules core of serm: state, actions, geometry, dice, records.

Nothing in this package imports ``js``, ``pyscript`` or ``svg``; it runs on CPython 3.11+ and in
Pyodide alike.
"""

from .actions import Action, Concede, End, Face, Move, Path, Place, React, Roll, Shoot, Stop, Turn
from .errors import IllegalActionError
from .game import Game
from .record import Record, RecordError, replay
from .rules import apply
from .state import State, new_game

__all__ = [
    "Action",
    "Concede",
    "End",
    "Face",
    "Game",
    "IllegalActionError",
    "Move",
    "Path",
    "Place",
    "React",
    "Record",
    "RecordError",
    "Roll",
    "Shoot",
    "State",
    "Stop",
    "Turn",
    "apply",
    "new_game",
    "replay",
]
