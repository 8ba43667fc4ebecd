"""Worked examples for the rule points of magic that the per-spell examples (test_magic_spells.py)
and the general rules (test_magic_rules.py) leave open (issue #4 audit, docs/engine-tests.md).

Every expected number is worked out in the comments from the rulebook digest (viadal-rules.md
§13, §15-16, "RB p.N") and the base team's sheets (HR-2.1): witch-master TÉ 6, VÉ 8, Ép 10,
Eg 5, SFÉ 1 leather; crossbowman CÉ 12, VÉ 8, Ép 12, Eg 4, SFÉ 2, STP 3, no Kitérés;
deasta TÉ 11, VÉ 10, Ép 11, Eg 4, SFÉ 1, STP 3, Mozgás 5; laeva TÉ 9, VÉ 9, Ép 10, Eg 4, SFÉ 1.
From HOME (4,-8) a shot at (8,-6) crosses 4 obstacles: ranged defence 2 × 4 + d10 (RB p.10).
"""

from __future__ import annotations

import pytest

from arena.engine import IllegalActionError, apply
from arena.engine.board.hexgrid import Hex
from arena.engine.content.common import CombatValue
from arena.engine.match.actions import EndActivation, MeleeAttack, RangedAttack, TriggerTrap
from arena.engine.match.events import AttackDeclared, AttackResolved, Damaged, EffectAdded
from arena.engine.match.magic.actions import Cast, CommandZombie, ZombieAct
from arena.engine.match.magic.events import SpellBlocked, SpellResisted, ZombieActed, ZombieCommanded
from arena.engine.match.rules.base import man_of
from arena.engine.match.rules.modifiers import non_stacking
from arena.engine.match.rules.movement import hexes_left

from .magic_helpers import HOME, WM, cast, ready
from .match_helpers import act, legal, name, of_kind, place, started, to_step, tweak
from .traps_play_helpers import on_trap_hex

TE, VE, CE, RVE = CombatValue.TE, CombatValue.VE, CombatValue.CE, CombatValue.RANGED_VE


def ep(s, cid):
    return s.ep[s.index[cid]]


# --- casting: MAN = level, +1 with a withered arm (RB p.11, p.16) ------------------------------------


def test_a_withered_arm_makes_every_spell_cost_level_plus_1_man__rb_p11_p16():
    s = ready({"1.witch_master": (8, -8)}, other_discs=(2,))
    # Végtagsorvasztás, arm: E 6 + 9 = 15 against the enemy witch-master's Eg 5 + 2 = 7
    s, events = act(s, cast("limb_withering", "1.witch_master", man=4, choice="arm"), [9, 2])
    assert of_kind(events, SpellResisted)[0][4:7] == (15, 7, True)
    s = to_step(s, 2)
    s = name(s, 1, "1.witch_master", "1.deasta")
    offered = {a.man for a in legal(s, 1) if isinstance(a, Cast) and a.spell == "pain" and not a.concentrate}
    assert offered == {3}  # Fájdalom is level 2: 2 + 1 for the arm
    with pytest.raises(IllegalActionError):
        apply(s, Cast(1, "1.witch_master", "pain", WM, man=2))
    # E 6 + 9 = 15 against Eg 5 + 1 = 6: 4 Ép (10 → 6); the pool of 6 pays 3
    s, events = act(s, Cast(1, "1.witch_master", "pain", WM, man=3), [9, 1])
    assert of_kind(events, Damaged) == [Damaged(WM, "ep", 4, 0, 4, 0)]
    assert ep(s, WM) == 6 and s.pool == 6 - 3 and s.discs[1] == ()


# --- ties go to the defender for attack rolls too (RB p.11-12, p.9) ----------------------------------


def test_a_lightning_or_touch_roll_that_only_ties_misses__rb_p11_p12():
    s = ready({"1.deasta": (8, -6), "1.laeva": HOME})
    # Villám: CÉ 7 + 2 = 9 against 2 × 4 + 1 = 9: the defence holds
    _s1, events = act(s, cast("lightning_bolt", "1.deasta", man=1), [2, 1])
    assert of_kind(events, AttackResolved)[0][3:6] == (9, 9, False)
    assert not of_kind(events, Damaged)
    # Életerőszívás: TÉ 6 + 5 + 2 = 13 against the laeva's VÉ 9 + 4 = 13: no touch, no 4 Ép
    s2, events = act(s, cast("life_drain", "1.laeva", man=1), [2, 4])
    assert of_kind(events, AttackResolved)[0][3:6] == (13, 13, False)
    assert not of_kind(events, Damaged) and ep(s2, "1.laeva") == 10
    assert s2.discs[0] == (2, 3, 4, 5)  # the disc is spent all the same


# --- the caster is immune to his own harmful magic (RB p.13, p.15; digest A42) ------------------------


def test_the_caster_stands_in_his_own_firestorm_unharmed_every_round__rb_p15_a42():
    # the area is (5,-8) and its six neighbours: the witch-master on (4,-8) is inside;
    # his team-mates on (3,-8) and (4,-9) are two hexes from the centre, outside
    s = ready({"1.deasta": (5, -8)})
    s, events = act(s, cast("firestorm", hex=(5, -8), man=3), [])
    assert of_kind(events, SpellBlocked)[0].char == WM
    # 3 Sp at casting, SFÉ not applied, and no STP (spells never cost STP, RB p.11)
    assert of_kind(events, Damaged) == [Damaged("1.deasta", "sp", 3, 0, 3, 0)]
    s = to_step(s, 1, 2)
    assert (ep(s, "1.deasta"), ep(s, WM)) == (8, 10)  # nothing after the casting round
    s = to_step(s, 1, 3)
    assert (ep(s, "1.deasta"), ep(s, WM)) == (6, 10)  # 3 Sp − SFÉ 1 = 2 Ép; the caster spared
    s = to_step(s, 1, 4)
    assert (ep(s, "1.deasta"), ep(s, WM)) == (4, 10)
    assert s.stp[s.index["1.deasta"]] == 3


# --- Savfelhő and Tűzvihar: one-block areas and their ranged modifiers (RB p.13, p.15; A4, A40) -------


def test_the_acid_cloud_covers_the_centre_and_its_neighbours_only__rb_p13_a4_a51():
    # centre (8,-8): (9,-8) is a neighbour, (10,-8) two hexes away
    s = ready({"1.deasta": (9, -8), "1.laeva": (10, -8)})
    s, events = act(s, cast("acid_cloud", hex=(8, -8), man=1), [])
    assert of_kind(events, Damaged) == [Damaged("1.deasta", "ep", 1, 0, 1, 0)]
    assert (ep(s, "1.deasta"), ep(s, "1.laeva")) == (10, 10)


def test_the_casters_own_lightning_from_inside_his_cloud_gets_minus_2_ce__rb_p13_a40_a42():
    s = ready({"1.deasta": (8, -6)}, discs=(1, 1))
    s, events = act(s, cast("acid_cloud", hex=(5, -8), man=1), [])  # he stands in it, unharmed
    assert not of_kind(events, Damaged)
    s = to_step(s, 1, 2)
    s = name(s, 0, WM, "0.laeva")
    # Villám: CÉ 7 − 2 + 3 = 8 against 2 × 4 + 1 = 9: a miss (without the cloud 10 would hit)
    s, events = act(s, cast("lightning_bolt", "1.deasta", man=1), [3, 1])
    assert of_kind(events, AttackResolved)[0][3:6] == (8, 9, False)
    assert ep(s, "1.deasta") == 11


def test_a_shot_into_the_firestorm_meets_plus_2_ranged_ve__rb_p15():
    s = ready({"1.deasta": (8, -6)})
    s, _ = act(s, cast("firestorm", hex=(8, -6), man=3), [])  # 3 Sp: 11 → 8
    s = to_step(s, 1, 2)
    s = name(s, 0, WM, "0.laeva")
    # Villám: CÉ 7 + 3 = 10 against 2 × 4 + 2 (the storm) + 1 = 11: a miss
    s, events = act(s, cast("lightning_bolt", "1.deasta", man=1), [3, 1])
    assert of_kind(events, AttackResolved)[0][3:6] == (10, 11, False)
    assert ep(s, "1.deasta") == 8


# --- non-stacking of spell and trap modifiers (RB p.10, p.12; digest §13, A33) -------------------------


def test_a_spell_and_a_trap_on_one_value_the_worse_penalty_alone_applies__rb_p10_p12_a33():
    s = on_trap_hex(8, {"1.crossbowman": (-5, -8), WM: (-4, -8)})
    s = tweak(s, discs=[(1,), s.discs[1]])
    # Vakító tükrök: −3 CÉ, −2 TÉ until the end of round 2 (HR-5 card 8)
    s, _ = act(s, TriggerTrap(0, "0.deasta", 8, "1.crossbowman", man=1), [])
    s = to_step(s, 3)
    assert set(s.named) == {s.index[WM], s.index["0.crossbowman"]}  # the two left, by force
    # Átok: E 4 + 8 = 12 against Eg 4 + 3 = 7: −4 TÉ, −2 CÉ for 2 rounds (no type: no amulet)
    s, events = act(s, cast("malediction", "1.crossbowman", man=1), [8, 3])
    assert [(e.value, e.amount) for e in of_kind(events, EffectAdded)] == [("te", -4), ("ce", -2)]
    xbow = s.index["1.crossbowman"]
    # TÉ: −2 (trap) and −4 (spell) → −4, not −6; CÉ: −3 (trap) and −2 (spell) → −3, not −5
    assert (non_stacking(s, xbow, TE), non_stacking(s, xbow, CE)) == (-4, -3)
    s = to_step(s, 2, 2)  # both still run in round 2
    s = name(s, 1, "1.crossbowman", "1.deasta")
    s, events = act(s, RangedAttack(1, "1.crossbowman", "0.deasta", man=2), [5, 5])
    declared = of_kind(events, AttackDeclared)[0]
    assert declared.attack_value == 12 - 3  # his CÉ 12 with the one worst penalty


def test_a_penalty_beats_any_bonus_and_two_bonuses_do_not_add__rb_p10_p12_a33():
    s = ready({"1.witch_master": (8, -8)}, other_discs=(1,))
    s, _ = act(s, cast("lightning_blade", WM, man=1), [])  # +5 TÉ, rounds 1-3
    s = to_step(s, 1, 2)
    s = name(s, 0, WM, "0.laeva")
    s, _ = act(s, cast("fire_form", WM, man=4), [])  # +8 TÉ, rounds 2-4
    wm = s.index[WM]
    assert non_stacking(s, wm, TE) == 8  # the strongest bonus alone, not 5 + 8
    s = to_step(s, 2)
    s = name(s, 1, "1.witch_master", "1.deasta")
    # Átok on him: E 4 + 9 = 13 against Eg 5 + 1 = 6: −4 TÉ, −2 CÉ for rounds 2-3
    s, events = act(s, Cast(1, "1.witch_master", "malediction", WM, man=1), [9, 1])
    assert of_kind(events, SpellResisted)[0].took_hold
    assert non_stacking(s, wm, TE) == -4  # the penalty applies, not 8 − 4
    s = to_step(s, 1, 3)
    s = place(s, {"1.deasta": HOME})
    s = name(s, 0, WM, "0.laeva")
    s, events = act(s, MeleeAttack(0, WM, "1.deasta", man=2), [])
    assert of_kind(events, AttackDeclared)[0].attack_value == 6 - 4
    s = to_step(s, 1, 4)  # Villámpenge and Átok ended after round 3; Tűzalak runs through 4
    assert non_stacking(s, wm, TE) == 8


# --- poison: the milder effect always applies (RB p.12, p.15; A48) -----------------------------------


def test_quintarhas_shock_comes_next_round_even_when_the_target_resists__rb_p15_a48():
    s = ready({"1.deasta": (8, -8)})
    # E 4 + 1 = 5 against Eg 4 + 9 = 13: resisted, so no MAN ban; the shock always comes
    s, events = act(s, cast("quintarha", "1.deasta", man=3), [1, 9])
    assert of_kind(events, SpellResisted)[0][4:7] == (5, 13, False)
    deasta = s.index["1.deasta"]
    assert (non_stacking(s, deasta, VE), non_stacking(s, deasta, RVE)) == (0, 0)
    s = to_step(s, 1, 2)
    assert (non_stacking(s, deasta, VE), non_stacking(s, deasta, RVE)) == (-4, -3)
    assert not s.magic.banned >> deasta & 1
    s = to_step(s, 2)
    s = name(s, 1, "1.deasta", "1.laeva")
    assert man_of(s, deasta) == 6  # he spends MAN as usual
    s = to_step(s, 1, 3)
    assert (non_stacking(s, deasta, VE), non_stacking(s, deasta, RVE)) == (0, 0)


# --- permanent effects: withering and bleeding last the whole match (RB p.12, p.16-17) ----------------


def test_haemophilia_still_adds_1_ep_three_rounds_later__rb_p17_a54():
    s = ready({"1.deasta": (8, -6)})
    # Vérzékenység: E 8 + 9 = 17 against Eg 4 + 2 = 6
    s, _ = act(s, cast("haemophilia", "1.deasta", man=4), [9, 2])
    s = to_step(s, 1, 4)
    s = name(s, 0, WM, "0.laeva")
    # Bélsorvadás in round 4: E 4 + 8 = 12 against 4 + 3 = 7: 3 Ép, then +1 Ép: 11 → 7
    s, events = act(s, cast("bowel_rot", "1.deasta", man=1), [8, 3])
    assert of_kind(events, Damaged) == [
        Damaged("1.deasta", "ep", 3, 0, 3, 0),
        Damaged("1.deasta", "ep", 1, 0, 1, 0),
    ]
    assert ep(s, "1.deasta") == 7


def test_a_withered_leg_still_costs_2_hexes_in_round_5__rb_p16_a62():
    s = ready({"1.deasta": (8, -6)})
    s, _ = act(s, cast("limb_withering", "1.deasta", man=4, choice="leg"), [8, 3])
    s = to_step(s, 2, 5)
    s = name(s, 1, "1.deasta", "1.laeva")
    assert hexes_left(s, s.index["1.deasta"]) == 5 - 2  # Mozgás 5 less 2, for good


# --- the zombie: its own 3 MAN, 2 more with a command, no casting then (RB p.15; HR-12 rulings 17-18) --


ZOMBIE = "1.deasta"  # seat 1's dead dagger-thrower: TÉ 11 with the dagger (weapon Sp 0)


def _raised_in_round_2():
    """Round 2, step 1: seat 0's witch-master (named, not yet active) has a zombie of seat 1's
    deasta on (6,-8); the laeva stands next to it on (6,-9), the crossbowman 3 hexes east."""
    s = place(started(), {WM: HOME, ZOMBIE: HOME, "1.laeva": (6, -9)})
    s = tweak(s, discs=[(1, 2, 3, 4, 5), s.discs[1]], alive={ZOMBIE: False}, ep={ZOMBIE: 0})
    s = name(s, 0, WM, "0.crossbowman")
    s, _ = act(s, cast("create_undead", ZOMBIE, man=3), [])
    s = to_step(s, 1, 2)
    s = place(s, {ZOMBIE: (6, -8), "1.laeva": (6, -9), "1.crossbowman": (9, -8)})
    return name(s, 0, WM, "0.crossbowman")


def test_a_zombie_attacks_the_nearest_person_with_its_own_3_man__rb_p15_hr12_17():
    s = _raised_in_round_2()
    plans = [a for a in legal(s, 0) if isinstance(a, ZombieAct)]
    # 1 MAN for the hex, 2 for the blow: 3, its own allowance; the crossbowman 3 hexes away
    # would need 3 + 2 = 5
    assert plans == [ZombieAct(0, ZOMBIE, (Hex(6, -9),), "1.laeva", 3)]
    assert s.pool == 6  # nothing from the step pool


def test_a_command_gives_the_zombie_2_of_his_man_and_forbids_casting_that_step__rb_p15_hr12_18():
    s = _raised_in_round_2()
    order = CommandZombie(0, WM, ZOMBIE, "attack", "1.crossbowman", None, 2)
    assert order in legal(s, 0)
    s, events = act(s, order, [])
    assert of_kind(events, ZombieCommanded)[0].target == "1.crossbowman"
    assert s.pool == 6 - 2
    assert not any(isinstance(a, Cast) for a in legal(s, 0))  # he gave up casting this step
    with pytest.raises(IllegalActionError):
        apply(s, cast("bowel_rot", "1.crossbowman", man=1))
    s, _ = apply(s, EndActivation(0, WM))
    plans = [a for a in legal(s, 0) if isinstance(a, ZombieAct)]
    # 3 + 2 = 5 MAN: 3 hexes (its limit for the round) and the blow
    assert plans == [ZombieAct(0, ZOMBIE, (Hex(7, -8), Hex(8, -8), Hex(9, -8)), "1.crossbowman", 5)]
    # TÉ 11 + 6 = 17 against VÉ 8 + 2 = 10: Δ 7, ⌊7/2⌋ = 3 Sp: raw 3 ≥ 3 costs 1 STP (melee);
    # SFÉ 2: 1 Ép (12 → 11)
    s, events = act(s, plans[0], [6, 2])
    assert of_kind(events, ZombieActed)[0][2:4] == (5, 3)
    assert of_kind(events, AttackResolved)[0][3:6] == (17, 10, True)
    assert of_kind(events, Damaged) == [Damaged("1.crossbowman", "sp", 3, 2, 1, 1)]
    assert ep(s, "1.crossbowman") == 11
    z = s.magic.zombies[0]
    assert (z.man, z.hexes) == (0, 0)


# --- Bebörtönzés: the cage strikes whoever crosses it, either way, but not its caster (RB p.17; A55) ---


def test_the_cage_costs_an_enemy_walking_in_8_sp_and_lets_its_caster_out_unharmed__rb_p17_a55():
    from arena.engine.match.actions import Move

    # the cage: HOME (4,-8) and its six neighbours; the deasta on (6,-8) is two hexes out
    s = ready({"1.deasta": (6, -8)})
    s, _ = act(s, cast("imprisonment", hex=HOME, man=5), [])
    s = to_step(s, 2)
    s = name(s, 1, "1.deasta", "1.laeva")
    # into the cage on (5,-8): 8 Sp, lightning, so leather SFÉ 1 only and no STP: 7 Ép (11 → 4)
    s, events = act(s, Move(1, "1.deasta", (Hex(5, -8),), 1), [])
    assert of_kind(events, Damaged) == [Damaged("1.deasta", "sp", 8, 1, 7, 0)]
    assert ep(s, "1.deasta") == 4 and s.stp[s.index["1.deasta"]] == 3
    s = to_step(s, 1, 2)
    s = name(s, 0, WM, "0.laeva")
    s, events = act(s, Move(0, WM, (Hex(4, -7), Hex(4, -6)), 2), [])
    assert not of_kind(events, Damaged) and ep(s, WM) == 10


# --- Zsibbasztó méregvarázs on a gladiator: he cannot push his opponent (RB p.14; digest A44) ----------


def test_a_numbed_gladiator_who_wins_his_roll_may_not_push__rb_p14_a44():
    from arena.engine.match.actions import Dodge
    from arena.engine.match.events import ShiftOffered

    def duel(numbed: bool):
        s = ready({"1.gladiator": (4, -5)}, amulet={"1.gladiator": None})
        if numbed:
            # E 4 + 8 = 12 against his Eg 5 + 3 = 8: 2 Ép always (20 → 18), then no push, −3 VÉ
            s, events = act(s, cast("numbing_poison", "1.gladiator", man=2), [8, 3])
            assert of_kind(events, SpellResisted)[0][4:7] == (12, 8, True)
            assert of_kind(events, Damaged) == [Damaged("1.gladiator", "ep", 2, 0, 2, 0)]
        s = to_step(s, 6)
        s = place(s, {"0.gladiator": (0, 0), "1.gladiator": (0, 0)})
        s, _ = apply(s, MeleeAttack(1, "1.gladiator", "0.gladiator", man=2))
        # short sword + shield: TÉ 18 + 5 = 23 against VÉ 9 + 4 = 13: Δ 10, 5 Sp, SFÉ 2: 3 Ép,
        # raw 5 ≥ 4 costs the gladiator 1 STP
        return act(s, Dodge(0, "0.gladiator", False), [5, 4])

    s, events = duel(numbed=False)
    assert of_kind(events, Damaged) == [Damaged("0.gladiator", "sp", 5, 2, 3, 1)]
    assert of_kind(events, ShiftOffered)  # the winner may move both one hex (RB p.9)
    s, events = duel(numbed=True)
    assert of_kind(events, Damaged) == [Damaged("0.gladiator", "sp", 5, 2, 3, 1)]
    assert not of_kind(events, ShiftOffered) and s.pending is None
