"""Skills, gladiator types, states and modifiers (HR-4; HR-3.3; RB p.10, p.12, p.20; digest §13)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from arena.engine import IllegalActionError, apply
from arena.engine.content.common import CombatValue, Stat
from arena.engine.content.weapons import GLADIATOR_TYPES
from arena.engine.match.actions import (
    Disengage,
    Dodge,
    EndStep,
    Grant,
    MeleeAttack,
    Move,
    RangedAttack,
    Shift,
    StandUp,
    StopState,
    Throw,
    UseSkill,
)
from arena.engine.match.events import (
    AttackDeclared,
    AttackResolved,
    Damaged,
    EffectAdded,
    Entangled,
    ItemBroken,
    KnockedDown,
    ShiftOffered,
)
from arena.engine.match.evolve import evolve
from arena.engine.roster import Roster, base_roster

from .match_helpers import G, act, hexes, legal, name, of_kind, place, settle, started, to_step, tweak


def team(gtype: str, pile=None, skills=None) -> Roster:
    """The base team with another gladiator type (HR-3.3)."""
    r = base_roster()
    t = GLADIATOR_TYPES[gtype]
    members = []
    for m in r.members:
        if m.slot == "gladiator":
            stats = dict(m.stats) | {
                Stat.TE: t.base_te,
                Stat.VE: t.base_ve,
                Stat.MOV: t.mov,
                Stat.SFE: t.sfe,
                Stat.STP: t.stp,
            }
            m = replace(m, gladiator_type=gtype, stats=stats, pile=pile or m.pile, skills=skills or m.skills)
        members.append(m)
    return replace(r, members=tuple(members))


def duel(home="armoured", away="armoured", grips=None, where=((0, 0), (0, 0)), home_pile=None, **tweaks):
    teams = (team(home, pile=home_pile), team(away))
    grips = grips or (("shield", "short_sword"), ("shield", "short_sword"))
    s = to_step(started(teams=teams, grips=grips), 5)
    s = place(s, {"0.gladiator": where[0], "1.gladiator": where[1]})
    return tweak(s, **tweaks) if tweaks else s


def outer(where, named=("0.deasta", "0.laeva"), **tweaks):
    s = place(started(), where)
    s = name(s, 0, *named)
    return tweak(s, **tweaks) if tweaks else s


# --- Kitérés (HR-4) -------------------------------------------------------------------------


def test_kiteres_adds_three_ve_and_is_paid_from_the_next_step__hr4_rb_p9():
    s = outer({"0.deasta": (6, -8), "1.deasta": (6, -8)})
    s, _ = apply(s, MeleeAttack(0, "0.deasta", "1.deasta", man=2))
    assert s.pending is not None and legal(s, 1) == [Dodge(1, "1.deasta", True), Dodge(1, "1.deasta", False)]
    s, events = act(s, Dodge(1, "1.deasta", True), [5, 5])
    assert of_kind(events, AttackResolved)[0][3:6] == (16, 18, False)  # 11+5 against 10+3+5
    assert s.debt[s.index["1.deasta"]] == 1
    s = settle(s)  # 1.deasta won the roll and could shift with Akrobatika
    s, events = apply(s, EndStep(0))
    s = name(s, 1, "1.deasta", "1.laeva")
    assert s.pool == 5 and s.debt[s.index["1.deasta"]] == 0  # 6 less the debt


def test_kiteres_is_not_possible_while_prone__hr4():
    s = duel(prone={"1.gladiator": True})
    s, events = act(s, MeleeAttack(0, "0.gladiator", "1.gladiator", man=2), [1, 1])
    # no Kitérés window; prone: −4 melee VÉ
    assert of_kind(events, AttackResolved)[0][3:5] == (19, 6)


# --- Futás, Lopakodás, Rejtőzés, Célzás (HR-4) ------------------------------------------------


def test_futas_halves_movement_cost_adds_two_mozgas_and_spoils_aiming__hr4():
    s = outer({"0.deasta": (5, -8)})
    s, _ = apply(s, UseSkill(0, "0.deasta", "running", 1))
    longest = max((a for a in legal(s, 0) if isinstance(a, Move) and a.char == "0.deasta"), key=lambda a: len(a.path))
    assert (len(longest.path), longest.man) == (7, 4)  # Mozgás 5 + 2; ⌈7 ÷ 2⌉ MAN
    s, _ = apply(s, Move(0, "0.deasta", hexes((6, -8)), 1))
    s, _ = apply(s, Move(0, "0.deasta", hexes((7, -8)), 0))  # 2 running hexes cost 1 in all
    assert s.pool == 4


def test_futas_is_not_used_in_a_melee_situation__hr4():
    s = outer({"0.deasta": (6, -8), "1.laeva": (6, -8)}, melee={"0.deasta": 1 << 10, "1.laeva": 1 << 3})
    assert UseSkill(0, "0.deasta", "running", 1) not in legal(s, 0)
    with pytest.raises(IllegalActionError, match="HR-4 Futás"):
        apply(s, UseSkill(0, "0.deasta", "running"))


def test_running_shooters_get_minus_two_ce_and_no_aiming__hr4():
    s = outer({"0.laeva": (4, -8), "1.deasta": (6, -8)}, named=("0.crossbowman", "0.laeva"))
    s = place(s, {"0.crossbowman": (4, -8)})
    s, _ = apply(s, UseSkill(0, "0.crossbowman", "running", 1))
    assert not any(isinstance(a, RangedAttack) and a.aim for a in legal(s, 0))
    s, events = act(s, RangedAttack(0, "0.crossbowman", "1.deasta", man=2), [5, 5])
    assert of_kind(events, AttackDeclared)[0].modifiers == (("Futás", -2),)


def test_celzas_adds_three_ce_for_one_more_man__hr4():
    s = outer({"0.crossbowman": (4, -8), "1.deasta": (8, -6)}, named=("0.crossbowman", "0.laeva"))
    assert RangedAttack(0, "0.crossbowman", "1.deasta", True, 3) in legal(s, 0)
    s, events = act(s, RangedAttack(0, "0.crossbowman", "1.deasta", True, 3), [5, 5])
    assert of_kind(events, AttackResolved)[0][3] == 20 and s.pool == 3


def test_lopakodas_two_man_a_hex_plus_two_ranged_defence_plus_three_te_on_entering__hr4():
    s = outer({"0.laeva": (5, -8), "1.deasta": (7, -8)})
    s, _ = apply(s, UseSkill(0, "0.laeva", "sneaking", 1))
    assert {a.man for a in legal(s, 0) if isinstance(a, Move) and a.char == "0.laeva" and len(a.path) == 1} == {2}
    s, _ = apply(s, Move(0, "0.laeva", hexes((6, -8), (7, -8)), 4))
    s, _ = apply(s, Grant(0, "0.laeva", 2))
    s, _ = apply(s, MeleeAttack(0, "0.laeva", "1.deasta", man=2))
    s, events = act(s, Dodge(1, "1.deasta", False), [5, 5])
    declared = [e for e in s.log[0][1] if isinstance(e, AttackDeclared)][0]
    assert declared.modifiers == (("Lopakodás: entered the enemy's hex", 3),) and declared.attack_value == 12
    assert not s.sneaking[s.index["0.laeva"]]  # sneaking ends when he attacks


def test_a_sneaking_target_gets_two_more_ranged_defence_and_may_stop_for_free__hr4():
    s = outer(
        {"0.crossbowman": (4, -8), "1.deasta": (8, -6)},
        named=("0.crossbowman", "0.laeva"),
        sneaking={"1.deasta": True},
    )
    s, events = act(s, RangedAttack(0, "0.crossbowman", "1.deasta", man=2), [5, 5])
    assert of_kind(events, AttackResolved)[0].defence_modifiers == (("Lopakodás", 2),)
    s = outer({"0.laeva": (5, -8)}, sneaking={"0.laeva": True})
    s, _ = apply(s, StopState(0, "0.laeva", "sneaking"))
    assert not s.sneaking[s.index["0.laeva"]] and s.pool == 6


def test_rejtozes_needs_a_wall_that_is_no_gate_and_keeps_far_shooters_off__hr4():
    s = outer({"0.laeva": (5, -8)})
    assert UseSkill(0, "0.laeva", "hiding", 1) not in legal(s, 0)
    with pytest.raises(IllegalActionError, match="wall edge"):
        apply(s, UseSkill(0, "0.laeva", "hiding"))
    assert G.hide_ok[G.index[hexes((4, -7))[0]]]
    s = outer(
        {"1.laeva": (4, -7), "0.crossbowman": (8, -6)},
        named=("0.crossbowman", "0.deasta"),
        hiding={"1.laeva": True},
    )
    with pytest.raises(IllegalActionError, match="hiding more than 1 block away"):
        apply(s, RangedAttack(0, "0.crossbowman", "1.laeva"))
    near = outer(
        {"1.laeva": (4, -7), "0.crossbowman": (5, -8)},
        named=("0.crossbowman", "0.deasta"),
        hiding={"1.laeva": True},
    )
    near, events = act(near, RangedAttack(0, "0.crossbowman", "1.laeva", man=2), [5, 5])
    assert ("Rejtőzés", 2) in of_kind(events, AttackResolved)[0].defence_modifiers


def test_the_first_attack_out_of_hiding_gets_two_more__hr4():
    s = outer({"0.laeva": (4, -7), "1.deasta": (6, -8)}, named=("0.laeva", "0.deasta"), hiding={"0.laeva": True})
    s, events = act(s, RangedAttack(0, "0.laeva", "1.deasta", man=2), [5, 5])
    assert of_kind(events, AttackDeclared)[0].modifiers == (("Rejtőzés: first attack out of hiding", 2),)
    assert not s.hiding[s.index["0.laeva"]]


# --- Akrobatika (HR-4) -----------------------------------------------------------------------


def test_akrobatika_disengages_for_one_instead_of_two__hr4():
    s = outer({"0.deasta": (6, -8), "1.laeva": (6, -8)}, melee={"0.deasta": 1 << 10, "1.laeva": 1 << 3})
    costs = {(a.acrobatics, a.man) for a in legal(s, 0) if isinstance(a, Disengage)}
    assert costs == {(False, 3), (True, 2)}


def test_akrobatika_lets_an_outer_fighter_who_wins_a_roll_shift_both_one_hex__hr4():
    s = outer({"0.deasta": (6, -8), "1.laeva": (6, -8)})
    s, events = act(s, MeleeAttack(0, "0.deasta", "1.laeva", man=2), [1, 10])  # 12 against 19: laeva wins
    assert not of_kind(events, ShiftOffered)  # 1.laeva has no Akrobatika
    s = outer({"0.deasta": (6, -8), "1.laeva": (6, -8)})
    s, events = act(s, MeleeAttack(0, "0.deasta", "1.laeva", man=2), [10, 1])
    assert of_kind(events, ShiftOffered)[0].acrobatics
    shifts = [a for a in legal(s, 0) if isinstance(a, Shift)]
    assert shifts and all(len(a.path) == 1 and a.man == 1 for a in shifts)
    s, _ = apply(s, Shift(0, "0.deasta", hexes((7, -8)), True, 1))
    assert s.pos[s.index["0.deasta"]] == s.pos[s.index["1.laeva"]] == G.index[hexes((7, -8))[0]]
    assert s.pool == 3


# --- Fegyvertörés, Földrevitel (HR-4) ----------------------------------------------------------


def test_fegyvertores_breaks_an_item_on_a_hit_by_four__hr4_rb_p20():
    s = duel()
    options = {(a.skill, a.break_item, a.man) for a in legal(s, 0) if isinstance(a, MeleeAttack)}
    assert ("weapon_breaking", "short_sword", 4) in options and ("weapon_breaking", "shield", 4) in options
    s, _ = apply(s, MeleeAttack(0, "0.gladiator", "1.gladiator", "weapon_breaking", "shield", man=4))
    s, events = act(s, Dodge(1, "1.gladiator", False), [5, 5])  # 23 against 14: by 9
    assert of_kind(events, ItemBroken) == [ItemBroken("1.gladiator", "shield")] and not of_kind(events, Damaged)
    assert s.hand[s.index["1.gladiator"]] == ("short_sword",)


def test_fegyvertores_by_less_than_four_wounds_normally__hr4():
    s = duel()
    s, _ = apply(s, MeleeAttack(0, "0.gladiator", "1.gladiator", "weapon_breaking", "shield", man=4))
    s, events = act(s, Dodge(1, "1.gladiator", False), [1, 7])  # 19 against 16
    assert not of_kind(events, ItemBroken) and of_kind(events, Damaged)[0].raw == 1


def test_foldrevitel_halves_the_damage_and_knocks_down__hr4():
    s = duel()
    s, _ = apply(s, MeleeAttack(0, "0.gladiator", "1.gladiator", "takedown", man=4))
    s, events = act(s, Dodge(1, "1.gladiator", False), [10, 1])  # 28 against 10: raw ⌊18/2⌋ ÷ 2 = 4
    assert of_kind(events, Damaged) == [Damaged("1.gladiator", "sp", 4, 2, 2, 1)]
    assert of_kind(events, KnockedDown) == [KnockedDown("1.gladiator")]
    if s.pending is not None:
        s, _ = apply(s, legal(s, s.pending.seat)[-1])
    s, _ = apply(s, EndStep(0))
    options = legal(s, 1)
    assert options[0] == StandUp(1, "1.gladiator", 2) and not any(isinstance(a, Move) for a in options)
    s, _ = apply(s, StandUp(1, "1.gladiator", 2))
    assert not s.prone[s.index["1.gladiator"]] and s.pool == 4


def test_a_halberd_holder_cannot_be_taken_down__rb_p20():
    s = duel(grips=(("shield", "short_sword"), ("halberd",)))
    s, events = act(s, MeleeAttack(0, "0.gladiator", "1.gladiator", "takedown", man=4), [10, 1])
    assert of_kind(events, Damaged) and not of_kind(events, KnockedDown)


# --- gladiator types (HR-3.3, RB p.20) --------------------------------------------------------


def test_aranyharang_adds_one_sfe_until_his_next_step__rb_p20():
    s = duel(home="sword_master", grips=(("short_sword",), ("shield", "short_sword")))
    assert UseSkill(0, "0.gladiator", "golden_bell", 1) in legal(s, 0)
    s, _ = apply(s, UseSkill(0, "0.gladiator", "golden_bell", 1))
    s, _ = apply(s, EndStep(0))
    s, _ = apply(s, MeleeAttack(1, "1.gladiator", "0.gladiator", man=2))  # the sword-master has no Kitérés
    s, events = act(s, Dodge(0, "0.gladiator", False), [8, 1]) if s.pending else (s, [])
    damaged = of_kind(events, Damaged)[0]
    assert damaged.sfe == 2  # 1 + Aranyharang
    s = to_step(s, 5, 2)
    assert not s.bell[s.index["0.gladiator"]]


def test_gyors_penge_a_second_melee_attack_at_minus_four__hr3_3():
    s = duel(home="sword_master", grips=(("short_sword",), ("shield", "short_sword")))
    s, _ = apply(s, MeleeAttack(0, "0.gladiator", "1.gladiator", man=2))
    s, _ = act(s, Dodge(1, "1.gladiator", False), [1, 10])
    s = settle(s)
    quick = [a for a in legal(s, 0) if isinstance(a, MeleeAttack) and a.quick]
    assert quick == [MeleeAttack(0, "0.gladiator", "1.gladiator", None, None, True, 2)]
    s, events = apply(s, quick[0])
    assert of_kind(events, AttackDeclared)[0].attack_value == 15 + 4 - 4
    s, _ = act(s, Dodge(1, "1.gladiator", False), [1, 10])
    assert not [a for a in legal(s, 0) if isinstance(a, MeleeAttack)]


def test_halomester_nets_get_three_and_entangle__hr3_3():
    s = duel(
        home="net_fighter",
        grips=(("short_sword",), ("shield", "short_sword")),
        where=((0, 0), (0, 3)),
        home_pile=("short_sword", "trident"),
    )
    s, thrown = apply(s, Throw(0, "0.gladiator", "1.gladiator", "net", 2))
    s, events = act(s, Dodge(1, "1.gladiator", False), [5, 5])
    assert of_kind(thrown, AttackDeclared)[0].modifiers == (
        ("Pajzsfal against thrown weapons", -2),
        ("Hálómester", 3),
    )
    assert of_kind(events, Entangled) == [Entangled("1.gladiator", "0.gladiator", 2)]
    s = to_step(s, 5, 2)
    s = place(s, {"0.gladiator": (0, 3)})
    s, events = act(s, MeleeAttack(0, "0.gladiator", "1.gladiator", man=2), [5, 5])  # no Kitérés offered
    assert ("entangled", -3) in of_kind(events, AttackResolved)[0].defence_modifiers
    assert s.entangled_by[s.index["1.gladiator"]] == -1


def test_rendithetetlen_is_never_knocked_down__hr3_3():
    s = duel(away="heavy")
    s, _ = apply(s, MeleeAttack(0, "0.gladiator", "1.gladiator", "takedown", man=4))
    s, events = act(s, Dodge(1, "1.gladiator", False), [10, 1])
    assert of_kind(events, Damaged) and not of_kind(events, KnockedDown)


def test_osszpontositas_is_declared_with_a_cast_never_used_on_its_own__hr4():
    """Összpontosítás goes with a spell that has a resistance roll or a bolt: listed as the same
    cast with ``concentrate`` for 1 MAN more, never as a skill of its own (the +2 E / +2 CÉ:
    tests/engine/test_magic_rules.py)."""
    from arena.engine.match.magic.actions import Cast

    s = outer({"0.witch_master": (4, -8), "1.deasta": (8, -6)}, named=("0.witch_master", "0.laeva"))
    s = tweak(s, discs=[(1, 2), s.discs[1]])
    assert not any(isinstance(a, UseSkill) and a.skill == "concentration" for a in legal(s, 0))
    with pytest.raises(IllegalActionError, match="declared with its action"):
        apply(s, UseSkill(0, "0.witch_master", "concentration"))
    casts = [a for a in legal(s, 0) if isinstance(a, Cast)]
    pain = {(a.concentrate, a.man) for a in casts if a.spell == "pain" and a.target == "1.deasta"}
    assert pain == {(False, 2), (True, 3)}  # Fájdalom: level 2, +1 concentrating
    assert {a.concentrate for a in casts if a.spell == "lightning_armour"} == {False}  # no roll


# --- modifiers never stack (RB p.10, p.12; digest §13) ------------------------------------------


def test_spell_and_trap_modifiers_never_stack__rb_p10_p12_digest_13():
    from arena.engine.match.rules.modifiers import non_stacking

    s = started()
    for amount, source in ((-4, "Átok"), (-2, "Vakító tükrök"), (5, "Villámpenge")):
        evolve(s, EffectAdded("0.deasta", "te", amount, source, 3))
    c = s.index["0.deasta"]
    assert non_stacking(s, c, CombatValue.TE) == -4  # the most unfavourable one only
    s.effects = tuple(e for e in s.effects if e.amount > 0)
    evolve(s, EffectAdded("0.deasta", "te", 2, "another bonus", 3))
    assert non_stacking(s, c, CombatValue.TE) == 5  # the strongest bonus only
    assert non_stacking(s, c, CombatValue.CE) == 0


def test_a_spell_modifier_reaches_the_attack_roll_and_expires_with_its_round__rb_p12():
    s = outer({"0.deasta": (6, -8), "1.laeva": (6, -8)})
    evolve(s, EffectAdded("0.deasta", "te", -4, "Átok", 1))
    evolve(s, EffectAdded("0.deasta", "te", -2, "Vakító tükrök", 1))
    s, events = act(s, MeleeAttack(0, "0.deasta", "1.laeva", man=2), [5, 5])
    assert of_kind(events, AttackDeclared)[0].modifiers == (("spells and traps", -4),)
    s = to_step(s, 1, 2)
    assert s.effects == ()
