"""The base team's six character sheets (*alapcsapat*, HR-2.1, filling RB p.19).

Both players use the same base team. Member slots are ``strategist``, ``gladiator``,
``witch_master``, ``crossbowman`` and the two dagger-throwers ``deasta`` and ``laeva``. A value the
sheet prints as "–" is ``None``.

The gladiator's TÉ and VÉ are his type's base (14 / 3 for the Vértes); the sheet's 18 / 9 is that
base plus the default grip, short sword + shield (``weapons.grip_values``). The outer fighters'
melee values already include their sidearm. Amulets, ME tokens and vials are not on the printed
sheet; they are handed out at setup (``amulets``).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from arena.engine.content.common import Armour, Role, Stat, make_catalog
from arena.engine.content.skills import (
    ACROBATICS,
    AIMING,
    CONCENTRATION,
    DODGING,
    HIDING,
    RUNNING,
    SNEAKING,
    TAKEDOWN,
    WEAPON_BREAKING,
)
from arena.engine.content.weapons import BASE_GLADIATOR_TYPE, DAGGER, GREATSWORD, HALBERD, SHIELD, SHORT_SWORD

STRATEGIST: Final = "strategist"
GLADIATOR: Final = "gladiator"
WITCH_MASTER: Final = "witch_master"
CROSSBOWMAN: Final = "crossbowman"
DEASTA: Final = "deasta"
LAEVA: Final = "laeva"

# In sheet order.
MEMBER_SLOTS: Final = (GLADIATOR, WITCH_MASTER, CROSSBOWMAN, DEASTA, LAEVA, STRATEGIST)


class Ammo(enum.Enum):
    """Counted supplies of a member (HR-2.1 "Ammunition")."""

    # Hashed by identity, in C, as Stat is (arena.engine.content.common).
    __hash__ = object.__hash__

    BOLTS = "bolts"
    THROWING_DAGGERS = "throwing_daggers"
    JAVELINS = "javelins"
    NETS = "nets"
    SPELL_DISCS = "spell_discs"
    TRAP_CARDS = "trap_cards"


AMMO_NAMES: Final[Mapping[Ammo, tuple[str, str]]] = MappingProxyType(
    {
        Ammo.BOLTS: ("számszeríjvessző", "crossbow bolts"),
        Ammo.THROWING_DAGGERS: ("dobótőr", "throwing daggers"),
        Ammo.JAVELINS: ("hajítódárda", "javelins"),
        Ammo.NETS: ("dobóháló", "throwing nets"),
        Ammo.SPELL_DISCS: ("varázslatszint-jelző korong", "spell-level discs"),
        Ammo.TRAP_CARDS: ("csapdakártya", "trap cards"),
    }
)


@dataclass(frozen=True)
class Profile:
    """One column of HR-2.1. ``id`` is the member slot.

    ``skills`` are the three skill ids in sheet order (none for the strategist, whose column lists
    his three trap cards). ``pile`` and ``default_grip`` are the gladiator's (HR-3.2); ``sidearm``
    is the weapon his melee values include, or the gladiator's belt dagger.
    """

    id: str
    role: Role
    sheet_label: str | None
    name_hu: str
    name_en: str
    te: int | None
    ve: int | None
    ce: int | None
    ep: int
    eg: int
    me: int
    mov: int | None
    armour: Armour
    armour_hu: str
    armour_en: str
    sfe: int
    stp: int
    ammunition: tuple[tuple[Ammo, int], ...]
    sidearm: str | None
    skills: tuple[str, ...]
    source: str
    gladiator_type: str | None = None
    pile: tuple[str, ...] = ()
    default_grip: tuple[str, ...] = ()

    def ammo(self, kind: Ammo) -> int:
        """How many of ``kind`` the sheet gives him (0 if none)."""
        return dict(self.ammunition).get(kind, 0)

    def stats(self) -> Mapping[Stat, int]:
        """The sheet's values that exist for him (the "–" ones left out)."""
        values: dict[Stat, int | None] = {
            Stat.TE: self.te,
            Stat.VE: self.ve,
            Stat.CE: self.ce,
            Stat.EP: self.ep,
            Stat.EG: self.eg,
            Stat.ME: self.me,
            Stat.MOV: self.mov,
            Stat.SFE: self.sfe,
            Stat.STP: self.stp,
        }
        return MappingProxyType({k: v for k, v in values.items() if v is not None})


PROFILES: Final[Mapping[str, Profile]] = make_catalog(
    [
        Profile(
            id=GLADIATOR,
            role=Role.GLADIATOR,
            sheet_label="quicchures",
            name_hu="Gladiátor",
            name_en="Gladiator",
            te=14,
            ve=3,
            ce=None,
            ep=20,
            eg=5,
            me=0,
            mov=5,
            armour=Armour.METAL,
            armour_hu="sodronyvért",
            armour_en="metal mail",
            sfe=2,
            stp=4,
            ammunition=((Ammo.JAVELINS, 3), (Ammo.NETS, 2)),
            sidearm=DAGGER,
            skills=(DODGING, WEAPON_BREAKING, TAKEDOWN),
            gladiator_type=BASE_GLADIATOR_TYPE,
            pile=(SHORT_SWORD, SHIELD, HALBERD, GREATSWORD),
            default_grip=(SHORT_SWORD, SHIELD),
            source="HR-2.1",
        ),
        Profile(
            id=WITCH_MASTER,
            role=Role.WITCH_MASTER,
            sheet_label="magitor",
            name_hu="Boszorkánymester",
            name_en="Witch-master",
            te=6,
            ve=8,
            ce=None,
            ep=10,
            eg=5,
            me=6,
            mov=4,
            armour=Armour.LEATHER,
            armour_hu="bőrvért",
            armour_en="leather",
            sfe=1,
            stp=2,
            ammunition=((Ammo.SPELL_DISCS, 6),),
            sidearm=DAGGER,
            skills=(SNEAKING, DODGING, CONCENTRATION),
            source="HR-2.1",
        ),
        Profile(
            id=CROSSBOWMAN,
            role=Role.CROSSBOWMAN,
            sheet_label="iaciator",
            name_hu="Számszeríjász",
            name_en="Crossbowman",
            te=7,
            ve=8,
            ce=12,
            ep=12,
            eg=4,
            me=0,
            mov=4,
            armour=Armour.LEATHER,
            armour_hu="bőrvért",
            armour_en="leather",
            sfe=2,
            stp=3,
            ammunition=((Ammo.BOLTS, 12),),
            sidearm=SHORT_SWORD,
            skills=(AIMING, HIDING, RUNNING),
            source="HR-2.1",
        ),
        Profile(
            id=DEASTA,
            role=Role.DAGGER_THROWER,
            sheet_label="deasta",
            name_hu="Tőrvető (deasta)",
            name_en="Dagger-thrower (deasta)",
            te=11,
            ve=10,
            ce=10,
            ep=11,
            eg=4,
            me=0,
            mov=5,
            armour=Armour.LEATHER,
            armour_hu="bőrvért",
            armour_en="leather",
            sfe=1,
            stp=3,
            ammunition=((Ammo.THROWING_DAGGERS, 8),),
            sidearm=DAGGER,
            skills=(RUNNING, DODGING, ACROBATICS),
            source="HR-2.1",
        ),
        Profile(
            id=LAEVA,
            role=Role.DAGGER_THROWER,
            sheet_label="laeva",
            name_hu="Tőrvető (laeva)",
            name_en="Dagger-thrower (laeva)",
            te=9,
            ve=9,
            ce=11,
            ep=10,
            eg=4,
            me=0,
            mov=5,
            armour=Armour.LEATHER,
            armour_hu="bőrvért",
            armour_en="leather",
            sfe=1,
            stp=3,
            ammunition=((Ammo.THROWING_DAGGERS, 8),),
            sidearm=DAGGER,
            skills=(SNEAKING, HIDING, AIMING),
            source="HR-2.1",
        ),
        Profile(
            id=STRATEGIST,
            role=Role.STRATEGIST,
            sheet_label=None,
            name_hu="Stratéga",
            name_en="Strategist",
            te=None,
            ve=None,
            ce=None,
            ep=10,
            eg=4,
            me=0,
            mov=None,
            armour=Armour.NONE,
            armour_hu="nincs",
            armour_en="none",
            sfe=0,
            stp=0,
            ammunition=((Ammo.TRAP_CARDS, 3),),
            sidearm=None,
            skills=(),
            source="HR-2.1",
        ),
    ]
)

SLOT_ROLES: Final[Mapping[str, Role]] = MappingProxyType({p.id: p.role for p in PROFILES.values()})


@dataclass(frozen=True)
class RangedWeapon:
    """A shooter's weapon (RB p.9–10): who shoots it, the supply it spends, and its range in blocks
    beyond the shooter's own block (block distance ≤ ``range_blocks``, digest §4.2). The gladiator's
    thrown kit (javelin, net) is in :mod:`arena.engine.content.weapons` with its own ``range_blocks``."""

    id: str
    name_hu: str
    name_en: str
    role: Role
    ammunition: Ammo
    range_blocks: int
    source: str
    notes_source: str = ""


RANGED_WEAPONS: Final[Mapping[str, RangedWeapon]] = make_catalog(
    [
        # Digest §5 and §12.1: "own block + 4 blocks".
        RangedWeapon("crossbow", "számszeríj", "crossbow", Role.CROSSBOWMAN, Ammo.BOLTS, 4, "RB p.9–10"),
        # Digest §12.1: "own block + 2 blocks"; the prose's "the same block and the two directly
        # adjacent blocks" is read as block distance 2, as the printed table says (digest A27).
        RangedWeapon(
            "throwing_daggers",
            "dobótőr",
            "throwing daggers",
            Role.DAGGER_THROWER,
            Ammo.THROWING_DAGGERS,
            2,
            "RB p.9–10",
            notes_source="digest A27",
        ),
    ]
)
