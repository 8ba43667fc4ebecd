"""Base profiles, disc pool, amulets, vials and the point rules against HR-2, HR-6, HR-7 and HR-9.

Every expected number below is copied from the house rules' tables, independently of the modules.
"""

from __future__ import annotations

import math
import re
import string
from fractions import Fraction
from typing import NamedTuple, Protocol

import pytest

from arena.engine.content.amulets import (
    AMULETS,
    AMULETS_PER_CHARACTER,
    AMULETS_PER_TEAM,
    ME_TOKEN_FORBIDDEN_ROLES,
    ME_TOKEN_VALUES,
    ME_TOKEN_WITH_AMULET,
    ME_TOKENS,
    ME_TOKENS_PER_CHARACTER,
    OPTIONAL_RULES,
    STANDARD_AMULET_SET,
    VIAL_FORBIDDEN_ROLES,
    VIALS,
    VIALS_PER_CHARACTER,
    VIALS_PER_TEAM,
    can_hold_me_token,
)
from arena.engine.content.common import Armour, Role, Stat
from arena.engine.content.discs import DISC_LEVELS, DISC_POOL, DISC_POOL_SIZE, DISCS_DRAWN, build_pool
from arena.engine.content.points import (
    AMMO_RULES,
    TIERS,
    VALIDATION_RULES,
    ammo_cost,
    amulet_cost,
    base_member_breakdowns,
    base_member_costs,
    caps_for_budget,
    equipment_cost,
    fixed_discs_cost,
    frame_cost,
    member_cost,
    pile_cost,
    skill_cost,
    stat_rules,
    stats_cost,
    team_value,
    trap_insight_cost,
    type_cost,
    vial_cost,
)
from arena.engine.content.profiles import MEMBER_SLOTS, PROFILES, Ammo
from arena.engine.content.skills import SKILLS
from arena.engine.content.weapons import GLADIATOR_TYPES, grip_values, is_legal_grip

SOURCE = re.compile(r"^(HR-\d+(\.\d+)?|RB p\.\d+)")
OCR_LETTERS = set("ôûõũÔÛ")
HU = {s.name_hu: s.id for s in SKILLS.values()}


class Sheet(NamedTuple):
    role: Role
    label: str | None
    te: int | None
    ve: int | None
    ce: int | None
    ep: int
    eg: int
    me: int
    mov: int | None
    armour: Armour
    sfe: int
    stp: int
    ammo: dict[Ammo, int]
    sidearm: str | None
    skills: tuple[str, ...]


# HR-2.1, one column per member. Skills by their printed Hungarian names.
HR_2_1 = {
    "gladiator": Sheet(
        role=Role.GLADIATOR,
        label="quicchures",
        te=14,
        ve=3,
        ce=None,
        ep=20,
        eg=5,
        me=0,
        mov=5,
        armour=Armour.METAL,
        sfe=2,
        stp=4,
        ammo={Ammo.JAVELINS: 3, Ammo.NETS: 2},
        sidearm="dagger",
        skills=("Kitérés", "Fegyvertörés", "Földrevitel"),
    ),
    "witch_master": Sheet(
        role=Role.WITCH_MASTER,
        label="magitor",
        te=6,
        ve=8,
        ce=None,
        ep=10,
        eg=5,
        me=6,
        mov=4,
        armour=Armour.LEATHER,
        sfe=1,
        stp=2,
        ammo={Ammo.SPELL_DISCS: 6},
        sidearm="dagger",
        skills=("Lopakodás", "Kitérés", "Összpontosítás"),
    ),
    "crossbowman": Sheet(
        role=Role.CROSSBOWMAN,
        label="iaciator",
        te=7,
        ve=8,
        ce=12,
        ep=12,
        eg=4,
        me=0,
        mov=4,
        armour=Armour.LEATHER,
        sfe=2,
        stp=3,
        ammo={Ammo.BOLTS: 12},
        sidearm="short_sword",
        skills=("Célzás", "Rejtőzés", "Futás"),
    ),
    "deasta": Sheet(
        role=Role.DAGGER_THROWER,
        label="deasta",
        te=11,
        ve=10,
        ce=10,
        ep=11,
        eg=4,
        me=0,
        mov=5,
        armour=Armour.LEATHER,
        sfe=1,
        stp=3,
        ammo={Ammo.THROWING_DAGGERS: 8},
        sidearm="dagger",
        skills=("Futás", "Kitérés", "Akrobatika"),
    ),
    "laeva": Sheet(
        role=Role.DAGGER_THROWER,
        label="laeva",
        te=9,
        ve=9,
        ce=11,
        ep=10,
        eg=4,
        me=0,
        mov=5,
        armour=Armour.LEATHER,
        sfe=1,
        stp=3,
        ammo={Ammo.THROWING_DAGGERS: 8},
        sidearm="dagger",
        skills=("Lopakodás", "Rejtőzés", "Célzás"),
    ),
    "strategist": Sheet(
        role=Role.STRATEGIST,
        label=None,
        te=None,
        ve=None,
        ce=None,
        ep=10,
        eg=4,
        me=0,
        mov=None,
        armour=Armour.NONE,
        sfe=0,
        stp=0,
        ammo={Ammo.TRAP_CARDS: 3},
        sidearm=None,
        skills=(),
    ),
}

# HR-9.2: slot -> (frame, base skills, base equipment, base cost)
HR_9_2 = {
    "gladiator": (48, 12, 10, 70),
    "witch_master": (24, 11, 0, 35),
    "crossbowman": (20, 10, 0, 30),
    "deasta": (15, 10, 0, 25),
    "laeva": (15, 10, 0, 25),
    "strategist": (15, 0, 0, 15),
}

# HR-9.1: tier -> (budget, gladiator cap, member cap, strategist cap)
HR_9_1 = {
    "rookie": (200, 80, 50, 24),
    "standard": (200, 80, 50, 24),
    "veteran": (225, 90, 56, 27),
    "champion": (250, 100, 62, 30),
}

# HR-9.3: slot -> stat -> (unit cost, min, base, max); the gladiator row is the Vértes's.
HR_9_3 = {
    "gladiator": {
        Stat.TE: (3, 12, 14, 16),
        Stat.VE: (3, 1, 3, 5),
        Stat.EP: (1, 16, 20, 24),
        Stat.EG: (1, 3, 5, 7),
        Stat.ME: (1, 0, 0, 3),
        Stat.MOV: (4, 4, 5, 6),
        Stat.SFE: (None, 2, 2, 2),
        Stat.STP: (None, 4, 4, 4),
    },
    "witch_master": {
        Stat.TE: (2, 4, 6, 9),
        Stat.VE: (2, 6, 8, 11),
        Stat.EP: (1, 8, 10, 14),
        Stat.EG: (1, 3, 5, 8),
        Stat.ME: (1, 4, 6, 9),
        Stat.MOV: (4, 3, 4, 5),
        Stat.SFE: (4, 0, 1, 2),
        Stat.STP: (1, 1, 2, 3),
    },
    "crossbowman": {
        Stat.TE: (2, 5, 7, 10),
        Stat.VE: (2, 6, 8, 11),
        Stat.CE: (2, 10, 12, 15),
        Stat.EP: (1, 9, 12, 15),
        Stat.EG: (1, 2, 4, 7),
        Stat.ME: (1, 0, 0, 3),
        Stat.MOV: (4, 3, 4, 5),
        Stat.SFE: (4, 0, 2, 2),
        Stat.STP: (1, 2, 3, 4),
    },
    "deasta": {
        Stat.TE: (2, 9, 11, 14),
        Stat.VE: (2, 8, 10, 13),
        Stat.CE: (2, 8, 10, 13),
        Stat.EP: (1, 8, 11, 14),
        Stat.EG: (1, 2, 4, 7),
        Stat.ME: (1, 0, 0, 3),
        Stat.MOV: (4, 4, 5, 6),
        Stat.SFE: (4, 0, 1, 2),
        Stat.STP: (1, 2, 3, 4),
    },
    "laeva": {
        Stat.TE: (2, 7, 9, 12),
        Stat.VE: (2, 7, 9, 12),
        Stat.CE: (2, 9, 11, 14),
        Stat.EP: (1, 8, 10, 14),
        Stat.EG: (1, 2, 4, 7),
        Stat.ME: (1, 0, 0, 3),
        Stat.MOV: (4, 4, 5, 6),
        Stat.SFE: (4, 0, 1, 2),
        Stat.STP: (1, 2, 3, 4),
    },
    "strategist": {
        Stat.EP: (1, 6, 10, 14),
        Stat.EG: (1, 2, 4, 7),
        Stat.ME: (1, 0, 0, 3),
        Stat.SFE: (None, 0, 0, 0),
        Stat.STP: (None, 0, 0, 0),
    },
}

# HR-9.3 for the other types: type -> (TÉ min-base-max, VÉ, Mozgás, SFÉ, STP)
HR_9_3_TYPES = {
    "sword_master": ((13, 15, 17), (0, 2, 4), (4, 5, 6), 1, 2),
    "net_fighter": ((13, 15, 17), (3, 5, 7), (5, 6, 6), 2, 4),
    "heavy": ((11, 13, 15), (0, 2, 4), (3, 4, 5), 3, 6),
}

HR_9_6 = {
    "TB-01": (
        "A team needs exactly six members: one strategist, one gladiator, one witch-master, one "
        "crossbowman and two dagger-throwers (one deasta, one laeva). Missing: {missing}. Extra: "
        "{extra}."
    ),
    "TB-02": ("Team value is {value} points but the {tier} budget is {budget}. Remove {excess} points."),
    "TB-03": "{name} costs {cost} points; a gladiator may cost at most {cap} (40% of {budget}).",
    "TB-04": ("{name} ({role}) costs {cost} points; one team member may cost at most {cap} (25% of {budget})."),
    "TB-05": "The strategist costs {cost} points; at most {cap} (12% of {budget}) is allowed.",
    "TB-06": "{name}: {stat} {value} is outside the allowed range {min}–{max} for a {role}.",
    "TB-07": "{name} must have exactly 3 skills; it has {count}.",
    "TB-08": "{name} ({role}) cannot take {skill}. Allowed: {allowed}.",
    "TB-09": "{name} has {skill} twice.",
    "TB-10": "{skill} comes only with the {type} gladiator type and cannot be chosen as a skill.",
    "TB-11": "Unknown gladiator type {type}. Choose Vértes, Kardművész, Hálóvető or Nehézvértes.",
    "TB-12": ("The weapon pile holds {count} items; it must hold 1–5 besides the dagger, javelins and nets."),
    "TB-13": "{item} is not allowed for a {type} gladiator.",
    "TB-14": ("The pile holds {count} × {item}; only one-handed weapons may be doubled (for a pair)."),
    "TB-15": "Starting grip {grip} is not legal or not in the pile: {reason}.",
    "TB-16": ("The gladiator's kit must be exactly one dagger, three javelins and two nets (RB p.20)."),
    "TB-17": "{name}: {count} {ammo} is not allowed; use an even number from {min} to {max}.",
    "TB-18": ("Spell discs: {problem}. Allowed: 5–7 discs, at most 2 of fixed level, at most one fixed level-5 disc."),
    "TB-19": ("Amulets: {problem}. A team has 3 or 4 amulets and a member may wear only one (RB p.7)."),
    "TB-20": (
        "ME tokens must be one of 2 and one of 3 on two different fighters other than the witch-master (RB p.7)."
    ),
    "TB-21": "{name} cannot carry {vial}: {reason}.",
    # HR-9.6 prints "{role}s wear"; the plural is given whole so that "crossbowmen" reads right.
    "TB-22": "{name}: {armour} is not allowed; {roles} wear {allowed}.",
    "TB-23": "Member {slot} needs a unique name of 1–40 characters.",
    "TB-24": ("{name} is {status} and cannot play this match; hire a replacement or field a hireling."),
    "TB-25": "The Rookie tier plays the base team: {field} differs ({value}, base {base}).",
}

HR_9_6_PLACEHOLDERS = {
    "TB-01": {"missing", "extra"},
    "TB-02": {"value", "tier", "budget", "excess"},
    "TB-03": {"name", "cost", "cap", "budget"},
    "TB-04": {"name", "role", "cost", "cap", "budget"},
    "TB-05": {"cost", "cap", "budget"},
    "TB-06": {"name", "stat", "value", "min", "max", "role"},
    "TB-07": {"name", "count"},
    "TB-08": {"name", "role", "skill", "allowed"},
    "TB-09": {"name", "skill"},
    "TB-10": {"skill", "type"},
    "TB-11": {"type"},
    "TB-12": {"count"},
    "TB-13": {"item", "type"},
    "TB-14": {"count", "item"},
    "TB-15": {"grip", "reason"},
    "TB-16": set(),
    "TB-17": {"name", "count", "ammo", "min", "max"},
    "TB-18": {"problem"},
    "TB-19": {"problem"},
    "TB-20": set(),
    "TB-21": {"name", "vial", "reason"},
    "TB-22": {"name", "armour", "roles", "allowed"},
    "TB-23": {"slot"},
    "TB-24": {"name", "status"},
    "TB-25": {"field", "value", "base"},
}


# --- Profiles (HR-2.1) ----------------------------------------------------------------------------


@pytest.mark.parametrize("slot", sorted(HR_2_1))
def test_base_profile_matches_hr_2_1(slot: str) -> None:
    sheet = HR_2_1[slot]
    profile = PROFILES[slot]
    assert profile.role is sheet.role
    assert profile.sheet_label == sheet.label
    assert (profile.te, profile.ve, profile.ce) == (sheet.te, sheet.ve, sheet.ce)
    assert (profile.ep, profile.eg, profile.me, profile.mov) == (
        sheet.ep,
        sheet.eg,
        sheet.me,
        sheet.mov,
    )
    assert profile.armour is sheet.armour
    assert (profile.sfe, profile.stp) == (sheet.sfe, sheet.stp)
    assert dict(profile.ammunition) == sheet.ammo
    assert profile.sidearm == sheet.sidearm
    assert profile.skills == tuple(HU[name] for name in sheet.skills)
    assert profile.source == "HR-2.1"


def test_member_slots_and_names() -> None:
    assert set(PROFILES) == set(MEMBER_SLOTS) == set(HR_2_1)
    assert {p.id: p.name_hu for p in PROFILES.values()} == {
        "gladiator": "Gladiátor",
        "witch_master": "Boszorkánymester",
        "crossbowman": "Számszeríjász",
        "deasta": "Tőrvető (deasta)",
        "laeva": "Tőrvető (laeva)",
        "strategist": "Stratéga",
    }
    for profile in PROFILES.values():
        assert profile.name_en
        assert not OCR_LETTERS & set(profile.name_hu + profile.armour_hu)


def test_gladiator_is_a_vertes_with_the_base_pile_and_grip__hr_2_1_hr_3_2() -> None:
    gladiator = PROFILES["gladiator"]
    assert gladiator.gladiator_type == "armoured"
    assert gladiator.pile == ("short_sword", "shield", "halberd", "greatsword")
    assert gladiator.default_grip == ("short_sword", "shield")
    assert is_legal_grip(gladiator.default_grip, gladiator.gladiator_type)
    assert set(gladiator.default_grip) <= set(gladiator.pile)
    assert gladiator.armour_hu == "sodronyvért"
    assert all(not p.pile and not p.default_grip for p in PROFILES.values() if p.id != "gladiator")


def test_short_sword_shield_grip_gives_18_9__hr_2_1() -> None:
    gladiator = PROFILES["gladiator"]
    assert (gladiator.te, gladiator.ve) == (14, 3)
    assert gladiator.te is not None and gladiator.ve is not None
    values = grip_values(gladiator.te, gladiator.ve, gladiator.default_grip)
    assert (values.te, values.ve) == (18, 9)


def test_gladiator_sheet_agrees_with_his_type__hr_2_1_hr_3_3() -> None:
    gladiator = PROFILES["gladiator"]
    assert gladiator.gladiator_type is not None
    gtype = GLADIATOR_TYPES[gladiator.gladiator_type]
    assert (gladiator.te, gladiator.ve, gladiator.mov) == (gtype.base_te, gtype.base_ve, gtype.mov)
    assert (gladiator.sfe, gladiator.stp, gladiator.ep, gladiator.eg) == (
        gtype.sfe,
        gtype.stp,
        gtype.ep,
        gtype.eg,
    )
    assert (gtype.crossbow_after, gtype.daggers_after) == (2, 4)
    assert "shield_wall" in gtype.specials


def test_base_skills_are_allowed_for_their_roles__hr_4() -> None:
    for profile in PROFILES.values():
        if profile.role is Role.STRATEGIST:
            assert profile.skills == ()
            assert profile.ammo(Ammo.TRAP_CARDS) == 3
            continue
        assert len(profile.skills) == 3 == len(set(profile.skills))
        for skill_id in profile.skills:
            assert profile.role in SKILLS[skill_id].roles
            assert not SKILLS[skill_id].is_type_special


def test_witch_master_alone_has_me__rb_p_7() -> None:
    assert [p.id for p in PROFILES.values() if p.me] == ["witch_master"]


def test_stats_leave_out_the_dashes() -> None:
    assert set(PROFILES["strategist"].stats()) == {Stat.EP, Stat.EG, Stat.ME, Stat.SFE, Stat.STP}
    assert Stat.CE not in PROFILES["gladiator"].stats()
    assert PROFILES["crossbowman"].stats()[Stat.CE] == 12
    assert PROFILES["crossbowman"].ammo(Ammo.THROWING_DAGGERS) == 0


# --- Disc pool (HR-6) -----------------------------------------------------------------------------


def test_disc_pool_is_10_8_6_4_2__hr_6() -> None:
    assert dict(DISC_POOL) == {1: 10, 2: 8, 3: 6, 4: 4, 5: 2}
    assert DISC_POOL_SIZE == 30
    assert DISCS_DRAWN == 6
    pool = build_pool()
    assert len(pool) == 30
    assert [pool.count(level) for level in range(1, 6)] == [10, 8, 6, 4, 2]
    assert build_pool((5, 3)).count(5) == 3
    with pytest.raises(ValueError):
        build_pool((6,))


def test_disc_level_entries_and_spells_per_level__hr_6() -> None:
    assert [(d.level, d.count, d.spells_of_level) for d in DISC_LEVELS.values()] == [
        (1, 10, 7),
        (2, 8, 6),
        (3, 6, 7),
        (4, 4, 6),
        (5, 2, 5),
    ]
    assert sum(d.spells_of_level for d in DISC_LEVELS.values()) == 31
    for disc in DISC_LEVELS.values():
        assert disc.source == "HR-6"
        assert "szintű" in disc.name_hu and disc.name_en


def test_hr_6_draw_figures_follow_from_the_pool() -> None:
    draws = math.comb(30, 6)
    expected = [Fraction(6 * DISC_POOL[level], 30) for level in range(1, 6)]
    assert expected == [Fraction(2), Fraction(8, 5), Fraction(6, 5), Fraction(4, 5), Fraction(2, 5)]
    assert sum(level * e for level, e in zip(range(1, 6), expected, strict=True)) == 14
    assert round(1 - math.comb(28, 6) / draws, 2) == 0.37  # at least one level-5
    assert round(1 - math.comb(24, 6) / draws, 2) == 0.77  # at least one of level 4 or more
    assert round(math.comb(20, 6) / draws, 2) == 0.07  # no level-1


# --- Amulets, ME tokens, vials, options (RB p.7, HR-7) --------------------------------------------


def test_amulets__rb_p_7() -> None:
    assert {a.id: (a.name_hu, a.name_en, a.protects_against) for a in AMULETS.values()} == {
        "poison": ("méregsemlegesítő", "poison-neutraliser", "poison"),
        "lightning": ("villámtagadó", "lightning-negator", "lightning"),
        "curse": ("rontáselhárító", "curse-averter", "curse"),
    }
    assert all(a.source == "RB p.7" and a.effect_en and a.effect_hu for a in AMULETS.values())
    assert STANDARD_AMULET_SET == ("poison", "lightning", "curse")
    assert (AMULETS_PER_TEAM, AMULETS_PER_CHARACTER) == (3, 1)


def test_amulet_types_are_spell_types_of_the_spell_list__rb_p_12() -> None:
    spells = pytest.importorskip("arena.engine.content.spells")
    spell_types = {t.value for t in spells.SpellType}
    assert {a.protects_against for a in AMULETS.values()} <= spell_types
    assert VIALS["poison_vial"].spell_type in spell_types


def test_me_tokens__rb_p_7_hr_12() -> None:
    assert ME_TOKEN_VALUES == (2, 3)
    assert sorted(t.value for t in ME_TOKENS.values()) == [2, 3]
    assert all(t.source == "RB p.7" and "mágiaellenállás" in t.name_hu for t in ME_TOKENS.values())
    assert ME_TOKENS_PER_CHARACTER == 1
    assert ME_TOKEN_FORBIDDEN_ROLES == {Role.WITCH_MASTER, Role.STRATEGIST}
    assert ME_TOKEN_WITH_AMULET
    assert [r for r in Role if can_hold_me_token(r)] == [
        Role.GLADIATOR,
        Role.CROSSBOWMAN,
        Role.DAGGER_THROWER,
    ]


def test_vials__hr_7_hr_9_5() -> None:
    poison, potion = VIALS["poison_vial"], VIALS["potion"]
    assert (poison.name_hu, poison.point_cost, poison.man_cost) == ("Méregfiola", 3, 1)
    assert (potion.name_hu, potion.point_cost, potion.man_cost) == ("Varázsital", 4, 2)
    assert dict(poison.params) == {
        "uses_per_match": 1,
        "min_ep_dealt": 1,
        "strength": 6,
        "ep_damage": 3,
        "te_modifier": -2,
        "ve_modifier": -2,
    }
    assert dict(potion.params) == {"uses_per_match": 1, "heal_ep": 5}
    assert poison.spell_type == "poison" and potion.spell_type is None
    assert (poison.option, potion.option) == ("opt_poison_vial", "opt_potion")
    assert all(v.option in OPTIONAL_RULES for v in VIALS.values())
    assert (VIALS_PER_CHARACTER, VIALS_PER_TEAM) == (1, 3)
    assert VIAL_FORBIDDEN_ROLES == {Role.STRATEGIST}


def test_optional_rule_flags__hr_7() -> None:
    assert {o.flag: o.name_hu for o in OPTIONAL_RULES.values()} == {
        "OPT_POISON_VIAL": "Méregfiola",
        "OPT_POTION": "Varázsital",
        "OPT_AMMO_RECOVERY": "Lőszergyűjtés",
        "OPT_CROWD_FAVOUR": "Közönség kegye",
        "OPT_BLOODTHIRSTY_CROWD": "Vérszomjas közönség",
        "OPT_OPEN_INFORMATION": "Nyílt lapok",
    }
    for option in OPTIONAL_RULES.values():
        assert option.id == option.flag.lower()
        assert option.default is False
        assert option.source == "HR-7" and option.name_en and option.effect_en and option.effect_hu
    assert dict(OPTIONAL_RULES["opt_bloodthirsty_crowd"].params) == {"from_round": 13, "ep_loss": 1}
    assert dict(OPTIONAL_RULES["opt_crowd_favour"].params) == {
        "tokens_per_round": 1,
        "tokens_per_reroll": 2,
    }
    assert dict(OPTIONAL_RULES["opt_ammo_recovery"].params) == {"pickup_man": 1}


def test_no_ocr_letters_in_any_hungarian_text() -> None:
    texts = [a.name_hu + a.effect_hu for a in AMULETS.values()]
    texts += [v.name_hu + v.effect_hu for v in VIALS.values()]
    texts += [o.name_hu + o.effect_hu for o in OPTIONAL_RULES.values()]
    texts += [t.name_hu for t in TIERS.values()]
    assert not OCR_LETTERS & set("".join(texts))


# --- Tiers (HR-9.1) -------------------------------------------------------------------------------


@pytest.mark.parametrize("tier_id", sorted(HR_9_1))
def test_tier_budget_and_caps__hr_9_1(tier_id: str) -> None:
    budget, gladiator, member, strategist = HR_9_1[tier_id]
    tier = TIERS[tier_id]
    assert tier.budget == budget
    assert (tier.caps.gladiator, tier.caps.member, tier.caps.strategist) == (
        gladiator,
        member,
        strategist,
    )
    assert tier.caps.gladiator == math.floor(budget * Fraction(40, 100))
    assert tier.caps.member == math.floor(budget * Fraction(25, 100))
    assert tier.caps.strategist == math.floor(budget * Fraction(12, 100))
    assert tier.source == "HR-9.1"


def test_tier_names_and_rookie_plays_the_base_team__hr_9_1() -> None:
    assert {t.id: (t.name_hu, t.name_en) for t in TIERS.values()} == {
        "rookie": ("Újonc", "Rookie"),
        "standard": ("Standard", "Standard"),
        "veteran": ("Veterán", "Veteran"),
        "champion": ("Bajnok", "Champion"),
    }
    assert [t.id for t in TIERS.values() if t.base_team_only] == ["rookie"]


def test_caps_for_role() -> None:
    caps = caps_for_budget(225)
    assert caps.for_role(Role.GLADIATOR) == 90
    assert caps.for_role(Role.DAGGER_THROWER) == 56
    assert caps.for_role(Role.STRATEGIST) == 27


# --- Base team cost (HR-9.2) ----------------------------------------------------------------------


def test_base_team_costs_70_35_30_25_25_15__hr_9_2() -> None:
    costs = base_member_costs()
    assert dict(costs) == {slot: row[3] for slot, row in HR_9_2.items()}
    assert sum(costs.values()) == 200
    assert team_value(costs.values()) == 200 == TIERS["standard"].budget


@pytest.mark.parametrize("slot", sorted(HR_9_2))
def test_base_cost_breakdown__hr_9_2(slot: str) -> None:
    frame, skills, equipment, total = HR_9_2[slot]
    breakdown = base_member_breakdowns()[slot]
    assert (breakdown.frame, breakdown.stats, breakdown.skills, breakdown.equipment) == (
        frame,
        0,
        skills,
        equipment,
    )
    assert breakdown.total == total


def test_frames_and_type_costs__hr_9_2_hr_9_5() -> None:
    assert [frame_cost("gladiator", t) for t in GLADIATOR_TYPES] == [48, 48, 50, 51]
    assert frame_cost("gladiator") == 48
    assert [type_cost(t) for t in GLADIATOR_TYPES] == [0, 0, 2, 3]
    others = ("witch_master", "crossbowman", "deasta", "laeva", "strategist")
    assert [frame_cost(slot) for slot in others] == [24, 20, 15, 15, 15]
    with pytest.raises(ValueError):
        frame_cost("crossbowman", "heavy")


# --- Stats (HR-9.3) -------------------------------------------------------------------------------


@pytest.mark.parametrize("slot", sorted(HR_9_3))
def test_stat_rules__hr_9_3(slot: str) -> None:
    rules = stat_rules(slot)
    assert {stat: (r.unit_cost, r.minimum, r.base, r.maximum) for stat, r in rules.items()} == HR_9_3[slot]
    assert all(r.source == "HR-9.3" for r in rules.values())


@pytest.mark.parametrize("type_id", sorted(HR_9_3_TYPES))
def test_gladiator_stat_ranges_follow_the_type__hr_9_3(type_id: str) -> None:
    te, ve, mov, sfe, stp = HR_9_3_TYPES[type_id]
    rules = stat_rules("gladiator", type_id)
    assert (rules[Stat.TE].minimum, rules[Stat.TE].base, rules[Stat.TE].maximum) == te
    assert (rules[Stat.VE].minimum, rules[Stat.VE].base, rules[Stat.VE].maximum) == ve
    assert (rules[Stat.MOV].minimum, rules[Stat.MOV].base, rules[Stat.MOV].maximum) == mov
    assert (rules[Stat.SFE].unit_cost, rules[Stat.SFE].base) == (None, sfe)
    assert (rules[Stat.STP].unit_cost, rules[Stat.STP].base) == (None, stp)
    assert (rules[Stat.EP].minimum, rules[Stat.EP].base, rules[Stat.EP].maximum) == (16, 20, 24)


def test_stat_rules_are_one_immutable_table_and_unknown_members_are_refused__hr_9_3() -> None:
    assert stat_rules("gladiator", "heavy") is stat_rules("gladiator", "heavy")
    with pytest.raises(TypeError):
        stat_rules("laeva")[Stat.TE] = stat_rules("laeva")[Stat.VE]  # type: ignore[index]
    with pytest.raises(KeyError):
        stat_rules("wizard")
    with pytest.raises(KeyError):
        stat_rules("gladiator", "jester")
    with pytest.raises(ValueError, match="only the gladiator"):
        stat_rules("laeva", "heavy")


def test_stat_bases_are_the_sheet_values__hr_9_3_hr_2_1() -> None:
    for profile in PROFILES.values():
        rules = stat_rules(profile.id, profile.gladiator_type)
        bases = {stat: rule.base for stat, rule in rules.items()}
        assert bases == dict(profile.stats()), profile.id


def test_stat_deltas_are_priced_per_unit__hr_9_3() -> None:
    assert stats_cost("crossbowman", {Stat.CE: 13}) == 2
    assert stats_cost("gladiator", {Stat.TE: 15, Stat.VE: 2}) == 0
    assert stats_cost("gladiator", {Stat.TE: 16}) == 6
    assert stats_cost("witch_master", {Stat.ME: 7, Stat.SFE: 2}) == 5
    assert stats_cost("deasta", {Stat.MOV: 6}) == 4
    assert stats_cost("laeva", {Stat.EP: 8}) == -2
    assert stats_cost("strategist", {Stat.EP: 14, Stat.EG: 2}) == 2
    assert stats_cost("gladiator", {Stat.TE: 15}, "sword_master") == 0
    assert stats_cost("gladiator", {Stat.MOV: 5}, "heavy") == 4


def test_fixed_and_missing_stats_have_no_price__hr_9_3() -> None:
    with pytest.raises(ValueError, match="fixed"):
        stats_cost("gladiator", {Stat.SFE: 3})
    with pytest.raises(ValueError, match="no ce"):
        stats_cost("witch_master", {Stat.CE: 8})
    with pytest.raises(ValueError, match="no te"):
        stats_cost("strategist", {Stat.TE: 1})
    assert stat_rules("crossbowman")[Stat.SFE].in_range(2)
    assert not stat_rules("crossbowman")[Stat.SFE].in_range(3)


# --- Skills and equipment (HR-9.4, HR-9.5) --------------------------------------------------------


def test_skill_costs_and_swaps__hr_9_4() -> None:
    assert skill_cost("dodging") == 4 and skill_cost("running") == 3
    with pytest.raises(ValueError, match="type special"):
        skill_cost("golden_bell")
    base = PROFILES["crossbowman"]
    swapped = ("aiming", "dodging", "running")  # Rejtőzés 3 -> Kitérés 4
    assert (
        member_cost("crossbowman", base.stats(), swapped) - member_cost("crossbowman", base.stats(), base.skills) == 1
    )


def test_pile_costs__hr_9_5() -> None:
    assert pile_cost(PROFILES["gladiator"].pile) == 10
    assert pile_cost(["sabre", "sabre", "great_axe"]) == 7
    with pytest.raises(ValueError, match="kit"):
        pile_cost(["javelin"])


@pytest.mark.parametrize(
    ("ammo", "count", "cost"),
    [
        (Ammo.BOLTS, 12, 0),
        (Ammo.BOLTS, 14, 1),
        (Ammo.BOLTS, 16, 2),
        (Ammo.BOLTS, 8, -2),
        (Ammo.THROWING_DAGGERS, 8, 0),
        (Ammo.THROWING_DAGGERS, 6, -1),
        (Ammo.THROWING_DAGGERS, 12, 2),
        (Ammo.SPELL_DISCS, 7, 6),
        (Ammo.SPELL_DISCS, 5, -6),
        (Ammo.JAVELINS, 3, 0),
        (Ammo.NETS, 2, 0),
        (Ammo.TRAP_CARDS, 3, 0),
    ],
)
def test_ammunition_costs__hr_9_5(ammo: Ammo, count: int, cost: int) -> None:
    assert ammo_cost(ammo, count) == cost


def test_ammunition_limits__hr_9_5() -> None:
    bolts = AMMO_RULES[Ammo.BOLTS]
    daggers = AMMO_RULES[Ammo.THROWING_DAGGERS]
    discs = AMMO_RULES[Ammo.SPELL_DISCS]
    assert (bolts.base, bolts.minimum, bolts.maximum) == (12, 8, 16)
    assert (daggers.base, daggers.minimum, daggers.maximum) == (8, 6, 12)
    assert (discs.base, discs.minimum, discs.maximum, discs.points_per_step) == (6, 5, 7, 6)
    assert [n for n in range(0, 20) if bolts.allowed(n)] == [8, 10, 12, 14, 16]
    assert [n for n in range(0, 20) if daggers.allowed(n)] == [6, 8, 10, 12]
    assert [n for n in range(0, 20) if discs.allowed(n)] == [5, 6, 7]
    with pytest.raises(ValueError):
        ammo_cost(Ammo.BOLTS, 13)
    with pytest.raises(ValueError):
        ammo_cost(Ammo.JAVELINS, 4)


def test_fixed_discs_cost_twice_their_level__hr_9_5() -> None:
    assert fixed_discs_cost([5]) == 10
    assert fixed_discs_cost([1, 2]) == 6
    assert fixed_discs_cost([]) == 0
    with pytest.raises(ValueError):
        fixed_discs_cost([6])


@pytest.mark.parametrize(
    ("amulets", "cost"),
    [
        (("poison", "lightning", "curse"), 0),
        (("curse", "poison", "lightning"), 0),
        (("poison", "poison", "lightning"), 1),
        (("poison", "poison", "poison"), 2),
        (("poison", "lightning", "curse", "poison"), 4),
        (("poison", "poison", "lightning", "lightning"), 5),
        (("curse", "curse", "curse", "curse"), 6),
    ],
)
def test_amulet_costs__hr_9_5(amulets: tuple[str, ...], cost: int) -> None:
    assert amulet_cost(amulets) == cost


def test_unknown_amulet_is_refused() -> None:
    with pytest.raises(ValueError):
        amulet_cost(("poison", "lightning", "fire"))


def test_trap_insight_and_vials__hr_9_5() -> None:
    assert [trap_insight_cost(n) for n in (3, 4, 5)] == [0, 4, 8]
    with pytest.raises(ValueError):
        trap_insight_cost(6)
    assert (vial_cost("poison_vial"), vial_cost("potion")) == (3, 4)


def test_custom_member_cost_adds_every_part__hr_9() -> None:
    equipment = equipment_cost(ammunition={Ammo.SPELL_DISCS: 7}, fixed_disc_levels=[5], vial="potion")
    assert equipment == 6 + 10 + 4
    stats = {Stat.ME: 8, Stat.EP: 9}
    skills = ("sneaking", "dodging", "concentration")
    assert member_cost("witch_master", stats, skills, equipment) == 24 + 2 - 1 + 11 + 20
    heavy_pile = equipment_cost(pile=["great_axe", "mace", "shield"])
    heavy_skills = ("dodging", "takedown", "acrobatics")
    assert member_cost("gladiator", {}, heavy_skills, heavy_pile, "heavy") == 51 + 11 + 7
    assert equipment_cost(trap_cards_drawn=5) == 8


# --- Validation rules (HR-9.6) --------------------------------------------------------------------


def test_validation_rule_ids_are_tb_01_to_tb_25__hr_9_6() -> None:
    assert list(VALIDATION_RULES) == [f"TB-{n:02d}" for n in range(1, 26)]


@pytest.mark.parametrize("rule_id", sorted(HR_9_6))
def test_validation_message_is_hr_9_6_verbatim(rule_id: str) -> None:
    rule = VALIDATION_RULES[rule_id]
    assert rule.message_template == HR_9_6[rule_id]
    assert rule.source == "HR-9.6"
    assert rule.summary


@pytest.mark.parametrize("rule_id", sorted(HR_9_6_PLACEHOLDERS))
def test_validation_placeholders__hr_9_6(rule_id: str) -> None:
    template = VALIDATION_RULES[rule_id].message_template
    fields = {name for _, name, _, _ in string.Formatter().parse(template) if name}
    assert fields == HR_9_6_PLACEHOLDERS[rule_id]
    message = VALIDATION_RULES[rule_id].message(**{f: "X" for f in fields})
    assert "{" not in message


def test_validation_message_renders() -> None:
    message = VALIDATION_RULES["TB-03"].message(name="Brutus", cost=81, cap=80, budget=200)
    assert message == "Brutus costs 81 points; a gladiator may cost at most 80 (40% of 200)."


class Sourced(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def source(self) -> str: ...


def test_every_entry_cites_a_source() -> None:
    entries: list[Sourced] = [*PROFILES.values(), *AMULETS.values(), *ME_TOKENS.values()]
    entries += [*VIALS.values(), *OPTIONAL_RULES.values(), *DISC_LEVELS.values(), *TIERS.values()]
    for entry in entries:
        assert SOURCE.match(entry.source), entry.id
