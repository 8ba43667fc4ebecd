"""Issue 13, the lobby: challenges with a ready team and the match options, open or for a named
player, accepted with the other player's ready team; the match then begins as the engine stores it."""

from __future__ import annotations

import pytest
from django.urls import reverse

from arena.engine import is_over, seats_to_move, setup_from_json, view_json
from arena.models import Match, MatchAction, MatchSeat
from arena.play_errors import MatchError
from arena.runtime.states import state_of
from arena.services import match_accept, match_create, match_withdraw
from teams.models import Character, Team
from tests.arena.hosted import begin, first, legal, play
from tests.factories import TeamFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_a_challenge_with_a_ready_team_waits_for_any_opponent(players):
    match = match_create(creator=players.home, team=players.home_team, round_limit=16)
    assert match.status == Match.Status.OPEN and match.invited is None and match.setup is None
    assert match.round_limit == 16 and match.trap_insight
    assert list(match.seats.values_list("seat", "player", "team_name")) == [
        (0, players.home.pk, players.home_team.name)
    ]


def test_the_seed_is_secret_and_different_for_every_match(players):
    seeds = {match_create(creator=players.home, team=players.home_team, round_limit=20).seed for _ in range(3)}
    assert len(seeds) == 3 and all(len(seed) == 32 for seed in seeds)


def test_only_a_ready_team_of_ones_own_may_challenge(players):
    players.home_team.status = Team.Status.DRAFT
    players.home_team.save()
    with pytest.raises(MatchError, match="draft"):
        match_create(creator=players.home, team=players.home_team, round_limit=20)
    with pytest.raises(MatchError, match="your own teams"):
        match_create(creator=players.home, team=players.away_team, round_limit=20)
    assert not Match.objects.exists()


@pytest.mark.parametrize("limit", [11, 31])
def test_the_round_limit_is_the_engines_to_check__hr_10_1(players, limit):
    with pytest.raises(MatchError, match="12-30"):
        match_create(creator=players.home, team=players.home_team, round_limit=limit)


def test_a_team_built_for_an_optional_rule_the_match_does_not_use_is_refused__hr_7(players):
    players.home_team.options = ["opt_crowd_favour"]
    players.home_team.save()
    with pytest.raises(MatchError, match="HR-7"):
        match_create(creator=players.home, team=players.home_team, round_limit=20)
    match = match_create(
        creator=players.home, team=players.home_team, round_limit=20, optional_rules=["opt_crowd_favour"]
    )
    assert match.optional_rules == ["opt_crowd_favour"]


def test_accepting_begins_the_match_with_both_rosters_as_they_are_then(players):
    match = begin(players)
    setup = setup_from_json(match.setup)
    assert [team.name for team in setup.teams] == ["Vasfarkasok", "Ködlovagok"]
    assert setup.seed == match.seed and setup.options.round_limit == 12
    assert match.status == Match.Status.SETUP and match.version == 0
    deal = MatchAction.objects.get(match=match, seq=0)
    assert deal.action is None and deal.seat is None and deal.events[0]["type"] == "DiceRolled"
    assert [s.to_move for s in MatchSeat.objects.filter(match=match)] == [True, True]  # secrets: both at once
    # a later change to the team does not touch the match
    Character.objects.filter(team=players.home_team).update(name="Renamed")
    assert view_json(state_of(match), 0)["characters"][0]["name"] == "Gladiator"


def test_an_invitation_is_for_the_named_player_only(players):
    match = match_create(creator=players.home, team=players.home_team, round_limit=20, invited=players.away)
    stranger = UserFactory()
    team = TeamFactory(owner=stranger, status=Team.Status.READY)
    with pytest.raises(MatchError, match="another player"):
        match_accept(match=match, player=stranger, team=team)
    match_accept(match=match, player=players.away, team=players.away_team)
    assert Match.objects.get(pk=match.pk).status == Match.Status.SETUP


def test_nobody_accepts_his_own_challenge_or_a_taken_one(players):
    match = match_create(creator=players.home, team=players.home_team, round_limit=20)
    with pytest.raises(MatchError, match="your own"):
        match_accept(match=match, player=players.home, team=players.home_team)
    match_accept(match=match, player=players.away, team=players.away_team)
    late = UserFactory()
    with pytest.raises(MatchError, match="no longer open"):
        match_accept(match=match, player=late, team=TeamFactory(owner=late, status=Team.Status.READY))


def test_a_challengers_team_that_became_a_draft_cannot_be_accepted(players):
    match = match_create(creator=players.home, team=players.home_team, round_limit=20)
    players.home_team.status = Team.Status.DRAFT
    players.home_team.save()
    with pytest.raises(MatchError, match="no longer ready"):
        match_accept(match=match, player=players.away, team=players.away_team)
    assert Match.objects.get(pk=match.pk).status == Match.Status.OPEN


def test_the_challenger_withdraws_an_open_challenge(players):
    match = match_create(creator=players.home, team=players.home_team, round_limit=20)
    with pytest.raises(MatchError):
        match_withdraw(match=match, player=players.away)
    match_withdraw(match=match, player=players.home)
    assert Match.objects.get(pk=match.pk).status == Match.Status.WITHDRAWN


def _insight(team: Team, cards: int) -> None:
    Character.objects.filter(team=team, slot="strategist").update(trap_cards_drawn=cards)


def test_with_trap_insight_on_a_strategist_draws_what_his_team_paid_for__hr_9_5(players):
    _insight(players.home_team, 5)
    match = begin(players, trap_insight=True, dice=[9, 3])  # the home side wins the side roll
    assert setup_from_json(match.setup).teams[0].member("strategist").trap_cards_drawn == 5
    for seat in (0, 1):
        for kind, char in (("AssignMeToken", "crossbowman"), ("AssignMeToken", "deasta")):
            while first_kind(match, seat) == "AssignAmulet":
                match = play(match, players, legal(match, seat)[0])
            match = play(match, players, first(legal(match, seat), kind, char=f"{seat}.{char}"))
    assert seats_to_move(state_of(match)) == (0,)
    match = play(match, players, first(legal(match, 0), "ChooseRole", role="first"))
    pending = view_json(state_of(match), 0)["pending"]
    assert pending == {"kind": "trap_insight", "seat": 0, "char": "0.strategist", "extra": 2}
    assert len(first(legal(match, 0), "KeepTraps").cards) == 3


def first_kind(match: Match, seat: int) -> str:
    return type(legal(match, seat)[0]).__name__


def test_with_trap_insight_off_every_strategist_draws_3(players):
    _insight(players.home_team, 5)
    match = begin(players, trap_insight=False)
    assert setup_from_json(match.setup).teams[0].member("strategist").trap_cards_drawn == 3
    assert not is_over(state_of(match))


def test_the_lobby_makes_a_challenge_and_lists_matches_by_what_they_wait_for(client, players):
    client.force_login(players.home)
    response = client.post(
        reverse("play:lobby"),
        {"team": players.home_team.pk, "round_limit": 14, "trap_insight": "on", "invite": ""},
    )
    match = Match.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse("play:invite", args=[match.invite_token])
    html = client.get(reverse("play:lobby")).content.decode()
    assert "Your challenges, waiting for an opponent" in html and "open challenge" in html
    client.force_login(players.away)
    html = client.get(reverse("play:lobby")).content.decode()
    assert "Challenges you may accept" in html and "round limit 14" in html
    response = client.post(reverse("play:accept", args=[match.pk]), {"team": players.away_team.pk})
    assert response["Location"] == reverse("play:match", args=[match.pk])
    html = client.get(reverse("play:lobby")).content.decode()
    assert 'id="matches-your_move"' in html and "Ködlovagok – Vasfarkasok" in html  # his team first


def test_the_lobby_refuses_an_unknown_player_to_invite(client, players):
    client.force_login(players.home)
    response = client.post(
        reverse("play:lobby"), {"team": players.home_team.pk, "round_limit": 20, "invite": "nobody-here"}
    )
    assert response.status_code == 200 and "There is no player called nobody-here." in response.content.decode()
    assert not Match.objects.exists()


def test_the_challenge_page_lets_the_invited_player_accept(client, players):
    match = match_create(creator=players.home, team=players.home_team, round_limit=20, invited=players.away)
    client.force_login(players.home)
    html = client.get(reverse("play:invite", args=[match.invite_token])).content.decode()
    assert "Withdraw the challenge" in html and f'hx-get="/play/{match.pk}/poll/?v=-1"' in html
    client.force_login(players.away)
    html = client.get(reverse("play:invite", args=[match.invite_token])).content.decode()
    assert "Accept the challenge" in html
    client.logout()
    html = client.get(reverse("play:invite", args=[match.invite_token])).content.decode()
    assert "Log in to accept it." in html
