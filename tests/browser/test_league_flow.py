"""A league in a real browser: the organiser sets it up, two players enter their teams, the fixtures
are generated, a result is reported and confirmed in the fixture's row, and the table shows it."""

from __future__ import annotations

import pytest

from campaigns.models import Fixture
from teams.models import Team
from tests.browser.actions import create_league, enter_team, log_in, log_out
from tests.factories import TeamFactory, UserFactory

pytestmark = pytest.mark.browser


def test_organiser_creates_a_league_players_join_report_and_confirm_and_the_table_shows_it(
    live_server, transactional_db, page, artifacts
):
    UserFactory(username="organiser")
    for username, team_name in (("aurelia", "Aurelia's Lions"), ("balint", "Bálint's Bears")):
        TeamFactory(owner=UserFactory(username=username), name=team_name, status=Team.Status.READY)

    log_in(page, live_server, "organiser")
    league = create_league(page, live_server, "Shulur Spring League", "Spring 2025")
    log_out(page)

    enter_team(page, live_server, league, "aurelia", "Aurelia's Lions")
    enter_team(page, live_server, league, "balint", "Bálint's Bears")

    log_in(page, live_server, "organiser")
    page.goto(f"{live_server.url}/leagues/{league.pk}/fixtures/")
    page.click("text=Generate fixtures")
    page.wait_for_selector(".fixture[data-status=scheduled]")
    fixture = Fixture.objects.get()
    log_out(page)

    home, away = fixture.home, fixture.away
    log_in(page, live_server, home.player.username)
    page.goto(f"{live_server.url}/leagues/{league.pk}/fixtures/")
    page.evaluate("window.fixturesMarker = 'same page'")
    page.click(f"#fixture-{fixture.pk} >> text=Report result")
    page.wait_for_selector("#report-form")
    page.check("#id_result-home_result_0")  # the home team won: Victory
    page.fill("#id_result-rounds_played", "14")
    page.fill("#id_result-home_score", "23")
    page.fill("#id_result-away_score", "3")
    page.select_option("#id_away-gladiator-fate", "dead")
    page.fill("#id_away-gladiator-final_ep", "-2")
    page.check("#id_home-gladiator-gladiators_destroyed")
    page.screenshot(path=str(artifacts / "league-report-form.png"), full_page=True)
    page.click("#report-form >> text=Report the result")
    page.wait_for_selector(f"#fixture-{fixture.pk}[data-status=reported]")
    assert page.evaluate("window.fixturesMarker") == "same page"  # swapped in place, never reloaded
    log_out(page)

    log_in(page, live_server, away.player.username)
    page.goto(f"{live_server.url}/leagues/{league.pk}/fixtures/")
    page.click(f"#fixture-{fixture.pk} >> text=Confirm")
    page.wait_for_selector(f"#fixture-{fixture.pk}[data-status=confirmed]")
    assert page.text_content(f"#fixture-{fixture.pk} .fixture-score").strip() == "23–3"

    page.click("#league-tabs >> text=Standings")
    page.wait_for_selector("#standings")
    first = page.locator("#standings tbody tr").nth(0)
    second = page.locator("#standings tbody tr").nth(1)
    assert first.get_attribute("data-entry") == str(home.pk)
    assert first.locator("[data-points]").text_content() == "3"
    assert second.locator("[data-points]").text_content() == "0"
    assert page.locator("#tie-break-chain li").count() == 7
    page.screenshot(path=str(artifacts / "league-standings.png"), full_page=True)

    page.goto(f"{live_server.url}/leagues/fixtures/{fixture.pk}/")
    assert page.text_content("#match-score").strip() == "23 – 3"
    # The fallen gladiator's injury roll comes first; a lasting injury (HR-10.5) adds its own d10s.
    rolls = page.locator("#campaign-sequence [data-kind=roll]")
    assert rolls.count() >= 1
    assert "d10" in rolls.nth(0).text_content()
    assert page.locator("#audit-trail li").count() == 2  # reported, confirmed
    page.screenshot(path=str(artifacts / "league-match-report.png"), full_page=True)

    page.goto(f"{live_server.url}/leagues/entries/{away.pk}/")
    page.wait_for_selector("#kronika")
    assert page.text_content("[data-slot=gladiator] [data-status]") in {
        "Dead",
        "Absent, 1 match",
        "Absent, 2 matches",
        "Active",
    }
    page.screenshot(path=str(artifacts / "league-campaign-sheet.png"), full_page=True)
    page.emulate_media(media="print")
    assert page.locator("#record-actions").is_hidden() and page.locator("nav").is_hidden()
    page.screenshot(path=str(artifacts / "league-campaign-sheet-print.png"), full_page=True)
