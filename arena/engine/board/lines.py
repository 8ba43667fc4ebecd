"""Lines of fire (HR-1.8; digest §12.3-12.4, A8, A28; HR-2.4; HR-12 ruling 33).

The work is split in two. :func:`trace_lines` computes, once per (shooter, target) pair,
everything that depends only on the board: the hex path of each nudged line, its block
boundaries, the wall edges it crosses, tower hexes and off-board hexes on it. :func:`resolve`
then applies the open gates and the characters standing on the board, which change from
call to call. :class:`arena.engine.board.layout.Board` caches the first part.
"""

from __future__ import annotations

from collections.abc import Container, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final, Protocol

from arena.engine.board.data import (
    BODY_IN_GATE_SOURCE,
    CROSS_WALL_SOURCE,
    TOWER_PARAPET_OBSTACLES,
    Gate,
    Tower,
    WallKind,
)
from arena.engine.board.hexgrid import Edge, Hex, Nudge, hex_line

Occupants = Mapping[Hex, Sequence[bool]]
"""The characters on the board, by hex: one entry per character standing there, ``True``
when that character is sneaking or hiding (HR-1.8 steps 3-4). The target himself is listed
on his own hex; everyone else there counts as "other characters on the target's hex"."""

NO_OCCUPANTS: Final[Occupants] = MappingProxyType({})


class SightBoard(Protocol):
    """What line tracing needs to know about the board."""

    def on_board(self, h: Hex) -> bool: ...

    def block_of(self, h: Hex) -> Hex: ...

    def tower_at(self, h: Hex) -> Tower | None: ...

    def wall_kind(self, edge: Edge) -> WallKind | None: ...

    def gate_at(self, edge: Edge) -> Gate | None: ...

    def slice_of(self, h: Hex) -> str: ...


@dataclass(frozen=True, slots=True)
class WallCrossing:
    """A wall edge crossed by a line, entering ``path[step]``."""

    step: int
    edge: Edge
    kind: WallKind
    gate: str | None  # the gate id when the edge is a gate
    from_slice: str
    to_slice: str


@dataclass(frozen=True, slots=True)
class LineGeometry:
    """The board-only facts of one nudged hex line (HR-1.8 steps 1-2)."""

    path: tuple[Hex, ...]
    block_boundaries: int
    crossings: tuple[WallCrossing, ...]  # excludes a target tower's own edges (HR-2.4)
    blockers: tuple[tuple[int, str], ...]  # (step, reason): off-board hexes and towers passed
    inner: tuple[Hex, ...]  # hexes strictly between shooter and target where characters can stand
    parapet: int  # obstacles of a target tower's parapet (HR-2.4)


@dataclass(frozen=True, slots=True)
class LineOfFire:
    """The verdict on one shot (HR-1.8). Ranged defence = ``defence_bonus`` + d10 + modifiers."""

    legal: bool
    reason: str | None  # why the shot is illegal; None when legal
    path: tuple[Hex, ...]  # the hex line counted (the worse one for an edge-hugging line)
    block_boundaries: int
    walls: int  # inner-circle and ring walls crossed that are not open gates
    characters_in_line: int  # non-sneaking, non-hiding characters strictly between
    others_on_target: int  # other characters on the target's hex, at most 2 (RB p.10)
    parapet: int  # 2 when the target is a strategist's tower (HR-2.4)
    gates_passed: tuple[str, ...]  # open gates the line passes through

    @property
    def obstacles(self) -> int:
        """All obstacles of the RB p.10 formula."""
        return self.block_boundaries + self.walls + self.characters_in_line + self.others_on_target + self.parapet

    @property
    def defence_bonus(self) -> int:
        """``2 × obstacles``, the fixed part of the ranged defence (RB p.10)."""
        return 2 * self.obstacles


def trace_line(board: SightBoard, shooter: Hex, target: Hex, nudge: Nudge) -> LineGeometry:
    """Walk one nudged hex line from ``shooter`` to ``target`` (HR-1.8 steps 1-2)."""
    path = hex_line(shooter, target, nudge)
    last = len(path) - 1
    target_tower = board.tower_at(target)
    boundaries = 0
    crossings: list[WallCrossing] = []
    blockers: list[tuple[int, str]] = []
    inner: list[Hex] = []
    for step in range(1, last + 1):
        prev, cur = path[step - 1], path[step]
        if board.block_of(prev) != board.block_of(cur):
            boundaries += 1
        if not board.on_board(cur):
            blockers.append((step, f"leaves the arena at {cur} (HR-1.8)"))
            continue
        tower = board.tower_at(cur)
        if step < last:
            if tower is not None:
                blockers.append((step, f"passes through tower {tower.id} (HR-1.6)"))
            else:
                inner.append(cur)
        if not board.on_board(prev):
            continue
        edge = Edge.between(prev, cur)
        kind = board.wall_kind(edge)
        if kind is None or (step == last and target_tower is not None):
            continue
        gate = board.gate_at(edge)
        crossings.append(
            WallCrossing(
                step=step,
                edge=edge,
                kind=kind,
                gate=None if gate is None else gate.id,
                from_slice=board.slice_of(prev),
                to_slice=board.slice_of(cur),
            )
        )
    return LineGeometry(
        path=path,
        block_boundaries=boundaries,
        crossings=tuple(crossings),
        blockers=tuple(blockers),
        inner=tuple(inner),
        parapet=TOWER_PARAPET_OBSTACLES if target_tower is not None else 0,
    )


def trace_lines(board: SightBoard, shooter: Hex, target: Hex) -> tuple[LineGeometry, ...]:
    """Both nudged lines of HR-1.8 step 1; only one when they coincide."""
    plus = trace_line(board, shooter, target, 1)
    minus_path = hex_line(shooter, target, -1)
    if minus_path == plus.path:
        return (plus,)
    return (plus, trace_line(board, shooter, target, -1))


def _gate_body(crossing: WallCrossing, shooter: Hex, target: Hex, occupants: Occupants) -> Hex | None:
    """A gate hex where a visible body blocks the open gate (HR-1.8 step 3), if any."""
    for h in crossing.edge.hexes:
        if h == shooter or h == target:
            continue
        if any(not concealed for concealed in occupants.get(h, ())):
            return h
    return None


def evaluate(
    geometry: LineGeometry,
    shooter: Hex,
    target: Hex,
    open_gates: Container[str],
    occupants: Occupants,
    ignore_walls: bool,
) -> LineOfFire:
    """Apply gates and characters to one traced line (HR-1.8 steps 2-4).

    With ``ignore_walls`` (Forduló villám, HR-12 ruling 33) walls, cross walls, towers, the
    outer wall and bodies in gates neither block nor count; block boundaries, characters on
    the line, others on the target's hex and a tower's parapet still count.
    """
    problems: list[tuple[int, int, str]] = []  # (step, order, reason): first along the line wins
    walls = 0
    passed: list[str] = []
    if not ignore_walls:
        for step, blocker in geometry.blockers:
            problems.append((step, 1, blocker))
        for crossing in geometry.crossings:
            if crossing.gate is not None and crossing.gate in open_gates:
                passed.append(crossing.gate)
                body = _gate_body(crossing, shooter, target, occupants)
                if body is not None:
                    problems.append(
                        (
                            crossing.step,
                            0,
                            (
                                f"passes through gate {crossing.gate}, blocked by a character"
                                f" on {body} ({BODY_IN_GATE_SOURCE})"
                            ),
                        )
                    )
            elif crossing.kind is WallKind.CROSS:
                at_gate = "" if crossing.gate is None else f" at closed gate {crossing.gate}"
                problems.append(
                    (
                        crossing.step,
                        0,
                        (
                            f"crosses the cross wall between {crossing.from_slice} and"
                            f" {crossing.to_slice}{at_gate} ({CROSS_WALL_SOURCE})"
                        ),
                    )
                )
            else:
                walls += 1
    in_line = 0
    for h in geometry.inner:
        present = occupants.get(h)
        if present:
            in_line += sum(1 for concealed in present if not concealed)
    on_target = occupants.get(target)
    others = min(2, max(0, len(on_target) - 1)) if on_target else 0
    reason = min(problems)[2] if problems else None
    return LineOfFire(
        legal=reason is None,
        reason=reason,
        path=geometry.path,
        block_boundaries=geometry.block_boundaries,
        walls=walls,
        characters_in_line=in_line,
        others_on_target=others,
        parapet=geometry.parapet,
        gates_passed=tuple(passed),
    )


def resolve(
    geometries: Sequence[LineGeometry],
    shooter: Hex,
    target: Hex,
    open_gates: Container[str],
    occupants: Occupants,
    ignore_walls: bool,
) -> LineOfFire:
    """Combine the nudged lines (HR-1.8 step 1, digest A28): the defender gets the benefit.

    The shot is illegal if any line is illegal (the first illegal one is reported);
    otherwise the line with more obstacles counts (the first on a tie).
    """
    results = [evaluate(g, shooter, target, open_gates, occupants, ignore_walls) for g in geometries]
    for result in results:
        if not result.legal:
            return result
    best = results[0]
    for result in results[1:]:
        if result.obstacles > best.obstacles:
            best = result
    return best
