"""Custom-team point rules (HR-9, filling RB p.22–26): tiers, frames, stat prices, skill and
equipment costs, and the team builder's validation rules as data.

    member_cost = frame + Σ unit_cost × (value − base) + Σ skill costs + equipment
    team_value  = Σ member_cost + team items (amulets)

The base team costs exactly 200, the Standard budget: 70 / 35 / 30 / 25 / 25 / 15 (HR-9.2). The
functions here price plain values and never judge them; whether a value is allowed (ranges, counts,
limits) is the team validator's business, which reports the rules of ``VALIDATION_RULES`` (HR-9.6,
kept with their English and Hungarian messages in :mod:`arena.engine.content.validation`).

Reading of HR-9.5's amulet price: "+1 per duplicate type instead of a standard one" is +1 for every
standard type missing among the first three amulets; a 4th amulet costs +4 whatever its type.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from arena.engine.content.amulets import AMULETS, STANDARD_AMULET_SET, VIALS
from arena.engine.content.common import Role, Stat, make_catalog
from arena.engine.content.discs import DISC_POOL
from arena.engine.content.profiles import (
    CROSSBOWMAN,
    DEASTA,
    GLADIATOR,
    LAEVA,
    PROFILES,
    SLOT_ROLES,
    STRATEGIST,
    WITCH_MASTER,
    Ammo,
)
from arena.engine.content.skills import SKILLS
from arena.engine.content.validation import VALIDATION_RULES as VALIDATION_RULES  # HR-9.6, re-exported
from arena.engine.content.validation import ValidationRule as ValidationRule
from arena.engine.content.weapons import BASE_GLADIATOR_TYPE, GLADIATOR_TYPES, WEAPONS

# --- 9.1 Budgets ----------------------------------------------------------------------------------

GLADIATOR_CAP_PERCENT: Final = 40
MEMBER_CAP_PERCENT: Final = 25  # each non-gladiator fighter
STRATEGIST_CAP_PERCENT: Final = 12


@dataclass(frozen=True)
class Caps:
    """Most points one member may cost: ⌊budget × fraction⌋ (HR-9.1)."""

    gladiator: int
    member: int
    strategist: int

    def for_role(self, role: Role) -> int:
        if role is Role.GLADIATOR:
            return self.gladiator
        if role is Role.STRATEGIST:
            return self.strategist
        return self.member


def caps_for_budget(budget: int) -> Caps:
    """HR-9.1's caps, in integer arithmetic so that no float rounding can shift them."""
    return Caps(
        gladiator=budget * GLADIATOR_CAP_PERCENT // 100,
        member=budget * MEMBER_CAP_PERCENT // 100,
        strategist=budget * STRATEGIST_CAP_PERCENT // 100,
    )


@dataclass(frozen=True)
class Tier:
    """A league tier (HR-9.1). ``base_team_only``: the Rookie tier plays the base team (TB-25)."""

    id: str
    name_hu: str
    name_en: str
    budget: int
    source: str
    base_team_only: bool = False

    @property
    def caps(self) -> Caps:
        return caps_for_budget(self.budget)


TIERS: Final[Mapping[str, Tier]] = make_catalog(
    [
        Tier("rookie", "Újonc", "Rookie", 200, "HR-9.1", base_team_only=True),
        Tier("standard", "Standard", "Standard", 200, "HR-9.1"),
        Tier("veteran", "Veterán", "Veteran", 225, "HR-9.1"),
        Tier("champion", "Bajnok", "Champion", 250, "HR-9.1"),
    ]
)
DEFAULT_TIER: Final = "standard"

# --- 9.2 Frames -----------------------------------------------------------------------------------

FRAMES: Final[Mapping[str, int]] = MappingProxyType(
    {WITCH_MASTER: 24, CROSSBOWMAN: 20, DEASTA: 15, LAEVA: 15, STRATEGIST: 15}
)  # the gladiator's frame is his type's (GladiatorType.frame_cost: 48 / 48 / 50 / 51)


def frame_cost(slot: str, gladiator_type: str | None = None) -> int:
    """The member's frame: base profile, armour, kit or ammunition, 6 random discs or 3 traps
    (HR-9.2)."""
    if slot == GLADIATOR:
        return GLADIATOR_TYPES[gladiator_type or BASE_GLADIATOR_TYPE].frame_cost
    if gladiator_type is not None:
        raise ValueError(f"only the gladiator has a type, not the {slot}")
    return FRAMES[slot]


def type_cost(gladiator_type: str) -> int:
    """The type's price over the Vértes: the frame difference (HR-9.5: 0, 0, +2, +3)."""
    base = GLADIATOR_TYPES[BASE_GLADIATOR_TYPE].frame_cost
    return GLADIATOR_TYPES[gladiator_type].frame_cost - base


# --- 9.3 Stats ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class StatRule:
    """Price and range of one stat of one member (HR-9.3); ``unit_cost`` None: fixed, not sold."""

    stat: Stat
    unit_cost: int | None
    minimum: int
    base: int
    maximum: int
    source: str = "HR-9.3"

    def in_range(self, value: int) -> bool:
        return self.minimum <= value <= self.maximum

    def cost(self, value: int) -> int:
        """Points paid above base (refunded below it), in range or not; fixed stats are unpriced."""
        if self.unit_cost is None:
            if value != self.base:
                raise ValueError(f"{self.stat.value} is fixed at {self.base}; {value} has no price")
            return 0
        return self.unit_cost * (value - self.base)


GLADIATOR_TE_VE_UNIT_COST: Final = 3
OUTER_TE_VE_UNIT_COST: Final = 2
UNIT_COSTS: Final[Mapping[Stat, int]] = MappingProxyType(
    {Stat.CE: 2, Stat.EP: 1, Stat.EG: 1, Stat.ME: 1, Stat.MOV: 4, Stat.SFE: 4, Stat.STP: 1}
)  # TÉ and VÉ: gladiator 3, others 2
GLADIATOR_TE_VE_SPREAD: Final = 2  # type base −2 / +2
GLADIATOR_MOV_SPREAD: Final = 1  # type base −1 / +1
GLADIATOR_MOV_MAX: Final = 6

_RANGES: Final[Mapping[str, Mapping[Stat, tuple[int, int, int]]]] = MappingProxyType(
    {
        WITCH_MASTER: {
            Stat.TE: (4, 6, 9),
            Stat.VE: (6, 8, 11),
            Stat.EP: (8, 10, 14),
            Stat.EG: (3, 5, 8),
            Stat.ME: (4, 6, 9),
            Stat.MOV: (3, 4, 5),
            Stat.SFE: (0, 1, 2),
            Stat.STP: (1, 2, 3),
        },
        CROSSBOWMAN: {
            Stat.TE: (5, 7, 10),
            Stat.VE: (6, 8, 11),
            Stat.CE: (10, 12, 15),
            Stat.EP: (9, 12, 15),
            Stat.EG: (2, 4, 7),
            Stat.ME: (0, 0, 3),
            Stat.MOV: (3, 4, 5),
            Stat.SFE: (0, 2, 2),
            Stat.STP: (2, 3, 4),
        },
        DEASTA: {
            Stat.TE: (9, 11, 14),
            Stat.VE: (8, 10, 13),
            Stat.CE: (8, 10, 13),
            Stat.EP: (8, 11, 14),
            Stat.EG: (2, 4, 7),
            Stat.ME: (0, 0, 3),
            Stat.MOV: (4, 5, 6),
            Stat.SFE: (0, 1, 2),
            Stat.STP: (2, 3, 4),
        },
        LAEVA: {
            Stat.TE: (7, 9, 12),
            Stat.VE: (7, 9, 12),
            Stat.CE: (9, 11, 14),
            Stat.EP: (8, 10, 14),
            Stat.EG: (2, 4, 7),
            Stat.ME: (0, 0, 3),
            Stat.MOV: (4, 5, 6),
            Stat.SFE: (0, 1, 2),
            Stat.STP: (2, 3, 4),
        },
        STRATEGIST: {Stat.EP: (6, 10, 14), Stat.EG: (2, 4, 7), Stat.ME: (0, 0, 3)},
        GLADIATOR: {Stat.EP: (16, 20, 24), Stat.EG: (3, 5, 7), Stat.ME: (0, 0, 3)},
    }
)


def _unit_cost(slot: str, stat: Stat) -> int:
    if stat in (Stat.TE, Stat.VE):
        return GLADIATOR_TE_VE_UNIT_COST if slot == GLADIATOR else OUTER_TE_VE_UNIT_COST
    return UNIT_COSTS[stat]


def stat_rules(slot: str, gladiator_type: str | None = None) -> Mapping[Stat, StatRule]:
    """Every stat the member has, with its price and range (HR-9.3).

    The gladiator's TÉ, VÉ and Mozgás are relative to his type's base (TÉ/VÉ ±2, Mozgás ±1 and at
    most 6); his SFÉ and STP are fixed by the type. The strategist's SFÉ / STP (0 / 0) are fixed
    too.
    """
    # Looked up in the table built once below (pricing and the validator ask it for every member of
    # every check); what is not in it (an unknown slot or type) is built, and refused, as before.
    known = _STAT_RULES.get((slot, gladiator_type))
    return known if known is not None else _build_stat_rules(slot, gladiator_type)


def _build_stat_rules(slot: str, gladiator_type: str | None) -> Mapping[Stat, StatRule]:
    rules: dict[Stat, StatRule] = {
        stat: StatRule(stat, _unit_cost(slot, stat), *bounds) for stat, bounds in _RANGES[slot].items()
    }
    if slot == GLADIATOR:
        gtype = GLADIATOR_TYPES[gladiator_type or BASE_GLADIATOR_TYPE]
        spread = GLADIATOR_TE_VE_SPREAD
        for stat, base in ((Stat.TE, gtype.base_te), (Stat.VE, gtype.base_ve)):
            rules[stat] = StatRule(stat, GLADIATOR_TE_VE_UNIT_COST, base - spread, base, base + spread)
        rules[Stat.MOV] = StatRule(
            Stat.MOV,
            UNIT_COSTS[Stat.MOV],
            gtype.mov - GLADIATOR_MOV_SPREAD,
            gtype.mov,
            min(gtype.mov + GLADIATOR_MOV_SPREAD, GLADIATOR_MOV_MAX),
        )
        rules[Stat.SFE] = StatRule(Stat.SFE, None, gtype.sfe, gtype.sfe, gtype.sfe)
        rules[Stat.STP] = StatRule(Stat.STP, None, gtype.stp, gtype.stp, gtype.stp)
    elif gladiator_type is not None:
        raise ValueError(f"only the gladiator has a type, not the {slot}")
    if slot == STRATEGIST:
        profile = PROFILES[STRATEGIST]
        rules[Stat.SFE] = StatRule(Stat.SFE, None, profile.sfe, profile.sfe, profile.sfe)
        rules[Stat.STP] = StatRule(Stat.STP, None, profile.stp, profile.stp, profile.stp)
    order = list(Stat)
    return MappingProxyType(dict(sorted(rules.items(), key=lambda kv: order.index(kv[0]))))


# Every member's stat rules, each slot with no type and the gladiator with each of his types:
# immutable, built at import from the data above.
_STAT_RULES: Final[Mapping[tuple[str, str | None], Mapping[Stat, StatRule]]] = MappingProxyType(
    {
        (slot, gladiator_type): _build_stat_rules(slot, gladiator_type)
        for slot in _RANGES
        for gladiator_type in ((None, *GLADIATOR_TYPES) if slot == GLADIATOR else (None,))
    }
)


def stats_cost(slot: str, stats: Mapping[Stat, int], gladiator_type: str | None = None) -> int:
    """Σ unit cost × (value − base) over ``stats``; stats left out are at base (HR-9.3)."""
    rules = stat_rules(slot, gladiator_type)
    total = 0
    for stat, value in stats.items():
        rule = rules.get(stat)
        if rule is None:
            raise ValueError(f"a {slot} has no {stat.value}")
        total += rule.cost(value)
    return total


# --- 9.4 Skills -----------------------------------------------------------------------------------


def skill_cost(skill_id: str) -> int:
    """HR-9.4's price of a numbered skill; type specials are never bought (TB-10)."""
    cost = SKILLS[skill_id].point_cost
    if cost is None:
        raise ValueError(f"{skill_id} is a type special and cannot be bought")
    return cost


def skills_cost(skills: Iterable[str]) -> int:
    return sum(skill_cost(s) for s in skills)


# --- 9.5 Equipment and magic ----------------------------------------------------------------------

PILE_MIN_ITEMS: Final = 1  # besides the free kit
PILE_MAX_ITEMS: Final = 5


def pile_cost(items: Iterable[str]) -> int:
    """Points for the pile's items besides the kit (HR-9.5); the kit is free and never listed."""
    total = 0
    for item in items:
        cost = WEAPONS[item].pile_cost
        if cost is None:
            raise ValueError(f"{item} belongs to the free kit, not to the pile")
        total += cost
    return total


@dataclass(frozen=True)
class AmmoRule:
    """A priced supply (HR-9.5): ``points_per_step`` per ``step`` above or below ``base``."""

    ammo: Ammo
    base: int
    minimum: int
    maximum: int
    step: int
    points_per_step: int
    source: str = "HR-9.5"

    def allowed(self, count: int) -> bool:
        return self.minimum <= count <= self.maximum and (count - self.base) % self.step == 0


AMMO_RULES: Final[Mapping[Ammo, AmmoRule]] = MappingProxyType(
    {
        Ammo.BOLTS: AmmoRule(Ammo.BOLTS, base=12, minimum=8, maximum=16, step=2, points_per_step=1),
        Ammo.THROWING_DAGGERS: AmmoRule(
            Ammo.THROWING_DAGGERS, base=8, minimum=6, maximum=12, step=2, points_per_step=1
        ),
        Ammo.SPELL_DISCS: AmmoRule(Ammo.SPELL_DISCS, base=6, minimum=5, maximum=7, step=1, points_per_step=6),
    }
)
FIXED_AMMO: Final[Mapping[Ammo, int]] = MappingProxyType(
    {Ammo.JAVELINS: 3, Ammo.NETS: 2, Ammo.TRAP_CARDS: 3}  # kit (RB p.20) and 3 kept traps (RB p.7)
)


def ammo_cost(ammo: Ammo, count: int) -> int:
    """± points for ``count`` against the base (HR-9.5). Counts off the step have no price."""
    fixed = FIXED_AMMO.get(ammo)
    if fixed is not None:
        if count != fixed:
            raise ValueError(f"{ammo.value} are fixed at {fixed}")
        return 0
    rule = AMMO_RULES[ammo]
    delta = count - rule.base
    if delta % rule.step:
        raise ValueError(f"{count} {ammo.value}: only steps of {rule.step} from {rule.base} are priced")
    return delta // rule.step * rule.points_per_step


FIXED_DISC_POINTS_PER_LEVEL: Final = 2  # HR-9.5: 2 × the disc's level
MAX_FIXED_DISCS: Final = 2  # HR-9.5: at most 2 of the discs
MAX_FIXED_LEVEL_5_DISCS: Final = 1  # HR-9.5: at most one fixed level-5


def fixed_discs_cost(levels: Iterable[int]) -> int:
    """2 × level for each fixed (chosen) disc, which replaces a random draw (HR-9.5)."""
    total = 0
    for level in levels:
        if level not in DISC_POOL:
            raise ValueError(f"no spell disc of level {level}")
        total += FIXED_DISC_POINTS_PER_LEVEL * level
    return total


MIN_AMULETS: Final = 3
MAX_AMULETS: Final = 4
DUPLICATE_AMULET_COST: Final = 1
EXTRA_AMULET_COST: Final = 4


def amulet_cost(amulets: Sequence[str]) -> int:
    """The team's amulets (HR-9.5): the standard set is free, +1 per duplicate in place of a
    standard amulet, +4 for a 4th amulet of any type."""
    for amulet in amulets:
        if amulet not in AMULETS:
            raise ValueError(f"unknown amulet {amulet}")
    standard_slots = min(len(amulets), len(STANDARD_AMULET_SET))
    duplicates = standard_slots - len(set(amulets))
    extra = max(0, len(amulets) - len(STANDARD_AMULET_SET))
    return max(0, duplicates) * DUPLICATE_AMULET_COST + extra * EXTRA_AMULET_COST


TRAP_CARDS_KEPT: Final = 3
TRAP_INSIGHT_COSTS: Final[Mapping[int, int]] = MappingProxyType({3: 0, 4: 4, 5: 8})  # cards drawn


def trap_insight_cost(drawn: int) -> int:
    """The strategist's trap insight: draw 4 keep 3 +4, draw 5 keep 3 +8 (HR-9.5)."""
    try:
        return TRAP_INSIGHT_COSTS[drawn]
    except KeyError:
        raise ValueError(f"a strategist draws 3, 4 or 5 trap cards, not {drawn}") from None


def vial_cost(vial: str) -> int:
    """Poison vial 3, potion 4 (HR-9.5), only under their options (HR-7)."""
    return VIALS[vial].point_cost


def equipment_cost(
    *,
    pile: Iterable[str] = (),
    ammunition: Mapping[Ammo, int] | None = None,
    fixed_disc_levels: Iterable[int] = (),
    trap_cards_drawn: int = TRAP_CARDS_KEPT,
    vial: str | None = None,
) -> int:
    """A member's equipment and magic (HR-9.5): pile items, supplies against their base, fixed
    discs, trap insight and a vial."""
    total = pile_cost(pile)
    for ammo, count in (ammunition or {}).items():
        total += ammo_cost(ammo, count)
    total += fixed_discs_cost(fixed_disc_levels)
    total += trap_insight_cost(trap_cards_drawn)
    if vial is not None:
        total += vial_cost(vial)
    return total


# --- Member and team costs ------------------------------------------------------------------------


@dataclass(frozen=True)
class CostBreakdown:
    frame: int
    stats: int
    skills: int
    equipment: int

    @property
    def total(self) -> int:
        return self.frame + self.stats + self.skills + self.equipment


def member_cost_breakdown(
    slot: str,
    stats: Mapping[Stat, int],
    skills: Iterable[str],
    equipment: int = 0,
    gladiator_type: str | None = None,
) -> CostBreakdown:
    """frame + stat deltas × unit cost + skill costs + equipment (HR-9). ``gladiator_type`` defaults
    to the Vértes for the gladiator; ``equipment`` is what ``equipment_cost`` gave."""
    if slot not in SLOT_ROLES:
        raise ValueError(f"unknown member slot {slot}")
    return CostBreakdown(
        frame=frame_cost(slot, gladiator_type),
        stats=stats_cost(slot, stats, gladiator_type),
        skills=skills_cost(skills),
        equipment=equipment,
    )


def member_cost(
    slot: str,
    stats: Mapping[Stat, int],
    skills: Iterable[str],
    equipment: int = 0,
    gladiator_type: str | None = None,
) -> int:
    return member_cost_breakdown(slot, stats, skills, equipment, gladiator_type).total


def base_member_breakdowns() -> Mapping[str, CostBreakdown]:
    """The base team (HR-2.1) priced member by member."""
    result: dict[str, CostBreakdown] = {}
    for profile in PROFILES.values():
        equipment = equipment_cost(pile=profile.pile, ammunition=dict(profile.ammunition))
        result[profile.id] = member_cost_breakdown(
            profile.id, profile.stats(), profile.skills, equipment, profile.gladiator_type
        )
    return MappingProxyType(result)


def base_member_costs() -> Mapping[str, int]:
    """70 / 35 / 30 / 25 / 25 / 15 (HR-9.2)."""
    return MappingProxyType({slot: b.total for slot, b in base_member_breakdowns().items()})


def team_value(member_costs: Iterable[int], amulets: Sequence[str] = STANDARD_AMULET_SET) -> int:
    """Σ member costs + the team items, the amulets (HR-9)."""
    return sum(member_costs) + amulet_cost(amulets)
