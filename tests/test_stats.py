"""harness.stats: the one percentile convention of the benchmarks (q in 0..100, nearest rank,
NaN when empty)."""

from __future__ import annotations

import math

import pytest

from harness.stats import distribution, percentile


def test_percentile_is_the_nearest_rank() -> None:
    values = [5.0, 1.0, 4.0, 2.0, 3.0]
    assert [percentile(values, q) for q in (0, 20, 21, 50, 95, 100)] == [1, 1, 2, 3, 5, 5]
    assert percentile(range(1, 101), 95) == 95
    assert percentile([7.0], 50) == 7.0


def test_percentile_of_nothing_is_nan_and_q_is_a_percentage() -> None:
    assert math.isnan(percentile([], 50))
    with pytest.raises(ValueError):
        percentile([1.0], 101)
    with pytest.raises(ValueError):
        percentile([1.0], -1)


def test_distribution() -> None:
    assert distribution([3.0, 1.0, 2.0, 10.0]) == {"n": 4, "median": 2.5, "p95": 10.0, "max": 10.0}
    empty = distribution([])
    assert empty["n"] == 0 and all(math.isnan(empty[k]) for k in ("median", "p95", "max"))
