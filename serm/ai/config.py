"""The strengths of the computer opponent: how much it samples, and how much noise it adds."""

from __future__ import annotations

from dataclasses import dataclass

from .deploy_cover import Grid


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


STRENGTHS: dict[str, Config] = {
    "easy": Config("easy", 4, 1, 6, 6, 4, 3, 0.6, 150, careful=False),
    "normal": Config("normal", 10, 3, 16, 30, 12, 10, 0.0, 400, cover=Grid(1.2, 2, 30.0, 60.0)),
    "hard": Config(
        "hard",
        24,
        5,
        32,
        60,
        24,
        16,
        0.0,
        900,
        cover=Grid(0.8, 2, 20.0, 60.0),
        aim=True,
        reply=True,
        react_value=True,
    ),
}
