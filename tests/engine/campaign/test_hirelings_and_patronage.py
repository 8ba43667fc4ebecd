"""Hirelings, patronage and one-match items (HR-10.7, HR-10.8)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from arena.engine.campaign.between_matches import team_value
from arena.engine.campaign.hirelings import after_match, fielded_roster, hireling_member
from arena.engine.campaign.match_items import (
    MatchItem,
    equip_for_match,
    gold_price,
    patronage_cost,
    patronage_left,
    patronage_points,
)
from arena.engine.campaign.rule_error import CampaignRuleError
from arena.engine.content.common import Stat
from arena.engine.roster import ABSENT, DEAD, HIRELING
from arena.engine.roster.point_rules import validate_roster

from .roster_helpers import BASE, member, with_status


@pytest.mark.parametrize(
    ("slot", "te", "ve", "ce", "ep"),
    [
        ("gladiator", 12, 1, None, 18),
        ("witch_master", 4, 6, None, 8),
        ("crossbowman", 5, 6, 10, 10),
        ("deasta", 9, 8, 8, 9),
        ("laeva", 7, 7, 9, 8),
        ("strategist", None, None, None, 8),
    ],
)
def test_hireling_base_profile_minus_2__hr_10_8(
    slot: str, te: int | None, ve: int | None, ce: int | None, ep: int
) -> None:
    hireling = hireling_member(slot)
    assert (
        hireling.stats.get(Stat.TE),
        hireling.stats.get(Stat.VE),
        hireling.stats.get(Stat.CE),
        hireling.stats[Stat.EP],
    ) == (te, ve, ce, ep)
    base = BASE.member(slot)
    assert base is not None
    assert hireling.skills == base.skills
    assert hireling.stats[Stat.EG] == base.stats[Stat.EG]  # only TÉ, VÉ, CÉ and Ép drop
    assert (hireling.status, hireling.amulet) == (HIRELING, None)


def test_hireling_unknown_slot__hr_10_8() -> None:
    with pytest.raises(CampaignRuleError, match=r"there is no 'wizard' to hire \(HR-10.8\)"):
        hireling_member("wizard")


def test_fielded_roster_fills_dead_and_absent_places__hr_10_8() -> None:
    roster = with_status(with_status(BASE, "gladiator", DEAD), "laeva", ABSENT)
    assert [p.code for p in validate_roster(roster, campaign=True)] == ["TB-24", "TB-24"]
    fielded = fielded_roster(roster)
    assert validate_roster(fielded, campaign=True) == ()
    gladiator = fielded.member("gladiator")
    dead = roster.member("gladiator")
    assert gladiator is not None and dead is not None
    assert (gladiator.status, gladiator.name, gladiator.stats[Stat.TE]) == (
        HIRELING,
        "Hireling gladiator",
        12,
    )
    assert (gladiator.pile, gladiator.amulet) == (dead.pile, dead.amulet)  # the team keeps them
    assert member(fielded, "laeva").status == HIRELING
    assert fielded.member("crossbowman") == roster.member("crossbowman")
    # the hirelings leave after the match; the team's own members come back
    assert after_match(roster, fielded) == roster


def test_after_match_keeps_what_happened_to_the_players__hr_10_8() -> None:
    roster = with_status(BASE, "laeva", ABSENT)
    fielded = fielded_roster(roster)
    crossbowman = fielded.member("crossbowman")
    assert crossbowman is not None
    hurt = replace(crossbowman, status=ABSENT)
    played = replace(fielded, members=tuple(hurt if m.slot == "crossbowman" else m for m in fielded.members))
    back = after_match(roster, played)
    assert back.member("crossbowman") == hurt
    assert back.member("laeva") == roster.member("laeva")
    assert all(m.status != HIRELING for m in back.members)


def test_team_value_ignores_hirelings__hr_10_4() -> None:
    fielded = fielded_roster(with_status(BASE, "crossbowman", DEAD))
    assert team_value(fielded) == 170


def test_patronage_points_difference_up_to_20__hr_10_8() -> None:
    assert patronage_points(200, 212) == 12
    assert patronage_points(212, 200) == 0
    assert patronage_points(190, 210) == 20
    assert patronage_points(180, 230) == 20
    assert patronage_points(200, 200) == 0


def test_one_match_prices_gold_and_patronage__hr_10_7_hr_10_8() -> None:
    items = {
        "disc 3": MatchItem.fixed_disc(3),
        "disc 5": MatchItem.fixed_disc(5),
        "insight 4": MatchItem.trap_insight(4),
        "insight 5": MatchItem.trap_insight(5),
        "poison": MatchItem.vial("poison_vial", "deasta"),
        "potion": MatchItem.vial("potion", "deasta"),
    }
    assert {k: gold_price(i) for k, i in items.items()} == {
        "disc 3": 30,
        "disc 5": 50,
        "insight 4": 20,
        "insight 5": 40,
        "poison": 15,
        "potion": 20,
    }
    assert {k: patronage_cost(i) for k, i in items.items()} == {
        "disc 3": 6,
        "disc 5": 10,
        "insight 4": 4,
        "insight 5": 8,
        "poison": 3,
        "potion": 4,
    }
    assert patronage_cost(MatchItem.amulet("curse")) == 4
    with pytest.raises(CampaignRuleError, match=r"temporary 4th amulet comes only with patronage"):
        gold_price(MatchItem.amulet("curse"))
    with pytest.raises(CampaignRuleError, match="no spell disc of level 6"):
        gold_price(MatchItem.fixed_disc(6))
    with pytest.raises(CampaignRuleError, match="trap insight draws 4 or 5 cards, not 3"):
        patronage_cost(MatchItem.trap_insight(3))


def test_patronage_spending_and_what_is_lost__hr_10_8() -> None:
    spent = [MatchItem.fixed_disc(4), MatchItem.amulet("poison")]  # 8 + 4
    assert patronage_left(12, spent) == 0
    assert patronage_left(15, spent[:1]) == 7
    with pytest.raises(
        CampaignRuleError,
        match=r"the items cost 12 patronage points but the team has 11 \(HR-10.8\)",
    ):
        patronage_left(11, spent)


def test_equip_for_match_puts_items_on_the_members__hr_10_8() -> None:
    roster = replace(BASE, options=frozenset({"opt_poison_vial"}))
    items = [
        MatchItem.fixed_disc(5),
        MatchItem.fixed_disc(2),
        MatchItem.trap_insight(5),
        MatchItem.vial("poison_vial", "deasta"),
        MatchItem.amulet("curse"),
    ]
    equipped = equip_for_match(roster, items)
    assert member(equipped, "witch_master").fixed_discs == (5, 2)
    assert member(equipped, "strategist").trap_cards_drawn == 5
    assert member(equipped, "deasta").vial == "poison_vial"
    assert member(equipped, "deasta").amulet == "curse"
    assert validate_roster(equipped, campaign=True) == ()


def test_equip_for_match_limits__hr_9_5_hr_7() -> None:
    with pytest.raises(CampaignRuleError, match="at most 2 of the discs may be fixed"):
        equip_for_match(BASE, [MatchItem.fixed_disc(1)] * 3)
    with pytest.raises(CampaignRuleError, match="at most one disc may be a fixed level-5"):
        equip_for_match(BASE, [MatchItem.fixed_disc(5)] * 2)
    with pytest.raises(CampaignRuleError, match="trap insight is bought once"):
        equip_for_match(BASE, [MatchItem.trap_insight(4), MatchItem.trap_insight(5)])
    with pytest.raises(CampaignRuleError, match=r"needs its optional rule opt_potion \(HR-7\)"):
        equip_for_match(BASE, [MatchItem.vial("potion", "deasta")])
    vials = replace(BASE, options=frozenset({"opt_potion"}))
    with pytest.raises(CampaignRuleError, match="the strategist carries no vial"):
        equip_for_match(vials, [MatchItem.vial("potion", "strategist")])
    with pytest.raises(CampaignRuleError, match=r"carries a vial already \(one per fighter\)"):
        equip_for_match(vials, [MatchItem.vial("potion", "laeva")] * 2)
    with pytest.raises(CampaignRuleError, match="a team carries at most 3 vials"):
        equip_for_match(
            vials,
            [MatchItem.vial("potion", s) for s in ("gladiator", "laeva", "deasta", "crossbowman")],
        )
    four = equip_for_match(BASE, [MatchItem.amulet("curse")])
    with pytest.raises(CampaignRuleError, match="the team has 4 amulets already"):
        equip_for_match(four, [MatchItem.amulet("poison")])
    with pytest.raises(CampaignRuleError, match="no member can wear another amulet"):
        equip_for_match(BASE, [MatchItem.amulet("poison", "gladiator")])
