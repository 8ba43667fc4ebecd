"""League fixtures played as hosted matches (docs/hosting.md, "League fixtures").

Either player of a scheduled fixture begins its hosted match: both sides field their league
entries' rosters as they stand at that moment (``fixture_fielded_roster``: the campaign roster
under the league's tier and optional rules, hirelings in the places of dead or absent members,
the one-match items bought for the fixture), under the league's round limit and optional rules.
When the engine ends the match, :func:`report_to_league` gives the league its result through the
campaigns app's ``fixture_record_hosted_result``, already confirmed, with the facts the campaign
sequence needs taken from the engine's end state (``match_facts``); the campaign sequence runs in
the same transaction as the last action. A fixture with a hosted match cannot be reported by hand.
At the table (one device for both seats) the match begins only when the opponent confirms on his
own device (``match_confirm_table_fixture``) and its result is *reported*, waiting for his
confirmation (``fixture_report_table_result``): a fixture is never played alone.

Locks: ``match_begin_fixture`` locks the fixture row (nothing else is locked; it writes new rows);
``report_to_league`` runs inside ``match_play`` after the match row, and the campaigns service then
locks the league, both entries and the fixture (campaign services never lock a match).
"""

from __future__ import annotations

import logging

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _

from arena.engine import MatchOptions, State, match_facts, new_match
from arena.engine.campaign.injuries import Thumbs
from arena.engine.campaign.rule_error import CampaignRuleError
from arena.engine.roster import Roster
from campaigns.league_errors import LeagueError
from campaigns.models import Fixture
from campaigns.selectors.fixture_items import fixture_fielded_roster
from campaigns.services.reports import fixture_record_hosted_result, fixture_report_table_result

from ..models import AWAY, HOME, Match, MatchSeat
from ..play_errors import MatchError
from ..runtime.states import state_of
from ..selectors import thumbs_owed_by
from .account_limits import check_live, check_start, lock_player
from .league_fixtures_four import match_begin_four_fixture, report_four_to_league
from .lobby import begin_match, match_options
from .seats import refresh_seats, seat_of

log = logging.getLogger(__name__)

TAKEN = (Match.Status.OPEN, Match.Status.SETUP, Match.Status.PLAYING, Match.Status.FINISHED)


def hosted_match_of(fixture: Fixture) -> Match | None:
    """The fixture's hosted match (begun, being played or finished), if any."""
    return Match.objects.filter(fixture=fixture, status__in=TAKEN).first()


@transaction.atomic
def match_begin_fixture(*, fixture: Fixture, player: User, table: bool = False) -> Match:
    """Begin ``fixture``'s hosted match now, at the request of one of its two players. ``table``:
    played with the physical board and dice, refereed on ``player``'s device (table mode). Locks the
    player's user row (``account_limits``), then the fixture row."""
    check_start(player, open_challenge=table, live=not table)
    fixture = (
        Fixture.objects.select_for_update(of=("self",)).select_related("league", "home", "away").get(pk=fixture.pk)
    )
    if fixture.is_bye:
        raise MatchError(_("A bye is not played."))
    if fixture.is_four_seat:  # a table of four (HR-8): fixtures_four
        if fixture.status != Fixture.Status.SCHEDULED:
            raise MatchError(_("This fixture has a result already."))
        if hosted_match_of(fixture) is not None:
            raise MatchError(_("This fixture's hosted match has begun already."))
        return match_begin_four_fixture(fixture=fixture, player=player, table=table)
    home, away = fixture.home, fixture.away
    assert away is not None
    if player.pk not in (home.player_id, away.player_id):
        raise MatchError(_("Only the two players of this fixture may begin its hosted match."))
    if home.player_id == away.player_id:
        raise MatchError(_("Both teams of this fixture belong to one player: play it at the table and report it."))
    if fixture.status != Fixture.Status.SCHEDULED:
        raise MatchError(_("This fixture has a result already."))
    if hosted_match_of(fixture) is not None:
        raise MatchError(_("This fixture's hosted match has begun already."))
    other = away.player if player.pk == home.player_id else home.player
    league = fixture.league
    match = Match(
        created_by=player,
        invited=other,
        fixture=fixture,
        round_limit=league.round_limit,
        optional_rules=sorted(league.options),
        trap_insight=True,
        table_played=table,
    )
    options = _fixture_options(match)
    if table:  # one device referees both seats: it waits for the opponent to confirm on his own device
        _fixture_teams(fixture, options)  # refused now if it could not begin
        match.save()
        own = HOME if player.pk == home.player_id else AWAY
        entry = home if own == HOME else away
        MatchSeat.objects.create(match=match, seat=own, player=player, team=entry.source_team, team_name=entry.name)
        return match
    match.save()
    return _begin(match, fixture, options)


def _fixture_options(match: Match) -> MatchOptions:
    return match_options(round_limit=match.round_limit, optional_rules=match.optional_rules)


def _fixture_teams(fixture: Fixture, options: MatchOptions) -> tuple[Roster, Roster]:
    """Both sides' league rosters as they stand now, judged by the engine under the league's options."""
    try:
        teams = (fixture_fielded_roster(fixture, HOME), fixture_fielded_roster(fixture, AWAY))
        new_match(teams, options)
    except (LeagueError, ValueError) as error:
        raise MatchError(_("This fixture cannot be played hosted: %(reason)s") % {"reason": error}) from error
    return teams


def _begin(match: Match, fixture: Fixture, options: MatchOptions) -> Match:
    """The fixture's match begins: the rosters as they stand now, every seat filled."""
    home, away = fixture.home, fixture.away
    assert away is not None
    state = begin_match(match, _fixture_teams(fixture, options), options)
    for seat, entry in ((HOME, home), (AWAY, away)):
        MatchSeat.objects.update_or_create(
            match=match,
            seat=seat,
            defaults={"player": entry.player, "team": entry.source_team, "team_name": entry.name},
        )
    refresh_seats(match, state, acting=None)
    return match


@transaction.atomic
def match_confirm_table_fixture(*, match: Match, player: User) -> Match:
    """The opponent confirms, on his own device, that the fixture is played at the table on the
    other player's device: the match begins. Its result will reach the league as reported by the
    device's player, waiting for this player's confirmation (docs/hosting.md, "Fair play").

    Locks: the player's user row (``account_limits``), the match row, then the fixture row (the order of
    ``match_play``: match, then league)."""
    if player.is_authenticated:
        lock_player(player)
        check_live(player)
    match = Match.objects.select_for_update().get(pk=match.pk)
    if match.fixture_id is None or not match.table_played:
        raise MatchError(_("This is not a league fixture's match at the table."))
    if match.status != Match.Status.OPEN:
        raise MatchError(_("This match is no longer waiting for a confirmation."))
    if not player.is_authenticated or player.pk != match.invited_id:
        raise PermissionDenied(_("Only the fixture's opponent confirms the match at the table."))
    fixture = (
        Fixture.objects.select_for_update(of=("self",))
        .select_related("league", "home", "away")
        .get(pk=match.fixture_id)
    )
    if fixture.status != Fixture.Status.SCHEDULED:
        raise MatchError(_("This fixture has a result already."))
    return _begin(match, fixture, _fixture_options(match))


def report_to_league(match: Match, state: State) -> None:
    """The engine ended ``match``, a league fixture's: the league records the result, confirmed, and
    runs the campaign sequence. Called inside ``match_play``'s transaction (the match row locked)."""
    if match.fixture_id is None:
        raise ValueError(f"match {match.pk} is not a league fixture's")
    fixture = Fixture.objects.get(pk=match.fixture_id)
    if fixture.status != Fixture.Status.SCHEDULED:  # the organiser recorded it meanwhile (a forfeit)
        log.warning("match %s ended, but fixture %s is %s already: not reported", match.pk, fixture.pk, fixture.status)
        return
    if match.four_seats:
        report_four_to_league(fixture, state)
        return
    if thumbs_owed_by(match, state) is not None:
        return  # the winner shows his thumbs on the match page first (match_thumbs)
    _record_result(match, fixture, state, None)


def _record_result(match: Match, fixture: Fixture, state: State, thumbs: Thumbs | None) -> None:
    """Online, the match reports itself, confirmed; at the table one device entered every die and
    acted for both seats, so its result is reported by the device's player and waits for the
    opponent's confirmation or dispute, like a hand report."""
    facts = match_facts(state, thumbs=thumbs)
    try:
        if match.table_played:
            fixture_report_table_result(fixture=fixture, reporter=match.created_by, match_facts=facts)
        else:
            fixture_record_hosted_result(fixture=fixture, match_facts=facts)
    except (LeagueError, CampaignRuleError, ValueError) as error:
        raise MatchError(_("The league refused this match's result: %(reason)s") % {"reason": error}) from error


@transaction.atomic
def match_thumbs(*, match: Match, player: User, thumbs: str) -> Match:
    """The winner's verdict over the fallen enemy gladiator (HR-10.5): ``up``, ``down`` or ``""``
    (none shown); then the league records the result, confirmed, and the campaign sequence runs.
    Locks: the match row, then (the campaigns service) the league, both entries, the fixture."""
    match = Match.objects.select_for_update().get(pk=match.pk)
    if match.status != Match.Status.FINISHED or match.fixture_id is None:
        raise MatchError(_("No thumbs are owed in this match."))
    fixture = Fixture.objects.get(pk=match.fixture_id)
    if fixture.status != Fixture.Status.SCHEDULED:
        raise MatchError(_("The league has this match's result already."))
    state = state_of(match)
    owed = thumbs_owed_by(match, state)
    if owed is None:
        raise MatchError(_("No thumbs are owed in this match."))
    device = match.table_played and player.is_authenticated and player.pk == match.created_by_id
    if not device and seat_of(match, player).seat != owed:
        raise PermissionDenied(_("Only the winner shows his thumbs."))
    if thumbs not in ("", *Thumbs):
        raise MatchError(_("Thumbs up, thumbs down, or none shown."))
    _record_result(match, fixture, state, Thumbs(thumbs) if thumbs else None)
    return match
