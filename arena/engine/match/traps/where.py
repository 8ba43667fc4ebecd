"""Who a trap card may strike, and where (RB p.18, §4.5; HR-5 conditions; HR-4; HR-12 ruling 30).

Every condition is read from the card's :class:`arena.engine.content.traps.TargetCondition`:
rings (a character on an open gate's hex belongs to both sides, RB p.6), wall edges of the
target's hex (a gate is a wall edge of its wall's kind, HR-1.5), block distance from the card's
numbered hex, gate hexes. No trap takes effect in the central circle except the erupting spring
(RB p.18). Traps never target strategists; direct traps never target sneaking characters, and a
hiding character is safe from remote traps whose numbered hex is more than 1 block away (HR-4).
"""

from __future__ import annotations

from arena.engine.board.hexgrid import Edge
from arena.engine.content.skills import HIDING, SKILLS
from arena.engine.content.traps import TRAPS, Ring, Trap, TrapKind, Trigger, WallKind
from arena.engine.match.memo import Table
from arena.engine.match.rules.base import (
    CENTRAL,
    MAX_PER_HEX,
    STEP_GATE,
    STEPS,
    G,
    occupancy,
    strategist_man,
)
from arena.engine.match.state import State

CARDS: dict[int, Trap] = {t.number: t for t in TRAPS.values()}
TRAP_HEX: dict[int, int] = {t.number: G.index[t.hex] for t in G.board.traps}  # card → its hex
NUMBER_AT: tuple[int, ...] = tuple((t.number if (t := G.board.trap_at(h)) is not None else 0) for h in G.hexes)
GATE_HEX: tuple[bool, ...] = tuple(bool(g) for g in G.gates_at)
HIDING_SAFE_BLOCKS = SKILLS[HIDING].param("max_target_blocks")  # HR-4: none from farther away


def _walls(n: int) -> frozenset[WallKind]:
    h = G.hexes[n]
    found = set()
    for o in h.neighbours():
        if G.board.on_board(o):
            kind = G.board.wall_kind(Edge.between(h, o))
            if kind is not None:
                found.add(WallKind(kind.value))
    return frozenset(found)


WALLS_AT: tuple[frozenset[WallKind], ...] = tuple(_walls(n) for n in range(G.size))


def rings_of(s: State, h: int) -> frozenset[Ring]:
    """The rings a character on ``h`` stands in: both sides of an open gate (RB p.6, §4.5)."""
    if CENTRAL[h]:
        return frozenset({Ring.CENTRAL})
    if not G.gates_at[h]:
        return frozenset({Ring(G.slice[h][0])})
    return frozenset(Ring(x[0]) for x in G.slices_of(h, s.gates))


_GATE_BITS_AT: tuple[int, ...] = tuple(sum(G.gate_bit[g] for g in G.gates_at[h]) for h in range(G.size))
_FITS: Table[tuple[int, int, int], bool] = Table("traps: where a card fits")


def hex_fits(s: State, trap: Trap, h: int) -> bool:
    """The card's conditions on the target's hex (HR-5), the central circle rule included.
    Memoised: only the gates of the hex itself can change the answer (its rings)."""
    key = (trap.number, h, s.gates & _GATE_BITS_AT[h])
    found = _FITS.of(s.memo).get(key)
    if found is None:
        found = _FITS.of(s.memo)[key] = _hex_fits(s, trap, h)
    return found


def _hex_fits(s: State, trap: Trap, h: int) -> bool:
    cond = trap.condition
    if CENTRAL[h] and not trap.works_in_central_circle:
        return False  # RB p.18
    if cond.rings and not (rings_of(s, h) & cond.rings):
        return False
    if cond.wall_edges and not (WALLS_AT[h] & cond.wall_edges):
        return False
    if cond.within_blocks is not None and G.block_distance(h, TRAP_HEX[trap.number]) > cond.within_blocks:
        return False
    return cond.on_gate_hex is None or GATE_HEX[h] == cond.on_gate_hex


# --- remote traps (1-8) ----------------------------------------------------------------------


def remote_refusal(s: State, seat: int, trap: Trap, t: int) -> str | None:
    """Why remote card ``trap`` of ``seat`` cannot strike ``t``, or None (RB p.18, HR-5, HR-4)."""
    sheet = s.sheets[t]
    if s.camp[t] == s.seat_camp[seat]:
        return "traps strike only enemies"  # a zombie is of its creator's side, partners are one (HR-8)
    if not sheet.on_board:
        return "traps never target strategists"
    if not s.alive[t]:
        return f"{sheet.id} is dead"
    h = s.pos[t]
    if not hex_fits(s, trap, h):
        return f"{sheet.id} does not meet the card's condition"
    if s.hiding[t] and G.block_distance(h, TRAP_HEX[trap.number]) > HIDING_SAFE_BLOCKS:
        return f"{sheet.id} is hiding more than 1 block from hex {trap.number}"
    return None


def remote_targets(s: State, seat: int, trap: Trap) -> list[int]:
    mine = s.seat_camp[seat]
    return [t for t in s.board if s.camp[t] != mine and remote_refusal(s, seat, trap, t) is None]


def push_options(s: State, t: int) -> list[int]:
    """Where the erupting spring may push ``t`` (HR-5 card 4): a neighbour, no wall (an open gate
    is no wall, as for shifts), his own region, not a hex holding 3 (RB p.8)."""
    here = s.pos[t]
    occ = occupancy(s)
    return [
        n
        for n, gate in STEPS[here]
        if (not gate or s.gates & gate) and CENTRAL[n] == CENTRAL[here] and occ.get(n, 0) < MAX_PER_HEX
    ]


# --- direct traps (9-16) ---------------------------------------------------------------------


def strike_fits(s: State, trap: Trap, mover: int, prev: int, h: int, toggling: bool) -> bool:
    """Whether direct card ``trap`` may strike ``mover`` as he enters ``h`` from ``prev`` (or,
    ``toggling``, as he opens or closes a gate on ``h``) (RB p.18, HR-5, HR-12 rulings 26-29)."""
    if trap.kind is not TrapKind.DIRECT or s.sneaking[mover] or not s.sheets[mover].on_board:
        return False
    moving, crossing, entering, toggled = TRIGGERS[trap.number]
    if toggling:
        if not toggled:
            return False
    elif not (moving or (crossing and STEP_GATE[prev].get(h, 0)) or (entering and GATE_HEX[h])):
        return False
    return hex_fits(s, trap, h)


TRIGGERS: dict[int, tuple[bool, bool, bool, bool]] = {
    t.number: (
        Trigger.MOVING in t.condition.triggers,
        Trigger.CROSSING_GATE in t.condition.triggers,
        Trigger.ENTERING_GATE_HEX in t.condition.triggers,
        Trigger.TOGGLING_GATE in t.condition.triggers,
    )
    for t in TRAPS.values()
}  # read once: an enum's hash is slow


def crossing_gate(prev: int, h: int) -> str | None:
    """The gate a step from ``prev`` to ``h`` passes, if any."""
    bit = STEP_GATE[prev].get(h, 0)
    if not bit:
        return None
    for gid, b in G.gate_bit.items():
        if b == bit:
            return gid
    return None


DIRECT_STEPS = 4  # HR-12 ruling 26: the window is offered in steps 1-4 (four seats: 1-8, HR-8)


def window_owner(s: State, mover: int, after: int = -1) -> int:
    """The seat whose direct-trap window a move or toggle of ``mover`` (a zombie too, HR-12
    ruling 29) opens, or -1. Only public facts decide it (HR-12 ruling 27): a card held, the
    strategist's MAN that no spell binds (ruling 32).

    Four seats (HR-8): every enemy owner gets his window, one after another in step order from the
    seat after the acting one; ``after``: the owner who has just answered, so the next one's."""
    if s.step > s.char_steps:
        return -1
    if s.four is None:
        owner = 1 - s.side[mover]
        return owner if s.traps[owner] and strategist_man(s, owner) >= 1 else -1
    once = s.four.order[:4]
    i = once.index(s.seat_to_act)
    ring = once[i + 1 :] + once[: i + 1]
    if after >= 0:
        ring = ring[ring.index(after) + 1 :]
    mine = s.camp[mover]
    for owner in ring:
        if s.seat_camp[owner] != mine and s.traps[owner] and strategist_man(s, owner) >= 1:
            return owner
    return -1
