"""Movement and gates (RB p.6, p.8; HR-1.4-1.5; HR-12 rulings 9-10)."""

from __future__ import annotations

import pytest

from arena.engine import IllegalActionError, apply, view_json
from arena.engine.match.actions import EndActivation, EndStep, Grant, MeleeAttack, Move, ToggleGate
from arena.engine.match.events import GateToggled, Moved

from .match_helpers import G, hexes, legal, name, of_kind, place, started, to_step, tweak


def laeva_step(where=None, **tweaks):
    """Seat 0 has named deasta and laeva; laeva stands at (5,-8) in M-NE."""
    s = place(started(), {"0.laeva": (5, -8), "0.deasta": (4, -8), **(where or {})})
    s = name(s, 0, "0.deasta", "0.laeva")
    return tweak(s, **tweaks) if tweaks else s


def moves(s, char):
    return {a.path[-1]: a for a in legal(s, 0) if isinstance(a, Move) and a.char == char}


def test_movement_costs_one_man_per_hex_up_to_mozgas__rb_p8():
    s = laeva_step()
    found = moves(s, "0.laeva")
    assert all(a.man == len(a.path) for a in found.values())
    assert max(len(a.path) for a in found.values()) == 5  # laeva's Mozgás is 5
    s, events = apply(s, Move(0, "0.laeva", hexes((6, -8), (7, -8)), 2))
    assert of_kind(events, Moved)[0].man == 2 and s.pool == 4 and s.moved[s.index["0.laeva"]] == 2
    assert max(len(a.path) for a in moves(s, "0.laeva").values()) == 3  # 5 hexes per step in all
    with pytest.raises(IllegalActionError, match="Mozgás"):
        apply(s, Move(0, "0.laeva", hexes((8, -8), (9, -8), (10, -8), (10, -7))))


def test_a_move_is_a_path_listed_once_per_destination_by_a_shortest_route__hr12_9():
    s = laeva_step()
    found = moves(s, "0.laeva")
    start = G.hexes[s.pos[s.index["0.laeva"]]]
    dist = G.board.distances_from(start, (), lambda h: not G.board.is_central(h))
    assert all(len(a.path) == dist[dest] for dest, a in found.items())
    assert len(found) == len({a.path[-1] for a in found.values()})
    # any other legal path is accepted too
    s, _ = apply(s, Move(0, "0.laeva", hexes((6, -9), (7, -9), (7, -8))))
    assert G.hexes[s.pos[s.index["0.laeva"]]] == hexes((7, -8))[0]


def test_at_most_three_characters_on_a_hex__rb_p8():
    s = laeva_step({"0.witch_master": (6, -8), "0.crossbowman": (6, -8), "0.deasta": (6, -8)})
    assert hexes((6, -8))[0] not in moves(s, "0.laeva")
    assert not any(hexes((6, -8))[0] in a.path for a in moves(s, "0.laeva").values())
    with pytest.raises(IllegalActionError, match=r"three characters \(RB p.8\)"):
        apply(s, Move(0, "0.laeva", hexes((6, -8), (7, -8))))


def test_entering_an_enemy_hex_needs_man_left_to_attack_and_then_the_attack__rb_p8_hr12_10():
    s = laeva_step({"1.deasta": (8, -8)})
    enemy = hexes((8, -8))[0]
    assert moves(s, "0.laeva")[enemy].man == 3
    # 4 MAN: 3 to enter leaves 1, but the strategist's 4 count (ruling 10)
    assert enemy in moves(tweak(s, pool=4), "0.laeva")
    assert enemy not in moves(tweak(s, pool=4, strat_man=[0, 4]), "0.laeva")
    with pytest.raises(IllegalActionError, match="HR-12 ruling 10"):
        apply(tweak(s, pool=4, strat_man=[0, 4]), Move(0, "0.laeva", hexes((6, -8), (7, -8), (8, -8))))
    s, _ = apply(s, Move(0, "0.laeva", hexes((6, -8), (7, -8), (8, -8)), 3))
    options = {type(a) for a in legal(s, 0)}
    assert options == {MeleeAttack, Grant}  # he must attack: no moving on, no ending
    for forbidden in (EndStep(0), EndActivation(0, "0.laeva"), Move(0, "0.laeva", hexes((9, -8)))):
        with pytest.raises(IllegalActionError, match="HR-12 ruling 10"):
            apply(s, forbidden)


def test_a_move_cannot_pass_through_an_enemy_hex__hr12_10():
    s = laeva_step({"1.deasta": (6, -8)})
    assert all(hexes((6, -8))[0] not in a.path[:-1] for a in moves(s, "0.laeva").values())
    with pytest.raises(IllegalActionError, match="may only end a move"):
        apply(s, Move(0, "0.laeva", hexes((6, -8), (7, -8))))


def test_gladiators_stay_in_the_central_circle_and_nobody_else_enters_it__rb_p6():
    s = to_step(started(), 5)
    glad = moves(s, "0.gladiator")
    assert glad and all(G.board.is_central(h) for h in glad)
    # the inner circle wall has no gate: nobody crosses it (RB p.6, HR-1.4-1.5)
    with pytest.raises(IllegalActionError, match=r"walls.*HR-1.4"):
        apply(s, Move(0, "0.gladiator", hexes((2, -6))))
    outer = laeva_step({"0.laeva": (6, -5)})
    assert all(not G.board.is_central(h) for h in moves(outer, "0.laeva"))
    with pytest.raises(IllegalActionError, match=r"walls.*HR-1.4"):
        apply(outer, Move(0, "0.laeva", hexes((5, -4))))


def test_gates_start_closed_and_open_for_one_man_from_a_gate_hex__rb_p6_p8_hr1_5():
    s = laeva_step({"0.laeva": (4, -9)})  # a gate hex of G-N-M, on the M-NW side
    assert s.gates == 0
    with pytest.raises(IllegalActionError, match="gate to"):
        apply(s, Move(0, "0.laeva", hexes((4, -8), (5, -8))))
    toggles = [a for a in legal(s, 0) if isinstance(a, ToggleGate) and a.char == "0.laeva"]
    assert toggles == [ToggleGate(0, "0.laeva", "G-N-M", 1)]
    with pytest.raises(IllegalActionError, match="one of the two hexes"):
        apply(s, ToggleGate(0, "0.laeva", "G-E-M"))
    s, events = apply(s, ToggleGate(0, "0.laeva", "G-N-M", 1))
    assert of_kind(events, GateToggled) == [GateToggled(0, "0.laeva", "G-N-M", True, 1)]
    # a body on an open gate belongs to both sides (RB p.6)
    assert view_json(s, None)["characters"][s.index["0.laeva"]]["slices"] == ["M-NE", "M-NW"]
    s, _ = apply(s, Move(0, "0.laeva", hexes((4, -8), (5, -8)), 2))
    s, _ = apply(s, EndActivation(0, "0.laeva"))
    s, events = apply(s, ToggleGate(0, "0.deasta", "G-N-M", 1))  # (4,-8) is the other gate hex
    assert of_kind(events, GateToggled)[0].opened is False and s.gates == 0


def test_the_attack_after_entering_may_need_strategist_man_but_cannot_be_skipped__hr12_10():
    s = laeva_step({"1.deasta": (8, -8)}, pool=4)
    s, _ = apply(s, Move(0, "0.laeva", hexes((6, -8), (7, -8), (8, -8)), 3))
    assert s.pool == 1
    options = {type(a) for a in legal(s, 0)}
    assert options == {Grant}  # first the strategist's MAN, then the attack
    with pytest.raises(IllegalActionError, match="HR-12 ruling 10"):
        apply(s, EndStep(0))
    s, _ = apply(s, Grant(0, "0.laeva", 1))
    assert [a.target for a in legal(s, 0) if isinstance(a, MeleeAttack)] == ["1.deasta"]
