"""Hex-grid primitives: coordinates, distance, hex lines, the block tiling, edges (HR-1.1, HR-1.3, HR-1.8)."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from arena.engine.board.hexgrid import (
    BLOCK_CENTRE_OFFSETS,
    D2,
    DIRECTION_NAMES,
    DIRECTIONS,
    LINE_NUDGE,
    X2,
    Edge,
    Hex,
    Nudge,
    are_adjacent,
    block_centre,
    block_coordinates,
    block_hex_distance,
    common_neighbours,
    cube_round,
    direction_between,
    distance,
    edge_endpoints,
    edge_midpoint,
    hex_corners,
    hex_line,
    is_block_centre,
    pixel_centre,
)

coords = st.integers(min_value=-30, max_value=30)
hexes = st.builds(Hex, coords, coords)


def test_directions_in_order_e_ne_nw_w_sw_se__hr_1_1() -> None:
    assert DIRECTION_NAMES == ("E", "NE", "NW", "W", "SW", "SE")
    assert [(d.q, d.r) for d in DIRECTIONS] == [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]


def test_north_is_up_and_east_is_right__hr_1_1() -> None:
    x0, y0 = pixel_centre(Hex(0, 0))
    xe, ye = pixel_centre(Hex(0, 0).neighbour(0))
    _, yn = pixel_centre(Hex(0, 0).neighbour(2))
    assert xe > x0 and ye == y0
    assert yn < y0  # NW neighbour is up (r decreasing)


def test_cube_s_coordinate__hr_1_1() -> None:
    assert Hex(4, -8).s == 4
    assert Hex(-3, 6).s == -3
    assert Hex(0, 0).s == 0


def test_hex_is_hashable_ordered_and_frozen__hr_1_1() -> None:
    assert {Hex(1, 2), Hex(1, 2)} == {Hex(1, 2)}
    assert sorted([Hex(1, 0), Hex(0, 5), Hex(0, -1)]) == [Hex(0, -1), Hex(0, 5), Hex(1, 0)]
    with pytest.raises(AttributeError):
        Hex(1, 2).q = 3  # type: ignore[misc]
    assert not hasattr(Hex(1, 2), "__dict__")
    assert str(Hex(4, -8)) == "(4,-8)"
    assert Hex(1, 2) + Hex(3, -1) == Hex(4, 1)
    assert Hex(1, 2) - Hex(3, -1) == Hex(-2, 3)
    assert -Hex(1, -2) == Hex(-1, 2)


def test_neighbours_follow_direction_order__hr_1_1() -> None:
    assert Hex(2, -1).neighbours() == (
        Hex(3, -1),
        Hex(3, -2),
        Hex(2, -2),
        Hex(1, -1),
        Hex(1, 0),
        Hex(2, 0),
    )
    assert all(distance(Hex(2, -1), n) == 1 for n in Hex(2, -1).neighbours())
    assert direction_between(Hex(2, -1), Hex(2, -2)) == 2
    with pytest.raises(ValueError):
        direction_between(Hex(0, 0), Hex(2, 0))


def test_distance_examples__hr_1_1() -> None:
    assert distance(Hex(0, 0), Hex(0, 0)) == 0
    assert distance(Hex(2, -5), Hex(-2, 5)) == 10
    assert distance(Hex(4, 0), Hex(-4, 0)) == 8
    assert distance(Hex(3, -2), Hex(2, -5)) == 4
    assert are_adjacent(Hex(4, -9), Hex(4, -8))
    assert not are_adjacent(Hex(4, -9), Hex(4, -9))


@given(hexes, hexes, hexes)
def test_distance_is_a_metric__hr_1_1(a: Hex, b: Hex, c: Hex) -> None:
    assert distance(a, b) == distance(b, a)
    assert (distance(a, b) == 0) == (a == b)
    assert distance(a, c) <= distance(a, b) + distance(b, c)
    assert distance(a, b) == max(abs(a.q - b.q), abs(a.r - b.r), abs(a.s - b.s))


def test_d2_and_x2__hr_1_1() -> None:
    assert D2(Hex(0, 0)) == 0
    assert D2(Hex(3, -6)) == 27
    assert D2(Hex(7, -14)) == 147
    assert X2(Hex(4, -8)) == 0
    assert X2(Hex(4, -9)) == -1
    assert X2(Hex(-5, 0)) == -10


@given(hexes)
def test_d2_is_squared_pixel_distance_in_hex_spacings__hr_1_1(h: Hex) -> None:
    x, y = pixel_centre(h)
    assert math.isclose((x * x + y * y) / 3.0, D2(h), abs_tol=1e-9)
    assert math.isclose(2.0 * x / math.sqrt(3.0), X2(h), abs_tol=1e-9)


def test_pixel_centre__hr_1_1() -> None:
    assert pixel_centre(Hex(0, 0)) == (0.0, 0.0)
    x, y = pixel_centre(Hex(1, 2))
    assert math.isclose(x, 2.0 * math.sqrt(3.0))
    assert y == 3.0


@given(hexes)
def test_neighbour_centres_are_one_spacing_apart__hr_1_1(h: Hex) -> None:
    cx, cy = pixel_centre(h)
    for n in h.neighbours():
        nx, ny = pixel_centre(n)
        assert math.isclose(math.hypot(nx - cx, ny - cy), math.sqrt(3.0))


def test_hex_corners_are_at_size_one__hr_1_1() -> None:
    corners = hex_corners(Hex(2, -3))
    cx, cy = pixel_centre(Hex(2, -3))
    assert len(corners) == 6
    for x, y in corners:
        assert math.isclose(math.hypot(x - cx, y - cy), 1.0)


def test_cube_round_examples__hr_1_8() -> None:
    assert cube_round(0.0, 0.0, 0.0) == Hex(0, 0)
    assert cube_round(0.6, -0.2, -0.4) == Hex(1, 0)
    assert cube_round(0.4, 0.4, -0.8) == Hex(0, 1)
    assert cube_round(1.2, -1.6, 0.4) == Hex(1, -2)


@given(hexes)
def test_cube_round_keeps_hex_centres__hr_1_8(h: Hex) -> None:
    assert cube_round(float(h.q), float(h.r), float(h.s)) == h


@given(hexes, st.floats(-0.3, 0.3), st.floats(-0.3, 0.3))
def test_cube_round_finds_the_nearest_hex__hr_1_8(h: Hex, dq: float, dr: float) -> None:
    q = h.q + dq
    r = h.r + dr
    assert cube_round(q, r, -q - r) == h


def test_line_nudge_sums_to_zero__hr_1_8() -> None:
    assert LINE_NUDGE == (1e-6, 2e-6, -3e-6)
    assert math.isclose(sum(LINE_NUDGE), 0.0, abs_tol=1e-15)


def test_hex_line_straight_row__hr_1_8() -> None:
    assert hex_line(Hex(4, -8), Hex(7, -11)) == (Hex(4, -8), Hex(5, -9), Hex(6, -10), Hex(7, -11))
    assert hex_line(Hex(4, -8), Hex(7, -11), -1) == hex_line(Hex(4, -8), Hex(7, -11), 1)
    assert hex_line(Hex(3, 3), Hex(3, 3)) == (Hex(3, 3),)


def test_hex_line_along_an_edge_depends_on_the_nudge__hr_1_8() -> None:
    # From (0,0) to (1,1) the straight line runs exactly between (1,0) and (0,1).
    assert hex_line(Hex(0, 0), Hex(1, 1), 1) == (Hex(0, 0), Hex(0, 1), Hex(1, 1))
    assert hex_line(Hex(0, 0), Hex(1, 1), -1) == (Hex(0, 0), Hex(1, 0), Hex(1, 1))


@given(hexes, hexes, st.sampled_from([1, -1]))
def test_hex_line_is_a_chain_of_neighbours__hr_1_8(a: Hex, b: Hex, nudge: Nudge) -> None:
    line = hex_line(a, b, nudge)
    assert len(line) == distance(a, b) + 1
    assert line[0] == a and line[-1] == b
    assert len(set(line)) == len(line)
    for x, y in itertools.pairwise(line):
        assert distance(x, y) == 1


@given(hexes, hexes, st.sampled_from([1, -1]))
def test_reversed_line_with_the_same_nudge_is_the_same_line__hr_1_8(a: Hex, b: Hex, nudge: Nudge) -> None:
    # The samples are the same points moved the same way, visited in reverse order.
    assert hex_line(b, a, nudge) == tuple(reversed(hex_line(a, b, nudge)))


def test_block_centre_offsets__hr_1_3() -> None:
    assert [(o.q, o.r) for o in BLOCK_CENTRE_OFFSETS] == [
        (0, 0),
        (1, 0),
        (-1, 1),
        (0, 1),
        (0, -1),
        (1, -1),
        (-1, 0),
    ]


def test_block_centre_examples__hr_1_3() -> None:
    for centre in (Hex(0, 0), Hex(3, -1), Hex(1, 2), Hex(-2, 3)):
        assert is_block_centre(centre)
        assert block_centre(centre) == centre
        for n in centre.neighbours():
            assert block_centre(n) == centre
    assert block_coordinates(Hex(0, 0)) == (0, 0)
    assert block_coordinates(Hex(3, -1)) == (1, 0)
    assert block_coordinates(Hex(1, 2)) == (0, 1)
    assert block_coordinates(Hex(-2, 3)) == (-1, 1)


@given(hexes)
def test_every_hex_is_in_the_block_of_a_centre_within_one_step__hr_1_3(h: Hex) -> None:
    c = block_centre(h)
    assert is_block_centre(c)
    assert (c.q + 3 * c.r) % 7 == 0
    assert distance(h, c) <= 1
    assert (2 * c.q - c.r) % 7 == 0 and (c.q + 3 * c.r) % 7 == 0  # exact divisions


@given(hexes)
def test_block_neighbours_are_adjacent_block_coordinates__hr_1_3(h: Hex) -> None:
    # Blocks whose coordinates differ by one direction touch: some hexes are adjacent.
    c = block_centre(h)
    ab = block_coordinates(c)
    touching = {block_coordinates(n) for m in (c, *c.neighbours()) for n in m.neighbours()}
    touching.discard(ab)
    assert len(touching) == 6
    assert all(block_hex_distance(ab, other) == 1 for other in touching)


def test_block_hex_distance__hr_1_3() -> None:
    assert block_hex_distance((0, 0), (0, 0)) == 0
    assert block_hex_distance((0, 0), (1, -1)) == 1
    assert block_hex_distance((2, -1), (-1, 1)) == 3


def test_edge_is_unordered_and_checked__hr_1_1() -> None:
    e = Edge.between(Hex(4, -8), Hex(4, -9))
    assert e == Edge.between(Hex(4, -9), Hex(4, -8))
    assert e.a == Hex(4, -9) and e.b == Hex(4, -8)
    assert e.hexes == (Hex(4, -9), Hex(4, -8))
    assert e.other(Hex(4, -9)) == Hex(4, -8)
    assert hash(e) == hash(Edge.between(Hex(4, -8), Hex(4, -9)))
    assert str(e) == "(4,-9)-(4,-8)"
    with pytest.raises(ValueError):
        Edge.between(Hex(0, 0), Hex(0, 2))
    with pytest.raises(ValueError):
        e.other(Hex(0, 0))


@given(hexes, st.integers(0, 5))
def test_edge_endpoints_are_corners_of_both_hexes__hr_1_1(h: Hex, direction: int) -> None:
    e = Edge.between(h, h.neighbour(direction))
    ends = edge_endpoints(e)
    for x, y in ends:
        for side in e.hexes:
            assert any(
                math.isclose(x, cx, abs_tol=1e-9) and math.isclose(y, cy, abs_tol=1e-9) for cx, cy in hex_corners(side)
            )
    (x1, y1), (x2, y2) = ends
    assert math.isclose(math.hypot(x2 - x1, y2 - y1), 1.0)
    mx, my = edge_midpoint(e)
    assert math.isclose((x1 + x2) / 2, mx, abs_tol=1e-9) and math.isclose((y1 + y2) / 2, my, abs_tol=1e-9)


def test_common_neighbours_of_a_gate_edge__hr_1_7() -> None:
    assert common_neighbours(Hex(4, -9), Hex(4, -8)) == (Hex(3, -8), Hex(5, -9))
    assert common_neighbours(Hex(6, -13), Hex(7, -13)) == (Hex(6, -12), Hex(7, -14))
