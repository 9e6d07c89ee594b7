"""The printed report: tables, the budget and the ratios; and the figures as JSON."""

from __future__ import annotations

import math
import sys
from typing import Any

from bench import volley
from bench.web.figures import SAMPLE_FIGURES


def _fmt(key: str, v: float) -> str:
    if math.isnan(v):
        return "-"
    if key.endswith("_ms"):
        return f"{v:.0f} ms"
    if key.endswith("bytes"):
        return f"{v / 1e6:.2f} MB" if v >= 1e6 else f"{v / 1e3:.1f} KB"
    return f"{v:.0f}"


def report(figures: dict[str, Any]) -> None:
    """The tables, the budget and the ratios (an ``--interaction`` run: its tables and rows)."""
    if "game" in figures:
        _report_boot(figures)
    if "interaction" not in figures:  # --volley
        print("\n".join(volley.report_lines(figures["volley"])))
        for p in figures["volley"]["problems"][:10]:
            print(f"problem (volley): {p}", file=sys.stderr)
        return
    _report_play(figures)
    print()
    print("\n".join(volley.report_lines(figures["volley"])))
    print()
    print("budget (medians, same run)")
    for label, value, ok in figures["budget"]:
        print(f"  {'met   ' if ok else 'MISSED'} {label:<50}{value}")
    if "game" in figures:
        _report_ratios(figures)
    for p in figures["play"]["problems"][:10]:
        print(f"problem (scripted game): {p}", file=sys.stderr)


def _report_boot(figures: dict[str, Any]) -> None:
    g, b = figures["game"], figures["baseline"]
    n = figures["contexts"]
    print(f"boot, {n} fresh {figures['context_kind']} profiles each (min / median / max)")
    print(f"{'figure':<30}{'game':>32}{'baseline':>32}{'ratio':>8}")
    for key in SAMPLE_FIGURES:
        if key.startswith("link_") and not figures["link"]:
            continue
        row = []
        for site in (g, b):
            s = site[key]
            row.append(" / ".join(_fmt(key, s[x]) for x in ("min", "median", "max")))
        ratio = g[key]["median"] / b[key]["median"] if b[key]["median"] else math.nan
        print(f"{key:<30}{row[0]:>32}{row[1]:>32}{ratio:>8.2f}")
    print(
        "five largest files, cold (game):    "
        + ", ".join(f"{p.split('/')[-1]} {_fmt('bytes', s)}" for p, s in g["cold_largest"])
    )
    print(
        "five largest files, cold (baseline): "
        + ", ".join(f"{p.split('/')[-1]} {_fmt('bytes', s)}" for p, s in b["cold_largest"])
    )
    bar = g.get("bar")
    if bar:
        print(
            "loading bar on the link (game, min / median / max): longest gap "
            + " / ".join(f"{bar['bar_max_gap_ms'][x]:.0f}" for x in ("min", "median", "max"))
            + " ms, largest jump "
            + " / ".join(f"{bar['bar_max_jump'][x]:.1f}" for x in ("min", "median", "max"))
            + " points, "
            + f"{bar['bar_moves']['median']:.0f} moves; longest task "
            + f"{g['link_longest_task_ms']['median']:.0f} ms"
        )
    print("warm requests (game): " + (", ".join(g["warm_urls"]) or "none"))
    print("warm requests (baseline): " + (", ".join(b["warm_urls"]) or "none"))
    print()


def _report_play(figures: dict[str, Any]) -> None:
    i = figures["interaction"]
    print(
        f"scripted game: {figures['memory']['late'].get('actions', 0):.0f} actions, "
        f"{figures['play']['games_won']} games won, {figures['play']['recoveries']} steps skipped"
    )
    print(
        f"{'input (to next frame)':<30}{'n':>6}{'median':>10}{'p95':>10}{'max':>10}"
        f"{'handler p95':>14}{'dispatch p95':>14}"
    )
    for kind, table, htable in (
        ("move", i["pointermove"], i["pointermove_handler"]),
        ("click", i["click"], i["click_handler"]),
    ):
        for label, d in table.items():
            h = htable[label]
            dp = i["pointermove_dispatch"].get(label) if kind == "move" else None
            print(
                f"{kind + ' ' + label:<30}{d['n']:>6}{d['median']:>8.1f}ms{d['p95']:>8.1f}ms"
                f"{d['max']:>8.1f}ms{h['p95']:>12.1f}ms" + (f"{dp['p95']:>12.1f}ms" if dp else "")
            )
    fl, fd = figures["baseline_pointermove"], figures["baseline_pointermove_dispatch"]
    print(
        f"{'move (baseline, no handler)':<30}{fl['n']:>6}{fl['median']:>8.1f}ms"
        f"{fl['p95']:>8.1f}ms{fl['max']:>8.1f}ms{'':>14}{fd['p95']:>12.1f}ms"
    )
    print()
    _report_memory(figures["memory"])


def _report_memory(mem: dict[str, Any]) -> None:
    print(f"{'memory after forced GC':<30}{'early':>14}{'end':>14}{'late':>14}{'late/early':>12}")
    print(
        f"{'  (actions / into its game)':<30}"
        + "".join(
            f"{mem[k].get('actions', 0):>9.0f} /{mem[k].get('game_actions', 0):>3.0f}"
            for k in ("early", "end", "late")
        )
    )
    for key in (
        "js_heap_bytes",
        "wasm_bytes",
        "py_objects",
        "py_jsproxies",
        "dom_nodes",
        "dom_nodes_log",
        "dom_nodes_all",
        "js_listeners",
    ):
        e, en, la = (mem[k].get(key, math.nan) for k in ("early", "end", "late"))
        growth = f"{100 * (la - e) / e:+.1f} %" if e else "-"
        print(f"{key:<30}{_fmt(key, e):>14}{_fmt(key, en):>14}{_fmt(key, la):>14}{growth:>12}")
    grown = mem.get("py_growth", [])
    if grown:
        print("  Python objects, late - early: " + ", ".join(f"{n:+d} {t}" for t, n in grown))


def _report_ratios(figures: dict[str, Any]) -> None:
    g, b = figures["game"], figures["baseline"]
    print()
    r = figures["ratios"]
    link = f"link TTI {r['link_tti']:.2f}, " if figures["link"] else ""
    print(
        f"game/baseline: cold TTI {r['cold_tti']:.2f}, warm TTI {r['warm_tti']:.2f}, "
        f"{link}cold bytes {r['cold_bytes']:.2f} "
        f"(files {r['cold_body_bytes']:.2f}), warm bytes {r['warm_bytes']:.2f}"
    )
    for site, s in (("game", g), ("baseline", b)):
        for p in s["problems"]:
            print(f"problem ({site}): {p}", file=sys.stderr)


def jsonable(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: jsonable(v) for k, v in value.items() if not str(k).startswith("_")}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    return value
