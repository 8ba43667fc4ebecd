"""The 16 trap cards: card rules from RB p.18, card contents from HR-5."""

from __future__ import annotations

import dataclasses

import pytest

from arena.engine.content.common import CombatValue, DamageUnit
from arena.engine.content.spells import Absorption, Adjust, Forbidden, Modifier, Op, Quantity, SpellType, Window
from arena.engine.content.traps import (
    TRAPS,
    UNTIL_END_OF_NEXT_ROUND,
    Ban,
    Ring,
    StepSpan,
    TargetCondition,
    Trap,
    TrapKind,
    Trigger,
    WallKind,
    direct_traps,
    remote_traps,
    trap_by_number,
)

REMOTE, DIRECT = TrapKind.REMOTE, TrapKind.DIRECT
SP, EP = DamageUnit.SP, DamageUnit.EP
STANDING, MOVING = frozenset({Trigger.STANDING}), frozenset({Trigger.MOVING})
CROSS_OR_TOGGLE = frozenset({Trigger.CROSSING_GATE, Trigger.TOGGLING_GATE})
ANY_GATE_PASSAGE = CROSS_OR_TOGGLE | {Trigger.ENTERING_GATE_HEX}
M_OR_O, O_ONLY = frozenset({Ring.MIDDLE, Ring.OUTER}), frozenset({Ring.OUTER})
ANY: frozenset[Ring] = frozenset()
INNER_WALLS = frozenset({WallKind.INNER_CIRCLE, WallKind.RING})
CROSS_WALL = frozenset({WallKind.CROSS})
NO_WALL: frozenset[WallKind] = frozenset()

# HR-5, one row per card: number, id, Hungarian name, English name, kind, MAN, gate-bound,
# triggers, rings, wall edges, within N blocks of the card's hex, on a gate hex,
# trap attack value, fixed damage (amount, unit), unit of the damage the card can deal,
# works in the central circle.
TRAP_TABLE = [
    (1, "swinging_blades", "Lengő pengék", "Swinging Blades", REMOTE, 2, False, STANDING, M_OR_O,
     INNER_WALLS, None, None, 14, None, SP, False),
    (2, "spear_wall", "Dárdafal", "Spear Wall", REMOTE, 2, False, STANDING, ANY, CROSS_WALL, None,
     None, None, (4, SP), SP, False),
    (3, "drop_net", "Zuhanó háló", "Drop Net", REMOTE, 2, False, STANDING, ANY, NO_WALL, 3, None,
     12, None, None, False),
    (4, "erupting_spring", "Kitörő forrás", "Erupting Spring", REMOTE, 3, False, STANDING, ANY,
     NO_WALL, 3, None, None, (4, SP), SP, True),
    (5, "quicksand", "Futóhomok", "Quicksand", REMOTE, 2, False, STANDING, O_ONLY, NO_WALL, None,
     None, None, None, None, False),
    (6, "poisoned_spikes", "Mérgezett tüskék", "Poisoned Spikes", REMOTE, 2, False, STANDING, ANY,
     NO_WALL, None, True, None, (2, EP), EP, False),
    (7, "rockfall", "Kőomlás", "Rockfall", REMOTE, 3, False, STANDING, ANY, NO_WALL, 4, None, None,
     (5, SP), SP, False),
    (8, "blinding_mirrors", "Vakító tükrök", "Blinding Mirrors", REMOTE, 1, False, STANDING, ANY,
     NO_WALL, 4, None, None, None, None, False),
    (9, "pit", "Verem", "Pit", DIRECT, 2, False, MOVING, ANY, NO_WALL, None, False, None, (3, SP),
     SP, False),
    (10, "bear_trap", "Medvecsapda", "Bear Trap", DIRECT, 2, False, MOVING, ANY, NO_WALL, None,
     None, None, (2, EP), EP, False),
    (11, "falling_portcullis", "Zuhanó rács", "Falling Portcullis", DIRECT, 3, True,
     CROSS_OR_TOGGLE, ANY, NO_WALL, None, None, None, (4, SP), SP, False),
    (12, "spiked_gate_wing", "Tüskés kapuszárny", "Spiked Gate-Wing", DIRECT, 1, True,
     ANY_GATE_PASSAGE, ANY, NO_WALL, None, None, None, (3, SP), SP, False),
    (13, "spring_spear", "Rugós lándzsa", "Spring Spear", DIRECT, 2, False, MOVING, ANY, NO_WALL,
     None, None, 15, None, SP, False),
    (14, "poison_thorn", "Mérges tövis", "Poison Thorn", DIRECT, 1, False, MOVING, ANY, NO_WALL,
     None, None, None, (1, EP), EP, False),
    (15, "dust_burst", "Porfelhő", "Dust Burst", DIRECT, 1, False, MOVING, ANY, NO_WALL, None,
     None, None, None, None, False),
    (16, "tripwire", "Botlódrót", "Tripwire", DIRECT, 1, False, MOVING, ANY, NO_WALL, None, None,
     None, None, SP, False),
]  # fmt: skip


@pytest.mark.parametrize("row", TRAP_TABLE, ids=[str(row[1]) for row in TRAP_TABLE])
def test_trap_table_matches_house_rules__hr_5(row: tuple[object, ...]) -> None:
    number, id_, name_hu, name_en, kind, man, gate_bound, *rest = row
    triggers, rings, walls, within, on_gate, attack, damage, unit, in_centre = rest
    trap = TRAPS[str(id_)]
    assert (trap.number, trap.name_hu, trap.name_en) == (number, name_hu, name_en)
    assert (trap.kind, trap.man_cost, trap.gate_bound) == (kind, man, gate_bound)
    condition = trap.condition
    assert (condition.triggers, condition.rings, condition.wall_edges) == (triggers, rings, walls)
    assert (condition.within_blocks, condition.on_gate_hex) == (within, on_gate)
    assert (trap.effect.attack.value if trap.effect.attack else None) == attack
    fixed = trap.effect.damage
    assert ((fixed.amount, fixed.unit) if fixed else None) == damage
    assert trap.damage_unit is unit
    assert trap.works_in_central_circle is in_centre


def test_reference_table_covers_the_16_cards_in_number_order__rb_p18() -> None:
    assert [row[1] for row in TRAP_TABLE] == list(TRAPS)
    assert [trap.number for trap in TRAPS.values()] == list(range(1, 17))


def test_eight_remote_cards_1_to_8_and_eight_direct_9_to_16__rb_p18() -> None:
    assert [trap.number for trap in remote_traps()] == list(range(1, 9))
    assert [trap.number for trap in direct_traps()] == list(range(9, 17))


def test_only_erupting_spring_works_in_the_central_circle__rb_p18() -> None:
    in_centre = [trap.name_hu for trap in TRAPS.values() if trap.works_in_central_circle]
    assert in_centre == ["Kitörő forrás"]
    assert all(Ring.CENTRAL not in trap.condition.rings for trap in TRAPS.values())


def test_gate_bound_cards_are_direct_and_strike_gate_togglers__rb_p18_hr_5() -> None:
    gate_cards = [trap.number for trap in TRAPS.values() if trap.gate_bound]
    assert gate_cards == [11, 12]
    for trap in TRAPS.values():
        assert (Trigger.TOGGLING_GATE in trap.condition.triggers) == trap.gate_bound


def test_remote_cards_strike_standing_and_direct_cards_moving_enemies__rb_p18_a63() -> None:
    for trap in remote_traps():
        assert trap.condition.triggers == STANDING
        assert trap.trigger_hex_number == trap.number
    for trap in direct_traps():
        assert Trigger.STANDING not in trap.condition.triggers
        assert trap.trigger_hex_number is None


def test_remote_distance_is_counted_from_the_cards_own_hex__hr_5() -> None:
    distances = {t.number: t.condition.within_blocks for t in TRAPS.values()}
    assert {n: d for n, d in distances.items() if d is not None} == {3: 3, 4: 3, 7: 4, 8: 4}


def test_sp_cards_damage_stp_and_others_do_not__rb_p18() -> None:
    stp = [trap.number for trap in TRAPS.values() if trap.damages_stp]
    assert stp == [1, 2, 4, 7, 9, 11, 12, 13, 16]
    for trap in TRAPS.values():
        for damage in (trap.effect.damage, trap.effect.damage_if_running):
            if damage is not None and damage.unit is SP:
                assert damage.absorption is Absorption.ARMOUR, trap.id


def test_trap_attacks_allow_dodge_and_deal_half_the_margin__hr_5() -> None:
    attacks = {
        t.number: (
            t.effect.attack.value,
            t.effect.attack.margin_damage,
            t.effect.attack.dodge_allowed,
        )
        for t in TRAPS.values()
        if t.effect.attack is not None
    }
    assert attacks == {1: (14, SP, True), 3: (12, None, True), 13: (15, SP, True)}


def test_drop_net_bans_man_in_the_next_step__hr_5() -> None:
    assert TRAPS["drop_net"].effect.bans == (Ban(Forbidden.SPENDING_MAN, StepSpan.NEXT_STEP),)


def test_erupting_spring_scalds_and_pushes_one_hex__rb_p18_hr_5() -> None:
    effect = TRAPS["erupting_spring"].effect
    assert effect.damage is not None
    assert (effect.damage.amount, effect.damage.absorption, effect.push_hexes) == (
        4,
        Absorption.ARMOUR,
        1,
    )
    assert TRAPS["erupting_spring"].source.startswith("RB p.18")


def test_quicksand_doubles_movement_and_stops_running__hr_5() -> None:
    effect = TRAPS["quicksand"].effect
    assert effect.adjustments == (Adjust(Quantity.MOVE_COST, Op.SET, 2, Window(0, 1)),)
    assert effect.bans == (Ban(Forbidden.RUNNING, StepSpan.UNTIL_END_OF_NEXT_ROUND),)


def test_poison_cards_roll_e_against_eg_and_the_amulet_cancels_them__rb_p7_hr_5() -> None:
    spikes = TRAPS["poisoned_spikes"].effect.poison
    thorn = TRAPS["poison_thorn"].effect.poison
    assert spikes is not None and thorn is not None
    assert spikes.damage is not None
    assert (spikes.strength, spikes.damage.amount, spikes.damage.unit) == (5, 3, EP)
    assert spikes.modifiers == ()
    assert (thorn.strength, thorn.damage) == (6, None)
    assert thorn.modifiers == (
        Modifier(CombatValue.VE, -3, Window(0, 1)),
        Modifier(CombatValue.CE, -2, Window(0, 1)),
    )
    assert spikes.amulet_type is thorn.amulet_type is SpellType.POISON


def test_blinding_mirrors_last_until_the_end_of_the_next_round__hr_5() -> None:
    assert TRAPS["blinding_mirrors"].effect.modifiers == (
        Modifier(CombatValue.CE, -3, UNTIL_END_OF_NEXT_ROUND),
        Modifier(CombatValue.TE, -2, UNTIL_END_OF_NEXT_ROUND),
    )
    played_in = 4
    assert [UNTIL_END_OF_NEXT_ROUND.is_active(played_in, r) for r in (4, 5, 6)] == [
        True,
        True,
        False,
    ]


def test_movement_traps__hr_5() -> None:
    pit, bear, spear = TRAPS["pit"].effect, TRAPS["bear_trap"].effect, TRAPS["spring_spear"].effect
    assert (pit.ends_movement, pit.exit_extra_man, pit.release_man) == (True, 1, 0)
    assert (bear.ends_movement, bear.exit_extra_man, bear.release_man) == (True, 0, 2)
    assert not spear.ends_movement
    ending = [trap.number for trap in TRAPS.values() if trap.effect.ends_movement]
    assert ending == [9, 10, 15, 16]


def test_falling_portcullis_jams_the_gate__hr_5() -> None:
    effect = TRAPS["falling_portcullis"].effect
    assert (effect.gate_jam, effect.stays_on_entry_side) == (Window(0, 1), True)
    jamming = [trap.number for trap in TRAPS.values() if trap.effect.gate_jam is not None]
    assert jamming == [11]


def test_dust_burst_stops_shooting_and_lightning_this_step__hr_5() -> None:
    assert TRAPS["dust_burst"].effect.bans == (
        Ban(Forbidden.RANGED_ATTACKS, StepSpan.REST_OF_STEP),
        Ban(Forbidden.LIGHTNING_SPELLS, StepSpan.REST_OF_STEP),
    )


def test_tripwire_knocks_prone_and_hurts_only_a_runner__hr_5() -> None:
    effect = TRAPS["tripwire"].effect
    assert effect.prone and effect.ends_movement and effect.damage is None
    assert effect.damage_if_running is not None
    assert (effect.damage_if_running.amount, effect.damage_if_running.unit) == (2, SP)
    assert [trap.number for trap in TRAPS.values() if trap.effect.prone] == [16]


def test_trap_names_use_proper_long_accents__digest_0() -> None:
    ocr_letters = set("ôûÔÛõũ")
    for trap in TRAPS.values():
        assert not ocr_letters & set(trap.name_hu + trap.effect_hu), trap.id
    with_long_accents = {t.name_hu for t in TRAPS.values() if set("őűŐŰ") & set(t.name_hu)}
    assert with_long_accents == {"Lengő pengék", "Kitörő forrás", "Kőomlás", "Porfelhő"}


def test_every_trap_has_source_and_texts__hr_5() -> None:
    for trap in TRAPS.values():
        assert "HR-5" in trap.source and trap.rules_source == "RB p.18", trap.id
        assert trap.effect_en.strip() and trap.effect_hu.strip(), trap.id
        assert trap.effect_en.endswith(".") and trap.effect_hu.endswith("."), trap.id


def test_trap_ids_and_numbers_are_unique() -> None:
    traps = list(TRAPS.values())
    assert len({trap.id for trap in traps}) == len({trap.number for trap in traps}) == 16
    assert all(trap.id == key and trap.id.isidentifier() for key, trap in TRAPS.items())


def test_trap_by_number_reads_the_card_corner__rb_p18() -> None:
    assert trap_by_number(4).id == "erupting_spring"
    with pytest.raises(KeyError):
        trap_by_number(17)


def test_inconsistent_trap_is_refused__rb_p18() -> None:
    pit = TRAPS["pit"]
    with pytest.raises(ValueError, match="cannot be REMOTE"):
        dataclasses.replace(pit, kind=REMOTE)
    with pytest.raises(ValueError, match="standing"):
        dataclasses.replace(pit, condition=TargetCondition(STANDING))
    with pytest.raises(ValueError, match="gate"):
        dataclasses.replace(pit, gate_bound=True)


def test_trap_entries_are_frozen() -> None:
    trap: Trap = TRAPS["pit"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        trap.man_cost = 0  # type: ignore[misc]
