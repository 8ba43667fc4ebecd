"""The gladiator's weapons and type specials (RB p.9, p.20; HR-3.1-3.3; HR-12 ruling 40).

Grips come from :mod:`arena.engine.content.weapons`; this module adds what a match needs: the
values of the grip in hand, the weapon swap on his own pile, dropping and picking up items, and
the hooks of the type specials (Pajzsfal, Hálómester, Gyors penge; Rendíthetetlen and Aranyharang
are read where knock-downs, shifts and armour are resolved).
"""

from __future__ import annotations

from itertools import combinations

from arena.engine.content.skills import NET_MASTER, PRONE_STAND_UP_MAN, QUICK_BLADE, SHIELD_WALL, SKILLS
from arena.engine.content.weapons import (
    DAGGER,
    SHIELD,
    WEAPONS,
    GripValues,
    grip_values,
    is_legal_grip,
    pair_main_options,
    wielded,
)
from arena.engine.match.actions import DropItem, PickUp, StandUp, SwapWeapons
from arena.engine.match.context import Context
from arena.engine.match.events import ItemDropped, ItemPickedUp, StoodUp, WeaponsSwapped
from arena.engine.match.memo import Table
from arena.engine.match.rules.base import HEXES, G, activate, actor, check_stated, fail, man_of, pay
from arena.engine.match.rules.modifiers import RANGED_WEAPONS, attack_hook, defence_hook
from arena.engine.match.state import State, Swing

SWAP_MAN = 1  # RB p.8
PICK_UP_MAN = 1  # RB p.20
THROWN = ("javelin", "net")


def _grip(te: int, ve: int, hand: tuple[str, ...], main: str | None, gtype: str | None) -> GripValues:
    options = pair_main_options(hand)
    if main not in options:
        main = options[0]
    return grip_values(te, ve, hand, main, gtype)


def grip(s: State, c: int) -> GripValues:
    """The values of the items in the gladiator's hands (HR-3, HR-3.1)."""
    sheet = s.sheets[c]
    key = (sheet.te, sheet.ve, s.hand[c], s.main[c], sheet.gladiator_type)
    table = _GRIPS.of(s.memo)
    found = table.get(key)
    if found is None:
        found = table[key] = _grip(*key)
    return found


def melee_te(s: State, c: int) -> int:
    """TÉ with the weapons in hand; the outer fighters' sidearms are in their sheet (HR-2.1)."""
    return grip(s, c).te if s.sheets[c].is_gladiator else s.sheets[c].te


def melee_ve(s: State, c: int) -> int:
    return grip(s, c).ve if s.sheets[c].is_gladiator else s.sheets[c].ve


def extra_sp(s: State, c: int) -> int:
    """The main weapon's extra Sp, added to the raw Sp before SFÉ (HR-3)."""
    return grip(s, c).extra_sp if s.sheets[c].is_gladiator else 0


def holds(s: State, c: int, item: str) -> bool:
    return item in wielded(s.hand[c])


def skill_allowed(s: State, c: int, skill: str) -> bool:
    """Whether ``c`` has ``skill`` and, for a gladiator, an item in hand allows it (RB p.20,
    HR-3). Type specials follow their own item rules (Aranyharang: any weapon, digest A61)."""
    sheet = s.sheets[c]
    if skill not in sheet.skills:
        return False
    if s.magic is not None and s.magic.risen >> c & 1:
        return False  # a zombie uses none of the dead fighter's skills (RB p.15, HR-12 ruling 19)
    if not sheet.is_gladiator:
        return True
    entry = SKILLS[skill]
    if entry.is_type_special:
        wield = wielded(s.hand[c])
        if entry.requires_item is not None and entry.requires_item not in wield:
            return False
        return not any(item in entry.forbidden_items for item in wield)
    return skill in grip(s, c).skills


_HANDS_USED = {w: WEAPONS[w].hands_used for w in WEAPONS}


def free_hand(s: State, c: int) -> bool:
    """A hand free for a javelin or a net (RB p.20, HR-3.1)."""
    return sum(_HANDS_USED[i] for i in wielded(s.hand[c])) <= 1


_PILE_OF_HALF = {half.value: tables.pile for half, tables in G.halves.items()}


def pile_hex(s: State, c: int) -> int:
    """His own pile: the one of his tower's half (HR-1.6)."""
    half = s.halves[s.sheets[c].seat]
    return -1 if half is None else _PILE_OF_HALF[half]


_GRIPS_FROM: Table[tuple[tuple[str, ...], str | None], list[tuple[tuple[str, ...], str | None]]] = Table(
    "gladiators: grips from a stock"
)
_LEGAL_GRIP: Table[tuple[tuple[str, ...], str | None], bool] = Table("gladiators: legal grips")
_GRIPS: Table[tuple[int, int, tuple[str, ...], str | None, str | None], GripValues] = Table("gladiators: grip values")


def legal_grip(s: State, hand: tuple[str, ...], gtype: str | None) -> bool:
    """:func:`is_legal_grip`'s verdict, memoised in the match (it depends on the items and the type)."""
    table = _LEGAL_GRIP.of(s.memo)
    found = table.get((hand, gtype))
    if found is None:
        found = table[(hand, gtype)] = bool(is_legal_grip(hand, gtype))
    return found


def grips_of(s: State, stock: tuple[str, ...], gtype: str | None) -> list[tuple[tuple[str, ...], str | None]]:
    """:func:`grips_from`, memoised in the match per (stock, type); callers copy the list."""
    table = _GRIPS_FROM.of(s.memo)
    found = table.get((stock, gtype))
    if found is None:
        found = table[(stock, gtype)] = grips_from(stock, gtype)
    return found


def grips_from(stock: tuple[str, ...], gtype: str | None) -> list[tuple[tuple[str, ...], str | None]]:
    items = tuple(sorted(i for i in stock if i != DAGGER))
    seen: set[tuple[str, ...]] = set()
    found: list[tuple[tuple[str, ...], str | None]] = []
    for size in (0, 1, 2):
        for hand in combinations(items, size):
            if hand in seen or not is_legal_grip(hand, gtype):
                continue
            seen.add(hand)
            options = pair_main_options(hand)
            if len(options) > 1:
                found.extend((hand, main) for main in options)
            else:
                found.append((hand, None))
    return found


def _same_grip(s: State, c: int, hand: tuple[str, ...], main: str | None) -> bool:
    return tuple(sorted(hand)) == tuple(sorted(s.hand[c])) and (main is None or main == grip(s, c).main)


# --- weapon swap, drop, pick up, stand up -----------------------------------------------------


def swap_options(s: State, c: int) -> list[SwapWeapons]:
    sheet = s.sheets[c]
    if not sheet.is_gladiator or s.pos[c] != pile_hex(s, c) or man_of(s, c) < SWAP_MAN:
        return []
    return [
        SwapWeapons(sheet.seat, sheet.id, hand, main, SWAP_MAN)
        for hand, main in grips_of(s, s.pile[c] + s.hand[c], sheet.gladiator_type)
        if not _same_grip(s, c, hand, main)
    ]


def decide_swap(ctx: Context, a: SwapWeapons) -> None:
    s = ctx.state
    c = actor(s, a.seat, a.char)
    if not s.sheets[c].is_gladiator:
        fail("only a gladiator changes weapons", "RB p.8")
    if s.prone[c]:
        fail("a prone character spends MAN only on standing up", "HR-4")
    if s.pos[c] != pile_hex(s, c):
        fail("weapons are changed only on his own weapon-pile hex", "RB p.9, HR-1.6")
    hand = tuple(sorted(i for i in a.hand if i != DAGGER))
    legal = grips_of(s, s.pile[c] + s.hand[c], s.sheets[c].gladiator_type)
    if not any(h == hand and (a.main is None or m == a.main or m is None) for h, m in legal):
        fail(f"{hand} is not a legal grip from his hands and pile", "HR-3.1")
    if _same_grip(s, c, hand, a.main):
        fail("that is the grip he already holds", "RB p.9")
    check_stated(a.man, SWAP_MAN)
    pay(s, c, SWAP_MAN, "changing weapons")
    activate(ctx, c)
    ctx.emit(WeaponsSwapped(a.seat, a.char, hand, a.main, SWAP_MAN))


_DROPS: Table[tuple[int, tuple[str, ...]], list[DropItem]] = Table(
    "gladiators: drops"
)  # actions are immutable: made once


def drop_options(s: State, c: int) -> list[DropItem]:
    sheet = s.sheets[c]
    if not sheet.is_gladiator:
        return []
    hand = s.hand[c]
    found = _DROPS.of(s.memo).get((c, hand))
    if found is None:
        found = _DROPS.of(s.memo)[(c, hand)] = [DropItem(sheet.seat, sheet.id, item) for item in dict.fromkeys(hand)]
    return found  # shared: callers copy it, never change it


def decide_drop(ctx: Context, a: DropItem) -> None:
    s = ctx.state
    c = actor(s, a.seat, a.char)
    if not s.sheets[c].is_gladiator:
        fail("only a gladiator drops a hand item", "RB p.20, HR-3.1")
    if a.item not in s.hand[c]:
        fail(f"{a.char} holds no {a.item}", "HR-3.1")
    activate(ctx, c)
    ctx.emit(ItemDropped(a.seat, a.char, a.item, HEXES[s.pos[c]]))


def pickup_options(s: State, c: int) -> list[PickUp]:
    sheet = s.sheets[c]
    if not s.dropped or man_of(s, c) < PICK_UP_MAN:
        return []
    found = []
    for owner, item, h in s.dropped:
        if owner == c and h == s.pos[c] and legal_grip(s, (*s.hand[c], item), sheet.gladiator_type):
            found.append(PickUp(sheet.seat, sheet.id, item, PICK_UP_MAN))
    return list(dict.fromkeys(found))


def decide_pickup(ctx: Context, a: PickUp) -> None:
    s = ctx.state
    c = actor(s, a.seat, a.char)
    if s.prone[c]:
        fail("a prone character spends MAN only on standing up", "HR-4")
    if (c, a.item, s.pos[c]) not in s.dropped:
        fail(f"none of his own dropped {a.item} lies on his hex", "RB p.20, HR-12 ruling 40")
    if not is_legal_grip((*s.hand[c], a.item), s.sheets[c].gladiator_type):
        fail(f"picking up {a.item} would not leave a legal grip", "HR-3.1")
    check_stated(a.man, PICK_UP_MAN)
    pay(s, c, PICK_UP_MAN, "picking up a weapon")
    activate(ctx, c)
    ctx.emit(ItemPickedUp(a.seat, a.char, a.item, PICK_UP_MAN))


def stand_options(s: State, c: int) -> list[StandUp]:
    if not s.prone[c] or man_of(s, c) < PRONE_STAND_UP_MAN:
        return []
    return [StandUp(s.sheets[c].seat, s.sheets[c].id, PRONE_STAND_UP_MAN)]


def decide_stand(ctx: Context, a: StandUp) -> None:
    s = ctx.state
    c = actor(s, a.seat, a.char)
    if not s.prone[c]:
        fail(f"{a.char} is not prone", "HR-4")
    check_stated(a.man, PRONE_STAND_UP_MAN)
    pay(s, c, PRONE_STAND_UP_MAN, "standing up")
    activate(ctx, c)
    ctx.emit(StoodUp(a.seat, a.char, PRONE_STAND_UP_MAN))


# --- type specials as modifier hooks (HR-3.3) ------------------------------------------------


def _shield_wall(s: State, c: int) -> bool:
    return SHIELD_WALL in s.sheets[c].skills and holds(s, c, SHIELD)


@attack_hook("Pajzsfal against thrown weapons")
def _shield_wall_thrown(s: State, w: Swing) -> int:
    if w.weapon in THROWN and _shield_wall(s, w.target):
        return SKILLS[SHIELD_WALL].param("thrown_te_modifier")
    return 0


@defence_hook("Pajzsfal against ranged weapons")
def _shield_wall_ranged(s: State, w: Swing) -> int:
    if w.weapon in RANGED_WEAPONS and _shield_wall(s, w.target):
        return SKILLS[SHIELD_WALL].param("ranged_defence_bonus")
    return 0


@attack_hook("Hálómester")
def _net_master(s: State, w: Swing) -> int:
    if w.weapon == "net" and NET_MASTER in s.sheets[w.attacker].skills:
        return SKILLS[NET_MASTER].param("net_te_bonus")
    return 0


@attack_hook("Gyors penge")
def _quick_blade(s: State, w: Swing) -> int:
    return SKILLS[QUICK_BLADE].param("te_modifier") if w.quick else 0
