"""Sentences of the set-up's events (RB p.7, HR-1.7, HR-12 ruling 39) and of every die."""

from __future__ import annotations

from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from ..reader_words import (
    amulet_name,
    cards_text,
    grip_text,
    half_name,
    purpose_text,
)
from .writers import Event, Line, Writer, register


def dice_rolled(e: Event, line: Line) -> SafeString:
    return line.say(
        _("%(who)s rolls %(die)s (d%(sides)s): %(purpose)s."),
        who=line.roller(e["who"]),
        die=line.die(e["result"], e["sides"]),
        sides=e["sides"],
        purpose=purpose_text(e["purpose"], line.names),
    )


def traps_dealt(e: Event, line: Line) -> SafeString:
    return line.say(
        _("%(team)s is dealt the trap cards %(cards)s."), team=line.team(e["seat"]), cards=cards_text(e["cards"])
    )


def discs_dealt(e: Event, line: Line) -> SafeString:
    levels = ", ".join(str(level) for level in e["levels"])
    return line.say(_("%(team)s draws spell discs of the levels %(levels)s."), team=line.team(e["seat"]), levels=levels)


def hands_dealt(e: Event, line: Line) -> SafeString:
    if len(e["traps"]) != 2:  # four seats (HR-8)
        return line.say(
            _("Trap cards held: %(traps)s. Spell discs held: %(discs)s."),
            traps=line.per_seat(e["traps"]),
            discs=line.per_seat(e["discs"]),
        )
    return line.say(
        _(
            "%(home)s holds %(home_traps)s trap cards and %(home_discs)s spell discs, "
            "%(away)s %(away_traps)s and %(away_discs)s."
        ),
        home=line.team(0),
        away=line.team(1),
        home_traps=e["traps"][0],
        away_traps=e["traps"][1],
        home_discs=e["discs"][0],
        away_discs=e["discs"][1],
    )


def amulet_assigned(e: Event, line: Line) -> SafeString:
    return line.say(_("%(who)s wears the %(amulet)s amulet."), who=line.who(e["char"]), amulet=amulet_name(e["amulet"]))


def me_token_assigned(e: Event, line: Line) -> SafeString:
    return line.say(_("%(who)s holds the ME token %(value)s."), who=line.who(e["char"]), value=e["value"])


def secrets_ready(e: Event, line: Line) -> SafeString:
    return line.say(_("%(team)s has handed out its amulets and ME tokens."), team=line.team(e["seat"]))


def side_roll_won(e: Event, line: Line) -> SafeString:
    if len(e["rolls"]) != 2:  # pairs (HR-8): the places roll decided it (PlacesRolled)
        return line.say(_("%(team)s speaks for the side that won the roll and chooses."), team=line.team(e["seat"]))
    return line.say(
        _("Side roll: %(home)s %(home_roll)s, %(away)s %(away_roll)s; %(winner)s chooses."),
        home=line.team(0),
        away=line.team(1),
        home_roll=line.die(e["rolls"][0]),
        away_roll=line.die(e["rolls"][1]),
        winner=line.team(e["seat"]),
    )


def role_chosen(e: Event, line: Line) -> SafeString:
    if e["role"] == "side":
        text = _("%(team)s will choose the half; %(starting)s takes the first step.")
    else:
        text = _("%(team)s takes the first step; %(chooser)s will choose the half.")
    return line.say(text, team=line.team(e["seat"]), starting=line.team(e["starting"]), chooser=line.team(e["chooser"]))


def half_chosen(e: Event, line: Line) -> SafeString:
    if len(line.names.teams) > 2:  # pairs (HR-8): for his side
        return line.say(
            _("%(team)s takes the %(half)s half for his side; the other side takes the %(other)s half."),
            team=line.team(e["seat"]),
            half=half_name(e["half"]),
            other=half_name(e["other"]),
        )
    return line.say(
        _("%(team)s takes the %(half)s half, %(other_team)s the %(other)s half."),
        team=line.team(e["seat"]),
        half=half_name(e["half"]),
        other_team=line.team(1 - e["seat"]),
        other=half_name(e["other"]),
    )


def grip_recorded(e: Event, line: Line) -> SafeString:
    return line.say(
        _("%(who)s starts with %(grip)s (secret)."), who=line.who(e["char"]), grip=grip_text(e["hand"], e["main"])
    )


def grips_ready(e: Event, line: Line) -> SafeString:
    return line.say(_("%(team)s has recorded its gladiator's starting grip."), team=line.team(e["seat"]))


def deployed(e: Event, line: Line) -> SafeString:
    return line.say(_("%(who)s takes his place on %(hex)s."), who=line.who(e["char"]), hex=line.hex(e["hex"]))


def register_setup(writers: dict[str, Writer]) -> None:
    register(
        writers,
        DiceRolled=dice_rolled,
        TrapsDealt=traps_dealt,
        DiscsDealt=discs_dealt,
        HandsDealt=hands_dealt,
        AmuletAssigned=amulet_assigned,
        MeTokenAssigned=me_token_assigned,
        SecretsReady=secrets_ready,
        SideRollWon=side_roll_won,
        RoleChosen=role_chosen,
        HalfChosen=half_chosen,
        GripRecorded=grip_recorded,
        GripsReady=grips_ready,
        Deployed=deployed,
    )
