"""A match record's check in the reader's language: why a record does not replay (the import's
refusal, the dice check's verdict) and the rolls it checked, with characters and teams by name.

The engine's check (:mod:`arena.engine.match.record`) says where the record and the seed's replay
part (a :class:`Mismatch`: a roll, an event, the number of events, or an action the referee refuses)
in short English with the engine's ids ("0.crossbowman"). Here each kind is a sentence of the
catalogue, the characters and teams are named as the play screen names them, the action as its
button reads and an event as the log writes it: one language per page, no internal id on it (issue 32).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.html import strip_tags
from django.utils.translation import gettext as _

from arena.engine import State, action_from_json, view
from arena.engine.match.record import Mismatch, RecordCheck

from .choices import choice_of
from .log import has_sentence, sentence
from .words import Names, purpose_text

_RULE = re.compile(r"\(([^()]*(?:RB|HR|digest)[^()]*)\)$")
_SEAT = re.compile(r"^seat (\d)$")
_CHAR = re.compile(r"^\d\.\w+$")


def names_of(state: State) -> Names:
    return Names(view(state, None), None)


def _who(names: Names, who: str) -> str:
    """A roll's or an action's actor: a character, a seat's team, or the deck."""
    if who in names.names:
        return names.char(who)
    seat = _SEAT.match(who)
    if seat is not None:
        return names.team(int(seat.group(1)))
    if who == "deck":
        return _("the deck")
    return _("someone not in the match") if _CHAR.match(who) else who


def _purpose(names: Names, purpose: str) -> str:
    text = purpose_text(purpose, names)
    return _("a roll") if text == purpose and re.search(r"\d\.\w+", purpose) else text


def _where(mismatch: Mismatch) -> str:
    return _("the deal") if mismatch.seq == 0 else _("action %(n)s") % {"n": mismatch.seq}


def _event(names: Names, event: Any) -> str:
    """An event as the log says it; one the log cannot word is "an event the engine never causes"."""
    if isinstance(event, Mapping) and isinstance(event.get("type"), str) and has_sentence(event["type"]):
        try:
            return strip_tags(sentence(event, names))
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            pass
    return _("an event the engine never causes")


def _action(names: Names, state: State, data: Mapping[str, Any]) -> tuple[str, str]:
    """(who acts, what the action's button would read) for an action of the record."""
    seat = data.get("seat")
    char = data.get("char") or data.get("zombie")
    who = _who(names, char) if isinstance(char, str) else (names.team(seat) if isinstance(seat, int) else "")
    try:
        label = choice_of(action_from_json(dict(data)), names, view(state, None)).label
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        label = ""
    if label == data.get("type") or re.search(r"\d\.\w+", label):
        label = ""
    return who, label


def mismatch_text(check: RecordCheck) -> str:
    """Where the record and the seed's replay part, in the reader's language."""
    mismatch = check.mismatch
    assert mismatch is not None
    names = names_of(check.state)
    where = _where(mismatch)
    if mismatch.kind == "roll":
        expected = mismatch.expected
        return _(
            "%(where)s, event %(index)s: the record's d%(sides)s for %(purpose)s (%(who)s) shows %(found)s; "
            "the seed gives %(expected)s."
        ) % {
            "where": where,
            "index": mismatch.index + 1,
            "sides": expected["sides"],
            "purpose": _purpose(names, str(expected["purpose"])),
            "who": _who(names, str(expected["who"])),
            "found": mismatch.found.get("result"),
            "expected": expected["result"],
        }
    if mismatch.kind == "count":
        return _("%(where)s: the record holds %(found)s events; the replay causes %(expected)s.") % {
            "where": where,
            "found": mismatch.found,
            "expected": mismatch.expected,
        }
    if mismatch.kind == "illegal":
        reason = str(mismatch.expected)
        if reason.startswith("not an action of the game"):
            return _("%(where)s: this is not an action of the game.") % {"where": where}
        who, label = _action(names, check.state, mismatch.found)
        rule = _RULE.search(reason)
        text = (
            _("%(where)s: the referee refuses “%(action)s”")
            if label
            else _("%(where)s: the referee refuses %(who)s's action")
        ) % {"where": where, "who": who or _("someone not in the match"), "action": label}
        return f"{text} ({rule.group(1)})." if rule is not None else f"{text}."
    return _("%(where)s, event %(index)s: the record says “%(found)s”, the replay “%(expected)s”.") % {
        "where": where,
        "index": mismatch.index + 1,
        "found": _event(names, mismatch.found),
        "expected": _event(names, mismatch.expected),
    }


@dataclass(frozen=True)
class RollRow:
    seq: int
    who: str
    purpose: str
    sides: int
    result: int


def roll_rows(check: RecordCheck) -> list[RollRow]:
    """The rolls a dice check confirmed, each with its roller and purpose in words."""
    names = names_of(check.state)
    return [
        RollRow(roll.seq, _who(names, roll.who), _purpose(names, roll.purpose), roll.sides, roll.result)
        for roll in check.rolls
    ]
