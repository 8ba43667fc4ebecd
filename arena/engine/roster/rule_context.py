"""What the HR-9.6 validators read and how their messages speak.

``RuleContext`` holds a roster with its members in sheet order (``Entry``: a member and his key),
its tier, its price and the campaign flag; ``problem`` fills a rule's HR-9.6 message templates,
English and Hungarian, from one set of values: plain names and numbers, and the references of
:mod:`arena.engine.roster.labels` (``RoleRef``, ``StatRef`` …), which each language names its own
way.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from arena.engine.content.common import Role
from arena.engine.content.points import VALIDATION_RULES, Tier
from arena.engine.content.weapons import BASE_GLADIATOR_TYPE, GLADIATOR_TYPES, WEAPONS
from arena.engine.roster import Member, Problem, Roster
from arena.engine.roster.labels import EN, HU, MemberRef, rendered
from arena.engine.roster.pricing import MemberCost, RosterCosts, known_tier, roster_costs


@dataclass(frozen=True)
class Entry:
    """A member as the validators see him: his key (the slot, ``slot#2`` for a duplicate)."""

    key: str
    member: Member
    # His slot's role, None in an unknown slot: read once here, asked by nearly every rule.
    role: Role | None = field(init=False, compare=False)
    slot: str = field(init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "role", self.member.role)
        object.__setattr__(self, "slot", self.member.slot)

    @property
    def name(self) -> MemberRef:
        """His name in messages (his slot's name, in the reader's language, while he has none)."""
        return MemberRef(self.member.name, self.member.slot)

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
    """A broken rule with the HR-9.6 messages of ``rule_id``, English and Hungarian, each filled
    with ``values`` rendered in its language (``roster_labels``)."""
    rule = VALIDATION_RULES[rule_id]
    return Problem(
        rule_id,
        rule.message(**rendered(values, EN)),
        path,
        rule.message_hu(**rendered(values, HU)),
    )


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
