"""Refusals with a page: 403, 404 and 500 in the site's layout and the reader's language, saying why
and linking back; a league action by a stranger is refused before its form is read."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from campaigns.models import Fixture
from campaigns.services.fixtures import fixtures_generate
from tests.campaigns.factories import LeagueFactory, enter_teams
from tests.factories import UserFactory
from viadal_site.views import permission_denied

pytestmark = pytest.mark.django_db


@pytest.fixture
def league():
    league = LeagueFactory()
    enter_teams(league, 2)
    return league


def in_layout(html: str) -> bool:
    return 'id="site-menu"' in html and 'id="error-page"' in html and 'id="language-switcher"' in html


def test_a_stranger_generating_fixtures_is_refused_before_the_missing_date(client, league):
    client.force_login(UserFactory())
    url = reverse("campaigns:generate", args=[league.pk])
    back = "http://testserver" + reverse("campaigns:fixtures", args=[league.pk])
    response = client.post(url, {"start": "", "interval_days": ""}, HTTP_REFERER=back)
    html = response.content.decode()
    assert response.status_code == 403 and in_layout(html)
    assert "You may not do this" in html and "Only the league&#x27;s organiser may do this." in html
    assert f'href="{back}" id="error-back"' in html
    assert "Give a valid date" not in html and not league.fixtures.exists()


def test_a_refusal_reads_in_hungarian(client, league):
    client.force_login(UserFactory())
    client.cookies["django_language"] = "hu"
    html = client.post(reverse("campaigns:generate", args=[league.pk]), {}).content.decode()
    assert '<html lang="hu">' in html and "Ezt nem teheted meg" in html
    assert "Ezt csak a liga szervezője teheti meg." in html


def test_a_stranger_rescheduling_or_recording_a_forfeit_is_refused_first(client, league):
    [fixture] = fixtures_generate(league=league, actor=league.organiser)
    client.force_login(UserFactory())
    assert client.post(reverse("campaigns:reschedule", args=[fixture.pk]), {"scheduled_for": "x"}).status_code == 403
    assert client.post(reverse("campaigns:forfeit", args=[fixture.pk]), {"side": "home"}).status_code == 403
    assert Fixture.objects.get(pk=fixture.pk).status == Fixture.Status.SCHEDULED


def test_a_dispute_by_a_stranger_is_refused_before_its_reason_is_read(client, league):
    [fixture] = fixtures_generate(league=league, actor=league.organiser)
    client.force_login(UserFactory())
    response = client.post(reverse("campaigns:dispute", args=[fixture.pk]), {"reason": "x" * 5000})
    assert response.status_code == 403


def test_an_anonymous_reader_is_offered_the_login(client):
    request = client.get(reverse("home")).wsgi_request
    html = permission_denied(request, PermissionDenied("No.")).content.decode()
    assert reverse("login") in html and "log in" in html and "No." in html


def test_a_missing_page_has_the_layout_and_says_so_without_the_models_english(client):
    response = client.get(reverse("campaigns:league", args=[999999]))
    html = response.content.decode()
    assert response.status_code == 404 and in_layout(html)
    assert "There is no such page" in html and "matches the given query" not in html
    assert 'id="error-reason"' not in html and 'id="error-back"' not in html
    assert client.get("/no/such/address/").status_code == 404


def test_the_apps_own_reason_for_a_404_is_shown(client):
    league = LeagueFactory(format="knockout")
    html = client.get(reverse("campaigns:standings-csv", args=[league.pk])).content.decode()
    assert "A knockout has a bracket, not a table." in html


def test_a_missing_page_reads_in_hungarian(client):
    html = client.get("/nincs-ilyen/", HTTP_ACCEPT_LANGUAGE="hu").content.decode()
    assert '<html lang="hu">' in html and "Nincs ilyen oldal" in html


def test_a_server_error_has_the_layout_and_asks_nothing_of_the_database(client, monkeypatch):
    def fail():
        raise RuntimeError("boom")

    monkeypatch.setattr("campaigns.views.leagues.leagues", fail)
    client.raise_request_exception = False
    client.force_login(UserFactory())
    response = client.get(reverse("campaigns:list"))
    html = response.content.decode()
    assert response.status_code == 500 and 'id="error-page"' in html and 'id="site-menu"' in html
    assert "Something went wrong on our side" in html and "boom" not in html
    assert 'id="inbox-count"' not in html
