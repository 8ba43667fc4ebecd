"""A result's life: report → confirm, or report → dispute → settle; corrections with an audit trail;
forfeits; hosted matches; and results the rules cannot produce."""

from __future__ import annotations

import pytest

from arena.engine.campaign.league_dice import RecordedDice
from arena.engine.campaign.results import ResultKind
from arena.engine.campaign.rule_error import CampaignRuleError
from campaigns.league_errors import LeagueError
from campaigns.models import CampaignEvent, Fixture, League, Result
from campaigns.result_facts import Fate, MemberFacts
from campaigns.selectors.league_tables import league_standings
from campaigns.selectors.reports import result_history
from campaigns.services.fixtures import fixtures_generate
from campaigns.services.reports import (
    fixture_confirm_result,
    fixture_dispute_result,
    fixture_record_forfeit,
    fixture_record_hosted_result,
    fixture_report_result,
    fixture_settle_result,
)
from tests.campaigns.factories import LeagueFactory, enter_teams
from tests.campaigns.helpers import facts, side

pytestmark = pytest.mark.django_db


@pytest.fixture
def fixture() -> Fixture:
    league = LeagueFactory()
    enter_teams(league, 2)
    return fixtures_generate(league=league, actor=league.organiser)[0]


def points(league: League) -> dict[str, int]:
    return {line.entry.name: line.row.points for line in league_standings(league).lines}


def test_report_waits_for_the_opponent_and_counts_only_once_confirmed(fixture):
    fixture_report_result(fixture=fixture, actor=fixture.home.player, facts=facts(ResultKind.VICTORY, 18, 6))

    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.REPORTED
    assert points(fixture.league) == {fixture.home.name: 0, fixture.away.name: 0}
    assert not CampaignEvent.objects.filter(fixture=fixture).exists()

    fixture_confirm_result(fixture=fixture, actor=fixture.away.player, dice=RecordedDice.fixed([]))

    fixture.refresh_from_db()
    result = fixture.result
    assert (fixture.status, fixture.campaign_done) == (Fixture.Status.CONFIRMED, True)
    assert (result.reported_by, result.confirmed_by) == (fixture.home.player, fixture.away.player)
    assert (result.home_result, result.home_score, result.away_score) == ("victory", 18, 6)
    assert points(fixture.league) == {fixture.home.name: 3, fixture.away.name: 0}


def test_either_player_may_report_and_the_other_confirms(fixture):
    fixture_report_result(fixture=fixture, actor=fixture.away.player, facts=facts(ResultKind.DEFEAT, 2, 15))
    with pytest.raises(Exception, match="reporter's opponent"):
        fixture_confirm_result(fixture=fixture, actor=fixture.away.player)

    fixture_confirm_result(fixture=fixture, actor=fixture.home.player, dice=RecordedDice.fixed([]))

    assert points(fixture.league) == {fixture.away.name: 3, fixture.home.name: 0}


def test_a_second_report_is_refused(fixture):
    fixture_report_result(fixture=fixture, actor=fixture.home.player, facts=facts())
    with pytest.raises(LeagueError, match="has a result already"):
        fixture_report_result(fixture=fixture, actor=fixture.away.player, facts=facts(ResultKind.DEFEAT))
    assert Result.objects.get().home_result == "victory"


def test_dispute_then_the_organiser_settles_with_a_corrected_result_and_the_trail_shows_it(fixture):
    league = fixture.league
    fixture_report_result(fixture=fixture, actor=fixture.home.player, facts=facts(ResultKind.VICTORY, 20, 3))
    fixture_dispute_result(fixture=fixture, actor=fixture.away.player, reason="We stopped at the round limit.")

    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.DISPUTED
    assert fixture.result.dispute_reason == "We stopped at the round limit."
    assert points(league) == {fixture.home.name: 0, fixture.away.name: 0}

    fixture_settle_result(
        fixture=fixture,
        actor=league.organiser,
        facts=facts(ResultKind.DRAW, 11, 9, rounds=20),
        dice=RecordedDice.fixed([]),
    )

    fixture.refresh_from_db()
    assert (fixture.status, fixture.result.home_result, fixture.result.confirmed_by) == (
        Fixture.Status.SETTLED,
        "draw",
        league.organiser,
    )
    assert points(league) == {fixture.home.name: 1, fixture.away.name: 1}
    trail = result_history(fixture.result)
    assert [(line.reason, line.who) for line in trail] == [
        ("Reported", fixture.home.player.username),
        ("Disputed", fixture.away.player.username),
        ("Settled", league.organiser.username),
    ]
    assert trail[1].changes == ["dispute reason: — → We stopped at the round limit."]
    assert trail[2].changes == [
        "home result: victory → draw",
        "rounds played: 10 → 20",
        "home score: 20 → 11",
        "away score: 3 → 9",
    ]


def test_a_correction_of_a_confirmed_result_changes_the_table_and_keeps_the_rolls(fixture):
    league = fixture.league
    fell = facts(ResultKind.VICTORY, 20, 3, away=side(crossbowman=MemberFacts(fate=Fate.DEAD)))
    fixture_report_result(fixture=fixture, actor=fixture.home.player, facts=fell)
    fixture_confirm_result(fixture=fixture, actor=fixture.away.player, dice=RecordedDice.fixed([8]))
    events_before = list(CampaignEvent.objects.filter(fixture=fixture).values_list("seq", "summary"))

    fixture_settle_result(fixture=fixture, actor=league.organiser, facts=facts(ResultKind.DEFEAT, 3, 20))

    fixture.refresh_from_db()
    assert points(league) == {fixture.away.name: 3, fixture.home.name: 0}
    assert list(CampaignEvent.objects.filter(fixture=fixture).values_list("seq", "summary")) == events_before
    assert [line.reason for line in result_history(fixture.result)] == ["Reported", "Confirmed", "Corrected"]


def test_forfeit_gives_the_other_team_a_victory_nil_nil_and_forty_gold(fixture):
    league = fixture.league
    home, away = fixture.home, fixture.away

    fixture_record_forfeit(fixture=fixture, actor=league.organiser, forfeiting=away)

    fixture.refresh_from_db()
    assert (fixture.status, fixture.result.home_result, fixture.result.home_score) == ("forfeit", "forfeit_win", 0)
    rows = {
        line.entry.name: (line.row.points, line.row.victories, line.row.forfeits)
        for line in league_standings(league).lines
    }
    assert rows == {home.name: (3, 1, 0), away.name: (0, 0, 1)}
    home.refresh_from_db()
    away.refresh_from_db()
    assert (home.treasury, away.treasury) == (50 + 40, 50)


def test_a_hosted_match_records_itself_already_confirmed_and_runs_the_campaign_sequence(fixture):
    # There is no hosted match yet: the service is called here as the hosted-match issue will call it.
    match = facts(ResultKind.POINTS_VICTORY, 14, 6, rounds=20, away=side(gladiator=MemberFacts(fate=Fate.DEAD)))

    result = fixture_record_hosted_result(fixture=fixture, match_facts=match, dice=RecordedDice.fixed([9]))

    fixture.refresh_from_db()
    assert (fixture.status, result.hosted, result.reported_by, result.confirmed_at is not None) == (
        "confirmed",
        True,
        None,
        True,
    )
    assert points(fixture.league) == {fixture.home.name: 2, fixture.away.name: 0}
    roll = CampaignEvent.objects.get(fixture=fixture, kind="roll")
    assert (roll.entry, roll.sides, roll.result, roll.slot) == (fixture.away, 10, 9, "gladiator")
    assert [line.reason for line in result_history(result)] == ["Hosted match"]
    assert [line.who for line in result_history(result)] == [""]  # not "Hosted match by the hosted match"


def test_the_arena_scores_must_give_the_result_at_the_round_limit(fixture):
    with pytest.raises(CampaignRuleError, match="arena scores 12–9 at the round limit give Draw, not Points victory"):
        fixture_report_result(
            fixture=fixture, actor=fixture.home.player, facts=facts(ResultKind.POINTS_VICTORY, 12, 9, rounds=20)
        )
    with pytest.raises(CampaignRuleError, match="a points victory needs the round limit reached"):
        fixture_report_result(
            fixture=fixture, actor=fixture.home.player, facts=facts(ResultKind.POINTS_VICTORY, 12, 2, rounds=15)
        )
    with pytest.raises(CampaignRuleError, match="lasts 1 to 20 rounds, not 21"):
        fixture_report_result(fixture=fixture, actor=fixture.home.player, facts=facts(rounds=21))
    assert not Result.objects.exists()
    assert Fixture.objects.get().status == Fixture.Status.SCHEDULED


def test_a_knockout_match_has_no_draw():
    league = LeagueFactory(format=League.Format.KNOCKOUT)
    enter_teams(league, 2)
    fixture = fixtures_generate(league=league, actor=league.organiser)[0]

    with pytest.raises(CampaignRuleError, match=r"a knockout match has no draw; report who went through \(HR-10.2\)"):
        fixture_report_result(fixture=fixture, actor=fixture.home.player, facts=facts(ResultKind.DRAW, 5, 5))
    assert not Result.objects.exists()
