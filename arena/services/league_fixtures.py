"""League fixtures played as hosted matches (docs/hosting.md, "League fixtures").

Either player of a scheduled fixture begins its hosted match: both sides field their league
entries' rosters as they stand at that moment (``fixture_fielded_roster``: the campaign roster
under the league's tier and optional rules, hirelings in the places of dead or absent members,
the one-match items bought for the fixture), under the league's round limit and optional rules.
When the engine ends the match, :func:`report_to_league` gives the league its result through the
campaigns app's ``fixture_record_hosted_result``, already confirmed, with the facts the campaign
sequence needs taken from the engine's end state (``match_facts``); the campaign sequence runs in
the same transaction as the last action. A fixture with a hosted match cannot be reported by hand.

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
from arena.engine.campaign.errors import CampaignRuleError
from arena.engine.campaign.injuries import Thumbs
from campaigns.errors import LeagueError
from campaigns.models import Fixture
from campaigns.selectors.match_items import fixture_fielded_roster
from campaigns.services.results import fixture_record_hosted_result

from ..errors import MatchError
from ..models import AWAY, HOME, Match, MatchSeat
from ..runtime.states import state_of
from ..selectors import thumbs_owed_by
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
    played with the physical board and dice, refereed on ``player``'s device (table mode)."""
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
    league = fixture.league
    options: MatchOptions = match_options(round_limit=league.round_limit, optional_rules=league.options)
    try:
        teams = (fixture_fielded_roster(fixture, HOME), fixture_fielded_roster(fixture, AWAY))
        new_match(teams, options)  # the engine judges both rosters under the league's options
    except (LeagueError, ValueError) as error:
        raise MatchError(_("This fixture cannot be played hosted: %(reason)s") % {"reason": error}) from error
    other = away.player if player.pk == home.player_id else home.player
    match = Match.objects.create(
        created_by=player,
        invited=other,
        fixture=fixture,
        round_limit=options.round_limit,
        optional_rules=sorted(options.optional),
        trap_insight=True,
        table_played=table,
    )
    state = begin_match(match, teams, options)
    MatchSeat.objects.create(match=match, seat=HOME, player=home.player, team=home.source_team, team_name=home.name)
    MatchSeat.objects.create(match=match, seat=AWAY, player=away.player, team=away.source_team, team_name=away.name)
    refresh_seats(match, state, acting=None)
    return match


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
    _record_result(fixture, state, None)


def _record_result(fixture: Fixture, state: State, thumbs: Thumbs | None) -> None:
    try:
        fixture_record_hosted_result(fixture=fixture, match_facts=match_facts(state, thumbs=thumbs))
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
    _record_result(fixture, state, Thumbs(thumbs) if thumbs else None)
    return match
