"""Only the owner reaches a team by its id; the share link shows it to anyone, read-only."""

from __future__ import annotations

import pytest
from django.urls import reverse

from teams.models import Character, Team
from teams.selectors import team_to_roster
from tests.factories import TeamFactory, UserFactory
from tests.teams.helpers import team_post_data

pytestmark = pytest.mark.django_db

OWNER_ONLY = [
    ("get", "teams:detail"),
    ("get", "teams:edit"),
    ("post", "teams:edit"),
    ("get", "teams:delete"),
    ("post", "teams:delete"),
    ("get", "teams:export"),
    ("post", "teams:mark-ready"),
    ("post", "teams:mark-draft"),
    ("post", "teams:copy"),
]


@pytest.fixture
def team():
    return TeamFactory(name="Iron Wolves")


@pytest.mark.parametrize(("method", "url_name"), OWNER_ONLY)
def test_another_player_gets_404_and_the_team_is_unchanged(client, team, method, url_name):
    before = (team_to_roster(team), team.status, Team.objects.count(), Character.objects.count())
    client.force_login(UserFactory())
    data = team_post_data(team, **{"team-name": "Stolen", "gladiator-ep": 24}) if method == "post" else None

    response = getattr(client, method)(reverse(url_name, args=[team.pk]), data)

    assert response.status_code == 404
    team = Team.objects.get(pk=team.pk)
    assert (team_to_roster(team), team.status, Team.objects.count(), Character.objects.count()) == before


@pytest.mark.parametrize(("method", "url_name"), OWNER_ONLY)
def test_anonymous_visitors_are_sent_to_log_in(client, team, method, url_name):
    url = reverse(url_name, args=[team.pk])
    response = getattr(client, method)(url)
    assert response.status_code == 302
    assert response["Location"] == f"{reverse('login')}?next={url}"


@pytest.mark.parametrize("url_name", ["teams:list", "teams:create", "teams:import"])
def test_the_builder_pages_need_a_login(client, url_name):
    response = client.get(reverse(url_name))
    assert response["Location"] == f"{reverse('login')}?next={reverse(url_name)}"


def test_the_share_link_shows_the_team_to_anyone_without_a_way_to_change_it(client, team):
    url = reverse("teams:share", args=[team.share_token])

    response = client.get(url)

    html = response.content.decode()
    assert response.status_code == 200
    assert "Iron Wolves" in html and "Shared team, read-only" in html
    assert html.count('class="card character-sheet') == 6
    for url_name in ("teams:edit", "teams:delete", "teams:export", "teams:mark-ready", "teams:copy"):
        assert reverse(url_name, args=[team.pk]) not in html


def test_the_share_link_refuses_writes(client, team):
    client.force_login(UserFactory())
    data = team_post_data(team, **{"team-name": "Stolen"})
    response = client.post(reverse("teams:share", args=[team.share_token]), data)
    assert response.status_code == 405
    assert Team.objects.get(pk=team.pk).name == "Iron Wolves"


def test_an_unknown_share_token_is_404(client):
    response = client.get(reverse("teams:share", args=["00000000-0000-4000-8000-000000000000"]))
    assert response.status_code == 404
