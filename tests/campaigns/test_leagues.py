"""Creating and changing a league, invitations and sign-up, and entering a team: the league keeps its
own copy, strict leagues refuse broken teams and advisory leagues show what is wrong."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from arena.engine.content.common import Stat
from arena.engine.content.profiles import GLADIATOR
from campaigns.league_errors import CampaignRosterError, LeagueError
from campaigns.models import CampaignEvent, League
from campaigns.rosters import entry_roster
from campaigns.selectors.leagues import entry_lines
from campaigns.services.fixtures import fixtures_generate
from campaigns.services.leagues import league_create, league_enter, league_invite, league_update
from teams.models import Team
from teams.services import team_update
from tests.campaigns.factories import LeagueFactory, enter_team, enter_teams
from tests.factories import TeamFactory, UserFactory

pytestmark = pytest.mark.django_db


def ready_team(owner, **fields) -> Team:  # type: ignore[no-untyped-def]
    return TeamFactory(owner=owner, status=Team.Status.READY, **fields)


def test_create_a_league_with_its_settings():
    organiser = UserFactory()
    league = league_create(
        organiser=organiser,
        name="Shulur Cup",
        season="2025",
        tier="veteran",
        format="swiss",
        options=["opt_potion"],
        validation_mode="advisory",
        sign_up_open=True,
        round_limit=24,
    )
    assert (league.organiser, league.tier, league.format, league.options, league.round_limit) == (
        organiser,
        "veteran",
        "swiss",
        ["opt_potion"],
        24,
    )
    assert league.dice_seed > 0


@pytest.mark.parametrize("limit", [11, 31])
def test_the_round_limit_stays_within_twelve_and_thirty(limit):
    with pytest.raises(ValidationError):
        league_create(organiser=UserFactory(), name="X", round_limit=limit)
    assert not League.objects.exists()


def test_tier_format_and_options_are_fixed_once_a_team_entered():
    league = LeagueFactory()
    league_update(league=league, actor=league.organiser, changes={"tier": "champion", "name": "Renamed"})
    enter_team(league)

    with pytest.raises(LeagueError, match="format, tier can no longer change"):
        league_update(league=league, actor=league.organiser, changes={"tier": "veteran", "format": "swiss"})
    league_update(league=league, actor=league.organiser, changes={"round_limit": 25, "sign_up_open": False})

    league.refresh_from_db()
    assert (league.name, league.tier, league.format, league.round_limit, league.sign_up_open) == (
        "Renamed",
        "champion",
        "round_robin",
        25,
        False,
    )


def test_an_invited_player_enters_when_sign_up_is_closed_and_others_cannot():
    league = LeagueFactory(sign_up_open=False)
    guest, stranger = UserFactory(), UserFactory()
    league_invite(league=league, actor=league.organiser, player=guest)

    entry = league_enter(league=league, player=guest, team=ready_team(guest, name="Iron Wolves"))

    assert (entry.player, entry.name, entry.treasury) == (guest, "Iron Wolves", 50)
    with pytest.raises(LeagueError, match="not invited"):
        league_enter(league=league, player=stranger, team=ready_team(stranger))
    with pytest.raises(LeagueError, match="You have entered this league already"):
        league_enter(league=league, player=guest, team=ready_team(guest))
    assert league.entries.count() == 1


def test_only_a_ready_team_of_your_own_enters():
    league = LeagueFactory()
    player = UserFactory()
    with pytest.raises(LeagueError, match="is a draft"):
        league_enter(league=league, player=player, team=TeamFactory(owner=player))
    with pytest.raises(LeagueError, match="only a team of your own"):
        league_enter(league=league, player=player, team=ready_team(UserFactory()))
    assert not league.entries.exists()


def test_the_league_keeps_its_own_copy_of_the_team():
    league = LeagueFactory(tier="veteran")
    player = UserFactory()
    team = ready_team(player, name="Iron Wolves")
    entry = league_enter(league=league, player=player, team=team)

    team_update(team=team, changes={"name": "Renamed Wolves"}, member_changes={GLADIATOR: {"ep": 22, "name": "Vitus"}})

    entry.refresh_from_db()
    roster = entry_roster(entry)
    gladiator = roster.member(GLADIATOR)
    assert (entry.name, roster.name, roster.tier, gladiator.name, gladiator.stats[Stat.EP]) == (
        "Iron Wolves",
        "Iron Wolves",
        "veteran",
        "Gladiator",
        20,
    )
    assert entry.treasury == 50 + 5 * 25  # 25 of the Veteran budget's points unspent (HR-10.7)
    assert list(entry.members.values_list("slot", flat=True)) == [
        "gladiator",
        "witch_master",
        "crossbowman",
        "deasta",
        "laeva",
        "strategist",
    ]
    assert CampaignEvent.objects.get(entry=entry).summary == "Iron Wolves entered with 175 gold in the treasury."


def champion_team(owner) -> Team:  # type: ignore[no-untyped-def]
    """A ready Champion team of 210 points: too dear for a Standard league."""
    team = ready_team(owner, tier="champion")
    team.characters.filter(slot=GLADIATOR).update(ep=24, eg=7, me=3)  # +4 +2 +3 = 9 points
    team.characters.filter(slot="witch_master").update(ep=11)
    return team


def test_a_strict_league_refuses_a_team_the_validators_fault_under_its_tier():
    league = LeagueFactory(tier="standard", validation_mode="strict")
    player = UserFactory()

    with pytest.raises(CampaignRosterError) as refused:
        league_enter(league=league, player=player, team=champion_team(player))

    assert [p.code for p in refused.value.problems] == ["TB-02"]
    assert (
        refused.value.problems[0].message
        == "Team value is 210 points but the Standard budget is 200. Remove 10 points."
    )
    assert not league.entries.exists()


def test_an_advisory_league_takes_a_faulted_team_and_shows_the_problems():
    league = LeagueFactory(tier="veteran", validation_mode="advisory")
    player = UserFactory()
    team = ready_team(player, tier="veteran")
    # TÉ 17 is above the Vértes's HR-9.3 range (12–16), though within a gladiator's (11–17): TB-06
    team.characters.filter(slot=GLADIATOR).update(te=17)

    entry = league_enter(league=league, player=player, team=team)

    [line] = entry_lines(league)
    assert (line.entry, [p.code for p in line.problems]) == (entry, ["TB-06"])
    assert CampaignEvent.objects.get(entry=entry).data == {"treasury": 50 + 5 * 16, "problems": ["TB-06"]}


def test_entries_close_when_the_fixtures_are_out():
    league = LeagueFactory()
    enter_teams(league, 2)
    fixtures_generate(league=league, actor=league.organiser)
    late = UserFactory()
    with pytest.raises(LeagueError, match="The fixtures are out"):
        league_enter(league=league, player=late, team=ready_team(late))
    assert league.entries.count() == 2
