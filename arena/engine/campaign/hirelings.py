"""Hirelings (*zsoldos*, HR-10.8): free stand-ins for one match.

A role whose member is dead or absent (or missing) is filled for one match by a hireling: the
role's base profile (HR-2.1; the gladiator is a Vértes) with −2 TÉ, VÉ and CÉ (those on his
sheet) and −2 Ép, the base skills and kit, status ``hireling``. He earns no XP, makes no injury
roll and leaves after the match.

:func:`fielded_roster` is the line-up a campaign team takes to a match: every active member, and a
hireling in each place whose member cannot play. The hireling takes over what stays with the team:
the amulet of the member he stands in for and, for the gladiator, the weapon pile, kit and
starting grip. ``validate_roster(fielded_roster(roster), campaign=True)`` then passes TB-24.
"""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType
from typing import Final

from arena.engine.campaign.rule_error import CampaignRuleError
from arena.engine.content.common import Stat
from arena.engine.content.profiles import GLADIATOR, MEMBER_SLOTS, PROFILES
from arena.engine.content.weapons import BASE_GLADIATOR_TYPE, is_legal_grip
from arena.engine.roster import ABSENT, DEAD, HIRELING, Member, Roster, base_member

HIRELING_PENALTIES: Final = MappingProxyType({Stat.TE: 2, Stat.VE: 2, Stat.CE: 2, Stat.EP: 2})


def hireling_member(slot: str, name: str | None = None) -> Member:
    """A hireling for ``slot`` (HR-10.8): base profile −2 TÉ/VÉ/CÉ, −2 Ép, base skills, no amulet.

    >>> h = hireling_member("crossbowman")
    >>> h.name, h.stats[Stat.TE], h.stats[Stat.CE], h.stats[Stat.EP], h.status
    ('Hireling crossbowman', 5, 10, 10, 'hireling')
    """
    profile = PROFILES.get(slot)
    if profile is None:
        raise CampaignRuleError(f"there is no {slot!r} to hire", "HR-10.8", f"nincs ilyen felbérelhető tag: {slot!r}")
    member = base_member(slot, name or f"Hireling {profile.name_en.lower()}")
    stats = {stat: value - HIRELING_PENALTIES.get(stat, 0) for stat, value in member.stats.items()}
    return replace(member, stats=MappingProxyType(stats), amulet=None, status=HIRELING)


def stands_in_for(hireling: Member, member: Member | None) -> Member:
    """The hireling with what the team keeps of ``member``: his amulet and, for the gladiator, the
    pile, kit and (if a Vértes may hold it) starting grip."""
    if member is None:
        return hireling
    hired = replace(hireling, amulet=member.amulet)
    if hireling.slot == GLADIATOR:
        grip = member.starting_grip
        hired = replace(
            hired,
            pile=member.pile,
            kit=member.kit,
            starting_grip=grip if is_legal_grip(grip, BASE_GLADIATOR_TYPE) else hireling.starting_grip,
        )
    return hired


def fielded_roster(roster: Roster) -> Roster:
    """The team as it takes the board in a campaign match: hirelings in the places of dead,
    absent or missing members (HR-10.5 step 5, HR-10.8)."""
    members: list[Member] = []
    for slot in MEMBER_SLOTS:
        member = roster.member(slot)
        if member is not None and member.status not in (DEAD, ABSENT, HIRELING):
            members.append(member)
        else:
            members.append(stands_in_for(hireling_member(slot), member))
    return replace(roster, members=tuple(members))


def after_match(roster: Roster, fielded: Roster) -> Roster:
    """The roster once the hirelings have left (HR-10.8): the members of ``fielded`` who are not
    hirelings, and the team's own members in the places the hirelings held."""
    members: list[Member] = []
    for slot in MEMBER_SLOTS:
        played = fielded.member(slot)
        own = roster.member(slot)
        if played is not None and played.status != HIRELING:
            members.append(played)
        elif own is not None and own.status != HIRELING:
            members.append(own)
    return replace(roster, members=tuple(members))
