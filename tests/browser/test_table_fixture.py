"""Issue 28, item 2, in two browsers: a league fixture's match at the table waits for the opponent, who
confirms on his own device; its result reaches the league as *reported* by the device's player, and the
opponent confirms it on the fixture's page (or disputes it). Nobody concedes for another player's seat:
the opponent concedes his own, on his own device."""

from __future__ import annotations

import random

import pytest

from arena.models import Match
from campaigns.models import Fixture
from campaigns.services.fixtures import fixtures_generate
from tests.arena.hosted import through_the_table_set_up
from tests.browser.actions import log_in
from tests.browser.test_hosted_match import live_server  # noqa: F401 (the serialised live server)
from tests.campaigns.factories import LeagueFactory, enter_teams

pytestmark = pytest.mark.browser


def _through_the_set_up(match: Match, device, lock) -> None:  # type: ignore[no-untyped-def]
    """The set-up played on the device by the service (its pages are the hosted match's, tested
    elsewhere). The pages poll meanwhile, so the test's queries take the server's lock (SQLite's
    in-memory test database is one shared cache, whose writers fail at once on a table another
    connection reads)."""
    with lock:
        through_the_table_set_up(match, device, random.Random(11))


def test_a_fixture_at_the_table_waits_for_the_opponent_and_its_result_for_his_confirmation(
    live_server,  # noqa: F811 (the serialised one)
    transactional_db,
    browser,
    page,
    artifacts,
):
    league = LeagueFactory(round_limit=12)
    enter_teams(league, 2)
    fixture = fixtures_generate(league=league, actor=league.organiser)[0]
    holder, opponent = fixture.home.player, fixture.away.player
    fixture_url = f"{live_server.url}/leagues/fixtures/{fixture.pk}/"

    log_in(page, live_server, holder.username)
    page.goto(fixture_url)
    page.click("#play-fixture-table")
    page.wait_for_selector("#table-fixture")
    assert "confirms on his own device" in page.text_content("#table-fixture")
    with live_server.lock:  # the waiting page polls
        match = Match.objects.get(fixture=fixture)
    assert match.status == Match.Status.OPEN

    other_context = browser.new_context(viewport={"width": 390, "height": 844})  # the opponent's phone
    other = other_context.new_page()
    try:
        log_in(other, live_server, opponent.username)
        other.goto(fixture_url)
        other.click("#hosted-fixture-match")
        other.wait_for_selector("#confirm-table")
        other.screenshot(path=str(artifacts / "table-fixture-confirm.png"), full_page=True)
        other.click("#confirm-table")
        other.wait_for_url(f"{live_server.url}/play/{match.pk}/")
        page.wait_for_url(f"{live_server.url}/play/{match.pk}/", timeout=15_000)  # the waiting page follows
        page.wait_for_selector("#table-mode")

        _through_the_set_up(match, holder, live_server.lock)
        other.reload()
        other.click("#concede summary")
        other.click('#concede button[type="submit"]')
        other.wait_for_selector("#match-result")

        with live_server.lock:
            fixture.refresh_from_db()
        assert fixture.status == Fixture.Status.REPORTED and fixture.result.reported_by == holder
        page.goto(fixture_url)
        assert page.locator("text=Confirm the result").count() == 0  # the device's player does not confirm
        other.goto(fixture_url)
        assert "waiting for the opponent to confirm it" in other.text_content("body")
        other.click("text=Confirm the result")
        other.wait_for_selector("[data-fixture-status]")
        with live_server.lock:
            fixture.refresh_from_db()
        assert fixture.status == Fixture.Status.CONFIRMED and fixture.result.confirmed_by == opponent
    finally:
        other_context.close()
