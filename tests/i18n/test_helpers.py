"""The helpers that put the rules data in the reader's language (common.i18n, the rules_i18n
template filters), and the ordinal places the league pages print."""

from __future__ import annotations

import pytest
from django.template import Context, Template
from django.utils import translation

from arena.engine.content.common import ROLE_NAMES, Role
from arena.engine.content.skills import SKILLS
from arena.engine.roster import Problem
from arena.engine.roster.teamfile import TeamFileError, loads
from common import i18n


def render(source: str, language: str, **context: object) -> str:
    with translation.override(language):
        return Template("{% load rules_i18n %}" + source).render(Context(context))


@pytest.mark.parametrize(
    ("place", "english"),
    [
        (1, "1st"),
        (2, "2nd"),
        (3, "3rd"),
        (4, "4th"),
        (11, "11th"),
        (12, "12th"),
        (13, "13th"),
        (21, "21st"),
        (22, "22nd"),
        (23, "23rd"),
        (101, "101st"),
        (111, "111th"),
        (112, "112th"),
    ],
)
def test_ordinal_places(place, english):
    assert i18n.ordinal_place(place, "en") == english
    assert i18n.ordinal_place(place, "hu") == f"{place}."
    assert render("{{ place|ordinal_place }}", "en", place=place) == english
    assert render("{{ place|ordinal_place }}", "hu", place=place) == f"{place}."
    assert render("{{ place|ordinal_place }}", "hu", place=None) == ""


def test_the_reader_language_follows_the_active_translation():
    with translation.override("hu"):
        assert i18n.reader_language() == "hu" and i18n.entry_name(SKILLS["dodging"]) == "Kitérés"
    with translation.override("en"):
        assert i18n.reader_language() == "en" and i18n.entry_name(SKILLS["dodging"]) == "Dodging"
    assert i18n.reader_language("hu-HU") == "hu" and i18n.reader_language("de") == "en"


def test_entry_helpers():
    dodging = SKILLS["dodging"]
    assert i18n.entry_effect(dodging, "hu") == dodging.effect_hu
    assert i18n.entry_effect(dodging, "en") == dodging.effect_en
    assert i18n.entry_label(dodging, "en") == "Dodging (Kitérés)"
    assert i18n.entry_label(dodging, "hu") == "Kitérés"
    assert i18n.pair_name(ROLE_NAMES[Role.CROSSBOWMAN], "hu") == "számszeríjász"
    assert i18n.hungarian_term("Standard", "Standard", "en") == ""
    assert i18n.pick("", "English only", "hu") == "English only"  # never an empty text


def test_template_filters():
    dodging = SKILLS["dodging"]
    assert render("{{ s|localized }}", "hu", s=dodging) == "Kitérés"
    assert render('{{ s|localized:"effect" }}', "en", s=dodging) == dodging.effect_en.replace("'", "&#x27;").replace(
        '"', "&quot;"
    )
    assert render("{{ pair|localized }}", "hu", pair=ROLE_NAMES[Role.DAGGER_THROWER]) == "tőrvető"
    assert render("{{ s|with_term }}", "hu", s=dodging) == "Kitérés"
    assert render("{{ s|with_term }}", "en", s=dodging) == 'Dodging <small class="term" lang="hu">Kitérés</small>'


def test_problems_and_team_file_errors_in_the_readers_language():
    problem = Problem("TB-02", "Team value is 201 points", "tier", "A csapat értéke 201 pont")
    assert render("{{ p|in_language }}", "hu", p=problem) == "A csapat értéke 201 pont"
    assert render("{{ p|in_language }}", "en", p=problem) == "Team value is 201 points"
    with pytest.raises(TeamFileError) as broken:
        loads("{")
    assert render("{{ e|in_language }}", "hu", e=broken.value).startswith("A csapatfájl nem olvasható be (1 hiba):")
    assert render("{{ e|in_language }}", "en", e=broken.value).startswith("The team file cannot be read (1 problem):")
