"""Sentences of the traps' events (RB p.18, HR-5) and of the strategist's trap insight (HR-9.5)."""

from __future__ import annotations

from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from ..reader_words import amulet_name, cards_text, mark_name, reason_text
from .writers import Event, Line, Writer, register


def trap_window_opened(e: Event, line: Line) -> SafeString:
    values: dict[str, object] = {"team": line.team(e["seat"]), "who": line.who(e["char"])}
    if e["action"] == "gate":
        text = _("%(team)s may spring a direct trap as %(who)s works gate %(gate)s.")
        values["gate"] = e["gate"] or ""
    elif e["action"] == "disengage":
        text = _("%(team)s may spring a direct trap as %(who)s disengages.")
    else:
        text = _("%(team)s may spring a direct trap on %(who)s's move to %(hex)s.")
        values["hex"] = line.hex(e["path"][-1] if e["path"] else None)
    return line.say(text, **values)


def traps_readied(e: Event, line: Line) -> SafeString:
    strikes = mark_safe(", ".join(format_html("{} {}", line.trap(card), line.hex(h)) for card, h in e["strikes"]))
    if not strikes:
        return line.say(_("%(team)s names no trap."), team=line.team(e["seat"]))
    return line.say(_("%(team)s names %(strikes)s (secret)."), team=line.team(e["seat"]), strikes=strikes)


def trap_window_answered(e: Event, line: Line) -> SafeString:
    return line.say(_("%(team)s has answered; %(who)s goes on."), team=line.team(e["seat"]), who=line.who(e["char"]))


def trap_played(e: Event, line: Line) -> SafeString:
    values = {
        "team": line.team(e["seat"]),
        "trap": line.trap(e["card"]),
        "target": line.who(e["target"]),
        "hex": line.hex(e["hex"]),
        "man": e["man"],
        "by": line.who(e["by"]),
    }
    if e["strategist"]:
        text = _("%(team)s springs %(trap)s on %(target)s at %(hex)s (%(man)s strategist MAN).")
    else:
        text = _("%(by)s springs %(trap)s on %(target)s at %(hex)s (%(man)s MAN).")
    return line.say(text, **values)


def trap_dodge_offered(e: Event, line: Line) -> SafeString:
    return line.say(_("%(who)s may dodge %(trap)s (Kitérés)."), who=line.who(e["char"]), trap=line.trap(e["card"]))


def trap_attack_resolved(e: Event, line: Line) -> SafeString:
    values = {
        "trap": line.trap(e["card"]),
        "who": line.who(e["target"]),
        "attack": e["attack_total"],
        "defence": e["defence_total"],
    }
    text = (
        _("%(trap)s %(attack)s against %(who)s %(defence)s: a hit.")
        if e["hit"]
        else _("%(trap)s %(attack)s against %(who)s %(defence)s: a miss.")
    )
    return line.say(text, **values)


def trap_poison_resolved(e: Event, line: Line) -> SafeString:
    values = {
        "trap": line.trap(e["card"]),
        "who": line.who(e["target"]),
        "attack": e["attack_total"],
        "defence": e["defence_total"],
    }
    if e["poisoned"]:
        text = _("The poison of %(trap)s %(attack)s against %(who)s's Eg %(defence)s: poisoned.")
    else:
        text = _("The poison of %(trap)s %(attack)s against %(who)s's Eg %(defence)s: resisted.")
    return line.say(text, **values)


def amulet_revealed(e: Event, line: Line) -> SafeString:
    return line.say(
        _("%(who)s's %(amulet)s amulet shows itself: %(reason)s."),
        who=line.who(e["char"]),
        amulet=amulet_name(e["amulet"]),
        reason=reason_text(e["reason"], line.names),
    )


def trap_marked(e: Event, line: Line) -> SafeString:
    if not e["char"] or e["char"] == "-":
        return line.say(_("%(mark)s at %(hex)s."), mark=mark_name(e["mark"]), hex=line.hex(e["hex"]))
    return line.say(
        _("%(who)s: %(mark)s at %(hex)s."), who=line.who(e["char"]), mark=mark_name(e["mark"]), hex=line.hex(e["hex"])
    )


def trap_mark_ended(e: Event, line: Line) -> SafeString:
    return line.say(
        _("%(who)s: no longer %(mark)s (%(reason)s)."),
        who=line.who(e["char"]),
        mark=mark_name(e["mark"]),
        reason=reason_text(e["reason"], line.names),
    )


def pushed(e: Event, line: Line) -> SafeString:
    return line.say(_("%(who)s is pushed to %(hex)s."), who=line.who(e["char"]), hex=line.hex(e["to"]))


def gate_jammed(e: Event, line: Line) -> SafeString:
    return line.say(
        _("Gate %(gate)s is jammed until the end of round %(round)s."), gate=e["gate"], round=e["until_round"]
    )


def jaws_opened(e: Event, line: Line) -> SafeString:
    return line.say(_("%(who)s opens the bear trap's jaws (%(man)s MAN)."), who=line.who(e["char"]), man=e["man"])


def trap_insight_drawn(e: Event, line: Line) -> SafeString:
    return line.say(
        _("Trap insight: %(team)s draws %(cards)s."), team=line.team(e["seat"]), cards=cards_text(e["cards"])
    )


def trap_insight_owed(e: Event, line: Line) -> SafeString:
    return line.say(
        _("Trap insight: %(team)s draws %(extra)s more trap cards and keeps 3."),
        team=line.team(e["seat"]),
        extra=e["extra"],
    )


def traps_kept(e: Event, line: Line) -> SafeString:
    return line.say(
        _("%(team)s keeps %(cards)s and shuffles %(returned)s back into the deck."),
        team=line.team(e["seat"]),
        cards=cards_text(e["cards"]),
        returned=cards_text(e["returned"]),
    )


def trap_insight_done(e: Event, line: Line) -> SafeString:
    return line.say(_("Trap insight: %(team)s holds 3 trap cards again."), team=line.team(e["seat"]))


def register_traps(writers: dict[str, Writer]) -> None:
    register(
        writers,
        TrapWindowOpened=trap_window_opened,
        TrapsReadied=traps_readied,
        TrapWindowAnswered=trap_window_answered,
        TrapPlayed=trap_played,
        TrapDodgeOffered=trap_dodge_offered,
        TrapAttackResolved=trap_attack_resolved,
        TrapPoisonResolved=trap_poison_resolved,
        AmuletRevealed=amulet_revealed,
        TrapMarked=trap_marked,
        TrapMarkEnded=trap_mark_ended,
        Pushed=pushed,
        GateJammed=gate_jammed,
        JawsOpened=jaws_opened,
        TrapInsightDrawn=trap_insight_drawn,
        TrapInsightOwed=trap_insight_owed,
        TrapsKept=traps_kept,
        TrapInsightDone=trap_insight_done,
    )
