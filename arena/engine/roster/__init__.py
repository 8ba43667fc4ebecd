"""A team as the builder, team files, leagues and match set-up hand it to the engine.

``Roster`` and ``Member`` are plain immutable values: what a player chose, by ids, never prices.
Prices come from :mod:`arena.engine.content.points` (``roster_costs``) and every point rule of HR-9.6
is checked in one place, :func:`arena.engine.roster.point_rules.validate_roster`, which returns every broken
rule as a :class:`Problem`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from arena.engine.content.amulets import STANDARD_AMULET_SET
from arena.engine.content.common import Role, Stat
from arena.engine.content.discs import DISCS_DRAWN
from arena.engine.content.points import TRAP_CARDS_KEPT
from arena.engine.content.profiles import (
    CROSSBOWMAN,
    GLADIATOR,
    MEMBER_SLOTS,
    PROFILES,
    SLOT_ROLES,
    STRATEGIST,
    WITCH_MASTER,
    Ammo,
)
from arena.engine.content.weapons import BASE_GLADIATOR_TYPE, KIT

ACTIVE = "active"
ABSENT = "absent"
DEAD = "dead"
HIRELING = "hireling"
MEMBER_STATUSES = (ACTIVE, ABSENT, DEAD, HIRELING)  # campaign statuses (HR-10.4)
BUYABLE_AMMO = (Ammo.BOLTS, Ammo.THROWING_DAGGERS)  # HR-9.5; javelins and nets are the fixed kit
MEMBER_NAME_MAX_LENGTH = 40  # HR-9.6 TB-23: names of 1–40 characters
TEAM_NAME_MAX_LENGTH = 80  # the site's limit (no rule limits it): the team file refuses longer names
# A team's notes: free text for people, room for any note, not for a book. The site stores at most
# this many characters, and every reader of a team file (validate_team, the web import) refuses more.
TEAM_NOTES_MAX_LENGTH = 5000


@dataclass(frozen=True)
class Problem:
    """One broken rule: its stable id (``TB-02``), the message for people, and where it is.

    ``message`` is English, ``message_hu`` the same message in Hungarian (empty when whoever made
    the problem gave none; ``text`` then falls back to English). ``path`` names the field
    concerned, dotted: ``members.gladiator.stats.te``, ``amulets``, ``tier``. Two problems are
    equal when code, English message and path are: the Hungarian is a rendering of the same one.
    """

    code: str
    message: str
    path: str = ""
    message_hu: str = field(default="", compare=False)

    def text(self, language: str) -> str:
        """The message in ``language``: Hungarian for ``"hu"`` (English while there is none),
        English for any other language."""
        if language == "hu" and self.message_hu:
            return self.message_hu
        return self.message


@dataclass(frozen=True)
class Member:
    """One of the six: slot (``gladiator``, ``deasta`` …), name and every choice on the sheet.

    ``stats`` holds the profile values the sheet prints (the gladiator's TÉ/VÉ without weapons);
    ``ammunition`` the counted supplies (bolts, throwing daggers; the gladiator's javelins and nets
    are his kit). ``pile``, ``kit`` and ``starting_grip`` are the gladiator's item ids. ``amulet`` is
    an amulet id, ``me_token`` 2 or 3 when pre-assigned, ``vial`` a vial id under the optional rules.
    ``fixed_discs`` (witch-master) are chosen disc levels, ``disc_count`` how many discs he takes in
    all; ``trap_cards_drawn`` (strategist) is 3, or 4 / 5 with trap insight. ``status`` is the
    campaign status (``active``, ``absent``, ``dead``, ``hireling``).
    """

    slot: str
    name: str
    stats: Mapping[Stat, int]
    skills: tuple[str, ...] = ()
    gladiator_type: str | None = None
    pile: tuple[str, ...] = ()
    kit: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    starting_grip: tuple[str, ...] = ()
    armour: str = ""
    ammunition: Mapping[Ammo, int] = field(default_factory=lambda: MappingProxyType({}))
    amulet: str | None = None
    me_token: int | None = None
    vial: str | None = None
    disc_count: int | None = None
    fixed_discs: tuple[int, ...] = ()
    trap_cards_drawn: int | None = None
    status: str = ACTIVE

    @property
    def role(self) -> Role | None:
        return SLOT_ROLES.get(self.slot)


@dataclass(frozen=True)
class Roster:
    """A whole team: name, tier and members (in any order; validation checks the six slots).

    ``options`` are the ids of the optional rules (HR-7) the team is built for; ``notes`` is free
    text for people, carried by the team file and never read by the rules.
    """

    name: str
    tier: str
    members: tuple[Member, ...]
    options: frozenset[str] = frozenset()
    notes: str = ""

    def member(self, slot: str) -> Member | None:
        for member in self.members:
            if member.slot == slot:
                return member
        return None

    @property
    def amulets(self) -> tuple[str, ...]:
        return tuple(m.amulet for m in self.members if m.amulet is not None)

    def in_sheet_order(self) -> tuple[tuple[str, Member], ...]:
        """Every member with its key, in sheet order (``MEMBER_SLOTS``; unknown slots last, in
        roster order). The key is the slot, or ``slot#n`` for the n-th member of a slot already
        taken (``gladiator#2``), so that rosters with duplicate slots can still be priced and
        reported; problems' paths use it (``members.gladiator#2.name``)."""
        order = {slot: index for index, slot in enumerate(MEMBER_SLOTS)}
        ranked = sorted(enumerate(self.members), key=lambda pair: (order.get(pair[1].slot, len(order)), pair[0]))
        seen: dict[str, int] = {}
        keyed: list[tuple[str, Member]] = []
        for _, member in ranked:
            seen[member.slot] = seen.get(member.slot, 0) + 1
            count = seen[member.slot]
            keyed.append((member.slot if count == 1 else f"{member.slot}#{count}", member))
        return tuple(keyed)


def buyable_ammo(slot: str) -> tuple[Ammo, ...]:
    """The counted supplies a member of ``slot`` buys under HR-9.5 (bolts for the crossbowman,
    throwing daggers for each dagger-thrower, nothing for the others)."""
    return _BUYABLE_AMMO.get(slot, ())


# Built once: pricing and the validator ask for every member of every check.
_BUYABLE_AMMO: Mapping[str, tuple[Ammo, ...]] = MappingProxyType(
    {slot: tuple(kind for kind, _ in profile.ammunition if kind in BUYABLE_AMMO) for slot, profile in PROFILES.items()}
)


def base_member(slot: str, name: str | None = None) -> Member:
    """The base team's member for ``slot`` exactly as HR-2.1 prints him."""
    profile = PROFILES[slot]
    # The standard set (one of each kind) handed to the three front-line fighters; a player may
    # move them at will (RB p.7: the player hands them out freely).
    amulet_index = {GLADIATOR: 0, WITCH_MASTER: 1, CROSSBOWMAN: 2}.get(slot)
    return Member(
        slot=slot,
        name=name or profile.name_en,
        stats=MappingProxyType(dict(profile.stats())),
        skills=tuple(profile.skills),
        gladiator_type=BASE_GLADIATOR_TYPE if slot == GLADIATOR else None,
        pile=tuple(profile.pile),
        kit=MappingProxyType(dict(KIT) if slot == GLADIATOR else {}),
        starting_grip=tuple(profile.default_grip),
        armour=profile.armour.value,
        ammunition=MappingProxyType({k: v for k, v in profile.ammunition if k in BUYABLE_AMMO}),
        amulet=STANDARD_AMULET_SET[amulet_index] if amulet_index is not None else None,
        disc_count=DISCS_DRAWN if slot == WITCH_MASTER else None,
        trap_cards_drawn=TRAP_CARDS_KEPT if slot == STRATEGIST else None,
    )


def base_roster(name: str = "Base team", tier: str = "standard") -> Roster:
    """The base team of HR-2 (200 points, valid in every tier)."""
    return Roster(name=name, tier=tier, members=tuple(base_member(slot) for slot in MEMBER_SLOTS))
