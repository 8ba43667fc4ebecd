"""Worked examples of the core rules with fixed dice (issue #3's acceptance criterion).

Each test names the rule it checks; every expected number is worked out by hand from the
rulebook (RB p.N, digest viadal-rules.md) and the house rules (HR-x.y), in the comments. The
base team's sheets are HR-2.1, the weapons HR-3.1, the gladiator types HR-3.3. The audit table
is docs/engine-tests.md, section "Core rules (issue 3)"."""

from __future__ import annotations

import pytest

from arena.engine import FixedDice, IllegalActionError, apply, new_match, state_hash
from arena.engine.match.actions import (
    Disengage,
    Dodge,
    DropItem,
    EndActivation,
    EndStep,
    Grant,
    MeleeAttack,
    Move,
    PickUp,
    RangedAttack,
    Shift,
    StandUp,
    SwapWeapons,
    Throw,
    ToggleGate,
    UseSkill,
)
from arena.engine.match.events import (
    AttackDeclared,
    AttackResolved,
    Damaged,
    DiscsDealt,
    DodgeOffered,
    EffectAdded,
    Entangled,
    ItemBroken,
    Netted,
    ShiftOffered,
    TrapsDealt,
)
from arena.engine.match.evolve import evolve
from arena.engine.roster import base_roster

from .match_helpers import OUT_OF_THE_WAY, G, act, hexes, legal, name, of_kind, place, settle, started, to_step, tweak
from .test_match_skills import team

FREE_HAND = (("short_sword",), ("shield", "short_sword"))  # seat 0 can throw; seat 1 holds a shield


def outer(where, named=("0.deasta", "0.laeva"), teams=None, **tweaks):
    """Round 1, step 1: seat 0 has named ``named``; everyone else is out of the way."""
    s = place(started(teams=teams), {**OUT_OF_THE_WAY, **where})
    s = name(s, 0, *named)
    return tweak(s, **tweaks) if tweaks else s


def gladiators(hex0=(0, 0), hex1=(0, 0), grips=None, teams=None, **tweaks):
    """Round 1, step 5: seat 0's gladiator acts (default grips: short sword + shield each)."""
    grips = grips or (("shield", "short_sword"), ("shield", "short_sword"))
    s = to_step(started(grips=grips, teams=teams), 5)
    s = place(s, {"0.gladiator": hex0, "1.gladiator": hex1})
    return tweak(s, **tweaks) if tweaks else s


def in_melee(s, a, b):
    """A copy in which ``a`` and ``b`` (on one hex) are in a melee situation (HR-12 ruling 11)."""
    ia, ib = s.index[a], s.index[b]
    return tweak(s, melee={a: s.melee[ia] | 1 << ib, b: s.melee[ib] | 1 << ia})


def at(s, char):
    return G.hexes[s.pos[s.index[char]]]


def value(s, column, char):
    return getattr(s, column)[s.index[char]]


# --- set-up (RB p.7, HR-6) ------------------------------------------------------------------


def test_dealing_with_fixed_dice_draws_from_one_trap_deck_and_one_disc_pool__rb_p7_hr6():
    # The deck is cards 1-16 in order; each draw is a die of the cards left (d16, d15, d14 for
    # seat 0, then d13, d12, d11 for seat 1) naming the position of the card drawn.
    # Seat 0: 16 -> card 16; 15 of [1..15] -> 15; 14 of [1..14] -> 14. Seat 1: 1, 1, 1 -> 1, 2, 3.
    # The disc pool (HR-6) in level order: ten 1s, eight 2s, six 3s, four 4s, two 5s (30).
    # Seat 0: 30 -> 5; 29 -> the other 5; 28 -> the last 4 (positions 25-28); 1, 1, 1 -> three 1s.
    # Seat 1, from 7×1, 8×2, 6×3, 3×4 (24): 24 -> 4; 8 of 7×1, 8×2, 6×3, 2×4 -> a 2; 1, 1, 1, 1.
    dice = FixedDice([16, 15, 14, 1, 1, 1] + [30, 29, 28, 1, 1, 1] + [24, 8, 1, 1, 1, 1])
    s = new_match((base_roster(), base_roster()), dice=dice)
    assert dice.remaining == 0
    events = s.log[1]
    assert [(e.seat, e.cards) for e in of_kind(events, TrapsDealt)] == [(0, (14, 15, 16)), (1, (1, 2, 3))]
    assert [(e.seat, e.levels) for e in of_kind(events, DiscsDealt)] == [
        (0, (1, 1, 1, 4, 5, 5)),
        (1, (1, 1, 1, 1, 2, 4)),
    ]
    assert s.traps == [(14, 15, 16), (1, 2, 3)]


# --- MAN (RB p.7-8, HR-4, HR-12 ruling 3) -----------------------------------------------------


def test_the_man_cost_table_of_the_core_game__rb_p8_hr4():
    """RB p.8's table for everything but spells and traps: a hex 1, a gate 1, a skill 1, an attack
    2, a swap 1 (gladiator, own pile), disengaging 2 + 1; and what HR-4 and RB p.20 add: picking
    up 1, dropping 0, Célzás 1 on top of the shot, Fegyvertörés / Földrevitel 2 on top of the
    attack, standing up 2, Aranyharang 1, defending 0."""
    # outer fighters, step 1: 6 MAN in the pool
    s = in_melee(outer({"0.deasta": (4, -9), "0.laeva": (6, -8), "1.laeva": (6, -8)}), "0.laeva", "1.laeva")
    costs = {}
    for a in legal(s, 0):
        if not hasattr(a, "man"):
            continue
        key = (type(a).__name__, a.char, getattr(a, "skill", None), len(getattr(a, "path", ())))
        costs.setdefault(key, a.man)
    assert costs[("Move", "0.deasta", None, 1)] == 1 and costs[("Move", "0.deasta", None, 3)] == 3
    assert costs[("ToggleGate", "0.deasta", None, 0)] == 1
    assert costs[("UseSkill", "0.deasta", "running", 0)] == 1
    assert costs[("MeleeAttack", "0.laeva", None, 0)] == 2
    assert costs[("Disengage", "0.laeva", None, 0)] == 3  # 2 to back out + 1 for the hex
    s, _ = apply(s, Move(0, "0.deasta", hexes((3, -9)), 1))
    s, _ = apply(s, UseSkill(0, "0.deasta", "running", 1))
    s, _ = apply(s, EndActivation(0, "0.deasta"))
    assert s.pool == 6 - 1 - 1
    s, _ = apply(s, Disengage(0, "0.laeva", hexes((7, -8))[0], man=3))
    assert s.pool == 4 - 3
    # the crossbowman: a shot 2, aimed 3
    s = outer({"0.crossbowman": (4, -8), "1.deasta": (8, -6)}, named=("0.crossbowman", "0.laeva"))
    shots = {a.aim: a.man for a in legal(s, 0) if isinstance(a, RangedAttack)}
    assert shots == {False: 2, True: 3}
    # the gladiator, step 5: 6 MAN of his own
    s = gladiators((3, -2), (3, -2))  # P-NE, his own pile (HR-1.6), the enemy on it too
    glad = {}
    for a in legal(s, 0):
        glad.setdefault((type(a).__name__, getattr(a, "skill", None)), set()).add(getattr(a, "man", 0))
    assert glad[("MeleeAttack", None)] == {2}
    assert glad[("MeleeAttack", "weapon_breaking")] == {4} and glad[("MeleeAttack", "takedown")] == {4}
    assert glad[("SwapWeapons", None)] == {1} and ("DropItem", None) in glad  # dropping: free
    s, _ = apply(s, DropItem(0, "0.gladiator", "shield"))
    assert s.pool == 6
    s, _ = apply(s, PickUp(0, "0.gladiator", "shield", 1))
    s, _ = apply(s, SwapWeapons(0, "0.gladiator", ("greatsword",), man=1))
    assert s.pool == 6 - 0 - 1 - 1
    # defending costs nothing: the defender's pool is not touched and he owes nothing
    s = gladiators()
    s, _ = apply(s, MeleeAttack(0, "0.gladiator", "1.gladiator", man=2))
    s, _ = act(s, Dodge(1, "1.gladiator", False), [1, 10])
    assert (s.pool, value(s, "debt", "1.gladiator")) == (4, 0)
    # standing up 2 (HR-4)
    s = gladiators(prone={"0.gladiator": True})
    assert legal(s, 0)[0] == StandUp(0, "0.gladiator", 2)
    # Aranyharang 1 (RB p.20)
    s = gladiators(teams=(team("sword_master"), base_roster()), grips=FREE_HAND)
    assert UseSkill(0, "0.gladiator", "golden_bell", 1) in legal(s, 0)


# --- melee and damage (RB p.9-11, HR-3.1, HR-12 ruling 22) ------------------------------------


def test_outer_fighters_lose_stp_from_three_raw_sp_not_two__rb_p11():
    # 0.deasta TÉ 11 against 1.laeva VÉ 9, SFÉ 1, STP 3, Ép 10 (HR-2.1)
    s = outer({"0.deasta": (6, -8), "1.laeva": (6, -8)})
    s, events = act(s, MeleeAttack(0, "0.deasta", "1.laeva", man=2), [6, 3])
    # 11 + 6 = 17 against 9 + 3 = 12: ⌊5/2⌋ = 2 raw Sp (< 3: no STP), less SFÉ 1 = 1 Ép
    assert of_kind(events, AttackResolved)[0][3:6] == (17, 12, True)
    assert of_kind(events, Damaged) == [Damaged("1.laeva", "sp", 2, 1, 1, 0)]
    assert (value(s, "ep", "1.laeva"), value(s, "stp", "1.laeva")) == (9, 3)


def test_a_hit_smaller_than_the_sfe_does_nothing__rb_p9_a3():
    # 11 + 3 = 14 against 9 + 2 = 11: ⌊3/2⌋ = 1 raw Sp, SFÉ 1 absorbs it all; Ép stays 10
    s = outer({"0.deasta": (6, -8), "1.laeva": (6, -8)})
    s, events = act(s, MeleeAttack(0, "0.deasta", "1.laeva", man=2), [3, 2])
    assert of_kind(events, AttackResolved)[0][3:6] == (14, 11, True)
    assert sum(e.ep_loss for e in of_kind(events, Damaged)) == 0
    assert (value(s, "ep", "1.laeva"), value(s, "stp", "1.laeva")) == (10, 3)


@pytest.mark.parametrize(
    ("dice", "totals", "damage"),
    [
        # short sword + shield: TÉ 14 + 4 = 18, VÉ 3 + 2 + 4 = 9 (HR-3.1); SFÉ 2, STP 4
        ([2, 4], (20, 13), Damaged("1.gladiator", "sp", 3, 2, 1, 0)),  # ⌊7/2⌋ = 3 < 4: no STP
        ([3, 4], (21, 13), Damaged("1.gladiator", "sp", 4, 2, 2, 1)),  # ⌊8/2⌋ = 4: 1 STP
    ],
)
def test_a_gladiator_loses_stp_from_four_raw_sp_not_three__rb_p11(dice, totals, damage):
    s = gladiators()
    s, _ = apply(s, MeleeAttack(0, "0.gladiator", "1.gladiator", man=2))
    s, events = act(s, Dodge(1, "1.gladiator", False), dice)
    assert of_kind(events, AttackResolved)[0][3:5] == totals
    assert of_kind(events, Damaged) == [damage]
    ep, stp = value(s, "ep", "1.gladiator"), value(s, "stp", "1.gladiator")
    assert (ep, stp) == (20 - damage.ep_loss, 4 - damage.stp_loss)


def test_the_halberd_strikes_the_adjacent_hex_with_exact_numbers__rb_p9_p20_hr3_1():
    # halberd: TÉ 14 + 7 = 21 (HR-3.1) against short sword + shield VÉ 9, from (0,0) into (1,0)
    s = gladiators((0, 0), (1, 0), grips=(("halberd",), ("shield", "short_sword")))
    assert MeleeAttack(0, "0.gladiator", "1.gladiator", None, None, False, 2) in legal(s, 0)
    s, _ = apply(s, MeleeAttack(0, "0.gladiator", "1.gladiator", man=2))
    assert s.pending is not None  # the defender holds a shield: Kitérés is his to decide
    s, events = act(s, Dodge(1, "1.gladiator", False), [6, 2])
    # 21 + 6 = 27 against 9 + 2 = 11: ⌊16/2⌋ = 8 raw Sp ≥ 4: 1 STP; 8 − SFÉ 2 = 6 Ép
    resolved = of_kind(events, AttackResolved)[0]
    assert (resolved.weapon, resolved.attack_total, resolved.defence_total) == ("halberd", 27, 11)
    assert of_kind(events, Damaged) == [Damaged("1.gladiator", "sp", 8, 2, 6, 1)]
    assert (value(s, "ep", "1.gladiator"), value(s, "stp", "1.gladiator")) == (14, 3)
    assert value(s, "melee", "0.gladiator") == 0 and s.pool == 4  # no melee situation; 2 MAN


def test_the_winner_of_a_gladiator_roll_moves_both_one_hex_for_nothing__rb_p9_hr12_12():
    s = gladiators()
    s, _ = apply(s, MeleeAttack(0, "0.gladiator", "1.gladiator", man=2))
    s, events = act(s, Dodge(1, "1.gladiator", False), [5, 5])
    # 18 + 5 = 23 against 9 + 5 = 14: the attacker's total is higher, so he may move both
    assert of_kind(events, AttackResolved)[0][3:5] == (23, 14)
    offered = of_kind(events, ShiftOffered)[0]
    assert offered[:4] == (0, "0.gladiator", "1.gladiator", True)  # seat, winner, other, free
    s, events = apply(s, Shift(0, "0.gladiator", hexes((0, 1)), False, 0))
    assert at(s, "0.gladiator") == at(s, "1.gladiator") == hexes((0, 1))[0]
    assert s.pool == 4 and value(s, "moved", "0.gladiator") == 0  # not movement, no MAN


def test_a_gladiators_kiteres_is_paid_from_his_own_next_step__hr4_rb_p9():
    s = gladiators()
    s, _ = apply(s, MeleeAttack(0, "0.gladiator", "1.gladiator", man=2))
    s, events = act(s, Dodge(1, "1.gladiator", True), [5, 5])
    # 18 + 5 = 23 against 9 + 3 + 5 = 17: ⌊6/2⌋ = 3 raw Sp (< 4: no STP), 3 − 2 = 1 Ép
    assert of_kind(events, AttackResolved)[0][3:6] == (23, 17, True)
    assert of_kind(events, Damaged) == [Damaged("1.gladiator", "sp", 3, 2, 1, 0)]
    assert (s.pool, value(s, "debt", "1.gladiator")) == (4, 1)  # the attacker's pool is untouched
    s = settle(s)
    s, _ = apply(s, EndStep(0))
    assert (s.step, s.pool, value(s, "debt", "1.gladiator")) == (6, 5, 0)  # 6 less the debt


def test_weapon_breaking_breaks_at_a_margin_of_exactly_four__hr4():
    s = gladiators()
    s, _ = apply(s, MeleeAttack(0, "0.gladiator", "1.gladiator", "weapon_breaking", "short_sword", man=4))
    s, events = act(s, Dodge(1, "1.gladiator", False), [1, 6])
    # 18 + 1 = 19 against 9 + 6 = 15: a hit by 4 breaks the item and does no damage
    assert of_kind(events, AttackResolved)[0][3:6] == (19, 15, True)
    assert of_kind(events, ItemBroken) == [ItemBroken("1.gladiator", "short_sword")]
    assert not of_kind(events, Damaged) and s.pool == 2
    assert value(s, "hand", "1.gladiator") == ("shield",)  # a shield alone: dagger + shield (HR-3.1)


def test_golden_bell_adds_one_sfe_to_the_next_hit__rb_p20_hr3_3():
    # sword-master (HR-3.3): TÉ 15, VÉ 2, SFÉ 1, STP 2; short sword: VÉ 2 + 2 = 4
    teams = (team("sword_master"), base_roster())
    s = gladiators(teams=teams, grips=FREE_HAND)
    s, _ = apply(s, UseSkill(0, "0.gladiator", "golden_bell", 1))
    assert s.pool == 5
    s, _ = apply(s, EndStep(0))
    s, _ = apply(s, MeleeAttack(1, "1.gladiator", "0.gladiator", man=2))
    s, events = act(s, Dodge(0, "0.gladiator", False), [8, 1])  # the short sword allows Kitérés
    # 18 + 8 = 26 against 4 + 1 = 5: ⌊21/2⌋ = 10 raw Sp ≥ 4: 1 STP; SFÉ 1 + 1 = 2: 8 Ép
    assert of_kind(events, AttackResolved)[0][3:5] == (26, 5)
    assert of_kind(events, Damaged) == [Damaged("0.gladiator", "sp", 10, 2, 8, 1)]
    assert (value(s, "ep", "0.gladiator"), value(s, "stp", "0.gladiator")) == (12, 1)


# --- javelins and nets (RB p.20, HR-3.1, HR-3.3) ----------------------------------------------


def test_a_net_uses_base_te_minus_three_and_misses_on_a_tie__rb_p20_hr3_1():
    # net: base TÉ 14 − 3, Pajzsfal −2 (the target holds a shield) = 9; his melee VÉ 9 (HR-3.1, 3.3)
    s = gladiators((0, 0), (0, 3), grips=FREE_HAND)
    s, declared = apply(s, Throw(0, "0.gladiator", "1.gladiator", "net", 2))
    assert of_kind(declared, AttackDeclared)[0].attack_value == 9
    s, events = act(s, Dodge(1, "1.gladiator", False), [4, 4])
    assert of_kind(events, AttackResolved)[0][3:6] == (13, 13, False)  # a tie: the defence holds
    assert not of_kind(events, Netted) and not value(s, "netted", "1.gladiator")
    assert (value(s, "nets", "0.gladiator"), s.pool) == (1, 4)  # the net is used up; 2 MAN


def test_halomester_nets_at_plus_three_and_the_entangled_target_defends_at_minus_three__hr3_3():
    teams = (team("net_fighter", pile=("short_sword", "trident")), base_roster())
    s = gladiators((0, 0), (0, 3), grips=FREE_HAND, teams=teams)
    s, _ = apply(s, Throw(0, "0.gladiator", "1.gladiator", "net", 2))
    s, events = act(s, Dodge(1, "1.gladiator", False), [5, 5])
    # Hálóvető base TÉ 15 − 3 + 3 (Hálómester) − 2 (Pajzsfal) + 5 = 18 against 9 + 5 = 14
    assert of_kind(events, AttackResolved)[0][3:6] == (18, 14, True)
    assert of_kind(events, Entangled) == [Entangled("1.gladiator", "0.gladiator", 2)]
    s = to_step(s, 5, 2)
    s = place(s, {"0.gladiator": (0, 3)})
    s, events = act(s, MeleeAttack(0, "0.gladiator", "1.gladiator", man=2), [5, 5])  # no Kitérés
    # short sword: 15 + 4 + 5 = 24 against 9 − 3 + 5 = 11: ⌊13/2⌋ = 6 raw Sp: 1 STP, 6 − 2 = 4 Ép
    assert of_kind(events, AttackResolved)[0][3:6] == (24, 11, True)
    assert of_kind(events, Damaged) == [Damaged("1.gladiator", "sp", 6, 2, 4, 1)]
    assert value(s, "ep", "1.gladiator") == 16


def test_a_netted_character_defends_without_kiteres__hr4():
    # 1.deasta has Kitérés (HR-2.1) but is netted: no window; 0.deasta TÉ 11 against VÉ 10
    s = outer({"0.deasta": (6, -8), "1.deasta": (6, -8)}, netted={"1.deasta": True})
    s, events = act(s, MeleeAttack(0, "0.deasta", "1.deasta", man=2), [9, 2])
    assert not of_kind(events, DodgeOffered)
    # 20 against 12: ⌊8/2⌋ = 4 raw Sp ≥ 3: 1 STP; 4 − 1 = 3 Ép of 11
    assert of_kind(events, AttackResolved)[0][3:6] == (20, 12, True)
    assert of_kind(events, Damaged) == [Damaged("1.deasta", "sp", 4, 1, 3, 1)]
    assert (value(s, "ep", "1.deasta"), value(s, "stp", "1.deasta")) == (8, 2)


# --- ranged combat (RB p.9-11, HR-1.8, HR-2.3) ------------------------------------------------

# (4,-8) to (8,-6), all in M-NE: the hex line (4,-8) (5,-8) (5,-7) (6,-7) (7,-7) (7,-6) (8,-6) runs
# through the blocks centred on (3,-8), (6,-9), (4,-6), (7,-7), (8,-5): 4 block borders, no wall,
# so the ranged defence is 2 × 4 + d10 (RB p.10); block distance 3 (HR-1.3).
SHOT = {"0.crossbowman": (4, -8), "1.deasta": (8, -6)}


def test_a_sneaking_target_adds_two_to_the_ranged_defence__rb_p10_hr4():
    s = outer(SHOT, named=("0.crossbowman", "0.laeva"), sneaking={"1.deasta": True})
    s, events = act(s, RangedAttack(0, "0.crossbowman", "1.deasta", man=2), [10, 1])
    # CÉ 12 + 10 = 22 against 2 × 4 + 2 + 1 = 11: ⌊11/2⌋ = 5 raw Sp, no STP from shots, 5 − 1 = 4 Ép
    assert of_kind(events, AttackResolved)[0][3:6] == (22, 11, True)
    assert of_kind(events, Damaged) == [Damaged("1.deasta", "sp", 5, 1, 4, 0)]
    assert (value(s, "ep", "1.deasta"), value(s, "stp", "1.deasta")) == (7, 3)
    assert value(s, "ammo", "0.crossbowman") == 11


def test_a_running_shooter_aims_at_minus_two__hr4():
    s = outer(SHOT, named=("0.crossbowman", "0.laeva"))
    s, _ = apply(s, UseSkill(0, "0.crossbowman", "running", 1))
    s, events = act(s, RangedAttack(0, "0.crossbowman", "1.deasta", man=2), [10, 1])
    # 12 − 2 + 10 = 20 against 8 + 1 = 9: ⌊11/2⌋ = 5, 5 − 1 = 4 Ép; 1 + 2 MAN spent
    assert of_kind(events, AttackResolved)[0][3:6] == (20, 9, True)
    assert of_kind(events, Damaged) == [Damaged("1.deasta", "sp", 5, 1, 4, 0)]
    assert s.pool == 3


def test_prone_lowers_melee_defence_by_four_but_not_the_ranged_defence__rb_p9_hr4():
    s = outer(SHOT, named=("0.crossbowman", "0.laeva"), prone={"1.deasta": True})
    s, events = act(s, RangedAttack(0, "0.crossbowman", "1.deasta", man=2), [10, 1])
    # 22 against 8 + 1 = 9 (no −4): ⌊13/2⌋ = 6, 6 − 1 = 5 Ép
    assert of_kind(events, AttackResolved)[0][3:6] == (22, 9, True)
    assert of_kind(events, Damaged) == [Damaged("1.deasta", "sp", 6, 1, 5, 0)]
    s = outer({"0.deasta": (6, -8), "1.laeva": (6, -8)}, prone={"1.laeva": True})
    s, events = act(s, MeleeAttack(0, "0.deasta", "1.laeva", man=2), [1, 1])
    # 11 + 1 = 12 against 9 − 4 + 1 = 6: ⌊6/2⌋ = 3 ≥ 3: 1 STP; 3 − 1 = 2 Ép
    assert of_kind(events, AttackResolved)[0][3:6] == (12, 6, True)
    assert of_kind(events, Damaged) == [Damaged("1.laeva", "sp", 3, 1, 2, 1)]


def test_a_hiding_target_within_one_block_gets_plus_two__hr4():
    # (5,-8) to (4,-7): neighbours in M-NE, blocks (6,-9) and (4,-6): 1 border, block distance 1
    where = {"0.crossbowman": (5, -8), "1.laeva": (4, -7)}
    s = outer(where, named=("0.crossbowman", "0.deasta"), hiding={"1.laeva": True})
    s, events = act(s, RangedAttack(0, "0.crossbowman", "1.laeva", man=2), [5, 5])
    # 12 + 5 = 17 against 2 × 1 + 2 + 5 = 9: ⌊8/2⌋ = 4, 4 − 1 = 3 Ép of 10
    assert of_kind(events, AttackResolved)[0][3:6] == (17, 9, True)
    assert of_kind(events, Damaged) == [Damaged("1.laeva", "sp", 4, 1, 3, 0)]
    assert value(s, "ep", "1.laeva") == 7


def test_the_first_attack_out_of_hiding_gets_plus_two_ce_and_ends_hiding__hr4():
    # (4,-7) to (7,-8), all M-NE: the line (4,-7) (5,-7) (6,-8) (7,-8) through the blocks centred
    # on (4,-6), (6,-9), (7,-7): 2 borders, defence 4 + d10; block distance 1
    where = {"0.laeva": (4, -7), "1.deasta": (7, -8)}
    s = outer(where, named=("0.laeva", "0.deasta"), hiding={"0.laeva": True})
    s, events = act(s, RangedAttack(0, "0.laeva", "1.deasta", man=2), [5, 5])
    # laeva CÉ 11 + 2 + 5 = 18 against 4 + 5 = 9: ⌊9/2⌋ = 4, 4 − 1 = 3 Ép of 11
    assert of_kind(events, AttackResolved)[0][3:6] == (18, 9, True)
    assert of_kind(events, Damaged) == [Damaged("1.deasta", "sp", 4, 1, 3, 0)]
    assert not value(s, "hiding", "0.laeva") and value(s, "ammo", "0.laeva") == 7


def test_a_shot_through_an_open_cross_gate_counts_no_wall__rb_p6_p10_hr1_8():
    # (5,-8) in M-NE to (3,-9) in M-NW: the line (5,-8) (4,-8) (4,-9) (3,-9) crosses the north
    # cross wall at gate G-N-M, (4,-8)-(4,-9); blocks (6,-9) then (3,-8) for the rest: 1 border.
    where = {"0.crossbowman": (5, -8), "1.deasta": (3, -9)}
    closed = outer(where, named=("0.crossbowman", "0.laeva"))
    with pytest.raises(IllegalActionError, match=r"RB p.10"):
        apply(closed, RangedAttack(0, "0.crossbowman", "1.deasta"))
    s = outer(where, named=("0.crossbowman", "0.laeva"), gates=G.gate_bit["G-N-M"])
    s, events = act(s, RangedAttack(0, "0.crossbowman", "1.deasta", man=2), [3, 4])
    # 12 + 3 = 15 against 2 × 1 + 4 = 6: ⌊9/2⌋ = 4, 4 − 1 = 3 Ép of 11
    assert of_kind(events, AttackResolved)[0][3:6] == (15, 6, True)
    assert of_kind(events, Damaged) == [Damaged("1.deasta", "sp", 4, 1, 3, 0)]
    # a sneaking body on a gate hex neither blocks the gate nor counts (RB p.6, p.10)
    body = outer(
        {**where, "1.laeva": (4, -9)},
        named=("0.crossbowman", "0.laeva"),
        gates=G.gate_bit["G-N-M"],
        sneaking={"1.laeva": True},
    )
    s, events = act(body, RangedAttack(0, "0.crossbowman", "1.deasta", man=2), [3, 4])
    assert of_kind(events, AttackResolved)[0][3:6] == (15, 6, True)
    blocked = tweak(body, sneaking={"1.laeva": False})
    with pytest.raises(IllegalActionError, match=r"RB p.10"):
        apply(blocked, RangedAttack(0, "0.crossbowman", "1.deasta"))


# (6,-5) in M-NE to (-1,-1) in C: the line (6,-5) (5,-4) (4,-4) (3,-3) (2,-3) (1,-2) (0,-2) (-1,-1)
# crosses the inner circle wall once and the blocks centred on (5,-4), (2,-3), (-1,-2): 2 borders.
# Ranged defence 2 × 3 + d10; block distance 2 (HR-1.3), in range of bolts and daggers.
AT_GLADIATOR = {"0.crossbowman": (6, -5), "0.deasta": (6, -5), "1.gladiator": (-1, -1)}


def test_a_sword_master_may_be_shot_by_bolts_after_one_stp_lost_and_keeps_sfe_one__rb_p20_hr2_3():
    teams = (base_roster(), team("sword_master"))  # STP 2, SFÉ 1 (RB p.20); no Pajzsfal
    s = outer(AT_GLADIATOR, named=("0.crossbowman", "0.deasta"), teams=teams)
    with pytest.raises(IllegalActionError, match="RB p.1"):
        apply(s, RangedAttack(0, "0.crossbowman", "1.gladiator"))
    s = tweak(s, stp={"1.gladiator": 1})
    assert at_gladiator(s) == {"0.crossbowman"}
    s, events = act(s, RangedAttack(0, "0.crossbowman", "1.gladiator", man=2), [10, 1])
    # 12 + 10 = 22 against 2 × 3 + 1 = 7 (a shield, but no Pajzsfal): ⌊15/2⌋ = 7, 7 − 1 = 6 Ép
    assert of_kind(events, AttackResolved)[0][3:6] == (22, 7, True)
    assert of_kind(events, Damaged) == [Damaged("1.gladiator", "sp", 7, 1, 6, 0)]
    daggers = outer(AT_GLADIATOR, named=("0.crossbowman", "0.deasta"), teams=teams, stp={"1.gladiator": 0})
    assert at_gladiator(daggers) == {"0.crossbowman", "0.deasta"}


def at_gladiator(s):
    """Who may shoot the enemy gladiator."""
    return {a.char for a in legal(s, 0) if isinstance(a, RangedAttack) and a.target == "1.gladiator"}


def test_a_heavy_gladiator_may_be_shot_after_three_and_six_stp_lost_and_has_sfe_three__hr2_3_hr3_3():
    teams = (base_roster(), team("heavy"))  # STP 6, SFÉ 3 (HR-3.3)
    s = outer(AT_GLADIATOR, named=("0.crossbowman", "0.deasta"), teams=teams, stp={"1.gladiator": 4})
    assert at_gladiator(s) == set()  # 2 lost: not yet
    s = tweak(s, stp={"1.gladiator": 3})
    assert at_gladiator(s) == {"0.crossbowman"}
    s, events = act(s, RangedAttack(0, "0.crossbowman", "1.gladiator", man=2), [10, 1])
    # 22 against 7: ⌊15/2⌋ = 7, 7 − 3 = 4 Ép; shots cost no STP
    assert of_kind(events, Damaged) == [Damaged("1.gladiator", "sp", 7, 3, 4, 0)]
    assert (value(s, "ep", "1.gladiator"), value(s, "stp", "1.gladiator")) == (16, 3)
    s = outer(AT_GLADIATOR, named=("0.crossbowman", "0.deasta"), teams=teams, stp={"1.gladiator": 1})
    assert at_gladiator(s) == {"0.crossbowman"}  # 5 lost
    assert at_gladiator(tweak(s, stp={"1.gladiator": 0})) == {"0.crossbowman", "0.deasta"}


# --- modifiers never stack; skills always add (RB p.10, p.12; digest §13, A33; HR-12 ruling 14) --


def test_of_several_spell_and_trap_modifiers_only_the_worst_applies_and_skills_add__rb_p10_p12_hr12_14():
    s = outer({"0.deasta": (6, -8), "1.deasta": (6, -8)})
    for char, val, amount, source in (
        ("0.deasta", "te", -4, "Átok"),
        ("0.deasta", "te", -2, "Vakító tükrök"),
        ("0.deasta", "te", 5, "Villámpenge"),
        ("1.deasta", "ve", 3, "a bonus"),
        ("1.deasta", "ve", -2, "Vakító tükrök"),
    ):
        evolve(s, EffectAdded(char, val, amount, source, 1))
    s, _ = apply(s, MeleeAttack(0, "0.deasta", "1.deasta", man=2))
    s, events = act(s, Dodge(1, "1.deasta", True), [10, 1])
    # TÉ: of −4, −2, +5 only the worst, −4: 11 − 4 + 10 = 17. VÉ: of +3 and −2 the penalty, −2;
    # Kitérés is a skill and adds: 10 − 2 + 3 + 1 = 12. ⌊5/2⌋ = 2 raw Sp (< 3), 2 − 1 = 1 Ép.
    assert of_kind(events, AttackResolved)[0][3:6] == (17, 12, True)
    assert of_kind(events, Damaged) == [Damaged("1.deasta", "sp", 2, 1, 1, 0)]
    assert (value(s, "ep", "1.deasta"), value(s, "debt", "1.deasta")) == (10, 1)


# --- gladiator types (HR-3.3) -------------------------------------------------------------------


@pytest.mark.parametrize(("gtype", "mozgas"), [("armoured", 5), ("sword_master", 5), ("net_fighter", 6), ("heavy", 4)])
def test_each_gladiator_type_moves_its_own_mozgas__hr3_3(gtype, mozgas):
    pile = ("short_sword", "trident") if gtype == "net_fighter" else None
    # from (-4,0) on the circle's west edge every hex up to 6 steps east is still in C (HR-1.2)
    s = gladiators((-4, 0), (0, 3), teams=(team(gtype, pile=pile), base_roster()), grips=FREE_HAND)
    longest = max(len(a.path) for a in legal(s, 0) if isinstance(a, Move))
    assert longest == mozgas


def test_the_heavy_gladiators_sfe_three_and_steadfast__hr3_3():
    # heavy (Nehézvértes): base VÉ 2, SFÉ 3, STP 6; short sword + shield: VÉ 2 + 2 + 4 = 8
    s = gladiators(teams=(base_roster(), team("heavy")))
    s, _ = apply(s, MeleeAttack(0, "0.gladiator", "1.gladiator", "takedown", man=4))
    s, events = act(s, Dodge(1, "1.gladiator", False), [10, 1])
    # 18 + 10 = 28 against 8 + 1 = 9: ⌊19/2⌋ = 9, halved by Földrevitel to 4 (≥ 4: 1 STP);
    # 4 − 3 = 1 Ép; Rendíthetetlen: never knocked down
    assert of_kind(events, AttackResolved)[0][3:6] == (28, 9, True)
    assert of_kind(events, Damaged) == [Damaged("1.gladiator", "sp", 4, 3, 1, 1)]
    assert not value(s, "prone", "1.gladiator")
    assert (value(s, "ep", "1.gladiator"), value(s, "stp", "1.gladiator")) == (19, 5)


def test_gyors_penge_second_attack_with_exact_numbers__hr3_3():
    # sword-master with the short sword: TÉ 15 + 4 = 19; the second attack at −4 = 15
    s = gladiators(teams=(team("sword_master"), base_roster()), grips=FREE_HAND)
    s, _ = apply(s, MeleeAttack(0, "0.gladiator", "1.gladiator", man=2))
    s, events = act(s, Dodge(1, "1.gladiator", False), [1, 10])
    assert of_kind(events, AttackResolved)[0][3:6] == (20, 19, True)  # ⌊1/2⌋ = 0: nothing
    s = settle(s)
    s, _ = apply(s, MeleeAttack(0, "0.gladiator", "1.gladiator", None, None, True, 2))
    s, events = act(s, Dodge(1, "1.gladiator", False), [10, 1])
    # 15 + 10 = 25 against 9 + 1 = 10: ⌊15/2⌋ = 7 ≥ 4: 1 STP; 7 − 2 = 5 Ép; 2 + 2 MAN
    assert of_kind(events, AttackResolved)[0][3:6] == (25, 10, True)
    assert of_kind(events, Damaged) == [Damaged("1.gladiator", "sp", 7, 2, 5, 1)]
    assert s.pool == 2


# --- death (HR-11) --------------------------------------------------------------------------------


def test_a_corpse_does_not_count_toward_three_per_hex__hr11_rb_p8():
    where = {"1.laeva": (6, -8), "0.witch_master": (6, -8), "0.crossbowman": (6, -8), "0.laeva": (5, -8)}
    full = outer(where)
    with pytest.raises(IllegalActionError, match=r"three characters \(RB p.8\)"):
        apply(full, Move(0, "0.laeva", hexes((6, -8))))
    s = tweak(full, alive={"1.laeva": False})
    s, _ = apply(s, Move(0, "0.laeva", hexes((6, -8)), 1))
    assert at(s, "0.laeva") == hexes((6, -8))[0] and s.pool == 5


def test_an_outer_fighter_killed_in_melee_costs_his_side_three_man_a_step__rb_p8_hr11():
    s = outer({"0.deasta": (6, -8), "1.laeva": (6, -8)}, ep={"1.laeva": 2})
    s, events = act(s, MeleeAttack(0, "0.deasta", "1.laeva", man=2), [10, 1])
    # 21 against 10: ⌊11/2⌋ = 5, 5 − 1 = 4 Ép ≥ 2: dead
    assert of_kind(events, Damaged) == [Damaged("1.laeva", "sp", 5, 1, 4, 1)]
    assert not value(s, "alive", "1.laeva")
    s, _ = apply(s, EndStep(0))
    s = name(s, 1, "1.deasta", "1.witch_master")
    assert s.pool == 6
    s, _ = apply(s, EndStep(1))
    s, _ = apply(s, EndStep(0))  # step 3 (seat 0's other two)
    # step 4: only 1.crossbowman has not acted and lives: 3 MAN (RB p.8, HR-12 ruling 3)
    assert (s.step, [s.sheets[c].id for c in s.named], s.pool) == (4, ["1.crossbowman"], 3)


# --- illegal actions (HR-12 ruling 38; every rule) -------------------------------------------------


def _illegal_cases():
    glad = gladiators((-1, -2), (0, 3))
    duel = outer({"0.deasta": (6, -8), "1.laeva": (6, -8)})
    attacked, _ = act(duel, MeleeAttack(0, "0.deasta", "1.laeva", man=2), [1, 10])
    crowded = {"0.witch_master": (6, -8), "0.crossbowman": (6, -8), "1.deasta": (6, -8), "0.laeva": (5, -8)}
    wall = outer({"0.crossbowman": (5, -8), "1.deasta": (3, -9)}, named=("0.crossbowman", "0.laeva"))
    return [
        ("three per hex", outer(crowded), Move(0, "0.laeva", hexes((6, -8))), "RB p.8"),
        ("a closed gate", outer({"0.laeva": (4, -9)}), Move(0, "0.laeva", hexes((4, -8))), "RB p.6"),
        ("the central circle", outer({"0.laeva": (6, -5)}), Move(0, "0.laeva", hexes((5, -4))), "HR-1.4"),
        ("over a cross wall", wall, RangedAttack(0, "0.crossbowman", "1.deasta"), "RB p.10"),
        ("a second attack", attacked, MeleeAttack(0, "0.deasta", "1.laeva"), "RB p.6"),
        ("no disengaging after attacking", attacked, Disengage(0, "0.deasta", hexes((7, -8))[0]), "RB p.6"),
        ("off his own pile", glad, SwapWeapons(0, "0.gladiator", ("greatsword",)), "RB p.9"),
        ("strategist MAN to the gladiator", glad, Grant(0, "0.gladiator", 1), "RB p.8"),
        ("out of turn", outer({}), Move(1, "1.deasta", hexes((-1, 9))), "HR-12 ruling 38"),
        ("a gate from afar", outer({"0.laeva": (5, -8)}), ToggleGate(0, "0.laeva", "G-E-M"), "HR-1.5"),
    ]


def test_an_illegal_action_names_its_rule_and_leaves_the_state_unchanged__hr12_38():
    for label, s, action, rule in _illegal_cases():
        before = state_hash(s)
        with pytest.raises(IllegalActionError) as err:
            apply(s, action)
        assert rule in err.value.rule, (label, str(err.value))
        assert str(err.value).endswith(f"({err.value.rule})"), label
        assert str(err.value).count("(RB p.") + str(err.value).count("(HR-") == 1, (label, str(err.value))
        assert state_hash(s) == before, label
