"""Issue #19: in the team builder each skill, weapon, amulet, ME token, vial and gladiator type shows
what it does in a line beside its choice, with a link to its entry; the line is the entry's own."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils.html import escape

from arena.engine.content.rules_json import rules_document
from reference.catalog import catalog
from tests.factories import TeamFactory

pytestmark = pytest.mark.django_db

DOC = rules_document()


def notes(html: str) -> dict[str, str]:
    """Each rule note of the page: ``kind/id`` -> its HTML."""
    return dict(re.findall(r'<span class="rule-note" data-rule="([^"]+)">(.*?)</span>', html, re.S))


@pytest.fixture
def builder(reader):
    team = TeamFactory()
    reader.force_login(team.owner)
    return reader.get(reverse("teams:edit", args=[team.pk])).content.decode()


def test_every_choice_of_the_builder_has_its_line_and_link(builder, language):
    found = notes(builder)
    book = catalog(language)
    skills = {s["id"] for s in DOC["skills"] if not s["is_type_special"]}
    pile = set(DOC["points"]["pile"]["item_costs"])
    expected = (
        {f"skills/{s}" for s in skills}
        | {f"weapons/{w}" for w in pile}
        | {f"gladiator-types/{t['id']}" for t in DOC["gladiator_types"]}
        | {f"amulets/{a['id']}" for a in DOC["amulets"]}
        | {f"amulets/{t['id']}" for t in DOC["magic_resistance_tokens"]["tokens"]}
        | {f"optional-rules/{o['id']}" for o in DOC["optional_rules"]}  # issue 34: each option where chosen
    )
    assert set(found) == expected
    for key, html in found.items():
        kind, entry_id = key.split("/")
        entry = book.get(kind, entry_id)
        assert html.startswith(escape(entry.line)), key
        assert f'<a class="rule-link" href="/rules/{kind}/{entry_id}/">' in html


def test_a_skills_line_is_its_effect_in_the_readers_language(builder, language):
    dodging = next(s for s in DOC["skills"] if s["id"] == "dodging")
    assert notes(builder)["skills/dodging"].startswith(escape(dodging[f"effect_{language}"]))
    assert ("lásd a szabályt" if language == "hu" else "see the rules") in builder


def test_a_weapons_line_carries_its_numbers(builder, language):
    halberd = next(w for w in DOC["weapons"] if w["id"] == "halberd")
    line = notes(builder)["weapons/halberd"]
    assert f"TÉ +{halberd['te']}" in line and f"VÉ +{halberd['ve']}" in line
    assert ("kétkezes" if language == "hu" else "two-handed") in line


def test_the_vial_choice_has_its_line_when_the_option_is_on(reader, language):
    team = TeamFactory(options=["opt_poison_vial"])
    reader.force_login(team.owner)
    html = reader.get(reverse("teams:edit", args=[team.pk])).content.decode()
    assert "vials/poison_vial" in notes(html)
