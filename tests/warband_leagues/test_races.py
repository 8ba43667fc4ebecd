"""Races in a warband league, as in Viadal's (``tests/campaigns/test_races.py``): a player buys a
figure on his campaign sheet while his opponent confirms their result, which runs the WB-8 sequence
on the same entry. Both requests take the league's locks in the one order (the league, the entries,
the fixture), so neither waits out of order, no gold is lost and every roll is logged once.
PostgreSQL only: SQLite serialises whole transactions."""

from __future__ import annotations

import time
from functools import partial

import pytest
from django.db import connection
from django.urls import reverse

from campaigns.models import CampaignEvent, Entry, Fixture
from campaigns.services.reports import fixture_report_result
from tests.campaigns.test_races import JOIN_TIMEOUT, _jitter, assert_no_exception, client_of, together  # noqa: F401
from warbands.league_forms import WarbandReport

from .helpers import enter, first_fixture, warband_league, warriors
from .test_report import side

pytestmark = [pytest.mark.race, pytest.mark.django_db(transaction=True)]
ROUNDS = 10
Kind = CampaignEvent.Kind


@pytest.fixture(autouse=True)
def _postgresql_only() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL row locks and concurrent connections; CI runs these on PostgreSQL")


def reported() -> Fixture:
    league = warband_league(points=200)
    home = enter(league, warriors(6), name="Home")  # 62 gold
    away = enter(league, warriors(6, "Soldier"), name="Away")
    fixture = first_fixture(league)
    names = {e.pk: [f["name"] for f in e.roster["warband"]["figures"]] for e in (home, away)}
    report = WarbandReport(
        home=side({names[fixture.home_id][0]: "killed"}, names[fixture.home_id]),
        away=side({}, names[fixture.away_id]),
    )
    fixture_report_result(fixture=fixture, actor=fixture.home.player, facts=report)
    return Fixture.objects.select_related("home__player", "away__player").get(pk=fixture.pk)


def assert_books_balance(entry: Entry) -> None:
    entry.refresh_from_db()
    events = list(CampaignEvent.objects.filter(entry=entry).order_by("seq"))
    start = next(e.data["treasury"] for e in events if e.kind == Kind.ENTERED)
    moved = sum(e.data.get("gold", 0) for e in events if e.kind in (Kind.INCOME, Kind.PURCHASE, Kind.HEALER))
    assert entry.treasury == start + moved == entry.roster["treasury"], [(e.kind, e.data) for e in events]


def test_a_confirmation_while_the_opponent_buys_loses_no_gold_and_never_deadlocks():
    started = time.monotonic()
    for _round in range(ROUNDS):
        fixture = reported()
        confirm, buy = client_of(fixture.away.player), client_of(fixture.away.player)
        confirm_url = reverse("campaigns:confirm", args=[fixture.pk])
        buy_url = reverse("campaigns:entry-action", args=[fixture.away_id, "buy-figure"])
        outcomes = together(
            partial(confirm.post, confirm_url),
            partial(buy.post, buy_url, {"profile": "militia", "name": f"Recruit {_round}"}),
        )
        assert_no_exception(outcomes)
        fixture.refresh_from_db()
        assert fixture.campaign_done
        # the severity roll once (a dying or crippled result rolls once more), never twice over
        assert fixture.events.filter(kind=Kind.ROLL, purpose__endswith="injury severity").count() == 1
        for entry in (fixture.home, fixture.away):
            assert_books_balance(entry)
    assert time.monotonic() - started < ROUNDS * JOIN_TIMEOUT
