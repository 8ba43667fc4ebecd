"""Issue 15, item 6: league fixtures played hosted. Either player begins the fixture's match with
both entries' rosters as they stand (``fixture_fielded_roster``) under the league's options; when
the engine ends it, the league records the result, confirmed, with the engine's facts, and the
campaign sequence runs: standings and both teams' campaign records change exactly as a reported
and confirmed result with the same facts changes them. A fixture played hosted cannot also be
reported by hand."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.db import transaction
from django.test import Client
from django.urls import reverse

from arena.engine import action_to_json, is_over, legal_actions, match_facts, seats_to_move
from arena.engine.roster.teamfile import roster_to_document
from arena.models import AWAY, HOME, Match
from arena.play_errors import MatchError
from arena.runtime.states import state_of
from arena.services import match_begin_fixture, match_claim_forfeit, match_play
from campaigns.league_errors import LeagueError
from campaigns.models import CampaignEvent, Entry, Fixture
from campaigns.selectors.fixture_items import fixture_fielded_roster
from campaigns.selectors.league_tables import league_standings
from campaigns.services.fixtures import fixtures_generate
from campaigns.services.reports import fixture_confirm_result, fixture_report_result
from tests.arena.hosted import fresh
from tests.campaigns.factories import LeagueFactory, enter_teams
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def fixture() -> Fixture:
    league = LeagueFactory(round_limit=12)
    enter_teams(league, 2)
    return fixtures_generate(league=league, actor=league.organiser)[0]


def _player(fixture: Fixture, seat: int) -> Any:
    return (fixture.home if seat == HOME else fixture.away).player


def play_to_the_end(match: Match, fixture: Fixture, seed: int = 3, steps: int = 200) -> Match:
    """Random legal actions by both players, then the seat to move concedes (if still going)."""
    rng = random.Random(seed)
    for _ in range(steps):
        match = fresh(match)
        state = state_of(match)
        if is_over(state):
            return match
        seat = seats_to_move(state)[0]
        choices = [a for a in legal_actions(state, seat) if type(a).__name__ != "Concede"]
        match_play(
            match=match,
            player=_player(fixture, seat),
            version=match.version,
            actions=[action_to_json(rng.choice(choices))],
        )
    match = fresh(match)
    state = state_of(match)
    if not is_over(state):
        seat = seats_to_move(state)[0]
        concede = next(a for a in legal_actions(state, seat) if type(a).__name__ == "Concede")
        match_play(match=match, player=_player(fixture, seat), version=match.version, actions=[action_to_json(concede)])
    return fresh(match)


def snapshot(fixture: Fixture) -> dict[str, Any]:
    """What a result changes in the league: standings, both entries' campaign records, the campaign log."""
    league = fixture.league
    skip = {"id", "created", "created_at"}
    return {
        "standings": [(line.entry.pk, line.row) for line in league_standings(league).lines],
        "entries": list(
            Entry.objects.filter(league=league).order_by("pk").values("pk", "roster", "treasury", "broken")
        ),
        "events": [
            {k: v for k, v in row.items() if k not in skip}
            for row in CampaignEvent.objects.filter(league=league).order_by("seq").values()
        ],
        "fixture": Fixture.objects.filter(pk=fixture.pk).values("status", "campaign_done").get(),
    }


def test_either_player_begins_the_fixtures_match_with_the_entries_as_they_stand(fixture):
    match = match_begin_fixture(fixture=fixture, player=fixture.away.player)
    assert match.fixture == fixture and match.status == Match.Status.SETUP
    assert match.round_limit == fixture.league.round_limit and match.optional_rules == sorted(fixture.league.options)
    seats = {s.seat: s for s in match.seats.all()}
    assert (seats[HOME].player, seats[AWAY].player) == (fixture.home.player, fixture.away.player)
    assert (seats[HOME].team_name, seats[AWAY].team_name) == (fixture.home.name, fixture.away.name)
    setup = state_of(match).setup
    for seat in (HOME, AWAY):
        assert roster_to_document(setup.teams[seat]) == roster_to_document(fixture_fielded_roster(fixture, seat))


def test_only_the_fixtures_players_begin_it_and_only_once(fixture):
    with pytest.raises(MatchError, match="Only the two players"):
        match_begin_fixture(fixture=fixture, player=UserFactory())
    match_begin_fixture(fixture=fixture, player=fixture.home.player)
    with pytest.raises(MatchError, match="begun already"):
        match_begin_fixture(fixture=fixture, player=fixture.away.player)
    assert Match.objects.count() == 1


def test_a_fixture_played_hosted_cannot_be_reported_by_hand(fixture):
    match = match_begin_fixture(fixture=fixture, player=fixture.home.player)
    from tests.campaigns.helpers import facts

    with pytest.raises(LeagueError, match="played as a hosted match"):
        fixture_report_result(fixture=fixture, actor=fixture.home.player, facts=facts())
    client = Client()
    client.force_login(fixture.home.player)
    page = client.get(reverse("campaigns:match", args=[fixture.pk])).content.decode()
    assert reverse("play:match", args=[match.pk]) in page and reverse("campaigns:report", args=[fixture.pk]) not in page


def test_a_forfeit_claim_is_the_organisers_in_a_league_fixture(fixture, settings):
    settings.VIADAL_MATCH_CLAIM_AFTER = 0
    match = match_begin_fixture(fixture=fixture, player=fixture.home.player)
    with pytest.raises(MatchError, match="organiser"):
        match_claim_forfeit(match=match, player=fixture.home.player, version=match.version)


def test_the_end_reports_to_the_league_as_a_confirmed_report_with_the_same_facts_would(fixture):
    before = snapshot(fixture)
    with transaction.atomic():
        match = play_to_the_end(match_begin_fixture(fixture=fixture, player=fixture.home.player), fixture)
        assert match.status == Match.Status.FINISHED
        facts = match_facts(state_of(match))
        fixture.refresh_from_db()
        assert fixture.status == Fixture.Status.CONFIRMED and fixture.campaign_done
        assert fixture.result.hosted and fixture.result.confirmed_at is not None
        hosted = snapshot(fixture)
        transaction.set_rollback(True)  # the same fixture again, reported by hand this time
    fixture.refresh_from_db()
    assert snapshot(fixture) == before and fixture.status == Fixture.Status.SCHEDULED
    fixture_report_result(fixture=fixture, actor=fixture.home.player, facts=facts)
    fixture_confirm_result(fixture=fixture, actor=fixture.away.player)
    reported = snapshot(fixture)
    assert hosted == reported
    assert hosted != before  # the result counted: points, treasury, the campaign log


def test_the_fixture_page_begins_the_hosted_match(fixture):
    client = Client()
    client.force_login(fixture.away.player)
    page = client.get(reverse("campaigns:match", args=[fixture.pk])).content.decode()
    assert 'id="play-fixture-hosted"' in page
    response = client.post(reverse("play:fixture", args=[fixture.pk]))
    match = Match.objects.get(fixture=fixture)
    assert response.status_code == 302 and response.url == reverse("play:match", args=[match.pk])
    outsider = Client()
    outsider.force_login(UserFactory())
    assert outsider.post(reverse("play:fixture", args=[fixture.pk])).status_code == 302
    assert Match.objects.filter(fixture=fixture).count() == 1


def test_the_winner_shows_his_thumbs_before_the_league_records_a_fallen_gladiator(fixture):
    from tests.arena.script import DICE, SCRIPT, chosen

    match = match_begin_fixture(fixture=fixture, player=fixture.home.player)
    Match.objects.filter(pk=match.pk).update(dice_script=DICE)  # the scripted match: the away gladiator falls
    for step in SCRIPT:
        match = fresh(match)
        match_play(
            match=match, player=_player(fixture, step.seat), version=match.version, actions=[chosen(match, step)]
        )
    match = fresh(match)
    fixture.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.winner_seat == HOME
    assert fixture.status == Fixture.Status.SCHEDULED  # waiting for the winner's thumbs
    winner, loser = Client(), Client()
    winner.force_login(fixture.home.player)
    loser.force_login(fixture.away.player)
    page = reverse("play:match", args=[match.pk])
    assert 'id="thumbs-form"' in winner.get(page).content.decode()
    assert 'id="thumbs-form"' not in loser.get(page).content.decode()
    thumbs = reverse("play:thumbs", args=[match.pk])
    assert loser.post(thumbs, {"thumbs": "up"}).status_code == 403
    assert winner.post(thumbs, {"thumbs": "sideways"}).status_code == 422
    assert winner.post(thumbs, {"thumbs": "down"}, headers={"HX-Request": "true"}).status_code == 200
    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.CONFIRMED and fixture.result.thumbs == "down"
    assert CampaignEvent.objects.filter(fixture=fixture, kind="roll", entry=fixture.away, slot="gladiator").exists()
    assert winner.post(thumbs, {"thumbs": "up"}).status_code == 422  # once only
    assert 'id="thumbs-form"' not in winner.get(page).content.decode()
