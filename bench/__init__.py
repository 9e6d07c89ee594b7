"""Benchmarks, run from a checkout: ``python -m serm bench NAME ...`` (ai, course, engine,
exposure, links, replay, web).

``ai`` (bench/ai.py; ``--browser``: bench/ai_browser.py) plays the computer opponent against
itself and the baselines; ``course`` (bench/course.py) takes the course "Learn in 3 minutes" in
headless Chromium and reports its length (shown time plus reading time); ``exposure``
(bench/exposure_latency.py) times the Exposure view of deployment in headless Chromium;
``engine`` (bench/engine.py) times the rules engine on CPython; ``links`` (bench/links.py)
measures the links of games played by link; ``replay`` (bench/replay.py) replays the costliest
legal records it can build; ``web`` (bench/web/) drives the built site in headless Chromium
against a same-run baseline page.
Every benchmark measures a baseline in the same run and prints ratios against it, because the
machines are shared and noisy; absolute times are printed too, but only ratios compare across runs.

The benchmarks import ``serm``, the repository's ``tools`` and ``harness`` (serving the site,
Chromium, the page model, the scripted game, ``harness.stats.percentile``) as packages, never
``tests``; they are not part of the installed ``serm`` package. ``bench.ai`` reaches
``bench.ai_browser`` (``--browser``) through a lazy import, and no benchmark imports one that
imports it back.
"""

from __future__ import annotations

from collections.abc import Callable

NAMES = ("ai", "course", "engine", "exposure", "links", "replay", "web")


def main(argv: list[str]) -> int:
    """Run the benchmark named by ``argv[0]`` with the rest of ``argv``; 2 for an unknown name."""
    name = argv[0] if argv else ""
    runner: Callable[[list[str]], int]
    if name == "ai":
        from bench.ai import main as runner
    elif name == "course":
        from bench.course import main as runner
    elif name == "engine":
        from bench.engine import main as runner
    elif name == "exposure":
        from bench.exposure_latency import main as runner
    elif name == "links":
        from bench.links import main as runner
    elif name == "replay":
        from bench.replay import main as runner
    elif name == "web":
        from bench.web import main as runner
    else:
        print(f"usage: python -m serm bench {{{','.join(NAMES)}}} [options]  (got {name!r})")
        return 2
    return runner(argv[1:])
