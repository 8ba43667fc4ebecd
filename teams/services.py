"""Writes: every change to a team goes through here, and the engine judges the result.

A team may be saved in any state as a draft; only ``team_mark_ready`` and ``team_import`` insist on
a valid roster (``validate_roster`` finds nothing). A new base team that is valid starts ready; an
edit that breaks a ready team makes it a draft.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from arena.engine.content.common import Stat
from arena.engine.content.points import stat_rules
from arena.engine.content.profiles import GLADIATOR, PROFILES
from arena.engine.content.weapons import GLADIATOR_TYPES
from arena.engine.roster import Member, Problem, Roster, base_roster
from arena.engine.roster.point_rules import RosterCosts, check_roster, validate_roster
from arena.engine.roster.teamfile import TeamFileError, dumps, loads
from common.i18n import entry_name
from common.prepared import update_rows

from .models import Character, Team
from .selectors import roster_of, team_characters, team_to_roster

TEAM_FIELDS = frozenset({"name", "tier", "notes", "options"})
CHARACTER_FIELDS = frozenset(
    field.name for field in Character._meta.concrete_fields if field.name not in {"id", "team", "slot"}
)


class TeamInvalidError(ValueError):
    """The team breaks rules where only a valid team will do; ``problems`` lists every one."""

    def __init__(self, message: str, problems: tuple[Problem, ...]) -> None:
        super().__init__(message)
        self.problems = problems


@dataclass(frozen=True)
class TeamEdit:
    """What an edit left: the rules the team now breaks, whether it fell back from ready, and
    whether it is a draft that keeps every rule (the builder offers to mark it ready)."""

    problems: tuple[Problem, ...]
    back_to_draft: bool
    can_be_ready: bool = False
    costs: RosterCosts | None = None  # the price the validators judged, for the report (``team_report``)


def member_fields(member: Member) -> dict[str, Any]:
    """A member's choices as ``Character`` field values (JSON-friendly lists and dicts)."""
    fields: dict[str, Any] = {stat.value: member.stats.get(stat) for stat in Stat}
    fields.update(
        slot=member.slot,
        name=member.name,
        skills=list(member.skills),
        gladiator_type=member.gladiator_type,
        pile=list(member.pile),
        kit=dict(member.kit),
        starting_grip=list(member.starting_grip),
        armour=member.armour,
        ammunition={ammo.value: count for ammo, count in member.ammunition.items()},
        amulet=member.amulet,
        me_token=member.me_token,
        vial=member.vial,
        disc_count=member.disc_count,
        fixed_discs=list(member.fixed_discs),
        trap_cards_drawn=member.trap_cards_drawn,
    )
    return fields


def _team_fields(roster: Roster) -> dict[str, Any]:
    return {"name": roster.name, "tier": roster.tier, "notes": roster.notes, "options": sorted(roster.options)}


def _create_characters(team: Team, roster: Roster) -> None:
    Character.objects.bulk_create(Character(team=team, **member_fields(m)) for m in roster.members)


_NUMBERED = re.compile(r"^(?P<base>.*) \((?P<number>\d+)\)$")


def unused_team_name(*, owner: User, name: str) -> str:
    """``name``, or when the owner has a team of that name the first free ``name (2)``, ``(3)`` …
    (a name that is numbered already counts on from its base), within the name's length."""
    max_length = Team._meta.get_field("name").max_length or 80
    match = _NUMBERED.match(name)
    base = match.group("base") if match else name
    similar = Team.objects.filter(owner=owner, name__startswith=base[: max_length - 8])
    taken = set(similar.values_list("name", flat=True))
    if name not in taken:
        return name
    number = 2
    while True:
        suffix = f" ({number})"
        candidate = base[: max_length - len(suffix)] + suffix
        if candidate not in taken:
            return candidate
        number += 1


@transaction.atomic
def team_create_from_roster(*, owner: User, roster: Roster, ready: bool = False) -> Team:
    status = Team.Status.READY if ready else Team.Status.DRAFT
    team = Team.objects.create(owner=owner, status=status, **_team_fields(roster))
    _create_characters(team, roster)
    return team


@transaction.atomic
def team_replace_roster(*, team: Team, roster: Roster) -> Team:
    """Make ``team`` hold ``roster`` (as a draft), keeping its id and share link."""
    for field, value in _team_fields(roster).items():
        setattr(team, field, value)
    team.status = Team.Status.DRAFT
    team.save()
    team.characters.all().delete()
    _create_characters(team, roster)
    return team


def team_create_from_base(*, owner: User, name: str, tier: str) -> Team:
    """A new team holding the base team of HR-2, its members named after their places in the
    reader's language (Gladiátor / Gladiator …). It starts ready when the validators find nothing
    (the base team is valid in every tier), else as a draft."""
    roster = base_roster(name=name, tier=tier)
    roster = replace(roster, members=tuple(replace(m, name=entry_name(PROFILES[m.slot])) for m in roster.members))
    return team_create_from_roster(owner=owner, roster=roster, ready=not validate_roster(roster))


def team_copy(*, team: Team, owner: User) -> Team:
    """A draft copy for ``owner`` (his own team, or one shared with him), with its own share link,
    named in the reader's language and numbered when he has a team of that name."""
    name = (_("Copy of %(name)s") % {"name": team.name})[: Team._meta.get_field("name").max_length]
    name = unused_team_name(owner=owner, name=name)
    return team_create_from_roster(owner=owner, roster=replace(team_to_roster(team), name=name))


def team_update(
    *,
    team: Team,
    changes: Mapping[str, Any] | None = None,
    member_changes: Mapping[str, Mapping[str, Any]] | None = None,
    characters: Iterable[Character] | None = None,
) -> TeamEdit:
    """Save team fields (``changes``) and member fields by slot (``member_changes``) in any state.
    Only what differs from the stored values is written; when nothing does (the builder posts the
    whole form), nothing is, and the team keeps its last change's time.

    Changing the gladiator's type puts the values tied to the type at the new type's base.
    ``characters``: the team's characters, when the caller has read them (the builder, on every
    change); they are changed in memory as the team's own would be.

    The change is made and judged in memory first and written after, in one short transaction (on
    PostgreSQL one statement): on SQLite a transaction holds the database's write lock from its start
    (IMMEDIATE), so the engine's check inside it would keep every other worker's save waiting
    (docs/decisions.md, "Builder speed").
    """
    changes = changes or {}
    member_changes = member_changes or {}
    _refuse_unknown_fields(changes, TEAM_FIELDS)
    changed = [field for field, value in changes.items() if getattr(team, field) != value]
    for field in changed:
        setattr(team, field, changes[field])
    read = team_characters(team) if characters is None else characters
    by_slot = {character.slot: character for character in read}
    rows: dict[int, dict[str, Any]] = {}
    for slot, values in member_changes.items():
        if slot not in by_slot:
            raise ValueError(f"{team.name} has no {slot}")
        _refuse_unknown_fields(values, CHARACTER_FIELDS)
        character = by_slot[slot]
        fields = _apply_member_changes(character, values)
        if fields:  # only what changed: the row's rest as it is
            rows[character.pk] = {field: getattr(character, field) for field in fields}
    check = check_roster(roster_of(team, by_slot.values()))
    problems = check.problems
    back_to_draft = team.is_ready and bool(problems)
    if back_to_draft:
        team.status = Team.Status.DRAFT
    if changed or rows or back_to_draft:
        # "updated": the sheets' version moves on. UPDATEs of the fields, without Model.save's
        # machinery nor a query built each time: the builder saves on every change. The rows in one
        # order (docs/decisions/teams.md, "Builder on PostgreSQL"): the changed characters in
        # ascending pk, then the team; on PostgreSQL one statement, elsewhere one transaction.
        team.updated = timezone.now()
        team_values = {field: getattr(team, field) for field in changed}
        update_rows(
            [
                *((Character, pk, rows[pk]) for pk in sorted(rows)),
                (Team, team.pk, {**team_values, "status": team.status, "updated": team.updated}),
            ]
        )
    return TeamEdit(
        problems=problems,
        back_to_draft=back_to_draft,
        can_be_ready=not team.is_ready and not problems,
        costs=check.costs,
    )


def _refuse_unknown_fields(values: Mapping[str, Any], allowed: frozenset[str]) -> None:
    unknown = set(values) - allowed
    if unknown:
        raise ValueError(f"not editable: {', '.join(sorted(unknown))}")


def _apply_member_changes(character: Character, values: Mapping[str, Any]) -> list[str]:
    """Set the values that differ from the character's (in memory); the fields that changed."""
    old_type = character.gladiator_type
    changed = [field for field, value in values.items() if getattr(character, field) != value]
    for field in changed:
        setattr(character, field, values[field])
    if character.slot == GLADIATOR and character.gladiator_type != old_type:
        changed += _reset_type_bound_stats(character, old_type)
    return sorted(set(changed))


def _reset_type_bound_stats(character: Character, old_type: str | None) -> list[str]:
    """Put the values tied to the gladiator's type at the new type's base; the fields it set."""
    new_type = character.gladiator_type
    if not _is_known_type(old_type) or not _is_known_type(new_type):
        return []  # an unknown type is reported by the validator; there is no base to reset to
    old_rules = stat_rules(character.slot, old_type)
    reset = []
    for stat, rule in stat_rules(character.slot, new_type).items():
        if old_rules.get(stat) != rule:
            setattr(character, stat.value, rule.base)
            reset.append(stat.value)
    return reset


def _is_known_type(gladiator_type: str | None) -> bool:
    return gladiator_type is None or gladiator_type in GLADIATOR_TYPES


@transaction.atomic
def team_mark_ready(*, team: Team) -> None:
    """Mark the team ready for play; refused, with every problem, while it breaks any rule."""
    problems = validate_roster(team_to_roster(team))
    if problems:
        raise TeamInvalidError(f"{team.name} breaks {len(problems)} rule(s)", problems)
    team.status = Team.Status.READY
    team.save(update_fields=["status", "updated"])


def team_mark_draft(*, team: Team) -> None:
    team.status = Team.Status.DRAFT
    team.save(update_fields=["status", "updated"])


def team_delete(*, team: Team) -> None:
    team.delete()


@transaction.atomic
def team_import(*, owner: User, text: str | bytes) -> Team:
    """A new draft from a team file (text, or an upload's bytes). Only valid files import: on any
    problem nothing is saved and ``TeamInvalidError`` carries the problems, the file's format errors
    (the engine's team file also holds the limits: size, nesting, numbers, members, text, the team
    name's and the notes' lengths, which ``Team`` stores) or the broken rules."""
    try:
        roster = loads(text)
    except TeamFileError as error:
        raise TeamInvalidError("the team file cannot be read", tuple(error.problems)) from error
    problems = validate_roster(roster)
    if problems:
        raise TeamInvalidError(f"{roster.name} breaks {len(problems)} rule(s)", problems)
    name = unused_team_name(owner=owner, name=roster.name)
    return team_create_from_roster(owner=owner, roster=replace(roster, name=name))


def team_export(*, team: Team) -> str:
    return dumps(team_to_roster(team))
