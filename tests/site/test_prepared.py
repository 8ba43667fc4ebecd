"""A query compiled once (common.prepared) reads what the queryset itself reads."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, InterfaceError, OperationalError, connections
from django.db.models import F
from django.forms.models import model_to_dict
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from common.prepared import PreparedQuery, update_row, update_rows
from teams.models import Character, Team
from teams.selectors import owned_team_with_characters, team_characters
from tests.factories import TeamFactory, UserFactory

pytestmark = pytest.mark.django_db


def members_of(team_id: int, owner_id: int):  # type: ignore[no-untyped-def]
    return Character.objects.filter(team_id=team_id, team__owner_id=owner_id).select_related("team").order_by("pk")


def test_it_reads_the_rows_and_instances_the_queryset_reads():
    team = TeamFactory()
    TeamFactory(owner=team.owner)  # another of his teams, not read
    Character.objects.filter(team=team, slot="gladiator").update(pile=["gladius", "pugio"], kit={"a": 1})
    query = PreparedQuery(Character, members_of, team_id=-11, owner_id=-12)

    rows = query.rows(team_id=team.pk, owner_id=team.owner_id)
    read = [query.instance(row, Character) for row in rows]
    teams = [query.instance(row, Team) for row in rows]

    expected = list(members_of(team.pk, team.owner_id))
    assert [model_to_dict(c) for c in read] == [model_to_dict(c) for c in expected]
    assert [c.pk for c in read] == [c.pk for c in expected]
    assert all(not c._state.adding and c._state.db == "default" for c in read)
    assert {(t.pk, t.updated, t.created, t.share_token, tuple(t.options)) for t in teams} == {
        (team.pk, team.updated, team.created, team.share_token, tuple(team.options))
    }
    assert next(c for c in read if c.slot == "gladiator").pile == ["gladius", "pugio"]


def test_it_reads_nothing_for_values_that_match_nothing():
    team = TeamFactory()
    query = PreparedQuery(Character, members_of, team_id=-11, owner_id=-12)
    assert query.rows(team_id=team.pk, owner_id=UserFactory().pk) == []
    assert len(query.rows(team_id=team.pk, owner_id=team.owner_id)) == 6


def test_it_is_compiled_once_per_connection(django_assert_num_queries):
    team = TeamFactory()
    query = PreparedQuery(Character, members_of, team_id=-11, owner_id=-12)
    query.rows(team_id=team.pk, owner_id=team.owner_id)
    compiled = query._compiled[connections["default"]]
    with django_assert_num_queries(1):
        query.rows(team_id=team.pk, owner_id=team.owner_id)
    assert query._compiled[connections["default"]] is compiled


def _prepared_statements(connection) -> list[str]:  # type: ignore[no-untyped-def]
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements WHERE from_sql = false")
        return [statement for (statement,) in cursor.fetchall()]


def test_on_postgresql_its_reads_and_updates_are_prepared_and_djangos_own_queries_are_not():
    """The server parses and plans them once per connection (DATABASE_PREPARED_STATEMENTS, on by
    default): the same text with the values bound apart, every time."""
    connection = connections["default"]
    if connection.vendor != "postgresql":
        pytest.skip("prepared statements: PostgreSQL")
    team = TeamFactory()
    gladiator = team.characters.get(slot="gladiator")
    query = PreparedQuery(Character, members_of, team_id=-11, owner_id=-12)

    for _ in range(3):
        assert len(query.rows(team_id=team.pk, owner_id=team.owner_id)) == 6
        update_rows([(Character, gladiator.pk, {"name": "Tarkos"}), (Team, team.pk, {"notes": "x"})])
        list(Character.objects.filter(team=team))  # Django's own, bound in the client

    prepared = _prepared_statements(connection)
    read = query._compiled[connection].sql.replace("%s", "$1", 1).replace("%s", "$2", 1)
    assert [s for s in prepared if s.startswith("SELECT")] == [read]
    assert len([s for s in prepared if s.startswith("WITH")]) == 1
    assert all("$" in s for s in prepared)
    assert Character.objects.get(pk=gladiator.pk).name == "Tarkos"
    with CaptureQueriesContext(connection) as logged:  # the log shows it with its values, as any statement
        query.rows(team_id=team.pk, owner_id=team.owner_id)
    assert f'"team_id" = {team.pk}' in logged[0]["sql"] and "$1" not in logged[0]["sql"]


def test_without_prepared_statements_the_same_reads_run_unprepared(monkeypatch):
    connection = connections["default"]
    if connection.vendor != "postgresql":
        pytest.skip("prepared statements: PostgreSQL")
    team = TeamFactory()
    connection.ensure_connection()
    monkeypatch.setattr(connection.connection, "prepare_threshold", None)
    query = PreparedQuery(Character, members_of, team_id=-11, owner_id=-12)

    for _ in range(3):
        assert len(query.rows(team_id=team.pk, owner_id=team.owner_id)) == 6

    assert _prepared_statements(connection) == []


def test_a_stand_in_that_is_not_one_parameter_is_refused():
    query = PreparedQuery(
        Character, lambda team_id: Character.objects.filter(team_id=team_id, ep__lt=team_id), team_id=-11
    )
    with pytest.raises(ValueError, match="stand-in"):
        query.rows(team_id=1)


def test_a_repeated_stand_in_takes_the_value_in_every_place_it_is_named():
    team, other = TeamFactory(), TeamFactory()

    def of_team(team_id: int):  # type: ignore[no-untyped-def]
        # the same value twice: a place left with the stand-in would match nothing
        return Character.objects.filter(team_id=team_id, team__pk=team_id).order_by("pk")

    query = PreparedQuery(Character, of_team, repeated=("team_id",), team_id=-11)
    for read in (team, other):
        rows = query.rows(team_id=read.pk)
        assert [query.instance(row, Character).pk for row in rows] == [c.pk for c in of_team(read.pk)]
        assert len(rows) == 6
    assert (
        sum(param == team.pk for param in query._params(query._compiled[connections["default"]], {"team_id": team.pk}))
        == 2
    )


def test_a_date_stand_in_takes_the_day_as_the_backend_passes_dates():
    owner = UserFactory()
    older, newer = TeamFactory(owner=owner), TeamFactory(owner=owner)
    Team.objects.filter(pk=older.pk).update(created=timezone.make_aware(timezone.datetime(2026, 3, 1, 12)))
    Team.objects.filter(pk=newer.pk).update(created=timezone.make_aware(timezone.datetime(2026, 5, 1, 12)))

    def made_by(owner_id: int, day):  # type: ignore[no-untyped-def]
        return Team.objects.filter(owner_id=owner_id, created__date__lte=day).order_by("pk")

    query = PreparedQuery(Team, made_by, owner_id=-12, day=timezone.datetime(1901, 2, 3).date())
    for day, expected in (("2026-04-01", [older.pk]), ("2026-06-01", [older.pk, newer.pk]), ("2026-01-01", [])):
        as_date = timezone.datetime.fromisoformat(day).date()
        assert [query.instance(row, Team).pk for row in query.rows(owner_id=owner.pk, day=as_date)] == expected
        assert expected == [team.pk for team in made_by(owner.pk, as_date)]


def test_the_builder_reads_the_team_of_its_owner_only():
    team = TeamFactory()
    empty = TeamFactory(owner=team.owner, members=False)

    read = owned_team_with_characters(team.owner, team.pk)
    assert read is not None and read.pk == team.pk
    characters = team_characters(read)
    assert [c.slot for c in characters] == [c.slot for c in team_characters(team)]
    assert all(c.team is read for c in characters)
    assert owned_team_with_characters(UserFactory(), team.pk) is None
    without_members = owned_team_with_characters(team.owner, empty.pk)
    assert without_members is not None and without_members.pk == empty.pk and team_characters(without_members) == []


def test_a_row_is_updated_as_the_queryset_updates_it(django_assert_num_queries):
    team, other = TeamFactory(), TeamFactory()
    gladiator = Character.objects.get(team=team, slot="gladiator")
    moment = timezone.now()

    with django_assert_num_queries(2):
        assert update_row(Character, gladiator.pk, {"ep": 21, "pile": ["gladius"], "amulet": None}) == 1
        assert update_row(Team, team.pk, {"name": "Iron Wolves", "options": ["vials"], "updated": moment}) == 1

    gladiator.refresh_from_db()
    assert (gladiator.ep, gladiator.pile, gladiator.amulet) == (21, ["gladius"], None)
    team.refresh_from_db()
    assert (team.name, team.options, team.updated) == ("Iron Wolves", ["vials"], moment)
    assert Team.objects.get(pk=other.pk).name == other.name
    assert update_row(Team, 10**9, {"name": "Nobody"}) == 0


def test_an_update_by_an_expression_goes_through_the_queryset():
    team = TeamFactory()
    gladiator = Character.objects.get(team=team, slot="gladiator")
    update_row(Character, gladiator.pk, {"ep": F("ep") + 1})
    assert Character.objects.get(pk=gladiator.pk).ep == gladiator.ep + 1


def test_a_saves_rows_are_updated_in_one_statement_on_postgresql_else_in_one_transaction():
    team, other = TeamFactory(), TeamFactory()
    gladiator, laeva = (Character.objects.get(team=team, slot=slot) for slot in ("gladiator", "laeva"))
    moment = timezone.now()
    writes = [
        (Character, gladiator.pk, {"ep": 21, "pile": ["gladius"]}),
        (Character, laeva.pk, {"te": 8, "amulet": None}),
        (Team, team.pk, {"name": "Iron Wolves", "updated": moment}),
    ]
    connection = connections["default"]

    with CaptureQueriesContext(connection) as queries:
        update_rows(writes)

    kinds = [query["sql"].split()[0] for query in queries.captured_queries]
    if connection.vendor == "postgresql":
        assert kinds == ["WITH"]
    else:  # the test's transaction is open: a savepoint
        assert kinds == ["SAVEPOINT", "UPDATE", "UPDATE", "UPDATE", "RELEASE"]
    gladiator.refresh_from_db()
    laeva.refresh_from_db()
    team.refresh_from_db()
    assert (gladiator.ep, gladiator.pile, laeva.te, laeva.amulet) == (21, ["gladius"], 8, None)
    assert (team.name, team.updated) == ("Iron Wolves", moment)
    assert Team.objects.get(pk=other.pk).name == other.name


def test_one_row_is_one_statement_and_an_expression_still_goes_through_the_queryset():
    team = TeamFactory()
    gladiator = Character.objects.get(team=team, slot="gladiator")

    with CaptureQueriesContext(connections["default"]) as queries:
        update_rows([(Team, team.pk, {"name": "Alone"})])
    assert [query["sql"].split()[0] for query in queries.captured_queries] == ["UPDATE"]

    update_rows([(Character, gladiator.pk, {"ep": F("ep") + 1}), (Team, team.pk, {"name": "Both"})])
    assert Character.objects.get(pk=gladiator.pk).ep == gladiator.ep + 1
    assert Team.objects.get(pk=team.pk).name == "Both"


@pytest.mark.django_db(transaction=True)
def test_a_failing_row_writes_none_of_the_others():
    """Outside any transaction, as a request runs it: the character's UPDATE is not kept when the
    team's fails (one statement on PostgreSQL, one transaction elsewhere)."""
    team = TeamFactory()
    gladiator = Character.objects.get(team=team, slot="gladiator")
    assert connections["default"].get_autocommit()
    with pytest.raises(IntegrityError):
        update_rows([(Character, gladiator.pk, {"ep": 21}), (Team, team.pk, {"name": None})])
    assert Character.objects.get(pk=gladiator.pk).ep == gladiator.ep != 21


# --- the request's first read checks the kept connection ------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_the_first_read_of_a_request_checks_the_connection_instead_of_select_1(monkeypatch):
    """Django sends ``SELECT 1`` before a request's first query on a kept connection
    (``CONN_HEALTH_CHECKS``); a prepared read is that check itself: no ``SELECT 1`` when it works."""
    team = TeamFactory()
    connection = connections["default"]
    connection.ensure_connection()
    monkeypatch.setattr(connection, "health_check_enabled", True)
    monkeypatch.setattr(connection, "health_check_done", False)
    checks = []
    monkeypatch.setattr(connection, "is_usable", lambda: checks.append(1) or True)

    assert owned_team_with_characters(team.owner, team.pk) is not None
    assert checks == [] and connection.health_check_done


def _ended_by_the_server(connection) -> int:  # type: ignore[no-untyped-def]
    """``connection``'s server process ended from another connection, as a restart ends it; its pid."""
    connection.ensure_connection()
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        old_pid: int = cursor.fetchone()[0]
    other = connection.copy()
    try:
        with other.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(%s)", [old_pid])
    finally:
        other.close()
    return old_pid


@pytest.mark.django_db(transaction=True)
def test_a_read_on_a_connection_the_server_dropped_runs_again_on_a_new_one(monkeypatch):
    """As Django's check would: the connection found unusable is closed, a new one opened, the read
    run again (PostgreSQL: the server ends the connection, as at a restart)."""
    connection = connections["default"]
    if connection.vendor != "postgresql":
        pytest.skip("ends a server connection: PostgreSQL")
    team = TeamFactory()
    old_pid = _ended_by_the_server(connection)
    monkeypatch.setattr(connection, "health_check_enabled", True)
    monkeypatch.setattr(connection, "health_check_done", False)

    assert owned_team_with_characters(team.owner, team.pk) is not None
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        assert cursor.fetchone()[0] != old_pid


@pytest.mark.django_db(transaction=True)
def test_without_the_check_a_read_on_a_dropped_connection_fails_as_any_query_does(monkeypatch):
    """Inside a request whose connection was checked already, the read is not retried: a read in a
    transaction or after other statements is never run twice behind their back."""
    connection = connections["default"]
    if connection.vendor != "postgresql":
        pytest.skip("ends a server connection: PostgreSQL")
    team = TeamFactory()
    _ended_by_the_server(connection)
    monkeypatch.setattr(connection, "health_check_enabled", True)
    monkeypatch.setattr(connection, "health_check_done", True)

    with pytest.raises((OperationalError, InterfaceError)):
        owned_team_with_characters(team.owner, team.pk)
    connection.close()
