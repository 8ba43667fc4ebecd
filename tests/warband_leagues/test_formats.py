"""Warband leagues in every format the leagues have: the league app draws and pairs, the warband game
ranks (WB-7.3) — a Swiss second round paired from the warband table, a knockout's next round from the
winners (a draw on the table decided by WB-7.3), groups then the knockout from the group tables, and a
double round robin. Duels only: the four-player modes are Shuluri Viadal's."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from campaigns.models import Entry, Fixture, League
from campaigns.selectors.league_tables import group_tables, league_standings
from campaigns.services.fixtures import fixtures_generate
from campaigns.services.leagues import league_create
from campaigns.services.reports import fixture_confirm_result, fixture_report_result
from tests.factories import UserFactory
from warbands.league_forms import WarbandReport
from warbands.league_game import entry_fielded
from warbands.rules.warband_dice import SeededDice

from .helpers import enter, warband_league, warriors
from .test_report import side

pytestmark = pytest.mark.django_db


def figures(entry: Entry, fixture: Fixture) -> list[str]:
    """The entry's figures on the table for the fixture (the dead and the absent stay away, WB-8.1)."""
    return [f.name for f in entry_fielded(entry, fixture.pk)]


def play(fixture: Fixture, home_out: int, away_out: int) -> None:
    """Report and confirm: ``home_out`` of home's figures and ``away_out`` of away's killed."""
    home, away = figures(fixture.home, fixture), figures(fixture.away, fixture)
    report = WarbandReport(
        home=side({n: "killed" for n in home[:home_out]}, home),
        away=side({n: "killed" for n in away[:away_out]}, away),
    )
    fixture_report_result(fixture=fixture, actor=fixture.home.player, facts=report)
    fixture_confirm_result(fixture=fixture, actor=fixture.away.player, dice=SeededDice(f"test:{fixture.pk}"))


def bands(league: League, count: int) -> list[Entry]:
    return [enter(league, warriors(6, f"B{i}"), name=f"Band {i}") for i in range(count)]


def test_a_swiss_second_round_is_paired_from_the_warband_table():
    league = warband_league(points=200, format=League.Format.SWISS)
    bands(league, 4)
    first = fixtures_generate(league=league, actor=league.organiser)
    for fixture in first:
        play(Fixture.objects.get(pk=fixture.pk), 0, 1)  # every home side wins 23–0
    winners = {f.home_id for f in first}
    second = fixtures_generate(league=league, actor=league.organiser)
    assert len(second) == 2
    # the two winners (3 points) meet, and the two losers
    assert any({f.home_id, f.away_id} == winners for f in second)
    table = league_standings(league)
    assert [line.row.points for line in table.lines] == [3, 3, 0, 0]


def test_a_knockout_goes_on_with_the_winners_and_ends_with_a_champion():
    league = warband_league(points=200, format=League.Format.KNOCKOUT)
    bands(league, 4)
    first = [Fixture.objects.get(pk=f.pk) for f in fixtures_generate(league=league, actor=league.organiser)]
    play(first[0], 0, 1)  # a home win
    play(first[1], 1, 1)  # a draw on the table: WB-7.3 decides it (level VP and figures: lots)
    results = [Fixture.objects.get(pk=f.pk).result for f in first]
    winners = {f.home_id if r.home_result == "victory" else f.away_id for f, r in zip(first, results, strict=True)}
    (final,) = fixtures_generate(league=league, actor=league.organiser)
    assert {final.home_id, final.away_id} == winners
    assert results[1].report["knockout"]["by"] == "lots"


def test_groups_then_the_knockout_from_the_warband_group_tables():
    league = warband_league(points=200, format=League.Format.GROUPS_KNOCKOUT, group_count=2)
    bands(league, 6)
    fixtures_generate(league=league, actor=league.organiser)
    for fixture in league.fixtures.exclude(away=None).order_by("round", "position"):
        play(fixture, 0, 1)
    tables = group_tables(league)
    assert len(tables) == 2 and all(len(t.lines) == 3 for t in tables)
    knockout = fixtures_generate(league=league, actor=league.organiser)
    qualifiers = {line.entry.pk for t in tables for line in t.lines[:2]}
    assert {pk for f in knockout for pk in (f.home_id, f.away_id) if pk} <= qualifiers
    assert all(f.group is None for f in knockout)


def test_a_double_round_robin_plays_each_pair_twice():
    league = warband_league(points=200, format=League.Format.DOUBLE_ROUND_ROBIN)
    bands(league, 3)
    fixtures = fixtures_generate(league=league, actor=league.organiser)
    pairs = [frozenset((f.home_id, f.away_id)) for f in fixtures if f.away_id]
    assert len(pairs) == 6 and all(pairs.count(p) == 2 for p in set(pairs))


def test_a_warband_league_is_a_duel():
    with pytest.raises(ValidationError, match="Shuluri Viadal"):
        league_create(organiser=UserFactory(), name="Tables", game="warband", arena_mode="pairs", sign_up_open=True)
