"""Issue #19: the rules reference has a page for every entry of the rules data, and none other;
each shows the entry's numbers, its effect and its source in the reader's language."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils.html import escape

from arena.engine.content.rules_json import rules_document
from reference.catalog import catalog, entry_ids, fold, joined_sources
from reference.entry_words import KINDS
from reference.links import UnknownEntryError, entry_link, entry_url

pytestmark = pytest.mark.django_db

DOC = rules_document()
POINT_PARTS = {
    "tiers",
    "base_team",
    "frames",
    "stats",
    "skills",
    "pile",
    "ammunition",
    "fixed_discs",
    "amulets",
    "trap_insight",
    "vials",
}


def document_entries() -> set[tuple[str, str, str, str]]:
    """Every named entry of the rules document: (kind, id, name_hu, name_en)."""
    lists = {
        "spells": DOC["spells"],
        "traps": DOC["traps"],
        "skills": DOC["skills"],
        "weapons": [*DOC["weapons"], *DOC["ranged_weapons"]],
        "gladiator-types": DOC["gladiator_types"],
        "amulets": [*DOC["amulets"], *DOC["magic_resistance_tokens"]["tokens"]],
        "vials": DOC["vials"],
        "optional-rules": DOC["optional_rules"],
        "profiles": DOC["profiles"],
    }
    return {(kind, item["id"], item["name_hu"], item["name_en"]) for kind, items in lists.items() for item in items}


def test_every_entry_of_the_rules_data_has_a_page_and_every_page_an_entry(reader, language):
    named = document_entries()
    team_rules = {("team-rules", rule["id"]) for rule in DOC["points"]["validation_rules"]}
    expected = {(kind, entry_id) for kind, entry_id, _hu, _en in named} | {("points", p) for p in POINT_PARTS}
    expected |= team_rules
    assert entry_ids() == expected
    assert len(named) == 31 + 16 + 14 + 14 + 4 + 5 + 2 + 6 + 6
    for kind, entry_id, name_hu, name_en in sorted(named):
        response = reader.get(entry_url(kind, entry_id))
        assert response.status_code == 200, (kind, entry_id)
        html = response.content.decode()
        assert escape(name_hu if language == "hu" else name_en) in html, (kind, entry_id)
    for part in POINT_PARTS:
        assert reader.get(entry_url("points", part)).status_code == 200


def test_every_entry_shows_its_source_and_effect_in_the_readers_language(reader, language):
    for item in DOC["spells"] + DOC["traps"] + DOC["skills"] + DOC["amulets"] + DOC["vials"]:
        kind = next(k for k, i, _h, _e in document_entries() if i == item["id"] and (k, i) in entry_ids())
        html = reader.get(entry_url(kind, item["id"])).content.decode()
        source = joined_sources(item["source"], item.get("rules_source", ""))  # each part once
        assert f'<span class="source">{escape(source)}</span>' in html
        assert escape(item[f"effect_{language}"]) in html
        other = "en" if language == "hu" else "hu"
        assert escape(item[f"effect_{other}"]) not in html


def test_a_spell_page_shows_its_numbers(reader, language):
    html = reader.get("/rules/spells/lightning_bolt/").content.decode()
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))
    if language == "hu":
        assert "Villám" in text
        assert "1. szintű varázslatszint-jelző korong" in text
        assert "Varázslás MAN-ja 1" in text
        assert "Hatótáv saját blokk + 3 blokk" in text  # as RB p.10 states a lightning spell's range
        assert "Lightning Bolt" not in text
    else:
        assert "Lightning Bolt Villám" in text  # the Hungarian term beside the English name
        assert "level-1 spell disc" in text
        assert "MAN to cast 1" in text
        assert "Range own block + 3 blocks" in text
    assert "RB p.13" in text


def test_a_weapon_links_to_the_skills_it_allows_and_back(reader, language):
    halberd = next(w for w in DOC["weapons"] if w["skills"])
    html = reader.get(entry_url("weapons", halberd["id"])).content.decode()
    for skill_id in halberd["skills"]:
        assert f'href="/rules/skills/{skill_id}/"' in html
        assert f'href="/rules/weapons/{halberd["id"]}/"' in reader.get(entry_url("skills", skill_id)).content.decode()


def test_the_point_costs_page_shows_the_base_team_and_stat_ranges(reader, language):
    html = reader.get(entry_url("points", "base_team")).content.decode()
    for cost in DOC["points"]["base_member_costs"].values():
        assert f"<td>{cost}</td>" in html
    html = reader.get(entry_url("points", "stats")).content.decode()
    assert html.count("<table") == 5 + 4  # five members, and the gladiator once per type


def test_the_indexes_list_every_entry_of_their_kind(reader, language):
    book = catalog(language)
    for kind in KINDS:
        html = reader.get(reverse("reference:kind", args=[kind])).content.decode()
        for entry in book.of_kind(kind):
            assert f'href="/rules/{kind}/{entry.id}/"' in html
    html = reader.get(reverse("reference:index")).content.decode()
    assert all(f'href="/rules/{kind}/{entry_id}/"' in html for kind, entry_id in entry_ids())


def test_spells_are_listed_by_level_with_their_disc(reader, language):
    html = reader.get("/rules/spells/").content.decode()
    headings = re.findall(r'<h3 class="h6 text-muted mt-3">([^<]+)</h3>', html)
    assert len(headings) == 5
    disc = "1. szintű varázslatszint-jelző korong" if language == "hu" else "level-1 spell disc"
    assert disc in headings[0] and "10" in headings[0]


@pytest.mark.parametrize("url", ["/rules/nonsense/", "/rules/spells/nonsense/", "/rules/nonsense/villam/"])
def test_unknown_kinds_and_entries_are_not_found(reader, url):
    assert reader.get(url).status_code == 404


def test_the_reference_is_in_the_menu(reader, language):
    html = reader.get("/").content.decode()
    assert 'id="nav-rules" href="/rules/"' in html
    assert ("Szabályok" if language == "hu" else "Rules") in html


def test_entry_url_names_unknown_entries():
    assert entry_url("spells", "lightning_bolt") == "/rules/spells/lightning_bolt/"
    assert entry_url("traps", 9) == entry_url("traps", DOC["traps"][8]["id"])
    with pytest.raises(UnknownEntryError, match="no kind 'spell'"):
        entry_url("spell", "lightning_bolt")
    with pytest.raises(UnknownEntryError, match="no spells entry 'villam'"):
        entry_url("spells", "villam")
    assert entry_link("spells", "villam", "<b>") == "&lt;b&gt;"
    assert entry_link("spells", "pain", "Pain") == '<a class="rule-link" href="/rules/spells/pain/">Pain</a>'


def test_fold_ignores_case_and_accents():
    assert fold("Villám") == fold("VILLAM") == "villam"
