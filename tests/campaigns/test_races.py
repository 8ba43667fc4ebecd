"""Races between real requests, each in its own thread and its own database connection (issue 11).

A player's team spends gold while his opponent confirms their result; a player's two browser tabs
enter the same team at once. Every round starts the two requests together (a barrier) and then
checks the books: the treasury holds exactly what the log says was earned and spent, the rows are
there once, and neither request met an exception (a deadlock, a unique-constraint violation: a 500).

These need PostgreSQL: its row locks (``SELECT … FOR UPDATE``) are what the services rely on, and
SQLite serialises whole transactions instead, so the tests skip there (CI runs them on PostgreSQL).
Each transaction sleeps a few random milliseconds where it starts its league log, which makes the
interleavings a busy server meets now and then come up in nearly every round.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest
from django.contrib.messages import get_messages
from django.db import connection
from django.test import Client
from django.urls import reverse

from campaigns.models import CampaignEvent, Entry, Fixture, League, MemberRecord, Result
from campaigns.rosters import entry_roster
from campaigns.services import log as log_service
from campaigns.services.fixtures import fixtures_generate
from campaigns.services.reports import fixture_report_result
from teams.models import Team
from tests.campaigns.factories import LeagueFactory, enter_team
from tests.campaigns.helpers import facts
from tests.factories import TeamFactory, UserFactory

pytestmark = [pytest.mark.race, pytest.mark.django_db(transaction=True)]

ROUNDS = 30
JOIN_TIMEOUT = 30  # seconds a request may take before the round counts as hung
LOCK_TIMEOUT = "10s"  # a request waiting longer for a row lock fails instead of hanging
Kind = CampaignEvent.Kind


@pytest.fixture(autouse=True)
def _postgresql_only() -> None:
    if connection.vendor != "postgresql":
        pytest.skip(
            "needs PostgreSQL row locks (SELECT … FOR UPDATE) and concurrent connections; SQLite serialises "
            "whole transactions. CI runs these with DATABASE_URL=postgres://…"
        )


@pytest.fixture(autouse=True)
def _jitter(monkeypatch: pytest.MonkeyPatch) -> None:
    """Widen the race window: a short random pause where a transaction opens its league log."""
    opened = log_service.EventLog.__init__

    def slow_open(self: log_service.EventLog, league: League) -> None:
        time.sleep(random.uniform(0, 0.015))
        opened(self, league)

    monkeypatch.setattr(log_service.EventLog, "__init__", slow_open)


def together(*requests: Callable[[], Any]) -> list[Any]:
    """Run the requests at the same moment, each in a thread with its own database connection;
    return what each returned or the exception it raised."""
    barrier = threading.Barrier(len(requests))
    outcomes: list[Any] = [None] * len(requests)

    def run(index: int, request: Callable[[], Any]) -> None:
        try:
            with connection.cursor() as cursor:
                cursor.execute(f"SET lock_timeout = '{LOCK_TIMEOUT}'")
            barrier.wait(JOIN_TIMEOUT)
            outcomes[index] = request()
        except BaseException as error:  # every failure is the test's finding
            outcomes[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, r), daemon=True) for i, r in enumerate(requests)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(JOIN_TIMEOUT)
        assert not thread.is_alive(), "a request hung (a lock never granted)"
    return outcomes


def client_of(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def messages_of(response: Any) -> list[str]:
    return [str(message) for message in get_messages(response.wsgi_request)]


def assert_no_exception(outcomes: list[Any]) -> None:
    errors = [outcome for outcome in outcomes if isinstance(outcome, BaseException)]
    assert not errors, f"a request failed: {errors!r}"
    assert [response.status_code for response in outcomes] == [302] * len(outcomes)


def assert_treasury_adds_up(entry: Entry) -> None:
    """The treasury is the starting gold plus every income logged, less every gold price logged,
    and the last line that names a treasury names this one."""
    entry.refresh_from_db()
    events = list(CampaignEvent.objects.filter(entry=entry).order_by("seq"))
    start = next(e.data["treasury"] for e in events if e.kind == Kind.ENTERED)
    income = sum(e.data["gold"] for e in events if e.kind == Kind.INCOME)
    spent = sum(e.data["price"] for e in events if e.kind in (Kind.PURCHASE, Kind.HEALER))
    spent += sum(e.data["price"] for e in events if e.kind == Kind.MATCH_ITEM and e.data["paid"] == "gold")
    assert entry.treasury == start + income - spent, [(e.kind, e.data) for e in events]
    named = [e.data["treasury"] for e in events if "treasury" in e.data]
    assert named[-1] == entry.treasury, [(e.kind, e.data) for e in events]


# --- the away player confirms while the home player buys a sabre -----------------------------------


def reported_fixture() -> Fixture:
    """A fresh league of two; the home player has reported a Victory, waiting for confirmation."""
    league = LeagueFactory()
    enter_team(league, name="Home")
    enter_team(league, name="Away")
    (fixture,) = fixtures_generate(league=league, actor=league.organiser)
    fixture_report_result(fixture=fixture, actor=fixture.home.player, facts=facts())
    return Fixture.objects.select_related("home__player", "away__player").get(pk=fixture.pk)


def test_a_result_confirmed_while_its_team_spends_loses_no_gold_and_never_deadlocks():
    started = time.monotonic()
    for _round in range(ROUNDS):
        fixture = reported_fixture()
        home, away = fixture.home, fixture.away
        confirmer, buyer = client_of(away.player), client_of(home.player)
        confirm_url = reverse("campaigns:confirm", args=[fixture.pk])
        spend_url = reverse("campaigns:spend", args=[home.pk, "pile_weapon"])

        outcomes = together(partial(confirmer.post, confirm_url), partial(buyer.post, spend_url, {"item": "sabre"}))

        assert_no_exception(outcomes)
        assert "Saved to the campaign record." in messages_of(outcomes[1])
        fixture.refresh_from_db()
        assert (fixture.status, fixture.campaign_done) == (Fixture.Status.CONFIRMED, True)
        assert Result.objects.filter(fixture=fixture).count() == 1
        for entry in (home, away):
            assert_treasury_adds_up(entry)
            logged = CampaignEvent.objects.filter(entry=entry)
            assert (logged.filter(kind=Kind.RESULT).count(), logged.filter(kind=Kind.INCOME).count()) == (1, 1)
        assert CampaignEvent.objects.filter(entry=home, kind=Kind.PURCHASE).count() == 1
        home.refresh_from_db()
        assert entry_roster(home).member("gladiator").pile.count("sabre") == 1
        assert home.treasury == 50 + 40 - 20  # starting gold, a Victory, a sabre
    assert time.monotonic() - started < ROUNDS * JOIN_TIMEOUT


# --- two tabs of one player enter the same team at once ---------------------------------------------


def test_one_team_entered_twice_at_once_enters_once_and_the_other_tab_is_told_why():
    started = time.monotonic()
    for _round in range(ROUNDS):
        league = LeagueFactory()
        player = UserFactory()
        team = TeamFactory(owner=player, status=Team.Status.READY)
        tabs = [client_of(player), client_of(player)]
        url = reverse("campaigns:enter", args=[league.pk])

        outcomes = together(*(partial(tab.post, url, {"team": team.pk}) for tab in tabs))

        assert_no_exception(outcomes)
        told = sorted(message for response in outcomes for message in messages_of(response))
        assert len(told) == 2
        assert any("has entered" in message for message in told), told
        assert any("You have entered this league already" in message for message in told), told
        entry = Entry.objects.get(league=league)
        assert MemberRecord.objects.filter(entry=entry).count() == 6
        assert CampaignEvent.objects.filter(league=league, kind=Kind.ENTERED).count() == 1
        assert_treasury_adds_up(entry)
    assert time.monotonic() - started < ROUNDS * JOIN_TIMEOUT
