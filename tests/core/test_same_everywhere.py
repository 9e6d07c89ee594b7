"""A record replays to the same states, to the last bit, on every Python the game runs on (R24).

``tests/data/same-everywhere.json`` is a whole game between two normal computer players; its
states, replayed on CPython, are summed up action by action in
``tests/data/same-everywhere.states.txt``. The Pyodide suite runs tests/core inside Pyodide, so
the page's engine is held to the same states: the sines, cosines and bearings the engine takes
from ``serm.core.fmath`` give the same bits everywhere, where the C library's differ in the
last bit between CPython on Linux and the page.

``python -m tests.ai.test_same_choices`` records the game and its states anew.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from serm.core.record import loads, replay_steps
from serm.core.state import State

DATA = Path(__file__).resolve().parent.parent / "data"
RECORD = DATA / "same-everywhere.json"
STATES = DATA / "same-everywhere.states.txt"


def digest(state: State) -> str:
    """Every soldier's place, facing and fate, exactly (``repr`` of a float round-trips)."""
    text = ";".join(
        f"{s.player} {s.card} {s.placed} {s.alive} {s.x!r} {s.y!r} {s.facing!r}"
        for s in state.soldiers
    )
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def digests() -> list[str]:
    record = loads(RECORD.read_text("utf-8"))
    return [digest(state) for _, state in replay_steps(record)]


def test_the_record_replays_to_the_states_recorded_on_cpython() -> None:
    want = STATES.read_text("utf-8").split()
    got = digests()
    assert len(got) == len(want) > 100
    first = next((i for i, (g, w) in enumerate(zip(got, want, strict=True)) if g != w), None)
    assert first is None, f"the state after action {first} is not the one recorded on CPython"


if __name__ == "__main__":
    STATES.write_text("\n".join(digests()) + "\n", "utf-8")
