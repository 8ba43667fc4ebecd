"""A small Hungarian league for the page tests: three teams with Hungarian member names, a round
robin of three rounds dated from 5 March 2026, every match played, all three teams level on points
so that the arena-score difference decides the table, and Ilona, the Vörös Sólymok's strategist,
fallen in round 1 (injury roll 5 − 1 = 4: Súlyos seb, two matches missed)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from arena.engine.campaign.results import ResultKind
from campaigns.models import Entry, Fixture, League
from campaigns.result_facts import Fate, MemberFacts
from campaigns.services.fixtures import fixtures_generate
from campaigns.services.leagues import league_enter
from teams.models import Team
from tests.campaigns.factories import LeagueFactory
from tests.campaigns.helpers import facts, play, side
from tests.factories import TeamFactory, UserFactory

NAMES = {
    "gladiator": "Vazul",
    "witch_master": "Bence",
    "crossbowman": "Csenge",
    "deasta": "Dénes",
    "laeva": "Emese",
    "strategist": "Ilona",
}
TEAMS = ("Vasfarkasok", "Vörös Sólymok", "Arany Bikák")
START = datetime.date(2026, 3, 5)


@dataclass
class HungarianLeague:
    league: League
    entries: dict[str, Entry]
    injured: Fixture  # the match in which the Vörös Sólymok's strategist fell


def hungarian_team(name: str, player_name: str) -> Team:
    team = TeamFactory(owner=UserFactory(username=player_name), name=name, status=Team.Status.READY)
    for character in team.characters.all():
        character.name = NAMES[character.slot]
        character.save(update_fields=["name"])
    return team


def hungarian_league(**league_fields: object) -> HungarianLeague:
    league = LeagueFactory(
        name="Shuluri Tavaszi Liga", season="2026 tavasz", organiser=UserFactory(username="szervezo"), **league_fields
    )
    entries = {}
    for number, name in enumerate(TEAMS):
        team = hungarian_team(name, f"jatekos{number + 1}")
        entries[name] = league_enter(league=league, player=team.owner, team=team)
    fixtures_generate(league=league, actor=league.organiser, start=START, interval_days=7)
    return HungarianLeague(league, entries, injured=play_level_rounds(league, entries))


def play_level_rounds(league: League, entries: dict[str, Entry]) -> Fixture:
    """The home team wins every match of the first cycle, so each team beats one and loses to one
    (3 points each); the margins differ. The Vörös Sólymok's strategist falls in the first match
    they lose."""
    injured = None
    margins = iter([(10, 2), (9, 4), (7, 6)])
    first_cycle = league.fixtures.filter(round__lte=len(entries)).exclude(status=Fixture.Status.BYE)
    for fixture in first_cycle.order_by("round", "position"):
        away = None
        if injured is None and fixture.away_id == entries["Vörös Sólymok"].pk:
            injured, away = fixture, side(strategist=MemberFacts(fate=Fate.DEAD, final_ep=-3))
        play(fixture, facts(ResultKind.VICTORY, *next(margins), rounds=12, away=away), rolls=(5,) if away else ())
    assert injured is not None
    return injured
