"""The WB-8 campaign of a warband league, run by the league app when a result becomes final: every
roll made by the app with the fixture's dice and logged, injuries, XP, income and the warband value
(WB-8.2), then the player's choices — advances (WB-8.4, WB-19), purchases (WB-8.5, WB-18), the
healer, raising (WB-8.3, WB-20). Worked examples with fixed dice."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied

from campaigns.models import CampaignEvent, Entry, Fixture, League
from campaigns.services.fixtures import fixtures_generate
from campaigns.services.records import entry_game_action
from campaigns.services.reports import fixture_confirm_result, fixture_record_forfeit, fixture_report_result
from games.league_protocol import LeagueRefusal
from warbands.league_campaign import campaign_of
from warbands.league_forms import WarbandReport
from warbands.rules.army_list import army_figure
from warbands.rules.model import Warband as RulesWarband
from warbands.rules.warband_dice import FixedDice

from .helpers import enter, first_fixture, warband_league, warriors
from .test_report import EIGHT, SAMPLE, side

pytestmark = pytest.mark.django_db


def sides_fixed(fixture: Fixture, home: Entry, away: Entry) -> Fixture:
    if fixture.home_id != home.pk:
        Fixture.objects.filter(pk=fixture.pk).update(home=home, away=away)
        fixture.refresh_from_db()
    return fixture


@pytest.fixture
def played():  # type: ignore[no-untyped-def]
    """WB-5's sample (home) beat eight Warriors (away) at L 200: home took out Warrior 1 (killed by
    the Knight) and Warrior 2 (gruesome, by the Archer): 46 VP; away took out home's Warrior 1 (by
    their Warrior 3): 23 VP. A lead of 23 ≥ 20: home wins (WB-7.2)."""
    league = warband_league(points=200)
    home = enter(league, name="Sample")
    away = enter(league, warriors(8), name="Eight")
    fixture = sides_fixed(first_fixture(league), home, away)
    report = WarbandReport(
        home=side({"Warrior 1": "killed"}, SAMPLE, by={"Warrior 1": "Warrior 3"}),
        away=side(
            {"Warrior 1": "killed", "Warrior 2": "gruesome"}, EIGHT, by={"Warrior 1": "Knight", "Warrior 2": "Archer"}
        ),
    )
    fixture_report_result(fixture=fixture, actor=home.player, facts=report)
    # severities: home's Warrior 1 rolls 3; away's Warrior 1 rolls 4 (+1 lost) = 5, dying, and its
    # death roll is 1; away's Warrior 2 rolls 2 (+1 gruesome, +1 lost) = 4
    fixture_confirm_result(fixture=fixture, actor=away.player, dice=FixedDice([3, 4, 1, 2]))
    fixture.refresh_from_db()
    return fixture


def records(entry: Entry) -> dict[str, object]:
    entry.refresh_from_db()
    return {r.name: r for r in campaign_of(entry.roster).records}


def test_wb_8_2_every_roll_is_made_by_the_app_and_logged_in_order(played):
    rolls = list(played.events.filter(kind=CampaignEvent.Kind.ROLL).order_by("seq"))
    assert [(e.sides, e.result) for e in rolls] == [(6, 3), (6, 4), (6, 1), (6, 2)]
    assert rolls[0].purpose == "Warrior 1: injury severity"
    assert rolls[0].data["purpose_hu"] == "Warrior 1: sérülés súlyossága"
    assert played.campaign_done


def test_wb_8_2_injuries_after_seed_002(played):
    home, away = records(played.home), records(played.away)
    assert home["Warrior 1"].injuries == (3,) and home["Warrior 1"].missed == 1  # 2–3: misses a match
    assert away["Warrior 1"].dead  # 5 dying, then 1 in 6 (S2 l.128)
    assert away["Warrior 2"].injuries == (4,) and away["Warrior 2"].missed == 2  # 4: leg wound


def test_wb_8_4_experience(played):
    home, away = records(played.home), records(played.away)
    # on the table 1, not taken out 1, side won 1, +1 per enemy taken out
    assert home["Wizard"].xp == 3
    assert home["Knight"].xp == 4 and home["Knight"].kills == 1
    assert home["Warrior 1"].xp == 2  # taken out: no "not taken out" point
    assert home["Raven"].xp == 0  # minions earn none
    assert away["Warrior 3"].xp == 3  # 1 + 1 + its kill, no win


def test_wb_8_5_income_and_treasury(played):
    played.home.refresh_from_db()
    played.away.refresh_from_db()
    assert played.home.treasury == 0 + 20 + 4  # L − T = 0; a Win 20 and ⌊46/10⌋
    assert played.away.treasury == 16 + 10 + 2  # L − T = 16; a Loss 10 and ⌊23/10⌋
    assert played.home.roster["treasury"] == played.home.treasury


def test_wb_8_1_value_recomputed_and_the_dead_leave_the_table(played):
    value = played.events.filter(kind=CampaignEvent.Kind.VALUE, entry=played.away).get()
    assert value.data["value"] == 184 - 23  # the dead Warrior 1 counts no more
    event = played.events.filter(kind=CampaignEvent.Kind.RESULT, entry=played.home).get()
    assert event.data["result"] == "victory" and event.data["text"]["en"] == "Win against Eight, VP 46–23."


def test_wb_8_1_the_next_report_fields_neither_the_dead_nor_the_absent(played):
    league = played.league
    for fixture in league.fixtures.filter(round=1).exclude(pk=played.pk):
        assert fixture.is_bye or fixture.status == Fixture.Status.SCHEDULED
    from warbands.league_game import entry_fielded

    home = {f.name for f in entry_fielded(Entry.objects.get(pk=played.home_id))}
    away = {f.name for f in entry_fielded(Entry.objects.get(pk=played.away_id))}
    assert "Warrior 1" not in home  # misses a match
    assert {"Warrior 1", "Warrior 2"}.isdisjoint(away)  # dead, and missing two


def test_wb_8_4_an_advance_is_taken_and_re_priced(played):
    home = Entry.objects.get(pk=played.home_id)
    message = entry_game_action(
        entry=home, actor=home.player, action="advance", data={"figure": "Knight", "advance": "combat"}
    )
    assert "re-priced" in message
    home.refresh_from_db()
    knight = campaign_of(home.roster).figure("Knight")
    assert knight.combat == 5
    assert campaign_of(home.roster).record("Knight").advances == ("combat",)
    # Q3 C5 with Heavy Armour and Paladin: (25 + 3 + 2) × 4 / 2 = 60, WV 200 − 50 + 60
    from warbands.rules.campaign import warband_value
    from warbands.rules.figure_prices import figure_price

    assert figure_price(knight) == 60 and warband_value(campaign_of(home.roster)) == 210


def test_wb_19_no_advance_below_its_threshold(played):
    home = Entry.objects.get(pk=played.home_id)
    with pytest.raises(LeagueRefusal, match="WB-19"):  # the Wizard has 3 XP, the first advance is at 4
        entry_game_action(
            entry=home, actor=home.player, action="advance", data={"figure": "Wizard", "advance": "combat"}
        )


def test_wb_18_a_purchase_over_the_treasury_is_refused_and_one_within_it_is_paid(played):
    away = Entry.objects.get(pk=played.away_id)  # 28 gold
    with pytest.raises(LeagueRefusal, match="WB-18"):
        entry_game_action(entry=away, actor=away.player, action="buy-figure", data={"profile": "knight", "name": "Sir"})
    away.refresh_from_db()
    assert away.treasury == 28
    entry_game_action(
        entry=away, actor=away.player, action="buy-figure", data={"profile": "warrior", "name": "Recruit"}
    )
    away.refresh_from_db()
    assert away.treasury == 28 - 23 and away.roster["treasury"] == 5
    assert campaign_of(away.roster).record("Recruit").xp == 0
    assert away.events.filter(kind=CampaignEvent.Kind.PURCHASE).count() == 1


def test_nobody_makes_another_players_choices(played):
    home = Entry.objects.get(pk=played.home_id)
    with pytest.raises(PermissionDenied):
        entry_game_action(
            entry=home, actor=played.away.player, action="advance", data={"figure": "Knight", "advance": "combat"}
        )


def test_wb_8_2_the_healer_is_called_by_standing_order():
    league = warband_league(points=200)
    home = enter(league, warriors(6), name="Home")  # 138: 62 gold
    away = enter(league, warriors(6, "Soldier"), name="Away")
    entry_game_action(entry=home, actor=home.player, action="healer", data={"healer": "on"})
    fixture = sides_fixed(first_fixture(league), home, away)
    report = WarbandReport(
        home=side({"Warrior 1": "killed"}, [f"Warrior {i}" for i in range(1, 7)]),
        away=side({}, [f"Soldier {i}" for i in range(1, 7)]),
    )
    fixture_report_result(fixture=fixture, actor=home.player, facts=report)
    fixture_confirm_result(fixture=fixture, actor=away.player, dice=FixedDice([2]))
    # severity 2 + 1 (home lost: 0 VP against 23) = 3: the healer costs 5 × 3 = 15 and cancels the missed match
    record = records(home)["Warrior 1"]
    assert record.missed == 0 and record.injuries == (3,)
    home.refresh_from_db()
    assert home.treasury == 62 - 15 + 10 + 0


def test_wb_8_2_an_illusion_victim_tests_against_its_quality():
    league = warband_league(points=200)
    home = enter(league, warriors(6), name="Home")
    away = enter(league, warriors(6, "Soldier"), name="Away")
    fixture = sides_fixed(first_fixture(league), home, away)
    report = WarbandReport(
        home=side({"Warrior 1": "illusion", "Warrior 2": "illusion"}, [f"Warrior {i}" for i in range(1, 7)]),
        away=side({}, [f"Soldier {i}" for i in range(1, 7)]),
    )
    fixture_report_result(fixture=fixture, actor=home.player, facts=report)
    fixture_confirm_result(fixture=fixture, actor=away.player, dice=FixedDice([4, 3]))
    home_records = records(home)
    assert home_records["Warrior 1"].missed == 0  # 4 ≥ Q4: fit
    assert home_records["Warrior 2"].missed == 1  # 3 < Q4: misses the next match, never hurt
    assert not home_records["Warrior 2"].injuries


def test_wb_8_3_a_necromancer_raises_a_figure_that_died():
    league = warband_league(points=200)
    necromancer = RulesWarband(
        name="Dark", figures=(army_figure("necromancer"), *(army_figure("warrior", f"Thrall {i}") for i in range(1, 5)))
    )
    home = enter(league, necromancer, name="Dark")
    away = enter(league, warriors(6, "Soldier"), name="Light")
    fixture = sides_fixed(first_fixture(league), home, away)
    report = WarbandReport(
        home=side({"Thrall 1": "killed"}, ["Necromancer", *(f"Thrall {i}" for i in range(1, 5))]),
        away=side({}, [f"Soldier {i}" for i in range(1, 7)]),
    )
    fixture_report_result(fixture=fixture, actor=home.player, facts=report)
    fixture_confirm_result(fixture=fixture, actor=away.player, dice=FixedDice([6]))  # 6 + 1 lost = 7: dead
    home.refresh_from_db()
    assert campaign_of(home.roster).record("Thrall 1").dead
    assert home.roster["raisable"]["died"] == ["Thrall 1"]
    with pytest.raises(LeagueRefusal, match="WB-20"):  # not a Necromancer
        entry_game_action(
            entry=home, actor=home.player, action="raise", data={"necromancer": "Thrall 2", "figure": "Thrall 1"}
        )
    entry_game_action(
        entry=home, actor=home.player, action="raise", data={"necromancer": "Necromancer", "figure": "Thrall 1"}
    )
    home.refresh_from_db()
    thrall = campaign_of(home.roster).figure("Thrall 1")
    assert (thrall.quality, thrall.combat) == (5, 2) and "undead" in thrall.rules
    assert home.roster["raisable"] is None
    with pytest.raises(LeagueRefusal, match="WB-8.3"):  # one raise, then the offer is gone
        entry_game_action(
            entry=home, actor=home.player, action="raise", data={"necromancer": "Necromancer", "figure": "Thrall 1"}
        )


def test_wb_7_2_a_forfeit_pays_the_winner_only():
    league = warband_league(points=200)
    home = enter(league, warriors(6), name="Home")
    away = enter(league, warriors(6, "Soldier"), name="Away")
    fixture = sides_fixed(first_fixture(league), home, away)
    fixture_record_forfeit(fixture=fixture, actor=league.organiser, forfeiting=away)
    home.refresh_from_db()
    away.refresh_from_db()
    assert home.treasury == 62 + 20 and away.treasury == 62  # WB-8.5: Win 20, forfeit 0


def test_wb_7_2_a_swiss_bye_is_a_win_worth_15_gold():
    league = warband_league(points=200, format=League.Format.SWISS)
    entries = [enter(league, warriors(6, f"W{i}"), name=f"Band {i}") for i in range(3)]
    fixtures_generate(league=league, actor=league.organiser)
    bye = league.fixtures.get(away=None)
    entry = Entry.objects.get(pk=bye.home_id)
    assert entry.treasury == 62 + 15
    assert entry in entries


def test_wb_8_6_the_lower_wv_side_hires_within_the_difference_and_hirelings_count_for_vp_only():
    league = warband_league(points=200)
    home = enter(league, warriors(6), name="Few")  # WV 138
    away = enter(league, warriors(8, "Soldier"), name="Many")  # WV 184: a difference of 46
    fixture = sides_fixed(first_fixture(league), home, away)
    hire = {"fixture": fixture.pk, "profile": "warrior", "name": "Sellsword"}
    with pytest.raises(LeagueRefusal, match="WB-17"):  # the higher side has no allowance
        entry_game_action(entry=away, actor=away.player, action="hire", data={**hire, "name": "Mercenary"})
    with pytest.raises(LeagueRefusal, match="Fill in"):  # a personality is never offered for hire
        entry_game_action(entry=home, actor=home.player, action="hire", data={**hire, "profile": "hero"})
    entry_game_action(entry=home, actor=home.player, action="hire", data=hire)  # 23 of 46
    entry_game_action(entry=home, actor=home.player, action="hire", data={**hire, "name": "Sellsword 2"})  # 46
    with pytest.raises(LeagueRefusal, match="WB-17"):  # 69 > 46
        entry_game_action(entry=home, actor=home.player, action="hire", data={**hire, "name": "Sellsword 3"})
    with pytest.raises(LeagueRefusal, match="WB-14"):
        entry_game_action(entry=home, actor=home.player, action="hire", data={**hire, "name": "Warrior 1"})
    home.refresh_from_db()
    names = [f"Warrior {i}" for i in range(1, 7)] + ["Sellsword", "Sellsword 2"]
    report = WarbandReport(
        home=side({"Sellsword": "killed", "Sellsword 2": "gruesome"}, names),
        away=side({"Soldier 1": "killed"}, [f"Soldier {i}" for i in range(1, 9)], by={"Soldier 1": "Sellsword"}),
    )
    result = fixture_report_result(fixture=fixture, actor=home.player, facts=report)
    assert result.report["scores"] == [23, 46]  # the hirelings count for VP (WB-8.6)
    # one roll only: the away Soldier's severity; the two hirelings taken out roll none
    fixture_confirm_result(fixture=fixture, actor=away.player, dice=FixedDice([3]))
    home.refresh_from_db()
    kept = campaign_of(home.roster)
    assert {r.name for r in kept.records} == {f"Warrior {i}" for i in range(1, 7)}  # no XP record, gone
    assert home.roster["hirelings"] == {}
    rolls = fixture.events.filter(kind=CampaignEvent.Kind.ROLL)
    assert [(e.entry_id, e.purpose) for e in rolls] == [(away.pk, "Soldier 1: injury severity")]
