"""Refusals of hosted play. Each carries its message in the reader's language (translated when
raised); a refusal by the engine carries the engine's own reason, which names the rule."""

from __future__ import annotations


class MatchError(ValueError):
    """The app refuses: the match is not open, the team is not ready, it is not your turn …"""


class StaleBoardError(MatchError):
    """The page the action was chosen on is older than the seat's current choices."""


class ActionRefusedError(MatchError):
    """The engine refused the action; ``reason`` is its message, naming the rule."""

    def __init__(self, message: str, reason: str = "") -> None:
        super().__init__(message)
        self.reason = reason


class DiceNeededError(MatchError):
    """Table mode: the action needs a d10 the players have not entered yet. ``who`` and ``purpose``
    are the engine's (its ``DiceRolled`` event); ``actions`` and ``dice`` are what was posted, so the
    page can ask for the die and post everything again."""

    def __init__(self, message: str, *, who: str, purpose: str, actions: list, dice: list[int]) -> None:
        super().__init__(message)
        self.who = who
        self.purpose = purpose
        self.actions = actions
        self.dice = dice
