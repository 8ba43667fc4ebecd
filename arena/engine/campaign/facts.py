"""What a finished match tells the league: the result and, per member, how he ended and what he did.

A table report (a player fills in the form) and a hosted match
(:func:`arena.engine.campaign.match_facts.match_facts` reads the engine's end state) both produce
:class:`MatchFacts`; the campaign sequence reads it: broken weapons, casualties, experience and gold
(HR-10.5–10.7).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from arena.engine.campaign.experience import Deeds
from arena.engine.campaign.injuries import Thumbs
from arena.engine.campaign.results import ResultKind, is_win, opposite


class Fate(enum.StrEnum):
    """How a member ended the match."""

    UNHURT = "unhurt"
    WOUNDED = "wounded"  # lost Ép but ended above 0
    DEAD = "dead"  # reached Ép ≤ 0: he rolls on the injury table (HR-10.5)


@dataclass(frozen=True)
class MemberFacts:
    """One member's match. ``final_ep`` matters only when he is dead (0 … −3 and below): the Ép the
    last hit left him with (HR-10.5's −1 for −3 or below)."""

    fate: Fate = Fate.UNHURT
    final_ep: int = 0
    fighters_killed: int = 0
    strategists_killed: int = 0
    gladiators_damaged: int = 0
    gladiators_destroyed: int = 0
    took_part: bool = True

    @property
    def kills(self) -> int:
        return self.fighters_killed + self.strategists_killed + self.gladiators_destroyed

    def deeds(self, *, team_won: bool) -> Deeds:
        return Deeds(
            took_part=self.took_part,
            survived=self.fate is not Fate.DEAD,
            fighters_killed=self.fighters_killed,
            strategists_killed=self.strategists_killed,
            gladiators_damaged=self.gladiators_damaged,
            gladiators_destroyed=self.gladiators_destroyed,
            team_won=team_won,
        )


@dataclass(frozen=True)
class SideFacts:
    """One side: its members by slot, and the items of its gladiator's pile that Fegyvertörés broke
    (item ids, a pair's two copies named twice; HR-10.7)."""

    members: Mapping[str, MemberFacts] = field(default_factory=lambda: MappingProxyType({}))
    broken: tuple[str, ...] = ()

    @property
    def killed(self) -> int:
        """Own members who reached Ép ≤ 0: the "fewer own members killed" tie-breaker (HR-10.3)."""
        return sum(1 for facts in self.members.values() if facts.fate is Fate.DEAD)

    @property
    def fighters_killed(self) -> int:
        return sum(facts.fighters_killed for facts in self.members.values())

    @property
    def strategists_killed(self) -> int:
        return sum(facts.strategists_killed for facts in self.members.values())

    @property
    def gladiators_destroyed(self) -> int:
        return sum(facts.gladiators_destroyed for facts in self.members.values())


@dataclass(frozen=True)
class MatchFacts:
    """A match from the home side: its result kind, rounds played, both arena scores, both sides (each
    with its members' facts and its broken weapons), the thumbs the winner showed over a fallen enemy
    gladiator, and free notes."""

    home_result: ResultKind
    rounds_played: int = 0
    home_score: int = 0
    away_score: int = 0
    home: SideFacts = SideFacts()
    away: SideFacts = SideFacts()
    thumbs: Thumbs | None = None
    notes: str = ""

    def side(self, index: int) -> SideFacts:
        return self.home if index == 0 else self.away

    def result_of(self, index: int) -> ResultKind:
        return self.home_result if index == 0 else opposite(self.home_result)

    def won(self, index: int) -> bool:
        return is_win(self.result_of(index))
