"""The builder's choices and labels, each read from the engine's catalogs."""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement
from typing import Any

from django import forms
from django.utils.text import capfirst

from arena.engine.content.amulets import AMULETS, ME_TOKEN_VALUES, VIALS
from arena.engine.content.discs import DISC_POOL
from arena.engine.content.points import TRAP_CARDS_KEPT, TRAP_INSIGHT_COSTS, fixed_discs_cost
from arena.engine.content.skills import SKILLS
from arena.engine.content.weapons import GLADIATOR_TYPES, PILE_ITEMS, WEAPONS, Hands, is_legal_grip, wielded

GRIP_SEPARATOR = "+"
NONE_CHOICE = ("", "—")
Choices = list[tuple[Any, str]]


def with_current(choices: Choices, current: Any) -> Choices:
    """The choices, plus the value held now if it is not one of them (kept, and reported)."""
    if current is None or current == "" or any(value == current for value, _ in choices):
        return choices
    return [*choices, (current, f"{current} (not available)")]


def number_input(**attrs: int) -> forms.NumberInput:
    return forms.NumberInput(attrs={key: str(value) for key, value in attrs.items()})


def skill_label(skill_id: str) -> str:
    skill = SKILLS.get(skill_id)
    if skill is None:
        return f"{skill_id} (unknown)"
    price = f" · {skill.point_cost} pt" if skill.point_cost is not None else ""
    return f"{skill.name_hu} ({skill.name_en}){price}"


def gladiator_type_choices() -> Choices:
    return [
        (t.id, f"{t.name_hu} ({t.name_en}) · frame {t.frame_cost} pt")
        for t in GLADIATOR_TYPES.values()
    ]


def amulet_choices() -> Choices:
    return [(a.id, f"{capfirst(a.name_en)} ({a.name_hu})") for a in AMULETS.values()]


def me_token_choices() -> Choices:
    return [(value, f"ME {value}") for value in ME_TOKEN_VALUES]


def vial_choices(team_options: list[str]) -> Choices:
    """The vials whose optional rule the team has on."""
    return [
        (v.id, f"{v.name_en} ({v.name_hu}) · {v.point_cost} pt")
        for v in VIALS.values()
        if v.option in team_options
    ]


def trap_insight_choices() -> Choices:
    return [
        (drawn, f"Draw {drawn}, keep {TRAP_CARDS_KEPT} · {cost} pt")
        for drawn, cost in TRAP_INSIGHT_COSTS.items()
    ]


def disc_level_choices() -> Choices:
    return [(level, f"Level {level} · {fixed_discs_cost([level])} pt") for level in DISC_POOL]


def grip_value(items: tuple[str, ...] | list[str]) -> str:
    return GRIP_SEPARATOR.join(items)


def grip_label(items: tuple[str, ...] | list[str]) -> str:
    return " + ".join(WEAPONS[i].name_en if i in WEAPONS else i for i in items) or "Empty hands"


def legal_grips(gladiator_type: str | None) -> list[tuple[str, ...]]:
    """Every grip HR-3.1 allows the type, each once, in the form it is fought with."""
    held = [w.id for w in WEAPONS.values() if w.hands is not Hands.THROWN]
    grips: dict[tuple[str, ...], None] = {}
    for size in (1, 2):
        for combo in combinations_with_replacement(held, size):
            if is_legal_grip(combo, gladiator_type):
                grips.setdefault(wielded(combo), None)
    return list(grips)


def grip_choices(gladiator_type: str | None, current: tuple[str, ...]) -> tuple[Choices, str]:
    """The legal grips (plus the one held now when it is not legal) and the value to show."""
    grips = legal_grips(gladiator_type)
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
