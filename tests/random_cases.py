"""Settings shared by the random (hypothesis) tests: where a failing case is kept and how it is
printed. Imports only hypothesis, so the core suite that runs in Pyodide can use it too."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis.database import DirectoryBasedExampleDatabase

EXAMPLES = Path(__file__).resolve().parents[1] / ".hypothesis" / "examples"
"""Failing cases, kept at the top of the repository and tried first on the next run (CI keeps
the folder when a run fails)."""

GAMES = settings(
    max_examples=25,
    deadline=None,
    print_blob=True,
    database=DirectoryBasedExampleDatabase(str(EXAMPLES)),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
"""Settings for the random games. New games on every run on a developer's machine; in CI
hypothesis loads its own "ci" profile, which plays the same games until the code changes, so a
rare game cannot turn an unrelated change's run red (search wider with ``CI= pytest
tests/core/test_hypothesis.py --hypothesis-seed=N`` or more examples). A failure can be replayed
from the log alone: it prints the scenario, the draws (the falsifying example) and the
``@reproduce_failure`` line to paste onto the test, which replays every choice and die drawn."""

RANDOM_LAYOUTS = settings(
    deadline=None,
    print_blob=True,
    database=DirectoryBasedExampleDatabase(str(EXAMPLES)),
    suppress_health_check=[HealthCheck.filter_too_much],
)
"""Settings for the random-layout sight properties, kept and replayed like ``GAMES`` (search
wider with ``CI= pytest tests/sight --hypothesis-seed=N``). A failure prints the layout and the
point (the assertion's message) and the ``@reproduce_failure`` line, which also replays the
points the test drew."""
