"""Errors the engine raises; each names the rule it enforces, so a player or a reader knows why."""

from __future__ import annotations

from dataclasses import dataclass


class IllegalActionError(ValueError):
    """An action the rules do not allow now; ``rule`` names the ruling (e.g. "R4")."""

    def __init__(self, rule: str, message: str) -> None:
        tag = f"({rule})"
        super().__init__(message if message.endswith(tag) else f"{message} {tag}")
        self.rule = rule
        self.message = message


class WorkLimitError(Exception):
    """A replay asked for more work than its budget allows (``serm.core.ruleset``)."""


@dataclass(frozen=True)
class Problem:
    """Why a card may not stand or be placed somewhere: the ruling it breaks and plain words.

    ``rule`` is a ruling id such as "R4"; ``text`` is the reason without it, e.g. "leaves the
    table". ``str(problem)`` is the sentence players see: "leaves the table (R4)". ``thing`` is
    what the card would run into, as people name it ("the Wall", or a card's title such as
    "Gunner" with ``owner`` its player), or "" when it runs into nothing (it leaves the table or
    its zone): the screen words a refusal from them.
    """

    rule: str
    text: str
    thing: str = ""
    owner: int = 0

    def __str__(self) -> str:
        return f"{self.text} ({self.rule})"
