"""What a choice does, in one line with a link to its entry: for the team builder's fields (a skill's
checkbox, a weapon's count, the gladiator type, the amulet, the ME token, the vial).

The line is the entry's own (``Entry.line``: its effect text, or its numbers where it has none), in the
active language; the notes are safe HTML for a field's ``help_text`` or a choice's label.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from common.i18n import reader_language

from .catalog import catalog
from .links import entry_url, rule_code_html


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


def explained(text: str, *links: tuple[str, str, str]) -> SafeString:
    """``text`` and links to where the rules explain it: ``(kind, id, label)`` of an entry, ``("guide",
    part, label)`` for a part of "How a match goes", or ``("team-rules", code, "")`` for a rule's code."""
    parts = []
    for kind, entry_id, label in links:
        if kind == "team-rules":
            parts.append(rule_code_html(entry_id))
        elif kind == "guide":
            url = reverse("reference:guide") + f"#guide-{entry_id}"
            parts.append(format_html('<a class="rule-link" href="{}">{}</a>', url, label))
        else:
            url = entry_url(kind, entry_id) if entry_id else reverse("reference:kind", args=[kind])
            parts.append(format_html('<a class="rule-link" href="{}">{}</a>', url, label))
    return format_html(
        '<span class="rule-note">{} {}</span>', text, format_html_join(" · ", "{}", ((part,) for part in parts))
    )


def tier_help() -> SafeString:
    """The tier: what it sets, and that Rookie plays the base team only (HR-9.1, TB-25)."""
    return explained(
        _(
            "The tier sets the budget and the caps of one member. Rookie plays the base team only: just "
            "the names, the starting grip and skill swaps of equal cost may differ."
        ),
        ("points", "tiers", _("budgets and caps")),
        ("team-rules", "TB-25", ""),
    )


def options_help() -> SafeString:
    """The optional rules (HR-7): what choosing them here means."""
    return explained(
        _(
            "The optional rules this team is built for: with Poison Vial or Potion on, its fighters may "
            "carry vials. A match or a league turns its own rules on; all are off unless chosen."
        ),
        ("optional-rules", "", _("the six optional rules")),
        ("team-rules", "TB-21", ""),
    )


def name_help() -> SafeString:
    return explained(_("1–40 characters, unique in the team."), ("team-rules", "TB-23", ""))


def grip_help() -> SafeString:
    return explained(
        _(
            "Only the grips his pile allows: one one-handed weapon (a free hand or a shield beside it), a "
            "pair of one-handed weapons, or one two-handed weapon, as his type permits; the belt dagger "
            "is always at hand."
        ),
        ("points", "pile", _("the weapon pile")),
        ("team-rules", "TB-15", ""),
    )


def discs_help(limits: str) -> SafeString:
    return explained(
        _(
            "%(limits)s. The witch-master draws this many discs and may cast any spell whose level "
            "matches a disc he holds."
        )
        % {"limits": limits},
        ("guide", "discs", _("spell discs")),
        ("team-rules", "TB-18", ""),
    )


def fixed_disc_help() -> SafeString:
    return explained(
        _(
            "A fixed disc is of the level chosen here instead of a random draw: 2 points per level, at "
            "most two, at most one of level 5."
        ),
        ("points", "fixed_discs", _("fixed discs")),
    )


def me_token_lead() -> SafeString:
    return explained(
        _(
            "One token of 2 and one of 3, on two different fighters; never the witch-master or the "
            "strategist. Left empty, they are handed out at the match's setup."
        ),
        ("team-rules", "TB-20", ""),
    )
