"""The arena board (HR-1): regions, blocks, walls, gates, towers, movement and lines of fire.

The board is built once from the rules of HR-1.2 to HR-1.7 and the tables of
:mod:`arena.engine.board.data`; :func:`standard_board` returns the shared instance.
A ``Board`` never changes. Game state (open gates, who stands where) is passed in.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import Final

from arena.engine.board.data import (
    BOARD_HEX_COUNT,
    CENTRAL_MAX_D2,
    GATE_TABLE,
    GLADIATOR_STARTS,
    HALF_TABLE,
    MIDDLE_MAX_D2,
    OUTER_MAX_D2,
    PILE_TABLE,
    RING_GATE_OF_QUARTER,
    SLICE_SIZES,
    TOWER_TABLE,
    TRAP_TABLE,
    WALL_COUNTS,
    Gate,
    Half,
    HalfId,
    Quarter,
    Region,
    Tower,
    TrapHex,
    WallKind,
    WeaponPile,
    slice_id,
)
from arena.engine.board.hexgrid import (
    D2,
    DIRECTIONS,
    X2,
    Edge,
    Hex,
    block_centre,
    block_coordinates,
    block_hex_distance,
    common_neighbours,
)
from arena.engine.board.lines import NO_OCCUPANTS, LineOfFire, Occupants, resolve, trace_lines

HexFilter = Callable[[Hex], bool]
"""A region filter for movement: True for the hexes a mover may enter."""

# HR-1.2: no on-board hex has |q| or |r| above this (D2 ≤ 182 gives at most 15).
_SCAN_RADIUS: Final = 16


def classify(h: Hex) -> tuple[Region, Quarter | None] | None:
    """Region and quarter of a hex by the rules of HR-1.2; None when off board."""
    d2 = D2(h)
    if d2 > OUTER_MAX_D2:
        return None
    if d2 <= CENTRAL_MAX_D2:
        return (Region.CENTRAL, None)
    region = Region.MIDDLE if d2 <= MIDDLE_MAX_D2 else Region.OUTER
    x2 = X2(h)
    # HR-1.2: the axis hexes are shared out as a pinwheel.
    if h.r < 0 and x2 >= 0:
        quarter = Quarter.NE
    elif h.r >= 0 and x2 > 0:
        quarter = Quarter.SE
    elif h.r > 0 and x2 <= 0:
        quarter = Quarter.SW
    else:
        quarter = Quarter.NW
    return (region, quarter)


def wall_kind_between(slice_a: str, slice_b: str) -> WallKind | None:
    """The wall between two slices (HR-1.4); None inside one slice."""
    if slice_a == slice_b:
        return None
    if slice_a == "C" or slice_b == "C":
        return WallKind.INNER_CIRCLE
    if slice_a[2:] == slice_b[2:]:
        return WallKind.RING
    return WallKind.CROSS


class Board:
    """The immutable arena of HR-1. Use :func:`standard_board` for the shared instance."""

    __slots__ = (
        "_block_ab",
        "_block_centre",
        "_cells",
        "_four_player",
        "_gate_by_edge",
        "_gates",
        "_gates_at_hex",
        "_halves",
        "_hexes",
        "_pile_at",
        "_piles",
        "_sealed",
        "_slice_hexes",
        "_steps",
        "_tower_at",
        "_towers",
        "_trap_at",
        "_traps",
        "_walls",
    )

    def __init__(self) -> None:
        cells: dict[Hex, tuple[Region, Quarter | None, str]] = {}
        for q in range(-_SCAN_RADIUS, _SCAN_RADIUS + 1):
            for r in range(-_SCAN_RADIUS, _SCAN_RADIUS + 1):
                h = Hex(q, r)
                found = classify(h)
                if found is not None:
                    cells[h] = (found[0], found[1], slice_id(*found))
        self._cells: Mapping[Hex, tuple[Region, Quarter | None, str]] = MappingProxyType(cells)
        self._hexes = frozenset(cells)
        by_slice: dict[str, set[Hex]] = {}
        for h, (_, _, sid) in cells.items():
            by_slice.setdefault(sid, set()).add(h)
        self._slice_hexes = MappingProxyType({s: frozenset(v) for s, v in by_slice.items()})
        self._block_centre = MappingProxyType({h: block_centre(h) for h in cells})
        self._block_ab = MappingProxyType({h: block_coordinates(h) for h in cells})
        self._walls = MappingProxyType(self._build_walls())
        self._build_features()
        self._steps = MappingProxyType(self._build_steps())
        self._check_counts()
        self._sealed = True

    def __setattr__(self, name: str, value: object) -> None:
        if hasattr(self, "_sealed"):  # set last by __init__
            raise AttributeError("the board is immutable")
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        raise AttributeError("the board is immutable")

    # --- construction ---------------------------------------------------------------

    def _build_walls(self) -> dict[Edge, WallKind]:
        """HR-1.4: an edge between two on-board hexes of different slices is a wall."""
        walls: dict[Edge, WallKind] = {}
        for h, (_, _, sid) in self._cells.items():
            for d in DIRECTIONS[:3]:
                n = h + d
                other = self._cells.get(n)
                if other is None:
                    continue
                kind = wall_kind_between(sid, other[2])
                if kind is not None:
                    walls[Edge.between(h, n)] = kind
        return walls

    def _build_features(self) -> None:
        gates: dict[str, Gate] = {}
        for number, gid, (a, b) in GATE_TABLE:  # HR-1.5
            kind = self._walls.get(Edge.between(a, b))
            if kind is None or kind is WallKind.INNER_CIRCLE:
                raise ValueError(f"gate {gid} is not on a cross or ring wall")
            gates[gid] = Gate(gid, number, (a, b), (self.slice_of(a), self.slice_of(b)), kind)
        self._gates = MappingProxyType(gates)
        self._gate_by_edge = MappingProxyType({g.edge: g for g in gates.values()})
        at_hex: dict[Hex, list[Gate]] = {}
        for g in gates.values():
            for h in g.hexes:
                at_hex.setdefault(h, []).append(g)
        self._gates_at_hex = MappingProxyType({h: tuple(v) for h, v in at_hex.items()})

        towers = {tid: Tower(tid, h, half, self.slice_of(h)) for tid, h, half in TOWER_TABLE}
        self._towers = MappingProxyType(towers)  # HR-1.6
        self._tower_at = MappingProxyType({t.hex: t for t in towers.values()})
        piles = {pid: WeaponPile(pid, h, quarter) for pid, h, quarter in PILE_TABLE}
        self._piles = MappingProxyType(piles)  # HR-1.6
        self._pile_at = MappingProxyType({p.hex: p for p in piles.values()})
        traps = {n: TrapHex(n, h, self.slice_of(h)) for n, h in TRAP_TABLE}
        self._traps = MappingProxyType(traps)  # HR-1.6
        self._trap_at = MappingProxyType({t.hex: t for t in traps.values()})

        halves: dict[HalfId, Half] = {}
        for half_id, quarters, home, tower, pile in HALF_TABLE:  # HR-1.7
            deployment = self._touching(gates[g] for g in home)
            trap_numbers = frozenset(t.number for t in traps.values() if self.quarter_of(t.hex) in quarters)
            halves[half_id] = Half(
                half_id,
                quarters,
                home,
                tower,
                pile,
                deployment,
                GLADIATOR_STARTS[half_id],
                trap_numbers,
            )
        self._halves = MappingProxyType(halves)
        self._four_player = MappingProxyType(  # HR-1.7, HR-8
            {q: self._touching([gates[g]]) for q, g in RING_GATE_OF_QUARTER.items()}
        )

    def _touching(self, gates: Iterable[Gate]) -> tuple[Hex, ...]:
        """HR-1.7: the gate hexes plus the two hexes sharing an end of each gate edge."""
        found: set[Hex] = set()
        for g in gates:
            found.update(g.hexes)
            found.update(common_neighbours(*g.hexes))
        return tuple(sorted(h for h in found if h in self._cells))

    def _build_steps(self) -> dict[Hex, tuple[tuple[Hex, str | None], ...]]:
        """Possible single steps: never off board or into a tower; walls only at gates."""
        steps: dict[Hex, tuple[tuple[Hex, str | None], ...]] = {}
        for h in self._cells:
            out: list[tuple[Hex, str | None]] = []
            for n in h.neighbours():
                if n not in self._cells or n in self._tower_at:
                    continue
                edge = Edge.between(h, n)
                if edge not in self._walls:
                    out.append((n, None))
                elif edge in self._gate_by_edge:
                    out.append((n, self._gate_by_edge[edge].id))
            steps[h] = tuple(out)
        return steps

    def _check_counts(self) -> None:
        """Build-time checks against the counts stated in HR-1.2 and HR-1.4."""
        if len(self._hexes) != BOARD_HEX_COUNT:
            raise ValueError(f"board has {len(self._hexes)} hexes, expected {BOARD_HEX_COUNT}")
        for sid, size in SLICE_SIZES.items():
            if len(self._slice_hexes[sid]) != size:
                raise ValueError(f"slice {sid} has {len(self._slice_hexes[sid])} hexes")
        for kind, count in WALL_COUNTS.items():
            found = sum(1 for k in self._walls.values() if k is kind)
            if found != count:
                raise ValueError(f"{found} {kind.label} edges, expected {count}")

    # --- hexes and regions (HR-1.2) -------------------------------------------------

    @property
    def hexes(self) -> frozenset[Hex]:
        """All 661 on-board hexes."""
        return self._hexes

    def on_board(self, h: Hex) -> bool:
        return h in self._cells

    def _cell(self, h: Hex) -> tuple[Region, Quarter | None, str]:
        try:
            return self._cells[h]
        except KeyError:
            raise ValueError(f"{h} is not on the board") from None

    def region_of(self, h: Hex) -> Region:
        return self._cell(h)[0]

    def quarter_of(self, h: Hex) -> Quarter | None:
        """The hex's quarter; None in the central circle."""
        return self._cell(h)[1]

    def slice_of(self, h: Hex) -> str:
        """``"C"`` or the arc-slice id such as ``"M-NE"``."""
        return self._cell(h)[2]

    def is_central(self, h: Hex) -> bool:
        """In the central circle, where gladiators stay (RB p.6)."""
        cell = self._cells.get(h)
        return cell is not None and cell[0] is Region.CENTRAL

    def is_ring(self, h: Hex) -> bool:
        """On the board outside the central circle, where the other fighters stay (RB p.6)."""
        cell = self._cells.get(h)
        return cell is not None and cell[0] is not Region.CENTRAL

    @property
    def slice_ids(self) -> tuple[str, ...]:
        return tuple(SLICE_SIZES)

    def slice_hexes(self, sid: str) -> frozenset[Hex]:
        return self._slice_hexes[sid]

    def slices_of(self, h: Hex, open_gates: Iterable[str] = ()) -> frozenset[str]:
        """The slices a character on ``h`` belongs to: both sides of an open gate (HR-1.5)."""
        opened = self._open(open_gates)
        found = {self.slice_of(h)}
        for g in self._gates_at_hex.get(h, ()):
            if g.id in opened:
                found.update(g.joins)
        return frozenset(found)

    # --- blocks (HR-1.3) ------------------------------------------------------------

    def block_of(self, h: Hex) -> Hex:
        """Centre hex of the block holding ``h`` (any hex of the plane)."""
        found = self._block_centre.get(h)
        return found if found is not None else block_centre(h)

    def block_coordinates(self, h: Hex) -> tuple[int, int]:
        """Block coordinates ``(A, B)`` of the block holding ``h``."""
        found = self._block_ab.get(h)
        return found if found is not None else block_coordinates(h)

    def block_distance(self, a: Hex, b: Hex) -> int:
        """Block distance: 0 in one block, 1 for touching blocks (HR-1.3)."""
        return block_hex_distance(self.block_coordinates(a), self.block_coordinates(b))

    def one_block_area(self, center: Hex) -> tuple[Hex, ...]:
        """The centre and its on-board neighbours (HR-1.3, digest A4); walls do not cut it."""
        self._cell(center)
        return (center, *(n for n in center.neighbours() if n in self._cells))

    # --- walls and gates (HR-1.4, HR-1.5) -------------------------------------------

    @property
    def walls(self) -> Mapping[Edge, WallKind]:
        """All 258 wall edges with their kind; closed gates included, the outer wall not."""
        return self._walls

    def wall_kind(self, edge: Edge) -> WallKind | None:
        return self._walls.get(edge)

    @property
    def gates(self) -> tuple[Gate, ...]:
        """The 12 gates in number order."""
        return tuple(self._gates.values())

    def gate(self, gate_id: str) -> Gate:
        return self._gates[gate_id]

    def gate_number(self, number: int) -> Gate:
        """The gate with marker number 1-12 (HR-1.5)."""
        for gate in self._gates.values():
            if gate.number == number:
                return gate
        raise KeyError(f"no gate number {number}")

    def gate_at(self, edge: Edge) -> Gate | None:
        return self._gate_by_edge.get(edge)

    def gates_at_hex(self, h: Hex) -> tuple[Gate, ...]:
        """Gates for which ``h`` is a gate hex (where a character may open or close them)."""
        return self._gates_at_hex.get(h, ())

    def _open(self, open_gates: Iterable[str]) -> frozenset[str]:
        opened = open_gates if isinstance(open_gates, frozenset) else frozenset(open_gates)
        for gid in opened:
            if gid not in self._gates:
                raise KeyError(f"unknown gate id {gid!r}")
        return opened

    # --- features (HR-1.6, HR-1.7) ----------------------------------------------------

    @property
    def towers(self) -> tuple[Tower, ...]:
        return tuple(self._towers.values())

    def tower(self, tower_id: str) -> Tower:
        return self._towers[tower_id]

    def tower_at(self, h: Hex) -> Tower | None:
        return self._tower_at.get(h)

    def is_tower(self, h: Hex) -> bool:
        return h in self._tower_at

    @property
    def piles(self) -> tuple[WeaponPile, ...]:
        return tuple(self._piles.values())

    def pile(self, pile_id: str) -> WeaponPile:
        return self._piles[pile_id]

    def pile_at(self, h: Hex) -> WeaponPile | None:
        return self._pile_at.get(h)

    @property
    def traps(self) -> tuple[TrapHex, ...]:
        return tuple(self._traps.values())

    def trap(self, number: int) -> TrapHex:
        return self._traps[number]

    def trap_at(self, h: Hex) -> TrapHex | None:
        return self._trap_at.get(h)

    @property
    def halves(self) -> Mapping[HalfId, Half]:
        return self._halves

    def half(self, half_id: HalfId) -> Half:
        return self._halves[half_id]

    @property
    def four_player_deployment(self) -> Mapping[Quarter, tuple[Hex, ...]]:
        """Hexes touching each quarter's ring gate (HR-1.7, HR-8)."""
        return self._four_player

    # --- movement ---------------------------------------------------------------------

    def neighbours_passable(self, h: Hex, open_gates: Iterable[str] = ()) -> tuple[Hex, ...]:
        """Neighbours reachable in one step: no wall between, or an open gate (RB p.6).

        Never off board and never into a tower (HR-1.6).
        """
        self._cell(h)
        opened = self._open(open_gates)
        return tuple(n for n, g in self._steps[h] if g is None or g in opened)

    def distances_from(
        self,
        start: Hex,
        open_gates: Iterable[str] = (),
        allowed: HexFilter | None = None,
    ) -> dict[Hex, int]:
        """Step counts to every hex reachable from ``start`` (BFS; ``start`` itself is 0).

        ``allowed`` limits the hexes that may be entered, e.g. ``board.is_central`` for a
        gladiator or ``board.is_ring`` for everyone else.
        """
        self._cell(start)
        opened = self._open(open_gates)
        steps = self._steps
        dist = {start: 0}
        queue = deque((start,))
        while queue:
            h = queue.popleft()
            nd = dist[h] + 1
            for n, g in steps[h]:
                if n in dist or (g is not None and g not in opened):
                    continue
                if allowed is not None and not allowed(n):
                    continue
                dist[n] = nd
                queue.append(n)
        return dist

    def shortest_path(
        self,
        a: Hex,
        b: Hex,
        open_gates: Iterable[str] = (),
        allowed: HexFilter | None = None,
    ) -> list[Hex] | None:
        """A shortest legal route from ``a`` to ``b``, both included; None if none exists.

        The route has ``len(path) - 1`` steps. Ties go to the first direction in HR-1.1
        order, so the answer is deterministic.
        """
        self._cell(a)
        opened = self._open(open_gates)
        if b not in self._cells or b in self._tower_at or (allowed is not None and not allowed(b)):
            return None
        steps = self._steps
        parent: dict[Hex, Hex | None] = {a: None}
        queue = deque((a,))
        while queue:
            h = queue.popleft()
            if h == b:
                path = [h]
                prev = parent[h]
                while prev is not None:
                    path.append(prev)
                    prev = parent[prev]
                path.reverse()
                return path
            for n, g in steps[h]:
                if n in parent or (g is not None and g not in opened):
                    continue
                if allowed is not None and not allowed(n):
                    continue
                parent[n] = h
                queue.append(n)
        return None

    # --- lines of fire (HR-1.8) -------------------------------------------------------

    def line_of_fire(
        self,
        shooter: Hex,
        target: Hex,
        open_gates: Iterable[str] = (),
        occupants: Occupants = NO_OCCUPANTS,
        ignore_walls: bool = False,
    ) -> LineOfFire:
        """Judge a shot from ``shooter`` to ``target`` (HR-1.8, HR-2.4).

        ``occupants`` lists every character on the board (see :data:`lines.Occupants`),
        the target included. A shot at a tower hex (the strategist, HR-2.4) ignores that
        tower's own wall edges and adds its parapet. ``ignore_walls`` is Forduló villám
        (HR-12 ruling 33). Range is not checked here: use :meth:`block_distance`.
        """
        self._cell(shooter)
        self._cell(target)
        opened = self._open(open_gates)
        return resolve(trace_lines(self, shooter, target), shooter, target, opened, occupants, ignore_walls)

    # --- drawing ------------------------------------------------------------------------

    def reference_map(self) -> str:
        """The reference map of HR-1.9: one line per row ``r``, hex ``q`` at column ``2q + r + 26``."""
        letters = {"C": "o", "M-NE": "e", "M-SE": "f", "M-SW": "g", "M-NW": "h"}
        letters.update({"O-NE": "E", "O-SE": "F", "O-SW": "G", "O-NW": "H"})
        gate_hexes = {h for g in self._gates.values() for h in g.hexes}
        rows = sorted({h.r for h in self._hexes})
        lines = []
        for r in rows:
            chars: dict[int, str] = {}
            for h in self._hexes:
                if h.r != r:
                    continue
                if h in self._tower_at:
                    mark = "T"
                elif h in self._pile_at:
                    mark = "P"
                elif h in self._trap_at:
                    mark = str(self._trap_at[h].number)
                elif h in gate_hexes:
                    mark = "+"
                elif h.q == 0 and h.r == 0:
                    mark = "*"
                else:
                    mark = letters[self.slice_of(h)]
                chars[X2(h) + 26] = mark
            width = max(chars) + 1
            body = "".join(chars.get(c, " ") for c in range(width))
            lines.append(f"{r:4d} | {body}")
        return "\n".join(lines)


_STANDARD_BOARD = Board()


def standard_board() -> Board:
    """The one arena board of HR-1 (built at import, immutable)."""
    return _STANDARD_BOARD
