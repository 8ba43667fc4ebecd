"""What a choice does, in one line with a link to its entry: for the team builder's fields (a skill's
checkbox, a weapon's count, the gladiator type, the amulet, the ME token, the vial).

The line is the entry's own (``Entry.line``: its effect text, or its numbers where it has none), in the
active language; the notes are safe HTML for a field's ``help_text`` or a choice's label.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from common.i18n import reader_language

from .catalog import catalog
from .links import entry_url


def rule_line(kind: str, entry_id: str) -> SafeString:
    """``<line> <a>rules</a>`` for one entry ("" when the reference has none)."""
    entry = catalog(reader_language()).get(kind, entry_id)
    if entry is None:
        return format_html("")
    return format_html(
        '<span class="rule-note" data-rule="{}/{}">{} <a class="rule-link" href="{}">{}</a></span>',
        kind,
        entry_id,
        entry.line,
        entry_url(kind, entry_id),
        _("see the rules"),
    )


def labelled(label: str, kind: str, entry_id: str) -> SafeString:
    """A choice's label with its rule line under it (a checkbox's label)."""
    line = rule_line(kind, entry_id)
    if not line:
        return format_html("{}", label)
    return format_html('<span>{}</span><small class="d-block text-muted rule-note-block">{}</small>', label, line)


def rule_lines(kind: str, entry_ids: Iterable[str], lead: str = "") -> SafeString:
    """The rule lines of several choices (a select's options), one per line, each named."""
    book = catalog(reader_language())
    entries = [book.get(kind, i) for i in entry_ids]
    rows = format_html_join(
        "",
        '<span class="d-block"><strong>{}</strong>: {}</span>',
        ((entry.name, rule_line(kind, entry.id)) for entry in entries if entry is not None),
    )
    if lead:
        return format_html('<span class="d-block">{}</span>{}', lead, rows)
    return rows
