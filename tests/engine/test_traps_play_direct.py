"""Direct traps 9-16 in play (RB p.18; HR-5 cards 9-16; HR-4; HR-12 rulings 6, 14, 26-29).

Seat 1 acts in step 2 with 1.deasta (VÉ 10, Ép 11, SFÉ 1, STP 3, Eg 4, Kitérés, Futás) on (3,3)
in M-SE; seat 0 holds the card and answers the window, paying from its strategist's 4 MAN.
"""

from __future__ import annotations

import pytest

from arena.engine import IllegalActionError, apply, view_json
from arena.engine.match.actions import (
    Dodge,
    EndStep,
    Move,
    Name,
    OpenJaws,
    PlayTraps,
    RangedAttack,
    StandUp,
    ToggleGate,
    UseSkill,
)
from arena.engine.match.events import (
    Damaged,
    DodgeDecided,
    EffectAdded,
    GateJammed,
    GateToggled,
    KnockedDown,
    Moved,
    TrapAttackResolved,
    TrapPlayed,
    TrapPoisonResolved,
)
from arena.engine.match.state import PendingTrapDodge, PendingTrapWindow

from .match_helpers import G, act, hexes, legal, of_kind, to_step, tweak
from .traps_play_helpers import EAST, mover_step

DEASTA = "1.deasta"


def strike(s, card, at, dice=()):
    """1.deasta moves EAST; seat 0 plays ``card`` at ``at``."""
    s, _ = apply(s, Move(1, DEASTA, EAST))
    assert isinstance(s.pending, PendingTrapWindow)
    return act(s, PlayTraps(0, ((card, hexes(at)[0]),)), list(dice))


def where(s, char=DEASTA):
    h = G.hexes[s.pos[s.index[char]]]
    return (h.q, h.r)


def ep(s, char=DEASTA):
    return s.ep[s.index[char]]


def test_pit_deals_3_sp_ends_movement_and_costs_1_more_man_out__hr_5_card_9():
    s = mover_step((9,))
    s, events = strike(s, 9, (5, 3))
    # he pays only the 2 hexes entered; 3 Sp: raw 3 ≥ 3 costs 1 STP, SFÉ 1 leaves 2 Ép (11 → 9)
    assert [e.path for e in of_kind(events, Moved)] == [hexes((4, 3), (5, 3))]
    assert of_kind(events, Damaged)[0][:6] == (DEASTA, "sp", 3, 1, 2, 1)
    assert where(s) == (5, 3) and ep(s) == 9 and s.pool == 6 - 2 and s.strat_man[0] == 4 - 2
    assert not [a for a in legal(s, 1) if isinstance(a, Move) and a.char == DEASTA]
    with pytest.raises(IllegalActionError, match="ended his movement"):
        apply(s, Move(1, DEASTA, hexes((6, 3))))
    s = to_step(s, 2, round_=2)
    s, _ = apply(s, Name(1, (DEASTA, "1.laeva")))
    moves = {a.path[-1]: a.man for a in legal(s, 1) if isinstance(a, Move) and a.char == DEASTA}
    assert moves[hexes((6, 3))[0]] == 2 and moves[hexes((7, 3))[0]] == 3  # +1 for the first hex out
    s, events = apply(s, Move(1, DEASTA, hexes((6, 3)), 2))
    assert s.pool == 4
    s, _ = apply(s, Move(1, DEASTA, hexes((5, 3)), 1))  # back into the pit hex: no longer a pit
    assert {a.path[-1]: a.man for a in legal(s, 1) if isinstance(a, Move) and a.char == DEASTA}[hexes((6, 3))[0]] == 1


def test_pit_cannot_strike_on_a_gate_hex__hr_5_card_9():
    s = mover_step((9,), {DEASTA: (6, 0)})
    s, _ = apply(s, Move(1, DEASTA, hexes((7, 0), (7, 1))))
    options = [a for a in legal(s, 0) if isinstance(a, PlayTraps)]
    assert {a.strikes[0][1] for a in options} == {hexes((7, 1))[0]}  # (7,0) is a gate hex


def test_bear_trap_deals_2_ep_ends_movement_and_holds_until_2_man_open_the_jaws__hr_5_card_10():
    s = mover_step((10,))
    s, events = strike(s, 10, (4, 3))
    assert of_kind(events, Damaged)[0][:6] == (
        DEASTA,
        "ep",
        2,
        0,
        2,
        0,
    )  # Ép: no armour, no STP
    assert where(s) == (4, 3) and ep(s) == 9 and s.stp[s.index[DEASTA]] == 3
    assert not any(isinstance(a, OpenJaws) for a in legal(s, 1))  # not in the step they shut
    s = to_step(s, 2, round_=2)
    s, _ = apply(s, Name(1, (DEASTA, "1.laeva")))
    assert not [a for a in legal(s, 1) if isinstance(a, Move) and a.char == DEASTA]
    with pytest.raises(IllegalActionError, match="jaws"):
        apply(s, Move(1, DEASTA, hexes((5, 3))))
    s, _ = apply(s, OpenJaws(1, DEASTA, 2))
    assert s.pool == 4 and [a for a in legal(s, 1) if isinstance(a, Move) and a.char == DEASTA]


def test_portcullis_keeps_the_crosser_on_his_side_4_sp_and_jams_the_gate__hr_5_card_11():
    s = mover_step((11,), {DEASTA: (7, 0)})
    s = tweak(s, gates=G.gate_bit["G-E-M"])  # the gate (7,0)|(8,-1) is open
    s, _ = apply(s, Move(1, DEASTA, hexes((8, -1), (9, -1))))
    s, events = act(s, PlayTraps(0, ((11, hexes((8, -1))[0]),)), [])
    # he stays on (7,0) and pays nothing; 4 Sp: 1 STP, 3 Ép (11 → 8); the gate shuts, jammed
    assert where(s) == (7, 0) and not of_kind(events, Moved) and s.pool == 6
    assert of_kind(events, Damaged)[0][:6] == (DEASTA, "sp", 4, 1, 3, 1) and ep(s) == 8
    assert of_kind(events, GateJammed)[0][:2] == ("G-E-M", 2) and not s.gates & G.gate_bit["G-E-M"]
    assert s.strat_man[0] == 1 and view_json(s, None)["gates_jammed"] == ["G-E-M"]
    assert not any(isinstance(a, ToggleGate) for a in legal(s, 1))
    with pytest.raises(IllegalActionError, match="jams"):
        apply(s, ToggleGate(1, DEASTA, "G-E-M"))
    s = to_step(s, 1, round_=3)
    assert G.gate_bit["G-E-M"] and view_json(s, None)["gates_jammed"] == []  # free after round 2


def test_portcullis_on_a_gate_toggle_lets_the_toggle_happen_then_shuts_it__hr_5_card_11_hr12_28():
    s = mover_step((11,), {DEASTA: (7, 0)})
    s, _ = apply(s, ToggleGate(1, DEASTA, "G-E-M"))
    window = [a for a in legal(s, 0) if isinstance(a, PlayTraps)]
    assert [a.strikes for a in window] == [((11, hexes((7, 0))[0]),)]
    s, events = act(s, window[0], [])
    assert of_kind(events, GateToggled)[0].opened and of_kind(events, GateJammed)
    assert not s.gates & G.gate_bit["G-E-M"] and ep(s) == 8 and s.pool == 5


def test_spiked_gate_wing_3_sp_on_entering_a_gate_hex_and_he_moves_on__hr_5_card_12():
    s = mover_step((12,), {DEASTA: (6, 0)})
    s, _ = apply(s, Move(1, DEASTA, hexes((7, 0), (7, 1))))
    assert [a.strikes[0][1] for a in legal(s, 0) if isinstance(a, PlayTraps)] == [hexes((7, 0))[0]]
    s, events = act(s, PlayTraps(0, ((12, hexes((7, 0))[0]),)), [])
    # 3 Sp: 1 STP, 2 Ép (11 → 9); the move goes on to (7,1): 2 hexes paid in two parts
    assert of_kind(events, Damaged)[0][:6] == (DEASTA, "sp", 3, 1, 2, 1) and ep(s) == 9
    assert [e.path for e in of_kind(events, Moved)] == [hexes((7, 0)), hexes((7, 1))]
    assert where(s) == (7, 1) and s.pool == 4 and s.strat_man[0] == 3


def test_spiked_gate_wing_strikes_a_gate_crossing_and_a_toggle__hr_5_card_12():
    s = mover_step((12,), {DEASTA: (7, 0)})
    s = tweak(s, gates=G.gate_bit["G-E-M"])
    s, _ = apply(s, Move(1, DEASTA, hexes((8, -1), (9, -1))))
    assert hexes((8, -1))[0] in {a.strikes[0][1] for a in legal(s, 0) if isinstance(a, PlayTraps)}
    s = mover_step((12,), {DEASTA: (7, 0)})
    s, _ = apply(s, ToggleGate(1, DEASTA, "G-E-M"))
    s, _ = act(s, PlayTraps(0, ((12, hexes((7, 0))[0]),)), [])
    assert s.gates & G.gate_bit["G-E-M"] and ep(s) == 9  # the gate opened; no jam


def test_spring_spear_attacks_15_plus_d10_kiteres_paid_at_once_and_he_moves_on__hr_5_card_13_hr12_6():
    s = mover_step((13,))
    s, _ = apply(s, Move(1, DEASTA, EAST))
    s, events = act(s, PlayTraps(0, ((13, hexes((4, 3))[0]),)), [])
    assert isinstance(s.pending, PendingTrapDodge) and where(s) == (4, 3) and s.pool == 5
    # Kitérés in his own step is paid at once (5 → 4). 15 + 9 = 24 against VÉ 10 + 3 + 1 = 14:
    # Δ 10, 5 Sp: 1 STP, 4 Ép (11 → 7); then he finishes the move to (6,3) for 2 more MAN
    s, events = act(s, Dodge(1, DEASTA, True), [9, 1])
    assert not of_kind(events, DodgeDecided)[0].owed and s.debt[s.index[DEASTA]] == 0
    resolved = of_kind(events, TrapAttackResolved)[0]
    assert (
        resolved.attack_total,
        resolved.defence_total,
        resolved.defence_modifiers,
    ) == (24, 14, (("Kitérés", 3),))
    assert of_kind(events, Damaged)[0][:6] == (DEASTA, "sp", 5, 1, 4, 1) and ep(s) == 7
    assert where(s) == (6, 3) and s.pool == 2 and of_kind(events, Moved)[0].path == hexes((5, 3), (6, 3))


def test_kiteres_against_a_direct_trap_needs_man_still_open__hr12_6():
    s = mover_step((13,))
    s = tweak(s, pool=1)
    s, _ = apply(s, Move(1, DEASTA, hexes((4, 3))))
    # the hex took his last MAN, so no Kitérés is offered: 15 + 9 = 24 against VÉ 10 + 1 = 11,
    # Δ 13, ⌊13/2⌋ = 6 Sp: 1 STP, SFÉ 1, 5 Ép (11 → 6)
    s, _ = act(s, PlayTraps(0, ((13, hexes((4, 3))[0]),)), [9, 1])
    assert s.pending is None and ep(s) == 6


def test_poison_thorn_1_ep_then_poison_minus_3_ve_minus_2_ce__hr_5_card_14():
    s = mover_step((14,))
    # 1 Ép (11 → 10); poison 6 + 5 = 11 against Eg 4 + 2 = 6: -3 VÉ, -2 CÉ until the end of round 2
    s, events = strike(s, 14, (5, 3), [5, 2])
    assert of_kind(events, Damaged)[0][:6] == (DEASTA, "ep", 1, 0, 1, 0)
    assert of_kind(events, TrapPoisonResolved)[0][2:5] == (11, 6, True)
    assert [(e.value, e.amount, e.last_round) for e in of_kind(events, EffectAdded)] == [("ve", -3, 2), ("ce", -2, 2)]
    assert where(s) == (6, 3) and ep(s) == 10  # his movement goes on


def test_dust_burst_ends_movement_and_bans_ranged_attacks_for_the_step__hr_5_card_15():
    s = mover_step((15,), {"0.laeva": (7, 3)})
    s, events = strike(s, 15, (4, 3))
    assert where(s) == (4, 3) and not of_kind(events, Damaged) and s.strat_man[0] == 3
    assert not any(isinstance(a, RangedAttack) and a.char == DEASTA for a in legal(s, 1))
    with pytest.raises(IllegalActionError, match="dust"):
        apply(s, RangedAttack(1, DEASTA, "0.laeva"))
    s, _ = apply(s, EndStep(1))
    assert not [m for m in s.trap_marks if m.kind == "dust" and m.until == s.round * 10 + s.step]


def test_tripwire_knocks_a_runner_prone_ends_movement_and_deals_2_sp__hr_5_card_16():
    s = mover_step((16,))
    s, _ = apply(s, UseSkill(1, DEASTA, "running"))
    s, events = strike(s, 16, (5, 3))
    # running: ⌈2/2⌉ = 1 MAN for the 2 hexes; 2 Sp: below 3, no STP; SFÉ 1: 1 Ép (11 → 10)
    assert of_kind(events, KnockedDown) and s.prone[s.index[DEASTA]]
    assert of_kind(events, Damaged)[0][:6] == (DEASTA, "sp", 2, 1, 1, 0) and ep(s) == 10
    assert where(s) == (5, 3) and s.pool == 6 - 1 - 1
    assert {type(a) for a in legal(s, 1) if getattr(a, "char", None) == DEASTA} & {
        Move,
        RangedAttack,
    } == set()
    assert StandUp(1, DEASTA, 2) in legal(s, 1)
    # the trap's prone is a trap modifier of melee VÉ (non-stacking, HR-12 ruling 14)
    assert [(e.value, e.amount) for e in of_kind(events, EffectAdded)] == [("ve", -4)]
    s, _ = apply(s, StandUp(1, DEASTA, 2))
    assert not s.prone[s.index[DEASTA]] and s.effects == ()


def test_tripwire_on_a_walker_deals_no_damage__hr_5_card_16():
    s = mover_step((16,))
    s, events = strike(s, 16, (4, 3))
    assert s.prone[s.index[DEASTA]] and not of_kind(events, Damaged)


def test_a_direct_trap_kill_stops_the_move_and_the_cards_left_unreached_stay_secret__hr12_26_28():
    s = mover_step((9, 10))
    s = tweak(s, ep={DEASTA: 2})
    s, _ = apply(s, Move(1, DEASTA, EAST))
    s, events = act(s, PlayTraps(0, ((10, hexes((4, 3))[0]), (9, hexes((6, 3))[0]))), [])
    assert not s.alive[s.index[DEASTA]]
    assert [e.card for e in of_kind(events, TrapPlayed)] == [10]
    assert s.traps[0] == (9,) and view_json(s, 1)["seats"][0]["traps"] is None
    assert view_json(s, 1)["seats"][0]["trap_cards"] == 1


def test_played_cards_are_paid_from_the_strategist_and_shown_to_all__rb_p18():
    s = mover_step((13, 16))
    s, _ = apply(s, Move(1, DEASTA, EAST))
    s, events = act(s, PlayTraps(0, ((16, hexes((4, 3))[0]),)), [])
    played = of_kind(events, TrapPlayed)[0]
    assert played.visible_to is None and played.strategist and played.by == "0.strategist"
    assert s.strat_man[0] == 3 and s.traps[0] == (13,)
