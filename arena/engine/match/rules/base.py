"""Helpers every rule module uses: refusing an action, who may act, MAN, occupancy."""

from __future__ import annotations

from typing import NoReturn

from arena.engine.board.grid import Sight, grid
from arena.engine.match.context import Context
from arena.engine.match.events import Activated
from arena.engine.match.hooks import HOOKS
from arena.engine.match.magic import queries as magic_hooks
from arena.engine.match.match_errors import IllegalActionError, RefusalKind
from arena.engine.match.memo import Table
from arena.engine.match.state import BOARD_OF, Phase, State

BOARD_CHARS = BOARD_OF[2]  # a two-player match's; ``State.board`` is any match's

G = grid()
HEXES = G.hexes
CENTRAL = G.central
STEPS = G.steps
STEP_GATE: tuple[dict[int, int], ...] = tuple({n: gb for n, gb in steps} for steps in G.steps)

# Regions split the single steps (RB p.6): gladiators step only inside the central circle,
# everyone else only outside it. Each entry: (hex, gate bit or 0).
STEPS_IN: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((n, gb) for n, gb in steps if CENTRAL[n]) for steps in G.steps
)
STEPS_OUT: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((n, gb) for n, gb in steps if not CENTRAL[n]) for steps in G.steps
)

MAX_PER_HEX = 3  # RB p.8
ATTACK_MAN = 2  # RB p.8
STEP_MAN_PER_CHARACTER = 3  # RB p.7-8, HR-12 ruling 3
GLADIATOR_STEP_MAN = 6  # RB p.7
STRATEGIST_MAN = 4  # RB p.8


def fail(message: str, rule: str) -> NoReturn:
    """Refuse an action a rule forbids in this position (``NOT_LEGAL_NOW``, ``rule`` cites it)."""
    raise IllegalActionError(message, rule, kind=RefusalKind.NOT_LEGAL_NOW)


def no_character(char_id: object, rule: str, message: str = "") -> NoReturn:
    """Refuse an action naming a character who is not in the match (``NO_SUCH_CHARACTER``)."""
    raise IllegalActionError(
        message or f"there is no character {char_id!r}",
        rule,
        kind=RefusalKind.NO_SUCH_CHARACTER,
        char=None if char_id is None else str(char_id),
    )


def check_char(s: State, seat: int, char_id: str) -> int:
    """The number of ``char_id``, who must belong to ``seat``."""
    c = s.index.get(char_id)
    if c is None:
        no_character(char_id, "RB p.4-5")
    if s.sheets[c].seat != seat:
        raise IllegalActionError(
            f"{char_id} is not one of seat {seat}'s characters",
            "RB p.6",
            kind=RefusalKind.NOT_YOUR_CHARACTER,
            char=char_id,
            seat=seat,
        )
    return c


def actor(s: State, seat: int, char_id: str) -> int:
    """The named character who may act now (RB p.6, HR-12 rulings 2 and 13)."""
    if s.phase is not Phase.ACTING or s.seat_to_act != seat:
        raise IllegalActionError(
            f"it is not seat {seat}'s step to act", "RB p.6", kind=RefusalKind.NOT_YOUR_TURN, seat=seat
        )
    c = check_char(s, seat, char_id)
    if c not in s.named:
        fail(f"{char_id} was not named for this step", "RB p.6 §8.2")
    if not s.alive[c]:
        fail(f"{char_id} is dead", "HR-12 ruling 23")
    if s.finished >> c & 1:
        fail(f"{char_id} has ended his activation in this step", "HR-12 ruling 2")
    if s.active >= 0 and s.active != c:
        fail(
            f"{s.sheets[s.active].id} is acting; he ends his activation before {char_id} begins",
            "HR-12 ruling 2",
        )
    if s.netted[c]:
        fail(f"{char_id} is netted and takes no action in this step", "RB p.20, HR-12 ruling 13")
    if s.magic is not None:  # MAN bans; an Orgyilkosság victim acts first (issue #4)
        refusal = HOOKS.actor_refusal(s, c)
        if refusal is not None:
            fail(*refusal)
    return c


def activate(ctx: Context, c: int) -> None:
    """The first action of a named character starts his activation (HR-12 ruling 2)."""
    s = ctx.state
    if s.active != c:
        ctx.emit(Activated(s.sheets[c].seat, s.sheets[c].id))


def man_of(s: State, c: int) -> int:
    """MAN ``c`` can spend now: the step pool plus strategist MAN handed to him."""
    m = s.magic
    if m is not None and (m.banned | m.frenzied | m.capped) >> c & 1:
        return magic_hooks.man_of(s, c)  # bans, Izzó idegek's cap, Orgyilkosság's own 4 (issue #4)
    return s.pool + (s.granted if s.active == c else 0)


def grantable(s: State, c: int) -> int:
    """Strategist MAN that could still be handed to ``c`` (RB p.8, HR-12 ruling 4), less what a
    spell binds (HR-12 ruling 32)."""
    sheet = s.sheets[c]
    if s.step > s.char_steps or sheet.is_gladiator:
        return 0
    if s.magic is not None and s.magic.frenzied >> c & 1:
        return 0  # an Orgyilkosság victim receives no pool or strategist MAN (RB p.17, digest A56)
    return strategist_man(s, sheet.seat)


def strategist_man(s: State, seat: int) -> int:
    """The strategist's MAN ``seat`` may still spend in this step: his 4 a round, less what
    Haláltánc, Quintarha's ban or Izzó idegek's cap binds (HR-12 ruling 32)."""
    if s.magic is not None:
        return magic_hooks.strategist_left(s, seat)
    return s.strat_man[seat]


def pay(s: State, c: int, cost: int, what: str) -> None:
    if cost > man_of(s, c):
        fail(f"{what} costs {cost} MAN but {s.sheets[c].id} has {man_of(s, c)}", "RB p.8")


def check_stated(stated: int | None, cost: int) -> None:
    if stated is not None and stated != cost:
        fail(f"the action states {stated} MAN but costs {cost}", "RB p.8")


# Per match, the lines of fire traced between two hexes (the board's geometry: Grid.trace)
TRACES: Table[int, tuple[Sight, ...]] = Table("board: lines of fire traced")

_Where = tuple[list[int], dict[int, int], set[int], tuple[set[int], ...]]
# Per match, the last positions counted: (pos, alive, camp, what Scan found). Read-only once made.
_LAST_SCAN: Table[int, tuple[list[int], list[bool], tuple[int, ...], _Where]] = Table("scan: the last positions")


def _where(s: State, pos: list[int], alive: list[bool], camp: tuple[int, ...]) -> _Where:
    """Who stands on the board, living characters per hex, the full hexes and the hexes holding
    each seat's enemies."""
    here = [c for c in s.board if alive[c] and pos[c] >= 0]
    occ = dict.fromkeys([pos[c] for c in here], 0)
    seat_camp = s.seat_camp
    held: list[set[int]] = [set() for _ in seat_camp]
    for c in here:
        h = pos[c]
        occ[h] += 1
        held[camp[c]].add(h)
    # a hex holds three only if at least two characters share hexes with others
    full = {h for h, n in occ.items() if n >= MAX_PER_HEX} if len(here) - len(occ) >= 2 else set()
    if len(seat_camp) == 2:
        return here, occ, full, (held[1], held[0])  # enemies of seat 0 stand on seat 1's hexes
    # four seats (HR-8): a seat's enemies stand on the hexes of every other camp
    enemies = tuple(set().union(*(held[k] for k in range(len(held)) if k != mine)) for mine in seat_camp)
    return here, occ, full, enemies


class Scan:
    """Who stands where, computed once per listing: living characters per hex, full hexes,
    the hexes holding enemies of each side (a zombie's is its creator's), and the characters who
    count in a line of fire."""

    __slots__ = ("_here", "_hiding", "_pos", "_sneaking", "_visible", "enemies", "full", "occ")

    def __init__(self, s: State) -> None:
        pos = s.pos
        alive = s.alive
        camp = s.camp  # a zombie stands for its creator's side (HR-12 ruling 19), partners together (HR-8)
        table = _LAST_SCAN.of(s.memo)
        last = table.get(0)
        # Most actions move nobody: the last listing's counts serve again (compared by content,
        # so a test that changes a cloned state's list in place is safe too).
        if last is not None and last[0] == pos and last[1] == alive and last[2] == camp:
            here, self.occ, self.full, self.enemies = last[3]
        else:
            here, self.occ, self.full, self.enemies = found = _where(s, pos, alive, camp)
            table[0] = (pos.copy(), alive.copy(), camp, found)
        # the lists as they are now: evolvers replace a state's lists, never change them (own)
        self._here = here
        self._pos = pos
        self._sneaking = s.sneaking
        self._hiding = s.hiding
        self._visible: dict[int, int] | None = None

    @property
    def visible(self) -> dict[int, int]:
        """Characters on each hex who count in a line of fire: neither sneaking nor hiding
        (computed on first use: only shots and bolts ask)."""
        found = self._visible
        if found is None:
            found = {}
            pos = self._pos
            sneaking = self._sneaking
            hiding = self._hiding
            for c in self._here:
                if not sneaking[c] and not hiding[c]:
                    h = pos[c]
                    found[h] = found[h] + 1 if h in found else 1
            self._visible = found
        return found


def occupancy(s: State) -> dict[int, int]:
    """Living characters on each hex; corpses count for nothing (HR-11)."""
    occ: dict[int, int] = {}
    pos = s.pos
    for c in range(len(pos)):
        if s.alive[c] and s.sheets[c].on_board and pos[c] >= 0:
            occ[pos[c]] = occ.get(pos[c], 0) + 1
    return occ


def enemies_on(s: State, seat: int, h: int) -> list[int]:
    """Living enemies of ``seat`` standing on hex ``h`` (a zombie is of its creator's side;
    partners are no enemies, HR-8)."""
    pos = s.pos
    camp = s.camp
    mine = s.seat_camp[seat]
    return [o for o in s.board if pos[o] == h and s.alive[o] and camp[o] != mine]


def in_melee(s: State, c: int) -> bool:
    """In a melee situation (digest A24, HR-12 ruling 11)."""
    return s.melee[c] != 0
