"""A refused action is told from the engine's refusal kind and facts (``arena.engine.Refusal``),
never from its English message: each kind has a sentence in both languages, on the play screen and
in a record's check (the import and the dice-check pages)."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from arena.engine import Refusal, RefusalKind, new_match, view
from arena.engine.match.record import Mismatch, RecordCheck
from arena.engine.roster import base_roster
from arena.play_errors import ActionRefusedError
from arena.screen.match_records import mismatch_text
from arena.screen.reader_words import Names
from arena.screen.refusals import SENTENCES, refusal_text, refused_action_text

ENGINE_ID = re.compile(r"\b\d\.[a-z_]+\b")
STATE = new_match((base_roster(), base_roster()), seed=3)
TOKEN = {"type": "AssignMeToken", "seat": 0, "value": 2, "char": "0.witch_master"}
# each kind with the facts the engine gives it
REFUSALS = {
    RefusalKind.NOT_AN_ACTION: Refusal(RefusalKind.NOT_AN_ACTION, "HR-12"),
    RefusalKind.MATCH_OVER: Refusal(RefusalKind.MATCH_OVER, "RB p.6, HR-10.1"),
    RefusalKind.NOT_YOUR_TURN: Refusal(RefusalKind.NOT_YOUR_TURN, "HR-12 ruling 38", seat=0),
    RefusalKind.NO_SUCH_CHARACTER: Refusal(RefusalKind.NO_SUCH_CHARACTER, "RB p.4-5", char="0.nobody"),
    RefusalKind.NOT_YOUR_CHARACTER: Refusal(RefusalKind.NOT_YOUR_CHARACTER, "RB p.6", char="1.deasta", seat=0),
    RefusalKind.NOT_LEGAL_NOW: Refusal(RefusalKind.NOT_LEGAL_NOW, "HR-12 ruling 39"),
}
OWN = {  # the words a kind's own sentence says, where it has one
    RefusalKind.MATCH_OVER: {"en": "the match is over", "hu": "a mérkőzés véget ért"},
    RefusalKind.NO_SUCH_CHARACTER: {
        "en": "it names a character who is not in this match",
        "hu": "olyan karaktert nevez meg, aki nincs ebben a mérkőzésben",
    },
    RefusalKind.NOT_YOUR_CHARACTER: {"en": "is not one of your characters", "hu": "nem a te karaktered"},
}
CITED = {"en": "(HR-12 ruling 38)", "hu": "(HR-12 38. döntés)"}


def _said(refusal: Refusal, language: str, data: dict[str, object] = TOKEN) -> str:
    with translation.override(language):
        return refused_action_text(STATE, 0, data, refusal)


def test_every_kind_has_a_sentence():
    assert set(SENTENCES) == set(RefusalKind) == set(REFUSALS)


@pytest.mark.parametrize("kind", list(RefusalKind), ids=lambda kind: kind.name)
def test_each_kind_is_said_in_both_languages(kind):
    english, hungarian = _said(REFUSALS[kind], "en"), _said(REFUSALS[kind], "hu")
    assert english.startswith("The referee refused") and english.endswith(").")
    assert hungarian.startswith("A játékvezető") and hungarian.endswith(").")
    assert english != hungarian
    for text in (english, hungarian):
        assert not ENGINE_ID.search(text), text
    assert not re.search(r"\b(refused|ruling|RB|match)\b", hungarian), hungarian
    if kind in OWN:
        assert OWN[kind]["en"] in english and OWN[kind]["hu"] in hungarian
    else:  # the action as its button reads, by whom, and the rules it cites
        assert "“" in english and "„" in hungarian
    if kind is RefusalKind.NOT_YOUR_CHARACTER:  # the character by his name, as the player sees him
        for language, text in (("en", english), ("hu", hungarian)):
            with translation.override(language):
                assert Names(view(STATE, None), 0).char("1.deasta") in text, text


def test_the_rule_cited_comes_from_the_refusal():
    refusal = Refusal(RefusalKind.NOT_YOUR_TURN, "HR-12 ruling 38", seat=0)
    for language, cited in CITED.items():
        assert _said(refusal, language).endswith(f"{cited}.")
    assert _said(Refusal(RefusalKind.NOT_LEGAL_NOW), "en").endswith("”.")  # no rule, no citation


def _refused(reason: str, refusal: Refusal | None) -> ActionRefusedError:
    return ActionRefusedError(
        "The referee refused this action.",
        reason,
        kind="illegal",
        rule=refusal.rule if refusal else "RB p.6",
        action=TOKEN,
        state=STATE,
        seat=0,
        refusal=refusal,
    )


@pytest.mark.parametrize("language", ["en", "hu"])
def test_the_sentence_follows_the_kind_whatever_the_english_says(language):
    stranger = OWN[RefusalKind.NO_SUCH_CHARACTER][language]
    with translation.override(language):
        worded = refusal_text(_refused("there is no character '0.nobody'", REFUSALS[RefusalKind.NOT_LEGAL_NOW]))
        reworded = refusal_text(_refused("no fighter called 0.nobody here", REFUSALS[RefusalKind.NO_SUCH_CHARACTER]))
        without = refusal_text(_refused("there is no character '0.nobody'", None))  # no kind: the action refused
    assert stranger not in worded and stranger in reworded and stranger not in without
    assert not ENGINE_ID.search(worded + reworded + without)


def _mismatch(refusal: Refusal, expected: str) -> RecordCheck:
    mismatch = Mismatch(4, 0, "illegal", expected, dict(TOKEN), refusal)
    return RecordCheck(STATE, mismatch=mismatch)


@pytest.mark.parametrize("language", ["en", "hu"])
def test_a_records_refusal_is_told_from_its_kind_and_rule(language):
    with translation.override(language):
        unread = mismatch_text(_mismatch(Refusal(RefusalKind.NOT_AN_ACTION), "KeyError('char')"))
        refused = mismatch_text(_mismatch(Refusal(RefusalKind.NOT_YOUR_TURN, "HR-12 ruling 38"), "reworded (HR-4)"))
        no_rule = mismatch_text(_mismatch(Refusal(RefusalKind.NOT_LEGAL_NOW), "ends with (RB p.6)"))
    if language == "en":
        assert unread == "action 4: this is not an action of the game."
        assert refused.startswith("action 4: the referee refuses") and refused.endswith(f"{CITED['en']}.")
    else:
        assert unread == "4. lépés: ez nem a játék egy lépése."
        assert refused.endswith(f"{CITED['hu']}.") and "refuses" not in refused
    assert no_rule.endswith("”.") and "RB" not in no_rule and "HR-4" not in refused
