"""A four-seat match's facts (:class:`~arena.engine.campaign.four_player_facts.ArenaFacts`) onto the
``ArenaResult`` model and back, and the numbers no four-seat match can produce.

A table report (the four-seat report form) and a hosted match (the engine's ``arena_facts``) both
produce ``ArenaFacts``; ``arena_result_fill`` stores it, ``arena_facts_of`` reads it back.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from django.utils.translation import gettext

from arena.engine.campaign.four_player_facts import ArenaFacts, SeatPlacing
from arena.engine.campaign.results import ResultKind
from arena.engine.match.words import ArenaMode

from .league_bounds import ARENA_SEAT_SCORE_MAX, EP_MAX, FIGHTERS_MAX, FINAL_EP_MIN
from .models import ArenaResult
from .result_facts import enemy_deeds_out_of_bounds, member_to_json, side_from_json

SEAT_KEYS = ("0", "1", "2", "3")


def _placing_to_json(placing: SeatPlacing) -> dict[str, Any]:
    data = dataclasses.asdict(placing)
    data["result"] = placing.result.value if placing.result else None
    return data


def _placing_from_json(data: dict[str, Any]) -> SeatPlacing:
    result = data.get("result")
    return SeatPlacing(**{**data, "result": ResultKind(result) if result else None})


def arena_result_fill(result: ArenaResult, facts: ArenaFacts) -> None:
    """Write ``facts`` on ``result`` (not saved)."""
    result.rounds_played = facts.rounds_played
    result.placings = [_placing_to_json(p) for p in sorted(facts.placings, key=lambda p: p.seat)]
    result.members = {
        key: {slot: member_to_json(m) for slot, m in side.members.items()}
        for key, side in zip(SEAT_KEYS, facts.sides, strict=True)
    }
    result.broken = {key: list(side.broken) for key, side in zip(SEAT_KEYS, facts.sides, strict=True) if side.broken}
    result.notes = facts.notes


def arena_facts_of(result: ArenaResult, mode: ArenaMode) -> ArenaFacts:
    """The facts a stored ``ArenaResult`` holds, in its league's ``mode``."""
    members, broken = result.members or {}, result.broken or {}
    placings = tuple(_placing_from_json(p) for p in result.placings)
    sides = tuple(side_from_json(members.get(key), broken.get(key)) for key in SEAT_KEYS)
    return ArenaFacts(mode, result.rounds_played, placings, sides, result.notes)  # type: ignore[arg-type]


def arena_out_of_bounds(facts: ArenaFacts) -> str | None:
    """Why ``facts`` hold a number no four-seat match can produce, in the reader's language; None
    if none. The report form bounds each field the same; this guards the hosted way in."""
    fighters_max = FIGHTERS_MAX * facts.mode.enemy_teams  # per enemy team
    for placing in facts.placings:
        if not 0 <= placing.arena_score <= ARENA_SEAT_SCORE_MAX:
            return gettext("An arena score is 0 to %(most)s (HR-10.1), not %(score)s.") % {
                "most": ARENA_SEAT_SCORE_MAX,
                "score": placing.arena_score,
            }
    for side in facts.sides:
        for member in side.members.values():
            if not FINAL_EP_MIN <= member.final_ep <= EP_MAX or not 0 <= member.fighters_killed <= fighters_max:
                return gettext(
                    "A member ends on %(low)s to %(high)s Ép and kills 0 to %(most)s non-gladiators (HR-10.1, HR-10.5)."
                ) % {"low": FINAL_EP_MIN, "high": EP_MAX, "most": fighters_max}
        if side.fighters_killed > fighters_max:
            text = gettext("This side killed %(kills)s non-gladiators in all; the enemy has only %(most)s (HR-10.1).")
            return text % {"kills": side.fighters_killed, "most": fighters_max}
        refusal = enemy_deeds_out_of_bounds(side, facts.mode.enemy_teams)
        if refusal:
            return refusal
    return None
