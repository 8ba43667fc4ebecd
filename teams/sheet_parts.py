"""The lines of one character's sheet (RB p.19, digest §18): skills, weapons, supplies, the effects
tracker. Every value is read from the engine's catalogs; :mod:`teams.sheets` assembles them.
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
SNEAKING_HEADING: Final = SKILLS[SNEAKING].name_hu


def signed(value: int | None) -> str:
    """A weapon modifier as HR-3.1 prints it: ``+4``, ``−3``, ``0``, or ``–`` where there is none."""
    if value is None:
        return "–"
    return f"{value:+d}".replace("-", "−") if value else "0"


@dataclass(frozen=True)
class SkillLine:
    """A skill as the sheet lists it: its number (None for a type special), names, MAN and effect."""

    number: int | None
    id: str
    name_hu: str
    name_en: str
    man_cost: int | None
    attack_man: int
    effect_en: str
    effect_hu: str


def skill_line(number: int | None, skill_id: str) -> SkillLine:
    skill = SKILLS.get(skill_id)
    if skill is None:  # an unknown id is printed as it is; the validator reports it
        return SkillLine(number, skill_id, skill_id, skill_id, None, 0, "", "")
    return SkillLine(
        number, skill.id, skill.name_hu, skill.name_en, skill.man_cost, skill.plus_attack_man,
        skill.effect_en, skill.effect_hu,
    )


def skill_lines(member: Member) -> tuple[SkillLine, ...]:
    return tuple(skill_line(number, skill) for number, skill in enumerate(member.skills, start=1))


def special_lines(member: Member) -> tuple[SkillLine, ...]:
    """The gladiator type's specials (HR-3.3): printed with the skills, never numbered."""
    gladiator_type = GLADIATOR_TYPES.get(member.gladiator_type or "")
    if member.slot != GLADIATOR or gladiator_type is None:
        return ()
    return tuple(skill_line(None, special) for special in gladiator_type.specials)


@dataclass(frozen=True)
class WeaponLine:
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


def weapon_lines(member: Member) -> tuple[WeaponLine, ...]:
    """The gladiator's pile, one line per item, then his kit (dagger, javelins, nets)."""
    if member.slot != GLADIATOR:
        return ()
    numbers = {skill: number for number, skill in enumerate(member.skills, start=1)}
    in_hand = Counter(wielded(member.starting_grip))
    lines = [_weapon_line(item, 1, numbers, in_hand) for item in member.pile]
    lines += [_weapon_line(item, count, numbers, in_hand) for item, count in member.kit.items()]
    return tuple(lines)


def _weapon_line(item: str, count: int, numbers: Mapping[str, int], in_hand: Counter[str]) -> WeaponLine:
    carried = in_hand[item] > 0
    if carried:
        in_hand[item] -= 1
    weapon = WEAPONS.get(item)
    if weapon is None:
        return WeaponLine(item, item, item, count, "–", "–", "–", (), carried, False)
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
    )


@dataclass(frozen=True)
class SupplyLine:
    """A counted supply with one box per piece to cross out as it is used."""

    id: str
    name_hu: str
    name_en: str
    count: int

    @property
    def boxes(self) -> range:
        return range(1, self.count + 1)


def supply_lines(member: Member) -> tuple[SupplyLine, ...]:
    """Bolts and throwing daggers as bought; the gladiator's javelins and nets from his kit."""
    counts = {kind: count for kind, count in member.ammunition.items()}
    if member.slot == GLADIATOR:
        counts.update({KIT_SUPPLIES[item]: n for item, n in member.kit.items() if item in KIT_SUPPLIES})
    return tuple(SupplyLine(kind.value, *AMMO_NAMES[kind], count) for kind, count in counts.items() if count)


@dataclass(frozen=True)
class DiscLine:
    """The witch-master's spell-level discs: how many he takes, and the levels fixed in advance.
    ``slots`` has one entry per disc: a fixed level, or None for a disc drawn at random."""

    name_hu: str
    name_en: str
    count: int
    fixed: tuple[int, ...]

    @property
    def slots(self) -> tuple[int | None, ...]:
        return (*self.fixed, *(None for _ in range(self.count - len(self.fixed))))


def disc_line(member: Member) -> DiscLine | None:
    if member.disc_count is None:
        return None
    return DiscLine(*AMMO_NAMES[Ammo.SPELL_DISCS], member.disc_count, tuple(member.fixed_discs))


@dataclass(frozen=True)
class TrapCardLine:
    """The strategist's trap cards (HR-2.1: his column lists them in place of skills)."""

    name_hu: str
    name_en: str
    drawn: int
    kept: int

    @property
    def slots(self) -> range:
        return range(1, self.kept + 1)


def trap_card_line(member: Member) -> TrapCardLine | None:
    if member.trap_cards_drawn is None:
        return None
    return TrapCardLine(*AMMO_NAMES[Ammo.TRAP_CARDS], member.trap_cards_drawn, TRAP_CARDS_KEPT)


@dataclass(frozen=True)
class StpBox:
    """One STP box; ``opens`` names the ranged attacks allowed once it is crossed out (HR-2.3)."""

    number: int
    opens: str


def stp_boxes(member: Member, stp: int) -> tuple[StpBox, ...]:
    """One box per STP. On a gladiator's, the boxes after which bolts, then thrown daggers, may
    target him are marked."""
    marks: dict[int, list[str]] = {}
    if member.slot == GLADIATOR:
        marks.setdefault(crossbow_threshold(stp), []).append(AMMO_NAMES[Ammo.BOLTS][1])
        marks.setdefault(dagger_threshold(stp), []).append(AMMO_NAMES[Ammo.THROWING_DAGGERS][1])
    return tuple(StpBox(n, ", ".join(marks.get(n, ()))) for n in range(1, stp + 1))


@dataclass(frozen=True)
class TrackerRow:
    """A row of the effects tracker: round boxes to mark and an Effect column to write in."""

    id: str
    name_hu: str
    name_en: str


def tracker_rows() -> tuple[TrackerRow, ...]:
    return tuple(TrackerRow(*row) for row in TRACKER_ROWS)


def role_label(role: Role | None, sheet_label: str | None, slot: str) -> str:
    """The table's heading as the rulebook prints it: ``GLADIÁTOR (quicchures)``."""
    heading = ROLE_NAMES[role][0].upper() if role is not None else slot.upper()
    return f"{heading} ({sheet_label})" if sheet_label else heading
