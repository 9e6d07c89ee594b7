"""Benchmarks: ``python -m serm bench engine`` (CPython) and ``python -m serm bench web`` (browser).

Every benchmark measures a baseline in the same run and prints ratios against it, because the
machines are shared and noisy; absolute times are printed too, but only ratios compare across runs.
"""
