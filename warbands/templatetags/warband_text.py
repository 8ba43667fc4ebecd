"""``{{ entry.name|say }}``: a two-language text of the rules package in the reader's language."""

from __future__ import annotations

from django import template

from warbands.reader_language import say as say_text
from warbands.rules.bilingual import Text
from warbands.rules.model import Figure
from warbands.rules.warband_content import ALL_ENTRIES

register = template.Library()


@register.filter
def say(text: Text | str) -> str:
    return say_text(text) if isinstance(text, Text) else str(text)


@register.filter
def figure_items(figure: Figure) -> str:
    """The figure's rules, spells and skills by name, in the reader's language."""
    names = [
        say_text(ALL_ENTRIES[i].name) if i in ALL_ENTRIES else i
        for i in (*figure.rules, *figure.spells, *figure.skills)
    ]
    return ", ".join(names) or "–"
