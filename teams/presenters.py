"""A character's choices in words, named from the engine's catalogs, for the read-only team page.

Labels and names are in the reader's language (the one active when the lines are made); an
English reader sees the Hungarian term beside a skill's or a type's name, as the rulebook has it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.text import capfirst
from django.utils.translation import gettext as _

from arena.engine.content.amulets import AMULETS, VIALS
from arena.engine.content.common import ARMOUR_NAMES, STAT_NAMES, Armour, Stat
from arena.engine.content.points import TRAP_CARDS_KEPT
from arena.engine.content.profiles import AMMO_NAMES, GLADIATOR, PROFILES, Ammo
from arena.engine.content.skills import SKILLS
from arena.engine.content.weapons import GLADIATOR_TYPES, WEAPONS
from common.i18n import entry_label, entry_name, pair_name

from .models import Character


def _named(catalog: Mapping[str, Any], item_id: str, name: Any = entry_name) -> str:
    """The entry's name; an id the catalog does not know is shown as it is (the validator reports it)."""
    entry = catalog.get(item_id)
    return str(name(entry)) if entry is not None else item_id


def _weapons(items: list[str]) -> str:
    return ", ".join(_named(WEAPONS, item) for item in items)


def fixed_equipment_lines(character: Character) -> list[tuple[str, str]]:
    """What the builder does not change: his armour and the gladiator's kit."""
    lines = []
    if character.kit:
        lines.append((_("Kit"), ", ".join(f"{n} × {_named(WEAPONS, item)}" for item, n in character.kit.items())))
    if character.armour:
        lines.append((_("Armour"), armour_name(character.slot, character.armour, character.gladiator_type)))
    return lines


def armour_pair(slot: str, armour: str, gladiator_type: str | None) -> tuple[str, str]:
    """The armour in both languages as the team page and the sheets name it: its class, and the
    piece the profile or the gladiator's type wears when the class does not already say it
    (``metal armour (mail)`` / ``fémvért (sodronyvért)``; ``leather armour`` / ``bőrvért``)."""
    known = {a.value: a for a in Armour}.get(armour)
    if known is None:
        return armour, armour
    hungarian, english = ARMOUR_NAMES[known]
    worn = GLADIATOR_TYPES.get(gladiator_type or "") if slot == GLADIATOR else PROFILES.get(slot)
    if worn is None or known is Armour.NONE:
        return hungarian, english
    piece_hu, piece_en = worn.armour_hu, worn.armour_en
    return (
        hungarian if piece_hu.casefold() in hungarian.casefold() else f"{hungarian} ({piece_hu})",
        english if piece_en.casefold() in english.casefold() else f"{english} ({piece_en})",
    )


def armour_name(slot: str, armour: str, gladiator_type: str | None) -> str:
    return pair_name(armour_pair(slot, armour, gladiator_type))


def character_lines(character: Character) -> list[tuple[str, str]]:
    """``(label, value)`` lines of everything the character carries, profile first."""
    values = {stat: getattr(character, stat.value) for stat in Stat}
    profile = " · ".join(f"{STAT_NAMES[s][0]} {value}" for s, value in values.items() if value is not None)
    lines = [(_("Profile"), profile)]
    if character.skills:
        lines.append((_("Skills"), ", ".join(_named(SKILLS, s, entry_label) for s in character.skills)))
    if character.gladiator_type:
        lines.append((_("Type"), _named(GLADIATOR_TYPES, character.gladiator_type, entry_label)))
    if character.pile:
        lines.append((_("Weapon pile"), _weapons(character.pile)))
    if character.starting_grip:
        lines.append((_("Starting grip"), " + ".join(_named(WEAPONS, i) for i in character.starting_grip)))
    lines.extend(fixed_equipment_lines(character))
    for kind, count in character.ammunition.items():
        name = pair_name(AMMO_NAMES[Ammo(kind)]) if kind in {a.value for a in Ammo} else kind
        lines.append((_("Supplies"), f"{count} {name}"))
    if character.disc_count is not None:
        fixed = ", ".join(_("level %(level)s") % {"level": level} for level in character.fixed_discs)
        discs = str(character.disc_count)
        if fixed:
            discs = _("%(count)s (fixed: %(levels)s)") % {"count": discs, "levels": fixed}
        lines.append((_("Spell discs"), discs))
    if character.trap_cards_drawn is not None:
        drawn = _("draw %(drawn)s, keep %(kept)s") % {"drawn": character.trap_cards_drawn, "kept": TRAP_CARDS_KEPT}
        lines.append((_("Trap cards"), drawn))
    if character.amulet:
        lines.append((_("Amulet"), capfirst(_named(AMULETS, character.amulet))))
    if character.me_token is not None:
        lines.append((_("ME token"), str(character.me_token)))
    if character.vial:
        lines.append((_("Vial"), _named(VIALS, character.vial)))
    return lines
