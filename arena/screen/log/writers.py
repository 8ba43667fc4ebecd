"""What every sentence writer shares: the registry and the small pieces of a line."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.utils.html import conditional_escape, escape, format_html
from django.utils.safestring import SafeString, mark_safe

from reference.links import entry_link

from ..reader_words import Names, hex_text, skill_name, spell_name, trap_name

Event = Mapping[str, Any]
Writer = Callable[[Event, "Line"], SafeString]
WRITERS: dict[str, Writer] = {}


class Line:
    """Helpers to build one sentence as safe HTML from a translated template."""

    def __init__(self, names: Names) -> None:
        self.names = names

    def say(self, template: str, **values: Any) -> SafeString:
        """``template`` (translated, %-style placeholders) filled with escaped values; values that
        are already safe HTML (names, dice) are kept."""
        return mark_safe(escape(template) % {k: conditional_escape(v) for k, v in values.items()})

    def then(self, template: str, **values: object) -> SafeString:
        """A further sentence of the same line, after a space."""
        return mark_safe(" " + self.say(template, **values))

    def who(self, char_id: str | None) -> SafeString:
        if not char_id:
            return mark_safe("")
        seat = self.names.seat_of.get(char_id)
        return format_html(
            '<span class="who seat-{}">{}</span>', seat if seat is not None else "x", self.names.char(char_id)
        )

    def roller(self, who: str) -> SafeString | str:
        """Who rolls a die: a seat (``"seat 0"``), a character, or a trap (``"trap 13"``)."""
        if who.startswith("seat ") and who[5:].isdigit():
            return self.team(int(who[5:]))
        if who in self.names.names:
            return self.who(who)
        return self.names.who(who)

    def chars(self, char_ids: list[str] | tuple[str, ...]) -> SafeString:
        return mark_safe(", ".join(self.who(c) for c in char_ids))

    def team(self, seat: int | None) -> SafeString:
        if seat is None:
            return mark_safe("")
        return format_html('<span class="team seat-{}">{}</span>', seat, self.names.team(seat))

    def per_seat(self, numbers: Any) -> SafeString:
        """ "Vasfarkasok: 3; Ködlovagok: 1; …": one number per seat, by its team (four seats, HR-8); the
        colon and the semicolon keep a team named with a number or a comma ("Base team, seat 3") apart
        from its own number."""
        return mark_safe("; ".join(format_html("{}: {}", self.team(seat), n) for seat, n in enumerate(numbers)))

    def die(self, result: int, sides: int = 10) -> SafeString:
        return format_html('<span class="die" title="d{}">{}</span>', sides, result)

    def hex(self, value: Any) -> str:
        return hex_text(value)

    # Spells, trap cards and skills are named with a link to their entry in the rules reference.
    def spell(self, spell_id: str | None) -> SafeString:
        return entry_link("spells", spell_id, spell_name(spell_id)) if spell_id else mark_safe("")

    def trap(self, number: int | None) -> SafeString:
        return entry_link("traps", number, trap_name(number)) if number is not None else mark_safe("")

    def skill(self, skill_id: str | None) -> SafeString:
        return entry_link("skills", skill_id, skill_name(skill_id)) if skill_id else mark_safe("")


def register(writers: dict[str, Writer], **found: Writer) -> None:
    for name, writer in found.items():
        writers[name] = writer
