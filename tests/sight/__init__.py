"""Exact line of sight against references (CPython only; tests/core/test_los.py holds the
ruling cases that also run inside Pyodide)."""
