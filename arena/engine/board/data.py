"""Vocabulary and constant tables of the arena board (HR-1.2 to HR-1.7).

The region rules, gate table, towers, piles, trap hexes and gladiator start hexes are the
normative inputs; everything else (walls, deployment hexes, halves' data) is derived from
them in :mod:`arena.engine.board.layout`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Final

from arena.engine.board.hexgrid import Edge, Hex


class Region(enum.Enum):
    """The three concentric regions (HR-1.2)."""

    CENTRAL = "C"
    MIDDLE = "M"
    OUTER = "O"


class Quarter(enum.Enum):
    """The four quarters cut by the cross walls (HR-1.2)."""

    NE = "NE"
    SE = "SE"
    SW = "SW"
    NW = "NW"

    @property
    def opposite(self) -> Quarter:
        """The quarter under the 180° turn (HR-1.2)."""
        return _OPPOSITE_QUARTER[self]


_OPPOSITE_QUARTER: Final = {
    Quarter.NE: Quarter.SW,
    Quarter.SE: Quarter.NW,
    Quarter.SW: Quarter.NE,
    Quarter.NW: Quarter.SE,
}


class WallKind(enum.Enum):
    """Kinds of wall edge (HR-1.4)."""

    INNER_CIRCLE = "inner_circle"  # C | M-*, 1 m, +1 obstacle
    RING = "ring"  # M-Q | O-Q, 1 m, +1 obstacle
    CROSS = "cross"  # between quarters, 2 m, blocks shots

    @property
    def label(self) -> str:
        return _WALL_LABELS[self]


_WALL_LABELS: Final = {
    WallKind.INNER_CIRCLE: "inner circle wall",
    WallKind.RING: "ring wall",
    WallKind.CROSS: "cross wall",
}


class HalfId(enum.Enum):
    """The four halves a side chooser may pick (HR-1.7)."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    @property
    def opposite(self) -> HalfId:
        """The opponent's half (HR-1.7)."""
        return _OPPOSITE_HALF[self]


_OPPOSITE_HALF: Final = {HalfId.N: HalfId.S, HalfId.S: HalfId.N, HalfId.E: HalfId.W, HalfId.W: HalfId.E}


# --- HR-1.2 regions -------------------------------------------------------------------

# HR-1.2: D2 thresholds (inclusive upper bounds) of C, M and O; beyond O is off board.
CENTRAL_MAX_D2: Final = 24
MIDDLE_MAX_D2: Final = 90
OUTER_MAX_D2: Final = 182

# HR-1.2: expected sizes, used as build-time checks.
BOARD_HEX_COUNT: Final = 661
SLICE_SIZES: Final[dict[str, int]] = {
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

# HR-1.4: expected wall-edge counts, used as build-time checks.
WALL_COUNTS: Final[dict[WallKind, int]] = {
    WallKind.INNER_CIRCLE: 66,
    WallKind.RING: 122,
    WallKind.CROSS: 70,
}


def slice_id(region: Region, quarter: Quarter | None) -> str:
    """The arc-slice id ``"M-NE"`` etc., or ``"C"`` for the central circle (HR-1.2)."""
    if quarter is None:
        return region.value
    return f"{region.value}-{quarter.value}"


# --- Records ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Gate:
    """A gate: one wall edge that can be opened (HR-1.5)."""

    id: str
    number: int
    hexes: tuple[Hex, Hex]  # the two gate hexes, in the order of the HR-1.5 table
    joins: tuple[str, str]  # slice ids of hexes[0] and hexes[1]
    kind: WallKind  # CROSS or RING

    @property
    def edge(self) -> Edge:
        return Edge.between(*self.hexes)


@dataclass(frozen=True, slots=True)
class Tower:
    """A strategist tower: impassable, blocks lines of fire (HR-1.6, HR-2.4)."""

    id: str
    hex: Hex
    half: HalfId
    slice: str  # the slice the tower hex lies in


@dataclass(frozen=True, slots=True)
class WeaponPile:
    """A gladiator's weapon-pile hex in the central circle (HR-1.6)."""

    id: str
    hex: Hex
    quarter: Quarter


@dataclass(frozen=True, slots=True)
class TrapHex:
    """A numbered trap hex, the activation hex of remote trap card 1-8 (HR-1.6)."""

    number: int
    hex: Hex
    slice: str


@dataclass(frozen=True, slots=True)
class Half:
    """One player's half of the board in the two-player game (HR-1.7)."""

    id: HalfId
    quarters: tuple[Quarter, Quarter]
    home_gates: tuple[str, str]  # gate ids, cross gates of the bisecting arm
    tower: str  # tower id
    pile: str  # weapon-pile id of the gladiator of this half
    deployment: tuple[Hex, ...]  # hexes touching a home gate, sorted
    gladiator_starts: tuple[Hex, ...]
    trap_numbers: frozenset[int]

    @property
    def opposite(self) -> HalfId:
        return self.id.opposite


# --- HR-1.5 gates ----------------------------------------------------------------------

# HR-1.5: (number, id, gate hexes) in table order.
GATE_TABLE: Final[tuple[tuple[int, str, tuple[Hex, Hex]], ...]] = (
    (1, "G-N-M", (Hex(4, -9), Hex(4, -8))),
    (2, "G-N-O", (Hex(6, -13), Hex(7, -13))),
    (3, "G-E-M", (Hex(8, -1), Hex(7, 0))),
    (4, "G-E-O", (Hex(12, -1), Hex(11, 0))),
    (5, "G-S-M", (Hex(-4, 9), Hex(-4, 8))),
    (6, "G-S-O", (Hex(-6, 13), Hex(-7, 13))),
    (7, "G-W-M", (Hex(-8, 1), Hex(-7, 0))),
    (8, "G-W-O", (Hex(-12, 1), Hex(-11, 0))),
    (9, "G-R-NE", (Hex(10, -7), Hex(11, -8))),
    (10, "G-R-SE", (Hex(3, 7), Hex(3, 8))),
    (11, "G-R-SW", (Hex(-10, 7), Hex(-11, 8))),
    (12, "G-R-NW", (Hex(-3, -7), Hex(-3, -8))),
)

# HR-1.5 derivation: radii (in hex spacings) of the points that pick the gates.
CROSS_GATE_RADIUS: Final[dict[Region, float]] = {Region.MIDDLE: 7.19, Region.OUTER: 11.49}
RING_GATE_RADIUS: Final = 9.49

# HR-1.5: the ring gate of each quarter (four-player deployment, HR-1.7 / HR-8).
RING_GATE_OF_QUARTER: Final[dict[Quarter, str]] = {
    Quarter.NE: "G-R-NE",
    Quarter.SE: "G-R-SE",
    Quarter.SW: "G-R-SW",
    Quarter.NW: "G-R-NW",
}

# --- HR-1.6 towers, piles, trap hexes ----------------------------------------------------

# HR-1.6: strategist towers at the inner end of each arm; impassable.
TOWER_TABLE: Final[tuple[tuple[str, Hex, HalfId], ...]] = (
    ("T-N", Hex(3, -6), HalfId.N),
    ("T-E", Hex(5, 0), HalfId.E),
    ("T-S", Hex(-3, 6), HalfId.S),
    ("T-W", Hex(-5, 0), HalfId.W),
)

# HR-2.4: the tower's parapet adds this many obstacles to a shot at the strategist.
TOWER_PARAPET_OBSTACLES: Final = 2

# HR-1.6: weapon piles, one per quarter, all in C.
PILE_TABLE: Final[tuple[tuple[str, Hex, Quarter], ...]] = (
    ("P-NE", Hex(3, -2), Quarter.NE),
    ("P-SE", Hex(1, 2), Quarter.SE),
    ("P-SW", Hex(-3, 2), Quarter.SW),
    ("P-NW", Hex(-1, -2), Quarter.NW),
)

# HR-1.6: trap hexes 1-8 (activation hexes of the remote trap cards).
TRAP_TABLE: Final[tuple[tuple[int, Hex], ...]] = (
    (1, Hex(8, -6)),
    (2, Hex(2, 6)),
    (3, Hex(-8, 6)),
    (4, Hex(-2, -6)),
    (5, Hex(13, -9)),
    (6, Hex(4, 9)),
    (7, Hex(-13, 9)),
    (8, Hex(-4, -9)),
)

# --- HR-1.7 halves --------------------------------------------------------------------

# HR-1.7: (half, its two quarters, home gate ids, tower id, the gladiator's pile id).
HALF_TABLE: Final[tuple[tuple[HalfId, tuple[Quarter, Quarter], tuple[str, str], str, str], ...]] = (
    (HalfId.N, (Quarter.NE, Quarter.NW), ("G-N-M", "G-N-O"), "T-N", "P-NE"),
    (HalfId.E, (Quarter.NE, Quarter.SE), ("G-E-M", "G-E-O"), "T-E", "P-SE"),
    (HalfId.S, (Quarter.SE, Quarter.SW), ("G-S-M", "G-S-O"), "T-S", "P-SW"),
    (HalfId.W, (Quarter.NW, Quarter.SW), ("G-W-M", "G-W-O"), "T-W", "P-NW"),
)

# HR-1.7: the gladiator's start hexes, C hexes next to his own tower.
GLADIATOR_STARTS: Final[dict[HalfId, tuple[Hex, ...]]] = {
    HalfId.N: (Hex(2, -5), Hex(3, -5)),
    HalfId.E: (Hex(5, -1), Hex(4, 0), Hex(4, 1)),
    HalfId.S: (Hex(-2, 5), Hex(-3, 5)),
    HalfId.W: (Hex(-4, 0), Hex(-4, -1), Hex(-5, 1)),
}

# HR-1.8 reasons cite these sources.
CROSS_WALL_SOURCE: Final = "RB p.10"
BODY_IN_GATE_SOURCE: Final = "RB p.10"
