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

from itertools import permutations

from ..actions_magic import Cast
from ..content.common import CombatValue, Role
from ..content.skills import CONCENTRATION, SKILLS
from ..content.spells import (
    SPELLS,
    LightningAttack,
    RaiseUndead,
    RangeKind,
    Resistance,
    Spell,
    SpellType,
    TouchAttack,
)
from ..context import Context
from ..events import AttackDeclared, AttackResolved
from ..events_magic import SpellCast, ZombieRaised
from ..grid import ILLEGAL
from ..hexgrid import Hex
from ..magic_state import stamp
from ..state import AttackSpec, State
from .base import (
    BOARD_CHARS,
    HEXES,
    Scan,
    activate,
    actor,
    check_stated,
    fail,
    man_of,
    pay,
)
from .damage import HIT_EFFECTS
from .gladiators import melee_te
from .magic_areas import G, area_hexes, cast_area, cloud_ce, combine, ranged_ve
from .magic_effects import (
    CONCENTRATION_CE,
    HARMFUL,
    affect,
    amulet_cancels,
    apply_parts,
    lightning_warded,
    spell_damage,
)
from .magic_hooks import is_zombie
from .melee import offer_dodge_or_resolve
from .modifiers import DEFENCE_HOOKS, Swing, attack_modifiers, non_stacking
from .skills import end_states
from .traps_marks import ranged_banned

CONCENTRATION_MAN = SKILLS[CONCENTRATION].man_cost  # HR-4
TEAMMATE_TOUCH_BONUS = 5  # RB p.12: +5 TÉ for a touch on a member of his own team (A39)
HIDDEN_TARGET_BLOCKS = SKILLS["hiding"].param("max_target_blocks")  # HR-4
LIGHTNING_DEFENCE_HOOKS = (
    "Lopakodás",
    "Rejtőzés",
)  # HR-4: +2 ranged defence, against spells too
BY_LEVEL: dict[int, tuple[Spell, ...]] = {
    level: tuple(sp for sp in SPELLS.values() if sp.level == level)
    for level in range(1, 6)
}


def kind_of(spell: Spell) -> str:
    """How the spell reaches: area, chain, bolt, corpse, self, touch, or ranged (N blocks)."""
    effect = spell.effect
    if effect.area is not None:
        return "area"
    if isinstance(effect.attack, LightningAttack):
        return "chain" if effect.attack.min_links > 1 else "bolt"
    if any(isinstance(p, RaiseUndead) for p in effect.parts):
        return "corpse"
    if spell.range.kind is RangeKind.SELF:
        return "self"
    if spell.range.kind in (RangeKind.TOUCH, RangeKind.TOUCH_OR_SELF):
        return "touch"
    return "ranged"


KIND: dict[str, str] = {sid: kind_of(sp) for sid, sp in SPELLS.items()}
CONCENTRATES: dict[str, bool] = {
    sid: sp.is_resisted or isinstance(sp.effect.attack, LightningAttack)
    for sid, sp in SPELLS.items()
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
        if m.used == stamp(s.round, s.step) and m.used_by >> c & 1:
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
    extra = m.cost[c] if m is not None and m.cost else 0
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
        return G.sight(a, b, s.gates, scan.visible, present)
    others = min(2, present - 1) if present > 1 else 0
    best = 0
    for line in G._trace(a, b):
        count = (
            line.boundaries + others + sum(scan.visible.get(h, 0) for h in line.inner)
        )
        best = max(best, count)
    return best


def _corpses(s: State, c: int) -> list[int]:
    """Dead fighters of his own side on his hex, never raised before (RB p.15; reading: own side)."""
    m = s.magic
    risen = m.risen if m is not None else 0
    here = s.pos[c]
    return [
        t
        for t in s.seat_chars(s.sheets[c].seat)
        if not s.alive[t] and s.pos[t] == here and s.sheets[t].on_board and not s.sheets[t].is_gladiator
        and not risen >> t & 1
    ]  # fmt: skip


def _designees(s: State, t: int) -> list[int]:
    """Orgyilkosság: a living character on the board other than the victim (HR-12 ruling 15)."""
    return [o for o in BOARD_CHARS if o != t and s.alive[o] and s.pos[o] >= 0]


def _chain_refusal(
    s: State, c: int, spell: Spell, order: tuple[int, ...], scan: Scan
) -> str | None:
    attack = spell.effect.attack
    assert isinstance(attack, LightningAttack)
    if not attack.min_links <= len(order) <= len(attack.links):
        return f"a chain strikes {attack.min_links} to {len(attack.links)} victims"
    blocks = spell.range.blocks or 0
    origin = s.pos[c]
    prev = c
    for t in order:
        if t == prev:
            return (
                "the chain jumps from person to person, never back onto the same (A57)"
            )
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
    fire from him and between victims, area centres."""

    __slots__ = (
        "c",
        "centre_hexes",
        "dist",
        "enemies",
        "friends",
        "here",
        "lines",
        "s",
        "scan",
        "seat",
    )

    def __init__(self, s: State, c: int, scan: Scan) -> None:
        self.s = s
        self.c = c
        self.here = here = s.pos[c]
        self.seat = seat = s.sheets[c].seat
        self.scan = scan
        self.dist: dict[int, int] = {}
        self.enemies: list[int] = []
        self.friends: list[int] = []
        for t in range(len(s.pos)):
            if s.alive[t] and s.pos[t] >= 0:
                self.dist[t] = G.block_distance(here, s.pos[t])
                (self.friends if s.sheets[t].seat == seat else self.enemies).append(t)
        self.lines: dict[tuple[int, int, bool], int] = {}
        self.centre_hexes: list[tuple[int, int]] | None = None

    def within(self, t: int, blocks: int) -> bool:
        d = self.dist[t]
        return d <= blocks and not (self.s.hiding[t] and d > HIDDEN_TARGET_BLOCKS)

    def line(self, a: int, t: int, turning: bool) -> int:
        """Obstacles of a bolt from character ``a`` (the caster or a victim) at ``t``."""
        key = (a, t, turning)
        found = self.lines.get(key)
        if found is None:
            found = self.lines[key] = lightning_obstacles(
                self.s, self.s.pos[a], t, self.scan, turning
            )
        return found

    def centres(self, blocks: int) -> list[int]:
        """Area centres within range that put at least one character other than the caster in
        the area (listing only; ``apply`` takes any centre in range)."""
        if self.centre_hexes is None:
            s = self.s
            seen: set[int] = set()
            for o in BOARD_CHARS:
                if o != self.c and s.alive[o] and s.pos[o] >= 0:
                    seen.update(area_hexes(s.pos[o]))
            here = self.here
            self.centre_hexes = sorted(
                (h, G.block_distance(here, h)) for h in seen if not G.tower[h]
            )
        return [h for h, d in self.centre_hexes if d <= blocks]


def _chain_orders(r: Reach, spell: Spell) -> list[tuple[int, ...]]:
    """Villámlánc orders of distinct enemies within 3 blocks, each link with a line from the
    previous victim (A57); ``apply`` also accepts a victim struck again (A→B→A)."""
    attack = spell.effect.attack
    assert isinstance(attack, LightningAttack)
    blocks = spell.range.blocks or 0
    turning = attack.ignores_walls
    s = r.s
    pool = [t for t in r.enemies if r.within(t, blocks)]
    found = []
    for n in range(attack.min_links, len(attack.links) + 1):
        for order in permutations(pool, n):
            prev = r.c
            for t in order:
                if (
                    prev != r.c
                    and s.hiding[t]
                    and G.block_distance(s.pos[prev], s.pos[t]) > HIDDEN_TARGET_BLOCKS
                ):
                    break
                if r.line(prev, t, turning) == ILLEGAL:
                    break
                prev = t
            else:
                found.append(order)
    return found


def targets(r: Reach, spell: Spell, attack_ok: bool, man: int) -> list[Cast]:
    """One action per legal target, centre, choice, designee or chain, each costing ``man``."""
    s = r.s
    c = r.c
    ids = s.sheets
    seat, cid = r.seat, ids[c].id
    kind = KIND[spell.id]
    here = r.here
    sid = spell.id
    if kind == "self":
        return [Cast(seat, cid, sid, cid, man=man)]
    if kind == "area":
        if not attack_ok:
            return []
        if spell.range.kind is RangeKind.AREA_ON_CASTER:
            return [Cast(seat, cid, sid, None, HEXES[here], man=man)]
        return [
            Cast(seat, cid, sid, None, HEXES[h], man=man)
            for h in r.centres(spell.range.blocks or 0)
        ]
    if kind == "chain":
        if not attack_ok:
            return []
        return [
            Cast(seat, cid, sid, chain=tuple(ids[t].id for t in order), man=man)
            for order in _chain_orders(r, spell)
        ]
    if kind == "corpse":
        return (
            [Cast(seat, cid, sid, ids[t].id, man=man) for t in _corpses(s, c)]
            if attack_ok
            else []
        )
    if kind == "touch":
        if HARMFUL[sid]:
            pool = [t for t in r.enemies if s.pos[t] == here]
        else:
            pool = [
                t
                for t in r.friends
                if s.pos[t] == here
                and (t == c or spell.range.kind is RangeKind.TOUCH_OR_SELF)
            ]
        return [
            Cast(seat, cid, sid, ids[t].id, man=man)
            for t in pool
            if t == c or attack_ok
        ]
    blocks = spell.range.blocks or 0
    if kind == "bolt":
        if not attack_ok:
            return []
        attack = spell.effect.attack
        assert isinstance(attack, LightningAttack)
        turning = attack.ignores_walls
        return [
            Cast(seat, cid, sid, ids[t].id, man=man)
            for t in r.enemies
            if r.within(t, blocks) and r.line(c, t, turning) != ILLEGAL
        ]
    found: list[Cast] = []
    for t in r.enemies if HARMFUL[sid] else r.friends:
        if (t != c and not attack_ok) or not r.within(t, blocks):
            continue
        if sid == "assassination":
            if ids[t].is_strategist:
                continue  # HR-12 ruling 32
            found.extend(
                Cast(seat, cid, sid, ids[t].id, designee=ids[d].id, man=man)
                for d in _designees(s, t)
            )
        elif spell.effect.choices:
            found.extend(
                Cast(seat, cid, sid, ids[t].id, choice=o.id, man=man)
                for o in spell.effect.choices
            )
        else:
            found.append(Cast(seat, cid, sid, ids[t].id, man=man))
    return found


def cast_options(s: State, c: int, scan: Scan, touch_only: bool = False) -> list[Cast]:
    """Every legal cast of ``c`` now, each with its MAN; with ``touch_only`` the harmful touch
    spells on an enemy of his hex (he entered it and must attack there, HR-12 ruling 10)."""
    if cast_refusal(s, c) is not None:
        return []
    man = man_of(s, c)
    sheet = s.sheets[c]
    concentrates = CONCENTRATION in sheet.skills
    attack_ok = attack_refusal(s, c) is None
    found: list[Cast] = []
    r: Reach | None = None
    dust = bool(s.trap_marks) and ranged_banned(s, c)
    for level in sorted(set(s.discs[sheet.seat])):
        for spell in BY_LEVEL[level]:
            if touch_only and not (KIND[spell.id] == "touch" and HARMFUL[spell.id]):
                continue
            if dust and spell.spell_type is SpellType.LIGHTNING:
                continue
            cost = spell_cost(s, c, spell, False)
            if cost > man:
                continue
            if r is None:
                r = Reach(s, c, scan)
            conc = (
                concentrates
                and CONCENTRATES[spell.id]
                and cost + CONCENTRATION_MAN <= man
            )
            listed = targets(r, spell, attack_ok, cost)
            found.extend(listed)
            if conc:
                found.extend(
                    a._replace(concentrate=True, man=cost + CONCENTRATION_MAN)
                    for a in listed
                )
    return found


# --- the decider -------------------------------------------------------------------------------------


def _char(s: State, char_id: str | None, what: str) -> int:
    t = s.index.get(char_id or "", -1)
    if t < 0:
        fail(f"name a {what}: {char_id!r} is no character", "RB p.12")
    return t


def _validate(
    s: State, c: int, spell: Spell, a: Cast, scan: Scan
) -> tuple[int, int, tuple[int, ...], int]:
    """(target, centre, chain, designee) of a legal cast, or an IllegalActionError."""
    kind = KIND[spell.id]
    here = s.pos[c]
    seat = s.sheets[c].seat
    if a.choice is not None and all(o.id != a.choice for o in spell.effect.choices):
        fail(
            f"{spell.name_hu} has no effect {a.choice!r} to choose",
            "RB p.12, digest A41",
        )
    if spell.effect.choices and a.choice is None:
        fail(f"choose {spell.name_hu}'s effect when casting it", "RB p.12, digest A41")
    if a.designee is not None and spell.id != "assassination":
        fail("only Orgyilkosság names a designee", "RB p.17")
    if a.chain and kind != "chain":
        fail("only Villámlánc strikes a chain", "RB p.17")
    if a.hex is not None and kind != "area":
        fail(f"{spell.name_hu} has no area centre", "RB p.12")
    if kind == "area":
        if a.hex is None or a.hex not in G.index:
            fail("name the area's centre hex on the board", "RB p.13, p.15")
        centre = G.index[a.hex]
        if spell.range.kind is RangeKind.AREA_ON_CASTER:
            if centre != here:
                fail(
                    "Bebörtönzés is centred on the caster's own hex",
                    "RB p.17, digest A55",
                )
        elif (
            G.block_distance(here, centre) > (spell.range.blocks or 0)
            or G.tower[centre]
        ):
            fail(
                f"the centre must be a hex within {spell.range.blocks} blocks",
                "RB p.13, p.15",
            )
        return -1, centre, (), -1
    if kind == "chain":
        order = tuple(_char(s, x, "victim") for x in a.chain)
        for t in order:
            if s.sheets[t].seat == seat:
                fail(
                    f"{s.sheets[t].id} is on his own side; harmful spells target only enemies",
                    "HR-12 ruling 20",
                )
        reason = _chain_refusal(s, c, spell, order, scan)
        if reason is not None:
            fail(reason, "RB p.17-18, digest A57")
        return -1, -1, order, -1
    t = _char(s, a.target, "target")
    if kind == "self":
        if t != c:
            fail(f"{spell.name_hu} is cast only on himself", "RB p.16")
        return t, -1, (), -1
    if kind == "corpse":
        if t not in _corpses(s, c):
            fail(
                "Élőholt teremtése raises a dead fighter of his side, on his hex, never raised before",
                "RB p.15, digest A52",
            )
        return t, -1, (), -1
    if HARMFUL[spell.id] and s.sheets[t].seat == seat:
        fail(
            f"{a.target} is on his own side; harmful spells target only enemies",
            "HR-12 ruling 20",
        )
    if not HARMFUL[spell.id] and s.sheets[t].seat != seat:
        fail(
            f"{spell.name_hu} helps its target: only his own side (reading)",
            "RB p.12-14",
        )
    if not s.alive[t]:
        fail(f"{a.target} is dead", "HR-11")
    if kind == "touch":
        if s.pos[t] != here:
            fail("a touch spell reaches only someone on his own hex", "RB p.12")
        if t == c and spell.range.kind is RangeKind.TOUCH:
            fail(f"{spell.name_hu} is not cast on himself", "RB p.13-15")
        return t, -1, (), -1
    reason = _reach_refusal(s, here, t, spell.range.blocks or 0)
    if reason is not None:
        fail(reason, "RB p.12, HR-4")
    if kind == "bolt":
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
    if a.concentrate and (
        CONCENTRATION not in s.sheets[c].skills or not CONCENTRATES[spell.id]
    ):
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
    if s.must_attack[c] and not (KIND[spell.id] == "touch" and HARMFUL[spell.id]):
        fail(
            "he entered an enemy's hex and must attack there first",
            "RB p.8, HR-12 ruling 10",
        )
    cost = spell_cost(s, c, spell, a.concentrate)
    check_stated(a.man, cost)
    pay(s, c, cost, f"casting {spell.name_hu}")
    activate(ctx, c)
    end_states(
        ctx, c, "cast a spell", ("sneaking", "hiding") if attack else ("hiding",)
    )
    rolled_touch = KIND[spell.id] == "touch" and attack
    ids = s.sheets
    ctx.emit(
        SpellCast(
            a.seat, a.char, spell.id, spell.level, cost, None if t < 0 else ids[t].id,
            None if centre < 0 else HEXES[centre], a.choice, None if designee < 0 else ids[designee].id,
            tuple(ids[x].id for x in chain), a.concentrate, attack and not rolled_touch,
        )
    )  # fmt: skip
    kind = KIND[spell.id]
    if kind == "area":
        cast_area(ctx, c, spell, centre)
    elif kind in ("chain", "bolt"):
        strike(ctx, c, spell, chain or (t,), a.concentrate)
    elif kind == "corpse":
        raise_undead(ctx, c, t, spell)
    elif kind == "touch" and t != c:
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
    if not bonus and s.sheets[t].seat == s.sheets[c].seat:
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
    offer_dodge_or_resolve(
        ctx, AttackSpec(c, t, "touch", spell.id, None, False, value, -1)
    )


def _touch_hit(ctx: Context, spec: AttackSpec, margin: int) -> None:
    spell = SPELLS[spec.skill or ""]
    apply_parts(ctx, spec.attacker, spec.target, spell, spell.effect.parts)


HIT_EFFECTS["touch"] = _touch_hit


# --- lightning (RB p.12, p.16-18; digest A40, A50, A57) ----------------------------------------


def lightning_defence(
    s: State, t: int, a: int, obstacles: int
) -> tuple[int, tuple[tuple[str, int], ...]]:
    """2 × obstacles + the ranged-defence modifiers (Lopakodás, Rejtőzés; spells, non-stacking)."""
    swing = Swing(-1, t, "bolt", False, False, False, 0)
    mods = [
        (name, amount)
        for name, fn in DEFENCE_HOOKS
        if name in LIGHTNING_DEFENCE_HOOKS and (amount := fn(s, swing))
    ]
    spells = combine(
        non_stacking(s, t, CombatValue.RANGED_VE), ranged_ve(s, t, a, s.pos[t])
    )
    if spells:
        mods.append(("spells and traps", spells))
    return 2 * obstacles + sum(m for _, m in mods), tuple(mods)


def strike(
    ctx: Context, c: int, spell: Spell, victims: tuple[int, ...], concentrate: bool
) -> None:
    """One roll per link, in the caster's order, from the previous victim; the chain stops at
    the first miss (RB p.17-18, A57). A hit deals the link's fixed damage: only leather SFÉ
    counts, never STP (RB p.12)."""
    s = ctx.state
    attack = spell.effect.attack
    assert isinstance(attack, LightningAttack)
    origin = s.pos[c]
    cid = s.sheets[c].id
    for link, t in zip(attack.links, victims):
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
        ctx.emit(
            AttackResolved(
                cid, tid, "lightning", total, defence + defence_roll, hit, dmods
            )
        )
        if not hit:
            return
        if not (amulet_cancels(ctx, t, spell) or lightning_warded(ctx, t, spell)):
            spell_damage(ctx, t, link.damage)
        origin = s.pos[t]


# --- Élőholt teremtése (RB p.15, digest A52, HR-12 ruling 19) -----------------------------------


def raise_undead(ctx: Context, c: int, t: int, spell: Spell) -> None:
    part = next(p for p in spell.effect.parts if isinstance(p, RaiseUndead))
    s = ctx.state
    sheet = s.sheets[t]
    ctx.emit(
        ZombieRaised(sheet.seat, sheet.id, s.sheets[c].id, sheet.ep // part.ep_divisor)
    )


def area_centre(h: Hex) -> int:
    return G.index[h]


_ = Resistance
