"""What the board layer raises when something breaks a rule."""

from __future__ import annotations


class BoardRuleError(ValueError):
    """An action on the board that breaks a rule; ``rule`` names it, and the message
    ends with it in brackets."""

    def __init__(self, rule: str, message: str):
        self.rule = rule
        super().__init__(f"{message} ({rule})")
