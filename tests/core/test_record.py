"""Game records (R24): the JSON form, its checks and replay errors (docs/record-format.md)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from helpers import R, rolloff_for

from serm.core import (
    Action,
    Concede,
    End,
    Face,
    Move,
    Path,
    Place,
    React,
    Record,
    RecordError,
    Shoot,
    Stop,
    Turn,
    replay,
)
from serm.core.actions import ActionFormatError, from_dict, to_dict
from serm.core.record import FORMAT, MAX_ACTIONS, VERSION, loads, scenario_from_dict
from serm.core.record import from_dict as record_from_dict
from serm.core.scenario import default, open_field, random_layout

EVERY_ACTION: list[Action] = [
    R(1, 6),
    R((6, 6, 2), 4),
    Place("ranger", 1.5, 9.0, 45.0),
    Move("assault", 90.0),
    Move("assault", 90.0, facing=180.0),
    Move("brawler", None),
    Move("brawler", None, facing=10.5),
    Turn("gunner", 270.0),
    Path(((1.0, 2.0), (3.5, 4.25))),
    React("ranger"),
    React(None),
    Stop(1.25),
    Face(None),
    Face(33.0),
    Shoot("gunner", "armored"),
    End(),
    Concede(2),
]


def base_record(actions: list[Any] | None = None) -> dict[str, Any]:
    record = Record(open_field(), seed=7, actions=[])
    data = record.to_dict()
    data["actions"] = actions if actions is not None else []
    return data


def load_error(data: Any) -> RecordError:
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(RecordError) as info:
        loads(text)
    return info.value


# --- round trips ---------------------------------------------------------------------------------


@pytest.mark.parametrize("action", EVERY_ACTION, ids=lambda a: type(a).__name__)
def test_every_action_round_trips(action: Any) -> None:
    d = to_dict(action)
    assert from_dict(json.loads(json.dumps(d))) == action


def test_action_json_shapes() -> None:
    assert to_dict(R((6, 2), 4)) == {"type": "roll", "faces": [[6, 2], [4]]}
    assert to_dict(Move("brawler", None)) == {
        "type": "move",
        "card": "brawler",
        "direction": None,
        "facing": None,
    }
    assert to_dict(Path(((1.0, 2.0),))) == {"type": "path", "points": [[1.0, 2.0]]}
    assert to_dict(End()) == {"type": "end"}
    assert to_dict(Concede(1)) == {"type": "concede", "player": 1}


def test_optional_fields_may_be_left_out() -> None:
    assert from_dict({"type": "move", "card": "brawler"}) == Move("brawler", None)
    assert from_dict({"type": "react"}) == React(None)
    assert from_dict({"type": "face"}) == Face(None)
    assert from_dict({"type": "place", "card": "ranger", "x": 1, "y": 9, "facing": 0}) == Place(
        "ranger", 1.0, 9.0, 0.0
    )


@pytest.mark.parametrize(
    "scenario", [open_field(), default(), random_layout(11)], ids=lambda s: s.name
)
def test_scenarios_round_trip(scenario: Any) -> None:
    again = scenario_from_dict(json.loads(json.dumps(scenario.to_dict())))
    assert again == scenario


def test_record_round_trips() -> None:
    record = Record(default(), seed=3, actions=list(EVERY_ACTION))
    record.players = {1: {"name": "Ann", "kind": "human"}, 2: {"name": "Bot", "kind": "computer"}}
    text = record.to_json()
    again = loads(text)
    assert again == record
    assert again.to_dict() == record.to_dict()
    data = json.loads(text)
    assert data["format"] == FORMAT == "serm-record" and data["version"] == VERSION == 1
    assert set(data) == {"format", "version", "scenario", "players", "seed", "actions"}
    assert record_from_dict(data) == record


def test_seed_and_player_kind_are_optional() -> None:
    data = base_record()
    data["seed"] = None
    del data["players"]["1"]["kind"]
    record = loads(json.dumps(data))
    assert record.seed is None and record.players[1]["kind"] == "human"


# --- loading errors name the place ---------------------------------------------------------------


def test_bad_json() -> None:
    err = load_error("{not json")
    assert err.where == "file" and "not valid JSON" in str(err)


def test_not_an_object() -> None:
    assert load_error([1, 2]).where == "record"


def test_wrong_format_and_version() -> None:
    data = base_record()
    data["format"] = "chess-pgn"
    err = load_error(data)
    assert err.where == "format" and "serm-record" in str(err)
    data = base_record()
    data["version"] = 2
    err = load_error(data)
    assert err.where == "version" and "2" in str(err)
    data = base_record()
    data["extra"] = 1
    assert load_error(data).where == "record"


@pytest.mark.parametrize(
    ("field", "value", "where"),
    [
        ("name", None, "scenario.name"),
        ("name", "", "scenario.name"),
        ("width", None, "scenario.width"),
        ("width", "10", "scenario.width"),
        ("height", True, "scenario.height"),
        ("width", 1.0, "scenario"),
        ("width", 1e9, "scenario.width"),
        ("zones", None, "scenario.zones"),
        ("zones", [[0, 8, 10, 10]], "scenario.zones"),
        ("zones", [[0, 8, 10, 10], [0, 0, 10]], "scenario.zones[1]"),
        ("zones", [[0, 8, 10, 10], [0, 2, 10, 0]], "scenario.zones[1]"),
        ("zones", [[0, 8, 10, 11], [0, 0, 10, 2]], "scenario.zones[0]"),
        ("terrain", None, "scenario.terrain"),
        ("terrain", [{"name": "X", "tall": True}], "scenario.terrain[0].points"),
        ("terrain", [{"name": "X", "tall": "yes", "points": []}], "scenario.terrain[0].tall"),
        ("terrain", [{"tall": True, "points": []}], "scenario.terrain[0].name"),
        ("terrain", [[1, 2]], "scenario.terrain[0]"),
        ("explode_all", "no", "scenario.explode_all"),
        ("seed", 1.5, "scenario.seed"),
    ],
)
def test_scenario_errors(field: str, value: Any, where: str) -> None:
    data = base_record()
    if value is None:
        del data["scenario"][field]
    else:
        data["scenario"][field] = value
    err = load_error(data)
    assert err.where == where, str(err)
    assert str(err).startswith(where + ":")


def test_missing_scenario() -> None:
    data = base_record()
    del data["scenario"]
    assert load_error(data).where == "scenario"


@pytest.mark.parametrize(
    "points",
    [
        [[4, 4], [5, 5], [5, 4], [4, 5]],  # a bow-tie: all four corners convex, order crossed
        [[4, 4], [6, 4], [5, 4.5], [6, 6], [4, 6]],  # a dent in one side
        [[4, 4], [5, 4], [6, 4], [6, 6], [4, 6]],  # a corner that is not a corner
        [[4, 4], [6, 4], [6, 6], [6, 6], [4, 6]],  # a repeated corner
        [[4, 4], [6, 4]],  # too few
        [[4, 4], [6, 4], [6, "6"]],
        [[4, 4], [6, 4], [6]],
    ],
)
def test_terrain_must_be_convex(points: list[Any]) -> None:
    data = base_record()
    data["scenario"]["terrain"] = [{"name": "Ruin", "tall": True, "points": points}]
    err = load_error(data)
    assert err.where.startswith("scenario.terrain[0].points"), str(err)


@pytest.mark.parametrize(
    "points",
    [
        [[4, 4], [6, 4], [6, 6], [4, 6]],
        [[4, 6], [6, 6], [6, 4], [4, 4]],  # the other way round
        [[6, 6], [4, 6], [4, 4], [6, 4]],  # starting elsewhere
        [[5, 3], [7, 5], [5, 7], [3, 5]],
    ],
)
def test_convex_terrain_is_accepted_in_either_winding(points: list[Any]) -> None:
    data = base_record()
    data["scenario"]["terrain"] = [{"name": "Ruin", "tall": True, "points": points}]
    record = loads(json.dumps(data))
    assert len(record.scenario.terrain[0].points) == len(points)


@pytest.mark.parametrize(
    ("players", "where"),
    [
        (None, "players"),
        ({"1": {"name": "A"}}, "players"),
        ({"1": {"name": "A"}, "2": "B"}, "players.2"),
        ({"1": {"name": ""}, "2": {"name": "B"}}, "players.1.name"),
        ({"1": {"name": "A" * 41}, "2": {"name": "B"}}, "players.1.name"),
        ({"1": {"name": "A", "kind": 3}, "2": {"name": "B"}}, "players.1.kind"),
    ],
)
def test_player_errors(players: Any, where: str) -> None:
    data = base_record()
    if players is None:
        del data["players"]
    else:
        data["players"] = players
    assert load_error(data).where == where


def test_seed_errors() -> None:
    data = base_record()
    data["seed"] = "42"
    assert load_error(data).where == "seed"
    data["seed"] = True
    assert load_error(data).where == "seed"


@pytest.mark.parametrize(
    ("action", "words"),
    [
        ({"type": "place", "card": "ranger", "x": "1", "y": 9, "facing": 0}, "'x'"),
        ({"type": "place", "card": "ranger", "y": 9, "facing": 0}, "'x'"),
        ({"type": "place", "card": 3, "x": 1, "y": 9, "facing": 0}, "'card'"),
        ({"type": "roll", "faces": [6, 2]}, "'faces'"),
        ({"type": "roll", "faces": [[6.5]]}, "'faces'"),
        ({"type": "roll", "faces": [[True]]}, "'faces'"),
        ({"type": "move", "card": "assault", "direction": "north"}, "'direction'"),
        ({"type": "path", "points": []}, "'points'"),
        ({"type": "path", "points": [[1, 2, 3]]}, "points[0]"),
        ({"type": "stop"}, "'distance'"),
        ({"type": "concede", "player": 3}, "'player'"),
        ({"type": "concede", "player": True}, "'player'"),
        ({"type": "jump"}, "unknown action type"),
        ({"card": "ranger"}, "unknown action type"),
        ({"type": "end", "why": "tired"}, "unexpected"),
        ("end", "must be an object"),
    ],
)
def test_bad_action_fields_name_the_action(action: Any, words: str) -> None:
    data = base_record([{"type": "roll", "faces": [[1], [6]]}, {"type": "end"}, action])
    err = load_error(data)
    assert err.where == "actions[2]" and err.index == 2
    assert str(err).startswith("actions[2]:") and words in str(err), str(err)


def test_non_finite_numbers_are_refused() -> None:
    text = json.dumps(base_record()).replace(
        '"actions": []',
        '"actions": [{"type": "stop", "distance": Infinity}, {"type": "stop", "distance": NaN}]',
    )
    err = load_error(text)
    assert err.where == "actions[0]" and "finite" in str(err)
    with pytest.raises(ActionFormatError):
        from_dict({"type": "stop", "distance": float("nan")})


def test_actions_must_be_a_list_of_bounded_length() -> None:
    data = base_record()
    data["actions"] = {"0": {"type": "end"}}
    assert load_error(data).where == "actions"
    data["actions"] = [{"type": "end"}] * (MAX_ACTIONS + 1)
    assert load_error(data).where == "actions"


# --- replay errors name the action and the rule --------------------------------------------------


def test_replay_of_an_illegal_action_names_index_and_rule() -> None:
    actions = [to_dict(rolloff_for(2)), to_dict(Place("ranger", 5, 5, 0))]
    record = loads(json.dumps(base_record(actions)))
    with pytest.raises(RecordError) as info:
        replay(record)
    err = info.value
    assert err.index == 1
    assert str(err).startswith("actions[1] (place): illegal:")
    assert "(R6)" in str(err)
    assert isinstance(err.__cause__, Exception) and getattr(err.__cause__, "rule", "") == "R6"


def test_replay_of_bad_dice_names_r9() -> None:
    record = loads(json.dumps(base_record([{"type": "roll", "faces": [[6, 2], [3]]}])))
    with pytest.raises(RecordError) as info:
        replay(record)
    assert info.value.index == 0 and "(R9)" in str(info.value)


def test_replay_after_the_end_names_r8() -> None:
    actions = [to_dict(Concede(1)), to_dict(End())]
    with pytest.raises(RecordError) as info:
        replay(loads(json.dumps(base_record(actions))))
    assert info.value.index == 1 and "(R8)" in str(info.value)


def test_replay_upto_stops_early() -> None:
    actions = [to_dict(R(2, 2)), to_dict(R(6, 1)), to_dict(Place("ranger", 5, 5, 0))]
    record = loads(json.dumps(base_record(actions)))
    state = replay(record, upto=2)
    assert state.status == "deployment" and state.first_placer == 1


def test_a_drawn_game_replays_to_finished_with_no_winner() -> None:
    """R8: the record of a game stalled for 40 activations replays to a draw."""
    from serm.core.rules import DRAW_AFTER

    spots = {1: [(x, 9.0) for x in (1, 3, 5, 7, 9)], 2: [(x, 1.0) for x in (1, 3, 5, 7, 9)]}
    cards = ("ranger", "gunner", "armored", "assault", "brawler")
    actions: list[Action] = [rolloff_for(2)]  # player 2 lost the roll-off: player 1 places first
    for i in range(5):
        for player in (1, 2):
            x, y = spots[player][i]
            actions.append(Place(cards[i], x, y, 180.0 if player == 1 else 0.0))
    actions += [End()] * DRAW_AFTER
    state = replay(loads(json.dumps(base_record([to_dict(a) for a in actions]))))
    summary = state.to_summary()
    assert summary["status"] == "finished" and summary["winner"] is None
    assert summary["pending"] is None
    with pytest.raises(RecordError, match=r"actions\[51\].*R8"):
        replay(loads(json.dumps(base_record([to_dict(a) for a in [*actions, End()]]))))
