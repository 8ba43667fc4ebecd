"""How large or small each number of a team may be, read from the engine's data (issue 11).

A draft may break the rules (the validator names what is wrong), but every number a player sends is
bounded, so that no post can store a value the rules could never use (a pile of a million weapons,
TÉ 99999) or one the database cannot hold. The forms, the model's validators and its database CHECK
constraints all take their bounds from here:

- **Stats** (HR-9.3): the range of ``stat_rules`` for the member's place and the gladiator's type.
  The form uses the exact range of his type; the model and the database, which cannot see the type's
  data, the widest range of his place over the four types. A stat his role lacks ("–") is empty or 0.
- **Supplies** (HR-9.5): bolts, throwing daggers and spell discs within their ``AMMO_RULES`` ranges;
  trap cards drawn among ``TRAP_INSIGHT_COSTS``; ME tokens among ``ME_TOKEN_VALUES``; fixed discs of a
  level of ``DISC_POOL``, at most as many as the most discs a witch-master carries.
- **The weapon pile**: the rules say "1–5 items" (TB-12) and "two of a one-handed weapon" (TB-14), but
  a draft may break those. What no team of any tier can ever field is a pile dearer than its gladiator
  may cost: at most 40% of the budget (TB-03, HR-9.1), in the largest budget (``TIERS``) 100 points,
  his frame and stats not yet counted. So a pile costs at most that many points, and holds at most as
  many copies of an item as that buys (50 one-handed weapons or shields, 33 two-handed weapons).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Final

from arena.engine.content.amulets import ME_TOKEN_VALUES
from arena.engine.content.common import Stat
from arena.engine.content.discs import DISC_POOL
from arena.engine.content.points import AMMO_RULES, TIERS, TRAP_INSIGHT_COSTS, StatRule, stat_rules
from arena.engine.content.profiles import GLADIATOR, MEMBER_SLOTS, Ammo
from arena.engine.content.weapons import GLADIATOR_TYPES, PILE_ITEMS, WEAPONS

Bounds = tuple[int, int]

# --- stats (HR-9.3) -------------------------------------------------------------------------------


def _widest(rules: Iterable[StatRule]) -> Bounds:
    rules = list(rules)
    return min(r.minimum for r in rules), max(r.maximum for r in rules)


def _slot_stat_bounds(slot: str) -> Mapping[Stat, Bounds]:
    types: list[str | None] = list(GLADIATOR_TYPES) if slot == GLADIATOR else [None]
    by_type = [stat_rules(slot, gladiator_type) for gladiator_type in types]
    return MappingProxyType({stat: _widest(rules[stat] for rules in by_type) for stat in by_type[0]})


SLOT_STAT_BOUNDS: Final[Mapping[str, Mapping[Stat, Bounds]]] = MappingProxyType(
    {slot: _slot_stat_bounds(slot) for slot in MEMBER_SLOTS}
)
"""Per place, the widest HR-9.3 range of each stat he has (the gladiator's over the four types)."""

ABSENT_STAT: Final = 0  # TB-06: a stat the role does not have may only be 0 (or left out)


def stat_envelope(stat: Stat) -> Bounds:
    """The widest range of ``stat`` over every place, 0 included when a place lacks it."""
    ranges = [bounds.get(stat, (ABSENT_STAT, ABSENT_STAT)) for bounds in SLOT_STAT_BOUNDS.values()]
    return min(low for low, _ in ranges), max(high for _, high in ranges)


# --- supplies (HR-9.5) ----------------------------------------------------------------------------

AMMO_BOUNDS: Final[Mapping[Ammo, Bounds]] = MappingProxyType(
    {ammo: (rule.minimum, rule.maximum) for ammo, rule in AMMO_RULES.items()}
)
DISC_COUNT_BOUNDS: Final = AMMO_BOUNDS[Ammo.SPELL_DISCS]
TRAP_CARDS_DRAWN_BOUNDS: Final = (min(TRAP_INSIGHT_COSTS), max(TRAP_INSIGHT_COSTS))
ME_TOKENS: Final = tuple(ME_TOKEN_VALUES)
FIXED_DISC_LEVELS: Final = tuple(sorted(DISC_POOL))
FIXED_DISCS_MAX: Final = DISC_COUNT_BOUNDS[1]  # no more fixed discs than the most discs he carries

# --- the weapon pile ------------------------------------------------------------------------------

PILE_POINTS_MAX: Final = max(tier.caps.gladiator for tier in TIERS.values())
"""No pile may cost more than a gladiator may cost in the largest budget (TB-03): such a team could
never play in any tier."""


def pile_cost(item: str) -> int:
    return WEAPONS[item].pile_cost or 0


def pile_copies_max(item: str) -> int:
    """The most copies of ``item`` that ``PILE_POINTS_MAX`` buys."""
    return PILE_POINTS_MAX // pile_cost(item)


PILE_ITEMS_MAX: Final = max(pile_copies_max(item) for item in PILE_ITEMS)
"""The longest pile within ``PILE_POINTS_MAX``: all of the cheapest item."""


def pile_points(counts: Mapping[str, int]) -> int:
    return sum(pile_cost(item) * count for item, count in counts.items())
