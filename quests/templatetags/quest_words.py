"""The quest tracker's words in the reader's language: class items and spell decks as stored."""

from __future__ import annotations

from collections.abc import Iterable

from django import template
from django.utils import translation

from quests.rules.quest_content import deck_name, item_name

register = template.Library()


@register.filter
def items(names: Iterable[str]) -> str:
    """The equipment cards, joined, the class items named in the reader's language; "—" for none."""
    language = translation.get_language() or "en"
    return ", ".join(item_name(str(name), language) for name in names) or "—"


@register.filter
def item(name: str) -> str:
    return item_name(str(name), translation.get_language() or "en")


@register.filter
def deck(value: str) -> str:
    return deck_name(str(value), translation.get_language() or "en")
