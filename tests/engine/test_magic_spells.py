"""Every spell's worked example with fixed dice and exact numbers (RB p.11-18; digest §16.1)."""

from __future__ import annotations

import pytest

from arena.engine import IllegalActionError, apply
from arena.engine.board.hexgrid import Hex
from arena.engine.content.common import CombatValue
from arena.engine.match.actions import Dodge, EndActivation, EndStep, MeleeAttack, Move, RangedAttack
from arena.engine.match.events import AttackResolved, Damaged
from arena.engine.match.magic.actions import Cast, MoveCloud
from arena.engine.match.magic.events import CloudMoved, Healed, SpellBlocked, SpellResisted, ZombieRaised
from arena.engine.match.magic.queries import eg_of
from arena.engine.match.rules.base import man_of
from arena.engine.match.rules.modifiers import non_stacking
from arena.engine.match.rules.movement import hexes_left, move_cost

from .magic_helpers import WM, cast, ready
from .match_helpers import act, legal, name, of_kind, place, settle, to_step, tweak

TE, VE, CE, RVE = CombatValue.TE, CombatValue.VE, CombatValue.CE, CombatValue.RANGED_VE


def effects_of(s, cid):
    c = s.index[cid]
    return sorted((e.value.value, e.amount, e.source, e.last_round) for e in s.effects if e.char == c)


def lasting_of(s, cid):
    c = s.index[cid]
    return sorted((x.spell, x.kind, x.what, x.amount, x.last) for x in s.magic.lasting if x.target == c)


# --- level 1 -----------------------------------------------------------------------------------------


def test_malediction_gives_minus_4_te_and_minus_2_ce_for_2_rounds__rb_p13_a43():
    s = ready({"1.deasta": (8, -6)})
    s, events = act(s, cast("malediction", "1.deasta", man=1), [8, 3])
    assert of_kind(events, SpellResisted)[0][3:] == (
        "eg",
        12,
        7,
        True,
        None,
    )  # E 4 + 8 > Eg 4 + 3
    assert effects_of(s, "1.deasta") == [
        ("ce", -2, "malediction", 2),
        ("te", -4, "malediction", 2),
    ]
    assert s.discs[0] == (2, 3, 4, 5) and s.pool == 5  # the disc leaves his hand; MAN = level


def test_bowel_rot_costs_3_ep_on_a_failed_check__rb_p13():
    s = ready({"1.deasta": (8, -6)})
    s, events = act(s, cast("bowel_rot", "1.deasta", man=1), [8, 3])
    assert of_kind(events, Damaged) == [Damaged("1.deasta", "ep", 3, 0, 3, 0)]
    assert s.ep[s.index["1.deasta"]] == 8


def test_life_drain_touch_at_plus_5_te_costs_4_ep__rb_p13_a47():
    s = ready({"1.laeva": (4, -8)})
    s, events = act(s, cast("life_drain", "1.laeva", man=1), [7, 4])
    assert of_kind(events, AttackResolved)[0][3:6] == (
        18,
        13,
        True,
    )  # TÉ 6 + 5 + 7; VÉ 9 + 4
    assert of_kind(events, Damaged) == [Damaged("1.laeva", "ep", 4, 0, 4, 0)]
    assert s.ep[s.index["1.laeva"]] == 6
    assert s.melee[s.index[WM]]  # a touch starts a melee situation (HR-12 ruling 11)


def test_lightning_blade_on_himself_needs_no_roll_and_on_a_team_mate_adds_5_to_the_touch__rb_p13_a39():
    s = ready({"0.laeva": (4, -8)})
    s1, events = act(s, cast("lightning_blade", WM, man=1), [])
    assert effects_of(s1, WM) == [("te", 5, "lightning_blade", 3)]  # 3 rounds: ends after round 3
    s2, events = act(s, cast("lightning_blade", "0.laeva", man=1), [5, 5])
    assert of_kind(events, AttackResolved)[0][3:6] == (
        16,
        14,
        True,
    )  # 6 + 5 (team-mate) + 5; 9 + 5
    assert effects_of(s2, "0.laeva") == [("te", 5, "lightning_blade", 3)]


def test_dizzying_poison_minus_3_ve_for_3_rounds_only_on_a_failed_check__rb_p13_digest_15_9():
    s = ready({"1.deasta": (8, -8)})
    s1, _ = act(s, cast("dizzying_poison", "1.deasta", man=1), [8, 3])
    assert effects_of(s1, "1.deasta") == [("ve", -3, "dizzying_poison", 3)]
    s2, events = act(s, cast("dizzying_poison", "1.deasta", man=1), [1, 9])
    assert effects_of(s2, "1.deasta") == [] and not of_kind(events, Damaged)  # no milder effect


def test_lightning_bolt_ce_7_against_the_ranged_defence_3_sp_less_leather_sfe__rb_p13_a50():
    s = ready({"1.deasta": (8, -6)})
    s, events = act(s, cast("lightning_bolt", "1.deasta", man=1), [9, 1])
    assert of_kind(events, AttackResolved)[0][3:6] == (
        16,
        9,
        True,
    )  # 7 + 9; 2 × 4 obstacles + 1
    assert of_kind(events, Damaged) == [Damaged("1.deasta", "sp", 3, 1, 2, 0)]  # never STP
    assert s.stp[s.index["1.deasta"]] == 3


def test_acid_cloud_1_ep_to_all_but_the_caster_minus_2_ce_and_moving_it_for_1_man__rb_p13_a51():
    s = ready({"1.deasta": (8, -8), "1.laeva": (8, -8)})
    s, events = act(s, cast("acid_cloud", hex=(8, -8), man=1), [])
    assert of_kind(events, Damaged) == [
        Damaged("1.deasta", "ep", 1, 0, 1, 0),
        Damaged("1.laeva", "ep", 1, 0, 1, 0),
    ]
    s, events = act(s, MoveCloud(0, WM, Hex(9, -8), man=1), [])
    assert of_kind(events, CloudMoved)[0].hex == Hex(9, -8) and s.pool == 4
    assert not of_kind(events, Damaged)  # the 1 Ép is dealt once, at casting (A51)
    from arena.engine.match.rules.modifiers import attack_modifiers
    from arena.engine.match.state import Swing

    shot = Swing(s.index["1.laeva"], s.index["0.laeva"], "dagger", False, False, False, 1)
    assert ("spells and traps", -2) in attack_modifiers(s, shot)  # shooting from the cloud


def test_acid_cloud_spares_its_caster__a42():
    s = ready({"1.deasta": (5, -8)})
    s, events = act(s, cast("acid_cloud", hex=(5, -8), man=1), [])
    assert of_kind(events, SpellBlocked)[0].char == WM
    assert [d.char for d in of_kind(events, Damaged)] == ["1.deasta"]


# --- level 2 -----------------------------------------------------------------------------------------


def test_numbing_poison_always_2_ep_and_on_a_failed_check_no_shots_minus_3_ve__rb_p14_a44():
    s = ready({"1.deasta": (8, -8)})
    s1, events = act(s, cast("numbing_poison", "1.deasta", man=2), [8, 3])
    assert of_kind(events, Damaged) == [Damaged("1.deasta", "ep", 2, 0, 2, 0)]
    assert effects_of(s1, "1.deasta") == [("ve", -3, "numbing_poison", 2)]
    assert ("numbing_poison", "forbid", "ranged_attacks", 1, 2) in lasting_of(s1, "1.deasta")
    s2, events = act(s, cast("numbing_poison", "1.deasta", man=2), [1, 9])
    assert of_kind(events, Damaged) == [Damaged("1.deasta", "ep", 2, 0, 2, 0)] and not s2.effects


def test_pain_deals_4_ep_on_failed_check__rb_p14():
    s = ready({"1.deasta": (8, -6)})
    s, events = act(s, cast("pain", "1.deasta", man=2), [5, 6])
    assert of_kind(events, SpellResisted)[0][4:7] == (
        11,
        10,
        True,
    )  # E 6 + 5 > Eg 4 + 6
    assert of_kind(events, Damaged) == [Damaged("1.deasta", "ep", 4, 0, 4, 0)]


def test_great_lightning_4_sp_and_a_gladiators_metal_sfe_counts_for_nothing__rb_p14():
    s = ready({"1.gladiator": (4, -5)})
    s, events = act(s, cast("great_lightning", "1.gladiator", man=2), [6, 2])
    assert of_kind(events, AttackResolved)[0][3:6] == (15, 6, True)  # 9 + 6; 2 × 2 + 2
    assert of_kind(events, Damaged) == [Damaged("1.gladiator", "sp", 4, 0, 4, 0)]
    assert s.stp[s.index["1.gladiator"]] == 4


def test_burning_nerves_the_caster_chooses_at_most_2_man_or_minus_5_ve__rb_p14_a45():
    s = ready({"1.deasta": (8, -6)})
    s1, _ = act(s, cast("burning_nerves", "1.deasta", man=2, choice="defence"), [8, 3])
    assert effects_of(s1, "1.deasta") == [("ve", -5, "burning_nerves", 2)]
    s2, _ = act(s, cast("burning_nerves", "1.deasta", man=2, choice="man_cap"), [8, 3])
    s2 = to_step(s2, 2)
    s2 = name(s2, 1, "1.deasta", "1.laeva")
    deasta = s2.index["1.deasta"]
    assert (s2.pool, man_of(s2, deasta), man_of(s2, s2.index["1.laeva"])) == (6, 2, 6)
    s2, _ = apply(s2, Move(1, "1.deasta", (Hex(8, -7),), 1))
    assert man_of(s2, deasta) == 1  # 2 a step, whatever the pool holds
    with pytest.raises(IllegalActionError, match="choose"):
        apply(s, cast("burning_nerves", "1.deasta", man=2))


def test_lightning_ward_stops_level_1_to_3_lightning_but_not_level_4__rb_p14():
    s = ready({"0.laeva": (5, -8), "1.witch_master": (8, -8)}, other_discs=(1, 4))
    s, _ = act(s, cast("lightning_ward", "0.laeva", man=2), [])
    assert ("lightning_ward", "immunity", "lightning_damage", 3, 3) in lasting_of(s, "0.laeva")
    s = to_step(s, 2)
    s = name(s, 1, "1.witch_master", "1.deasta")
    _s1, events = act(s, Cast(1, "1.witch_master", "lightning_bolt", "0.laeva", man=1), [10, 1])
    assert of_kind(events, SpellBlocked)[0].char == "0.laeva" and not of_kind(events, Damaged)
    _s2, events = act(s, Cast(1, "1.witch_master", "turning_lightning", "0.laeva", man=4), [10, 1])
    assert of_kind(events, Damaged) == [Damaged("0.laeva", "sp", 6, 1, 5, 0)]  # level 4 gets through


def test_lightning_armour_gives_4_sp_to_whoever_hits_him_in_melee__rb_p14_a46():
    s = ready({"1.deasta": (4, -8)})
    s, _ = act(s, cast("lightning_armour", WM, man=2), [])
    s = to_step(s, 2)
    s = name(s, 1, "1.deasta", "1.laeva")
    s, _ = apply(s, MeleeAttack(1, "1.deasta", WM, man=2))
    s, events = act(s, Dodge(0, WM, False), [9, 1])
    s = settle(s)
    assert of_kind(events, Damaged) == [
        Damaged(WM, "sp", 5, 1, 4, 1),  # TÉ 11 + 9 against VÉ 8 + 1: ⌊11 / 2⌋ Sp
        Damaged("1.deasta", "sp", 4, 1, 3, 0),  # the discharge: lightning, leather SFÉ only
    ]
    assert s.ep[s.index["1.deasta"]] == 8


# --- level 3 -----------------------------------------------------------------------------------------


def test_life_theft_5_ep_in_all_and_heals_the_caster_5_never_above_his_maximum__rb_p14_a47():
    s = ready({"1.laeva": (4, -8)}, ep={WM: 4})
    s1, events = act(s, cast("life_theft", "1.laeva", man=3), [7, 4])
    assert of_kind(events, Damaged) == [Damaged("1.laeva", "ep", 5, 0, 5, 0)]
    assert of_kind(events, Healed) == [Healed(WM, 5)] and s1.ep[s1.index[WM]] == 9
    _s2, events = act(tweak(s, ep={WM: 8}), cast("life_theft", "1.laeva", man=3), [7, 4])
    assert of_kind(events, Healed) == [Healed(WM, 2)]  # up to his maximum of 10


def test_create_undead_raises_a_dead_fighter_with_half_his_ep_who_attacks_the_nearest_person__rb_p15_a52():
    s = ready(
        {"0.laeva": (4, -8), "1.deasta": (5, -8)},
        named=(WM, "0.crossbowman"),
        alive={"0.laeva": False},
    )
    s, events = act(s, cast("create_undead", "0.laeva", man=3), [])
    assert of_kind(events, ZombieRaised) == [ZombieRaised(0, "0.laeva", WM, 5)]  # ⌊10 ÷ 2⌋
    s, _ = apply(s, EndActivation(0, WM))
    zombie = [a for a in legal(s, 0) if type(a).__name__ == "ZombieAct"]
    assert [(a.path, a.target, a.man) for a in zombie] == [((Hex(5, -8),), "1.deasta", 3)]
    assert not any(isinstance(a, EndStep) for a in legal(s, 0))  # it acts before the step ends
    s, events = act(s, zombie[0], [])
    assert s.pending is not None  # the deasta may declare Kitérés against the zombie's blow


def test_muscle_wasting_doubles_movement_cost_or_gives_combat_penalties__rb_p15_a62():
    s = ready({"1.deasta": (8, -6)})
    s1, _ = act(s, cast("muscle_wasting", "1.deasta", man=3, choice="movement"), [8, 3])
    deasta = s1.index["1.deasta"]
    assert move_cost(s1, deasta, 2) == 4
    s2, _ = act(s, cast("muscle_wasting", "1.deasta", man=3, choice="combat"), [8, 3])
    assert effects_of(s2, "1.deasta") == [
        ("ce", -2, "muscle_wasting", 2),
        ("te", -4, "muscle_wasting", 2),
        ("ve", -4, "muscle_wasting", 2),
    ]


def test_quintarha_shock_and_man_ban_come_in_the_next_full_round__rb_p15_a48():
    s = ready({"1.deasta": (8, -8)})
    s, _ = act(s, cast("quintarha", "1.deasta", man=3), [8, 3])
    deasta = s.index["1.deasta"]
    assert non_stacking(s, deasta, VE) == 0  # nothing in the casting round
    s = to_step(s, 1, 2)
    assert (non_stacking(s, deasta, VE), non_stacking(s, deasta, RVE)) == (-4, -3)
    assert s.magic.banned >> deasta & 1
    s = to_step(s, 1, 3)
    assert non_stacking(s, deasta, VE) == 0 and not s.magic.banned >> deasta & 1


def test_firestorm_3_sp_without_sfe_then_3_sp_with_sfe_at_the_end_of_the_next_two_rounds__rb_p15_hr12_25():
    s = ready({"1.deasta": (8, -6), "1.laeva": (8, -6)})
    s, events = act(s, cast("firestorm", hex=(8, -6), man=3), [])
    assert of_kind(events, Damaged) == [
        Damaged("1.deasta", "sp", 3, 0, 3, 0),
        Damaged("1.laeva", "sp", 3, 0, 3, 0),
    ]
    deasta = s.index["1.deasta"]
    s = to_step(s, 1, 2)
    assert s.ep[deasta] == 8  # nothing at the end of the casting round
    s = to_step(s, 1, 3)
    assert s.ep[deasta] == 6  # 3 Sp − SFÉ 1
    s = to_step(s, 1, 4)
    assert s.ep[deasta] == 4 and not s.magic.areas
    s = to_step(s, 1, 5)
    assert s.ep[deasta] == 4


def test_rending_poison_always_3_ep_and_eg_0_for_the_rest_of_the_match__rb_p15():
    s = ready({"1.deasta": (8, -8)})
    s, events = act(s, cast("rending_poison", "1.deasta", man=3), [9, 2])
    assert of_kind(events, SpellResisted)[0][4:7] == (11, 6, True)  # E 2 + 9 > 4 + 2
    assert of_kind(events, Damaged) == [Damaged("1.deasta", "ep", 3, 0, 3, 0)]
    assert eg_of(s, s.index["1.deasta"]) == 0


def test_terrible_lightning_ce_11_5_sp__rb_p16():
    s = ready({"1.deasta": (8, -6)})
    s, events = act(s, cast("terrible_lightning", "1.deasta", man=3), [5, 5])
    assert of_kind(events, AttackResolved)[0][3:6] == (16, 13, True)
    assert of_kind(events, Damaged) == [Damaged("1.deasta", "sp", 5, 1, 4, 0)]


# --- level 4 -----------------------------------------------------------------------------------------


def test_agonising_poison_4_sp_always_and_4_ep_more_on_a_failed_check__rb_p16():
    s = ready({"1.deasta": (8, -8)})
    _s1, events = act(s, cast("agonising_poison", "1.deasta", man=4), [8, 3])
    assert of_kind(events, Damaged) == [
        Damaged("1.deasta", "sp", 4, 1, 3, 0),
        Damaged("1.deasta", "ep", 4, 0, 4, 0),
    ]
    _s2, events = act(s, cast("agonising_poison", "1.deasta", man=4), [1, 9])
    assert of_kind(events, Damaged) == [Damaged("1.deasta", "sp", 4, 1, 3, 0)]


def test_turning_lightning_goes_over_walls_and_walls_add_nothing__rb_p16_hr12_33():
    s = ready({"1.deasta": (3, -9)})
    s = place(s, {WM: (5, -8)})
    assert not any(isinstance(a, Cast) and a.spell == "lightning_bolt" and a.target == "1.deasta" for a in legal(s, 0))
    s, events = act(s, cast("turning_lightning", "1.deasta", man=4), [4, 4])
    assert of_kind(events, AttackResolved)[0][3:6] == (
        13,
        8,
        True,
    )  # 9 + 4; 2 × (1 border + 0.laeva) + 4
    assert of_kind(events, Damaged) == [Damaged("1.deasta", "sp", 6, 1, 5, 0)]


def test_limb_withering_leg_minus_2_mov_or_arm_minus_2_ve_minus_1_ce_and_a_dearer_spell__rb_p16():
    s = ready({"1.deasta": (8, -6), "1.witch_master": (8, -8)})
    s1, _ = act(s, cast("limb_withering", "1.deasta", man=4, choice="leg"), [8, 3])
    deasta = s1.index["1.deasta"]
    assert hexes_left(s1, deasta) == 3  # Mozgás 5 − 2
    s2, _ = act(s, cast("limb_withering", "1.witch_master", man=4, choice="arm"), [9, 2])
    assert effects_of(s2, "1.witch_master") == [
        ("ce", -1, "limb_withering", None),
        ("ve", -2, "limb_withering", None),
    ]
    from arena.engine.content.spells import SPELLS
    from arena.engine.match.magic.spellcasting import spell_cost

    assert spell_cost(s2, s2.index["1.witch_master"], SPELLS["pain"], False) == 3  # level 2 + 1


def test_fire_form_plus_8_te_no_weapon_damage_and_no_casting_for_3_rounds__rb_p16_a53():
    s = ready({"1.deasta": (4, -8)})
    s, _ = act(s, cast("fire_form", WM, man=4), [])
    assert effects_of(s, WM) == [("te", 8, "fire_form", 3)]
    assert not any(isinstance(a, Cast) for a in legal(s, 0))
    s = to_step(s, 2)
    s = name(s, 1, "1.deasta", "1.laeva")
    s, _ = apply(s, MeleeAttack(1, "1.deasta", WM, man=2))
    s, events = act(s, Dodge(0, WM, False), [10, 1])
    s = settle(s)
    assert of_kind(events, SpellBlocked)[0].char == WM and not of_kind(events, Damaged)


def test_blood_curdling_minus_5_te_ve_minus_2_ce_and_no_aiming_or_running__rb_p16():
    s = ready({"1.laeva": (8, -6)})
    s, _ = act(s, cast("blood_curdling", "1.laeva", man=4), [8, 3])
    assert effects_of(s, "1.laeva") == [
        ("ce", -2, "blood_curdling", 3),
        ("te", -5, "blood_curdling", 3),
        ("ve", -5, "blood_curdling", 3),
    ]
    from arena.engine.match.rules.skill_use import can_aim

    assert not can_aim(s, s.index["1.laeva"])


def test_haemophilia_every_injury_costs_1_ep_more__rb_p17_a54():
    s = ready({"1.deasta": (8, -6), "0.laeva": (8, -6)})
    s, events = act(s, cast("haemophilia", "1.deasta", man=4), [9, 2])
    assert of_kind(events, SpellResisted)[0][4:7] == (17, 6, True)
    s, _ = apply(s, EndActivation(0, WM))
    s, _ = apply(s, MeleeAttack(0, "0.laeva", "1.deasta", man=2))
    s, events = act(s, Dodge(1, "1.deasta", False), [10, 1])
    # TÉ 9 + 10 against VÉ 10 + 1: 4 Sp, SFÉ 1, then Vérzékenység's +1 Ép (HR-12 ruling 22)
    assert of_kind(events, Damaged) == [
        Damaged("1.deasta", "sp", 4, 1, 3, 1),
        Damaged("1.deasta", "ep", 1, 0, 1, 0),
    ]


# --- level 5 -----------------------------------------------------------------------------------------


def test_imprisonment_crossing_the_cage_costs_8_sp_and_the_caster_gets_plus_4_ranged_ve__rb_p17_a55():
    s = ready({"0.laeva": (4, -6)})
    s, _ = act(s, cast("imprisonment", hex=(4, -8), man=5), [])
    s, _ = apply(s, EndActivation(0, WM))
    s, events = act(s, Move(0, "0.laeva", (Hex(4, -7),), 1), [])
    assert of_kind(events, Damaged) == [Damaged("0.laeva", "sp", 8, 1, 7, 0)]  # leather SFÉ only
    from arena.engine.match.rules.modifiers import defence_modifiers
    from arena.engine.match.state import Swing

    shot = Swing(s.index["1.crossbowman"], s.index[WM], "bolt", False, False, False, 3)
    assert ("spells and traps", 4) in defence_modifiers(s, shot)


def test_assassination_the_victim_hunts_the_designee_with_4_man_and_acts_first__rb_p17_a56():
    s = ready({"1.deasta": (8, -6), "1.laeva": (8, -8)})
    s, events = act(s, cast("assassination", "1.deasta", man=5, designee="1.laeva"), [5, 9])
    assert of_kind(events, SpellResisted)[0][3:7] == (
        "me",
        11,
        9,
        True,
    )  # no ME: the bare d10
    s = to_step(s, 2)
    s = name(s, 1, "1.deasta", "1.laeva")
    deasta = s.index["1.deasta"]
    assert man_of(s, deasta) == 4 and s.pool == 6
    options = legal(s, 1)
    assert options and all(getattr(a, "char", "1.deasta") == "1.deasta" for a in options if not isinstance(a, EndStep))
    attacks = [a for a in options if isinstance(a, RangedAttack)]
    assert attacks and all(a.target == "1.laeva" for a in attacks)
    with pytest.raises(IllegalActionError, match="first"):
        apply(s, Move(1, "1.laeva", (Hex(8, -9),), 1))


def test_fatal_poison_always_5_ep_and_minus_3_te_ve_on_a_failed_check__rb_p17():
    s = ready({"1.deasta": (8, -8)})
    s, events = act(s, cast("fatal_poison", "1.deasta", man=5), [5, 6])
    assert of_kind(events, Damaged) == [Damaged("1.deasta", "ep", 5, 0, 5, 0)]
    assert effects_of(s, "1.deasta") == [
        ("te", -3, "fatal_poison", 3),
        ("ve", -3, "fatal_poison", 3),
    ]


def test_chain_lightning_11_9_7_for_6_4_3_sp_from_victim_to_victim__rb_p17_a57():
    s = ready({"1.deasta": (8, -6), "1.laeva": (8, -8)})
    chain = ("1.deasta", "1.laeva", "1.deasta")
    s, events = act(s, cast("chain_lightning", man=5, chain=chain), [5, 5, 5, 5, 1, 1])
    resolved = [r[3:6] for r in of_kind(events, AttackResolved)]
    assert resolved == [
        (16, 13, True),
        (14, 7, True),
        (8, 3, True),
    ]  # 11+5 vs 8+5; 9+5 vs 2+5; 7+1 vs 2+1
    assert of_kind(events, Damaged) == [
        Damaged("1.deasta", "sp", 6, 1, 5, 0),
        Damaged("1.laeva", "sp", 4, 1, 3, 0),
        Damaged("1.deasta", "sp", 3, 1, 2, 0),
    ]


def test_chain_lightning_stops_at_the_first_miss__rb_p17():
    s = ready({"1.deasta": (8, -6), "1.laeva": (8, -8)})
    s, events = act(s, cast("chain_lightning", man=5, chain=("1.deasta", "1.laeva")), [1, 10])
    assert [r.hit for r in of_kind(events, AttackResolved)] == [False] and not of_kind(events, Damaged)


def test_death_dance_no_man_for_two_rounds_on_a_failed_me_roll__rb_p18_a49():
    s = ready({"1.deasta": (8, -8), "1.laeva": (8, -8)})
    s, _ = act(s, cast("death_dance", "1.deasta", man=5), [7, 3])
    deasta = s.index["1.deasta"]
    s = to_step(s, 2)
    s = name(s, 1, "1.deasta", "1.laeva")
    assert man_of(s, deasta) == 0 and all(getattr(a, "char", None) != "1.deasta" for a in legal(s, 1))
    s = to_step(s, 1, 3)
    assert not s.magic.banned >> deasta & 1  # ended after round 2


def test_assassination_victim_never_enters_a_hex_where_he_would_have_to_attack_someone_else__rb_p17_hr12_10():
    """RB p.17: the victim may attack only his designee; HR-12 ruling 10: entering an enemy's hex
    obliges an attack. So a shortest step toward the designee onto another enemy's hex is not his
    to take, and no strategist MAN is counted for him (digest A56: he receives none)."""
    s = ready({"1.deasta": (8, -6), "1.laeva": (8, -9)})
    s, _ = act(s, cast("assassination", "1.deasta", man=5, designee="1.laeva"), [5, 9])
    s = to_step(s, 2)
    s = place(s, {"0.crossbowman": (8, -7)})  # on his shortest way to the designee
    s = name(s, 1, "1.deasta", "1.laeva")
    deasta = s.index["1.deasta"]
    from arena.engine.match.rules.base import grantable

    assert man_of(s, deasta) == 4 and grantable(s, deasta) == 0
    onto = Move(1, "1.deasta", (Hex(8, -7),), 1)
    assert onto not in legal(s, 1)
    with pytest.raises(IllegalActionError, match="would have to attack someone but 1.laeva"):
        apply(s, onto)
    # whatever he is offered, his seat is never left without a way on (no deadlock)
    options = legal(s, 1)
    assert all(not isinstance(a, Move) or a.path[-1] != Hex(8, -7) for a in options)
    assert any(type(a).__name__ != "Concede" for a in options)
