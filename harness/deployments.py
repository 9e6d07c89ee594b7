"""A fixed deployment of both sides on the default table, as ``(card, x, y, facing)``.

Player 1 deploys in y 8..10 facing up, player 2 in y 0..2 facing down; ``Place(*entry)`` places
one card. Used by the view tests' game states and by ``python -m tools.time_paint``.
"""

from __future__ import annotations

P1 = (
    ("ranger", 1.0, 9.0, 0.0),
    ("gunner", 3.0, 9.0, 0.0),
    ("armored", 5.0, 9.0, 10.0),
    ("assault", 7.0, 9.0, 0.0),
    ("brawler", 9.0, 9.0, 330.0),
)
P2 = (
    ("ranger", 1.0, 1.0, 180.0),
    ("gunner", 3.5, 1.0, 180.0),
    ("armored", 5.0, 1.0, 180.0),
    ("assault", 7.0, 1.0, 200.0),
    ("brawler", 8.8, 1.2, 90.0),
)
