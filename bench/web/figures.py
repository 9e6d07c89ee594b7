"""The figures of a run: the inputs' times from the probe's records, and each boot figure's
spread over the samples."""

from __future__ import annotations

from typing import Any

from harness.site import Entry
from harness.stats import distribution, spread


def alone(play: dict[str, Any]) -> list[dict[str, Any]]:
    """The pointer moves whose frame came before any later input was dispatched: a move right
    before a press (the pointer reaching a button) shares its frame with the press's redraw, which
    the press's own figure counts."""
    starts = sorted(
        e["start"] for g in play["gestures"] for e in g["events"] if e.get("start") is not None
    )
    out = []
    for m in play["moves"]:
        if m["frame"] is None:
            continue
        later = [t for t in starts if m["start"] < t < m["frame"]]
        if not later:
            out.append(m)
    return out


def interaction_figures(play: dict[str, Any]) -> dict[str, Any]:
    moves: dict[str, list[float]] = {}
    handlers: dict[str, list[float]] = {}
    dispatched: dict[str, list[float]] = {}
    for m in alone(play):
        moves.setdefault(m["label"], []).append(m["frame"] - m["ts"])
        handlers.setdefault(m["label"], []).append(m["end"] - m["start"])
        dispatched.setdefault(m["label"], []).append(m["frame"] - m["start"])
    clicks: dict[str, list[float]] = {}
    click_handlers: dict[str, list[float]] = {}
    for g in play["gestures"]:
        done = [e for e in g["events"] if e["frame"] is not None]
        if not done:
            continue
        clicks.setdefault(g["label"], []).append(max(e["frame"] - e["ts"] for e in done))
        click_handlers.setdefault(g["label"], []).append(max(e["end"] - e["start"] for e in done))
    preview = moves.get("move_ray", []) + moves.get("rotate_handle", [])
    out: dict[str, Any] = {
        "pointermove": {k: distribution(v) for k, v in sorted(moves.items())},
        "pointermove_handler": {k: distribution(v) for k, v in sorted(handlers.items())},
        # from the page's first listener (dispatch) to the frame: without the browser's wait
        # for the next frame before it dispatches a pointer move (the floor's share)
        "pointermove_dispatch": {k: distribution(v) for k, v in sorted(dispatched.items())},
        "pointermove_preview": distribution(preview),
        "click": {k: distribution(v) for k, v in sorted(clicks.items())},
        "click_handler": {k: distribution(v) for k, v in sorted(click_handlers.items())},
    }
    key_clicks = [
        *clicks.get("select", []),
        *clicks.get("shoot", []),
        *clicks.get("end_of_move", []),
    ]
    out["click_key"] = distribution(key_clicks)
    return out


def largest(samples: list[dict[str, Any]], key: str) -> list[list[Any]]:
    sizes: dict[str, int] = {}
    for s in samples:
        for path, _status, size, _body in s[key]:
            sizes[path.split("?")[0]] = max(sizes.get(path.split("?")[0], 0), size)
    return [[p, b] for p, b in sorted(sizes.items(), key=lambda kv: -kv[1])[:5]]


def urls(entries: list[Entry]) -> list[str]:
    return sorted({f"{p.split('?')[0]} {s}" for p, s, _, _ in entries})


SAMPLE_FIGURES = (
    "cold_tti_ms",
    "cold_mark_ms",
    "cold_first_paint_ms",
    "cold_board_visible_ms",
    "warm_tti_ms",
    "warm_mark_ms",
    "warm_first_paint_ms",
    "warm_board_visible_ms",
    "link_tti_ms",
    "link_first_paint_ms",
    "link_board_visible_ms",
    "link_longest_task_ms",
    "cold_bytes",
    "cold_body_bytes",
    "cold_requests",
    "cold_to_interactive_bytes",
    "cold_to_interactive_body_bytes",
    "cold_to_interactive_requests",
    "link_to_interactive_bytes",
    "warm_bytes",
    "warm_requests",
    "boot_js_heap_bytes",
    "boot_wasm_bytes",
    "boot_py_objects",
    "boot_dom_nodes",
)


def summarise(samples: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {
        k: spread([float(s[k]) for s in samples if k in s]) for k in SAMPLE_FIGURES
    }
    out["cold_largest"] = largest(samples, "_cold_files")
    out["warm_urls"] = urls([e for s in samples for e in s["_warm_files"]])
    out["warm_controlled"] = all(s["warm_controlled"] for s in samples)
    out["problems"] = sorted({p for s in samples for p in s["problems"]})
    bars = [s["_bar"] for s in samples if "_bar" in s]
    if bars:
        out["bar"] = {k: spread([b[k] for b in bars]) for k in bars[0]}
    return out
