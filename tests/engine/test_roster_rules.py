"""The team's price (HR-9) and every validation rule of HR-9.6, TB-01 … TB-25.

Each test breaks the base team (HR-2, valid and exactly 200 points) in one way and expects exactly
the listed problems: rule id, the full message as HR-9.6's template words it, and the path. Where a
change would also move the team value, another member is made cheaper by the same amount so that
only the rule under test breaks; the arithmetic is written next to it.
"""

from __future__ import annotations

import re
from dataclasses import replace
from types import MappingProxyType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arena.engine.content.common import Stat
from arena.engine.content.points import TIERS, VALIDATION_RULES
from arena.engine.content.profiles import MEMBER_SLOTS, Ammo
from arena.engine.roster import Member, Problem, Roster, base_member, base_roster
from arena.engine.roster.point_rules import (
    RULE_IDS,
    VALIDATORS,
    MemberCost,
    RosterCheck,
    check_roster,
    roster_costs,
    validate_roster,
)
from tests.budget import examples

BASE = base_roster()
TB04_CAP_MESSAGE = "one team member may cost at most 50 (25% of 200)."


def edit(roster: Roster, slot: str, **changes: Any) -> Roster:
    """The roster with ``changes`` made to the member in ``slot``; ``stats`` and ``ammunition``
    entries are merged into his."""
    member = roster.member(slot)
    assert member is not None
    if "stats" in changes:
        changes["stats"] = MappingProxyType({**member.stats, **changes["stats"]})
    if "ammunition" in changes:
        changes["ammunition"] = MappingProxyType({**member.ammunition, **changes["ammunition"]})
    if "kit" in changes:
        changes["kit"] = MappingProxyType(changes["kit"])
    new = replace(member, **changes)
    return replace(roster, members=tuple(new if m is member else m for m in roster.members))


def edits(roster: Roster, **per_slot: dict[str, Any]) -> Roster:
    for slot, changes in per_slot.items():
        roster = edit(roster, slot, **changes)
    return roster


def total(roster: Roster) -> int:
    return roster_costs(roster).total


def tb(code: str, message: str, path: str) -> Problem:
    return Problem(code, message, path)


# --- The registry and the base team ---------------------------------------------------------------


def test_every_hr_9_6_rule_has_its_own_named_validator__hr_9_6() -> None:
    assert RULE_IDS == tuple(VALIDATION_RULES) == tuple(f"TB-{n:02d}" for n in range(1, 26))
    for validator in VALIDATORS:
        number = validator.rule_id.removeprefix("TB-")
        assert re.fullmatch(rf"check_tb{number}_\w+", validator.check.__name__)
        assert validator.summary == VALIDATION_RULES[validator.rule_id].summary


@pytest.mark.parametrize("tier", list(TIERS))
@pytest.mark.parametrize("campaign", [False, True])
def test_base_team_is_valid_in_every_tier__hr_9_1(tier: str, campaign: bool) -> None:
    assert validate_roster(replace(BASE, tier=tier), campaign=campaign) == ()


def test_base_team_costs_exactly_200__hr_9_2() -> None:
    costs = roster_costs(BASE)
    assert {slot: cost.total for slot, cost in costs.members.items()} == {
        "gladiator": 70,
        "witch_master": 35,
        "crossbowman": 30,
        "deasta": 25,
        "laeva": 25,
        "strategist": 15,
    }
    assert list(costs.members) == list(MEMBER_SLOTS)
    assert costs.members["gladiator"] == MemberCost(
        slot="gladiator", frame=48, stats=0, skills=12, equipment=10, total=70, cap=80
    )
    assert costs.members["witch_master"] == MemberCost("witch_master", 24, 0, 11, 0, 35, 50)
    assert costs.members["strategist"] == MemberCost("strategist", 15, 0, 0, 0, 15, 24)
    assert (costs.amulets, costs.total, costs.budget, costs.remaining) == (0, 200, 200, 0)


def test_caps_follow_the_tier__hr_9_1() -> None:
    costs = roster_costs(replace(BASE, tier="veteran"))
    assert [c.cap for c in costs.members.values()] == [90, 56, 56, 56, 56, 27]
    assert (costs.budget, costs.remaining) == (225, 25)


def worked_example() -> Roster:
    """A Veteran team, priced by hand from HR-9.2–9.5 below."""
    return edits(
        replace(BASE, name="Worked", tier="veteran", options=frozenset({"opt_poison_vial"})),
        gladiator={
            "gladiator_type": "net_fighter",  # frame 50
            "stats": {Stat.TE: 16, Stat.VE: 5, Stat.EP: 22, Stat.MOV: 6},  # +1 TÉ ×3, +2 Ép ×1
            "skills": ("dodging", "takedown", "acrobatics"),  # 4 + 4 + 3
            "pile": ("trident", "sabre"),  # 2 + 2
            "starting_grip": ("trident",),
        },
        witch_master={
            "stats": {Stat.VE: 9, Stat.ME: 7},  # +1 VÉ ×2, +1 ME ×1
            "disc_count": 7,  # +1 disc ×6
            "fixed_discs": (3,),  # 2 × 3
        },
        crossbowman={
            "stats": {Stat.CE: 13},  # +1 ×2
            "ammunition": {Ammo.BOLTS: 14},  # +2 bolts: +1
            "vial": "poison_vial",  # 3
            "amulet": "poison",  # a second poison amulet instead of the curse one: +1
        },
        deasta={
            "stats": {Stat.EP: 9},  # −2 ×1
            "ammunition": {Ammo.THROWING_DAGGERS: 6},  # −2 daggers: −1
        },
        strategist={"stats": {Stat.EP: 12}, "trap_cards_drawn": 4},  # +2, trap insight +4
    )


def test_worked_example_costs_225__hr_9() -> None:
    costs = roster_costs(worked_example())
    assert costs.members["gladiator"] == MemberCost("gladiator", 50, 5, 11, 4, 70, 90)
    assert costs.members["witch_master"] == MemberCost("witch_master", 24, 3, 11, 12, 50, 56)
    assert costs.members["crossbowman"] == MemberCost("crossbowman", 20, 2, 10, 4, 36, 56)
    assert costs.members["deasta"] == MemberCost("deasta", 15, -2, 10, -1, 22, 56)
    assert costs.members["laeva"].total == 25
    assert costs.members["strategist"] == MemberCost("strategist", 15, 2, 0, 4, 21, 27)
    assert (costs.amulets, costs.total, costs.budget, costs.remaining) == (1, 225, 225, 0)
    assert validate_roster(worked_example()) == ()


def test_worked_example_is_25_over_the_standard_budget__hr_9_6() -> None:
    roster = replace(worked_example(), tier="standard")
    assert roster_costs(roster).remaining == -25
    assert validate_roster(roster) == (
        tb(
            "TB-02",
            "Team value is 225 points but the Standard budget is 200. Remove 25 points.",
            "",
        ),
    )


# --- Pricing broken teams ---------------------------------------------------------------------


def test_costs_price_what_they_can_of_a_broken_team__hr_9() -> None:
    roster = edits(
        replace(BASE, tier="elite"),
        gladiator={"gladiator_type": "gladius", "pile": ("short_sword", "laser")},
        crossbowman={"skills": ("aiming", "flying", "shield_wall"), "stats": {Stat.CE: 30}},
        witch_master={"fixed_discs": (9,), "amulet": "fire"},
        strategist={"trap_cards_drawn": 9},
    )
    costs = roster_costs(roster)
    assert costs.members["gladiator"].frame == 48  # an unknown type is priced as the Vértes
    assert costs.members["gladiator"].equipment == 2  # the unknown item costs 0
    assert costs.members["crossbowman"].skills == 4  # unknown skill and type special cost 0
    assert costs.members["crossbowman"].stats == 36  # out of range, priced at 2 a point
    assert costs.members["witch_master"].equipment == 0
    assert costs.members["strategist"].equipment == 0
    assert costs.budget == 200  # an unknown tier is priced against the Standard budget


def test_costs_of_missing_and_extra_members__hr_9() -> None:
    wizard = replace(base_member("deasta"), slot="wizard", name="Wizard")
    spartacus = base_member("gladiator", "Spartacus")
    roster = replace(BASE, members=(*BASE.members[1:], spartacus, wizard))
    costs = roster_costs(roster)
    assert list(costs.members) == [
        "gladiator",
        "witch_master",
        "crossbowman",
        "deasta",
        "laeva",
        "strategist",
        "wizard",
    ]
    assert costs.members["wizard"] == MemberCost("wizard", 0, 0, 0, 0, 0, 50)
    assert costs.total == 200


def test_supplies_off_their_step_are_priced_towards_the_base__hr_9_5() -> None:
    assert total(edit(BASE, "crossbowman", ammunition={Ammo.BOLTS: 13})) == 200
    assert total(edit(BASE, "crossbowman", ammunition={Ammo.BOLTS: 11})) == 200
    assert total(edit(BASE, "crossbowman", ammunition={Ammo.BOLTS: 20})) == 204


member_ids = st.one_of(st.sampled_from(["dodging", "sabre", "poison", "armoured", "x"]), st.text())


@settings(max_examples=examples(150), suppress_health_check=[HealthCheck.too_slow])
@given(
    slot=st.sampled_from([*MEMBER_SLOTS, "wizard"]),
    stats=st.dictionaries(st.sampled_from(list(Stat)), st.integers(-50, 50)),
    ids=st.lists(member_ids, max_size=6),
    number=st.one_of(st.none(), st.integers(-20, 20)),
    tier=st.sampled_from([*TIERS, "elite", ""]),
)
def test_pricing_and_validation_never_raise__hr_9(
    slot: str, stats: dict[Stat, int], ids: list[str], number: int | None, tier: str
) -> None:
    odd = Member(
        slot=slot,
        name=ids[0] if ids else "",
        stats=MappingProxyType(stats),
        skills=tuple(ids),
        gladiator_type=ids[-1] if ids else None,
        pile=tuple(ids),
        starting_grip=tuple(ids[:2]),
        kit=MappingProxyType({i: number or 0 for i in ids}),
        armour=ids[0] if ids else "",
        ammunition=MappingProxyType({Ammo.BOLTS: number or 0}),
        amulet=ids[0] if ids else None,
        me_token=number,
        vial=ids[-1] if ids else None,
        disc_count=number,
        fixed_discs=tuple(range(number or 0)),
        trap_cards_drawn=number,
    )
    roster = replace(BASE, tier=tier, members=(*BASE.members, odd))
    costs = roster_costs(roster)
    assert costs.remaining == costs.budget - costs.total
    for campaign in (False, True):
        problems = validate_roster(roster, campaign=campaign)
        assert [p.code for p in problems] == sorted(p.code for p in problems)
        # the builder's one check: the same problems, and the price the validators judged
        assert check_roster(roster, campaign=campaign) == RosterCheck(costs, problems)


# --- TB-01 … TB-05 ----------------------------------------------------------------------------


def test_tb01_missing_member__hr_9_6() -> None:
    roster = replace(BASE, members=tuple(m for m in BASE.members if m.slot != "laeva"))
    assert validate_roster(roster) == (
        tb(
            "TB-01",
            "A team needs exactly six members: one strategist, one gladiator, one witch-master, "
            "one crossbowman and two dagger-throwers (one deasta, one laeva). "
            "Missing: dagger-thrower (laeva). Extra: none.",
            "members",
        ),
    )


def test_tb01_duplicate_and_unknown_slots__hr_9_6() -> None:
    wizard = replace(base_member("deasta"), slot="wizard", name="Wizard")
    roster = replace(BASE, members=(*BASE.members, base_member("gladiator", "Spartacus"), wizard))
    problems = validate_roster(roster)
    assert problems[0] == tb(
        "TB-01",
        "A team needs exactly six members: one strategist, one gladiator, one witch-master, "
        "one crossbowman and two dagger-throwers (one deasta, one laeva). "
        "Missing: none. Extra: gladiator, wizard.",
        "members",
    )
    assert [p.code for p in problems] == ["TB-01", "TB-02"]  # 270: the second gladiator's 70


def test_tb02_team_over_budget__hr_9_6() -> None:
    roster = edit(BASE, "crossbowman", stats={Stat.CE: 15})  # +3 ×2
    assert validate_roster(roster) == (
        tb(
            "TB-02",
            "Team value is 206 points but the Standard budget is 200. Remove 6 points.",
            "",
        ),
    )
    assert validate_roster(replace(roster, tier="veteran")) == ()


def test_tb02_unknown_tier__hr_9_6() -> None:
    assert validate_roster(replace(BASE, tier="elite")) == (
        tb("TB-02", "Unknown tier 'elite'; choose rookie, standard, veteran or champion.", "tier"),
    )


def test_tb03_gladiator_over_the_40_percent_cap__hr_9_6() -> None:
    roster = edits(
        BASE,
        gladiator={"name": "Brutus", "stats": {Stat.TE: 16, Stat.VE: 5}},  # +12: 82
        witch_master={"stats": {Stat.TE: 4, Stat.VE: 6}},  # −8
        crossbowman={"stats": {Stat.CE: 10}},  # −4
    )
    assert total(roster) == 200
    assert validate_roster(roster) == (
        tb(
            "TB-03",
            "Brutus costs 82 points; a gladiator may cost at most 80 (40% of 200).",
            "members.gladiator",
        ),
    )


def test_tb04_fighter_over_the_25_percent_cap__hr_9_6() -> None:
    roster = edits(
        BASE,
        witch_master={"disc_count": 7, "fixed_discs": (4,), "stats": {Stat.TE: 7}},  # +16: 51
        laeva={"stats": {Stat.TE: 7, Stat.VE: 7, Stat.CE: 9, Stat.EP: 8}},  # −14
        deasta={"stats": {Stat.EP: 9}},  # −2
    )
    assert total(roster) == 200
    assert validate_roster(roster) == (
        tb(
            "TB-04",
            f"Witch-master (witch-master) costs 51 points; {TB04_CAP_MESSAGE}",
            "members.witch_master",
        ),
    )


def test_tb05_strategist_over_the_12_percent_cap__hr_9_6() -> None:
    roster = edits(
        BASE,
        strategist={"trap_cards_drawn": 5, "stats": {Stat.EP: 12}},  # +10: 25
        laeva={"stats": {Stat.TE: 7, Stat.VE: 7, Stat.CE: 9}},  # −12
    )
    assert total(roster) == 198
    assert validate_roster(roster) == (
        tb(
            "TB-05",
            "The strategist costs 25 points; at most 24 (12% of 200) is allowed.",
            "members.strategist",
        ),
    )


# --- TB-06 … TB-11 ----------------------------------------------------------------------------


def test_tb06_gladiator_te_18_breaks_range_budget_and_cap__hr_9_6() -> None:
    roster = edit(BASE, "gladiator", stats={Stat.TE: 18})  # +4 ×3
    assert validate_roster(roster) == (
        tb(
            "TB-02",
            "Team value is 212 points but the Standard budget is 200. Remove 12 points.",
            "",
        ),
        tb(
            "TB-03",
            "Gladiator costs 82 points; a gladiator may cost at most 80 (40% of 200).",
            "members.gladiator",
        ),
        tb(
            "TB-06",
            "Gladiator: TÉ 18 is outside the allowed range 12–16 for a gladiator.",
            "members.gladiator.stats.te",
        ),
    )


def test_tb06_stat_below_its_minimum__hr_9_6() -> None:
    roster = edit(BASE, "witch_master", name="Magitor", stats={Stat.TE: 3})
    assert validate_roster(roster) == (
        tb(
            "TB-06",
            "Magitor: TÉ 3 is outside the allowed range 4–9 for a witch-master.",
            "members.witch_master.stats.te",
        ),
    )


def test_tb06_gladiator_stats_follow_his_type__hr_9_6() -> None:
    roster = edits(
        BASE,
        gladiator={  # frame 51: +3; TÉ, VÉ and Mozgás at the heavy type's base
            "gladiator_type": "heavy",
            "stats": {Stat.TE: 13, Stat.VE: 2, Stat.MOV: 4},
        },
        deasta={"stats": {Stat.EP: 8}},  # −3
    )
    assert validate_roster(roster) == (
        tb(
            "TB-06",
            "Gladiator: SFÉ 2 is outside the allowed range 3–3 for a gladiator.",
            "members.gladiator.stats.sfe",
        ),
        tb(
            "TB-06",
            "Gladiator: STP 4 is outside the allowed range 6–6 for a gladiator.",
            "members.gladiator.stats.stp",
        ),
    )


def test_tb06_a_stat_the_role_lacks__hr_9_6() -> None:
    roster = edit(BASE, "strategist", stats={Stat.TE: 5})
    assert validate_roster(roster) == (
        tb(
            "TB-06",
            "Strategist: TÉ 5 is outside the allowed range 0–0 for a strategist.",
            "members.strategist.stats.te",
        ),
    )


def test_tb06_does_not_bind_campaign_teams__hr_10_6() -> None:
    roster = edits(BASE, gladiator={"stats": {Stat.TE: 18}}, deasta={"stats": {Stat.CE: 15}})
    assert validate_roster(roster, campaign=True) == ()


def test_tb07_fighter_with_two_skills__hr_9_6() -> None:
    roster = edit(BASE, "crossbowman", skills=("aiming", "hiding"))
    assert validate_roster(roster) == (
        tb(
            "TB-07",
            "Crossbowman must have exactly 3 skills; it has 2.",
            "members.crossbowman.skills",
        ),
    )


def test_tb08_skill_from_another_role__hr_9_6() -> None:
    roster = edit(BASE, "crossbowman", skills=("takedown", "hiding", "running"))  # 4 for 4
    assert validate_roster(roster) == (
        tb(
            "TB-08",
            "Crossbowman (crossbowman) cannot take Földrevitel. Allowed: Futás, Lopakodás, Rejtőzés, Kitérés, Célzás.",
            "members.crossbowman.skills",
        ),
    )


def test_tb07_strategist_takes_no_skill__hr_9_6() -> None:
    """HR-9.6 TB-07: "Exactly 3 skills per fighter; none for the strategist" (not TB-08)."""
    roster = edits(
        BASE,
        strategist={"skills": ("running",)},
        deasta={"stats": {Stat.EP: 8}},  # +3, −3
    )
    assert validate_roster(roster) == (
        tb(
            "TB-07",
            "Strategist must have no skills (a strategist has none); it has 1.",
            "members.strategist.skills",
        ),
    )


def test_tb07_alone_reports_a_strategists_skills__hr_9_6() -> None:
    """Whatever he lists (a type special, a skill twice), the strategist's skills are TB-07's alone."""
    roster = edit(BASE, "strategist", skills=("shield_wall", "running", "running"))
    skill_rules = [(p.code, p.path) for p in validate_roster(roster) if p.code in ("TB-07", "TB-08", "TB-09", "TB-10")]
    assert skill_rules == [("TB-07", "members.strategist.skills")]


def test_tb08_unknown_skill__hr_9_6() -> None:
    roster = edit(BASE, "deasta", skills=("running", "dodging", "flying"))
    assert total(roster) == 197  # the unknown skill costs 0 instead of Akrobatika's 3
    assert validate_roster(roster) == (
        tb(
            "TB-08",
            "Dagger-thrower (deasta) (dagger-thrower) cannot take flying. "
            "Allowed: Futás, Lopakodás, Rejtőzés, Kitérés, Akrobatika, Célzás.",
            "members.deasta.skills",
        ),
    )


def test_tb09_duplicate_skill__hr_9_6() -> None:
    roster = edit(BASE, "deasta", skills=("running", "running", "acrobatics"))
    assert validate_roster(roster) == (
        tb("TB-09", "Dagger-thrower (deasta) has Futás twice.", "members.deasta.skills"),
    )


def test_tb10_type_special_chosen_as_skill__hr_9_6() -> None:
    roster = edit(BASE, "gladiator", skills=("dodging", "weapon_breaking", "shield_wall"))
    assert validate_roster(roster) == (
        tb(
            "TB-10",
            "Pajzsfal comes only with the Vértes gladiator type and cannot be chosen as a skill.",
            "members.gladiator.skills",
        ),
    )


def test_tb11_unknown_gladiator_type__hr_9_6() -> None:
    roster = edit(BASE, "gladiator", gladiator_type="gladius")
    assert total(roster) == 200
    assert validate_roster(roster) == (
        tb(
            "TB-11",
            "Unknown gladiator type gladius. Choose Vértes, Kardművész, Hálóvető or Nehézvértes.",
            "members.gladiator.gladiator_type",
        ),
    )
    assert validate_roster(edit(BASE, "gladiator", gladiator_type=None)) == ()


# --- TB-12 … TB-16 ----------------------------------------------------------------------------

PILE_SIZE = "items; it must hold 1–5 besides the dagger, javelins and nets."


def test_tb12_empty_pile__hr_9_6() -> None:
    roster = edit(BASE, "gladiator", pile=(), starting_grip=())
    assert validate_roster(roster) == (tb("TB-12", f"The weapon pile holds 0 {PILE_SIZE}", "members.gladiator.pile"),)


def test_tb12_six_pile_items__hr_9_6() -> None:
    roster = edits(
        BASE,
        gladiator={"pile": ("short_sword", "shield", "halberd", "greatsword", "sabre", "mace")},
        crossbowman={"stats": {Stat.CE: 10}},  # +4, −4
    )
    assert validate_roster(roster) == (tb("TB-12", f"The weapon pile holds 6 {PILE_SIZE}", "members.gladiator.pile"),)


def test_tb13_net_fighter_pile_breaks_type_limits__hr_9_6() -> None:
    roster = edit(BASE, "gladiator", gladiator_type="net_fighter")
    assert total(roster) == 189  # frame +2; TÉ −1 ×3, VÉ −2 ×3, Mozgás −1 ×4 against his base
    path = "members.gladiator.pile"
    assert validate_roster(roster) == (
        tb("TB-13", "Shield is not allowed for a Hálóvető gladiator.", path),
        tb("TB-13", "Halberd is not allowed for a Hálóvető gladiator.", path),
        tb("TB-13", "Greatsword is not allowed for a Hálóvető gladiator.", path),
        tb(
            "TB-15",
            "Starting grip short sword + shield is not legal or not in the pile: "
            "shield is not allowed for a Hálóvető gladiator.",
            "members.gladiator.starting_grip",
        ),
    )


def test_tb13_unknown_pile_item__hr_9_6() -> None:
    roster = edit(BASE, "gladiator", pile=(*BASE.members[0].pile, "laser"))
    assert validate_roster(roster) == (
        tb("TB-13", "laser is not allowed for a Vértes gladiator.", "members.gladiator.pile"),
    )


def test_tb14_three_copies_of_a_one_hand_weapon__hr_9_6() -> None:
    roster = edit(BASE, "gladiator", pile=("short_sword", "short_sword", "short_sword", "shield"))
    assert validate_roster(roster) == (
        tb(
            "TB-14",
            "The pile holds 3 × short sword; only one-handed weapons may be doubled (for a pair).",
            "members.gladiator.pile",
        ),
    )


def test_tb14_two_copies_of_a_two_hand_weapon__hr_9_6() -> None:
    roster = edit(BASE, "gladiator", pile=("short_sword", "shield", "greatsword", "greatsword"))
    assert validate_roster(roster) == (
        tb(
            "TB-14",
            "The pile holds 2 × greatsword; only one-handed weapons may be doubled (for a pair).",
            "members.gladiator.pile",
        ),
    )
    pair = edit(BASE, "gladiator", pile=("short_sword", "short_sword", "halberd", "greatsword"))
    assert validate_roster(edit(pair, "gladiator", starting_grip=("short_sword",) * 2)) == ()


GRIP = "members.gladiator.starting_grip"


def test_tb15_illegal_grip__hr_9_6() -> None:
    roster = edit(BASE, "gladiator", starting_grip=("greatsword", "shield"))
    assert validate_roster(roster) == (
        tb(
            "TB-15",
            "Starting grip greatsword + shield is not legal or not in the pile: "
            "greatsword is two-handed and fills both hands.",
            GRIP,
        ),
    )


def test_tb15_grip_not_in_the_pile__hr_9_6() -> None:
    assert validate_roster(edit(BASE, "gladiator", starting_grip=("sabre", "sabre"))) == (
        tb(
            "TB-15",
            "Starting grip sabre + sabre is not legal or not in the pile: the pile holds no sabre.",
            GRIP,
        ),
    )
    assert validate_roster(edit(BASE, "gladiator", starting_grip=("short_sword",) * 2)) == (
        tb(
            "TB-15",
            "Starting grip short sword + short sword is not legal or not in the pile: "
            "the pile holds only 1 × short sword.",
            GRIP,
        ),
    )


@pytest.mark.parametrize("grip", [(), ("dagger",), ("dagger", "shield"), ("halberd",)])
def test_tb15_legal_grips_including_the_belt_dagger__hr_3_1(grip: tuple[str, ...]) -> None:
    assert validate_roster(edit(BASE, "gladiator", starting_grip=grip)) == ()


KIT_MESSAGE = "The gladiator's kit must be exactly one dagger, three javelins and two nets (RB p.20)."


def test_tb16_kit_changed__hr_9_6() -> None:
    roster = edit(BASE, "gladiator", kit={"dagger": 1, "javelin": 2, "net": 2})
    assert validate_roster(roster) == (tb("TB-16", KIT_MESSAGE, "members.gladiator.kit"),)


def test_tb16_kit_item_added_to_the_pile__hr_9_6() -> None:
    roster = edit(BASE, "gladiator", pile=(*BASE.members[0].pile, "javelin"))
    assert total(roster) == 200
    assert validate_roster(roster) == (tb("TB-16", KIT_MESSAGE, "members.gladiator.pile"),)


# --- TB-17 … TB-21 ----------------------------------------------------------------------------


def test_tb17_odd_bolt_count__hr_9_6() -> None:
    roster = edit(BASE, "crossbowman", ammunition={Ammo.BOLTS: 13})
    assert validate_roster(roster) == (
        tb(
            "TB-17",
            "Crossbowman: 13 crossbow bolts is not allowed; use an even number from 8 to 16.",
            "members.crossbowman.ammunition.bolts",
        ),
    )


def test_tb17_too_few_throwing_daggers__hr_9_6() -> None:
    roster = edit(BASE, "laeva", name="Laeva", ammunition={Ammo.THROWING_DAGGERS: 4})
    assert validate_roster(roster) == (
        tb(
            "TB-17",
            "Laeva: 4 throwing daggers is not allowed; use an even number from 6 to 12.",
            "members.laeva.ammunition.throwing_daggers",
        ),
    )


def test_tb17_trap_insight_draws_3_to_5__hr_9_6() -> None:
    roster = edit(BASE, "strategist", trap_cards_drawn=6)
    assert validate_roster(roster) == (
        tb(
            "TB-17",
            "Strategist: 6 trap cards drawn is not allowed; draw 3, 4 or 5 and keep 3 (trap insight, HR-9.5).",
            "members.strategist.trap_cards_drawn",
        ),
    )


DISCS_ALLOWED = "Allowed: 5–7 discs, at most 2 of fixed level, at most one fixed level-5 disc."


def test_tb18_too_few_discs__hr_9_6() -> None:
    roster = edit(BASE, "witch_master", disc_count=4)
    assert validate_roster(roster) == (
        tb(
            "TB-18",
            f"Spell discs: Witch-master takes 4. {DISCS_ALLOWED}",
            "members.witch_master.disc_count",
        ),
    )


def test_tb18_every_disc_rule_at_once__hr_9_6() -> None:
    roster = edit(BASE, "witch_master", disc_count=8, fixed_discs=(5, 5, 9))
    assert total(roster) == 232  # +2 discs ×6, fixed 2×5 + 2×5
    fixed = "members.witch_master.fixed_discs"
    assert validate_roster(roster) == (
        tb(
            "TB-02",
            "Team value is 232 points but the Standard budget is 200. Remove 32 points.",
            "",
        ),
        tb(
            "TB-04",
            f"Witch-master (witch-master) costs 67 points; {TB04_CAP_MESSAGE}",
            "members.witch_master",
        ),
        tb(
            "TB-18",
            f"Spell discs: Witch-master takes 8. {DISCS_ALLOWED}",
            "members.witch_master.disc_count",
        ),
        tb("TB-18", f"Spell discs: 3 discs of fixed level. {DISCS_ALLOWED}", fixed),
        tb("TB-18", f"Spell discs: 2 fixed level-5 discs. {DISCS_ALLOWED}", fixed),
        tb("TB-18", f"Spell discs: there is no level-9 disc. {DISCS_ALLOWED}", fixed),
    )


AMULET_RULE = "A team has 3 or 4 amulets and a member may wear only one (RB p.7)."


def test_tb19_too_few_amulets__hr_9_6() -> None:
    roster = edit(BASE, "gladiator", amulet=None)
    assert validate_roster(roster) == (tb("TB-19", f"Amulets: the team has 2. {AMULET_RULE}", "amulets"),)


def test_tb19_five_amulets__hr_9_6() -> None:
    roster = edits(BASE, deasta={"amulet": "poison"}, laeva={"amulet": "curse"})
    assert roster_costs(roster).amulets == 8  # two extra amulets, +4 each
    assert validate_roster(replace(roster, tier="veteran")) == (
        tb("TB-19", f"Amulets: the team has 5. {AMULET_RULE}", "amulets"),
    )
    assert validate_roster(edit(roster, "laeva", amulet=None)) == (
        tb(
            "TB-02",
            "Team value is 204 points but the Standard budget is 200. Remove 4 points.",
            "",
        ),
    )


def test_tb19_unknown_amulet__hr_9_6() -> None:
    roster = edit(BASE, "gladiator", amulet="fire")
    assert validate_roster(roster) == (
        tb(
            "TB-19",
            f"Amulets: Gladiator wears 'fire', which is not an amulet type. {AMULET_RULE}",
            "members.gladiator.amulet",
        ),
    )


ME_MESSAGE = "ME tokens must be one of 2 and one of 3 on two different fighters other than the witch-master (RB p.7)."


def test_tb20_pre_assigned_tokens_may_be_valid__hr_9_6() -> None:
    assert validate_roster(edits(BASE, crossbowman={"me_token": 2}, deasta={"me_token": 3})) == ()


def test_tb20_token_on_the_witch_master__hr_9_6() -> None:
    roster = edits(BASE, witch_master={"me_token": 2}, deasta={"me_token": 3})
    assert validate_roster(roster) == (tb("TB-20", ME_MESSAGE, "members.witch_master.me_token"),)


def test_tb20_token_on_the_strategist__hr_12_ruling_32() -> None:
    roster = edits(BASE, strategist={"me_token": 3}, deasta={"me_token": 2})
    assert validate_roster(roster) == (tb("TB-20", ME_MESSAGE, "members.strategist.me_token"),)


def test_tb20_only_one_token_or_two_alike__hr_9_6() -> None:
    assert validate_roster(edit(BASE, "crossbowman", me_token=2)) == (tb("TB-20", ME_MESSAGE, "members"),)
    twice = edits(BASE, crossbowman={"me_token": 2}, laeva={"me_token": 2})
    assert validate_roster(twice) == (tb("TB-20", ME_MESSAGE, "members"),)


def test_tb20_token_of_another_value__hr_9_6() -> None:
    """One line: the token refused is the one to fix (the team-wide line would say the same)."""
    roster = edits(BASE, crossbowman={"me_token": 2}, deasta={"me_token": 4})
    assert validate_roster(roster) == (tb("TB-20", ME_MESSAGE, "members.deasta.me_token"),)


def test_tb20_a_negative_token_is_reported_once__hr_9_6() -> None:
    roster = edit(BASE, "crossbowman", me_token=-1)
    assert validate_roster(roster) == (tb("TB-20", ME_MESSAGE, "members.crossbowman.me_token"),)


def test_tb21_vial_without_its_option__hr_9_6() -> None:
    roster = edits(BASE, laeva={"name": "Laeva", "vial": "potion", "stats": {Stat.CE: 9}})  # +4 −4
    assert validate_roster(roster) == (
        tb(
            "TB-21",
            "Laeva cannot carry a potion: the optional rule Potion (OPT_POTION) is off.",
            "members.laeva.vial",
        ),
    )
    assert validate_roster(replace(roster, options=frozenset({"opt_potion"}))) == ()


def test_tb21_strategist_carries_no_vial__hr_9_6() -> None:
    roster = edits(
        replace(BASE, options=frozenset({"opt_poison_vial"})),
        strategist={"vial": "poison_vial"},  # +3
        laeva={"stats": {Stat.CE: 10, Stat.EP: 9}},  # −3
    )
    assert validate_roster(roster) == (
        tb(
            "TB-21",
            "Strategist cannot carry a poison vial: the strategist carries no vial (HR-7).",
            "members.strategist.vial",
        ),
    )


def test_tb21_at_most_three_vials__hr_9_6() -> None:
    vial = {"vial": "poison_vial"}
    roster = edits(
        replace(BASE, tier="champion", options=frozenset({"opt_poison_vial"})),
        gladiator=vial,
        witch_master=vial,
        crossbowman=vial,
        deasta=vial,
    )
    assert validate_roster(roster) == (
        tb(
            "TB-21",
            "Dagger-thrower (deasta) cannot carry a poison vial: a team carries at most 3 vials (HR-7).",
            "members.deasta.vial",
        ),
    )


def test_tb21_unknown_vial__hr_9_6() -> None:
    roster = edit(BASE, "deasta", vial="elixir")
    assert validate_roster(roster) == (
        tb(
            "TB-21",
            "Dagger-thrower (deasta) cannot carry 'elixir': there is no such vial.",
            "members.deasta.vial",
        ),
    )


# --- TB-22 … TB-25 ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("slot", "armour", "message"),
    [
        (
            "crossbowman",
            "metal",
            "Crossbowman: metal armour is not allowed; crossbowmen wear leather armour.",
        ),
        (
            "gladiator",
            "leather",
            "Gladiator: leather armour is not allowed; gladiators wear metal armour.",
        ),
        (
            "strategist",
            "leather",
            "Strategist: leather armour is not allowed; strategists wear no armour.",
        ),
        (
            "deasta",
            "plate",
            "Dagger-thrower (deasta): 'plate' is not allowed; dagger-throwers wear leather armour.",
        ),
    ],
)
def test_tb22_armour_by_role__hr_9_6(slot: str, armour: str, message: str) -> None:
    roster = edit(BASE, slot, armour=armour)
    assert validate_roster(roster) == (tb("TB-22", message, f"members.{slot}.armour"),)


def test_tb23_empty_name__hr_9_6() -> None:
    roster = edit(BASE, "deasta", name="  ")
    assert validate_roster(roster) == (
        tb(
            "TB-23",
            "Member dagger-thrower (deasta) needs a unique name of 1–40 characters.",
            "members.deasta.name",
        ),
    )


def test_tb23_name_of_41_characters__hr_9_6() -> None:
    assert validate_roster(edit(BASE, "witch_master", name="Á" * 40)) == ()
    assert validate_roster(edit(BASE, "witch_master", name="Á" * 41)) == (
        tb(
            "TB-23",
            "Member witch-master needs a unique name of 1–40 characters.",
            "members.witch_master.name",
        ),
    )


def test_tb23_spaces_around_a_name_count_toward_its_40_characters__hr_9_6() -> None:
    """The name is kept as written, so its length is too (a store of 100 characters once took 103)."""
    assert validate_roster(edit(BASE, "witch_master", name=" Morgana ")) == ()
    assert validate_roster(edit(BASE, "witch_master", name=" " * 100 + "Morgana")) == (
        tb(
            "TB-23",
            "Member witch-master needs a unique name of 1–40 characters.",
            "members.witch_master.name",
        ),
    )


def test_tb23_two_members_with_one_name__hr_9_6() -> None:
    roster = edits(BASE, gladiator={"name": "Brutus"}, laeva={"name": "brutus "})
    assert validate_roster(roster) == (
        tb(
            "TB-23",
            "Member dagger-thrower (laeva) needs a unique name of 1–40 characters.",
            "members.laeva.name",
        ),
    )


def test_tb24_dead_and_absent_members_in_a_campaign__hr_9_6() -> None:
    roster = edits(
        BASE,
        deasta={"name": "Deasta", "status": "dead"},
        crossbowman={"name": "Iaciator", "status": "absent"},
        laeva={"status": "hireling"},
    )
    assert validate_roster(roster) == ()
    assert validate_roster(roster, campaign=True) == (
        tb(
            "TB-24",
            "Iaciator is absent and cannot play this match; hire a replacement or field a hireling.",
            "members.crossbowman.status",
        ),
        tb(
            "TB-24",
            "Deasta is dead and cannot play this match; hire a replacement or field a hireling.",
            "members.deasta.status",
        ),
    )


def test_tb24_a_hireling_stands_in__hr_10_8() -> None:
    hireling = {
        "status": "hireling",
        "stats": {Stat.TE: 9, Stat.VE: 8, Stat.CE: 8, Stat.EP: 9},  # −2 TÉ, VÉ, CÉ and Ép
    }
    assert validate_roster(edit(BASE, "deasta", **hireling), campaign=True) == ()


ROOKIE = replace(BASE, tier="rookie")
ROOKIE_TEXT = "The Rookie tier plays the base team:"


def test_tb25_rookie_allows_names_grip_and_equal_skill_swaps__hr_9_6() -> None:
    roster = edits(
        ROOKIE,
        gladiator={"name": "Brutus", "starting_grip": ("greatsword",)},
        crossbowman={"skills": ("dodging", "hiding", "running")},  # Célzás 4 for Kitérés 4
        deasta={"amulet": "poison", "me_token": 2},
        laeva={"me_token": 3},
    )
    roster = edit(roster, "gladiator", amulet=None)
    assert validate_roster(roster) == ()


def test_tb25_rookie_refuses_other_changes__hr_9_6() -> None:
    roster = edits(
        ROOKIE,
        witch_master={"disc_count": 5},  # −6
        crossbowman={"stats": {Stat.CE: 11}, "ammunition": {Ammo.BOLTS: 10}},  # −2, −1
        laeva={"skills": ("sneaking", "hiding", "running")},  # −1
    )
    assert validate_roster(roster) == (
        tb(
            "TB-25",
            f"{ROOKIE_TEXT} witch-master spell discs differs (5, base 6).",
            "members.witch_master.disc_count",
        ),
        tb(
            "TB-25",
            f"{ROOKIE_TEXT} crossbowman CÉ differs (11, base 12).",
            "members.crossbowman.stats.ce",
        ),
        tb(
            "TB-25",
            f"{ROOKIE_TEXT} crossbowman crossbow bolts differs (10, base 12).",
            "members.crossbowman.ammunition.bolts",
        ),
        tb(
            "TB-25",
            f"{ROOKIE_TEXT} dagger-thrower (laeva) skill cost differs (3 + 3 + 3, base 3 + 3 + 4).",
            "members.laeva.skills",
        ),
    )
    assert validate_roster(replace(roster, tier="standard")) == ()


def test_tb25_rookie_type_pile_and_amulets__hr_9_6() -> None:
    roster = edits(
        ROOKIE,
        gladiator={"gladiator_type": "sword_master", "stats": {Stat.TE: 15, Stat.VE: 2}},
        crossbowman={"amulet": "poison"},
    )
    roster = edit(roster, "gladiator", stats={Stat.SFE: 1, Stat.STP: 2}, pile=("short_sword",))
    roster = edit(roster, "gladiator", starting_grip=("short_sword",))
    problems = [p for p in validate_roster(roster) if p.code == "TB-25"]
    assert problems == [
        tb(
            "TB-25",
            f"{ROOKIE_TEXT} gladiator TÉ differs (15, base 14).",
            "members.gladiator.stats.te",
        ),
        tb(
            "TB-25",
            f"{ROOKIE_TEXT} gladiator VÉ differs (2, base 3).",
            "members.gladiator.stats.ve",
        ),
        tb(
            "TB-25",
            f"{ROOKIE_TEXT} gladiator SFÉ differs (1, base 2).",
            "members.gladiator.stats.sfe",
        ),
        tb(
            "TB-25",
            f"{ROOKIE_TEXT} gladiator STP differs (2, base 4).",
            "members.gladiator.stats.stp",
        ),
        tb(
            "TB-25",
            f"{ROOKIE_TEXT} gladiator type differs (Kardművész, base Vértes).",
            "members.gladiator.gladiator_type",
        ),
        tb(
            "TB-25",
            f"{ROOKIE_TEXT} gladiator pile differs (short sword, base short sword + shield + halberd + greatsword).",
            "members.gladiator.pile",
        ),
        tb(
            "TB-25",
            f"{ROOKIE_TEXT} amulets differs (poison + lightning + poison, base poison + lightning + curse).",
            "amulets",
        ),
    ]


# --- Several rules at once --------------------------------------------------------------------


def test_every_broken_rule_is_reported_by_rule_then_sheet_order__hr_9_6() -> None:
    roster = edits(
        BASE,
        gladiator={"skills": ("dodging", "dodging", "takedown")},
        deasta={"skills": ("running", "running", "acrobatics")},  # −1
        crossbowman={"ammunition": {Ammo.BOLTS: 13}},
        strategist={"name": ""},
    )
    shuffled = replace(roster, members=tuple(reversed(roster.members)))
    expected = (
        tb("TB-09", "Gladiator has Kitérés twice.", "members.gladiator.skills"),
        tb("TB-09", "Dagger-thrower (deasta) has Futás twice.", "members.deasta.skills"),
        tb(
            "TB-17",
            "Crossbowman: 13 crossbow bolts is not allowed; use an even number from 8 to 16.",
            "members.crossbowman.ammunition.bolts",
        ),
        tb(
            "TB-23",
            "Member strategist needs a unique name of 1–40 characters.",
            "members.strategist.name",
        ),
    )
    assert validate_roster(roster) == expected
    assert validate_roster(shuffled) == expected
