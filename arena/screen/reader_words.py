"""The words of the play screen in the reader's language: characters, items, spells, traps, states,
and the engine's own short English reasons where the app knows them.

The engine names things by id (``"0.gladiator"``, ``"short_sword"``, ``"bowel_rot"``, trap numbers)
and the rules data carry both languages (``name_hu`` / ``name_en``, :mod:`common.i18n`). A few event
fields are free English text written by the engine (a step's end, a state's end, a dice roll's
purpose); the known ones are translated here and any other is shown as the engine wrote it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from arena.engine import SeatView
from arena.engine.content.amulets import AMULETS, VIALS
from arena.engine.content.profiles import PROFILES
from arena.engine.content.skills import SKILLS
from arena.engine.content.spells import SPELLS
from arena.engine.content.traps import TRAPS
from arena.engine.content.weapons import WEAPONS
from arena.team_names import is_app_team, team_label
from common.bounded_lru import BoundedLRU
from common.i18n import entry_name

TRAPS_BY_NUMBER = {trap.number: trap for trap in TRAPS.values()}
# the engine names a modifier or a cancelled spell by its Hungarian rules name ("Lopakodás +2"): the
# entry it names, to say it in the reader's language
BY_HUNGARIAN_NAME = {
    entry.name_hu: entry
    for table in (TRAPS, VIALS, AMULETS, SPELLS, SKILLS)  # the later wins: a skill's own name first
    for entry in table.values()
}

HALVES = {
    "N": gettext_lazy("north"),
    "E": gettext_lazy("east"),
    "S": gettext_lazy("south"),
    "W": gettext_lazy("west"),
}
# the four-seat quarters (HR-8)
QUARTERS = {
    "NE": gettext_lazy("north-east"),
    "SE": gettext_lazy("south-east"),
    "SW": gettext_lazy("south-west"),
    "NW": gettext_lazy("north-west"),
}
# what an attack is made with (AttackDeclared.weapon)
ATTACK_KINDS = {
    "melee": gettext_lazy("a melee attack"),
    "halberd": gettext_lazy("the halberd"),
    "bolt": gettext_lazy("a crossbow bolt"),
    "dagger": gettext_lazy("a thrown dagger"),
    "javelin": gettext_lazy("a javelin"),
    "net": gettext_lazy("a net"),
    "touch": gettext_lazy("a touch spell"),
    "lightning": gettext_lazy("lightning"),
}
STATES = {
    "sneaking": gettext_lazy("sneaking"),
    "hiding": gettext_lazy("hiding"),
    "netted": gettext_lazy("netted"),
    "entangled": gettext_lazy("entangled"),
    "golden_bell": gettext_lazy("Golden Bell"),
    "prone": gettext_lazy("prone"),
}
TRAP_MARKS = {
    "pit": gettext_lazy("in the pit"),
    "jaws": gettext_lazy("held by the jaws"),
    "quicksand": gettext_lazy("in quicksand"),
    "no_running": gettext_lazy("no running"),
    "dust": gettext_lazy("blinded by dust"),
    "stopped": gettext_lazy("movement stopped"),
    "jam": gettext_lazy("jammed"),
}
VALUES = {"te": "TÉ", "ve": "VÉ", "ce": "CÉ", "eg": "Eg", "me": "ME", "mov": "MAN"}
# The engine's short reasons (English) the log translates; any other is shown as written.
REASONS = {
    "ended by the player": gettext_lazy("ended by the player"),
    "no MAN left": gettext_lazy("no MAN left"),
    "nobody left to act": gettext_lazy("nobody left to act"),
    "nobody can be named": gettext_lazy("nobody can be named"),
    "attacked": gettext_lazy("he attacked"),
    "cast a spell": gettext_lazy("he cast a spell"),
    "left his hex": gettext_lazy("he left his hex"),
    "opened or closed a gate": gettext_lazy("he opened or closed a gate"),
    "stopped": gettext_lazy("by choice"),
    "took damage": gettext_lazy("he took damage"),
    "pushed off his hex": gettext_lazy("pushed off his hex"),
    "the banned step is over (HR-4)": gettext_lazy("the banned step is over (HR-4)"),
    "its banned activation is over (HR-4)": gettext_lazy("its banned activation is over (HR-4)"),
    "his next step (RB p.20)": gettext_lazy("his next step has come (RB p.20)"),
    "end of the net-thrower's next step (HR-3.3)": gettext_lazy("the net-thrower's next step is over (HR-3.3)"),
    "climbed out of the pit": gettext_lazy("he climbed out of the pit"),
    "its last round is over (RB p.12)": gettext_lazy("its last round is over (RB p.12)"),
    "the shock begins (RB p.15)": gettext_lazy("the shock begins (RB p.15)"),
    "the caster is immune to his own magic (digest A42)": gettext_lazy(
        "the caster is immune to his own magic (digest A42)"
    ),
    "his attack is made": gettext_lazy("his attack is made"),
    "the step ended before his attack": gettext_lazy("the step ended before his attack"),
    "its creator is dead (HR-11)": gettext_lazy("its creator is dead (HR-11)"),
    "round limit, arena score (HR-10.1)": gettext_lazy("the round limit, on arena score (HR-10.1)"),
    "round limit, arena scores within 5 (HR-10.1)": gettext_lazy("the round limit, arena scores within 5 (HR-10.1)"),
    # four seats (HR-8)
    "round limit, the sides' arena scores (HR-8)": gettext_lazy("the round limit, on the sides' arena scores (HR-8)"),
    "round limit, the sides' arena scores within 5 (HR-8)": gettext_lazy(
        "the round limit, the sides' arena scores within 5 (HR-8)"
    ),
    "round limit, arena score then gladiator Ép % (HR-8)": gettext_lazy(
        "the round limit, on arena score, then the gladiator's Ép % (HR-8)"
    ),
    "round limit, the best survivors tie (HR-8)": gettext_lazy("the round limit, the best survivors tie (HR-8)"),
    "the last gladiators fell at once (HR-8, HR-12 ruling 24)": gettext_lazy(
        "the last gladiators fell at once (HR-8, HR-12 ruling 24)"
    ),
    "the last gladiators of both sides fell at once (HR-8, HR-12 ruling 24)": gettext_lazy(
        "the last gladiators of both sides fell at once (HR-8, HR-12 ruling 24)"
    ),
    "his gladiator has fallen (HR-8)": gettext_lazy("his gladiator has fallen (HR-8)"),
    "the seat conceded (HR-8)": gettext_lazy("the seat conceded (HR-8)"),
}
_DESTROYED = re.compile(r"^(\d\.\w+) was destroyed \(RB p\.6\)$")
_CANCELS = re.compile(r"^cancels (.+) \(RB p\.7, p\.12\)$")
_CONCEDED = re.compile(r"^seat (\d) conceded \(HR-12 ruling 37\)$")
_CANCELLED_TRAP = re.compile(r"^cancelled the poison of trap (\d+)$")
_CONCEDED_FOR_SIDE = re.compile(r"^seat (\d) conceded for his side \(HR-8, HR-12 ruling 37\)$")
_LAST_STANDING = re.compile(r"^(\d\.\w+) is the last standing \(HR-8\)$")
_PAIR_DESTROYED = re.compile(r"^both gladiators of seats (\d) and (\d) were destroyed \(HR-8\)$")


def character_label(char_id: str, name: str, team: str) -> str:
    """A member of a team the app made keeps his profile's name, said in the reader's language."""
    profile = PROFILES.get(char_id.partition(".")[2])
    if profile is not None and name in (profile.name_en, profile.name_hu) and is_app_team(team):
        return entry_name(profile)
    return name


class Names:
    """Who is who in one match, read from a view: each character's name (with his team's where
    both teams have a member of that name and he is not the viewer's own), each seat's team, in
    the reader's language where the app named them. Not changed once made: the play screen's
    words worded with one (its rows, pieces and choices) are kept by its identity (``Names.of``)."""

    def __init__(self, public: SeatView, viewer: int | None = None) -> None:
        self.viewer = viewer
        self.language = get_language()
        self.stored_teams = stored = {seat.seat: seat.team for seat in public.seats}
        self.teams = {seat: team_label(team) for seat, team in stored.items()}
        characters = public.characters
        own = {c.id: character_label(c.id, c.name, stored.get(c.seat, "")) for c in characters}
        counts: dict[str, int] = {}
        for c in characters:
            counts[own[c.id]] = counts.get(own[c.id], 0) + 1
        self.seat_of = {c.id: c.seat for c in characters}
        # A name both teams use is told apart by the team: for a player only the opponent's.
        self.names = {
            c.id: own[c.id] if counts[own[c.id]] == 1 or c.seat == viewer else f"{own[c.id]} ({self.teams[c.seat]})"
            for c in characters
        }

    @classmethod
    def of(cls, public: SeatView, viewer: int | None = None) -> Names:
        """The names of ``public`` for ``viewer`` in the active language, made once per process: every
        version of a match names the same characters and teams, so a page's builds share one object,
        whose identity then keys what is worded with it."""
        key = (
            get_language(),
            viewer,
            tuple((seat.seat, seat.team) for seat in public.seats),
            tuple((c.id, c.name, c.seat) for c in public.characters),
        )
        found = _NAMES.get(key)
        if found is None:
            found = cls(public, viewer)
            _NAMES.put(key, found)
        return found

    def char(self, char_id: str | None) -> str:
        if char_id is None:
            return ""
        return self.names.get(char_id, char_id)

    def chars(self, char_ids: Iterable[str]) -> str:
        return ", ".join(self.char(c) for c in char_ids)

    def team(self, seat: int | None) -> str:
        if seat is None:
            return ""
        return self.teams.get(seat, str(seat))

    def who(self, who: str) -> str:
        """A dice roller: a character, a seat (``"seat 0"``), a trap (``"trap 13"``)."""
        if who.startswith("seat "):
            return self.team(int(who[5:]))
        if who.startswith("trap "):
            return trap_name(int(who[5:]))
        return self.char(who)


# The names of the matches a process serves: one per match, reader's seat and language.
_NAMES: BoundedLRU[tuple[Any, ...], Names] = BoundedLRU(1024)


def hex_text(value: Sequence[int] | None) -> str:
    if not value:
        return ""
    return f"({value[0]}, {value[1]})"


def item_name(item: str | None) -> str:
    if not item:
        return ""
    entry = WEAPONS.get(item)
    return entry_name(entry) if entry is not None else item


def items_text(items: Iterable[str]) -> str:
    return " + ".join(item_name(i) for i in items)


def grip_text(hand: Sequence[str] | None, main: str | None = None) -> str:
    """A grip: the items in hand (the dagger when nothing else), the main one named."""
    items = list(hand or ()) or ["dagger"]
    text = items_text(items)
    if main and len(items) > 1:
        text += " " + _("(main: %(item)s)") % {"item": item_name(main)}
    return text


def spell_name(spell: str | None) -> str:
    if not spell:
        return ""
    entry = SPELLS.get(spell)
    return entry_name(entry) if entry is not None else spell


def trap_name(number: int | None) -> str:
    """``Verem (9)``: a card by its number."""
    if number is None:
        return ""
    entry = TRAPS_BY_NUMBER.get(number)
    return f"{entry_name(entry)} ({number})" if entry is not None else str(number)


def trap_by_id(trap_id: str) -> str:
    entry = TRAPS.get(trap_id)
    return trap_name(entry.number) if entry is not None else trap_id


def cards_text(cards: Iterable[int]) -> str:
    return ", ".join(trap_name(c) for c in cards) or "–"


def amulet_name(amulet: str | None) -> str:
    if not amulet:
        return ""
    entry = AMULETS.get(amulet)
    return entry_name(entry) if entry is not None else amulet


def skill_name(skill: str | None) -> str:
    if not skill:
        return ""
    entry = SKILLS.get(skill)
    return entry_name(entry) if entry is not None else skill


def vial_name(vial: str | None) -> str:
    if not vial:
        return ""
    entry = VIALS.get(vial)
    return entry_name(entry) if entry is not None else vial


def half_name(half: str | None) -> str:
    return str(HALVES.get(half or "", half or ""))


def quarter_name(quarter: str | None) -> str:
    return str(QUARTERS.get(quarter or "", quarter or ""))


def state_name(state: str) -> str:
    return str(STATES.get(state, skill_name(state)))


def mark_name(mark: str) -> str:
    return str(TRAP_MARKS.get(mark, mark))


def attack_kind(weapon: str) -> str:
    return str(ATTACK_KINDS.get(weapon, item_name(weapon)))


def value_name(value: str) -> str:
    return VALUES.get(value, value)


# the engine's modifiers named "<rule><what of it>" (arena.engine.match.rules: attack_hook, defence_hook)
MODIFIER_TAILS = {
    ": first attack out of hiding": gettext_lazy("%(rule)s: first attack out of hiding"),
    ": entered the enemy's hex": gettext_lazy("%(rule)s: entered the enemy's hex"),
    " against thrown weapons": gettext_lazy("%(rule)s against thrown weapons"),
    " against ranged weapons": gettext_lazy("%(rule)s against ranged weapons"),
}


def rule_name(name: str) -> str:
    """A skill, spell, amulet or trap the engine names in Hungarian (``Lopakodás``, ``Rejtőzés: first
    attack out of hiding``), in the reader's language."""
    entry = BY_HUNGARIAN_NAME.get(name)
    if entry is not None:
        return entry_name(entry)
    for tail, words in MODIFIER_TAILS.items():
        head = name.removesuffix(tail)
        if head != name and head in BY_HUNGARIAN_NAME:
            return str(words) % {"rule": entry_name(BY_HUNGARIAN_NAME[head])}
    return name


def modifiers_text(modifiers: Iterable[Sequence[Any]]) -> str:
    """``Aiming +2, spells and traps −4``: each named modifier with its sign, in the reader's language."""
    words = {"spells and traps": _("spells and traps"), "prone": _("prone"), "entangled": _("entangled")}
    return ", ".join(f"{words[name] if name in words else rule_name(name)} {amount:+d}" for name, amount in modifiers)


def reason_text(reason: str, names: Names | None = None) -> str:
    """One of the engine's short reasons in the reader's language (as written when unknown)."""
    known = REASONS.get(reason)
    if known is not None:
        return str(known)
    found = _DESTROYED.match(reason)
    if found and names is not None:
        return _("%(who)s was destroyed (RB p.6)") % {"who": names.char(found.group(1))}
    found = _CONCEDED.match(reason)
    if found and names is not None:
        return _("%(team)s conceded (HR-12 ruling 37)") % {"team": names.team(int(found.group(1)))}
    four = _four_reason(reason, names)
    if four:
        return four
    found = _CANCELS.match(reason)
    if found:
        return _("it cancels %(spell)s (RB p.7, p.12)") % {"spell": rule_name(found.group(1))}
    found = _CANCELLED_TRAP.match(reason)
    if found:
        return _("it cancelled the poison of %(trap)s") % {"trap": trap_name(int(found.group(1)))}
    return reason


def _four_reason(reason: str, names: Names | None) -> str:
    """The four-seat modes' reasons that name a seat or a character (HR-8)."""
    if names is None:
        return ""
    found = _CONCEDED_FOR_SIDE.match(reason)
    if found:
        return _("%(team)s conceded for his side (HR-8, HR-12 ruling 37)") % {"team": names.team(int(found.group(1)))}
    found = _LAST_STANDING.match(reason)
    if found:
        return _("%(who)s is the last standing (HR-8)") % {"who": names.char(found.group(1))}
    found = _PAIR_DESTROYED.match(reason)
    if found:
        return _("both gladiators of %(a)s and %(b)s were destroyed (HR-8)") % {
            "a": names.team(int(found.group(1))),
            "b": names.team(int(found.group(2))),
        }
    return ""


def effect_source(source: str) -> str:
    """Where a modifier comes from (``EffectAdded.source``): a spell, a trap card, a vial."""
    if source in SPELLS:
        return spell_name(source)
    if source.startswith("trap ") and ":" in source:
        number = source[5:].split(":", 1)[0]
        return trap_name(int(number)) if number.isdigit() else source
    return {"trap: prone": _("a trap's fall"), "poison vial": vial_name("poison_vial")}.get(source, source)


_PURPOSES: tuple[tuple[re.Pattern[str], Any], ...] = ()


def purpose_text(purpose: str, names: Names) -> str:
    """What a d10 was rolled for, from the engine's short English purpose."""
    global _PURPOSES
    if not _PURPOSES:
        _PURPOSES = _purpose_patterns()
    for pattern, word in _PURPOSES:
        found = pattern.match(purpose)
        if found:
            return word(names, *found.groups())
    return purpose


def _target(names: Names, token: str) -> str:
    if token in names.names:
        return names.char(token)
    if token.startswith("trap ") and token[5:].isdigit():
        return trap_name(int(token[5:]))
    if token in SPELLS:
        return spell_name(token)
    return token


def _purpose_patterns() -> tuple[tuple[re.Pattern[str], Any], ...]:
    def attack(names: Names, what: str, target: str) -> str:
        if what in TRAPS:
            return _("%(trap)s's attack on %(target)s") % {"trap": trap_by_id(what), "target": names.char(target)}
        return _("%(attack)s on %(target)s") % {"attack": attack_kind(what), "target": names.char(target)}

    def poison(names: Names, what: str, target: str) -> str:
        return _("the poison of %(trap)s on %(target)s") % {"trap": trap_by_id(what), "target": names.char(target)}

    def vial(names: Names, target: str) -> str:
        return _("the poison vial on %(target)s") % {"target": names.char(target)}

    def defence(names: Names, against: str) -> str:
        return _("defence against %(what)s") % {"what": _target(names, against)}

    def resistance(names: Names, spell: str) -> str:
        return _("resistance against %(spell)s") % {"spell": spell_name(spell)}

    def eg_trap(names: Names, number: str) -> str:
        return _("Eg against the poison of %(trap)s") % {"trap": trap_name(int(number))}

    def eg_vial(names: Names, owner: str) -> str:
        return _("Eg against %(who)s's poison vial") % {"who": names.char(owner)}

    def spell_on(names: Names, spell: str, target: str) -> str:
        return _("%(spell)s on %(target)s") % {"spell": spell_name(spell), "target": names.char(target)}

    # the deck's draws at the set-up and for trap insight (HR-9.5), one die per card or disc
    def trap_card(names: Names, seat: str) -> str:
        return _("a trap card for %(team)s") % {"team": names.team(int(seat))}

    def spell_disc(names: Names, seat: str) -> str:
        return _("a spell disc for %(team)s") % {"team": names.team(int(seat))}

    def insight_card(names: Names, seat: str) -> str:
        return _("a trap insight card for %(team)s") % {"team": names.team(int(seat))}

    return (
        (re.compile(r"^side roll$"), lambda names: _("the side roll")),
        (re.compile(r"^place roll$"), lambda names: _("the place roll")),  # four seats (HR-8)
        (re.compile(r"^trap card for seat (\d)$"), trap_card),
        (re.compile(r"^spell disc for seat (\d)$"), spell_disc),
        (re.compile(r"^insight card for seat (\d)$"), insight_card),
        (re.compile(r"^(\w+) attack on (\d\.\w+)$"), attack),
        (re.compile(r"^(\w+) poison on (\d\.\w+)$"), poison),
        (re.compile(r"^poison vial on (\d\.\w+)$"), vial),
        (re.compile(r"^Eg against the poison of trap (\d+)$"), eg_trap),
        (re.compile(r"^Eg against (\d\.\w+)'s poison vial$"), eg_vial),
        (re.compile(r"^defence against (.+)$"), defence),
        (re.compile(r"^resistance against (\w+)$"), resistance),
        (re.compile(r"^(\w+) on (\d\.\w+)$"), spell_on),
    )


# The rules an engine refusal cites ("RB p.7, HR-12 ruling 39", "HR-5 cards 9, 10, 15, 16", "HR-4 Lopakodás"):
# each part in the reader's language. A part not known here drops the whole citation (no English on a
# Hungarian page); tests/arena/test_refusal_words.py holds every citation the engine writes.
_CITATION = re.compile(
    r"RB p\.(?P<rb>\d+(?:-\d+)?)"
    r"|(?<![\w.])p\.(?P<page>\d+(?:-\d+)?)"
    r"|HR-(?P<rs>\d+(?:\.\d+)?) rulings? (?P<ruling>\d+(?:-\d+)?)"
    r"|HR-(?P<cs>\d+(?:\.\d+)?) cards? (?P<cards>\d+(?:, \d+)*)"
    r"|digest (?P<digest>A\d+)"
    r"|(?P<plain>(?:HR|TB)-\d+(?:\.\d+)?|§\d+(?:\.\d+)*)"
    r"|(?P<name>[A-ZÁÉÍÓÖŐÚÜŰ][a-záéíóöőúüű]+)"
)


def _citation_part(found: re.Match[str]) -> str | None:
    parts = found.groupdict()
    if parts["rb"]:
        return _("RB p.%(page)s") % {"page": parts["rb"]}
    if parts["page"]:
        return _("p.%(page)s") % {"page": parts["page"]}
    if parts["ruling"]:
        if "-" in parts["ruling"]:
            words = _("HR-%(section)s rulings %(ruling)s")
        else:
            words = _("HR-%(section)s ruling %(ruling)s")
        return words % {"section": parts["rs"], "ruling": parts["ruling"]}
    if parts["cards"]:
        if "," in parts["cards"]:
            words = _("HR-%(section)s cards %(cards)s")
        else:
            words = _("HR-%(section)s card %(cards)s")
        return words % {"section": parts["cs"], "cards": parts["cards"]}
    if parts["digest"]:
        return _("digest %(entry)s") % {"entry": parts["digest"]}
    if parts["plain"]:
        return parts["plain"]
    entry = BY_HUNGARIAN_NAME.get(parts["name"])
    return entry_name(entry) if entry is not None else None


def rule_citation(rule: str) -> str:
    """The rules an engine refusal cites, in the reader's language; "" when a part is not known."""
    words: list[str] = []
    at = 0
    for found in _CITATION.finditer(rule):
        gap = rule[at : found.start()]
        part = _citation_part(found)
        if part is None or gap.strip(" ,") or (words and not gap):
            return ""
        words.append(f"{gap}{part}" if words else part)
        at = found.end()
    if rule[at:].strip() or not words:
        return ""
    return "".join(words)
