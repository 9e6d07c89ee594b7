"""The strengths of the computer opponent: how much it samples, and how much noise it adds."""

from __future__ import annotations

from dataclasses import dataclass

from .deploy_cover import Grid


@dataclass(frozen=True)
class Search:
    """How far and how wide the look-ahead goes."""

    width: int
    """Candidates of a decision searched (the planner's best)."""
    replies: int
    """Opponent activations searched in reply (the model's best)."""
    groups: int
    """Chance outcomes of a Move total short of its halt (one more: reaching it)."""
    budget: int
    """Work units of one decision's look-ahead beyond ranking its candidates (``search``: about
    a microsecond each on CPython)."""
    seconds: float
    """Safety cap on one decision's wall-clock time; a game that reaches it may not replay."""
    model: Config
    """How both sides take the decisions inside the look-ahead, and rank the replies."""
    approach: float
    """Per L of my soldiers' mean distance to the nearest enemy, in every score of mine
    (``Weights.approach``): a look-ahead one activation deep sees nothing gained by closing in on
    an enemy out of reach, and a side ahead that never closes in lets the game end in a draw
    (R8)."""
    inner: int = 1
    """The opponent's decisions inside an activation searched (the model's best): each is then
    a choice node of its own, the one worst for me taken; 1: the model's best alone."""
    press: float = 0.0
    """Per soldier value of my lead, in proportion to the quiet activations already run (R8),
    when my side is ahead: the weight of my scores' ``Weights.sight`` (getting where my
    soldiers can attack). A side ahead gains nothing from a draw, and the nearer the draw, the
    more closing in is worth."""


@dataclass(frozen=True)
class Config:
    """Sampling budget of one strength. Every count bounds the work of one decision."""

    name: str
    directions: int
    """Move directions sampled per soldier (plus one toward each enemy)."""
    groups: int
    """Chance outcomes (groups of Move totals) scored per direction."""
    facings: int
    """End facings sampled (FACE, Turn)."""
    placements: int
    """Deployment spots sampled per card."""
    path_points: int
    """Brawler path end points sampled."""
    stops: int
    """Stop points sampled along a reacted-to path."""
    noise: float
    """Standard deviation of the noise added to every score (soldier values)."""
    max_evals: int
    """Work cap per decision: board evaluations plus candidates scored; past it, the remaining
    candidates are not scored (the worst case, the first activation, needs about 600 at hard)."""
    cover: Grid | None = None
    """The enemy Gunner poses weighed at deployment while it is still in hand (``exposure``;
    None: off)."""
    aim: bool = False
    """Aim the Gunner at deployment: the facing that sees the most enemy value at each spot."""
    reply: bool = False
    """Weigh the second side's threat after the first side's best activation (``Weights.reply``)."""
    react_value: bool = False
    """Weigh each React option by what its success is worth, not only by its chance."""
    careful: bool = True
    """Reasoned React and deployment order (easy reacts and deploys more carelessly)."""
    brawler_spots: int = 0
    """Directions in which the Brawler's declaration weighs going somewhere, not only ramming
    (``brawler.spot_steps``: out of an enemy's sight, say); 0: rams and staying put only."""
    search: Search | None = None
    """Look ahead (``search``) to choose an activation, a React and a stop point
    (``player.searched``); the candidates above rank what it searches. None: take the
    best-scored candidate."""


NORMAL = Config("normal", 10, 3, 16, 30, 12, 10, 0.0, 400, cover=Grid(1.2, 2, 30.0, 60.0))

MODEL = Config("model", 4, 1, 6, 10, 6, 4, 0.0, 80)
"""The opponent model inside the look-ahead: normal's scoring, sampled narrower (it is asked at
every position searched)."""

STRENGTHS: dict[str, Config] = {
    "easy": Config("easy", 4, 1, 6, 6, 4, 3, 0.6, 150, careful=False),
    "normal": NORMAL,
    "hard": Config(
        "hard",
        12,
        3,
        16,
        60,
        12,
        10,
        0.0,
        400,
        cover=Grid(0.8, 2, 20.0, 60.0),
        aim=True,
        reply=True,
        react_value=True,
        brawler_spots=8,
        search=Search(
            width=4,
            replies=2,
            groups=2,
            inner=2,
            budget=450_000,
            seconds=20.0,
            model=MODEL,
            approach=0.04,
            press=1.0,
        ),
    ),
}
