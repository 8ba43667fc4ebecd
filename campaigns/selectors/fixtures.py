"""The fixtures page: rounds of fixtures with what the viewer may do to each one; the knockout
bracket of the league page."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import QuerySet
from django.utils.translation import gettext as _

from arena.engine.campaign.fixture_formats import GROUP_QUALIFIERS, bracket_size, default_group_count
from arena.engine.campaign.knockout import stage_name
from arena.engine.campaign.results import ResultKind, is_victory, is_win
from arena.engine.campaign.round_robin import GROUP_MIN_SIZE

from ..league_labels import stage_label
from ..models import Entry, Fixture, League
from ..permissions import is_opponent_of_reporter, is_organiser, is_player_in
from .arena import TableView, seated_fixtures, table_view


def fixtures_of(league: League) -> QuerySet[Fixture]:
    """Every fixture with both teams, their players and the result, in one query."""
    return league.fixtures.select_related("home__player", "away__player", "result")


@dataclass(frozen=True)
class FixtureLine:
    """A fixture and the viewer's actions on it."""

    fixture: Fixture
    can_report: bool
    can_confirm: bool
    is_organiser: bool
    table: TableView | None = None  # a four-seat fixture: its seats and their actions

    @property
    def can_settle(self) -> bool:
        return self.is_organiser and not self.fixture.is_bye


def fixture_line(fixture: Fixture, user: User | AnonymousUser) -> FixtureLine:
    if fixture.is_four_seat:
        table = table_view(fixture, user)
        return FixtureLine(fixture, table.can_report, table.can_confirm, table.is_organiser, table)
    waiting = fixture.status == Fixture.Status.REPORTED
    return FixtureLine(
        fixture=fixture,
        can_report=fixture.awaits_result and is_player_in(fixture, user),
        can_confirm=waiting and is_opponent_of_reporter(fixture, user),
        is_organiser=is_organiser(fixture.league, user),
    )


@dataclass(frozen=True)
class RoundBlock:
    """One round; ``stage`` names a knockout round (``Elődöntő`` / ``Semi final``) or the group
    stage of a league of groups (``group_stage``), else it is empty."""

    number: int
    lines: list[FixtureLine]
    stage: str = ""
    group_stage: bool = False

    @property
    def title(self) -> str:
        title = _("Round %(number)s") % {"number": self.number}
        return f"{title} · {self.stage}" if self.stage else title


def league_rounds(league: League, user: User | AnonymousUser) -> list[RoundBlock]:
    rounds: dict[int, list[FixtureLine]] = {}
    for fixture in seated_fixtures(league) if league.is_four_player else fixtures_of(league):
        fixture.league = league  # one league for every line: no query per fixture
        rounds.setdefault(fixture.round, []).append(fixture_line(fixture, user))
    blocks = []
    for number, lines in sorted(rounds.items()):
        if lines[0].fixture.group is not None:
            blocks.append(RoundBlock(number, lines, _("Group stage"), group_stage=True))
        else:
            stage = stage_label(stage_name(2 * len(lines))) if league.has_bracket else ""
            blocks.append(RoundBlock(number, lines, stage))
    return blocks


def winner_id(fixture: Fixture) -> int | None:
    """The entry that won a final fixture (a bye's team goes through); None while it is not final."""
    if fixture.is_bye:
        return fixture.home_id
    if not fixture.is_final:
        return None
    kind = ResultKind(fixture.result.home_result)
    return fixture.home_id if is_win(kind) or is_victory(kind) else fixture.away_id


@dataclass(frozen=True)
class BracketTie:
    """One place of a knockout round: its fixture, or None while the round is not drawn yet."""

    fixture: Fixture | None

    @property
    def winner(self) -> int | None:
        return winner_id(self.fixture) if self.fixture else None


@dataclass(frozen=True)
class BracketRound:
    stage: str
    ties: list[BracketTie]

    @property
    def drawn(self) -> bool:
        return any(tie.fixture for tie in self.ties)


@dataclass(frozen=True)
class Bracket:
    """The knockout (or a league's knockout stage) round by round, the rounds not drawn yet as empty
    places; ``champion`` once the final is final."""

    rounds: list[BracketRound]

    @property
    def started(self) -> bool:
        return bool(self.rounds) and self.rounds[0].drawn

    @property
    def champion(self) -> Entry | None:
        final = self.rounds[-1].ties[0] if self.rounds and len(self.rounds[-1].ties) == 1 else None
        if final is None or final.fixture is None or final.winner is None:
            return None
        return final.fixture.home if final.winner == final.fixture.home_id else final.fixture.away


def planned_group_count(league: League, entry_count: int) -> int:
    """Groups, then knockout, before the draw: the organiser's count, else the automatic one (0
    while there are too few teams for a group)."""
    return league.group_count or (default_group_count(entry_count) if entry_count >= GROUP_MIN_SIZE else 0)


def bracket(league: League, fixtures: Iterable[Fixture], entry_count: int) -> Bracket | None:
    """The bracket from the league's fixtures (``fixtures_of``: no further query). Before the
    knockout starts its size follows from the teams going into it: every entry in a knockout, the
    top 2 of each group after the groups (their number: the groups drawn, else the planned count)."""
    if not league.has_bracket:
        return None
    rounds: dict[int, list[Fixture]] = {}
    groups: set[int] = set()
    for fixture in fixtures:
        if fixture.group is None:
            rounds.setdefault(fixture.round, []).append(fixture)
        else:
            groups.add(fixture.group)
    if rounds:
        places = len(rounds[min(rounds)])
    else:
        teams = entry_count
        if league.has_groups:
            count = len(groups) or planned_group_count(league, entry_count)
            teams = GROUP_QUALIFIERS * count
        if teams < 2:
            return Bracket([])
        places = bracket_size(teams) // 2
    drawn = [fixtures for _, fixtures in sorted(rounds.items())]
    bracket_rounds = []
    index = 0
    while places >= 1:
        round_fixtures = sorted(drawn[index], key=lambda f: f.position) if index < len(drawn) else []
        ties = [BracketTie(f) for f in round_fixtures] or [BracketTie(None) for _ in range(places)]
        bracket_rounds.append(BracketRound(stage_label(stage_name(2 * places)), ties))
        places //= 2
        index += 1
    return Bracket(bracket_rounds)
