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

from arena.engine import Refusal, RefusalKind, State, view
from arena.engine.match.record import Mismatch, RecordCheck

from .log import has_sentence, sentence
from .reader_words import Names, purpose_text, rule_citation
from .refusals import action_words, actor_name


def names_of(state: State) -> Names:
    return Names(view(state, None), None)


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
            "who": actor_name(names, str(expected["who"])),
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
        refusal = mismatch.refusal or Refusal(RefusalKind.NOT_LEGAL_NOW)
        if refusal.kind is RefusalKind.NOT_AN_ACTION:
            return _("%(where)s: this is not an action of the game.") % {"where": where}
        who, label = action_words(names, view(check.state, None), mismatch.found)
        cited = rule_citation(refusal.rule)
        text = (
            _("%(where)s: the referee refuses “%(action)s”")
            if label
            else _("%(where)s: the referee refuses %(who)s's action")
        ) % {"where": where, "who": who or _("someone not in the match"), "action": label}
        return f"{text} ({cited})." if cited else f"{text}."
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
        RollRow(roll.seq, actor_name(names, roll.who), _purpose(names, roll.purpose), roll.sides, roll.result)
        for roll in check.rolls
    ]
