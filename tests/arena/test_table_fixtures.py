"""Issue 28, item 2: a league fixture is never played alone. Its match at the table (one device acts for
both seats and enters every die) begins only when the opponent confirms on his own device; its result
reaches the league as *reported* by the device's player and waits for the opponent's confirmation or
dispute, like a hand report; nobody concedes for another player's seat."""

from __future__ import annotations

import random

import pytest
from django.core.exceptions import PermissionDenied
from django.test import Client
from django.urls import reverse

from arena.engine import action_to_json, legal_actions
from arena.models import AWAY, HOME, Match
from arena.play_errors import MatchError
from arena.runtime.states import state_of
from arena.services import match_begin_fixture, match_confirm_table_fixture, match_play
from campaigns.models import Fixture
from campaigns.services.fixtures import fixtures_generate
from campaigns.services.reports import fixture_dispute_result, fixture_report_result
from tests.arena.hosted import fresh, through_the_table_set_up
from tests.campaigns.factories import LeagueFactory, enter_teams
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def fixture() -> Fixture:
    league = LeagueFactory(round_limit=12)
    enter_teams(league, 2)
    return fixtures_generate(league=league, actor=league.organiser)[0]


def _into_the_first_round(match: Match, device) -> Match:
    return through_the_table_set_up(match, device, random.Random(5))


def _concede(match: Match, seat: int) -> dict:
    return action_to_json(next(a for a in legal_actions(state_of(fresh(match)), seat) if type(a).__name__ == "Concede"))


def test_the_match_at_the_table_waits_for_the_opponent_and_nobody_else_confirms(fixture):
    holder, opponent = fixture.home.player, fixture.away.player
    match = match_begin_fixture(fixture=fixture, player=holder, table=True)
    assert match.status == Match.Status.OPEN and match.setup is None and match.invited == opponent
    with pytest.raises(MatchError):  # nothing can be played before the confirmation
        match_play(match=match, player=holder, version=0, actions=[{"type": "EndStep", "seat": 0}])
    for someone in (holder, UserFactory(), fixture.league.organiser):
        with pytest.raises(PermissionDenied):
            match_confirm_table_fixture(match=match, player=someone)
    with pytest.raises(MatchError, match="begun already"):  # one match per fixture, waiting or not
        match_begin_fixture(fixture=fixture, player=opponent, table=True)
    match = match_confirm_table_fixture(match=match, player=opponent)
    assert match.status == Match.Status.SETUP and {s.seat: s.player for s in match.seats.all()} == {
        HOME: holder,
        AWAY: opponent,
    }
    with pytest.raises(MatchError, match="no longer waiting"):
        match_confirm_table_fixture(match=match, player=opponent)


def test_the_device_cannot_concede_for_the_opponent_but_the_opponent_can_concede_his_own_seat(fixture):
    holder, opponent = fixture.home.player, fixture.away.player
    match = match_confirm_table_fixture(
        match=match_begin_fixture(fixture=fixture, player=holder, table=True), player=opponent
    )
    match = _into_the_first_round(match, holder)
    with pytest.raises(PermissionDenied, match="another player's seat"):
        match_play(match=match, player=holder, version=match.version, actions=[_concede(match, AWAY)])
    with pytest.raises(PermissionDenied, match="another player's seat"):
        match_play(match=match, player=opponent, version=match.version, actions=[_concede(match, HOME)])
    with pytest.raises(PermissionDenied, match="device at the table"):  # the opponent's device plays nothing else
        match_play(match=match, player=opponent, version=match.version, actions=[{"type": "EndStep", "seat": AWAY}])
    match_play(match=match, player=opponent, version=fresh(match).version, actions=[_concede(match, AWAY)])
    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.REPORTED and fixture.result.reported_by == holder
    assert fixture.result.hosted and fixture.result.home_result == "victory" and fixture.result.confirmed_by is None


def test_the_opponent_disputes_the_result_of_the_table_and_the_organiser_settles_it(fixture):
    holder, opponent = fixture.home.player, fixture.away.player
    match = match_confirm_table_fixture(
        match=match_begin_fixture(fixture=fixture, player=holder, table=True), player=opponent
    )
    match = _into_the_first_round(match, holder)
    match_play(match=match, player=holder, version=match.version, actions=[_concede(match, HOME)])
    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.REPORTED
    fixture_dispute_result(fixture=fixture, actor=opponent, reason="Not the dice we rolled.")
    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.DISPUTED


def test_a_waiting_match_blocks_a_hand_report_until_it_is_withdrawn(fixture):
    from arena.services import match_withdraw
    from tests.campaigns.helpers import facts as victory_facts

    holder = fixture.home.player
    match = match_begin_fixture(fixture=fixture, player=holder, table=True)
    with pytest.raises(Exception, match="hosted match"):
        fixture_report_result(fixture=fixture, actor=holder, facts=victory_facts())
    match_withdraw(match=match, player=holder)
    fixture_report_result(fixture=fixture, actor=holder, facts=victory_facts())


def test_the_pages_ask_the_opponent_to_confirm_and_tell_strangers_nothing(fixture):
    holder, opponent = fixture.home.player, fixture.away.player
    client = Client()
    client.force_login(holder)
    response = client.post(reverse("play:fixture", args=[fixture.pk]), {"table": "1"})
    match = Match.objects.get(fixture=fixture)
    assert response.url == reverse("play:invite", args=[match.invite_token])
    stranger = Client()
    stranger.force_login(UserFactory())
    assert stranger.get(reverse("play:match", args=[match.pk])).status_code == 404
    assert Client().get(reverse("play:match", args=[match.pk])).status_code == 404
    other = Client()
    other.force_login(opponent)
    page = other.get(reverse("play:match", args=[match.pk]), follow=True).content.decode()
    assert 'id="confirm-table"' in page
    response = other.post(reverse("play:accept", args=[match.pk]))
    assert response.url == reverse("play:match", args=[match.pk]) and fresh(match).status == Match.Status.SETUP


def test_an_invitations_match_page_redirects_only_its_two_players_to_the_link__issue_28():
    from arena.services import match_create
    from teams.models import Team
    from tests.factories import TeamFactory

    team = TeamFactory(status=Team.Status.READY)
    invited, stranger = UserFactory(), UserFactory()
    match = match_create(creator=team.owner, team=team, round_limit=12, invited=invited)
    url, link = reverse("play:match", args=[match.pk]), reverse("play:invite", args=[match.invite_token])
    assert Client().get(url).status_code == 404
    for user, expected in ((stranger, 404), (invited, 302), (team.owner, 302)):
        client = Client()
        client.force_login(user)
        response = client.get(url)
        assert response.status_code == expected and (expected == 404 or response.url == link)
    open_to_all = match_create(creator=team.owner, team=team, round_limit=12)
    assert Client().get(reverse("play:match", args=[open_to_all.pk])).status_code == 302  # listed publicly anyway
