"""``python -m serm bench web``: what players feel, against a same-run PyScript baseline.

Serves the built site (``_site/``, built first by tools/build.py) and, in the same run and the same
way, a baseline site: the same pinned PyScript and Pyodide files, the same CSP, the same Workbox
service worker set-up (tools/make_sw.mjs, static/js/sw-register.js), and a Python script that only
draws one SVG rectangle with svg.py (sources in bench/baseline/; assembled into
``build/bench-web/baseline/``). Each site has its own tools/serve.py server on 127.0.0.1 (same
handler, same headers, same ``/serm/`` sub-path), which counts every response it sends.

Each sample is a fresh Chromium profile (``launch_persistent_context`` on an empty folder): a
player's first visit, with the disk HTTP cache, Cache Storage and code cache a real profile has.
``--incognito`` uses ``browser.new_context()`` instead (in-memory caches). Per sample and site:

* cold: open the page; time to interactive is the first frame after the page's
  ``performance.mark("serm:interactive")`` (the board is drawn and the handlers are bound), measured
  from navigation start; the mark's own time is reported too, and so are the first paint
  (``first-contentful-paint``) and the board's first visible frame (the first frame with a sized
  ``#board svg``: the game's is drawn at build time, the baseline's by its Python). Then wait
  until the service worker is ready and the server has been quiet for a second: bytes and
  requests of the whole first visit (the precache included) and of the part before interactive.
  Bytes are counted at the server twice: as sent (``*_bytes``, gzip-compressed where the server
  compresses, as a static host does) and as files (``*_body_bytes``, uncompressed).
* memory after boot, after a forced GC (``gc()`` with ``--expose-gc``, CDP
  ``HeapProfiler.collectGarbage`` and Python's ``gc.collect()`` through ``window.__serm_metrics``):
  JS heap (CDP ``Runtime.getHeapUsage``), wasm linear memory (Pyodide's heap: the page's
  ``WebAssembly.Memory``, found by wrapping ``WebAssembly.instantiate*``), Python's
  ``sys.getallocatedblocks()`` and the DOM node count.
* warm: reload in the same profile, now controlled by the service worker; same figures.
* link: one more fresh profile per site opens the page on an emulated 10 Mbps / 70 ms link (CDP
  ``Network.emulateNetworkConditions``): time to interactive, first paint, board visible, bytes;
  for the game also its loading bar (static/js/boot.js's log of every change): the longest gap
  between two changes and the largest jump, from the first to 100 %, and the longest task.
Then, for the game alone, one more fresh profile plays the seeded game of
tests/browser/test_e2e_game.py through the UI (the script of harness/scripted_game.py on
the ``Table`` of harness/pages.py; rematches after a victory) for ``--actions`` actions
(pointer presses, key presses, wheel notches). A probe in the page times every input: from the
event's timestamp to the first frame after its handlers ran (``requestAnimationFrame`` then a
message-channel task), and the handlers alone. Pointer moves are grouped by what is dragged (the
Move's aim ray, the rotation handle, ...); presses by what they do (select, shoot, end of move =
the confirm that plays a Move). Memory (JS heap, wasm memory, Python blocks, DOM nodes, JS event
listeners) is read after a forced GC 10 actions into the first game, after the last action, and
10 actions into a New game started then (the same moment of a game as the first reading: the
Exposure view turned off in each game, the page's idle work done before each action up to a
reading). The
baseline gets pointer moves too, over its rectangle, as the floor of the pointer-move figure.

First of all (and alone with ``--volley``), one more fresh profile at the normal show speed
records the frame times while the computer's Gunner shoots an animated volley, and the same page
idle as long (``bench.volley``; the target: p95 <= 20 ms per frame).

Prints the tables, the budget with each figure met or missed, the ratios
game/baseline, and ends with one JSON line holding every figure. ``--interaction`` runs only the
scripted game and the baseline's pointer moves (no cold, warm or link loads): its tables, the
budget's input and memory rows and the JSON line, in a few minutes. ``--smoke`` is the least run
that yields every other figure, for the suite's check that the bench works: one profile per site,
no load on the emulated link (no ``link_*`` figures, loading bar or link rows),
``SMOKE_ACTIONS`` scripted actions, the baseline's pointer moves on its warm page and the volley
at the fast show speed.

The bench is cut by concern: ``probe`` (probe.js, the script in every page), ``browser`` (fresh
profiles, the interactive moment, memory), ``baseline`` (the baseline site and its pointer moves),
``loads`` (cold, warm and link samples), ``play`` (the scripted game and the volley),
``figures``, ``budget``, ``report`` and ``measure`` (``run``: one run, every figure).
"""

from __future__ import annotations

import argparse
import json

from bench.web.measure import run
from bench.web.report import jsonable, report

SMOKE_ACTIONS = 50
"""Actions of the scripted game in a ``--smoke`` run: the deployment's 40 and a few of the first
activations (a select, a Move's aim ray, the end of a Move)."""


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.quick or args.smoke:
        args.contexts, args.actions = 1, SMOKE_ACTIONS if args.smoke else 60
    if args.contexts < 1 or args.actions < 11:
        parser.error("--contexts must be at least 1 and --actions at least 11")
    figures = run(
        args.contexts,
        args.actions,
        args.incognito,
        not args.no_build,
        args.interaction,
        args.volley,
        link=not args.smoke,
        volley_speed="fast" if args.smoke else "normal",
    )
    report(figures)
    print(json.dumps(jsonable(figures), separators=(",", ":")))
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m serm bench web", description=(__doc__ or "").split("\n\n")[0]
    )
    parser.add_argument("--contexts", type=int, default=5, help="fresh profiles per site")
    parser.add_argument("--actions", type=int, default=500, help="scripted actions in the game")
    parser.add_argument("--quick", action="store_true", help="a short run: 1 profile, 60 actions")
    parser.add_argument(
        "--smoke",
        action="store_true",
        help="the least run that yields every figure but the link's (the suite's check)",
    )
    parser.add_argument(
        "--incognito", action="store_true", help="browser.new_context() (in-memory caches)"
    )
    parser.add_argument("--no-build", action="store_true", help="use _site/ as it is")
    parser.add_argument(
        "--interaction",
        action="store_true",
        help="only the scripted game's inputs and memory (no cold, warm or link loads)",
    )
    parser.add_argument(
        "--volley",
        action="store_true",
        help="only the frame times during an animated volley",
    )
    return parser
