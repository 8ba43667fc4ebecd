"""Movement, disengaging and gates (RB p.6, p.8-9; HR-4 Futás/Lopakodás; HR-12 rulings 9-11).

A MOVE is a path (ruling 9). :func:`move_options` lists one shortest path per reachable
destination; :func:`decide_move` accepts any legal path. Every hex is paid on entry: 1 MAN, 2
while sneaking; a running character pays ⌈hexes ÷ 2⌉ for all his running hexes (HR-4). Every
hex moved in a step counts against Mozgás (+2 when running), the disengage hex included.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import repeat
from types import MappingProxyType
from typing import NamedTuple

from arena.engine.board.hexgrid import Hex
from arena.engine.content.skills import ACROBATICS, SKILLS, SNEAKING
from arena.engine.match.actions import Disengage, Move, ToggleGate
from arena.engine.match.context import Context
from arena.engine.match.hooks import HOOKS
from arena.engine.match.magic import queries as magic_hooks
from arena.engine.match.memo import Table
from arena.engine.match.rules.base import (
    ATTACK_MAN,
    CENTRAL,
    HEXES,
    MAX_PER_HEX,
    STEP_GATE,
    STEPS,
    STEPS_IN,
    STEPS_OUT,
    G,
    Scan,
    activate,
    actor,
    check_stated,
    enemies_on,
    fail,
    grantable,
    in_melee,
    man_of,
    occupancy,
    pay,
)
from arena.engine.match.rules.gladiators import holds, skill_allowed
from arena.engine.match.rules.skill_use import end_states
from arena.engine.match.state import GLADIATOR, SEAT_OF, State
from arena.engine.match.traps import marks as trap_marks

GATE_MAN = 1  # RB p.8
DISENGAGE_MAN = 2  # RB p.8
RUN_MOV_BONUS = SKILLS["running"].param("mov_bonus")  # HR-4
SNEAK_HEX_MAN = SKILLS[SNEAKING].param("man_per_hex")  # HR-4


def hex_man(s: State, c: int) -> int:
    """MAN per hex outside running: 1, or 2 while sneaking or in quicksand (HR-12 ruling 9)."""
    base = SNEAK_HEX_MAN if s.sneaking[c] else 1
    if s.magic is not None:  # Izomsorvadás doubles it (RB p.15, HR-12 ruling 9)
        base *= magic_hooks.move_factor(s, c)
    return max(base, trap_marks.hex_cost(s, c)) if s.trap_marks else base


def move_cost(s: State, c: int, hexes: int) -> int:
    """MAN for ``hexes`` more hexes this step (RB p.8, HR-4), +1 out of a pit (HR-5 card 9)."""
    extra = trap_marks.move_extra(s, c) if hexes and s.trap_marks else 0
    if s.ran[c]:
        done = s.run_hexes[c]
        return -(-(done + hexes) // 2) - (-(-done // 2)) + extra
    return hexes * hex_man(s, c) + extra


def hexes_left(s: State, c: int) -> int:
    """Mozgás left in this step (RB p.8, HR-4: +2 when running, HR-12 ruling 9)."""
    mov = s.sheets[c].mov + (magic_hooks.mov_change(s, c) if s.magic is not None else 0)  # RB p.16
    return mov + (RUN_MOV_BONUS if s.ran[c] else 0) - s.moved[c]


def can_attack_after_moving(s: State, c: int) -> bool:
    """Whether entering an enemy's hex could be followed by an attack (HR-12 ruling 10)."""
    if s.attacks[c] or s.prone[c]:
        return False
    return not s.disengaged[c] or holds(s, c, "halberd")


# --- MOVE ---------------------------------------------------------------------------------------


Paths = dict[int, tuple[Hex, ...]]
CostMode = tuple[int, int, int]  # (running, per hex or the run hexes' parity, extra MAN)
BallKey = tuple[int, int, int, bool]  # (start, gates, reach, central)
AROUND_LIMIT = 10_000  # searches around characters kept per match (one per arrangement met)


class _Geometry(NamedTuple):
    """Shortest paths from one start hex, in breadth-first order: ``counts[n]`` of them have at
    most ``n`` hexes; ``ends`` and ``order`` are their destinations and (hex, previous hex)."""

    start: int
    paths: tuple[tuple[Hex, ...], ...]
    order: tuple[tuple[int, int], ...]
    ends: tuple[int, ...]
    counts: tuple[int, ...]


class _Ball:
    """A set of shortest paths in one match, with the moves listed from them per character and
    cost (made on first use). ``counts[n]``, ``dests[n]`` and ``inner[n]`` describe the paths of
    at most ``n`` hexes: how many, where they end, the hexes they pass through. On an empty board
    the paths of a shorter reach are a prefix of a longer reach's (the search is breadth-first),
    so one ball serves every reach up to its depth."""

    __slots__ = ("_ends", "_order", "_sets", "_start", "counts", "moves", "paths")

    def __init__(self, geometry: _Geometry) -> None:
        self.paths = geometry.paths
        self.counts = geometry.counts
        # (char id, cost mode) -> (destinations, costs, moves), all in the order of ``paths``
        self.moves: dict[tuple[str, CostMode], tuple[list[int], list[int], list[Move]]] = {}
        self._ends = geometry.ends
        self._order = geometry.order
        self._start = geometry.start
        self._sets: list[tuple[frozenset[int], frozenset[int]] | None] = [None] * len(geometry.counts)

    def region(self, n: int) -> tuple[frozenset[int], frozenset[int]]:
        """(where the paths of at most ``n`` hexes end, the hexes they pass through), made on
        first use."""
        found = self._sets[n]
        if found is None:
            k = self.counts[n]
            start = self._start
            found = self._sets[n] = (
                frozenset(self._ends[:k]),
                frozenset([h for _, h in self._order[:k] if h != start]),
            )
        return found

    def listed(self, seat: int, sid: str, mode: CostMode, count: int) -> tuple[list[int], list[int], list[Move]]:
        """The first ``count`` moves of ``sid`` (made on first use, then kept)."""
        key = (sid, mode)
        found = self.moves.get(key)
        if found is None:
            found = self.moves[key] = ([], [], [])
        dests, costs, moves = found
        done = len(moves)
        if done < count:
            paths = self.paths[done:count]
            by_length = _mode_costs(mode)
            added = [by_length[len(path)] for path in paths]
            dests.extend(self._ends[done:count])
            costs.extend(added)
            # map over zip: the C loop makes the (many) new moves a sixth faster than a comprehension
            moves.extend(map(_new, repeat(Move), zip(repeat(seat), repeat(sid), paths, added)))
        return found


def _mode_cost(mode: CostMode, hexes: int) -> int:
    """:func:`move_cost` for a cost mode (running: only the parity of the hexes run so far counts)."""
    running, per, extra = mode
    if running:
        return -(-(per + hexes) // 2) - per + extra
    return hexes * per + extra


_new = tuple.__new__  # a named tuple from its fields, without the Python-level __new__
# the cost of a path of each length (0 to a board's width) per cost mode, built once: per hex up
# to 15 MAN, up to 7 extra MAN; any other mode is computed when asked
_MODE_COSTS: Mapping[CostMode, tuple[int, ...]] = MappingProxyType(
    {
        mode: tuple(_mode_cost(mode, n) for n in range(64))
        for mode in [(running, per, extra) for running in (0, 1) for per in range(16) for extra in range(8)]
    }
)


def _mode_costs(mode: CostMode) -> Sequence[int]:
    """The cost of a path of each length (0 to a board's width) in one cost mode."""
    found = _MODE_COSTS.get(mode)
    return found if found is not None else [_mode_cost(mode, n) for n in range(64)]


def _cost_mode(s: State, c: int) -> CostMode:
    """What the cost of ``c``'s next hexes depends on: running (and the parity of the hexes run,
    HR-4: 1 MAN per 2 hexes), else the MAN per hex; and the extra MAN out of a pit (HR-5 card 9)."""
    extra = trap_marks.move_extra(s, c) if s.trap_marks else 0
    if s.ran[c]:
        return (1, s.run_hexes[c] & 1, extra)
    return (0, hex_man(s, c), extra)


def _afford(mode: CostMode, man: int) -> int:
    """The hexes ``man`` MAN pays for in a cost mode: running, a half-paid pair's second hex is free."""
    running, per, extra = mode
    if running:
        return 2 * (man - extra) + per  # ``per``: the parity of the hexes run so far
    return (man - extra) // per


def _search(
    start: int,
    gates: int,
    limit: int,
    central: bool,
    blocked: set[int] | frozenset[int],
    stops: set[int] | frozenset[int],
) -> _Geometry:
    """Breadth-first shortest paths (ties: HR-1.1 direction order); the (hex, previous hex) of
    each in the order found, and how many were found within 0, 1, … ``limit`` hexes. ``blocked``
    hexes cannot be entered (three characters, RB p.8); ``stops`` may only end a path (enemies,
    HR-12 ruling 10)."""
    steps = STEPS_IN if central else STEPS_OUT
    paths: Paths = {start: ()}
    order: list[tuple[int, int]] = []
    counts = [0]
    frontier = [start]
    for _ in range(limit):
        nxt = []
        for h in frontier:
            here = paths[h]
            for n, gate in steps[h]:
                if n in paths or n in blocked or (gate and not gates & gate):
                    continue
                paths[n] = here + (HEXES[n],)
                order.append((n, h))
                if n not in stops:
                    nxt.append(n)
        frontier = nxt
        counts.append(len(order))
    del paths[start]
    return _Geometry(start, tuple(paths.values()), tuple(order), tuple(n for n, _ in order), tuple(counts))


KEY_REACH = 7  # the balls of an empty board go this far (Mozgás 5 + Futás 2); longer ones exactly


def _near_by_depth(start: int) -> tuple[int, ...]:
    """The gates a path of 0, 1, … :data:`KEY_REACH` hexes from ``start`` could pass (all open)."""
    found = 0
    seen = {start}
    frontier = [start]
    by_depth = [0]
    for _ in range(KEY_REACH):
        nxt = []
        for h in frontier:
            for n, gate in STEPS_OUT[h]:
                found |= gate
                if n not in seen:
                    seen.add(n)
                    nxt.append(n)
        frontier = nxt
        by_depth.append(found)
    return tuple(by_depth)


_GATES_NEAR: tuple[tuple[int, ...], ...] = tuple(_near_by_depth(h) for h in range(len(HEXES)))
_ALL_GATES = -1  # every bit set: the gates as they are


def _gates_near(start: int, limit: int) -> int:
    """The gates a path of ``limit`` hexes from ``start`` could pass (all gates open): past
    :data:`KEY_REACH`, every gate may matter."""
    return _GATES_NEAR[start][limit] if limit <= KEY_REACH else _ALL_GATES


def _subsets(mask: int) -> list[int]:
    bits = [1 << i for i in range(mask.bit_length()) if mask >> i & 1]
    return [sum(b for i, b in enumerate(bits) if pick >> i & 1) for pick in range(1 << len(bits))]


# The paths of the empty board from every hex, for every set of the gates within reach that may
# be open, to KEY_REACH hexes (gladiators inside the central circle, everyone else outside):
# built once at import, read by every match.
_EMPTY_BOARD: Mapping[tuple[int, int, bool], _Geometry] = MappingProxyType(
    {
        (h, gates, bool(CENTRAL[h])): _search(h, gates, KEY_REACH, bool(CENTRAL[h]), frozenset(), frozenset())
        for h in range(len(HEXES))
        for gates in ([0] if CENTRAL[h] else _subsets(_GATES_NEAR[h][KEY_REACH]))
    }
)

# per match: the balls met, by the gates within reach (sharing their moves) and by all the gates
_BALLS: Table[tuple[int, int, int, bool], _Ball] = Table("movement: balls by the gates within reach")
_BALL_AT: Table[BallKey, _Ball] = Table("movement: balls by all the gates")
_AROUND: Table[tuple[BallKey, frozenset[int], frozenset[int]], _Ball] = Table(
    "movement: paths around the characters", AROUND_LIMIT
)


def _ball(s: State, start: int, gates: int, reach: int, central: bool) -> _Ball:
    """The paths on an empty board up to ``reach`` hexes, memoised. Only the gates within reach
    are part of the key (gladiators pass none)."""
    key = (start, 0 if central else gates & _gates_near(start, reach), reach, central)
    balls = _BALLS.of(s.memo)
    found = balls.get(key)
    if found is None:
        geometry = _EMPTY_BOARD.get((start, key[1], central)) if reach == KEY_REACH else None
        if geometry is None:  # a longer reach, or a gladiator outside the circle: searched now
            geometry = _search(start, key[1], reach, central, frozenset(), frozenset())
        found = balls[key] = _Ball(geometry)
    _BALL_AT.of(s.memo)[(start, gates, reach, central)] = found
    return found


def _around(
    s: State, dests: frozenset[int], start: int, limit: int, central: bool, full: set[int], enemies: set[int]
) -> _Ball:
    """The paths around the characters: nobody passes a full hex or an enemy's (HR-12 ruling
    10). Only the hexes the empty board's paths reach (``dests``) can matter, so they make the
    key."""
    key = (start, 0 if central else s.gates & _gates_near(start, limit), limit, central)
    blocked = frozenset(full & dests) if full else frozenset()
    stops = frozenset(enemies & dests)
    around = (key, blocked, stops)
    table = _AROUND.of(s.memo)
    found = table.get(around)
    if found is None:
        found = table[around] = _Ball(_search(start, key[1], limit, central, blocked, stops))
    return found


def move_options(s: State, c: int, scan: Scan) -> list[Move]:
    """One shortest path to every hex ``c`` may move to now (HR-12 ruling 9).

    The paths of an empty board are memoised per start and gates; when no character stands on
    a hex they pass through, they are the answer, otherwise the search is redone around the
    characters (memoised too, per arrangement of the hexes that block or stop a path). The
    moves listed from a set of paths are memoised per character and cost.
    """
    marks = s.trap_marks
    if s.melee[c] or s.prone[c] or (marks and trap_marks.cannot_move(s, c)):
        return []
    man = man_of(s, c)
    mode = _cost_mode(s, c)
    limit = min(hexes_left(s, c), _afford(mode, man))
    if limit <= 0:
        return []
    central = GLADIATOR[c]
    start = s.pos[c]
    full = scan.full
    enemies = scan.enemies[SEAT_OF[c]]
    reach = max(limit, KEY_REACH)
    ball = _BALL_AT.of(s.memo).get((start, s.gates, reach, central)) or _ball(s, start, s.gates, reach, central)
    dests, inner = ball._sets[limit] or ball.region(limit)
    count = ball.counts[limit]
    if not inner.isdisjoint(enemies) or (full and (not inner.isdisjoint(full) or not full.isdisjoint(dests))):
        ball = _around(s, dests, start, limit, central, full, enemies)
        count = ball.counts[limit]
        dests = ball.region(limit)[0]
    sid = s.sheets[c].id
    listed = ball.moves.get((sid, mode))
    if listed is None or len(listed[2]) < count:
        listed = ball.listed(SEAT_OF[c], sid, mode, count)
    ends, costs, moves = listed
    if enemies.isdisjoint(dests):
        return moves[:count]
    spare = man + grantable(s, c)
    attack_ok = can_attack_after_moving(s, c)
    return [
        m
        for n, cost, m in zip(ends[:count], costs, moves, strict=False)
        if n not in enemies or (attack_ok and spare - cost >= ATTACK_MAN)
    ]


def decide_move(ctx: Context, a: Move) -> None:
    s = ctx.state
    c = actor(s, a.seat, a.char)
    if not a.path:
        fail("a move enters at least one hex", "HR-12 ruling 9")
    if s.prone[c]:
        fail("a prone character spends MAN only on standing up", "HR-4")
    if in_melee(s, c):
        fail("in a melee situation he leaves his hex only by disengaging", "RB p.9, HR-12 ruling 11")
    if trap_marks.cannot_move(s, c):
        fail(*trap_marks.cannot_move(s, c) or ("", ""))
    if s.must_attack[c]:
        fail("he entered an enemy's hex and must attack there first", "RB p.8, HR-12 ruling 10")
    if len(a.path) > hexes_left(s, c):
        fail(f"{len(a.path)} hexes exceed his Mozgás left ({hexes_left(s, c)})", "RB p.8, HR-12 ruling 9")
    cost = move_cost(s, c, len(a.path))
    check_stated(a.man, cost)
    pay(s, c, cost, "this move")
    hexes, enemy = _check_path(s, c, a.path)
    if hexes[-1] in enemy:
        if not can_attack_after_moving(s, c):
            fail("he may enter an enemy's hex only if he can attack there", "RB p.8, HR-12 ruling 10")
        if man_of(s, c) + grantable(s, c) - cost < ATTACK_MAN:
            fail("entering an enemy's hex needs 2 MAN left for the attack", "RB p.8, HR-12 ruling 10")
    activate(ctx, c)
    end_states(ctx, c, "left his hex", ("hiding",))
    HOOKS.trap_run_move(ctx, c, a.path, cost)  # the direct-trap window, if due (HR-12 ruling 26)


def _check_path(s: State, c: int, path: tuple[Hex, ...]) -> tuple[list[int], set[int]]:
    """The path as hex numbers, refused at the first illegal step, and the enemies' hexes."""
    scan = Scan(s)  # the listing's counts, usually: Scan keeps the last ones
    occ = scan.occ
    enemy = scan.enemies[SEAT_OF[c]]
    here = s.pos[c]
    hexes = []
    last = len(path) - 1
    for i, h in enumerate(path):
        n = G.index.get(h, -1)
        _check_step(s, c, here, n, h, occ)
        if i < last and n in enemy:
            fail(f"{h} holds an enemy; entering an enemy's hex may only end a move", "HR-12 ruling 10")
        hexes.append(n)
        here = n
    return hexes, enemy


def _check_step(s: State, c: int, here: int, n: int, h: Hex, occ: dict[int, int]) -> None:
    gate = STEP_GATE[here].get(n)
    if gate is None:
        fail(f"{h} is not a neighbour he can step to (walls, towers, the edge)", "RB p.6, HR-1.4")
    if gate and not s.gates & gate:
        fail(f"the gate to {h} is closed", "RB p.6")
    if CENTRAL[n] != s.sheets[c].is_gladiator:
        if s.sheets[c].is_gladiator:
            fail(f"{h} is outside the central circle; gladiators stay inside it", "RB p.6")
        fail(f"{h} is in the central circle; only gladiators enter it", "RB p.6")
    if occ.get(n, 0) >= MAX_PER_HEX:
        fail(f"{h} already holds three characters", "RB p.8")


# --- DISENGAGE -----------------------------------------------------------------------------------


def disengage_cost(s: State, c: int, acrobatics: bool) -> int:
    base = SKILLS[ACROBATICS].param("disengage_man") if acrobatics else DISENGAGE_MAN
    return base + hex_man(s, c) + (trap_marks.move_extra(s, c) if s.trap_marks else 0)


def disengage_options(s: State, c: int, scan: Scan) -> list[Disengage]:
    if not s.melee[c] or s.prone[c] or s.attacks[c] or hexes_left(s, c) < 1:
        return []
    if s.trap_marks and trap_marks.cannot_move(s, c):
        return []
    man = man_of(s, c)
    sheet = s.sheets[c]
    occ = scan.occ
    found = []
    variants = [False]
    if skill_allowed(s, c, ACROBATICS):
        variants.append(True)
    for acro in variants:
        cost = disengage_cost(s, c, acro)
        if cost > man:
            continue
        for n, gate in STEPS[s.pos[c]]:
            if gate and not s.gates & gate:
                continue
            if CENTRAL[n] is not sheet.is_gladiator or occ.get(n, 0) >= MAX_PER_HEX:
                continue
            if n in scan.enemies[sheet.seat]:
                continue
            found.append(Disengage(sheet.seat, sheet.id, HEXES[n], acro, cost))
    return found


def decide_disengage(ctx: Context, a: Disengage) -> None:
    s = ctx.state
    c = actor(s, a.seat, a.char)
    if not in_melee(s, c):
        fail(f"{a.char} is in no melee situation; he simply moves", "RB p.9")
    if s.prone[c]:
        fail("a prone character spends MAN only on standing up", "HR-4")
    if s.attacks[c]:
        fail("a character who attacked in this step cannot disengage in it", "RB p.6")
    if hexes_left(s, c) < 1:
        fail("the disengage hex counts against Mozgás, and none is left", "HR-12 ruling 9")
    if trap_marks.cannot_move(s, c):
        fail(*trap_marks.cannot_move(s, c) or ("", ""))
    if a.acrobatics and not skill_allowed(s, c, ACROBATICS):
        fail(f"{a.char} cannot use Akrobatika now", "HR-4")
    cost = disengage_cost(s, c, a.acrobatics)
    check_stated(a.man, cost)
    pay(s, c, cost, "disengaging")
    n = G.index.get(a.to, -1)
    _check_step(s, c, s.pos[c], n, a.to, occupancy(s))
    if enemies_on(s, a.seat, n):
        fail(
            "disengaging cannot end in another enemy's hex: he could not attack there",
            "RB p.6, HR-12 ruling 10",
        )
    activate(ctx, c)
    end_states(ctx, c, "left his hex", ("hiding",))
    HOOKS.trap_run_disengage(ctx, c, a.to, cost, a.acrobatics)  # disengaging is moving (HR-12 ruling 29)


# --- GATES ---------------------------------------------------------------------------------------


def gate_options(s: State, c: int) -> list[ToggleGate]:
    gates = G.gates_at[s.pos[c]]
    if not gates or s.prone[c] or man_of(s, c) < GATE_MAN:
        return []
    sheet = s.sheets[c]
    return [
        ToggleGate(sheet.seat, sheet.id, g, GATE_MAN)
        for g in gates
        if not (s.trap_marks and trap_marks.jammed(s, G.gate_bit[g]))
    ]


def decide_gate(ctx: Context, a: ToggleGate) -> None:
    s = ctx.state
    c = actor(s, a.seat, a.char)
    if a.gate not in G.gate_bit:
        fail(f"there is no gate {a.gate!r}", "HR-1.5")
    if a.gate not in G.gates_at[s.pos[c]]:
        fail(f"{a.char} must stand on one of the two hexes of gate {a.gate}", "HR-1.5, HR-11")
    if s.prone[c]:
        fail("a prone character spends MAN only on standing up", "HR-4")
    if s.must_attack[c]:
        fail("he entered an enemy's hex and must attack there first", "HR-12 ruling 10")
    if trap_marks.jammed(s, G.gate_bit[a.gate]):
        fail(f"the portcullis jams gate {a.gate} until the end of the next round", "HR-5 card 11")
    check_stated(a.man, GATE_MAN)
    pay(s, c, GATE_MAN, "opening or closing a gate")
    activate(ctx, c)
    end_states(ctx, c, "opened or closed a gate")
    HOOKS.trap_run_toggle(ctx, c, a.gate, GATE_MAN)  # gate traps may strike (HR-12 ruling 28)
