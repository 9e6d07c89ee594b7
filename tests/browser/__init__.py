"""Browser tests and the page helpers the benchmarks share (``pages``, ``scripted_game``)."""
