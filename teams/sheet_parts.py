"""The lines of one character's sheet (RB p.19, digest §18): skills, weapons, supplies, the effects
tracker. Every value is read from the engine's catalogs; :mod:`teams.sheets` assembles them.

Each line keeps both languages (``name_hu`` / ``name_en``) and the reader's ``language``; it prints
``name`` (the reader's) and ``term`` (the Hungarian beside it, for English readers only).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from arena.engine.content.common import ROLE_NAMES, Role
from arena.engine.content.points import TRAP_CARDS_KEPT
from arena.engine.content.profiles import AMMO_NAMES, GLADIATOR, Ammo
from arena.engine.content.skills import SKILLS, SNEAKING
from arena.engine.content.spells import ROUNDS_3, SPELL_TYPE_NAMES, SpellType
from arena.engine.content.weapons import (
    GLADIATOR_TYPES,
    JAVELIN,
    NET,
    WEAPONS,
    crossbow_threshold,
    dagger_threshold,
    wielded,
)
from arena.engine.roster import Member
from common.i18n import EN, hungarian_term, pick

# The gladiator's thrown kit, counted off like the outer fighters' supplies (RB p.20).
KIT_SUPPLIES: Final[Mapping[str, Ammo]] = {JAVELIN: Ammo.JAVELINS, NET: Ammo.NETS}
# The effects tracker's rows (RB p.19): traps, the two spell types kept apart, the other spells.
TRACKER_ROWS: Final = (
    ("trap", "Csapda", "Trap"),
    (SpellType.POISON.value, *(name.capitalize() for name in SPELL_TYPE_NAMES[SpellType.POISON])),
    (SpellType.CURSE.value, *(name.capitalize() for name in SPELL_TYPE_NAMES[SpellType.CURSE])),
    ("spell", "Varázslat", "Spell"),
)
# One round box per round of the longest multi-round effect, the casting round counted as 1 (RB p.12).
TRACKER_ROUNDS: Final = tuple(range(1, (ROUNDS_3.last_round(1) or 1) + 1))


class Termed:
    """``name`` in the reader's language, and ``term``: the Hungarian term an English reader sees
    beside it ("" for Hungarian readers). Mixed into dataclasses with ``name_hu``, ``name_en`` and
    ``language``."""

    name_hu: str
    name_en: str
    language: str

    @property
    def name(self) -> str:
        return pick(self.name_hu, self.name_en, self.language)

    @property
    def term(self) -> str:
        return hungarian_term(self.name_hu, self.name_en, self.language)

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class Bilingual(Termed):
    """A heading or a name of the sheet in both languages."""

    name_hu: str
    name_en: str
    language: str = EN


def sneaking_heading(language: str = EN) -> Bilingual:
    return Bilingual(SKILLS[SNEAKING].name_hu, SKILLS[SNEAKING].name_en, language)


def signed(value: int | None) -> str:
    """A weapon modifier as HR-3.1 prints it: ``+4``, ``−3``, ``0``, or ``–`` where there is none."""
    if value is None:
        return "–"
    return f"{value:+d}".replace("-", "−") if value else "0"


@dataclass(frozen=True)
class SkillLine(Termed):
    """A skill as the sheet lists it: its number (None for a type special), names, MAN and effect."""

    number: int | None
    id: str
    name_hu: str
    name_en: str
    man_cost: int | None
    attack_man: int
    effect_en: str
    effect_hu: str
    language: str = EN

    @property
    def effect(self) -> str:
        """The effect text in the reader's language only (the sheet has no room for both)."""
        return pick(self.effect_hu, self.effect_en, self.language)


def skill_line(number: int | None, skill_id: str, language: str = EN) -> SkillLine:
    skill = SKILLS.get(skill_id)
    if skill is None:  # an unknown id is printed as it is; the validator reports it
        return SkillLine(number, skill_id, skill_id, skill_id, None, 0, "", "", language)
    return SkillLine(
        number,
        skill.id,
        skill.name_hu,
        skill.name_en,
        skill.man_cost,
        skill.plus_attack_man,
        skill.effect_en,
        skill.effect_hu,
        language,
    )


def skill_lines(member: Member, language: str = EN) -> tuple[SkillLine, ...]:
    return tuple(skill_line(number, skill, language) for number, skill in enumerate(member.skills, start=1))


def special_lines(member: Member, language: str = EN) -> tuple[SkillLine, ...]:
    """The gladiator type's specials (HR-3.3): printed with the skills, never numbered."""
    gladiator_type = GLADIATOR_TYPES.get(member.gladiator_type or "")
    if member.slot != GLADIATOR or gladiator_type is None:
        return ()
    return tuple(skill_line(None, special, language) for special in gladiator_type.specials)


@dataclass(frozen=True)
class WeaponLine(Termed):
    """One of the gladiator's items: modifiers, the sheet numbers of the skills it allows, whether it
    is in hand at the start (the "Viselt" column) and whether it can break (a box to cross out)."""

    id: str
    name_hu: str
    name_en: str
    count: int
    te: str
    ve: str
    sp: str
    skill_numbers: tuple[int, ...]
    carried: bool
    breakable: bool
    language: str = EN


def weapon_lines(member: Member, language: str = EN) -> tuple[WeaponLine, ...]:
    """The gladiator's pile, one line per item, then his kit (dagger, javelins, nets)."""
    if member.slot != GLADIATOR:
        return ()
    numbers = {skill: number for number, skill in enumerate(member.skills, start=1)}
    in_hand = Counter(wielded(member.starting_grip))
    lines = [_weapon_line(item, 1, numbers, in_hand, language) for item in member.pile]
    lines += [_weapon_line(item, count, numbers, in_hand, language) for item, count in member.kit.items()]
    return tuple(lines)


def _weapon_line(item: str, count: int, numbers: Mapping[str, int], in_hand: Counter[str], language: str) -> WeaponLine:
    carried = in_hand[item] > 0
    if carried:
        in_hand[item] -= 1
    weapon = WEAPONS.get(item)
    if weapon is None:
        return WeaponLine(item, item, item, count, "–", "–", "–", (), carried, False, language)
    allowed = () if weapon.no_skills else tuple(sorted(numbers[s] for s in weapon.skills if s in numbers))
    return WeaponLine(
        id=weapon.id,
        name_hu=weapon.name_hu,
        name_en=weapon.name_en,
        count=count,
        te=signed(weapon.te),
        ve=signed(weapon.ve),
        sp=signed(weapon.sp),
        skill_numbers=allowed,
        carried=carried,
        breakable=not weapon.is_kit and not weapon.unbreakable,
        language=language,
    )


@dataclass(frozen=True)
class SupplyLine(Termed):
    """A counted supply with one box per piece to cross out as it is used."""

    id: str
    name_hu: str
    name_en: str
    count: int
    language: str = EN

    @property
    def boxes(self) -> range:
        return range(1, self.count + 1)


def supply_lines(member: Member, language: str = EN) -> tuple[SupplyLine, ...]:
    """Bolts and throwing daggers as bought; the gladiator's javelins and nets from his kit."""
    counts = {kind: count for kind, count in member.ammunition.items()}
    if member.slot == GLADIATOR:
        counts.update({KIT_SUPPLIES[item]: n for item, n in member.kit.items() if item in KIT_SUPPLIES})
    return tuple(SupplyLine(kind.value, *AMMO_NAMES[kind], count, language) for kind, count in counts.items() if count)


@dataclass(frozen=True)
class DiscLine(Termed):
    """The witch-master's spell-level discs: how many he takes, and the levels fixed in advance.
    ``slots`` has one entry per disc: a fixed level, or None for a disc drawn at random."""

    name_hu: str
    name_en: str
    count: int
    fixed: tuple[int, ...]
    language: str = EN

    @property
    def slots(self) -> tuple[int | None, ...]:
        return (*self.fixed, *(None for _ in range(self.count - len(self.fixed))))


def disc_line(member: Member, language: str = EN) -> DiscLine | None:
    if member.disc_count is None:
        return None
    return DiscLine(*AMMO_NAMES[Ammo.SPELL_DISCS], member.disc_count, tuple(member.fixed_discs), language)


@dataclass(frozen=True)
class TrapCardLine(Termed):
    """The strategist's trap cards (HR-2.1: his column lists them in place of skills)."""

    name_hu: str
    name_en: str
    drawn: int
    kept: int
    language: str = EN

    @property
    def slots(self) -> range:
        return range(1, self.kept + 1)


def trap_card_line(member: Member, language: str = EN) -> TrapCardLine | None:
    if member.trap_cards_drawn is None:
        return None
    return TrapCardLine(*AMMO_NAMES[Ammo.TRAP_CARDS], member.trap_cards_drawn, TRAP_CARDS_KEPT, language)


@dataclass(frozen=True)
class StpBox:
    """One STP box; ``opens`` names the ranged attacks allowed once it is crossed out (HR-2.3)."""

    number: int
    opens: str


def stp_boxes(member: Member, stp: int, language: str = EN) -> tuple[StpBox, ...]:
    """One box per STP. On a gladiator's, the boxes after which bolts, then thrown daggers, may
    target him are marked (named in the reader's language)."""
    marks: dict[int, list[str]] = {}
    if member.slot == GLADIATOR:
        for threshold, ammo in ((crossbow_threshold(stp), Ammo.BOLTS), (dagger_threshold(stp), Ammo.THROWING_DAGGERS)):
            marks.setdefault(threshold, []).append(pick(*AMMO_NAMES[ammo], language))
    return tuple(StpBox(n, ", ".join(marks.get(n, ()))) for n in range(1, stp + 1))


@dataclass(frozen=True)
class TrackerRow(Termed):
    """A row of the effects tracker: round boxes to mark and an Effect column to write in."""

    id: str
    name_hu: str
    name_en: str
    language: str = EN


def tracker_rows(language: str = EN) -> tuple[TrackerRow, ...]:
    return tuple(TrackerRow(row_id, hungarian, english, language) for row_id, hungarian, english in TRACKER_ROWS)


def role_heading(role: Role | None, slot: str, language: str = EN) -> Bilingual:
    """The role as the table's heading prints it: ``GLADIÁTOR`` (``GLADIATOR`` for English readers)."""
    if role is None:
        return Bilingual(slot.upper(), slot.upper(), language)
    hungarian, english = ROLE_NAMES[role]
    return Bilingual(hungarian.upper(), english.upper(), language)


def role_label(role: Role | None, sheet_label: str | None, slot: str, language: str = EN) -> str:
    """The table's heading as the rulebook prints it: ``GLADIÁTOR (quicchures)``; in English
    ``GLADIATOR (quicchures)``."""
    heading = role_heading(role, slot, language).name
    return f"{heading} ({sheet_label})" if sheet_label else heading
