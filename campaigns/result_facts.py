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
from django.utils.translation import gettext, ngettext
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
    "member_to_json",
    "side_from_json",
    "sides_to_json",
]

from .league_bounds import ARENA_SCORE_MAX, EP_MAX, FIGHTERS_MAX, FINAL_EP_MIN

FATE_LABELS: Mapping[Fate, Promise] = MappingProxyType(
    {Fate.UNHURT: _("Unhurt"), Fate.WOUNDED: _("Wounded"), Fate.DEAD: _("Dead")}
)


def member_to_json(facts: MemberFacts) -> dict[str, Any]:
    return {
        "fate": facts.fate.value,
        "final_ep": facts.final_ep,
        "fighters_killed": facts.fighters_killed,
        "strategists_killed": facts.strategists_killed,
        "gladiators_damaged": facts.gladiators_damaged,
        "gladiators_destroyed": facts.gladiators_destroyed,
        "took_part": facts.took_part,
    }


# results stored before a member's deeds against several enemies were counted held yes/no flags
_FLAGS = {
    "strategist_killed": "strategists_killed",
    "damaged_gladiator": "gladiators_damaged",
    "destroyed_gladiator": "gladiators_destroyed",
}


def _member_from_json(data: Mapping[str, Any]) -> MemberFacts:
    fields: dict[str, Any] = {
        _FLAGS.get(key, key): int(value) if key in _FLAGS else value for key, value in data.items()
    }
    fields["fate"] = Fate(data.get("fate", Fate.UNHURT))
    return MemberFacts(**fields)


def sides_to_json(facts: MatchFacts) -> dict[str, Any]:
    """Both sides as ``Result.members`` stores them."""
    return {
        name: {slot: member_to_json(m) for slot, m in side.members.items()}
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


# --- bounds (issue 11, ``campaigns.league_bounds``) ------------------------------------------------------


def too_many_kills(kills: int) -> str:
    return gettext("This side killed %(kills)s non-gladiators in all; the enemy has only %(most)s (HR-10.1).") % {
        "kills": kills,
        "most": FIGHTERS_MAX,
    }


def one_strategist_killer() -> str:
    return gettext("Only one member can kill the enemy strategist.")


def one_gladiator_destroyer() -> str:
    return gettext("Only one member can destroy the enemy gladiator.")


def too_many_enemies(most: int) -> str:
    """A member's, or a side's, strategists killed or gladiators hurt or destroyed beyond the
    enemies a match holds."""
    return ngettext(
        "This match has %(most)s enemy strategist and gladiator: no more can be killed or hurt.",
        "This match has %(most)s enemy strategists and gladiators: no more can be killed or hurt.",
        most,
    ) % {"most": most}


def enemy_deeds_out_of_bounds(side: SideFacts, enemies: int) -> str | None:
    """Why a side's deeds against the enemy strategists and gladiators are more than ``enemies``
    (1 in a duel, 2 in pairs, 3 in a free-for-all) allow; None if they hold."""
    for member in side.members.values():
        if not all(0 <= n <= enemies for n in _enemy_counts(member)):
            return too_many_enemies(enemies)
    if sum(m.strategists_killed for m in side.members.values()) > enemies:
        return one_strategist_killer() if enemies == 1 else too_many_enemies(enemies)
    if sum(m.gladiators_destroyed for m in side.members.values()) > enemies:
        return one_gladiator_destroyer() if enemies == 1 else too_many_enemies(enemies)
    return None


def _enemy_counts(member: MemberFacts) -> tuple[int, int, int]:
    return member.strategists_killed, member.gladiators_damaged, member.gladiators_destroyed


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
        refusal = enemy_deeds_out_of_bounds(side, 1)
        if refusal:
            return refusal
    return None
