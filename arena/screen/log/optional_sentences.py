"""Sentences of the optional rules' events (HR-7): vials, ammunition, the crowd."""

from __future__ import annotations

from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from ..reader_words import purpose_text, reason_text, vial_name
from .writers import Event, Line, Writer, register


def vial_used(e: Event, line: Line) -> SafeString:
    return line.say(
        _("%(who)s uses his %(vial)s (%(man)s MAN)."), who=line.who(e["char"]), vial=vial_name(e["vial"]), man=e["man"]
    )


def coating_ended(e: Event, line: Line) -> SafeString:
    return line.say(
        _("The poison on %(who)s's weapon is gone: %(reason)s."),
        who=line.who(e["char"]),
        reason=reason_text(e["reason"], line.names),
    )


def vial_poison_resolved(e: Event, line: Line) -> SafeString:
    values = {
        "who": line.who(e["char"]),
        "target": line.who(e["target"]),
        "attack": e["attack_total"],
        "defence": e["defence_total"],
    }
    if e["poisoned"]:
        text = _("The poison of %(who)s's vial %(attack)s against %(target)s's Eg %(defence)s: poisoned.")
    else:
        text = _("The poison of %(who)s's vial %(attack)s against %(target)s's Eg %(defence)s: resisted.")
    return line.say(text, **values)


def ammo_landed(e: Event, line: Line) -> SafeString:
    return line.say(
        _("%(who)s's missile lies on %(hex)s (%(count)s there)."),
        who=line.who(e["owner"]),
        hex=line.hex(e["hex"]),
        count=e["number"],
    )


def ammo_collected(e: Event, line: Line) -> SafeString:
    return line.say(
        _("%(who)s picks up %(count)s missiles on %(hex)s for %(owners)s (%(man)s MAN)."),
        who=line.who(e["char"]),
        count=sum(e["counts"]),
        hex=line.hex(e["hex"]),
        owners=line.chars(e["owners"]),
        man=e["man"],
    )


def blood_drawn(e: Event, line: Line) -> SafeString:
    return line.say(
        _("%(who)s draws blood from %(target)s (%(ep)s Ép): the crowd is pleased."),
        who=line.who(e["char"]),
        target=line.who(e["target"]),
        ep=e["ep"],
    )


def stones_thrown(e: Event, line: Line) -> SafeString:
    return line.say(
        _("End of round %(round)s: the crowd stones %(chars)s."), round=e["round"], chars=line.chars(e["chars"])
    )


def crowd_verdict(e: Event, line: Line) -> SafeString:
    if len(e["taken"]) != 2:  # four seats (HR-8)
        text = _("Round %(round)s: the gladiators lost Ép: %(list)s; no favour token.")
        if e["favour"] is not None:
            text = _("Round %(round)s: the gladiators lost Ép: %(list)s; %(team)s gets a favour token.")
        return line.say(text, round=e["round"], list=line.per_seat(e["taken"]), team=line.team(e["favour"]))
    values = {
        "round": e["round"],
        "home": line.team(0),
        "away": line.team(1),
        "home_ep": e["taken"][0],
        "away_ep": e["taken"][1],
        "team": line.team(e["favour"]),
    }
    if e["favour"] is None:
        text = _("Round %(round)s: the gladiators lost %(home)s %(home_ep)s, %(away)s %(away_ep)s Ép; no favour token.")
    else:
        text = _(
            "Round %(round)s: the gladiators lost %(home)s %(home_ep)s, %(away)s %(away_ep)s Ép; "
            "%(team)s gets a favour token."
        )
    return line.say(text, **values)


def reroll_offered(e: Event, line: Line) -> SafeString:
    return line.say(
        _("%(team)s may spend 2 favour tokens to roll %(who)s's %(die)s again (%(purpose)s)."),
        team=line.team(e["seat"]),
        who=line.roller(e["who"]),
        die=line.die(e["result"]),
        purpose=purpose_text(e["purpose"], line.names),
    )


def reroll_stashed(e: Event, line: Line) -> SafeString:
    return line.say(_("The paused action waits for the answer to the re-roll."))


def reroll_decided(e: Event, line: Line) -> SafeString:
    if e["use"]:
        return line.say(_("%(team)s spends 2 favour tokens and rolls again."), team=line.team(e["seat"]))
    return line.say(_("%(team)s lets the roll stand."), team=line.team(e["seat"]))


def register_optional(writers: dict[str, Writer]) -> None:
    register(
        writers,
        VialUsed=vial_used,
        CoatingEnded=coating_ended,
        VialPoisonResolved=vial_poison_resolved,
        AmmoLanded=ammo_landed,
        AmmoCollected=ammo_collected,
        BloodDrawn=blood_drawn,
        StonesThrown=stones_thrown,
        CrowdVerdict=crowd_verdict,
        RerollOffered=reroll_offered,
        RerollStashed=reroll_stashed,
        RerollDecided=reroll_decided,
    )
