"""The price of a roster, member by member (HR-9), for rosters that break the rules too.

Every number comes from :mod:`arena.engine.content.points`; this module only decides what of a
member can be priced. A team builder shows points live while the team is still broken, so nothing
here raises: what cannot be priced costs 0 and :func:`arena.engine.roster.point_rules.validate_roster`
reports it. Readings, each applied the same way by the validator:

- A value left out (``None``, or a stat or supply missing from its mapping) is the base team's
  value (HR-9.3: price per step away from base), so it costs nothing.
- An unknown gladiator type is priced as the base type, the Vértes; an unknown skill, item, amulet,
  vial or disc level costs 0; a member in an unknown slot costs 0 (TB-01 reports him).
- A supply count off its step (13 bolts) is priced at the nearest step towards the base; counts
  out of range are priced by the same rate (HR-9.5 prices per step, TB-17 judges the range).
- Fields that do not belong to a member's slot (a crossbowman's pile) are not priced.
- An unknown tier is priced against the Standard budget, the default (TB-02 reports the tier).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from arena.engine.content.amulets import AMULETS, VIALS
from arena.engine.content.common import Stat
from arena.engine.content.discs import DISC_POOL, DISCS_DRAWN
from arena.engine.content.points import (
    AMMO_RULES,
    DEFAULT_TIER,
    TIERS,
    Caps,
    Tier,
    ammo_cost,
    amulet_cost,
    fixed_discs_cost,
    frame_cost,
    pile_cost,
    skill_cost,
    stat_rules,
    trap_insight_cost,
    vial_cost,
)
from arena.engine.content.profiles import GLADIATOR, SLOT_ROLES, STRATEGIST, WITCH_MASTER, Ammo
from arena.engine.content.skills import CHOOSABLE_SKILLS
from arena.engine.content.weapons import BASE_GLADIATOR_TYPE, GLADIATOR_TYPES, WEAPONS
from arena.engine.roster import Member, Roster, buyable_ammo

TYPE_BOUND_STATS: Final = frozenset({Stat.TE, Stat.VE, Stat.MOV, Stat.SFE, Stat.STP})  # HR-9.3


@dataclass(frozen=True)
class MemberCost:
    """One member's price (HR-9) and the most he may cost in the roster's tier (HR-9.1)."""

    slot: str
    frame: int
    stats: int
    skills: int
    equipment: int
    total: int
    cap: int


@dataclass(frozen=True)
class RosterCosts:
    """The whole team's price. ``members`` is keyed like ``Roster.in_sheet_order`` (the slot) and
    in sheet order; ``remaining`` is ``budget − total`` and negative when over budget."""

    members: Mapping[str, MemberCost]
    amulets: int
    total: int
    budget: int
    remaining: int


def known_tier(roster: Roster) -> Tier | None:
    """The roster's tier, or None when its id is not one of HR-9.1's tiers."""
    return TIERS.get(roster.tier)


def pricing_tier(roster: Roster) -> Tier:
    """The tier the roster is priced against: its own, or the default when it is unknown."""
    return TIERS.get(roster.tier) or TIERS[DEFAULT_TIER]


def priced_type(member: Member) -> str | None:
    """The gladiator type his stats and frame are priced by (None for the others); a type left out
    or unknown counts as the Vértes."""
    if member.slot != GLADIATOR:
        return None
    if member.gladiator_type in GLADIATOR_TYPES:
        return member.gladiator_type
    return BASE_GLADIATOR_TYPE


def roster_costs(roster: Roster) -> RosterCosts:
    """Price every member and the team's amulets (HR-9); never raises."""
    tier = pricing_tier(roster)
    members = {key: member_cost_of(member, tier.caps) for key, member in roster.in_sheet_order()}
    amulets = amulet_cost([amulet for amulet in roster.amulets if amulet in AMULETS])
    total = sum(cost.total for cost in members.values()) + amulets
    return RosterCosts(
        members=MappingProxyType(members),
        amulets=amulets,
        total=total,
        budget=tier.budget,
        remaining=tier.budget - total,
    )


def member_cost_of(member: Member, caps: Caps) -> MemberCost:
    """One member's price; a member in an unknown slot costs 0 against the 25% cap."""
    role = SLOT_ROLES.get(member.slot)
    if role is None:
        return MemberCost(member.slot, 0, 0, 0, 0, 0, caps.member)
    frame = frame_cost(member.slot, priced_type(member))
    stats = _stats_price(member)
    skills = sum(skill_cost(s) for s in member.skills if s in CHOOSABLE_SKILLS)
    equipment = _equipment_price(member)
    return MemberCost(
        slot=member.slot,
        frame=frame,
        stats=stats,
        skills=skills,
        equipment=equipment,
        total=frame + stats + skills + equipment,
        cap=caps.for_role(role),
    )


def _stats_price(member: Member) -> int:
    """Σ unit cost × (value − base) over the stats he has; a fixed stat off its value, or a stat
    his role lacks, costs 0 (TB-06 reports it)."""
    rules = stat_rules(member.slot, priced_type(member))
    total = 0
    for stat, value in member.stats.items():
        rule = rules.get(stat)
        if rule is not None and rule.unit_cost is not None:
            total += rule.cost(value)
    return total


def _equipment_price(member: Member) -> int:
    """HR-9.5's equipment and magic of the fields his slot has, plus a vial."""
    total = 0
    if member.slot == GLADIATOR:
        total += pile_cost(item for item in member.pile if item in WEAPONS and not WEAPONS[item].is_kit)
    for ammo in buyable_ammo(member.slot):
        count = member.ammunition.get(ammo)
        if count is not None:
            total += supply_price(ammo, count)
    if member.slot == WITCH_MASTER:
        discs = DISCS_DRAWN if member.disc_count is None else member.disc_count
        total += supply_price(Ammo.SPELL_DISCS, discs)
        total += fixed_discs_cost(level for level in member.fixed_discs if level in DISC_POOL)
    if member.slot == STRATEGIST and member.trap_cards_drawn is not None:
        total += _trap_insight_price(member.trap_cards_drawn)
    if member.vial is not None and member.vial in VIALS:
        total += vial_cost(member.vial)
    return total


def supply_price(ammo: Ammo, count: int) -> int:
    """± points for ``count`` against the base (HR-9.5); off the step, the nearest step towards
    the base."""
    try:
        return ammo_cost(ammo, count)
    except ValueError:
        rule = AMMO_RULES[ammo]
        steps = abs(count - rule.base) // rule.step
        sign = 1 if count > rule.base else -1
        return sign * steps * rule.points_per_step


def _trap_insight_price(drawn: int) -> int:
    try:
        return trap_insight_cost(drawn)
    except ValueError:
        return 0
