"""The strengths of the computer opponent: how much it samples, and how much noise it adds."""

from __future__ import annotations

from dataclasses import dataclass


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


STRENGTHS: dict[str, Config] = {
    "easy": Config("easy", 6, 2, 8, 12, 6, 5, 0.35),
    "normal": Config("normal", 10, 3, 16, 30, 12, 10, 0.0),
    "hard": Config("hard", 24, 5, 32, 80, 24, 16, 0.0),
}
