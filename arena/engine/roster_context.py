"""What the HR-9.6 validators read and how their messages speak.

``RuleContext`` holds a roster with its members in sheet order (``Entry``: a member and his key),
its tier, its price and the campaign flag; ``problem`` fills a rule's HR-9.6 message template. The
labels name things the way the messages do: members by name (by their slot's English name while
they have none), roles in English, skills and gladiator types by their Hungarian names as HR-3 and
HR-4 print them, items by their English names.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from .content.common import ARMOUR_NAMES, ROLE_NAMES, Armour, Role
from .content.points import VALIDATION_RULES, Tier
from .content.profiles import PROFILES
from .content.skills import SKILLS
from .content.weapons import BASE_GLADIATOR_TYPE, GLADIATOR_TYPES, WEAPONS
from .roster import Member, Problem, Roster
from .roster_pricing import MemberCost, RosterCosts, known_tier, roster_costs


@dataclass(frozen=True)
class Entry:
    """A member as the validators see him: his key (the slot, ``slot#2`` for a duplicate)."""

    key: str
    member: Member

    @property
    def slot(self) -> str:
        return self.member.slot

    @property
    def role(self) -> Role | None:
        return self.member.role

    @property
    def name(self) -> str:
        return display_name(self.member)

    def path(self, *parts: str) -> str:
        return ".".join(("members", self.key, *parts))


@dataclass(frozen=True)
class RuleContext:
    """What every validator reads: the roster, its members in sheet order, its tier (None when
    unknown), its price, and whether it is fielded in a campaign match."""

    roster: Roster
    entries: tuple[Entry, ...]
    tier: Tier | None
    costs: RosterCosts
    campaign: bool

    def known(self) -> Iterator[Entry]:
        """Members in the six known slots, in sheet order."""
        return (e for e in self.entries if e.role is not None)

    def in_slot(self, slot: str) -> Iterator[Entry]:
        return (e for e in self.entries if e.slot == slot)

    def in_roles(self, *roles: Role) -> Iterator[Entry]:
        return (e for e in self.entries if e.role in roles)

    def cost(self, entry: Entry) -> MemberCost:
        return self.costs.members[entry.key]

    @property
    def tier_binds(self) -> bool:
        """Budget, caps and ranges bind: a known tier, outside campaigns. HR-10.6: tiers are
        checked only when a team registers, and advances may go past the HR-9.3 maxima."""
        return self.tier is not None and not self.campaign


def problem(rule_id: str, path: str, **values: object) -> Problem:
    """A broken rule with the HR-9.6 message of ``rule_id`` filled with ``values``."""
    return Problem(rule_id, VALIDATION_RULES[rule_id].message(**values), path)


def display_name(member: Member) -> str:
    """The member's name; his slot's English name while he has none (TB-23 reports that)."""
    return member.name.strip() or slot_label(member.slot).capitalize()


def role_label(role: Role) -> str:
    return ROLE_NAMES[role][1]


def slot_label(slot: str) -> str:
    """``gladiator``, ``witch-master`` … ``dagger-thrower (deasta)``; an unknown slot as given."""
    profile = PROFILES.get(slot)
    return profile.name_en.lower() if profile is not None else slot


def skill_label(skill: str) -> str:
    return SKILLS[skill].name_hu if skill in SKILLS else skill


def type_label(gladiator_type: str | None) -> str:
    known = GLADIATOR_TYPES.get(gladiator_type or BASE_GLADIATOR_TYPE)
    return known.name_hu if known is not None else str(gladiator_type)


def item_label(item: str) -> str:
    return WEAPONS[item].name_en.lower() if item in WEAPONS else item


def items_label(items: Iterable[str]) -> str:
    return " + ".join(item_label(i) for i in items) or "none"


def listing(words: Iterable[str], empty: str = "none") -> str:
    return ", ".join(words) or empty


def or_listing(words: Iterable[str]) -> str:
    """``a, b, c or d``."""
    items = list(words)
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} or {items[-1]}"


def armour_label(armour: str) -> str:
    known = {a.value: a for a in Armour}.get(armour)
    return ARMOUR_NAMES[known][1] if known is not None else repr(armour)


def gladiator_type_of(entry: Entry) -> str | None:
    """His type as the rules read it: left out is the Vértes; None when the type is unknown."""
    gladiator_type = entry.member.gladiator_type or BASE_GLADIATOR_TYPE
    return gladiator_type if gladiator_type in GLADIATOR_TYPES else None


def is_kit_item(item: str) -> bool:
    return item in WEAPONS and WEAPONS[item].is_kit


def rule_context(roster: Roster, *, campaign: bool = False) -> RuleContext:
    """The context every validator of one ``validate_roster`` call shares."""
    return RuleContext(
        roster=roster,
        entries=tuple(Entry(key, member) for key, member in roster.in_sheet_order()),
        tier=known_tier(roster),
        costs=roster_costs(roster),
        campaign=campaign,
    )
