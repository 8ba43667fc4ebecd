"""Refusals of hosted play. Each carries its message in the reader's language (translated when
raised); a refusal by the engine carries the engine's own reason, which names the rule, and what
the play screen needs to tell it in words (``arena.screen.refusals``): the refusal's kind and facts,
the action as posted, the position it was refused on, the acting seat."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from arena.engine import Refusal, State


class MatchError(ValueError):
    """The app refuses: the match is not open, the team is not ready, it is not your turn …"""


class StaleBoardError(MatchError):
    """The page the action was chosen on is older than the seat's current choices."""


class ActionRefusedError(MatchError):
    """The engine refused the action; ``reason`` is its message (English, with its ids: for logs,
    never for a page) and ``rule`` the rules it cites.

    ``kind`` says what was refused: ``"malformed"`` (not an action of the game, or one the engine
    could not read), ``"illegal"`` (the rules do not allow it now: ``refusal`` is the engine's
    refusal, its kind and facts; ``action``, ``state`` and ``seat`` are the posted action, the
    position it was refused on and the acting seat) or ``""`` (the app's own refusal, told by its
    message)."""

    def __init__(
        self,
        message: str,
        reason: str = "",
        *,
        kind: str = "",
        rule: str = "",
        action: Mapping[str, Any] | None = None,
        state: State | None = None,
        seat: int | None = None,
        refusal: Refusal | None = None,
    ) -> None:
        super().__init__(message)
        self.reason = reason
        self.kind = kind
        self.rule = rule
        self.action = action
        self.state = state
        self.seat = seat
        self.refusal = refusal


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
