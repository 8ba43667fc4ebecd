"""Four-seat fixtures (HR-8) as the pages read them: the seats with their placings and league
points, the viewer's actions, and the league table with its CSV rows."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Prefetch, QuerySet
from django.utils.translation import gettext as _

from arena.engine.campaign.four_player_facts import ArenaFacts, SeatPlacing
from arena.engine.campaign.four_player_results import FFA_PLACE_POINTS, seat_league_points, seat_result_kind
from arena.engine.campaign.four_player_standings import (
    ARENA_TIE_BREAKER_DESCRIPTIONS,
    ARENA_TIE_BREAKERS,
    ArenaStandingRow,
    SeatedMatch,
    compute_arena_standings,
)
from arena.engine.campaign.pairing import TeamId
from arena.engine.campaign.results import ResultKind, league_points
from arena.engine.campaign.standings import TieBreaker
from arena.engine.match.words import ArenaMode
from common.i18n import pair_name

from ..arena_facts import arena_facts_of
from ..league_labels import result_label, tie_breaker_description, tie_breaker_name
from ..models import Entry, Fixture, FixtureSeat, League
from ..permissions import is_organiser, is_seated_player, may_confirm_arena

SEATS_PREFETCH = Prefetch("seats", queryset=FixtureSeat.objects.select_related("entry__player"))


def seated_fixtures(league: League) -> QuerySet[Fixture]:
    """A four-player league's fixtures with their seats, players and results: two queries."""
    return league.fixtures.select_related("home__player", "arena_result", "result").prefetch_related(SEATS_PREFETCH)


def seat_entries(fixture: Fixture) -> list[Entry]:
    """The entries in seat order (from the prefetch when there is one)."""
    return [seat.entry for seat in fixture.seats.all()]


def fixture_arena_facts(fixture: Fixture) -> ArenaFacts | None:
    result = getattr(fixture, "arena_result", None)
    return arena_facts_of(result, fixture.league.mode) if result is not None else None


@dataclass(frozen=True)
class SeatLine:
    """One seat as a page shows it; ``placing`` and ``points`` once a result is recorded."""

    seat: int
    entry: Entry
    placing: SeatPlacing | None = None
    points: int | None = None
    result: ResultKind | None = None

    @property
    def side(self) -> str:
        """Pairs: ``A`` for seats 0-1, ``B`` for seats 2-3."""
        return "AB"[self.seat // 2]

    @property
    def result_label(self) -> str:
        return result_label(self.result) if self.result else ""


def seat_lines(fixture: Fixture, seats: list[Entry]) -> list[SeatLine]:
    facts = fixture_arena_facts(fixture)
    if facts is None:
        return [SeatLine(index, entry) for index, entry in enumerate(seats)]
    return [
        SeatLine(
            index,
            entry,
            facts.placing(index),
            seat_league_points(facts, index),
            seat_result_kind(facts, index),
        )
        for index, entry in enumerate(seats)
    ]


@dataclass(frozen=True)
class TableView:
    """A four-seat fixture and what the viewer may do with it."""

    fixture: Fixture
    seats: list[SeatLine]
    can_report: bool
    can_confirm: bool
    is_organiser: bool

    @property
    def is_pairs(self) -> bool:
        return self.fixture.league.mode is ArenaMode.PAIRS

    @property
    def waiting_for(self) -> list[Entry]:
        """Seated players still to confirm a reported result."""
        result = getattr(self.fixture, "arena_result", None)
        if result is None or self.fixture.status != Fixture.Status.REPORTED:
            return []
        done = {result.reported_by_id, *result.confirmations}
        return [line.entry for line in self.seats if line.entry.player_id not in done]


def table_view(fixture: Fixture, user: User | AnonymousUser) -> TableView:
    seats = seat_entries(fixture)
    return TableView(
        fixture=fixture,
        seats=seat_lines(fixture, seats),
        can_report=fixture.awaits_result and is_seated_player(seats, user),
        can_confirm=may_confirm_arena(fixture, seats, user),
        is_organiser=is_organiser(fixture.league, user),
    )


def seated_fixture_queryset() -> QuerySet[Fixture]:
    """Four-seat fixtures with their league, seats and result (a fixture page: two queries)."""
    queryset = Fixture.objects.filter(seat_count=4).select_related("league__organiser", "home__player", "arena_result")
    return queryset.prefetch_related(SEATS_PREFETCH)


# --- standings ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class ArenaStandingLine:
    row: ArenaStandingRow
    entry: Entry

    @property
    def decided_by_label(self) -> str:
        return arena_tie_breaker_description(self.row.decided_by) if self.row.decided_by else ""


def arena_tie_breaker_description(breaker: TieBreaker) -> str:
    pair = ARENA_TIE_BREAKER_DESCRIPTIONS.get(breaker)
    return pair_name(pair) if pair else tie_breaker_description(breaker)


@dataclass(frozen=True)
class ArenaStandings:
    league: League
    lines: tuple[ArenaStandingLine, ...]
    chain: tuple[tuple[TieBreaker, str], ...]
    is_swiss = False
    is_four_player = True

    @property
    def points_legend(self) -> list[tuple[str, int]]:
        """HR-8: pairs as two-player; free-for-all by place (the +1 per gladiator is told apart)."""
        if self.league.mode is ArenaMode.PAIRS:
            kinds = (ResultKind.VICTORY, ResultKind.POINTS_VICTORY, ResultKind.DRAW, ResultKind.DEFEAT)
            return [(result_label(kind), league_points(kind)) for kind in kinds]
        places = (_("1st"), _("2nd"), _("3rd"), _("4th"))
        return list(zip(places, FFA_PLACE_POINTS, strict=True))


def arena_league_standings(league: League) -> ArenaStandings:
    """The four-player league's table (HR-8, HR-10.3 adapted): three queries (the entries, the
    finished fixtures with their results, their seats)."""
    entries: dict[TeamId, Entry] = {entry.pk: entry for entry in league.entries.select_related("player")}
    matches: list[SeatedMatch] = []
    byes: list[TeamId] = []
    done = league.fixtures.filter(status__in=Fixture.DONE).select_related("arena_result").prefetch_related("seats")
    for fixture in done:
        fixture.league = league
        if fixture.is_bye:
            byes.append(fixture.home_id)
            continue
        facts = fixture_arena_facts(fixture)
        if facts is not None:
            seats = tuple(seat.entry_id for seat in fixture.seats.all())
            matches.append(SeatedMatch(seats, facts, fixture.round))  # type: ignore[arg-type]
    rows = compute_arena_standings(league.mode, list(entries), matches, league.dice_seed, byes) if entries else []
    chain = tuple((breaker, arena_tie_breaker_description(breaker)) for breaker in ARENA_TIE_BREAKERS)
    return ArenaStandings(league, tuple(ArenaStandingLine(row, entries[row.team_id]) for row in rows), chain)


def arena_csv_header() -> tuple[str, ...]:
    return (
        _("Rank"),
        _("Team"),
        _("Player"),
        _("Played"),
        _("Victories"),
        _("Byes"),
        _("League points"),
        _("Arena for"),
        _("Gladiators destroyed"),
        _("Killed"),
        _("Decided by"),
    )


def arena_csv_rows(standings: ArenaStandings) -> list[tuple[object, ...]]:
    return [
        (
            line.row.rank,
            line.entry.name,
            line.entry.player.get_username(),
            line.row.played,
            line.row.victories,
            line.row.byes,
            line.row.points,
            line.row.arena_for,
            line.row.gladiators_destroyed,
            line.row.killed,
            tie_breaker_name(line.row.decided_by) if line.row.decided_by else "",
        )
        for line in standings.lines
    ]
