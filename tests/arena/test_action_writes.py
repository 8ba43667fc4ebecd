"""An action's writes (arena/services/hosted_play.py, ``common.prepared.insert_and_update_rows``): the
new action rows, the match's version and the seats' flags, on PostgreSQL in one statement, elsewhere
one after another in the action's transaction; all or none either way."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from arena.models import Match, MatchAction, MatchSeat
from common.prepared import insert_and_update_rows
from tests.arena.hosted import fresh

pytestmark = pytest.mark.django_db


def _writes(match: Match, seats: list[MatchSeat], version: int) -> list:  # type: ignore[type-arg]
    moment = timezone.now()
    return [
        (Match, match.pk, {"version": version, "last_action_at": moment, "status": Match.Status.SETUP}),
        *(
            (MatchSeat, seat.pk, {"to_move": seat.seat == 1, "prompt_version": version, "prompt_digest": "d"})
            for seat in seats
        ),
    ]


def test_the_rows_the_version_and_the_flags_are_one_statement_on_postgresql(match: Match) -> None:
    match = fresh(match)
    seats = list(MatchSeat.objects.filter(match=match).order_by("seat"))
    version = match.version + 2
    rows = [
        MatchAction(match=match, seq=match.version + n, seat=0, action={"type": "Test", "n": n}, events=[{"n": n}])
        for n in (1, 2)
    ]
    with CaptureQueriesContext(connection) as queries, transaction.atomic():
        insert_and_update_rows(rows, _writes(match, seats, version))
    kinds = [query["sql"].split()[0] for query in queries.captured_queries]
    if connection.vendor == "postgresql":
        assert kinds[1:-1] == ["WITH"]  # between the test's SAVEPOINT and RELEASE
    else:
        assert kinds[1:-1] == ["INSERT", "UPDATE", "UPDATE", "UPDATE"]
    stored = list(MatchAction.objects.filter(match=match, seq__gt=match.version).order_by("seq"))
    assert [(row.seq, row.seat, row.action, row.events) for row in stored] == [
        (match.version + 1, 0, {"type": "Test", "n": 1}, [{"n": 1}]),
        (match.version + 2, 0, {"type": "Test", "n": 2}, [{"n": 2}]),
    ]
    assert all(row.created_at is not None for row in stored)
    assert Match.objects.get(pk=match.pk).version == version
    assert [
        (s.to_move, s.prompt_version, s.prompt_digest) for s in MatchSeat.objects.filter(match=match).order_by("seat")
    ] == [
        (False, version, "d"),
        (True, version, "d"),
    ]


@pytest.mark.django_db(transaction=True)
def test_an_action_row_that_cannot_be_stored_writes_nothing(match: Match) -> None:
    """A second action at a stored version (the unique seq) fails the whole write: the version and the
    flags stay as they were."""
    match = fresh(match)
    seats = list(MatchSeat.objects.filter(match=match).order_by("seat"))
    before = [(s.to_move, s.prompt_version, s.prompt_digest) for s in seats]
    taken = MatchAction.objects.filter(match=match).order_by("-seq").first()
    assert taken is not None
    row = MatchAction(match=match, seq=taken.seq, seat=0, action={"type": "Test"}, events=[])
    with pytest.raises(IntegrityError), transaction.atomic():
        insert_and_update_rows([row], _writes(match, seats, match.version + 1))
    assert Match.objects.get(pk=match.pk).version == match.version
    assert [
        (s.to_move, s.prompt_version, s.prompt_digest) for s in MatchSeat.objects.filter(match=match).order_by("seat")
    ] == before
