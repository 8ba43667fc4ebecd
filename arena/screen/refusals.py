"""A refused action in the reader's language, with characters and teams by name and the action as
its button reads: the play screen's refusals (``/play/<id>/act/``, 422) and the replay import's
(:mod:`arena.screen.match_records`) both say them here.

The engine refuses in short English with its ids ("0.crossbowman is not one of seat 1's
characters (RB p.6)"), for logs; no page shows that text (issue 32), and nothing here reads it. A
refusal is told by its kind and facts (:class:`arena.engine.Refusal`): a character not in the match,
another seat's character and the match's end get their own sentence, any other kind says which
action the referee refused and the rules it cites (:func:`arena.screen.reader_words.rule_citation`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import gettext as _

from arena.engine import Refusal, RefusalKind, SeatView, State, action_from_json, view

from ..play_errors import ActionRefusedError, MatchError
from .choices import choice_of
from .reader_words import Names, rule_citation

_SEAT = re.compile(r"^seat (\d)$")
_CHAR = re.compile(r"^\d\.\w+$")
ENGINE_ID = re.compile(r"\b\d\.[a-z_]\w*")


def actor_name(names: Names, who: str) -> str:
    """A roll's or an action's actor: a character, a seat's team, or the deck."""
    if who in names.names:
        return names.char(who)
    seat = _SEAT.match(who)
    if seat is not None:
        return names.team(int(seat.group(1)))
    if who == "deck":
        return _("the deck")
    return _("someone not in the match") if _CHAR.match(who) else who


def action_words(names: Names, public: SeatView, data: Mapping[str, Any]) -> tuple[str, str]:
    """(who acts, what the action's button would read) for an action as the engine writes it; the
    label is "" where no button would show it (an unknown character, an id left in the words)."""
    seat = data.get("seat")
    char = data.get("char") or data.get("zombie")
    who = actor_name(names, char) if isinstance(char, str) else (names.team(seat) if isinstance(seat, int) else "")
    try:
        label = choice_of(action_from_json(dict(data)), names, public).label
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        label = ""
    if label == data.get("type") or ENGINE_ID.search(label):
        label = ""
    return who, label


def _with_rule(text: str, rule: str) -> str:
    cited = rule_citation(rule)
    return f"{text} ({cited})." if cited else f"{text}."


def _stranger(names: Names, refusal: Refusal, who: str, label: str) -> str:
    return _("The referee refused this action: it names a character who is not in this match")


def _not_yours(names: Names, refusal: Refusal, who: str, label: str) -> str:
    if refusal.char not in names.names:
        return _stranger(names, refusal, who, label)
    return _("The referee refused this action: %(who)s is not one of your characters") % {
        "who": names.char(refusal.char)
    }


def _over(names: Names, refusal: Refusal, who: str, label: str) -> str:
    return _("The referee refused this action: the match is over")


def _the_action(names: Names, refusal: Refusal, who: str, label: str) -> str:
    """Which action the referee refused, as its button reads and by whom (the rule says why)."""
    if label and who and who not in label:
        return _("The referee refused %(who)s's “%(action)s”") % {"who": who, "action": label}
    if label:
        return _("The referee refused “%(action)s”") % {"action": label}
    if who:
        return _("The referee refused %(who)s's action") % {"who": who}
    return _("The referee refused this action")


# Each kind of refusal's sentence (the rules it cites follow it): every kind has one.
SENTENCES: dict[RefusalKind, Callable[[Names, Refusal, str, str], str]] = {
    RefusalKind.NOT_AN_ACTION: _the_action,
    RefusalKind.MATCH_OVER: _over,
    RefusalKind.NOT_YOUR_TURN: _the_action,
    RefusalKind.NO_SUCH_CHARACTER: _stranger,
    RefusalKind.NOT_YOUR_CHARACTER: _not_yours,
    RefusalKind.NOT_LEGAL_NOW: _the_action,
}


def refused_action_text(state: State, seat: int | None, data: Mapping[str, Any], refusal: Refusal) -> str:
    """The referee's ``refusal`` of ``data`` on ``state`` (its kind, facts and the rules it cites),
    said to ``seat``'s player in his language."""
    public = view(state, None)
    names = Names(public, seat)
    who, label = action_words(names, public, data)
    return _with_rule(SENTENCES[refusal.kind](names, refusal, who, label), refusal.rule)


def refusal_text(error: MatchError) -> str:
    """What the play screen says of a refused request: an engine's refusal in words, any other
    refusal by its own (translated) message."""
    if isinstance(error, ActionRefusedError) and error.kind == "illegal" and error.state is not None:
        refusal = error.refusal or Refusal(RefusalKind.NOT_LEGAL_NOW, error.rule)
        return refused_action_text(error.state, error.seat, error.action or {}, refusal)
    return str(error)
