"""What the tests, the benchmarks and the tools share to drive the game (not part of serm).

* ``harness.site``: the built site (``_site/``, by tools/build.py) served on 127.0.0.1 under
  ``PREFIX`` with tools/serve.py's server, optionally counting every response;
* ``harness.chromium``: Debian's Chromium (path and flags), the speed init script, and a guarded
  page that records page errors, console errors and requests off 127.0.0.1;
* ``harness.pages``: the game page as a player sees it (cards read from the SVG, pointer
  actions in card lengths);
* ``harness.scripted_game``: the seeded hot-seat game played through the page;
* ``harness.deployments``: a fixed deployment of both sides on the default table;
* ``harness.sight``: reference line-of-sight tests (dense, sampled) and the layouts they run on;
* ``harness.stats``: ``percentile`` and the distribution figures every benchmark prints.

Imported as a package from the repository's root (pytest's ``pythonpath``, ``python -m serm
bench ...`` and ``python -m tools.NAME`` run there); it imports ``serm`` and ``tools``, never
``tests`` or ``bench``.
"""
