"""Issue 17 part 2: a four-player league's fixture (HR-8) played as a hosted match. A seated player
begins it from the table's page; each seat fields its entry's roster in the fixture's seat order
under the league's mode and options; when the engine ends the match the league records the
engine's ``arena_facts``, confirmed, as a hosted result."""

from __future__ import annotations

import pytest
from django.urls import reverse

from arena.engine import action_to_json, legal_actions, seats_to_move, setup_from_json
from arena.engine.agents import AGENTS
from arena.engine.campaign.match_facts import arena_facts
from arena.models import Match, MatchSeat
from arena.play_errors import MatchError
from arena.runtime.states import state_of
from arena.services import match_begin_fixture, match_play
from campaigns.models import ArenaResult, Fixture, League
from campaigns.services.fixtures import fixtures_generate
from tests.arena.hosted import fresh
from tests.campaigns.factories import LeagueFactory, enter_teams
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def a_table(mode: str) -> Fixture:
    league = LeagueFactory(arena_mode=mode, round_limit=12)
    enter_teams(league, 4)
    fixtures_generate(league=league, actor=league.organiser)
    return league.fixtures.order_by("round", "position").first()


def play_out(match: Match) -> Match:
    """Every seat's decisions by the greedy agent's choice, each through its own player's ``match_play``."""
    players = {row.seat: row.player for row in MatchSeat.objects.filter(match=match)}
    for _turn in range(10_000):
        match = fresh(match)
        if match.is_over:
            break
        state = state_of(match)
        seat = seats_to_move(state)[0]
        action = AGENTS["greedy"](f"{match.seed}:{match.version}:{seat}").choose(
            state, seat, legal_actions(state, seat)
        )
        match_play(match=match, player=players[seat], version=match.version, actions=[action_to_json(action)])
    return fresh(match)


def test_a_seated_player_begins_the_tables_hosted_match_in_its_seat_order__hr_8():
    fixture = a_table(League.Mode.PAIRS)
    seats = list(fixture.seats.select_related("entry__player").order_by("seat"))
    with pytest.raises(MatchError, match="Only the players"):
        match_begin_fixture(fixture=fixture, player=UserFactory())
    with pytest.raises(MatchError, match="Table mode is for two players"):
        match_begin_fixture(fixture=fixture, player=seats[0].entry.player, table=True)
    match = match_begin_fixture(fixture=fixture, player=seats[2].entry.player)
    assert match.mode == "pairs" and match.fixture == fixture and match.round_limit == 12
    rows = list(MatchSeat.objects.filter(match=match).order_by("seat").values_list("seat", "player", "team_name"))
    assert rows == [(s.seat, s.entry.player_id, s.entry.name) for s in seats]
    setup = setup_from_json(match.setup)
    assert str(setup.options.mode) == "pairs" and [t.name for t in setup.teams] == [s.entry.name for s in seats]
    with pytest.raises(MatchError, match="begun already"):
        match_begin_fixture(fixture=fixture, player=seats[1].entry.player)


def test_the_table_page_offers_the_hosted_match_and_then_links_it(client):
    fixture = a_table(League.Mode.FFA)
    player = fixture.seats.order_by("seat").first().entry.player
    client.force_login(player)
    page = client.get(reverse("campaigns:table", args=[fixture.pk])).content.decode()
    assert 'id="play-fixture-hosted"' in page
    response = client.post(reverse("play:fixture", args=[fixture.pk]))
    match = Match.objects.get(fixture=fixture)
    assert response.status_code == 302 and response["Location"] == reverse("play:match", args=[match.pk])
    page = client.get(reverse("campaigns:table", args=[fixture.pk])).content.decode()
    assert 'id="hosted-fixture-match"' in page and 'id="play-fixture-hosted"' not in page


@pytest.mark.parametrize("mode", [League.Mode.PAIRS, League.Mode.FFA])
def test_the_ended_match_gives_the_league_the_engines_facts_confirmed__hr_8(mode):
    fixture = a_table(mode)
    match = match_begin_fixture(fixture=fixture, player=fixture.seats.first().entry.player)
    match = play_out(match)
    assert match.status == Match.Status.FINISHED
    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.CONFIRMED
    result = ArenaResult.objects.get(fixture=fixture)
    assert result.hosted and result.confirmed_at is not None
    facts = arena_facts(state_of(match))
    assert [p["place"] for p in result.placings] == [facts.placing(seat).place for seat in range(4)]
