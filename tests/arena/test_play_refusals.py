"""Issue 32, item 3: a refused action on the play screen (``/play/<id>/act/``, 422) is told in the
reader's language: the referee's refusal as a sentence of the catalogue, the characters by name,
the action as its button reads and the rules it cites; never the engine's English reason nor an
internal id ("0.crossbowman")."""

from __future__ import annotations

import html as html_lib
import json
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

from arena.engine import view
from arena.models import Match
from arena.runtime.states import state_of
from arena.screen.reader_words import Names, rule_citation
from tests.arena.hosted import begin, fresh
from tests.arena.script import DICE, SCRIPT, chosen

HTMX = {"HX-Request": "true"}
ENGINE_ID = re.compile(r"\b\d\.[a-z_]+\b")
# the engine's own words for the refusals below: none may reach a page
ENGINE_TEXT = (
    "hand out the amulets first",
    "there is no character",
    "is not one of seat",
    "referee refused this action:",
)
MESSAGE = re.compile(r'id="play-message"[^>]*>(.*?)</div>', re.S)


def _session(client: Client, user, language: str) -> Client:  # type: ignore[no-untyped-def]
    client.force_login(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


def _post(client: Client, match: Match, **data: object):  # type: ignore[no-untyped-def]
    fields = {"version": match.version, **{k: json.dumps(v) if not isinstance(v, str) else v for k, v in data.items()}}
    return client.post(reverse("play:act", args=[match.pk]), fields, headers=HTMX)


def _message(response) -> str:  # type: ignore[no-untyped-def]
    assert response.status_code == 422, response.status_code
    found = MESSAGE.search(response.content.decode())
    assert found is not None, "the refusal is shown"
    return html_lib.unescape(found.group(1))


def _name(match: Match, char: str, language: str, seat: int = 0) -> str:
    with translation.override(language):
        return Names(view(state_of(match), None), seat).char(char)


def _clean(message: str, language: str) -> None:
    assert not ENGINE_ID.search(message), message
    if language == "hu":
        assert not any(text in message for text in ENGINE_TEXT), message
        assert "refused" not in message and "ruling" not in message, message


def _visible_text(response) -> str:  # type: ignore[no-untyped-def]
    """The page's words as read: no tags, attributes, scripts or styles."""
    page = re.sub(r"<(script|style|template)\b.*?</\1>", " ", response.content.decode(), flags=re.S)
    return html_lib.unescape(re.sub(r"<[^>]+>", " ", page))


WORDS = {
    "en": {
        "refused": "The referee refused",
        "stranger": "it names a character who is not in this match",
        "not yours": "is not one of your characters",
        "ruling 39": "HR-12 ruling 39",
        "ruling 10": "RB p.8, HR-12 ruling 10",
        "stood": "1 action was played and stands with its dice. The referee refused",
        "unreadable": "This is not an action of the game.",
        "could not read": "This choice could not be read.",
    },
    "hu": {
        "refused": "A játékvezető",
        "stranger": "olyan karaktert nevez meg, aki nincs ebben a mérkőzésben",
        "not yours": "nem a te karaktered",
        "ruling 39": "HR-12 39. döntés",
        "ruling 10": "szabálykönyv 8. o., HR-12 10. döntés",
        "stood": "1 cselekvés megtörtént, és a dobásaival együtt érvényes. A játékvezető",
        "unreadable": "Ez nem a játék egy cselekvése.",
        "could not read": "Ezt a választást nem sikerült értelmezni.",
    },
}
LANGUAGES = pytest.mark.parametrize("language", ["en", "hu"])


@pytest.mark.django_db
@LANGUAGES
def test_an_action_the_rules_refuse_is_told_with_the_characters_name_and_the_rule(client, players, match, language):
    words = WORDS[language]
    wrong = {"type": "AssignMeToken", "seat": 0, "value": 2, "char": "0.witch_master"}  # before the amulets
    response = _post(_session(client, players.home, language), match, action=wrong)
    message = _message(response)
    assert message.startswith(words["refused"]), message
    assert _name(match, "0.witch_master", language) in message
    assert f"({words['ruling 39']})" in message
    _clean(message, language)
    _clean(_visible_text(response), language)
    assert fresh(match).version == 0


@pytest.mark.django_db
@LANGUAGES
@pytest.mark.parametrize(
    ("char", "says"),
    [("0.nobody", "stranger"), ("1.gladiator", "not yours"), ("1.nobody", "stranger")],
)
def test_a_forged_character_id_is_refused_without_the_id(client, players, language, char, says):
    match = begin(players, dice=DICE)
    words = WORDS[language]
    forged = {"type": "AssignMeToken", "seat": 0, "value": 2, "char": char}
    for step in SCRIPT[:3]:  # the amulets handed out: a ME token is the next choice
        client.force_login(players.user(step.seat))
        match = fresh(match)
        assert _post(client, match, action=chosen(match, step)).status_code == 200
    match = fresh(match)
    before = match.version
    response = _post(_session(client, players.home, language), match, action=forged)
    message = _message(response)
    assert message.startswith(words["refused"]) and words[says] in message, message
    if says == "not yours":
        assert _name(match, char, language) in message, message
    _clean(message, language)
    _clean(_visible_text(response), language)
    assert fresh(match).version == before


def _before_the_home_gladiators_run(client: Client, players) -> tuple[Match, dict]:  # type: ignore[no-untyped-def]
    match = begin(players, dice=DICE)
    index = next(i for i, step in enumerate(SCRIPT) if step.kind == "Move" and step.fields.get("char") == "0.gladiator")
    for step in SCRIPT[:index]:
        match = fresh(match)
        client.force_login(players.user(step.seat))
        assert _post(client, match, action=chosen(match, step)).status_code == 200
    match = fresh(match)
    return match, chosen(match, SCRIPT[index])


@pytest.mark.django_db
@LANGUAGES
def test_a_list_whose_second_action_is_refused_keeps_the_first_and_tells_the_second(client, players, language):
    match, run = _before_the_home_gladiators_run(client, players)
    words = WORDS[language]
    further = {"type": "Move", "seat": 0, "char": "0.gladiator", "path": [[-1, 0]], "man": 1}  # past his MAN
    before = match.version
    response = _post(_session(client, players.home, language), match, actions=[run, further])
    message = _message(response)
    assert message.startswith(words["stood"]) and words["refused"] in message, message
    assert _name(match, "0.gladiator", language) in message and f"({words['ruling 10']})" in message, message
    _clean(message, language)
    assert fresh(match).version == before + 1  # the run stands


@pytest.mark.django_db
@LANGUAGES
def test_a_malformed_action_gets_a_plain_sentence(client, players, match, language):
    words = WORDS[language]
    client = _session(client, players.home, language)
    for posted in ("{not json", json.dumps({"type": "Teleport", "seat": 0}), "[]"):
        message = _message(_post(client, match, action=posted))
        assert message == words["unreadable"], message
    match, run = _before_the_home_gladiators_run(client, players)
    client = _session(client, players.home, language)
    broken = {**run, "path": [[0]]}  # a hex of one coordinate
    assert _message(_post(client, match, action=broken)) == words["unreadable"]
    message = _message(_post(client, match, action={**run, "char": 5}))  # a character by a number
    assert message.startswith(words["refused"]) and words["stranger"] in message, message


@pytest.mark.django_db
@LANGUAGES
def test_an_action_the_engine_cannot_read_gets_a_plain_sentence(client, players, language, monkeypatch):
    match, run = _before_the_home_gladiators_run(client, players)

    def unreadable(state, action, dice=None):  # type: ignore[no-untyped-def]
        raise KeyError("0.gladiator")

    monkeypatch.setattr("arena.services.hosted_play.apply", unreadable)
    response = _post(_session(client, players.home, language), match, action=run)
    assert _message(response) == WORDS[language]["could not read"]
    _clean(_visible_text(response), language)


# --- the rules a refusal cites ---------------------------------------------------------------

ENGINE = Path(__file__).resolve().parents[2] / "arena" / "engine"
CITED = re.compile(
    r'(?:fail|no_character|IllegalActionError)\((?:[^()]|\([^()]*\))*?,\s*"((?:RB|HR|digest)[^"]*)"'
    r'\s*(?:,\s*(?:\w+=[^(),]*|f?"[^"]*"|[\w.]+)\s*)*,?\s*\)',  # the rule, then the kind and facts
    re.S,
)


def _engine_citations() -> set[str]:
    return {found for path in ENGINE.rglob("*.py") for found in CITED.findall(path.read_text(encoding="utf-8"))}


def test_every_rule_the_engine_cites_is_said_in_both_languages():
    citations = _engine_citations()
    assert len(citations) > 50 and "RB p.7, HR-12 ruling 39" in citations
    for rule in sorted(citations):
        with translation.override("en"):
            english = rule_citation(rule)
        with translation.override("hu"):
            hungarian = rule_citation(rule)
        assert english and hungarian, rule
        assert not re.search(r"\b(ruling|rulings|card|cards|digest|RB|p\.)", hungarian), (rule, hungarian)
        assert not re.search(r"[áéíóöőúüű]", english.replace("Aranyharang", "")) or rule == english, (rule, english)


@pytest.mark.parametrize(
    ("rule", "hungarian"),
    [
        ("RB p.7, HR-12 ruling 39", "szabálykönyv 7. o., HR-12 39. döntés"),
        ("RB p.15, HR-12 rulings 17-18", "szabálykönyv 15. o., HR-12 17-18. döntés"),
        ("HR-5 cards 9, 10, 15, 16", "HR-5, kártyák: 9, 10, 15, 16"),
        ("HR-5 card 15", "HR-5 15. kártya"),
        ("RB p.9, p.20", "szabálykönyv 9. o., 20. o."),
        ("RB p.6 §8.2", "szabálykönyv 6. o. §8.2"),
        ("digest A17, RB p.15", "kivonat A17, szabálykönyv 15. o."),
        ("HR-3.1, TB-15", "HR-3.1, TB-15"),
    ],
)
def test_worked_citations(rule, hungarian):
    with translation.override("hu"):
        assert rule_citation(rule) == hungarian
    with translation.override("en"):
        assert rule_citation(rule) == rule


def test_a_skill_the_rule_names_is_said_in_the_readers_language():
    with translation.override("en"):
        english = rule_citation("HR-4 Lopakodás")
    with translation.override("hu"):
        assert rule_citation("HR-4 Lopakodás") == "HR-4 Lopakodás"
    assert english.startswith("HR-4 ") and "Lopakodás" not in english


@pytest.mark.parametrize("rule", ["RB p.7, the caster's own rule", "see the rulebook", "HR-4 Nincsilyen", ""])
def test_a_citation_with_words_not_known_is_left_out_whole(rule):
    with translation.override("hu"):
        assert rule_citation(rule) == ""


PART = st.one_of(
    st.integers(1, 30).map(lambda n: f"RB p.{n}"),
    st.tuples(st.integers(1, 12), st.integers(1, 45)).map(lambda p: f"HR-{p[0]} ruling {p[1]}"),
    st.tuples(st.integers(1, 12), st.integers(1, 20)).map(lambda p: f"HR-{p[0]} card {p[1]}"),
    st.integers(1, 60).map(lambda n: f"digest A{n}"),
    st.tuples(st.integers(1, 12), st.integers(1, 9)).map(lambda p: f"HR-{p[0]}.{p[1]}"),
)


@given(st.lists(PART, min_size=1, max_size=4))
def test_any_citation_of_known_parts_reads_the_same_in_english_and_has_no_english_in_hungarian(parts):
    rule = ", ".join(parts)
    with translation.override("en"):
        assert rule_citation(rule) == rule
    with translation.override("hu"):
        hungarian = rule_citation(rule)
    assert hungarian and not re.search(r"\b(ruling|card|digest|RB|p\.)", hungarian), hungarian
    assert hungarian.count(", ") == rule.count(", ")
