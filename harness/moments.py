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


@dataclass(frozen=True, eq=False)
class Moment:
    """The game's first ``actions`` actions (None: all of them) and ``more``, with the screen's
    choices ``ui`` (``serm.ui.snapshot.to_dict``'s keys); ``then``: the buttons to press once it
    shows, in turn (their attribute selectors); ``shows``: a selector that is there when the
    moment is ready."""

    name: str
    actions: int | None
    ui: dict[str, Any] = field(default_factory=dict)
    then: tuple[str, ...] = ()
    shows: str = "#prompt [data-pending]"
    more: tuple[dict[str, Any], ...] = ()
    """Actions played after the game's first ``actions`` (a Move and its roll of our own)."""
    computer: int = 0
    """The player the computer plays (at ``strength``), or 0: two people here. The computer is
    named as a game against it names it ("Computer (easy)"): its name's length is the news'."""
    strength: str = "easy"
    keys: tuple[str, ...] = ()
    """Keys pressed once the buttons ``then`` are pressed (a Turn set by the keyboard)."""


DEPLOY = tuple(Moment(f"deploy-{n}", n, shows="#prompt [data-pending=place]") for n in range(1, 11))
"""Each step of the deployment: the card to place next, held where the game puts it."""

SHOT_UNSEEN = Moment(
    "shot-unseen",
    16,
    {"selected": "assault", "mode": "shoot", "pick": "armored"},
    then=("[data-action=confirm]", "[data-action=end]"),
    shows="#prompt [data-pending=act][data-player='1']",
)
"""Player 2's Assault shoots player 1's Armored, which cannot see it (R11; the game's own
dice: it survives), and ends its activation: player 1 decides next, at the same screen."""

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
        {"selected": "gunner", "mode": "aim", "aim": 300.0, "aim_locked": True},
        shows="#layer-overlay rect + text",  # the chance it is stopped, once worked out
    ),
    Moment(
        "gunner-shoot",
        52,
        {"selected": "gunner", "mode": "shoot"},
        shows="#prompt [data-action=auto-target]",  # three enemies in sight: the switch counts
    ),
    Moment(
        "brawler-path",
        61,
        {"selected": "brawler", "mode": "aim"},
        then=("[data-action=confirm]",),  # Roll Move: its roll shows with the path to trace
        shows="#prompt [data-pending=path]",
    ),
    Moment(
        "turn-after-computer",
        61,
        computer=2,
        then=("[data-action=select][data-arg=armored]", "[data-action=turn]"),
        keys=("q", "e"),  # turned and back: a Turn that changes nothing says why
        shows="#prompt .problem:has(+ .foot)",
    ),
    Moment("react", 13, shows="#prompt [data-pending=react]"),
    Moment(
        "react-confirm",
        13,
        {"pick": "assault"},
        shows="#prompt [data-pending=react] [data-action=confirm]",
    ),
    Moment(
        "react-three",
        11,
        more=(
            {"type": "move", "player": 1, "card": "ranger", "direction": 80.0, "facing": None},
            {"type": "roll", "player": 1, "faces": [[2]]},
        ),
        shows="#prompt [data-pending=react]",
    ),
    Moment("stop", 15, {"stop_at": 0.4}, shows="#prompt [data-pending=stop] .outlook"),
    Moment(
        "reactor-menu",
        15,
        {"stop_at": 0.4},
        then=("[data-action=confirm]",),  # stopped: the reacting Assault's activation, at once
        shows="#prompt [data-pending=act] button[data-action=shoot]",
    ),
    Moment(
        "assault-shoot",
        15,
        {"stop_at": 0.4},
        then=("[data-action=confirm]", "[data-action=shoot]"),  # stopped, then its targets
        shows="#prompt [data-pending=act] .targets",
    ),
    Moment(
        "shot",
        16,
        {"selected": "assault", "mode": "shoot", "pick": "armored"},
        then=("[data-action=confirm]",),
        shows="#prompt .recent",
    ),
    SHOT_UNSEEN,
    Moment(
        "react-after-computer",
        24,
        computer=1,
        strength="normal",  # seeded as the page seeds it, it Moves where the other side may React
        shows="#prompt [data-action=replay-last]",
    ),
    Moment("act-after-computer", 61, computer=2, shows="#prompt [data-action=replay-last]"),
    Moment("victory", 67, LAST_SHOT, then=("[data-action=confirm]",), shows="#prompt .victory"),
    Moment(
        "viewer",
        67,
        LAST_SHOT,
        then=("[data-action=confirm]", "[data-action=watch-game]"),
        shows="#prompt .replay",
    ),
)
"""The moments, in a game's order: each deployment step, a card held where it may not go, an
activation's menu, an aimed Move, the Gunner's targets, a Brawler's path to trace, a Turn that
changes nothing after the computer's turn, React questions and a React's confirming step, a stop
point with its sight, the Assault's activation once it has stopped the Move (the news of the
stopped mover above it) and its targets, a shot's result, the
next player's turn with the note that its soldier was shot by an enemy it cannot see, the
victory and the replay viewer."""

DEPLOY_EXPOSURE = Moment(
    "deploy-exposure",
    5,
    {"exposure": True},
    shows="#prompt .exposure:has-text('Red squares') .rule",  # worked out, the zone shaded
)
"""The fifth card to place with the Exposure view on: its words say what the enemy Gunner
sees of the cards placed."""


@cache
def save_text(moment: Moment) -> str:
    """The autosave of ``moment`` (``serm.ui.saves.encode``'s format)."""
    from serm.core import record
    from serm.core.game import Game
    from serm.ui.saves import FORMAT, VERSION, summarise

    data = json.loads(GAME.read_text())
    data["players"] = {
        str(p): {
            "name": f"Computer ({moment.strength})" if p == moment.computer else f"Player {p}",
            "kind": f"computer-{moment.strength}" if p == moment.computer else "human",
        }
        for p in (1, 2)
    }
    data["actions"] = data["actions"][: moment.actions] + list(moment.more)
    game = Game.from_record(record.from_dict(data))
    save = {
        "format": FORMAT,
        "version": VERSION,
        "revision": 1,
        "saved_at": "2026-01-01T00:00:00.000Z",
        "name": "Autosave",
        "summary": summarise(game).to_dict(),
        "record": game.record.to_dict(),
        "ui": moment.ui,
    }
    return json.dumps(save, separators=(",", ":"))


def open_moment(page: Page, site_url: str, moment: Moment) -> None:
    """Show ``moment`` in ``page``: a new visit with its autosave, Continue pressed, then its
    own presses (clicks: how a tap opens the viewer is not what is reached here); returns once
    ``moment.shows`` is there."""
    open_site(page, site_url, stored={AUTOSAVE: save_text(moment)})
    for press in ("[data-action=continue]", *moment.then):
        page.locator(f"#prompt button{press}").first.click()
    for key in moment.keys:
        page.keyboard.press(key)
    page.wait_for_selector(moment.shows)
