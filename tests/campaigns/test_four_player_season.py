"""A season of four-player fixtures (issue #17, part 3): both modes played through with reported and
confirmed results, the standings checked by hand (HR-8 league points, HR-10.3 tie-breakers read for
tables of four), and the campaign sequence run for every seat."""

from __future__ import annotations

import pytest

from arena.engine.campaign.results import ResultKind
from arena.engine.campaign.standings import TieBreaker
from campaigns.models import CampaignEvent, Fixture, League, MemberRecord
from campaigns.selectors.arena import arena_league_standings
from campaigns.services.fixtures import fixtures_generate
from tests.campaigns.factories import LeagueFactory, enter_teams
from tests.campaigns.four_player_helpers import ffa_facts, names, pairs_facts, play_table

pytestmark = pytest.mark.django_db


def table(league: League) -> list[tuple[str, int]]:
    return [(line.entry.name, line.row.points) for line in arena_league_standings(league).lines]


def rounds_of(league: League) -> list[Fixture]:
    return list(league.fixtures.order_by("round", "position"))


def test_hr8_ffa_season_of_four_played_through_standings_by_hand() -> None:
    league = LeagueFactory(arena_mode=League.Mode.FFA, round_limit=24)
    enter_teams(league, 4)
    fixtures_generate(league=league, actor=league.organiser)
    r1, r2, r3 = rounds_of(league)
    # four teams: every round is one table of all four, the seats turning (four_player_schedule)
    assert [names(f) for f in (r1, r2, r3)] == [
        ["Team A", "Team D", "Team B", "Team C"],
        ["Team C", "Team A", "Team D", "Team B"],
        ["Team A", "Team B", "Team C", "Team D"],
    ]
    # Round 1, 11 rounds: A last standing, destroyed 2 (5 + 2 = 7); D fell in round 11, 2nd,
    # destroyed 1 (3 + 1 = 4); B and C fell in the same step of round 6 and share 3rd-4th:
    # (1 + 0) // 2 = 0 each.
    play_table(
        r1, ffa_facts(r1, 11, Team_A=(1, None, 30, 2), Team_D=(2, 11, 9, 1), Team_B=(3, 6, 0, 0), Team_C=(3, 6, 2, 0))
    )
    # Round 2 reaches the round limit (24): C and B stand, ranked by arena score, C 20 > B 12:
    # C 1st (5 + 1 = 6), B 2nd (3 + 1 = 4); A fell in round 20, 3rd (1); D in round 9, 4th (0).
    play_table(
        r2,
        ffa_facts(r2, 24, Team_C=(1, None, 20, 1), Team_A=(3, 20, 7, 0), Team_D=(4, 9, 0, 0), Team_B=(2, None, 12, 1)),
    )
    # Round 3, 15 rounds: B destroys all three (5 + 3 = 8); A and C fall in the same step of
    # round 15 and share 2nd-3rd: (3 + 1) // 2 = 2 each; D fell in round 4, 4th (0).
    play_table(
        r3, ffa_facts(r3, 15, Team_A=(2, 15, 10, 0), Team_B=(1, None, 25, 3), Team_C=(2, 15, 8, 0), Team_D=(4, 4, 0, 0))
    )
    # A 7 + 1 + 2 = 10; B 0 + 4 + 8 = 12; C 0 + 6 + 2 = 8; D 4 + 0 + 0 = 4.
    assert table(league) == [("Team B", 12), ("Team A", 10), ("Team C", 8), ("Team D", 4)]
    rows = {line.entry.name: line.row for line in arena_league_standings(league).lines}
    # Victories (first place alone): A round 1, C round 2, B round 3; D none.
    assert [rows[n].victories for n in ("Team A", "Team B", "Team C", "Team D")] == [1, 1, 1, 0]
    assert (rows["Team B"].gladiators_destroyed, rows["Team B"].arena_for) == (4, 0 + 12 + 25)
    assert all(f.status == Fixture.Status.CONFIRMED and f.campaign_done for f in rounds_of(league))


def test_hr8_ffa_campaign_sequence_for_every_seat_team_won_read_as_won_seat() -> None:
    league = LeagueFactory(arena_mode=League.Mode.FFA, round_limit=24)
    team_a, *_ = enter_teams(league, 4)
    before = team_a.treasury
    fixtures_generate(league=league, actor=league.organiser)
    r1, r2, r3 = rounds_of(league)
    play_table(
        r1, ffa_facts(r1, 11, Team_A=(1, None, 30, 2), Team_D=(2, 11, 9, 1), Team_B=(3, 6, 0, 0), Team_C=(3, 6, 2, 0))
    )
    play_table(
        r2,
        ffa_facts(r2, 24, Team_C=(1, None, 20, 1), Team_A=(3, 20, 7, 0), Team_D=(4, 9, 0, 0), Team_B=(2, None, 12, 1)),
    )
    play_table(
        r3, ffa_facts(r3, 15, Team_A=(2, 15, 10, 0), Team_B=(1, None, 25, 3), Team_C=(2, 15, 8, 0), Team_D=(4, 4, 0, 0))
    )
    # every seat of every table has its result line: 4 teams x 3 rounds
    assert CampaignEvent.objects.filter(league=league, kind=CampaignEvent.Kind.RESULT).count() == 12
    # A's income (HR-10.7): round 1 first alone before the limit, a Victory 40; rounds 2 and 3 fell,
    # Defeats 15 each: 70 gold
    team_a.refresh_from_db()
    assert team_a.treasury - before == 40 + 15 + 15
    # HR-10.6 for A's gladiator (unhurt in every report): took part 1 + survived 1 each match, and
    # +1 "his team won" in round 1 only (facts.won: first place alone): 3 + 2 + 2 = 7
    gladiator = MemberRecord.objects.get(entry=team_a, slot="gladiator", current=True)
    assert gladiator.xp == 7


def test_hr8_pairs_season_of_four_rotating_partners_standings_by_hand() -> None:
    league = LeagueFactory(arena_mode=League.Mode.PAIRS, round_limit=24)
    enter_teams(league, 4)
    fixtures_generate(league=league, actor=league.organiser)
    r1, r2, r3 = rounds_of(league)
    # the partners rotate: AD v BC, CA v DB, AB v CD
    assert [names(f) for f in (r1, r2, r3)] == [
        ["Team A", "Team D", "Team B", "Team C"],
        ["Team C", "Team A", "Team D", "Team B"],
        ["Team A", "Team B", "Team C", "Team D"],
    ]
    # Round 1: A and D win, a Victory (3 each); B and C 0.
    play_table(r1, pairs_facts(r1, 14, ResultKind.VICTORY, Team_A=12, Team_D=10, Team_B=5, Team_C=3))
    # Round 2 at the round limit: the partners' sums (HR-8) C 8 + A 6 = 14 against D 7 + B 5 = 12, a
    # lead of 2 < 5: a Draw (HR-10.1), 1 each.
    play_table(r2, pairs_facts(r2, 24, ResultKind.DRAW, Team_C=8, Team_A=6, Team_D=7, Team_B=5))
    # Round 3: C and D win, a Victory (3 each); A and B 0.
    play_table(r3, pairs_facts(r3, 18, ResultKind.DEFEAT, Team_A=4, Team_B=2, Team_C=15, Team_D=9))
    # A 3 + 1 + 0 = 4; B 0 + 1 + 0 = 1; C 0 + 1 + 3 = 4; D 3 + 1 + 3 = 7.
    # A and C tie on 4. Head-to-head: they were opponents in rounds 1 (A placed above C) and 3 (C
    # above A), partners in round 2: 1-1. Victories: A round 1, C round 3: 1-1. Arena score for:
    # A 12 + 6 + 4 = 22, C 3 + 8 + 15 = 26: C above A.
    assert table(league) == [("Team D", 7), ("Team C", 4), ("Team A", 4), ("Team B", 1)]
    lines = arena_league_standings(league).lines
    assert lines[1].row.decided_by is TieBreaker.ARENA_FOR
    assert (lines[1].row.arena_for, lines[2].row.arena_for) == (26, 22)


def test_hr10_5_pairs_casualty_of_the_winning_side_rolls_with_the_team_won_bonus() -> None:
    from dataclasses import replace
    from types import MappingProxyType

    from arena.engine.campaign.facts import Fate, MemberFacts, SideFacts

    league = LeagueFactory(arena_mode=League.Mode.PAIRS, round_limit=24)
    enter_teams(league, 4)
    fixtures_generate(league=league, actor=league.organiser)
    r1 = rounds_of(league)[0]  # A and D against B and C
    facts = pairs_facts(r1, 14, ResultKind.VICTORY, Team_A=12, Team_D=10, Team_B=5, Team_C=3)
    fallen = SideFacts(MappingProxyType({"crossbowman": MemberFacts(fate=Fate.DEAD, final_ep=0)}))
    facts = replace(facts, sides=(fallen, fallen, SideFacts(), SideFacts()))
    # two injury rolls in seat order: A's crossbowman 5, D's crossbowman 1. The side won (facts.won),
    # so +1 each (HR-10.5): A 5 + 1 = 6, a wound (misses 1 match); D 1 + 1 = 2, a lasting injury,
    # whose d10 for the stat is the next roll, 5: Ép -2 (misses 2 matches)
    play_table(r1, facts, rolls=(5, 1, 5))
    injuries = CampaignEvent.objects.filter(league=league, kind=CampaignEvent.Kind.INJURY).order_by("seq")
    assert [(e.entry.name, e.data["roll"], e.data["total"], e.data["matches_missed"]) for e in injuries] == [
        ("Team A", 5, 6, 1),
        ("Team D", 1, 2, 2),
    ]
