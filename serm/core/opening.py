"""The opening rules: how the start of a game restricts shooting (R5, Opening).

A scenario names its opening (``Scenario.opening``, one of ``OPENINGS``); the rules version
decides which openings it plays and which one a new game gets when the scenario names none
(``serm.core.ruleset``). The restriction is counted in the game's activations
(``State.activation_number``): an activation is restricted when its number is at most
``Opening.activations``. A reacting soldier's activation (R19) is never restricted, though it
happens inside a restricted activation's number; a Move, a turn in place and a pass are never
restricted.
"""

from __future__ import annotations

from dataclasses import dataclass

NONE = "none"
"""The opening that restricts nothing (rules versions 1 and 2 play only this one)."""


@dataclass(frozen=True)
class Opening:
    """One opening rule: the game's first ``activations`` activations may not Shoot; with
    ``card`` set, only that card may not. ``words`` says the rule in one sentence."""

    key: str
    activations: int
    card: str | None
    words: str

    def may_shoot(self, number: int, card: str | None = None) -> bool:
        """Whether a soldier of ``card`` may Shoot in the game's activation ``number`` when
        that activation is not a reacting soldier's (R19, never restricted); with ``card``
        None, whether any card may."""
        if number > self.activations or self.card is None:
            return number > self.activations
        return card is None or card != self.card

    def first_shot(self, first: bool, card: str | None = None) -> int:
        """The number of the first activation in which a side may Shoot (with ``card``; any
        card when None), the side with the first initiative when ``first`` (R5): it has the odd
        activations and its opponent the even ones while no React intervenes."""
        n = 1 if first else 2
        while not self.may_shoot(n, card):
            n += 2
        return n


OPENINGS: dict[str, Opening] = {
    o.key: o
    for o in (
        Opening(NONE, 0, None, "any activation may Shoot"),
        Opening(
            "gunner-holds", 1, "gunner", "the Gunner may not Shoot in the game's first activation"
        ),
        Opening("no-first-shot", 1, None, "the game's first activation may not Shoot"),
        Opening("opening-moves", 2, None, "neither of the game's first two activations may Shoot"),
    )
}
"""Every opening, by the key a scenario and a record name it with."""
