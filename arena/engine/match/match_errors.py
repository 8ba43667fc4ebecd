"""Errors of the match engine."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class RefusalKind(Enum):
    """Why the referee refuses an action, as a reader is told it (the English message is for logs).

    The kinds follow the places the engine refuses: before any rule is read (``NOT_AN_ACTION``,
    ``MATCH_OVER``, ``NOT_YOUR_TURN``), the character the action names (``NO_SUCH_CHARACTER``,
    ``NOT_YOUR_CHARACTER``), and every rule of the game that forbids the action in this position
    (``NOT_LEGAL_NOW``, the rule cited says which).
    """

    NOT_AN_ACTION = "not_an_action"  # the object is no action of the game
    MATCH_OVER = "match_over"  # the match has ended: nothing more is played
    NOT_YOUR_TURN = "not_your_turn"  # the seat owes no decision now, or it is not his step to act
    NO_SUCH_CHARACTER = "no_such_character"  # the action names a character who is not in the match
    NOT_YOUR_CHARACTER = "not_your_character"  # the character named belongs to another seat
    NOT_LEGAL_NOW = "not_legal_now"  # a rule forbids the action in this position (``rule`` cites it)


@dataclass(frozen=True, slots=True)
class Refusal:
    """A refusal's facts: its kind, the rules it cites, and the character and seat it is about
    (``char`` as the action named it, which may be no character's id)."""

    kind: RefusalKind
    rule: str = ""
    char: str | None = None
    seat: int | None = None


class IllegalActionError(ValueError):
    """An action the rules do not allow now; the message names the rule (RB page or HR).

    ``kind`` (with ``char`` and ``seat`` where the kind is about them) says why, for a reader; the
    English message is for logs and tests. The state the action was applied to is left unchanged.
    """

    def __init__(
        self, message: str, rule: str = "", *, kind: RefusalKind, char: str | None = None, seat: int | None = None
    ) -> None:
        super().__init__(f"{message} ({rule})" if rule else message)
        self.message = message
        self.rule = rule
        self.kind = kind
        self.char = char
        self.seat = seat

    @property
    def refusal(self) -> Refusal:
        return Refusal(self.kind, self.rule, self.char, self.seat)

    def __reduce__(self) -> tuple[object, ...]:  # pickled with its facts (a worker process's refusal)
        return (_rebuilt, (self.message, self.rule, self.kind, self.char, self.seat))


def _rebuilt(message: str, rule: str, kind: RefusalKind, char: str | None, seat: int | None) -> IllegalActionError:
    return IllegalActionError(message, rule, kind=kind, char=char, seat=seat)


class DiceExhaustedError(RuntimeError):
    """A :class:`~arena.engine.match.dice_sources.FixedDice` was asked for more rolls than it was given."""
