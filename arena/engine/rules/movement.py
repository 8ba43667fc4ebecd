"""Movement, disengaging and gates (RB p.6, p.8-9; HR-4 Futás/Lopakodás; HR-12 rulings 9-11).

A MOVE is a path (ruling 9). :func:`move_options` lists one shortest path per reachable
destination; :func:`decide_move` accepts any legal path. Every hex is paid on entry: 1 MAN, 2
while sneaking; a running character pays ⌈hexes ÷ 2⌉ for all his running hexes (HR-4). Every
hex moved in a step counts against Mozgás (+2 when running), the disengage hex included.
"""

from __future__ import annotations

from ..actions import Disengage, Move, ToggleGate
from ..content.skills import ACROBATICS, SKILLS, SNEAKING
from ..context import Context
from ..hexgrid import Hex
from ..state import GLADIATOR, SEAT_OF, State
from .base import (
    ATTACK_MAN,
    CENTRAL,
    G,
    HEXES,
    MAX_PER_HEX,
    STEP_GATE,
    STEPS,
    STEPS_IN,
    STEPS_OUT,
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
from . import traps
from . import traps_marks as trap_marks
from . import magic_hooks
from .gladiators import holds, skill_allowed
from .skills import end_states

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


def affordable_hexes(s: State, c: int, man: int) -> int:
    if s.trap_marks:
        man -= trap_marks.move_extra(s, c)
    if s.ran[c]:
        done = s.run_hexes[c]
        return 2 * (man + -(-done // 2)) - done
    return man // hex_man(s, c)


def can_attack_after_moving(s: State, c: int) -> bool:
    """Whether entering an enemy's hex could be followed by an attack (HR-12 ruling 10)."""
    if s.attacks[c] or s.prone[c]:
        return False
    return not s.disengaged[c] or holds(s, c, "halberd")


# --- MOVE ---------------------------------------------------------------------------------------


Paths = dict[int, tuple[Hex, ...]]
_BALLS: dict[tuple[int, int, int, bool], tuple[Paths, frozenset[int]]] = {}
_MOVE_LISTS: dict[tuple[tuple[int, int, int, bool], str, int], list[tuple[int, Move]]] = {}
_CACHE_LIMIT = 200_000


def _search(
    start: int, gates: int, limit: int, central: bool, blocked: set[int], stops: set[int]
) -> tuple[Paths, set[int]]:
    """Breadth-first shortest paths (ties: HR-1.1 direction order), and the hexes they pass
    through. ``blocked`` hexes cannot be entered (three characters, RB p.8); ``stops`` may only
    end a path (enemies, HR-12 ruling 10)."""
    steps = STEPS_IN if central else STEPS_OUT
    paths: Paths = {start: ()}
    inner: set[int] = set()
    frontier = [start]
    for _ in range(limit):
        nxt = []
        for h in frontier:
            here = paths[h]
            for n, gate in steps[h]:
                if n in paths or n in blocked or (gate and not gates & gate):
                    continue
                paths[n] = here + (HEXES[n],)
                inner.add(h)
                if n not in stops:
                    nxt.append(n)
        frontier = nxt
    del paths[start]
    inner.discard(start)
    return paths, inner


_GATES_NEAR: dict[tuple[int, int], int] = {}


def _gates_near(start: int, limit: int) -> int:
    """The gates a path of ``limit`` hexes from ``start`` could pass (all gates open)."""
    found = _GATES_NEAR.get((start, limit))
    if found is None:
        found = 0
        seen = {start}
        frontier = [start]
        for _ in range(limit):
            nxt = []
            for h in frontier:
                for n, gate in STEPS_OUT[h]:
                    found |= gate
                    if n not in seen:
                        seen.add(n)
                        nxt.append(n)
            frontier = nxt
        _GATES_NEAR[(start, limit)] = found
    return found


def _ball(
    start: int, gates: int, limit: int, central: bool
) -> tuple[tuple[int, int, int, bool], Paths, frozenset[int]]:
    """The paths on an empty board, memoised, with the hexes they pass through. Only the gates
    within reach are part of the key (gladiators pass none)."""
    key = (start, 0 if central else gates & _gates_near(start, limit), limit, central)
    found = _BALLS.get(key)
    if found is None:
        if len(_BALLS) > _CACHE_LIMIT:
            _BALLS.clear()
            _MOVE_LISTS.clear()
        paths, inner = _search(start, key[1], limit, central, set(), set())
        found = _BALLS[key] = (paths, frozenset(inner))
    return key, found[0], found[1]


def move_options(s: State, c: int, scan: Scan) -> list[Move]:
    """One shortest path to every hex ``c`` may move to now (HR-12 ruling 9).

    The paths of an empty board are memoised per (start, gates, reach); when no character
    stands on a hex they pass through, they are the answer, otherwise the search is redone
    around the characters.
    """
    if s.melee[c] or s.prone[c] or (s.trap_marks and trap_marks.cannot_move(s, c)):
        return []
    man = man_of(s, c)
    limit = min(hexes_left(s, c), affordable_hexes(s, c, man))
    if limit <= 0:
        return []
    seat = SEAT_OF[c]
    central = GLADIATOR[c]
    full = scan.full
    enemies = scan.enemies[seat]
    key, paths, inner = _ball(s.pos[c], s.gates, limit, central)
    clear = inner.isdisjoint(enemies) and (not full or (inner.isdisjoint(full) and full.isdisjoint(paths)))
    sid = s.sheets[c].id
    if clear and not s.ran[c] and not (s.trap_marks and trap_marks.move_extra(s, c)):
        per_hex = hex_man(s, c)
        listed = _MOVE_LISTS.get((key, sid, per_hex))
        if listed is None:
            listed = _MOVE_LISTS[(key, sid, per_hex)] = [
                (n, Move(seat, sid, path, len(path) * per_hex)) for n, path in paths.items()
            ]
        if enemies.isdisjoint(paths):
            return [m for _, m in listed]
        spare = man + grantable(s, c)
        attack_ok = can_attack_after_moving(s, c)
        return [
            m
            for n, m in listed
            if n not in enemies or (attack_ok and spare - len(m.path) * per_hex >= ATTACK_MAN)
        ]
    if not clear:
        paths = _search(s.pos[c], s.gates, limit, central, full, enemies)[0]
    spare = man + grantable(s, c)
    attack_ok = can_attack_after_moving(s, c)
    found = []
    for n, path in paths.items():
        cost = move_cost(s, c, len(path))
        if n in enemies and (not attack_ok or spare - cost < ATTACK_MAN):
            continue
        found.append(Move(seat, sid, path, cost))
    return found


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
    hexes = _check_path(s, c, a.path)
    if enemies_on(s, a.seat, hexes[-1]):
        if not can_attack_after_moving(s, c):
            fail("he may enter an enemy's hex only if he can attack there", "RB p.8, HR-12 ruling 10")
        if man_of(s, c) + grantable(s, c) - cost < ATTACK_MAN:
            fail("entering an enemy's hex needs 2 MAN left for the attack", "RB p.8, HR-12 ruling 10")
    activate(ctx, c)
    end_states(ctx, c, "left his hex", ("hiding",))
    traps.run_move(ctx, c, a.path, cost)  # the direct-trap window, if due (HR-12 ruling 26)


def _check_path(s: State, c: int, path: tuple[Hex, ...]) -> list[int]:
    """The path as hex numbers, refused at the first illegal step."""
    occ = occupancy(s)
    seat = s.sheets[c].seat
    here = s.pos[c]
    hexes = []
    for i, h in enumerate(path):
        n = G.index.get(h, -1)
        _check_step(s, c, here, n, h, occ)
        if i < len(path) - 1 and enemies_on(s, seat, n):
            fail(f"{h} holds an enemy; entering an enemy's hex may only end a move", "HR-12 ruling 10")
        hexes.append(n)
        here = n
    return hexes


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
    traps.run_disengage(ctx, c, a.to, cost, a.acrobatics)  # disengaging is moving (HR-12 ruling 29)


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
    traps.run_toggle(ctx, c, a.gate, GATE_MAN)  # gate traps may strike (HR-12 ruling 28)

