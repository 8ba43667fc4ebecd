"""The printable character sheets of a team (*karakterlap*, RB p.19, digest §18; HR-2.1) as values.

``sheet_for(roster)`` reads a roster and the engine's data (profiles, skills, weapons and grips,
amulets, vials, discs, points) and returns frozen values the template prints as they are, so the
template restates no rule and no number. It touches no database.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from arena.engine.content.amulets import AMULETS, VIALS
from arena.engine.content.common import STAT_NAMES, Armour, Stat
from arena.engine.content.points import TIERS
from arena.engine.content.profiles import GLADIATOR, PROFILES
from arena.engine.content.weapons import GLADIATOR_TYPES, WEAPONS, GripValues, grip_values, pair_main_options
from arena.engine.roster import Member, Roster
from arena.engine.roster_rules import roster_costs

from .sheet_parts import (
    SNEAKING_HEADING,
    TRACKER_ROUNDS,
    DiscLine,
    SkillLine,
    StpBox,
    SupplyLine,
    TrackerRow,
    TrapCardLine,
    WeaponLine,
    disc_line,
    role_label,
    skill_lines,
    special_lines,
    stp_boxes,
    supply_lines,
    tracker_rows,
    trap_card_line,
    weapon_lines,
)

# The rows of every character table, as the sheet heads them (RB p.19).
ROW_HEADINGS: Final = {Stat.EG: "Egészség", Stat.ME: "Mágiaellenállás", Stat.MOV: "Mozgás"}
AMULET_HEADING: Final = ("Amulett", "amulet")
VIAL_HEADING: Final = ("Fiola", "vial")
COMBAT_STATS: Final = (Stat.TE, Stat.VE, Stat.CE, Stat.SFE)
NO_VALUE: Final = "–"


@dataclass(frozen=True)
class SheetRow:
    """A labelled value; ``note`` is printed small beside it (a base value, an English name)."""

    label_hu: str
    label_en: str
    value: str
    note: str = ""


@dataclass(frozen=True)
class CharacterSheet:
    """One character table. ``te``/``ve`` are the gladiator's effective values with his starting
    grip (None when the grip is not a legal one); ``base_te``/``base_ve`` his values without it."""

    slot: str
    label: str
    name: str
    role_en: str
    type_name: str
    armour: str
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
    amulet: str
    amulet_en: str
    vial: str
    vial_en: str
    skills: tuple[SkillLine, ...]
    specials: tuple[SkillLine, ...]
    supplies: tuple[SupplyLine, ...]
    weapons: tuple[WeaponLine, ...]
    discs: DiscLine | None
    trap_cards: TrapCardLine | None
    stp_boxes: tuple[StpBox, ...]
    tracker: tuple[TrackerRow, ...]

    @property
    def ep_circles(self) -> range:
        return range(1, self.ep + 1)

    @property
    def combat(self) -> tuple[SheetRow, ...]:
        """TÉ, VÉ, CÉ and SFÉ as printed in the value boxes."""
        values = {Stat.TE: self.te, Stat.VE: self.ve, Stat.CE: self.ce, Stat.SFE: self.sfe}
        bases = {Stat.TE: self.base_te, Stat.VE: self.base_ve}
        return tuple(
            SheetRow(*STAT_NAMES[stat], _shown(values[stat]), _base_note(bases.get(stat)))
            for stat in COMBAT_STATS
        )

    @property
    def rows(self) -> tuple[SheetRow, ...]:
        """Egészség, Mágiaellenállás, Mozgás, Amulett and Fiola, in the sheet's order."""
        token = f"token {self.me_token}" if self.me_token is not None else ""
        return (
            SheetRow(ROW_HEADINGS[Stat.EG], STAT_NAMES[Stat.EG][1], _shown(self.eg)),
            SheetRow(ROW_HEADINGS[Stat.ME], STAT_NAMES[Stat.ME][1], _shown(self.me), token),
            SheetRow(ROW_HEADINGS[Stat.MOV], STAT_NAMES[Stat.MOV][1], _shown(self.mov)),
            SheetRow(*AMULET_HEADING, self.amulet, self.amulet_en),
            SheetRow(*VIAL_HEADING, self.vial, self.vial_en),
        )

    @property
    def ep_label(self) -> str:
        return STAT_NAMES[Stat.EP][0]

    @property
    def stp_label(self) -> str:
        return STAT_NAMES[Stat.STP][0]


@dataclass(frozen=True)
class TeamSheet:
    """The sheets of a whole team with its header: name, owner, tier, price and status."""

    name: str
    owner: str
    tier: str
    tier_hu: str
    points: int
    budget: int
    status: str
    characters: tuple[CharacterSheet, ...]
    tracker_rounds: tuple[int, ...] = TRACKER_ROUNDS
    sneaking_heading: str = SNEAKING_HEADING


def sheet_for(roster: Roster, *, owner: str = "", status: str = "") -> TeamSheet:
    """The team's sheets in sheet order, priced by ``roster_costs``."""
    costs = roster_costs(roster)
    tier = TIERS.get(roster.tier)
    characters = []
    for key, member in roster.in_sheet_order():
        cost = costs.members.get(key)
        characters.append(character_sheet(member, cost.total if cost is not None else 0))
    return TeamSheet(
        name=roster.name,
        owner=owner,
        tier=tier.name_en if tier is not None else roster.tier,
        tier_hu=tier.name_hu if tier is not None else roster.tier,
        points=costs.total,
        budget=costs.budget,
        status=status,
        characters=tuple(characters),
    )


def character_sheet(member: Member, points: int) -> CharacterSheet:
    profile = PROFILES.get(member.slot)
    stat = member.stats.get
    grip = starting_grip_values(member)
    is_gladiator = member.slot == GLADIATOR
    amulet, vial = AMULETS.get(member.amulet or ""), VIALS.get(member.vial or "")
    return CharacterSheet(
        slot=member.slot,
        label=role_label(member.role, profile.sheet_label if profile else None, member.slot),
        name=member.name,
        role_en=profile.name_en if profile else member.slot,
        type_name=_type_name(member),
        armour=_armour(member),
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
        grip=" + ".join(WEAPONS[i].name_hu if i in WEAPONS else i for i in grip.items) if grip else "",
        amulet=amulet.name_hu if amulet else member.amulet or "",
        amulet_en=amulet.name_en if amulet else "",
        vial=vial.name_hu if vial else member.vial or "",
        vial_en=vial.name_en if vial else "",
        skills=skill_lines(member),
        specials=special_lines(member),
        supplies=supply_lines(member),
        weapons=weapon_lines(member),
        discs=disc_line(member),
        trap_cards=trap_card_line(member),
        stp_boxes=stp_boxes(member, stat(Stat.STP, 0)),
        tracker=tracker_rows(),
    )


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


def _type_name(member: Member) -> str:
    gladiator_type = GLADIATOR_TYPES.get(member.gladiator_type or "")
    return gladiator_type.name_hu if gladiator_type else member.gladiator_type or ""


def _armour(member: Member) -> str:
    gladiator_type = GLADIATOR_TYPES.get(member.gladiator_type or "")
    if member.slot == GLADIATOR and gladiator_type is not None:
        return gladiator_type.armour_hu
    profile = PROFILES.get(member.slot)
    if profile is None:
        return member.armour
    return "" if profile.armour is Armour.NONE else profile.armour_hu  # the strategist wears none


def _shown(value: int | None) -> str:
    return NO_VALUE if value is None else str(value)


def _base_note(base: int | None) -> str:
    return f"base {base}" if base is not None else ""
