"""The app generates each format's fixtures through the engine and stores them round by round.

The pairing rules themselves are tested on the engine (tests/engine); these tests check that what is
stored is complete and right for each format, and that the organiser's next-round and reschedule
actions work.
"""

from __future__ import annotations

import datetime
from collections import Counter
from itertools import combinations

import pytest

from arena.engine.campaign.fixture_formats import swiss_round_count
from arena.engine.campaign.results import ResultKind
from arena.engine.campaign.rule_error import CampaignRuleError
from campaigns.league_errors import LeagueError
from campaigns.models import CampaignEvent, Fixture, League
from campaigns.services.fixtures import fixture_reschedule, fixtures_generate
from tests.campaigns.factories import LeagueFactory, enter_teams
from tests.campaigns.helpers import facts, play

pytestmark = pytest.mark.django_db


def pair_counts(league: League) -> Counter[frozenset[int]]:
    return Counter(frozenset((f.home_id, f.away_id)) for f in league.fixtures.exclude(status=Fixture.Status.BYE))


def all_pairs(entries) -> set[frozenset[int]]:  # type: ignore[no-untyped-def]
    return {frozenset((a.pk, b.pk)) for a, b in combinations(entries, 2)}


def test_single_round_robin_of_four_meets_every_pair_once_in_three_rounds_of_two():
    league = LeagueFactory(format=League.Format.ROUND_ROBIN)
    entries = enter_teams(league, 4)

    fixtures = fixtures_generate(league=league, actor=league.organiser)

    assert len(fixtures) == 6
    assert pair_counts(league) == Counter(dict.fromkeys(all_pairs(entries), 1))
    assert sorted(Counter(f.round for f in fixtures).items()) == [(1, 2), (2, 2), (3, 2)]
    for number in (1, 2, 3):
        teams = [t for f in league.fixtures.filter(round=number) for t in (f.home_id, f.away_id)]
        assert sorted(teams) == sorted(e.pk for e in entries)  # everybody plays once a round
    assert set(league.fixtures.values_list("status", flat=True)) == {Fixture.Status.SCHEDULED}


def test_double_round_robin_meets_every_pair_twice_once_each_way():
    league = LeagueFactory(format=League.Format.DOUBLE_ROUND_ROBIN)
    entries = enter_teams(league, 4)

    fixtures_generate(league=league, actor=league.organiser)

    assert pair_counts(league) == Counter(dict.fromkeys(all_pairs(entries), 2))
    listed = Counter((f.home_id, f.away_id) for f in league.fixtures.all())
    assert set(listed.values()) == {1}  # the second meeting swaps home and away
    assert sorted(set(league.fixtures.values_list("round", flat=True))) == [1, 2, 3, 4, 5, 6]


def test_odd_round_robin_rotates_the_bye_one_per_team_and_stores_it_as_a_bye():
    league = LeagueFactory(format=League.Format.ROUND_ROBIN)
    entries = enter_teams(league, 5)

    fixtures_generate(league=league, actor=league.organiser)

    byes = league.fixtures.filter(status=Fixture.Status.BYE)
    assert byes.count() == 5
    assert sorted(byes.values_list("home_id", flat=True)) == sorted(e.pk for e in entries)
    assert sorted(byes.values_list("round", flat=True)) == [1, 2, 3, 4, 5]
    assert set(byes.values_list("away_id", flat=True)) == {None}
    assert pair_counts(league) == Counter(dict.fromkeys(all_pairs(entries), 1))
    # a round-robin bye is recorded in each team's log and earns nothing (HR-10.2)
    assert CampaignEvent.objects.filter(kind=CampaignEvent.Kind.RESULT, fixture__in=byes).count() == 5
    assert not CampaignEvent.objects.filter(kind=CampaignEvent.Kind.INCOME).exists()


def test_round_robin_dates_each_round_from_the_start_and_is_generated_only_once():
    league = LeagueFactory(format=League.Format.ROUND_ROBIN)
    enter_teams(league, 4)

    fixtures_generate(league=league, actor=league.organiser, start=datetime.date(2025, 3, 1), interval_days=14)

    dates = dict(league.fixtures.values_list("round", "scheduled_for").distinct())
    assert dates == {1: datetime.date(2025, 3, 1), 2: datetime.date(2025, 3, 15), 3: datetime.date(2025, 3, 29)}
    with pytest.raises(LeagueError, match="out already"):
        fixtures_generate(league=league, actor=league.organiser)
    assert league.fixtures.count() == 6


def test_a_league_of_one_team_generates_nothing():
    league = LeagueFactory()
    enter_teams(league, 1)
    with pytest.raises(LeagueError, match="at least 2 teams"):
        fixtures_generate(league=league, actor=league.organiser)
    assert not league.fixtures.exists()


def finish_round(league: League, number: int) -> None:
    for fixture in league.fixtures.filter(round=number, status=Fixture.Status.SCHEDULED):
        play(fixture, facts(ResultKind.VICTORY, 12, 4))


def test_swiss_pairs_round_by_round_without_rematches_and_rotates_the_bye():
    league = LeagueFactory(format=League.Format.SWISS)
    entries = enter_teams(league, 5)
    rounds = swiss_round_count(5)

    for number in range(1, rounds + 1):
        fixtures_generate(league=league, actor=league.organiser)
        finish_round(league, number)

    assert rounds == 4
    assert league.fixtures.order_by("-round").first().round == 4
    assert max(pair_counts(league).values()) == 1  # 10 possible pairs, 8 played: none twice
    byes = list(league.fixtures.filter(status=Fixture.Status.BYE).values_list("home_id", flat=True))
    assert len(byes) == 4 and len(set(byes)) == 4
    assert set(byes) < {e.pk for e in entries}
    # the random first round is drawn with recorded dice: 4 draws for 5 teams, then a draw line
    draws = CampaignEvent.objects.filter(league=league, entry=None).order_by("seq")
    assert [e.kind for e in draws] == ["roll"] * 4 + ["draw"]
    assert [e.sides for e in draws[:4]] == [5, 4, 3, 2]
    # a Swiss bye pays 20 gold (HR-10.7)
    bye_income = CampaignEvent.objects.filter(kind="income", fixture__status=Fixture.Status.BYE)
    assert [e.data["gold"] for e in bye_income] == [20, 20, 20, 20]
    with pytest.raises(LeagueError, match="plays 4 rounds"):
        fixtures_generate(league=league, actor=league.organiser)


def test_swiss_next_round_waits_for_every_result():
    league = LeagueFactory(format=League.Format.SWISS)
    enter_teams(league, 4)
    fixtures_generate(league=league, actor=league.organiser)
    play(league.fixtures.filter(round=1).first())

    with pytest.raises(LeagueError, match="Round 1 is not finished"):
        fixtures_generate(league=league, actor=league.organiser)
    assert league.fixtures.count() == 2


def test_knockout_of_five_seeded_by_rating_gives_the_byes_to_the_top_three_then_follows_the_bracket():
    league = LeagueFactory(format=League.Format.KNOCKOUT)
    entries = enter_teams(league, 5)
    for seed, entry in enumerate(entries, start=1):
        entry.seed = seed
        entry.save()

    fixtures_generate(league=league, actor=league.organiser)

    first = list(league.fixtures.filter(round=1).order_by("position"))
    assert [(f.home_id, f.away_id, f.home_seed, f.away_seed) for f in first] == [
        (entries[0].pk, None, 1, None),
        (entries[3].pk, entries[4].pk, 4, 5),
        (entries[1].pk, None, 2, None),
        (entries[2].pk, None, 3, None),
    ]
    assert [f.status for f in first] == ["bye", "scheduled", "bye", "bye"]
    play(first[1], facts(ResultKind.DEFEAT, 2, 14))  # seed 5 beats seed 4

    fixtures_generate(league=league, actor=league.organiser)

    semis = list(league.fixtures.filter(round=2).order_by("position"))
    assert [(f.home_id, f.away_id) for f in semis] == [(entries[0].pk, entries[4].pk), (entries[1].pk, entries[2].pk)]
    for semi in semis:
        play(semi, facts(ResultKind.POINTS_VICTORY, 9, 3, rounds=20))
    fixtures_generate(league=league, actor=league.organiser)
    final = league.fixtures.get(round=3)
    assert (final.home_id, final.away_id) == (entries[0].pk, entries[1].pk)
    play(final)
    with pytest.raises(CampaignRuleError, match="the final was the last round"):
        fixtures_generate(league=league, actor=league.organiser)


def test_knockout_without_ratings_draws_the_seeds_with_recorded_dice():
    league = LeagueFactory(format=League.Format.KNOCKOUT)
    enter_teams(league, 4)

    fixtures_generate(league=league, actor=league.organiser)

    assert league.fixtures.filter(round=1, status=Fixture.Status.SCHEDULED).count() == 2
    draw = CampaignEvent.objects.get(league=league, kind="draw")
    assert sorted(draw.data["seeds"]) == sorted(league.entries.values_list("pk", flat=True))
    assert list(CampaignEvent.objects.filter(league=league, kind="roll").values_list("sides", flat=True)) == [4, 3, 2]


def test_the_organiser_reschedules_a_fixture():
    league = LeagueFactory()
    enter_teams(league, 2)
    fixture = fixtures_generate(league=league, actor=league.organiser)[0]

    fixture_reschedule(fixture=fixture, actor=league.organiser, scheduled_for=datetime.date(2025, 4, 12))

    fixture.refresh_from_db()
    assert fixture.scheduled_for == datetime.date(2025, 4, 12)
