"""Errors the engine raises; each names the rule it enforces, so a player or a reader knows why."""

from __future__ import annotations


class IllegalActionError(ValueError):
    """An action the rules do not allow now; ``rule`` names the ruling (e.g. "R4")."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{message} ({rule})")
        self.rule = rule
        self.message = message
