"""Writes: every change to a warband goes through here, and the rules judge the result.

A warband may be saved in any state as a draft; only ``warband_mark_ready`` and ``warband_import``
insist on a valid warband (``check_warband`` finds nothing). A change that breaks a ready warband makes
it a draft again. Each write to an existing warband locks its row first (``select_for_update``), the
only lock these writes take, so two tabs of one owner cannot interleave a check and a save.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from warbands.rules.army_list import ARMY_LIST, army_figure, sample_warband
from warbands.rules.bilingual import Text
from warbands.rules.model import Figure
from warbands.rules.model import Warband as RulesWarband
from warbands.rules.warband_checks import Violation, check_warband
from warbands.rules.warband_file import WarbandFileError, dump_warband_file, parse_warband_file

from .convert import rules_warband, stored_fields
from .models import DEFAULT_POINTS, NAME_MAX_LENGTH, NOTES_MAX_LENGTH, Warband
from .reader_language import reader_language

# The most figures one pick of the army list adds (a new warband's form bounds each count so).
MAX_PICK = 20


class WarbandInvalidError(ValueError):
    """The warband breaks rules where only a valid one will do; ``violations`` lists every one."""

    def __init__(self, message: str, violations: tuple[Violation, ...]) -> None:
        super().__init__(message)
        self.violations = violations


@dataclass(frozen=True)
class WarbandEdit:
    """What a save left: the rules now broken, whether it fell back from ready, and whether it is a
    draft that keeps every rule (the builder offers to mark it ready)."""

    violations: tuple[Violation, ...]
    back_to_draft: bool
    can_be_ready: bool


_NUMBERED = re.compile(r"^(?P<base>.*) \((?P<number>\d+)\)$")


def unused_warband_name(*, owner: User, name: str) -> str:
    """``name``, or the first free ``name (2)``, ``(3)`` … among the owner's warbands."""
    match = _NUMBERED.match(name)
    base = match.group("base") if match else name
    taken = set(
        Warband.objects.filter(owner=owner, name__startswith=base[: NAME_MAX_LENGTH - 8]).values_list("name", flat=True)
    )
    if name not in taken:
        return name
    number = 2
    while True:
        suffix = f" ({number})"
        candidate = base[: NAME_MAX_LENGTH - len(suffix)] + suffix
        if candidate not in taken:
            return candidate
        number += 1


def warband_create(*, owner: User, warband: RulesWarband) -> Warband:
    """A new draft holding ``warband`` (named so that the owner's names stay apart)."""
    fields = stored_fields(replace(warband, name=unused_warband_name(owner=owner, name=warband.name)))
    return Warband.objects.create(owner=owner, status=Warband.Status.DRAFT, **fields)


def army_list_figures(picks: Mapping[str, int], language: str) -> tuple[Figure, ...]:
    """Figures of the army list (WB-6): ``picks`` maps a profile id to how many, each named after its
    profile in ``language``, numbered when there are several (“Warrior 1”, “Warrior 2”)."""
    figures: list[Figure] = []
    for profile_id, profile in ARMY_LIST.items():
        count = picks.get(profile_id, 0)
        if not 0 <= count <= MAX_PICK:
            raise ValueError(f"{count} figures of {profile_id}: 0 to {MAX_PICK}")
        name = profile.name.get(language)
        for number in range(1, count + 1):
            figures.append(army_figure(profile_id, f"{name} {number}" if count > 1 else name, language))
    return tuple(figures)


def warband_create_new(
    *,
    owner: User,
    name: str,
    points: int = DEFAULT_POINTS,
    start: str = "empty",
    picks: Mapping[str, int] | None = None,
) -> Warband:
    """A new warband: ``start`` is ``"empty"``, ``"army"`` (the army list's ``picks``) or ``"sample"``
    (WB-5's sample, built from the army list)."""
    language = reader_language()
    if start == "sample":
        base = replace(sample_warband(language), name=name, points=points)
    elif start == "army":
        base = RulesWarband(name=name, points=points, figures=army_list_figures(picks or {}, language))
    elif start == "empty":
        base = RulesWarband(name=name, points=points)
    else:
        raise ValueError(f"unknown start {start!r}")
    return warband_create(owner=owner, warband=base)


@transaction.atomic
def warband_save(*, warband: Warband, contents: RulesWarband) -> WarbandEdit:
    """Store ``contents`` (name, L, notes, figures, pools, illusions) in any state. A ready warband
    that now breaks a rule becomes a draft."""
    locked = Warband.objects.select_for_update().get(pk=warband.pk)
    violations = check_warband(contents)
    fields = stored_fields(contents)
    changed = [field for field, value in fields.items() if getattr(locked, field) != value]
    back_to_draft = bool(violations) and locked.is_ready
    if back_to_draft:
        changed.append("status")
        locked.status = Warband.Status.DRAFT
    for field, value in fields.items():
        setattr(locked, field, value)
        setattr(warband, field, value)
    warband.status = locked.status
    if changed:
        locked.save(update_fields=[*changed, "updated"])
        warband.updated = locked.updated
    return WarbandEdit(violations, back_to_draft, can_be_ready=not violations and not locked.is_ready)


def warband_copy(*, warband: Warband, owner: User) -> Warband:
    """A draft copy for ``owner`` (his own warband, or one shared with him), with its own share link."""
    name = (_("Copy of %(name)s") % {"name": warband.name})[:NAME_MAX_LENGTH]
    return warband_create(owner=owner, warband=replace(rules_warband(warband), name=name))


@transaction.atomic
def warband_mark_ready(*, warband: Warband) -> None:
    """Mark it ready; refused, with every broken rule, while it breaks any."""
    locked = Warband.objects.select_for_update().get(pk=warband.pk)
    violations = check_warband(rules_warband(locked))
    if violations:
        raise WarbandInvalidError(f"{locked.name} breaks {len(violations)} rule(s)", violations)
    warband.status = locked.status = Warband.Status.READY
    locked.save(update_fields=["status", "updated"])


def warband_mark_draft(*, warband: Warband) -> None:
    warband.status = Warband.Status.DRAFT
    warband.save(update_fields=["status", "updated"])


def warband_delete(*, warband: Warband) -> None:
    warband.delete()


def warband_export(*, warband: Warband) -> str:
    """The warband file (``viadal-warband``, version 1), prices as WB-2 computes them."""
    return dump_warband_file(rules_warband(warband))


_NOTES_TOO_LONG = Text(
    "The notes are longer than {limit} characters.", "A jegyzet hosszabb {limit} karakternél."
).format(limit=NOTES_MAX_LENGTH)


@transaction.atomic
def warband_import(*, owner: User, text: str | bytes) -> Warband:
    """A new draft from a warband file. Only valid files import: on any problem nothing is saved and
    ``WarbandInvalidError`` carries them all (the file's ``FILE-…`` problems, with its limits, or the
    broken rules WB-01 … WB-15)."""
    try:
        contents = parse_warband_file(text)
    except WarbandFileError as error:
        raise WarbandInvalidError("the warband file cannot be read", error.problems) from error
    violations = check_warband(contents)
    if len(contents.notes) > NOTES_MAX_LENGTH:
        violations = (*violations, Violation("FILE-FIELD", "notes", _NOTES_TOO_LONG))
    if violations:
        raise WarbandInvalidError(f"{contents.name} breaks {len(violations)} rule(s)", violations)
    return warband_create(owner=owner, warband=contents)
