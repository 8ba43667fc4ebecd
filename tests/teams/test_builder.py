"""The edit page: forms from the engine's data, every change saved and checked at once under htmx."""

from __future__ import annotations

import pytest
from django.urls import reverse

from arena.engine.content.common import Role, Stat
from arena.engine.content.points import stat_rules
from arena.engine.content.profiles import GLADIATOR, LAEVA, STRATEGIST, WITCH_MASTER
from arena.engine.content.skills import skills_for_role
from teams.models import Character, Team
from teams.services import team_mark_ready
from tests.factories import TeamFactory, UserFactory
from tests.teams.helpers import team_post_data

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
TB_02_AT_201 = "Team value is 201 points but the Standard budget is 200. Remove 1 points."


@pytest.fixture
def team(client):
    owner = UserFactory()
    client.force_login(owner)
    return TeamFactory(owner=owner, name="Iron Wolves")


def edit_url(team: Team) -> str:
    return reverse("teams:edit", args=[team.pk])


def test_the_page_has_a_form_per_member_with_the_engine_ranges_and_skills(client, team):
    response = client.get(edit_url(team))

    builder = response.context["builder"]
    assert [form.prefix for form in builder.member_forms] == [
        GLADIATOR,
        WITCH_MASTER,
        "crossbowman",
        "deasta",
        LAEVA,
        STRATEGIST,
    ]
    gladiator = builder.member_forms[0]
    ep = stat_rules(GLADIATOR, "armoured")[Stat.EP]
    attrs = gladiator["ep"].field.widget.attrs
    assert (attrs["min"], attrs["max"]) == (str(ep.minimum), str(ep.maximum))
    laeva = builder.member_forms[4]
    assert [value for value, _ in laeva.fields["skills"].choices] == [
        s.id for s in skills_for_role(Role.DAGGER_THROWER)
    ]
    assert "skills" not in builder.member_forms[5].fields  # the strategist has none to choose
    html = response.content.decode()
    assert f'hx-post="{edit_url(team)}"' in html and 'hx-trigger="change"' in html
    assert f'action="{edit_url(team)}"' in html


def test_an_htmx_change_answers_with_the_editor_partial_new_points_and_the_budget_problem(client, team):
    response = client.post(edit_url(team), team_post_data(team, **{"gladiator-ep": 21}), headers=HTMX)

    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="team-editor"')
    assert "<html" not in html and "navbar" not in html
    assert 'id="points-total">201<' in html and 'id="points-left">-1<' in html
    assert html.count(TB_02_AT_201) == 3  # in the problem list, on the team card and read out
    assert Character.objects.get(team=team, slot=GLADIATOR).ep == 21


def test_a_problem_is_shown_beside_the_field_it_concerns(client, team):
    data = team_post_data(team, **{f"{LAEVA}-skills": ["sneaking", "hiding"], f"{LAEVA}-ammo_throwing_daggers": 7})

    response = client.post(edit_url(team), data, headers=HTMX)

    laeva = response.context["builder"].member_forms[4]
    placed = {name: [p.code for p in problems] for name, problems in laeva.board.by_field.items() if problems}
    assert placed == {"skills": ["TB-07"], "ammo_throwing_daggers": ["TB-17"]}  # off the step of 2, in range
    assert [p.code for p in response.context["report"].problems] == ["TB-07", "TB-17"]


def test_over_a_members_cap_shows_on_his_card(client, team):
    data = team_post_data(team, **{"strategist-ep": 14, "strategist-trap_cards_drawn": 5})

    response = client.post(edit_url(team), data, headers=HTMX)

    strategist = response.context["builder"].member_forms[5]
    assert [p.code for p in strategist.board.general] == ["TB-05"]
    assert "The strategist costs 27 points; at most 24 (12% of 200) is allowed." in response.content.decode()


def test_a_broken_team_is_saved_as_a_draft(client, team):
    client.post(edit_url(team), team_post_data(team, **{"team-tier": "rookie", "deasta-ep": 12}), headers=HTMX)

    team.refresh_from_db()
    assert (team.tier, team.status) == ("rookie", Team.Status.DRAFT)
    assert Character.objects.get(team=team, slot="deasta").ep == 12


def test_breaking_a_ready_team_makes_it_a_draft_and_says_so(client, team):
    team_mark_ready(team=team)

    response = client.post(edit_url(team), team_post_data(team, **{"gladiator-ep": 21}), headers=HTMX)

    assert Team.objects.get(pk=team.pk).status == Team.Status.DRAFT
    assert "This team was ready. The change breaks 1 rule," in response.content.decode()


def test_an_invalid_form_rerenders_with_status_200_and_saves_nothing(client, team):
    data = team_post_data(team, **{"gladiator-ep": "lots", "team-name": "New"})

    response = client.post(edit_url(team), data, headers=HTMX)

    assert response.status_code == 200
    assert "Enter a whole number." in response.content.decode()
    team.refresh_from_db()
    assert (team.name, Character.objects.get(team=team, slot=GLADIATOR).ep) == ("Iron Wolves", 20)


def test_without_htmx_a_save_redirects_back_to_the_builder(client, team):
    response = client.post(edit_url(team), team_post_data(team, **{"team-name": "Iron Wolves II"}))

    assert response.status_code == 302
    assert response["Location"] == edit_url(team)
    assert Team.objects.get(pk=team.pk).name == "Iron Wolves II"


def test_the_vial_field_appears_when_its_optional_rule_is_on(client, team):
    client.post(edit_url(team), team_post_data(team, **{"team-options": ["opt_potion"]}), headers=HTMX)

    response = client.get(edit_url(team))

    forms = {form.prefix: form for form in response.context["builder"].member_forms}
    assert [value for value, _ in forms[GLADIATOR].fields["vial"].choices] == ["", "potion"]
    assert "vial" not in forms[STRATEGIST].fields


def test_the_pile_keeps_its_order_and_takes_a_second_copy_for_a_pair(client, team):
    client.post(edit_url(team), team_post_data(team, **{"gladiator-pile_sabre": 2}), headers=HTMX)

    pile = Character.objects.get(team=team, slot=GLADIATOR).pile
    assert pile == ["short_sword", "shield", "halberd", "greatsword", "sabre", "sabre"]
