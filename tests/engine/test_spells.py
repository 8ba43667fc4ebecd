"""The spell list against the rulebook (RB p.11-18) and its digest (§15-§16, §23)."""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import pytest

from arena.engine.content.common import CombatValue, DamageUnit
from arena.engine.content.spells import (
    ROUNDS_2,
    SPELLS,
    Absorption,
    Adjust,
    Area,
    Cage,
    Damage,
    Duration,
    Forbid,
    Frenzy,
    Heal,
    Immunity,
    LightningAttack,
    Modifier,
    Onset,
    Part,
    RaiseUndead,
    RangeKind,
    Resistance,
    Retaliation,
    Spell,
    SpellEffect,
    SpellType,
    TouchAttack,
    Window,
    spells_of_level,
    spells_of_type,
    within,
)

CURSE, POISON, LIGHTNING, SPECIAL, NONE = (
    SpellType.CURSE,
    SpellType.POISON,
    SpellType.LIGHTNING,
    SpellType.SPECIAL,
    SpellType.NONE,
)
TOUCH, SELF, TOUCH_OR_SELF, BLOCKS, AREA_AT, AREA_ON_CASTER = (
    RangeKind.TOUCH,
    RangeKind.SELF,
    RangeKind.TOUCH_OR_SELF,
    RangeKind.BLOCKS,
    RangeKind.AREA_CENTRE_WITHIN_BLOCKS,
    RangeKind.AREA_ON_CASTER,
)
EG, ME, NO_ROLL = Resistance.EG, Resistance.ME, Resistance.NONE
INSTANT, R2, R3, PERM = Duration.INSTANT, Duration.ROUNDS_2, Duration.ROUNDS_3, Duration.PERMANENT

# Spell list, RB p.13-18, one row per spell in the printed order:
# number, id, Hungarian name, English name, level, type, range kind, blocks, E, resistance,
# header duration, header has "egyszeri/…", page.
SPELL_TABLE = [
    (1, "malediction", "Átok", "Malediction", 1, NONE, BLOCKS, 3, 4, EG, R2, False, "13"),
    (2, "bowel_rot", "Bélsorvadás", "Bowel Rot", 1, CURSE, BLOCKS, 3, 4, EG, INSTANT, False, "13"),
    (3, "life_drain", "Életerőszívás", "Life Drain", 1, NONE, TOUCH, None, None, NO_ROLL,
     INSTANT, False, "13"),
    (4, "lightning_blade", "Villámpenge", "Lightning Blade", 1, LIGHTNING, TOUCH_OR_SELF, None,
     None, NO_ROLL, R3, False, "13"),
    (5, "dizzying_poison", "Szédítő méregvarázs", "Dizzying Poison", 1, POISON, BLOCKS, 2, 4, EG,
     R3, False, "13"),
    (6, "lightning_bolt", "Villám", "Lightning Bolt", 1, LIGHTNING, BLOCKS, 3, None, NO_ROLL,
     INSTANT, False, "13"),
    (7, "acid_cloud", "Savfelhő", "Acid Cloud", 1, SPECIAL, AREA_AT, 2, None, NO_ROLL, R3, True,
     "13–14"),
    (8, "numbing_poison", "Zsibbasztó méregvarázs", "Numbing Poison", 2, POISON, BLOCKS, 2, 4, EG,
     R2, True, "14"),
    (9, "pain", "Fájdalom", "Pain", 2, CURSE, BLOCKS, 3, 6, EG, INSTANT, False, "14"),
    (10, "great_lightning", "Hatalmas villám", "Great Lightning", 2, LIGHTNING, BLOCKS, 3, None,
     NO_ROLL, INSTANT, False, "14"),
    (11, "burning_nerves", "Izzó idegek", "Burning Nerves", 2, CURSE, BLOCKS, 3, 4, EG, R2, False,
     "14"),
    (12, "lightning_ward", "Villámtagadás", "Lightning Ward", 2, LIGHTNING, BLOCKS, 2, None,
     NO_ROLL, R3, False, "14"),
    (13, "lightning_armour", "Villámvért", "Lightning Armour", 2, LIGHTNING, TOUCH_OR_SELF, None,
     None, NO_ROLL, R3, False, "14"),
    (14, "life_theft", "Életerőrablás", "Life Theft", 3, SPECIAL, TOUCH, None, None, NO_ROLL,
     INSTANT, False, "14–15"),
    (15, "create_undead", "Élőholt teremtése", "Create Undead", 3, SPECIAL, TOUCH, None, None,
     NO_ROLL, PERM, False, "15"),
    (16, "muscle_wasting", "Izomsorvadás", "Muscle Wasting", 3, CURSE, BLOCKS, 3, 6, EG, R2, False,
     "15"),
    (17, "quintarha", "Quintarha", "Quintarha", 3, POISON, BLOCKS, 2, 4, EG, INSTANT, False, "15"),
    (18, "firestorm", "Tűzvihar", "Firestorm", 3, SPECIAL, AREA_AT, 3, None, NO_ROLL, R3, False,
     "15"),
    (19, "rending_poison", "Marcangoló méregvarázs", "Rending Poison", 3, POISON, BLOCKS, 2, 2, EG,
     PERM, True, "15–16"),
    (20, "terrible_lightning", "Rettenetes villám", "Terrible Lightning", 3, LIGHTNING, BLOCKS, 3,
     None, NO_ROLL, INSTANT, False, "16"),
    (21, "agonising_poison", "Fájdalmas méregvarázs", "Agonising Poison", 4, POISON, BLOCKS, 2, 4,
     EG, INSTANT, False, "16"),
    (22, "turning_lightning", "Forduló villám", "Turning Lightning", 4, LIGHTNING, BLOCKS, 3, None,
     NO_ROLL, INSTANT, False, "16"),
    (23, "limb_withering", "Végtagsorvasztás", "Limb Withering", 4, CURSE, BLOCKS, 3, 6, EG, PERM,
     False, "16"),
    (24, "fire_form", "Tűzalak", "Fire Form", 4, SPECIAL, SELF, None, None, NO_ROLL, R3, False,
     "16"),
    (25, "blood_curdling", "Vérdermesztés", "Blood Curdling", 4, CURSE, BLOCKS, 3, 4, EG, R3, False,
     "16–17"),
    (26, "haemophilia", "Vérzékenység", "Haemophilia", 4, CURSE, BLOCKS, 3, 8, EG, PERM, False,
     "17"),
    (27, "imprisonment", "Bebörtönzés", "Imprisonment", 5, LIGHTNING, AREA_ON_CASTER, None, None,
     NO_ROLL, R3, False, "17"),
    (28, "assassination", "Orgyilkosság", "Assassination", 5, SPECIAL, BLOCKS, 3, 6, ME, R2, False,
     "17"),
    (29, "fatal_poison", "Végzetes méregvarázs", "Fatal Poison", 5, POISON, BLOCKS, 2, 6, EG, R3,
     True, "17"),
    (30, "chain_lightning", "Villámlánc", "Chain Lightning", 5, LIGHTNING, BLOCKS, 3, None, NO_ROLL,
     INSTANT, False, "17–18"),
    (31, "death_dance", "Haláltánc", "Death Dance", 5, NONE, BLOCKS, 2, 6, ME, R2, False, "18"),
]  # fmt: skip

# Every effect number, written as short strings (see ``_render``). Windows count rounds from
# the casting round: w0-1 = 2 rounds, w0-2 = 3 rounds, w0-end = to the end of the game,
# w1-1 = only the round after the casting round (Quintarha).
W2, W3, WEND, WNEXT = "w0-1", "w0-2", "w0-end", "w1-1"
EFFECT_TABLE: dict[str, dict[str, frozenset[str]]] = {
    "malediction": {"on_fail": frozenset({f"te -4 {W2}", f"ce -2 {W2}"})},
    "bowel_rot": {"on_fail": frozenset({"dmg 3 ep"})},
    "life_drain": {"attack": frozenset({"touch te+5"}), "parts": frozenset({"dmg 4 ep"})},
    "lightning_blade": {"attack": frozenset({"touch te+0"}), "parts": frozenset({f"te +5 {W3}"})},
    "dizzying_poison": {"on_fail": frozenset({f"ve -3 {W3}"})},
    "lightning_bolt": {"attack": frozenset({"bolt ce7 dmg 3 sp/leather_only"})},
    "acid_cloud": {
        "area": frozenset({f"one_block {W3} move 1/hex"}),
        "parts": frozenset({"dmg 1 ep", f"ce -2 {W3} shooters_from_or_through_area lightning"}),
    },
    "numbing_poison": {
        "parts": frozenset({"dmg 2 ep"}),
        "on_fail": frozenset({f"no ranged_attacks {W2}", f"ve -3 {W2}", f"no pushing {W2}"}),
    },
    "pain": {"on_fail": frozenset({"dmg 4 ep"})},
    "great_lightning": {"attack": frozenset({"bolt ce9 dmg 4 sp/leather_only"})},
    "burning_nerves": {
        "choice man_cap": frozenset({f"man_per_step cap 2 {W2}"}),
        "choice defence": frozenset({f"ve -5 {W2}"}),
    },
    "lightning_ward": {"parts": frozenset({f"immune lightning_damage {W3} up to level 3"})},
    "lightning_armour": {
        "attack": frozenset({"touch te+0"}),
        "parts": frozenset({f"retaliate dmg 4 sp/leather_only {W3}"}),
    },
    "life_theft": {
        "attack": frozenset({"touch te+5 weapon"}),
        "parts": frozenset({"dmg 5 ep", "heal 5"}),
    },
    "create_undead": {"parts": frozenset({f"zombie ep/2 hexes 3 man 3 command 2 {WEND}"})},
    "muscle_wasting": {
        "choice movement": frozenset({f"move_cost multiply 2 {W2}", f"no running {W2}"}),
        "choice combat": frozenset({f"te -4 {W2}", f"ve -4 {W2}", f"ce -2 {W2}"}),
    },
    "quintarha": {
        "parts": frozenset({f"ve -4 {WNEXT}", f"ranged_ve -3 {WNEXT}"}),
        "on_fail": frozenset({f"no spending_man {WNEXT}"}),
    },
    "firestorm": {
        "area": frozenset({f"one_block {W3}"}),
        "parts": frozenset(
            {
                "dmg 3 sp/none",
                "dmg 3 sp/armour at ends of w1-2",
                f"ranged_ve +2 {W3} targets_shot_through_or_into_area",
            }
        ),
    },
    "rending_poison": {
        "parts": frozenset({"dmg 3 ep"}),
        "on_fail": frozenset({f"eg set 0 {WEND}"}),
    },
    "terrible_lightning": {"attack": frozenset({"bolt ce11 dmg 5 sp/leather_only"})},
    "agonising_poison": {
        "parts": frozenset({"dmg 4 sp/armour"}),
        "on_fail": frozenset({"dmg 4 ep"}),
    },
    "turning_lightning": {"attack": frozenset({"bolt ce9 dmg 6 sp/leather_only over walls"})},
    "limb_withering": {
        "choice leg": frozenset({f"mov add -2 {WEND}"}),
        "choice arm": frozenset({f"ve -2 {WEND}", f"ce -1 {WEND}", f"spell_cost add 1 {WEND}"}),
    },
    "fire_form": {
        "parts": frozenset({f"te +8 {W3}", f"immune weapon_damage {W3}", f"no casting {W3}"}),
    },
    "blood_curdling": {
        "on_fail": frozenset({f"te -5 {W3}", f"ve -5 {W3}", f"ce -2 {W3}", f"no aiming {W3}", f"no running {W3}"}),
    },
    "haemophilia": {"on_fail": frozenset({f"injury_ep add 1 {WEND}"})},
    "imprisonment": {
        "area": frozenset({f"one_block {W3}"}),
        "parts": frozenset({f"cage dmg 8 sp/leather_only {W3}", f"ranged_ve +4 {W3} caster_in_area"}),
    },
    "assassination": {"on_fail": frozenset({f"frenzy 4 man/step {W2}"})},
    "fatal_poison": {
        "parts": frozenset({"dmg 5 ep"}),
        "on_fail": frozenset({f"te -3 {W3}", f"ve -3 {W3}"}),
    },
    "chain_lightning": {
        "attack": frozenset(
            {
                "bolt ce11 dmg 6 sp/leather_only",
                "bolt ce9 dmg 4 sp/leather_only",
                "bolt ce7 dmg 3 sp/leather_only",
                "chain of at least 2",
            }
        )
    },
    "death_dance": {"on_fail": frozenset({f"no spending_man {W2}"})},
}


def _window(window: Window) -> str:
    return f"w{window.first}-{'end' if window.last is None else window.last}"


def _damage(damage: Damage) -> str:
    text = f"dmg {damage.amount} {damage.unit.value}"
    if damage.unit is DamageUnit.SP:
        text += f"/{damage.absorption.value}"
    if damage.ticks is not None:
        text += f" at ends of {_window(damage.ticks)}"
    return text


def _render(part: Part) -> str:
    """One effect part as a short string with all of its numbers."""
    if isinstance(part, Damage):
        return _damage(part)
    if isinstance(part, Heal):
        return f"heal {part.amount}"
    if isinstance(part, Modifier):
        text = f"{part.value.value} {part.amount:+d} {_window(part.window)}"
        if part.bearer.value != "target":
            text += f" {part.bearer.value}"
        return text + (" lightning" if part.applies_to_lightning else "")
    if isinstance(part, Adjust):
        return f"{part.quantity.value} {part.op.value} {part.amount} {_window(part.window)}"
    if isinstance(part, Forbid):
        return f"no {part.action.value} {_window(part.window)}"
    if isinstance(part, Immunity):
        level = "" if part.max_spell_level is None else f" up to level {part.max_spell_level}"
        return f"immune {part.kind.value} {_window(part.window)}{level}"
    if isinstance(part, Retaliation):
        return f"retaliate {_damage(part.damage)} {_window(part.window)}"
    if isinstance(part, Cage):
        return f"cage {_damage(part.damage)} {_window(part.window)}"
    if isinstance(part, Frenzy):
        return f"frenzy {part.man_per_step} man/step {_window(part.window)}"
    assert isinstance(part, RaiseUndead)
    return (
        f"zombie ep/{part.ep_divisor} hexes {part.hexes_per_round} man {part.man_per_round} "
        f"command {part.command_man} {_window(part.window)}"
    )


def _render_attack(attack: TouchAttack | LightningAttack) -> frozenset[str]:
    if isinstance(attack, TouchAttack):
        return frozenset({f"touch te+{attack.te_bonus}" + (" weapon" if attack.with_weapon else "")})
    walls = " over walls" if attack.ignores_walls else ""
    bolts = {f"bolt ce{link.ce} {_damage(link.damage)}{walls}" for link in attack.links}
    if attack.min_links > 1:
        bolts.add(f"chain of at least {attack.min_links}")
    return frozenset(bolts)


def _render_area(area: Area) -> str:
    moving = "" if area.move_man_per_hex is None else f" move {area.move_man_per_hex}/hex"
    return f"{area.shape.value} {_window(area.window)}{moving}"


def _rendered_effect(effect: SpellEffect) -> dict[str, frozenset[str]]:
    rendered: dict[str, frozenset[str]] = {}
    if effect.parts:
        rendered["parts"] = frozenset(_render(part) for part in effect.parts)
    if effect.on_fail:
        rendered["on_fail"] = frozenset(_render(part) for part in effect.on_fail)
    for choice in effect.choices:
        rendered[f"choice {choice.id}"] = frozenset(_render(part) for part in choice.parts)
    if effect.attack is not None:
        rendered["attack"] = _render_attack(effect.attack)
    if effect.area is not None:
        rendered["area"] = frozenset({_render_area(effect.area)})
    return rendered


def _lasting_windows(effect: SpellEffect) -> set[Window]:
    parts = list(effect.parts) + list(effect.on_fail)
    parts += [part for choice in effect.choices for part in choice.parts]
    windows = {part.window for part in parts if not isinstance(part, (Damage, Heal))}
    return windows | ({effect.area.window} if effect.area else set())


@pytest.mark.parametrize("row", SPELL_TABLE, ids=[row[1] for row in SPELL_TABLE])
def test_spell_table_matches_rulebook__rb_p12_18(row: tuple[object, ...]) -> None:
    number, id_, name_hu, name_en, level, type_, kind, blocks, strength, resist, *rest = row
    duration, has_instant_part, page = rest
    spell = SPELLS[str(id_)]
    assert (spell.number, spell.name_hu, spell.name_en) == (number, name_hu, name_en)
    assert (spell.level, spell.spell_type) == (level, type_)
    assert (spell.range.kind, spell.range.blocks) == (kind, blocks)
    assert (spell.strength, spell.resistance) == (strength, resist)
    assert (spell.duration, spell.has_instant_part) == (duration, has_instant_part)
    assert spell.source == f"RB p.{page}"


@pytest.mark.parametrize("spell_id", list(EFFECT_TABLE))
def test_spell_effect_numbers_match_rulebook__rb_p13_18(spell_id: str) -> None:
    assert _rendered_effect(SPELLS[spell_id].effect) == EFFECT_TABLE[spell_id]


def test_reference_tables_cover_all_31_spells_in_list_order__rb_p13_18() -> None:
    assert [row[1] for row in SPELL_TABLE] == list(SPELLS) == list(EFFECT_TABLE)
    assert [spell.number for spell in SPELLS.values()] == list(range(1, 32))


def test_spell_counts_by_level_match_the_list__rb_p13_18_hr_6() -> None:
    assert [len(spells_of_level(level)) for level in range(1, 6)] == [7, 6, 7, 6, 5]
    assert spells_of_level(0) == spells_of_level(6) == ()
    assert [spell.id for spell in spells_of_level(2)] == [
        "numbing_poison",
        "pain",
        "great_lightning",
        "burning_nerves",
        "lightning_ward",
        "lightning_armour",
    ]


def test_spell_counts_by_type__digest_16() -> None:
    counts = {spell_type: len(spells_of_type(spell_type)) for spell_type in SpellType}
    assert counts == {CURSE: 7, POISON: 6, LIGHTNING: 9, SPECIAL: 6, NONE: 3}
    assert [spell.name_hu for spell in spells_of_type(NONE)] == [
        "Átok",
        "Életerőszívás",
        "Haláltánc",
    ]


def test_spell_ids_and_numbers_are_unique() -> None:
    spells = list(SPELLS.values())
    assert len({spell.id for spell in spells}) == len({spell.number for spell in spells}) == 31
    assert all(spell.id == key for key, spell in SPELLS.items())
    assert all(spell.id.isidentifier() and spell.id.islower() for spell in spells)


def test_man_cost_is_the_spell_level__rb_p8() -> None:
    assert all(spell.man_cost == spell.level for spell in SPELLS.values())


def test_hungarian_texts_use_proper_long_accents__digest_0() -> None:
    ocr_letters = set("ôûÔÛõũ")
    for spell in SPELLS.values():
        assert not ocr_letters & set(spell.name_hu + spell.effect_hu), spell.id
    with_long_accents = {spell.name_hu for spell in SPELLS.values() if set("őűŐŰ") & set(spell.name_hu)}
    assert with_long_accents == {
        "Életerőszívás",
        "Szédítő méregvarázs",
        "Savfelhő",
        "Életerőrablás",
        "Élőholt teremtése",
        "Tűzvihar",
        "Tűzalak",
    }


def test_every_spell_has_source_and_texts() -> None:
    for spell in SPELLS.values():
        assert spell.source.startswith("RB p.1"), spell.id
        assert spell.notes_source.startswith("digest §"), spell.id
        assert spell.effect_en.strip() and spell.effect_hu.strip(), spell.id
        assert spell.effect_en.endswith(".") and spell.effect_hu.endswith("."), spell.id


def test_resisted_spells_roll_eg_except_the_two_mental_ones__rb_p11() -> None:
    mental = [spell.id for spell in SPELLS.values() if spell.resistance is ME]
    assert mental == ["assassination", "death_dance"]
    for spell in SPELLS.values():
        assert spell.is_resisted == (spell.resistance is not NO_ROLL)


def test_lightning_bolts_use_the_spells_own_ce__rb_p12() -> None:
    bolts = {
        spell.id: [(link.ce, link.damage.amount) for link in spell.effect.attack.links]
        for spell in SPELLS.values()
        if isinstance(spell.effect.attack, LightningAttack)
    }
    assert bolts == {
        "lightning_bolt": [(7, 3)],
        "great_lightning": [(9, 4)],
        "terrible_lightning": [(11, 5)],
        "turning_lightning": [(9, 6)],
        "chain_lightning": [(11, 6), (9, 4), (7, 3)],
    }


def test_lightning_damage_ignores_metal_sfe__rb_p12() -> None:
    for spell in spells_of_type(LIGHTNING):
        effect = spell.effect
        damages = [part.damage for part in effect.parts if isinstance(part, (Retaliation, Cage))]
        if isinstance(effect.attack, LightningAttack):
            damages += [link.damage for link in effect.attack.links]
        for damage in damages:
            assert damage.unit is DamageUnit.SP and damage.absorption is Absorption.LEATHER_ONLY
            assert damage.ignores_metal_sfe


def test_protective_lightning_spells_need_no_ce_roll__rb_p12_digest_15_8() -> None:
    no_bolt = {spell.id for spell in spells_of_type(LIGHTNING) if not isinstance(spell.effect.attack, LightningAttack)}
    assert no_bolt == {"lightning_blade", "lightning_ward", "lightning_armour", "imprisonment"}


def test_poison_spells_have_a_milder_effect_except_szedito__rb_p12() -> None:
    for spell in spells_of_type(POISON):
        assert spell.effect.on_fail, spell.id
        assert bool(spell.effect.parts) == (spell.id != "dizzying_poison"), spell.id


def test_only_three_curses_offer_two_effects__rb_p12_a41() -> None:
    with_choices = [spell.id for spell in SPELLS.values() if spell.effect.choices]
    assert with_choices == ["burning_nerves", "muscle_wasting", "limb_withering"]
    assert all(len(SPELLS[spell_id].effect.choices) == 2 for spell_id in with_choices)


def test_touch_spells_attack_in_melee_with_their_bonus__rb_p12_a39_a52() -> None:
    touch = {spell.id: spell.effect.attack for spell in SPELLS.values() if spell.range.kind in (TOUCH, TOUCH_OR_SELF)}
    assert touch == {
        "life_drain": TouchAttack(te_bonus=5),
        "lightning_blade": TouchAttack(),
        "lightning_armour": TouchAttack(),
        "life_theft": TouchAttack(te_bonus=5, with_weapon=True),
        "create_undead": None,  # a corpse is touched without a roll (A52)
    }


def test_lasting_parts_follow_the_header_duration__rb_p12() -> None:
    for spell in SPELLS.values():
        windows = _lasting_windows(spell.effect)
        if spell.onset is Onset.NEXT_ROUND:
            assert windows == {Window(1, 1)}, spell.id
        elif spell.duration is INSTANT:
            assert windows == set(), spell.id
        else:
            assert windows == {spell.duration.window}, spell.id


def test_quintarha_strikes_in_the_round_after_casting__rb_p15_a48() -> None:
    quintarha = SPELLS["quintarha"]
    assert (quintarha.duration, quintarha.onset) == (INSTANT, Onset.NEXT_ROUND)
    assert [s.id for s in SPELLS.values() if s.onset is not Onset.ON_CAST] == ["quintarha"]
    shock = quintarha.effect.parts[0]
    assert isinstance(shock, Modifier)
    assert [shock.window.is_active(cast_round=3, round_=r) for r in (3, 4, 5)] == [
        False,
        True,
        False,
    ]


def test_multi_round_spells_end_after_round_r_plus_n_minus_1__rb_p12() -> None:
    assert R2.window is not None and R3.window is not None and PERM.window is not None
    assert (R2.window.last_round(cast_round=5), R3.window.last_round(cast_round=5)) == (6, 7)
    assert PERM.window.last_round(cast_round=5) is None
    assert INSTANT.window is None
    assert [ROUNDS_2.is_active(cast_round=5, round_=r) for r in (4, 5, 6, 7)] == [
        False,
        True,
        True,
        False,
    ]


def test_firestorm_burns_at_once_without_sfe_then_twice_with_sfe__rb_p15() -> None:
    blasts = [part for part in SPELLS["firestorm"].effect.parts if isinstance(part, Damage)]
    assert [(d.amount, d.absorption, d.ticks) for d in blasts] == [
        (3, Absorption.NONE, None),
        (3, Absorption.ARMOUR, Window(1, 2)),
    ]
    ticks = blasts[1].ticks
    assert ticks is not None
    assert [ticks.is_active(cast_round=2, round_=r) for r in (2, 3, 4, 5)] == [
        False,
        True,
        True,
        False,
    ]


def test_zombie_has_half_ep_and_its_own_man__rb_p15_a52() -> None:
    (zombie,) = SPELLS["create_undead"].effect.parts
    assert isinstance(zombie, RaiseUndead)
    assert (zombie.ep_divisor, zombie.hexes_per_round) == (2, 3)
    assert (zombie.man_per_round, zombie.command_man) == (3, 2)
    assert not (zombie.keeps_skills or zombie.strategist_may_give_man)
    assert not (zombie.attacks_creator or zombie.may_rise_again)


def test_assassination_victim_gets_4_man_per_step__rb_p17_a56() -> None:
    (frenzy,) = SPELLS["assassination"].effect.on_fail
    assert isinstance(frenzy, Frenzy)
    assert frenzy.man_per_step == 4
    assert frenzy.designee_may_be_own_team and frenzy.acts_first_in_step


def test_acid_cloud_penalty_reaches_lightning_spells__rb_p13_14_a40() -> None:
    penalties = [p for p in SPELLS["acid_cloud"].effect.parts if isinstance(p, Modifier)]
    assert [(p.value, p.amount, p.applies_to_lightning) for p in penalties] == [(CombatValue.CE, -2, True)]
    others = [
        part
        for spell in SPELLS.values()
        if spell.id != "acid_cloud"
        for part in spell.effect.parts + spell.effect.on_fail
        if isinstance(part, Modifier) and part.applies_to_lightning
    ]
    assert others == []


def test_spell_entries_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        SPELLS["pain"].level = 1  # type: ignore[misc]


def test_inconsistent_spell_is_refused() -> None:
    pain = SPELLS["pain"]
    with pytest.raises(ValueError, match="strength and resistance"):
        dataclasses.replace(pain, resistance=NO_ROLL)
    with pytest.raises(ValueError, match="level"):
        dataclasses.replace(pain, level=6)
    with pytest.raises(ValueError, match="lightning"):
        dataclasses.replace(SPELLS["lightning_bolt"], spell_type=SPECIAL)
    with pytest.raises(ValueError, match="blocks"):
        dataclasses.replace(within(3), kind=TOUCH)


def test_ep_damage_is_never_reduced_by_armour__rb_p10() -> None:
    with pytest.raises(ValueError, match="Ép"):
        Damage(3, DamageUnit.EP, Absorption.ARMOUR)
    with pytest.raises(ValueError, match="positive"):
        Damage(0, DamageUnit.SP)


def test_spell_data_imports_without_django() -> None:
    code = (
        "import sys, arena.engine.content.spells, arena.engine.content.traps;"
        "print(any(name.split('.')[0] == 'django' for name in sys.modules))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"


def test_spell_catalog_is_read_only() -> None:
    with pytest.raises(TypeError):
        SPELLS["pain"] = SPELLS["pain"]  # type: ignore[index]
    assert isinstance(SPELLS["pain"], Spell)
