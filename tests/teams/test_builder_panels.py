"""The builder's panels written in Python (teams/builder_panels.py): what each says in each state,
in both languages, with every value escaped."""

from __future__ import annotations

import pytest
from django.test import RequestFactory
from django.urls import reverse
from django.utils import translation

from teams.builder_panels import announcement, points_panel, problems_panel, status_panel
from teams.models import Team
from teams.selectors import team_report
from teams.services import team_update
from tests.factories import TeamFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def request_():  # type: ignore[no-untyped-def]
    return RequestFactory().get("/")


def test_a_valid_draft_offers_mark_ready_and_says_its_points(request_):
    team = TeamFactory(name="Iron Wolves")
    report = team_report(team)

    status = status_panel(request_, team, report, None)

    assert 'id="team-status"' in status and "hx-swap-oob" not in status
    assert 'data-status="draft"' in status and ">Draft</span>" in status
    assert (
        f'action="{reverse("teams:mark-ready", args=[team.pk])}"' in status and 'name="csrfmiddlewaretoken"' in status
    )
    assert "Points 200 / 200 · left 0" in status and "is-over" not in status
    points = points_panel(report, oob=True)
    assert 'id="points-summary" hx-swap-oob="true"' in points
    assert '<td class="text-end" id="points-total">200</td>' in points and "table-danger" not in points
    assert 'id="team-valid"' in problems_panel(report)
    assert announcement(report) == '<div id="builder-announcement" hx-swap-oob="innerHTML">Valid, 200 points.</div>'


def test_a_change_that_breaks_a_ready_team_says_so_everywhere(request_):
    team = TeamFactory(name="Iron Wolves", status=Team.Status.READY)
    edit = team_update(team=team, member_changes={"gladiator": {"ep": 21}})
    report = team_report(team, edit.problems, edit.costs)

    status = status_panel(request_, team, report, edit, oob=True)

    assert 'id="back-to-draft"' in status
    assert "This team was ready. The change breaks 1 rule, so it is a draft again." in status
    assert "Fix the problems below to mark it ready." in status and "disabled" in status
    assert "Points 201 / 200 · left -1" in status and "is-over" in status
    assert '<span class="badge text-bg-danger ms-1">1</span>' in status
    assert '<tr class="fw-bold table-danger">' in points_panel(report)
    rules = problems_panel(report)
    assert 'data-code="TB-02"' in rules and "Remove 1 points." in rules
    assert announcement(report).endswith(
        ">1 rule broken: Team value is 201 points but the Standard budget is 200. Remove 1 points.</div>"
    )


def test_a_ready_team_offers_back_to_draft_and_a_fixed_draft_is_offered_ready(request_):
    team = TeamFactory(status=Team.Status.READY)
    assert f'action="{reverse("teams:mark-draft", args=[team.pk])}"' in status_panel(
        request_, team, team_report(team), None
    )

    team_update(team=team, member_changes={"gladiator": {"ep": 21}})
    edit = team_update(team=team, member_changes={"gladiator": {"ep": 20}})
    status = status_panel(request_, team, team_report(team, edit.problems, edit.costs), edit)
    assert 'class="alert alert-success py-2 mb-0" id="ready-offer" role="status"' in status
    assert "Saved. The team keeps every rule now: mark it ready to play." in status


def test_names_are_escaped(request_):
    team = TeamFactory()
    team.characters.filter(slot="laeva").update(name="<b>Laeva</b>")
    report = team_report(Team.objects.get(pk=team.pk))

    points = points_panel(report)

    assert "&lt;b&gt;Laeva&lt;/b&gt;" in points and "<b>Laeva" not in points


def test_the_panels_speak_hungarian(request_):
    team = TeamFactory()
    edit = team_update(team=team, member_changes={"gladiator": {"ep": 21}})
    report = team_report(team, edit.problems, edit.costs)
    with translation.override("hu"):
        status, points, rules, said = (
            status_panel(request_, team, report, edit),
            points_panel(report),
            problems_panel(report),
            announcement(report),
        )
    assert "Status:" not in status and "Points" not in points and "Rules" not in rules
    assert "rule broken" not in said
