"""The database's own guard on a character's numbers: CHECK constraints built from ``teams.team_bounds``.

The member forms refuse an out-of-range value with a message beside its field; these constraints
refuse it again should anything else write the table (a script, the admin, a bug), with the same
bounds. They hold on SQLite and PostgreSQL alike. A change of the engine's ranges changes these
constraints, and ``makemigrations --check`` (run with the suite) asks for the migration.
"""

from __future__ import annotations

from typing import Any

from django.db.models import CheckConstraint, Func, IntegerField, Q
from django.db.models.lookups import LessThanOrEqual

from arena.engine.content.common import Stat
from arena.engine.content.profiles import MEMBER_SLOTS
from arena.engine.roster import BUYABLE_AMMO

from .team_bounds import (
    ABSENT_STAT,
    AMMO_BOUNDS,
    DISC_COUNT_BOUNDS,
    FIXED_DISCS_MAX,
    ME_TOKENS,
    PILE_ITEMS_MAX,
    SLOT_STAT_BOUNDS,
    TRAP_CARDS_DRAWN_BOUNDS,
)


class JSONArrayLength(Func):
    """The length of a JSON array column: ``json_array_length`` (SQLite), ``jsonb_array_length``
    (PostgreSQL)."""

    function = "JSON_ARRAY_LENGTH"
    output_field = IntegerField()

    def as_postgresql(self, compiler: Any, connection: Any, **extra: Any) -> Any:
        return self.as_sql(compiler, connection, function="JSONB_ARRAY_LENGTH", **extra)


def _between(field: str, bounds: tuple[int, int]) -> Q:
    return Q(**{f"{field}__gte": bounds[0], f"{field}__lte": bounds[1]})


def may_be_empty(stat: Stat) -> bool:
    """A stat some place lacks ("–") may be left empty: its column is nullable (``Character``)."""
    return any(stat not in bounds for bounds in SLOT_STAT_BOUNDS.values())


def _stat_condition(stat: Stat) -> Q:
    """Within the widest HR-9.3 range of his place; a stat his place lacks only 0; empty where some
    place lacks it (``may_be_empty``).

    Written short: PostgreSQL reads and prepares every CHECK constraint of a row each time it writes
    the row (the builder saves on every change), so its cost grows with the conditions' length. Places
    with the same range share one test (``slot IN (…)``), and emptiness is tested once, not once a
    place: 40 % shorter than one test a place (docs/scale-out.md, round 14). A place that is none of
    the team's (a slot the rules do not have) still fails: the stats that may not be empty test every
    place, and these constraints hold together."""
    by_range: dict[tuple[int, int], list[str]] = {}
    for slot in MEMBER_SLOTS:
        by_range.setdefault(SLOT_STAT_BOUNDS[slot].get(stat, (ABSENT_STAT, ABSENT_STAT)), []).append(slot)
    condition = Q()
    for (low, high), slots in by_range.items():
        place = Q(slot=slots[0]) if len(slots) == 1 else Q(slot__in=slots)
        value = Q(**{stat.value: low}) if low == high else Q(**{f"{stat.value}__range": (low, high)})
        condition |= place & value
    return Q(**{f"{stat.value}__isnull": True}) | condition if may_be_empty(stat) else condition


def character_constraints() -> list[CheckConstraint]:
    constraints = [
        CheckConstraint(condition=_stat_condition(stat), name=f"character_{stat.value}_in_range") for stat in Stat
    ]
    for ammo in BUYABLE_AMMO:
        bounds, key = AMMO_BOUNDS[ammo], f"ammunition__{ammo.value}"
        constraints.append(
            CheckConstraint(
                condition=Q(**{f"{key}__isnull": True}) | _between(key, bounds),
                name=f"character_{ammo.value}_in_range",
            )
        )
    constraints += [
        CheckConstraint(
            condition=Q(disc_count__isnull=True) | _between("disc_count", DISC_COUNT_BOUNDS),
            name="character_disc_count_in_range",
        ),
        CheckConstraint(
            condition=Q(trap_cards_drawn__isnull=True) | _between("trap_cards_drawn", TRAP_CARDS_DRAWN_BOUNDS),
            name="character_trap_cards_drawn_in_range",
        ),
        CheckConstraint(
            condition=Q(me_token__isnull=True) | Q(me_token__in=ME_TOKENS), name="character_me_token_in_range"
        ),
        CheckConstraint(
            condition=LessThanOrEqual(JSONArrayLength("pile"), PILE_ITEMS_MAX), name="character_pile_within_budget"
        ),
        CheckConstraint(
            condition=LessThanOrEqual(JSONArrayLength("fixed_discs"), FIXED_DISCS_MAX),
            name="character_fixed_discs_in_range",
        ),
    ]
    return constraints
