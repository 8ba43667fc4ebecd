"""The closed vocabularies the match stores and logs, as enums.

Each is a :class:`enum.StrEnum`: a member is the string it stands for, so it compares equal to
that string, serialises to it in JSON and reads back from it (``ResultKind("draw")``). Its
``repr`` is the string's too, so :func:`arena.engine.match.state.state_hash` (a digest of the
state's ``repr``) gives the same hashes as when these fields were plain strings.
"""

from __future__ import annotations

import enum


class Word(enum.StrEnum):
    """A vocabulary word: a string, written as one."""

    def __repr__(self) -> str:
        return repr(self.value)


class MatchEnd(Word):
    """How a match ended (HR-10.1)."""

    VICTORY = "victory"
    POINTS_VICTORY = "points_victory"
    DRAW = "draw"


class TrapWindowAction(Word):
    """What opened a direct-trap window (HR-12 rulings 26, 28, 29)."""

    MOVE = "move"
    DISENGAGE = "disengage"
    GATE = "gate"


class ZombieCommand(Word):
    """A zombie's standing command (HR-12 ruling 18); ``NONE``: its default behaviour (ruling 17)."""

    NONE = ""
    MOVE_TO = "move_to"
    ATTACK = "attack"
    GUARD = "guard"


class SpellKind(Word):
    """How a spell reaches its targets (RB p.11-18)."""

    AREA = "area"
    CHAIN = "chain"
    BOLT = "bolt"
    CORPSE = "corpse"
    SELF = "self"
    TOUCH = "touch"
    RANGED = "ranged"


class ArenaMode(Word):
    """How many play and who with whom (RB p.30-31, HR-8): the two-player duel, or four seats as two
    pairs (seats 0 and 1 against seats 2 and 3) or every seat for itself."""

    DUEL = "duel"
    PAIRS = "pairs"
    FFA = "ffa"

    @property
    def seats(self) -> int:
        return 2 if self is ArenaMode.DUEL else 4

    @property
    def enemy_teams(self) -> int:
        """The teams a seat fights against: one in a duel, two in pairs, three in a free-for-all (HR-8)."""
        return {ArenaMode.DUEL: 1, ArenaMode.PAIRS: 2, ArenaMode.FFA: 3}[self]

    def partner(self, seat: int) -> int | None:
        """The seat fighting beside ``seat`` (pairs only): 0 with 1, 2 with 3."""
        return seat ^ 1 if self is ArenaMode.PAIRS else None

    def pair_of(self, seat: int) -> int:
        """The side a seat fights for: in pairs 0 (seats 0, 1) or 1 (seats 2, 3), else the seat itself."""
        return seat // 2 if self is ArenaMode.PAIRS else seat
