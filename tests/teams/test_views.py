"""The team pages for their owner: list, create, copy, delete, ready/draft, export, share."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from arena.engine.content.points import DEFAULT_TIER
from arena.engine.content.profiles import GLADIATOR
from arena.engine.roster.teamfile import loads
from quests import services as quest_services
from teams.models import Character, Team
from teams.selectors import team_to_roster
from teams.services import team_update
from tests.factories import TeamFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def player(client):
    user = UserFactory()
    client.force_login(user)
    return user


def test_list_shows_only_your_teams_with_tier_status_and_points(client, player):
    mine = TeamFactory(owner=player, name="Iron Wolves", tier="veteran")
    TeamFactory(name="Someone else's team")

    response = client.get(reverse("teams:list"))

    assert [team for team, _ in response.context["rows"]] == [mine]
    html = response.content.decode()
    assert "Iron Wolves" in html and "Someone else&#x27;s team" not in html
    assert "Veteran" in html and "Draft" in html
    assert "200 / 225" in html


@pytest.mark.parametrize("count", [1, 5])
def test_team_list_needs_the_same_queries_for_any_number_of_teams(client, player, django_assert_num_queries, count):
    TeamFactory.create_batch(count, owner=player)
    # session, user, teams, and all their characters in one prefetch; the player's warbands and quest
    # parties (the other games' sections, games.registry); the header's "waiting on you" count (two)
    with django_assert_num_queries(8):
        response = client.get(reverse("teams:list"))
    assert len(response.context["rows"]) == count


@pytest.mark.parametrize("count", [1, 5])
def test_the_team_list_shows_the_players_quest_parties_in_fixed_queries(
    client, player, django_assert_num_queries, count
):
    parties = [quest_services.party_create(player, f"Party {n}") for n in range(count)]
    quest_services.party_create(UserFactory(), "Someone else's party")
    TeamFactory(owner=player)
    with django_assert_num_queries(8):  # the same as without parties: one query lists them all
        response = client.get(reverse("teams:list"))
    sections = {game.id: things for game, things in response.context["others"]}
    assert [thing.name for thing in sections["quest"]] == [party.name for party in parties]
    html = response.content.decode()
    assert 'data-game="quest"' in html and "Your parties" in html
    for party in parties:
        assert f'href="{reverse("quests:party", args=[party.pk])}"' in html
    assert "Someone else" not in html


def test_the_team_list_has_no_quest_section_for_a_player_without_parties(client, player):
    response = client.get(reverse("teams:list"))
    assert [game.id for game, _ in response.context["others"]] == ["warband"]
    assert 'data-game="quest"' not in response.content.decode()


def test_create_from_the_base_team_opens_the_builder(client, player):
    response = client.post(reverse("teams:create"), {"name": "Iron Wolves", "tier": "champion"})

    team = Team.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("teams:edit", args=[team.pk])
    assert (team.owner, team.name, team.tier, team.characters.count()) == (player, "Iron Wolves", "champion", 6)


def test_create_form_offers_the_engine_tiers_with_their_budgets(client, player):
    html = client.get(reverse("teams:create")).content.decode()
    for label in ("Rookie · 200 points", "Veteran · 225 points", "Champion · 250 points"):
        assert label in html


def test_copy_makes_a_draft_copy_and_opens_it(client, player):
    team = TeamFactory(owner=player, name="Iron Wolves")

    response = client.post(reverse("teams:copy", args=[team.pk]))

    copy = Team.objects.exclude(pk=team.pk).get()
    assert response["Location"] == reverse("teams:edit", args=[copy.pk])
    assert (copy.owner, copy.name, copy.characters.count()) == (player, "Copy of Iron Wolves", 6)


def test_delete_asks_first_then_deletes(client, player):
    team = TeamFactory(owner=player, name="Iron Wolves")
    url = reverse("teams:delete", args=[team.pk])

    confirm = client.get(url)
    assert confirm.status_code == 200
    assert "Delete Iron Wolves?" in confirm.content.decode()
    assert Team.objects.count() == 1

    response = client.post(url)
    assert response["Location"] == reverse("teams:list")
    assert (Team.objects.count(), Character.objects.count()) == (0, 0)


def test_mark_ready_and_back_to_draft(client, player):
    team = TeamFactory(owner=player)

    response = client.post(reverse("teams:mark-ready", args=[team.pk]), follow=True)
    team.refresh_from_db()
    assert team.status == Team.Status.READY
    assert f"{team.name} is ready to play." in response.content.decode()

    client.post(reverse("teams:mark-draft", args=[team.pk]))
    team.refresh_from_db()
    assert team.status == Team.Status.DRAFT


def test_mark_ready_of_a_broken_team_is_refused_and_the_problems_are_listed(client, player):
    team = TeamFactory(owner=player, name="Iron Wolves")
    team_update(team=team, member_changes={GLADIATOR: {"ep": 21}})

    response = client.post(reverse("teams:mark-ready", args=[team.pk]), follow=True)

    team.refresh_from_db()
    assert team.status == Team.Status.DRAFT
    html = response.content.decode()
    assert "Iron Wolves stays a draft: it breaks 1 rule, listed below." in html
    assert "Team value is 201 points but the Standard budget is 200. Remove 1 points." in html


def test_export_downloads_the_team_file(client, player):
    team = TeamFactory(owner=player, name="Iron Wolves of Pécs")

    response = client.get(reverse("teams:export", args=[team.pk]))

    assert response["Content-Type"] == "application/json"
    assert response["Content-Disposition"] == 'attachment; filename="team-iron-wolves-of-pecs.json"'
    assert json.loads(response.content)["name"] == "Iron Wolves of Pécs"
    assert loads(response.content.decode()) == team_to_roster(team)


def test_team_page_shows_the_share_link_points_and_character_sheets(client, player):
    team = TeamFactory(owner=player)

    html = client.get(reverse("teams:detail", args=[team.pk])).content.decode()

    assert f"http://testserver/teams/share/{team.share_token}/" in html
    assert 'id="points-total">200<' in html
    assert 'id="character-sheets"' in html
    assert html.count('class="card character-sheet') == 6


def test_a_new_team_starts_in_the_default_tier(client, player):
    form = client.get(reverse("teams:create")).context["form"]
    assert form["tier"].value() == DEFAULT_TIER
