"""Weapons broken by Fegyvertörés: out of the pile, kept apart, back with a repair (HR-10.7)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from arena.engine.campaign.between_matches import team_value
from arena.engine.campaign.broken import break_items
from arena.engine.campaign.match_items import MATCH_ITEM_NAMES, MatchItemKind
from arena.engine.campaign.purchases import Purchase, apply_purchase
from arena.engine.campaign.rule_error import CampaignRuleError
from arena.engine.roster import Member, Roster, base_roster
from arena.engine.roster.point_rules import validate_roster

BASE = base_roster("Vasfarkasok")  # pile: short sword, shield, halberd, greatsword; grip: sword and shield


def gladiator(roster: Roster) -> Member:
    found = roster.member("gladiator")
    assert found is not None
    return found


def with_gladiator(roster: Roster, **changes: object) -> Roster:
    return replace(roster, members=tuple(replace(m, **changes) if m.slot == "gladiator" else m for m in roster.members))  # type: ignore[arg-type]


def test_a_broken_item_leaves_the_pile_and_waits_for_repair__hr_10_7() -> None:
    after = break_items(BASE, ["halberd"], broken=("mace",))

    assert gladiator(after.roster).pile == ("short_sword", "shield", "greatsword")
    assert after.broken == ("mace", "halberd")
    assert gladiator(after.roster).starting_grip == ("short_sword", "shield")  # not in hand: the grip stays
    assert team_value(after.roster) == team_value(BASE) - 3  # a broken item is not fielded
    assert validate_roster(after.roster, campaign=True) == ()


def test_the_grip_keeps_what_is_left_in_hand__hr_10_7() -> None:
    sword = break_items(BASE, ["short_sword"])
    assert gladiator(sword.roster).starting_grip == ("shield",)  # dagger and shield
    both = break_items(BASE, ["short_sword", "shield"])
    assert gladiator(both.roster).starting_grip == ()  # the belt dagger
    two_handed = with_gladiator(BASE, starting_grip=("halberd",))
    assert gladiator(break_items(two_handed, ["halberd"]).roster).starting_grip == ()
    pair = with_gladiator(BASE, pile=("sabre", "sabre", "shield"), starting_grip=("sabre", "sabre"))
    one = break_items(pair, ["sabre"])
    assert (gladiator(one.roster).pile, gladiator(one.roster).starting_grip) == (("sabre", "shield"), ("sabre",))
    for after in (sword, both, one):
        assert validate_roster(after.roster, campaign=True) == ()


def test_only_what_the_pile_holds_can_break__hr_10_7() -> None:
    with pytest.raises(CampaignRuleError, match=r"the weapon pile holds no mace that could have been broken"):
        break_items(BASE, ["mace"])
    with pytest.raises(CampaignRuleError, match="holds no halberd") as refused:
        break_items(BASE, ["halberd", "halberd"])  # only one copy
    assert refused.value.text("hu") == "a fegyverhalomban nincs alabárd, így az nem is törhetett el (HR-10.7)"
    assert break_items(BASE, []).roster == BASE


def test_a_repair_returns_it_to_the_pile_and_the_broken_count_against_the_limits__hr_10_7() -> None:
    after = break_items(BASE, ["halberd"])
    repaired = apply_purchase(after.roster, 10, Purchase.repair("halberd"), broken=after.broken)
    assert (gladiator(repaired.roster).pile, repaired.broken, repaired.treasury) == (
        ("short_sword", "shield", "greatsword", "halberd"),
        (),
        0,
    )
    full = apply_purchase(after.roster, 20, Purchase.pile_weapon("mace"), broken=after.broken)
    with pytest.raises(CampaignRuleError, match=r"holds 5 items \(broken ones included\)"):
        apply_purchase(full.roster, 20, Purchase.pile_weapon("sabre"), broken=full.broken)


def test_the_one_match_items_are_named_in_both_languages__hr_10_7() -> None:
    assert MATCH_ITEM_NAMES[MatchItemKind.FIXED_DISC] == ("rögzített korong", "fixed disc")
    assert MATCH_ITEM_NAMES[MatchItemKind.TRAP_INSIGHT] == ("csapdabetekintés", "trap insight")
    assert set(MATCH_ITEM_NAMES) == set(MatchItemKind)
