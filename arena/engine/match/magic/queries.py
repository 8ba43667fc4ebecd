"""What the core rules ask of magic (issue #4), read from ``State.magic`` only.

The shared rule modules call these behind ``if s.magic is not None`` so that a match without
spells pays nothing: MAN (bans, Izzó idegek's cap, an Orgyilkosság victim's own 4), forbidden
actions, Mozgás and movement cost, Eg, the strategist's MAN (HR-12 ruling 32).
"""

from __future__ import annotations

from arena.engine.content.common import CombatValue
from arena.engine.content.spells import SPELLS, Adjust, Frenzy, Op, Quantity
from arena.engine.match.magic.state import Magic, own_man
from arena.engine.match.state import State

MAN_CAP = next(
    p.amount
    for choice in SPELLS["burning_nerves"].effect.choices
    for p in choice.parts
    if isinstance(p, Adjust) and p.quantity is Quantity.MAN_PER_STEP and p.op is Op.CAP
)  # Izzó idegek: at most 2 MAN a step (RB p.14, digest A45)
FRENZY_MAN = next(p.man_per_step for p in SPELLS["assassination"].effect.on_fail if isinstance(p, Frenzy))
MOVE_FACTOR = next(
    p.amount
    for choice in SPELLS["muscle_wasting"].effect.choices
    for p in choice.parts
    if isinstance(p, Adjust) and p.quantity is Quantity.MOVE_COST
)  # Izomsorvadás: movement costs double (RB p.15, HR-12 ruling 9)
_ = CombatValue


def magic(s: State) -> Magic:
    m = s.magic
    assert m is not None
    return m


def man_of(s: State, c: int) -> int:
    """MAN ``c`` can spend now, with bans, caps and an Orgyilkosság victim's own MAN."""
    m = s.magic
    assert m is not None
    if m.banned >> c & 1:
        return 0
    if m.frenzied >> c & 1:
        own = own_man(m, c)
        if own >= 0:
            return own
    man = s.pool + (s.granted if s.active == c else 0)
    if m.capped >> c & 1:
        man = max(0, min(man, MAN_CAP - (s.spent if s.active == c else 0)))
    return man


def banned(s: State, c: int) -> bool:
    """Haláltánc, Quintarha's failed check: he takes no action at all (HR-12 ruling 13)."""
    return bool(magic(s).banned >> c & 1)


def forbids(s: State, c: int, what: str) -> bool:
    """Whether a lasting spell forbids ``c`` ``what``: ranged_attacks, pushing, aiming, running."""
    m = s.magic
    assert m is not None
    if what == "running":
        mask = m.no_run | m.slow  # Izomsorvadás forbids Futás too (RB p.15)
    elif what == "ranged_attacks":
        mask = m.no_ranged
    elif what == "aiming":
        mask = m.no_aim
    elif what == "pushing":
        mask = m.no_push
    elif what == "casting":
        mask = m.no_cast
    else:
        raise KeyError(what)
    return bool(mask >> c & 1)


def mov_change(s: State, c: int) -> int:
    """Végtagsorvasztás's leg: −2 Mozgás for the rest of the match, never below 0 (A62)."""
    m = magic(s)
    return max(m.mov[c], -s.sheets[c].mov) if len(m.mov) > c else 0


def move_factor(s: State, c: int) -> int:
    """Izomsorvadás doubles the MAN of every hex (RB p.15, HR-12 ruling 9)."""
    return MOVE_FACTOR if magic(s).slow >> c & 1 else 1


def eg_of(s: State, c: int) -> int:
    """Eg, 0 after a failed check against Marcangoló méregvarázs (RB p.15-16)."""
    if s.magic is not None and s.magic.eg_zero >> c & 1:
        return 0
    return s.sheets[c].eg


def strategist_left(s: State, seat: int) -> int:
    """Strategist MAN he may still give in this step: none while banned, at most 2 a step under
    Izzó idegek (HR-12 rulings 7 and 32)."""
    m = s.magic
    assert m is not None
    st = s.strategist_of(seat)
    left = s.strat_man[seat]
    if m.banned >> st & 1:
        return 0
    if m.capped >> st & 1:
        given = m.strat_mark[seat] - left
        left = max(0, min(left, MAN_CAP - given))
    return left


def is_zombie(s: State, c: int) -> bool:
    return s.magic is not None and bool(s.magic.risen >> c & 1)


def designee(s: State, c: int) -> int:
    """Orgyilkosság's designee of the victim ``c``, or -1 (RB p.17)."""
    m = s.magic
    if m is None or c < 0 or not m.frenzied >> c & 1:
        return -1
    for x in m.lasting:
        if x.kind == "frenzy" and x.target == c:
            return x.other
    return -1
