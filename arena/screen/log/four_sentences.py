"""Sentences of the four-seat events (HR-8): places, quarters, windows passed on, eliminations."""

from __future__ import annotations

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from .trap_sentences import trap_window_opened
from .writers import Event, Line, Writer, register


def quarter_name(quarter: str | None) -> str:
    names = {"NE": _("north-east"), "SE": _("south-east"), "SW": _("south-west"), "NW": _("north-west")}
    return names.get(quarter or "", quarter or "")


def places_rolled(e: Event, line: Line) -> SafeString:
    order = mark_safe(", ".join(line.team(seat) for seat in e["order"]))
    return line.say(_("The place rolls give the order %(order)s."), order=order)


def quarter_chosen(e: Event, line: Line) -> SafeString:
    if e["partner_quarter"] is None:
        return line.say(
            _("%(team)s takes the %(quarter)s quarter."), team=line.team(e["seat"]), quarter=quarter_name(e["quarter"])
        )
    return line.say(
        _("%(team)s takes the %(quarter)s quarter, %(partner)s the %(other)s quarter."),
        team=line.team(e["seat"]),
        quarter=quarter_name(e["quarter"]),
        partner=line.team(e["seat"] ^ 1),
        other=quarter_name(e["partner_quarter"]),
    )


def seat_eliminated(e: Event, line: Line) -> SafeString:
    return line.say(
        _("%(team)s is out: its figures leave the arena and its trap cards are discarded."), team=line.team(e["seat"])
    )


def register_four(writers: dict[str, Writer]) -> None:
    register(
        writers,
        PlacesRolled=places_rolled,
        QuarterChosen=quarter_chosen,
        TrapWindowPassedOn=trap_window_opened,  # the next owner's window on the same action
        SeatEliminated=seat_eliminated,
    )
