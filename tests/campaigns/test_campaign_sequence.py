"""The campaign sequence through the services, with fixed dice: injuries and their effects, death and
recruits, hirelings, absences, experience and advances, gold, the healer, and every roll stored."""

from __future__ import annotations

import pytest

from arena.engine.campaign.experience import Advance
from arena.engine.campaign.injuries import Thumbs
from arena.engine.campaign.league_dice import RecordedDice, derive_seed
from arena.engine.campaign.purchases import Purchase
from arena.engine.campaign.results import ResultKind
from arena.engine.campaign.rule_error import CampaignRuleError
from arena.engine.content.common import Stat
from campaigns.models import CampaignEvent, Entry, Fixture
from campaigns.result_facts import Fate, MemberFacts
from campaigns.rosters import entry_roster
from campaigns.services.fixtures import fixtures_generate
from campaigns.services.records import entry_heal, entry_purchase, entry_take_advance
from campaigns.services.reports import fixture_confirm_result, fixture_report_result
from tests.campaigns.factories import LeagueFactory, enter_teams
from tests.campaigns.helpers import facts, play, side

pytestmark = pytest.mark.django_db


@pytest.fixture
def fixtures() -> list[Fixture]:
    """A double round robin of two: the same two teams meet in round 1 and round 2."""
    league = LeagueFactory(format="double_round_robin")
    enter_teams(league, 2)
    return list(fixtures_generate(league=league, actor=league.organiser))


def status(entry: Entry, slot: str) -> str:
    entry.refresh_from_db()
    return entry_roster(entry).member(slot).status


def stat(entry: Entry, slot: str, which: Stat) -> int:
    entry.refresh_from_db()
    return entry_roster(entry).member(slot).stats[which]


def record(entry: Entry, slot: str):  # type: ignore[no-untyped-def]
    return entry.members.get(slot=slot, current=True)


BLOODY_WIN = facts(
    ResultKind.VICTORY,
    24,
    3,
    rounds=12,
    thumbs=Thumbs.DOWN,
    home=side(
        gladiator=MemberFacts(gladiators_damaged=1, gladiators_destroyed=1),
        deasta=MemberFacts(fate=Fate.DEAD, final_ep=-1, fighters_killed=1),
    ),
    away=side(
        gladiator=MemberFacts(fate=Fate.DEAD, final_ep=-4, gladiators_damaged=1),
        crossbowman=MemberFacts(fate=Fate.DEAD, final_ep=0),
    ),
)


def test_casualties_roll_in_order_with_every_modifier_and_every_roll_is_stored(fixtures):
    match = fixtures[0]
    home, away = match.home, match.away

    play(match, BLOODY_WIN, rolls=(6, 4, 3))

    rolls = CampaignEvent.objects.filter(kind="roll").order_by("seq")
    assert [(e.entry, e.slot, e.sides, e.result, e.purpose) for e in rolls] == [
        (home, "deasta", 10, 6, "injury roll: Dagger-thrower (deasta) (HR-10.5)"),
        (away, "gladiator", 10, 4, "injury roll: Gladiator (HR-10.5)"),
        (away, "crossbowman", 10, 3, "injury roll: Crossbowman (HR-10.5)"),
    ]
    injuries = CampaignEvent.objects.filter(kind="injury").order_by("seq")
    assert [e.summary for e in injuries] == [
        "Dagger-thrower (deasta): injury roll 6 +1 (his team won) = 7, Felépül (recovers).",
        "Gladiator: injury roll 4 −1 (the last hit took him to −3 Ép or below) −1 (gladiator destroyed) "
        "−2 (thumbs down) = 0, Halál (dead).",
        "Crossbowman: injury roll 3 = 3, Súlyos seb (grievous wound); misses 2 match(es).",
    ]
    assert (status(home, "deasta"), status(away, "gladiator"), status(away, "crossbowman")) == (
        "active",
        "dead",
        "absent",
    )
    assert record(away, "crossbowman").matches_missed == 2
    assert record(away, "gladiator").injuries == [
        {"fixture": match.pk, "result": "dead", "total": 0, "lasting": None, "matches_missed": 0}
    ]


def test_experience_and_gold_follow_the_deeds(fixtures):
    match = fixtures[0]
    home, away = match.home, match.away

    play(match, BLOODY_WIN, rolls=(6, 4, 3))

    xp = {(r.entry_id, r.slot): r.xp for r in home.members.all() | away.members.all()}
    assert xp[(home.pk, "gladiator")] == 1 + 1 + 1 + 4 + 1  # took part, survived, hurt, destroyed, won
    assert xp[(home.pk, "deasta")] == 1 + 2  # took part, one kill; he fell, so neither survived nor won
    assert xp[(home.pk, "strategist")] == 3
    assert xp[(away.pk, "gladiator")] == 1 + 1  # took part, hurt the enemy gladiator
    assert xp[(away.pk, "witch_master")] == 2
    home.refresh_from_db()
    away.refresh_from_db()
    assert (home.treasury, away.treasury) == (50 + 40 + 5 + 10, 50 + 15)
    assert CampaignEvent.objects.get(entry=home, kind="income").summary == (
        "Income 55 gold (victory 40, 1 enemy non-gladiator(s) killed 5, thumbs down 10); treasury 105."
    )
    assert record(home, "gladiator").kills == 1
    assert "1 advance(s) due" in CampaignEvent.objects.get(entry=home, slot="gladiator", kind="xp").summary


def test_a_lasting_injury_rolls_the_sub_table_until_it_names_a_stat_he_has(fixtures):
    match = fixtures[0]
    lost = facts(ResultKind.VICTORY, 10, 0, away=side(crossbowman=MemberFacts(fate=Fate.DEAD)))

    play(match, lost, rolls=(2, 8, 3))  # 2: lasting injury; 8 is re-rolled; 3: CÉ

    away = match.away
    assert stat(away, "crossbowman", Stat.CE) == 12 - 1
    assert list(CampaignEvent.objects.filter(kind="roll").values_list("result", "purpose")) == [
        (2, "injury roll: Crossbowman (HR-10.5)"),
        (8, "lasting injury: Crossbowman (HR-10.5)"),
        (3, "lasting injury: Crossbowman (HR-10.5)"),
    ]
    assert status(away, "crossbowman") == "absent"
    assert record(away, "crossbowman").injuries[0]["lasting"] == {"stat": "ce", "amount": 1}


def test_without_fixed_dice_the_rolls_come_from_the_league_seed(fixtures):
    match = fixtures[0]

    fixture_report_result(
        fixture=match, actor=match.home.player, facts=facts(away=side(strategist=MemberFacts(fate=Fate.DEAD)))
    )
    fixture_confirm_result(fixture=match, actor=match.away.player)

    # How many dice fall depends on the seed (a lasting injury re-rolls 7–10), and the seed on the
    # fixture's key, which differs between databases: compare every roll, in order, with the seed's.
    rolls = CampaignEvent.objects.filter(kind="roll", fixture=match).order_by("seq")
    logged = list(rolls.values_list("sides", "result"))
    seeded = RecordedDice.seeded(derive_seed(match.league.dice_seed, "fixture", match.pk))
    assert logged, "the dead strategist's injury roll is logged"
    assert logged == [(sides, seeded.roll(sides, "x").result) for sides, _result in logged]


def test_next_match_hirelings_stand_in_absences_are_served_and_a_recruit_replaces_the_dead(fixtures):
    first, second = fixtures
    away = first.away
    play(first, BLOODY_WIN, rolls=(6, 4, 3))  # away: gladiator dead, crossbowman misses 2

    with pytest.raises(CampaignRuleError, match="costs 100 gold but the treasury holds 65"):
        entry_purchase(entry=away, actor=away.player, purchase=Purchase.recruit("gladiator", "Vitus"))
    assert record(away, "gladiator").name == "Gladiator" and status(away, "gladiator") == "dead"

    play(second, facts(ResultKind.VICTORY, 10, 0))  # round 2: away is at home now
    hired = CampaignEvent.objects.filter(fixture=second, kind="hireling", entry=away).values_list("slot", flat=True)
    assert sorted(hired) == ["crossbowman", "gladiator"]
    assert record(away, "crossbowman").matches_missed == 1
    assert CampaignEvent.objects.get(fixture=second, kind="absence").summary == (
        "Crossbowman missed this match and misses 1 more match(es)."
    )
    assert record(away, "gladiator").xp == 2  # the hireling earned nothing for him

    Entry.objects.filter(pk=away.pk).update(treasury=150)
    entry_purchase(entry=away, actor=away.player, purchase=Purchase.recruit("gladiator", "Vitus"))

    away.refresh_from_db()
    gladiator = entry_roster(away).member("gladiator")
    assert (gladiator.name, gladiator.status, gladiator.amulet, away.treasury) == ("Vitus", "active", "poison", 50)
    assert list(away.members.filter(slot="gladiator").values_list("name", "current", "xp")) == [
        ("Gladiator", False, 2),
        ("Vitus", True, 0),
    ]
    assert CampaignEvent.objects.filter(entry=away, kind="purchase").get().summary == (
        "Recruited Vitus as Gladiator in place of Gladiator for 100 gold; treasury 50."
    )


def test_an_earned_advance_is_taken_once_and_a_second_is_refused_without_change(fixtures):
    match = fixtures[0]
    home = match.home
    play(match, BLOODY_WIN, rolls=(6, 4, 3))

    entry_take_advance(entry=home, actor=home.player, slot="gladiator", advance=Advance.raise_stat(Stat.TE))

    assert stat(home, "gladiator", Stat.TE) == 14 + 1
    assert record(home, "gladiator").advances == [{"stat": "te"}]
    assert CampaignEvent.objects.get(kind="advance").summary == "Gladiator takes advance 1: +1 TÉ."
    with pytest.raises(CampaignRuleError, match="8 XP, which earns 1 advance"):
        entry_take_advance(entry=home, actor=home.player, slot="gladiator", advance=Advance.raise_stat(Stat.VE))
    assert stat(home, "gladiator", Stat.VE) == 3
    assert record(home, "gladiator").advances == [{"stat": "te"}]


def test_the_healer_shortens_an_absence_for_ten_gold_and_training_adds_ep(fixtures):
    match = fixtures[0]
    away = match.away
    play(match, BLOODY_WIN, rolls=(6, 4, 3))

    entry_heal(entry=away, actor=away.player, slot="crossbowman", matches=1)
    entry_purchase(entry=away, actor=away.player, purchase=Purchase.training("witch_master"))

    away.refresh_from_db()
    assert (record(away, "crossbowman").matches_missed, away.treasury) == (1, 65 - 10 - 20)
    assert stat(away, "witch_master", Stat.EP) == 10 + 1
    assert record(away, "witch_master").training == 1
    spending = CampaignEvent.objects.filter(entry=away, kind__in=["healer", "purchase"]).order_by("seq")
    assert [event.summary for event in spending] == [
        "The healer takes 1 match(es) off Crossbowman's absence for 10 gold; treasury 55.",
        "Training: +1 Ép for the Witch-master for 20 gold; treasury 35.",
    ]
    with pytest.raises(CampaignRuleError, match="the healer cannot remove 2"):
        entry_heal(entry=away, actor=away.player, slot="crossbowman", matches=2)
    away.refresh_from_db()
    assert (record(away, "crossbowman").matches_missed, away.treasury) == (1, 35)
