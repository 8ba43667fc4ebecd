"""Results for the league tests: facts built in one line, and a fixture played to a final result."""

from __future__ import annotations

from types import MappingProxyType

from arena.engine.campaign.injuries import Thumbs
from arena.engine.campaign.league_dice import RecordedDice
from arena.engine.campaign.results import ResultKind
from campaigns.models import Fixture, Result
from campaigns.result_facts import MatchFacts, MemberFacts, SideFacts
from campaigns.services.reports import fixture_confirm_result, fixture_report_result


def side(**members: MemberFacts) -> SideFacts:
    return SideFacts(MappingProxyType(members))


def facts(
    kind: ResultKind = ResultKind.VICTORY,
    home_score: int = 20,
    away_score: int = 0,
    rounds: int = 10,
    home: SideFacts | None = None,
    away: SideFacts | None = None,
    thumbs: Thumbs | None = None,
    notes: str = "",
) -> MatchFacts:
    return MatchFacts(kind, rounds, home_score, away_score, home or SideFacts(), away or SideFacts(), thumbs, notes)


def play(fixture: Fixture, match: MatchFacts | None = None, rolls: tuple[int, ...] = ()) -> Result:
    """The home player reports, the away player confirms; ``rolls`` are the injury dice in order."""
    fixture_report_result(fixture=fixture, actor=fixture.home.player, facts=match or facts())
    return fixture_confirm_result(fixture=fixture, actor=fixture.away.player, dice=RecordedDice.fixed(rolls))
