"""What waits on a player ("Waiting on you"): results to confirm, disputes to settle as an organiser,
fixtures to report, advances his members (or another game's figures: a warband's) have earned, and
hosted matches where it is his move.

The header's count is two queries whatever the player's number of leagues and matches (the four
counts in one statement, the advances in one more: his entries with Viadal's members due and every
entry of another game, docs/campaigns.md, "Leagues of more than one game"), their SQL written once
per process (``common.prepared``); the page's lists are
one query each, the hosted matches a page at a time. A fixture is "to report" from its date on (or
at once when it has none): a round robin's later rounds are not yet waiting on anyone
(docs/decisions.md, "Waiting on you").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser, User
from django.core.paginator import Page, Paginator
from django.db.models import Exists, F, FilteredRelation, Func, IntegerField, OuterRef, Prefetch, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.utils import timezone

from arena.engine.campaign.experience import ADVANCE_THRESHOLDS, advances_earned
from arena.engine.roster import DEAD
from arena.models import Match, MatchSeat
from arena.selectors import your_move_seats
from campaigns.models import Entry, Fixture, FixtureSeat, League, MemberRecord
from campaigns.rosters import entry_roster
from common.prepared import PreparedQuery
from games.league_protocol import VIADAL, entry_advances_due

AnyUser = User | AnonymousUser


def _of_player(user: User) -> Q:
    """His fixtures: home or away, or a seat at a four-seat table (a subquery: no duplicate rows)."""
    seated = FixtureSeat.objects.filter(entry__player=user).values("fixture")
    return Q(home__player=user) | Q(away__player=user) | Q(pk__in=seated)


def to_confirm(user: User) -> QuerySet[Fixture]:
    """Results another player reported: he confirms or disputes them (a four-seat result he has
    confirmed already is left out by ``inbox``)."""
    two = Q(result__reported_by__isnull=False) & ~Q(result__reported_by=user)
    four = Q(seat_count=4, arena_result__reported_by__isnull=False) & ~Q(arena_result__reported_by=user)
    return Fixture.objects.filter(_of_player(user), two | four, status=Fixture.Status.REPORTED).order_by(
        "scheduled_for", "round", "pk"
    )


def to_settle(user: User) -> QuerySet[Fixture]:
    """Disputed results in the leagues he organises."""
    return Fixture.objects.filter(league__organiser=user, status=Fixture.Status.DISPUTED).order_by("round", "pk")


def to_report(user: User, today: date) -> QuerySet[Fixture]:
    """His fixtures without a result whose day has come (or that have no day). A fixture whose
    hosted match is being played is not to report: the match reports it as it ends, and while it
    runs the inbox offers its move (``your_move``)."""
    due = Q(scheduled_for__isnull=True) | Q(scheduled_for__lte=today)
    played = Q(away__isnull=False) | Q(seat_count=4)  # not a bye
    hosted = Match.objects.filter(fixture=OuterRef("pk"), status__in=(Match.Status.SETUP, Match.Status.PLAYING))
    return (
        Fixture.objects.filter(_of_player(user), due, played, status=Fixture.Status.SCHEDULED)
        .exclude(Exists(hosted))
        .order_by("scheduled_for", "round", "pk")
    )


def your_move(user: User) -> QuerySet[MatchSeat]:
    """Hosted matches that owe him a decision, as the lobby counts them."""
    return your_move_seats(user).order_by("match_id")


@dataclass(frozen=True)
class AdvanceDue:
    """A member of one of his campaign teams with advances earned and not yet taken (HR-10.6), or
    a figure of one of his entries in another game's league (a warband's, WB-8.4): ``record`` is
    Viadal's member record, None for another game's figure (named by ``figure``)."""

    entry: Entry
    record: MemberRecord | None
    count: int
    figure: str = ""

    @property
    def name(self) -> str:
        return self.record.name if self.record is not None else self.figure


# the member record's fields the inbox reads, from the one statement of ``advances_due``
_RECORD_FIELDS = ("id", "slot", "name", "xp", "advances")


def _record(entry: Entry, values: dict[str, Any]) -> MemberRecord:
    """The member record read with his entry, from its ``_RECORD_FIELDS`` (its other fields deferred)."""
    known = {"entry_id": entry.pk, "current": True, **values}
    fields = [f.attname for f in MemberRecord._meta.concrete_fields if f.attname in known]
    return MemberRecord.from_db(entry._state.db, fields, [known[name] for name in fields])


# No user has a negative id, and no fixture is dated 1901: the header's two statements are compiled once
# per process with these in the player's and the day's places (common.prepared), not built afresh at
# every count (a few milliseconds of Python each time: every page's header, every minute's refreshed count).
_PLAYER_STAND_IN = -7_400_001
_TODAY_STAND_IN = date(1901, 2, 3)


def _entries_due(player: int) -> QuerySet[Entry]:
    """His entries, each Viadal one with a row per current member with XP enough for an advance."""
    enough = Q(members__current=True, members__xp__gte=ADVANCE_THRESHOLDS[0])
    return (
        Entry.objects.filter(player_id=player)
        .annotate(due=FilteredRelation("members", condition=enough))
        .filter(~Q(league__game=VIADAL) | Q(due__isnull=False))
        .annotate(**{f"record_{name}": F(f"due__{name}") for name in _RECORD_FIELDS})
        .select_related("league")
        .order_by("pk", "record_id")
    )


_ENTRIES_DUE = PreparedQuery(Entry, _entries_due, player=_PLAYER_STAND_IN)


def _entries_with_records(user: User) -> list[tuple[Entry, dict[str, Any]]]:
    """``_entries_due``'s rows: each entry with its league, and its row's member record fields."""
    found = []
    for row in _ENTRIES_DUE.rows(player=user.pk):
        entry = _ENTRIES_DUE.instance(row, Entry)
        entry.league = _ENTRIES_DUE.instance(row, League)
        found.append((entry, {name: _ENTRIES_DUE.annotation(row, f"record_{name}") for name in _RECORD_FIELDS}))
    return found


def advances_due(user: User) -> list[AdvanceDue]:
    """One query: his entries, each Viadal one with its current members with XP enough for an
    advance (a row each), and each of another game's with its document; then Viadal's earned
    advances are compared with those taken, a dead member (his roster says so) owing nothing, and
    another game's entry is asked of its own rules (``games.league_protocol.entry_advances_due``)."""
    due: list[AdvanceDue] = []
    statuses: dict[int, dict[str, str]] = {}
    for entry, values in _entries_with_records(user):
        if not entry.league.is_viadal:
            due.extend(AdvanceDue(entry, None, count, figure) for figure, count in entry_advances_due(entry))
            continue
        record = _record(entry, values)
        count = advances_earned(record.xp) - len(record.advances)
        if count <= 0:
            continue
        if entry.pk not in statuses:
            statuses[entry.pk] = {m.slot: m.status for m in entry_roster(entry).members}
        if statuses[entry.pk].get(record.slot) != DEAD:
            due.append(AdvanceDue(entry, record, count))
    return due


class _Count(Func):
    """``COUNT(pk)`` of a subquery without grouping: one number per subquery."""

    function = "COUNT"
    output_field = IntegerField()


def _count(queryset: QuerySet) -> Coalesce:
    return Coalesce(Subquery(queryset.order_by().annotate(n=_Count(F("pk"))).values("n")[:1]), 0)


@dataclass(frozen=True)
class InboxCounts:
    to_confirm: int = 0
    to_settle: int = 0
    to_report: int = 0
    your_move: int = 0
    advances: int = 0

    @property
    def total(self) -> int:
        return self.to_confirm + self.to_settle + self.to_report + self.your_move + self.advances


def _counted(player: int, today: date) -> QuerySet[User]:
    """The player's row with the four counts beside it."""
    users = get_user_model()
    someone = users(pk=player)
    return (
        users.objects.filter(pk=player)
        .annotate(
            n_confirm=_count(to_confirm(someone)),
            n_settle=_count(to_settle(someone)),
            n_report=_count(to_report(someone, today)),
            n_move=_count(your_move(someone)),
        )
        .only("pk")
    )


_COUNTS = PreparedQuery(User, _counted, repeated=("player",), player=_PLAYER_STAND_IN, today=_TODAY_STAND_IN)


def inbox_counts(user: AnyUser, today: date | None = None) -> InboxCounts:
    """The header's numbers: the four counts in one statement, the advances in one more."""
    if not user.is_authenticated:
        return InboxCounts()
    rows = _COUNTS.rows(player=user.pk, today=today or timezone.localdate())
    if not rows:  # (his account was deleted meanwhile)
        return InboxCounts()
    row = rows[0]
    return InboxCounts(
        to_confirm=_COUNTS.annotation(row, "n_confirm"),
        to_settle=_COUNTS.annotation(row, "n_settle"),
        to_report=_COUNTS.annotation(row, "n_report"),
        your_move=_COUNTS.annotation(row, "n_move"),
        advances=sum(1 for _ in advances_due(user)),
    )


FIXTURE_PARTS = ("league", "home__player", "away__player", "result__reported_by", "arena_result")


@dataclass(frozen=True)
class Inbox:
    """The page: each list in the order it is best dealt with."""

    to_confirm: list[Fixture] = field(default_factory=list)
    to_settle: list[Fixture] = field(default_factory=list)
    to_report: list[Fixture] = field(default_factory=list)
    your_move: list[MatchSeat] = field(default_factory=list)
    advances: list[AdvanceDue] = field(default_factory=list)
    your_move_page: Page | None = None  # ``your_move`` is this page (``MOVES_PER_PAGE``) of them

    @property
    def total(self) -> int:
        lists: tuple[list[Any], ...] = (self.to_confirm, self.to_settle, self.to_report, self.your_move, self.advances)
        return sum(len(found) for found in lists)


def _confirmed_by(fixture: Fixture, user: User) -> bool:
    return fixture.is_four_seat and user.pk in fixture.arena_result.confirmations


MOVES_PER_PAGE = 50  # hosted matches owing him a decision: one page at a time


def inbox(user: User, today: date | None = None, page: int | str | None = 1) -> Inbox:
    """Seven queries whatever the numbers (six without a hosted match owing a move): the hosted
    matches owing him a decision come a page (``MOVES_PER_PAGE``) at a time, the oldest first, with
    every team of each."""
    today = today or timezone.localdate()
    # every team of each match, not only his own (one query more, for the page's matches only)
    seats = Prefetch("match__seats", queryset=MatchSeat.objects.order_by("seat"))
    moves = Paginator(your_move(user).select_related("match").prefetch_related(seats), MOVES_PER_PAGE).get_page(page)
    return Inbox(
        to_confirm=[f for f in to_confirm(user).select_related(*FIXTURE_PARTS) if not _confirmed_by(f, user)],
        to_settle=list(to_settle(user).select_related(*FIXTURE_PARTS)),
        to_report=list(to_report(user, today).select_related(*FIXTURE_PARTS)),
        your_move=list(moves.object_list),
        your_move_page=moves,
        advances=advances_due(user),
    )
