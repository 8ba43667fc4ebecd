"""Waiting on you: what the page lists and the header counts, for players and organisers, in a
bounded number of queries whatever the numbers."""

from __future__ import annotations

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import timezone, translation

from accounts.inbox import inbox, inbox_counts
from arena.models import Match, MatchSeat
from campaigns.models import Entry, Fixture, MemberRecord
from campaigns.services.fixtures import fixtures_generate
from campaigns.services.reports import fixture_dispute_result, fixture_report_result
from tests.campaigns.factories import LeagueFactory, enter_teams
from tests.campaigns.helpers import facts
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def league():
    """Four teams, three rounds a week apart from today: only round 1 is due."""
    league = LeagueFactory()
    enter_teams(league, 4)
    fixtures_generate(league=league, actor=league.organiser, start=timezone.localdate(), interval_days=7)
    return league


def first_fixture(league) -> Fixture:
    return league.fixtures.select_related("home__player", "away__player").get(round=1, position=0)


def move_for(user, team_name: str = "Vasfarkasok") -> MatchSeat:
    match = Match.objects.create(created_by=user, status=Match.Status.PLAYING)
    return MatchSeat.objects.create(match=match, seat=0, player=user, team_name=team_name, to_move=True)


def test_a_due_fixture_waits_on_both_players_and_later_rounds_on_no_one(league):
    fixture = first_fixture(league)
    for player in (fixture.home.player, fixture.away.player):
        assert [f.pk for f in inbox(player).to_report] == [fixture.pk]
        assert inbox_counts(player).to_report == 1
    later = timezone.localdate() + datetime.timedelta(days=14)
    assert [f.round for f in inbox(fixture.home.player, today=later).to_report] == [1, 2, 3]
    assert inbox_counts(league.organiser).total == 0


def test_the_headers_count_takes_the_day_it_is_given(league):
    """The count's SQL is written once with stand-ins (common.prepared): the day and the player given
    are the ones counted, day after day and player after player."""
    fixture = first_fixture(league)
    today = timezone.localdate()
    for player in (fixture.home.player, fixture.away.player):
        for day, due in ((today - datetime.timedelta(days=1), 0), (today, 1), (today + datetime.timedelta(days=7), 2)):
            assert inbox_counts(player, today=day).to_report == due
            assert len(inbox(player, today=day).to_report) == due
        assert inbox_counts(player, today=today + datetime.timedelta(days=14)).to_report == 3


def test_a_reported_result_waits_on_the_opponent_only(league):
    fixture = first_fixture(league)
    fixture_report_result(fixture=fixture, actor=fixture.home.player, facts=facts())
    assert inbox_counts(fixture.home.player).total == 0
    waiting = inbox(fixture.away.player)
    assert [f.pk for f in waiting.to_confirm] == [fixture.pk] and waiting.to_report == []
    assert inbox_counts(fixture.away.player).to_confirm == 1


def test_a_disputed_result_waits_on_the_organiser(league):
    fixture = first_fixture(league)
    fixture_report_result(fixture=fixture, actor=fixture.home.player, facts=facts())
    fixture_dispute_result(fixture=fixture, actor=fixture.away.player, reason="He had 4 amulets")
    assert inbox_counts(fixture.away.player).total == 0 and inbox_counts(fixture.home.player).total == 0
    assert [f.pk for f in inbox(league.organiser).to_settle] == [fixture.pk]
    assert inbox_counts(league.organiser).to_settle == 1
    assert inbox_counts(UserFactory()).to_settle == 0  # another league's organiser: nothing


def test_advances_earned_and_not_taken_wait_but_not_a_dead_members(league):
    entry = Entry.objects.get(pk=first_fixture(league).home_id)
    record = entry.members.first()
    record.xp = 12  # two advances earned
    record.advances = [{"stat": "TE"}]
    record.save()
    [due] = inbox(entry.player).advances
    assert (due.record.pk, due.count) == (record.pk, 1)
    assert inbox_counts(entry.player).advances == 1
    roster = entry.roster
    for member in roster["members"]:
        if member["slot"] == record.slot:
            member["status"] = "dead"
    entry.save()
    assert inbox(entry.player).advances == []


def test_hosted_matches_where_it_is_his_move_are_folded_in(league):
    player = first_fixture(league).home.player
    seat = move_for(player)
    counts = inbox_counts(player)
    assert (counts.your_move, counts.to_report, counts.total) == (1, 1, 2)
    assert [s.pk for s in inbox(player).your_move] == [seat.pk]


def test_the_counts_are_two_queries_and_the_page_six_whatever_the_numbers(league, django_assert_num_queries):
    organiser = league.organiser
    for fixture in league.fixtures.select_related("home__player", "away__player").filter(round=1):
        fixture_report_result(fixture=fixture, actor=fixture.home.player, facts=facts())
        fixture_dispute_result(fixture=fixture, actor=fixture.away.player, reason="No")
    for _ in range(3):
        move_for(organiser)
    MemberRecord.objects.filter(entry__league=league).update(xp=5)
    with django_assert_num_queries(2):
        counts = inbox_counts(organiser)
    assert (counts.to_settle, counts.your_move) == (2, 3)
    player = first_fixture(league).home.player
    with django_assert_num_queries(2):
        assert inbox_counts(player).advances >= 1
    with django_assert_num_queries(
        7
    ):  # the hosted matches owing a move come a page at a time (a count), with their seats
        page = inbox(organiser)
        assert [f.home.player.get_username() for f in page.to_settle]  # players read without a query
        assert [f.league.name for f in page.to_settle]


def test_the_header_counts_everything_and_links_to_the_page(client, league):
    fixture = first_fixture(league)
    player = fixture.home.player
    move_for(player)
    client.force_login(player)
    html = client.get(reverse("teams:list")).content.decode()
    assert re.search(r'id="inbox-count"[^>]*>2</span>', html)
    assert f'href="{reverse("inbox")}"' in html
    page = client.get(reverse("inbox")).content.decode()
    assert 'id="inbox-report"' in page and 'id="inbox-moves"' in page
    assert reverse("campaigns:report", args=[fixture.pk]) in page
    assert reverse("play:match", args=[MatchSeat.objects.get(player=player).match_id]) in page


def test_an_empty_inbox_says_so_and_hides_the_count(client):
    client.force_login(UserFactory())
    html = client.get(reverse("inbox")).content.decode()
    assert 'id="inbox-empty"' in html
    assert 'class="badge rounded-pill text-bg-warning d-none" id="inbox-count"' in html


def test_the_page_is_for_logged_in_players(client):
    response = client.get(reverse("inbox"))
    assert response.status_code == 302 and reverse("login") in response["Location"]


def test_the_page_speaks_hungarian(client, league):
    fixture = first_fixture(league)
    fixture_report_result(fixture=fixture, actor=fixture.home.player, facts=facts())
    client.force_login(fixture.away.player)
    with translation.override("hu"):
        html = client.get(reverse("inbox"), HTTP_ACCEPT_LANGUAGE="hu").content.decode()
    assert "Rád vár" in html and "Megerősítendő eredmények" in html


def test_a_disputed_result_shows_on_the_league_page(client, league):
    fixture = first_fixture(league)
    fixture_report_result(fixture=fixture, actor=fixture.home.player, facts=facts())
    fixture_dispute_result(fixture=fixture, actor=fixture.away.player, reason="No")
    url = reverse("campaigns:league", args=[league.pk])
    settle = reverse("campaigns:settle", args=[fixture.pk])
    html = client.get(url).content.decode()  # any reader
    assert 'id="disputed-results"' in html and "1 result is disputed" in html and settle not in html
    client.force_login(league.organiser)
    assert settle in client.get(url).content.decode()


def test_a_fixture_whose_hosted_match_is_being_played_offers_its_move_not_a_report(league, client):
    """Issue 32, item 6: while the fixture's match is played here, the inbox offers the move (or
    waits), never "Report the result"; the header counts no report either."""
    from arena.services import match_begin_fixture

    fixture = first_fixture(league)
    match = match_begin_fixture(fixture=fixture, player=fixture.home.player)
    assert match.status in (Match.Status.SETUP, Match.Status.PLAYING)
    for player in (fixture.home.player, fixture.away.player):
        assert inbox(player).to_report == []
        assert inbox_counts(player).to_report == 0
    client.force_login(fixture.home.player)
    page = client.get(reverse("inbox")).content.decode()
    assert reverse("campaigns:report", args=[fixture.pk]) not in page
    assert reverse("play:match", args=[match.pk]) in page


def test_a_hosted_match_owing_a_move_names_every_team_not_only_his_own(client, league):
    """Issue 32, item 5: "Hosted match 3: Vasfarkasok – Ködlovagok", not only the reader's team."""
    fixture = first_fixture(league)
    player = fixture.home.player
    mine = move_for(player, "Vasfarkasok")
    MatchSeat.objects.create(match=mine.match, seat=1, player=fixture.away.player, team_name="Ködlovagok")
    client.force_login(player)
    page = client.get(reverse("inbox")).content.decode()
    line = page[page.index(f'data-match="{mine.match_id}"') :]
    line = line[: line.index("</li>")]
    assert "Vasfarkasok" in line and "Ködlovagok" in line, line


def test_a_refreshs_count_reads_the_rest_once_per_window_and_process(monkeypatch, settings):
    """A refreshed part's count (``inbox_count_on_refresh``): the matches owing a move counted every time,
    the rest counted once per ``INBOX_REST_SECONDS`` and kept in the shared cache with the moment it
    lapses; each process keeps what it read until then, and counts afresh once it has lapsed."""
    from django.http import HttpRequest

    from accounts import context_processors
    from accounts.inbox import InboxCounts

    settings.INBOX_REST_SECONDS = 60
    counted: list[int] = []
    moves = [1]

    def counts(user):  # type: ignore[no-untyped-def]
        counted.append(user.pk)
        return InboxCounts(to_confirm=2, your_move=moves[0])

    now = [1_000_000.0]
    monkeypatch.setattr(context_processors, "inbox_counts", counts)
    monkeypatch.setattr(context_processors, "your_move_count", lambda user: moves[0])
    monkeypatch.setattr(context_processors.time, "time", lambda: now[0])
    request = HttpRequest()
    request.user = UserFactory()
    assert context_processors.inbox_count_on_refresh(request) == 3 and len(counted) == 1
    moves[0] = 4  # a match now owes him a move: counted at once
    now[0] += 30
    assert context_processors.inbox_count_on_refresh(request) == 6 and len(counted) == 1
    context_processors.REST_KEPT.clear()  # another process: it reads the shared cache's count
    assert context_processors.inbox_count_on_refresh(request) == 6 and len(counted) == 1
    now[0] += 31  # the window has passed: counted afresh
    assert context_processors.inbox_count_on_refresh(request) == 6 and len(counted) == 2
