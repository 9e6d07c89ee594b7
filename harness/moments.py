"""The moments of a game that decide what a player reads, reached in a warm page at once.

Each ``Moment`` is a point of ``examples/complete-game.json`` (two walls, the default table)
with what the screen was in the middle of (``serm.ui.snapshot``: the soldier selected, a Move
aimed, a card held where it may not go, a target picked), saved as the autosave of a hot-seat
game. ``open_moment`` makes the page a new visit holding that autosave (``harness.fresh``),
presses Continue as a returning player would, then whatever press the moment still needs (the
Shoot confirmed, so its result shows; Watch replay on the victory screen). No game is played
through to get there: a test visits many moments in a few seconds.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from harness.fresh import open_site

if TYPE_CHECKING:
    from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "examples" / "complete-game.json"
AUTOSAVE = "serm/autosave"
"""The key of the autosave (``serm.ui.saves.AUTOSAVE``)."""


@dataclass(frozen=True)
class Moment:
    """The game's first ``actions`` actions (None: all of them) with the screen's choices
    ``ui`` (``serm.ui.snapshot.to_dict``'s keys); ``then``: the buttons (``data-action``) to
    press once it shows; ``shows``: a selector that is there when the moment is ready."""

    name: str
    actions: int | None
    ui: dict[str, Any] = field(default_factory=dict)
    then: tuple[str, ...] = ()
    shows: str = "#prompt [data-pending]"


DEPLOY = tuple(Moment(f"deploy-{n}", n, shows="#prompt [data-pending=place]") for n in range(1, 11))
"""Each step of the deployment: the card to place next, held where the game puts it."""

LAST_SHOT = {"selected": "assault", "mode": "shoot", "pick": "brawler"}
"""The game's last shot, picked: confirmed, it wins the game (its dice are the game's own)."""

MOMENTS = (
    *DEPLOY,
    Moment(
        "deploy-refused",
        2,
        {"ghost": {"card": "ranger", "x": 7.0, "y": 6.9, "facing": 0.0}},
        shows="#prompt [data-pending=place] .problem",
    ),
    Moment("activation", 11, {"selected": "armored"}, shows="#prompt button[data-action=move]"),
    Moment(
        "aimed-move",
        11,
        {"selected": "gunner", "mode": "aim", "aim": 0.0, "aim_locked": True},
        shows="#layer-overlay text",
    ),
    Moment("react", 13, shows="#prompt [data-pending=react]"),
    Moment("stop", 15, {"stop_at": 0.4}, shows="#prompt [data-pending=stop]"),
    Moment(
        "shot",
        16,
        {"selected": "assault", "mode": "shoot", "pick": "armored"},
        then=("confirm",),
        shows="#prompt .recent",
    ),
    Moment("victory", 67, LAST_SHOT, then=("confirm",), shows="#prompt .victory"),
    Moment("viewer", 67, LAST_SHOT, then=("confirm", "watch-game"), shows="#prompt .replay"),
)
"""The moments, in a game's order: each deployment step, a card held where it may not go, an
activation's menu, an aimed Move, a React question, a stop point, a shot's result, the victory
and the replay viewer."""


@cache
def save_text(actions: int | None, ui_json: str) -> str:
    """The autosave of the example game's first ``actions`` actions, played by two people here,
    with the screen's choices ``ui_json`` (``serm.ui.saves.encode``'s format)."""
    from serm.core import record
    from serm.core.game import Game
    from serm.ui.saves import FORMAT, VERSION, summarise

    data = json.loads(GAME.read_text())
    data["players"] = {str(p): {"name": f"Player {p}", "kind": "human"} for p in (1, 2)}
    data["actions"] = data["actions"][:actions]
    game = Game.from_record(record.from_dict(data))
    save = {
        "format": FORMAT,
        "version": VERSION,
        "revision": 1,
        "saved_at": "2026-01-01T00:00:00.000Z",
        "name": "Autosave",
        "summary": summarise(game).to_dict(),
        "record": game.record.to_dict(),
        "ui": json.loads(ui_json),
    }
    return json.dumps(save, separators=(",", ":"))


def open_moment(page: Page, site_url: str, moment: Moment) -> None:
    """Show ``moment`` in ``page``: a new visit with its autosave, Continue pressed (tapped on a
    touch screen), then its own presses; returns once ``moment.shows`` is there."""
    text = save_text(moment.actions, json.dumps(moment.ui, sort_keys=True))
    open_site(page, site_url, stored={AUTOSAVE: text})
    touch = page.evaluate("() => matchMedia('(pointer: coarse)').matches")
    for action in ("continue", *moment.then):
        button = page.locator(f"#prompt button[data-action={action}]").first
        button.tap() if touch else button.click()
    page.wait_for_selector(moment.shows)
