"""What a finished match tells the league: the result and, per member, how he ended and what he did.

A table report (a player fills in the form) and a hosted match (the match engine reports itself) both
produce :class:`MatchFacts`. ``Result`` stores it as JSON (``sides_to_json`` and ``broken_to_json``;
``facts_of`` reads it back), and the campaign sequence reads it: broken weapons, casualties, experience
and gold (HR-10.5–10.7).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from arena.engine.campaign.experience import Deeds
from arena.engine.campaign.injuries import Thumbs
from arena.engine.campaign.results import ResultKind, is_win, opposite

from .bounds import ARENA_SCORE_MAX, EP_MAX, FIGHTERS_MAX, FINAL_EP_MIN


class Fate(enum.StrEnum):
    """How a member ended the match, as the report records it."""

    UNHURT = "unhurt"
    WOUNDED = "wounded"
    DEAD = "dead"  # reached Ép ≤ 0: he rolls on the injury table (HR-10.5)


FATE_LABELS: Mapping[Fate, Promise] = MappingProxyType(
    {Fate.UNHURT: _("Unhurt"), Fate.WOUNDED: _("Wounded"), Fate.DEAD: _("Dead")}
)


@dataclass(frozen=True)
class MemberFacts:
    """One member's match. ``final_ep`` matters only when he is dead (0 … −3 and below)."""

    fate: Fate = Fate.UNHURT
    final_ep: int = 0
    fighters_killed: int = 0
    strategist_killed: bool = False
    damaged_gladiator: bool = False
    destroyed_gladiator: bool = False
    took_part: bool = True

    @property
    def kills(self) -> int:
        return self.fighters_killed + int(self.strategist_killed) + int(self.destroyed_gladiator)

    def deeds(self, *, team_won: bool) -> Deeds:
        return Deeds(
            took_part=self.took_part,
            survived=self.fate is not Fate.DEAD,
            fighters_killed=self.fighters_killed,
            strategist_killed=self.strategist_killed,
            damaged_gladiator=self.damaged_gladiator,
            destroyed_gladiator=self.destroyed_gladiator,
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
    def strategist_killed(self) -> bool:
        return any(facts.strategist_killed for facts in self.members.values())


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


def _member_to_json(facts: MemberFacts) -> dict[str, Any]:
    return {
        "fate": facts.fate.value,
        "final_ep": facts.final_ep,
        "fighters_killed": facts.fighters_killed,
        "strategist_killed": facts.strategist_killed,
        "damaged_gladiator": facts.damaged_gladiator,
        "destroyed_gladiator": facts.destroyed_gladiator,
        "took_part": facts.took_part,
    }


def _member_from_json(data: Mapping[str, Any]) -> MemberFacts:
    return MemberFacts(**{**data, "fate": Fate(data.get("fate", Fate.UNHURT))})


def sides_to_json(facts: MatchFacts) -> dict[str, Any]:
    """Both sides as ``Result.members`` stores them."""
    return {
        name: {slot: _member_to_json(m) for slot, m in side.members.items()}
        for name, side in (("home", facts.home), ("away", facts.away))
    }


def broken_to_json(facts: MatchFacts) -> dict[str, list[str]]:
    """Both sides' broken items as ``Result.broken`` stores them (a side with none is left out)."""
    return {name: list(side.broken) for name, side in (("home", facts.home), ("away", facts.away)) if side.broken}


def side_from_json(data: Mapping[str, Any] | None, broken: Any = ()) -> SideFacts:
    members = {slot: _member_from_json(m) for slot, m in (data or {}).items()}
    return SideFacts(MappingProxyType(members), tuple(broken or ()))


def facts_of(result: Any) -> MatchFacts:
    """The facts a stored ``Result`` holds."""
    members = result.members or {}
    broken = result.broken or {}
    return MatchFacts(
        home_result=ResultKind(result.home_result),
        rounds_played=result.rounds_played,
        home_score=result.home_score,
        away_score=result.away_score,
        home=side_from_json(members.get("home"), broken.get("home")),
        away=side_from_json(members.get("away"), broken.get("away")),
        thumbs=Thumbs(result.thumbs) if result.thumbs else None,
        notes=result.notes,
    )


# --- bounds (issue 11, ``campaigns.bounds``) ------------------------------------------------------


def too_many_kills(kills: int) -> str:
    return gettext("This side killed %(kills)s non-gladiators in all; the enemy has only %(most)s (HR-10.1).") % {
        "kills": kills,
        "most": FIGHTERS_MAX,
    }


def one_strategist_killer() -> str:
    return gettext("Only one member can kill the enemy strategist.")


def one_gladiator_destroyer() -> str:
    return gettext("Only one member can destroy the enemy gladiator.")


def out_of_bounds(facts: MatchFacts) -> str | None:
    """Why ``facts`` hold a number no match can produce, in the reader's language; None if none.
    The report form says the same beside each field; this guards every other way in (a hosted
    match's facts, a script)."""
    for score in (facts.home_score, facts.away_score):
        if not 0 <= score <= ARENA_SCORE_MAX:
            return gettext("An arena score is 0 to %(most)s (HR-10.1), not %(score)s.") % {
                "most": ARENA_SCORE_MAX,
                "score": score,
            }
    for side in (facts.home, facts.away):
        for member in side.members.values():
            if not FINAL_EP_MIN <= member.final_ep <= EP_MAX or not 0 <= member.fighters_killed <= FIGHTERS_MAX:
                return gettext(
                    "A member ends on %(low)s to %(high)s Ép and kills 0 to %(most)s non-gladiators (HR-10.1, HR-10.5)."
                ) % {"low": FINAL_EP_MIN, "high": EP_MAX, "most": FIGHTERS_MAX}
        if side.fighters_killed > FIGHTERS_MAX:
            return too_many_kills(side.fighters_killed)
        if sum(member.strategist_killed for member in side.members.values()) > 1:
            return one_strategist_killer()
        if sum(member.destroyed_gladiator for member in side.members.values()) > 1:
            return one_gladiator_destroyer()
    return None
