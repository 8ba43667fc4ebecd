"""A result's notes and a dispute's reason are bounded like a team's notes (NOTES_MAX_LENGTH)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from arena.engine.campaign.results import ResultKind
from campaigns.models import Fixture
from campaigns.services.fixtures import fixtures_generate
from campaigns.services.reports import fixture_report_result
from teams.models import NOTES_MAX_LENGTH
from tests.campaigns.factories import LeagueFactory, enter_teams
from tests.campaigns.helpers import facts
from tests.campaigns.test_pages import HTMX, report_data

pytestmark = pytest.mark.django_db
TOO_LONG = "x" * (NOTES_MAX_LENGTH + 1)


def scheduled_fixture() -> Fixture:
    league = LeagueFactory()
    enter_teams(league, 2)
    return fixtures_generate(league=league, actor=league.organiser)[0]


def test_result_notes_over_the_limit_are_refused_with_a_clear_message(client):
    fixture = scheduled_fixture()
    client.force_login(fixture.home.player)

    response = client.post(
        reverse("campaigns:report", args=[fixture.pk]), report_data(fixture, **{"result-notes": TOO_LONG}), headers=HTMX
    )

    assert "At most 5000 characters, please: this text has 5001." in response.content.decode()
    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.SCHEDULED


def test_a_dispute_reason_over_the_limit_is_refused_with_a_clear_message(client):
    fixture = scheduled_fixture()
    fixture_report_result(fixture=fixture, actor=fixture.home.player, facts=facts(ResultKind.VICTORY, 18, 4))
    client.force_login(fixture.away.player)

    response = client.post(reverse("campaigns:dispute", args=[fixture.pk]), {"reason": TOO_LONG}, headers=HTMX)

    assert "At most 5000 characters, please: this text has 5001." in response.content.decode()
    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.REPORTED
    client.post(reverse("campaigns:dispute", args=[fixture.pk]), {"reason": "It was a draw."}, headers=HTMX)
    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.DISPUTED
