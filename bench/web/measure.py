"""One run of the bench: serve both sites, take every sample, return every figure."""

from __future__ import annotations

import contextlib
import math
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from bench.web.baseline import assemble_baseline, baseline_moves, moves_over_board
from bench.web.browser import Browser
from bench.web.budget import budget
from bench.web.figures import interaction_figures, summarise
from bench.web.loads import boot_sample, link_sample
from bench.web.play import play_sample, volley_run
from harness.chromium import CHROMIUM
from harness.site import PREFIX, Traffic, built_site, counting_server
from harness.stats import distribution
from tools import build, serve

ROOT = Path(__file__).resolve().parents[2]
WORK = ROOT / "build" / "bench-web"
STARTED = time.monotonic()


def log(message: str) -> None:
    print(f"[bench web {time.monotonic() - STARTED:5.0f} s] {message}", file=sys.stderr, flush=True)


def run(
    contexts: int,
    actions: int,
    incognito: bool,
    build_site: bool,
    interaction: bool = False,
    only_volley: bool = False,
    link: bool = True,
    volley_speed: str = "normal",
) -> dict[str, Any]:
    """Every figure of the bench; ``interaction``: only the scripted game, the baseline's
    pointer moves and the volley (no cold, warm or link loads, so no boot figures, ratios or
    boot rows); ``only_volley``: only the frame times of the animated volley; not ``link``: no
    load on the emulated link (no ``link_*`` figures, loading bar or link rows), and the
    baseline's pointer moves are made on its first sample's warm page instead of a profile of
    their own; the volley is shown at ``volley_speed``."""
    site = ready_site(build_site)
    boots = 0 if interaction else contexts
    with serving(site) as (urls, traffic), chromium(incognito) as browser:
        log("animated volley")
        frames = volley_run(browser, urls["game"], volley_speed)
        if only_volley:
            return {"bench": "web", "volley": frames}
        samples, floor = boot_samples(browser, urls, traffic, boots, link)
        log(f"scripted game, {actions} actions")
        play = play_sample(browser, urls["game"], actions)
        if floor is None:
            log("baseline pointer moves")
            floor = baseline_moves(browser, urls["baseline"])
    figures: dict[str, Any] = {
        "bench": "web",
        "contexts": boots,
        "link": link and not interaction,
        "actions_asked": actions,
        "context_kind": "incognito" if incognito else "persistent",
        **play_figures(play, floor),
        "volley": frames,
    }
    if not interaction:
        figures.update(boot_figures(samples))
    figures["budget"] = budget(figures)
    figures["budget_met"] = all(ok for _, _, ok in figures["budget"])
    return figures


def ready_site(build_site: bool) -> Path:
    """The built site (built first if ``build_site``); stops when it or Chromium is missing."""
    site = built_site() if build_site else build.SITE
    if not (site / "index.html").is_file():
        sys.exit("[bench web] _site/ is not built: run python tools/build.py")
    if not Path(CHROMIUM).exists():
        sys.exit(f"[bench web] {CHROMIUM} is missing: install Debian's chromium (tools/test.sh)")
    return site


Urls = dict[str, str]
Traffics = dict[str, Traffic]
Floor = tuple[list[float], list[float]]
"""The baseline's pointer moves: (event timestamp to frame, dispatch to frame) in ms."""


@contextlib.contextmanager
def serving(site: Path) -> Iterator[tuple[Urls, Traffics]]:
    """The game's site and the baseline's, each on its own counting server: their URLs and
    traffic by name ("game", "baseline")."""
    baseline_dir = assemble_baseline(site, WORK / "baseline")
    traffic = {"game": Traffic(), "baseline": Traffic()}
    servers = {
        "game": counting_server(site, traffic["game"]),
        "baseline": counting_server(baseline_dir, traffic["baseline"]),
    }
    try:
        yield {k: serve.server_url(s, PREFIX) for k, s in servers.items()}, traffic
    finally:
        for server in servers.values():
            server.shutdown()
            server.server_close()


@contextlib.contextmanager
def chromium(incognito: bool) -> Iterator[Browser]:
    """Playwright's Chromium, fresh profiles (or incognito contexts) for each sample."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = Browser(pw, incognito)
        try:
            yield browser
        finally:
            browser.close()


def boot_samples(
    browser: Browser, urls: Urls, traffic: Traffics, contexts: int, link: bool
) -> tuple[dict[str, list[dict[str, Any]]], Floor | None]:
    """``contexts`` boot samples of each site, in alternating order, each with its load on the
    emulated link if ``link``; without ``link``, the baseline's pointer moves are made on its
    first warm page (the floor, else None)."""
    samples: dict[str, list[dict[str, Any]]] = {"game": [], "baseline": []}
    floor: Floor | None = None
    for i in range(contexts):
        for name in ("baseline", "game") if i % 2 else ("game", "baseline"):
            log(f"boot {name} {i + 1}/{contexts}")
            moves_here = not link and name == "baseline" and floor is None
            then = moves_over_board if moves_here else None
            sample = boot_sample(browser, urls[name], traffic[name], then)
            if moves_here:
                floor = sample["_then"]
            if link:
                log(f"boot {name} {i + 1}/{contexts} on the emulated link")
                slow = link_sample(browser, urls[name], traffic[name])
                sample["problems"] += slow.pop("problems")
                sample.update(slow)
            samples[name].append(sample)
    return samples, floor


def play_figures(play: dict[str, Any], floor: Floor) -> dict[str, Any]:
    """The scripted game's figures and the floor of the pointer-move figure."""
    memory: dict[str, Any] = dict(play["readings"])
    for name in ("early", "end", "late"):
        memory.setdefault(name, {})
    memory["py_growth"] = play.get("py_growth", [])
    return {
        "interaction": interaction_figures(play),
        "baseline_pointermove": distribution(floor[0]),
        "baseline_pointermove_dispatch": distribution(floor[1]),
        "memory": memory,
        "play": {k: play[k] for k in ("games_won", "recoveries", "problems")},
    }


def boot_figures(samples: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    """Each site's boot figures over its samples, and the ratios game/baseline."""
    game, base = summarise(samples["game"]), summarise(samples["baseline"])

    def ratio(key: str) -> float:
        d = base[key]["median"]
        return game[key]["median"] / d if d else math.nan

    ratios = {
        "cold_tti": ratio("cold_tti_ms"),
        "warm_tti": ratio("warm_tti_ms"),
        "link_tti": ratio("link_tti_ms"),
        "cold_bytes": ratio("cold_bytes"),
        "cold_body_bytes": ratio("cold_body_bytes"),
        "warm_bytes": ratio("warm_bytes"),
    }
    return {"game": game, "baseline": base, "ratios": ratios}
