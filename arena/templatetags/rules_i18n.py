"""Template filters for the rules data in the reader's language (see :mod:`common.i18n`).

{% load rules_i18n %}
{{ skill|localized }}            Kitérés / Dodging
{{ skill|localized:"effect" }}   the effect text in the reader's language
{{ line|with_term }}             Dodging <small>Kitérés</small> (English); Kitérés (Hungarian)
{{ problem|in_language }}        a Problem's or TeamFileError's message
{{ place|ordinal_place }}        1. / 1st
{{ day|local_date }}             2025. ápr. 12. / 12 Apr 2025 ("day": with the weekday; "datetime")
"""

from __future__ import annotations

from typing import Any

from django import template
from django.template.defaultfilters import date as date_filter
from django.utils.html import format_html
from django.utils.safestring import SafeString

from common import i18n

register = template.Library()


@register.filter
def localized(entry: Any, field: str = "name") -> str:
    """An engine entry's ``name`` (or ``effect``, ``armour`` …) in the reader's language; a
    ``(hungarian, english)`` pair as well."""
    if entry is None or entry == "":
        return ""
    if isinstance(entry, tuple) and len(entry) == 2:
        return i18n.pair_name(entry)
    return i18n.entry_text(entry, field)


@register.filter
def with_term(value: Any) -> SafeString:
    """A name with the Hungarian term beside it for English readers.

    Takes a value with ``name`` and ``term`` (the sheet's lines and headings) or an engine entry
    (``name_hu`` / ``name_en``)."""
    if hasattr(value, "name_hu") and hasattr(value, "name_en") and not hasattr(value, "term"):
        name, term = i18n.entry_name(value), i18n.hungarian_term(value.name_hu, value.name_en)
    else:
        name, term = getattr(value, "name", value), getattr(value, "term", "")
    if term:
        return format_html('{} <small class="term" lang="hu">{}</small>', name, term)
    return format_html("{}", name)


@register.filter
def in_language(problem: i18n.HasText) -> str:
    return i18n.problem_text(problem)


@register.filter
def ordinal_place(place: int | str | None) -> str:
    return i18n.ordinal_place(place)


@register.filter(expects_localtime=True)
def local_date(value: Any, style: str = "date") -> str:
    """A date (``"date"``), a date with its weekday (``"day"``) or a date and time (``"datetime"``)
    in the reader's language; "" for none."""
    if value in (None, ""):
        return ""
    return date_filter(value, i18n.date_format(style))
