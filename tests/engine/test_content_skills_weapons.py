"""Skills, type specials, weapons, grips and gladiator types against HR-3, HR-4 and HR-9.4.

Every expected number below is copied from the house rules' tables, independently of the modules.
"""

from __future__ import annotations

import re

import pytest

from arena.engine.content.common import Role
from arena.engine.content.skills import (
    CHOOSABLE_SKILLS,
    ENTANGLED_VE_MODIFIER,
    NETTED_BANNED_STEPS,
    PRONE_MELEE_VE_MODIFIER,
    PRONE_STAND_UP_MAN,
    SKILLS,
    SKILLS_PER_FIGHTER,
    TYPE_SPECIALS,
    Timing,
    running_move_cost,
    skills_for_role,
)
from arena.engine.content.weapons import (
    GLADIATOR_TYPES,
    KIT,
    PILE_ITEMS,
    WEAPONS,
    Hands,
    crossbow_threshold,
    dagger_threshold,
    grip_values,
    is_legal_grip,
    item_allowed_for_type,
    pair_main_options,
    pile_copies_allowed,
    pile_copy_excess,
    wielded,
)

GL, WM, CB, DT = Role.GLADIATOR, Role.WITCH_MASTER, Role.CROSSBOWMAN, Role.DAGGER_THROWER
OUTER = {WM, CB, DT}
SOURCE = re.compile(r"^(HR-\d+(\.\d+)?|RB p\.\d+)")
OCR_LETTERS = set("ôûõũÔÛ")

# HR-4: id -> (name_hu, name_en, MAN, extra attack MAN, timing, who may take it)
HR_4 = {
    "running": ("Futás", "Running", 1, 0, Timing.OWN_STEP, OUTER),
    "sneaking": ("Lopakodás", "Sneaking", 1, 0, Timing.OWN_STEP, OUTER),
    "hiding": ("Rejtőzés", "Hiding", 1, 0, Timing.OWN_STEP, OUTER),
    "dodging": ("Kitérés", "Dodging", 1, 0, Timing.DEFENSIVE_OWED, {GL, WM, CB, DT}),
    "acrobatics": ("Akrobatika", "Acrobatics", 1, 0, Timing.AFTER_MELEE_WIN_OR_DISENGAGE, {GL, DT}),
    "weapon_breaking": ("Fegyvertörés", "Weapon Breaking", 2, 2, Timing.WITH_MELEE_ATTACK, {GL}),
    "takedown": ("Földrevitel", "Takedown", 2, 2, Timing.WITH_MELEE_ATTACK, {GL}),
    "aiming": ("Célzás", "Aiming", 1, 0, Timing.BEFORE_RANGED_ATTACK, {CB, DT}),
    "concentration": ("Összpontosítás", "Concentration", 1, 0, Timing.BEFORE_SPELL, {WM}),
    "golden_bell": ("Aranyharang", "Golden Bell", 1, 0, Timing.OWN_STEP, {GL}),
}

# HR-9.4, keyed by the Hungarian name as printed.
HR_9_4 = {
    "Kitérés": 4,
    "Célzás": 4,
    "Fegyvertörés": 4,
    "Földrevitel": 4,
    "Összpontosítás": 4,
    "Akrobatika": 3,
    "Futás": 3,
    "Lopakodás": 3,
    "Rejtőzés": 3,
}

# The numbers of HR-4's "Exact effect" column and HR-3.3's specials.
SKILL_NUMBERS = {
    "running": {"hexes_per_man": 2, "mov_bonus": 2, "ce_modifier": -2},
    "sneaking": {"man_per_hex": 2, "ranged_defence_bonus": 2, "enter_and_attack_te_bonus": 3},
    "hiding": {"max_target_blocks": 1, "ranged_defence_bonus": 2, "first_attack_bonus": 2},
    "dodging": {"ve_bonus": 3},
    "acrobatics": {
        "shift_hexes": 1,
        "gladiator_shift_hexes": 2,
        "disengage_man": 1,
        "normal_disengage_man": 2,
    },
    "weapon_breaking": {"break_margin": 4},
    "takedown": {"damage_divisor": 2},
    "aiming": {"ce_bonus": 3},
    "concentration": {"e_bonus": 2, "lightning_ce_bonus": 2},
    "golden_bell": {"sfe_bonus": 1},
    "shield_wall": {"thrown_te_modifier": -2, "ranged_defence_bonus": 2},
    "quick_blade": {"te_modifier": -4, "uses_per_step": 1},
    "net_master": {"net_te_bonus": 3, "entangled_ve_modifier": -3},
    "steadfast": {"max_enemy_acrobatics_shift": 1},
}

# HR-3.3 specials: id -> (name_hu, name_en, type, MAN, timing)
HR_3_3_SPECIALS = {
    "golden_bell": ("Aranyharang", "Golden Bell", "sword_master", 1, Timing.OWN_STEP),
    "shield_wall": ("Pajzsfal", "Shield Wall", "armoured", 0, Timing.PASSIVE),
    "quick_blade": ("Gyors penge", "Quick Blade", "sword_master", 2, Timing.AFTER_MELEE_ATTACK),
    "net_master": ("Hálómester", "Net Master", "net_fighter", 0, Timing.PASSIVE),
    "steadfast": ("Rendíthetetlen", "Steadfast", "heavy", 0, Timing.PASSIVE),
}

K, C, F, T, A = "dodging", "weapon_breaking", "takedown", "acrobatics", "aiming"
# HR-3.1: id -> (name_hu, hands, TÉ, VÉ, Sp, skills allowed, pile cost, kit count)
HR_3_1 = {
    "dagger": ("Tőr", Hands.ONE, 1, 1, 0, set(), None, 1),
    "short_sword": ("Rövidkard", Hands.ONE, 4, 2, 0, {K, C, F, T}, 2, 0),
    "sabre": ("Szablya", Hands.ONE, 5, 1, 0, {K, F, T}, 2, 0),
    "hand_axe": ("Kézibárd", Hands.ONE, 5, 1, 0, {C, F}, 2, 0),
    "mace": ("Buzogány", Hands.ONE, 4, 1, 1, {C}, 2, 0),
    "trident": ("Szigony", Hands.ONE, 3, 3, 0, {K, F, T}, 2, 0),
    "shield": ("Pajzs", Hands.OFF_HAND, 0, 4, None, {K}, 2, 0),
    "greatsword": ("Kétkezes kard", Hands.TWO, 8, 5, 0, {C, F}, 3, 0),
    "great_axe": ("Csatabárd", Hands.TWO, 9, 3, 1, {C}, 3, 0),
    "halberd": ("Alabárd", Hands.TWO, 7, 6, 0, set(), 3, 0),
    "javelin": ("Hajítódárda", Hands.THROWN, 2, None, 0, set(), None, 3),
    "net": ("Dobóháló", Hands.THROWN, -3, None, None, set(), None, 2),
}

# HR-3.3: id -> (name_hu, SFÉ, STP, crossbow after, daggers after, TÉ, VÉ, Mozgás, specials, frame)
HR_3_3 = {
    "armoured": ("Vértes", 2, 4, 2, 4, 14, 3, 5, ("shield_wall",), 48),
    "sword_master": ("Kardművész", 1, 2, 1, 2, 15, 2, 5, ("golden_bell", "quick_blade"), 48),
    "net_fighter": ("Hálóvető", 2, 4, 2, 4, 15, 5, 6, ("net_master",), 50),
    "heavy": ("Nehézvértes", 3, 6, 3, 6, 13, 2, 4, ("steadfast",), 51),
}


# --- Skills ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("skill_id", sorted(HR_4))
def test_skill_row_matches_hr_4(skill_id: str) -> None:
    name_hu, name_en, man, attack_man, timing, roles = HR_4[skill_id]
    skill = SKILLS[skill_id]
    assert (skill.name_hu, skill.name_en) == (name_hu, name_en)
    assert skill.man_cost == man
    assert skill.plus_attack_man == attack_man
    assert skill.total_man == man + attack_man
    assert skill.timing is timing
    assert skill.roles == frozenset(roles)


def test_catalog_holds_the_ten_hr_4_skills_and_four_more_type_specials__hr_4_hr_3_3() -> None:
    assert set(SKILLS) == set(HR_4) | set(HR_3_3_SPECIALS)
    assert len(SKILLS) == 14
    assert set(CHOOSABLE_SKILLS) == set(HR_4) - {"golden_bell"}
    assert set(TYPE_SPECIALS) == set(HR_3_3_SPECIALS)


@pytest.mark.parametrize("name_hu", sorted(HR_9_4))
def test_skill_point_cost_matches_hr_9_4(name_hu: str) -> None:
    (skill,) = [s for s in SKILLS.values() if s.name_hu == name_hu]
    assert skill.point_cost == HR_9_4[name_hu]
    assert not skill.is_type_special


def test_choosable_skills_are_exactly_the_hr_9_4_row() -> None:
    assert {s.name_hu for s in CHOOSABLE_SKILLS.values()} == set(HR_9_4)


@pytest.mark.parametrize("skill_id", sorted(SKILL_NUMBERS))
def test_skill_numbers__hr_4_hr_3_3(skill_id: str) -> None:
    assert dict(SKILLS[skill_id].params) == SKILL_NUMBERS[skill_id]


def test_weapon_breaking_and_takedown_cost_4_man_with_the_attack__hr_4() -> None:
    assert SKILLS["weapon_breaking"].total_man == 4
    assert SKILLS["takedown"].total_man == 4


def test_missing_skill_number_is_a_key_error_naming_the_skill() -> None:
    with pytest.raises(KeyError, match="dodging"):
        SKILLS["dodging"].param("ce_bonus")


@pytest.mark.parametrize("special_id", sorted(HR_3_3_SPECIALS))
def test_type_special_row__hr_3_3(special_id: str) -> None:
    name_hu, name_en, gtype, man, timing = HR_3_3_SPECIALS[special_id]
    special = SKILLS[special_id]
    assert (special.name_hu, special.name_en) == (name_hu, name_en)
    assert special.is_type_special
    assert special.point_cost is None
    assert special.gladiator_type == gtype
    assert gtype in GLADIATOR_TYPES
    assert special_id in GLADIATOR_TYPES[gtype].specials
    assert special.man_cost == man
    assert special.timing is timing
    assert special.roles == frozenset({GL})


def test_shield_wall_needs_a_shield_and_quick_blade_refuses_halberd_and_dagger__hr_3_3() -> None:
    assert SKILLS["shield_wall"].requires_item == "shield"
    assert SKILLS["quick_blade"].forbidden_items == frozenset({"halberd", "dagger"})
    for item in SKILLS["quick_blade"].forbidden_items | {"shield"}:
        assert item in WEAPONS
    assert SKILLS["golden_bell"].requires_item is None
    assert SKILLS["golden_bell"].forbidden_items == frozenset()


def test_state_numbers__hr_4() -> None:
    assert PRONE_MELEE_VE_MODIFIER == -4
    assert PRONE_STAND_UP_MAN == 2
    assert NETTED_BANNED_STEPS == 1
    assert ENTANGLED_VE_MODIFIER == -3
    assert SKILLS["net_master"].param("entangled_ve_modifier") == ENTANGLED_VE_MODIFIER


def test_each_fighter_has_three_skills__hr_4() -> None:
    assert SKILLS_PER_FIGHTER == 3


@pytest.mark.parametrize(("hexes", "man"), [(0, 0), (1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3), (7, 4)])
def test_running_costs_half_the_hexes_rounded_up__hr_4(hexes: int, man: int) -> None:
    assert running_move_cost(hexes) == man


def test_running_refuses_negative_hexes() -> None:
    with pytest.raises(ValueError):
        running_move_cost(-1)


@pytest.mark.parametrize(
    ("role", "expected"),
    [
        (GL, ["dodging", "acrobatics", "weapon_breaking", "takedown"]),
        (WM, ["running", "sneaking", "hiding", "dodging", "concentration"]),
        (CB, ["running", "sneaking", "hiding", "dodging", "aiming"]),
        (DT, ["running", "sneaking", "hiding", "dodging", "acrobatics", "aiming"]),
        (Role.STRATEGIST, []),
    ],
)
def test_skills_for_role__hr_4(role: Role, expected: list[str]) -> None:
    assert [s.id for s in skills_for_role(role)] == expected


def test_every_skill_has_source_names_and_effects_in_both_languages() -> None:
    for skill in SKILLS.values():
        assert SOURCE.match(skill.source), skill.id
        assert skill.name_hu and skill.name_en and skill.effect_en and skill.effect_hu
        assert not OCR_LETTERS & set(skill.name_hu + skill.effect_hu), skill.id
    assert SKILLS["golden_bell"].source == "RB p.20"


# --- Weapons --------------------------------------------------------------------------------------


@pytest.mark.parametrize("weapon_id", sorted(HR_3_1))
def test_weapon_row_matches_hr_3_1(weapon_id: str) -> None:
    name_hu, hands, te, ve, sp, skills, pile_cost, kit_count = HR_3_1[weapon_id]
    weapon = WEAPONS[weapon_id]
    assert weapon.name_hu == name_hu
    assert weapon.hands is hands
    assert (weapon.te, weapon.ve, weapon.sp) == (te, ve, sp)
    assert weapon.skills == frozenset(skills)
    assert weapon.pile_cost == pile_cost
    assert weapon.kit_count == kit_count
    assert weapon.is_kit == (kit_count > 0)
    assert SOURCE.match(weapon.source)
    assert not OCR_LETTERS & set(weapon.name_hu)


def test_weapon_catalog_is_exactly_hr_3_1() -> None:
    assert set(WEAPONS) == set(HR_3_1)
    assert {w.name_en for w in WEAPONS.values()} == {
        "Dagger",
        "Short sword",
        "Sabre",
        "Hand axe",
        "Mace",
        "Trident",
        "Shield",
        "Greatsword",
        "Great axe",
        "Halberd",
        "Javelin",
        "Throwing net",
    }


def test_pile_costs_follow_hands__hr_9_5() -> None:
    for weapon in WEAPONS.values():
        if weapon.is_kit:
            assert weapon.pile_cost is None
        else:
            assert weapon.pile_cost == (3 if weapon.hands is Hands.TWO else 2), weapon.id


def test_kit_is_dagger_three_javelins_two_nets__rb_p_20() -> None:
    assert dict(KIT) == {"dagger": 1, "javelin": 3, "net": 2}
    assert set(PILE_ITEMS) == set(HR_3_1) - {"dagger", "javelin", "net"}


def test_weapon_flags__hr_3_1() -> None:
    flags = {
        w.id: (w.unbreakable, w.cannot_attack, w.reach, w.prevents_takedown, w.no_skills) for w in WEAPONS.values()
    }
    assert flags["dagger"] == (True, False, False, False, True)
    assert flags["shield"] == (False, True, False, False, False)
    assert flags["halberd"] == (False, False, True, True, True)
    assert flags["javelin"][4] and flags["net"][4]
    for plain in ("short_sword", "sabre", "hand_axe", "mace", "trident", "greatsword", "great_axe"):
        assert flags[plain] == (False, False, False, False, False), plain


def test_thrown_items_range_damage_and_stp__hr_3_1() -> None:
    javelin, net = WEAPONS["javelin"], WEAPONS["net"]
    assert (javelin.range_blocks, net.range_blocks) == (2, 1)
    assert javelin.deals_damage and not net.deals_damage
    assert not javelin.damages_stp and not net.damages_stp
    assert all(w.range_blocks is None for w in WEAPONS.values() if w.hands is not Hands.THROWN)


# --- Grips ----------------------------------------------------------------------------------------


def test_short_sword_shield_grip_gives_18_9__hr_2_1() -> None:
    values = grip_values(14, 3, ("short_sword", "shield"))
    assert (values.te, values.ve, values.extra_sp) == (18, 9, 0)
    assert values.main == "short_sword"
    assert values.skills == frozenset({K, C, F, T})


def test_two_short_swords_give_plus_6_plus_4__hr_3_1() -> None:
    values = grip_values(0, 0, ("short_sword", "short_sword"))
    assert (values.te, values.ve) == (6, 4)


def test_two_sabres_give_plus_7_plus_3__hr_3_1() -> None:
    values = grip_values(0, 0, ("sabre", "sabre"))
    assert (values.te, values.ve) == (7, 3)


def test_pair_uses_the_higher_te_weapon_as_main_and_both_skill_lists__hr_3_1() -> None:
    values = grip_values(0, 0, ("mace", "sabre"))
    assert values.main == "sabre"
    assert (values.te, values.ve, values.extra_sp) == (7, 3, 0)
    assert values.skills == frozenset({K, F, T, C})
    assert pair_main_options(("short_sword", "trident")) == ("short_sword",)


def test_pair_tie_on_te_lets_the_player_choose_the_main_weapon__hr_3_1() -> None:
    assert set(pair_main_options(("short_sword", "mace"))) == {"short_sword", "mace"}
    with pytest.raises(ValueError, match="choose the main weapon"):
        grip_values(0, 0, ("short_sword", "mace"))
    by_sword = grip_values(0, 0, ("short_sword", "mace"), main="short_sword")
    by_mace = grip_values(0, 0, ("short_sword", "mace"), main="mace")
    assert (by_sword.te, by_sword.ve, by_sword.extra_sp) == (6, 4, 0)
    assert (by_mace.te, by_mace.ve, by_mace.extra_sp) == (6, 3, 1)
    with pytest.raises(ValueError, match="cannot be the main weapon"):
        grip_values(0, 0, ("sabre", "mace"), main="mace")


@pytest.mark.parametrize(
    ("items", "te", "ve", "sp", "skills"),
    [
        ((), 15, 4, 0, set()),
        (("dagger",), 15, 4, 0, set()),
        (("dagger", "shield"), 15, 8, 0, set()),
        (("short_sword",), 18, 5, 0, {K, C, F, T}),
        (("mace", "shield"), 18, 8, 1, {C, K}),
        (("greatsword",), 22, 8, 0, {C, F}),
        (("great_axe",), 23, 6, 1, {C}),
        (("halberd",), 21, 9, 0, set()),
        (("trident", "shield"), 17, 10, 0, {K, F, T}),
    ],
)
def test_grip_values_for_the_vertes__hr_3_1(
    items: tuple[str, ...], te: int, ve: int, sp: int, skills: set[str]
) -> None:
    values = grip_values(14, 3, items)
    assert (values.te, values.ve, values.extra_sp) == (te, ve, sp)
    assert values.skills == frozenset(skills)


def test_dagger_in_hand_blocks_the_shields_kitérés__hr_3_1() -> None:
    assert grip_values(14, 3, ("dagger", "shield")).skills == frozenset()


def test_empty_hands_and_a_lone_shield_fight_with_the_dagger__rb_p_20() -> None:
    assert wielded(()) == ("dagger",)
    assert wielded(("shield",)) == ("dagger", "shield")
    assert wielded(("short_sword", "shield")) == ("short_sword", "shield")
    assert grip_values(14, 3, ("shield",)) == grip_values(14, 3, ("dagger", "shield"))


@pytest.mark.parametrize(
    "items",
    [
        ("short_sword",),
        ("dagger",),
        ("short_sword", "shield"),
        ("dagger", "shield"),
        ("shield",),
        (),
        ("short_sword", "short_sword"),
        ("sabre", "hand_axe"),
        ("greatsword",),
        ("halberd",),
    ],
)
def test_legal_grips__hr_3_1(items: tuple[str, ...]) -> None:
    check = is_legal_grip(items)
    assert check.ok and check.reason is None
    assert bool(check)


@pytest.mark.parametrize(
    ("items", "reason"),
    [
        (("short_sword", "short_sword", "shield"), "pair fills both hands"),
        (("greatsword", "halberd"), "two-handed"),
        (("greatsword", "shield"), "two-handed"),
        (("halberd", "dagger"), "two-handed"),
        (("dagger", "short_sword"), "dagger cannot be part of a pair"),
        (("shield", "shield"), "one shield"),
        (("dagger", "dagger"), "only one dagger"),
        (("short_sword", "sabre", "mace"), "more than two hands"),
        (("javelin",), "thrown"),
        (("short_sword", "net"), "thrown"),
        (("club",), "unknown item"),
    ],
)
def test_illegal_grips_give_a_reason__hr_3_1(items: tuple[str, ...], reason: str) -> None:
    check = is_legal_grip(items)
    assert not check
    assert check.reason is not None and reason in check.reason
    with pytest.raises(ValueError, match="illegal grip"):
        grip_values(14, 3, items)


def test_net_fighter_has_no_shield_no_two_handed_and_no_pairs__hr_3_3() -> None:
    assert is_legal_grip(("trident",), "net_fighter")
    assert is_legal_grip((), "net_fighter")
    assert not is_legal_grip(("trident", "shield"), "net_fighter")
    assert not is_legal_grip(("halberd",), "net_fighter")
    assert not is_legal_grip(("sabre", "sabre"), "net_fighter")
    assert not is_legal_grip(("trident",), "gladius_type")
    assert not item_allowed_for_type("net_fighter", "shield")
    assert not item_allowed_for_type("net_fighter", "greatsword")
    assert item_allowed_for_type("net_fighter", "trident")
    for gtype in ("armoured", "sword_master", "heavy"):
        assert all(item_allowed_for_type(gtype, item) for item in PILE_ITEMS)


def test_full_vertes_grips_share_duel_value_34__hr_3_1_balance_check() -> None:
    def duel_value(items: tuple[str, ...], base_te: int, base_ve: int, sfe: int) -> int:
        values = grip_values(base_te, base_ve, items)
        return values.te + values.ve + (3 if K in values.skills else 0) + 2 * sfe

    full_grips = [
        ("short_sword", "shield"),
        ("greatsword",),
        ("short_sword", "short_sword"),
        ("halberd",),
    ]
    for grip in full_grips:
        assert duel_value(grip, 14, 3, 2) == 34, grip
    assert duel_value(("short_sword",), 14, 3, 2) == 30
    # The sword-master with Golden Bell (+1 SFÉ) matches the Vértes (HR-3.3).
    assert duel_value(("short_sword", "shield"), 15, 2, 1 + 1) == 34


def test_pile_copies__hr_9_5() -> None:
    assert pile_copies_allowed("short_sword") == 2
    assert pile_copies_allowed("shield") == 1
    assert pile_copies_allowed("halberd") == 1
    assert pile_copies_allowed("javelin") == 0
    assert pile_copy_excess(["sabre", "sabre", "shield"]) == {}
    assert pile_copy_excess(["sabre"] * 3 + ["shield", "shield", "greatsword"]) == {
        "sabre": 3,
        "shield": 2,
    }


# --- Gladiator types ------------------------------------------------------------------------------


@pytest.mark.parametrize("type_id", sorted(HR_3_3))
def test_gladiator_type_row_matches_hr_3_3(type_id: str) -> None:
    name_hu, sfe, stp, crossbow, daggers, te, ve, mov, specials, frame = HR_3_3[type_id]
    gtype = GLADIATOR_TYPES[type_id]
    assert gtype.name_hu == name_hu
    assert (gtype.sfe, gtype.stp) == (sfe, stp)
    assert (gtype.crossbow_after, gtype.daggers_after) == (crossbow, daggers)
    assert (gtype.base_te, gtype.base_ve, gtype.mov) == (te, ve, mov)
    assert gtype.specials == specials
    assert gtype.frame_cost == frame
    assert (gtype.ep, gtype.eg) == (20, 5)
    assert SOURCE.match(gtype.source)
    assert not OCR_LETTERS & set(gtype.name_hu + gtype.armour_hu)


def test_gladiator_type_catalog_and_english_names__hr_3_3() -> None:
    assert {t.id: t.name_en for t in GLADIATOR_TYPES.values()} == {
        "armoured": "Armoured",
        "sword_master": "Sword-master",
        "net_fighter": "Net-fighter",
        "heavy": "Heavy",
    }
    assert {t.id: t.armour_hu for t in GLADIATOR_TYPES.values()} == {
        "armoured": "sodronyvért",
        "sword_master": "rákozott vért",
        "net_fighter": "váll- és karvédő",
        "heavy": "lemezvért",
    }


@pytest.mark.parametrize(("stp", "crossbow", "daggers"), [(4, 2, 4), (2, 1, 2), (6, 3, 6), (3, 2, 3)])
def test_ranged_thresholds_are_half_rounded_up_then_all__hr_2_3(stp: int, crossbow: int, daggers: int) -> None:
    assert crossbow_threshold(stp) == crossbow
    assert dagger_threshold(stp) == daggers


def test_every_type_threshold_follows_the_hr_2_3_formula() -> None:
    for gtype in GLADIATOR_TYPES.values():
        assert gtype.crossbow_after == crossbow_threshold(gtype.stp)
        assert gtype.daggers_after == dagger_threshold(gtype.stp)


def test_sword_master_armour_is_the_rulebooks__rb_p_20() -> None:
    sword_master = GLADIATOR_TYPES["sword_master"]
    assert (sword_master.sfe, sword_master.stp, sword_master.crossbow_after) == (1, 2, 1)
    assert "RB p.20" in sword_master.source


def test_net_fighter_limits__hr_3_3() -> None:
    limits = {t.id: (t.max_hand_weapons, t.allows_shield, t.allows_two_handed) for t in GLADIATOR_TYPES.values()}
    assert limits == {
        "armoured": (2, True, True),
        "sword_master": (2, True, True),
        "net_fighter": (1, False, False),
        "heavy": (2, True, True),
    }
