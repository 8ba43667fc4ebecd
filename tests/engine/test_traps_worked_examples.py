"""Worked examples for the trap rule points that test_traps_play_*.py leave open (issue #4 audit,
docs/engine-tests.md): the drop net's exact roll and a tie, gate traps on a gate being closed,
and the central circle against the distance-bound remote cards 3 and 8 (RB p.18; HR-5).

Numbers are worked out in the comments from HR-5's card table and the base team (HR-2.1):
deasta VÉ 10, Ép 11, SFÉ 1, STP 3 (outer fighter: 1 STP at raw Sp ≥ 3); laeva VÉ 9, Ép 10, no
Kitérés.
"""

from __future__ import annotations

import pytest

from arena.engine import IllegalActionError, apply
from arena.engine.match.actions import Name, PlayTraps, ToggleGate, TriggerTrap
from arena.engine.match.events import Damaged, GateJammed, GateToggled, Netted, TrapAttackResolved, TrapPlayed

from .match_helpers import G, act, hexes, legal, of_kind, to_step, tweak
from .traps_play_helpers import TRAP_HEXES, mover_step, on_trap_hex

DEASTA = "1.deasta"


# --- card 3, Zuhanó háló: 12 + d10 against VÉ + d10, ties to the defender (HR-5; RB p.9) -------------


def test_drop_net_12_plus_d10_hits_the_laeva_and_a_tie_misses__hr_5_card_3():
    s = on_trap_hex(3, {"1.laeva": (-7, 6)})
    # 12 + 9 = 21 against VÉ 9 + 5 = 14: netted, no damage; 1 MAN for the hex, 2 for the card
    hit, events = act(s, TriggerTrap(0, "0.deasta", 3, "1.laeva", man=2), [9, 5])
    assert of_kind(events, TrapAttackResolved)[0][1:5] == ("1.laeva", 21, 14, True)
    assert of_kind(events, Netted) and not of_kind(events, Damaged)
    assert hit.pool == 6 - 1 - 2 and hit.ep[hit.index["1.laeva"]] == 10
    # 12 + 2 = 14 against 9 + 5 = 14: a tie, the net misses; the card is spent all the same
    miss, events = act(s, TriggerTrap(0, "0.deasta", 3, "1.laeva", man=2), [2, 5])
    assert of_kind(events, TrapAttackResolved)[0][1:5] == ("1.laeva", 14, 14, False)
    assert not of_kind(events, Netted) and not miss.netted[miss.index["1.laeva"]]
    assert miss.traps[0] == () and of_kind(events, TrapPlayed)
    miss = to_step(miss, 2)
    miss, _ = apply(miss, Name(1, ("1.deasta", "1.laeva")))
    assert any(getattr(a, "char", None) == "1.laeva" for a in legal(miss, 1))


# --- gate cards strike a gate being closed too (RB p.18; HR-5 cards 11-12; HR-12 ruling 28) -----------


def _closing(card: int):
    """Seat 1's deasta on the gate hex (7,0) of the open gate G-E-M closes it; seat 0 plays
    ``card`` there."""
    s = mover_step((card,), {DEASTA: (7, 0)})
    s = tweak(s, gates=G.gate_bit["G-E-M"])
    s, _ = apply(s, ToggleGate(1, DEASTA, "G-E-M"))
    window = [a for a in legal(s, 0) if isinstance(a, PlayTraps)]
    assert [a.strikes for a in window] == [((card, hexes((7, 0))[0]),)]
    return act(s, window[0], [])


def test_spiked_gate_wing_strikes_a_gate_being_closed_for_3_sp__hr_5_card_12():
    s, events = _closing(12)
    # the gate closes (1 MAN from the pool of 6); 3 Sp: raw 3 ≥ 3 costs 1 STP, SFÉ 1: 2 Ép
    assert not of_kind(events, GateToggled)[0].opened
    assert of_kind(events, Damaged)[0][:6] == (DEASTA, "sp", 3, 1, 2, 1)
    assert s.ep[s.index[DEASTA]] == 9 and s.stp[s.index[DEASTA]] == 2
    assert not s.gates & G.gate_bit["G-E-M"] and s.pool == 5 and s.strat_man[0] == 4 - 1


def test_falling_portcullis_strikes_a_gate_being_closed_and_jams_it__hr_5_card_11():
    s, events = _closing(11)
    # 4 Sp: raw 4 ≥ 3 costs 1 STP, SFÉ 1: 3 Ép (11 → 8); jammed until the end of round 2
    assert of_kind(events, Damaged)[0][:6] == (DEASTA, "sp", 4, 1, 3, 1)
    assert s.ep[s.index[DEASTA]] == 8 and s.stp[s.index[DEASTA]] == 2
    assert of_kind(events, GateJammed)[0][:2] == ("G-E-M", 2)
    assert not s.gates & G.gate_bit["G-E-M"] and s.strat_man[0] == 4 - 3
    with pytest.raises(IllegalActionError, match="jams"):
        apply(s, ToggleGate(1, DEASTA, "G-E-M"))


# --- the central circle: only Kitörő forrás (RB p.18) ---------------------------------------------------


@pytest.mark.parametrize(
    ("card", "glad", "laeva", "reach"),
    [(3, (-5, 1), (-7, 6), 3), (8, (-2, -3), (-5, -8), 4)],
)
def test_a_gladiator_in_the_circle_within_the_cards_reach_is_no_target__rb_p18(card, glad, laeva, reach):
    s = on_trap_hex(card, {"1.gladiator": glad, "1.laeva": laeva})
    h = hexes(glad)[0]
    assert G.central[G.index[h]]
    assert G.board.block_distance(h, hexes(TRAP_HEXES[card])[0]) <= reach
    targets = {a.target for a in legal(s, 0) if isinstance(a, TriggerTrap)}
    assert "1.gladiator" not in targets and "1.laeva" in targets  # the card itself is playable
    with pytest.raises(IllegalActionError):
        apply(s, TriggerTrap(0, "0.deasta", card, "1.gladiator"))
