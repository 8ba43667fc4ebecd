"""The fixtures page: rounds of fixtures with what the viewer may do to each one."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import QuerySet
from django.utils.translation import gettext as _

from arena.engine.campaign.knockout import stage_name

from ..labels import stage_label
from ..models import Fixture, League
from ..permissions import is_opponent_of_reporter, is_organiser, is_player_in


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

    @property
    def can_settle(self) -> bool:
        return self.is_organiser and not self.fixture.is_bye


def fixture_line(fixture: Fixture, user: AbstractBaseUser | AnonymousUser) -> FixtureLine:
    waiting = fixture.status == Fixture.Status.REPORTED
    return FixtureLine(
        fixture=fixture,
        can_report=fixture.awaits_result and is_player_in(fixture, user),
        can_confirm=waiting and is_opponent_of_reporter(fixture, user),
        is_organiser=is_organiser(fixture.league, user),
    )


@dataclass(frozen=True)
class RoundBlock:
    """One round; ``stage`` names a knockout round (``Elődöntő`` / ``Semi final``), else it is empty."""

    number: int
    lines: list[FixtureLine]
    stage: str = ""

    @property
    def title(self) -> str:
        title = _("Round %(number)s") % {"number": self.number}
        return f"{title} · {self.stage}" if self.stage else title


def league_rounds(league: League, user: AbstractBaseUser | AnonymousUser) -> list[RoundBlock]:
    rounds: dict[int, list[FixtureLine]] = {}
    for fixture in fixtures_of(league):
        fixture.league = league  # one league for every line: no query per fixture
        rounds.setdefault(fixture.round, []).append(fixture_line(fixture, user))
    knockout = league.format == League.Format.KNOCKOUT
    return [
        RoundBlock(number, lines, stage_label(stage_name(2 * len(lines))) if knockout else "")
        for number, lines in sorted(rounds.items())
    ]
