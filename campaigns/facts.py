"""A match's facts (:mod:`arena.engine.campaign.facts`) onto the ``Result`` model and back.

A table report (a player fills in the form) and a hosted match (the engine's ``match_facts``) both
produce :class:`MatchFacts`. ``Result`` stores it as JSON (``sides_to_json`` and ``broken_to_json``;
``facts_of`` reads it back); the fates' labels are here, in the reader's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from arena.engine.campaign.facts import Fate, MatchFacts, MemberFacts, SideFacts
from arena.engine.campaign.injuries import Thumbs
from arena.engine.campaign.results import ResultKind

__all__ = [
    "FATE_LABELS",
    "Fate",
    "MatchFacts",
    "MemberFacts",
    "SideFacts",
    "broken_to_json",
    "facts_of",
    "side_from_json",
    "sides_to_json",
]


FATE_LABELS: Mapping[Fate, Promise] = MappingProxyType(
    {Fate.UNHURT: _("Unhurt"), Fate.WOUNDED: _("Wounded"), Fate.DEAD: _("Dead")}
)


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
