"""Sentences of the core game's events: rounds and steps, moves, combat."""

from __future__ import annotations

from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from arena.engine.campaign.results import RESULT_NAMES, ResultKind
from common.i18n import pair_name

from ..reader_words import (
    attack_kind,
    effect_source,
    grip_text,
    item_name,
    modifiers_text,
    reason_text,
    state_name,
    value_name,
)
from .writers import Event, Line, Writer, register


def round_started(e: Event, line: Line) -> SafeString:
    man = e["strategist_man"]
    if len(man) != 2:  # four seats (HR-8)
        return line.say(
            _("Round %(round)s begins. Strategist MAN: %(list)s."), round=e["round"], list=line.per_seat(man)
        )
    return line.say(
        _("Round %(round)s begins. Strategist MAN: %(home)s %(home_man)s, %(away)s %(away_man)s."),
        round=e["round"],
        home=line.team(0),
        away=line.team(1),
        home_man=man[0],
        away_man=man[1],
    )


def step_started(e: Event, line: Line) -> SafeString:
    return line.say(
        _("Round %(round)s, step %(step)s: %(team)s's step."),
        round=e["round"],
        step=e["step"],
        team=line.team(e["seat"]),
    )


def grip_revealed(e: Event, line: Line) -> SafeString:
    return line.say(
        _("%(who)s shows his grip: %(grip)s."), who=line.who(e["char"]), grip=grip_text(e["hand"], e["main"])
    )


def named(e: Event, line: Line) -> SafeString:
    text = line.say(
        _("%(team)s names %(chars)s: %(pool)s MAN."),
        team=line.team(e["seat"]),
        chars=line.chars(e["chars"]),
        pool=e["pool"],
    )
    debts = sum(e["debts_paid"] or ())
    if debts:
        text += line.then(_("Debts paid: %(debts)s MAN."), debts=debts)
    return text


def activated(e: Event, line: Line) -> SafeString:
    return line.say(_("%(who)s acts."), who=line.who(e["char"]))


def activation_ended(e: Event, line: Line) -> SafeString:
    return line.say(_("%(who)s has finished acting."), who=line.who(e["char"]))


def granted(e: Event, line: Line) -> SafeString:
    return line.say(_("The strategist gives %(who)s %(amount)s MAN."), who=line.who(e["char"]), amount=e["amount"])


def step_ended(e: Event, line: Line) -> SafeString:
    return line.say(
        _("Step %(step)s is over: %(reason)s."), step=e["step"], reason=reason_text(e["reason"], line.names)
    )


def round_ended(e: Event, line: Line) -> SafeString:
    return line.say(_("Round %(round)s is over."), round=e["round"])


def result_name(kind: str) -> str:
    try:
        return pair_name(RESULT_NAMES[ResultKind(kind)])
    except ValueError:
        return kind


def match_ended(e: Event, line: Line) -> SafeString:
    if len(e["scores"]) != 2:  # four seats (HR-8)
        return _match_ended_four(e, line)
    values = {
        "result": result_name(e["kind"]),
        "reason": reason_text(e["reason"], line.names),
        "home": line.team(0),
        "away": line.team(1),
        "home_score": e["scores"][0],
        "away_score": e["scores"][1],
        "round": e["round"],
    }
    if e["winner"] is None:
        text = _(
            "The match is over in round %(round)s: %(result)s (%(reason)s). "
            "Arena score: %(home)s %(home_score)s, %(away)s %(away_score)s."
        )
    else:
        values["winner"] = line.team(e["winner"])
        text = _(
            "The match is over in round %(round)s: %(result)s for %(winner)s (%(reason)s). "
            "Arena score: %(home)s %(home_score)s, %(away)s %(away_score)s."
        )
    return line.say(text, **values)


def conceded(e: Event, line: Line) -> SafeString:
    return line.say(_("%(team)s concedes."), team=line.team(e["seat"]))


def moved(e: Event, line: Line) -> SafeString:
    hexes = len(e["path"])
    text = ngettext(
        "%(who)s moves %(count)s hex to %(hex)s (%(man)s MAN).",
        "%(who)s moves %(count)s hexes to %(hex)s (%(man)s MAN).",
        hexes,
    )
    return line.say(
        text, who=line.who(e["char"]), count=hexes, hex=line.hex(e["path"][-1] if e["path"] else None), man=e["man"]
    )


def disengaged(e: Event, line: Line) -> SafeString:
    if e["acrobatics"]:
        text = _("%(who)s disengages to %(hex)s with Acrobatics (%(man)s MAN).")
    else:
        text = _("%(who)s disengages to %(hex)s (%(man)s MAN).")
    return line.say(text, who=line.who(e["char"]), hex=line.hex(e["to"]), man=e["man"])


def gate_toggled(e: Event, line: Line) -> SafeString:
    text = (
        _("%(who)s opens gate %(gate)s (%(man)s MAN).")
        if e["opened"]
        else _("%(who)s closes gate %(gate)s (%(man)s MAN).")
    )
    return line.say(text, who=line.who(e["char"]), gate=e["gate"], man=e["man"])


def skill_used(e: Event, line: Line) -> SafeString:
    return line.say(
        _("%(who)s uses %(skill)s (%(man)s MAN)."), who=line.who(e["char"]), skill=line.skill(e["skill"]), man=e["man"]
    )


def state_ended(e: Event, line: Line) -> SafeString:
    return line.say(
        _("%(who)s: %(state)s is over (%(reason)s)."),
        who=line.who(e["char"]),
        state=state_name(e["state"]),
        reason=reason_text(e["reason"], line.names),
    )


def stood_up(e: Event, line: Line) -> SafeString:
    return line.say(_("%(who)s stands up (%(man)s MAN)."), who=line.who(e["char"]), man=e["man"])


def weapons_swapped(e: Event, line: Line) -> SafeString:
    return line.say(
        _("%(who)s changes his grip to %(grip)s (%(man)s MAN)."),
        who=line.who(e["char"]),
        grip=grip_text(e["hand"], e["main"]),
        man=e["man"],
    )


def item_dropped(e: Event, line: Line) -> SafeString:
    return line.say(
        _("%(who)s drops %(item)s on %(hex)s."),
        who=line.who(e["char"]),
        item=item_name(e["item"]),
        hex=line.hex(e["hex"]),
    )


def item_picked_up(e: Event, line: Line) -> SafeString:
    return line.say(
        _("%(who)s picks up %(item)s (%(man)s MAN)."), who=line.who(e["char"]), item=item_name(e["item"]), man=e["man"]
    )


def attack_declared(e: Event, line: Line) -> SafeString:
    text = line.say(
        _("%(who)s attacks %(target)s with %(weapon)s: attack value %(value)s (%(man)s MAN)."),
        who=line.who(e["char"]),
        target=line.who(e["target"]),
        weapon=attack_kind(e["weapon"]),
        value=e["attack_value"],
        man=e["man"],
    )
    extras: list[str] = []
    if e["skill"]:
        extras.append(line.skill(e["skill"]))
    if e["break_item"]:
        extras.append(_("aiming to break %(item)s") % {"item": item_name(e["break_item"])})
    if e["modifiers"]:
        extras.append(_("modifiers: %(list)s") % {"list": modifiers_text(e["modifiers"])})
    if extras:
        text += line.say(" (%(extras)s)", extras=mark_safe("; ".join(conditional_escape(x) for x in extras)))
    return text


def dodge_offered(e: Event, line: Line) -> SafeString:
    return line.say(
        _("%(who)s may dodge %(attacker)s's attack (Kitérés)."),
        who=line.who(e["char"]),
        attacker=line.who(e["attacker"]),
    )


def dodge_decided(e: Event, line: Line) -> SafeString:
    if not e["use"]:
        return line.say(_("%(who)s does not dodge."), who=line.who(e["char"]))
    if e["owed"]:
        return line.say(
            _("%(who)s dodges (Kitérés); %(man)s MAN owed for his next step."), who=line.who(e["char"]), man=e["man"]
        )
    return line.say(_("%(who)s dodges (Kitérés, %(man)s MAN)."), who=line.who(e["char"]), man=e["man"])


def attack_resolved(e: Event, line: Line) -> SafeString:
    text = (
        _("%(attacker)s %(attack)s against %(target)s %(defence)s: a hit.")
        if e["hit"]
        else _("%(attacker)s %(attack)s against %(target)s %(defence)s: a miss.")
    )
    out = line.say(
        text,
        attacker=line.who(e["attacker"]),
        target=line.who(e["target"]),
        attack=e["attack_total"],
        defence=e["defence_total"],
    )
    if e["defence_modifiers"]:
        out += line.then(_("Defence modifiers: %(list)s."), list=modifiers_text(e["defence_modifiers"]))
    return out


def damaged(e: Event, line: Line) -> SafeString:
    if e["unit"] == "sp":
        return line.say(
            _("%(who)s takes %(raw)s Sp: SFÉ %(sfe)s, %(ep)s Ép lost, %(stp)s STP lost."),
            who=line.who(e["char"]),
            raw=e["raw"],
            sfe=e["sfe"],
            ep=e["ep_loss"],
            stp=e["stp_loss"],
        )
    return line.say(_("%(who)s loses %(ep)s Ép."), who=line.who(e["char"]), ep=e["ep_loss"])


def died(e: Event, line: Line) -> SafeString:
    return line.say(_("%(who)s falls."), who=line.who(e["char"]))


def netted(e: Event, line: Line) -> SafeString:
    return line.say(_("%(who)s is caught in %(by)s's net."), who=line.who(e["char"]), by=line.who(e["by"]))


def entangled(e: Event, line: Line) -> SafeString:
    return line.say(
        _("%(who)s is entangled by %(by)s until the end of round %(round)s."),
        who=line.who(e["char"]),
        by=line.who(e["by"]),
        round=e["until_round"],
    )


def knocked_down(e: Event, line: Line) -> SafeString:
    return line.say(_("%(who)s is knocked down."), who=line.who(e["char"]))


def item_broken(e: Event, line: Line) -> SafeString:
    return line.say(_("%(who)s's %(item)s breaks."), who=line.who(e["char"]), item=item_name(e["item"]))


def shift_offered(e: Event, line: Line) -> SafeString:
    return line.say(_("%(who)s may shift himself and %(other)s."), who=line.who(e["char"]), other=line.who(e["other"]))


def shifted(e: Event, line: Line) -> SafeString:
    return line.say(
        _("%(who)s shifts to %(hex)s, %(other)s to %(other_hex)s (%(man)s MAN)."),
        who=line.who(e["char"]),
        other=line.who(e["other"]),
        hex=line.hex(e["path"][-1] if e["path"] else None),
        other_hex=line.hex(e["other_path"][-1] if e["other_path"] else None),
        man=e["man"],
    )


def shift_declined(e: Event, line: Line) -> SafeString:
    return line.say(_("%(who)s does not shift."), who=line.who(e["char"]))


def effect_added(e: Event, line: Line) -> SafeString:
    values = {
        "who": line.who(e["char"]),
        "value": value_name(e["value"]),
        "amount": f"{e['amount']:+d}",
        "source": effect_source(e["source"]),
        "round": e["last_round"],
    }
    if e["last_round"] is None:
        return line.say(_("%(who)s: %(value)s %(amount)s (%(source)s)."), **values)
    return line.say(_("%(who)s: %(value)s %(amount)s (%(source)s) until the end of round %(round)s."), **values)


def register_core(writers: dict[str, Writer]) -> None:
    register(
        writers,
        RoundStarted=round_started,
        StepStarted=step_started,
        GripRevealed=grip_revealed,
        Named=named,
        Activated=activated,
        ActivationEnded=activation_ended,
        Granted=granted,
        StepEnded=step_ended,
        RoundEnded=round_ended,
        MatchEnded=match_ended,
        Conceded=conceded,
        Moved=moved,
        Disengaged=disengaged,
        GateToggled=gate_toggled,
        SkillUsed=skill_used,
        StateEnded=state_ended,
        StoodUp=stood_up,
        WeaponsSwapped=weapons_swapped,
        ItemDropped=item_dropped,
        ItemPickedUp=item_picked_up,
        AttackDeclared=attack_declared,
        DodgeOffered=dodge_offered,
        DodgeDecided=dodge_decided,
        AttackResolved=attack_resolved,
        Damaged=damaged,
        Died=died,
        Netted=netted,
        Entangled=entangled,
        KnockedDown=knocked_down,
        ItemBroken=item_broken,
        ShiftOffered=shift_offered,
        Shifted=shifted,
        ShiftDeclined=shift_declined,
        EffectAdded=effect_added,
    )


def _match_ended_four(e: Event, line: Line) -> SafeString:
    values = {
        "result": result_name(e["kind"]),
        "reason": reason_text(e["reason"], line.names),
        "scores": line.per_seat(e["scores"]),
        "round": e["round"],
        "winner": line.team(e["winner"]),
    }
    if e["winner"] is None:
        text = _("The match is over in round %(round)s: %(result)s (%(reason)s). Arena score: %(scores)s.")
    else:
        text = _(
            "The match is over in round %(round)s: %(result)s for %(winner)s (%(reason)s). Arena score: %(scores)s."
        )
    return line.say(text, **values)
