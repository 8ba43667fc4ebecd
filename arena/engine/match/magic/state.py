"""The magic part of a match state (issue #4): lasting spells, areas, zombies, shown tokens.

``State.magic`` is ``None`` until the first spell is cast, so the core game pays nothing for
magic. A :class:`Magic` is immutable: :mod:`arena.engine.match.magic.evolve` replaces it, and a clone
shares it. The masks (one bit per character) are derived from the lasting effects in force each
time they change, so the hot paths (``man_of``, movement, ranged options) read one integer.
"""

from __future__ import annotations

from typing import NamedTuple

N_CHARS = 12


class Lasting(NamedTuple):
    """A lasting spell effect other than a combat-value modifier (those are ``State.effects``).

    ``kind``: ``forbid`` (``what`` a Forbidden value), ``adjust`` (a Quantity value; ``amount``),
    ``immunity`` (an ImmunityKind value; ``amount`` the highest spell level it stops, 0 for all),
    ``retaliation`` (``amount`` Sp), ``frenzy`` (``other`` the designee), ``area`` (``what`` the
    spell: acid_cloud, firestorm, imprisonment; ``hexes``, ``amount`` the centre hex), ``onset``
    (Quintarha, scheduled: ``amount`` 1 when the health check failed). ``last`` is the round
    after whose step 6 it ends (None: the rest of the match); ``first`` the round it starts.
    """

    spell: str
    caster: int
    target: int  # -1 for an area
    kind: str
    what: str
    amount: int
    first: int
    last: int | None
    other: int = -1
    hexes: tuple[int, ...] = ()  # sorted hex numbers


class Zombie(NamedTuple):
    """A raised dead fighter (RB p.15, HR-12 rulings 17-19). ``round`` is the round its MAN and
    hexes were last counted from; ``man`` and ``hexes`` what is left of them in that round."""

    char: int
    creator: int
    round: int
    man: int
    hexes: int
    command: str  # "", move_to, attack, guard
    arg: int  # the command's hex or character
    acted: int  # the step stamp (round * 8 + step) of its last activation, or -1


class Magic(NamedTuple):
    lasting: tuple[Lasting, ...] = ()
    zombies: tuple[Zombie, ...] = ()
    risen: int = 0  # characters ever raised: never raised again (RB p.15)
    tokens_shown: int = 0  # ME tokens shown by a roll against a mental spell (RB p.7)
    used: int = -1  # step stamp of the casters' magic action (cast, or a zombie command) …
    used_by: int = 0  # … and who used it in that step (one spell per step, digest A17)
    own: tuple[tuple[int, int], ...] = ()  # (char, MAN) only he may spend in this step (A56)
    strat_mark: tuple[int, ...] = (
        0,
        0,
    )  # the strategists' MAN as the step began (ruling 7)
    # derived from ``lasting`` (bits by character):
    banned: int = 0  # may not use MAN (Haláltánc, Quintarha's failed check)
    capped: int = 0  # at most 2 MAN a step (Izzó idegek)
    no_ranged: int = 0
    no_push: int = 0
    no_aim: int = 0
    no_run: int = 0
    no_cast: int = 0
    fire: int = 0  # Tűzalak: weapons do not damage him
    ward: int = 0  # Villámtagadás
    armour: int = 0  # Villámvért
    bleed: tuple[int, ...] = ()  # extra Ép after every injury, by character
    slow: int = 0  # Izomsorvadás: movement costs double
    mov: tuple[int, ...] = ()  # Mozgás change, by character (Végtagsorvasztás leg)
    cost: tuple[int, ...] = ()  # extra MAN for every spell (Végtagsorvasztás arm)
    eg_zero: int = 0  # Marcangoló: Eg 0 for the rest of the match
    frenzied: int = 0
    areas: tuple[Lasting, ...] = ()


_FORBID_MASKS = {
    "spending_man": "banned",
    "ranged_attacks": "no_ranged",
    "pushing": "no_push",
    "aiming": "no_aim",
    "running": "no_run",
    "casting": "no_cast",
}


def derive(m: Magic, lasting: tuple[Lasting, ...]) -> Magic:
    """``m`` with ``lasting`` and the masks recomputed from it."""
    bits: dict[str, int] = dict.fromkeys(
        ("banned", "capped", "no_ranged", "no_push", "no_aim", "no_run", "no_cast", "fire", "ward",
         "armour", "slow", "eg_zero", "frenzied"), 0)  # fmt: skip
    # twelve characters in a two-player match; four seats (HR-8) have 24
    n = N_CHARS if all(x.target < N_CHARS for x in lasting) else 2 * N_CHARS
    bleed = [0] * n
    mov = [0] * n
    cost = [0] * n
    areas = []
    for x in lasting:
        t = x.target
        bit = 1 << t if t >= 0 else 0
        kind = x.kind
        if kind == "forbid":
            bits[_FORBID_MASKS[x.what]] |= bit
        elif kind == "adjust":
            if x.what == "man_per_step":
                bits["capped"] |= bit
            elif x.what == "move_cost":
                bits["slow"] |= bit
            elif x.what == "mov":
                mov[t] += x.amount
            elif x.what == "spell_cost":
                cost[t] += x.amount
            elif x.what == "injury_ep":
                bleed[t] += x.amount
            elif x.what == "eg":
                bits["eg_zero"] |= bit
        elif kind == "immunity":
            bits["fire" if x.what == "weapon_damage" else "ward"] |= bit
        elif kind == "retaliation":
            bits["armour"] |= bit
        elif kind == "frenzy":
            bits["frenzied"] |= bit
        elif kind == "area":
            areas.append(x)
    return m._replace(
        lasting=lasting,
        bleed=tuple(bleed) if any(bleed) else (),
        mov=tuple(mov) if any(mov) else (),
        cost=tuple(cost) if any(cost) else (),
        areas=tuple(areas),
        banned=bits["banned"],
        capped=bits["capped"],
        no_ranged=bits["no_ranged"],
        no_push=bits["no_push"],
        no_aim=bits["no_aim"],
        no_run=bits["no_run"],
        no_cast=bits["no_cast"],
        fire=bits["fire"],
        ward=bits["ward"],
        armour=bits["armour"],
        slow=bits["slow"],
        eg_zero=bits["eg_zero"],
        frenzied=bits["frenzied"],
    )


def stamp(round_: int, step: int, four: bool = False) -> int:
    """A number for one step of the match (``four``: a round of 12 steps, HR-8)."""
    return round_ * (16 if four else 8) + step


def zombie_of(m: Magic | None, c: int) -> Zombie | None:
    if m is None or not m.risen >> c & 1:
        return None
    for z in m.zombies:
        if z.char == c:
            return z
    return None


def own_man(m: Magic, c: int) -> int:
    """MAN only ``c`` may spend in this step, or -1."""
    for who, man in m.own:
        if who == c:
            return man
    return -1
