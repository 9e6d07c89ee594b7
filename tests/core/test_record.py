"""Game records (R24): the JSON form, its checks and replay errors (docs/record-format.md)."""

from __future__ import annotations

import json
from dataclasses import replace
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
from serm.core.record import (
    FORMAT,
    MAX_ACTIONS,
    VERSION,
    loads,
    named_actions,
    scenario_from_dict,
    short_side,
)
from serm.core.record import from_dict as record_from_dict
from serm.core.ruleset import RULES_VERSION
from serm.core.scenario import BUILT_IN, by_name, default, open_field, random_layout

EVERY_ACTION: list[Action] = [
    replace(R(1, 6), player=0),
    replace(R((6, 6, 2), 4), player=2),
    Place("ranger", 1.5, 9.0, 45.0, player=1),
    Move("assault", 90.0, player=2),
    Move("assault", 90.0, facing=180.0, player=1),
    Move("brawler", None, player=1),
    Move("brawler", None, facing=10.5, player=2),
    Turn("gunner", 270.0, player=1),
    Path(((1.0, 2.0), (3.5, 4.25)), player=1),
    React("ranger", player=2),
    React(None, player=1),
    Stop(1.25, player=2),
    Face(None, player=1),
    Face(33.0, player=2),
    Shoot("gunner", "armored", player=1),
    End(player=2),
    Concede(2),
]


def base_record(actions: list[Any] | None = None) -> dict[str, Any]:
    """A version 2 record on the open field; actions are given in their JSON form as is."""
    record = Record(open_field(), seed=7, actions=[])
    data = record.to_dict()
    data["actions"] = actions if actions is not None else []
    return data


def by(player: int, action: Action) -> dict[str, Any]:
    """The JSON form of ``action`` naming ``player``."""
    return {**to_dict(action), "player": player}


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
    assert to_dict(replace(R(3, 5), player=0)) == {"type": "roll", "player": 0, "faces": [[3], [5]]}
    assert to_dict(End(player=2)) == {"type": "end", "player": 2}
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
    assert from_dict({"type": "move", "card": "brawler", "player": 1}) == Move(
        "brawler", None, player=1
    )
    assert from_dict({"type": "react", "player": 2}) == React(None, player=2)
    assert from_dict({"type": "face", "player": 1}) == Face(None, player=1)
    assert from_dict(
        {"type": "place", "card": "ranger", "x": 1, "y": 9, "facing": 0, "player": 2}
    ) == Place("ranger", 1.0, 9.0, 0.0, player=2)


def test_version_1_actions_name_no_player() -> None:
    assert from_dict({"type": "end"}, need_player=False) == End()
    with pytest.raises(ActionFormatError, match="'player'"):
        from_dict({"type": "end"})


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
    assert data["format"] == FORMAT == "serm-record" and data["version"] == VERSION == 2
    assert data["rules"] == RULES_VERSION
    assert set(data) == {"format", "version", "rules", "scenario", "players", "seed", "actions"}
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
    data["version"] = 4
    err = load_error(data)
    assert err.where == "version" and "4" in str(err) and "newer" in err.for_people()
    data = base_record()
    data["extra"] = 1
    assert load_error(data).where == "record"


@pytest.mark.parametrize("version", [True, 1.0, 2.0, "2", None, [2], 0, -1])
def test_the_version_is_a_whole_number(version: Any) -> None:
    data = base_record()
    data["version"] = version
    assert load_error(data).where == "version"


@pytest.mark.parametrize("rules", [True, 1.0, "2", None, [1], 0, 99])
def test_the_rules_version_is_one_this_engine_plays(rules: Any) -> None:
    data = base_record()
    data["rules"] = rules
    err = load_error(data)
    assert err.where == "rules", str(err)
    assert "rules" in err.for_people()
    del data["rules"]
    assert load_error(data).where == "rules"


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


def test_terrain_with_a_sliver_side_is_refused() -> None:
    """Two corners closer than MIN_CORNER_GAP: rounding, not a side (hypothesis found a sliver
    1e-8 L wide that exact sight's two answers, ``sees`` and the partition, told apart)."""
    sliver = [[1.9139298471633663, 4.282096958563753], [2.113983684541548, 3.9159008655615315]]
    sliver.append([2.113983684541547, 3.915900891500617])
    data = base_record()
    data["scenario"]["terrain"] = [{"name": "Ruin", "tall": True, "points": sliver}]
    err = load_error(data)
    assert err.where == "scenario.terrain[0].points" and "apart" in str(err), str(err)
    data["scenario"]["terrain"][0]["points"] = [[4, 4], [4.02, 4], [4.02, 6]]
    assert len(loads(json.dumps(data)).scenario.terrain[0].points) == 3  # 0.02 L is a side


def test_every_built_in_and_random_table_has_sides_a_record_accepts() -> None:
    tables = [by_name(name) for name in BUILT_IN] + [random_layout(seed) for seed in range(50)]
    for sc in tables:
        for t in sc.terrain:
            assert not short_side(t.points), (sc.name, t)


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
        ({"type": "concede", "player": 1.0}, "'player'"),
        ({"type": "end", "player": 1.0}, "'player'"),
        ({"type": "end", "player": True}, "'player'"),
        ({"type": "end", "player": 0}, "'player'"),
        ({"type": "roll", "faces": [[1]], "player": 3}, "'player'"),
        ({"type": "place", "card": "dragon", "x": 1, "y": 9, "facing": 0}, "'card'"),
        ({"type": "shoot", "card": "gunner", "target": "x" * 5000}, "'target'"),
        ({"type": ["end"]}, "unknown action type"),
        ({"type": {"a": 1}}, "unknown action type"),
        ({"type": "jump"}, "unknown action type"),
        ({"card": "ranger"}, "unknown action type"),
        ({"type": "end", "why": "tired"}, "unexpected"),
        ("end", "must be an object"),
    ],
)
def test_bad_action_fields_name_the_action(action: Any, words: str) -> None:
    if isinstance(action, dict) and "player" not in action and action.get("type") != "concede":
        action = {**action, "player": 1}
    data = base_record([by(0, R(1, 6)), by(1, End()), action])
    err = load_error(data)
    assert err.where == "actions[2]" and err.index == 2
    assert str(err).startswith("actions[2]:") and words in str(err), str(err)
    assert len(str(err)) < 200 and "\n" not in str(err)
    assert err.for_people() == "action 3 is damaged or not a game action"


def test_integers_beyond_a_float_are_refused_as_out_of_range() -> None:
    place = {"type": "place", "card": "ranger", "x": 10**400, "y": 9, "facing": 0, "player": 1}
    with pytest.raises(ActionFormatError, match="'x' is out of range"):
        from_dict(place)


def test_non_finite_numbers_are_refused() -> None:
    for bad in ("Infinity", "NaN", "-Infinity", "1e400"):
        text = json.dumps(base_record()).replace(
            '"actions": []', f'"actions": [{{"type": "stop", "distance": {bad}, "player": 1}}]'
        )
        err = load_error(text)
        assert err.where == "file" and bad.lstrip("-") in str(err)
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
    actions = [by(0, rolloff_for(2)), by(1, Place("ranger", 5, 5, 0))]
    record = loads(json.dumps(base_record(actions)))
    with pytest.raises(RecordError) as info:
        replay(record)
    err = info.value
    assert err.index == 1
    assert str(err).startswith("actions[1] (place): illegal:")
    assert "(R6)" in str(err)
    assert isinstance(err.__cause__, Exception) and getattr(err.__cause__, "rule", "") == "R6"
    assert err.for_people().startswith("action 2 (placing a card) is not allowed: cannot place")


def test_replay_of_bad_dice_names_r9() -> None:
    record = loads(json.dumps(base_record([{"type": "roll", "faces": [[6, 2], [3]], "player": 0}])))
    with pytest.raises(RecordError) as info:
        replay(record)
    assert info.value.index == 0 and "(R9)" in str(info.value)


def test_replay_after_the_end_names_r8() -> None:
    actions = [to_dict(Concede(1)), by(1, End())]
    with pytest.raises(RecordError) as info:
        replay(loads(json.dumps(base_record(actions))))
    assert info.value.index == 1 and "(R8)" in str(info.value)


def test_replay_upto_stops_early() -> None:
    actions = [by(0, R(2, 2)), by(0, R(6, 1)), by(1, Place("ranger", 5, 5, 0))]
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
    named = named_actions(Record(open_field(), seed=7, actions=actions))
    state = replay(loads(json.dumps(base_record([to_dict(a) for a in named]))))
    summary = state.to_summary()
    assert summary["status"] == "finished" and summary["winner"] is None
    assert summary["pending"] is None
    with pytest.raises(RecordError, match=r"actions\[51\].*R8"):
        replay(loads(json.dumps(base_record([*[to_dict(a) for a in named], by(1, End())]))))


def test_a_game_under_rules_1_has_no_draw() -> None:
    """R8's draw came with rules version 2: the same stalled game under rules 1 goes on."""
    from serm.core.rules import DRAW_AFTER

    spots = {1: [(x, 9.0) for x in (1, 3, 5, 7, 9)], 2: [(x, 1.0) for x in (1, 3, 5, 7, 9)]}
    cards = ("ranger", "gunner", "armored", "assault", "brawler")
    actions: list[Action] = [rolloff_for(2)]
    for i in range(5):
        for player in (1, 2):
            x, y = spots[player][i]
            actions.append(Place(cards[i], x, y, 180.0 if player == 1 else 0.0))
    actions += [End()] * (DRAW_AFTER + 5)
    record = Record(open_field(), seed=7, actions=actions, rules_version=1)
    state = replay(loads(record.to_json()))
    assert state.status == "playing" and state.rules_version == 1
    assert state.quiet_activations == DRAW_AFTER + 5


# --- version 2: every action names its player (C18) ----------------------------------------------


def test_an_action_for_the_player_not_on_move_is_refused_with_its_index() -> None:
    """A hand-set record: player 1 won the roll-off and places first, but action 1 names player 2
    (in version 1 it would silently have been read as player 1's)."""
    place = {"type": "place", "card": "ranger", "x": 5, "y": 9, "facing": 0}
    record = loads(json.dumps(base_record([by(0, R(6, 1)), {**place, "player": 2}])))
    with pytest.raises(RecordError) as info:
        replay(record)
    err = info.value
    assert err.index == 1 and str(err).startswith("actions[1] (place): illegal:")
    assert "player 2's action; waiting for player 1 to place a card (C18)" in str(err)
    assert getattr(err.__cause__, "rule", "") == "C18"
    record = loads(json.dumps(base_record([by(0, R(6, 1)), {**place, "player": 1}])))
    assert replay(record).soldier(1, "ranger").placed


def test_a_roll_names_the_pending_rolls_player_and_the_roll_off_is_player_0() -> None:
    record = loads(json.dumps(base_record([by(1, R(6, 1))])))
    with pytest.raises(RecordError, match=r"actions\[0\] \(roll\).*both players \(player 0\).*C18"):
        replay(record)


def test_a_concession_may_come_from_either_player_at_any_time() -> None:
    for player in (1, 2):
        record = loads(json.dumps(base_record([by(0, R(6, 1)), to_dict(Concede(player))])))
        assert replay(record).winner == 3 - player


def test_a_version_1_record_is_read_under_rules_1_and_written_as_version_2() -> None:
    v2 = base_record([by(0, R(6, 1)), by(1, Place("ranger", 5, 9, 0))])
    v1 = {k: v for k, v in v2.items() if k != "rules"}
    v1["version"] = 1
    v1["actions"] = [{k: v for k, v in a.items() if k != "player"} for a in v2["actions"]]
    record = loads(json.dumps(v1))
    assert record.rules_version == 1
    assert [a.player for a in record.actions] == [None, None]  # "whoever is on move", as in v1
    assert replay(record).rules_version == 1
    again = record.to_dict()
    assert again["version"] == 2 and again["rules"] == 1
    assert again["actions"] == v2["actions"]  # the players are named by replaying
    v1["rules"] = 1
    assert load_error(v1).where == "record"  # version 1 has no rules field


# --- hostile text: refused before parsing, one line --------------------------------------------


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested"),
        ('{"a":' * 5_000 + "1" + "}" * 5_000, "nested"),
        ('{"format": "serm-record", "version": 1' + "0" * 4301 + "}", "number"),
        ('{"seed": ' + "9" * 400 + "}", "number"),
        ('{"seed": NaN}', "NaN"),
        ('{"seed": -Infinity}', "Infinity"),
        ('{"seed": 1e999}', "too large"),
        ("x" * (5_000_001), "too large"),
    ],
)
def test_hostile_text_is_refused_as_a_file_error(text: str, words: str) -> None:
    err = load_error(text)
    assert err.where == "file" and words in str(err)
    assert "\n" not in str(err) and len(str(err)) < 200


def test_terrain_is_bounded_in_pieces_and_corners() -> None:
    """Sight and halting work grow with terrain: at most MAX_PIECES pieces, MAX_TERRAIN_CORNERS
    corners in all (docs/record-format.md, "Bounded work")."""
    from serm.core.record import MAX_PIECES, MAX_TERRAIN_CORNERS

    def piece(i: int, corners: int) -> dict[str, Any]:
        import math

        pts = [
            [
                round(5 + 0.2 * math.cos(2 * math.pi * k / corners), 9) + (i % 10) * 0.01,
                round(5 + 0.2 * math.sin(2 * math.pi * k / corners), 9),
            ]
            for k in range(corners)
        ]
        return {"name": "Post", "tall": True, "points": pts}

    data = base_record()
    data["scenario"]["terrain"] = [piece(i, 4) for i in range(MAX_PIECES)]
    assert len(loads(json.dumps(data)).scenario.terrain) == MAX_PIECES
    data["scenario"]["terrain"] = [piece(i, 4) for i in range(MAX_PIECES + 1)]
    err = load_error(data)
    assert err.where == "scenario.terrain" and f"at most {MAX_PIECES} pieces" in str(err)
    many = MAX_TERRAIN_CORNERS // 16 + 1
    data["scenario"]["terrain"] = [piece(i, 16) for i in range(many)]
    err = load_error(data)
    assert err.where == "scenario.terrain" and f"at most {MAX_TERRAIN_CORNERS}" in str(err)
