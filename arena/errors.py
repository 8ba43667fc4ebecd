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
