"""Smaller rules: debts, weapons and their Sp, broken weapons, throws' range, states (HR-3, HR-4)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from arena.engine import IllegalActionError, apply
from arena.engine.match.actions import Dodge, EndStep, Grant, MeleeAttack, Shift, StopState, Throw, UseSkill
from arena.engine.match.events import AttackResolved, Damaged, DodgeOffered, ItemBroken, Shifted
from arena.engine.roster import base_roster

from .match_helpers import G, act, hexes, legal, name, of_kind, place, settle, started, to_step, tweak


def test_debt_above_the_pool_is_cancelled__hr4():
    s = tweak(started(), debt={"0.deasta": 4, "0.laeva": 3})
    s = name(s, 0, "0.deasta", "0.laeva")
    assert s.pool == 0 and s.debt[s.index["0.deasta"]] == 0 and s.debt[s.index["0.laeva"]] == 0


def test_akrobatika_used_while_defending_is_owed__hr4():
    s = place(started(), {"0.deasta": (6, -8), "1.deasta": (6, -8)})
    s = name(s, 0, "0.deasta", "0.laeva")
    s, _ = apply(s, MeleeAttack(0, "0.deasta", "1.deasta", man=2))
    s, _ = act(s, Dodge(1, "1.deasta", False), [1, 10])  # 12 against 20: the defender wins
    shift = next(a for a in legal(s, 1) if isinstance(a, Shift))
    s, events = apply(s, shift)
    assert of_kind(events, Shifted)[0].owed and s.debt[s.index["1.deasta"]] == 1
    assert s.pool == 4  # seat 0's pool is not touched


def test_strategist_man_is_given_only_in_his_own_steps__rb_p8_hr12_4():
    s = name(started(), 0, "0.deasta", "0.laeva")
    with pytest.raises(IllegalActionError, match="owes no decision"):
        apply(s, Grant(1, "1.deasta", 1))
    with pytest.raises(IllegalActionError, match="strategist has 4 MAN left"):
        apply(s, Grant(0, "0.deasta", 5))


def test_hiding_can_be_stopped_for_free__hr12_5():
    s = place(started(), {"0.laeva": (4, -7)})
    s = name(s, 0, "0.deasta", "0.laeva")
    s, _ = apply(s, UseSkill(0, "0.laeva", "hiding", 1))
    assert StopState(0, "0.laeva", "hiding") in legal(s, 0)
    s, _ = apply(s, StopState(0, "0.laeva", "hiding"))
    assert not s.hiding[s.index["0.laeva"]] and s.pool == 5
    with pytest.raises(IllegalActionError, match="not hiding"):
        apply(s, StopState(0, "0.laeva", "hiding"))


def mace_team():
    r = base_roster()
    members = tuple(
        replace(m, pile=("mace", "shield", "greatsword")) if m.slot == "gladiator" else m for m in r.members
    )
    return replace(r, members=members)


def test_a_weapons_extra_sp_is_added_to_the_raw_sp_before_sfe__hr3():
    s = to_step(started(teams=(mace_team(), base_roster()), grips=(("mace", "shield"), ("shield", "short_sword"))), 5)
    s = place(s, {"0.gladiator": (0, 0), "1.gladiator": (0, 0)})
    s, _ = apply(s, MeleeAttack(0, "0.gladiator", "1.gladiator", man=2))
    s, events = act(s, Dodge(1, "1.gladiator", False), [6, 6])  # mace: TÉ 14+4 = 18; 24 against 15
    assert of_kind(events, AttackResolved)[0][3:5] == (24, 15)
    assert of_kind(events, Damaged) == [Damaged("1.gladiator", "sp", 4 + 1, 2, 3, 1)]


def test_a_gladiator_with_the_halberd_or_only_the_dagger_cannot_use_kiteres__rb_p20_hr4():
    for grip in (("halberd",), ()):
        s = to_step(started(grips=(("shield", "short_sword"), grip)), 5)
        s = place(s, {"0.gladiator": (0, 0), "1.gladiator": (0, 0)})
        s, events = act(s, MeleeAttack(0, "0.gladiator", "1.gladiator", man=2), [5, 5])
        assert not of_kind(events, DodgeOffered)


def test_a_broken_weapon_leaves_the_dagger__rb_p20_hr3_1():
    s = to_step(started(grips=(("shield", "short_sword"), ("greatsword",))), 5)
    s = place(s, {"0.gladiator": (0, 0), "1.gladiator": (0, 0)})
    s, events = act(s, MeleeAttack(0, "0.gladiator", "1.gladiator", "weapon_breaking", "greatsword", man=4), [9, 1])
    assert of_kind(events, ItemBroken) == [ItemBroken("1.gladiator", "greatsword")]
    s = settle(s)
    s, _ = apply(s, EndStep(0))
    g = s.index["1.gladiator"]
    from arena.engine.match.rules.gladiators import grip, melee_te, melee_ve

    assert s.hand[g] == () and grip(s, g).items == ("dagger",)
    assert (melee_te(s, g), melee_ve(s, g)) == (14 + 1, 3 + 1)
    assert not [a for a in legal(s, 1) if isinstance(a, MeleeAttack) and a.skill]  # no skill with the dagger


def test_javelins_reach_two_blocks_and_nets_one__rb_p20():
    s = to_step(started(grips=(("short_sword",), ("shield", "short_sword"))), 5)
    s = place(s, {"0.gladiator": (0, -2), "1.gladiator": (0, 2)})  # block distance 2
    items = {a.item for a in legal(s, 0) if isinstance(a, Throw)}
    assert items == {"javelin"}
    with pytest.raises(IllegalActionError, match="a net reaches 1"):
        apply(s, Throw(0, "0.gladiator", "1.gladiator", "net"))


def test_grips_respect_the_gladiator_type__hr3_3():
    from .test_match_skills import team

    s = started(
        teams=(team("net_fighter", pile=("short_sword", "trident")), base_roster()),
        grips=(("short_sword",), ("shield", "short_sword")),
    )
    g = s.index["0.gladiator"]
    assert s.hand[g] == ("short_sword",)
    from arena.engine.match.rules.gladiators import grips_from

    # the Hálóvető wields one 1-hand weapon at a time: no pair
    assert {h for h, _ in grips_from(("short_sword", "trident"), "net_fighter")} == {
        (),
        ("short_sword",),
        ("trident",),
    }
    assert ("short_sword", "trident") in {h for h, _ in grips_from(("short_sword", "trident"), "armoured")}


def test_after_a_halberd_roll_both_gladiators_shift_one_hex_the_same_way__rb_p9_hr12_12():
    s = to_step(started(grips=(("halberd",), ("shield", "short_sword"))), 5)
    s = place(s, {"0.gladiator": (0, 0), "1.gladiator": (1, 0)})
    s, _ = apply(s, MeleeAttack(0, "0.gladiator", "1.gladiator", man=2))
    s, events = act(s, Dodge(1, "1.gladiator", False), [9, 1])  # 21 + 9 against 9 + 1
    shifts = [a for a in legal(s, 0) if isinstance(a, Shift)]
    assert shifts and all(len(a.path) == 1 and a.man == 0 for a in shifts)
    s, events = apply(s, Shift(0, "0.gladiator", hexes((-1, 0)), False, 0))
    moved = of_kind(events, Shifted)[0]
    assert (moved.path, moved.other_path) == (hexes((-1, 0)), hexes((0, 0)))
    assert s.pos[s.index["1.gladiator"]] == G.index[hexes((0, 0))[0]]
