"""The computer players choose the same actions on every Python the game runs on.

Fixed-seed games between the computer players, each strength playing, are compared action by
action with ``tests/data/ai-choices.json``, recorded on CPython. The Pyodide suite
(``tests/test_pyodide_suite.py``) runs this file inside Pyodide too, so the page's Python is
held to the same list: a computer game replays from its seed, and the page gives the same
choices as CPython for the same seed.

The look-ahead's clock cap (``Search.seconds``) is a safety net that a loaded machine could
reach; these games are played without it, so only the counted work bounds each decision, as it
does whenever the cap is not reached.

``python -m tests.ai.test_same_choices`` records the games anew (after a change that is meant
to change what the players choose), and the whole game between two normal players that
``tests/core/test_same_everywhere.py`` replays, with its states.
"""

from __future__ import annotations

import json
import math
import runpy
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from serm.ai import make_player
from serm.ai.player import BasePlayer, SearchPlayer
from serm.core import actions as act
from serm.core.game import Game
from serm.core.scenario import by_name
from serm.core.state import Status

DATA = Path(__file__).resolve().parent.parent / "data"
GOLDEN = DATA / "ai-choices.json"
WHOLE_GAME = DATA / "same-everywhere.json"

GAMES = {
    "easy-easy/3": (("easy", "easy"), 3, 16),
    "normal-normal/4": (("normal", "normal"), 4, 16),
    "hard-easy/5": (("hard", "easy"), 5, 12),
}
"""name -> (the players' kinds, the seed, the activations played): deployment, then Moves,
Reacts, stop points and Shoots (``test_the_games_cover_every_kind_of_choice``)."""


def player(kind: str, seed: int) -> BasePlayer:
    """The computer player of ``make_player``, its look-ahead without the clock cap."""
    out = make_player(kind, seed)
    if isinstance(out, SearchPlayer) and out.cfg.search is not None:
        out.cfg = replace(out.cfg, search=replace(out.cfg.search, seconds=math.inf))
    return out


def play(kinds: tuple[str, str], seed: int, activations: int) -> Game:
    """A game between computer players of ``kinds``, seeded as ``serm.ai.match.play`` seeds
    them, up to the start of activation ``activations + 1`` (or its end)."""
    game = Game(by_name("default"), seed)
    game.roll_pending()
    players = {1: player(kinds[0], seed * 2 + 1), 2: player(kinds[1], seed * 2 + 2)}
    while game.state.status != Status.FINISHED and game.state.activation_number <= activations:
        p = game.state.pending
        assert p is not None
        game.play(players[p.player].decide(game.state))
    return game


def choices(game: Game) -> list[dict[str, Any]]:
    """The players' actions in the game's record (its dice left out), in record form."""
    return [act.to_dict(a) for a in game.record.actions if not isinstance(a, act.Roll)]


@pytest.fixture(scope="module")
def golden() -> dict[str, list[dict[str, Any]]]:
    data: dict[str, list[dict[str, Any]]] = json.loads(GOLDEN.read_text("utf-8"))
    return data


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_players_choose_as_recorded_on_cpython(
    name: str, golden: dict[str, list[dict[str, Any]]]
) -> None:
    got = choices(play(*GAMES[name]))
    want = golden[name]
    first = next((i for i, (g, w) in enumerate(zip(got, want, strict=False)) if g != w), None)
    if first is None:
        assert len(got) == len(want), f"{name}: {len(got)} choices, recorded {len(want)}"
        return
    pytest.fail(f"{name}: choice {first} is {got[first]}, recorded on CPython {want[first]}")


def test_the_games_cover_every_kind_of_choice(golden: dict[str, list[dict[str, Any]]]) -> None:
    for name, actions in golden.items():
        kinds = {a["type"] for a in actions}
        assert {"place", "move", "react", "shoot"} <= kinds, (name, kinds)
    assert any(a["type"] == "stop" for a in golden["hard-easy/5"])


def record() -> None:
    """Write the recorded choices, the whole game and its states (on CPython)."""
    golden = {name: choices(play(*game)) for name, game in GAMES.items()}
    GOLDEN.write_text(json.dumps(golden, indent=0) + "\n", "utf-8")
    whole = play(("normal", "normal"), 13, 10**6)
    assert whole.state.status == Status.FINISHED
    WHOLE_GAME.write_text(whole.record.to_json() + "\n", "utf-8")
    runpy.run_module("tests.core.test_same_everywhere", run_name="__main__")


if __name__ == "__main__":
    record()
