"""Sentences of magic's events (RB p.11-18): casts, resistance, lasting spells, zombies."""

from __future__ import annotations

from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from ..reader_words import reason_text
from .writers import Event, Line, Writer, register

COMMANDS = {
    "move_to": gettext_lazy("move to %(hex)s"),
    "attack": gettext_lazy("attack %(target)s"),
    "guard": gettext_lazy("guard %(hex)s"),
}


def spell_cast(e: Event, line: Line) -> SafeString:
    text = line.say(
        _("%(who)s casts %(spell)s with a level %(level)s disc (%(man)s MAN)."),
        who=line.who(e["char"]),
        spell=line.spell(e["spell"]),
        level=e["level"],
        man=e["man"],
    )
    if e["chain"]:
        text += line.then(_("The chain: %(chars)s."), chars=line.chars(e["chain"]))
    elif e["target"] and e["target"] != e["char"]:
        text += line.then(_("Target: %(target)s."), target=line.who(e["target"]))
    if e["hex"]:
        text += line.then(_("Centre: %(hex)s."), hex=line.hex(e["hex"]))
    if e["designee"]:
        text += line.then(_("Mortal enemy: %(who)s."), who=line.who(e["designee"]))
    if e["choice"]:
        text += line.then(_("Chosen effect: %(choice)s."), choice=e["choice"])
    if e["concentrate"]:
        text += line.then(_("With Összpontosítás."))
    return text


def spell_resisted(e: Event, line: Line) -> SafeString:
    values = {
        "spell": line.spell(e["spell"]),
        "who": line.who(e["target"]),
        "value": "ME" if e["resistance"] == "me" else "Eg",
        "attack": e["attack_total"],
        "defence": e["defence_total"],
    }
    if e["took_hold"]:
        text = _("%(spell)s %(attack)s against %(who)s's %(value)s %(defence)s: it takes hold.")
    else:
        text = _("%(spell)s %(attack)s against %(who)s's %(value)s %(defence)s: resisted.")
    return line.say(text, **values)


def me_token_shown(e: Event, line: Line) -> SafeString:
    return line.say(_("%(who)s shows his ME token %(value)s."), who=line.who(e["char"]), value=e["value"])


def spell_blocked(e: Event, line: Line) -> SafeString:
    return line.say(
        _("%(spell)s does nothing to %(who)s: %(reason)s."),
        spell=line.spell(e["spell"]),
        who=line.who(e["char"]),
        reason=reason_text(e["reason"], line.names),
    )


# What a lasting part forbids or makes him immune to: a spell of several parts (Tűzalak: no weapon
# damages him and he casts nothing) says each, never "Fire Form lasts on him" twice (issue 32).
FORBIDDEN = {
    "spending_man": pgettext_lazy("may not", "spend MAN"),
    "ranged_attacks": pgettext_lazy("may not", "make aimed attacks"),
    "lightning_spells": pgettext_lazy("may not", "cast lightning spells"),
    "casting": pgettext_lazy("may not", "cast spells"),
    "pushing": pgettext_lazy("may not", "push"),
    "running": pgettext_lazy("may not", "run"),
}
IMMUNE_TO = {
    "weapon_damage": pgettext_lazy("do not harm", "weapons"),
    "lightning_damage": pgettext_lazy("do not harm", "lightning spells"),
}


def _lasting_part(e: Event, line: Line, values: dict[str, object]) -> SafeString | None:
    if not e["target"]:
        return None
    until = e["last_round"] is not None
    if e["kind"] == "forbid" and e["what"] in FORBIDDEN:
        text = (
            _("%(spell)s: %(who)s may not %(action)s until the end of round %(round)s.")
            if until
            else _("%(spell)s: %(who)s may not %(action)s.")
        )
        return line.say(text, action=FORBIDDEN[e["what"]], **values)
    if e["kind"] == "immunity" and e["what"] in IMMUNE_TO:
        text = (
            _("%(spell)s: %(what)s do not harm %(who)s until the end of round %(round)s.")
            if until
            else _("%(spell)s: %(what)s do not harm %(who)s.")
        )
        return line.say(text, what=IMMUNE_TO[e["what"]], **values)
    return None


def spell_lasting(e: Event, line: Line) -> SafeString:
    values = {"spell": line.spell(e["spell"]), "who": line.who(e["target"]), "round": e["last_round"]}
    part = _lasting_part(e, line, values)
    if part is not None:
        return part
    if e["last_round"] is None:
        text = _("%(spell)s lasts on %(who)s.") if e["target"] else _("%(spell)s lasts.")
    elif e["target"]:
        text = _("%(spell)s lasts on %(who)s until the end of round %(round)s.")
    else:
        text = _("%(spell)s lasts until the end of round %(round)s.")
    return line.say(text, **values)


def spell_ended(e: Event, line: Line) -> SafeString:
    values = {
        "spell": line.spell(e["spell"]),
        "who": line.who(e["target"]),
        "reason": reason_text(e["reason"], line.names),
    }
    text = _("%(spell)s on %(who)s is over: %(reason)s.") if e["target"] else _("%(spell)s is over: %(reason)s.")
    return line.say(text, **values)


def healed(e: Event, line: Line) -> SafeString:
    return line.say(_("%(who)s regains %(amount)s Ép."), who=line.who(e["char"]), amount=e["amount"])


def cloud_moved(e: Event, line: Line) -> SafeString:
    return line.say(
        _("%(who)s moves his %(spell)s to %(hex)s (%(man)s MAN)."),
        who=line.who(e["char"]),
        spell=line.spell(e["spell"]),
        hex=line.hex(e["hex"]),
        man=e["man"],
    )


def own_man(e: Event, line: Line) -> SafeString:
    return line.say(_("%(who)s has %(man)s MAN of his own in this step."), who=line.who(e["char"]), man=e["man"])


def strategist_mark(e: Event, line: Line) -> SafeString:
    if len(e["man"]) != 2:  # four seats (HR-8)
        return line.say(_("Strategist MAN as the step begins: %(list)s."), list=line.per_seat(e["man"]))
    return line.say(
        _("Strategist MAN as the step begins: %(home)s %(home_man)s, %(away)s %(away_man)s."),
        home=line.team(0),
        away=line.team(1),
        home_man=e["man"][0],
        away_man=e["man"][1],
    )


def zombie_raised(e: Event, line: Line) -> SafeString:
    return line.say(
        _("%(who)s rises as %(creator)s's zombie with %(ep)s Ép."),
        who=line.who(e["char"]),
        creator=line.who(e["creator"]),
        ep=e["ep"],
    )


def zombie_commanded(e: Event, line: Line) -> SafeString:
    template = COMMANDS.get(e["command"])
    command = (
        str(template) % {"hex": line.hex(e["hex"]), "target": line.names.char(e["target"])}
        if template
        else e["command"]
    )
    return line.say(
        _("%(who)s commands %(zombie)s: %(command)s (%(man)s MAN)."),
        who=line.who(e["char"]),
        zombie=line.who(e["zombie"]),
        command=command,
        man=e["man"],
    )


def zombie_acted(e: Event, line: Line) -> SafeString:
    return line.say(
        _("The zombie %(zombie)s acts (%(man)s MAN, %(hexes)s hexes)."),
        zombie=line.who(e["zombie"]),
        man=e["man"],
        hexes=e["hexes"],
    )


def zombie_collapsed(e: Event, line: Line) -> SafeString:
    return line.say(
        _("The zombie %(who)s collapses: %(reason)s."),
        who=line.who(e["char"]),
        reason=reason_text(e["reason"], line.names),
    )


def register_magic(writers: dict[str, Writer]) -> None:
    register(
        writers,
        SpellCast=spell_cast,
        SpellResisted=spell_resisted,
        MeTokenShown=me_token_shown,
        SpellBlocked=spell_blocked,
        SpellLasting=spell_lasting,
        SpellEnded=spell_ended,
        Healed=healed,
        CloudMoved=cloud_moved,
        OwnMan=own_man,
        StrategistMark=strategist_mark,
        ZombieRaised=zombie_raised,
        ZombieCommanded=zombie_commanded,
        ZombieActed=zombie_acted,
        ZombieCollapsed=zombie_collapsed,
    )
