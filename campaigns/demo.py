"""The demo league for ``load_demo``: "Shulur Spring League", organised by ``organiser``, with both demo
players' teams entered, fixtures generated and one result reported and confirmed, so that a fresh
``make run`` shows a live table.

Created once: when the league exists it is left exactly as the players have made it.
"""

from __future__ import annotations

from types import MappingProxyType

from django.contrib.auth import get_user_model

from arena.engine.campaign.injuries import Thumbs
from arena.engine.campaign.league_dice import RecordedDice, derive_seed
from arena.engine.campaign.results import ResultKind, opposite
from arena.engine.content.points import DEFAULT_TIER
from arena.engine.content.profiles import CROSSBOWMAN, DEASTA, GLADIATOR, WITCH_MASTER
from teams.models import Team
from teams.services import TeamInvalidError, team_mark_ready

from .models import League
from .result_facts import Fate, MatchFacts, MemberFacts, SideFacts
from .services.fixtures import fixtures_generate
from .services.leagues import league_create, league_enter, league_invite
from .services.reports import fixture_confirm_result, fixture_report_result

DEMO_LEAGUE = "Shulur Spring League"
DEMO_SEASON = "Spring 2025"
DEMO_SEED = 1873  # the demo's rolls are the same on every machine

# Aurelia's gladiator destroys Bálint's, whose crossbowman also falls; her witch-master is wounded.
WINNER = SideFacts(
    MappingProxyType(
        {
            GLADIATOR: MemberFacts(fate=Fate.WOUNDED, gladiators_damaged=1, gladiators_destroyed=1),
            WITCH_MASTER: MemberFacts(fate=Fate.WOUNDED),
            DEASTA: MemberFacts(fighters_killed=1),
        }
    )
)
LOSER = SideFacts(
    MappingProxyType(
        {
            GLADIATOR: MemberFacts(fate=Fate.DEAD, final_ep=-2, gladiators_damaged=1),
            CROSSBOWMAN: MemberFacts(fate=Fate.DEAD, final_ep=-1),
        }
    )
)


def demo_league_load(*, organiser_name: str, players: list[tuple[str, str]]) -> League | None:
    """Create the demo league if it is missing; ``players`` are (username, team name), the first one
    wins the demo result. Returns None when the league existed already or a team cannot enter."""
    users = get_user_model().objects
    organiser = users.get(username=organiser_name)
    if League.objects.filter(organiser=organiser, name=DEMO_LEAGUE).exists():
        return None
    found = [Team.objects.filter(owner__username=u, name=t).first() for u, t in players]
    teams = [team for team in found if team is not None]
    if len(teams) < len(found):
        return None
    try:
        for team in teams:
            if not team.is_ready:
                team_mark_ready(team=team)
    except TeamInvalidError:
        return None  # a player changed his demo team into a broken one: leave it and him alone
    league = league_create(
        organiser=organiser,
        name=DEMO_LEAGUE,
        season=DEMO_SEASON,
        tier=DEFAULT_TIER,
        format=League.Format.DOUBLE_ROUND_ROBIN,
        options=[],
        validation_mode=League.Validation.STRICT,
        sign_up_open=False,
        round_limit=20,
    )
    League.objects.filter(pk=league.pk).update(dice_seed=DEMO_SEED)
    league.refresh_from_db()
    entries = []
    for team in teams:
        league_invite(league=league, actor=organiser, player=team.owner)
        entries.append(league_enter(league=league, player=team.owner, team=team))
    fixture = fixtures_generate(league=league, actor=organiser)[0]
    winner_home = fixture.home_id == entries[0].pk
    kind = ResultKind.VICTORY if winner_home else opposite(ResultKind.VICTORY)
    facts = MatchFacts(
        home_result=kind,
        rounds_played=14,
        home_score=23 if winner_home else 3,
        away_score=3 if winner_home else 23,
        home=WINNER if winner_home else LOSER,
        away=LOSER if winner_home else WINNER,
        thumbs=Thumbs.UP,
        notes="Demo match: the gladiator fell in round 14 at the north gate.",
    )
    reporter, confirmer = (entry.player for entry in fixture.sides)
    fixture_report_result(fixture=fixture, actor=reporter, facts=facts)
    # the rolls from the demo's own seed, not the fixture's id: the same demo on every database
    dice = RecordedDice.seeded(derive_seed(DEMO_SEED, "demo result"))
    fixture_confirm_result(fixture=fixture, actor=confirmer, dice=dice)
    return league
