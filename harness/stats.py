"""The statistics the benchmarks print: one percentile convention everywhere.

``percentile(values, q)`` takes ``q`` in 0..100 and returns the nearest-rank percentile: the
smallest value with at least ``q`` % of the values at or below it (``q`` = 0 gives the minimum,
100 the maximum); NaN when there are no values, so that a missing figure never reads as a time.
``distribution`` gives ``n``, median, p95 and max; ``spread`` min, median and max (of samples).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable


def percentile(values: Iterable[float], q: float) -> float:
    """The ``q``-th percentile (``q`` in 0..100), nearest rank on the sorted values; NaN when
    ``values`` is empty."""
    if not 0 <= q <= 100:
        raise ValueError(f"percentile q must be in 0..100, not {q}")
    ordered = sorted(values)
    if not ordered:
        return math.nan
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


def distribution(values: list[float]) -> dict[str, float]:
    """``n``, ``median``, ``p95`` and ``max`` of ``values``; NaN figures when it is empty."""
    return {
        "n": len(values),
        "median": statistics.median(values) if values else math.nan,
        "p95": percentile(values, 95),
        "max": max(values) if values else math.nan,
    }


def spread(values: list[float]) -> dict[str, float]:
    """``min``, ``median`` and ``max`` of ``values``; NaN figures when it is empty."""
    if not values:
        return {"min": math.nan, "median": math.nan, "max": math.nan}
    return {"min": min(values), "median": statistics.median(values), "max": max(values)}
