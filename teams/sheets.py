"""The printable character sheets of a team (*karakterlap*, RB p.19, digest §18; HR-2.1) as values.

``sheet_for(roster)`` reads a roster and the engine's data (profiles, skills, weapons and grips,
amulets, vials, discs, points) and returns frozen values the template prints as they are, so the
template restates no rule and no number. It touches no database.

A sheet is made for one reader's ``language`` (the active one by default): a Hungarian sheet reads
in Hungarian only, as the paper sheet does; an English one reads English first, with the paper
sheet's Hungarian term beside each heading and name (``name`` / ``term`` of every line).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Final

from django.utils import translation
from django.utils.translation import gettext as _

from arena.engine.content.amulets import AMULETS, VIALS
from arena.engine.content.common import STAT_NAMES, STAT_TITLES, Armour, Stat
from arena.engine.content.points import TIERS
from arena.engine.content.profiles import GLADIATOR, PROFILES
from arena.engine.content.weapons import GLADIATOR_TYPES, WEAPONS, GripValues, grip_values, pair_main_options
from arena.engine.roster import Member, Roster
from arena.engine.roster.point_rules import roster_costs
from common.i18n import EN, hungarian_term, pick, reader_language

from .presenters import armour_pair
from .sheet_parts import (
    TRACKER_ROUNDS,
    Bilingual,
    DiscLine,
    SkillLine,
    StpBox,
    SupplyLine,
    TrackerRow,
    TrapCardLine,
    WeaponLine,
    disc_line,
    role_heading,
    skill_lines,
    sneaking_heading,
    special_lines,
    stp_boxes,
    supply_lines,
    tracker_rows,
    trap_card_line,
    weapon_lines,
)

# The rows of every character table, as the sheet heads them (RB p.19), and their English.
ROW_HEADINGS: Final = {
    Stat.EG: ("Egészség", "Health"),
    Stat.ME: ("Mágiaellenállás", "Magic resistance"),
    Stat.MOV: ("Mozgás", "Movement"),
}
AMULET_HEADING: Final = ("Amulett", "Amulet")
VIAL_HEADING: Final = ("Fiola", "Vial")
# The paper sheet's other headings (Hungarian) with their English.
HEADINGS: Final[Mapping[str, tuple[str, str]]] = MappingProxyType(
    {
        "sheets": ("Karakterlap", "Character sheets"),
        "grip": ("Fegyver", "Starting grip"),
        "skill": ("Képzettség", "Skill"),
        "effect": ("Hatás", "Effect"),
        "weapon": ("Fegyver", "Weapon"),
        "skills": ("Képzettség", "Skills"),
        "carried": ("Viselt", "Carried"),
        "broken": ("Törött", "Broken"),
        "effects": ("Hatások", "Effects"),
        "life": ("életerő", "life"),
    }
)
COMBAT_STATS: Final = (Stat.TE, Stat.VE, Stat.CE, Stat.SFE)
NO_VALUE: Final = "–"


@dataclass(frozen=True)
class SheetRow:
    """A labelled value; ``note`` is printed small beside it (a base value, a Hungarian name).

    ``label_hu`` / ``label_en`` are the row's heading; ``name`` and ``term`` print it for the
    reader (see :class:`teams.sheet_parts.Termed`); ``title`` is a longer name for a tooltip."""

    label_hu: str
    label_en: str
    value: str
    note: str = ""
    language: str = EN
    title: str = ""

    @property
    def name(self) -> str:
        return pick(self.label_hu, self.label_en, self.language)

    @property
    def term(self) -> str:
        return hungarian_term(self.label_hu, self.label_en, self.language)


@dataclass(frozen=True)
class CharacterSheet:
    """One character table. ``te``/``ve`` are the gladiator's effective values with his starting
    grip (None when the grip is not a legal one); ``base_te``/``base_ve`` his values without it.

    ``role`` is the table's heading (``GLADIÁTOR``), ``sheet_label`` the Latin name beside it."""

    slot: str
    role: Bilingual
    sheet_label: str | None
    name: str
    role_en: str
    type_name: Bilingual | None
    armour: Bilingual | None
    points: int
    te: int | None
    ve: int | None
    ce: int | None
    sfe: int
    stp: int
    ep: int
    eg: int
    me: int
    me_token: int | None
    mov: int | None
    base_te: int | None
    base_ve: int | None
    grip: str
    amulet: Bilingual | None
    vial: Bilingual | None
    skills: tuple[SkillLine, ...]
    specials: tuple[SkillLine, ...]
    supplies: tuple[SupplyLine, ...]
    weapons: tuple[WeaponLine, ...]
    discs: DiscLine | None
    trap_cards: TrapCardLine | None
    stp_boxes: tuple[StpBox, ...]
    tracker: tuple[TrackerRow, ...]
    language: str = EN
    base_notes: Mapping[Stat, str] = field(default_factory=dict)  # "base 14" beside TÉ and VÉ
    token_note: str = ""  # "token 3" beside Mágiaellenállás

    @property
    def label(self) -> str:
        """``GLADIÁTOR (quicchures)``; ``GLADIATOR (quicchures)`` for English readers."""
        return f"{self.role.name} ({self.sheet_label})" if self.sheet_label else self.role.name

    @property
    def label_term(self) -> str:
        """The Hungarian heading beside an English one (``GLADIÁTOR``)."""
        return self.role.term

    @property
    def ep_circles(self) -> range:
        return range(1, self.ep + 1)

    @property
    def combat(self) -> tuple[SheetRow, ...]:
        """TÉ, VÉ, CÉ and SFÉ as printed in the value boxes (the game's abbreviations in either
        language, the full name as ``title``)."""
        values = {Stat.TE: self.te, Stat.VE: self.ve, Stat.CE: self.ce, Stat.SFE: self.sfe}
        return tuple(
            SheetRow(
                STAT_NAMES[stat][0],
                STAT_NAMES[stat][0],
                _shown(values[stat]),
                self.base_notes.get(stat, ""),
                self.language,
                pick(*STAT_TITLES[stat], self.language),
            )
            for stat in COMBAT_STATS
        )

    @property
    def rows(self) -> tuple[SheetRow, ...]:
        """Egészség, Mágiaellenállás, Mozgás, Amulett and Fiola, in the sheet's order."""
        language = self.language
        return (
            SheetRow(*ROW_HEADINGS[Stat.EG], _shown(self.eg), language=language),
            SheetRow(*ROW_HEADINGS[Stat.ME], _shown(self.me), self.token_note, language),
            SheetRow(*ROW_HEADINGS[Stat.MOV], _shown(self.mov), language=language),
            SheetRow(*AMULET_HEADING, _named(self.amulet), _term(self.amulet), language),
            SheetRow(*VIAL_HEADING, _named(self.vial), _term(self.vial), language),
        )

    @property
    def ep_label(self) -> str:
        return STAT_NAMES[Stat.EP][0]

    @property
    def stp_label(self) -> str:
        return STAT_NAMES[Stat.STP][0]

    @property
    def stp_title(self) -> str:
        return pick(*STAT_TITLES[Stat.STP], self.language)


@dataclass(frozen=True)
class TeamSheet:
    """The sheets of a whole team with its header: name, owner, tier, price and status."""

    name: str
    owner: str
    tier: Bilingual
    points: int
    budget: int
    status: str
    characters: tuple[CharacterSheet, ...]
    language: str = EN
    tracker_rounds: tuple[int, ...] = TRACKER_ROUNDS

    @property
    def sneaking_heading(self) -> Bilingual:
        return sneaking_heading(self.language)

    @property
    def headings(self) -> dict[str, Bilingual]:
        """The paper sheet's headings for the reader (``{{ sheet.headings.skill|with_term }}``)."""
        return {key: Bilingual(hu, en, self.language) for key, (hu, en) in HEADINGS.items()}


def sheet_for(roster: Roster, *, owner: str = "", status: str = "", language: str | None = None) -> TeamSheet:
    """The team's sheets in sheet order, priced by ``roster_costs``, for a reader of ``language``
    (the active language when None)."""
    language = reader_language(language)
    costs = roster_costs(roster)
    tier = TIERS.get(roster.tier)
    characters = []
    for key, member in roster.in_sheet_order():
        cost = costs.members.get(key)
        characters.append(character_sheet(member, cost.total if cost is not None else 0, language))
    return TeamSheet(
        name=roster.name,
        owner=owner,
        tier=Bilingual(tier.name_hu, tier.name_en, language) if tier else Bilingual(roster.tier, roster.tier, language),
        points=costs.total,
        budget=costs.budget,
        status=status,
        characters=tuple(characters),
        language=language,
    )


def character_sheet(member: Member, points: int, language: str = EN) -> CharacterSheet:
    profile = PROFILES.get(member.slot)
    stat = member.stats.get
    grip = starting_grip_values(member)
    is_gladiator = member.slot == GLADIATOR
    amulet, vial = AMULETS.get(member.amulet or ""), VIALS.get(member.vial or "")
    with translation.override(language):
        bases = {s: stat(s) for s in (Stat.TE, Stat.VE)} if is_gladiator else {}
        shown = {Stat.TE: grip.te, Stat.VE: grip.ve} if grip else {}
        base_notes = {s: _base_note(v, shown.get(s)) for s, v in bases.items() if v is not None}
        token_note = _("token %(value)s") % {"value": member.me_token} if member.me_token is not None else ""
    return CharacterSheet(
        slot=member.slot,
        role=role_heading(member.role, member.slot, language),
        # the rulebook's Latin name only where the team page shows it too: the two dagger-throwers
        sheet_label=profile.sheet_label if profile and (profile.sheet_label or "?") in profile.name_en else None,
        name=member.name,
        role_en=profile.name_en if profile else member.slot,
        type_name=_type_name(member, language),
        armour=_armour(member, language),
        points=points,
        te=grip.te if grip else (None if is_gladiator else stat(Stat.TE)),
        ve=grip.ve if grip else (None if is_gladiator else stat(Stat.VE)),
        ce=stat(Stat.CE),
        sfe=stat(Stat.SFE, 0),
        stp=stat(Stat.STP, 0),
        ep=stat(Stat.EP, 0),
        eg=stat(Stat.EG, 0),
        me=stat(Stat.ME, 0),
        me_token=member.me_token,
        mov=stat(Stat.MOV),
        base_te=stat(Stat.TE) if is_gladiator else None,
        base_ve=stat(Stat.VE) if is_gladiator else None,
        grip=" + ".join(_weapon_name(i, language) for i in grip.items) if grip else "",
        amulet=_bilingual(amulet, member.amulet, language),
        vial=_bilingual(vial, member.vial, language),
        skills=skill_lines(member, language),
        specials=special_lines(member, language),
        supplies=supply_lines(member, language),
        weapons=weapon_lines(member, language),
        discs=disc_line(member, language),
        trap_cards=trap_card_line(member, language),
        stp_boxes=stp_boxes(member, stat(Stat.STP, 0), language),
        tracker=tracker_rows(language),
        language=language,
        base_notes=MappingProxyType(base_notes),
        token_note=token_note,
    )


def _base_note(base: int, with_grip: int | None) -> str:
    """What the printed value holds: ``base 14, +4 with the starting grip`` (the team page shows 14)."""
    if with_grip is None:
        return _("base %(value)s") % {"value": base}
    return _("base %(value)s, %(change)s with the starting grip") % {
        "value": base,
        "change": f"{with_grip - base:+d}".replace("-", "−"),
    }


def starting_grip_values(member: Member) -> GripValues | None:
    """The gladiator's values with his starting grip (HR-3.1), the main weapon of a tied pair
    chosen as the engine does; None for the others and for a grip that is not legal."""
    te, ve = member.stats.get(Stat.TE), member.stats.get(Stat.VE)
    if member.slot != GLADIATOR or te is None or ve is None:
        return None
    gladiator_type = member.gladiator_type if member.gladiator_type in GLADIATOR_TYPES else None
    try:
        main = pair_main_options(member.starting_grip)[0]
        return grip_values(te, ve, member.starting_grip, main, gladiator_type)
    except (KeyError, ValueError):
        return None


def _bilingual(entry: Any, raw: str | None, language: str) -> Bilingual | None:
    """An entry's names; an id the catalog does not know is printed as it is."""
    if entry is not None:
        return Bilingual(str(entry.name_hu), str(entry.name_en), language)
    return Bilingual(raw, raw, language) if raw else None


def _weapon_name(item: str, language: str) -> str:
    weapon = WEAPONS.get(item)
    return pick(weapon.name_hu, weapon.name_en, language) if weapon else item


def _type_name(member: Member, language: str) -> Bilingual | None:
    return _bilingual(GLADIATOR_TYPES.get(member.gladiator_type or ""), member.gladiator_type, language)


def _armour(member: Member, language: str) -> Bilingual | None:
    """The armour as the team page names it (``metal armour (mail)``); the strategist wears none."""
    profile = PROFILES.get(member.slot)
    armour = member.armour or (profile.armour.value if profile is not None else None)
    if not armour or armour == Armour.NONE.value:
        return None
    return Bilingual(*armour_pair(member.slot, armour, member.gladiator_type), language)


def _named(value: Bilingual | None) -> str:
    return value.name if value is not None else ""


def _term(value: Bilingual | None) -> str:
    return value.term if value is not None else ""


def _shown(value: int | None) -> str:
    return NO_VALUE if value is None else str(value)
