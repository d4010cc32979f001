"""Errors of a game in play."""

from __future__ import annotations


class GameError(ValueError):
    """An action the rules do not allow. The game is left exactly as it was.

    ``rule`` names the rule broken; ``action_id`` is the action's id when known.
    """

    def __init__(self, rule: str, message: str, action_id: object = None):
        self.rule = rule
        self.action_id = action_id
        self.detail = message
        super().__init__(self._text())

    def _text(self) -> str:
        where = f"action {self.action_id}: " if self.action_id is not None else ""
        return f"{where}{self.detail} ({self.rule})"

    def at(self, action_id: object) -> GameError:
        """The same error, naming the action."""
        self.action_id = action_id
        self.args = (self._text(),)
        return self


def refuse(rule: str, message: str) -> None:
    raise GameError(rule, message)
