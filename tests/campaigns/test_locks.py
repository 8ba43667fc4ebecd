"""The one lock order (``campaigns.services.locks``, docs/campaigns.md "Locks"): every service that
writes a league locks the league row first, then entries in ascending pk, then the fixture.

Read from the SQL each service sends: the ``SELECT … FOR UPDATE`` statements in the order they are
sent. PostgreSQL only (SQLite sends no ``FOR UPDATE``). A refusal after the locks is fine here: the
order is what is checked. Entering at once without a 500 is checked on either database.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from arena.engine.campaign.experience import Advance
from arena.engine.campaign.match_items import MatchItem
from arena.engine.campaign.purchases import Purchase
from arena.engine.content.common import Stat
from campaigns.bought_items import Paid
from campaigns.league_errors import LeagueError
from campaigns.models import Entry, Fixture
from campaigns.services import leagues as league_services
from campaigns.services.fixture_items import fixture_buy_match_item
from campaigns.services.fixtures import fixture_reschedule, fixtures_generate
from campaigns.services.leagues import league_enter, league_invite, league_update
from campaigns.services.records import entry_heal, entry_purchase, entry_take_advance
from campaigns.services.reports import (
    fixture_confirm_result,
    fixture_dispute_result,
    fixture_record_forfeit,
    fixture_record_hosted_result,
    fixture_report_result,
    fixture_settle_result,
)
from teams.models import Team
from tests.campaigns.factories import LeagueFactory, enter_team
from tests.campaigns.helpers import facts
from tests.factories import TeamFactory, UserFactory

pytestmark = pytest.mark.django_db

RANK = {"campaigns_league": 1, "campaigns_entry": 2, "campaigns_fixture": 3}
LOCKED_TABLE = re.compile(r'FROM "(\w+)".*FOR UPDATE', re.S)


def locks_taken(call: Callable[[], Any]) -> list[str]:
    """The tables of the ``FOR UPDATE`` statements ``call`` sends, in order."""
    with CaptureQueriesContext(connection) as queries:
        try:
            call()
        except Exception:  # a refusal once the locks are taken: the order is what counts here
            pass
    return [m.group(1) for q in queries.captured_queries if (m := LOCKED_TABLE.search(q["sql"]))]


def assert_in_order(tables: list[str]) -> None:
    assert tables and tables[0] == "campaigns_league", tables
    highest = 1
    for table in tables[1:]:
        rank = RANK[table]
        if rank == 1:
            continue  # the league again (the log's re-lock): held already, never waited for
        assert rank >= highest, tables
        highest = rank


def scheduled() -> Fixture:
    league = LeagueFactory()
    enter_team(league, name="Home")
    enter_team(league, name="Away")
    (fixture,) = fixtures_generate(league=league, actor=league.organiser)
    return Fixture.objects.select_related("league", "home__player", "away__player").get(pk=fixture.pk)


def reported() -> Fixture:
    fixture = scheduled()
    fixture_report_result(fixture=fixture, actor=fixture.home.player, facts=facts())
    return Fixture.objects.select_related("league", "home__player", "away__player").get(pk=fixture.pk)


def _update() -> Callable[[], Any]:
    league = LeagueFactory()
    return lambda: league_update(league=league, actor=league.organiser, changes={"name": "New"})


def _invite() -> Callable[[], Any]:
    league, guest = LeagueFactory(), UserFactory()
    return lambda: league_invite(league=league, actor=league.organiser, player=guest)


def _enter() -> Callable[[], Any]:
    league, team = LeagueFactory(), TeamFactory(status=Team.Status.READY)
    return lambda: league_enter(league=league, player=team.owner, team=team)


def _generate() -> Callable[[], Any]:
    league = LeagueFactory()
    for _ in range(3):  # an odd count: a bye, which pays its income to a locked entry
        enter_team(league)
    return lambda: fixtures_generate(league=league, actor=league.organiser)


def _reschedule() -> Callable[[], Any]:
    fixture = scheduled()
    return lambda: fixture_reschedule(fixture=fixture, actor=fixture.league.organiser, scheduled_for=None)


def _purchase() -> Callable[[], Any]:
    entry = scheduled().home
    return lambda: entry_purchase(entry=entry, actor=entry.player, purchase=Purchase.pile_weapon("sabre"))


def _advance() -> Callable[[], Any]:
    entry = scheduled().home
    advance = Advance.raise_stat(Stat.TE)
    return lambda: entry_take_advance(entry=entry, actor=entry.player, slot="gladiator", advance=advance)


def _heal() -> Callable[[], Any]:
    entry = scheduled().home
    return lambda: entry_heal(entry=entry, actor=entry.player, slot="gladiator", matches=1)


def _buy_match_item() -> Callable[[], Any]:
    fixture = scheduled()
    away = fixture.away
    return lambda: fixture_buy_match_item(
        fixture=fixture, entry=away, actor=away.player, item=MatchItem.trap_insight(4), paid=Paid.GOLD
    )


def _report() -> Callable[[], Any]:
    fixture = scheduled()
    return lambda: fixture_report_result(fixture=fixture, actor=fixture.home.player, facts=facts())


def _confirm() -> Callable[[], Any]:
    fixture = reported()
    return lambda: fixture_confirm_result(fixture=fixture, actor=fixture.away.player)


def _dispute() -> Callable[[], Any]:
    fixture = reported()
    return lambda: fixture_dispute_result(fixture=fixture, actor=fixture.away.player, reason="No.")


def _settle() -> Callable[[], Any]:
    fixture = reported()
    return lambda: fixture_settle_result(fixture=fixture, actor=fixture.league.organiser, facts=facts())


def _forfeit() -> Callable[[], Any]:
    fixture = scheduled()
    return lambda: fixture_record_forfeit(fixture=fixture, actor=fixture.league.organiser, forfeiting=fixture.away)


def _hosted() -> Callable[[], Any]:
    fixture = scheduled()
    return lambda: fixture_record_hosted_result(fixture=fixture, match_facts=facts())


SERVICES: dict[str, Callable[[], Callable[[], Any]]] = {
    "league_update": _update,
    "league_invite": _invite,
    "league_enter": _enter,
    "fixtures_generate": _generate,
    "fixture_reschedule": _reschedule,
    "entry_purchase": _purchase,
    "entry_take_advance": _advance,
    "entry_heal": _heal,
    "fixture_buy_match_item": _buy_match_item,
    "fixture_report_result": _report,
    "fixture_confirm_result": _confirm,
    "fixture_dispute_result": _dispute,
    "fixture_settle_result": _settle,
    "fixture_record_forfeit": _forfeit,
    "fixture_record_hosted_result": _hosted,
}


@pytest.mark.parametrize("service", SERVICES)
def test_every_writer_locks_the_league_then_entries_then_the_fixture(service):
    if not connection.features.has_select_for_update:
        pytest.skip("SQLite takes no row locks (it serialises whole transactions); CI runs this on PostgreSQL")
    call = SERVICES[service]()

    assert_in_order(locks_taken(call))


def test_an_entry_that_slips_past_the_checks_meets_the_unique_constraint_and_gets_the_same_message(monkeypatch):
    """Should a second entry ever pass the checks (a writer that skipped the league lock), the
    database's one-entry-per-player constraint answers it with the message, not a 500."""
    league = LeagueFactory()
    player = UserFactory()
    first, second = (TeamFactory(owner=player, status=Team.Status.READY) for _ in range(2))
    league_enter(league=league, player=player, team=first)
    monkeypatch.setattr(league_services, "entry_refusal", lambda league, player: None)

    with pytest.raises(LeagueError, match="You have entered this league already"):
        league_enter(league=league, player=player, team=second)

    assert Entry.objects.filter(league=league).count() == 1
