"""JSON text nobody vouches for: size, nesting and number literals checked before Python parses it.

A hostile file can make Python's ``json`` fail in ways no field check ever sees: 100,000 nested
brackets overflow the parser's recursion (in Pyodide they overflow the JavaScript stack and wedge
every later import), a 4,301-digit integer raises a ``ValueError`` about Python's digit limit, and
a few hundred digits make ``float()`` overflow. ``check_text`` scans the text first, without
recursion, and refuses it with one clear sentence; ``loads`` then parses it with hooks that refuse
``NaN``/``Infinity`` and numbers too large for a float. Used for records (the command line), saves,
imports, stored data and shared links alike.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

MAX_DEPTH = 32
"""Deepest nesting of arrays and objects accepted (a record or a save nests at most 7 deep)."""
MAX_NUMBER = 40
"""Longest number literal accepted, in characters (a float's shortest form has at most 24)."""

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_RUN = re.compile(r"[\[{]+|[\]}]+")
_NUMBER = re.compile(rf"[-+0-9.eE]{{{MAX_NUMBER + 1},}}")
_NUMBER_OR_STRING = re.compile(_STRING.pattern + "|" + _NUMBER.pattern, re.DOTALL)
_BRACKET_OR_STRING = re.compile(_STRING.pattern + r"|[\[\]{}]", re.DOTALL)


class TextError(ValueError):
    """Text refused before or while parsing; the message is one sentence for a person."""


def check_text(text: str, max_chars: int, what: str = "the file") -> None:
    """Raise ``TextError`` unless ``text`` is at most ``max_chars`` characters long, nests arrays
    and objects at most ``MAX_DEPTH`` deep and has no number literal longer than ``MAX_NUMBER``
    characters (text inside strings does not count). Linear time, no recursion; the message
    names the line and column of the fault."""
    if len(text) > max_chars:
        raise TextError(f"{what} is too large ({_kb(len(text))}; at most {_kb(max_chars)})")
    bare = _STRING.sub('""', text)
    long = _NUMBER.search(bare)
    if long:
        raise TextError(
            f"{what} holds a number {len(long.group())} characters long (at most {MAX_NUMBER})"
            + _at(text, _first_long_number(text))
        )
    depth = 0
    for run in _RUN.finditer(_NOT_BRACKET.sub("", bare)):
        token = run.group()
        if token[0] in "[{":
            depth += len(token)
            if depth > MAX_DEPTH:
                raise TextError(
                    f"{what} is nested more than {MAX_DEPTH} levels deep"
                    + _at(text, _first_too_deep(text))
                    + " (a game is never nested that deep)"
                )
        else:
            depth = max(depth - len(token), 0)


def _first_long_number(text: str) -> int:
    for match in _NUMBER_OR_STRING.finditer(text):
        if match.group()[0] != '"':
            return match.start()
    return -1


def _first_too_deep(text: str) -> int:
    depth = 0
    for match in _BRACKET_OR_STRING.finditer(text):
        c = match.group()[0]
        if c in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return match.start()
        elif c in "]}":
            depth = max(depth - 1, 0)
    return -1


def _at(text: str, pos: int) -> str:
    """ " at line L, column C" for the character at ``pos`` (nothing if ``pos`` is -1)."""
    if pos < 0:
        return ""
    line = text.count("\n", 0, pos) + 1
    column = pos - (text.rfind("\n", 0, pos) + 1) + 1
    return f" at line {line}, column {column}"


def loads(text: str, max_chars: int, what: str = "the file") -> Any:
    """``json.loads`` after ``check_text``; ``NaN``, ``Infinity`` and numbers beyond a float's
    range are refused. Raises ``TextError`` (for malformed JSON too, naming line and column)."""
    check_text(text, max_chars, what)
    try:
        return json.loads(text, parse_float=_float, parse_int=_int, parse_constant=_constant)
    except json.JSONDecodeError as exc:
        cut = exc.pos >= len(text.rstrip()) - 1 or exc.msg.startswith("Unterminated")
        hint = " — it looks cut short" if cut else ""
        raise TextError(
            f"{what} is not valid JSON (line {exc.lineno}, column {exc.colno}){hint}"
        ) from exc


def _float(literal: str) -> float:
    value = float(literal)
    if not math.isfinite(value):
        raise TextError(f"the number {literal} is too large")
    return value


def _int(literal: str) -> int:
    return int(literal)  # check_text has bounded its length: no digit-limit error here


def _constant(name: str) -> float:
    raise TextError(f"{name} is not a number a game can hold")


def _kb(chars: int) -> str:
    return f"{chars / 1000:,.0f} kB" if chars >= 1000 else f"{chars} characters"
