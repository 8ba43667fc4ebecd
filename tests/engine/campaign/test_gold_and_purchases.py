"""Gold: starting treasury, income, permanent purchases (HR-10.7)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from arena.engine.campaign.between_matches import team_value
from arena.engine.campaign.gold import match_income, pay, starting_treasury
from arena.engine.campaign.purchases import Purchase, apply_purchase, purchase_price, recruit_member
from arena.engine.campaign.results import Format, ResultKind
from arena.engine.campaign.rule_error import CampaignRuleError
from arena.engine.content.common import Stat
from arena.engine.roster import ABSENT, ACTIVE, DEAD, base_roster
from arena.engine.roster.point_rules import validate_roster

from .roster_helpers import BASE, member, with_status

R = ResultKind


def test_starting_treasury_50_plus_5_per_unspent_point__hr_10_7() -> None:
    assert starting_treasury(BASE) == 50  # 200 of 200
    assert starting_treasury(base_roster(tier="champion")) == 50 + 5 * 50
    cheap = with_status(BASE, "crossbowman", ACTIVE)
    crossbowman = cheap.member("crossbowman")
    assert crossbowman is not None
    cheaper = replace(crossbowman, stats={**crossbowman.stats, Stat.EP: 9})  # −3 points
    cheap = replace(cheap, members=tuple(cheaper if m.slot == "crossbowman" else m for m in cheap.members))
    assert starting_treasury(cheap) == 65


def test_starting_treasury_refuses_over_budget__hr_9_1() -> None:
    over = replace(BASE, tier="rookie")
    gladiator = over.member("gladiator")
    assert gladiator is not None
    bigger = replace(gladiator, stats={**gladiator.stats, Stat.EP: 22})
    over = replace(over, members=tuple(bigger if m.slot == "gladiator" else m for m in over.members))
    with pytest.raises(CampaignRuleError, match=r"2 points over its budget .*\(HR-9.1\)"):
        starting_treasury(over)


def test_income_per_result__hr_10_7() -> None:
    assert {k: match_income(k).total for k in R if k is not R.BYE} == {
        R.VICTORY: 40,
        R.POINTS_VICTORY: 30,
        R.DRAW: 25,
        R.POINTS_DEFEAT: 15,
        R.DEFEAT: 15,
        R.FORFEIT_WIN: 40,
        R.FORFEIT_LOSS: 0,
    }
    assert match_income(R.BYE, Format.SWISS).total == 20
    assert match_income(R.BYE, Format.ROUND_ROBIN).total == 0


def test_income_for_each_enemy_strategist_killed_in_a_free_for_all__hr_10_7_hr_8() -> None:
    # two of the three enemy strategists fell to this team: +10 each, as a duel's one pays
    income = match_income(R.POINTS_DEFEAT, fighters_killed=1, strategists_killed=2)
    assert tuple(line.pair() for line in income.lines) == (
        ("points defeat", 15),
        ("1 enemy non-gladiator(s) killed", 5),
        ("2 enemy strategists killed", 20),
    )
    assert income.total == 40
    assert income.lines[-1].pair("hu") == ("2 megölt ellenséges stratéga", 20)


def test_income_bonuses_worked_example__hr_10_7() -> None:
    income = match_income(R.VICTORY, fighters_killed=2, strategists_killed=1, thumbs_down=True)
    assert tuple(line.pair() for line in income.lines) == (
        ("victory", 40),
        ("2 enemy non-gladiator(s) killed", 10),
        ("enemy strategist killed", 10),
        ("thumbs down", 10),
    )
    assert income.total == 70
    assert [line.pair("hu") for line in income.lines] == [
        ("győzelem", 40),
        ("2 megölt ellenséges nem gladiátor", 10),
        ("megölt ellenséges stratéga", 10),
        ("hüvelykujj le", 10),
    ]
    assert match_income(R.DEFEAT, fighters_killed=1).total == 20


def test_thumbs_down_gold_only_for_the_victor__hr_10_5() -> None:
    with pytest.raises(CampaignRuleError, match="only the winner who destroyed"):
        match_income(R.POINTS_VICTORY, thumbs_down=True)


def test_pay_refuses_a_short_treasury__hr_10_7() -> None:
    assert pay(50, 40, "a 4th amulet") == 10
    with pytest.raises(CampaignRuleError, match=r"a 4th amulet costs 40 gold but the treasury holds 30 \(HR-10.7\)"):
        pay(30, 40, "a 4th amulet")


def test_purchase_prices__hr_10_7() -> None:
    recruits = {
        slot: purchase_price(Purchase.recruit(slot, "x"))
        for slot in ("gladiator", "witch_master", "crossbowman", "deasta", "laeva", "strategist")
    }
    assert recruits == {
        "gladiator": 100,
        "witch_master": 60,
        "crossbowman": 50,
        "deasta": 40,
        "laeva": 40,
        "strategist": 30,
    }
    assert purchase_price(Purchase.pile_weapon("sabre")) == 20
    assert purchase_price(Purchase.pile_weapon("great_axe")) == 30
    assert purchase_price(Purchase.repair("shield")) == 10
    assert purchase_price(Purchase.fourth_amulet("poison")) == 40
    assert purchase_price(Purchase.training("crossbowman")) == 20
    with pytest.raises(CampaignRuleError, match="'javelin' is not a weapon for the pile"):
        purchase_price(Purchase.pile_weapon("javelin"))


def test_recruit_replaces_a_dead_gladiator_and_keeps_pile_and_amulet__hr_10_7() -> None:
    gladiator = BASE.member("gladiator")
    assert gladiator is not None
    roster = with_status(BASE, "gladiator", DEAD)
    roster = replace(
        roster,
        members=tuple(
            replace(m, pile=("short_sword", "shield", "greatsword", "mace"), starting_grip=("mace",))
            if m.slot == "gladiator"
            else m
            for m in roster.members
        ),
    )
    done = apply_purchase(roster, 130, Purchase.recruit("gladiator", "Botond", "heavy"))
    assert (done.treasury, done.price) == (30, 100)
    recruit = done.roster.member("gladiator")
    assert recruit is not None and done.replaced is not None and done.replaced.status == DEAD
    assert (recruit.name, recruit.gladiator_type, recruit.status) == ("Botond", "heavy", ACTIVE)
    assert (
        recruit.stats[Stat.TE],
        recruit.stats[Stat.VE],
        recruit.stats[Stat.MOV],
        recruit.stats[Stat.SFE],
        recruit.stats[Stat.STP],
        recruit.stats[Stat.EP],
    ) == (13, 2, 4, 3, 6, 20)
    assert recruit.pile == ("short_sword", "shield", "greatsword", "mace")
    assert recruit.starting_grip == ("mace",)
    assert recruit.amulet == gladiator.amulet
    assert validate_roster(done.roster, campaign=True) == ()


def test_recruit_net_fighter_refused_with_a_shield_in_the_pile__hr_3_3() -> None:
    roster = with_status(BASE, "gladiator", DEAD)
    with pytest.raises(CampaignRuleError, match=r"pile holds shield, halberd, greatsword.*Hálóvető .*\(HR-3.3\)"):
        apply_purchase(roster, 200, Purchase.recruit("gladiator", "Ákos", "net_fighter"))


def test_recruit_dagger_thrower_the_missing_variant__hr_10_7() -> None:
    roster = with_status(BASE, "laeva", DEAD)
    done = apply_purchase(roster, 45, Purchase.recruit("laeva", "Kata"))
    laeva = done.roster.member("laeva")
    assert laeva is not None and laeva.name == "Kata" and laeva.stats[Stat.TE] == 9
    assert done.treasury == 5
    assert team_value(done.roster) == 200


def test_recruit_refusals__hr_10_7() -> None:
    with pytest.raises(CampaignRuleError, match=r"held by Crossbowman \(active\); a recruit fills"):
        apply_purchase(BASE, 100, Purchase.recruit("crossbowman", "Bence"))
    with pytest.raises(CampaignRuleError, match=r"held by Crossbowman \(absent\)"):
        apply_purchase(with_status(BASE, "crossbowman", ABSENT), 100, Purchase.recruit("crossbowman", "B"))
    with pytest.raises(CampaignRuleError, match="the treasury holds 49"):
        apply_purchase(with_status(BASE, "crossbowman", DEAD), 49, Purchase.recruit("crossbowman", "B"))
    with pytest.raises(CampaignRuleError, match="a recruit needs a name"):
        apply_purchase(with_status(BASE, "crossbowman", DEAD), 50, Purchase.recruit("crossbowman", " "))
    with pytest.raises(CampaignRuleError, match="only a gladiator has a type"):
        recruit_member("crossbowman", "B", "heavy")
    with pytest.raises(CampaignRuleError, match="there is no 'wizard' to recruit"):
        purchase_price(Purchase.recruit("wizard", "B"))


def test_pile_weapon_10_per_point_and_limits__hr_10_7_hr_9_5() -> None:
    done = apply_purchase(BASE, 50, Purchase.pile_weapon("sabre"))
    gladiator = done.roster.member("gladiator")
    assert gladiator is not None
    assert gladiator.pile == ("short_sword", "shield", "halberd", "greatsword", "sabre")
    assert (done.treasury, team_value(done.roster)) == (30, 202)
    with pytest.raises(CampaignRuleError, match=r"holds 5 items \(broken ones included\); at most 5"):
        apply_purchase(done.roster, 30, Purchase.pile_weapon("mace"))
    with pytest.raises(CampaignRuleError, match="holds 5 items"):
        apply_purchase(BASE, 30, Purchase.pile_weapon("mace"), broken=("trident",))
    with pytest.raises(CampaignRuleError, match=r"holds Shield already; only one-handed weapons may be doubled"):
        apply_purchase(BASE, 30, Purchase.pile_weapon("shield"))
    with pytest.raises(CampaignRuleError, match="the treasury holds 19"):
        apply_purchase(BASE, 19, Purchase.pile_weapon("sabre"))


def test_pile_weapon_type_limits__hr_3_3() -> None:
    net = replace(
        BASE,
        members=tuple(
            replace(m, gladiator_type="net_fighter", pile=("trident",), starting_grip=("trident",))
            if m.slot == "gladiator"
            else m
            for m in BASE.members
        ),
    )
    with pytest.raises(CampaignRuleError, match=r"Great axe is not allowed for a Hálóvető gladiator \(HR-3.3\)"):
        apply_purchase(net, 100, Purchase.pile_weapon("great_axe"))
    done = apply_purchase(net, 100, Purchase.pile_weapon("trident"))  # a second trident: a pair's worth
    gladiator = done.roster.member("gladiator")
    assert gladiator is not None and gladiator.pile == ("trident", "trident")


def test_repair_a_broken_item__hr_10_7() -> None:
    broken_pile = replace(
        BASE,
        members=tuple(
            replace(m, pile=("short_sword", "halberd", "greatsword")) if m.slot == "gladiator" else m
            for m in BASE.members
        ),
    )
    done = apply_purchase(broken_pile, 12, Purchase.repair("shield"), broken=("shield", "mace"))
    assert member(done.roster, "gladiator").pile == (
        "short_sword",
        "halberd",
        "greatsword",
        "shield",
    )
    assert (done.broken, done.treasury, done.price) == (("mace",), 2, 10)
    with pytest.raises(CampaignRuleError, match="no broken 'sabre' is waiting for repair"):
        apply_purchase(broken_pile, 12, Purchase.repair("sabre"), broken=("shield",))


def test_fourth_amulet_40__hr_10_7() -> None:
    done = apply_purchase(BASE, 40, Purchase.fourth_amulet("poison"))
    assert member(done.roster, "deasta").amulet == "poison"
    assert sorted(done.roster.amulets) == ["curse", "lightning", "poison", "poison"]
    assert (done.treasury, team_value(done.roster)) == (0, 204)
    with pytest.raises(CampaignRuleError, match=r"has 4 amulets already \(at most 4\) \(HR-9.5\)"):
        apply_purchase(done.roster, 40, Purchase.fourth_amulet("curse"))
    chosen = apply_purchase(BASE, 40, Purchase.fourth_amulet("curse", wearer="strategist"))
    assert member(chosen.roster, "strategist").amulet == "curse"
    with pytest.raises(CampaignRuleError, match="no member can wear another amulet"):
        apply_purchase(BASE, 40, Purchase.fourth_amulet("curse", wearer="gladiator"))


def test_training_plus_1_ep_at_most_twice__hr_10_7() -> None:
    once = apply_purchase(BASE, 45, Purchase.training("witch_master"))
    assert member(once.roster, "witch_master").stats[Stat.EP] == 11
    twice = apply_purchase(once.roster, once.treasury, Purchase.training("witch_master"), training_done=1)
    assert member(twice.roster, "witch_master").stats[Stat.EP] == 12
    assert (twice.treasury, team_value(twice.roster)) == (5, 202)
    with pytest.raises(CampaignRuleError, match=r"has bought \+2 Ép by training already \(at most \+2\)"):
        apply_purchase(twice.roster, 100, Purchase.training("witch_master"), training_done=2)
    with pytest.raises(CampaignRuleError, match="the team has no crossbowman to train"):
        apply_purchase(with_status(BASE, "crossbowman", DEAD), 100, Purchase.training("crossbowman"))
