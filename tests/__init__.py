"""The test suite (a package so that the benchmarks can share its browser helpers)."""
