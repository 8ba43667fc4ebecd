"""A character's choices in words, named from the engine's catalogs, for the read-only team page."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.text import capfirst

from arena.engine.content.amulets import AMULETS, VIALS
from arena.engine.content.common import ARMOUR_NAMES, STAT_NAMES, Armour, Stat
from arena.engine.content.points import TRAP_CARDS_KEPT
from arena.engine.content.profiles import AMMO_NAMES, Ammo
from arena.engine.content.skills import SKILLS
from arena.engine.content.weapons import GLADIATOR_TYPES, WEAPONS

from .models import Character


def _named(catalog: Mapping[str, Any], item_id: str, attribute: str = "name_en") -> str:
    """The entry's name; an id the catalog does not know is shown as it is (the validator reports it)."""
    entry = catalog.get(item_id)
    return str(getattr(entry, attribute)) if entry is not None else item_id


def _weapons(items: list[str]) -> str:
    return ", ".join(_named(WEAPONS, item) for item in items)


def fixed_equipment_lines(character: Character) -> list[tuple[str, str]]:
    """What the builder does not change: his armour and the gladiator's kit."""
    lines = []
    if character.kit:
        lines.append(("Kit", ", ".join(f"{n} × {_named(WEAPONS, item)}" for item, n in character.kit.items())))
    if character.armour:
        known = {a.value: a for a in Armour}.get(character.armour)
        lines.append(("Armour", ARMOUR_NAMES[known][1] if known is not None else character.armour))
    return lines


def character_lines(character: Character) -> list[tuple[str, str]]:
    """``(label, value)`` lines of everything the character carries, profile first."""
    values = {stat: getattr(character, stat.value) for stat in Stat}
    profile = " · ".join(f"{STAT_NAMES[s][0]} {value}" for s, value in values.items() if value is not None)
    lines = [("Profile", profile)]
    if character.skills:
        lines.append(("Skills", ", ".join(_named(SKILLS, s, "name_hu") for s in character.skills)))
    if character.gladiator_type:
        lines.append(("Type", _named(GLADIATOR_TYPES, character.gladiator_type, "name_hu")))
    if character.pile:
        lines.append(("Weapon pile", _weapons(character.pile)))
    if character.starting_grip:
        lines.append(("Starting grip", " + ".join(_named(WEAPONS, i) for i in character.starting_grip)))
    lines.extend(fixed_equipment_lines(character))
    for kind, count in character.ammunition.items():
        name = AMMO_NAMES[Ammo(kind)][1] if kind in {a.value for a in Ammo} else kind
        lines.append(("Supplies", f"{count} {name}"))
    if character.disc_count is not None:
        fixed = ", ".join(f"level {level}" for level in character.fixed_discs)
        lines.append(("Spell discs", f"{character.disc_count}" + (f" (fixed: {fixed})" if fixed else "")))
    if character.trap_cards_drawn is not None:
        lines.append(("Trap cards", f"draw {character.trap_cards_drawn}, keep {TRAP_CARDS_KEPT}"))
    if character.amulet:
        lines.append(("Amulet", capfirst(_named(AMULETS, character.amulet))))
    if character.me_token is not None:
        lines.append(("ME token", str(character.me_token)))
    if character.vial:
        lines.append(("Vial", _named(VIALS, character.vial)))
    return lines
