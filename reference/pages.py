"""The reference's pages, rendered once per language and kept in the cache: they are the same for
every reader of a language (docs/rules-reference.md). The cache key carries a fingerprint of the rules
document, so a changed rule never shows an old page.

A search with words is not cached: it matches the language's catalogue in memory and renders a short
list.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from django.core.cache import cache as page_cache
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import override

from .catalog import Entry, catalog, document, guide
from .entry_words import KINDS
from .sources import all_readings, all_sections, notes
from .text_search import search

CACHE_TIMEOUT = 60 * 60 * 24
MAX_QUERY = 80


@dataclass(frozen=True, slots=True)
class Group:
    title: str
    entries: tuple[Entry, ...]


@dataclass(frozen=True, slots=True)
class KindSection:
    kind: str
    title: str
    groups: tuple[Group, ...]


@cache
def rules_fingerprint() -> str:
    """A short hash of the rules document: part of every cache key."""
    text = json.dumps(document(), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def cache_key(language: str, *parts: str) -> str:
    return ":".join(["reference", rules_fingerprint(), language, *parts])


def cached(language: str, parts: tuple[str, ...], render: Callable[[], str]) -> SafeString:
    key = cache_key(language, *parts)
    html = page_cache.get(key)
    if html is None:
        with override(language):
            html = render()
        page_cache.set(key, html, CACHE_TIMEOUT)
    return mark_safe(html)  # rendered by our own templates, every value escaped there


def sections(language: str, kind: str | None = None) -> list[KindSection]:
    """The entries of one kind (or all), in the document's order, grouped as the index shows them."""
    book = catalog(language)
    result = []
    for slug, (title, _noun) in KINDS.items():
        if kind is not None and slug != kind:
            continue
        groups: dict[str, list[Entry]] = {}
        for entry in book.of_kind(slug):
            groups.setdefault(entry.group, []).append(entry)
        result.append(KindSection(slug, str(title), tuple(Group(g, tuple(e)) for g, e in groups.items())))
    return result


def results_html(language: str, query: str = "", kind: str | None = None) -> SafeString:
    """The list under the search box: the whole index (cached), or what ``query`` finds."""
    query = query.strip()[:MAX_QUERY]
    if not query:
        return cached(
            language,
            ("index", kind or "all"),
            lambda: render_to_string("reference/_index.html", {"sections": sections(language, kind)}),
        )
    with override(language):
        nouns = {slug: str(noun) for slug, (_title, noun) in KINDS.items()}
        found = search(language, query, kind)
        html = render_to_string(
            "reference/_found.html",
            {"found": [(e, nouns[e.kind]) for e in found.entries], "query": query, "suggestion": found.suggestion},
        )
    return mark_safe(html)


def entry_html(language: str, kind: str, entry_id: str) -> SafeString | None:
    """An entry's page body, or ``None`` when the reference has no such entry."""
    entry = catalog(language).get(kind, entry_id)
    if entry is None:
        return None
    return cached(
        language,
        ("entry", kind, entry_id),
        lambda: render_to_string(
            "reference/_entry.html", {"entry": entry, "notes": notes(language, entry.source, entry.notes_source)}
        ),
    )


def guide_html(language: str) -> SafeString:
    """ "How a match goes": its parts, each linked to the entries it touches (cached like an entry)."""
    return cached(
        language,
        ("guide",),
        lambda: render_to_string("reference/_guide.html", {"parts": guide(language)}),
    )


def readings_html(language: str) -> SafeString:
    """The readings the rules data cites and the house rules' sections, each with its anchor."""
    return cached(
        language,
        ("readings",),
        lambda: render_to_string(
            "reference/_readings.html", {"readings": all_readings(language), "sections": all_sections(language)}
        ),
    )
