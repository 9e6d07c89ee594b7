"""The examples in the docstrings of the entry points a newcomer starts from: ``apply`` (the
rules), ``Game.play`` (a game with its record and dice) and ``replay`` (a record back to its
state). Each is run here, so an example that no longer holds fails the suite."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

from serm.core import game, record, rules

ENTRY_POINTS = {rules: "apply", game: "Game.play", record: "replay"}
"""Each module and the entry point whose docstring must carry a run example."""


@pytest.mark.parametrize("module", list(ENTRY_POINTS), ids=lambda m: m.__name__)
def test_the_docstring_examples_hold(module: ModuleType) -> None:
    finder = doctest.DocTestFinder()
    tests = {t.name.removeprefix(module.__name__ + "."): t for t in finder.find(module)}
    entry = tests.get(ENTRY_POINTS[module])
    assert entry is not None and len(entry.examples) >= 4, ENTRY_POINTS[module]
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in tests.values():
        runner.run(test)
    assert runner.summarize(verbose=False).failed == 0
