"""Leagues and entries for the league tests; entries go through ``league_enter`` like a player's."""

from __future__ import annotations

import factory
from factory.django import DjangoModelFactory

from campaigns.models import Entry, League
from campaigns.services.leagues import league_enter
from teams.models import Team
from tests.factories import TeamFactory, UserFactory


class LeagueFactory(DjangoModelFactory):
    """An open Standard round robin with a fixed dice seed."""

    class Meta:
        model = League

    organiser = factory.SubFactory(UserFactory)
    name = factory.Sequence(lambda n: f"League {n}")
    season = "Spring 2025"
    sign_up_open = True
    dice_seed = 20250301


def enter_team(league: League, *, player=None, name: str | None = None) -> Entry:  # type: ignore[no-untyped-def]
    """A new player (unless given) enters a ready base team called ``name``."""
    player = player or UserFactory()
    team = TeamFactory(owner=player, status=Team.Status.READY, **({"name": name} if name else {}))
    return league_enter(league=league, player=player, team=team)


def enter_teams(league: League, count: int) -> list[Entry]:
    return [enter_team(league, name=f"Team {chr(ord('A') + i)}") for i in range(count)]
