"""Ranged combat (RB p.9-11; HR-1.8; HR-2.3-2.4; HR-12 rulings 20, 41)."""

from __future__ import annotations

import random

import pytest

from arena.engine import IllegalActionError, apply
from arena.engine.board.grid import ILLEGAL
from arena.engine.board.lines import trace_lines
from arena.engine.match.actions import EndStep, RangedAttack
from arena.engine.match.events import AttackDeclared, AttackResolved, Damaged, Died
from arena.engine.match.rules.base import Scan

from .match_helpers import G, act, hexes, legal, name, of_kind, place, started, to_step, tweak


def shooters(where, **tweaks):
    """Seat 0 has named the crossbowman and deasta."""
    s = place(started(), where)
    s = name(s, 0, "0.crossbowman", "0.deasta")
    return tweak(s, **tweaks) if tweaks else s


def shots(s, char):
    return {(a.target, a.aim): a.man for a in legal(s, 0) if isinstance(a, RangedAttack) and a.char == char}


def test_ranged_defence_is_two_per_obstacle_plus_d10__rb_p10():
    s = shooters({"0.crossbowman": (4, -8), "1.deasta": (8, -6)})
    # block distance 3; the line crosses 4 block borders: defence 8 + d10
    s, events = act(s, RangedAttack(0, "0.crossbowman", "1.deasta", man=2), [6, 3])
    assert of_kind(events, AttackResolved)[0][3:6] == (18, 11, True)  # CÉ 12 + 6; 8 + 3
    assert of_kind(events, Damaged) == [Damaged("1.deasta", "sp", 3, 1, 2, 0)]  # no STP from shots
    deasta = s.index["1.deasta"]
    assert (s.ep[deasta], s.stp[deasta], s.ammo[s.index["0.crossbowman"]]) == (9, 3, 11)


def test_others_on_the_target_hex_and_characters_in_the_line_add_two_each__rb_p10():
    line = G.board.line_of_fire(hexes((4, -8))[0], hexes((8, -6))[0]).path
    s = shooters({"0.crossbowman": (4, -8), "1.deasta": (8, -6), "1.laeva": (8, -6), "0.laeva": (line[1].q, line[1].r)})
    s, events = act(s, RangedAttack(0, "0.crossbowman", "1.deasta", man=2), [6, 3])
    assert of_kind(events, AttackResolved)[0][3:5] == (18, 15)  # 2 × (4 + 1 + 1) + 3
    s2 = shooters(
        {"0.crossbowman": (4, -8), "1.deasta": (8, -6), "0.laeva": (line[1].q, line[1].r)},
        sneaking={"0.laeva": True},
    )
    s2, events = act(s2, RangedAttack(0, "0.crossbowman", "1.deasta", man=2), [6, 3])
    assert of_kind(events, AttackResolved)[0][4] == 11  # a sneaking character in the line adds nothing


def test_range_is_own_block_plus_four_for_the_crossbow_and_two_for_daggers__rb_p9_p10():
    s = shooters({"0.crossbowman": (4, -8), "0.deasta": (4, -8), "1.deasta": (8, -6)})
    assert ("1.deasta", False) in shots(s, "0.crossbowman")
    assert not shots(s, "0.deasta")
    with pytest.raises(IllegalActionError, match=r"3 blocks away; the range is own block \+ 2"):
        apply(s, RangedAttack(0, "0.deasta", "1.deasta"))


def test_nothing_is_shot_over_the_cross_walls__rb_p10():
    s = shooters({"0.crossbowman": (5, -8), "1.deasta": (3, -9)})
    with pytest.raises(IllegalActionError, match=r"cross wall.*RB p.10"):
        apply(s, RangedAttack(0, "0.crossbowman", "1.deasta"))


def test_an_open_gate_lets_shots_through_unless_a_body_blocks_it__rb_p6_p10():
    where = {"0.crossbowman": (5, -8), "1.deasta": (3, -9), "0.laeva": (2, -10), "0.witch_master": (2, -10)}
    s = shooters(where, gates=G.gate_bit["G-N-M"])
    assert ("1.deasta", False) in shots(s, "0.crossbowman")
    blocked = shooters({**where, "1.laeva": (4, -9)}, gates=G.gate_bit["G-N-M"])
    with pytest.raises(IllegalActionError, match=r"blocked by a character.*RB p.10"):
        apply(blocked, RangedAttack(0, "0.crossbowman", "1.deasta"))
    hidden = tweak(blocked, hiding={"1.laeva": True})
    assert ("1.deasta", False) in shots(hidden, "0.crossbowman")  # a hiding body blocks nothing


def gladiator_target(lost):
    return shooters(
        {"0.crossbowman": (6, -5), "0.deasta": (6, -5), "1.gladiator": (-1, -1)},
        stp={"1.gladiator": 4 - lost},
    )


def test_a_gladiator_may_be_shot_only_once_his_armour_lost_enough_stp__rb_p11_hr2_3():
    s = gladiator_target(1)
    assert not shots(s, "0.crossbowman") or ("1.gladiator", False) not in shots(s, "0.crossbowman")
    with pytest.raises(IllegalActionError, match=r"lost 1 STP; this shooter needs 2"):
        apply(s, RangedAttack(0, "0.crossbowman", "1.gladiator"))
    s = gladiator_target(2)
    assert ("1.gladiator", False) in shots(s, "0.crossbowman")
    assert ("1.gladiator", False) not in shots(s, "0.deasta")
    s = gladiator_target(4)
    assert ("1.gladiator", False) in shots(s, "0.deasta")
    # Pajzsfal (+2) while he holds the shield; his SFÉ stays at 0 STP (RB p.11)
    s, events = act(s, RangedAttack(0, "0.crossbowman", "1.gladiator", man=2), [10, 1])
    assert of_kind(events, AttackResolved)[0][3:5] == (22, 9)  # 12+10; 2×3 + 2 + 1
    assert of_kind(events, Damaged) == [Damaged("1.gladiator", "sp", 6, 2, 4, 0)]


def test_no_shot_at_a_character_on_the_shooters_own_hex__hr12_20():
    s = shooters({"0.crossbowman": (4, -8), "1.deasta": (4, -8)})
    assert ("1.deasta", False) not in shots(s, "0.crossbowman")
    with pytest.raises(IllegalActionError, match="HR-12 ruling 20"):
        apply(s, RangedAttack(0, "0.crossbowman", "1.deasta"))


def test_the_strategist_is_shot_in_his_tower_through_its_parapet_and_can_die__hr2_4_rb_p8():
    s = shooters({"0.crossbowman": (-10, 7)}, ep={"1.strategist": 1})
    assert ("1.strategist", False) in shots(s, "0.crossbowman")
    s, events = act(s, RangedAttack(0, "0.crossbowman", "1.strategist", man=2), [10, 1])
    assert of_kind(events, AttackResolved)[0][3:5] == (22, 9)  # 2 × (2 borders + 2 parapet) + 1
    assert of_kind(events, Died) == [Died("1.strategist")]
    assert s.strat_man[1] == 0
    s = to_step(s, 1, 2)
    assert s.strat_man == [4, 0]  # his team loses its 4 MAN a round (RB p.8)


def test_an_empty_quiver_leaves_only_melee__hr12_41():
    s = shooters({"0.crossbowman": (4, -8), "1.deasta": (8, -6)}, ammo={"0.crossbowman": 0})
    assert not shots(s, "0.crossbowman")
    with pytest.raises(IllegalActionError, match="quiver is empty"):
        apply(s, RangedAttack(0, "0.crossbowman", "1.deasta"))


def test_the_fast_line_of_fire_agrees_with_the_board__hr1_8():
    rng = random.Random(5)
    ring = [i for i in range(G.size) if not G.central[i] and not G.tower[i]]
    s = started()
    for _ in range(400):
        a, b = rng.choice(ring), rng.choice(ring + [i for i in range(G.size) if G.central[i]])
        s = tweak(s, gates=rng.getrandbits(12))
        others = rng.sample(ring, 6)
        where = dict(
            zip(
                ("0.witch_master", "0.laeva", "1.witch_master", "1.laeva", "1.crossbowman", "0.deasta"),
                others,
                strict=False,
            )
        )
        s2 = place(
            s,
            {k: (G.hexes[v].q, G.hexes[v].r) for k, v in where.items()}
            | {"0.crossbowman": (G.hexes[a].q, G.hexes[a].r), "1.deasta": (G.hexes[b].q, G.hexes[b].r)},
        )
        s2 = tweak(s2, sneaking={"0.laeva": rng.random() < 0.3})
        scan = Scan(s2)
        fast = G.sight(a, b, s2.gates, scan.visible, scan.occ.get(b, 0), {})
        occupants = {}
        for c in range(12):
            if s2.sheets[c].on_board and s2.alive[c]:
                occupants.setdefault(G.hexes[s2.pos[c]], []).append(s2.sneaking[c] or s2.hiding[c])
        if a == b:
            continue
        slow = G.line_of_fire(a, b, s2.gates, occupants)
        assert (fast == ILLEGAL) == (not slow.legal)
        if slow.legal:
            assert fast == slow.obstacles


def test_the_grids_own_tracer_matches_the_board_tracer__hr1_8():
    """Grid.trace (integer tables, used by the hot paths) gives exactly the compiled
    lines.trace_lines for any pair: towers, the circle and off-board lines included."""
    rng = random.Random(8)
    for _ in range(3000):
        a, b = rng.randrange(G.size), rng.randrange(G.size)
        slow = tuple(G._compile(g) for g in trace_lines(G.board, G.hexes[a], G.hexes[b]))
        assert G.trace(a, b) == slow, (G.hexes[a], G.hexes[b])


def test_a_shot_is_its_one_attack_and_costs_two_man__rb_p8():
    s = shooters({"0.crossbowman": (4, -8), "1.deasta": (8, -6)})
    s, events = act(s, RangedAttack(0, "0.crossbowman", "1.deasta", man=2), [1, 10])
    assert of_kind(events, AttackDeclared)[0].man == 2 and s.pool == 4
    assert not shots(s, "0.crossbowman")
    s, _ = apply(s, EndStep(0))
