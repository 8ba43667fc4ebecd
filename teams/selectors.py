"""Reads: teams as the engine sees them (``Roster``), priced and checked by the engine."""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from types import MappingProxyType

from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.utils.translation import ngettext

from arena.engine.content.amulets import STANDARD_AMULET_SET
from arena.engine.content.common import STATS
from arena.engine.content.points import DUPLICATE_AMULET_COST, EXTRA_AMULET_COST
from arena.engine.content.profiles import PROFILES, Ammo
from arena.engine.roster import Member, Problem, Roster
from arena.engine.roster.point_rules import RosterCosts, check_roster, roster_costs
from common.i18n import entry_name
from common.prepared import PreparedQuery

from .models import Character, Team
from .presenters import character_lines


def character_to_member(character: Character) -> Member:
    stats = {stat: getattr(character, stat.value) for stat in STATS}
    return Member(
        slot=character.slot,
        name=character.name,
        stats=MappingProxyType({stat: value for stat, value in stats.items() if value is not None}),
        skills=tuple(character.skills),
        gladiator_type=character.gladiator_type,
        pile=tuple(character.pile),
        kit=MappingProxyType(dict(character.kit)),
        starting_grip=tuple(character.starting_grip),
        armour=character.armour,
        ammunition=MappingProxyType({Ammo(kind): count for kind, count in character.ammunition.items()}),
        amulet=character.amulet,
        me_token=character.me_token,
        vial=character.vial,
        disc_count=character.disc_count,
        fixed_discs=tuple(character.fixed_discs),
        trap_cards_drawn=character.trap_cards_drawn,
    )


def team_characters(team: Team) -> list[Character]:
    """The team's characters in sheet order; uses prefetched characters when there are some."""
    return sorted(team.characters.all(), key=lambda character: character.sheet_order)


def roster_of(team: Team, characters: Iterable[Character]) -> Roster:
    """The roster of ``team`` with these characters (as edited in memory, say)."""
    ordered = sorted(characters, key=lambda character: character.sheet_order)
    return Roster(
        name=team.name,
        tier=team.tier,
        members=tuple(character_to_member(c) for c in ordered),
        options=frozenset(team.options),
        notes=team.notes,
    )


def team_to_roster(team: Team) -> Roster:
    return roster_of(team, team.characters.all())


@dataclass(frozen=True)
class PointsRow:
    """One line of the points summary: what a member costs against his cap."""

    name: str
    role: str
    spent: int
    cap: int

    @property
    def left(self) -> int:
        return self.cap - self.spent

    @property
    def is_over(self) -> bool:
        return self.spent > self.cap


@dataclass(frozen=True)
class TeamReport:
    """A team with what the engine says about it: the price of everything and every broken rule."""

    team: Team
    characters: list[Character]
    costs: RosterCosts
    problems: tuple[Problem, ...]

    @property
    def is_valid(self) -> bool:
        return not self.problems

    @property
    def sheets(self) -> list[tuple[Character, list[tuple[str, str]]]]:
        return [(character, character_lines(character)) for character in self.characters]

    @property
    def amulet_note(self) -> str:
        """What the amulets cost (HR-9.5), with how many the members carry: the panel's 0 is the free set."""
        carried = sum(1 for character in self.characters if character.amulet)
        return ngettext(
            "%(count)s carried: the first %(free)s, one of each type, are free; a duplicate type among them "
            "+%(duplicate)s, a 4th amulet +%(extra)s (HR-9.5).",
            "%(count)s carried: the first %(free)s, one of each type, are free; a duplicate type among them "
            "+%(duplicate)s, a 4th amulet +%(extra)s (HR-9.5).",
            carried,
        ) % {
            "count": carried,
            "free": len(STANDARD_AMULET_SET),
            "duplicate": DUPLICATE_AMULET_COST,
            "extra": EXTRA_AMULET_COST,
        }

    @property
    def points_rows(self) -> list[PointsRow]:
        rows = []
        for character in self.characters:
            cost = self.costs.members.get(character.slot)
            if cost is not None:
                role = entry_name(PROFILES[character.slot])
                rows.append(PointsRow(character.name or role, role, cost.total, cost.cap))
        return rows


def team_report(
    team: Team,
    problems: tuple[Problem, ...] | None = None,
    costs: RosterCosts | None = None,
    characters: list[Character] | None = None,
) -> TeamReport:
    """The report of ``team``; ``problems`` and ``costs``: what ``check_roster`` found for it as it
    is now, when the caller has them already (``team_update`` returns them), so the rules are
    checked and the team priced once; ``characters``: its characters in sheet order, when the caller
    has them (``team_characters``)."""
    characters = team_characters(team) if characters is None else characters
    if problems is None or costs is None:
        check = check_roster(roster_of(team, characters))
        problems = check.problems if problems is None else problems
        costs = check.costs if costs is None else costs
    return TeamReport(team=team, characters=characters, costs=costs, problems=problems)


def teams_owned_by(owner: User) -> QuerySet[Team]:
    return Team.objects.filter(owner=owner)


def team_list_for(owner: User) -> list[tuple[Team, RosterCosts]]:
    """The owner's teams with their prices, in two queries whatever their number."""
    teams = teams_owned_by(owner).prefetch_related("characters")
    return [(team, roster_costs(team_to_roster(team))) for team in teams]


# The builder's read (``owned_team_with_characters``), compiled once per process: it runs on every change.
_TEAM_WITH_CHARACTERS = PreparedQuery(
    Character,
    lambda team_id, owner_id: Character.objects.filter(team_id=team_id, team__owner_id=owner_id).select_related("team"),
    team_id=-7_301_000_001,
    owner_id=-7_301_000_002,
)


def owned_team_with_characters(owner: User, pk: int) -> Team | None:
    """The owner's team ``pk`` with its characters in one query (the characters joined to their team,
    instead of the team and then its characters), its SQL compiled once per process: the builder reads
    it on every change. None when he has no such team. The characters are the team's prefetched
    ``characters``, as ``prefetch_related`` leaves them, and all share one team instance."""
    rows = _TEAM_WITH_CHARACTERS.rows(team_id=pk, owner_id=owner.pk)
    if not rows:  # no such team of his, or a team without members
        return teams_owned_by(owner).prefetch_related("characters").filter(pk=pk).first()
    team = _TEAM_WITH_CHARACTERS.instance(rows[0], Team)
    characters = [_TEAM_WITH_CHARACTERS.instance(row, Character) for row in rows]
    for character in characters:
        character.team = team
    members = team.characters.all()
    # What prefetch_related itself stores: the related manager's queryset with its rows in place.
    members._result_cache = characters
    members._prefetch_done = True  # type: ignore[attr-defined]
    team._prefetched_objects_cache = {"characters": members}  # type: ignore[attr-defined]
    return team


def teams_shared_as(token: uuid.UUID) -> QuerySet[Team]:
    return Team.objects.filter(share_token=token)
