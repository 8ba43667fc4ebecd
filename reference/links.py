"""Links into the rules reference, for every page that names a rule: ``entry_url(kind, id)``.

``kind`` is one of the reference's kinds (``"spells"``, ``"traps"``, ``"skills"``, ``"weapons"``,
``"gladiator-types"``, ``"amulets"``, ``"vials"``, ``"optional-rules"``, ``"profiles"``, ``"points"``)
and ``id`` the engine's id (``"lightning_bolt"``); a trap card may be given by its number.
"""

from __future__ import annotations

from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString

from arena.engine.content.traps import TRAPS

from .catalog import entry_ids
from .entry_words import KINDS

TRAP_IDS_BY_NUMBER = {trap.number: trap.id for trap in TRAPS.values()}


class UnknownEntryError(LookupError):
    """The rules reference has no entry of this kind and id."""


def entry_url(kind: str, entry_id: str | int) -> str:
    """The address of an entry's page; ``UnknownEntryError`` when the reference has no such entry."""
    if kind not in KINDS:
        raise UnknownEntryError(f"the rules reference has no kind {kind!r} (kinds: {', '.join(KINDS)})")
    if kind == "traps" and isinstance(entry_id, int):
        entry_id = TRAP_IDS_BY_NUMBER.get(entry_id, str(entry_id))
    if (kind, entry_id) not in entry_ids():
        raise UnknownEntryError(f"the rules reference has no {kind} entry {entry_id!r}")
    return reverse("reference:entry", args=[kind, entry_id])


def entry_link(kind: str, entry_id: str | int | None, text: str) -> SafeString:
    """``text`` as a link to the entry (a plain, escaped ``text`` where the reference has none)."""
    try:
        url = entry_url(kind, entry_id) if entry_id is not None else None
    except UnknownEntryError:
        url = None
    if url is None:
        return format_html("{}", text)
    return format_html('<a class="rule-link" href="{}">{}</a>', url, text)


def rule_code_html(code: str) -> SafeString:
    """A broken rule's code (``TB-02``) as a link to its team-building rule, the code alone (escaped)
    for a code the reference has no page for (``FILE-SIZE``)."""
    if ("team-rules", code) not in entry_ids():
        return format_html("{}", code)
    url = reverse("reference:entry", args=["team-rules", code])
    return format_html('<a class="rule-link rule-code" href="{}">{}</a>', url, code)
