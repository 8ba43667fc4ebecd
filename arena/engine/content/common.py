"""Shared vocabulary of the rules data: roles, values, armour, sources and the catalog helper.

Every entry of the game's data is a frozen dataclass with a stable snake_case ``id`` (what the
database and the event log store), its Hungarian and English names, and ``source``: the rulebook
page ("RB p.12") or the house-rule section ("HR-5") it comes from.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Protocol, TypeVar


class Role(enum.Enum):
    """The six places of a team (RB p.4-5)."""

    # Members are singletons, equal only to themselves: hashed by identity, in C. Enum's own hash is a
    # Python call, and the roster rules and the engine look these up by the hundred per check.
    __hash__ = object.__hash__

    STRATEGIST = "strategist"
    GLADIATOR = "gladiator"
    WITCH_MASTER = "witch_master"
    CROSSBOWMAN = "crossbowman"
    DAGGER_THROWER = "dagger_thrower"


ROLE_NAMES: Mapping[Role, tuple[str, str]] = MappingProxyType(
    {
        Role.STRATEGIST: ("stratéga", "strategist"),
        Role.GLADIATOR: ("gladiátor", "gladiator"),
        Role.WITCH_MASTER: ("boszorkánymester", "witch-master"),
        Role.CROSSBOWMAN: ("számszeríjász", "crossbowman"),
        Role.DAGGER_THROWER: ("tőrvető", "dagger-thrower"),
    }
)


# English plurals for messages ("crossbowmen wear leather armour").
ROLE_PLURALS_EN: Mapping[Role, str] = MappingProxyType(
    {
        Role.STRATEGIST: "strategists",
        Role.GLADIATOR: "gladiators",
        Role.WITCH_MASTER: "witch-masters",
        Role.CROSSBOWMAN: "crossbowmen",
        Role.DAGGER_THROWER: "dagger-throwers",
    }
)

# Hungarian plurals for messages ("számszeríjászok vértje: bőrvért").
ROLE_PLURALS_HU: Mapping[Role, str] = MappingProxyType(
    {
        Role.STRATEGIST: "stratégák",
        Role.GLADIATOR: "gladiátorok",
        Role.WITCH_MASTER: "boszorkánymesterek",
        Role.CROSSBOWMAN: "számszeríjászok",
        Role.DAGGER_THROWER: "tőrvetők",
    }
)


class Stat(enum.Enum):
    """Profile values of the character sheet (RB p.6, p.19; digest §2.1)."""

    # Members are singletons, equal only to themselves: hashed by identity, in C. Enum's own hash is a
    # Python call, and the roster rules and the engine look these up by the hundred per check.
    __hash__ = object.__hash__

    TE = "te"  # támadóérték, melee attack
    VE = "ve"  # védőérték, melee defence
    CE = "ce"  # célzóérték, aim
    EP = "ep"  # életerő, life
    EG = "eg"  # Egészség, health
    ME = "me"  # Mágiaellenállás, mental magic resistance
    MOV = "mov"  # Mozgás, movement
    SFE = "sfe"  # sebzésfelfogó érték, damage absorption
    STP = "stp"  # strukturális pont, armour structure


# Every stat in the sheet's order, as a tuple: iterating the Enum class itself runs Python code per member.
STATS: tuple[Stat, ...] = tuple(Stat)


STAT_NAMES: Mapping[Stat, tuple[str, str]] = MappingProxyType(
    {
        Stat.TE: ("TÉ", "attack value"),
        Stat.VE: ("VÉ", "defence value"),
        Stat.CE: ("CÉ", "aim value"),
        Stat.EP: ("Ép", "life points"),
        Stat.EG: ("Eg", "health"),
        Stat.ME: ("ME", "magic resistance"),
        Stat.MOV: ("Mozgás", "movement"),
        Stat.SFE: ("SFÉ", "damage absorption"),
        Stat.STP: ("STP", "structure points"),
    }
)


# The values' full names, Hungarian and English, for help texts and headings; the sheet and the
# messages print the short names of STAT_NAMES.
STAT_TITLES: Mapping[Stat, tuple[str, str]] = MappingProxyType(
    {
        Stat.TE: ("támadóérték", "attack value"),
        Stat.VE: ("védőérték", "defence value"),
        Stat.CE: ("célzóérték", "aim value"),
        Stat.EP: ("életerőpont", "life points"),
        Stat.EG: ("egészség", "health"),
        Stat.ME: ("mágiaellenállás", "magic resistance"),
        Stat.MOV: ("mozgás", "movement"),
        Stat.SFE: ("sebzésfelfogó érték", "damage absorption"),
        Stat.STP: ("strukturális pont", "structure points"),
    }
)


class Armour(enum.Enum):
    """Armour classes (RB p.11): gladiators wear metal, the other fighters leather."""

    METAL = "metal"  # fémvért; its SFÉ does not count against lightning (RB p.12)
    LEATHER = "leather"  # bőrvért
    NONE = "none"  # the strategist in his tower


ARMOUR_NAMES: Mapping[Armour, tuple[str, str]] = MappingProxyType(
    {
        Armour.METAL: ("fémvért", "metal armour"),
        Armour.LEATHER: ("bőrvért", "leather armour"),
        Armour.NONE: ("nincs", "none"),
    }
)


class DamageUnit(enum.Enum):
    """The two damage units (RB p.10-11; digest §14.1)."""

    SP = "sp"  # sebzéspont: armour SFÉ is subtracted first
    EP = "ep"  # életerőpont: taken from Ép in full, armour ignored


class CombatValue(enum.Enum):
    """The four values a spell or trap modifier can change; each is one non-stacking group
    (RB p.10, p.12; digest §13, A33)."""

    TE = "te"  # melee attack
    VE = "ve"  # melee defence
    RANGED_VE = "ranged_ve"  # defence against aimed (ranged) attacks, lightning included
    CE = "ce"  # aim


@dataclass(frozen=True, slots=True)
class Printed:
    """The rulebook's own words where they leave something open, quoted as printed (the Hungarian
    rulebook, ``page``), with the reading the engine plays beside them in both languages and the
    reading's source ("digest A44; HR-12.1")."""

    page: str
    text: str
    reading_hu: str
    reading_en: str
    reading_source: str


class Named(Protocol):
    @property
    def id(self) -> str: ...


E = TypeVar("E", bound=Named)


def make_catalog(entries: Iterable[E]) -> Mapping[str, E]:
    """Index entries by id, refusing duplicates; the result is read-only and keeps order."""
    catalog: dict[str, E] = {}
    for entry in entries:
        if entry.id in catalog:
            raise ValueError(f"duplicate id in catalog: {entry.id}")
        catalog[entry.id] = entry
    return MappingProxyType(catalog)
