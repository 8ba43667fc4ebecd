"""Casting spells (RB p.11-18; digest §15-16, A16-A17, A36-A57; HR-4 Összpontosítás;
HR-6; HR-12 rulings 10, 20, 31-34).

The witch-master casts a spell of a level he holds a disc of; the disc goes back to the pool
(so it leaves his hand) and the cast costs MAN = level (+1 with a withered arm, +1 with
Összpontosítás). One spell per step (A17); a spell at anyone but himself is his one attack
(ruling 31). How a spell reaches its target comes from the data: an area, a lightning bolt
(the spell's own CÉ against the ranged defence, along the line of fire), a touch (a melee attack
roll, +5 TÉ on a team-mate), a corpse (Élőholt teremtése), himself, or a target within N blocks
with a resistance contest. :mod:`.magic_effects` applies what it does.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import permutations
from types import MappingProxyType
from typing import Any, NamedTuple

from arena.engine.board.grid import ILLEGAL
from arena.engine.content.common import CombatValue, Role
from arena.engine.content.skills import CONCENTRATION, SKILLS
from arena.engine.content.spells import (
    SPELLS,
    LightningAttack,
    RaiseUndead,
    RangeKind,
    Resistance,
    Spell,
    SpellType,
    TouchAttack,
)
from arena.engine.match.context import Context
from arena.engine.match.events import AttackDeclared, AttackResolved
from arena.engine.match.magic.actions import Cast
from arena.engine.match.magic.areas import G, area_hexes, cast_area, cloud_ce, combine, ranged_ve
from arena.engine.match.magic.events import SpellCast, ZombieRaised
from arena.engine.match.magic.queries import is_zombie
from arena.engine.match.magic.spell_effects import (
    CONCENTRATION_CE,
    HARMFUL,
    affect,
    amulet_cancels,
    apply_parts,
    lightning_warded,
    spell_damage,
)
from arena.engine.match.magic.state import stamp
from arena.engine.match.memo import Table
from arena.engine.match.rules.base import (
    HEXES,
    TRACES,
    Scan,
    activate,
    actor,
    check_stated,
    fail,
    man_of,
    no_character,
    occupancy,
    pay,
)
from arena.engine.match.rules.damage import HIT_EFFECTS
from arena.engine.match.rules.gladiators import melee_te
from arena.engine.match.rules.melee import offer_dodge_or_resolve
from arena.engine.match.rules.modifiers import DEFENCE_HOOKS, attack_modifiers, non_stacking
from arena.engine.match.rules.skill_use import end_states
from arena.engine.match.state import SEAT_OF, AttackSpec, State, Swing
from arena.engine.match.traps.marks import ranged_banned
from arena.engine.match.words import SpellKind

CONCENTRATION_MAN = SKILLS[CONCENTRATION].man_cost  # HR-4
TEAMMATE_TOUCH_BONUS = 5  # RB p.12: +5 TÉ for a touch on a member of his own team (A39)
HIDDEN_TARGET_BLOCKS = SKILLS["hiding"].param("max_target_blocks")  # HR-4
LIGHTNING_DEFENCE_HOOKS = (
    "Lopakodás",
    "Rejtőzés",
)  # HR-4: +2 ranged defence, against spells too
BY_LEVEL: dict[int, tuple[Spell, ...]] = {
    level: tuple(sp for sp in SPELLS.values() if sp.level == level) for level in range(1, 6)
}


def kind_of(spell: Spell) -> SpellKind:
    """How the spell reaches: area, chain, bolt, corpse, self, touch, or ranged (N blocks)."""
    effect = spell.effect
    if effect.area is not None:
        return SpellKind.AREA
    if isinstance(effect.attack, LightningAttack):
        return SpellKind.CHAIN if effect.attack.min_links > 1 else SpellKind.BOLT
    if any(isinstance(p, RaiseUndead) for p in effect.parts):
        return SpellKind.CORPSE
    if spell.range.kind is RangeKind.SELF:
        return SpellKind.SELF
    if spell.range.kind in (RangeKind.TOUCH, RangeKind.TOUCH_OR_SELF):
        return SpellKind.TOUCH
    return SpellKind.RANGED


KIND: Mapping[str, SpellKind] = MappingProxyType({sid: kind_of(sp) for sid, sp in SPELLS.items()})
CONCENTRATES: dict[str, bool] = {
    sid: sp.is_resisted or isinstance(sp.effect.attack, LightningAttack) for sid, sp in SPELLS.items()
}


# --- who may cast -------------------------------------------------------------------------------


def cast_refusal(s: State, c: int) -> tuple[str, str] | None:
    sheet = s.sheets[c]
    if sheet.role is not Role.WITCH_MASTER:
        return (f"{sheet.id} is no witch-master", "RB p.11")
    if is_zombie(s, c):
        return ("a raised witch-master cannot cast", "digest A52")
    m = s.magic
    if m is not None:
        if m.no_cast >> c & 1:
            return ("in Tűzalak he cannot cast", "RB p.16")
        if m.used == stamp(s.round, s.step, s.four is not None) and m.used_by >> c & 1:
            return (
                "one spell per step; a zombie command also gives up casting in that step",
                "digest A17, RB p.15",
            )
    if s.prone[c]:
        return ("a prone character spends MAN only on standing up", "HR-4")
    if not s.discs[sheet.seat]:
        return ("he holds no spell discs", "RB p.11")
    return None


def attack_refusal(s: State, c: int) -> tuple[str, str] | None:
    """A spell at anyone but himself is his one attack of the step (HR-12 ruling 31)."""
    if s.attacks[c]:
        return (
            "he has already attacked (or cast at someone) in this step",
            "RB p.6, HR-12 ruling 31",
        )
    if s.disengaged[c]:
        return (
            "after disengaging he may cast only on himself",
            "RB p.6, HR-12 ruling 31",
        )
    return None


def spell_cost(s: State, c: int, spell: Spell, concentrate: bool) -> int:
    """Level, +1 a spell with a withered arm (RB p.16), +1 for Összpontosítás (HR-4)."""
    m = s.magic
    extra = m.cost[c] if m is not None and len(m.cost) > c else 0
    return spell.man_cost + extra + (CONCENTRATION_MAN if concentrate else 0)


# --- reaching the target ---------------------------------------------------------------------------


def _reach_refusal(s: State, a: int, t: int, blocks: int) -> str | None:
    """Within ``blocks`` of hex ``a``; a hiding target only within 1 block (HR-4)."""
    if not s.alive[t] or s.pos[t] < 0:
        return f"{s.sheets[t].id} is not on the board"
    d = G.block_distance(a, s.pos[t])
    if d > blocks:
        return f"{s.sheets[t].id} is {d} blocks away; the spell reaches {blocks}"
    if s.hiding[t] and d > HIDDEN_TARGET_BLOCKS:
        return f"{s.sheets[t].id} is hiding more than 1 block away (HR-4 Rejtőzés)"
    return None


def lightning_obstacles(s: State, a: int, t: int, scan: Scan, turning: bool) -> int:
    """The ranged defence's obstacles of a bolt from hex ``a`` at ``t`` (RB p.10, p.12), or
    ILLEGAL; Forduló villám needs no legal line and counts no walls (RB p.16, HR-12 ruling 33)."""
    b = s.pos[t]
    if a == b:
        return ILLEGAL  # sharing a hex is no shot (HR-12 ruling 20)
    present = scan.occ.get(b, 0) if s.sheets[t].on_board else 1
    if not turning:
        return G.sight(a, b, s.gates, scan.visible, present, TRACES.of(s.memo))
    others = min(2, present - 1) if present > 1 else 0
    best = 0
    for line in G.traced(a, b, TRACES.of(s.memo)):
        count = line.boundaries + others + sum(scan.visible.get(h, 0) for h in line.inner)
        best = max(best, count)
    return best


def _corpses(s: State, c: int) -> list[int]:
    """Dead fighters of either side on his hex, never raised before (RB p.15, digest A52), while
    the hex has room for one more character: the zombie stands up among the living there, and a
    hex holds at most three (RB p.8; a corpse does not count, HR-11)."""
    m = s.magic
    risen = m.risen if m is not None else 0
    here = s.pos[c]
    if occupancy(s).get(here, 0) >= 3:
        return []
    return [
        t
        for t in s.board
        if not s.alive[t] and s.pos[t] == here and not s.sheets[t].is_gladiator and not risen >> t & 1
    ]


def _designees(s: State, t: int) -> list[int]:
    """Orgyilkosság: a living character on the board other than the victim (HR-12 ruling 15)."""
    return [o for o in s.board if o != t and s.alive[o] and s.pos[o] >= 0]


def _chain_refusal(s: State, c: int, spell: Spell, order: tuple[int, ...], scan: Scan) -> str | None:
    attack = spell.effect.attack
    assert isinstance(attack, LightningAttack)
    if not attack.min_links <= len(order) <= len(attack.links):
        return f"a chain strikes {attack.min_links} to {len(attack.links)} victims"
    blocks = spell.range.blocks or 0
    origin = s.pos[c]
    prev = c
    for t in order:
        if t == prev:
            return "the chain jumps from person to person, never back onto the same (A57)"
        reason = _reach_refusal(s, s.pos[c], t, blocks)
        if reason is not None:
            return reason
        if s.hiding[t] and G.block_distance(origin, s.pos[t]) > HIDDEN_TARGET_BLOCKS:
            return f"{s.sheets[t].id} is hiding more than 1 block from the bolt (HR-4 Rejtőzés)"
        if lightning_obstacles(s, origin, t, scan, attack.ignores_walls) == ILLEGAL:
            return f"no line of fire to {s.sheets[t].id} (RB p.10, p.12)"
        origin, prev = s.pos[t], t
    return None


class Reach:
    """What one listing of a caster's options needs, computed once: block distances, lines of
    fire from him and between victims, the targets within each range (area centres: :func:`_centres`)."""

    __slots__ = (
        "c",
        "dist",
        "enemies",
        "friends",
        "here",
        "lines",
        "ranges",
        "s",
        "scan",
        "seat",
        "whos",
    )

    def __init__(self, s: State, c: int, scan: Scan) -> None:
        self.s = s
        self.c = c
        self.here = here = s.pos[c]
        self.seat = s.side[c]
        self.scan = scan
        row = G.distances(here)
        pos = s.pos
        alive = s.alive
        camp = s.camp  # partners are friends (HR-8)
        mine = camp[c]
        dist = [-1] * len(pos)
        enemies: list[int] = []
        friends: list[int] = []
        for t in range(len(pos)):
            h = pos[t]
            if alive[t] and h >= 0:
                dist[t] = row[h]
                (friends if camp[t] == mine else enemies).append(t)
        self.dist = dist
        self.enemies = enemies
        self.friends = friends
        self.lines: dict[tuple[int, int, bool], int] = {}
        self.ranges: dict[tuple[bool, int], list[int]] = {}
        self.whos: dict[tuple[tuple[Any, ...], bool], int] = {}

    def in_range(self, harmful: bool, blocks: int) -> list[int]:
        """The enemies (``harmful``) or friends within ``blocks`` (a hiding one within 1)."""
        key = (harmful, blocks)
        found = self.ranges.get(key)
        if found is None:
            dist = self.dist
            hiding = self.s.hiding
            found = self.ranges[key] = [
                t
                for t in (self.enemies if harmful else self.friends)
                if dist[t] <= blocks and not (hiding[t] and dist[t] > HIDDEN_TARGET_BLOCKS)
            ]
        return found

    def line(self, a: int, t: int, turning: bool) -> int:
        """Obstacles of a bolt from character ``a`` (the caster or a victim) at ``t``."""
        key = (a, t, turning)
        found = self.lines.get(key)
        if found is None:
            found = self.lines[key] = lightning_obstacles(self.s, self.s.pos[a], t, self.scan, turning)
        return found

    def centres(self, blocks: int) -> tuple[int, ...]:
        """Area centres within range that put at least one character other than the caster in
        the area (listing only; ``apply`` takes any centre in range)."""
        s = self.s
        pos = s.pos
        alive = s.alive
        c = self.c
        held = frozenset([pos[o] for o in s.board if o != c and alive[o] and pos[o] >= 0])
        return _centres(s, held, self.here, blocks)


_CACHE_LIMIT = 20_000  # entries per memo table of a match

_CENTRES: Table[tuple[frozenset[int], int, int], tuple[int, ...]] = Table("magic: area centres", _CACHE_LIMIT)


def _centres(s: State, held: frozenset[int], here: int, blocks: int) -> tuple[int, ...]:
    """The centres within ``blocks`` of ``here`` whose area holds a hex of ``held``, in hex
    order; memoised (the union of the areas is the dearest part of a witch-master's listing,
    and the hexes held repeat from one listing to the next)."""
    key = (held, here, blocks)
    table = _CENTRES.of(s.memo)
    found = table.get(key)
    if found is None:
        row = G.distances(here)
        near = [h for h in set().union(*[CENTRES_FOR[x] for x in held]) if row[h] <= blocks]
        found = table[key] = tuple(sorted(near))
    return found


AREA: tuple[tuple[int, ...], ...] = tuple(area_hexes(h) for h in range(G.size))
# the centres whose area holds hex h: the area's hexes (it is symmetric) but the towers
CENTRES_FOR: tuple[tuple[int, ...], ...] = tuple(tuple(x for x in AREA[h] if not G.tower[x]) for h in range(G.size))
_new = tuple.__new__  # a named tuple from its fields, without the Python-level __new__


def _chain_orders(r: Reach, spell: Spell) -> list[tuple[int, ...]]:
    """Villámlánc orders of distinct enemies within 3 blocks, each link with a line from the
    previous victim (A57); ``apply`` also accepts a victim struck again (A→B→A)."""
    attack = spell.effect.attack
    assert isinstance(attack, LightningAttack)
    blocks = spell.range.blocks or 0
    turning = attack.ignores_walls
    s = r.s
    pool = r.in_range(True, blocks)
    found = []
    for n in range(attack.min_links, len(attack.links) + 1):
        for order in permutations(pool, n):
            prev = r.c
            for t in order:
                if prev != r.c and s.hiding[t] and G.block_distance(s.pos[prev], s.pos[t]) > HIDDEN_TARGET_BLOCKS:
                    break
                if r.line(prev, t, turning) == ILLEGAL:
                    break
                prev = t
            else:
                found.append(order)
    return found


class _Plan(NamedTuple):
    """A spell's listing facts, read once from the data."""

    spell: Spell
    id: str
    kind: SpellKind
    harmful: bool
    blocks: int
    on_caster: bool  # an area on the caster's hex (Bebörtönzés)
    touch_or_self: bool
    turning: bool  # a bolt that ignores walls (Forduló villám)
    lightning: bool
    concentrates: bool
    choices: tuple[str, ...]
    shape: tuple[Any, ...]  # what its targets depend on: spells of one shape share them


def _plan(spell: Spell) -> _Plan:
    attack = spell.effect.attack
    targeting = (  # kind, harmful, blocks, on_caster, touch_or_self, ignores_walls
        KIND[spell.id],
        HARMFUL[spell.id],
        spell.range.blocks or 0,
        spell.range.kind is RangeKind.AREA_ON_CASTER,
        spell.range.kind is RangeKind.TOUCH_OR_SELF,
        isinstance(attack, LightningAttack) and attack.ignores_walls,
    )
    own_targets = spell.id if KIND[spell.id] is SpellKind.CHAIN or spell.id == "assassination" else ""
    return _Plan(
        spell,
        spell.id,
        *targeting,
        spell.spell_type is SpellType.LIGHTNING,
        CONCENTRATES[spell.id],
        tuple(o.id for o in spell.effect.choices),
        (*targeting, own_targets),
    )


PLANS: dict[int, tuple[_Plan, ...]] = {level: tuple(_plan(sp) for sp in spells) for level, spells in BY_LEVEL.items()}


Who = tuple[Any, ...]


class _CastMemo:
    """A match's cast listings: every target set met, numbered (1, 2, …: cheap keys), and the
    casts made per (caster, spell, MAN, target set); casts are immutable, made once."""

    __slots__ = ("casts", "concentrated", "who_ids", "who_of")

    def __init__(self) -> None:
        self.who_ids: dict[Who, int] = {}
        self.who_of: list[Who] = [()]
        self.casts: dict[tuple[int, str, int, int], list[Cast]] = {}
        self.concentrated: dict[tuple[int, str, int, int], list[Cast]] = {}


_CAST_MEMO: Table[int, _CastMemo] = Table("magic: casts listed")


def _cast_memo(s: State) -> _CastMemo:
    table = _CAST_MEMO.of(s.memo)
    found = table.get(0)
    if found is None or len(found.who_of) > _CACHE_LIMIT:  # between listings: no number is in use
        found = table[0] = _CastMemo()
    return found


def _who(r: Reach, p: _Plan, attack_ok: bool) -> Who | None:
    """What the casts of ``p`` are aimed at now: characters, centres, chains (None: nothing)."""
    s = r.s
    c = r.c
    kind = p.kind
    if kind is SpellKind.RANGED:
        if p.id == "assassination":
            ids = s.sheets
            victims = tuple(
                [t for t in r.in_range(p.harmful, p.blocks) if (t == c or attack_ok) and not ids[t].is_strategist]
            )  # never the strategist (HR-12 ruling 32)
            return (victims, tuple(_designees(s, -1))) if victims else ()
        found = r.in_range(p.harmful, p.blocks)
        return tuple(found) if attack_ok else tuple([t for t in found if t == c])
    if kind is SpellKind.SELF:
        return (c,)
    if not attack_ok and kind in (SpellKind.AREA, SpellKind.CHAIN, SpellKind.CORPSE, SpellKind.BOLT):
        return None
    if kind is SpellKind.AREA:
        return (r.here,) if p.on_caster else r.centres(p.blocks)
    if kind is SpellKind.BOLT:
        turning = p.turning
        line = r.line
        return tuple([t for t in r.in_range(True, p.blocks) if line(c, t, turning) != ILLEGAL])
    pos = s.pos
    here = r.here
    if kind is SpellKind.TOUCH:
        if p.harmful:
            return tuple([t for t in r.enemies if pos[t] == here]) if attack_ok else ()
        both = p.touch_or_self and attack_ok
        return tuple([t for t in r.friends if pos[t] == here and (t == c or both)])
    if kind is SpellKind.CHAIN:
        return tuple(_chain_orders(r, p.spell))
    return tuple(_corpses(s, c))  # corpse


def _make_casts(s: State, c: int, p: _Plan, man: int, who: Who) -> list[Cast]:
    ids = s.sheets
    seat, cid = SEAT_OF[c], ids[c].id
    sid = p.id
    kind = p.kind
    if kind is SpellKind.SELF:
        return [_new(Cast, (seat, cid, sid, cid, None, None, None, (), False, man))]
    if kind is SpellKind.AREA:
        return [_new(Cast, (seat, cid, sid, None, HEXES[h], None, None, (), False, man)) for h in who]
    if kind is SpellKind.CHAIN:
        return [
            _new(Cast, (seat, cid, sid, None, None, None, None, tuple(ids[t].id for t in order), False, man))
            for order in who
        ]
    if sid == "assassination":
        victims, alive = who
        return [
            _new(Cast, (seat, cid, sid, ids[t].id, None, None, ids[d].id, (), False, man))
            for t in victims
            for d in alive
            if d != t
        ]
    if p.choices:
        return [
            _new(Cast, (seat, cid, sid, ids[t].id, None, choice, None, (), False, man))
            for t in who
            for choice in p.choices
        ]
    return [_new(Cast, (seat, cid, sid, ids[t].id, None, None, None, (), False, man)) for t in who]


def _who_id(cm: _CastMemo, r: Reach, p: _Plan, attack_ok: bool) -> int:
    """The number of what the casts of ``p`` are aimed at now (0: nothing), once per shape."""
    key = (p.shape, attack_ok)
    whos = r.whos
    found = whos.get(key)
    if found is None:
        who = _who(r, p, attack_ok)
        if not who:
            found = 0
        else:
            found = cm.who_ids.get(who)
            if found is None:
                found = cm.who_ids[who] = len(cm.who_of)
                cm.who_of.append(who)
        whos[key] = found
    return found


def _casts(cm: _CastMemo, c: int, p: _Plan, man: int, wid: int, s: State) -> list[Cast]:
    """One action per target, centre, choice, designee or chain of the target set ``wid``, each
    costing ``man`` (made once and shared: callers copy the list, never change it)."""
    key = (c, p.id, man, wid)
    found = cm.casts.get(key)
    if found is None:
        found = cm.casts[key] = _make_casts(s, c, p, man, cm.who_of[wid])
    return found


def _concentrated(cm: _CastMemo, c: int, p: _Plan, cost: int, wid: int, man: int, s: State) -> list[Cast]:
    """The same casts with Összpontosítás declared, costing ``man`` (HR-4)."""
    key = (c, p.id, cost, wid)
    found = cm.concentrated.get(key)
    if found is None:
        found = cm.concentrated[key] = [_new(Cast, (*a[:8], True, man)) for a in _casts(cm, c, p, cost, wid, s)]
    return found


def cast_options(s: State, c: int, scan: Scan, touch_only: bool = False) -> list[Cast]:
    """Every legal cast of ``c`` now, each with its MAN; with ``touch_only`` the harmful touch
    spells on an enemy of his hex (he entered it and must attack there, HR-12 ruling 10)."""
    if cast_refusal(s, c) is not None:
        return []
    sheet = s.sheets[c]
    discs = s.discs[sheet.seat]
    man = man_of(s, c)
    m = s.magic
    extra = m.cost[c] if m is not None and len(m.cost) > c else 0
    if man < min(discs) + extra:
        return []  # no spell he holds is affordable (MAN = level + extra at least)
    concentrates = CONCENTRATION in sheet.skills
    attack_ok = attack_refusal(s, c) is None
    found: list[Cast] = []
    r: Reach | None = None
    dust = bool(s.trap_marks) and ranged_banned(s, c)
    cm = _cast_memo(s)
    for level in sorted(set(discs)):
        cost = level + extra
        if cost > man:
            break
        conc = cost + CONCENTRATION_MAN if concentrates and cost + CONCENTRATION_MAN <= man else 0
        for p in PLANS[level]:
            if touch_only and not (p.kind is SpellKind.TOUCH and p.harmful):
                continue
            if dust and p.lightning:
                continue
            if r is None:
                r = Reach(s, c, scan)
            wid = _who_id(cm, r, p, attack_ok)
            if not wid:
                continue
            found.extend(_casts(cm, c, p, cost, wid, s))
            if conc and p.concentrates:
                found.extend(_concentrated(cm, c, p, cost, wid, conc, s))
    return found


# --- the decider -------------------------------------------------------------------------------------


def _char(s: State, char_id: str | None, what: str) -> int:
    t = s.index.get(char_id or "", -1)
    if t < 0:
        no_character(char_id, "RB p.12", f"name a {what}: {char_id!r} is no character")
    return t


def _validate(s: State, c: int, spell: Spell, a: Cast, scan: Scan) -> tuple[int, int, tuple[int, ...], int]:
    """(target, centre, chain, designee) of a legal cast, or an IllegalActionError."""
    kind = KIND[spell.id]
    here = s.pos[c]
    if a.choice is not None and all(o.id != a.choice for o in spell.effect.choices):
        fail(
            f"{spell.name_hu} has no effect {a.choice!r} to choose",
            "RB p.12, digest A41",
        )
    if spell.effect.choices and a.choice is None:
        fail(f"choose {spell.name_hu}'s effect when casting it", "RB p.12, digest A41")
    if a.designee is not None and spell.id != "assassination":
        fail("only Orgyilkosság names a designee", "RB p.17")
    if a.chain and kind is not SpellKind.CHAIN:
        fail("only Villámlánc strikes a chain", "RB p.17")
    if a.hex is not None and kind is not SpellKind.AREA:
        fail(f"{spell.name_hu} has no area centre", "RB p.12")
    if kind is SpellKind.AREA:
        if a.hex is None or a.hex not in G.index:
            fail("name the area's centre hex on the board", "RB p.13, p.15")
        centre = G.index[a.hex]
        if spell.range.kind is RangeKind.AREA_ON_CASTER:
            if centre != here:
                fail(
                    "Bebörtönzés is centred on the caster's own hex",
                    "RB p.17, digest A55",
                )
        elif G.block_distance(here, centre) > (spell.range.blocks or 0) or G.tower[centre]:
            fail(
                f"the centre must be a hex within {spell.range.blocks} blocks",
                "RB p.13, p.15",
            )
        return -1, centre, (), -1
    if kind is SpellKind.CHAIN:
        order = tuple(_char(s, x, "victim") for x in a.chain)
        for t in order:
            if s.camp[t] == s.camp[c]:
                fail(
                    f"{s.sheets[t].id} is on his own side; harmful spells target only enemies",
                    "HR-12 ruling 20",
                )
        reason = _chain_refusal(s, c, spell, order, scan)
        if reason is not None:
            fail(reason, "RB p.17-18, digest A57")
        return -1, -1, order, -1
    t = _char(s, a.target, "target")
    if kind is SpellKind.SELF:
        if t != c:
            fail(f"{spell.name_hu} is cast only on himself", "RB p.16")
        return t, -1, (), -1
    if kind is SpellKind.CORPSE:
        if t not in _corpses(s, c):
            fail(
                "Élőholt teremtése raises a dead fighter on his hex, never raised before, "
                "and only where the hex holds fewer than three living characters",
                "RB p.15, RB p.8, digest A52",
            )
        return t, -1, (), -1
    if HARMFUL[spell.id] and s.camp[t] == s.camp[c]:
        fail(
            f"{a.target} is on his own side; harmful spells target only enemies",
            "HR-12 ruling 20",
        )
    if not HARMFUL[spell.id] and s.camp[t] != s.camp[c]:
        fail(
            f"{spell.name_hu} helps its target: only his own side (reading)",
            "RB p.12-14",
        )
    if not s.alive[t]:
        fail(f"{a.target} is dead", "HR-11")
    if kind is SpellKind.TOUCH:
        if s.pos[t] != here:
            fail("a touch spell reaches only someone on his own hex", "RB p.12")
        if t == c and spell.range.kind is RangeKind.TOUCH:
            fail(f"{spell.name_hu} is not cast on himself", "RB p.13-15")
        return t, -1, (), -1
    reason = _reach_refusal(s, here, t, spell.range.blocks or 0)
    if reason is not None:
        fail(reason, "RB p.12, HR-4")
    if kind is SpellKind.BOLT:
        attack = spell.effect.attack
        assert isinstance(attack, LightningAttack)
        if lightning_obstacles(s, here, t, scan, attack.ignores_walls) == ILLEGAL:
            fail(f"no line of fire to {a.target}", "RB p.10, p.12, HR-1.8")
    designee = -1
    if spell.id == "assassination":
        if s.sheets[t].is_strategist:
            fail("Orgyilkosság never targets the strategist", "HR-12 ruling 32")
        designee = _char(s, a.designee, "designee")
        if designee not in _designees(s, t):
            fail(
                "the designee is a living character on the board other than the victim",
                "HR-12 ruling 15",
            )
    return t, -1, (), designee


def decide_cast(ctx: Context, a: Cast) -> None:
    s = ctx.state
    c = actor(s, a.seat, a.char)
    refusal = cast_refusal(s, c)
    if refusal is not None:
        fail(*refusal)
    spell = SPELLS.get(a.spell)
    if spell is None:
        fail(f"there is no spell {a.spell!r}", "RB p.13-18")
    if spell.level not in s.discs[a.seat]:
        fail(f"he holds no disc of level {spell.level}", "RB p.11")
    if spell.spell_type is SpellType.LIGHTNING and ranged_banned(s, c):
        fail("dust: no lightning for the rest of this step", "HR-5 card 15")
    if a.concentrate and (CONCENTRATION not in s.sheets[c].skills or not CONCENTRATES[spell.id]):
        fail(
            "Összpontosítás needs the skill and a spell with a resistance contest or a bolt",
            "HR-4",
        )
    scan = Scan(s)
    t, centre, chain, designee = _validate(s, c, spell, a, scan)
    attack = t != c
    if attack:
        refusal = attack_refusal(s, c)
        if refusal is not None:
            fail(*refusal)
    if s.must_attack[c] and not (KIND[spell.id] is SpellKind.TOUCH and HARMFUL[spell.id]):
        fail(
            "he entered an enemy's hex and must attack there first",
            "RB p.8, HR-12 ruling 10",
        )
    cost = spell_cost(s, c, spell, a.concentrate)
    check_stated(a.man, cost)
    pay(s, c, cost, f"casting {spell.name_hu}")
    activate(ctx, c)
    end_states(ctx, c, "cast a spell", ("sneaking", "hiding") if attack else ("hiding",))
    rolled_touch = KIND[spell.id] is SpellKind.TOUCH and attack
    ids = s.sheets
    ctx.emit(
        SpellCast(
            a.seat, a.char, spell.id, spell.level, cost, None if t < 0 else ids[t].id,
            None if centre < 0 else HEXES[centre], a.choice, None if designee < 0 else ids[designee].id,
            tuple(ids[x].id for x in chain), a.concentrate, attack and not rolled_touch,
        )
    )  # fmt: skip
    kind = KIND[spell.id]
    if kind is SpellKind.AREA:
        cast_area(ctx, c, spell, centre)
    elif kind in (SpellKind.CHAIN, SpellKind.BOLT):
        strike(ctx, c, spell, chain or (t,), a.concentrate)
    elif kind is SpellKind.CORPSE:
        raise_undead(ctx, c, t, spell)
    elif kind is SpellKind.TOUCH and t != c:
        touch(ctx, c, t, spell)
    else:
        affect(ctx, c, t, spell, a.choice, designee, a.concentrate)


# --- touch (RB p.12, digest A39) --------------------------------------------------------------


def touch(ctx: Context, c: int, t: int, spell: Spell) -> None:
    """The touch's melee attack roll: TÉ + d10 against VÉ + d10; +5 TÉ from the spell or, once,
    for a team-mate (A39). The defender may declare Kitérés (HR-4, HR-12 ruling 21)."""
    s = ctx.state
    attack = spell.effect.attack
    bonus = attack.te_bonus if isinstance(attack, TouchAttack) else 0
    if not bonus and s.camp[t] == s.camp[c]:  # partners count as his own team (HR-8)
        bonus = TEAMMATE_TOUCH_BONUS
    mods = attack_modifiers(s, Swing(c, t, "touch", False, False, False, 0))
    if bonus:
        mods = (*mods, ("touch spell", bonus))
    value = melee_te(s, c) + sum(m for _, m in mods)
    sheet = s.sheets[c]
    ctx.emit(
        AttackDeclared(
            sheet.seat,
            sheet.id,
            s.sheets[t].id,
            "touch",
            spell.id,
            None,
            False,
            False,
            0,
            value,
            mods,
        )
    )
    offer_dodge_or_resolve(ctx, AttackSpec(c, t, "touch", spell.id, None, False, value, -1))


def _touch_hit(ctx: Context, spec: AttackSpec, margin: int) -> None:
    spell = SPELLS[spec.skill or ""]
    apply_parts(ctx, spec.attacker, spec.target, spell, spell.effect.parts)


HIT_EFFECTS["touch"] = _touch_hit


# --- lightning (RB p.12, p.16-18; digest A40, A50, A57) ----------------------------------------


def lightning_defence(s: State, t: int, a: int, obstacles: int) -> tuple[int, tuple[tuple[str, int], ...]]:
    """2 × obstacles + the ranged-defence modifiers (Lopakodás, Rejtőzés; spells, non-stacking)."""
    swing = Swing(-1, t, "bolt", False, False, False, 0)
    mods = [
        (name, amount) for name, fn in DEFENCE_HOOKS if name in LIGHTNING_DEFENCE_HOOKS and (amount := fn(s, swing))
    ]
    spells = combine(non_stacking(s, t, CombatValue.RANGED_VE), ranged_ve(s, t, a, s.pos[t]))
    if spells:
        mods.append(("spells and traps", spells))
    return 2 * obstacles + sum(m for _, m in mods), tuple(mods)


def strike(ctx: Context, c: int, spell: Spell, victims: tuple[int, ...], concentrate: bool) -> None:
    """One roll per link, in the caster's order, from the previous victim; the chain stops at
    the first miss (RB p.17-18, A57). A hit deals the link's fixed damage: only leather SFÉ
    counts, never STP (RB p.12)."""
    s = ctx.state
    attack = spell.effect.attack
    assert isinstance(attack, LightningAttack)
    origin = s.pos[c]
    cid = s.sheets[c].id
    for link, t in zip(attack.links, victims, strict=False):
        if not s.alive[t] or s.result is not None:
            return
        scan = Scan(s)
        obstacles = lightning_obstacles(s, origin, t, scan, attack.ignores_walls)
        if obstacles == ILLEGAL:
            return
        mods: list[tuple[str, int]] = [("spell CÉ", link.ce)]
        if concentrate:
            mods.append(("Összpontosítás", CONCENTRATION_CE))
        cloud = combine(0, cloud_ce(s, origin, s.pos[t]))
        if cloud:
            mods.append(("Savfelhő", cloud))
        tid = s.sheets[t].id
        attack_roll = ctx.roll(cid, f"{spell.id} on {tid}")
        defence_roll = ctx.roll(tid, f"defence against {spell.id}")
        defence, dmods = lightning_defence(s, t, origin, obstacles)
        total = sum(m for _, m in mods) + attack_roll
        hit = total > defence + defence_roll
        ctx.emit(AttackResolved(cid, tid, "lightning", total, defence + defence_roll, hit, dmods))
        if not hit:
            return
        if not (amulet_cancels(ctx, t, spell) or lightning_warded(ctx, t, spell)):
            spell_damage(ctx, t, link.damage)
        origin = s.pos[t]


# --- Élőholt teremtése (RB p.15, digest A52, HR-12 ruling 19) -----------------------------------


def raise_undead(ctx: Context, c: int, t: int, spell: Spell) -> None:
    """The corpse of either side rises as a zombie of the caster's side (digest A52, HR-12
    ruling 19): ``seat`` is the side it now fights for; the sheet stays the dead fighter's."""
    part = next(p for p in spell.effect.parts if isinstance(p, RaiseUndead))
    s = ctx.state
    sheet = s.sheets[t]
    ctx.emit(ZombieRaised(s.side[c], sheet.id, s.sheets[c].id, sheet.ep // part.ep_divisor))


_ = Resistance
