"""Experience and advancement (HR-10.6), and the team value after advances (HR-10.4)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from arena.engine.campaign.between_matches import team_value
from arena.engine.campaign.experience import (
    ADVANCE_THRESHOLDS,
    Advance,
    Deeds,
    advances_due,
    advances_earned,
    apply_advance,
    xp_award,
)
from arena.engine.campaign.rule_error import CampaignRuleError
from arena.engine.content.common import Stat
from arena.engine.content.skills import ACROBATICS, AIMING, CONCENTRATION, DODGING, HIDING, SNEAKING
from arena.engine.roster import DEAD, HIRELING, Member, Roster, base_member, base_roster

CROSSBOWMAN = base_member("crossbowman", "Bence")
GLADIATOR = base_member("gladiator", "Vazul")
STRATEGIST = base_member("strategist", "Ilona")
TE, VE, CE, EP, EG, ME, MOV = Stat.TE, Stat.VE, Stat.CE, Stat.EP, Stat.EG, Stat.ME, Stat.MOV


def test_xp_worked_match__hr_10_6() -> None:
    # the crossbowman shot the enemy laeva and the strategist, hit the gladiator; his team won
    crossbowman = Deeds(
        survived=True,
        fighters_killed=1,
        strategists_killed=1,
        gladiators_damaged=1,
        team_won=True,
    )
    award = xp_award(crossbowman)
    assert tuple(line.pair() for line in award.lines) == (
        ("took part", 1),
        ("survived", 1),
        ("killed 1 enemy non-gladiator(s)", 2),
        ("killed the enemy strategist", 3),
        ("dealt Ép to the enemy gladiator", 1),
        ("his team won", 1),
    )
    assert award.total == 9
    assert [line.text("hu") for line in award.lines] == [
        "részt vett",
        "túlélte",
        "1 ellenséges nem gladiátort ölt meg",
        "megölte az ellenséges stratégát",
        "Ép-sebzést okozott az ellenséges gladiátornak",
        "csapata nyert",
    ]
    # the gladiator destroyed the enemy gladiator: 1 + 1 + 1 (Ép dealt) + 4 + 1
    assert xp_award(Deeds(gladiators_destroyed=1, team_won=True)).total == 8
    # the witch-master fell but had killed two: 1 + 2 × 2, no survival, no win bonus
    assert xp_award(Deeds(survived=False, fighters_killed=2, team_won=True)).total == 5
    # a losing survivor who only took part
    assert xp_award(Deeds()).total == 2


def test_xp_none_for_hirelings_or_absentees__hr_10_6() -> None:
    assert xp_award(Deeds(fighters_killed=3, team_won=True), hireling=True).total == 0
    assert xp_award(Deeds(took_part=False, team_won=True)).total == 0


def test_advances_at_5_12_21_32_45__hr_10_6() -> None:
    assert ADVANCE_THRESHOLDS == (5, 12, 21, 32, 45)
    assert [advances_earned(xp) for xp in (0, 4, 5, 11, 12, 20, 21, 31, 32, 44, 45, 99)] == [
        0,
        0,
        1,
        1,
        2,
        2,
        3,
        3,
        4,
        4,
        5,
        5,
    ]
    assert advances_due(4, 5) == 1
    assert advances_due(5, 11) == 0
    assert advances_due(11, 21) == 2
    assert advances_due(0, 45) == 5
    assert advances_due(45, 80) == 0
    with pytest.raises(ValueError, match="XP never goes down"):
        advances_due(10, 9)


def test_advance_raises_stats__hr_10_6() -> None:
    after = apply_advance(CROSSBOWMAN, Advance.raise_stat(TE), taken=[], xp=5)
    assert after.stats[TE] == 8
    assert apply_advance(CROSSBOWMAN, Advance.raise_stat(EP), taken=[], xp=5).stats[EP] == 14
    assert apply_advance(CROSSBOWMAN, Advance.raise_stat(CE), taken=[], xp=5).stats[CE] == 13
    assert apply_advance(CROSSBOWMAN, Advance.raise_stat(EG), taken=[], xp=5).stats[EG] == 5
    assert apply_advance(CROSSBOWMAN, Advance.raise_stat(ME), taken=[], xp=5).stats[ME] == 1


def test_advance_must_be_earned__hr_10_6() -> None:
    with pytest.raises(CampaignRuleError, match=r"Bence has 4 XP, which earns 0 advance\(s\); 0 taken"):
        apply_advance(CROSSBOWMAN, Advance.raise_stat(TE), taken=[], xp=4)
    with pytest.raises(CampaignRuleError, match=r"earns 1 advance\(s\); 1 taken already \(HR-10.6\)"):
        apply_advance(CROSSBOWMAN, Advance.raise_stat(TE), taken=[Advance.raise_stat(VE)], xp=11)


def test_advance_stat_must_be_on_the_sheet__hr_10_6() -> None:
    with pytest.raises(CampaignRuleError, match=r"Vazul has no CÉ on his sheet \(HR-10.6\)"):
        apply_advance(GLADIATOR, Advance.raise_stat(CE), taken=[], xp=5)
    with pytest.raises(CampaignRuleError, match="Ilona has no TÉ on his sheet"):
        apply_advance(STRATEGIST, Advance.raise_stat(TE), taken=[], xp=5)
    with pytest.raises(CampaignRuleError, match="SFÉ cannot be raised by an advance"):
        apply_advance(CROSSBOWMAN, Advance.raise_stat(Stat.SFE), taken=[], xp=5)


def test_advance_plus_2_cap_per_stat__hr_10_6() -> None:
    once = [Advance.raise_stat(TE)]
    twice = apply_advance(CROSSBOWMAN, Advance.raise_stat(TE), taken=once, xp=12)
    assert twice.stats[TE] == 8  # applied to the sheet as given: 7 + 1
    with pytest.raises(CampaignRuleError, match=r"TÉ has risen by \+2 .* passes the \+2 cap"):
        apply_advance(CROSSBOWMAN, Advance.raise_stat(TE), taken=once * 2, xp=21)
    with pytest.raises(CampaignRuleError, match=r"Ép has risen by \+2 through advances; \+2 more"):
        apply_advance(CROSSBOWMAN, Advance.raise_stat(EP), taken=[Advance.raise_stat(EP)], xp=12)


def test_advance_may_pass_the_hr_9_3_maximum__hr_10_6() -> None:
    top = replace(CROSSBOWMAN, stats={**CROSSBOWMAN.stats, CE: 15})  # the crossbowman's maximum
    assert apply_advance(top, Advance.raise_stat(CE), taken=[], xp=5).stats[CE] == 16


def test_advance_movement_from_the_third_and_once__hr_10_6() -> None:
    two = [Advance.raise_stat(TE), Advance.raise_stat(VE)]
    with pytest.raises(CampaignRuleError, match="only from the third advance on; this is advance 2"):
        apply_advance(CROSSBOWMAN, Advance.raise_stat(MOV), taken=two[:1], xp=12)
    assert apply_advance(CROSSBOWMAN, Advance.raise_stat(MOV), taken=two, xp=21).stats[MOV] == 5
    with pytest.raises(CampaignRuleError, match=r"has raised Mozgás already \(at most once\)"):
        apply_advance(CROSSBOWMAN, Advance.raise_stat(MOV), taken=[*two, Advance.raise_stat(MOV)], xp=32)
    with pytest.raises(CampaignRuleError, match="Ilona has no Mozgás"):
        apply_advance(STRATEGIST, Advance.raise_stat(MOV), taken=two, xp=21)


def test_advance_skill_swap__hr_10_6() -> None:
    # the crossbowman has Célzás, Rejtőzés, Futás; Kitérés is on his list
    swapped = apply_advance(CROSSBOWMAN, Advance.swap_skill(HIDING, DODGING), taken=[], xp=5)
    assert swapped.skills == (AIMING, DODGING, "running")
    with pytest.raises(CampaignRuleError, match="Bence does not have sneaking"):
        apply_advance(CROSSBOWMAN, Advance.swap_skill(SNEAKING, DODGING), taken=[], xp=5)
    with pytest.raises(CampaignRuleError, match="Bence cannot take concentration"):
        apply_advance(CROSSBOWMAN, Advance.swap_skill(HIDING, CONCENTRATION), taken=[], xp=5)
    with pytest.raises(CampaignRuleError, match=r"has aiming already \(no skill twice\)"):
        apply_advance(CROSSBOWMAN, Advance.swap_skill(HIDING, AIMING), taken=[], xp=5)
    with pytest.raises(CampaignRuleError, match="Bence cannot take golden_bell"):
        apply_advance(CROSSBOWMAN, Advance.swap_skill(HIDING, "golden_bell"), taken=[], xp=5)
    with pytest.raises(CampaignRuleError, match="Ilona has no skills to swap"):
        apply_advance(STRATEGIST, Advance.swap_skill(HIDING, ACROBATICS), taken=[], xp=5)


def test_advance_refused_for_hirelings_and_the_dead__hr_10_6() -> None:
    with pytest.raises(CampaignRuleError, match=r"hirelings earn no XP \(HR-10.8\)"):
        apply_advance(replace(CROSSBOWMAN, status=HIRELING), Advance.raise_stat(TE), taken=[], xp=5)
    with pytest.raises(CampaignRuleError, match="Bence is dead"):
        apply_advance(replace(CROSSBOWMAN, status=DEAD), Advance.raise_stat(TE), taken=[], xp=5)


def test_advance_shape() -> None:
    with pytest.raises(ValueError, match="raises one stat or swaps one skill"):
        Advance()
    with pytest.raises(ValueError, match="raises one stat or swaps one skill"):
        Advance(stat=TE, swap_out=HIDING, swap_in=DODGING)
    assert (Advance.raise_stat(EP).amount, Advance.raise_stat(TE).amount) == (2, 1)


def with_member(roster: Roster, member: Member) -> Roster:
    members = tuple(member if m.slot == member.slot else m for m in roster.members)
    return replace(roster, members=members)


def test_team_value_after_advances__hr_10_4_hr_10_6() -> None:
    roster = base_roster()
    assert team_value(roster) == 200
    gladiator = roster.member("gladiator")
    crossbowman = roster.member("crossbowman")
    assert gladiator is not None and crossbowman is not None
    gladiator = apply_advance(gladiator, Advance.raise_stat(TE), taken=[], xp=5)  # +3
    crossbowman = apply_advance(crossbowman, Advance.raise_stat(EP), taken=[], xp=5)  # +2
    roster = with_member(with_member(roster, gladiator), crossbowman)
    assert team_value(roster) == 205
    # a dead member counts nothing, but his amulet stays with the team (standard set: free)
    dead = with_member(roster, replace(crossbowman, status=DEAD))
    assert team_value(dead) == 205 - 32
