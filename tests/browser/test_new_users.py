"""What a new player and organiser meet, at desktop and phone width (390 px), on the demo data:
"Waiting on you" in the header and its page, a settled result's label, and the refusal pages."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from tests.browser.test_phone_layout import DEMO_PASSWORD, DESKTOP, PHONE, too_wide
from tests.budget import variants

pytestmark = pytest.mark.browser


@pytest.fixture
def world(transactional_db):  # type: ignore[no-untyped-def]
    """The demo: aurelia has reported the fixture still to play, balint has a hosted match waiting on
    his move."""
    from arena.models import Match, MatchSeat
    from campaigns.models import Fixture, League
    from campaigns.services.reports import fixture_report_result
    from tests.campaigns.helpers import facts

    call_command("load_demo", stdout=io.StringIO())
    league = League.objects.get()
    fixture = Fixture.objects.select_related("home__player", "away__player").get(
        league=league, status=Fixture.Status.SCHEDULED
    )
    reporter = fixture.home.player if fixture.home.player.username == "aurelia" else fixture.away.player
    fixture_report_result(fixture=fixture, actor=reporter, facts=facts(home_score=12, away_score=8))
    balint = fixture.away.player if reporter == fixture.home.player else fixture.home.player
    match = Match.objects.create(created_by=balint, status=Match.Status.PLAYING)
    MatchSeat.objects.create(match=match, seat=0, player=balint, team_name="Bálint csapata", to_move=True)
    return {"league": league, "fixture": fixture, "balint": balint}


SCREENS = ["desktop", "phone"]
# Each test at both widths in the thorough run; `make test` reads it at the one it names (tests/budget.py),
# skipped before its fixtures load the demo.
AT_DESKTOP = pytest.mark.parametrize("screen", variants(SCREENS, quick=0), indirect=True)
AT_PHONE = pytest.mark.parametrize("screen", variants(SCREENS, quick=1), indirect=True)


@pytest.fixture
def screen(request, browser):  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport=DESKTOP if request.param == "desktop" else PHONE)
    opened = context.new_page()
    opened.screen_name = request.param
    yield opened
    context.close()


def log_in(page, live_server, username: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", DEMO_PASSWORD)
    page.click("main button[type=submit]")
    page.wait_for_url(f"{live_server.url}/")


def fits(page) -> None:  # type: ignore[no-untyped-def]
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], (page.url, width, too_wide(page))


def shot(page, artifacts, name: str) -> None:  # type: ignore[no-untyped-def]
    page.screenshot(path=str(artifacts / f"{name}-{page.screen_name}.png"), full_page=True)


@AT_DESKTOP
def test_the_header_counts_what_waits_and_the_page_lists_it(live_server, world, screen, artifacts):
    page = screen
    log_in(page, live_server, "balint")
    badge = page.locator("#nav-inbox #inbox-count")
    assert badge.is_visible() and badge.inner_text() == "2"  # seen without opening the phone's menu
    fits(page)
    shot(page, artifacts, "inbox-header")
    page.locator("#nav-inbox").click()
    page.wait_for_url(f"{live_server.url}/accounts/inbox/")
    fits(page)
    confirm = page.locator("#inbox-confirm")
    assert "Results to confirm" in confirm.inner_text() and "aurelia reported it, 12–8" in confirm.inner_text()
    assert page.locator("#inbox-moves").is_visible()
    shot(page, artifacts, "inbox-page")
    confirm.locator("text=Confirm or dispute").click()
    page.wait_for_url(f"{live_server.url}/leagues/fixtures/{world['fixture'].pk}/")
    assert page.locator("#result-story").inner_text().startswith("Reported by aurelia")


@AT_PHONE
def test_the_organiser_settles_a_dispute_from_the_inbox_and_the_result_says_so(live_server, world, screen, artifacts):
    from campaigns.services.reports import fixture_dispute_result

    fixture = world["fixture"]
    fixture_dispute_result(fixture=fixture, actor=world["balint"], reason="The score was 8–12")
    page = screen
    log_in(page, live_server, "organiser")
    assert page.locator("#inbox-count").inner_text() == "1"
    page.goto(f"{live_server.url}/leagues/{world['league'].pk}/")
    assert "1 result is disputed" in page.locator("#disputed-results").inner_text()
    page.locator("#nav-inbox").click()
    settle = page.locator("#inbox-settle")
    assert "The score was 8–12" in settle.inner_text()
    fits(page)
    shot(page, artifacts, "inbox-organiser")
    settle.locator("text=Settle the dispute").first.click()
    page.wait_for_url(f"{live_server.url}/leagues/fixtures/{fixture.pk}/settle/")
    page.locator("main form button[type=submit]").last.click()
    page.wait_for_url(f"{live_server.url}/leagues/fixtures/{fixture.pk}/")
    story = page.locator("#result-story").inner_text()
    assert story == "Reported by aurelia · Disputed, then settled by the organiser", story
    assert "Confirmed by" not in page.locator("#match-head").inner_text()
    fits(page)
    shot(page, artifacts, "settled-result")
    assert not page.locator("#inbox-count").is_visible()  # nothing left


@AT_DESKTOP
def test_a_refusal_and_a_missing_page_have_the_sites_layout(live_server, world, screen, artifacts):
    page = screen
    log_in(page, live_server, "balint")
    league = world["league"].pk
    page.goto(f"{live_server.url}/leagues/{league}/edit/", referer=f"{live_server.url}/leagues/{league}/")
    assert page.locator("#error-page h1").inner_text() == "You may not do this"
    assert "Only the league's organiser may do this." in page.locator("#error-reason").inner_text()
    assert page.locator("#language-switcher").is_visible()
    fits(page)
    shot(page, artifacts, "error-403")
    page.locator("#error-back").click()
    page.wait_for_url(f"{live_server.url}/leagues/{league}/")

    page.goto(f"{live_server.url}/leagues/99999/")
    page.click("#language-switcher button[value=hu]")
    page.wait_for_selector("html[lang=hu]")
    assert page.locator("#error-page h1").inner_text() == "Nincs ilyen oldal"
    fits(page)
    shot(page, artifacts, "error-404-hu")


@AT_PHONE
def test_a_shared_team_is_copied_into_the_readers_list(live_server, world, screen, artifacts):
    from teams.models import Team

    shared = Team.objects.get(owner__username="aurelia")
    page = screen
    page.goto(f"{live_server.url}/teams/share/{shared.share_token}/")
    assert page.locator("#copy-shared-login").is_visible()
    log_in(page, live_server, "balint")
    page.goto(f"{live_server.url}/teams/share/{shared.share_token}/")
    fits(page)
    shot(page, artifacts, "shared-team")
    page.locator("#copy-shared button").click()
    page.wait_for_url(f"{live_server.url}/teams/*/edit/")
    copy = Team.objects.get(owner__username="balint", name=f"Copy of {shared.name}")
    assert page.url.endswith(f"/teams/{copy.pk}/edit/")
    assert f"Copied into your teams as Copy of {shared.name}, a draft." in page.locator("main").inner_text()
    shot(page, artifacts, "shared-team-copied")


@AT_PHONE
def test_the_report_forms_member_fields_can_be_read_and_filled_on_a_phone(
    live_server, transactional_db, screen, artifacts
):
    from campaigns.models import Fixture

    call_command("load_demo", stdout=io.StringIO())
    fixture = Fixture.objects.get(status=Fixture.Status.SCHEDULED)
    page = screen
    log_in(page, live_server, "aurelia")
    page.goto(f"{live_server.url}/leagues/fixtures/{fixture.pk}/report/")
    fits(page)
    final_ep = page.locator(".report-members input[name$=final_ep]").first
    assert final_ep.bounding_box()["width"] >= 80, final_ep.bounding_box()
    kills = page.locator(".report-members input[name$=fighters_killed]").first
    assert kills.bounding_box()["width"] >= 80
    if page.screen_name == "phone":  # each field says what it is, beside it
        cell = page.locator(".report-members td[data-label]").nth(1)
        assert "Ép at the end (if dead)" in cell.get_attribute("data-label")
        assert page.locator(".report-members thead").first.is_hidden()
    shot(page, artifacts, "report-form")


def test_the_builder_on_a_phone_jumps_to_a_member_and_keeps_the_points_in_sight(live_server, world, browser, artifacts):
    from teams.models import Team

    team = Team.objects.get(owner__username="aurelia")
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.screen_name = "phone"
    log_in(page, live_server, "aurelia")
    page.goto(f"{live_server.url}/teams/{team.pk}/edit/")
    bar = page.locator("#points-bar")
    assert bar.is_visible() and "Points 200 / 200 · left 0" in bar.inner_text()
    assert round(bar.bounding_box()["y"] + bar.bounding_box()["height"]) == PHONE["height"]  # fixed at the bottom
    page.locator("#member-jumps a[href='#member-strategist']").click()
    # the page scrolls smoothly (Bootstrap): wait for the card to arrive near the top
    page.wait_for_function(
        "() => { const top = document.getElementById('member-strategist')"
        ".getBoundingClientRect().top; return top >= 0 && top < 422; }"
    )
    assert bar.is_visible()  # still in sight far down the form
    page.wait_for_timeout(300)
    page.screenshot(path=str(artifacts / "builder-jump-phone.png"))  # the screen as the reader sees it
    context.close()


@AT_DESKTOP
def test_a_refusal_to_an_htmx_button_is_told_above_the_page(live_server, world, screen):
    from campaigns.models import Result

    fixture = world["fixture"]
    page = screen
    log_in(page, live_server, "balint")
    page.goto(f"{live_server.url}/leagues/{world['league'].pk}/fixtures/")
    button = page.locator(f"#fixture-{fixture.pk} form[action$='/confirm/'] button")
    # meanwhile, in another tab, the result became his own report: confirming it is refused
    Result.objects.filter(fixture=fixture).update(reported_by=world["balint"])
    button.click()
    alert = page.locator("#htmx-refusal")
    alert.wait_for()
    assert alert.inner_text() == (
        "You may not do this: Only the reporter's opponent may confirm or dispute this result."
    )
    fits(page)
