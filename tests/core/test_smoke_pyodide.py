"""Placeholder proving the Pyodide runner works; real engine tests live beside it."""

import sys


def test_python_is_recent_enough() -> None:
    assert sys.version_info >= (3, 11)
