"""League tables, computed from the results every time (HR-10.1, HR-10.3), so a changed result
changes the table at once. A league of groups has a table per group (:func:`group_tables`), from its
group matches only; a knockout has a bracket instead (see ``fixtures.bracket``)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import QuerySet
from django.utils.translation import gettext as _

from arena.engine.campaign.fixture_formats import GROUP_QUALIFIERS
from arena.engine.campaign.pairing import TeamId
from arena.engine.campaign.results import ResultKind, league_points
from arena.engine.campaign.standings import MatchResult, StandingRow, TieBreaker
from games.league_protocol import league_game, league_pages

from ..league_labels import result_label, tie_breaker_description, tie_breaker_name
from ..models import Entry, Fixture, League, group_letter
from ..result_facts import facts_of


def match_result(fixture: Fixture) -> MatchResult:
    """A finished fixture as its game's standings read it (the result prefetched)."""
    return league_game(fixture.league.game).match_result(fixture)


def viadal_match_result(fixture: Fixture) -> MatchResult:
    """A finished Viadal fixture as the standings read it (the result and the facts prefetched)."""
    if fixture.is_bye:
        return MatchResult.bye(fixture.home_id, fixture.round)
    facts = facts_of(fixture.result)
    return MatchResult(
        home=fixture.home_id,
        away=fixture.away_id,
        home_result=ResultKind(fixture.result.home_result),
        home_score=facts.home_score,
        away_score=facts.away_score,
        home_killed=facts.home.killed,
        away_killed=facts.away.killed,
        round_no=fixture.round,
    )


def done_fixtures(league: League) -> QuerySet[Fixture]:
    return league.fixtures.filter(status__in=Fixture.DONE).select_related("result")


@dataclass(frozen=True)
class StandingLine:
    row: StandingRow
    entry: Entry

    @property
    def decided_by_label(self) -> str:
        if not self.row.decided_by:
            return ""
        return _breaker_label(self.entry.league, self.row.decided_by)


@dataclass(frozen=True)
class Standings:
    league: League
    lines: tuple[StandingLine, ...]
    chain: tuple[tuple[TieBreaker, str], ...]

    @property
    def is_swiss(self) -> bool:
        return self.league.format == League.Format.SWISS

    @property
    def points_rule(self) -> str:
        return "HR-10.1" if self.league.is_viadal else league_pages(self.league.game).points_rule

    @property
    def tie_break_rule(self) -> str:
        return "HR-10.3" if self.league.is_viadal else league_pages(self.league.game).tie_break_rule

    @property
    def points_legend(self) -> list[tuple[str, int]]:
        """League points of each result in this league's format (HR-10.1, HR-10.2; another game's
        from its plug-in)."""
        if not self.league.is_viadal:
            return league_pages(self.league.game).points_legend(self.league)
        kinds = (
            ResultKind.VICTORY,
            ResultKind.POINTS_VICTORY,
            ResultKind.DRAW,
            ResultKind.DEFEAT,
            ResultKind.FORFEIT_LOSS,
            ResultKind.BYE,
        )
        return [(result_label(kind), league_points(kind, self.league.engine_format)) for kind in kinds]


def _done_results(league: League, fixtures: Iterable[Fixture]) -> list[MatchResult]:
    game = league_game(league.game)
    results = []
    for fixture in fixtures:
        fixture.league = league  # one league for every fixture: no query each
        results.append(game.match_result(fixture))
    return results


def _breaker_label(league: League, breaker: TieBreaker) -> str:
    if league.is_viadal:
        return tie_breaker_description(breaker)
    return league_pages(league.game).tie_breaker_label(breaker)


def _chain(league: League) -> tuple[tuple[TieBreaker, str], ...]:
    breakers = league_game(league.game).tie_breakers(league.engine_format)
    return tuple((breaker, _breaker_label(league, breaker)) for breaker in breakers)


def standing_rows(league: League, entries: Iterable[Entry]) -> list[StandingRow]:
    results = _done_results(league, done_fixtures(league))
    game = league_game(league.game)
    return game.compute_standings(league.engine_format, [e.pk for e in entries], results, league.dice_seed)


def league_standings(league: League) -> Standings:
    """The ranked table with each row's entry and the tie-break chain in order (four queries)."""
    entries: dict[TeamId, Entry] = {entry.pk: entry for entry in league.entries.select_related("player")}
    rows = standing_rows(league, entries.values()) if entries else []
    return Standings(league, tuple(StandingLine(row, entries[row.team_id]) for row in rows), _chain(league))


@dataclass(frozen=True)
class GroupTable(Standings):
    """One group's table (groups, then knockout): its ``group`` (0 is A) and the places that go on
    to the knockout (the top ``qualifiers``)."""

    group: int = 0
    qualifiers: int = GROUP_QUALIFIERS

    @property
    def letter(self) -> str:
        return group_letter(self.group)


def group_tables(league: League, entries: Iterable[Entry] | None = None) -> list[GroupTable]:
    """Each group's table, in group order, from the group matches only (the HR-10.3 round-robin
    chain; the knockout stage's results never count). Two queries: the entries with their players
    (unless given) and the finished fixtures with their results. Empty before the groups are drawn."""
    if entries is None:
        entries = league.entries.select_related("player")
    members: dict[int, list[Entry]] = {}
    for entry in entries:
        if entry.group is not None:
            members.setdefault(entry.group, []).append(entry)
    if not members:
        return []
    game = league_game(league.game)
    results: dict[int, list[MatchResult]] = {}
    for fixture in done_fixtures(league).filter(group__isnull=False):
        if fixture.group is not None:
            fixture.league = league
            results.setdefault(fixture.group, []).append(game.match_result(fixture))
    chain = _chain(league)
    tables = []
    for group, group_entries in sorted(members.items()):
        by_pk: dict[TeamId, Entry] = {entry.pk: entry for entry in group_entries}
        rows = game.compute_standings(league.engine_format, list(by_pk), results.get(group, []), league.dice_seed)
        lines = tuple(StandingLine(row, by_pk[row.team_id]) for row in rows)
        tables.append(GroupTable(league, lines, chain, group=group))
    return tables


@dataclass(frozen=True)
class CsvDialect:
    """How the standings CSV is written for a reader: Hungarian spreadsheet programs (Excel set to
    Hungarian, LibreOffice) split on semicolons, read a decimal comma and need a byte-order mark to
    take the file as UTF-8; English keeps commas, a decimal point and no mark."""

    delimiter: str
    decimal: str
    bom: bool

    def cell(self, value: object) -> object:
        """A number with a fraction takes the reader's decimal separator; anything else is as it is."""
        if isinstance(value, (float, Decimal)):
            return str(value).replace(".", self.decimal)
        return value

    def row(self, values: Iterable[object]) -> tuple[object, ...]:
        return tuple(self.cell(value) for value in values)


CSV_DIALECTS = {"hu": CsvDialect(";", ",", True), "en": CsvDialect(",", ".", False)}


def csv_dialect(language: str | None) -> CsvDialect:
    return CSV_DIALECTS["hu" if (language or "").split("-")[0] == "hu" else "en"]


def csv_header(league: League | None = None) -> tuple[str, ...]:
    """The CSV's column names in the reader's language: the file follows the page it is taken from.
    Another game's columns after rank, name and player are its plug-in's."""
    if league is not None and not league.is_viadal:
        return (_("Rank"), _("Name"), _("Player"), *league_pages(league.game).csv_header(), _("Decided by"))
    return (
        _("Rank"),
        _("Team"),
        _("Player"),
        _("Played"),
        _("Victories"),
        _("Points victories"),
        _("Draws"),
        _("Points defeats"),
        _("Defeats"),
        _("Forfeits"),
        _("Byes"),
        _("League points"),
        _("Arena for"),
        _("Arena against"),
        _("Arena difference"),
        _("Killed"),
        "Buchholz",
        _("Decided by"),
    )


def standings_csv_rows(standings: Standings) -> list[tuple[object, ...]]:
    """One row per team in rank order; "decided by" names the tie-breaker in the reader's language."""
    rows: list[tuple[object, ...]] = []
    pages = None if standings.league.is_viadal else league_pages(standings.league.game)
    for line in standings.lines:
        r = line.row
        if pages is not None:
            decided = pages.tie_breaker_label(r.decided_by) if r.decided_by else ""
            rows.append((r.rank, line.entry.name, line.entry.player.get_username(), *pages.csv_cells(r), decided))
            continue
        rows.append(
            (
                r.rank,
                line.entry.name,
                line.entry.player.get_username(),
                r.played,
                r.victories,
                r.points_victories,
                r.draws,
                r.points_defeats,
                r.defeats,
                r.forfeits,
                r.byes,
                r.points,
                r.arena_for,
                r.arena_against,
                r.arena_difference,
                r.killed,
                r.buchholz,
                tie_breaker_name(r.decided_by) if r.decided_by else "",
            )
        )
    return rows
