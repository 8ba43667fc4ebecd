"""The injury table, lasting injuries and the healer (HR-10.5)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from arena.engine.campaign.hirelings import hireling_member
from arena.engine.campaign.injuries import (
    InjuryResult,
    LastingInjury,
    Thumbs,
    absence_served,
    apply_injury,
    heal,
    healer_price,
    injury_result,
    injury_roll,
)
from arena.engine.campaign.league_dice import DieRoll, RecordedDice
from arena.engine.campaign.rule_error import CampaignRuleError
from arena.engine.content.common import Stat
from arena.engine.roster import ABSENT, ACTIVE, DEAD, base_member

CROSSBOWMAN = base_member("crossbowman", "Bence")
GLADIATOR = base_member("gladiator", "Vazul")
WITCH = base_member("witch_master", "Réka")
STRATEGIST = base_member("strategist", "Ilona")


def test_injury_table_rows__hr_10_5() -> None:
    assert [injury_result(total) for total in range(-2, 12)] == [
        InjuryResult.DEAD,
        InjuryResult.DEAD,
        InjuryResult.DEAD,
        InjuryResult.DEAD,
        InjuryResult.LASTING_INJURY,
        InjuryResult.GRIEVOUS_WOUND,
        InjuryResult.GRIEVOUS_WOUND,
        InjuryResult.WOUND,
        InjuryResult.WOUND,
        InjuryResult.RECOVERS,
        InjuryResult.RECOVERS,
        InjuryResult.RECOVERS,
        InjuryResult.RECOVERS,
        InjuryResult.RECOVERS,
    ]


@pytest.mark.parametrize(
    ("roll", "result", "missed"),
    [
        (1, InjuryResult.DEAD, 0),
        (3, InjuryResult.GRIEVOUS_WOUND, 2),
        (4, InjuryResult.GRIEVOUS_WOUND, 2),
        (5, InjuryResult.WOUND, 1),
        (6, InjuryResult.WOUND, 1),
        (7, InjuryResult.RECOVERS, 0),
        (10, InjuryResult.RECOVERS, 0),
    ],
)
def test_injury_unmodified_rolls__hr_10_5(roll: int, result: InjuryResult, missed: int) -> None:
    outcome = injury_roll(CROSSBOWMAN, team_won=False, final_ep=0, dice=RecordedDice.fixed([roll]))
    assert (outcome.total, outcome.result, outcome.matches_missed) == (roll, result, missed)
    assert tuple(line.pair() for line in outcome.modifiers) == () and outcome.lasting is None
    assert outcome.roll == DieRoll("injury roll: Bence (HR-10.5)", 10, roll, 0)


def test_injury_team_won_plus_1__hr_10_5() -> None:
    outcome = injury_roll(CROSSBOWMAN, team_won=True, final_ep=-1, dice=RecordedDice.fixed([6]))
    assert tuple(line.pair() for line in outcome.modifiers) == (("his team won", 1),)
    assert (outcome.total, outcome.result) == (7, InjuryResult.RECOVERS)


def test_injury_last_hit_to_minus_3_minus_1__hr_10_5() -> None:
    outcome = injury_roll(CROSSBOWMAN, team_won=False, final_ep=-3, dice=RecordedDice.fixed([5]))
    assert outcome.modifier == -1
    assert (outcome.total, outcome.result) == (4, InjuryResult.GRIEVOUS_WOUND)
    at_minus_2 = injury_roll(CROSSBOWMAN, team_won=False, final_ep=-2, dice=RecordedDice.fixed([5]))
    assert (at_minus_2.total, at_minus_2.result) == (5, InjuryResult.WOUND)


def test_injury_gladiator_destroyed_minus_1__hr_10_5() -> None:
    outcome = injury_roll(GLADIATOR, team_won=False, final_ep=0, dice=RecordedDice.fixed([7]))
    assert tuple(line.pair() for line in outcome.modifiers) == (("gladiator destroyed", -1),)
    assert (outcome.total, outcome.result, outcome.matches_missed) == (6, InjuryResult.WOUND, 1)


def test_injury_thumbs_up_plus_2__hr_10_5() -> None:
    outcome = injury_roll(GLADIATOR, team_won=False, final_ep=-4, thumbs=Thumbs.UP, dice=RecordedDice.fixed([2, 6]))
    # 2 − 1 (−3 Ép or below) − 1 (gladiator destroyed) + 2 (thumbs up) = 2
    assert tuple(line.pair() for line in outcome.modifiers) == (
        ("the last hit took him to −3 Ép or below", -1),
        ("gladiator destroyed", -1),
        ("thumbs up", 2),
    )
    assert (outcome.total, outcome.result) == (2, InjuryResult.LASTING_INJURY)
    assert outcome.lasting == LastingInjury(Stat.EG, 1)


def test_injury_thumbs_down_minus_2__hr_10_5() -> None:
    dice = RecordedDice.fixed([4])
    outcome = injury_roll(GLADIATOR, team_won=False, final_ep=-1, thumbs=Thumbs.DOWN, dice=dice)
    assert (outcome.modifier, outcome.total, outcome.result) == (-3, 1, InjuryResult.DEAD)


def test_injury_thumbs_only_for_the_losing_gladiator__hr_10_5() -> None:
    with pytest.raises(CampaignRuleError, match=r"only the fallen gladiator .*\(HR-10.5\)"):
        injury_roll(CROSSBOWMAN, team_won=False, final_ep=0, thumbs=Thumbs.UP, dice=RecordedDice.fixed([5]))


def test_injury_only_at_ep_0_or_below_and_never_hirelings__hr_10_5_hr_10_8() -> None:
    with pytest.raises(CampaignRuleError, match=r"Bence ended with 3 Ép; .*\(HR-10.5\)"):
        injury_roll(CROSSBOWMAN, team_won=False, final_ep=3, dice=RecordedDice.fixed([5]))
    with pytest.raises(CampaignRuleError, match=r"is a hireling and makes no injury roll \(HR-10.8\)"):
        injury_roll(hireling_member("crossbowman"), team_won=False, final_ep=0, dice=RecordedDice.fixed([5]))


def test_injury_lasting_reroll_7_to_10__hr_10_5() -> None:
    dice = RecordedDice.fixed([2, 9, 7, 10, 3])
    outcome = injury_roll(CROSSBOWMAN, team_won=False, final_ep=0, dice=dice)
    assert outcome.result is InjuryResult.LASTING_INJURY and outcome.matches_missed == 2
    assert outcome.lasting == LastingInjury(Stat.CE, 1)
    assert [r.result for r in outcome.lasting_rolls] == [9, 7, 10, 3]
    assert [r.index for r in outcome.rolls] == [0, 1, 2, 3, 4]
    injured = apply_injury(CROSSBOWMAN, outcome)
    assert (injured.stats[Stat.CE], injured.status) == (11, ABSENT)


@pytest.mark.parametrize(
    ("sub_roll", "stat", "before", "after"),
    [
        (1, Stat.TE, 7, 6),
        (2, Stat.VE, 8, 7),
        (3, Stat.CE, 12, 11),
        (4, Stat.MOV, 4, 3),
        (5, Stat.EP, 12, 10),
        (6, Stat.EG, 4, 3),
    ],
)
def test_injury_lasting_sub_table__hr_10_5(sub_roll: int, stat: Stat, before: int, after: int) -> None:
    outcome = injury_roll(CROSSBOWMAN, team_won=False, final_ep=0, dice=RecordedDice.fixed([2, sub_roll]))
    assert outcome.lasting is not None and outcome.lasting.stat is stat
    injured = apply_injury(CROSSBOWMAN, outcome)
    assert (CROSSBOWMAN.stats[stat], injured.stats[stat]) == (before, after)


def test_injury_lasting_aim_is_te_for_gladiator_and_witch_master__hr_10_5() -> None:
    # gladiator: 3 − 1 (destroyed) = 2, a lasting injury; the sub-table's 3 (CÉ) hits his TÉ
    outcome = injury_roll(GLADIATOR, team_won=False, final_ep=0, dice=RecordedDice.fixed([3, 3]))
    assert outcome.lasting == LastingInjury(Stat.TE, 1)
    assert apply_injury(GLADIATOR, outcome).stats[Stat.TE] == 13
    witch = injury_roll(WITCH, team_won=False, final_ep=0, dice=RecordedDice.fixed([2, 3]))
    assert witch.lasting == LastingInjury(Stat.TE, 1)


def test_injury_lasting_strategist_rerolls_stats_he_lacks__hr_10_5() -> None:
    dice = RecordedDice.fixed([2, 1, 2, 3, 4, 8, 6])
    outcome = injury_roll(STRATEGIST, team_won=False, final_ep=-3, dice=RecordedDice.fixed([3, 5]))
    assert (outcome.total, outcome.lasting) == (2, LastingInjury(Stat.EP, 2))
    eg = injury_roll(STRATEGIST, team_won=False, final_ep=0, dice=dice)
    assert eg.lasting == LastingInjury(Stat.EG, 1) and len(eg.lasting_rolls) == 6


def test_apply_injury_dead_and_wound_and_recovery__hr_10_5() -> None:
    dead = injury_roll(CROSSBOWMAN, team_won=False, final_ep=0, dice=RecordedDice.fixed([1]))
    assert apply_injury(CROSSBOWMAN, dead).status == DEAD
    wound = injury_roll(CROSSBOWMAN, team_won=False, final_ep=0, dice=RecordedDice.fixed([5]))
    assert apply_injury(CROSSBOWMAN, wound) == replace(CROSSBOWMAN, status=ABSENT)
    fit = injury_roll(CROSSBOWMAN, team_won=False, final_ep=0, dice=RecordedDice.fixed([9]))
    assert apply_injury(CROSSBOWMAN, fit) == CROSSBOWMAN
    with pytest.raises(ValueError, match="the crossbowman's, not the gladiator's"):
        apply_injury(GLADIATOR, fit)


def test_lasting_injury_never_below_1() -> None:
    weak = replace(CROSSBOWMAN, stats={**CROSSBOWMAN.stats, Stat.EP: 2})
    outcome = injury_roll(weak, team_won=False, final_ep=0, dice=RecordedDice.fixed([2, 5]))
    assert apply_injury(weak, outcome).stats[Stat.EP] == 1


def test_absence_served_counts_down__hr_10_5() -> None:
    absent = replace(CROSSBOWMAN, status=ABSENT)
    member, left = absence_served(absent, 2)
    assert (member.status, left) == (ABSENT, 1)
    member, left = absence_served(member, left)
    assert (member.status, left) == (ACTIVE, 0)
    with pytest.raises(CampaignRuleError, match="Bence is not absent"):
        absence_served(member, 0)


def test_healer_10_gold_per_match__hr_10_5() -> None:
    assert healer_price(1) == 10 and healer_price(2) == 20
    absent = replace(CROSSBOWMAN, status=ABSENT)
    one = heal(absent, matches_left=2, matches=1, treasury=35)
    assert (one.member.status, one.matches_left, one.treasury, one.price) == (ABSENT, 1, 25, 10)
    both = heal(absent, matches_left=2, matches=2, treasury=35)
    assert (both.member.status, both.matches_left, both.treasury, both.price) == (ACTIVE, 0, 15, 20)


def test_healer_refusals__hr_10_5() -> None:
    absent = replace(CROSSBOWMAN, status=ABSENT)
    with pytest.raises(CampaignRuleError, match=r"death cannot be healed \(HR-10.5\)"):
        heal(replace(CROSSBOWMAN, status=DEAD), matches_left=0, matches=1, treasury=100)
    with pytest.raises(CampaignRuleError, match="misses 1 more match"):
        heal(absent, matches_left=1, matches=2, treasury=100)
    with pytest.raises(CampaignRuleError, match="the healer asks 20 gold but the treasury holds 15"):
        heal(absent, matches_left=2, matches=2, treasury=15)
    with pytest.raises(CampaignRuleError, match="nothing to heal"):
        heal(CROSSBOWMAN, matches_left=0, matches=1, treasury=100)
