"""Errors of the match engine."""

from __future__ import annotations


class IllegalActionError(ValueError):
    """An action the rules do not allow now; the message names the rule (RB page or HR).

    The state the action was applied to is left unchanged.
    """

    def __init__(self, message: str, rule: str = "") -> None:
        super().__init__(f"{message} ({rule})" if rule else message)
        self.rule = rule


class DiceExhaustedError(RuntimeError):
    """A :class:`~arena.engine.match.dice_sources.FixedDice` was asked for more rolls than it was given."""
