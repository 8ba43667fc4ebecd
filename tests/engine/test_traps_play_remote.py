"""Remote traps 1-8 in play (RB p.18; HR-5 cards 1-8; HR-4; HR-12 rulings 4, 13, 30).

Seat 0 acts in step 1; 0.deasta has just entered the numbered hex (``on_trap_hex``) and pays the
card's MAN from the step pool (6 for two named characters). The numbers are worked out in each
test's comment. The base team's dagger-throwers: deasta VÉ 10, Ép 11, SFÉ 1, STP 3, Eg 4, with
Kitérés; laeva VÉ 9, Ép 10, SFÉ 1, STP 3, Eg 4, no Kitérés.
"""

from __future__ import annotations

import pytest

from arena.engine import IllegalActionError, apply, view_json
from arena.engine.match.actions import Dodge, EndStep, Move, Name, TriggerTrap, UseSkill
from arena.engine.match.events import (
    AmuletRevealed,
    Damaged,
    DodgeDecided,
    EffectAdded,
    MatchEnded,
    Netted,
    Pushed,
    TrapAttackResolved,
    TrapDodgeOffered,
    TrapPlayed,
    TrapPoisonResolved,
)
from arena.engine.match.state import PendingTrapDodge

from .match_helpers import G, act, hexes, legal, of_kind, place, to_step, tweak
from .traps_play_helpers import on_trap_hex


def triggers(s, seat=0):
    return [a for a in legal(s, seat) if isinstance(a, TriggerTrap)]


def targets(s):
    return {a.target for a in triggers(s)}


def ep(s, char):
    return s.ep[s.index[char]]


def stp(s, char):
    return s.stp[s.index[char]]


def test_swinging_blades_attack_14_plus_d10_hits_for_half_the_margin_in_sp__hr_5_card_1():
    s = on_trap_hex(1, {"1.laeva": (3, 3)})  # (3,3) in M-SE lies beside the inner circle wall
    options = triggers(s)
    assert [a.target for a in options] == ["1.laeva"] and options[0].man == 2
    # 14 + 8 = 22 against laeva's VÉ 9 + 2 = 11: Δ 11, ⌊11/2⌋ = 5 Sp: STP 3 → 2, Ép 10 - (5 - 1) = 6
    s, events = act(s, options[0], [8, 2])
    resolved = of_kind(events, TrapAttackResolved)[0]
    assert (resolved.attack_total, resolved.defence_total, resolved.hit) == (
        22,
        11,
        True,
    )
    assert of_kind(events, Damaged)[0][:6] == ("1.laeva", "sp", 5, 1, 4, 1)
    assert ep(s, "1.laeva") == 6 and stp(s, "1.laeva") == 2
    assert s.pool == 6 - 1 - 2 and s.traps[0] == ()  # 1 for the hex, 2 for the card; played once
    played = of_kind(events, TrapPlayed)[0]
    assert (played.card, played.by, played.target, played.strategist) == (
        1,
        "0.deasta",
        "1.laeva",
        False,
    )


def test_swinging_blades_may_be_dodged_and_the_kiteres_is_owed_outside_his_step__hr_5_card_1_hr_4():
    s = on_trap_hex(1, {"1.deasta": (3, 3)})
    s, events = apply(s, triggers(s)[0])
    assert isinstance(s.pending, PendingTrapDodge) and of_kind(events, TrapDodgeOffered)
    assert view_json(s, None)["pending"] == {
        "kind": "trap_dodge",
        "seat": 1,
        "char": "1.deasta",
        "card": 1,
    }
    # 14 + 6 = 20 against VÉ 10 + Kitérés 3 + 7 = 20: a tie misses
    s, events = act(s, Dodge(1, "1.deasta", True), [6, 7])
    assert of_kind(events, DodgeDecided)[0].owed and s.debt[s.index["1.deasta"]] == 1
    assert of_kind(events, TrapAttackResolved)[0][1:5] == ("1.deasta", 20, 20, False)
    assert ep(s, "1.deasta") == 11 and not of_kind(events, Damaged)


def test_spear_wall_deals_4_sp_no_roll__hr_5_card_2():
    s = on_trap_hex(2, {"1.laeva": (6, 0)})  # (6,0) lies beside the east cross wall
    # 4 Sp, no roll: raw 4 ≥ 3 costs 1 STP, SFÉ 1 leaves 3 Ép: 10 → 7
    s, events = act(s, TriggerTrap(0, "0.deasta", 2, "1.laeva", man=2), [])
    assert of_kind(events, Damaged)[0][:6] == ("1.laeva", "sp", 4, 1, 3, 1)
    assert ep(s, "1.laeva") == 7 and stp(s, "1.laeva") == 2


def test_spear_wall_needs_a_cross_wall_edge__hr_5_card_2():
    s = on_trap_hex(2, {"1.laeva": (4, 3)})
    assert "1.laeva" not in targets(s)
    with pytest.raises(IllegalActionError, match="condition"):
        apply(s, TriggerTrap(0, "0.deasta", 2, "1.laeva"))


def test_drop_net_hit_bans_man_in_his_next_step__hr_5_card_3_hr12_13():
    s = on_trap_hex(3, {"1.laeva": (-7, 6), "1.deasta": (-7, 5)})  # beside hex 3 (−8,6)
    # 12 + 9 = 21 against laeva's VÉ 9 + 5 = 14: a hit; no damage, no MAN in his next step
    s, events = act(s, TriggerTrap(0, "0.deasta", 3, "1.laeva", man=2), [9, 5])
    assert of_kind(events, Netted) and s.netted[s.index["1.laeva"]]
    s = to_step(s, 2)
    s, events = apply(s, Name(1, ("1.deasta", "1.laeva")))
    assert s.pool == 6  # the pool counts him (ruling 13) but he cannot act
    assert all(a.char != "1.laeva" for a in legal(s, 1) if hasattr(a, "char"))


def test_drop_net_needs_the_target_within_3_blocks_of_hex_3__hr_5_card_3():
    s = on_trap_hex(3, {"1.laeva": (4, 3)})
    assert G.board.block_distance(hexes((4, 3))[0], hexes((-8, 6))[0]) > 3
    assert not triggers(s)


def test_erupting_spring_hits_a_gladiator_in_the_central_circle_and_pushes_him__hr_5_card_4():
    s = on_trap_hex(4, {"1.gladiator": (-1, -4)}, cards=(4,))
    s = tweak(s, pool=6)
    options = triggers(s)
    assert {a.target for a in options} == {"1.gladiator"} and all(a.man == 3 for a in options)
    assert {a.push for a in options} == {
        G.hexes[n] for n, gate in G.steps[G.index[hexes((-1, -4))[0]]] if G.central[n]
    }  # one hex, never out of the circle
    push = hexes((0, -4))[0]
    # 4 Sp against metal SFÉ 2: 2 Ép (20 → 18); raw 4 ≥ 4 costs the gladiator 1 STP (4 → 3)
    s, events = act(s, TriggerTrap(0, "0.deasta", 4, "1.gladiator", push, 3), [])
    assert of_kind(events, Damaged)[0][:6] == ("1.gladiator", "sp", 4, 2, 2, 1)
    assert of_kind(events, Pushed)[0].to == push and G.hexes[s.pos[s.index["1.gladiator"]]] == push
    assert ep(s, "1.gladiator") == 18 and stp(s, "1.gladiator") == 3


def test_no_other_trap_works_in_the_central_circle__rb_p18():
    s = on_trap_hex(7, {"1.gladiator": (-4, 3)})  # within 4 blocks of hex 7, but in the circle
    assert all(a.target != "1.gladiator" for a in triggers(s))
    with pytest.raises(IllegalActionError):
        apply(s, TriggerTrap(0, "0.deasta", 7, "1.gladiator"))


def test_a_gladiator_killed_by_the_spring_loses_the_match__rb_p6_hr_5_card_4():
    s = on_trap_hex(4, {"1.gladiator": (-1, -4)}, cards=(4,))
    s = tweak(s, ep={"1.gladiator": 2})
    s, events = act(s, TriggerTrap(0, "0.deasta", 4, "1.gladiator", hexes((0, -4))[0], 3), [])
    assert s.result is not None and s.result.winner == 0 and of_kind(events, MatchEnded)
    assert not of_kind(events, Pushed)


def test_quicksand_makes_every_hex_cost_2_and_forbids_running_until_the_end_of_next_round__hr_5_card_5():
    s = on_trap_hex(5, {"1.deasta": (5, 9)})  # (5,9) is in the outer ring
    s, events = act(s, TriggerTrap(0, "0.deasta", 5, "1.deasta", man=2), [])
    assert not of_kind(events, Damaged)
    s = to_step(s, 2)
    s, _ = apply(s, Name(1, ("1.deasta", "1.laeva")))
    moves = [a for a in legal(s, 1) if isinstance(a, Move) and a.char == "1.deasta"]
    assert moves and all(a.man == 2 * len(a.path) for a in moves)  # 6 MAN: 3 hexes at most
    assert max(len(a.path) for a in moves) == 3
    assert UseSkill(1, "1.deasta", "running", 1) not in legal(s, 1)
    with pytest.raises(IllegalActionError, match="quicksand"):
        apply(s, UseSkill(1, "1.deasta", "running"))
    s = to_step(s, 1, round_=3)  # after step 6 of round 2 it is over
    s = place(s, {"1.deasta": (5, 9)})
    s = to_step(s, 2)
    s, _ = apply(
        s,
        Name(
            1,
            next(a.chars for a in legal(s, 1) if isinstance(a, Name) and "1.deasta" in a.chars),
        ),
    )
    assert all(a.man == len(a.path) for a in legal(s, 1) if isinstance(a, Move) and a.char == "1.deasta")


def test_poisoned_spikes_2_ep_then_poison_5_plus_d10_against_eg_for_3_more__hr_5_card_6():
    s = on_trap_hex(6, {"1.deasta": (7, 0)})  # a gate hex (G-E-M), closed
    # 2 Ép; poison 5 + 7 = 12 against Eg 4 + 3 = 7: poisoned, 3 Ép more: 11 → 6, no STP lost
    s, events = act(s, TriggerTrap(0, "0.deasta", 6, "1.deasta", man=2), [7, 3])
    assert [d[:6] for d in of_kind(events, Damaged)] == [
        ("1.deasta", "ep", 2, 0, 2, 0),
        ("1.deasta", "ep", 3, 0, 3, 0),
    ]
    assert of_kind(events, TrapPoisonResolved)[0][2:5] == (12, 7, True)
    assert ep(s, "1.deasta") == 6 and stp(s, "1.deasta") == 3


def test_the_poison_amulet_cancels_the_spikes_poison_and_is_shown__hr_5_card_6_rb_p7():
    s = on_trap_hex(6, {"1.deasta": (7, 0)})
    s = tweak(s, amulet={"1.deasta": "poison", "1.gladiator": None})
    assert view_json(s, 0)["characters"][9]["amulet"] is None
    s, events = act(s, TriggerTrap(0, "0.deasta", 6, "1.deasta", man=2), [])  # no poison roll
    assert of_kind(events, AmuletRevealed)[0][:2] == ("1.deasta", "poison")
    assert ep(s, "1.deasta") == 9 and not of_kind(events, TrapPoisonResolved)
    assert view_json(s, 0)["characters"][9]["amulet"] == "poison" == view_json(s, None)["characters"][9]["amulet"]


def test_rockfall_deals_5_sp_no_roll__hr_5_card_7():
    s = on_trap_hex(7, {"1.witch_master": (-12, 9)})
    s = tweak(s, pool=6)
    # 5 Sp: raw 5 ≥ 3 costs 1 STP (2 → 1); SFÉ 1: 4 Ép, 10 → 6
    s, events = act(s, TriggerTrap(0, "0.deasta", 7, "1.witch_master", man=3), [])
    assert of_kind(events, Damaged)[0][:6] == ("1.witch_master", "sp", 5, 1, 4, 1)
    assert ep(s, "1.witch_master") == 6 and stp(s, "1.witch_master") == 1 and s.pool == 6 - 3


def test_blinding_mirrors_minus_3_ce_minus_2_te_until_the_end_of_the_next_round__hr_5_card_8():
    s = on_trap_hex(8, {"1.crossbowman": (-5, -8)})
    s, events = act(s, TriggerTrap(0, "0.deasta", 8, "1.crossbowman", man=1), [])
    added = of_kind(events, EffectAdded)
    assert [(e.value, e.amount, e.last_round) for e in added] == [
        ("ce", -3, 2),
        ("te", -2, 2),
    ]
    assert s.pool == 6 - 1 - 1
    s = to_step(s, 6, round_=2)
    assert len(s.effects) == 2
    s = to_step(s, 1, round_=3)
    assert s.effects == ()  # lapsed after step 6 of round 2


def test_trap_modifiers_do_not_stack_with_each_other__hr_5_digest_13():
    from arena.engine.content.common import CombatValue
    from arena.engine.match.rules.modifiers import non_stacking

    s = on_trap_hex(8, {"1.crossbowman": (-5, -8)})
    s, _ = act(s, TriggerTrap(0, "0.deasta", 8, "1.crossbowman", man=1), [])
    s = tweak(s, effects=(*s.effects, s.effects[0]._replace(amount=-2, source="another trap")))
    assert non_stacking(s, s.index["1.crossbowman"], CombatValue.CE) == -3  # the largest penalty only


def test_a_remote_trap_needs_the_hex_entered_in_this_step__rb_p18_hr12_30():
    s = on_trap_hex(2, {"1.laeva": (6, 0)})
    s, _ = apply(s, EndStep(0))
    s = to_step(s, 3)
    s = place(s, {"0.crossbowman": (2, 6), "1.laeva": (6, 0)})
    assert set(s.named) == {
        s.index["0.witch_master"],
        s.index["0.crossbowman"],
    }  # named by force
    assert not triggers(s)  # standing on hex 2 is not enough: he must step off and back on
    with pytest.raises(IllegalActionError, match="enter hex 2"):
        apply(s, TriggerTrap(0, "0.crossbowman", 2, "1.laeva"))
    s, _ = apply(s, Move(0, "0.crossbowman", hexes((3, 6))))
    s, _ = apply(s, Move(0, "0.crossbowman", hexes((2, 6))))
    assert "1.laeva" in targets(s)


def test_a_remote_trap_is_paid_from_the_step_topped_up_by_the_strategist__rb_p18_hr12_4():
    s = on_trap_hex(7, {"1.witch_master": (-12, 9)})
    s = tweak(s, pool=2)
    assert not triggers(s)  # 3 MAN needed, 2 in the pool
    from arena.engine.match.actions import Grant

    s, _ = apply(s, Grant(0, "0.deasta", 1))
    s, _ = act(s, TriggerTrap(0, "0.deasta", 7, "1.witch_master", man=3), [])
    assert s.pool == 0 and s.granted == 0 and s.strat_man[0] == 3


def test_each_card_is_played_once__digest_a58():
    s = on_trap_hex(2, {"1.laeva": (6, 0), "1.deasta": (6, 0)})
    s = tweak(s, pool=6)
    s, _ = act(s, TriggerTrap(0, "0.deasta", 2, "1.laeva", man=2), [])
    with pytest.raises(IllegalActionError, match="no unplayed trap card 2"):
        apply(s, TriggerTrap(0, "0.deasta", 2, "1.deasta"))
    assert view_json(s, 1)["seats"][0]["trap_cards"] == 0


def test_hiding_protects_from_remote_traps_more_than_1_block_from_the_numbered_hex__hr_4_hr12_30():
    s = on_trap_hex(7, {"1.witch_master": (-15, 4)})
    s = tweak(s, pool=6, hiding={"1.witch_master": True})
    far = G.board.block_distance(hexes((-15, 4))[0], hexes((-13, 9))[0])
    assert far > 1 and "1.witch_master" not in targets(s)
    s = place(s, {"1.witch_master": (-12, 9)})
    assert "1.witch_master" in targets(s)


def test_remote_traps_never_target_strategists_or_friends__hr_5():
    s = on_trap_hex(7, {"0.laeva": (-12, 9)})
    s = tweak(s, pool=6)
    assert not {"0.laeva", "1.strategist"} & targets(s)
    with pytest.raises(IllegalActionError, match="only enemies"):
        apply(s, TriggerTrap(0, "0.deasta", 7, "0.laeva"))
    with pytest.raises(IllegalActionError, match="strategist"):
        apply(s, TriggerTrap(0, "0.deasta", 7, "1.strategist"))


def test_an_open_gate_hex_belongs_to_both_rings_for_quicksand__rb_p6_hr_5_card_5():
    # (11,-8) is the outer-ring hex of ring gate G-R-NE; (10,-7) its middle-ring hex
    s = on_trap_hex(5, {"1.deasta": (10, -7)})
    assert "1.deasta" not in targets(s)
    s = tweak(s, gates=s.gates | G.gate_bit["G-R-NE"])
    assert "1.deasta" in targets(s)
