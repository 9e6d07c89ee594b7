"""The five soldier cards and their stats (original card list; rulings R13, R22, R23).

Every player commands one of each card. A stat of N rolls N six-sided dice (R9).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CardType:
    """A soldier card: its name (the key records use), its four stats, its special rule in words,
    and that rule as data, which the engine, the view and the computer opponent read.

    - ``sees_all_round``: its LOS region is the whole table, not a 180° half-plane (R13).
    - ``moves_or_shoots``: it may Move or Shoot in an activation, never both; turning in place
      counts as its Move (R22).
    - ``shoots_all_seen``: one Shoot attacks every enemy it sees at that moment, one after the
      other in an order its player picks (R22).
    - ``traces_path``: it declares no direction; it rolls, then traces a path of exactly the
      rolled length that may turn (R17).
    - ``never_reacts`` (React 0): it can never React (R23).
    """

    name: str
    title: str
    shoot: int
    endure: int
    react: int
    move: int
    special: str
    sees_all_round: bool = False
    moves_or_shoots: bool = False
    shoots_all_seen: bool = False
    traces_path: bool = False

    @property
    def never_reacts(self) -> bool:
        """True for a card with React 0 (R23)."""
        return self.react == 0


CARDS: dict[str, CardType] = {
    c.name: c
    for c in (
        CardType(
            "ranger",
            "Ranger",
            1,
            1,
            2,
            1,
            "Sees all round: 360° line of sight (R13).",
            sees_all_round=True,
        ),
        CardType(
            "gunner",
            "Gunner",
            2,
            1,
            1,
            1,
            "Moves or shoots, never both; shoots once at every enemy it sees (R22).",
            moves_or_shoots=True,
            shoots_all_seen=True,
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
            traces_path=True,
        ),
    )
}
"""The card list, in the order players see it."""

CARD_NAMES: tuple[str, ...] = tuple(CARDS)
PLAYERS: tuple[int, int] = (1, 2)


def other(player: int) -> int:
    """The opponent of ``player`` (1 <-> 2)."""
    return 3 - player
