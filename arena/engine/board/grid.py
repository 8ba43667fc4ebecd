"""Integer-indexed tables of the standard board for the match engine's hot paths.

The match engine keeps positions as hex numbers ``0…660`` (the index of the hex in
:data:`Grid.hexes`) and gates as bits of one integer. Everything that depends only on the
board is computed once, here, from :func:`arena.engine.board.layout.standard_board` (HR-1): the
single steps a mover may take, the blocks (HR-1.3), the hexes where Hiding is possible
(HR-4) and the lines of fire (HR-1.8). The line verdict of :meth:`Grid.sight` reproduces
:func:`arena.engine.board.lines.resolve` exactly on integer inputs; :meth:`Grid.line_reason` asks the
board itself for the wording of a refusal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, NamedTuple

from arena.engine.board.data import TOWER_PARAPET_OBSTACLES, HalfId, WallKind
from arena.engine.board.hexgrid import LINE_NUDGE, Edge, Hex
from arena.engine.board.layout import Board, standard_board
from arena.engine.board.lines import LineGeometry, LineOfFire

ILLEGAL: Final = -1
"""What :meth:`Grid.sight` returns for a shot that may not be made."""


class Crossing(NamedTuple):
    """A wall edge a line crosses: its gate bit (0 when it is no gate), whether it is a cross
    wall, and its two hexes (for the body-in-gate test, HR-1.8 step 3)."""

    gate_bit: int
    cross: bool
    a: int
    b: int


class Sight(NamedTuple):
    """The board-only facts of one nudged line (HR-1.8 steps 1-2), by hex number."""

    blocked: bool  # off-board hex or tower on the way: illegal unless walls are ignored
    boundaries: int
    crossings: tuple[Crossing, ...]
    inner: tuple[int, ...]
    parapet: int


class HalfTables(NamedTuple):
    """A half's deployment hexes, gladiator start hexes, tower and pile (HR-1.7), by number."""

    id: HalfId
    deployment: tuple[int, ...]
    starts: tuple[int, ...]
    tower: int
    pile: int


class Grid:
    """The standard board as integer tables. Use :func:`grid` for the shared instance."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.hexes: tuple[Hex, ...] = tuple(sorted(board.hexes))
        self.index: dict[Hex, int] = {h: i for i, h in enumerate(self.hexes)}
        self._qr_index: dict[tuple[int, int], int] = {(h.q, h.r): i for i, h in enumerate(self.hexes)}
        self.size = len(self.hexes)
        self.central: tuple[bool, ...] = tuple(board.is_central(h) for h in self.hexes)
        self.tower: tuple[bool, ...] = tuple(board.is_tower(h) for h in self.hexes)
        self.gate_ids: tuple[str, ...] = tuple(g.id for g in board.gates)
        self.gate_bit: dict[str, int] = {gid: 1 << i for i, gid in enumerate(self.gate_ids)}
        self.gate_hexes: dict[str, tuple[int, int]] = {
            g.id: (self.index[g.hexes[0]], self.index[g.hexes[1]]) for g in board.gates
        }
        self.gates_at: tuple[tuple[str, ...], ...] = tuple(
            tuple(g.id for g in board.gates_at_hex(h)) for h in self.hexes
        )
        self.slice: tuple[str, ...] = tuple(board.slice_of(h) for h in self.hexes)
        self.gate_joins: dict[str, tuple[str, str]] = {g.id: g.joins for g in board.gates}
        self.steps: tuple[tuple[tuple[int, int], ...], ...] = tuple(self._steps(h) for h in self.hexes)
        self.block_ab: tuple[tuple[int, int], ...] = tuple(board.block_coordinates(h) for h in self.hexes)
        self.hide_ok: tuple[bool, ...] = tuple(self._cover(h) for h in self.hexes)
        self.halves: dict[HalfId, HalfTables] = {
            half.id: HalfTables(
                half.id,
                tuple(self.index[h] for h in half.deployment),
                tuple(self.index[h] for h in half.gladiator_starts),
                self.index[board.tower(half.tower).hex],
                self.index[board.pile(half.pile).hex],
            )
            for half in board.halves.values()
        }
        self._walls: dict[int, Crossing] = {}  # wall edges between neighbours, by a * size + b
        for i, h in enumerate(self.hexes):
            for n in h.neighbours():
                j = self.index.get(n)
                if j is None:
                    continue
                edge = Edge.between(h, n)
                kind = board.wall_kind(edge)
                if kind is not None:
                    gate = board.gate_at(edge)
                    self._walls[i * self.size + j] = Crossing(
                        0 if gate is None else self.gate_bit[gate.id],
                        kind is WallKind.CROSS,
                        self.index[edge.a],
                        self.index[edge.b],
                    )
        blocks = sorted(set(self.block_ab))
        number = {b: i for i, b in enumerate(blocks)}
        self.block_of: tuple[int, ...] = tuple(number[b] for b in self.block_ab)
        self._block_rows: tuple[tuple[int, ...], ...] = tuple(
            tuple(max(abs(a1 - a2), abs(b1 - b2), abs(a1 - a2 + b1 - b2)) for a2, b2 in blocks) for a1, b1 in blocks
        )
        # the block distance from every hex to every hex, built once
        self._dist_rows: tuple[tuple[int, ...], ...] = tuple(
            tuple(self._block_rows[self.block_of[a]][b] for b in self.block_of) for a in range(self.size)
        )

    # --- construction ------------------------------------------------------------------

    def _steps(self, h: Hex) -> tuple[tuple[int, int], ...]:
        """Single steps from ``h``: (hex, gate bit or 0). Never off board, into a tower or across
        a wall except at a gate (RB p.6, HR-1.4-1.6)."""
        out: list[tuple[int, int]] = []
        for n in h.neighbours():
            if not self.board.on_board(n) or self.board.is_tower(n):
                continue
            edge = Edge.between(h, n)
            if self.board.wall_kind(edge) is None:
                out.append((self.index[n], 0))
                continue
            gate = self.board.gate_at(edge)
            if gate is not None:
                out.append((self.index[n], 1 << self.gate_ids.index(gate.id)))
        return tuple(out)

    def _cover(self, h: Hex) -> bool:
        """HR-4 Hiding: a wall edge that is no gate, the outer wall included, a tower's not."""
        for n in h.neighbours():
            if not self.board.on_board(n):
                return True
            if self.board.is_tower(n):
                continue
            edge = Edge.between(h, n)
            if self.board.wall_kind(edge) is not None and self.board.gate_at(edge) is None:
                return True
        return False

    def slices_of(self, h: int, open_gates: int) -> tuple[str, ...]:
        """The slices a character on hex ``h`` belongs to: both sides of an open gate (RB p.6)."""
        found = [self.slice[h]]
        for gid in self.gates_at[h]:
            if open_gates & self.gate_bit[gid]:
                found.extend(x for x in self.gate_joins[gid] if x not in found)
        return tuple(sorted(found))

    # --- blocks (HR-1.3) -----------------------------------------------------------------

    def block_distance(self, a: int, b: int) -> int:
        """Block distance between two hexes (HR-1.3)."""
        a1, b1 = self.block_ab[a]
        a2, b2 = self.block_ab[b]
        da = a1 - a2
        db = b1 - b2
        return max(abs(da), abs(db), abs(da + db))

    def distances(self, a: int) -> tuple[int, ...]:
        """The block distance from hex ``a`` to every hex, by hex number."""
        return self._dist_rows[a]

    # --- lines of fire (HR-1.8) -----------------------------------------------------------

    def traced(self, a: int, b: int, memo: dict[int, tuple[Sight, ...]]) -> tuple[Sight, ...]:
        """:meth:`trace`, kept in ``memo`` (the caller's: a match keeps one, see match.memo)."""
        found = memo.get(a * self.size + b)
        if found is None:
            found = memo[a * self.size + b] = self.trace(a, b)
        return found

    def trace(self, a: int, b: int) -> tuple[Sight, ...]:
        """The nudged lines from hex ``a`` to hex ``b`` as :func:`arena.engine.board.lines.trace_lines`
        gives them, read from this grid's tables (the same facts, checked by a test)."""
        ha, hb = self.hexes[a], self.hexes[b]
        plus = _line(ha, hb, 1)
        minus = _line(ha, hb, -1)
        if minus == plus:
            return (self._sight_along(plus, b),)
        return (self._sight_along(plus, b), self._sight_along(minus, b))

    def _sight_along(self, path: list[tuple[int, int]], target: int) -> Sight:
        """:meth:`_compile` of :func:`arena.engine.board.lines.trace_line` for one hex path (as
        ``(q, r)`` pairs)."""
        index = self._qr_index
        tower = self.tower
        block = self.block_of
        walls = self._walls
        target_tower = tower[target]
        boundaries = 0
        blocked = False
        crossings: list[Crossing] = []
        inner: list[int] = []
        last = len(path) - 1
        prev = index.get(path[0])
        for step in range(1, last + 1):
            cur = index.get(path[step])
            if prev is None or cur is None:
                if self.board.block_of(Hex(*path[step - 1])) != self.board.block_of(Hex(*path[step])):
                    boundaries += 1
            elif block[prev] != block[cur]:
                boundaries += 1
            if cur is None:
                blocked = True  # leaves the arena (HR-1.8)
                prev = cur
                continue
            if step < last:
                if tower[cur]:
                    blocked = True  # passes through a tower (HR-1.6)
                else:
                    inner.append(cur)
            if prev is not None:
                wall = walls.get(prev * self.size + cur)
                if wall is not None and not (step == last and target_tower):
                    crossings.append(wall)
            prev = cur
        return Sight(
            blocked,
            boundaries,
            tuple(crossings),
            tuple(inner),
            TOWER_PARAPET_OBSTACLES if target_tower else 0,
        )

    def _compile(self, g: LineGeometry) -> Sight:
        crossings = tuple(
            Crossing(
                0 if c.gate is None else self.gate_bit[c.gate],
                c.kind is WallKind.CROSS,
                self.index[c.edge.a],
                self.index[c.edge.b],
            )
            for c in g.crossings
        )
        return Sight(
            bool(g.blockers),
            g.block_boundaries,
            crossings,
            tuple(self.index[h] for h in g.inner),
            g.parapet,
        )

    def sight(
        self,
        a: int,
        b: int,
        open_gates: int,
        visible: Mapping[int, int],
        present: int,
        memo: dict[int, tuple[Sight, ...]],
    ) -> int:
        """Obstacles of the shot from hex ``a`` to hex ``b`` (HR-1.8), or :data:`ILLEGAL`.

        ``visible.get(h)`` counts the characters on hex ``h`` who are neither sneaking nor hiding;
        ``present`` counts everyone on the target's hex, the target included. The nudged lines
        are combined as :func:`arena.engine.board.lines.resolve` does: illegal if either is, otherwise
        the one with more obstacles.
        """
        best = ILLEGAL
        others = min(2, present - 1) if present > 1 else 0
        for s in self.traced(a, b, memo):
            if s.blocked:
                return ILLEGAL
            count = s.boundaries + s.parapet + others
            for c in s.crossings:
                if c.gate_bit and open_gates & c.gate_bit:
                    if (c.a != a and c.a != b and c.a in visible) or (c.b != a and c.b != b and c.b in visible):
                        return ILLEGAL
                elif c.cross:
                    return ILLEGAL
                else:
                    count += 1
            for h in s.inner:
                if h in visible:
                    count += visible[h]
            if count > best:
                best = count
        return best

    def line_of_fire(self, a: int, b: int, open_gates: int, occupants: dict[Hex, list[bool]]) -> LineOfFire:
        """The board's own verdict (with its wording), for error messages and tests."""
        opened = [gid for gid in self.gate_ids if open_gates & self.gate_bit[gid]]
        return self.board.line_of_fire(self.hexes[a], self.hexes[b], opened, occupants)


def _line(a: Hex, b: Hex, nudge: int) -> list[tuple[int, int]]:
    """:func:`arena.engine.board.hexgrid.hex_line` as ``(q, r)`` pairs: the same arithmetic, inlined."""
    dq0 = a.q - b.q
    dr0 = a.r - b.r
    n = max(abs(dq0), abs(dr0), abs(dq0 + dr0))
    if n == 0:
        return [(a.q, a.r)]
    eq, er, es = nudge * LINE_NUDGE[0], nudge * LINE_NUDGE[1], nudge * LINE_NUDGE[2]
    aq, ar, as_ = float(a.q), float(a.r), float(a.s)
    dq, dr, ds = b.q - aq, b.r - ar, b.s - as_
    out = []
    for i in range(n + 1):
        t = i / n
        q = aq + dq * t + eq
        r = ar + dr * t + er
        s = as_ + ds * t + es
        rq = round(q)
        rr = round(r)
        rs = round(s)
        fq = abs(rq - q)
        fr = abs(rr - r)
        fs = abs(rs - s)
        if fq > fr and fq > fs:  # cube rounding (hexgrid.cube_round)
            rq = -rr - rs
        elif fr > fs:
            rr = -rq - rs
        out.append((rq, rr))
    return out


_GRID = Grid(standard_board())


def grid() -> Grid:
    """The shared tables of the standard board (built at import; nothing in them changes)."""
    return _GRID
