"""The five soldier cards and their stats (original card list; rulings R13, R22, R23).

Every player commands one of each card. A stat of N rolls N six-sided dice (R9).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CardType:
    """A soldier card: its name, its four stats and the special rule it carries (if any)."""

    name: str
    title: str
    shoot: int
    endure: int
    react: int
    move: int
    special: str

    def stat(self, name: str) -> int:
        """The stat called ``name`` ("shoot", "endure", "react" or "move")."""
        value = getattr(self, name)
        assert isinstance(value, int)
        return value


CARDS: dict[str, CardType] = {
    c.name: c
    for c in (
        CardType("ranger", "Ranger", 1, 1, 2, 1, "Sees all round: 360° line of sight (R13)."),
        CardType(
            "gunner",
            "Gunner",
            2,
            1,
            1,
            1,
            "Moves or shoots, never both; shoots once at every enemy it sees (R22).",
        ),
        CardType("armored", "Armored", 1, 2, 0, 1, "Never reacts (React 0, R23)."),
        CardType("assault", "Assault", 1, 1, 1, 2, "Fast: Move 2."),
        CardType(
            "brawler",
            "Brawler",
            0,
            0,
            2,
            3,
            "Declares no direction: rolls, then traces a path that may turn (R17). Cannot shoot.",
        ),
    )
}
"""The card list, in the order players see it."""

CARD_NAMES: tuple[str, ...] = tuple(CARDS)
PLAYERS: tuple[int, int] = (1, 2)


def other(player: int) -> int:
    """The opponent of ``player`` (1 <-> 2)."""
    return 3 - player
