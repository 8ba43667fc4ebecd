"""League tables, computed from the results every time (HR-10.1, HR-10.3), so a changed result
changes the table at once. A knockout has a bracket instead (see ``fixtures.bracket``)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from arena.engine.campaign.results import ResultKind, league_points
from arena.engine.campaign.standings import TIE_BREAKERS, MatchResult, StandingRow, TieBreaker, compute_standings

from ..facts import facts_of
from ..labels import RESULT_LABELS
from ..models import Entry, Fixture, League

TIE_BREAKER_LABELS = {
    TieBreaker.POINTS: "League points",
    TieBreaker.HEAD_TO_HEAD: "Head-to-head points among the tied teams",
    TieBreaker.BUCHHOLZ: "Buchholz: the opponents' league points added up (a bye counts 0)",
    TieBreaker.VICTORIES: "Number of Victories",
    TieBreaker.ARENA_DIFFERENCE: "Arena-score difference (for − against)",
    TieBreaker.ARENA_FOR: "Arena score for",
    TieBreaker.FEWER_KILLED: "Fewer own members killed",
    TieBreaker.LOTS: "Drawing lots (seeded)",
}


def match_result(fixture: Fixture) -> MatchResult:
    """A finished fixture as the standings read it (the result and the facts prefetched)."""
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


def done_fixtures(league: League) -> Iterable[Fixture]:
    return league.fixtures.filter(status__in=Fixture.DONE).select_related("result")


@dataclass(frozen=True)
class StandingLine:
    row: StandingRow
    entry: Entry

    @property
    def decided_by_label(self) -> str:
        return TIE_BREAKER_LABELS[self.row.decided_by] if self.row.decided_by else ""


@dataclass(frozen=True)
class Standings:
    league: League
    lines: tuple[StandingLine, ...]
    chain: tuple[tuple[TieBreaker, str], ...]

    @property
    def is_swiss(self) -> bool:
        return self.league.format == League.Format.SWISS

    @property
    def points_legend(self) -> list[tuple[str, int]]:
        """League points of each result in this league's format (HR-10.1, HR-10.2)."""
        kinds = (ResultKind.VICTORY, ResultKind.POINTS_VICTORY, ResultKind.DRAW, ResultKind.DEFEAT,
                 ResultKind.FORFEIT_LOSS, ResultKind.BYE)
        return [(RESULT_LABELS[kind], league_points(kind, self.league.engine_format)) for kind in kinds]


def standing_rows(league: League, entries: Iterable[Entry]) -> list[StandingRow]:
    results = [match_result(fixture) for fixture in done_fixtures(league)]
    return compute_standings(league.engine_format, [e.pk for e in entries], results, league.dice_seed)


def league_standings(league: League) -> Standings:
    """The ranked table with each row's entry and the tie-break chain in order (four queries)."""
    entries = {entry.pk: entry for entry in league.entries.select_related("player")}
    rows = standing_rows(league, entries.values()) if entries else []
    chain = tuple((breaker, TIE_BREAKER_LABELS[breaker]) for breaker in TIE_BREAKERS[league.engine_format])
    return Standings(league, tuple(StandingLine(row, entries[row.team_id]) for row in rows), chain)


CSV_HEADER = (
    "Rank", "Team", "Player", "Played", "Victories", "Points victories", "Draws", "Points defeats",
    "Defeats", "Forfeits", "Byes", "League points", "Arena for", "Arena against", "Arena difference",
    "Killed", "Buchholz", "Decided by",
)


def standings_csv_rows(standings: Standings) -> list[tuple[object, ...]]:
    rows: list[tuple[object, ...]] = []
    for line in standings.lines:
        r = line.row
        rows.append((
            r.rank, line.entry.name, line.entry.player.get_username(), r.played, r.victories,
            r.points_victories, r.draws, r.points_defeats, r.defeats, r.forfeits, r.byes, r.points,
            r.arena_for, r.arena_against, r.arena_difference, r.killed, r.buchholz,
            r.decided_by.value if r.decided_by else "",
        ))
    return rows
