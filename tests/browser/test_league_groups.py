"""Groups, then knockout in a real browser: the organiser creates the league with two groups, players
enter their teams, the group stage is generated, results are reported and confirmed, and once every
group match is final the organiser starts the knockout stage; the league page shows the groups, their
tables and the bracket."""

from __future__ import annotations

import pytest

from arena.engine.campaign.results import ResultKind
from campaigns.models import Entry, Fixture, League
from teams.models import Team
from tests.browser.actions import create_league, enter_team, log_in, log_out
from tests.campaigns.factories import enter_team as enter_team_directly
from tests.campaigns.helpers import facts, play
from tests.factories import TeamFactory, UserFactory

pytestmark = pytest.mark.browser


def test_organiser_runs_groups_then_knockout_and_the_league_page_shows_groups_and_bracket(
    live_server, transactional_db, page, artifacts
):
    UserFactory(username="organiser")
    for username, team_name in (("aurelia", "Aurelia's Lions"), ("balint", "Bálint's Bears")):
        TeamFactory(owner=UserFactory(username=username), name=team_name, status=Team.Status.READY)

    log_in(page, live_server, "organiser")
    league = create_league(page, live_server, "Shulur Cup", "Summer 2025", format="groups_knockout", group_count="2")
    assert league.format == League.Format.GROUPS_KNOCKOUT and league.group_count == 2
    log_out(page)

    enter_team(page, live_server, league, "aurelia", "Aurelia's Lions")
    enter_team(page, live_server, league, "balint", "Bálint's Bears")
    for name in ("Cassia's Crows", "Dénes's Dogs", "Emese's Eagles", "Fulvia's Foxes"):
        enter_team_directly(league, name=name)  # the other four players, entered the same way by the service

    log_in(page, live_server, "organiser")
    page.goto(f"{live_server.url}/leagues/{league.pk}/")
    assert "drawn into 2 groups" in page.text_content("#groups-planned")
    page.goto(f"{live_server.url}/leagues/{league.pk}/fixtures/")
    page.click("text=Generate fixtures")
    page.wait_for_selector(".fixture[data-status=scheduled]")
    assert page.locator(".fixture [data-group=A]").count() == 6  # 3 matches and 3 byes in a group of 3
    assert page.locator(".fixture [data-group=B]").count() == 6
    log_out(page)

    # one group match reported and confirmed in the browser, the others by the same services
    fixture = Fixture.objects.filter(status=Fixture.Status.SCHEDULED).order_by("round", "position").first()
    home, away = fixture.home, fixture.away
    log_in(page, live_server, home.player.username)
    page.goto(f"{live_server.url}/leagues/{league.pk}/fixtures/")
    page.click(f"#fixture-{fixture.pk} >> text=Report result")
    page.wait_for_selector("#report-form")
    page.check("#id_result-home_result_0")  # Victory
    page.fill("#id_result-rounds_played", "11")
    page.fill("#id_result-home_score", "20")
    page.fill("#id_result-away_score", "4")
    page.click("#report-form >> text=Report the result")
    page.wait_for_selector(f"#fixture-{fixture.pk}[data-status=reported]")
    log_out(page)
    log_in(page, live_server, away.player.username)
    page.goto(f"{live_server.url}/leagues/{league.pk}/fixtures/")
    page.click(f"#fixture-{fixture.pk} >> text=Confirm")
    page.wait_for_selector(f"#fixture-{fixture.pk}[data-status=confirmed]")
    assert "Start the knockout stage" not in page.content()  # a player never starts it
    log_out(page)
    for other in Fixture.objects.filter(status=Fixture.Status.SCHEDULED).select_related("home__player", "away__player"):
        home_wins = other.home_id < other.away_id
        play(other, facts(ResultKind.VICTORY, 16, 6) if home_wins else facts(ResultKind.DEFEAT, 6, 16))

    log_in(page, live_server, "organiser")
    page.goto(f"{live_server.url}/leagues/{league.pk}/fixtures/")
    page.click("#generate-button >> text=Start the knockout stage")
    page.wait_for_selector("#round-4")
    assert "Semi final" in page.text_content("#round-4 .card-header")
    semis = list(Fixture.objects.filter(round=4).order_by("position"))
    assert len(semis) == 2 and all(f.group is None for f in semis)
    groups = dict(Entry.objects.values_list("pk", "group"))
    assert all(groups[f.home_id] != groups[f.away_id] for f in semis)  # no group meets itself first

    page.click("#league-tabs >> text=League")
    page.wait_for_selector("#bracket")
    assert page.locator("#groups .group").count() == 2
    assert page.locator("#groups [data-qualifies]").count() == 4
    assert page.locator("#bracket .bracket-round").count() == 2  # semi finals, final
    assert page.locator("#bracket .bracket-round").nth(0).locator(".bracket-tie").count() == 2
    assert page.locator("#bracket .bracket-round").nth(1).text_content().count("to be decided") == 2
    page.screenshot(path=str(artifacts / "league-groups-knockout.png"), full_page=True)

    page.click("#league-tabs >> text=Standings")
    page.wait_for_selector("#standings-A")
    assert page.locator("#standings-B tbody tr").count() == 3
    page.screenshot(path=str(artifacts / "league-groups-standings.png"), full_page=True)
