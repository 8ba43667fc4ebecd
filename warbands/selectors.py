"""Reads: warbands as the rules see them, priced (WB-2) and checked (WB-01 … WB-15) by ``warbands.rules``.

``WarbandReport`` and the query functions here are what other apps use (a league entry reads a ready
warband through ``ready_warbands_of``): kept stable.
"""

from __future__ import annotations

import uuid
from collections import defaultdict
from dataclasses import dataclass
from functools import cached_property

from django.contrib.auth.models import User
from django.db.models import QuerySet

from warbands.rules.figure_prices import WarbandTotals, warband_totals
from warbands.rules.model import Warband as RulesWarband
from warbands.rules.warband_checks import Violation, check_warband

from .convert import rules_warband
from .models import Warband


@dataclass(frozen=True)
class WarbandReport:
    """A warband with what the rules say of it: its totals and shares, and every broken rule."""

    warband: Warband
    rules: RulesWarband
    totals: WarbandTotals
    violations: tuple[Violation, ...]

    @property
    def is_valid(self) -> bool:
        return not self.violations

    @cached_property
    def by_field(self) -> dict[str, list[Violation]]:
        """The violations by the path of their field (``figures[2].quality``; "" for the warband)."""
        found: dict[str, list[Violation]] = defaultdict(list)
        for violation in self.violations:
            found[violation.field].append(violation)
        return dict(found)

    @property
    def codes(self) -> frozenset[str]:
        return frozenset(v.code for v in self.violations)


def warband_report(warband: Warband, rules: RulesWarband | None = None) -> WarbandReport:
    """The report of ``warband`` (``rules``: its contents as edited in memory, when the caller has them)."""
    rules = rules_warband(warband) if rules is None else rules
    return WarbandReport(warband, rules, warband_totals(rules), check_warband(rules))


def warbands_owned_by(owner: User) -> QuerySet[Warband]:
    return Warband.objects.filter(owner=owner)


def owned_warband(owner: User, pk: int) -> Warband | None:
    """The owner's warband ``pk``, or None (someone else's warband is not his to see by its id)."""
    return warbands_owned_by(owner).filter(pk=pk).first()


def ready_warbands_of(owner: User) -> QuerySet[Warband]:
    """The owner's warbands marked ready (what a league accepts as an entry)."""
    return warbands_owned_by(owner).filter(status=Warband.Status.READY)


def warbands_shared_as(token: uuid.UUID) -> QuerySet[Warband]:
    return Warband.objects.filter(share_token=token)


def warband_list_for(owner: User) -> list[tuple[Warband, WarbandTotals]]:
    """The owner's warbands with their totals, in one query whatever their number."""
    return [(warband, warband_totals(rules_warband(warband))) for warband in warbands_owned_by(owner)]
