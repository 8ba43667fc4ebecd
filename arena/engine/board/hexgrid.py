"""Hex-grid primitives of the arena (HR-1.1, HR-1.3, HR-1.8 step 1).

Pointy-top hexes in axial coordinates ``(q, r)`` with cube ``s = -q - r``. North is up
(``r`` decreasing) and east is right. Everything here is pure geometry of the infinite
plane; which hexes belong to the arena is decided in :mod:`arena.engine.board.layout`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final, Literal

Point = tuple[float, float]
"""A pixel position ``(x, y)`` for hex size 1 (HR-1.1)."""

Nudge = Literal[1, -1]
"""Sign of the hex-line nudge of HR-1.8 step 1."""

SQRT3: Final = math.sqrt(3.0)


@dataclass(frozen=True, slots=True, order=True)
class Hex:
    """One hex in axial coordinates (HR-1.1). Ordered by ``(q, r)``."""

    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate, ``s = -q - r`` (HR-1.1)."""
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def __neg__(self) -> Hex:
        return Hex(-self.q, -self.r)

    def __str__(self) -> str:
        return f"({self.q},{self.r})"

    def neighbour(self, direction: int) -> Hex:
        """The neighbour in ``DIRECTIONS[direction]`` (HR-1.1)."""
        d = DIRECTIONS[direction]
        return Hex(self.q + d.q, self.r + d.r)

    def neighbours(self) -> tuple[Hex, ...]:
        """The six neighbours, in the direction order E, NE, NW, W, SW, SE (HR-1.1)."""
        q, r = self.q, self.r
        return tuple(Hex(q + d.q, r + d.r) for d in DIRECTIONS)


# HR-1.1: neighbour directions, in this order.
DIRECTION_NAMES: Final[tuple[str, ...]] = ("E", "NE", "NW", "W", "SW", "SE")
DIRECTIONS: Final[tuple[Hex, ...]] = (
    Hex(1, 0),  # E
    Hex(1, -1),  # NE
    Hex(0, -1),  # NW
    Hex(-1, 0),  # W
    Hex(-1, 1),  # SW
    Hex(0, 1),  # SE
)
ORIGIN: Final = Hex(0, 0)

# HR-1.8 step 1: the nudge added to every sample of a hex line, in (q, r, s).
LINE_NUDGE: Final[tuple[float, float, float]] = (1e-6, 2e-6, -3e-6)


def distance(a: Hex, b: Hex) -> int:
    """Hex distance ``max(|dq|, |dr|, |ds|)`` (HR-1.1)."""
    dq = a.q - b.q
    dr = a.r - b.r
    return max(abs(dq), abs(dr), abs(dq + dr))


def are_adjacent(a: Hex, b: Hex) -> bool:
    """True when ``a`` and ``b`` share an edge (HR-1.1)."""
    return distance(a, b) == 1


def direction_between(a: Hex, b: Hex) -> int:
    """Index in ``DIRECTIONS`` of the step from ``a`` to its neighbour ``b`` (HR-1.1)."""
    step = b - a
    try:
        return DIRECTIONS.index(step)
    except ValueError:
        raise ValueError(f"{a} and {b} are not neighbours") from None


def D2(h: Hex) -> int:
    """Squared distance of the centre from the arena centre, in hex spacings: ``q² + qr + r²``."""
    return h.q * h.q + h.q * h.r + h.r * h.r


def X2(h: Hex) -> int:
    """Twice the east-west offset, ``2q + r`` (negative west, 0 on the north-south axis)."""
    return 2 * h.q + h.r


def pixel_centre(h: Hex) -> Point:
    """Pixel centre for hex size 1: ``x = √3·(q + r/2)``, ``y = 1.5·r`` (HR-1.1)."""
    return (SQRT3 * (h.q + h.r / 2.0), 1.5 * h.r)


def hex_corners(h: Hex) -> tuple[Point, ...]:
    """The six corners of a pointy-top hex of size 1, clockwise from the upper right."""
    cx, cy = pixel_centre(h)
    corners = []
    for i in range(6):
        angle = math.radians(60 * i - 30)
        corners.append((cx + math.cos(angle), cy + math.sin(angle)))
    return tuple(corners)


def cube_round(q: float, r: float, s: float) -> Hex:
    """Standard cube rounding: round each coordinate, then fix the one that moved most."""
    rq = round(q)
    rr = round(r)
    rs = round(s)
    dq = abs(rq - q)
    dr = abs(rr - r)
    ds = abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(rq, rr)


def hex_line(a: Hex, b: Hex, nudge: Nudge = 1) -> tuple[Hex, ...]:
    """The hex line from ``a`` to ``b`` (HR-1.8 step 1), both ends included.

    With ``N = distance(a, b)`` the cube coordinates are interpolated at ``t = i/N`` for
    ``i = 0…N``; every sample is moved by ``nudge`` times ``LINE_NUDGE`` and cube-rounded.
    The two nudges give different lines only when the line runs along hex edges.
    """
    n = distance(a, b)
    eq, er, es = (nudge * c for c in LINE_NUDGE)
    if n == 0:
        return (a,)
    aq, ar, as_ = float(a.q), float(a.r), float(a.s)
    dq, dr, ds = b.q - aq, b.r - ar, b.s - as_
    line = []
    for i in range(n + 1):
        t = i / n
        line.append(cube_round(aq + dq * t + eq, ar + dr * t + er, as_ + ds * t + es))
    return tuple(line)


# --- HR-1.3: the block tiling of the plane -------------------------------------------

# HR-1.3: offset of a hex from its block centre, indexed by k = (q + 3r) mod 7.
BLOCK_CENTRE_OFFSETS: Final[tuple[Hex, ...]] = (
    Hex(0, 0),
    Hex(1, 0),
    Hex(-1, 1),
    Hex(0, 1),
    Hex(0, -1),
    Hex(1, -1),
    Hex(-1, 0),
)


def is_block_centre(h: Hex) -> bool:
    """Block centres are exactly the hexes with ``q + 3r ≡ 0 (mod 7)`` (HR-1.3)."""
    return (h.q + 3 * h.r) % 7 == 0


def block_centre(h: Hex) -> Hex:
    """Centre of the block (centre plus its 6 neighbours) that holds ``h`` (HR-1.3)."""
    off = BLOCK_CENTRE_OFFSETS[(h.q + 3 * h.r) % 7]
    return Hex(h.q - off.q, h.r - off.r)


def block_coordinates(h: Hex) -> tuple[int, int]:
    """Block coordinates ``(A, B)`` of the block holding ``h`` (HR-1.3); both divisions exact."""
    c = block_centre(h)
    return ((2 * c.q - c.r) // 7, (c.q + 3 * c.r) // 7)


def block_hex_distance(ab1: tuple[int, int], ab2: tuple[int, int]) -> int:
    """Block distance between two block coordinates: their hex distance (HR-1.3)."""
    da = ab1[0] - ab2[0]
    db = ab1[1] - ab2[1]
    return max(abs(da), abs(db), abs(da + db))


# --- Edges ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, order=True)
class Edge:
    """The unordered edge shared by two neighbouring hexes, stored with ``a < b``.

    Build it with :meth:`Edge.between`, which normalises the order and checks adjacency.
    """

    a: Hex
    b: Hex

    @staticmethod
    def between(h1: Hex, h2: Hex) -> Edge:
        """The edge between two neighbouring hexes, in either order."""
        if distance(h1, h2) != 1:
            raise ValueError(f"{h1} and {h2} are not neighbours")
        return Edge(h1, h2) if h1 < h2 else Edge(h2, h1)

    @property
    def hexes(self) -> tuple[Hex, Hex]:
        return (self.a, self.b)

    def other(self, h: Hex) -> Hex:
        """The hex across the edge from ``h``."""
        if h == self.a:
            return self.b
        if h == self.b:
            return self.a
        raise ValueError(f"{h} is not on edge {self}")

    def __str__(self) -> str:
        return f"{self.a}-{self.b}"


def edge_endpoints(edge: Edge) -> tuple[Point, Point]:
    """The two corner points that bound ``edge`` (hex size 1), for drawing walls and gates."""
    cx, cy = pixel_centre(edge.a)
    angle = -60.0 * direction_between(edge.a, edge.b)
    ends = []
    for delta in (-30.0, 30.0):
        rad = math.radians(angle + delta)
        ends.append((cx + math.cos(rad), cy + math.sin(rad)))
    return (ends[0], ends[1])


def edge_midpoint(edge: Edge) -> Point:
    """Midpoint of ``edge``: halfway between the two hex centres (HR-1.5 gate derivation)."""
    ax, ay = pixel_centre(edge.a)
    bx, by = pixel_centre(edge.b)
    return ((ax + bx) / 2.0, (ay + by) / 2.0)


def common_neighbours(a: Hex, b: Hex) -> tuple[Hex, ...]:
    """Hexes next to both ``a`` and ``b``; for neighbours, the two that touch the edge's ends."""
    nb = set(b.neighbours())
    return tuple(sorted(h for h in a.neighbours() if h in nb))
