"""One-match items as a side's preparation stores them (JSON) and as the pages word them.

The item is the engine's :class:`~arena.engine.campaign.match_items.MatchItem`; a stored one also
says how it was paid (``gold`` or ``patronage``) and its price in gold or points. The names of the
kinds are the engine's ``(hungarian, english)`` pairs (``MATCH_ITEM_NAMES``); vials and amulets are
named by the catalogues. Names of broken weapons are kept in both languages with the log's facts.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.text import capfirst
from django.utils.translation import gettext as _

from arena.engine.campaign.match_items import MATCH_ITEM_NAMES, MatchItem, MatchItemKind
from arena.engine.content.amulets import AMULETS, VIALS
from arena.engine.content.weapons import WEAPONS
from common.i18n import entry_name, pair_name, pick

from .league_labels import slot_label


class Paid(enum.StrEnum):
    GOLD = "gold"
    PATRONAGE = "patronage"


@dataclass(frozen=True)
class BoughtItem:
    """One stored one-match item: the engine's item, how it was paid and its price."""

    item: MatchItem
    paid: Paid
    price: int

    @property
    def label(self) -> str:
        return match_item_label(self.item)

    @property
    def is_patronage(self) -> bool:
        return self.paid is Paid.PATRONAGE


def item_to_json(item: MatchItem, paid: Paid, price: int) -> dict[str, Any]:
    return {
        "kind": item.kind.value,
        "value": item.value,
        "item": item.item,
        "slot": item.slot,
        "paid": paid.value,
        "price": price,
    }


def item_from_json(data: Mapping[str, Any]) -> BoughtItem:
    item = MatchItem(MatchItemKind(data["kind"]), value=data.get("value"), item=data.get("item"), slot=data.get("slot"))
    return BoughtItem(item, Paid(data["paid"]), data["price"])


def items_from_json(data: Iterable[Mapping[str, Any]]) -> list[BoughtItem]:
    return [item_from_json(entry) for entry in data]


def kind_label(kind: MatchItemKind | str) -> str:
    """``Rögzített korong`` / ``Fixed disc`` …"""
    return capfirst(pair_name(MATCH_ITEM_NAMES[MatchItemKind(kind)]))


def match_item_label(item: MatchItem) -> str:
    """The item in the reader's language: ``fixed disc, level 3``, ``trap insight, draw 5``,
    ``Poison Vial, carried by the Dagger-thrower (deasta)``, ``temporary 4th amulet: Curse ward``."""
    if item.kind is MatchItemKind.FIXED_DISC:
        return _("fixed disc, level %(level)s") % {"level": item.value}
    if item.kind is MatchItemKind.TRAP_INSIGHT:
        return _("trap insight, draw %(cards)s") % {"cards": item.value}
    if item.kind is MatchItemKind.VIAL:
        vial = VIALS.get(item.item or "")
        name = entry_name(vial) if vial else str(item.item)
        if not item.slot:
            return name
        return _("%(vial)s, carried by the %(role)s") % {"vial": name, "role": slot_label(item.slot)}
    amulet = AMULETS.get(item.item or "")
    label = _("temporary 4th amulet: %(amulet)s") % {"amulet": entry_name(amulet) if amulet else item.item}
    if item.slot:
        label += _(", worn by the %(role)s") % {"role": slot_label(item.slot)}
    return label


def weapon_names(items: Iterable[str]) -> list[list[str]]:
    """Weapons as the log keeps them: ``[[hungarian, english], …]``."""
    return [[WEAPONS[i].name_hu, WEAPONS[i].name_en] if i in WEAPONS else [i, i] for i in items]


def weapons_text(names: Iterable[Iterable[str]]) -> str:
    """Stored weapon names in the reader's language: ``Rövidkard, Pajzs``."""
    return ", ".join(pick(*pair) for pair in names)


def weapon_label(item: str) -> str:
    return entry_name(WEAPONS[item]) if item in WEAPONS else item
