"""Hostile records on the command line: whatever a file holds, ``python -m serm replay`` exits with
0 and one JSON line, or 2 and one line on stderr; never a traceback.

Hypothesis takes a real record (the example's actions up to the first of each kind, then a
concession: every kind of field the format has) and puts something hostile in one place: a value
of the wrong type, a number too long for Python or too large for a float, NaN or Infinity, nesting
33 to 200,000 deep, a string of up to a megabyte, an unknown field. Most runs call ``main()``
in-process; a few go through a real ``python -m serm`` subprocess.
"""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from serm.__main__ import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "complete-game.json"
SENTINEL = "@@hostile@@"

Slot = tuple[Any, ...]


WANTED = {"roll", "place", "move", "path", "react", "stop", "face", "shoot"}


def base() -> dict[str, Any]:
    """The example's actions up to the first of each kind in ``WANTED``, then a concession."""
    data: dict[str, Any] = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    seen: set[str] = set()
    keep = []
    for action in data["actions"]:
        keep.append(action)
        seen.add(action["type"])
        if WANTED <= seen:
            break
    data["actions"] = [*keep, {"type": "concede", "player": 2}]
    return data


BASE = base()
KINDS = {a["type"] for a in BASE["actions"]}


def slots(value: Any, path: Slot = ()) -> Iterator[tuple[Slot, Any]]:
    """(path, value) for every value inside ``value``, the top level included."""
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from slots(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from slots(item, (*path, i))


SLOTS = [(p, v) for p, v in slots(BASE) if p]
DICTS = [p for p, v in slots(BASE) if isinstance(v, dict)]
INT_ONLY = {"version", "rules", "player", "seed"}


def put(path: Slot, value: Any, data: Any = None) -> Any:
    """A copy of ``BASE`` with ``value`` at ``path``."""
    data = json.loads(json.dumps(BASE)) if data is None else data
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


def text_with(path: Slot, raw: str) -> str:
    """The record's text with the raw JSON text ``raw`` at ``path``."""
    return json.dumps(put(path, SENTINEL)).replace(json.dumps(SENTINEL), raw)


def wrong_type(original: Any) -> st.SearchStrategy[Any]:
    """Values that are never accepted where ``original`` stands."""
    if isinstance(original, bool):
        return st.one_of(st.integers(), st.text(max_size=5), st.lists(st.booleans(), max_size=2))
    if isinstance(original, (int, float)):
        other: st.SearchStrategy[Any] = st.one_of(
            st.booleans(),
            st.text(max_size=8),
            st.lists(st.integers(), max_size=3),
            st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
        )
        return other
    if isinstance(original, str):
        return st.one_of(
            st.integers(),
            st.floats(allow_nan=False),
            st.booleans(),
            st.lists(st.text(), max_size=2),
        )
    if isinstance(original, list):
        return st.one_of(st.text(max_size=5), st.dictionaries(st.text(), st.integers(), max_size=2))
    if isinstance(original, dict):
        return st.one_of(st.text(max_size=5), st.lists(st.integers(), max_size=3), st.integers())
    return st.one_of(
        st.lists(st.integers(), min_size=1, max_size=2),
        st.dictionaries(st.text(min_size=1), st.integers(), min_size=1, max_size=2),
    )


@st.composite
def hostile(draw: st.DrawFn) -> str:
    """A record's text with one hostile change that must be refused."""
    path, original = draw(st.sampled_from(SLOTS))
    how = draw(
        st.sampled_from(
            ["type", "digits", "float-range", "constant", "nesting", "unknown", "long", "not-int"]
        )
    )
    if how == "type":
        return json.dumps(put(path, draw(wrong_type(original))))
    if how == "digits":
        sign = draw(st.sampled_from(["", "-"]))
        return text_with(path, sign + "9" * draw(st.integers(41, 5000)))
    if how == "float-range":
        return text_with(path, draw(st.sampled_from(["1e400", "-1e309", "1E999", "2e308"])))
    if how == "constant":
        return text_with(path, draw(st.sampled_from(["NaN", "Infinity", "-Infinity"])))
    if how == "nesting":
        depth = draw(st.integers(33, 200_000))
        opener = draw(st.sampled_from(["[", '{"a":']))
        closer = "]" if opener == "[" else "}"
        inner = "1" if opener != "[" else ""
        return text_with(path, opener * depth + inner + closer * depth)
    if how == "unknown":
        where = draw(st.sampled_from(DICTS))
        data = json.loads(json.dumps(BASE))
        target = data
        for key in where:
            target = target[key]
        target[draw(st.sampled_from(["zzz", "extra", "__proto__", "Type"]))] = draw(
            st.one_of(st.integers(), st.text(max_size=4), st.none())
        )
        return json.dumps(data)
    if how == "long":
        # a megabyte-long string where a string stands, else a wrong-typed long string
        return json.dumps(put(path, "x" * draw(st.integers(61, 1_000_000))))
    # "not-int": a float or a bool where only a whole number is read, else a wrong type
    key = path[-1]
    if key in INT_ONLY or (len(path) >= 2 and path[-2] != "points" and _in_faces(path)):
        return json.dumps(put(path, draw(st.sampled_from([1.0, 2.0, 0.0, True, False]))))
    return json.dumps(put(path, draw(wrong_type(original))))


def _in_faces(path: Slot) -> bool:
    return "faces" in path


def run(text: str) -> tuple[int, str, str]:
    with tempfile.TemporaryDirectory() as folder:
        file = Path(folder) / "record.json"
        file.write_text(text, encoding="utf-8")
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["replay", str(file)])
    return code, out.getvalue(), err.getvalue()


def assert_refused(code: int, out: str, err: str) -> None:
    assert code == 2, (code, out[:200])
    assert out == ""
    assert err.endswith("\n") and err.count("\n") == 1, err[:500]
    assert len(err) < 400, err[:500]
    assert "Traceback" not in err and "internal error" not in err, err


HOSTILE = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def test_the_base_record_replays() -> None:
    code, out, err = run(json.dumps(BASE))
    assert code == 0 and err == ""
    assert json.loads(out)["winner"] == 1  # player 2 conceded
    assert WANTED <= KINDS


@HOSTILE
@given(text=hostile())
def test_a_hostile_change_anywhere_exits_2_with_one_line(text: str) -> None:
    assert_refused(*run(text))


@HOSTILE
@given(data=st.data())
def test_any_value_anywhere_exits_0_or_2_never_a_traceback(data: st.DataObject) -> None:
    """Not only hostile values: anything JSON can hold, anywhere (legal or not)."""
    path, _ = data.draw(st.sampled_from(SLOTS))
    json_values = st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
        max_leaves=8,
    )
    code, out, err = run(json.dumps(put(path, data.draw(json_values))))
    if code == 0:
        assert err == "" and out.count("\n") == 1 and json.loads(out)["status"]
    else:
        assert_refused(code, out, err)


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000 + "]" * 100_000,
        '{"a":' * 20_000 + "1" + "}" * 20_000,
        text_with(("scenario", "width"), "1" + "0" * 4301),
        text_with(("actions", 1, "x"), "9" * 400),
        text_with(("actions", 1, "type"), "[1, 2]"),
        text_with(("version",), "true"),
        text_with(("actions", 1, "player"), "1.0"),
    ],
    ids=[
        "arrays",
        "objects",
        "4301-digits",
        "400-digits",
        "list-type",
        "version-true",
        "player-1.0",
    ],
)
def test_through_a_real_subprocess(tmp_path: Path, text: str) -> None:
    file = tmp_path / "record.json"
    file.write_text(text, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "serm", "replay", str(file)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert_refused(done.returncode, done.stdout, done.stderr)
