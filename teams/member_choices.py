"""The builder's choices and labels, each read from the engine's catalogs, in the reader's language."""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement
from typing import Any

from django.utils.text import capfirst
from django.utils.translation import gettext as _

from arena.engine.content.amulets import AMULETS, ME_TOKEN_VALUES, VIALS
from arena.engine.content.discs import DISC_POOL
from arena.engine.content.points import TRAP_CARDS_KEPT, TRAP_INSIGHT_COSTS, fixed_discs_cost
from arena.engine.content.skills import SKILLS
from arena.engine.content.weapons import DAGGER, GLADIATOR_TYPES, PILE_ITEMS, WEAPONS, Hands, is_legal_grip, wielded
from common.i18n import both, entry_label, entry_name

GRIP_SEPARATOR = "+"
NONE_CHOICE = ("", "—")
Choices = list[tuple[Any, str]]


def points(cost: int) -> str:
    """A price beside a choice: ``3 pt`` / ``3 pont``."""
    return _("%(points)s pt") % {"points": cost}


def with_current(choices: Choices, current: Any) -> Choices:
    """The choices, plus the value held now if it is not one of them (kept, and reported)."""
    if current is None or current == "" or any(value == current for value, _label in choices):
        return choices
    return [*choices, (current, _("%(value)s (not available)") % {"value": current})]


def skill_label(skill_id: str) -> str:
    skill = SKILLS.get(skill_id)
    if skill is None:
        return _("%(id)s (unknown)") % {"id": skill_id}
    price = f" · {points(skill.point_cost)}" if skill.point_cost is not None else ""
    return f"{entry_label(skill)}{price}"


def gladiator_type_choices() -> Choices:
    return [
        (t.id, _("%(type)s · frame %(points)s") % {"type": entry_label(t), "points": points(t.frame_cost)})
        for t in GLADIATOR_TYPES.values()
    ]


def amulet_choices() -> Choices:
    return [(a.id, capfirst(both(a.name_hu, a.name_en))) for a in AMULETS.values()]


def me_token_choices() -> Choices:
    return [(value, f"ME {value}") for value in ME_TOKEN_VALUES]


def vial_choices(team_options: list[str]) -> Choices:
    """The vials whose optional rule the team has on."""
    return [(v.id, f"{entry_label(v)} · {points(v.point_cost)}") for v in VIALS.values() if v.option in team_options]


def trap_insight_choices() -> Choices:
    return [
        (
            drawn,
            _("Draw %(drawn)s, keep %(kept)s · %(points)s")
            % {"drawn": drawn, "kept": TRAP_CARDS_KEPT, "points": points(cost)},
        )
        for drawn, cost in TRAP_INSIGHT_COSTS.items()
    ]


def disc_level_choices() -> Choices:
    return [
        (level, _("Level %(level)s · %(points)s") % {"level": level, "points": points(fixed_discs_cost([level]))})
        for level in DISC_POOL
    ]


def grip_value(items: tuple[str, ...] | list[str]) -> str:
    return GRIP_SEPARATOR.join(items)


def grip_label(items: tuple[str, ...] | list[str]) -> str:
    return " + ".join(entry_name(WEAPONS[i]) if i in WEAPONS else i for i in items) or _("Empty hands")


def legal_grips(gladiator_type: str | None, pile: tuple[str, ...] | None = None) -> list[tuple[str, ...]]:
    """Every grip HR-3.1 allows the type, each once, in the form it is fought with; given a pile, only
    the grips it holds (TB-15: as many copies as the grip takes; the belt dagger is always at hand)."""
    held = [w.id for w in WEAPONS.values() if w.hands is not Hands.THROWN]
    in_pile = Counter(pile or ())
    grips: dict[tuple[str, ...], None] = {}
    for size in (1, 2):
        for combo in combinations_with_replacement(held, size):
            if not is_legal_grip(combo, gladiator_type):
                continue
            wanted = Counter(item for item in combo if item != DAGGER)
            if pile is not None and any(in_pile[item] < count for item, count in wanted.items()):
                continue
            grips.setdefault(wielded(combo), None)
    return list(grips)


def grip_choices(
    gladiator_type: str | None, current: tuple[str, ...], pile: tuple[str, ...] | None = None
) -> tuple[Choices, str]:
    """The grips the type and the pile allow (plus the one held now when it is not one of them) and
    the value to show."""
    grips = legal_grips(gladiator_type, pile)
    shown = wielded(current) if wielded(current) in grips else current
    if shown not in grips:
        grips.append(shown)
    return [(grip_value(g), grip_label(g)) for g in grips], grip_value(shown)


def merged_pile(old: list[str], counts: dict[str, int]) -> list[str]:
    """The pile with the new item counts, keeping the order of the items that stay."""
    remaining = Counter(counts)
    pile = []
    for item in old:
        if item not in counts:
            pile.append(item)  # not an item the form offers; the validator names it
        elif remaining[item] > 0:
            pile.append(item)
            remaining[item] -= 1
    for item in PILE_ITEMS:
        pile.extend([item] * max(remaining[item], 0))
    return pile
