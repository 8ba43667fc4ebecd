"""Gladiator weapons, grips and gladiator types (HR-3, filling RB p.20–21).

A gladiator's effective TÉ/VÉ is his base TÉ/VÉ (the type's base as adjusted under HR-9) plus the
modifiers of the items in hand; the extra Sp is added to the raw Sp (⌊Δ/2⌋) before SFÉ (HR-3). The
outer fighters' sidearms are already inside their printed values (HR-2.1) and take no modifiers.

Gladiator type ids are English, like the role ids: ``armoured`` (Vértes), ``sword_master``
(Kardművész), ``net_fighter`` (Hálóvető), ``heavy`` (Nehézvértes).

Reading of HR-3.1 used by the grip functions: the dagger is always on the belt and cannot be broken
(RB p.20), so a hand holding no weapon that can attack fights with it. An empty grip is the dagger,
and a shield alone (say, after Fegyvertörés broke the other weapon) is dagger + shield.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from arena.engine.content.common import make_catalog
from arena.engine.content.skills import (
    ACROBATICS,
    DODGING,
    GOLDEN_BELL,
    NET_MASTER,
    QUICK_BLADE,
    SHIELD_WALL,
    STEADFAST,
    TAKEDOWN,
    WEAPON_BREAKING,
)

DAGGER: Final = "dagger"
SHORT_SWORD: Final = "short_sword"
SABRE: Final = "sabre"
HAND_AXE: Final = "hand_axe"
MACE: Final = "mace"
TRIDENT: Final = "trident"
SHIELD: Final = "shield"
GREATSWORD: Final = "greatsword"
GREAT_AXE: Final = "great_axe"
HALBERD: Final = "halberd"
JAVELIN: Final = "javelin"
NET: Final = "net"

PAIR_TE_BONUS: Final = 2  # HR-3.1 pairs (párosfegyver): on the main weapon's TÉ
PAIR_VE_BONUS: Final = 2  # and on its VÉ
HANDS_PER_GLADIATOR: Final = 2


class Hands(enum.Enum):
    """How an item is held (HR-3.1 column "Hands")."""

    ONE = "one"  # one-handed weapon
    TWO = "two"  # two-handed weapon
    OFF_HAND = "off_hand"  # the shield: one hand, never a weapon of a pair
    THROWN = "thrown"  # javelins and nets: kit, thrown from a free hand, never part of a grip


@dataclass(frozen=True)
class Weapon:
    """One row of HR-3.1.

    ``ve`` and ``sp`` are ``None`` where the table has "–". ``pile_cost`` is ``None`` for kit items
    (free, fixed: ``kit_count`` of them). ``no_skills``: while it is wielded no numbered skill can
    be used, whatever the other hand holds. ``reach``: attacks an adjacent hex (RB p.9, p.20).
    Thrown items attack with the thrower's base TÉ (before weapon modifiers) + ``te`` against the
    target's melee VÉ, out to ``range_blocks`` blocks, and never cost STP.
    """

    id: str
    name_hu: str
    name_en: str
    hands: Hands
    te: int
    ve: int | None
    sp: int | None
    skills: frozenset[str]
    pile_cost: int | None
    source: str
    kit_count: int = 0
    unbreakable: bool = False
    cannot_attack: bool = False
    reach: bool = False
    prevents_takedown: bool = False
    no_skills: bool = False
    range_blocks: int | None = None
    deals_damage: bool = True
    damages_stp: bool = True

    @property
    def is_kit(self) -> bool:
        return self.kit_count > 0

    @property
    def hands_used(self) -> int:
        return {Hands.ONE: 1, Hands.OFF_HAND: 1, Hands.TWO: 2, Hands.THROWN: 1}[self.hands]


WEAPONS: Final[Mapping[str, Weapon]] = make_catalog(
    [
        Weapon(
            DAGGER,
            "Tőr",
            "Dagger",
            Hands.ONE,
            1,
            1,
            0,
            frozenset(),
            None,
            "RB p.20, HR-3.1",
            kit_count=1,
            unbreakable=True,
            no_skills=True,
        ),
        Weapon(
            SHORT_SWORD,
            "Rövidkard",
            "Short sword",
            Hands.ONE,
            4,
            2,
            0,
            frozenset({DODGING, WEAPON_BREAKING, TAKEDOWN, ACROBATICS}),
            2,
            "HR-3.1",
        ),
        Weapon(
            SABRE,
            "Szablya",
            "Sabre",
            Hands.ONE,
            5,
            1,
            0,
            frozenset({DODGING, TAKEDOWN, ACROBATICS}),
            2,
            "HR-3.1",
        ),
        Weapon(
            HAND_AXE,
            "Kézibárd",
            "Hand axe",
            Hands.ONE,
            5,
            1,
            0,
            frozenset({WEAPON_BREAKING, TAKEDOWN}),
            2,
            "HR-3.1",
        ),
        Weapon(
            MACE,
            "Buzogány",
            "Mace",
            Hands.ONE,
            4,
            1,
            1,
            frozenset({WEAPON_BREAKING}),
            2,
            "HR-3.1",
        ),
        Weapon(
            TRIDENT,
            "Szigony",
            "Trident",
            Hands.ONE,
            3,
            3,
            0,
            frozenset({DODGING, TAKEDOWN, ACROBATICS}),
            2,
            "HR-3.1",
        ),
        Weapon(
            SHIELD,
            "Pajzs",
            "Shield",
            Hands.OFF_HAND,
            0,
            4,
            None,
            frozenset({DODGING}),
            2,
            "HR-3.1",
            cannot_attack=True,
            deals_damage=False,
            damages_stp=False,
        ),
        Weapon(
            GREATSWORD,
            "Kétkezes kard",
            "Greatsword",
            Hands.TWO,
            8,
            5,
            0,
            frozenset({WEAPON_BREAKING, TAKEDOWN}),
            3,
            "HR-3.1",
        ),
        Weapon(
            GREAT_AXE,
            "Csatabárd",
            "Great axe",
            Hands.TWO,
            9,
            3,
            1,
            frozenset({WEAPON_BREAKING}),
            3,
            "HR-3.1",
        ),
        Weapon(
            HALBERD,
            "Alabárd",
            "Halberd",
            Hands.TWO,
            7,
            6,
            0,
            frozenset(),
            3,
            "RB p.9, p.20, HR-3.1",
            reach=True,
            prevents_takedown=True,
            no_skills=True,
        ),
        Weapon(
            JAVELIN,
            "Hajítódárda",
            "Javelin",
            Hands.THROWN,
            2,
            None,
            0,
            frozenset(),
            None,
            "RB p.20, HR-3.1",
            kit_count=3,
            no_skills=True,
            range_blocks=2,
            damages_stp=False,
        ),
        Weapon(
            NET,
            "Dobóháló",
            "Throwing net",
            Hands.THROWN,
            -3,
            None,
            None,
            frozenset(),
            None,
            "RB p.20, HR-3.1",
            kit_count=2,
            no_skills=True,
            range_blocks=1,
            deals_damage=False,
            damages_stp=False,
        ),
    ]
)

KIT: Final[Mapping[str, int]] = MappingProxyType(
    {w.id: w.kit_count for w in WEAPONS.values() if w.is_kit}
)  # dagger 1, javelins 3, nets 2 (RB p.20, TB-16)
PILE_ITEMS: Final = tuple(w.id for w in WEAPONS.values() if not w.is_kit)


@dataclass(frozen=True)
class GripCheck:
    """Verdict of ``is_legal_grip``: truthy when legal; ``reason`` says what is wrong otherwise."""

    ok: bool
    reason: str | None = None

    def __bool__(self) -> bool:
        return self.ok


@dataclass(frozen=True)
class GripValues:
    """Effective melee values of a grip (HR-3.1). ``items`` is the grip as wielded, dagger added."""

    items: tuple[str, ...]
    main: str
    te: int
    ve: int
    extra_sp: int
    skills: frozenset[str]


def wielded(items: Iterable[str]) -> tuple[str, ...]:
    """The grip as fought with: the dagger joins when no item in hand can attack (RB p.20)."""
    grip = tuple(items)
    if not any(i in WEAPONS and not WEAPONS[i].cannot_attack for i in grip):
        grip = (DAGGER, *grip)
    return grip


def is_legal_grip(items: Iterable[str], gladiator_type: str | None = None) -> GripCheck:
    """Whether ``items`` (what is in hand) is one of HR-3.1's grips, within the type's limits
    (HR-3.3).

    Legal: one 1-hand weapon (the dagger included) with the other hand free; one 1-hand weapon plus
    a shield; a pair of 1-hand weapons, neither a shield nor the dagger; one 2-hand weapon.
    """
    given = tuple(items)
    for item in given:
        if item not in WEAPONS:
            return GripCheck(False, f"unknown item {item}")
        if WEAPONS[item].hands is Hands.THROWN:
            return GripCheck(False, f"{item} is thrown from the kit and never held in a grip")
    if given.count(DAGGER) > 1:
        return GripCheck(False, "there is only one dagger")
    if given.count(SHIELD) > 1:
        return GripCheck(False, "at most one shield")
    grip = wielded(given)
    weapons = [WEAPONS[i] for i in grip]
    two_handed = [w for w in weapons if w.hands is Hands.TWO]
    if two_handed and len(weapons) > 1:
        return GripCheck(False, f"{two_handed[0].id} is two-handed and fills both hands")
    one_handed = [w for w in weapons if w.hands is Hands.ONE]
    if len(one_handed) == 2 and SHIELD in grip:
        return GripCheck(False, "a pair fills both hands, so there is no hand for the shield")
    if sum(w.hands_used for w in weapons) > HANDS_PER_GLADIATOR:
        return GripCheck(False, f"{len(weapons)} items need more than two hands")
    if len(one_handed) == 2 and DAGGER in grip:
        return GripCheck(False, "the dagger cannot be part of a pair")
    if gladiator_type is not None:
        gtype = GLADIATOR_TYPES.get(gladiator_type)
        if gtype is None:
            return GripCheck(False, f"unknown gladiator type {gladiator_type}")
        for item in grip:
            if not item_allowed_for_type(gladiator_type, item):
                return GripCheck(False, f"{item} is not allowed for a {gtype.name_hu} gladiator")
        if len(one_handed) > gtype.max_hand_weapons:
            return GripCheck(False, f"a {gtype.name_hu} wields one 1-hand weapon at a time")
    return GripCheck(True)


def pair_main_options(items: Iterable[str]) -> tuple[str, ...]:
    """The weapons of a grip that may be its main weapon: those with the highest TÉ (HR-3.1).

    One entry unless a pair of different weapons ties, when the player chooses.
    """
    grip = wielded(items)
    attackers = [WEAPONS[i] for i in grip if not WEAPONS[i].cannot_attack]
    best = max(w.te for w in attackers)
    return tuple(dict.fromkeys(w.id for w in attackers if w.te == best))


def grip_values(
    base_te: int,
    base_ve: int,
    items: Iterable[str],
    main: str | None = None,
    gladiator_type: str | None = None,
) -> GripValues:
    """Effective TÉ, VÉ, extra Sp and allowed numbered skills of a legal grip (HR-3, HR-3.1).

    A single weapon (with or without a shield) adds its modifiers and the shield's. A pair uses the
    main weapon's TÉ + 2 and VÉ + 2 and its Sp, and allows both weapons' skills. With the dagger (or
    any ``no_skills`` item) in hand no numbered skill is allowed. ``main`` picks the main weapon of
    a pair whose weapons tie on TÉ; it is required then and refused when it is not one of the
    options.
    """
    grip = wielded(items)
    check = is_legal_grip(grip, gladiator_type)
    if not check:
        raise ValueError(f"illegal grip {grip}: {check.reason}")
    weapons = [WEAPONS[i] for i in grip]
    options = pair_main_options(grip)
    if main is None:
        if len(options) > 1:
            raise ValueError(f"the pair {grip} ties on TÉ; choose the main weapon from {options}")
        main = options[0]
    elif main not in options:
        raise ValueError(f"{main} cannot be the main weapon of {grip}; choose from {options}")
    main_weapon = WEAPONS[main]
    attackers = [w for w in weapons if not w.cannot_attack]
    if len(attackers) == 2:
        te = main_weapon.te + PAIR_TE_BONUS
        ve = (main_weapon.ve or 0) + PAIR_VE_BONUS
    else:
        te = sum(w.te for w in weapons)
        ve = sum(w.ve or 0 for w in weapons)
    if any(w.no_skills for w in weapons):
        skills: frozenset[str] = frozenset()
    else:
        skills = frozenset[str]().union(*(w.skills for w in weapons))
    return GripValues(
        items=grip,
        main=main,
        te=base_te + te,
        ve=base_ve + ve,
        extra_sp=main_weapon.sp or 0,
        skills=skills,
    )


def crossbow_threshold(stp_max: int) -> int:
    """STP a gladiator's armour must have lost before bolts may target him: ⌈STPmax/2⌉ (HR-2.3)."""
    return -(-stp_max // 2)


def dagger_threshold(stp_max: int) -> int:
    """STP lost before thrown daggers may target him: all of it (HR-2.3)."""
    return stp_max


@dataclass(frozen=True)
class GladiatorType:
    """One row of HR-3.3. ``crossbow_after`` / ``daggers_after`` are STP lost (HR-2.3).

    ``max_hand_weapons`` is how many 1-hand weapons he may hold at once (2 allows pairs);
    ``frame_cost`` is HR-9.2's frame, whose difference to the Vértes is the type's price (HR-9.5).
    """

    id: str
    name_hu: str
    name_en: str
    armour_hu: str
    armour_en: str
    sfe: int
    stp: int
    crossbow_after: int
    daggers_after: int
    base_te: int
    base_ve: int
    mov: int
    specials: tuple[str, ...]
    frame_cost: int
    source: str
    max_hand_weapons: int = 2
    allows_shield: bool = True
    allows_two_handed: bool = True
    ep: int = 20
    eg: int = 5


GLADIATOR_TYPES: Final[Mapping[str, GladiatorType]] = make_catalog(
    [
        GladiatorType(
            "armoured",
            "Vértes",
            "Armoured",
            "sodronyvért",
            "mail",
            sfe=2,
            stp=4,
            crossbow_after=2,
            daggers_after=4,
            base_te=14,
            base_ve=3,
            mov=5,
            specials=(SHIELD_WALL,),
            frame_cost=48,
            source="HR-3.3",
        ),
        GladiatorType(
            "sword_master",
            "Kardművész",
            "Sword-master",
            "rákozott vért",
            "segmented light armour",
            sfe=1,
            stp=2,
            crossbow_after=1,
            daggers_after=2,
            base_te=15,
            base_ve=2,
            mov=5,
            specials=(GOLDEN_BELL, QUICK_BLADE),
            frame_cost=48,
            source="RB p.20, HR-3.3",
        ),
        GladiatorType(
            "net_fighter",
            "Hálóvető",
            "Net-fighter",
            "váll- és karvédő",
            "shoulder and arm guards",
            sfe=2,
            stp=4,
            crossbow_after=2,
            daggers_after=4,
            base_te=15,
            base_ve=5,
            mov=6,
            specials=(NET_MASTER,),
            frame_cost=50,
            source="HR-3.3",
            max_hand_weapons=1,
            allows_shield=False,
            allows_two_handed=False,
        ),
        GladiatorType(
            "heavy",
            "Nehézvértes",
            "Heavy",
            "lemezvért",
            "plate",
            sfe=3,
            stp=6,
            crossbow_after=3,
            daggers_after=6,
            base_te=13,
            base_ve=2,
            mov=4,
            specials=(STEADFAST,),
            frame_cost=51,
            source="HR-3.3",
        ),
    ]
)

BASE_GLADIATOR_TYPE: Final = "armoured"  # the base team's Vértes (HR-2.1)


def item_allowed_for_type(gladiator_type: str, item: str) -> bool:
    """Whether a gladiator of the type may have ``item`` in his pile or hand (HR-3.3, TB-13)."""
    gtype = GLADIATOR_TYPES[gladiator_type]
    weapon = WEAPONS[item]
    if weapon.hands is Hands.OFF_HAND:
        return gtype.allows_shield
    if weapon.hands is Hands.TWO:
        return gtype.allows_two_handed
    return True


def pile_copies_allowed(item: str) -> int:
    """Copies a pile may hold: 2 of a 1-hand weapon (for pairs), 1 of anything else (HR-9.5)."""
    weapon = WEAPONS[item]
    if weapon.is_kit:
        return 0
    return 2 if weapon.hands is Hands.ONE else 1


def pile_copy_excess(pile: Iterable[str]) -> dict[str, int]:
    """Items of ``pile`` held in more copies than allowed, with their counts (TB-14)."""
    counts = Counter(pile)
    return {item: n for item, n in counts.items() if n > pile_copies_allowed(item)}
