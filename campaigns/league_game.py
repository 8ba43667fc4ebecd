"""Shuluri Viadal's league plug-in (``games.league_protocol``): its team entries, the HR-10 match report, the
HR-10.3 table and the HR-10.5–10.8 campaign sequence, all as this app has always run them.

Every method hands over to the module that has always done the work (``services.reports``'s checks,
``result_facts``, ``selectors.league_tables``, ``services.campaign_sequence``); this module only names them for the
game-neutral machinery, so that a Viadal league works exactly as before.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _

from arena.engine.campaign.gold import starting_treasury
from arena.engine.campaign.league_dice import CampaignDice, RecordedDice, derive_seed
from arena.engine.campaign.standings import TIE_BREAKERS, MatchResult, StandingRow, compute_standings
from arena.engine.roster.point_rules import validate_roster
from common.i18n import problem_text
from games.league_protocol import VIADAL, EntryCopy, register
from teams.models import Team
from teams.selectors import team_to_roster

from .league_errors import LeagueError
from .models import Entry, Fixture, League, MemberRecord, Result
from .result_facts import MatchFacts, facts_of
from .rosters import entry_roster, entry_team_value, for_league


class ViadalLeagues:
    """Shuluri Viadal's part of its leagues (HR-10)."""

    game_id = VIADAL

    def default_settings(self) -> dict[str, Any]:
        return {}  # Viadal's settings are the league's own columns (tier, options, round limit, mode)

    def check_settings(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        if settings:
            raise ValueError(f"Shuluri Viadal has no game settings: {', '.join(sorted(settings))}")
        return {}

    def enterable(self, league: League, player: Any) -> Sequence[tuple[int, str]]:
        teams = Team.objects.filter(owner_id=player.pk, status=Team.Status.READY).order_by("name", "pk")
        return [(team.pk, team.name) for team in teams]

    def entry_copy(self, league: League, player: Any, source_ref: int) -> EntryCopy:
        team = Team.objects.filter(pk=source_ref).first()
        if team is None or team.owner_id != player.pk:
            raise LeagueError(_("You can enter only a team of your own."))
        return self.team_copy(league, team)

    def team_copy(self, league: League, team: Team) -> EntryCopy:
        from .rosters import set_entry_roster

        if not team.is_ready:
            raise LeagueError(_("%(team)s is a draft; mark it ready first.") % {"team": team.name})
        roster = for_league(league, team_to_roster(team))
        problems = validate_roster(roster)
        holder = Entry()
        set_entry_roster(holder, roster)
        return EntryCopy(
            name=team.name,
            document=holder.roster,
            treasury=starting_treasury(roster),
            source_ref=team.pk,
            problems=tuple(p.code for p in problems),
            problem_texts=tuple(f"{p.code}: {problem_text(p)}" for p in problems),
        )

    def entered(self, entry: Entry) -> None:
        MemberRecord.objects.bulk_create(
            MemberRecord(entry=entry, slot=m.slot, name=m.name) for m in entry_roster(entry).members
        )

    def entry_value(self, entry: Entry) -> int:
        return entry_team_value(entry)

    def check_report(self, fixture: Fixture, report: MatchFacts, *, correction: bool = False) -> None:
        from .services.reports import check_viadal_report

        check_viadal_report(fixture, report, correction=correction)

    def fill_result(self, result: Result, report: MatchFacts) -> None:
        from .services.reports import fill_viadal_result

        fill_viadal_result(result, report)

    def report_of(self, result: Result) -> MatchFacts:
        return facts_of(result)

    def match_result(self, fixture: Fixture) -> MatchResult:
        from .selectors.league_tables import viadal_match_result

        return viadal_match_result(fixture)

    def compute_standings(
        self, league_format: Any, entry_ids: list[Any], results: list[MatchResult], seed: int
    ) -> list[StandingRow]:
        return compute_standings(league_format, entry_ids, results, seed)

    def tie_breakers(self, league_format: Any) -> tuple[Any, ...]:
        return TIE_BREAKERS[league_format]

    def dice_for(self, fixture: Fixture) -> CampaignDice:
        return RecordedDice.seeded(derive_seed(fixture.league.dice_seed, "fixture", fixture.pk))

    def run_campaign(self, *, fixture: Fixture, report: MatchFacts | None, dice: CampaignDice | None, log: Any) -> None:
        from .services.campaign_sequence import run_campaign_sequence

        run_campaign_sequence(fixture=fixture, facts=report, dice=dice, log=log)


VIADAL_LEAGUES = ViadalLeagues()
register(VIADAL_LEAGUES)
