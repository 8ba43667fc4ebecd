"""The arena board of HR-1: regions, blocks, walls, gates, features, movement, lines of fire."""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from statistics import median

import pytest

from arena.engine.board.data import CROSS_GATE_RADIUS, RING_GATE_RADIUS, HalfId, Quarter, Region, WallKind
from arena.engine.board.hexgrid import SQRT3, Edge, Hex, distance, edge_midpoint, hex_line
from arena.engine.board.layout import Board, classify, standard_board

# HR-1.9 reference map, copied from house-rules.md.
REFERENCE_MAP = """\
 -15 |                    H H H H E E E E
 -14 |                 H H H H H E E E E E E
 -13 |              H H H H H H + + E E E E E E
 -12 |           H H H H H H H H E E E E E E E E E
 -11 |        H H H H H H H H H H E E E E E E E E E E
 -10 |       H H H H H H H h h h e e e e E E E E E E E
  -9 |      H H 8 H H H h h h h + e e e e e E E E 5 E E
  -8 |     H H H H + h h h h h h + e e e e e e + E E E E
  -7 |    H H H H H + h h h h h h e e e e e e + E E E E E
  -6 |   H H H H H h h 4 h h h h T e e e e 1 e e E E E E E
  -5 |  H H H H H h h h h h h o o o o e e e e e e E E E E E
  -4 | H H H H H h h h h h o o o o o o o e e e e e E E E E E
  -3 |  H H H H h h h h h o o o o o o o o e e e e e E E E E
  -2 | H H H H h h h h h o o P o o o P o o e e e e e E E E E
  -1 |  H H H H h h h h o o o o o o o o o o e e + e E E + E
   0 | H H + H h h + h T o o o o * o o o o T f + f f F + F F
   1 |  G + G G g + g g o o o o o o o o o o f f f f F F F F
   2 | G G G G g g g g g o o P o o o P o o f f f f f F F F F
   3 |  G G G G g g g g g o o o o o o o o f f f f f F F F F
   4 | G G G G G g g g g g o o o o o o o f f f f f F F F F F
   5 |  G G G G G g g g g g g o o o o f f f f f f F F F F F
   6 |   G G G G G g g 3 g g g g T f f f f 2 f f F F F F F
   7 |    G G G G G + g g g g g g f f f f f f + F F F F F
   8 |     G G G G + g g g g g g + f f f f f f + F F F F
   9 |      G G 7 G G G g g g g g + f f f f F F F 6 F F
  10 |       G G G G G G G g g g g f f f F F F F F F F
  11 |        G G G G G G G G G G F F F F F F F F F F
  12 |           G G G G G G G G G F F F F F F F F
  13 |              G G G G G G + + F F F F F F
  14 |                 G G G G G G F F F F F
  15 |                    G G G G F F F F
"""

B = standard_board()
N_DEPLOY = (4, -8)

HR_1_5_GATES = {
    "G-N-M": (1, Hex(4, -9), Hex(4, -8), ("M-NW", "M-NE")),
    "G-N-O": (2, Hex(6, -13), Hex(7, -13), ("O-NW", "O-NE")),
    "G-E-M": (3, Hex(8, -1), Hex(7, 0), ("M-NE", "M-SE")),
    "G-E-O": (4, Hex(12, -1), Hex(11, 0), ("O-NE", "O-SE")),
    "G-S-M": (5, Hex(-4, 9), Hex(-4, 8), ("M-SE", "M-SW")),
    "G-S-O": (6, Hex(-6, 13), Hex(-7, 13), ("O-SE", "O-SW")),
    "G-W-M": (7, Hex(-8, 1), Hex(-7, 0), ("M-SW", "M-NW")),
    "G-W-O": (8, Hex(-12, 1), Hex(-11, 0), ("O-SW", "O-NW")),
    "G-R-NE": (9, Hex(10, -7), Hex(11, -8), ("M-NE", "O-NE")),
    "G-R-SE": (10, Hex(3, 7), Hex(3, 8), ("M-SE", "O-SE")),
    "G-R-SW": (11, Hex(-10, 7), Hex(-11, 8), ("M-SW", "O-SW")),
    "G-R-NW": (12, Hex(-3, -7), Hex(-3, -8), ("M-NW", "O-NW")),
}

HR_1_7_DEPLOYMENT = {
    HalfId.N: "(3,-8) (4,-9) (4,-8) (5,-9) (6,-13) (6,-12) (7,-14) (7,-13)",
    HalfId.E: "(7,-1) (7,0) (8,-1) (8,0) (11,-1) (11,0) (12,-1) (12,0)",
    HalfId.S: "(-7,13) (-7,14) (-6,12) (-6,13) (-5,9) (-4,8) (-4,9) (-3,8)",
    HalfId.W: "(-12,0) (-12,1) (-11,0) (-11,1) (-8,0) (-8,1) (-7,0) (-7,1)",
}

HR_1_7_FOUR_PLAYER = {
    Quarter.NE: "(10,-8) (10,-7) (11,-8) (11,-7)",
    Quarter.SE: "(2,8) (3,7) (3,8) (4,7)",
    Quarter.SW: "(-11,7) (-11,8) (-10,7) (-10,8)",
    Quarter.NW: "(-4,-7) (-3,-8) (-3,-7) (-2,-8)",
}


def hexes_of(text: str) -> tuple[Hex, ...]:
    return tuple(Hex(int(q), int(r)) for q, r in re.findall(r"\((-?\d+),(-?\d+)\)", text))


def h(q: int, r: int) -> Hex:
    return Hex(q, r)


def visible(n: int = 1) -> list[bool]:
    """``n`` characters neither sneaking nor hiding."""
    return [False] * n


SNEAKING = [True]


def mirror(x: Hex) -> Hex:
    return Hex(-x.q, -x.r)


# --- HR-1.2 regions ----------------------------------------------------------------


def test_board_has_661_hexes__hr_1_2() -> None:
    assert len(B.hexes) == 661
    assert all(classify(x) is not None for x in B.hexes)
    assert not B.on_board(h(0, 16)) and not B.on_board(h(4, -16))
    assert B.on_board(h(4, -15)) and not B.on_board(h(3, -15))  # D2 181 and 189


def test_region_sizes_85_228_348__hr_1_2() -> None:
    counts = Counter(B.region_of(x) for x in B.hexes)
    assert counts == {Region.CENTRAL: 85, Region.MIDDLE: 228, Region.OUTER: 348}


def test_slice_sizes__hr_1_2() -> None:
    sizes = {sid: len(B.slice_hexes(sid)) for sid in B.slice_ids}
    assert sizes == {
        "C": 85,
        "M-NE": 56,
        "M-SE": 58,
        "M-SW": 56,
        "M-NW": 58,
        "O-NE": 86,
        "O-SE": 88,
        "O-SW": 86,
        "O-NW": 88,
    }
    assert sum(sizes.values()) == 661


def test_region_thresholds_on_d2__hr_1_2() -> None:
    assert B.region_of(h(4, -4)) is Region.CENTRAL  # D2 = 16
    assert B.region_of(h(0, 4)) is Region.CENTRAL  # D2 = 16
    assert B.region_of(h(2, 2)) is Region.CENTRAL  # D2 = 12
    assert B.region_of(h(5, 0)) is Region.MIDDLE  # D2 = 25
    assert B.region_of(h(6, 3)) is Region.MIDDLE  # D2 = 63
    assert B.region_of(h(9, 1)) is Region.OUTER  # D2 = 91
    assert B.region_of(h(4, -15)) is Region.OUTER  # D2 = 181
    assert classify(h(14, -1)) is None  # D2 = 183
    with pytest.raises(ValueError):
        B.region_of(h(14, -1))


def test_axis_hexes_are_shared_as_a_pinwheel__hr_1_2() -> None:
    assert B.quarter_of(h(0, 0)) is None
    assert B.slice_of(h(0, 0)) == "C"
    assert B.quarter_of(h(4, -8)) is Quarter.NE  # north arm, X2 = 0
    assert B.quarter_of(h(6, 0)) is Quarter.SE  # east arm, r = 0
    assert B.quarter_of(h(-4, 8)) is Quarter.SW  # south arm, X2 = 0
    assert B.quarter_of(h(-6, 0)) is Quarter.NW  # west arm, r = 0
    assert B.slice_of(h(4, -9)) == "M-NW"
    assert B.slice_of(h(11, -8)) == "O-NE"


def test_regions_are_symmetric_under_half_turn__hr_1_2() -> None:
    for x in B.hexes:
        m = mirror(x)
        assert B.on_board(m)
        assert B.region_of(m) is B.region_of(x)
        q = B.quarter_of(x)
        assert B.quarter_of(m) is (None if q is None else q.opposite)


def test_central_and_ring_predicates__hr_1_2() -> None:
    assert B.is_central(h(0, 0)) and not B.is_ring(h(0, 0))
    assert B.is_ring(h(4, -8)) and not B.is_central(h(4, -8))
    assert not B.is_central(h(20, 0)) and not B.is_ring(h(20, 0))


# --- HR-1.3 blocks -------------------------------------------------------------------


def test_every_hex_in_exactly_one_block__hr_1_3() -> None:
    members: dict[Hex, list[Hex]] = {}
    for x in B.hexes:
        members.setdefault(B.block_of(x), []).append(x)
    for centre, group in members.items():
        assert (centre.q + 3 * centre.r) % 7 == 0
        assert all(distance(centre, x) <= 1 for x in group)
    assert sum(len(g) for g in members.values()) == 661
    assert len(members) == 109


def test_block_centres_are_0_mod_7__hr_1_3() -> None:
    centres = {B.block_of(x) for x in B.hexes}
    assert all((c.q + 3 * c.r) % 7 == 0 for c in centres)
    assert all(B.block_of(c) == c for c in centres if B.on_board(c))
    assert {h(0, 0), h(3, -1), h(1, 2), h(-2, 3)} <= centres


def test_block_coordinates_examples__hr_1_3() -> None:
    assert B.block_coordinates(h(0, 0)) == (0, 0)
    assert B.block_coordinates(h(3, -1)) == (1, 0)
    assert B.block_coordinates(h(4, -1)) == (1, 0)
    assert B.block_coordinates(h(1, 2)) == (0, 1)
    assert B.block_coordinates(h(-2, 3)) == (-1, 1)
    assert B.block_of(h(4, -8)) == h(3, -8)
    assert B.block_distance(h(4, -8), h(4, -8)) == 0


def test_block_distance_symmetric__hr_1_3() -> None:
    cells = sorted(B.hexes)
    for a in cells[::7]:
        for b in cells:
            assert B.block_distance(a, b) == B.block_distance(b, a)


def test_block_distance_consistent_with_hex_distance__hr_1_3() -> None:
    cells = sorted(B.hexes)
    coords = {x: B.block_coordinates(x) for x in cells}
    centre = {x: B.block_of(x) for x in cells}
    ranges: dict[int, tuple[int, int]] = {}
    for a in cells:
        ca, ba = coords[a], centre[a]
        for b in cells:
            cb = coords[b]
            da, db = ca[0] - cb[0], ca[1] - cb[1]
            bd = max(abs(da), abs(db), abs(da + db))
            hd = distance(a, b)
            assert (bd == 0) == (ba == centre[b])
            assert bd <= hd
            lo, hi = ranges.get(bd, (hd, hd))
            ranges[bd] = (min(lo, hd), max(hi, hd))
    # HR-1.3 orientation: block distance 2 covers 3-8 hex steps, 3 covers 5-11, 4 covers 8-14.
    assert ranges[0] == (0, 2)
    assert ranges[1] == (1, 5)
    assert ranges[2] == (3, 8)
    assert ranges[3] == (5, 11)
    assert ranges[4] == (8, 14)


def test_block_distance_one_means_touching_blocks__hr_1_3() -> None:
    # Whole blocks (a centre and its 6 neighbours) touch exactly at block distance 1.
    centres = sorted({B.block_of(x) for x in B.hexes})
    assert len(centres) == 109
    for c1 in centres:
        for c2 in centres:
            if c1 >= c2:
                continue
            touching = any(distance(a, b) == 1 for a in (c1, *c1.neighbours()) for b in (c2, *c2.neighbours()))
            assert touching == (B.block_distance(c1, c2) == 1)


def test_adjacent_board_hexes_are_in_the_same_or_touching_blocks__hr_1_3() -> None:
    for x in B.hexes:
        for n in x.neighbours():
            if B.on_board(n):
                assert B.block_distance(x, n) <= 1


def test_block_distance_off_board_uses_the_tiling__hr_1_3() -> None:
    # Lines hugging the rim pass off-board hexes; their blocks follow the same tiling.
    assert B.block_of(h(-15, 3)) == h(-16, 3)
    assert B.block_coordinates(h(20, 0)) == (6, 3)
    assert B.block_distance(h(20, 0), h(0, 0)) == B.block_distance(h(0, 0), h(20, 0)) == 9


def test_one_block_area__hr_1_3() -> None:
    area = B.one_block_area(h(1, 1))
    assert area[0] == h(1, 1) and len(area) == 7
    assert set(area[1:]) == set(h(1, 1).neighbours())
    rim = B.one_block_area(h(4, -15))
    assert rim == (h(4, -15), h(5, -15), h(3, -14), h(4, -14))
    with pytest.raises(ValueError):
        B.one_block_area(h(30, 0))


# --- HR-1.4 walls --------------------------------------------------------------------


def test_258_wall_edges_split_66_122_70__hr_1_4() -> None:
    assert len(B.walls) == 258
    assert Counter(B.walls.values()) == {
        WallKind.INNER_CIRCLE: 66,
        WallKind.RING: 122,
        WallKind.CROSS: 70,
    }


def test_wall_edges_are_exactly_the_region_changes__hr_1_4() -> None:
    for x in B.hexes:
        for n in x.neighbours():
            if not B.on_board(n):
                continue
            e = Edge.between(x, n)
            a, b = B.slice_of(x), B.slice_of(n)
            kind = B.wall_kind(e)
            if a == b:
                assert kind is None
            elif "C" in (a, b):
                assert kind is WallKind.INNER_CIRCLE
            elif a[2:] == b[2:]:
                assert kind is WallKind.RING
            else:
                assert kind is WallKind.CROSS


def test_walls_are_symmetric_under_half_turn__hr_1_4() -> None:
    for e, kind in B.walls.items():
        assert B.wall_kind(Edge.between(mirror(e.a), mirror(e.b))) is kind


# --- HR-1.5 gates --------------------------------------------------------------------


def test_twelve_gates_exactly_as_the_table__hr_1_5() -> None:
    assert len(B.gates) == 12
    for gate in B.gates:
        number, a, b, joins = HR_1_5_GATES[gate.id]
        assert gate.number == number
        assert gate.hexes == (a, b)
        assert gate.edge == Edge.between(a, b)
        assert gate.joins == joins
        assert B.gate_number(number) is gate
        assert B.gate_at(gate.edge) is gate
        assert B.wall_kind(gate.edge) is gate.kind
        expected = WallKind.RING if gate.id.startswith("G-R") else WallKind.CROSS
        assert gate.kind is expected
    assert [g.id for g in B.gates] == list(HR_1_5_GATES)


def test_gates_are_symmetric_under_half_turn__hr_1_5() -> None:
    pairs = {"N": "S", "E": "W", "S": "N", "W": "E", "NE": "SW", "SE": "NW", "SW": "NE", "NW": "SE"}
    for gate in B.gates:
        _, where, ring = gate.id.split("-")
        image_id = f"G-{where}-{pairs[ring]}" if where == "R" else f"G-{pairs[where]}-{ring}"
        image = B.gate(image_id)
        assert image.edge == Edge.between(mirror(gate.edge.a), mirror(gate.edge.b))


def test_gate_derivation_reproduces_the_table__hr_1_5() -> None:
    arms = {
        "N": ((0.0, -1.0), {Quarter.NW, Quarter.NE}),
        "E": ((1.0, 0.0), {Quarter.NE, Quarter.SE}),
        "S": ((0.0, 1.0), {Quarter.SE, Quarter.SW}),
        "W": ((-1.0, 0.0), {Quarter.SW, Quarter.NW}),
    }
    for arm, ((ux, uy), quarters) in arms.items():
        for region, radius in CROSS_GATE_RADIUS.items():
            point = (ux * radius * SQRT3, uy * radius * SQRT3)
            candidates = [
                e
                for e, k in B.walls.items()
                if k is WallKind.CROSS
                and B.region_of(e.a) is region
                and {B.quarter_of(e.a), B.quarter_of(e.b)} == quarters
            ]
            nearest = min(candidates, key=lambda e: math.dist(edge_midpoint(e), point))
            assert nearest == B.gate(f"G-{arm}-{region.value}").edge
    diagonals = {Quarter.NE: (1, -1), Quarter.SE: (1, 1), Quarter.SW: (-1, 1), Quarter.NW: (-1, -1)}
    for quarter, (sx, sy) in diagonals.items():
        scale = RING_GATE_RADIUS * SQRT3 / math.sqrt(2.0)
        point = (sx * scale, sy * scale)
        candidates = [e for e, k in B.walls.items() if k is WallKind.RING and B.quarter_of(e.a) is quarter]
        nearest = min(candidates, key=lambda e: math.dist(edge_midpoint(e), point))
        assert nearest == B.gate(f"G-R-{quarter.value}").edge


def test_gate_hex_of_open_gate_belongs_to_both_regions__hr_1_5() -> None:
    assert B.slices_of(h(4, -8)) == {"M-NE"}
    assert B.slices_of(h(4, -8), ["G-N-M"]) == {"M-NE", "M-NW"}
    assert B.slices_of(h(4, -9), ["G-N-M"]) == {"M-NE", "M-NW"}
    assert B.slices_of(h(5, -8), ["G-N-M"]) == {"M-NE"}
    assert [g.id for g in B.gates_at_hex(h(10, -7))] == ["G-R-NE"]
    with pytest.raises(KeyError):
        B.slices_of(h(4, -8), ["G-X"])


# --- HR-1.6 towers, piles, traps -----------------------------------------------------


def test_towers__hr_1_6() -> None:
    assert {t.id: t.hex for t in B.towers} == {
        "T-N": h(3, -6),
        "T-E": h(5, 0),
        "T-S": h(-3, 6),
        "T-W": h(-5, 0),
    }
    assert {t.id: t.slice for t in B.towers} == {
        "T-N": "M-NE",
        "T-E": "M-SE",
        "T-S": "M-SW",
        "T-W": "M-NW",
    }
    for t in B.towers:
        assert B.is_tower(t.hex) and B.tower_at(t.hex) is t
        assert any(B.is_central(n) for n in t.hex.neighbours())  # on the central circle's arc
    assert {mirror(t.hex) for t in B.towers} == {t.hex for t in B.towers}
    assert mirror(B.tower("T-N").hex) == B.tower("T-S").hex
    assert mirror(B.tower("T-E").hex) == B.tower("T-W").hex


def test_weapon_piles__hr_1_6() -> None:
    assert {p.id: (p.hex, p.quarter) for p in B.piles} == {
        "P-NE": (h(3, -2), Quarter.NE),
        "P-SE": (h(1, 2), Quarter.SE),
        "P-SW": (h(-3, 2), Quarter.SW),
        "P-NW": (h(-1, -2), Quarter.NW),
    }
    assert all(B.is_central(p.hex) for p in B.piles)
    assert {mirror(p.hex) for p in B.piles} == {p.hex for p in B.piles}
    assert B.pile_at(h(3, -2)) is B.pile("P-NE")
    assert B.pile_at(h(0, 0)) is None


def test_trap_hexes__hr_1_6() -> None:
    assert {t.number: (t.hex, t.slice) for t in B.traps} == {
        1: (h(8, -6), "M-NE"),
        2: (h(2, 6), "M-SE"),
        3: (h(-8, 6), "M-SW"),
        4: (h(-2, -6), "M-NW"),
        5: (h(13, -9), "O-NE"),
        6: (h(4, 9), "O-SE"),
        7: (h(-13, 9), "O-SW"),
        8: (h(-4, -9), "O-NW"),
    }
    # The positions are symmetric under the half turn; the numbering is not.
    assert {mirror(t.hex) for t in B.traps} == {t.hex for t in B.traps}
    assert B.trap_at(mirror(B.trap(1).hex)) is B.trap(3)
    assert B.trap_at(h(4, -8)) is None


# --- HR-1.7 halves and deployment ------------------------------------------------------


def test_halves__hr_1_7() -> None:
    expected = {
        HalfId.N: ((Quarter.NE, Quarter.NW), ("G-N-M", "G-N-O"), "T-N", "P-NE", {1, 4, 5, 8}),
        HalfId.E: ((Quarter.NE, Quarter.SE), ("G-E-M", "G-E-O"), "T-E", "P-SE", {1, 2, 5, 6}),
        HalfId.S: ((Quarter.SE, Quarter.SW), ("G-S-M", "G-S-O"), "T-S", "P-SW", {2, 3, 6, 7}),
        HalfId.W: ((Quarter.NW, Quarter.SW), ("G-W-M", "G-W-O"), "T-W", "P-NW", {3, 4, 7, 8}),
    }
    for half_id, (quarters, home, tower, pile, traps) in expected.items():
        half = B.half(half_id)
        assert half.quarters == quarters
        assert half.home_gates == home
        assert [B.gate(g).number for g in home] == {
            "N": [1, 2],
            "E": [3, 4],
            "S": [5, 6],
            "W": [7, 8],
        }[half_id.value]
        assert half.tower == tower
        assert half.pile == pile
        assert half.trap_numbers == traps
    assert B.half(HalfId.N).opposite is HalfId.S
    assert B.half(HalfId.E).opposite is HalfId.W


def test_deployment_hexes_exactly_as_listed__hr_1_7() -> None:
    for half_id, listed in HR_1_7_DEPLOYMENT.items():
        assert B.half(half_id).deployment == hexes_of(listed)
        assert all(B.is_ring(x) for x in B.half(half_id).deployment)


def test_four_player_deployment_hexes__hr_1_7() -> None:
    for quarter, listed in HR_1_7_FOUR_PLAYER.items():
        assert B.four_player_deployment[quarter] == hexes_of(listed)


def test_gladiator_start_hexes__hr_1_7() -> None:
    listed = {
        HalfId.N: "(2,-5) (3,-5)",
        HalfId.E: "(5,-1) (4,0) (4,1)",
        HalfId.S: "(-2,5) (-3,5)",
        HalfId.W: "(-4,0) (-4,-1) (-5,1)",
    }
    for half_id, text in listed.items():
        half = B.half(half_id)
        assert half.gladiator_starts == hexes_of(text)
        tower = B.tower(half.tower).hex
        pile = B.pile(half.pile).hex
        for start in half.gladiator_starts:
            assert B.is_central(start)
            assert distance(start, tower) == 1
            assert distance(start, pile) in (3, 4)
    for first, second in ((HalfId.N, HalfId.S), (HalfId.E, HalfId.W)):
        gaps = set()
        for a in B.half(first).gladiator_starts:
            for b in B.half(second).gladiator_starts:
                gaps.add(distance(a, b))
                assert B.block_distance(a, b) == 4
        assert gaps == ({10} if first is HalfId.N else {8, 9, 10})


# --- movement ----------------------------------------------------------------------------

ALL_GATES = frozenset(g.id for g in B.gates)


def test_towers_and_off_board_are_never_entered__hr_1_6() -> None:
    for t in B.towers:
        for n in t.hex.neighbours():
            if B.on_board(n):
                assert t.hex not in B.neighbours_passable(n, ALL_GATES)
    assert B.shortest_path(h(2, -5), h(3, -6), ALL_GATES) is None
    assert h(7, -15) not in B.neighbours_passable(h(7, -14), ALL_GATES)


def test_gate_edge_is_passable_only_when_open__hr_1_5() -> None:
    assert h(4, -8) not in B.neighbours_passable(h(4, -9))
    assert h(4, -8) in B.neighbours_passable(h(4, -9), ["G-N-M"])
    assert h(4, -9) in B.neighbours_passable(h(4, -8), {"G-N-M"})
    assert B.neighbours_passable(h(0, 0)) == h(0, 0).neighbours()
    with pytest.raises(KeyError):
        B.neighbours_passable(h(4, -9), ["G-N-Q"])


def _component(start: Hex, open_gates: frozenset[str] = frozenset()) -> set[Hex]:
    return set(B.distances_from(start, open_gates))


def test_closed_gates_seal_every_slice__hr_1_4() -> None:
    for sid in B.slice_ids:
        members = {x for x in B.slice_hexes(sid) if not B.is_tower(x)}
        start = min(members)
        assert _component(start) == members


def test_central_circle_never_connects_to_the_rings__hr_1_5() -> None:
    central = set(B.slice_hexes("C"))
    assert _component(h(0, 0), ALL_GATES) == central
    assert B.shortest_path(h(0, 0), h(4, -8), ALL_GATES) is None
    assert B.shortest_path(h(4, -8), h(0, 0), ALL_GATES) is None


def test_opening_one_gate_joins_exactly_its_two_regions__hr_1_5() -> None:
    for gate in B.gates:
        expected = {x for sid in gate.joins for x in B.slice_hexes(sid) if not B.is_tower(x)}
        assert _component(gate.hexes[0], frozenset({gate.id})) == expected
        path = B.shortest_path(gate.hexes[0], gate.hexes[1], [gate.id])
        assert path == [gate.hexes[0], gate.hexes[1]]
        assert B.shortest_path(gate.hexes[0], gate.hexes[1]) is None


def test_all_gates_open_connect_every_ring_hex__hr_1_5() -> None:
    ring = {x for x in B.hexes if B.is_ring(x) and not B.is_tower(x)}
    assert len(ring) == 572
    assert _component(h(4, -8), ALL_GATES) == ring


def test_shortest_route_north_to_south_deployment_is_22__hr_1_5() -> None:
    north = B.half(HalfId.N).deployment
    south = set(B.half(HalfId.S).deployment)
    best = min(d for start in north for x, d in B.distances_from(start, ALL_GATES, B.is_ring).items() if x in south)
    assert best == 22
    path = B.shortest_path(h(4, -8), h(-4, 8), ALL_GATES, B.is_ring)
    assert path is not None
    assert path[0] == h(4, -8) and path[-1] == h(-4, 8)
    assert all(distance(a, b) == 1 for a, b in itertools.pairwise(path))
    assert all(B.is_ring(x) for x in path)
    assert len(path) - 1 == B.distances_from(h(4, -8), ALL_GATES, B.is_ring)[h(-4, 8)]


def test_shortest_route_between_home_gate_hexes_is_23__hr_1_5() -> None:
    north = [x for g in B.half(HalfId.N).home_gates for x in B.gate(g).hexes]
    south = {x for g in B.half(HalfId.S).home_gates for x in B.gate(g).hexes}
    best = min(d for start in north for x, d in B.distances_from(start, ALL_GATES, B.is_ring).items() if x in south)
    assert best == 23


def test_farthest_ring_hex_is_30_from_north_deployment__hr_1_5() -> None:
    nearest: dict[Hex, int] = {}
    for start in B.half(HalfId.N).deployment:
        for x, d in B.distances_from(start, ALL_GATES, B.is_ring).items():
            nearest[x] = min(d, nearest.get(x, d))
    assert len(nearest) == 572
    assert max(nearest.values()) == 30
    assert [x for x, d in nearest.items() if d == 30] == [h(-7, 15)]


def test_gladiators_stay_in_the_central_circle__hr_1_7() -> None:
    path = B.shortest_path(h(2, -5), h(-2, 5), (), B.is_central)
    assert path is not None and len(path) - 1 == 10
    assert all(B.is_central(x) for x in path)
    reach = B.distances_from(h(2, -5), ALL_GATES, B.is_central)
    assert set(reach) == set(B.slice_hexes("C"))


def test_region_filter_blocks_a_route__hr_1_2() -> None:
    assert B.shortest_path(h(4, -8), h(4, -10), ["G-N-M"], B.is_central) is None
    assert B.shortest_path(h(4, -8), h(4, -8)) == [h(4, -8)]


# --- HR-1.8 lines of fire --------------------------------------------------------------


def test_reference_values_from_north_deployment_hex__hr_1_8() -> None:
    s = h(*N_DEPLOY)
    half_ring = [x for x in B.hexes if B.quarter_of(x) in (Quarter.NE, Quarter.NW)]
    assert len(half_ring) == 288
    assert sum(1 for x in half_ring if B.block_distance(s, x) <= 4) == 240
    own = [x for x in B.hexes if B.quarter_of(x) is Quarter.NE and not B.is_tower(x)]
    assert len(own) == 141
    assert sum(1 for x in own if B.block_distance(s, x) <= 4 and B.line_of_fire(s, x).legal) == 105
    central = B.slice_hexes("C")
    in_range = [x for x in central if B.block_distance(s, x) <= 4]
    assert len(central) == 85 and len(in_range) == 77
    assert sum(1 for x in in_range if B.line_of_fire(s, x).legal) == 19
    elsewhere = sorted(
        x
        for x in B.hexes
        if not B.is_central(x)
        and B.quarter_of(x) is not Quarter.NE
        and B.block_distance(s, x) <= 4
        and B.line_of_fire(s, x).legal
    )
    assert elsewhere == [h(4, 2), h(5, 0)]  # (4,2) in M-SE and the tower T-E
    assert B.slice_of(h(4, 2)) == "M-SE"
    assert B.tower_at(h(5, 0)) is B.tower("T-E")


def test_shots_into_the_central_circle_cross_4_obstacles_typically__hr_1_8() -> None:
    counts = [
        shot.obstacles
        for s in B.hexes
        if B.region_of(s) is Region.MIDDLE and not B.is_tower(s)
        for t in B.slice_hexes("C")
        if B.block_distance(s, t) <= 4
        for shot in (B.line_of_fire(s, t),)  # traced once, for its legality and its obstacles
        if shot.legal
    ]
    assert median(counts) == 4
    assert Counter(counts).most_common(1)[0][0] == 4


def test_one_circular_wall_and_two_block_borders_give_plus_6__hr_1_8() -> None:
    shot = B.line_of_fire(h(4, -8), h(7, -11))
    assert shot.legal and shot.reason is None
    assert shot.path == (h(4, -8), h(5, -9), h(6, -10), h(7, -11))
    assert [B.slice_of(x) for x in shot.path] == ["M-NE", "M-NE", "M-NE", "O-NE"]
    assert [B.block_of(x) for x in shot.path] == [h(3, -8), h(6, -9), h(6, -9), h(8, -12)]
    assert shot.block_boundaries == 2
    assert shot.walls == 1
    assert shot.characters_in_line == 0 and shot.others_on_target == 0 and shot.parapet == 0
    assert shot.obstacles == 3
    assert shot.defence_bonus == 6


def test_characters_in_line_and_on_target__hr_1_8() -> None:
    s, t = h(4, -8), h(7, -11)
    assert B.line_of_fire(s, t, occupants={h(5, -9): visible()}).defence_bonus == 8
    assert B.line_of_fire(s, t, occupants={h(5, -9): visible(2), h(6, -10): visible()}).characters_in_line == 3
    assert B.line_of_fire(s, t, occupants={h(5, -9): SNEAKING}).defence_bonus == 6
    assert B.line_of_fire(s, t, occupants={h(5, -9): [True, False]}).characters_in_line == 1
    # Characters on the shooter's own hex never count (digest A28).
    assert B.line_of_fire(s, t, occupants={s: visible(3)}).defence_bonus == 6
    # The target is listed on his hex; each other character there adds 1, at most 2 (RB p.10).
    assert B.line_of_fire(s, t, occupants={t: visible(1)}).others_on_target == 0
    assert B.line_of_fire(s, t, occupants={t: visible(2)}).defence_bonus == 8
    assert B.line_of_fire(s, t, occupants={t: [False, True, True]}).others_on_target == 2
    assert B.line_of_fire(s, t, occupants={t: visible(4)}).others_on_target == 2


def test_cross_wall_blocks_the_shot__hr_1_8() -> None:
    shot = B.line_of_fire(h(4, -8), h(1, -8))
    assert not shot.legal
    assert shot.reason == "crosses the cross wall between M-NE and M-NW (RB p.10)"
    assert shot.path == (h(4, -8), h(3, -8), h(2, -8), h(1, -8))
    assert B.wall_kind(Edge.between(h(4, -8), h(3, -8))) is WallKind.CROSS
    assert not B.line_of_fire(h(4, -8), h(1, -8), ALL_GATES).legal  # no gate on that edge


def test_closed_gate_is_its_wall_and_an_open_empty_gate_adds_nothing__hr_1_8() -> None:
    s, t = h(3, -9), h(5, -8)
    closed = B.line_of_fire(s, t)
    assert not closed.legal
    assert closed.reason == "crosses the cross wall between M-NW and M-NE at closed gate G-N-M (RB p.10)"
    opened = B.line_of_fire(s, t, ["G-N-M"])
    assert opened.legal
    assert opened.path == (h(3, -9), h(4, -9), h(4, -8), h(5, -8))
    assert opened.gates_passed == ("G-N-M",)
    assert (opened.block_boundaries, opened.walls, opened.obstacles) == (1, 0, 1)


def test_closed_ring_gate_counts_as_ring_wall__hr_1_8() -> None:
    s, t = h(9, -7), h(12, -8)
    closed = B.line_of_fire(s, t)
    assert closed.path == (h(9, -7), h(10, -7), h(11, -8), h(12, -8))
    assert closed.legal and closed.walls == 1 and closed.obstacles == 2
    opened = B.line_of_fire(s, t, ["G-R-NE"])
    assert opened.legal and opened.walls == 0 and opened.obstacles == 1
    blocked = B.line_of_fire(s, t, ["G-R-NE"], occupants={h(11, -8): visible()})
    assert not blocked.legal
    assert blocked.reason == "passes through gate G-R-NE, blocked by a character on (11,-8) (RB p.10)"


def test_body_in_an_open_gate_blocks__hr_1_8() -> None:
    s, t = h(3, -9), h(5, -8)
    shot = B.line_of_fire(s, t, ["G-N-M"], occupants={h(4, -8): visible()})
    assert not shot.legal
    assert shot.reason == "passes through gate G-N-M, blocked by a character on (4,-8) (RB p.10)"
    other_side = B.line_of_fire(s, t, ["G-N-M"], occupants={h(4, -9): visible()})
    assert not other_side.legal


def test_sneaking_body_in_an_open_gate_does_not_block__hr_1_8() -> None:
    s, t = h(3, -9), h(5, -8)
    shot = B.line_of_fire(s, t, ["G-N-M"], occupants={h(4, -8): SNEAKING, h(4, -9): [True, True]})
    assert shot.legal
    assert shot.characters_in_line == 0
    assert shot.obstacles == 1


def test_shooter_and_target_hex_never_block_a_gate__hr_1_8() -> None:
    # The shooter stands on a gate hex, with a comrade beside him.
    from_gate = B.line_of_fire(h(4, -9), h(4, -7), ["G-N-M"], occupants={h(4, -9): visible(2)})
    assert from_gate.legal and from_gate.path == (h(4, -9), h(4, -8), h(4, -7))
    blocked = B.line_of_fire(h(4, -9), h(4, -7), ["G-N-M"], occupants={h(4, -8): visible()})
    assert not blocked.legal
    # The target stands on a gate hex with another character.
    at_gate = B.line_of_fire(h(4, -10), h(4, -8), ["G-N-M"], occupants={h(4, -8): visible(2)})
    assert at_gate.legal and at_gate.others_on_target == 1
    assert not B.line_of_fire(h(4, -10), h(4, -8), ["G-N-M"], occupants={h(4, -9): visible()}).legal


def test_tower_in_the_line_blocks__hr_1_6() -> None:
    shot = B.line_of_fire(h(-7, 0), h(-4, 0))
    assert shot.path == (h(-7, 0), h(-6, 0), h(-5, 0), h(-4, 0))
    assert not shot.legal
    assert shot.reason == "passes through tower T-W (HR-1.6)"
    assert not B.line_of_fire(h(-7, 0), h(-4, 0), ALL_GATES).legal


def test_shot_at_a_tower_ignores_its_own_walls_and_adds_the_parapet__hr_2_4() -> None:
    # From M-NW across the cross wall that the tower T-N (in M-NE) stands on.
    shot = B.line_of_fire(h(1, -6), h(3, -6))
    assert shot.path == (h(1, -6), h(2, -6), h(3, -6))
    assert B.wall_kind(Edge.between(h(2, -6), h(3, -6))) is WallKind.CROSS
    assert shot.legal
    assert (shot.block_boundaries, shot.walls, shot.parapet, shot.obstacles) == (1, 0, 2, 3)
    assert shot.defence_bonus == 6
    # From the central circle over the inner circle wall beside the tower.
    below = B.line_of_fire(h(3, -5), h(3, -6))
    assert below.legal and (below.walls, below.parapet, below.defence_bonus) == (0, 2, 4)
    # Walls elsewhere on the line still count.
    far = B.line_of_fire(h(1, -5), h(3, -6))
    assert far.legal and far.walls == 1 and far.obstacles == 4


def test_line_hugging_an_edge_is_illegal_if_either_line_is__hr_1_8() -> None:
    s, t = h(4, -8), h(5, -10)
    assert hex_line(s, t, 1) == (s, h(5, -9), t)
    assert hex_line(s, t, -1) == (s, h(4, -9), t)
    shot = B.line_of_fire(s, t)
    assert not shot.legal
    assert shot.reason == "crosses the cross wall between M-NE and M-NW at closed gate G-N-M (RB p.10)"
    assert shot.path == hex_line(s, t, -1)
    # Through the open gate the lower line still meets the cross wall beyond it.
    opened = B.line_of_fire(s, t, ["G-N-M"])
    assert not opened.legal
    assert opened.reason == "crosses the cross wall between M-NW and M-NE (RB p.10)"
    assert B.line_of_fire(s, t, ignore_walls=True).legal


def test_line_hugging_an_edge_counts_the_worse_line__hr_1_8() -> None:
    s, t = h(4, -8), h(5, -7)
    assert hex_line(s, t, 1) == (s, h(4, -7), t)
    assert hex_line(s, t, -1) == (s, h(5, -8), t)
    shot = B.line_of_fire(s, t)
    assert shot.legal and shot.obstacles == 2 and shot.path == hex_line(s, t, -1)
    # A body on the other line makes the two equal; the first line is then reported.
    tie = B.line_of_fire(s, t, occupants={h(4, -7): visible()})
    assert tie.obstacles == 2 and tie.path == hex_line(s, t, 1)
    worse = B.line_of_fire(s, t, occupants={h(4, -7): visible(2)})
    assert worse.obstacles == 3 and worse.path == hex_line(s, t, 1)


def test_line_hugging_the_rim_leaves_the_arena__hr_1_8() -> None:
    s, t = h(-15, 4), h(-14, 2)
    assert hex_line(s, t, -1) == (s, h(-15, 3), t)
    assert not B.on_board(h(-15, 3))
    shot = B.line_of_fire(s, t)
    assert not shot.legal
    assert shot.reason == "leaves the arena at (-15,3) (HR-1.8)"


def test_forduló_villám_ignores_walls_but_counts_borders_and_bodies__hr_12_33() -> None:
    across = B.line_of_fire(h(4, -8), h(1, -8), ignore_walls=True)
    assert across.legal and across.walls == 0
    assert across.block_boundaries == 1 and across.defence_bonus == 2
    through_tower = B.line_of_fire(h(-7, 0), h(-4, 0), ignore_walls=True)
    assert through_tower.legal
    assert through_tower.obstacles == through_tower.block_boundaries == 1
    bodies = B.line_of_fire(
        h(3, -9),
        h(5, -8),
        ["G-N-M"],
        occupants={h(4, -8): visible(), h(5, -8): visible(2)},
        ignore_walls=True,
    )
    assert bodies.legal
    assert (bodies.characters_in_line, bodies.others_on_target) == (1, 1)
    assert bodies.gates_passed == ()
    over_ring = B.line_of_fire(h(4, -8), h(7, -11), ignore_walls=True)
    assert over_ring.defence_bonus == 4
    rim = B.line_of_fire(h(-15, 4), h(-14, 2), ignore_walls=True)
    assert rim.legal


def test_line_of_fire_rejects_off_board_hexes_and_unknown_gates__hr_1_8() -> None:
    with pytest.raises(ValueError):
        B.line_of_fire(h(30, 0), h(0, 0))
    with pytest.raises(ValueError):
        B.line_of_fire(h(0, 0), h(0, 30))
    with pytest.raises(KeyError):
        B.line_of_fire(h(4, -8), h(7, -11), ["G-N-X"])


def test_line_of_fire_to_own_hex_has_no_obstacles__hr_1_8() -> None:
    shot = B.line_of_fire(h(4, -8), h(4, -8))
    assert shot.legal and shot.path == (h(4, -8),) and shot.obstacles == 0


def test_line_of_fire_is_symmetric_for_walls__hr_1_8() -> None:
    # Legality and wall counts do not depend on which end shoots (no towers involved).
    cells = [x for x in sorted(B.hexes) if not B.is_tower(x)]
    for a in cells[::23]:
        for b in cells[::5]:
            ab = B.line_of_fire(a, b)
            ba = B.line_of_fire(b, a)
            assert ab.legal == ba.legal
            if ab.legal:
                assert ab.obstacles == ba.obstacles


def test_geometry_is_cached_but_state_is_not__hr_1_8() -> None:
    s, t = h(3, -9), h(5, -8)
    first = B.line_of_fire(s, t, ["G-N-M"], occupants={h(4, -8): visible()})
    second = B.line_of_fire(s, t, ["G-N-M"])
    third = B.line_of_fire(s, t)
    assert (first.legal, second.legal, third.legal) == (False, True, False)
    assert B.line_of_fire(s, t, ["G-N-M"]) == second


# --- symmetry and the reference map (HR-1.2, HR-1.9) ----------------------------------------


def test_features_are_symmetric_under_half_turn__hr_1_2() -> None:
    gate_hexes = {x for g in B.gates for x in g.hexes}
    assert {mirror(x) for x in gate_hexes} == gate_hexes
    for half_id in HalfId:
        half = B.half(half_id)
        other = B.half(half_id.opposite)
        assert {mirror(x) for x in half.deployment} == set(other.deployment)
        assert {mirror(x) for x in half.gladiator_starts} == set(other.gladiator_starts)
    for quarter in Quarter:
        image = {mirror(x) for x in B.four_player_deployment[quarter]}
        assert image == set(B.four_player_deployment[quarter.opposite])


def test_reference_map_matches_house_rules__hr_1_9() -> None:
    drawn = B.reference_map().splitlines()
    expected = REFERENCE_MAP.splitlines()
    assert len(drawn) == len(expected) == 31
    for ours, theirs in zip(drawn, expected, strict=False):
        assert ours == theirs


def _house_rules_map() -> list[str] | None:
    for parent in Path(__file__).resolve().parents:
        candidate = parent / "shared" / "rules" / "house-rules.md"
        if candidate.is_file():
            text = candidate.read_text(encoding="utf-8")
            start = text.index("Reference map, generated from")
            block = text[start:].split("```")[1]
            return [line for line in block.splitlines() if line.strip()]
    return None


def test_embedded_map_is_the_house_rules_map__hr_1_9() -> None:
    found = _house_rules_map()
    if found is None:
        pytest.skip("house-rules.md is not beside the repository")
    assert found == REFERENCE_MAP.splitlines()


def test_standard_board_is_built_once_and_immutable__hr_1() -> None:
    assert standard_board() is B
    with pytest.raises(AttributeError):
        B._walls = B._walls
    with pytest.raises(AttributeError):
        del B._walls
    with pytest.raises(TypeError):
        B.walls[Edge.between(h(0, 0), h(1, 0))] = WallKind.RING  # type: ignore[index]
    with pytest.raises(KeyError):
        B.gate_number(0)
    assert isinstance(B, Board)
    assert isinstance(B.walls, Mapping)
    assert isinstance(B.gates, Sequence)
