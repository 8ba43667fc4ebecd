"""How the team validator and the team file name things, in English and in Hungarian.

A problem is described once, by *values*, and rendered in each language. Plain ``str`` and ``int``
values print as they are (member names as given, numbers, ids read from a file); the small
references below print through the ``Labels`` of the language: ``RoleRef(role)``,
``StatRef(Stat.TE)``, ``SkillRef("running")``, ``ItemRef("short_sword")`` … ``Text(en, hu)`` is a
value per language and ``Phrase(en, hu, values)`` a pair of templates with values of their own, for
the parts of a message that are sentences themselves (a rule's ``{problem}`` or ``{reason}``).

English keeps the wording the HR-9.6 messages have always had: members by name (by their slot's
English name while they have none), roles in English, skills and gladiator types by their Hungarian
names as HR-3 and HR-4 print them, items in lower-case English, amulet, vial and status ids as
stored. Hungarian takes every name from the content data's ``name_hu``.
"""

from __future__ import annotations

import abc
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final

from arena.engine.content.amulets import AMULETS, VIALS
from arena.engine.content.common import (
    ARMOUR_NAMES,
    ROLE_NAMES,
    ROLE_PLURALS_EN,
    ROLE_PLURALS_HU,
    STAT_NAMES,
    Armour,
    Role,
    Stat,
)
from arena.engine.content.points import TIERS
from arena.engine.content.profiles import AMMO_NAMES, PROFILES, Ammo
from arena.engine.content.skills import SKILLS
from arena.engine.content.weapons import BASE_GLADIATOR_TYPE, GLADIATOR_TYPES, WEAPONS
from arena.engine.roster import ABSENT, ACTIVE, DEAD, HIRELING, Problem

EN: Final = "en"
HU: Final = "hu"
LANGUAGES: Final = (EN, HU)


@dataclass(frozen=True)
class Labels:
    """The names of one language. A key missing from a mapping (an unknown id) prints as given."""

    language: str
    roles: Mapping[Role, str]
    role_plurals: Mapping[Role, str]
    slots: Mapping[str, str]
    stats: Mapping[Stat, str]
    worn_armour: Mapping[str, str]  # by Armour value: what a member wears
    allowed_armour: Mapping[Armour, str]  # what a role wears ("no armour")
    ammo: Mapping[Ammo, str]
    statuses: Mapping[str, str]
    tiers: Mapping[str, str]
    skills: Mapping[str, str]
    gladiator_types: Mapping[str, str]
    items: Mapping[str, str]
    item_names: Mapping[str, str]  # capitalised, to open a sentence
    amulets: Mapping[str, str]
    vials: Mapping[str, str]
    none: str
    or_word: str
    quotes: tuple[str, str] | None  # None: Python's repr quotes, as the English messages have

    def pick(self, en: object, hu: object) -> object:
        return hu if self.language == HU else en

    def quote(self, text: str) -> str:
        if self.quotes is None:
            return repr(text)
        return f"{self.quotes[0]}{text}{self.quotes[1]}"


LABELS: Final[Mapping[str, Labels]] = MappingProxyType(
    {
        EN: Labels(
            language=EN,
            roles=MappingProxyType({r: names[1] for r, names in ROLE_NAMES.items()}),
            role_plurals=ROLE_PLURALS_EN,
            slots=MappingProxyType({p.id: p.name_en.lower() for p in PROFILES.values()}),
            stats=MappingProxyType({s: names[0] for s, names in STAT_NAMES.items()}),
            worn_armour=MappingProxyType({a.value: names[1] for a, names in ARMOUR_NAMES.items()}),
            allowed_armour=MappingProxyType(
                {a: "no armour" if a is Armour.NONE else n[1] for a, n in ARMOUR_NAMES.items()}
            ),
            ammo=MappingProxyType({a: names[1] for a, names in AMMO_NAMES.items()}),
            statuses=MappingProxyType({s: s for s in (ACTIVE, ABSENT, DEAD, HIRELING)}),
            tiers=MappingProxyType({t.id: t.name_en for t in TIERS.values()}),
            skills=MappingProxyType({s.id: s.name_hu for s in SKILLS.values()}),
            gladiator_types=MappingProxyType({t.id: t.name_hu for t in GLADIATOR_TYPES.values()}),
            items=MappingProxyType({w.id: w.name_en.lower() for w in WEAPONS.values()}),
            item_names=MappingProxyType({w.id: w.name_en for w in WEAPONS.values()}),
            amulets=MappingProxyType({a: a for a in AMULETS}),
            vials=MappingProxyType({v: v for v in VIALS}),
            none="none",
            or_word="or",
            quotes=None,
        ),
        HU: Labels(
            language=HU,
            roles=MappingProxyType({r: names[0] for r, names in ROLE_NAMES.items()}),
            role_plurals=ROLE_PLURALS_HU,
            slots=MappingProxyType({p.id: p.name_hu.lower() for p in PROFILES.values()}),
            stats=MappingProxyType({s: names[0] for s, names in STAT_NAMES.items()}),
            worn_armour=MappingProxyType(
                {a.value: "a vért elhagyása" if a is Armour.NONE else names[0] for a, names in ARMOUR_NAMES.items()}
            ),
            allowed_armour=MappingProxyType({a: names[0] for a, names in ARMOUR_NAMES.items()}),
            ammo=MappingProxyType({a: names[0] for a, names in AMMO_NAMES.items()}),
            statuses=MappingProxyType({ACTIVE: "aktív", ABSENT: "távol van", DEAD: "halott", HIRELING: "zsoldos"}),
            tiers=MappingProxyType({t.id: t.name_hu for t in TIERS.values()}),
            skills=MappingProxyType({s.id: s.name_hu for s in SKILLS.values()}),
            gladiator_types=MappingProxyType({t.id: t.name_hu for t in GLADIATOR_TYPES.values()}),
            items=MappingProxyType({w.id: w.name_hu.lower() for w in WEAPONS.values()}),
            item_names=MappingProxyType({w.id: w.name_hu for w in WEAPONS.values()}),
            amulets=MappingProxyType({a.id: a.name_hu for a in AMULETS.values()}),
            vials=MappingProxyType({v.id: v.name_hu.lower() for v in VIALS.values()}),
            none="nincs",
            or_word="vagy",
            quotes=("„", "”"),
        ),
    }
)


def labels_for(language: str) -> Labels:
    """The labels of ``language``; English for any language but Hungarian."""
    return LABELS[HU] if language == HU else LABELS[EN]


# --- Values -------------------------------------------------------------------------------------


class Localized(abc.ABC):
    """A value of a message that reads differently in each language."""

    @abc.abstractmethod
    def render(self, labels: Labels) -> str:
        """The value as text in the language of ``labels``."""


def render(value: object, language: str | Labels) -> str:
    """``value`` as text in ``language``: a ``Localized`` through its labels, anything else
    with ``str``."""
    labels = language if isinstance(language, Labels) else labels_for(language)
    return value.render(labels) if isinstance(value, Localized) else str(value)


def rendered(values: Mapping[str, object], language: str | Labels) -> dict[str, str]:
    return {name: render(value, language) for name, value in values.items()}


def localized_problem(code: str, path: str, message: object) -> Problem:
    """A problem whose message is ``message`` rendered in English and in Hungarian."""
    return Problem(code, render(message, EN), path, render(message, HU))


@dataclass(frozen=True)
class Text(Localized):
    """One value per language (each side plain text or itself a value)."""

    en: object
    hu: object

    def render(self, labels: Labels) -> str:
        return render(labels.pick(self.en, self.hu), labels)


@dataclass(frozen=True)
class Phrase(Localized):
    """Two ``str.format`` templates, English and Hungarian, over the same values."""

    en: str
    hu: str
    values: Mapping[str, object] = field(default_factory=dict, hash=False)

    def render(self, labels: Labels) -> str:
        template = str(labels.pick(self.en, self.hu))
        return template.format(**rendered(self.values, labels))


def phrase(en: str, hu: str, **values: object) -> Phrase:
    return Phrase(en, hu, MappingProxyType(values))


NONE: Final = Text("none", "nincs")


@dataclass(frozen=True)
class Quoted(Localized):
    """A raw id or text as the file or the player gave it: ``'fire'``, in Hungarian „fire”."""

    text: str

    def render(self, labels: Labels) -> str:
        return labels.quote(self.text)


@dataclass(frozen=True)
class Listing(Localized):
    """Values joined by ``separator``; with ``or_last`` the last two by "or" / "vagy"."""

    values: tuple[object, ...]
    separator: str = ", "
    or_last: bool = False

    def render(self, labels: Labels) -> str:
        words = [render(v, labels) for v in self.values]
        if not words:
            return labels.none
        if self.or_last and len(words) > 1:
            return f"{self.separator.join(words[:-1])} {labels.or_word} {words[-1]}"
        return self.separator.join(words)


def listing(values: Iterable[object], separator: str = ", ") -> Listing:
    return Listing(tuple(values), separator)


def or_listing(values: Iterable[object]) -> Listing:
    return Listing(tuple(values), or_last=True)


def _label(mapping: Mapping[str, str], key: str) -> str:
    return mapping.get(key, key)


@dataclass(frozen=True)
class RoleRef(Localized):
    role: Role
    plural: bool = False

    def render(self, labels: Labels) -> str:
        return (labels.role_plurals if self.plural else labels.roles)[self.role]


@dataclass(frozen=True)
class SlotRef(Localized):
    """``gladiator``, ``dagger-thrower (deasta)`` / ``tőrvető (deasta)``; unknown as given."""

    slot: str

    def render(self, labels: Labels) -> str:
        return _label(labels.slots, self.slot)


@dataclass(frozen=True)
class MemberRef(Localized):
    """A member by his name, or by his slot's name, capitalised, while he has none."""

    name: str
    slot: str

    def render(self, labels: Labels) -> str:
        return self.name.strip() or _label(labels.slots, self.slot).capitalize()


@dataclass(frozen=True)
class StatRef(Localized):
    stat: Stat

    def render(self, labels: Labels) -> str:
        return labels.stats[self.stat]


@dataclass(frozen=True)
class SkillRef(Localized):
    skill: str

    def render(self, labels: Labels) -> str:
        return _label(labels.skills, self.skill)


@dataclass(frozen=True)
class TypeRef(Localized):
    """A gladiator type; None is the base type, the Vértes."""

    gladiator_type: str | None

    def render(self, labels: Labels) -> str:
        return _label(labels.gladiator_types, self.gladiator_type or BASE_GLADIATOR_TYPE)


@dataclass(frozen=True)
class ItemRef(Localized):
    """A weapon or kit item, lower-case (``capitalised`` to open a sentence)."""

    item: str
    capitalised: bool = False

    def render(self, labels: Labels) -> str:
        return _label(labels.item_names if self.capitalised else labels.items, self.item)


def items_ref(items: Iterable[str]) -> Listing:
    """``short sword + shield`` / ``rövidkard + pajzs``; none when empty."""
    return Listing(tuple(ItemRef(i) for i in items), " + ")


@dataclass(frozen=True)
class TierRef(Localized):
    tier: str

    def render(self, labels: Labels) -> str:
        return _label(labels.tiers, self.tier)


@dataclass(frozen=True)
class ArmourRef(Localized):
    """The armour a member wears, by its value; an unknown value is quoted."""

    armour: str

    def render(self, labels: Labels) -> str:
        known = labels.worn_armour.get(self.armour)
        return known if known is not None else labels.quote(self.armour)


@dataclass(frozen=True)
class AllowedArmourRef(Localized):
    """The armour a role wears: ``leather armour`` … ``no armour`` / ``bőrvért`` … ``nincs``."""

    armour: Armour

    def render(self, labels: Labels) -> str:
        return labels.allowed_armour[self.armour]


@dataclass(frozen=True)
class AmmoRef(Localized):
    ammo: Ammo

    def render(self, labels: Labels) -> str:
        return labels.ammo[self.ammo]


@dataclass(frozen=True)
class AmuletRef(Localized):
    amulet: str

    def render(self, labels: Labels) -> str:
        return _label(labels.amulets, self.amulet)


@dataclass(frozen=True)
class VialRef(Localized):
    vial: str

    def render(self, labels: Labels) -> str:
        return _label(labels.vials, self.vial)


@dataclass(frozen=True)
class StatusRef(Localized):
    status: str

    def render(self, labels: Labels) -> str:
        return _label(labels.statuses, self.status)


# --- Grip refusals --------------------------------------------------------------------------------

# ``weapons.is_legal_grip`` explains a refusal in English, naming items by id. Each pattern below
# matches one of its reasons; the Hungarian template names the same items in Hungarian.
_Convert = Callable[[str], object]
_GRIP_REASONS: Final[tuple[tuple[re.Pattern[str], str, Mapping[str, _Convert]], ...]] = (
    (re.compile(r"unknown item (?P<x>.*)"), "ismeretlen tárgy: {x}", {"x": Quoted}),
    (
        re.compile(r"(?P<item>\S+) is thrown from the kit and never held in a grip"),
        "{item} az alapfelszerelés dobófegyvere, kézben nem tartható",
        {"item": ItemRef},
    ),
    (re.compile(r"there is only one dagger"), "csak egy tőr van", {}),
    (re.compile(r"at most one shield"), "legfeljebb egy pajzs lehet", {}),
    (
        re.compile(r"(?P<item>\S+) is two-handed and fills both hands"),
        "{item} kétkezes, mindkét kezet lefoglalja",
        {"item": ItemRef},
    ),
    (
        re.compile(r"a pair fills both hands, so there is no hand for the shield"),
        "a párosfegyver mindkét kezet lefoglalja, így a pajzsnak nem marad kéz",
        {},
    ),
    (
        re.compile(r"(?P<count>\d+) items need more than two hands"),
        "{count} tárgyhoz két kéznél több kellene",
        {},
    ),
    (re.compile(r"the dagger cannot be part of a pair"), "a tőr nem lehet párosfegyver része", {}),
    (
        re.compile(r"unknown gladiator type (?P<x>.*)"),
        "ismeretlen gladiátortípus: {x}",
        {"x": Quoted},
    ),
    (
        re.compile(r"(?P<item>\S+) is not allowed for a (?P<type>.+) gladiator"),
        "{type} típusú gladiátornál nem lehet {item}",
        {"item": ItemRef},
    ),
    (
        re.compile(r"a (?P<type>.+) wields one 1-hand weapon at a time"),
        "{type} típusú gladiátor egyszerre csak egy egykezes fegyvert forgathat",
        {},
    ),
)


def grip_reason(reason: str) -> Text:
    """A refusal of ``weapons.is_legal_grip``: the English as it is, and its Hungarian (the
    English again for a reason no pattern knows)."""
    for pattern, template_hu, converters in _GRIP_REASONS:
        match = pattern.fullmatch(reason)
        if match is not None:
            values = {name: converters.get(name, str)(value) for name, value in match.groupdict().items()}
            return Text(reason, Phrase(template_hu, template_hu, MappingProxyType(values)))
    return Text(reason, reason)


__all__ = [
    "EN",
    "HU",
    "LABELS",
    "LANGUAGES",
    "NONE",
    "AllowedArmourRef",
    "AmmoRef",
    "AmuletRef",
    "ArmourRef",
    "ItemRef",
    "Labels",
    "Listing",
    "Localized",
    "MemberRef",
    "Phrase",
    "Quoted",
    "RoleRef",
    "SkillRef",
    "SlotRef",
    "StatRef",
    "StatusRef",
    "Text",
    "TierRef",
    "TypeRef",
    "VialRef",
    "grip_reason",
    "items_ref",
    "labels_for",
    "listing",
    "localized_problem",
    "or_listing",
    "phrase",
    "render",
    "rendered",
]
