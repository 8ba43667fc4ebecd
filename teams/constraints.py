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


def _stat_condition(stat: Stat) -> Q:
    """For each place: within his widest HR-9.3 range, or empty; a stat he lacks only empty or 0."""
    condition = Q()
    for slot in MEMBER_SLOTS:
        bounds = SLOT_STAT_BOUNDS[slot].get(stat)
        allowed = _between(stat.value, bounds) if bounds else Q(**{stat.value: ABSENT_STAT})
        condition |= Q(slot=slot) & (allowed | Q(**{f"{stat.value}__isnull": True}))
    return condition


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
