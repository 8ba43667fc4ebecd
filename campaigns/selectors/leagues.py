"""League lists and the league page: entries with their team value and any rule they break; a
league of groups adds its group tables, a knockout (either kind) its bracket."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Count, QuerySet

from arena.engine.campaign.between_matches import team_value
from arena.engine.content.amulets import OPTIONAL_RULES
from arena.engine.roster import Problem
from arena.engine.roster.point_rules import validate_roster
from common.i18n import entry_name
from games.league_protocol import league_game, league_pages
from teams.models import Team

from ..models import Entry, Fixture, League
from ..permissions import can_enter, is_organiser
from ..rosters import entry_roster
from .fixtures import Bracket, bracket, fixtures_of, planned_group_count
from .league_tables import GroupTable, group_tables


def league_list() -> QuerySet[League]:
    return League.objects.select_related("organiser").annotate(entry_count=Count("entries"))


@dataclass(frozen=True)
class EntryLine:
    """An entry on the league page. ``problems``: what the validators say of it under the league's
    tier (shown in advisory leagues; a strict league never holds a team with any); another game's
    entry has ``game_problems`` instead, (rule id, text) from its plug-in."""

    entry: Entry
    value: int
    problems: tuple[Problem, ...]
    game_problems: tuple[tuple[str, str], ...] = ()


def entry_lines(league: League, entries: list[Entry] | None = None) -> list[EntryLine]:
    lines = []
    game = None if league.is_viadal else league_pages(league.game)
    for entry in entries if entries is not None else league.entries.select_related("player"):
        if game is not None:
            entry.league = league
            lines.append(EntryLine(entry, game.entry_value(entry), (), tuple(game.entry_problems(entry))))
            continue
        roster = entry_roster(entry)
        lines.append(EntryLine(entry, team_value(roster), validate_roster(roster)))
    return lines


@dataclass(frozen=True)
class LeaguePage:
    league: League
    entries: list[EntryLine]
    invited: list[str]
    is_organiser: bool
    can_enter: bool
    enterable_teams: QuerySet[Team]
    has_fixtures: bool
    enterable: tuple[tuple[int, str], ...] = ()  # another game's: the player's ready things
    groups: list[GroupTable] = field(default_factory=list)
    bracket: Bracket | None = None
    disputed: list[Fixture] = field(default_factory=list)

    @property
    def planned_groups(self) -> int:
        """Groups, then knockout, before the draw: the organiser's count, else the automatic one
        (0 while there are too few teams for a group)."""
        return planned_group_count(self.league, len(self.entries))

    @property
    def game_settings(self) -> list[tuple[str, str]]:
        """Another game's own settings, (label, value) in the reader's language."""
        return [] if self.league.is_viadal else league_pages(self.league.game).settings_lines(self.league)

    @property
    def option_names(self) -> list[str]:
        return [entry_name(OPTIONAL_RULES[o]) if o in OPTIONAL_RULES else o for o in self.league.options]


def league_page(league: League, user: User | AnonymousUser) -> LeaguePage:
    entering = user.is_authenticated and can_enter(league, user)
    viadal = league.is_viadal
    teams = (
        Team.objects.filter(owner_id=user.pk, status=Team.Status.READY) if entering and viadal else Team.objects.none()
    )
    enterable = tuple(league_game(league.game).enterable(league, user)) if entering and not viadal else ()
    entries = list(league.entries.select_related("player"))
    fixtures = []
    if league.has_bracket:
        fixtures = list(fixtures_of(league))
        for fixture in fixtures:
            fixture.league = league
    return LeaguePage(
        league=league,
        entries=entry_lines(league, entries),
        groups=group_tables(league, entries) if league.has_groups else [],
        bracket=bracket(league, fixtures, len(entries)),
        invited=[i.player.get_username() for i in league.invitations.select_related("player").order_by("pk")],
        is_organiser=is_organiser(league, user),
        can_enter=entering,
        enterable_teams=teams,
        enterable=enterable,
        has_fixtures=league.fixtures.exists(),
        # a dispute holds the standings up: every reader sees it, the organiser settles it from here
        disputed=list(league.fixtures.filter(status=Fixture.Status.DISPUTED).select_related("home", "away")),
    )
