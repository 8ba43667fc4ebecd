"""Four-seat league fixtures (HR-8) played as hosted matches.

Any of the four seated players begins the fixture's hosted match: each seat fields its league
entry's roster as it stands then (the campaign roster under the league's tier and optional rules,
hirelings in the places of dead or absent members, the one-match items bought for the fixture),
in the league's mode, round limit and optional rules, in the fixture's seat order. When the engine
ends the match, the league records ``arena_facts(state)`` through the campaigns app's
``record_arena_result``, already confirmed, and runs the campaign sequence for all four teams in the
same transaction as the last action. There are no thumbs at a table of four: the result is recorded
as the match ends.

Locks: ``match_begin_four_fixture`` runs inside ``match_begin_fixture`` (the fixture row locked);
``report_four_to_league`` inside ``match_play`` (the match row locked), and the campaigns service
then locks the league, the four entries and the fixture.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.utils.translation import gettext as _

from arena.engine import State, new_match
from arena.engine.campaign.hirelings import fielded_roster
from arena.engine.campaign.match_facts import arena_facts
from arena.engine.campaign.match_items import equip_for_match
from arena.engine.campaign.rule_error import CampaignRuleError
from arena.engine.roster import Roster
from campaigns.bought_items import items_from_json
from campaigns.league_errors import LeagueError
from campaigns.models import Entry, Fixture
from campaigns.rosters import entry_roster, for_league
from campaigns.selectors.fixture_items import preparation_of
from campaigns.services.arena_results import record_arena_result

from ..models import Match, MatchSeat
from ..play_errors import MatchError
from .lobby import begin_match, match_options
from .seats import refresh_seats


def seat_fielded_roster(fixture: Fixture, entry: Entry) -> Roster:
    """The roster ``entry`` takes to its seat, as ``fixture_fielded_roster`` fields a side's."""
    roster = fielded_roster(for_league(fixture.league, entry_roster(entry)))
    prep = preparation_of(fixture, entry)
    if prep is None or prep.consumed:
        return roster
    return equip_for_match(roster, [bought.item for bought in items_from_json(prep.items)])


def match_begin_four_fixture(*, fixture: Fixture, player: User, table: bool) -> Match:
    """The four-seat fixture's hosted match, begun at once. Requires the fixture row locked and
    checked scheduled, without a hosted match, by the caller."""
    if table:
        raise MatchError(_("Table mode is for two players: play a four-seat fixture hosted, or report it."))
    seats = list(fixture.seats.select_related("entry__player", "entry__source_team").order_by("seat"))
    if [s.seat for s in seats] != [0, 1, 2, 3]:
        raise MatchError(_("This fixture has no table of four."))
    if player.pk not in {s.entry.player_id for s in seats}:
        raise MatchError(_("Only the players of this fixture may begin its hosted match."))
    league = fixture.league
    options = match_options(round_limit=league.round_limit, optional_rules=league.options, mode=league.mode)
    try:
        teams = tuple(seat_fielded_roster(fixture, s.entry) for s in seats)
        new_match(teams, options)  # the engine judges the four rosters under the league's options
    except (LeagueError, ValueError) as error:
        raise MatchError(_("This fixture cannot be played hosted: %(reason)s") % {"reason": error}) from error
    match = Match.objects.create(
        created_by=player,
        mode=league.mode,
        fixture=fixture,
        round_limit=options.round_limit,
        optional_rules=sorted(options.optional),
        trap_insight=True,
    )
    state = begin_match(match, teams, options)
    for s in seats:
        MatchSeat.objects.create(
            match=match, seat=s.seat, player=s.entry.player, team=s.entry.source_team, team_name=s.entry.name
        )
    refresh_seats(match, state, acting=None)
    return match


def report_four_to_league(fixture: Fixture, state: State) -> None:
    """The engine ended a four-seat fixture's match: the league records its facts, confirmed."""
    try:
        record_arena_result(fixture=fixture, facts=arena_facts(state))
    except (LeagueError, CampaignRuleError, ValueError) as error:
        raise MatchError(_("The league refused this match's result: %(reason)s") % {"reason": error}) from error
