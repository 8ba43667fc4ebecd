"""Melee, damage, armour, disengaging, the gladiators' push and weapons (RB p.9-11, p.20; HR-3;
HR-12 rulings 11-12, 21-22)."""

from __future__ import annotations

import pytest

from arena.engine import IllegalActionError, apply
from arena.engine.match.actions import (
    DeclineShift,
    Disengage,
    Dodge,
    DropItem,
    EndStep,
    MeleeAttack,
    Move,
    PickUp,
    Shift,
    SwapWeapons,
    Throw,
)
from arena.engine.match.events import (
    AttackResolved,
    Damaged,
    DodgeOffered,
    ItemDropped,
    Netted,
    Shifted,
    ShiftOffered,
    StateEnded,
    StepEnded,
)

from .match_helpers import G, act, hexes, legal, name, of_kind, place, started, to_step, tweak


def outer_duel(**tweaks):
    """0.deasta (TÉ 11) and 1.laeva (VÉ 9, Ép 10, SFÉ 1, STP 3) share (6,-8); seat 0 acts."""
    s = place(started(), {"0.deasta": (6, -8), "1.laeva": (6, -8), "0.laeva": (5, -8)})
    s = name(s, 0, "0.deasta", "0.laeva")
    return tweak(s, **tweaks) if tweaks else s


def gladiator_duel(hex0=(0, 0), hex1=(0, 0), grips=None, **tweaks):
    """Round 1 step 5: seat 0's gladiator acts; both hold short sword + shield (TÉ 18, VÉ 9)."""
    s = to_step(started(grips=grips or (("shield", "short_sword"), ("shield", "short_sword"))), 5)
    s = place(s, {"0.gladiator": hex0, "1.gladiator": hex1})
    return tweak(s, **tweaks) if tweaks else s


def test_melee_damage_halves_and_subtracts_sfe__rb_p9():
    s, events = act(outer_duel(), MeleeAttack(0, "0.deasta", "1.laeva", man=2), [7, 2])
    resolved = of_kind(events, AttackResolved)[0]
    assert (resolved.attack_total, resolved.defence_total, resolved.hit) == (18, 11, True)  # 11+7, 9+2
    # raw Sp = ⌊7/2⌋ = 3 ≥ 3: 1 STP lost; SFÉ 1 still absorbs that hit (HR-12 ruling 22)
    assert of_kind(events, Damaged) == [Damaged("1.laeva", "sp", 3, 1, 2, 1)]
    laeva = s.index["1.laeva"]
    assert (s.ep[laeva], s.stp[laeva], s.pool) == (8, 2, 4)


def test_a_tie_goes_to_the_defender__rb_p9():
    s, events = act(outer_duel(), MeleeAttack(0, "0.deasta", "1.laeva", man=2), [3, 5])
    assert of_kind(events, AttackResolved)[0][3:6] == (14, 14, False)
    assert not of_kind(events, Damaged)


def test_leather_armour_at_zero_stp_absorbs_nothing__rb_p11():
    s = outer_duel(stp={"1.laeva": 0})
    s, events = act(s, MeleeAttack(0, "0.deasta", "1.laeva", man=2), [7, 2])
    assert of_kind(events, Damaged) == [Damaged("1.laeva", "sp", 3, 0, 3, 0)]


def test_one_attack_per_step_and_no_disengaging_after_it__rb_p6():
    s, _ = act(outer_duel(), MeleeAttack(0, "0.deasta", "1.laeva", man=2), [1, 10])
    assert not [a for a in legal(s, 0) if isinstance(a, (MeleeAttack, Disengage))]
    with pytest.raises(IllegalActionError, match="once per step"):
        act(s, MeleeAttack(0, "0.deasta", "1.laeva"), [5, 5])
    with pytest.raises(IllegalActionError, match="attacked in this step cannot disengage"):
        apply(s, Disengage(0, "0.deasta", hexes((7, -8))[0]))


def test_a_melee_situation_is_left_only_by_disengaging_for_two_plus_one_man__rb_p9_hr12_11():
    s, _ = act(outer_duel(), MeleeAttack(0, "0.deasta", "1.laeva", man=2), [1, 10])
    s = to_step(s, 2)
    s = name(s, 1, "1.laeva", "1.deasta")
    assert not [a for a in legal(s, 1) if isinstance(a, Move) and a.char == "1.laeva"]
    with pytest.raises(IllegalActionError, match="only by disengaging"):
        apply(s, Move(1, "1.laeva", hexes((7, -8))))
    options = {a.to: a.man for a in legal(s, 1) if isinstance(a, Disengage)}
    assert options and set(options.values()) == {3}
    s, _ = apply(s, Disengage(1, "1.laeva", hexes((7, -8))[0], man=3))
    laeva = s.index["1.laeva"]
    assert s.melee[laeva] == 0 and s.moved[laeva] == 1 and s.pool == 3
    # a character who disengaged cannot attack in that step, not even at range
    assert not [a for a in legal(s, 1) if a.__class__.__name__ in ("MeleeAttack", "RangedAttack")]


def test_gladiator_values_come_from_the_grip__hr3_1():
    s = gladiator_duel(grips=(("greatsword",), ("shield", "short_sword")))
    # greatsword: TÉ 14+8 = 22; short sword + shield: VÉ 3+2+4 = 9; the greatsword allows no Kitérés
    s, events = apply(s, MeleeAttack(0, "0.gladiator", "1.gladiator", man=2))
    assert of_kind(events, DodgeOffered)  # the defender's shield allows Kitérés
    s, events = act(s, Dodge(1, "1.gladiator", False), [4, 4])
    assert of_kind(events, AttackResolved)[0][3:5] == (26, 13)


def test_gladiator_loses_stp_at_four_raw_sp_and_keeps_sfe_at_zero_stp__rb_p11():
    s = gladiator_duel()
    s, _ = apply(s, MeleeAttack(0, "0.gladiator", "1.gladiator", man=2))
    s, events = act(s, Dodge(1, "1.gladiator", False), [5, 4])  # 23 against 13: raw 5
    assert of_kind(events, Damaged) == [Damaged("1.gladiator", "sp", 5, 2, 3, 1)]
    s = gladiator_duel(stp={"1.gladiator": 0})
    s, _ = apply(s, MeleeAttack(0, "0.gladiator", "1.gladiator", man=2))
    s, events = act(s, Dodge(1, "1.gladiator", False), [5, 4])
    assert of_kind(events, Damaged) == [Damaged("1.gladiator", "sp", 5, 2, 3, 0)]


def test_the_winner_of_a_gladiator_roll_may_move_both_one_hex__rb_p9_hr12_12():
    s = gladiator_duel()
    s, _ = apply(s, MeleeAttack(0, "0.gladiator", "1.gladiator", man=2))
    s, events = act(s, Dodge(1, "1.gladiator", True), [1, 9])  # 19 against 21: the defender wins
    assert of_kind(events, ShiftOffered)[0].seat == 1
    options = [a for a in legal(s, 1) if isinstance(a, (Shift, DeclineShift))]
    one_hex = [a for a in options if isinstance(a, Shift) and not a.acrobatics]
    assert len(one_hex) == 6 and all(a.man == 0 for a in one_hex)
    assert not any(isinstance(a, Shift) and a.acrobatics for a in options)  # no Akrobatika in the base team
    s, events = apply(s, Shift(1, "1.gladiator", hexes((1, 0)), False, 0))
    assert G.hexes[s.pos[s.index["0.gladiator"]]] == G.hexes[s.pos[s.index["1.gladiator"]]] == hexes((1, 0))[0]
    assert of_kind(events, Shifted)[0].other_path == hexes((1, 0))
    assert s.moved[s.index["0.gladiator"]] == 0  # a shift is not movement


def test_no_push_on_a_tie__rb_p9_digest_a25():
    s = gladiator_duel()
    s, _ = apply(s, MeleeAttack(0, "0.gladiator", "1.gladiator", man=2))
    s, events = act(s, Dodge(1, "1.gladiator", False), [1, 10])  # 19 against 19
    assert not of_kind(events, ShiftOffered) and s.pending is None


def test_halberd_attacks_the_adjacent_hex_without_a_melee_situation__rb_p9_p20():
    s = gladiator_duel((0, 0), (0, 0), grips=(("halberd",), ("shield", "short_sword")))
    s = tweak(s, melee={"0.gladiator": 1 << 6, "1.gladiator": 1 << 0})
    # disengage (2) + one hex (1), attack from the adjacent hex (2), one more hex (1): 6 MAN
    s, _ = apply(s, Disengage(0, "0.gladiator", hexes((1, 0))[0], man=3))
    attacks = [a for a in legal(s, 0) if isinstance(a, MeleeAttack)]
    assert attacks == [MeleeAttack(0, "0.gladiator", "1.gladiator", None, None, False, 2)]
    s, _ = apply(s, attacks[0])
    s, events = act(s, Dodge(1, "1.gladiator", False), [1, 10])  # 22 against 19: a hit
    assert of_kind(events, AttackResolved)[0].weapon == "halberd"
    assert s.melee[s.index["0.gladiator"]] == 0
    if s.pending is not None:
        s, _ = apply(s, DeclineShift(s.pending.seat, s.sheets[s.pending.winner].id))
    s, _ = apply(s, Move(0, "0.gladiator", hexes((2, 0)), 1))
    assert s.pool == 0 or s.step == 6


def test_a_gladiator_changes_weapons_only_on_his_own_pile_hex_for_one_man__rb_p9_hr1_6():
    s = gladiator_duel((3, -2), (0, 3))  # P-NE belongs to the north half
    swaps = {(a.hand, a.man) for a in legal(s, 0) if isinstance(a, SwapWeapons)}
    assert (("greatsword",), 1) in swaps and (("halberd",), 1) in swaps
    s, _ = apply(s, SwapWeapons(0, "0.gladiator", ("greatsword",), man=1))
    g = s.index["0.gladiator"]
    assert s.hand[g] == ("greatsword",) and sorted(s.pile[g]) == ["halberd", "shield", "short_sword"]
    other = gladiator_duel((-1, -2), (0, 3))  # P-NW is not his
    with pytest.raises(IllegalActionError, match="own weapon-pile hex"):
        apply(other, SwapWeapons(0, "0.gladiator", ("greatsword",)))


def test_dropping_is_free_and_picking_up_costs_one_man_on_that_hex__rb_p20_hr12_40():
    s = gladiator_duel((0, -1), (0, 3))
    s, events = apply(s, DropItem(0, "0.gladiator", "shield"))
    assert of_kind(events, ItemDropped)[0].hex == hexes((0, -1))[0] and s.pool == 6
    assert PickUp(0, "0.gladiator", "shield", 1) in legal(s, 0)
    s, _ = apply(s, Move(0, "0.gladiator", hexes((0, 0)), 1))
    assert not [a for a in legal(s, 0) if isinstance(a, PickUp)]
    s, _ = apply(s, Move(0, "0.gladiator", hexes((0, -1)), 1))
    s, _ = apply(s, PickUp(0, "0.gladiator", "shield", 1))
    assert sorted(s.hand[s.index["0.gladiator"]]) == ["shield", "short_sword"] and s.pool == 3


def test_javelin_uses_melee_values_two_blocks_no_stp_and_needs_a_free_hand__rb_p20():
    s = gladiator_duel((0, -2), (0, 2))  # block distance 2
    assert not [a for a in legal(s, 0) if isinstance(a, Throw)]  # short sword + shield: no free hand
    with pytest.raises(IllegalActionError, match="free hand"):
        apply(s, Throw(0, "0.gladiator", "1.gladiator", "javelin"))
    s, _ = apply(s, DropItem(0, "0.gladiator", "shield"))
    assert Throw(0, "0.gladiator", "1.gladiator", "javelin", 2) in legal(s, 0)
    s, _ = apply(s, Throw(0, "0.gladiator", "1.gladiator", "javelin", 2))
    s, events = act(s, Dodge(1, "1.gladiator", False), [10, 1])
    # base TÉ 14 + 2, Pajzsfal −2 (the target holds a shield) = 14 + 10; melee VÉ 9 + 1
    assert of_kind(events, AttackResolved)[0][3:6] == (24, 10, True)
    assert of_kind(events, Damaged) == [Damaged("1.gladiator", "sp", 7, 2, 5, 0)]  # no STP
    assert s.javelins[s.index["0.gladiator"]] == 2


def test_net_does_no_damage_and_bans_the_targets_next_step__rb_p20_hr4():
    s = gladiator_duel((0, 0), (0, 3), grips=(("short_sword",), ("shield", "short_sword")))
    s, _ = apply(s, Throw(0, "0.gladiator", "1.gladiator", "net", 2))
    s, events = act(s, Dodge(1, "1.gladiator", False), [10, 1])  # 14-3-2+10 = 19 against 10
    assert of_kind(events, Netted) == [Netted("1.gladiator", "0.gladiator")] and not of_kind(events, Damaged)
    s, events = apply(s, EndStep(0))
    # step 6 is banned: it passes at once, and the net is off after it (HR-4)
    assert [e.step for e in of_kind(events, StepEnded)] == [5, 6]
    assert of_kind(events, StateEnded)[0].state == "netted" and not s.netted[s.index["1.gladiator"]]
