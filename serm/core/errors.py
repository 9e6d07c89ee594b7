"""Errors the engine raises; each names the rule it enforces, so a player or a reader knows why."""

from __future__ import annotations


class IllegalActionError(ValueError):
    """An action the rules do not allow now; ``rule`` names the ruling (e.g. "R4")."""

    def __init__(self, rule: str, message: str) -> None:
        tag = f"({rule})"
        super().__init__(message if message.endswith(tag) else f"{message} {tag}")
        self.rule = rule
        self.message = message
