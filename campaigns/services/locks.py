"""The one lock order of every write to a league (issue 11; ``docs/campaigns.md``, "Locks").

Every service that writes a league or anything in it (its entries and their member records, its
fixtures, results, one-match preparations, its log) opens one transaction and takes its row locks
in this order before it reads what it will decide on or change:

1. **the league row** (:func:`lock_league`);
2. **the entries**, in ascending pk (:func:`lock_entries`, :func:`lock_league_entries`): the ones it
   writes, and for a fixture both of its entries;
3. **the fixture** (:func:`lock_fixture` takes 1, 2 and 3 for a fixture);
4. then anything below them, without a lock of its own: the fixture's result, the entries' member
   records and match preparations, new fixtures, and the log (``EventLog``, whose league lock is
   by then already held).

Since every writer takes its league's row first, the writers of one league run one at a time and
never wait for one another's later locks out of order: no deadlock. Writers of different leagues
share no row. Every row is read by the locking query itself, after the lock is granted (the row
as the last writer committed it), and the services change those objects only, never one a view
loaded before the transaction: no write puts back a stale value.

PostgreSQL takes the locks (``SELECT … FOR UPDATE``); SQLite ignores them and serialises whole
transactions instead. Preconditions: the caller is inside ``transaction.atomic``.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..models import Entry, Fixture, FixtureSeat, League


def lock_league(league_id: int) -> League:
    """Lock the league row (step 1) and return it as it stands."""
    return League.objects.select_for_update().get(pk=league_id)


def lock_entries(league: League, entry_ids: Iterable[int | None]) -> dict[int, Entry]:
    """Lock these entries of the locked ``league`` in ascending pk (step 2); by pk."""
    ids = sorted({pk for pk in entry_ids if pk is not None})
    entries = {entry.pk: entry for entry in Entry.objects.select_for_update().filter(pk__in=ids).order_by("pk")}
    missing = set(ids) - set(entries)
    if missing:
        raise Entry.DoesNotExist(f"no entry {sorted(missing)}")
    for entry in entries.values():
        entry.league = league
    return entries


def lock_league_entries(league: League) -> list[Entry]:
    """Lock every entry of the locked ``league`` in ascending pk (step 2)."""
    entries = list(Entry.objects.select_for_update().filter(league=league).order_by("pk"))
    for entry in entries:
        entry.league = league
    return entries


def lock_entry(entry: Entry) -> Entry:
    """Lock the entry's league, then the entry (steps 1 and 2); the entry as it stands."""
    league = lock_league(entry.league_id)
    return lock_entries(league, [entry.pk])[entry.pk]


def lock_fixture(fixture: Fixture) -> Fixture:
    """Lock the fixture's league, both its entries in ascending pk, then the fixture (steps 1–3);
    the fixture as it stands, with ``league``, ``home`` and ``away`` the locked rows."""
    league = lock_league(fixture.league_id)
    entries = lock_entries(league, [fixture.home_id, fixture.away_id])
    locked = Fixture.objects.select_for_update().get(pk=fixture.pk)
    locked.league = league
    locked.home = entries[locked.home_id]
    locked.away = entries[locked.away_id] if locked.away_id is not None else None
    return locked


def lock_seated_fixture(fixture: Fixture) -> tuple[Fixture, list[Entry]]:
    """Lock a four-seat fixture's league, its four entries in ascending pk, then the fixture (steps
    1-3); the fixture as it stands and its locked entries in seat order. The seats are read before
    the locks: they are written once, with the fixture, and never change."""
    seats = list(FixtureSeat.objects.filter(fixture_id=fixture.pk).order_by("seat").values_list("entry_id", flat=True))
    league = lock_league(fixture.league_id)
    entries = lock_entries(league, seats)
    locked = Fixture.objects.select_for_update().get(pk=fixture.pk)
    locked.league = league
    locked.home = entries[locked.home_id]
    return locked, [entries[pk] for pk in seats]
